/* spring-lab's studies (model.h): order against dt and against cost, energy drift and phase error over 1000 periods
 * at equal cost, and the accumulator's spiral of death. Each is a set of named series and the numbers the walk's
 * texts state about them, drawn by --plot and the walk (view.c) and printed by --plot KIND --series (headless.c).
 * The numbers come from src/spring_study.c and src/timestep.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "model.h"

#define ORDER_GRIDS 8        /* step sizes from 8 dt down to dt / 16 */
#define DRIFT_POINTS 4000    /* samples a series at most */
#define SPIRAL_FRAMES 120

static const spring_method order_methods[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_BACKWARD_EULER, SPRING_VERLET,
                                              SPRING_MIDPOINT, SPRING_RK4, SPRING_GSL_RK4};
static const spring_method drift_methods[] = {SPRING_SEMI, SPRING_VERLET, SPRING_RK4, SPRING_MIDPOINT};

void sl_study_free(sl_study *st)
{
    for (int i = 0; i < st->n; i++)
        free(st->s[i].x);
    memset(st, 0, sizeof *st);
}

/* A new series of n points (x and y in one allocation) of method m (SPRING_METHOD_COUNT: none), or NULL when out
 * of memory. */
static sl_series *add_series(sl_study *st, size_t n, spring_method m, const char *key)
{
    sl_series *s = &st->s[st->n];
    if (!(s->x = malloc(2 * (n ? n : 1) * sizeof *s->x)))
        return NULL;
    s->y = s->x + n;
    s->n = n;
    s->method = m;
    s->run = -1;
    snprintf(s->key, sizeof s->key, "%s", key);
    st->n++;
    return s;
}

sl_series *sl_study_add_series(sl_study *st, size_t n, spring_method m, const char *key)
{
    return st->n < SL_STUDY_MAX_SERIES ? add_series(st, n, m, key) : NULL;
}

/* Each series' least, greatest and last finite y. */
static void summarize(sl_study *st)
{
    for (int i = 0; i < st->n; i++) {
        sl_series *s = &st->s[i];
        s->lo = s->hi = s->last = NAN;
        for (size_t k = 0; k < s->n; k++)
            if (isfinite(s->y[k])) {
                s->lo = isnan(s->lo) ? s->y[k] : fmin(s->lo, s->y[k]);
                s->hi = isnan(s->hi) ? s->y[k] : fmax(s->hi, s->y[k]);
                s->last = s->y[k];
            }
    }
}

/* The default methods of a study when --method was not given, else the given ones the study can run. */
static bool study_shows(const sl_params *o, spring_method m, const spring_method *defaults, size_t count)
{
    if (o->method_given)
        return o->methods[m];
    for (size_t i = 0; i < count; i++)
        if (defaults[i] == m)
            return true;
    return false;
}

/* RK4 at 4 dt against semi at dt over t_end, for the same force evaluations. */
static int equal_cost(sl_study *st, const sl_params *o)
{
    const size_t n = (size_t)o->steps;
    st->rk4_4dt_error = st->semi_error = st->equal_evals = NAN;
    if (n < 4)
        return 0;
    return spring_error_at(&o->spring, SPRING_RK4, o->s0, st->t_end, n / 4, &st->rk4_4dt_error, &st->equal_evals) ||
           spring_error_at(&o->spring, SPRING_SEMI, o->s0, st->t_end, n / 4 * 4, &st->semi_error, NULL);
}

static int build_order(sl_study *st, const sl_params *o, bool by_cost)
{
    const long long base = o->steps > 0 ? o->steps : 1;
    const double t_end = (double)base * o->dt;
    const double amplitude = fabs(o->s0.x - o->spring.target) + fabs(o->s0.v) / spring_omega0(&o->spring);
    st->t_end = t_end;
    for (size_t i = 0; i < sizeof order_methods / sizeof order_methods[0]; i++) {
        const spring_method m = order_methods[i];
        if (!study_shows(o, m, order_methods, sizeof order_methods / sizeof order_methods[0]))
            continue;
        sl_series *s = add_series(st, ORDER_GRIDS, m, spring_method_name(m));
        if (!s)
            return -1;
        double dt[ORDER_GRIDS], err[ORDER_GRIDS], evals[ORDER_GRIDS];
        for (int j = 0; j < ORDER_GRIDS; j++) {
            const size_t n = (size_t)llround((double)base * pow(2.0, j - 3));
            dt[j] = t_end / (double)(n ? n : 1);
            if (spring_error_at(&o->spring, m, o->s0, t_end, n ? n : 1, &err[j], &evals[j]))
                return -1;
            s->x[j] = by_cost ? evals[j] : dt[j];
            s->y[j] = isfinite(err[j]) ? err[j] : NAN;  /* a diverged run: no point */
        }
        /* the slope over the finest half, where the error is in its asymptotic range, leaving out errors at the
         * rounding floor (1e-12 of the amplitude) */
        for (int j = ORDER_GRIDS / 2; j < ORDER_GRIDS; j++)
            if (!(err[j] > 1e-12 * amplitude))
                err[j] = NAN;
        const double slope = spring_loglog_slope(by_cost ? evals + ORDER_GRIDS / 2 : dt + ORDER_GRIDS / 2,
                                                 err + ORDER_GRIDS / 2, ORDER_GRIDS / 2);
        s->slope = slope;
    }
    st->logx = st->logy = true;
    return equal_cost(st, o);
}

/* The undamped version of the options' spring, 1000 periods: semi, Verlet and the midpoint rule at dt, RK4 at 4 dt
 * (four forces a step: the same cost as one a step). */
static int build_drift(sl_study *st, const sl_params *o, bool phase)
{
    spring_params p = o->spring;
    p.c = 0.0;
    const spring_state s0 = spring_energy(&p, o->s0) > 0.0 ? o->s0 : (spring_state){p.target + 1.0, 0.0};
    const double period = 2.0 * NUMLAB_PI / spring_omega0(&p);
    for (size_t i = 0; i < sizeof drift_methods / sizeof drift_methods[0]; i++) {
        const spring_method m = drift_methods[i];
        if (!study_shows(o, m, drift_methods, sizeof drift_methods / sizeof drift_methods[0]))
            continue;
        const double dt = m == SPRING_RK4 ? SL_DRIFT_RK4_STRIDE * o->dt : o->dt;
        const size_t steps = (size_t)ceil(SL_DRIFT_PERIODS * period / dt);
        const size_t every = steps / DRIFT_POINTS + 1;
        spring_drift_sample *d = malloc((steps / every + 1) * sizeof *d);
        if (!d)
            return -1;
        const size_t n = spring_drift_run(&p, m, s0, dt, steps, every, d);
        const bool modified = !phase && isfinite(spring_modified_energy(&p, m, dt, s0)) && m != SPRING_MIDPOINT;
        char key[32];
        snprintf(key, sizeof key, "%s-modified", spring_method_name(m));
        sl_series *s = add_series(st, n, m, spring_method_name(m));
        sl_series *h = s && modified ? add_series(st, n, m, key) : NULL;
        if (!s || (modified && !h)) {
            free(d);
            return -1;
        }
        for (size_t k = 0; k < n; k++) {
            s->x[k] = d[k].periods, s->y[k] = phase ? d[k].phase : d[k].energy;
            if (h)
                h->x[k] = d[k].periods, h->y[k] = d[k].modified;
        }
        s->points = !phase;
        if (h)
            h->modified = true;
        free(d);
    }
    st->w0dt = spring_omega0(&p) * o->dt;
    st->steps_per_period = 2.0 * NUMLAB_PI / st->w0dt;
    return 0;
}

/* Steps that cost SL_SPIRAL_COST times the time they simulate, with and without the cap, and steps that cost its
 * inverse; then what the walk says of them. */
static int build_spiral(sl_study *st, const sl_params *o)
{
    static const struct { double cost; bool capped; const char *key; } runs[SL_SPIRAL_RUNS] = {
        {SL_SPIRAL_COST, false, "costly-uncapped"}, {SL_SPIRAL_COST, true, "costly-capped"},
        {1.0 / SL_SPIRAL_COST, false, "cheap-uncapped"},
    };
    ts_spiral_frame f[SL_SPIRAL_RUNS][SPIRAL_FRAMES];
    size_t n[SL_SPIRAL_RUNS];
    for (int r = 0; r < SL_SPIRAL_RUNS; r++) {
        n[r] = ts_spiral_run(o->step, runs[r].capped ? o->cap : TS_NO_CAP, SL_SPIRAL_RENDER, runs[r].cost * o->step,
                             1.0 / 60.0, SPIRAL_FRAMES, SL_MAX_SUBSTEPS, f[r]);
        sl_series *s = add_series(st, n[r], SPRING_METHOD_COUNT, runs[r].key);
        if (!s)
            return -1;
        s->run = r;
        for (size_t k = 0; k < n[r]; k++)
            s->x[k] = (double)k + 1.0, s->y[k] = f[r][k].substeps > 0 ? (double)f[r][k].substeps : NAN;
    }
    st->logy = true;
    st->cap = o->cap;
    /* the costly run until it froze, the capped one over its second half */
    const ts_spiral_frame *costly = f[0], *capped = f[1];
    st->frames_to_freeze = n[0];
    st->frame_over_second = 0;
    for (size_t k = 0; k < n[0] && !st->frame_over_second; k++)
        if (costly[k].frame_dt > 1.0)
            st->frame_over_second = k + 1;
    st->growth = n[0] > 2 ? (double)costly[n[0] - 1].substeps / costly[n[0] - 2].substeps : NAN;
    st->capped_most = 0;
    for (size_t k = 0; k < n[1]; k++)
        st->capped_most = capped[k].substeps > st->capped_most ? capped[k].substeps : st->capped_most;
    const size_t half = n[1] / 2, end = n[1] - 1;
    st->capped_speed = n[1] > 2 ? (capped[end].sim_t - capped[half].sim_t) / (capped[end].wall_t - capped[half].wall_t)
                                : NAN;
    return 0;
}

/* The cost study of the work-precision's fixed-step methods, then its adaptive ones (model_adaptive.c). */
static int build_work(sl_study *st, const sl_params *o)
{
    const sl_params q = sl_work_params(o);
    return build_order(st, &q, true) || sl_study_add_adaptive(st, &q);
}

int sl_study_build(sl_study *st, sl_study_kind kind, const sl_params *o)
{
    sl_study_free(st);
    st->kind = kind;
    int rc = kind == SL_STUDY_ORDER        ? build_order(st, o, false)
             : kind == SL_STUDY_COST       ? build_order(st, o, true)
             : kind == SL_STUDY_DRIFT      ? build_drift(st, o, false)
             : kind == SL_STUDY_PHASE_LAG  ? build_drift(st, o, true)
             : kind == SL_STUDY_SPIRAL     ? build_spiral(st, o)
             : kind == SL_STUDY_STEPS      ? sl_study_build_steps(st, o)
             : kind == SL_STUDY_WORK       ? build_work(st, o)
             : kind == SL_STUDY_AREA       ? sl_study_build_area(st, o, false)
             : kind == SL_STUDY_DISC       ? sl_study_build_area(st, o, true)
             : kind == SL_STUDY_SHADOW     ? sl_study_build_shadow(st, o)
             : kind == SL_STUDY_SEPARATRIX ? sl_study_build_separatrix(st, o)
                                           : -1;
    if (rc)
        sl_study_free(st);
    else
        summarize(st);
    return rc;
}

const sl_series *sl_study_find(const sl_study *st, const char *key)
{
    for (int i = 0; i < st->n; i++)
        if (strcmp(st->s[i].key, key) == 0)
            return &st->s[i];
    return NULL;
}
