/* Exercise 15, the hidden tests' references (never in the students' copy): the two maps in real arithmetic, in long
 * double, written apart from the solution's complex numbers. */
#ifndef EXERCISE_15_REFERENCE_H
#define EXERCISE_15_REFERENCE_H

#include <math.h>

static const long double REF_PI = 3.14159265358979323846264338327950288L;

/* theta = w T reduced modulo 2 pi into [0, 2 pi), then reflected into [0, pi]. */
static inline double ref_impulse_theta(double freq, double rate)
{
    long double t = fmodl(2 * REF_PI * freq / rate, 2 * REF_PI);
    return (double)(t > REF_PI ? 2 * REF_PI - t : t);
}

/* z = (1 + a + i b) / (1 - a - i b), a = -sigma T/2, b = w T/2: |z| = |1 + a + i b| / |1 - a - i b|,
 * arg z = atan2(b, 1 + a) + atan2(b, 1 - a). */
static inline double ref_bilinear_r(double freq, double decay, double rate)
{
    const long double a = -decay / (2.0L * rate), b = REF_PI * freq / rate;
    return (double)(hypotl(1 + a, b) / hypotl(1 - a, b));
}
static inline double ref_bilinear_theta(double freq, double decay, double rate)
{
    const long double a = -decay / (2.0L * rate), b = REF_PI * freq / rate;
    return (double)(atan2l(b, 1 + a) + atan2l(b, 1 - a));
}

#endif
