/* spring-lab's walk, steps 16-18: what "symplectic" means, on a pendulum (m x'' + k sin(x - target) = 0), where the
 * energy is not a quadratic form and the linear stability chart says nothing about long runs. 16: a disc of states
 * advected by each method, its boundary and its area over time (det J = 1 keeps it); 17: Verlet's shadow energy over
 * 1e5 periods beside RK4's drift (backward error analysis); 18: a swing near the separatrix, where a step that was
 * fine goes over the top. Every number is the model's (model_phase.c), checked in tests/test_spring_lab_phase.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/lang.h"
#include "lab.h"

/* The walk's pendulum: w0 = 1 rad/s (a small swing's period 2 pi s), undamped. */
static void pendulum_defaults(sl_walk *w)
{
    sl_options *o = &w->o;
    o->p.spring = (spring_params){.k = 1.0, .c = 0.0, .m = 1.0, .target = 0.0};
}

void sl_walk_phase_defaults(sl_walk *w, int step)
{
    sl_options *o = &w->o;
    pendulum_defaults(w);
    if (step == SL_STEP_AREA) {
        /* a disc about u = 1 rad, 190 steps of 0.1 s: about three periods */
        o->p.s0 = (spring_state){1.0, 0.0};
        o->p.dt = 0.1, w->steps = 190;
        static const spring_method shown[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_MIDPOINT,
                                              SPRING_RK4, SPRING_BACKWARD_EULER};
        for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
            w->shown[shown[i]] = true;
    } else if (step == SL_STEP_SHADOW) {
        o->p.s0 = (spring_state){1.0, 0.0};  /* a swing of 1 rad: period 6.70 s */
        o->p.dt = 0.2, w->steps = 1;
    } else {
        /* from the bottom at 0.999 of the speed that reaches the top, 2 w0: the swing turns back at 174.9 degrees */
        o->p.s0 = (spring_state){0.0, 2.0 * 0.999};
        o->p.dt = 0.2, w->steps = 300;
    }
}

/* What a typed --dt or --steps may ask of a step before its first frame: the shadow study's long run at most
 * WALK_MAX_RUN steps a method (about 2 s), the area study at most the steps slider's top. */
#define WALK_MAX_RUN 2e7
#define WALK_MAX_AREA_STEPS 2000

void sl_walk_phase_compute(sl_walk *w, int step)
{
    sl_options *o = &w->o;
    const double run = step == SL_STEP_SHADOW ? sl_shadow_steps(&o->p) : 0.0;
    if (run > WALK_MAX_RUN && isfinite(run))
        o->p.dt *= run / WALK_MAX_RUN;  /* the slider shows the step taken */
    if (step == SL_STEP_AREA && o->p.steps > WALK_MAX_AREA_STEPS)
        o->p.steps = WALK_MAX_AREA_STEPS, w->steps = WALK_MAX_AREA_STEPS;
    sl_params p = o->p;
    if (step == SL_STEP_AREA) {  /* the shown methods: both panes from the same runs */
        memcpy(p.methods, w->shown, sizeof p.methods);
        p.method_given = true;
        w->out_of_memory = sl_study_build(&w->study[0], SL_STUDY_DISC, &p) != 0 ||
                           sl_study_build(&w->study[1], SL_STUDY_AREA, &p) != 0;
    } else {
        w->out_of_memory = sl_study_build(&w->study[0], step == SL_STEP_SHADOW ? SL_STUDY_SHADOW : SL_STUDY_SEPARATRIX,
                                          &p) != 0;
    }
}

/* "swings back" or "over the top at step N": what a run near the separatrix did. */
static void over_verdict(char *buf, size_t size, const sl_series *s)
{
    if (!s)
        snprintf(buf, size, "-");
    else if (s->over)
        snprintf(buf, size, _("over the top at step %lld"), s->over);
    else
        snprintf(buf, size, "%s", _("swings back"));
}

void sl_walk_phase_text(sl_walk *w, int step)
{
    char *buf = w->text[step];
    const size_t size = sizeof w->text[0];
    const sl_study *st = &w->study[step == SL_STEP_AREA ? 1 : 0];
    if (step == SL_STEP_AREA) {
        size_t used = tui_append(buf, size, 0, _("A symplectic step keeps phase-space area: in one degree of freedom "
                                 "the Jacobian of its step has det J = 1. A disc of pendulum states (radius %.3g rad "
                                 "about u = %.3g) "), st->radius, w->o.p.s0.x - w->o.p.spring.target);
        used = tui_append(buf, size, used, P_("after %lld step of %.3g s, its area over its start's:",
                                              "after %lld steps of %.3g s, its area over its start's:", w->o.p.steps),
                          w->o.p.steps, w->o.p.dt);
        for (int i = 0; i < st->n; i++)
            used = tui_append(buf, size, used, " %s %.9f,", spring_method_name(st->s[i].method), st->s[i].last);
        if (used > 0 && buf[used - 1] == ',')
            buf[--used] = '\0';
        tui_append(buf, size, used, "%s", _(". Semi, Verlet and the midpoint rule keep it; RK4 shrinks it (det J = 1 "
                   "- O(dt^6)), backward Euler more, explicit Euler grows it: the product of each step's det J along "
                   "the centre predicts each (notes)."));
        return;
    }
    if (step == SL_STEP_SHADOW) {
        const sl_series *v = sl_study_find(st, "verlet"), *h = sl_study_find(st, "verlet-modified");
        const sl_series *r = sl_study_find(st, "rk4");
        snprintf(buf, size, _("Backward error analysis: Verlet's steps are, nearly, the exact flow of a modified energy "
                 "H~ = H + dt^2 (V'' p^2 / 12 m^2 - V'^2 / 24 m). Over %.0f periods at w0 dt = %.3g its energy "
                 "stays within %.2g of E0, and H~ within %.2g: bounded, no drift. RK4 at the same step ends at E/E0 "
                 "= %.4f: it drifts. Halve dt: the energy's spread falls as dt^%.2f, H~'s as dt^%.2f."),
                 SL_SHADOW_PERIODS, st->w0dt, fmax(fabs(v->hi - 1.0), fabs(v->lo - 1.0)),
                 fmax(fabs(h->hi - 1.0), fabs(h->lo - 1.0)), r->last, st->energy_order, st->shadow_order);
        return;
    }
    char verlet[64], rk4[64], midpoint[64], reference[64];
    over_verdict(verlet, sizeof verlet, sl_study_find(st, "verlet"));
    over_verdict(rk4, sizeof rk4, sl_study_find(st, "rk4"));
    over_verdict(midpoint, sizeof midpoint, sl_study_find(st, "midpoint"));
    over_verdict(reference, sizeof reference, sl_study_find(st, "reference"));
    snprintf(buf, size, _("Over the top. On a swing of %.2g rad Verlet at w0 dt = %.3g keeps the energy within %.2g: a "
             "fine step. From the bottom at v0 = %.4g (the top needs %.4g) the pendulum %s; but Verlet keeps H~ = "
             "%.5g, above the top's 2k = %.4g, so it cannot turn back: %s. Below dt = %.3g H~ starts under the top. "
             "midpoint: %s; rk4: %s."), SL_SMALL_SWING, st->w0dt, st->small_energy, w->o.p.s0.v,
             2.0 * spring_omega0(&w->o.p.spring), reference, st->shadow_start, st->top, verlet, st->dt_cross,
             midpoint, rk4);
}

size_t sl_walk_phase_notes(const sl_walk *w, int step, char *buf, size_t size, size_t used)
{
    const sl_study *st = &w->study[step == SL_STEP_AREA ? 1 : 0];
    if (step == SL_STEP_AREA) {
        used = tui_append(buf, size, used, "%s", _("prod det J:"));
        for (int i = 0; i < st->n; i++)
            used = tui_append(buf, size, used, " %s %.6g%s", spring_method_name(st->s[i].method), st->s[i].predicted,
                              st->s[i].full ? _(" (boundary out of points)") : "");
        return tui_append(buf, size, used, ". ");
    }
    if (step == SL_STEP_SHADOW)
        return tui_append(buf, size, used, _("period %.4g s; w0 dt = %.3g. "), st->period, st->w0dt);
    return tui_append(buf, size, used, _("H~(start) - 2k = %.3g. "), st->shadow_start - st->top);
}

void sl_walk_phase_describe(sl_walk *w, int step, tui_step *d)
{
    sl_options *o = &w->o;
    d->n_panes = step == SL_STEP_AREA ? 2 : 1;
    if (step == SL_STEP_AREA) {
        tui_add_param(d, "x0", "rad", &o->p.s0.x, -3.0, 3.0, 0.1, 0.5, false);
        tui_add_param(d, "dt", "s", &o->p.dt, 0.01, 0.5, 1.1, 2.0, true);
        tui_add_param(d, _("steps"), "", &w->steps, 1, 2000, 10, 100, false);
        sl_walk_method_toggles(w, step, d);
    } else if (step == SL_STEP_SHADOW) {
        /* 1e5 periods: dt from 0.1 (about 7e6 steps a method on the widest swing) */
        tui_add_param(d, "x0", "rad", &o->p.s0.x, 0.1, 2.5, 0.1, 0.5, false);
        tui_add_param(d, "dt", "s", &o->p.dt, 0.1, 0.6, 1.1, 1.5, true);
    } else {
        tui_add_param(d, "v0", "rad/s", &o->p.s0.v, 0.5, 2.5, 0.001, 0.01, false);
        tui_add_param(d, "dt", "s", &o->p.dt, 0.01, 0.5, 1.1, 2.0, true);
        tui_add_param(d, _("steps"), "", &w->steps, 10, 2000, 10, 100, false);
    }
}
