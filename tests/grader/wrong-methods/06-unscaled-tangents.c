/* Exercise 06. The glTF sampler that forgets to scale the tangents by the key interval td: right wherever
 * td = 1 (the keyframe tutorial's rotation track). The basis, hermite() and the single key are honest: 1 + 1 (visible)
 * + 1 (hidden). deserves: 3 */
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
    double td = times[lo + 1] - times[lo], s = (t - times[lo]) / td, h[4];
    hermite_basis(s, h);
    const double *k0 = values + lo * stride, *k1 = k0 + stride;
    (void)td;
    for (size_t c = 0; c < comps; c++)
        out[c] = h[0] * k0[comps + c] + h[1] * k0[2 * comps + c] + h[2] * k1[comps + c] + h[3] * k1[c];
}
