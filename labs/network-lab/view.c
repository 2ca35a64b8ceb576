/* network-lab's charts: the network drawn to scale (springs as braille lines, masses as small glyphs), the energy
 * of each integrator against time, and the gauge of the step against the limits from the normal modes. The same
 * builders serve `--plot` (printed once) and the interactive walk (redrawn every frame). */
#include "lab.h"
#include "numlab/tui.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define GLYPH_MAX_MASSES 16  /* larger networks draw their springs only (a cloth's nodes are its crossings) */

int lab_method_color(net_method m)
{
    return (int)m % PLOT_COLORS + 1;
}

void lab_world_box(const net_network *net, const double *y, double box[4])
{
    const size_t n = net->n_masses;
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        x0 = fmin(x0, y[i]), x1 = fmax(x1, y[i]);
        y0 = fmin(y0, y[n + i]), y1 = fmax(y1, y[n + i]);
    }
    if (!(x0 <= x1))  /* no masses */
        x0 = y0 = 0.0, x1 = y1 = 1.0;
    double side = fmax(fmax(x1 - x0, y1 - y0), 1e-6);
    double margin = 0.25 * side;
    box[0] = x0 - margin, box[1] = x1 + margin, box[2] = y0 - margin, box[3] = y1 + margin;
    double g = hypot(net->gravity_x, net->gravity_y);
    if (g > 0.0) {  /* room to sag: half a side more along gravity */
        double gx = 0.5 * side * net->gravity_x / g, gy = 0.5 * side * net->gravity_y / g;
        box[gx < 0 ? 0 : 1] += gx;
        box[gy < 0 ? 2 : 3] += gy;
    }
}

void lab_strokes_free(lab_strokes *st)
{
    free(st->x);
    free(st->y);
    st->x = st->y = NULL;
    st->cap = 0;
}

static int strokes_reserve(lab_strokes *st, size_t cap)
{
    if (cap <= st->cap)
        return 0;
    double *x = realloc(st->x, cap * sizeof *x);
    if (x)
        st->x = x;
    double *y = realloc(st->y, cap * sizeof *y);
    if (y)
        st->y = y;
    if (!x || !y)
        return -1;
    st->cap = cap;
    return 0;
}

typedef struct {
    lab_strokes *st;
    size_t n;
} pen;

static void put(pen *p, double x, double y)
{
    p->st->x[p->n] = x, p->st->y[p->n] = y;
    p->n++;
}

static void lift(pen *p)
{
    put(p, NAN, NAN);
}

/* The run's network at prev + alpha (y - prev): springs, then a cross on each mass (a square on pinned ones) of
 * half-size r. Returns the points. */
static size_t stroke_run(const net_network *net, const lab_run *run, double alpha, double r, lab_strokes *st)
{
    const size_t n = net->n_masses;
    pen p = {st, 0};
#define POS(k) ts_lerp(run->prev[k], run->y[k], alpha)
    for (size_t s = 0; s < net->n_springs; s++) {
        size_t i = net->si[s], j = net->sj[s];
        put(&p, POS(i), POS(n + i));
        put(&p, POS(j), POS(n + j));
        lift(&p);
    }
    for (size_t i = 0; i < n; i++) {
        double x = POS(i), y = POS(n + i);
        if (net->pinned[i]) {
            put(&p, x - r, y - r), put(&p, x + r, y - r), put(&p, x + r, y + r), put(&p, x - r, y + r);
            put(&p, x - r, y - r), lift(&p);
        } else if (n <= GLYPH_MAX_MASSES) {
            put(&p, x - r, y), put(&p, x + r, y), lift(&p);
            put(&p, x, y - r), put(&p, x, y + r), lift(&p);
        }
    }
#undef POS
    return p.n;
}

/* Sets the ranges to the world box fitted to the chart's plot area (rendered empty to learn it); the dot pitch
 * in world units goes to *dot. Twice, in case the new ranges' tick labels changed the area's width. */
static void fit_ranges(plot_chart *ch, const double box[4], plot_mode mode, double *dot)
{
    double range[4] = {box[0], box[1], box[2], box[3]};
    *dot = (box[1] - box[0]) / 100.0;
    for (int pass = 0; pass < 2; pass++) {
        plot_chart_set_range(ch, PLOT_X, range[0], range[1]);
        plot_chart_set_range(ch, PLOT_Y, range[2], range[3]);
        plot_chart_render(ch);
        int col, row, cols, rows;
        if (plot_chart_area(ch, &col, &row, &cols, &rows))
            return;  /* too small to plot: the chart says so */
        const bool braille = mode == PLOT_BRAILLE;
        const int dc = braille ? 2 * cols : cols;
        plot_equal_aspect(box, cols, rows, mode, range);
        *dot = (range[1] - range[0]) / (dc > 1 ? dc - 1 : 1);
    }
    plot_chart_set_range(ch, PLOT_X, range[0], range[1]);
    plot_chart_set_range(ch, PLOT_Y, range[2], range[3]);
}

int lab_chart_network(plot_chart *ch, lab_network_view *v, plot_mode mode)
{
    const lab_sim *s = v->sim;
    const net_network *net = s->net;
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_X, false);
    plot_chart_set_log(ch, PLOT_Y, false);
    plot_chart_set_labels(ch, "x [m]", "y [m]");
    plot_chart_set_title(ch, v->title);
    double dot;
    fit_ranges(ch, v->box, mode, &dot);
    const size_t need = 3 * net->n_springs + 6 * net->n_masses;
    int rc = 0;
    for (int k = 0; k < s->n_runs; k++) {
        const lab_run *run = &s->run[k];
        if (!v->shown[k] || run->stopped)
            continue;
        if (strokes_reserve(&v->strokes[k], need)) {
            rc = -1;
            continue;
        }
        size_t points = stroke_run(net, run, v->alpha, 2.0 * dot, &v->strokes[k]);
        plot_series ser = {.name = net_method_name(run->method), .x = v->strokes[k].x, .y = v->strokes[k].y,
                           .n = points, .color = lab_method_color(run->method)};
        plot_chart_add_series(ch, &ser);
        if (v->selected < net->n_masses) {
            const size_t i = v->selected, n = net->n_masses;
            plot_chart_add_marker(ch, ts_lerp(run->prev[i], run->y[i], v->alpha),
                                  ts_lerp(run->prev[n + i], run->y[n + i], v->alpha), ser.color, NULL);
        }
    }
    return rc;
}

/* The energy range of the shown runs still going (a diverged run's last energies would flatten the others into a
 * line: its curve leaves the top instead). False when none is going. */
static bool live_energy_range(const lab_sim *s, const bool *shown, double *lo, double *hi)
{
    *lo = INFINITY, *hi = -INFINITY;
    for (int k = 0; k < s->n_runs; k++)
        if (shown[k] && !s->run[k].stopped)
            for (size_t i = 0; i < s->run[k].n_energy; i++)
                *lo = fmin(*lo, s->run[k].energy[i]), *hi = fmax(*hi, s->run[k].energy[i]);
    return *lo <= *hi && isfinite(*lo) && isfinite(*hi);
}

void lab_chart_energy(plot_chart *ch, const lab_sim *s, const bool *shown)
{
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_Y, false);
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_labels(ch, "t [s]", "E [J]");
    plot_chart_set_title(ch, "total energy of each integrator");
    double lo, hi;
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    if (live_energy_range(s, shown, &lo, &hi)) {
        /* the chart's own autoscale rules (5% padding, a single value +-10%), over the live runs only */
        double pad = hi - lo > 1e-12 * fmax(fabs(lo), fabs(hi)) ? 0.05 * (hi - lo)
                     : fabs(lo) > 1e-270                      ? 0.1 * fabs(lo) : 1.0;
        plot_chart_set_range(ch, PLOT_Y, lo - pad, hi + pad);
    }
    for (int k = 0; k < s->n_runs; k++) {
        const lab_run *run = &s->run[k];
        if (!shown[k])
            continue;
        plot_series ser = {.name = net_method_name(run->method), .x = s->hist_t, .y = run->energy,
                           .n = run->n_energy, .color = lab_method_color(run->method)};
        plot_chart_add_series(ch, &ser);
    }
}

void lab_format_seconds(char *buf, size_t size, double seconds)
{
    double a = fabs(seconds);
    if (a >= 1.0 || a == 0.0 || !isfinite(a))
        snprintf(buf, size, "%.3g s", seconds);
    else if (a >= 1e-3)
        snprintf(buf, size, "%.3g ms", 1e3 * seconds);
    else if (a >= 1e-6)
        snprintf(buf, size, "%.3g us", 1e6 * seconds);
    else
        snprintf(buf, size, "%.3g ns", 1e9 * seconds);
}

/* One method's limit and where dt stands: "semi 12.7 ms, stable (0.33x)"; `what` names an undamped closed form. */
static size_t gauge_method(char *buf, size_t size, size_t used, double dt, const net_modes *m, net_method method,
                           const char *what)
{
    const char *sep = method == NET_EXPLICIT ? "" : "; ";
    char lim[32];
    const double limit = m->limit[method];
    lab_format_seconds(lim, sizeof lim, limit);
    if (!(limit > 0.0))  /* explicit Euler with an undamped mode: unstable at every step */
        return tui_append(buf, size, used, "%s%s 0, UNSTABLE", sep, net_method_name(method));
    return tui_append(buf, size, used, "%s%s %s%s, %s (%.2fx)", sep, net_method_name(method), what, lim,
                      dt < limit ? "stable" : "UNSTABLE", dt / limit);
}

int lab_gauge(char *buf, size_t size, double dt, const net_modes *m)
{
    char h[32], semi[32], rk4[32];
    lab_format_seconds(h, sizeof h, dt);
    if (!(m->omega_max > 0.0) || !isfinite(m->omega_max))
        return snprintf(buf, size, "dt = %s: no stiffness, no step limit", h);
    if (m->damping == NET_DAMPING_UNKNOWN) {
        lab_format_seconds(semi, sizeof semi, m->semi_limit);
        lab_format_seconds(rk4, sizeof rk4, m->rk4_limit);
        return snprintf(buf, size, "dt = %s: the dampers couple this network's modes and it has more than %u "
                        "coordinates: no damped limit (undamped: semi 2/w_max = %s, rk4 2.83/w_max = %s)", h,
                        NET_COUPLED_MAX_DOF, semi, rk4);
    }
    /* the limits of the damped step matrices (net_limits.c): stable for dt below them */
    size_t used = 0;
    buf[0] = '\0';
    if (m->damping == NET_DAMPING_NONE)
        used = tui_append(buf, size, used, "dt = %s, undamped limits: ", h);
    else if (m->damping == NET_DAMPING_MODAL)
        used = tui_append(buf, size, used, "dt = %s, damped limits (top mode's zeta %.2g): ", h, m->zeta_top);
    else
        used = tui_append(buf, size, used, "dt = %s, damped limits (modes coupled): ", h);
    const bool undamped = m->damping == NET_DAMPING_NONE;
    used = gauge_method(buf, size, used, dt, m, NET_EXPLICIT, "");
    used = gauge_method(buf, size, used, dt, m, NET_SEMI, undamped ? "2/w_max = " : "");
    used = gauge_method(buf, size, used, dt, m, NET_RK4, undamped ? "2.83/w_max = " : "");
    return (int)used;
}

int lab_cell_to_world(const plot_chart *ch, int col, int row, double *x, double *y)
{
    /* a pointer dragged past the plot area pulls the mass to its edge */
    return plot_chart_cell_to_data_clamped(ch, col, row, x, y);
}
