/* Exercise 15. Impulse invariance with theta = w T as it comes, never brought into [0, pi]: right below Nyquist, and
 * past it a pole at 3 pi/2 that pole_frequency reads as 6000 Hz, where 2000 Hz is heard. Honest: every case below
 * Nyquist (visible 1 + 2 + 1 + 1; hidden: the six modes, all below it, 2, and the bilinear's 1 + 1 + 1); it fails
 * the fold (visible 1) and the sweep past multiples of the rate (hidden 1). deserves: 10 */
#include <complex.h>
#include <math.h>

#include "exercise.h"

pole impulse_invariant_pole(double freq, double decay, double rate)
{
    return (pole){exp(-decay / rate), 2 * 3.14159265358979323846 * freq / rate};
}

pole bilinear_pole(double freq, double decay, double rate)
{
    const double complex half = (-decay + I * 2 * 3.14159265358979323846 * freq) / (2 * rate);
    const double complex z = (1 + half) / (1 - half);
    return (pole){cabs(z), fabs(carg(z))};
}

double pole_frequency(pole p, double rate)
{
    return p.theta * rate / (2 * 3.14159265358979323846);
}

double warp_cents(double freq, double decay, double rate)
{
    return 1200 * log2(pole_frequency(bilinear_pole(freq, decay, rate), rate) / freq);
}

double prewarp(double freq, double rate)
{
    return rate / 3.14159265358979323846 * tan(3.14159265358979323846 * freq / rate);
}
