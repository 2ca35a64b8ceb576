/* bowl-lab's words: the walk's step titles and texts (walk.c shows them, translated, with live notes). */
#include "lab.h"

const char *const bl_step_titles[BL_N_STEPS] = {
    N_("Level 1: the reduced mechanics"),
    N_("Level 2: load and the contact gate"),
    N_("Level 3: micro-impacts, the contact force"),
    N_("Level 4: the gesture filter"),
    N_("Level 5: modal banks, the material"),
    N_("Level 6: hard hits, metal and acrylic"),
    N_("Play: the five presets"),
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
};
