/* bowl-lab's words: the walk's step titles and texts (walk.c shows them, translated, with live notes), and what a
 * sampling study found. */
#include <math.h>
#include <stdio.h>

#include "lab.h"

const char *const bl_step_titles[BL_N_STEPS] = {
    N_("Level 1: the reduced mechanics"),
    N_("Level 2: load and the contact gate"),
    N_("Level 3: micro-impacts, the contact force"),
    N_("Level 4: the gesture filter"),
    N_("Level 5: modal banks, the material"),
    N_("Level 6: hard hits, metal and acrylic"),
    N_("Play: the five presets"),
    N_("Sampling 1: a mode past Nyquist folds"),
    N_("Sampling 2: frequency warping"),
    N_("Sampling 3: float or double"),
};

/* Each at most four lines of the text pane at 100 columns (about 200 characters; the Spanish about 230), leaving six
 * for the notes: the step fits one page at 100 x 30. */
const char *const bl_step_texts[BL_N_STEPS] = {
    N_("Two spheres slide on the bowl's inner surface: a = P_T(g) - gamma_s v - gamma_c v/(|v|+eps), in steps of "
    "1/2400 s. Tilt with h/j/k/l or a mouse drag (the + goes under the pointer), stir with s. No sound yet."),
    N_("The load L = m (v^2/rho + g.n), rho = R - r, is how hard a sphere presses; the gate c = smoothstep(a, b, "
    "L/L_ref) lets it rub audibly only then. Drag the tilt across the bowl: a sphere thrown high lifts off."),
    N_("Contact as a Poisson stream of micro-impacts f(t) = sum A_n phi(t - t_n), rate c D v sqrt(L/L_ref): dense "
    "rubs, sparse scratches. Heard raw (layer force): no filter, no resonance."),
    N_("The gesture filter: a low-pass whose cutoff climbs from lo to hi as the sliding speeds up (halfway at v half): "
    "faster rubbing sounds brighter. Watch the spectrum's upper edge follow the stir."),
    N_("The force drives modal banks of two-pole resonators: the acrylic bowl's modes from bowl f1; from ball f1 an "
    "audible stand-in for the spheres' (a real steel ball rings ultrasonically). More loss d1: wider, shorter."),
    N_("A collision strikes the spheres' modes, sum A_k e^(-a_k t) sin(2 pi f_k t), and knocks the acrylic body, a "
    "few tanh-coupled modes. v reverses the stir (they meet), x strikes; a magnet latches them."),
    N_("Every layer of every preset. A change other than the gesture starts a new session; w renders the session to "
    "bowl-session-N.wav and its gesture to a .csv for bowl-lab --gesture."),
    N_("At fs a mode above Nyquist (fs/2) would be heard at |f - k fs|: the chart is one resonator with no guard, "
    "its peak folded. The banks drop such modes instead: raise ball f1 at level 5 and they fall silent."),
    N_("Impulse invariance, z = e^(sT), keeps a pole's frequency (the banks); the bilinear transform plays it at "
    "2 atan(wT/2)/T, the body's scheme at acos(1/(1+(wT)^2/2))/T: both flat. Try fs 8000."),
    N_("A float holds 1 - r no finer than 2^-24: no decay longer than 350 s at 48 kHz, and a low mode's pitch is "
    "off. The chart: one resonator's error over 1 s against long double, in float and in double."),
};

/* A measured zero (-4e-12 cents) shown as 0.000, not -0.000. */
static double shown(double x)
{
    return fabs(x) < 5e-7 ? 0.0 : x;
}

size_t bl_study_text(const bl_study *st, char *buf, size_t size)
{
    switch (st->kind) {
    case BL_STUDY_ALIAS:
        if (st->folds == 0)
            return (size_t)snprintf(buf, size, _("f = %g Hz is below Nyquist (%g Hz) and heard where it is; the "
                                                 "spectrum's peak: %.1f Hz (bins of %.2f Hz)."),
                                    st->freq, 0.5 * st->rate, st->peak, st->bin);
        return (size_t)snprintf(buf, size, _("f = %g Hz is past Nyquist (%g Hz): heard at |f - %d fs| = %.1f Hz; "
                                             "the spectrum's peak: %.1f Hz (bins of %.2f Hz). The bank drops such a "
                                             "mode."),
                                st->freq, 0.5 * st->rate, st->folds, st->folded, st->peak, st->bin);
    case BL_STUDY_WARP:
        return (size_t)snprintf(buf, size, _("At %g Hz, cents measured (closed form): impulse invariance %.3f "
                                             "(%.3f), bilinear %.3f (%.3f), body %.3f (%.3f): the body plays it "
                                             "%.2f%% low."),
                                st->freq, shown(st->cents[SND_MAP_IMPULSE]), shown(st->closed[SND_MAP_IMPULSE]),
                                st->cents[SND_MAP_BILINEAR], st->closed[SND_MAP_BILINEAR], st->cents[SND_MAP_BODY],
                                st->closed[SND_MAP_BODY], 100.0 * (1.0 - exp2(st->cents[SND_MAP_BODY] / 1200.0)));
    default:
        return (size_t)snprintf(buf, size, _("1 s at %g Hz: float %.1f dB, double %.1f dB against long double. The "
                                             "longest decay a pole radius holds: float %.1f s (1 - r = 2^-24), "
                                             "double %.3g s."),
                                st->freq, st->error_db[0], st->error_db[1], st->longest[0], st->longest[1]);
    }
}
