/* Exercise 06. hermite() weighs p1 with h[0] and p0 with h[2]: at s = 1/2 they weigh the same, so the keyframe
 * tutorial's examples (all at s = 1/2) could not tell. The basis and the sampler are right: every other case is honest,
 * 12 - 1. deserves: 11 */
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
    return h[0] * p1 + h[1] * m0 + h[2] * p0 + h[3] * m1;
}

void gltf_cubic_sample(const double *times, const double *values, size_t keys, size_t comps, double t, double *out)
{
    const size_t stride = 3 * comps;
    if (keys == 1 || t <= times[0] || t >= times[keys - 1]) {
        size_t k = keys == 1 || t <= times[0] ? 0 : keys - 1;
        for (size_t c = 0; c < comps; c++)
            out[c] = values[k * stride + comps + c];
        return;
    }
    size_t lo = 0;
    while (times[lo + 1] <= t)
        lo++;
    double td = times[lo + 1] - times[lo], h[4];
    hermite_basis((t - times[lo]) / td, h);
    const double *k0 = values + lo * stride, *k1 = k0 + stride;
    for (size_t c = 0; c < comps; c++)
        out[c] = h[0] * k0[comps + c] + h[1] * td * k0[2 * comps + c] + h[2] * k1[comps + c] + h[3] * td * k1[c];
}
