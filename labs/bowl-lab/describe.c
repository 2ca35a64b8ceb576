/* bowl-lab: the preset listing and every parameter of one preset. */
#include <stdio.h>

#include "bowl_lab.h"

void bowl_lab_list_presets(void)
{
    for (size_t i = 0; i < snd_preset_count(); i++) {
        const snd_preset *p = snd_preset_at(i);
        printf("%-20s %s\n", p->name, p->summary);
    }
}

static void row(const char *key, double value, const char *meaning)
{
    printf("%-22s %-12.6g # %s\n", key, value, meaning);
}

static void family(const char *what, const snd_family *f)
{
    printf("%-22s %-12s # %s\n", what, f->kind == SND_SHELL ? "shell" : "ball",
           f->kind == SND_SHELL ? "hemispherical shell bending modes (Rayleigh)" : "steel ball's audible stand-in");
    row("  f1", f->f1, "Hz, lowest mode");
    row("  count", (double)f->count, "modes (in doublets)");
    row("  split", f->split, "relative split of a doublet");
    row("  d0", f->d0, "1/s: decay a = d0 + d1 f + d2 (f/kHz)^2");
    row("  d1", f->d1, "1/s per Hz (pi x loss factor)");
    row("  d2", f->d2, "1/s per kHz^2");
    row("  tilt", f->tilt, "gain_k = (f1/f_k)^tilt");
}

void bowl_lab_describe(const snd_preset *p)
{
    const bowl_params *b = &p->bowl;
    const snd_params *s = &p->sound;
    printf("# %s: %s\n", p->name, p->summary);
    puts("# mechanics (bowl.h)");
    row("bowl_radius", b->bowl_radius, "m, R");
    for (int i = 0; i < 2; i++) {
        row(i ? "sphere1.radius" : "sphere0.radius", b->sphere[i].radius, "m");
        row(i ? "sphere1.mass" : "sphere0.mass", b->sphere[i].mass, "kg");
    }
    row("gravity", b->gravity, "m/s^2");
    row("surface_drag", b->surface_drag, "gamma_s, 1/s");
    row("contact_loss", b->contact_loss, "gamma_c, m/s^2");
    row("contact_eps", b->contact_eps, "eps, m/s");
    row("restitution", b->restitution, "e between the spheres");
    row("pair_friction", b->pair_friction, "e_eff = e (1 - pair_friction)(1 - latch)");
    row("magnet", b->magnet, "mu, 0..1");
    row("magnet_force", b->magnet_force, "N at contact for mu = 1, ~ (contact/r)^4");
    row("latch_range", b->latch_range, "dr, m");
    row("gate_lo", b->gate_lo, "a: gate = smoothstep(a, b, L/L_ref)");
    row("gate_hi", b->gate_hi, "b");
    row("load_ref", b->load_ref, "L_ref, N");
    row("step", b->step, "s, fixed step");
    puts("# gesture (scripted)");
    row("stir_hz", p->gesture.stir_hz, "Hz, the bowl circles horizontally");
    row("stir_radius", p->gesture.stir_radius, "m");
    row("reverse", p->gesture.reverse, "s between changes of direction (0: never)");
    row("tilt", p->gesture.tilt, "rad about x");
    row("ramp", p->gesture.ramp, "s, fade in");
    puts("# sound (sound.h)");
    row("rub_density", s->rub_density, "micro-impacts per metre slid on the bowl");
    row("rub_amp", s->rub_amp, "mean micro-impact amplitude");
    row("rub_width", s->rub_grain.width, "s, contact window");
    row("rub_shape", s->rub_grain.shape, "Gamma shape of the amplitudes (small: spiky)");
    row("pair_density", s->pair_density, "per metre of sliding between the spheres");
    row("pair_magnet", s->pair_magnet, "pair rate x (1 + pair_magnet smoothstep(mu))");
    row("pair_amp", s->pair_amp, "mean amplitude");
    row("pair_width", s->pair_grain.width, "s");
    row("pair_shape", s->pair_grain.shape, "Gamma shape");
    row("rate_max", s->rate_max, "events/s, cap");
    row("bright_lo", s->bright_lo, "Hz, gesture filter cutoff at rest");
    row("bright_hi", s->bright_hi, "Hz, at high speed");
    row("bright_speed", s->bright_speed, "m/s, halfway");
    family("bowl_modes", &s->bowl);
    family("ball_modes", &s->ball);
    row("ball_radius", s->ball_radius, "m, the ball the ball modes are given for (f ~ 1/radius)");
    row("impact_ref", s->impact_ref, "N s, a strength-1 collision");
    row("relax_depth", s->relax_depth, "relative frequency excess at impact");
    row("relax_time", s->relax_time, "s");
    for (size_t m = 0; m < s->n_body; m++) {
        printf("body_mode%zu              %g Hz, sigma %g/s, c %g, drive %g, gain %g\n", m, s->body[m].freq,
               s->body[m].decay, s->body[m].couple, s->body[m].drive, s->body[m].gain);
    }
    row("body_alpha", s->body_alpha, "alpha of alpha c_m tanh(beta s)");
    row("body_beta", s->body_beta, "beta");
    row("body_ref", s->body_ref, "N s into the wall for a unit kick");
    row("body_from_spheres", s->body_from_spheres, "share of a collision the body feels");
    row("gain_bowl", s->gain_bowl, "mix");
    row("gain_ball", s->gain_ball, "mix");
    row("gain_body", s->gain_body, "mix");
    row("gain_force", s->gain_force, "mix (force layer)");
    row("limit", s->limit, "limiter ceiling, full scale");
}
