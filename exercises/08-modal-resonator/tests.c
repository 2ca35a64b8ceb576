/* Exercise 08, the visible tests: the impulse response against its closed form, the decay after T60, the Nyquist
 * limit, a bank of three modes, and linearity. */
#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* A4 (440 Hz) ringing for T60 = 0.5 s (decay = ln(1000) / 0.5 = 13.816 per second), gain 0.7, at 48 kHz. */
#define A4 440.0, 13.816, 0.7, 48000.0

/* Struck once at n = 0; then, while it rings, struck again at n = 100 with -0.5: a filter adds the second response
 * to the first, h[n] - 0.5 h[n - 100]. */
GR_PROBE(impulse_response)
{
    resonator r = {0, 0, 0, 0, 0};
    resonator_init(&r, A4);
    for (int n = 0; n < 200; n++)
        gr_put(out, resonator_tick(&r, n == 0 ? 1.0 : n == 100 ? -0.5 : 0.0));
}
GR_REFERENCE(impulse_response)
{
    for (int n = 0; n < 200; n++)
        gr_want(ref, mode_impulse(A4, n) - 0.5 * mode_impulse(A4, n - 100), GR_TOL(1e-9, 1e-12), "y[%d]", n);
}

/* Half a second later (24000 samples) the mode has fallen by e^-6.908 = 1/1000, still on the closed form; a tap of
 * 0.001 at n = 23990 rings as loud, and adds to it. */
GR_PROBE(after_t60)
{
    resonator r = {0, 0, 0, 0, 0};
    resonator_init(&r, A4);
    for (int n = 0; n <= 24004; n++) {
        double y = resonator_tick(&r, n == 0 ? 1.0 : n == 23990 ? 0.001 : 0.0);
        if (n >= 24000)
            gr_put(out, y);
    }
}
GR_REFERENCE(after_t60)
{
    for (int n = 24000; n <= 24004; n++)
        gr_want(ref, mode_impulse(A4, n) + 0.001 * mode_impulse(A4, n - 23990), GR_TOL(1e-7, 1e-12), "y[%d]", n);
}

/* A mode must lie strictly between 0 and rate / 2: 30 kHz and 24 kHz at 48 kHz, and 0 Hz, are refused, and those
 * resonators stay silent; 23 kHz is accepted and rings. */
GR_PROBE(nyquist)
{
    const double freq[4] = {30000, 24000, 0, 23000};
    for (int i = 0; i < 4; i++) {
        resonator r = {1, 1, 1, 1, 1};
        gr_put(out, resonator_init(&r, freq[i], 10, 1, 48000));
        gr_put(out, resonator_tick(&r, 1.0));
        gr_put(out, resonator_tick(&r, 0.0));
    }
}
GR_REFERENCE(nyquist)
{
    const double freq[3] = {30000, 24000, 0};
    for (int i = 0; i < 3; i++) {
        gr_want(ref, -1, GR_EXACT, "resonator_init at %g Hz", freq[i]);
        gr_want(ref, 0, GR_EXACT, "first output at %g Hz (silent)", freq[i]);
        gr_want(ref, 0, GR_EXACT, "second output at %g Hz (silent)", freq[i]);
    }
    gr_want(ref, 0, GR_EXACT, "resonator_init at 23000 Hz");
    gr_want(ref, mode_impulse(23000, 10, 1, 48000, 0), GR_TOL(1e-9, 1e-12), "first output at 23000 Hz");
    gr_want(ref, mode_impulse(23000, 10, 1, 48000, 1), GR_TOL(1e-9, 1e-12), "second output at 23000 Hz");
}

/* Three modes at 44.1 kHz, struck once: the sum of three closed forms. */
static const double bank_freq[3] = {200, 523.25, 1250}, bank_decay[3] = {3, 8, 20}, bank_gain[3] = {1, 0.5, 0.25};

GR_PROBE(bank)
{
    static double y[300];
    modal_impulse(bank_freq, bank_decay, bank_gain, 3, 44100, y, 300);
    for (int n = 0; n < 300; n++)
        gr_put(out, y[n]);
}
GR_REFERENCE(bank)
{
    for (int n = 0; n < 300; n++) {
        double sum = 0;
        for (int m = 0; m < 3; m++)
            sum += mode_impulse(bank_freq[m], bank_decay[m], bank_gain[m], 44100, n);
        gr_want(ref, sum, GR_TOL(1e-9, 1e-12), "out[%d]", n);
    }
}

/* The filter is linear: the input 1, 0, 0.5, 0, 0, -2 gives h[n] + 0.5 h[n-2] - 2 h[n-5]. */
GR_PROBE(linearity)
{
    resonator r = {0, 0, 0, 0, 0};
    resonator_init(&r, 1000, 50, 1, 8000);
    for (int n = 0; n < 100; n++)
        gr_put(out, resonator_tick(&r, n == 0 ? 1.0 : n == 2 ? 0.5 : n == 5 ? -2.0 : 0.0));
}
GR_REFERENCE(linearity)
{
    for (int n = 0; n < 100; n++) {
        double y = mode_impulse(1000, 50, 1, 8000, n) + 0.5 * mode_impulse(1000, 50, 1, 8000, n - 2) -
                   2 * mode_impulse(1000, 50, 1, 8000, n - 5);
        gr_want(ref, y, GR_TOL(1e-9, 1e-12), "y[%d]", n);
    }
}

const gr_case gr_visible[] = {
    GR_CASE(impulse_response, "440 Hz struck, and again at n = 100: g r^n sin(theta (n + 1)), summed"),
    GR_CASE(after_t60, "after T60 = 0.5 s, still on the closed form (1/1000), plus a late tap"),
    GR_CASE(nyquist, "modes at or above rate / 2, or at 0 Hz, are refused and silent; 23 kHz rings"),
    GR_CASE(bank, "a bank of three modes: the sum of their impulse responses"),
    GR_CASE(linearity, "three impulses: the sum of shifted responses"),
};
GR_COUNT_OF(gr_visible);
