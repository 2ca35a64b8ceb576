/* network-lab's charts: the network drawn to scale (springs as braille lines, masses as small glyphs) and the energy
 * of each integrator against time. The same builders serve `--plot` (printed once) and the interactive walk (redrawn
 * every frame). */
#include "lab.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define GLYPH_MAX_MASSES 16  /* larger networks draw their springs only (a cloth's nodes are its crossings) */

int nl_method_color(net_method m)
{
    return (int)m % PLOT_COLORS + 1;
}

/* The box of extents [x0, x1] x [y0, y1] widened as nl_world_box says. */
static void box_around(const net_network *net, double x0, double x1, double y0, double y1, double box[4])
{
    if (!(x0 <= x1 && y0 <= y1))  /* no masses */
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

/* Widens ext = [x0, x1, y0, y1] to take in the masses of state y. */
static void extents_add(const net_network *net, const double *y, double ext[4])
{
    const size_t n = net->n_masses;
    for (size_t i = 0; i < n; i++) {
        ext[0] = fmin(ext[0], y[i]), ext[1] = fmax(ext[1], y[i]);
        ext[2] = fmin(ext[2], y[n + i]), ext[3] = fmax(ext[3], y[n + i]);
    }
}

void nl_world_box(const net_network *net, const double *y, double box[4])
{
    double ext[4] = {INFINITY, -INFINITY, INFINITY, -INFINITY};
    extents_add(net, y, ext);
    box_around(net, ext[0], ext[1], ext[2], ext[3], box);
}

/* The extents of the shown live runs' masses; false when there is none. */
static bool shown_extents(const nl_sim *s, const bool *shown, double ext[4])
{
    ext[0] = ext[2] = INFINITY, ext[1] = ext[3] = -INFINITY;
    for (int k = 0; k < s->n_runs; k++)
        if (shown[k] && !s->run[k].stopped)
            extents_add(s->net, s->run[k].y, ext);
    return ext[0] <= ext[1] && isfinite(ext[0] + ext[1] + ext[2] + ext[3]);
}

bool nl_view_fit(const nl_sim *s, const bool *shown, double box[4])
{
    double ext[4];
    if (!shown_extents(s, shown, ext))
        return false;
    box_around(s->net, ext[0], ext[1], ext[2], ext[3], box);
    return true;
}

bool nl_view_follow(const nl_sim *s, const bool *shown, double box[4], const double *visible)
{
    const double *seen = visible ? visible : box;
    double ext[4];
    if (!shown_extents(s, shown, ext))
        return false;  /* nothing shown: the view stays */
    const bool inside = ext[0] >= seen[0] && ext[1] <= seen[1] && ext[2] >= seen[2] && ext[3] <= seen[3];
    const double shown_side = fmax(ext[1] - ext[0], ext[3] - ext[2]);
    const double box_side = fmax(box[1] - box[0], box[3] - box[2]);
    /* a fresh fit's box is about twice the masses' side (margins and the room to sag): refit when they leave it
     * or shrink to under NL_FOLLOW_SHRINK of it, not at every wobble */
    if (inside && shown_side >= NL_FOLLOW_SHRINK * box_side)
        return false;
    box_around(s->net, ext[0], ext[1], ext[2], ext[3], box);
    return true;
}

void nl_zoom(double box[4], double factor)
{
    const double cx = 0.5 * (box[0] + box[1]), cy = 0.5 * (box[2] + box[3]);
    const double hx = 0.5 * (box[1] - box[0]) * factor, hy = 0.5 * (box[3] - box[2]) * factor;
    box[0] = cx - hx, box[1] = cx + hx, box[2] = cy - hy, box[3] = cy + hy;
}

void nl_strokes_free(nl_strokes *st)
{
    free(st->x);
    free(st->y);
    st->x = st->y = NULL;
    st->cap = 0;
}

static int strokes_reserve(nl_strokes *st, size_t cap)
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
    nl_strokes *st;
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
static size_t stroke_run(const net_network *net, const nl_run *run, double alpha, double r, nl_strokes *st)
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
        int cell_w, cell_h;
        plot_mode_cell(mode, &cell_w, &cell_h);
        const int dc = cell_w * cols;
        plot_equal_aspect(box, cols, rows, mode, range);
        *dot = (range[1] - range[0]) / (dc > 1 ? dc - 1 : 1);
    }
    plot_chart_set_range(ch, PLOT_X, range[0], range[1]);
    plot_chart_set_range(ch, PLOT_Y, range[2], range[3]);
}

int nl_chart_network(plot_chart *ch, nl_network_view *v, plot_mode mode)
{
    const nl_sim *s = v->sim;
    const net_network *net = s->net;
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_X, false);
    plot_chart_set_log(ch, PLOT_Y, false);
    /* the view below is already to scale on the terminal's cells; the mode keeps it to scale in a figure too */
    plot_chart_set_equal_aspect(ch, true);
    plot_chart_set_labels(ch, "x [m]", "y [m]");
    plot_chart_set_title(ch, v->title);
    double dot;
    fit_ranges(ch, v->box, mode, &dot);
    const size_t need = 3 * net->n_springs + 6 * net->n_masses;
    int rc = 0;
    for (int k = 0; k < s->n_runs; k++) {
        const nl_run *run = &s->run[k];
        if (!v->shown[k] || run->stopped)
            continue;
        if (strokes_reserve(&v->strokes[k], need)) {
            rc = -1;
            continue;
        }
        size_t points = stroke_run(net, run, v->alpha, 2.0 * dot, &v->strokes[k]);
        char label[48];
        plot_series ser = {.name = nl_run_label(run, label, sizeof label), .x = v->strokes[k].x,
                           .y = v->strokes[k].y, .n = points, .color = nl_run_color(run)};
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
static bool live_energy_range(const nl_sim *s, const bool *shown, double *lo, double *hi)
{
    *lo = INFINITY, *hi = -INFINITY;
    for (int k = 0; k < s->n_runs; k++)
        if (shown[k] && !s->run[k].stopped)
            for (size_t i = 0; i < s->run[k].n_energy; i++)
                *lo = fmin(*lo, s->run[k].energy[i]), *hi = fmax(*hi, s->run[k].energy[i]);
    return *lo <= *hi && isfinite(*lo) && isfinite(*hi);
}

void nl_chart_energy(plot_chart *ch, const nl_sim *s, const bool *shown)
{
    plot_chart_clear(ch);
    plot_chart_set_equal_aspect(ch, false);
    plot_chart_set_log(ch, PLOT_Y, false);
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_labels(ch, "t [s]", "E [J]");
    plot_chart_set_title(ch, _("total energy of each integrator"));
    double lo, hi;
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    if (live_energy_range(s, shown, &lo, &hi)) {
        /* the chart's own autoscale rules (5% padding, a single value +-10%), over the live runs only */
        double pad = hi - lo > 1e-12 * fmax(fabs(lo), fabs(hi)) ? 0.05 * (hi - lo)
                     : fabs(lo) > 1e-270                      ? 0.1 * fabs(lo) : 1.0;
        plot_chart_set_range(ch, PLOT_Y, lo - pad, hi + pad);
    }
    for (int k = 0; k < s->n_runs; k++) {
        const nl_run *run = &s->run[k];
        if (!shown[k])
            continue;
        char label[48];
        plot_series ser = {.name = nl_run_label(run, label, sizeof label), .x = s->hist_t,
                           .y = run->energy, .n = run->n_energy, .color = nl_run_color(run)};
        plot_chart_add_series(ch, &ser);
    }
}

int nl_cell_to_world(const plot_chart *ch, int col, int row, double *x, double *y)
{
    /* a pointer dragged past the plot area pulls the mass to its edge */
    return plot_chart_cell_to_data_clamped(ch, col, row, x, y);
}
