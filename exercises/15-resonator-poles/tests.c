/* Exercise 15, the visible tests: both maps by hand at 8 kHz, a mode past Nyquist folded, the bowl's 1290 Hz mode
 * warped at 48 kHz, and the prewarp that undoes the warping. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"

/* 1000 Hz, sigma = 100/s at 8 kHz: r = e^{-100/8000} = e^{-0.0125} = 0.98757780, theta = 2 pi 1000 / 8000 = pi/4
 * (0.78539816), heard at 1000 Hz. */
GR_PROBE(impulse_by_hand)
{
    const pole p = impulse_invariant_pole(1000, 100, 8000);
    gr_put(out, p.r), gr_put(out, p.theta), gr_put(out, pole_frequency(p, 8000));
}
GR_REFERENCE(impulse_by_hand)
{
    gr_want(ref, 0.98757780049388, GR_REL(1e-12), "r = e^(-sigma T)");
    gr_want(ref, 0.78539816339745, GR_REL(1e-12), "theta = w T = pi/4");
    gr_want(ref, 1000, GR_REL(1e-12), "its frequency, Hz");
}

/* 6000 Hz at 8 kHz, undamped: w T = 3 pi/2, past pi; a turn off gives -pi/2, the sign dropped pi/2: heard at 2000 Hz
 * = |6000 - 8000|. r = 1 exactly (no decay). */
GR_PROBE(past_nyquist_folds)
{
    const pole p = impulse_invariant_pole(6000, 0, 8000);
    gr_put(out, p.r), gr_put(out, p.theta), gr_put(out, pole_frequency(p, 8000));
}
GR_REFERENCE(past_nyquist_folds)
{
    gr_want(ref, 1, GR_EXACT, "r");
    gr_want(ref, 1.5707963267949, GR_REL(1e-12), "theta = pi/2");
    gr_want(ref, 2000, GR_REL(1e-12), "heard at |6000 - 8000| Hz");
}

/* 2000 Hz undamped at 8 kHz: sT/2 = i pi/4, z = (1 + i pi/4) / (1 - i pi/4): |z| = 1, theta = 2 atan(pi/4)
 * = 1.3315475 (not pi/2), heard at 1695.379 Hz. Damped, 1000 Hz with sigma = 2000/s: sT/2 = -0.125 + 0.3926991 i,
 * r = |0.875 + 0.3927 i| / |1.125 - 0.3927 i| = 0.9590816 / 1.1915694 = 0.8048895, theta = atan2(0.3927, 0.875)
 * + atan2(0.3927, 1.125) = 0.4218546 + 0.3358423 = 0.7576971 (the decay moves it: undamped, 2 atan(pi/8)
 * = 0.7483934). */
GR_PROBE(bilinear_by_hand)
{
    const pole a = bilinear_pole(2000, 0, 8000), b = bilinear_pole(1000, 2000, 8000);
    gr_put(out, a.r), gr_put(out, a.theta), gr_put(out, pole_frequency(a, 8000));
    gr_put(out, b.r), gr_put(out, b.theta);
}
GR_REFERENCE(bilinear_by_hand)
{
    gr_want(ref, 1, GR_REL(1e-14), "undamped: r");
    gr_want(ref, 1.3315475000567, GR_REL(1e-12), "undamped: theta = 2 atan(pi/4)");
    gr_want(ref, 1695.3789327654, GR_REL(1e-12), "undamped: its frequency, Hz");
    gr_want(ref, 0.80488945936904, GR_REL(1e-12), "damped: r");
    gr_want(ref, 0.75769705616271, GR_REL(1e-12), "damped: theta");
}

/* The bowl's 1290 Hz mode at 48 kHz: x = pi 1290 / 48000 = 0.0844303, the bilinear plays 2 atan(x) / (2x) of it:
 * 1200 log2(atan(x) / x) = -4.1010 cents (a mode of the bowl 4 cents flat); at 8 kHz -133.8 cents. */
GR_PROBE(warp_at_the_bowls_mode)
{
    gr_put(out, warp_cents(1290, 0, 48000)), gr_put(out, warp_cents(1290, 0, 8000));
}
GR_REFERENCE(warp_at_the_bowls_mode)
{
    gr_want(ref, -4.1010348241611, GR_REL(1e-9), "1290 Hz at 48 kHz, cents");
    gr_want(ref, -133.82101504878, GR_REL(1e-9), "1290 Hz at 8 kHz, cents");
}

/* prewarp(1000, 8000) = (8000 / pi) tan(pi / 8) = 1054.786 Hz; its undamped bilinear pole rings at 1000 Hz. */
GR_PROBE(prewarp_lands_on_freq)
{
    const double fa = prewarp(1000, 8000);
    gr_put(out, fa), gr_put(out, pole_frequency(bilinear_pole(fa, 0, 8000), 8000));
}
GR_REFERENCE(prewarp_lands_on_freq)
{
    gr_want(ref, 1054.786175158099, GR_REL(1e-12), "prewarp(1000 Hz) at 8 kHz");
    gr_want(ref, 1000, GR_REL(1e-12), "the prewarped pole's frequency");
}

const gr_case gr_visible[] = {
    GR_CASE(impulse_by_hand, "impulse invariance at 8 kHz by hand: r = e^(-sigma T), theta = pi/4"),
    GR_CASE(past_nyquist_folds, "6000 Hz at 8 kHz folds to theta = pi/2, heard at 2000 Hz"),
    GR_CASE(bilinear_by_hand, "the bilinear pole by hand, undamped and damped"),
    GR_CASE(warp_at_the_bowls_mode, "the bowl's 1290 Hz mode warped: -4.10 cents at 48 kHz, -133.8 at 8 kHz"),
    GR_CASE(prewarp_lands_on_freq, "the prewarped design rings at the frequency asked for"),
};
GR_COUNT_OF(gr_visible);
