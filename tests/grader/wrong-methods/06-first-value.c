/* Exercise 06. The sampler returns the first key's value, always (a constant): right for a track with one
 * key and before the first key. The basis and hermite() are honest: 1 + 1. deserves: 2 */
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
    (void)times, (void)keys, (void)t;
    for (size_t c = 0; c < comps; c++)
        out[c] = values[comps + c];
}
