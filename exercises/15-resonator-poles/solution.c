/* Exercise 15, the reference solution (instructors only): the two maps of a pole, with complex arithmetic. */
#include <complex.h>
#include <math.h>

#include "exercise.h"

static const double PI = 3.14159265358979323846;

pole impulse_invariant_pole(double freq, double decay, double rate)
{
    /* theta = w T modulo 2 pi, folded into [0, pi]: the angle of e^{i w T} with its sign dropped */
    const double turns = freq / rate, folded = fabs(turns - nearbyint(turns));
    return (pole){exp(-decay / rate), 2 * PI * folded};
}

pole bilinear_pole(double freq, double decay, double rate)
{
    const double complex half = (-decay + I * 2 * PI * freq) / (2 * rate);  /* sT/2 */
    const double complex z = (1 + half) / (1 - half);
    return (pole){cabs(z), fabs(carg(z))};
}

double pole_frequency(pole p, double rate)
{
    return p.theta * rate / (2 * PI);
}

double warp_cents(double freq, double decay, double rate)
{
    return 1200 * log2(pole_frequency(bilinear_pole(freq, decay, rate), rate) / freq);
}

double prewarp(double freq, double rate)
{
    return rate / PI * tan(PI * freq / rate);
}
