/* Exercise 15, the hidden tests: both maps at other modes and rates against real arithmetic in long double
 * (reference.h), every fold of a mode swept past several multiples of the rate, the bilinear never past Nyquist,
 * the warping growing with frequency, and the prewarp at other rates. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* Six modes: decays from 0 to past the rate's scale, rates 8 kHz to 96 kHz, the same frequency at two rates. */
static const double freqs[] = {55, 440, 1290, 3000, 9000, 17000};
static const double decays[] = {0, 3, 40, 700, 2500, 12000};
static const double rates[] = {44100, 48000, 8000, 22050, 96000, 48000};

GR_PROBE(maps_against_complex)
{
    for (int i = 0; i < 6; i++) {
        const pole a = impulse_invariant_pole(freqs[i], decays[i], rates[i]);
        const pole b = bilinear_pole(freqs[i], decays[i], rates[i]);
        gr_put(out, a.r), gr_put(out, a.theta), gr_put(out, b.r), gr_put(out, b.theta);
    }
}
GR_REFERENCE(maps_against_complex)
{
    for (int i = 0; i < 6; i++) {
        gr_want(ref, exp(-decays[i] / rates[i]), GR_REL(1e-12), "mode %d: impulse invariance r", i + 1);
        gr_want(ref, ref_impulse_theta(freqs[i], rates[i]), GR_REL(1e-12), "mode %d: impulse invariance theta", i + 1);
        gr_want(ref, ref_bilinear_r(freqs[i], decays[i], rates[i]), GR_REL(1e-12), "mode %d: bilinear r", i + 1);
        gr_want(ref, ref_bilinear_theta(freqs[i], decays[i], rates[i]), GR_REL(1e-12), "mode %d: bilinear theta",
                i + 1);
    }
}

/* 700 Hz + j 2300 Hz at 4 kHz, j = 0..8: below and past Nyquist, past 1, 2, 3 and 4 times the rate; heard at
 * |f - k rate|, k the nearest whole number of rates (700, 1000 (3000 -> |3000 - 4000|), 1300, 1600, ...). */
GR_PROBE(every_fold)
{
    for (int j = 0; j < 9; j++)
        gr_put(out, pole_frequency(impulse_invariant_pole(700 + 2300 * j, 5, 4000), 4000));
}
GR_REFERENCE(every_fold)
{
    for (int j = 0; j < 9; j++) {
        const double f = 700 + 2300 * j;
        gr_want(ref, fabs(f - 4000 * nearbyint(f / 4000)), GR_TOL(1e-9, 1e-12), "%g Hz at 4 kHz: heard at", f);
    }
}

/* The bilinear's theta = 2 atan(w T / 2) undamped stays below pi for every frequency, however far past Nyquist:
 * 30 kHz and 300 kHz at 8 kHz ring at (8000 / pi) atan(pi 30000 / 8000) = 3785.6 Hz and 3966.1 Hz, below 4000. */
GR_PROBE(bilinear_never_folds)
{
    gr_put(out, pole_frequency(bilinear_pole(30000, 0, 8000), 8000));
    gr_put(out, pole_frequency(bilinear_pole(300000, 0, 8000), 8000));
}
GR_REFERENCE(bilinear_never_folds)
{
    const double hz = 8000 / (double)(2 * REF_PI);  /* Hz a radian at 8 kHz */
    gr_want(ref, ref_bilinear_theta(30000, 0, 8000) * hz, GR_REL(1e-12), "30 kHz at 8 kHz, Hz");
    gr_want(ref, ref_bilinear_theta(300000, 0, 8000) * hz, GR_REL(1e-12), "300 kHz at 8 kHz, Hz");
}

/* The warping at 100 Hz, 1 kHz, 5 kHz and 15 kHz at 44.1 kHz, damped by 10/s: -0.02926, -2.92214, -69.4767 and
 * -461.479 cents, growing with f. The decay moves each by 6e-6 to 2.2e-5 cents from the undamped
 * 1200 log2(atan(x) / x), x = pi f / rate: 1e-9 of them tells the two apart. */
GR_PROBE(warp_grows_with_freq)
{
    const double f[] = {100, 1000, 5000, 15000};
    for (int i = 0; i < 4; i++)
        gr_put(out, warp_cents(f[i], 10, 44100));
}
GR_REFERENCE(warp_grows_with_freq)
{
    const double f[] = {100, 1000, 5000, 15000};
    for (int i = 0; i < 4; i++) {
        const double heard = ref_bilinear_theta(f[i], 10, 44100) * 44100 / (double)(2 * REF_PI);
        gr_want(ref, 1200 * log2(heard / f[i]), GR_REL(1e-9), "%g Hz at 44.1 kHz, cents", f[i]);
    }
}

/* The prewarp at 22.05 kHz and 96 kHz: (rate / pi) tan(pi f / rate), and the undamped bilinear pole of it ringing
 * at f itself. */
GR_PROBE(prewarp_everywhere)
{
    const double f[] = {300, 5000, 10000}, rate[] = {22050, 96000, 22050};
    for (int i = 0; i < 3; i++) {
        const double fa = prewarp(f[i], rate[i]);
        gr_put(out, fa), gr_put(out, pole_frequency(bilinear_pole(fa, 0, rate[i]), rate[i]));
    }
}
GR_REFERENCE(prewarp_everywhere)
{
    const double f[] = {300, 5000, 10000}, rate[] = {22050, 96000, 22050};
    for (int i = 0; i < 3; i++) {
        gr_want(ref, (double)(rate[i] / REF_PI * tanl(REF_PI * f[i] / rate[i])), GR_REL(1e-12), "prewarp(%g Hz)",
                f[i]);
        gr_want(ref, f[i], GR_REL(1e-12), "the prewarped pole of %g Hz", f[i]);
    }
}

const gr_case gr_hidden[] = {
    GR_CASE(maps_against_complex, "six modes and rates: both maps against real arithmetic in long double"),
    GR_CASE(every_fold, "a mode swept past four multiples of the rate: heard at |f - k rate| every time"),
    GR_CASE(bilinear_never_folds, "the bilinear pole stays below Nyquist however high the mode"),
    GR_CASE(warp_grows_with_freq, "the warping at 44.1 kHz, from 100 Hz to 15 kHz"),
    GR_CASE(prewarp_everywhere, "the prewarp at 22.05 and 96 kHz lands on the frequency asked for"),
};
GR_COUNT_OF(gr_hidden);
