/* sound: the presets. The bowl note names the instruments but gives few numbers; every number here was chosen to sound
 * and behave right, and is documented next to the preset (and in docs/bowl.md). The tests check the properties
 * (rates, gates, latch, spectra), not these constants.
 *
 * Shared by all: a 10 cm acrylic (PMMA) bowl. Its shell modes follow Rayleigh's bending series from 190 Hz, as
 * doublets 0.6% apart; PMMA is lossy (loss factor ~0.035, decay a = pi eta f: 21/s at 190 Hz, T60 0.3 s; 660/s at
 * 6 kHz, 10 ms), so the bowl colours the rubbing rather than rings. Its body layer: four low modes 210..1290 Hz,
 * sigma 40..100/s (T60 0.17..0.07 s: short), coupled through alpha tanh(beta s) with alpha beta = 0.5 w_1^2 (the
 * coupling shifts the low modes by up to ~20% in the linear range) and beta so that a strength-1 knock saturates the
 * tanh (beta s ~ 3): harder knocks sound a touch lower and duller, a "clack" rather than a ring. */
#include "numlab/common.h"
#include "numlab/lang.h"
#include "numlab/sound.h"

#include <stddef.h>
#include <string.h>

#define SPHERE_MASS(density, r) ((density) * 4.0 / 3.0 * NUMLAB_PI * (r) * (r) * (r))
#define STEEL 7850.0   /* kg/m^3 */
#define NDFEB 7500.0   /* sintered neodymium magnet */
#define G 9.81

/* The acrylic shell: 32 modes (16 doublets, up to ~19 kHz). Gains rise as f^0.25 (tilt -0.25) because the decays
 * rise as f: under the noise-like rubbing each mode's energy goes as g^2/a ~ f^-0.5, a gently falling spectrum
 * that the gesture filter can brighten (with falling gains the 190 Hz mode would drown everything). */
#define ACRYLIC_SHELL {.kind = SND_SHELL, .f1 = 190.0, .count = 32, .split = 0.006, .d0 = 4.0, .d1 = 0.11, \
                       .d2 = 0.0, .tilt = -0.25}
/* A steel ball's audible stand-in (chosen by ear: a real steel ball this size rings ultrasonically), for a ball
 * of radius 8 mm: 16 modes from 2.4 kHz, doublets 0.3% apart (a slow shimmer), decay
 * 1.2/s + 0.25/s per kHz^2 (T60 2.6 s at 2.4 kHz, 0.3 s at 9 kHz). */
#define STEEL_BALL {.kind = SND_BALL, .f1 = 2400.0, .count = 16, .split = 0.003, .d0 = 1.2, .d1 = 0.0, \
                    .d2 = 0.25, .tilt = 0.5}
#define ACRYLIC_BODY                                                                                         \
    .body = {{210.0, 40.0, 1.0, 1.0, 1.0}, {470.0, 55.0, 0.8, 0.9, 0.7}, {820.0, 75.0, 0.6, 0.8, 0.5},         \
             {1290.0, 100.0, 0.5, 0.6, 0.35}},                                                                  \
    .n_body = 4, .body_alpha = 290.0, .body_beta = 3000.0

/* The bowl and a steel pair of radius 8 mm, everything but what a preset changes. */
#define BOWL_10CM(r0, m0, r1, m1, load)                                                                        \
    .bowl_radius = 0.10, .gravity = G, .sphere = {{(r0), (m0)}, {(r1), (m1)}}, .contact_eps = 0.002,          \
    .gate_lo = 0.15, .gate_hi = 0.5, .load_ref = (load), .step = BOWL_DEFAULT_STEP

#define NO_MAGNET .magnet = 0.0, .magnet_force = 0.0, .latch_range = 0.004

/* What every preset's sound shares: the acrylic bowl, the steel ring for a ball of radius 8 mm (scaled per
 * ball), a 0.4%
 * frequency relaxation over 1.5 ms at a strength-1 hit, the body layer, the caps and the limiter at -1 dBFS. The
 * bare contact force (layer force, for study) is ~30 dB quieter than its resonances: gain 30 plays it about as loud
 * as the whole instrument (peaks -7 to -13 dBFS), so that the walk's levels 3 and 4 can be heard. */
#define SHARED_SOUND                                                                                          \
    .rate_max = 40000.0, .pair_magnet = 3.0, .bowl = ACRYLIC_SHELL, .ball = STEEL_BALL, .ball_radius = 0.008, \
    .relax_depth = 0.004, .relax_time = 0.0015, ACRYLIC_BODY, .body_ref = 0.0015, .gain_force = 30.0,         \
    .limit = 0.891

#define M8 SPHERE_MASS(STEEL, 0.008)    /* 16.8 g */

static const snd_preset presets[] = {
    {
        .name = "steel-pair",
        .summary = N_("two steel balls 16 mm across swirled in the bowl: a soft rolling rumble with bright, ringing clicks "
                   "when they meet, and a dull acrylic knock under each click"),
        /* e 0.85 less 10% pair friction: lively bounces; light drag (gamma_s 0.25/s, gamma_c 0.02 m/s^2) */
        .bowl = {BOWL_10CM(0.008, M8, 0.008, M8, M8 * G), .surface_drag = 0.25, .contact_loss = 0.02,
                 .restitution = 0.85, .pair_friction = 0.1, NO_MAGNET},
        /* smooth surfaces: 4000 grains per metre, even (shape 3), 0.15 ms wide; brightness 500 Hz .. 9 kHz */
        .sound = {.rub_density = 4000.0, .rub_amp = 0.0029, .rub_grain = {1.5e-4, 3.0},
                  .pair_density = 2000.0, .pair_amp = 0.035, .pair_grain = {8e-5, 2.0},
                  .bright_lo = 500.0, .bright_hi = 9000.0, .bright_speed = 0.4,
                  .impact_ref = 0.008, .body_from_spheres = 0.3,
                  .gain_bowl = 0.28, .gain_ball = 0.0047, .gain_body = 0.06, SHARED_SOUND},
        /* swirled at 1.5 Hz on a 14 mm circle, reversing every 2.5 s: ~2 collisions a second */
        .gesture = {.stir_hz = 1.5, .stir_radius = 0.014, .reverse = 2.5, .tilt = 0.0, .ramp = 0.5, .stop = 0.0},
        .theta = {0.6, 0.3}, .phi = {0.0, 2.6},
    },
    {
        .name = "rubbing",
        .summary = N_("a rough bowl under a fast swirl: a continuous breathy hiss tinted by the bowl's low "
                   "resonances, thicker and brighter as the balls speed up, thinner where they slow"),
        /* more friction (gamma_c 0.08 m/s^2), duller bounces */
        .bowl = {BOWL_10CM(0.008, M8, 0.008, M8, M8 * G), .surface_drag = 0.3, .contact_loss = 0.08,
                 .restitution = 0.7, .pair_friction = 0.2, NO_MAGNET},
        /* dense: 30000 grains per metre (lambda_rub >> lambda_scratch), even and narrow (0.06 ms): noise */
        .sound = {.rub_density = 30000.0, .rub_amp = 0.0016, .rub_grain = {6e-5, 6.0},
                  .pair_density = 8000.0, .pair_amp = 0.019, .pair_grain = {6e-5, 6.0},
                  .bright_lo = 800.0, .bright_hi = 12000.0, .bright_speed = 0.5,
                  .impact_ref = 0.008, .body_from_spheres = 0.3,
                  .gain_bowl = 0.28, .gain_ball = 0.0063, .gain_body = 0.09, SHARED_SOUND},
        .gesture = {.stir_hz = 1.7, .stir_radius = 0.016, .reverse = 3.0, .tilt = 0.0, .ramp = 0.5, .stop = 0.0},
        .theta = {0.5, 0.9}, .phi = {0.0, 3.1},
    },
    {
        .name = "scratching",
        .summary = N_("a scratched bowl: sparse, crackling grains, each a small tick that rings the bowl; faster "
                   "means more ticks, never a continuous hiss"),
        .bowl = {BOWL_10CM(0.008, M8, 0.008, M8, M8 * G), .surface_drag = 0.3, .contact_loss = 0.06,
                 .restitution = 0.8, .pair_friction = 0.15, NO_MAGNET},
        /* sparse: 250 grains per metre, spiky amplitudes (shape 0.6: a few loud ones), wider (0.4 ms) */
        .sound = {.rub_density = 250.0, .rub_amp = 0.015, .rub_grain = {4e-4, 0.6},
                  .pair_density = 300.0, .pair_amp = 0.093, .pair_grain = {2e-4, 0.6},
                  .bright_lo = 300.0, .bright_hi = 5000.0, .bright_speed = 0.4,
                  .impact_ref = 0.008, .body_from_spheres = 0.3,
                  .gain_bowl = 0.28, .gain_ball = 0.0088, .gain_body = 0.11, SHARED_SOUND},
        /* a slower swirl with the bowl tilted 4 degrees */
        .gesture = {.stir_hz = 1.2, .stir_radius = 0.014, .reverse = 3.0, .tilt = 0.07, .ramp = 0.5, .stop = 0.0},
        .theta = {0.6, 0.4}, .phi = {0.0, 2.0},
    },
    {
        .name = "heavy-light",
        .summary = N_("a ball 24 mm across and one 10 mm across: every click carries two pitches, the big ball's lower ring and "
                   "the small one's bright ping; the heavy ball rumbles, the light one barely whispers and gets "
                   "knocked about"),
        /* 56.8 g and 4.1 g; L_ref is the weight of a ball of radius 8 mm, so the heavy ball's gate is wide open and the
         * light one's mostly shut (L/L_ref = 0.24 at rest): it only rubs when it runs fast */
        .bowl = {BOWL_10CM(0.012, SPHERE_MASS(STEEL, 0.012), 0.005, SPHERE_MASS(STEEL, 0.005), M8 * G),
                 .surface_drag = 0.25, .contact_loss = 0.02, .restitution = 0.85, .pair_friction = 0.1, NO_MAGNET},
        .sound = {.rub_density = 4000.0, .rub_amp = 0.0045, .rub_grain = {1.5e-4, 3.0},
                  .pair_density = 2000.0, .pair_amp = 0.031, .pair_grain = {8e-5, 2.0},
                  .bright_lo = 500.0, .bright_hi = 9000.0, .bright_speed = 0.4,
                  .impact_ref = 0.008, .body_from_spheres = 0.3,
                  .gain_bowl = 0.22, .gain_ball = 0.0208, .gain_body = 0.185, SHARED_SOUND},
        .gesture = {.stir_hz = 1.4, .stir_radius = 0.014, .reverse = 2.5, .tilt = 0.0, .ramp = 0.5, .stop = 0.0},
        .theta = {0.5, 0.3}, .phi = {0.0, 2.6},
    },
    {
        .name = "neodymium-spin-lock",
        .summary = N_("two neodymium magnets 12 mm across: a hard clack as they snap together, then one locked, spinning "
                   "pair: a grinding metallic purr whose roughness pulses with the spin, over the bowl's rumble"),
        /* 6.8 g each; mu 0.9 (smoothstep 0.97), 0.6 N at contact (9 times their weight), latch within 5 mm;
         * e 0.6 less 30% pair friction, and nothing once latched */
        .bowl = {BOWL_10CM(0.006, SPHERE_MASS(NDFEB, 0.006), 0.006, SPHERE_MASS(NDFEB, 0.006),
                           SPHERE_MASS(NDFEB, 0.006) * G),
                 .surface_drag = 0.2, .contact_loss = 0.02, .restitution = 0.6, .pair_friction = 0.3,
                 .magnet = 0.9, .magnet_force = 0.6, .latch_range = 0.005},
        /* the pair contact is the voice here: 1500 grains per metre of spin slip, times 1 + 3 smoothstep(mu) */
        .sound = {.rub_density = 4000.0, .rub_amp = 0.0023, .rub_grain = {1.5e-4, 3.0},
                  .pair_density = 1500.0, .pair_amp = 0.0062, .pair_grain = {1e-4, 1.5},
                  .bright_lo = 600.0, .bright_hi = 10000.0, .bright_speed = 0.3,
                  .impact_ref = 0.006, .body_from_spheres = 0.4,
                  .gain_bowl = 0.28, .gain_ball = 0.0208, .gain_body = 0.235, SHARED_SOUND},
        .gesture = {.stir_hz = 1.3, .stir_radius = 0.014, .reverse = 3.0, .tilt = 0.0, .ramp = 0.5, .stop = 0.0},
        .theta = {0.7, 0.4}, .phi = {0.0, 2.2},
    },
};

#define N_PRESETS (sizeof presets / sizeof presets[0])

size_t snd_preset_count(void)
{
    return N_PRESETS;
}

const snd_preset *snd_preset_at(size_t i)
{
    return i < N_PRESETS ? &presets[i] : NULL;
}

const snd_preset *snd_preset_find(const char *name)
{
    for (size_t i = 0; i < N_PRESETS; i++)
        if (strcmp(presets[i].name, name) == 0)
            return &presets[i];
    return NULL;
}

const char *snd_preset_names(void)
{
    return "steel-pair, rubbing, scratching, heavy-light, neodymium-spin-lock";
}

const snd_preset *snd_preset_default(void)
{
    return &presets[0];
}
