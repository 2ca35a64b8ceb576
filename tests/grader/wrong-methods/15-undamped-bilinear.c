/* Exercise 15. The bilinear pole from the frequency alone, r = 1 and theta = 2 atan(w T / 2): the undamped case's
 * closed form used for every mode, the decay dropped. Honest: impulse invariance, its fold and the sweep (visible
 * 1 + 1, hidden 1), the undamped warping and prewarp (visible 1 + 1, hidden: the bilinear past Nyquist 1 and the
 * prewarp 1); it fails the damped bilinear pole (visible 2), the six damped modes (hidden 2) and the warping at a
 * decay of 10/s (hidden 1: the decay moves it by 6e-6 to 2.2e-5 cents). deserves: 7 */
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
    (void)decay;
    return (pole){1, 2 * atan(PI * freq / rate)};
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
