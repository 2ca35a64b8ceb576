/* spring-lab's charts: phase portrait, x(t), energy, error against the closed form (log), and the stability chart.
 * The same builders serve `--plot` (printed once) and the interactive walk (redrawn as the animation runs); the
 * walk's panes (steps 5-6's frame loops, the studies) are drawn here too. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/common.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "lab.h"

static const char *const chart_names[] = {
    [SL_CHART_PHASE] = "phase", [SL_CHART_TIME] = "time", [SL_CHART_ENERGY] = "energy", [SL_CHART_ERROR] = "error",
    [SL_CHART_STABILITY] = "stability", [SL_CHART_ORDER] = "order", [SL_CHART_COST] = "cost", [SL_CHART_DRIFT] = "drift",
    [SL_CHART_PHASE_LAG] = "phase-lag", [SL_CHART_SPIRAL] = "spiral", [SL_CHART_STEPS] = "steps",
    [SL_CHART_WORK] = "work-precision", [SL_CHART_AREA] = "area", [SL_CHART_DISC] = "disc", [SL_CHART_SHADOW] = "shadow",
    [SL_CHART_SEPARATRIX] = "separatrix", [SL_CHART_REGION] = "region",
};
_Static_assert(sizeof chart_names / sizeof chart_names[0] == SL_CHART_COUNT, "one name per chart");

static const char *chart_name_at(int i)
{
    return chart_names[i];
}

const char *sl_chart_names(void)
{
    static char list[256];  /* built once from the table */
    return list[0] ? list : numlab_name_join(chart_name_at, SL_CHART_COUNT, list, sizeof list);
}

int sl_chart_parse(const char *name, sl_chart_kind *out)
{
    const int i = numlab_name_find(chart_name_at, SL_CHART_COUNT, name);
    if (i < 0)
        return -1;
    *out = (sl_chart_kind)i;
    return 0;
}

int sl_method_color(spring_method m)
{
    /* by position (8 colors for 12 methods), but TR-BDF2 red: its position's green is the closed form's, and step 13
     * shows them side by side (red is gsl-rkf45's, never beside it) */
    return m == SPRING_TR_BDF2 ? PLOT_RED : (int)m % PLOT_COLORS + 1;
}

/* How many samples of a run the animation has revealed. */
static size_t revealed(size_t count, double upto)
{
    if (!(upto < (double)count))
        return count;
    return upto < 0 ? 1 : (size_t)upto + 1;
}

/* The current point, between the last revealed sample and the next (the render interpolation of the spring article). */
static void current_point(const spring_sample *s, size_t count, double upto, bool phase, double *px, double *py)
{
    size_t i = revealed(count, upto) - 1;
    double alpha = upto - floor(upto);
    const spring_sample *a = &s[i], *b = i + 1 < count && upto < (double)count ? &s[i + 1] : a;
    double ax = phase ? a->x : a->t, bx = phase ? b->x : b->t;
    double ay = phase ? a->v : a->x, by = phase ? b->v : b->x;
    *px = ts_lerp(ax, bx, alpha);
    *py = ts_lerp(ay, by, alpha);
}

static void add_trajectories(plot_chart *ch, sl_chart_kind kind, const sl_result *r, const bool shown[],
                             double upto)
{
    const size_t stride = sizeof(spring_sample) / sizeof(double);
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        if (!shown[m] || r->count[m] == 0)
            continue;
        const spring_sample *s = r->samples[m];
        size_t n = revealed(r->count[m], upto);
        if (m == SPRING_EXACT && kind != SL_CHART_ERROR) {  /* the reference, drawn smooth */
            s = r->fine;
            n = revealed(r->fine_count, upto * SL_EXACT_FINE);
        }
        plot_series ser = {.name = labcli_method_label(spring_method_name((spring_method)m)), .n = n,
                           .stride = stride, .color = sl_method_color((spring_method)m)};
        /* Many coarse steps around an orbit draw as chords that fill the ellipse: show them as dots. */
        if (kind == SL_CHART_PHASE && m != SPRING_EXACT && r->count[m] > 60)
            ser.style = PLOT_POINTS;
        switch (kind) {
        case SL_CHART_PHASE:  ser.x = &s[0].x, ser.y = &s[0].v; break;
        case SL_CHART_TIME:   ser.x = &s[0].t, ser.y = &s[0].x; break;
        case SL_CHART_ENERGY: ser.x = &s[0].t, ser.y = &s[0].energy; break;
        default:           ser.x = &r->error[m][0], ser.y = &r->error[m][1], ser.stride = 2; break;
        }
        if (kind == SL_CHART_ERROR && m == SPRING_EXACT)
            continue;  /* the reference itself: its error is zero */
        plot_chart_add_series(ch, &ser);
        if ((kind == SL_CHART_PHASE || kind == SL_CHART_TIME) && upto < (double)r->count[m]) {
            double px, py;
            current_point(s, r->count[m], upto, kind == SL_CHART_PHASE, &px, &py);
            plot_chart_add_marker(ch, px, py, ser.color, NULL);
        }
    }
}

static void add_stability(plot_chart *ch, const sl_result *r, const bool shown[])
{
    plot_chart_set_range(ch, PLOT_X, 0.0, fmax(SL_STABILITY_MAX_W0DT, r->w0dt * 1.05));
    plot_chart_set_range(ch, PLOT_Y, 0.0, 2.0);
    plot_chart_add_hline(ch, 1.0, 0, "rho(M) = 1");
    /* the bounds at this spring's damping ratio (2 and 2.83 undamped), of the methods that have one */
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        const double limit = r->at[m].limit;
        if (shown[m] && limit > 0.0 && isfinite(limit))
            plot_chart_add_vline(ch, limit, sl_method_color((spring_method)m), NULL);
    }
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        if (!shown[m] || isnan(r->radius[m][0]))  /* the adaptive solvers have no step matrix */
            continue;
        int color = sl_method_color((spring_method)m);
        plot_series ser = {.name = labcli_method_label(spring_method_name((spring_method)m)), .x = r->w0dt_axis,
                           .y = r->radius[m], .n = SL_STABILITY_POINTS, .color = color};
        plot_chart_add_series(ch, &ser);
        plot_chart_add_marker(ch, r->w0dt, fmin(r->at[m].rho, 2.0), color, NULL);
    }
}

void sl_chart_build(plot_chart *ch, sl_chart_kind kind, const sl_params *p, const sl_result *r, const bool shown[],
                    double upto)
{
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_X, false);  /* the pane may have drawn a study (log x) before */
    plot_chart_set_log(ch, PLOT_Y, kind == SL_CHART_ERROR);
    plot_chart_set_autoscale(ch, PLOT_X, kind == SL_CHART_PHASE ? 0.05 : 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    char title[PLOT_TITLE_MAX];
    switch (kind) {
    case SL_CHART_PHASE:
        snprintf(title, sizeof title, _("phase portrait  (w0 dt = %.3g)"), r->w0dt);
        plot_chart_set_labels(ch, "x", "v");
        break;
    case SL_CHART_TIME:
        snprintf(title, sizeof title, _("position x(t)  (dt = %.3g s)"), p->dt);
        plot_chart_set_labels(ch, "t [s]", "x");
        break;
    case SL_CHART_ENERGY:
        snprintf(title, sizeof title, "%s", p->spring.k3 != 0.0 ? _("energy m v^2/2 + k u^2/2 + k3 u^4/4, u = x-T")
                                                                 : _("energy m v^2/2 + k (x-T)^2/2"));
        plot_chart_set_labels(ch, "t [s]", "E");
        break;
    case SL_CHART_ERROR:
        snprintf(title, sizeof title, "%s", p->spring.k3 != 0.0 ? _("|x - x_ref|, gsl-rk8pd at tol 1e-13  (log scale)")
                                                                 : _("|x - x_exact|  (log scale)"));
        plot_chart_set_labels(ch, "t [s]", _("error"));
        break;
    default:
        /* with k3 > 0 the step matrix is of the linearisation about rest (the tangent stiffness k there) */
        snprintf(title, sizeof title,
                 p->spring.k3 != 0.0 ? _("rho(M) of the linearisation about rest  (zeta %.3g, w0 dt %.3g)")
                                     : _("rho(M) of one step  (zeta %.3g, w0 dt %.3g)"), r->zeta, r->w0dt);
        plot_chart_set_labels(ch, "w0 dt", "rho(M)");
        break;
    }
    plot_chart_set_title(ch, title);
    if (kind == SL_CHART_STABILITY)
        add_stability(ch, r, shown);
    else
        add_trajectories(ch, kind, r, shown, upto);
}

/* --- the studies' charts ------------------------------------------------------------------------------------ */

sl_study_kind sl_chart_study(sl_chart_kind kind)
{
    return (sl_study_kind)(kind - SL_CHART_FIRST_STUDY);
}

void sl_series_name(const sl_study *st, const sl_series *s, char *buf, size_t size)
{
    static const char *const spiral_runs[SL_SPIRAL_RUNS] = {N_("costly, no cap"), N_("costly, capped"),
                                                            N_("cheap, no cap")};
    const char *method = s->method < SPRING_METHOD_COUNT ? labcli_method_label(spring_method_name(s->method)) : "";
    if (s->pi)
        method = "dopri5-pi";
    if (s->run >= 0)
        snprintf(buf, size, "%s", _(spiral_runs[s->run]));
    else if (s->modified)
        snprintf(buf, size, _("%s modified"), method);
    else if (st->kind == SL_STUDY_ORDER || st->kind == SL_STUDY_COST || st->kind == SL_STUDY_WORK)
        snprintf(buf, size, "%s %.2f", method, s->slope);
    else if (st->kind == SL_STUDY_STEPS)
        snprintf(buf, size, "%s", s->pi ? "dopri5 PI" : "dopri5 standard");
    else if (s->method == SPRING_RK4 && (st->kind == SL_STUDY_DRIFT || st->kind == SL_STUDY_PHASE_LAG))
        snprintf(buf, size, "%s (%d dt)", method, SL_DRIFT_RK4_STRIDE);
    else if (s->method == SPRING_METHOD_COUNT || st->kind == SL_STUDY_SEPARATRIX)
        snprintf(buf, size, "%s", s->method == SPRING_METHOD_COUNT ? _("start")
                                  : strcmp(s->key, "reference") == 0 ? _("reference") : method);
    else
        snprintf(buf, size, "%s", method);
}

void sl_study_chart(plot_chart *ch, const sl_study *st)
{
    char title[PLOT_TITLE_MAX];
    const char *xlabel = _("periods"), *ylabel = _("error");
    switch (st->kind) {
    case SL_STUDY_ORDER:
    case SL_STUDY_COST: {
        const bool by_cost = st->kind == SL_STUDY_COST;
        snprintf(title, sizeof title, by_cost ? _("|x - x_exact| at t = %.3g s against force evaluations (legend: slope)")
                                              : _("|x - x_exact| at t = %.3g s against dt (legend: slope)"), st->t_end);
        xlabel = by_cost ? _("force evaluations") : "dt [s]";
        break;
    }
    case SL_STUDY_DRIFT:
        snprintf(title, sizeof title, _("E / E0 and the modified energies, undamped, w0 dt = %.3g"), st->w0dt);
        ylabel = "E / E0";
        break;
    case SL_STUDY_PHASE_LAG:
        snprintf(title, sizeof title, _("phase error, undamped, w0 dt = %.3g, equal cost"), st->w0dt);
        ylabel = "rad";
        break;
    case SL_STUDY_STEPS:
    case SL_STUDY_WORK:
        sl_study_adaptive_labels(st, title, sizeof title, &xlabel, &ylabel);
        break;
    case SL_STUDY_AREA:
    case SL_STUDY_DISC:
    case SL_STUDY_SHADOW:
    case SL_STUDY_SEPARATRIX:
        sl_study_phase_labels(st, title, sizeof title, &xlabel, &ylabel);
        break;
    default:
        snprintf(title, sizeof title, _("substeps a frame, a step costing %.3g x or %.3g x its time (cap %.3g s)"),
                 SL_SPIRAL_COST, 1.0 / SL_SPIRAL_COST, st->cap);
        xlabel = _("frame"), ylabel = _("substeps");
        break;
    }
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_X, st->logx);
    plot_chart_set_log(ch, PLOT_Y, st->logy);
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    plot_chart_set_title(ch, title);
    plot_chart_set_labels(ch, xlabel, ylabel);
    for (int i = 0; i < st->n; i++) {
        const sl_series *s = &st->s[i];
        char name[PLOT_NAME_MAX];
        sl_series_name(st, s, name, sizeof name);
        plot_series ser = {.name = name, .x = s->x, .y = s->y, .n = s->n, .style = s->points ? PLOT_POINTS : PLOT_LINES,
                           .color = s->run >= 0 ? s->run + 1 : s->pi ? sl_method_color(s->method) % PLOT_COLORS + 1
                                                   : sl_method_color(s->method)};
        plot_chart_add_series(ch, &ser);
    }
    sl_study_phase_marks(ch, st);
}

/* --- the walk's panes (the tui render callback) ------------------------------------------------------------- */

/* How many frames of a run have been played by the clock. */
static int frames_played(const sl_frame_run *r, double clock)
{
    int n = 0;
    while (n < r->n && r->t[n] <= clock)
        n++;
    return n;
}

static void add_frames(plot_chart *ch, const sl_frame_run *r, const double *y, int n, const char *name, int color)
{
    plot_series s = {.name = name, .x = r->t, .y = y, .n = (size_t)n, .color = color};
    plot_chart_add_series(ch, &s);
}

static void build_accumulator_chart(sl_walk *w, plot_chart *ch, int pane)
{
    static const char *const names[SL_N_LOOP_RUNS] = {"30 Hz", "60 Hz", "144 Hz", N_("gap, capped"), N_("gap, no cap")};
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_X, false);
    plot_chart_set_log(ch, PLOT_Y, false);
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    plot_chart_set_labels(ch, _("t [s] (frames)"), "x");
    char title[PLOT_TITLE_MAX];
    if (pane == 0)
        snprintf(title, sizeof title, _("frame rates, jitter %.0f%%: the same steps"), 100.0 * w->jitter);
    else
        snprintf(title, sizeof title, _("a %.3g s gap at t = %.3g s, cap %.3g s"), w->gap, SL_GAP_AT, w->cap);
    plot_chart_set_title(ch, title);
    for (int i = pane == 0 ? SL_RUN_30HZ : SL_RUN_GAP_CAPPED; i <= (pane == 0 ? SL_RUN_144HZ : SL_RUN_GAP_UNCAPPED); i++)
        if (w->loop_shown[i])
            add_frames(ch, &w->loops[i], w->loops[i].x, frames_played(&w->loops[i], w->clock), _(names[i]), i + 1);
}

static void build_rest_chart(sl_walk *w, plot_chart *ch, int pane)
{
    const sl_frame_run *r = &w->rest_run;
    int n = frames_played(r, w->clock);
    plot_chart_clear(ch);
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    plot_chart_set_log(ch, PLOT_X, false);
    plot_chart_set_log(ch, PLOT_Y, pane == 1);
    if (pane == 0) {
        plot_chart_set_title(ch, w->opacity ? _("opacity 0 -> 1, where each rule stops")
                                            : _("x: 0 -> 300 px, where each rule stops"));
        plot_chart_set_labels(ch, "t [s]", "x");
        add_frames(ch, r, r->x, n, "x", 7);
        plot_chart_add_hline(ch, w->o.p.spring.target, 0, NULL);
        for (int rule = 0; rule < SL_N_RULES; rule++) {
            int f = w->stop_frame[rule];
            if (w->rule_shown[rule] && f >= 0 && f < n)
                plot_chart_add_marker(ch, r->t[f], r->x[f], rule + 1, _(sl_rule_names[rule]));
        }
    } else {
        plot_chart_set_title(ch, _("|x - T| and |v| against the thresholds (log)"));
        plot_chart_set_labels(ch, "t [s]", "");
        add_frames(ch, r, r->dist, n, "|x - T|", 1);
        add_frames(ch, r, r->speed, n, "|v|", 2);
        plot_chart_add_hline(ch, w->eps_x * w->rest_scale, 1, "eps_x");
        plot_chart_add_hline(ch, w->eps_v * w->rest_scale, 2, "eps_v");
    }
}

const plot_grid *sl_walk_render(void *ctx, int step, int pane, int cols, int rows)
{
    sl_walk *w = ctx;
    plot_chart *ch = w->chart[pane];
    if (plot_chart_resize(ch, cols, rows))
        return NULL;
    static const sl_chart_kind panes[SL_N_STEPS][2] = {
        [SL_STEP_EXPLICIT] = {SL_CHART_PHASE, SL_CHART_TIME}, [SL_STEP_SEMI] = {SL_CHART_PHASE, SL_CHART_ENERGY},
        [SL_STEP_RK4] = {SL_CHART_ERROR, SL_CHART_TIME}, [SL_STEP_STABILITY] = {SL_CHART_STABILITY, SL_CHART_TIME},
        [SL_STEP_VERLET] = {SL_CHART_PHASE, SL_CHART_ENERGY}, [SL_STEP_IMPLICIT] = {SL_CHART_STABILITY, SL_CHART_ENERGY},
        [SL_STEP_STIFF] = {SL_CHART_TIME, SL_CHART_ERROR}, [SL_STEP_REGION] = {SL_CHART_REGION, SL_CHART_TIME},
        [SL_STEP_DUFFING] = {SL_CHART_PHASE, SL_CHART_STABILITY},
    };
    if (step == SL_STEP_ACCUMULATOR)
        build_accumulator_chart(w, ch, pane);
    else if (step == SL_STEP_REST)
        build_rest_chart(w, ch, pane);
    else if (!sl_walk_shows_runs(step)) {
        if (!w->out_of_memory && step >= SL_STEP_ORDER)
            sl_study_chart(ch, &w->study[pane]);  /* steps 10-12: the studies computed by walk_course.c */
    }
    else if (!w->out_of_memory) {
        bool shown[SPRING_METHOD_COUNT];
        memcpy(shown, w->shown, sizeof shown);
        if (step == SL_STEP_STABILITY && pane == 1)
            shown[SPRING_EXPLICIT] = false;  /* it always explodes; this pane is where semi-implicit does */
        if (panes[step][pane] == SL_CHART_REGION)
            sl_region_chart(ch, &w->region, w->o.p.dt);
        else
            sl_chart_build(ch, panes[step][pane], &w->o.p, &w->runs, shown,
                           w->upto + ts_accumulator_alpha(&w->reveal));
        if (step == SL_STEP_DUFFING && pane == 1)
            sl_walk_duffing_marks(w, ch);  /* the chart about rest, marked at the amplitude too */
    }
    return plot_chart_render(ch);
}
