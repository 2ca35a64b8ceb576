/* spring-lab's interactive guided walk on the shared tui shell: six steps through the spring article, then twelve that a
 * course adds (walk_course.c, walk_region.c, walk_duffing.c, walk_adaptive.c, walk_phase.c). Steps 1-4, 7-9, 13 and 14 show the
 * methods' trajectories (view.c), revealed over a few seconds through a fixed-step accumulator; steps 5-6 play the
 * spring article's frame loop (model.c) in real time; 10-12 and 15-18 draw the studies; 13 the stability regions
 * beside its trajectories. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/cli.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "lab.h"

static const char *const step_titles[SL_N_STEPS] = {
    N_("Explicit Euler explodes"),
    N_("Semi-implicit Euler: swap two lines"),
    N_("RK4 and the references"),
    N_("The stability chart"),
    N_("The fixed-step accumulator"),
    N_("When to stop"),
    N_("Velocity Verlet: symplectic, second order"),
    N_("Implicit steps: backward Euler, midpoint"),
    N_("Stiffness"),
    N_("Order against cost"),
    N_("Energy drift against phase error"),
    N_("The spiral of death"),
    N_("A-stable, L-stable: the regions"),
    N_("A hardening spring: the chart is linear"),
    N_("Adaptive steps: for a reference, not a game loop"),
    N_("Phase-space area: what symplectic means"),
    N_("The shadow energy: bounded, not drifting"),
    N_("Over the top: the separatrix"),
};

/* Each at most ~280 characters: six lines of the text pane at 100 columns, with room for the notes below. */
static const char *const step_texts[SL_N_STEPS] = {
    NULL,  /* steps 1-5 and 7-12 state live numbers: formatted into w->text by format_text (texts.c) */
    NULL,
    NULL,
    NULL,
    NULL,
    N_("Stop when |x - T| < 0.5 px AND |v| < 1 px/s, then snap to the exact target. Distance alone stops while "
       "crossing at full speed; speed alone at the top of a bounce. Thresholds are screen units: o animates an "
       "opacity 0..1, where you must scale them (scale 1/300)."),
    NULL,  /* steps 13 and 14: sl_text_region, sl_text_duffing */
};

const char *const sl_rule_names[SL_N_RULES] = {N_("distance only"), N_("speed only"), N_("both")};
const double sl_loop_rates[SL_N_LOOP_RATES] = {30.0, 60.0, 144.0};
#define REST_HZ 60.0  /* step 6's display rate */

const ts_rest_rule sl_rule_tests[SL_N_RULES] = {TS_REST_DISTANCE_ONLY, TS_REST_SPEED_ONLY, TS_REST_BOTH};

bool sl_walk_shows_runs(int step)
{
    return step <= SL_STEP_STABILITY || (step >= SL_STEP_VERLET && step <= SL_STEP_STIFF) || step == SL_STEP_REGION ||
           step == SL_STEP_DUFFING;
}

/* --- model --------------------------------------------------------------------------------------------------- */

static bool collect_frame(void *arg, const sl_frame *f)
{
    sl_frame_run *run = arg;
    if (run->n + 2 > SL_MAX_FRAMES)
        return false;
    if (run->n > 0 && f->t - run->t[run->n - 1] > 0.5) {
        /* a long gap (the tab switch): a NaN point lifts the plot's pen, so no line pretends to cross it */
        run->t[run->n] = run->t[run->n - 1];
        run->x[run->n] = run->v[run->n] = NAN;
        run->substeps[run->n] = 0;
        run->n++;
    }
    run->t[run->n] = f->t;
    run->x[run->n] = f->x;
    run->v[run->n] = f->v;
    run->substeps[run->n] = f->substeps;
    run->n++;
    return true;
}

/* The frame loop of steps 5 and 6: the walk's spring through the model's loop (the one --csv --animate runs). */
static sl_loop walk_loop(const sl_walk *w, double hz, double jitter, double gap, double cap, ts_rest rest,
                         ts_rest_rule rule, long long max_frames)
{
    sl_loop loop = sl_loop_from_params(&w->o.p);
    loop.method = SPRING_SEMI;
    /* the gap comes 0.2 s in, while the spring is still on its way */
    loop.hz = hz, loop.jitter = jitter, loop.gap = gap, loop.gap_frame = (long long)(SL_GAP_AT * hz) + 1;
    loop.cap = cap, loop.rest = rest, loop.rule = rule, loop.max_frames = max_frames, loop.interpolate = true;
    return loop;
}

/* Plays the loop into run; returns the most substeps a frame took. */
static unsigned run_loop(sl_walk *w, sl_frame_run *run, const sl_loop *loop)
{
    run->n = 0;
    sl_run_loop(&w->o.p.spring, w->o.p.s0, loop, collect_frame, run, NULL);
    unsigned most = 0;
    for (int i = 0; i < run->n; i++)
        most = run->substeps[i] > most ? run->substeps[i] : most;
    return most;
}

static void compute_accumulator_step(sl_walk *w)
{
    ts_rest rest = ts_rest_scaled(1.0);
    sl_loop loop;
    for (int i = 0; i < 3; i++) {
        loop = walk_loop(w, sl_loop_rates[i], w->jitter, 0.0, w->cap, rest, TS_REST_BOTH, SL_MAX_FRAMES);
        w->most_substeps[i] = run_loop(w, &w->loops[i], &loop);
    }
    loop = walk_loop(w, sl_loop_rates[SL_RUN_60HZ], w->jitter, w->gap, w->cap, rest, TS_REST_BOTH, SL_MAX_FRAMES);
    w->most_substeps[SL_RUN_GAP_CAPPED] = run_loop(w, &w->loops[SL_RUN_GAP_CAPPED], &loop);
    loop.cap = TS_NO_CAP;
    w->most_substeps[SL_RUN_GAP_UNCAPPED] = run_loop(w, &w->loops[SL_RUN_GAP_UNCAPPED], &loop);
}

static void compute_rest_step(sl_walk *w)
{
    /* the bouncing spring without a rest test (an impossible one), as the physical state the test reads */
    const ts_rest never = {0.0, 0.0};
    sl_loop loop = walk_loop(w, REST_HZ, 0.0, 0.0, TS_DEFAULT_CAP, never, TS_REST_BOTH, SL_REST_FRAMES);
    loop.interpolate = false;
    run_loop(w, &w->rest_run, &loop);
    /* where each rule stops it: the model's loop with that rule, as --csv --animate --rest-rule runs it */
    loop.rest = (ts_rest){w->eps_x * w->rest_scale, w->eps_v * w->rest_scale};
    for (int rule = 0; rule < SL_N_RULES; rule++) {
        loop.rule = sl_rule_tests[rule];
        w->stop_frame[rule] = (int)sl_rest_frame(&w->o.p.spring, w->o.p.s0, &loop);
    }
    sl_frame_run *r = &w->rest_run;
    for (int i = 0; i < r->n; i++) {
        r->dist[i] = fabs(r->x[i] - w->o.p.spring.target);
        r->speed[i] = fabs(r->v[i]);
    }
}

/* What the command line typed, over a step's own defaults: the walk takes what you type. */
static void take_typed(sl_walk *w)
{
    const sl_options *cli = &w->cli;
    const sl_typed *typed = &cli->typed;
    sl_options *o = &w->o;
    if (typed->k)
        o->p.spring.k = cli->p.spring.k;
    if (typed->c)
        o->p.spring.c = cli->p.spring.c;
    if (typed->m)
        o->p.spring.m = cli->p.spring.m;
    if (typed->target)
        o->p.spring.target = cli->p.spring.target;
    if (typed->x0)
        o->p.s0.x = cli->p.s0.x;
    if (typed->v0)
        o->p.s0.v = cli->p.s0.v;
    if (typed->dt)
        o->p.dt = cli->p.dt;
    if (typed->steps)
        w->steps = (double)cli->p.steps;
    if (typed->methods) {  /* the trajectories' methods, and the studies' (steps 10-12) */
        memcpy(w->shown, cli->p.methods, sizeof w->shown);
        o->p.method_given = true;
    }
    if (typed->jitter)
        w->jitter = cli->p.frame_jitter;
    if (typed->gap)
        w->gap = cli->p.gap;
    if (typed->step)
        o->p.step = cli->p.step;
    if (typed->cap)
        w->cap = o->p.cap = cli->p.cap;
    if (typed->rest_scale)
        w->rest_scale = cli->rest_scale;
    /* cli->p.rest is scaled (sl_check); the walk's thresholds are before the scale, as its sliders show them */
    if (typed->eps_x)
        w->eps_x = cli->p.rest.eps_x / cli->rest_scale;
    if (typed->eps_v)
        w->eps_v = cli->p.rest.eps_v / cli->rest_scale;
}

static void set_step_defaults(sl_walk *w, int step)
{
    sl_options *o = &w->o;
    memset(w->shown, 0, sizeof w->shown);
    o->p.s0 = (spring_state){1.0, 0.0};
    o->p.spring = (spring_params){.k = 1600.0, .c = 0.0, .m = 1.0, .target = 0.0};  /* w0 = 40 rad/s */
    switch (step) {
    case SL_STEP_EXPLICIT:
        o->p.dt = 0.02, w->steps = 40;
        w->shown[SPRING_EXPLICIT] = w->shown[SPRING_EXACT] = true;
        break;
    case SL_STEP_SEMI:
        o->p.dt = 0.02, w->steps = 200;
        w->shown[SPRING_EXPLICIT] = w->shown[SPRING_SEMI] = w->shown[SPRING_EXACT] = true;
        break;
    case SL_STEP_RK4:
        /* w0 = 10, zeta = 0.1: w0 dt = 0.1 < 2 zeta, so even explicit Euler stays bounded and the errors compare */
        o->p.spring = (spring_params){.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0};
        o->p.dt = 0.01, w->steps = 300;
        w->shown[SPRING_EXPLICIT] = w->shown[SPRING_SEMI] = w->shown[SPRING_RK4] = true;
        w->shown[SPRING_GSL_RK4] = w->shown[SPRING_GSL_RK8PD] = true;
        break;
    case SL_STEP_STABILITY:
        o->p.dt = 0.04, w->steps = 150;
        w->shown[SPRING_EXPLICIT] = w->shown[SPRING_SEMI] = w->shown[SPRING_RK4] = true;
        break;
    case SL_STEP_ACCUMULATOR:
        o->p.s0 = (spring_state){0.0, 0.0};
        o->p.spring = (spring_params){.k = 200.0, .c = 20.0, .m = 1.0, .target = 300.0};  /* the article's example */
        w->jitter = 0.3, w->gap = 4.0, w->cap = TS_DEFAULT_CAP;
        for (int i = 0; i < SL_N_LOOP_RUNS; i++)
            w->loop_shown[i] = true;
        break;
    case SL_STEP_REST:
        o->p.s0 = (spring_state){0.0, 0.0};
        o->p.spring = (spring_params){.k = 200.0, .c = 6.0, .m = 1.0, .target = 300.0};  /* bouncy: zeta 0.21 */
        w->eps_x = TS_DEFAULT_EPS_X, w->eps_v = TS_DEFAULT_EPS_V, w->rest_scale = 1.0, w->opacity = false;
        for (int i = 0; i < SL_N_RULES; i++)
            w->rule_shown[i] = true;
        break;
    default:
        sl_walk_course_defaults(w, step);
        break;
    }
    take_typed(w);
    if (step == SL_STEP_DUFFING && w->cli.typed.k3)
        o->p.spring.k3 = w->cli.p.spring.k3;
    w->rest_target = o->p.spring.target;
}

/* The text of a step that states numbers, from what walk_changed just computed. */
static void format_text(sl_walk *w, int step)
{
    const sl_result *r = &w->runs;
    char *buf = w->text[step];
    const size_t size = sizeof w->text[0];
    if (step == SL_STEP_EXPLICIT) {
        sl_text_explicit(buf, size, r);
    } else if (step == SL_STEP_SEMI) {
        sl_text_semi(buf, size, r, w->o.p.spring.c);
    } else if (step == SL_STEP_RK4) {
        sl_text_rk4(buf, size, r);
    } else if (step == SL_STEP_STABILITY) {
        sl_text_stability(buf, size, r);
    } else if (step == SL_STEP_ACCUMULATOR) {
        double rest_t[3];
        for (int i = 0; i < 3; i++)
            rest_t[i] = w->loops[i].n > 0 ? w->loops[i].t[w->loops[i].n - 1] : NAN;
        /* the gap frame's substeps: how far the capped spring moved on */
        sl_text_accumulator(buf, size, rest_t, w->o.p.step, w->gap,
                            w->most_substeps[SL_RUN_GAP_CAPPED] * w->o.p.step);
    } else if (step >= SL_STEP_VERLET) {
        sl_walk_course_text(w, step);
    }
}

/* The model's result for the methods shown. */
static int compute_runs(sl_walk *w)
{
    sl_params p = w->o.p;
    memcpy(p.methods, w->shown, sizeof p.methods);
    return sl_model_compute(&p, &w->runs);
}

static void walk_changed(void *ctx, int step, tui_change what)
{
    sl_walk *w = ctx;
    if (what == TUI_ENTER_STEP)
        set_step_defaults(w, step);
    if (step == SL_STEP_REST)
        w->o.p.spring.target = w->opacity ? 1.0 : w->rest_target;
    w->o.p.steps = (long long)llround(w->steps);
    w->out_of_memory = false;
    if (sl_walk_shows_runs(step))
        w->out_of_memory = compute_runs(w) != 0 || (step == SL_STEP_REGION && sl_walk_region_compute(w) != 0) ||
                           (step == SL_STEP_DUFFING && sl_walk_duffing_compute(w) != 0);
    else if (step == SL_STEP_ACCUMULATOR)
        compute_accumulator_step(w);
    else if (step == SL_STEP_REST)
        compute_rest_step(w);
    else
        sl_walk_course_compute(w, step);
    if (step != SL_STEP_REST && !w->out_of_memory)
        format_text(w, step);
    /* restart the animation: steps 1-4 reveal their samples in SL_REVEAL_SECONDS, steps 5-6 play in real time */
    ts_accumulator_init(&w->reveal, SL_REVEAL_SECONDS / (w->steps + 1), TS_DEFAULT_CAP);
    w->upto = 0.0;
    w->clock = 0.0;
}

static bool walk_tick(void *ctx, int step, double frame_dt)
{
    sl_walk *w = ctx;
    if (!sl_walk_shows_runs(step) && step != SL_STEP_ACCUMULATOR && step != SL_STEP_REST)
        return false;  /* the studies are drawn whole */
    if (step == SL_STEP_ACCUMULATOR || step == SL_STEP_REST) {
        w->clock += frame_dt;
        double end = 0.0;
        const sl_frame_run *runs = step == SL_STEP_ACCUMULATOR ? w->loops : &w->rest_run;
        for (int i = 0; i < (step == SL_STEP_ACCUMULATOR ? SL_N_LOOP_RUNS : 1); i++)
            if (runs[i].n > 0)
                end = fmax(end, runs[i].t[runs[i].n - 1]);
        return w->clock < end;
    }
    w->upto += ts_accumulator_feed(&w->reveal, frame_dt);
    double total = (double)w->o.p.steps;
    if (w->upto >= total) {
        w->upto = INFINITY;
        return false;
    }
    return true;
}

static bool walk_key(void *ctx, int step, int key)
{
    sl_walk *w = ctx;
    if (step == SL_STEP_REST && key == 'o') {
        w->opacity = !w->opacity;
        walk_changed(w, step, TUI_EDITED);
        return true;
    }
    return false;
}

/* --- text ---------------------------------------------------------------------------------------------------- */

static size_t divergence_notes(const sl_walk *w, char *buf, size_t size, size_t used)
{
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        if (w->shown[m] && w->runs.status[m].diverged)
            used = tui_append(buf, size, used, _("%s: diverged at step %zu (t = %.3g). "),
                              spring_method_name((spring_method)m), w->runs.status[m].diverged_step,
                              w->runs.status[m].diverged_t);
    return used;
}

static void walk_notes(void *ctx, int step, char *buf, size_t size)
{
    sl_walk *w = ctx;
    size_t used = 0;
    if (w->out_of_memory) {
        snprintf(buf, size, "%s", _("out of memory: fewer steps, please"));
        return;
    }
    const sl_result *r = &w->runs;
    switch (step) {
    case SL_STEP_EXPLICIT:
        used = tui_append(buf, size, used, _("w0 dt = %.3g: explicit grows x%.4g a step (%+.0f%%). "), r->w0dt,
                          r->explicit_growth, 100.0 * (r->explicit_growth - 1));
        if (r->count[SPRING_EXPLICIT])
            used = tui_append(buf, size, used, P_("After %zu step x = %.7g. ", "After %zu steps x = %.7g. ",
                                                      r->count[SPRING_EXPLICIT] - 1), r->count[SPRING_EXPLICIT] - 1,
                              r->samples[SPRING_EXPLICIT][r->count[SPRING_EXPLICIT] - 1].x);
        break;
    case SL_STEP_SEMI:
        for (int m = SPRING_EXPLICIT; m <= SPRING_SEMI; m++)
            if (r->count[m] > 1) {
                const double e0 = r->samples[m][0].energy;
                used = tui_append(buf, size, used, _("%s: energy %.3g..%.3g x E0. "), spring_method_name((spring_method)m),
                                  r->energy_lo[m] / e0, r->energy_hi[m] / e0);
            }
        break;
    case SL_STEP_RK4:
        used = tui_append(buf, size, used, "%s", _("Final error, force evaluations a step:"));
        for (int m = 0; m < SPRING_METHOD_COUNT; m++)
            if (w->shown[m] && r->count[m] > 1 && m != SPRING_EXACT)
                used = tui_append(buf, size, used, " %s %.2g, %.3g;", spring_method_name((spring_method)m),
                                  r->error[m][2 * r->count[m] - 1], r->evals_per_step[m]);
        break;
    case SL_STEP_STABILITY:
        used = tui_append(buf, size, used, _("w0 dt = %.3g, zeta = %.3g: "), r->w0dt, r->zeta);
        for (int m = 0; m <= SPRING_RK4; m++)
            used = tui_append(buf, size, used, _("%s rho(M) = %.4f (%s, bound %.3g). "), spring_method_name((spring_method)m),
                              r->at[m].rho, r->at[m].stable ? _("stable") : _("UNSTABLE"), r->at[m].limit);
        break;
    case SL_STEP_ACCUMULATOR:
        used = tui_append(buf, size, used, _("At rest at frame %d, %d and %d (%g/%g/%g Hz). Substeps in the gap frame: %u "
                                              "with the cap, %u without."), w->loops[0].n - 1, w->loops[1].n - 1,
                          w->loops[2].n - 1, sl_loop_rates[0], sl_loop_rates[1], sl_loop_rates[2],
                          w->most_substeps[SL_RUN_GAP_CAPPED], w->most_substeps[SL_RUN_GAP_UNCAPPED]);
        break;
    case SL_STEP_REST: {
        for (int rule = 0; rule < SL_N_RULES; rule++) {
            int f = w->stop_frame[rule];
            if (f < 0)
                used = tui_append(buf, size, used, _("%s: never within 4 s. "), _(sl_rule_names[rule]));
            else
                used = tui_append(buf, size, used, _("%s: frame %d, x = %.4g, v = %.3g. "), _(sl_rule_names[rule]), f,
                                  w->rest_run.x[f], w->rest_run.v[f]);
        }
        used = tui_append(buf, size, used, _("Then snap: x = %g exactly."), w->o.p.spring.target);
        break;
    }
    default:
        used = sl_walk_course_notes(w, step, buf, size, used);
        break;
    }
    divergence_notes(w, buf, size, used);
}

/* --- description of each step --------------------------------------------------------------------------------- */

static void walk_describe(void *ctx, int step, tui_step *d)
{
    sl_walk *w = ctx;
    d->title = _(step_titles[step]);
    d->text = step == SL_STEP_REST ? _(step_texts[step]) : w->text[step];
    d->n_panes = 2;
    sl_options *o = &w->o;
    if (sl_walk_shows_runs(step)) {
        tui_add_param(d, "k", "N/m", &o->p.spring.k, 1e-3, 1e7, 1.1, 2.0, true);
        tui_param_option(d, "k");
        if (step == SL_STEP_STABILITY || step == SL_STEP_STIFF || step == SL_STEP_REGION) {
            tui_add_param(d, "m", "kg", &o->p.spring.m, 1e-3, 1e3, 1.1, 2.0, true);
            tui_param_option(d, "m");
        }
        if (step == SL_STEP_DUFFING)
            sl_walk_duffing_params(w, d);
        tui_add_param(d, "c", "N s/m", &o->p.spring.c, 0.0, 1e4, 0.5, 5.0, false);
        tui_param_option(d, "c");
        tui_add_param(d, "dt", "s", &o->p.dt, 1e-5, 1.0, 1.1, 2.0, true);
        tui_param_option(d, "dt");
        tui_add_param(d, _("steps"), "", &w->steps, 1, SL_WALK_MAX_STEPS, 10, 100, false);
        tui_param_option(d, "steps");
        sl_walk_method_toggles(w, step, d);
    } else if (step == SL_STEP_ACCUMULATOR) {
        static const char *const gap_names[SL_N_LOOP_RUNS - SL_N_LOOP_RATES] = {N_("gap capped"), N_("gap no cap")};
        tui_add_param(d, _("jitter"), "", &w->jitter, 0.0, 0.9, 0.1, 0.3, false);
        tui_param_option(d, "frame-jitter");
        tui_add_param(d, _("gap"), "s", &w->gap, 0.0, 60.0, 0.5, 5.0, false);
        tui_param_option(d, "gap");
        tui_add_param(d, _("cap"), "s", &w->cap, 0.01, 1.0, 0.01, 0.1, false);
        tui_param_option(d, "cap");
        tui_add_param(d, "c", "N s/m", &o->p.spring.c, 0.0, 100.0, 1.0, 10.0, false);
        tui_param_option(d, "c");
        for (int i = 0; i < SL_N_LOOP_RUNS; i++) {
            if (i < SL_N_LOOP_RATES)
                snprintf(w->loop_names[i], sizeof w->loop_names[i], "%g Hz", sl_loop_rates[i]);
            const char *name = i < SL_N_LOOP_RATES ? w->loop_names[i] : _(gap_names[i - SL_N_LOOP_RATES]);
            d->toggles[d->n_toggles++] = (tui_toggle){name, i + 1, &w->loop_shown[i]};
        }
    } else if (step == SL_STEP_REST) {
        tui_add_param(d, "c", "N s/m", &o->p.spring.c, 0.5, 100.0, 1.0, 10.0, false);
        tui_param_option(d, "c");
        tui_add_param(d, "eps_x", "px", &w->eps_x, 1e-4, 100.0, 1.25, 4.0, true);
        tui_param_option(d, "eps-x");
        tui_add_param(d, "eps_v", "px/s", &w->eps_v, 1e-4, 100.0, 1.25, 4.0, true);
        tui_param_option(d, "eps-v");
        tui_add_param(d, _("scale"), "", &w->rest_scale, 1e-4, 1.0, 1.25, 10.0, true);
        tui_param_option(d, "rest-scale");
        for (int i = 0; i < SL_N_RULES; i++)
            d->toggles[d->n_toggles++] = (tui_toggle){_(sl_rule_names[i]), i + 1, &w->rule_shown[i]};
    } else {
        sl_walk_course_describe(w, step, d);
    }
}

int sl_interactive(sl_options *o, const labcli_result *r)
{
    static sl_walk w;  /* large (frame buffers): not on the stack */
    w.o = w.cli = *o;
    w.mode = plot_mode_drawable(o->glyphs);  /* what curses can draw */
    for (int p = 0; p < TUI_MAX_PANES; p++)
        if (!(w.chart[p] = plot_chart_new(40, 12, w.mode)))
            return cli_fail("%s", _("out of memory"));
    tui_app app = {
        .name = "spring-lab", .ctx = &w, .n_steps = SL_N_STEPS, .min_cols = 80, .min_rows = 24, .frame_hz = 30,
        .extra_keys = N_("o opacity"), .describe = walk_describe, .changed = walk_changed, .render = sl_walk_render,
        .notes = walk_notes, .tick = walk_tick, .key = walk_key,
        .summary = sl_walk_summary, .listen = sl_walk_listen,
    };
    int rc = labcli_walk_run(r, &app, NULL);
    for (int p = 0; p < TUI_MAX_PANES; p++)
        plot_chart_free(w.chart[p]);
    sl_result_free(&w.runs);
    for (int p = 0; p < TUI_MAX_PANES; p++)
        sl_study_free(&w.study[p]);
    sl_region_free(&w.region);
    return rc;
}
