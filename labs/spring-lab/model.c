/* spring-lab's model (model.h): the trajectories of the methods and what the views derive from them, and the spring
 * article's frame loop, shared by the CSV, the plots and the interactive walk (so they all show the same numbers). */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "model.h"

/* The trajectory of method m over steps 0..p->steps, its error against the closed form and its cost. */
static int run_method(const sl_params *p, spring_method m, sl_result *r)
{
    const size_t n = (size_t)p->steps + 1;
    spring_runner runner;
    if (!(r->samples[m] = malloc(n * sizeof *r->samples[m])))
        return -1;
    if (spring_runner_init(&runner, &p->spring, m, p->s0, p->dt, p->tol)) {
        spring_runner_destroy(&runner);
        return -1;
    }
    spring_runner_control(&runner, p->controller);
    r->samples[m][0] = spring_runner_sample(&runner);
    for (size_t i = 1; i < n && spring_runner_step(&runner) == 0; i++)
        r->samples[m][i] = spring_runner_sample(&runner);
    r->count[m] = runner.status.count;
    r->status[m] = runner.status;
    /* the cost: the force evaluations the stepper or GSL counted (the closed form takes none) */
    r->rhs_evals[m] = spring_runner_evals(&runner);
    r->newton[m] = runner.newton;
    spring_runner_destroy(&runner);
    if (r->count[m] > 1)
        r->evals_per_step[m] = (double)r->rhs_evals[m] / (double)(r->count[m] - 1);
    if (!(r->error[m] = malloc(2 * n * sizeof *r->error[m])))
        return -1;
    r->energy_lo[m] = r->energy_hi[m] = r->samples[m][0].energy;
    for (size_t i = 0; i < r->count[m]; i++) {
        const spring_sample *s = &r->samples[m][i];
        r->error[m][2 * i] = s->t;
        /* against the closed form, or with k3 > 0 the reference run_fine computed (its every SL_EXACT_FINE-th point) */
        const double reference = p->spring.k3 != 0.0 ? r->fine[i * SL_EXACT_FINE].x
                                                     : spring_exact(&p->spring, p->s0, s->t).x;
        r->error[m][2 * i + 1] = fabs(s->x - reference);
        r->energy_lo[m] = fmin(r->energy_lo[m], s->energy), r->energy_hi[m] = fmax(r->energy_hi[m], s->energy);
    }
    return 0;
}

/* The closed form at SL_EXACT_FINE points a step, or with k3 > 0 the reference (spring_reference: GSL's rk8pd). */
static int run_fine(const sl_params *p, sl_result *r)
{
    const size_t fine_n = (size_t)p->steps * SL_EXACT_FINE + 1;
    if (!(r->fine = malloc(fine_n * sizeof *r->fine)))
        return -1;
    if (p->spring.k3 != 0.0)
        return sl_reference_fine(p, r->fine, fine_n);
    for (size_t i = 0; i < fine_n; i++) {
        double t = (double)i * p->dt / SL_EXACT_FINE;
        spring_state s = spring_exact(&p->spring, p->s0, t);
        r->fine[i] = (spring_sample){.t = t, .x = s.x, .v = s.v, .energy = spring_energy(&p->spring, s)};
    }
    r->fine_count = fine_n;
    return 0;
}

void sl_operating_at(const spring_params *spring, spring_method m, double dt, sl_operating *at)
{
    const double w0 = spring_omega0(spring), zeta = spring_zeta(spring);
    at->has_matrix = spring_amplification(spring, m, dt, at->M) == 0;
    at->rho = at->has_matrix ? spring_spectral_radius(at->M) : NAN;
    at->det = at->has_matrix ? at->M[0] * at->M[3] - at->M[1] * at->M[2] : NAN;
    at->limit = spring_stability_limit(m, zeta);
    at->dt_max = at->limit / w0;
    at->undamped_limit = spring_stability_limit(m, 0.0);
    at->stable = spring_dt_stable(spring, m, dt);
}

void sl_mode_roots(const spring_params *s, double re[2], double im[2])
{
    /* the roots of s^2 + 2 zeta w0 s + w0^2: real when over-damped, else a pair decaying at zeta w0 */
    const double w0 = spring_omega0(s), zeta = spring_zeta(s), root = sqrt(fmax(zeta * zeta - 1.0, 0.0));
    re[1] = zeta > 0.0 ? -w0 * (zeta + root) : 0.0;  /* undamped: 0, not -0 */
    re[0] = zeta > 1.0 ? -w0 / (zeta + root) : re[1];  /* = -w0 (zeta - root), without the cancellation */
    im[0] = zeta < 1.0 ? w0 * sqrt(1.0 - zeta * zeta) : 0.0;
    im[1] = zeta < 1.0 ? -im[0] : 0.0;
}

/* Every method's step matrix at this spring and dt, and the stability chart's curves at its damping ratio. */
static void operating_point(const sl_params *p, sl_result *r)
{
    r->dt = p->dt, r->w0 = spring_omega0(&p->spring), r->zeta = spring_zeta(&p->spring), r->w0dt = r->w0 * p->dt;
    const double y = r->w0dt;
    r->explicit_growth = sqrt(1.0 + y * y);
    r->semi_swing = (1.0 + y / 2.0) / (1.0 - y / 2.0);
    r->verlet_swing = 1.0 / (1.0 - y * y / 4.0);
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        sl_operating_at(&p->spring, (spring_method)m, p->dt, &r->at[m]);
    double re[2], im[2];
    sl_mode_roots(&p->spring, re, im);
    r->slow_rate = re[0], r->fast_rate = re[1];
    const double z = p->dt * r->fast_rate;
    r->fast_backward = 1.0 / (1.0 - z);
    r->fast_midpoint = (1.0 + z / 2.0) / (1.0 - z / 2.0);
    double r_im;
    ode_stability_function(ode_method_about(ODE_TR_BDF2), z, 0.0, &r->fast_tr_bdf2, &r_im);
    r->fast_midpoint_after = pow(fabs(r->fast_midpoint), SL_RING_STEPS);
    r->fast_tr_bdf2_after = pow(fabs(r->fast_tr_bdf2), SL_RING_STEPS);
    r->stiffness_ratio = r->slow_rate < 0.0 ? r->fast_rate / r->slow_rate : NAN;  /* undamped: no decay to compare */
    const spring_params unit = {.k = 1.0, .m = 1.0, .c = 2.0 * r->zeta};  /* w0 = 1, so dt = w0*dt */
    for (int i = 0; i < SL_STABILITY_POINTS; i++) {
        r->w0dt_axis[i] = SL_STABILITY_MAX_W0DT * i / (SL_STABILITY_POINTS - 1);
        for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
            double M[4];
            r->radius[m][i] = spring_amplification(&unit, (spring_method)m, r->w0dt_axis[i], M) == 0
                                  ? spring_spectral_radius(M) : NAN;
        }
    }
}

/* Semi-implicit Euler's modified energy over its run: how far it strayed, relative to its start. */
static double modified_spread(const sl_params *p, const sl_result *r)
{
    const spring_sample *s = r->samples[SPRING_SEMI];
    const size_t n = r->count[SPRING_SEMI];
    if (n < 2)
        return NAN;
    const double e0 = sl_semi_modified_energy(&p->spring, p->dt, (spring_state){s[0].x, s[0].v});
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        const double e = sl_semi_modified_energy(&p->spring, p->dt, (spring_state){s[i].x, s[i].v});
        lo = fmin(lo, e), hi = fmax(hi, e);
    }
    return e0 > 0.0 ? (hi - lo) / e0 : NAN;
}

int sl_model_compute(const sl_params *p, sl_result *r)
{
    sl_result_free(r);
    bool any = false;
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        any |= p->methods[m];
    /* with k3 > 0 the reference comes first: the errors are taken against it */
    if (p->spring.k3 != 0.0 && any && run_fine(p, r)) {
        sl_result_free(r);
        return -1;
    }
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        if (p->methods[m] && !(m == SPRING_EXACT && p->spring.k3 != 0.0) && run_method(p, (spring_method)m, r)) {
            sl_result_free(r);
            return -1;
        }
    if (p->methods[SPRING_EXACT] && p->spring.k3 == 0.0 && run_fine(p, r)) {
        sl_result_free(r);
        return -1;
    }
    operating_point(p, r);
    r->semi_modified_spread = modified_spread(p, r);
    return 0;
}

void sl_result_free(sl_result *r)
{
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        free(r->samples[m]);
        free(r->error[m]);
    }
    free(r->fine);
    memset(r, 0, sizeof *r);
}

double sl_semi_modified_energy(const spring_params *p, double dt, spring_state s)
{
    /* per unit mass, x from the target: constant along semi-implicit Euler's undamped steps, to rounding */
    return spring_modified_energy(p, SPRING_SEMI, dt, s);
}

/* The methods with a hand-written stepper (an ode_method), by name; the others are left out. */
static const char *stepper_name_at(int m)
{
    return spring_method_ode((spring_method)m) < ODE_METHOD_COUNT ? spring_method_name((spring_method)m) : NULL;
}

const char *sl_stepper_names(void)
{
    static char list[160];  /* built once from spring.c's table */
    return list[0] ? list : numlab_name_join(stepper_name_at, SPRING_METHOD_COUNT, list, sizeof list);
}

static bool keep_going(void *arg, const sl_frame *f)
{
    (void)arg, (void)f;
    return true;
}

long long sl_rest_frame(const spring_params *p, spring_state s0, const sl_loop *loop)
{
    sl_frame last;
    return sl_run_loop(p, s0, loop, keep_going, NULL, &last) == SL_LOOP_RESTED ? last.frame : -1;
}

sl_loop sl_loop_from_params(const sl_params *o)
{
    spring_method method = SPRING_SEMI;
    if (o->method_given)
        for (int m = 0; m < SPRING_METHOD_COUNT; m++)
            if (o->methods[m]) {
                method = (spring_method)m;
                break;
            }
    return (sl_loop){
        .method = method, .hz = o->frame_hz, .jitter = o->frame_jitter, .gap = o->gap, .step = o->step,
        .cap = o->cap, .gap_frame = o->gap_frame, .max_frames = o->max_frames, .seed = o->seed,
        .rest = o->rest, .rule = o->rest_rule, .rest_each_substep = o->rest_each_substep,
        .interpolate = o->interpolate,
    };
}

/* One fixed step of the loop's method: the hand-written stepper the runs take (ode.h, as spring_runner), or the closed
 * form at the step's end (framer-motion's way). */
static int loop_step(ode_stepper *st, const ode_system *sys, const sl_loop *loop, spring_state s0, long long taken,
                     spring_state *s)
{
    /* step n ends at n h, as the runs' grid (a sum of steps would drift from it in the last digits) */
    const double t = (double)taken * loop->step;
    if (loop->method == SPRING_EXACT) {
        *s = spring_exact(sys->params, s0, (double)(taken + 1) * loop->step);
        return 0;
    }
    double y[2] = {s->x, s->v};
    const int rc = spring_step_stepper(sys->params, st, sys, t, loop->step, y, NULL);
    *s = (spring_state){y[0], y[1]};
    return rc;
}

sl_loop_end sl_run_loop(const spring_params *p, spring_state s0, const sl_loop *loop,
                        bool (*emit)(void *arg, const sl_frame *f), void *arg, sl_frame *last)
{
    ts_accumulator acc;
    if (ts_accumulator_init(&acc, loop->step, loop->cap))
        return SL_LOOP_GAVE_UP;
    const ode_method ode = spring_method_ode(loop->method);
    if ((loop->method != SPRING_EXACT && ode >= ODE_METHOD_COUNT) || (loop->method == SPRING_EXACT && p->k3 != 0.0))
        return SL_LOOP_NO_STEPPER;
    const ode_system sys = spring_system(p);
    ode_stepper st = {0};
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng || (ode < ODE_METHOD_COUNT && ode_stepper_init(&st, ode, 2))) {
        gsl_rng_free(rng);
        ode_stepper_destroy(&st);
        return SL_LOOP_NO_MEMORY;
    }
    gsl_rng_set(rng, loop->seed);

    const double period = 1.0 / loop->hz;
    const double limit = spring_divergence_limit(p, s0);
    spring_state s = s0, prev = s0;
    double t_frames = 0.0;
    long long taken = 0;  /* fixed steps */
    sl_loop_end end = SL_LOOP_GAVE_UP;
    sl_frame f = {.frame = 0, .t = 0.0, .x = s.x, .v = s.v, .substeps = 0};
    if (!emit(arg, &f))
        end = SL_LOOP_STOPPED;
    for (long long frame = 1; end == SL_LOOP_GAVE_UP && frame <= loop->max_frames; frame++) {
        /* always draw the jitter, so that a gap does not shift the random sequence of the frames after it */
        double dt = period * (1.0 + loop->jitter * (2.0 * gsl_rng_uniform(rng) - 1.0));
        if (loop->gap > 0.0 && frame == loop->gap_frame)
            dt = loop->gap;
        t_frames += dt;
        unsigned substeps = ts_accumulator_feed(&acc, dt);
        bool rest = false, unsolved = false;
        for (unsigned i = 0; i < substeps && !rest && !unsolved; i++) {
            prev = s;
            const int rc = loop_step(&st, &sys, loop, s0, taken++, &s);
            unsolved = rc == ODE_NEWTON_FAILED;  /* --k3: Newton did not solve the step (said so, not a divergence) */
            if (rc)
                s.x = NAN;  /* an implicit step that failed */
            rest = loop->rest_each_substep && ts_at_rest(&loop->rest, loop->rule, s.x, s.v, p->target);
        }
        if (!isfinite(s.x) || !isfinite(s.v) || fabs(s.x - p->target) > limit) {
            end = unsolved ? SL_LOOP_NEWTON_FAILED : SL_LOOP_DIVERGED;
            f = (sl_frame){.frame = frame, .t = t_frames, .x = NAN, .v = NAN, .substeps = substeps};
            break;
        }
        rest = rest || ts_at_rest(&loop->rest, loop->rule, s.x, s.v, p->target);
        if (rest)
            s = prev = (spring_state){p->target, 0.0};  /* the snap: land exactly on the target */
        f = (sl_frame){
            .frame = frame, .t = t_frames, .v = s.v, .substeps = substeps,
            .x = loop->interpolate ? ts_lerp(prev.x, s.x, ts_accumulator_alpha(&acc)) : s.x,
        };
        if (!emit(arg, &f))
            end = SL_LOOP_STOPPED;
        else if (rest)
            end = SL_LOOP_RESTED;
    }
    if (last)
        *last = f;  /* on divergence: the frame it happened in (x and v are NaN, for no one to print) */
    gsl_rng_free(rng);
    ode_stepper_destroy(&st);
    return end;
}
