/* Exercise 08, the hidden tests: a low mode over a second, a bank with a mode above Nyquist, two resonators at once,
 * the coefficients, and a re-initialized resonator. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* 20 Hz decaying slowly (0.5 per second), gain 2, one second at 48 kHz, struck again with 0.5 at n = 1000. */
GR_PROBE(low_and_long)
{
    resonator r = {0, 0, 0, 0, 0};
    resonator_init(&r, 20, 0.5, 2, 48000);
    for (int n = 0; n < 48000; n++) {
        double y = resonator_tick(&r, n == 0 ? 1.0 : n == 1000 ? 0.5 : 0.0);
        if (n % 4000 == 0 || n == 47999)
            gr_put(out, y);
    }
}
GR_REFERENCE(low_and_long)
{
    for (int n = 0; n < 48000; n++)
        if (n % 4000 == 0 || n == 47999)
            gr_want(ref, mode_impulse(20, 0.5, 2, 48000, n) + 0.5 * mode_impulse(20, 0.5, 2, 48000, n - 1000),
                    GR_TOL(1e-6, 1e-9), "y[%d]", n);
}

/* A mode above Nyquist in a bank is dropped: the bank equals the other mode alone. */
GR_PROBE(bank_drops_alias)
{
    static double y[200];
    const double freq[2] = {30000, 440}, decay[2] = {5, 7}, gain[2] = {1, 0.6};
    modal_impulse(freq, decay, gain, 2, 48000, y, 200);
    for (int n = 0; n < 200; n++)
        gr_put(out, y[n]);
}
GR_REFERENCE(bank_drops_alias)
{
    for (int n = 0; n < 200; n++)
        gr_want(ref, mode_impulse(440, 7, 0.6, 48000, n), GR_TOL(1e-9, 1e-12), "out[%d]", n);
}

/* Two resonators ticked in turn keep separate states; the second is struck again, with -1, at n = 20. */
GR_PROBE(two_at_once)
{
    resonator p = {0, 0, 0, 0, 0}, q = {0, 0, 0, 0, 0};
    resonator_init(&p, 300, 4, 1, 16000);
    resonator_init(&q, 2100, 30, 0.3, 16000);
    for (int n = 0; n < 50; n++) {
        gr_put(out, resonator_tick(&p, n == 0));
        gr_put(out, resonator_tick(&q, n == 0 ? 1.0 : n == 20 ? -1.0 : 0.0));
    }
}
GR_REFERENCE(two_at_once)
{
    for (int n = 0; n < 50; n++) {
        gr_want(ref, mode_impulse(300, 4, 1, 16000, n), GR_TOL(1e-9, 1e-12), "first resonator, y[%d]", n);
        gr_want(ref, mode_impulse(2100, 30, 0.3, 16000, n) - mode_impulse(2100, 30, 0.3, 16000, n - 20),
                GR_TOL(1e-9, 1e-12), "second resonator, y[%d]", n);
    }
}

/* The fields, straight from the formulas. */
GR_PROBE(coefficients)
{
    resonator r = {9, 9, 9, 9, 9};
    gr_put(out, resonator_init(&r, 1000, 100, 0.5, 44100));
    gr_put(out, r.a1), gr_put(out, r.a2), gr_put(out, r.b0), gr_put(out, r.y1), gr_put(out, r.y2);
}
GR_REFERENCE(coefficients)
{
    double radius = exp(-100.0 / 44100), theta = 2 * EX_PI * 1000 / 44100;
    gr_want(ref, 0, GR_EXACT, "resonator_init's result");
    gr_want(ref, 2 * radius * cos(theta), GR_REL(1e-14), "a1 = 2 r cos(theta)");
    gr_want(ref, -radius * radius, GR_REL(1e-14), "a2 = -r^2");
    gr_want(ref, 0.5 * sin(theta), GR_REL(1e-14), "b0 = g sin(theta)");
    gr_want(ref, 0, GR_EXACT, "y1 (silent)");
    gr_want(ref, 0, GR_EXACT, "y2 (silent)");
}

/* Initializing again silences it: the next impulse response starts from scratch. */
GR_PROBE(reinit)
{
    resonator r = {0, 0, 0, 0, 0};
    resonator_init(&r, 700, 10, 1, 22050);
    for (int n = 0; n < 37; n++)
        resonator_tick(&r, n == 0);
    resonator_init(&r, 700, 10, 1, 22050);
    for (int n = 0; n < 20; n++)
        gr_put(out, resonator_tick(&r, n == 0 ? 1.0 : n == 10 ? 2.0 : 0.0));
}
GR_REFERENCE(reinit)
{
    for (int n = 0; n < 20; n++)
        gr_want(ref, mode_impulse(700, 10, 1, 22050, n) + 2 * mode_impulse(700, 10, 1, 22050, n - 10),
                GR_TOL(1e-9, 1e-12), "y[%d] after init again (struck at 0 and, with 2, at 10)", n);
}

const gr_case gr_hidden[] = {
    GR_CASE(low_and_long, "20 Hz over a second at 48 kHz"),
    GR_CASE(bank_drops_alias, "a bank drops a mode above Nyquist"),
    GR_CASE(two_at_once, "two resonators keep separate states"),
    GR_CASE(coefficients, "a1, a2, b0 and a silent state"),
    GR_CASE(reinit, "init again starts from silence"),
};
GR_COUNT_OF(gr_hidden);
