/* Exercise 15. Both poles right, the cents with the natural logarithm, 1200 ln(ratio): 1/ln 2 = 1.44 times too few.
 * Honest: every pole and frequency (visible 1 + 1 + 2 + 1, hidden 2 + 1 + 1 + 1); it fails the warping in cents
 * (visible 1, hidden 1). deserves: 10 */
#include <complex.h>
#include <math.h>

#include "exercise.h"

static const double PI = 3.14159265358979323846;

pole impulse_invariant_pole(double freq, double decay, double rate)
{
    const double turns = freq / rate;
    return (pole){exp(-decay / rate), 2 * PI * fabs(turns - nearbyint(turns))};
}

pole bilinear_pole(double freq, double decay, double rate)
{
    const double complex half = (-decay + I * 2 * PI * freq) / (2 * rate);
    const double complex z = (1 + half) / (1 - half);
    return (pole){cabs(z), fabs(carg(z))};
}

double pole_frequency(pole p, double rate)
{
    return p.theta * rate / (2 * PI);
}

double warp_cents(double freq, double decay, double rate)
{
    return 1200 * log(pole_frequency(bilinear_pole(freq, decay, rate), rate) / freq);
}

double prewarp(double freq, double rate)
{
    return rate / PI * tan(PI * freq / rate);
}
