/* Exercise 06, the reference solution (instructors only). */
#include "exercise.h"

void hermite_basis(double s, double h[4])
{
    double s2 = s * s, s3 = s2 * s;
    h[0] = 2 * s3 - 3 * s2 + 1;
    h[1] = s3 - 2 * s2 + s;
    h[2] = -2 * s3 + 3 * s2;
    h[3] = s3 - s2;
}

double hermite(double s, double p0, double m0, double p1, double m1)
{
    double h[4];
    hermite_basis(s, h);
    return h[0] * p0 + h[1] * m0 + h[2] * p1 + h[3] * m1;
}

void gltf_cubic_sample(const double *times, const double *values, size_t keys, size_t comps, double t, double *out)
{
    const size_t stride = 3 * comps;   /* one key: in-tangent, value, out-tangent */
    if (keys == 1 || t <= times[0] || t >= times[keys - 1]) {
        size_t k = keys == 1 || t <= times[0] ? 0 : keys - 1;
        for (size_t c = 0; c < comps; c++)
            out[c] = values[k * stride + comps + c];
        return;
    }
    size_t lo = 0, hi = keys - 1;      /* times[lo] <= t < times[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (times[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    double td = times[hi] - times[lo], h[4];
    hermite_basis((t - times[lo]) / td, h);
    const double *k0 = values + lo * stride, *k1 = values + hi * stride;
    for (size_t c = 0; c < comps; c++)
        out[c] = h[0] * k0[comps + c] + h[1] * td * k0[2 * comps + c] + h[2] * k1[comps + c] + h[3] * td * k1[c];
}
