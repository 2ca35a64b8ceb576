/* bowl-lab: every parameter of a preset by name (--describe prints them: headless.c; --set changes them: options.c;
 * the interactive lab writes its changes as --set arguments), and the names of the sound layers. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define B(member) offsetof(snd_preset, bowl.member)
#define S(member) offsetof(snd_preset, sound.member)
#define G(member) offsetof(snd_preset, gesture.member)
#define FAMILY(name, member, max)                                                                               \
    {NULL, name ".f1", S(member.f1), false, 1.0, 20000.0, "Hz, lowest mode"},                                  \
    {NULL, name ".count", S(member.count), true, 1, max, "modes (in doublets)"},                                 \
    {NULL, name ".split", S(member.split), false, 0.0, 0.1, "relative split of a doublet"},                     \
    {NULL, name ".d0", S(member.d0), false, 0.0, 1e4, "1/s: decay a = d0 + d1 f + d2 (f/kHz)^2"},              \
    {NULL, name ".d1", S(member.d1), false, 0.0, 10.0, "1/s per Hz (pi x loss factor)"},                       \
    {NULL, name ".d2", S(member.d2), false, 0.0, 1e4, "1/s per kHz^2"},                                        \
    {NULL, name ".tilt", S(member.tilt), false, 0.0, 4.0, "gain_k = (f1/f_k)^tilt"}

const bl_param bl_params[] = {
    {"mechanics (bowl.h)", "bowl_radius", B(bowl_radius), false, 0.02, 2.0, "m, R"},
    {NULL, "sphere0.radius", B(sphere[0].radius), false, 5e-4, 0.1, "m"},
    {NULL, "sphere0.mass", B(sphere[0].mass), false, 1e-4, 10.0, "kg"},
    {NULL, "sphere1.radius", B(sphere[1].radius), false, 5e-4, 0.1, "m"},
    {NULL, "sphere1.mass", B(sphere[1].mass), false, 1e-4, 10.0, "kg"},
    {NULL, "gravity", B(gravity), false, 0.0, 100.0, "m/s^2"},
    {NULL, "surface_drag", B(surface_drag), false, 0.0, 100.0, "gamma_s, 1/s"},
    {NULL, "contact_loss", B(contact_loss), false, 0.0, 100.0, "gamma_c, m/s^2"},
    {NULL, "contact_eps", B(contact_eps), false, 1e-6, 1.0, "eps, m/s"},
    {NULL, "restitution", B(restitution), false, 0.0, 1.0, "e between the spheres"},
    {NULL, "pair_friction", B(pair_friction), false, 0.0, 1.0, "e_eff = e (1 - pair_friction)(1 - latch)"},
    {NULL, "magnet", B(magnet), false, 0.0, 1.0, "mu, 0..1"},
    {NULL, "magnet_force", B(magnet_force), false, 0.0, 100.0, "N at contact for mu = 1, ~ (contact/r)^4"},
    {NULL, "latch_range", B(latch_range), false, 1e-4, 0.1, "dr, m"},
    {NULL, "gate_lo", B(gate_lo), false, 0.0, 10.0, "a: gate = smoothstep(a, b, L/L_ref)"},
    {NULL, "gate_hi", B(gate_hi), false, 0.0, 10.0, "b"},
    {NULL, "load_ref", B(load_ref), false, 1e-6, 1000.0, "L_ref, N"},
    {"gesture (scripted; --stir, --stir-radius, --reverse, --tilt and --stop set these too)", "stir_hz",
     G(stir_hz), false, -BL_STIR_MAX, BL_STIR_MAX, "Hz, the bowl circles horizontally (below 0: clockwise)"},
    {NULL, "stir_radius", G(stir_radius), false, 0.0, BL_STIR_RADIUS_MAX, "m"},
    {NULL, "reverse", G(reverse), false, 0.0, 600.0, "s between changes of direction (0: never)"},
    {NULL, "tilt", G(tilt), false, -1.0471975511965976, 1.0471975511965976, "rad about x (60 degrees at most)"},
    {NULL, "tilt_y", G(tilt_y), false, -1.0471975511965976, 1.0471975511965976, "rad about y, turned first"},
    {NULL, "ramp", G(ramp), false, 0.0, 600.0, "s, fade in"},
    {NULL, "stop", G(stop), false, 0.0, 600.0, "s, the gesture stops (0: never)"},
    {"sound (sound.h)", "rub_density", S(rub_density), false, 0.0, 1e6, "micro-impacts per metre slid on the bowl"},
    {NULL, "rub_amp", S(rub_amp), false, 0.0, 10.0, "mean micro-impact amplitude"},
    {NULL, "rub_width", S(rub_grain.width), false, 1e-6, 0.01, "s, contact window"},
    {NULL, "rub_shape", S(rub_grain.shape), false, 0.01, 100.0, "Gamma shape of the amplitudes (small: spiky)"},
    {NULL, "pair_density", S(pair_density), false, 0.0, 1e6, "per metre of sliding between the spheres"},
    {NULL, "pair_magnet", S(pair_magnet), false, 0.0, 100.0, "pair rate x (1 + pair_magnet smoothstep(mu))"},
    {NULL, "pair_amp", S(pair_amp), false, 0.0, 10.0, "mean amplitude"},
    {NULL, "pair_width", S(pair_grain.width), false, 1e-6, 0.01, "s"},
    {NULL, "pair_shape", S(pair_grain.shape), false, 0.01, 100.0, "Gamma shape"},
    {NULL, "rate_max", S(rate_max), false, 1.0, 1e6, "events/s, cap"},
    {NULL, "bright_lo", S(bright_lo), false, 1.0, 1e6, "Hz, gesture filter cutoff at rest"},
    {NULL, "bright_hi", S(bright_hi), false, 1.0, 1e6, "Hz, at high speed (1e6: the filter is open)"},
    {NULL, "bright_speed", S(bright_speed), false, 1e-4, 100.0, "m/s, halfway"},
    FAMILY("bowl_modes", bowl, SND_MAX_BOWL_MODES),
    FAMILY("ball_modes", ball, SND_MAX_BALL_MODES),
    {NULL, "ball_radius", S(ball_radius), false, 5e-4, 0.1, "m, the radius the ball modes are given for (f ~ 1/r)"},
    {NULL, "impact_ref", S(impact_ref), false, 1e-6, 10.0, "N s, a strength-1 collision"},
    {NULL, "relax_depth", S(relax_depth), false, 0.0, 0.049, "relative frequency excess at impact"},
    {NULL, "relax_time", S(relax_time), false, 1e-5, 1.0, "s"},
    {NULL, "body_alpha", S(body_alpha), false, 0.0, 1e6, "alpha of alpha c_m tanh(beta s)"},
    {NULL, "body_beta", S(body_beta), false, 1e-3, 1e6, "beta"},
    {NULL, "body_ref", S(body_ref), false, 1e-6, 10.0, "N s into the wall for a unit kick"},
    {NULL, "body_from_spheres", S(body_from_spheres), false, 0.0, 10.0, "share of a collision the body feels"},
    {NULL, "gain_bowl", S(gain_bowl), false, 0.0, 100.0, "mix"},
    {NULL, "gain_ball", S(gain_ball), false, 0.0, 100.0, "mix"},
    {NULL, "gain_body", S(gain_body), false, 0.0, 100.0, "mix"},
    {NULL, "gain_force", S(gain_force), false, 0.0, 100.0, "mix (force layer)"},
    {NULL, "limit", S(limit), false, 0.01, 0.99, "limiter ceiling, full scale"},
};

const size_t bl_n_params = sizeof bl_params / sizeof bl_params[0];

double bl_param_get(const snd_preset *p, const bl_param *f)
{
    const char *at = (const char *)p + f->offset;
    return f->count ? (double)*(const size_t *)at : *(const double *)at;
}

void bl_param_set(snd_preset *p, const bl_param *f, double v)
{
    char *at = (char *)p + f->offset;
    if (f->count)
        *(size_t *)at = (size_t)v;
    else
        *(double *)at = v;
}

size_t bl_set_args(const snd_preset *base, const snd_preset *p, char *buf, size_t size)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < bl_n_params; i++) {
        double a = bl_param_get(base, &bl_params[i]), b = bl_param_get(p, &bl_params[i]);
        if (a == b)
            continue;
        int n = snprintf(used < size ? buf + used : NULL, used < size ? size - used : 0, " --set %s=%.17g",
                         bl_params[i].key, b);
        used += n > 0 ? (size_t)n : 0;
    }
    return used;
}

bool bl_same_params(const snd_preset *a, const snd_preset *b)
{
    for (size_t i = 0; i < bl_n_params; i++)
        if (bl_param_get(a, &bl_params[i]) != bl_param_get(b, &bl_params[i]))
            return false;
    return true;
}

/* --- layers ------------------------------------------------------------------------------------------------------ */

static const struct {
    const char *name;
    unsigned bits;
} layer_names[] = {{"default", SND_LAYERS_DEFAULT}, {"all", SND_LAYERS_ALL}, {"none", 0},
                   {"rub", SND_LAYER_RUB}, {"pair", SND_LAYER_PAIR}, {"impact", SND_LAYER_IMPACT},
                   {"body", SND_LAYER_BODY}, {"force", SND_LAYER_FORCE}};
#define N_LAYER_NAMES (sizeof layer_names / sizeof layer_names[0])

int bl_layer_bits(const char *name, unsigned *bits)
{
    for (size_t i = 0; i < N_LAYER_NAMES; i++)
        if (strcmp(name, layer_names[i].name) == 0) {
            *bits = layer_names[i].bits;
            return 0;
        }
    return -1;
}

size_t bl_layers_text(unsigned layers, char *buf, size_t size)
{
    for (size_t i = 0; i < 3; i++)  /* default, all, none */
        if (layers == layer_names[i].bits)
            return (size_t)snprintf(buf, size, "%s", layer_names[i].name);
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 3; i < N_LAYER_NAMES; i++)
        if (layers & layer_names[i].bits) {
            int n = snprintf(used < size ? buf + used : NULL, used < size ? size - used : 0, "%s%s",
                             used ? "," : "", layer_names[i].name);
            used += n > 0 ? (size_t)n : 0;
        }
    return used;
}
