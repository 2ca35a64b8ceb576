/* spring-lab's adaptive steps (model.h): dopri5 step by step (what --csv --method dopri5 prints), the steps study
 * (the step sizes each controller chooses over time) and the work-precision study's adaptive series (the error at
 * the end against the evaluations, at tolerances from 1e-3 to 1e-12, beside the fixed-step methods of the cost
 * study). Numerics only; dopri5 itself is src/ode_adaptive.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define WORK_TOLS 10  /* 1e-3 .. 1e-12 */

static spring_sample sample_at(const sl_params *p, double t, const double y[2])
{
    const spring_state s = {y[0], y[1]};
    return (spring_sample){.t = t, .x = s.x, .v = s.v, .energy = spring_energy(&p->spring, s)};
}

static bool diverged(const sl_params *p, double limit, const double y[2])
{
    const double scaled[2] = {y[0] - p->spring.target, y[1] / spring_omega0(&p->spring)};
    return ode_state_diverged(scaled, 2, limit);
}

int sl_adaptive_run(const sl_params *p, ode_controller_kind kind, bool (*emit)(void *arg, const sl_accepted *a),
                    void *arg, sl_adaptive_end *end)
{
    const ode_system sys = spring_system(&p->spring);
    const ode_controller control = ode_controller_default(kind);
    *end = (sl_adaptive_end){.h_min = NAN, .h_max = NAN};
    ode_dopri5 d;
    if (ode_dopri5_init(&d, 2, p->tol, p->tol, &control))
        return -1;
    const double t_end = (double)p->steps * p->dt, limit = spring_divergence_limit(&p->spring, p->s0);
    double y[2] = {p->s0.x, p->s0.v}, t = 0.0;
    sl_accepted a = {.step = 0, .s = sample_at(p, 0.0, y)};
    bool go = emit(arg, &a);
    while (go && t < t_end) {
        if (ode_dopri5_step(&d, &sys, &t, y, t_end)) {
            end->failed = true;
            break;
        }
        if (diverged(p, limit, y)) {
            end->diverged = true;
            break;
        }
        a = (sl_accepted){.step = (long long)d.accepted, .h = d.last_h, .err = d.last_err, .s = sample_at(p, t, y)};
        end->h_min = isnan(end->h_min) ? d.last_h : fmin(end->h_min, d.last_h);
        end->h_max = isnan(end->h_max) ? d.last_h : fmax(end->h_max, d.last_h);
        go = emit(arg, &a);
    }
    end->stopped = !go;
    end->accepted = d.accepted, end->rejected = d.rejected, end->evals = d.rhs_evals;
    end->t = t;
    end->error = fabs(y[0] - spring_exact(&p->spring, p->s0, t).x);
    ode_dopri5_destroy(&d);
    return 0;
}

/* The steps study's collector: (t, h) of each accepted step, up to the series' room. */
static bool collect_step(void *arg, const sl_accepted *a)
{
    sl_series *s = arg;
    if (a->step == 0)
        return true;
    if (s->n == SL_ADAPTIVE_MAX_STEPS)
        return false;
    s->x[s->n] = a->s.t, s->y[s->n] = a->h;
    s->n++;
    return true;
}

/* dopri5 (p's controller) landing on every frame of hz from 0 to about t_end: its x at the last frame, its
 * evaluations. */
static int land_on_frames(const sl_params *p, double hz, double t_end, double *x, unsigned long *evals)
{
    const long long frames = llround(t_end * hz) > 0 ? llround(t_end * hz) : 1;
    spring_runner r;
    if (spring_runner_init(&r, &p->spring, SPRING_DOPRI5, p->s0, t_end / (double)frames, p->tol)) {
        spring_runner_destroy(&r);
        return -1;
    }
    spring_runner_control(&r, p->controller);
    for (long long f = 0; f < frames && spring_runner_step(&r) == 0; f++)
        ;
    *x = r.step == (size_t)frames ? r.y[0] : NAN;
    *evals = spring_runner_evals(&r);
    spring_runner_destroy(&r);
    return 0;
}

/* The game loop's view of the standard run: its steps a frame, landing on frames, a replay at two rates. */
static int game_loop(sl_study *st, const sl_params *p)
{
    const sl_series *s = &st->s[ODE_CONTROLLER_STANDARD];
    const long long frames = (long long)ceil(st->t_end * SL_GAME_HZ - 1e-9);
    st->frame_steps_lo = st->frame_steps_hi = -1;
    size_t k = 0;
    for (long long f = 1; f <= frames; f++) {
        int in_frame = 0;  /* the steps ending in ((f - 1)/hz, f/hz] */
        for (; k < s->n && s->x[k] <= (double)f / SL_GAME_HZ + 1e-12; k++)
            in_frame++;
        if (f == 1 || in_frame < st->frame_steps_lo)
            st->frame_steps_lo = in_frame;
        if (in_frame > st->frame_steps_hi)
            st->frame_steps_hi = in_frame;
    }
    sl_params q = *p;
    q.controller = ODE_CONTROLLER_STANDARD;
    double x60, x_lo, x_hi;
    unsigned long evals;
    if (land_on_frames(&q, SL_GAME_HZ, st->t_end, &x60, &st->landing_evals) ||
        land_on_frames(&q, SL_REPLAY_HZ_LO, st->t_end, &x_lo, &evals) ||
        land_on_frames(&q, SL_REPLAY_HZ_HI, st->t_end, &x_hi, &evals))
        return -1;
    st->replay_gap = fabs(x_lo - x_hi);
    return 0;
}

int sl_study_build_steps(sl_study *st, const sl_params *p)
{
    static const char *const keys[ODE_CONTROLLER_COUNT] = {"dopri5-standard", "dopri5-pi"};
    for (int k = 0; k < ODE_CONTROLLER_COUNT; k++) {
        sl_series *s = sl_study_add_series(st, SL_ADAPTIVE_MAX_STEPS, SPRING_DOPRI5, keys[k]);
        if (!s)
            return -1;
        s->n = 0;
        s->pi = k == ODE_CONTROLLER_PI;
        if (sl_adaptive_run(p, (ode_controller_kind)k, collect_step, s, &st->adaptive[k]))
            return -1;
    }
    st->t_end = (double)p->steps * p->dt;
    st->logy = true;
    return game_loop(st, p);
}

sl_params sl_work_params(const sl_params *p)
{
    static const spring_method defaults[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_MIDPOINT, SPRING_RK4,
                                             SPRING_GSL_RK4, SPRING_DOPRI5, SPRING_GSL_RKF45};
    _Static_assert(sizeof defaults / sizeof defaults[0] <= SL_STUDY_MAX_SERIES, "a series each");
    sl_params q = *p;
    if (!p->method_given) {
        memset(q.methods, 0, sizeof q.methods);
        for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
            q.methods[defaults[i]] = true;
        q.method_given = true;
    }
    return q;
}

/* One adaptive run to t_end at tol: the error there against the closed form and the evaluations it took. */
static int error_at_tol(const sl_params *p, spring_method m, double t_end, double tol, double *error, double *evals)
{
    spring_runner r;
    if (spring_runner_init(&r, &p->spring, m, p->s0, t_end, tol)) {
        spring_runner_destroy(&r);
        return -1;
    }
    spring_runner_control(&r, p->controller);
    const bool done = spring_runner_step(&r) == 0;
    *error = done ? fabs(r.y[0] - spring_exact(&p->spring, p->s0, t_end).x) : INFINITY;
    *evals = (double)spring_runner_evals(&r);
    spring_runner_destroy(&r);
    return 0;
}

/* dopri5 at SL_REF_TOL, and the RK4 grid nearest it in evaluations (on a log scale). */
static void offline_reference(sl_study *st)
{
    st->ref_error = st->ref_evals = st->rk4_error = st->rk4_evals = NAN;
    const sl_series *d = sl_study_find(st, "dopri5"), *rk4 = sl_study_find(st, "rk4");
    if (!d)
        d = sl_study_find(st, "dopri5-pi");
    if (!d || !rk4)
        return;
    const int at = (int)llround(-log10(SL_REF_TOL)) - 3;  /* the tolerances are 1e-3, 1e-4, ... */
    st->ref_error = d->y[at], st->ref_evals = d->x[at];
    double best = INFINITY;
    for (size_t k = 0; k < rk4->n; k++)
        if (fabs(log(rk4->x[k] / st->ref_evals)) < best)
            best = fabs(log(rk4->x[k] / st->ref_evals)), st->rk4_evals = rk4->x[k], st->rk4_error = rk4->y[k];
}

int sl_study_add_adaptive(sl_study *st, const sl_params *p)
{
    static const spring_method adaptive[] = {SPRING_DOPRI5, SPRING_GSL_RKF45};
    const double t_end = (double)(p->steps > 0 ? p->steps : 1) * p->dt;
    const double amplitude = fabs(p->s0.x - p->spring.target) + fabs(p->s0.v) / spring_omega0(&p->spring);
    for (size_t i = 0; i < sizeof adaptive / sizeof adaptive[0]; i++) {
        const spring_method m = adaptive[i];
        if (!p->methods[m])
            continue;
        const bool pi = m == SPRING_DOPRI5 && p->controller == ODE_CONTROLLER_PI;
        sl_series *s = sl_study_add_series(st, WORK_TOLS, m, pi ? "dopri5-pi" : spring_method_name(m));
        if (!s)
            return -1;
        s->pi = pi;
        double fit[WORK_TOLS];
        for (int j = 0; j < WORK_TOLS; j++) {
            double error;
            if (error_at_tol(p, m, t_end, pow(10.0, -3 - j), &error, &s->x[j]))
                return -1;
            s->y[j] = isfinite(error) ? error : NAN;
            fit[j] = error > 1e-12 * amplitude ? error : NAN;  /* the rounding floor left out, as the cost study */
        }
        s->slope = spring_loglog_slope(s->x, fit, WORK_TOLS);
    }
    offline_reference(st);
    return 0;
}
