/* spring-lab's studies: order against dt and against cost, energy drift and phase error over 1000 periods at equal
 * cost, and the accumulator's spiral of death. Each is a set of named series, drawn by --plot and the walk and
 * printed by --plot KIND --series (series,x,y). The numbers come from src/spring_study.c and src/timestep.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "numlab/lang.h"
#include "lab.h"

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

/* A new series of n points (x and y in one allocation), or NULL when out of memory. */
static sl_series *add_series(sl_study *st, size_t n, int color)
{
    sl_series *s = &st->s[st->n];
    if (!(s->x = malloc(2 * (n ? n : 1) * sizeof *s->x)))
        return NULL;
    s->y = s->x + n;
    s->n = n;
    s->color = color;
    st->n++;
    return s;
}

/* The default methods of a study when --method was not given, else the given ones the study can run. */
static bool study_shows(const sl_options *o, spring_method m, const spring_method *defaults, size_t count)
{
    if (o->method_given)
        return o->methods[m];
    for (size_t i = 0; i < count; i++)
        if (defaults[i] == m)
            return true;
    return false;
}

static int build_order(sl_study *st, const sl_options *o, bool by_cost)
{
    const long long base = o->steps > 0 ? o->steps : 1;
    const double t_end = (double)base * o->dt;
    const double amplitude = fabs(o->s0.x - o->params.target) + fabs(o->s0.v) / spring_omega0(&o->params);
    for (size_t i = 0; i < sizeof order_methods / sizeof order_methods[0]; i++) {
        const spring_method m = order_methods[i];
        if (!study_shows(o, m, order_methods, sizeof order_methods / sizeof order_methods[0]))
            continue;
        sl_series *s = add_series(st, ORDER_GRIDS, sl_method_color(m));
        if (!s)
            return -1;
        double dt[ORDER_GRIDS], err[ORDER_GRIDS], evals[ORDER_GRIDS];
        for (int j = 0; j < ORDER_GRIDS; j++) {
            const size_t n = (size_t)llround((double)base * pow(2.0, j - 3));
            dt[j] = t_end / (double)(n ? n : 1);
            if (spring_error_at(&o->params, m, o->s0, t_end, n ? n : 1, &err[j], &evals[j]))
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
        snprintf(s->key, sizeof s->key, "%s", spring_method_name(m));
        snprintf(s->name, sizeof s->name, "%s %.2f", spring_method_name(m), slope);
        s->slope = slope;
    }
    snprintf(st->title, sizeof st->title, by_cost ? _("|x - x_exact| at t = %.3g s against force evaluations (legend: slope)")
                                                 : _("|x - x_exact| at t = %.3g s against dt (legend: slope)"), t_end);
    snprintf(st->xlabel, sizeof st->xlabel, "%s", by_cost ? _("force evaluations") : "dt [s]");
    snprintf(st->ylabel, sizeof st->ylabel, "%s", _("error"));
    st->logx = st->logy = true;
    return 0;
}

/* The undamped version of the options' spring, 1000 periods: semi, Verlet and the midpoint rule at dt, RK4 at 4 dt
 * (four forces a step: the same cost as one a step). */
static int build_drift(sl_study *st, const sl_options *o, bool phase)
{
    spring_params p = o->params;
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
        sl_series *s = add_series(st, n, sl_method_color(m));
        sl_series *h = s && modified ? add_series(st, n, sl_method_color(m)) : NULL;
        if (!s || (modified && !h)) {
            free(d);
            return -1;
        }
        for (size_t k = 0; k < n; k++) {
            s->x[k] = d[k].periods, s->y[k] = phase ? d[k].phase : d[k].energy;
            if (h)
                h->x[k] = d[k].periods, h->y[k] = d[k].modified;
        }
        s->style = phase ? PLOT_LINES : PLOT_POINTS;
        snprintf(s->name, sizeof s->name, m == SPRING_RK4 ? "%s (%d dt)" : "%s", spring_method_name(m),
                 SL_DRIFT_RK4_STRIDE);
        snprintf(s->key, sizeof s->key, "%s", spring_method_name(m));
        if (h) {
            snprintf(h->name, sizeof h->name, _("%s modified"), spring_method_name(m));
            snprintf(h->key, sizeof h->key, "%s-modified", spring_method_name(m));
        }
        free(d);
    }
    const double y = spring_omega0(&p) * o->dt;
    if (phase)
        snprintf(st->title, sizeof st->title, _("phase error, undamped, w0 dt = %.3g, equal cost"), y);
    else
        snprintf(st->title, sizeof st->title, _("E / E0 and the modified energies, undamped, w0 dt = %.3g"), y);
    snprintf(st->xlabel, sizeof st->xlabel, "%s", _("periods"));
    snprintf(st->ylabel, sizeof st->ylabel, phase ? "rad" : "E / E0");
    return 0;
}

/* Steps that cost SL_SPIRAL_COST times the time they simulate, with and without the cap, and steps that cost its
 * inverse. */
static int build_spiral(sl_study *st, const sl_options *o)
{
    static const struct { double cost; bool capped; const char *name, *key; } runs[] = {
        {SL_SPIRAL_COST, false, N_("costly, no cap"), "costly-uncapped"},
        {SL_SPIRAL_COST, true, N_("costly, capped"), "costly-capped"},
        {1.0 / SL_SPIRAL_COST, false, N_("cheap, no cap"), "cheap-uncapped"},
    };
    for (int r = 0; r < 3; r++) {
        ts_spiral_frame f[SPIRAL_FRAMES];
        const size_t n = ts_spiral_run(o->step, runs[r].capped ? o->cap : TS_NO_CAP, SL_SPIRAL_RENDER,
                                       runs[r].cost * o->step, 1.0 / 60.0, SPIRAL_FRAMES, 100000000, f);
        sl_series *s = add_series(st, n, r + 1);
        if (!s)
            return -1;
        for (size_t k = 0; k < n; k++)
            s->x[k] = (double)k + 1.0, s->y[k] = f[k].substeps > 0 ? (double)f[k].substeps : NAN;
        snprintf(s->name, sizeof s->name, "%s", _(runs[r].name));
        snprintf(s->key, sizeof s->key, "%s", runs[r].key);
    }
    snprintf(st->title, sizeof st->title, _("substeps a frame, a step costing %.3g x or %.3g x its time (cap %.3g s)"),
             SL_SPIRAL_COST, 1.0 / SL_SPIRAL_COST, o->cap);
    snprintf(st->xlabel, sizeof st->xlabel, "%s", _("frame"));
    snprintf(st->ylabel, sizeof st->ylabel, "%s", _("substeps"));
    st->logy = true;
    return 0;
}

int sl_study_build(sl_study *st, sl_chart_kind kind, const sl_options *o)
{
    sl_study_free(st);
    int rc = kind == SL_CHART_ORDER        ? build_order(st, o, false)
             : kind == SL_CHART_COST       ? build_order(st, o, true)
             : kind == SL_CHART_DRIFT      ? build_drift(st, o, false)
             : kind == SL_CHART_PHASE_LAG  ? build_drift(st, o, true)
             : kind == SL_CHART_SPIRAL     ? build_spiral(st, o)
                                        : -1;
    if (rc)
        sl_study_free(st);
    return rc;
}

void sl_study_chart(plot_chart *ch, const sl_study *st)
{
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_X, st->logx);
    plot_chart_set_log(ch, PLOT_Y, st->logy);
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    plot_chart_set_title(ch, st->title);
    plot_chart_set_labels(ch, st->xlabel, st->ylabel);
    for (int i = 0; i < st->n; i++) {
        const sl_series *s = &st->s[i];
        plot_series ser = {.name = s->name, .x = s->x, .y = s->y, .n = s->n, .color = s->color, .style = s->style};
        plot_chart_add_series(ch, &ser);
    }
}

void sl_study_csv(const sl_study *st)
{
    printf("series,x,y\n");
    for (int i = 0; i < st->n; i++)
        for (size_t k = 0; k < st->s[i].n; k++)
            printf("%s,%.17g,%.17g\n", st->s[i].key, st->s[i].x[k], st->s[i].y[k]);
}
