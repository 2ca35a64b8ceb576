/* spring-lab's charts: phase portrait, x(t), energy, error against the closed form (log), and the stability chart.
 * The same builders serve `--plot` (printed once) and the interactive walk (redrawn as the animation runs). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/common.h"
#include "spring_lab.h"

static const char *const chart_names[] = {
    [CHART_PHASE] = "phase", [CHART_TIME] = "time", [CHART_ENERGY] = "energy", [CHART_ERROR] = "error",
    [CHART_STABILITY] = "stability", [CHART_ORDER] = "order", [CHART_COST] = "cost", [CHART_DRIFT] = "drift",
    [CHART_PHASE_LAG] = "phase-lag", [CHART_SPIRAL] = "spiral",
};
_Static_assert(sizeof chart_names / sizeof chart_names[0] == CHART_COUNT, "one name per chart");

static const char *chart_name_at(int i)
{
    return chart_names[i];
}

const char *spring_chart_names(void)
{
    static char list[128];  /* built once from the table */
    return list[0] ? list : numlab_name_join(chart_name_at, CHART_COUNT, list, sizeof list);
}

int spring_chart_parse(const char *name, spring_chart_kind *out)
{
    const int i = numlab_name_find(chart_name_at, CHART_COUNT, name);
    if (i < 0)
        return -1;
    *out = (spring_chart_kind)i;
    return 0;
}

int spring_method_color(spring_method m)
{
    return (int)m % PLOT_COLORS + 1;
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

static void add_trajectories(plot_chart *ch, spring_chart_kind kind, const spring_lab_runs *r, const bool shown[],
                             double upto)
{
    const size_t stride = sizeof(spring_sample) / sizeof(double);
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        if (!shown[m] || r->count[m] == 0)
            continue;
        const spring_sample *s = r->samples[m];
        size_t n = revealed(r->count[m], upto);
        if (m == SPRING_EXACT && kind != CHART_ERROR) {  /* the reference, drawn smooth */
            s = r->fine;
            n = revealed(r->fine_count, upto * EXACT_FINE);
        }
        plot_series ser = {.name = spring_method_name((spring_method)m), .n = n, .stride = stride,
                           .color = spring_method_color((spring_method)m)};
        /* Many coarse steps around an orbit draw as chords that fill the ellipse: show them as dots. */
        if (kind == CHART_PHASE && m != SPRING_EXACT && r->count[m] > 60)
            ser.style = PLOT_POINTS;
        switch (kind) {
        case CHART_PHASE:  ser.x = &s[0].x, ser.y = &s[0].v; break;
        case CHART_TIME:   ser.x = &s[0].t, ser.y = &s[0].x; break;
        case CHART_ENERGY: ser.x = &s[0].t, ser.y = &s[0].energy; break;
        default:           ser.x = &r->error[m][0], ser.y = &r->error[m][1], ser.stride = 2; break;
        }
        if (kind == CHART_ERROR && m == SPRING_EXACT)
            continue;  /* the reference itself: its error is zero */
        plot_chart_add_series(ch, &ser);
        if ((kind == CHART_PHASE || kind == CHART_TIME) && upto < (double)r->count[m]) {
            double px, py;
            current_point(s, r->count[m], upto, kind == CHART_PHASE, &px, &py);
            plot_chart_add_marker(ch, px, py, ser.color, NULL);
        }
    }
}

static void add_stability(plot_chart *ch, const spring_lab_options *o, const spring_lab_runs *r, const bool shown[])
{
    const double w0dt = spring_omega0(&o->params) * o->dt;
    plot_chart_set_range(ch, PLOT_X, 0.0, fmax(STABILITY_MAX_W0DT, w0dt * 1.05));
    plot_chart_set_range(ch, PLOT_Y, 0.0, 2.0);
    plot_chart_add_hline(ch, 1.0, 0, "rho(M) = 1");
    /* the bounds at this spring's damping ratio (2 and 2.83 undamped), of the methods that have one */
    const double zeta = spring_zeta(&o->params);
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        const double limit = spring_stability_limit((spring_method)m, zeta);
        if (shown[m] && limit > 0.0 && isfinite(limit))
            plot_chart_add_vline(ch, limit, spring_method_color((spring_method)m), NULL);
    }
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        if (!shown[m] || isnan(r->radius[m][0]))  /* the adaptive solvers have no step matrix */
            continue;
        int color = spring_method_color((spring_method)m);
        plot_series ser = {.name = spring_method_name((spring_method)m), .x = r->w0dt, .y = r->radius[m],
                           .n = STABILITY_POINTS, .color = color};
        plot_chart_add_series(ch, &ser);
        double M[4];
        spring_amplification(&o->params, (spring_method)m, o->dt, M);
        plot_chart_add_marker(ch, w0dt, fmin(spring_spectral_radius(M), 2.0), color, NULL);
    }
}

void spring_chart_build(plot_chart *ch, spring_chart_kind kind, const spring_lab_options *o,
                        const spring_lab_runs *r, const bool shown[], double upto)
{
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_Y, kind == CHART_ERROR);
    plot_chart_set_autoscale(ch, PLOT_X, kind == CHART_PHASE ? 0.05 : 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    char title[PLOT_TITLE_MAX];
    const double w0 = spring_omega0(&o->params);
    switch (kind) {
    case CHART_PHASE:
        snprintf(title, sizeof title, "phase portrait  (w0 dt = %.3g)", w0 * o->dt);
        plot_chart_set_labels(ch, "x", "v");
        break;
    case CHART_TIME:
        snprintf(title, sizeof title, "position x(t)  (dt = %.3g s)", o->dt);
        plot_chart_set_labels(ch, "t [s]", "x");
        break;
    case CHART_ENERGY:
        snprintf(title, sizeof title, "energy m v^2/2 + k (x-T)^2/2");
        plot_chart_set_labels(ch, "t [s]", "E");
        break;
    case CHART_ERROR:
        snprintf(title, sizeof title, "|x - x_exact|  (log scale)");
        plot_chart_set_labels(ch, "t [s]", "error");
        break;
    default:
        snprintf(title, sizeof title, "rho(M) of one step  (zeta %.3g, w0 dt %.3g)", spring_zeta(&o->params),
                 w0 * o->dt);
        plot_chart_set_labels(ch, "w0 dt", "rho(M)");
        break;
    }
    plot_chart_set_title(ch, title);
    if (kind == CHART_STABILITY)
        add_stability(ch, o, r, shown);
    else
        add_trajectories(ch, kind, r, shown, upto);
}
