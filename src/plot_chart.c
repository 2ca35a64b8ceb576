/* plot: charts on a canvas (ranges, ticks, frame, texts, legend, reference lines, markers). See
 * include/numlab/plot.h. */
#include "numlab/lang.h"
#include "numlab/plot.h"
#include "numlab/plot_heat.h"
#include "plot_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define AUTOSCALE_LIMIT 1e300   /* larger values are drawn but do not stretch an autoscaled axis */
#define MIN_AREA_COLS 4         /* below this plot area the chart says "plot too small" */
#define MIN_AREA_ROWS 2

/* --- setup ----------------------------------------------------------------------------------------------- */

plot_chart *plot_chart_new(int width, int height, plot_mode mode)
{
    plot_chart *ch = calloc(1, sizeof *ch);
    if (!ch)
        return NULL;
    ch->canvas = plot_canvas_new(width, height, mode);  /* big enough for any plot area of this size */
    if (!ch->canvas || plot_grid_reserve(&ch->grid, &ch->capacity, width, height)) {
        plot_chart_free(ch);
        return NULL;
    }
    ch->mode = mode;
    ch->axis[PLOT_X] = (plot_axis_state){.pad = 0.0, .lo = 0.0, .hi = 1.0};
    ch->axis[PLOT_Y] = (plot_axis_state){.pad = 0.05, .lo = 0.0, .hi = 1.0};
    ch->legend = PLOT_LEGEND_AUTO;
    return ch;
}

void plot_chart_free(plot_chart *ch)
{
    if (ch) {
        plot_canvas_free(ch->canvas);
        free(ch->grid.cells);
        free(ch->owned);
        free(ch);
    }
}

int plot_chart_resize(plot_chart *ch, int width, int height)
{
    /* the canvas first: it is resized to the plot area at every render, so growing it early is harmless */
    int rc = plot_canvas_resize(ch->canvas, width, height);
    if (rc || (rc = plot_grid_reserve(&ch->grid, &ch->capacity, width, height)))
        return rc;
    ch->rendered = false;
    return 0;
}

void plot_chart_set_mode(plot_chart *ch, plot_mode mode)
{
    ch->mode = mode;
    plot_canvas_set_mode(ch->canvas, mode);
}

/* Copies a text, cut at a code point boundary when it is too long; NULL gives "". */
static void copy_text(char *dst, size_t size, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;  /* src[n] would be the first byte left out: never split a sequence */
    }
    if (n)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

void plot_chart_set_title(plot_chart *ch, const char *title)
{
    copy_text(ch->title, sizeof ch->title, title);
}

void plot_chart_set_labels(plot_chart *ch, const char *xlabel, const char *ylabel)
{
    copy_text(ch->xlabel, sizeof ch->xlabel, xlabel);
    copy_text(ch->ylabel, sizeof ch->ylabel, ylabel);
}

/* A range a log axis can show: positive, and not too narrow in decades either. */
static bool log_range_ok(double min, double max)
{
    return min > 0.0 && plot_span_ok(log10(min), log10(max));
}

int plot_chart_set_range(plot_chart *ch, plot_axis axis, double min, double max)
{
    plot_axis_state *a = &ch->axis[axis];
    if (!plot_span_ok(min, max) || (a->log && !log_range_ok(min, max)))
        return -1;
    a->fixed = true, a->min = min, a->max = max;
    return 0;
}

void plot_chart_set_autoscale(plot_chart *ch, plot_axis axis, double pad)
{
    plot_axis_state *a = &ch->axis[axis];
    a->fixed = false;
    a->pad = pad > 0.0 ? (pad < 1.0 ? pad : 1.0) : 0.0;  /* NaN -> 0 */
}

int plot_chart_set_log(plot_chart *ch, plot_axis axis, bool log)
{
    plot_axis_state *a = &ch->axis[axis];
    if (log && a->fixed && !log_range_ok(a->min, a->max))
        return -1;
    a->log = log;
    return 0;
}

void plot_chart_set_legend(plot_chart *ch, plot_legend where)
{
    ch->legend = where;
}

void plot_chart_set_equal_aspect(plot_chart *ch, bool on)
{
    ch->equal_aspect = on;
}

void plot_chart_clear(plot_chart *ch)
{
    ch->nseries = ch->nrefs = ch->nmarkers = 0;
    ch->image.values = NULL;
}

int plot_chart_set_image(plot_chart *ch, const plot_image *im)
{
    if (!im) {
        ch->image.values = NULL;
        return 0;
    }
    if (!im->values || im->nx < 1 || im->ny < 1 || im->nx > (1 << 20) || im->ny > (1 << 20) ||
        !plot_span_ok(im->x0, im->x1) || !plot_span_ok(im->y0, im->y1) || !plot_span_ok(im->lo, im->hi))
        return -1;
    ch->image = *im;
    copy_text(ch->image_unit, sizeof ch->image_unit, im->unit);
    ch->image.unit = ch->image_unit;
    return 0;
}

static bool valid_color(int color)
{
    return color >= 0 && color <= PLOT_COLORS;
}

int plot_chart_add_series(plot_chart *ch, const plot_series *s)
{
    if (ch->nseries == PLOT_MAX_SERIES || !s->y || !valid_color(s->color))
        return -1;
    int index = ch->nseries++;
    plot_series_entry *e = &ch->series[index];
    e->data = *s;
    e->data.stride = s->stride ? s->stride : 1;
    e->data.color = s->color ? s->color : index + 1;
    copy_text(e->name, sizeof e->name, s->name);
    e->data.name = e->name;
    return index;
}

static int add_ref(plot_chart *ch, plot_axis axis, double value, int color, const char *label)
{
    if (ch->nrefs == PLOT_MAX_REFS || !isfinite(value) || !valid_color(color))
        return -1;
    plot_ref_entry *r = &ch->refs[ch->nrefs++];
    r->axis = axis, r->value = value, r->color = color;
    copy_text(r->label, sizeof r->label, label);
    return 0;
}

int plot_chart_add_hline(plot_chart *ch, double y, int color, const char *label)
{
    return add_ref(ch, PLOT_Y, y, color, label);
}

int plot_chart_add_vline(plot_chart *ch, double x, int color, const char *label)
{
    return add_ref(ch, PLOT_X, x, color, label);
}

int plot_chart_add_marker(plot_chart *ch, double x, double y, int color, const char *label)
{
    if (ch->nmarkers == PLOT_MAX_MARKERS || !isfinite(x) || !isfinite(y) || !valid_color(color))
        return -1;
    plot_marker_entry *m = &ch->markers[ch->nmarkers++];
    m->x = x, m->y = y, m->color = color;
    copy_text(m->label, sizeof m->label, label);
    return 0;
}

/* --- ranges ---------------------------------------------------------------------------------------------- */

static void include(double *lo, double *hi, double data, double view)
{
    if (isfinite(view) && fabs(data) <= AUTOSCALE_LIMIT) {
        if (view < *lo)
            *lo = view;
        if (view > *hi)
            *hi = view;
    }
}

/* The autoscaled range of one axis in view units: x over every point with a valid x, y over the points with a valid
 * x (inside the x range when that is fixed: ch->axis[PLOT_X].lo/hi are set first), and the reference lines and
 * markers on that axis. */
static void autoscale(const plot_chart *ch, plot_axis which, double *lo, double *hi)
{
    const plot_axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y], *a = &ch->axis[which];
    const bool filter = which == PLOT_Y && ax->fixed;
    *lo = INFINITY, *hi = -INFINITY;
    for (int s = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        for (size_t i = 0; i < d->n; i++) {
            double x = d->x ? d->x[i * d->stride] : (double)i, y = d->y[i * d->stride];
            double vx = plot_to_view(ax, x);
            if (which == PLOT_X)  /* the whole domain, also where y cannot be drawn (an error of 0 at t = 0) */
                include(lo, hi, x, vx);
            else if (isfinite(vx) && (!filter || (vx >= ax->lo && vx <= ax->hi)))
                include(lo, hi, y, plot_to_view(ay, y));
        }
    }
    for (int r = 0; r < ch->nrefs; r++)
        if (ch->refs[r].axis == which)
            include(lo, hi, ch->refs[r].value, plot_to_view(a, ch->refs[r].value));
    for (int m = 0; m < ch->nmarkers; m++) {
        const plot_marker_entry *mk = &ch->markers[m];
        if (which == PLOT_X)
            include(lo, hi, mk->x, plot_to_view(ax, mk->x));
        else if (!filter || (plot_to_view(ax, mk->x) >= ax->lo && plot_to_view(ax, mk->x) <= ax->hi))
            include(lo, hi, mk->y, plot_to_view(ay, mk->y));
    }
    if (*lo > *hi) {  /* nothing to show */
        *lo = 0.0, *hi = 1.0;
        return;
    }
    double span = *hi - *lo;
    /* a single value, or all within rounding of one (or within 1e-280: closer than a view may be narrow) */
    if (span <= 1e-12 * fmax(fabs(*lo), fabs(*hi)) || span < 1e-280) {
        double centre = 0.5 * (*lo + *hi);
        double half = a->log ? 1.0 : fabs(centre) > 1e-270 ? 0.1 * fabs(centre) : 1.0;
        *lo = centre - half, *hi = centre + half;
    } else {
        *lo -= a->pad * span, *hi += a->pad * span;
    }
}

static void compute_range(plot_chart *ch, plot_axis which)
{
    plot_axis_state *a = &ch->axis[which];
    if (a->fixed)
        a->lo = plot_to_view(a, a->min), a->hi = plot_to_view(a, a->max);
    else
        autoscale(ch, which, &a->lo, &a->hi);
}

/* Ticks for an axis's current range, at most max_count; values in data units. */
int plot_axis_ticks(const plot_axis_state *a, int max_count, plot_ticks *t)
{
    if (a->log)
        return plot_ticks_log(pow(10.0, a->lo), pow(10.0, a->hi), max_count, t);
    return plot_ticks_linear(a->lo, a->hi, max_count, t);
}

/* A tick's value in view units, pulled into the range when it is off by rounding only (0.30000000000000004). */
double plot_tick_view(const plot_axis_state *a, double value)
{
    double v = plot_to_view(a, value), tol = 1e-9 * (a->hi - a->lo);
    if (v < a->lo && v >= a->lo - tol)
        return a->lo;
    if (v > a->hi && v <= a->hi + tol)
        return a->hi;
    return v;
}

/* --- text into the grid ---------------------------------------------------------------------------------- */

void plot_chart_put_cell(plot_chart *ch, int col, int row, uint32_t cp, int color, int attr)
{
    if (col < 0 || col >= ch->grid.cols || row < 0 || row >= ch->grid.rows)
        return;
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || (ch->mode == PLOT_ASCII && cp > 0x7E))
        cp = '?';  /* control characters never reach the terminal; ASCII mode stays 7-bit */
    ch->grid.cells[row * ch->grid.cols + col] = (plot_cell){.ch = cp, .color = (uint8_t)color, .attr = (uint8_t)attr};
}

/* Writes at most max_cols code points of s from (col, row); returns the cells written. */
int plot_chart_put_text(plot_chart *ch, int col, int row, const char *s, int max_cols, int attr)
{
    int n = 0;
    while (*s && n < max_cols)
        plot_chart_put_cell(ch, col + n++, row, plot_utf8_next(&s), 0, attr);
    return n;
}

static int text_width(const char *s)
{
    return plot_utf8_length(s);
}

/* The code points in the first n bytes of s. */
static int text_width_n(const char *s, size_t n)
{
    const char *end = s + n;
    int w = 0;
    while (*s && s < end)
        plot_utf8_next(&s), w++;
    return w;
}

/* Where a text wider than width breaks: the bytes of the longest run of whole words that fits (0 when not even the
 * first word does). */
static size_t fit_words(const char *s, int width)
{
    size_t fit = 0;
    for (const char *p = s; *p; p++)
        if (*p == ' ' && text_width_n(s, (size_t)(p - s)) <= width)
            fit = (size_t)(p - s);
    return text_width(s) <= width ? strlen(s) : fit;
}

/* --- layout ---------------------------------------------------------------------------------------------- */

typedef struct {
    int title_row, ylabel_row;  /* -1 when absent */
    int title_rows;             /* a title wider than the chart takes two rows, broken between words */
    size_t title_split;         /* the bytes of its first row */
    int legend_row;             /* the first row of a legend above the plot area */
    int top;                    /* the plot area's first row */
    int area_rows, area_cols;
    int label_width;            /* of the y tick labels */
    int axis_col;               /* the y axis; the plot area starts right of it */
    int xlabel_row;             /* -1 when absent */
} layout;

/* The x tick cells and whether their labels (with a space between) fit. */
static bool x_labels_fit(const plot_chart *ch, const plot_ticks *t)
{
    const plot_axis_state *a = &ch->axis[PLOT_X];
    int prev_col = -1, prev_half = 0;
    for (int i = 0; i < t->count; i++) {
        int col = plot_canvas_col_of(ch->canvas, plot_tick_view(a, t->value[i]));
        if (col < 0)
            continue;
        int half = (text_width(t->label[i]) + 1) / 2;
        if (prev_col >= 0 && col - prev_col < prev_half + half + 2)
            return false;
        prev_col = col, prev_half = half;
    }
    return true;
}

/* Rows, margins and ticks for the current size and ranges; false when the plot area would be too small. */
static bool lay_out(plot_chart *ch, layout *l)
{
    const int width = ch->grid.cols, height = ch->grid.rows;
    int title_start = (width - text_width(ch->title)) / 2;
    l->title_row = ch->title[0] ? 0 : -1;
    l->ylabel_row = -1;
    l->title_split = fit_words(ch->title, width);
    l->title_rows = !ch->title[0] ? 0 : l->title_split > 0 && ch->title[l->title_split] ? 2 : 1;
    int header = l->title_rows;
    l->legend_row = header;
    header += ch->legend_above;
    if (ch->ylabel[0]) {
        /* on the title's row when it fits left of the title with two spaces, else on its own */
        bool share = l->title_rows == 1 && text_width(ch->ylabel) + 2 <= title_start;
        l->ylabel_row = share ? 0 : header++;
    }
    l->top = header;
    l->area_rows = height - header - 2 - (ch->xlabel[0] ? 1 : 0);
    l->xlabel_row = ch->xlabel[0] ? height - 1 : -1;
    if (l->area_rows < MIN_AREA_ROWS)
        return false;

    /* y ticks: one every three rows or more */
    int max_y = l->area_rows >= 4 ? l->area_rows / 3 + 1 : 2;
    plot_axis_ticks(&ch->axis[PLOT_Y], max_y, &ch->ticks[PLOT_Y]);
    l->label_width = 0;
    for (int i = 0; i < ch->ticks[PLOT_Y].count; i++) {
        int w = text_width(ch->ticks[PLOT_Y].label[i]);
        if (w > l->label_width)
            l->label_width = w;
    }
    l->axis_col = l->label_width + 1;
    l->area_cols = width - l->axis_col - 1;
    if (l->area_cols < MIN_AREA_COLS)
        return false;

    const plot_axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    plot_canvas_resize(ch->canvas, l->area_cols, l->area_rows);  /* within its capacity: no allocation */
    plot_canvas_set_view(ch->canvas, ax->lo, ax->hi, ay->lo, ay->hi);

    /* x ticks: about one every eight columns, fewer until the labels fit */
    int most = l->area_cols / 8 + 1;
    for (int max_x = most < PLOT_MAX_TICKS ? most : PLOT_MAX_TICKS; max_x >= 1; max_x--) {
        plot_axis_ticks(ax, max_x, &ch->ticks[PLOT_X]);
        if (x_labels_fit(ch, &ch->ticks[PLOT_X]))
            break;
    }
    return true;
}

/* lay_out, then in equal-aspect mode the ranges widened to the plot area (plot_equal_aspect) and laid out again:
 * twice, as the new ranges' tick labels may move the area. */
static bool lay_out_equal(plot_chart *ch, layout *l)
{
    plot_axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    if (!lay_out(ch, l))
        return false;
    if (!ch->equal_aspect || ax->log || ay->log)
        return true;
    const double box[4] = {ax->lo, ax->hi, ay->lo, ay->hi};
    for (int pass = 0; pass < 2; pass++) {
        double r[4];
        plot_equal_aspect(box, l->area_cols, l->area_rows, ch->mode, r);
        ax->lo = r[0], ax->hi = r[1], ay->lo = r[2], ay->hi = r[3];
        if (!lay_out(ch, l))
            return false;
    }
    return true;
}

/* --- drawing --------------------------------------------------------------------------------------------- */

static void draw_data(plot_chart *ch)
{
    const plot_axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    for (int r = 0; r < ch->nrefs; r++) {  /* first: data dots add to them (braille) or replace them (ASCII) */
        const plot_ref_entry *ref = &ch->refs[r];
        if (ref->axis == PLOT_Y)
            plot_canvas_hline(ch->canvas, plot_to_view(ay, ref->value), ref->color);
        else
            plot_canvas_vline(ch->canvas, plot_to_view(ax, ref->value), ref->color);
    }
    const unsigned logs = (ax->log ? PLOT_DRAW_LOG_X : 0u) | (ay->log ? PLOT_DRAW_LOG_Y : 0u);
    for (int s = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        plot_canvas_series(ch->canvas, d->x, d->y, d->n, d->stride, d->color,
                           logs | (d->style == PLOT_POINTS ? PLOT_DRAW_POINTS : 0u));
    }
}

static void copy_area(plot_chart *ch, const layout *l)
{
    const plot_grid *area = plot_canvas_grid(ch->canvas);
    for (int r = 0; r < area->rows; r++)
        memcpy(&ch->grid.cells[(l->top + r) * ch->grid.cols + l->axis_col + 1], &area->cells[r * area->cols],
               (size_t)area->cols * sizeof *area->cells);
}

/* The image's value at a point in view units as a cell's level (plot_heat_level; 0 outside it, or NaN). */
static uint8_t image_level(const plot_chart *ch, double vx, double vy)
{
    const plot_image *im = &ch->image;
    const double v = plot_image_at(im, plot_to_data(&ch->axis[PLOT_X], vx), plot_to_data(&ch->axis[PLOT_Y], vy));
    return plot_heat_level((v - im->lo) / (im->hi - im->lo));
}

/* The heat map in the cells the data left blank, shaded by the value at each cell's centre; each cell keeps its two
 * pixels' levels too (a quarter of a cell above and below its centre), for a screen that paints half blocks. */
static void draw_image(plot_chart *ch, const layout *l)
{
    const plot_image *im = &ch->image;
    if (!im->values)
        return;
    const plot_axis_state *ay = &ch->axis[PLOT_Y];
    int cell_w, cell_h;
    plot_mode_cell(ch->mode, &cell_w, &cell_h);
    const int dots = l->area_rows * cell_h;
    const double quarter = 0.25 * cell_h * (ay->hi - ay->lo) / (dots > 1 ? dots - 1 : 1);
    for (int r = 0; r < l->area_rows; r++)
        for (int c = 0; c < l->area_cols; c++) {
            plot_cell *cell = &ch->grid.cells[(l->top + r) * ch->grid.cols + l->axis_col + 1 + c];
            double vx, vy;
            plot_canvas_cell_center(ch->canvas, c, r, &vx, &vy);
            double v = plot_image_at(im, plot_to_data(&ch->axis[PLOT_X], vx), plot_to_data(&ch->axis[PLOT_Y], vy));
            if (cell->ch != ' ' || isnan(v))  /* NaN stays blank; so do values at or below lo, marked as the map's */
                continue;
            cell->attr = PLOT_ATTR_IMAGE;
            cell->ch = plot_image_shade(ch->mode, (v - im->lo) / (im->hi - im->lo));
            cell->heat[0] = image_level(ch, vx, vy + quarter);
            cell->heat[1] = image_level(ch, vx, vy - quarter);
        }
}

static void draw_markers(plot_chart *ch, const layout *l)
{
    const plot_axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    for (int m = 0; m < ch->nmarkers; m++) {
        const plot_marker_entry *mk = &ch->markers[m];
        int col, row;
        if (plot_canvas_cell_of(ch->canvas, plot_to_view(ax, mk->x), plot_to_view(ay, mk->y), &col, &row))
            plot_chart_put_cell(ch, l->axis_col + 1 + col, l->top + row, plot_frame_glyphs(ch->mode)->marker,
                                mk->color, PLOT_ATTR_BOLD);
    }
}

static void draw_axes(plot_chart *ch, const layout *l)
{
    const plot_glyph_set *g = plot_frame_glyphs(ch->mode);
    const int axis_row = l->top + l->area_rows, first_col = l->axis_col + 1;
    for (int r = l->top; r < axis_row; r++)
        plot_chart_put_cell(ch, l->axis_col, r, g->vertical, 0, 0);
    plot_chart_put_cell(ch, l->axis_col, axis_row, g->corner, 0, 0);
    for (int c = first_col; c < ch->grid.cols; c++)
        plot_chart_put_cell(ch, c, axis_row, g->horizontal, 0, 0);

    const plot_ticks *ty = &ch->ticks[PLOT_Y];
    for (int i = 0; i < ty->count; i++) {
        int row = plot_canvas_row_of(ch->canvas, plot_tick_view(&ch->axis[PLOT_Y], ty->value[i]));
        if (row < 0)
            continue;
        plot_chart_put_cell(ch, l->axis_col, l->top + row, g->y_tick, 0, 0);
        plot_chart_put_text(ch, l->label_width - text_width(ty->label[i]), l->top + row, ty->label[i], l->label_width,
                            0);
    }

    const plot_ticks *tx = &ch->ticks[PLOT_X];
    int free_col = 0;  /* the first column a label may use: one space after the previous label */
    for (int i = 0; i < tx->count; i++) {
        int col = plot_canvas_col_of(ch->canvas, plot_tick_view(&ch->axis[PLOT_X], tx->value[i]));
        if (col < 0)
            continue;
        plot_chart_put_cell(ch, first_col + col, axis_row, g->x_tick, 0, 0);
        int w = text_width(tx->label[i]), start = first_col + col - (w - 1) / 2;
        if (start + w > ch->grid.cols)
            start = ch->grid.cols - w;
        if (start < free_col)
            continue;
        plot_chart_put_text(ch, start, axis_row + 1, tx->label[i], w, 0);
        free_col = start + w + 1;
    }
}

static void draw_texts(plot_chart *ch, const layout *l)
{
    const int width = ch->grid.cols;
    if (l->title_rows == 1) {  /* whole, or its first word cut when even that is wider than the chart */
        int w = text_width(ch->title), start = w < width ? (width - w) / 2 : 0;
        plot_chart_put_text(ch, start, l->title_row, ch->title, width, PLOT_ATTR_BOLD);
    } else if (l->title_rows == 2) {  /* whole words on each row; what the second cannot hold ends in an ellipsis */
        int w = text_width_n(ch->title, l->title_split);
        plot_chart_put_text(ch, (width - w) / 2, l->title_row, ch->title, w, PLOT_ATTR_BOLD);
        const char *rest = ch->title + l->title_split;
        rest += strspn(rest, " ");
        const char *dots = ch->mode != PLOT_ASCII ? "\u2026" : "...";
        int dots_w = text_width(dots);
        size_t n = text_width(rest) <= width ? strlen(rest) : fit_words(rest, width - dots_w);
        int rw = text_width_n(rest, n), total = rw + (rest[n] ? dots_w : 0);
        int start = total < width ? (width - total) / 2 : 0;
        plot_chart_put_text(ch, start, l->title_row + 1, rest, rw, PLOT_ATTR_BOLD);
        if (rest[n])
            plot_chart_put_text(ch, start + rw, l->title_row + 1, dots, dots_w, PLOT_ATTR_BOLD);
    }
    if (l->ylabel_row >= 0)
        plot_chart_put_text(ch, 0, l->ylabel_row, ch->ylabel, width, 0);
    if (l->xlabel_row >= 0) {
        int w = text_width(ch->xlabel), first = l->axis_col + 1;
        int start = first + (l->area_cols - w) / 2;
        if (start + w > width)
            start = width - w;
        plot_chart_put_text(ch, start < 0 ? 0 : start, l->xlabel_row, ch->xlabel, width, 0);
    }
}

/* --- render ---------------------------------------------------------------------------------------------- */

/* Everything but the legend; false when the chart is too small to plot. */
static bool draw_chart(plot_chart *ch, layout *l)
{
    const size_t cells = (size_t)ch->grid.cols * (size_t)ch->grid.rows;
    for (size_t i = 0; i < cells; i++)
        ch->grid.cells[i] = (plot_cell){.ch = ' '};
    compute_range(ch, PLOT_X);  /* x first: a fixed x range filters y's autoscale */
    compute_range(ch, PLOT_Y);
    if (!lay_out_equal(ch, l)) {
        plot_chart_put_text(ch, 0, 0, _("plot too small"), ch->grid.cols, 0);
        return false;
    }
    draw_data(ch);
    copy_area(ch, l);
    draw_image(ch, l);
    draw_markers(ch, l);
    draw_axes(ch, l);
    draw_texts(ch, l);
    return true;
}

const plot_grid *plot_chart_render(plot_chart *ch)
{
    ch->rendered = false;
    ch->legend_above = 0;
    layout l;
    if (!draw_chart(ch, &l))
        return &ch->grid;
    const int left = l.axis_col + 1;
    /* AUTO: a legend that would hide data in every corner goes above the plot area (which gives up its rows) */
    int rows = ch->legend == PLOT_LEGEND_AUTO && plot_draw_legend(ch, left, l.top, l.area_cols, l.area_rows, true) > 0
                   ? plot_legend_flow(ch, left, l.legend_row, false)
                   : 0;
    if (rows > 0 && rows <= 2 && l.area_rows - rows >= 2 * MIN_AREA_ROWS) {
        ch->legend_above = rows;
        if (!draw_chart(ch, &l))
            return &ch->grid;
        plot_legend_flow(ch, left, l.legend_row, true);
        ch->legend_corner = -1;
    } else {
        plot_draw_legend(ch, left, l.top, l.area_cols, l.area_rows, false);
    }
    ch->rendered = true;
    ch->area_col = l.axis_col + 1, ch->area_row = l.top;
    ch->area_cols = l.area_cols, ch->area_rows = l.area_rows;
    plot_capture_note(ch);
    return &ch->grid;
}

int plot_chart_area(const plot_chart *ch, int *col, int *row, int *cols, int *rows)
{
    if (!ch->rendered)
        return -1;
    *col = ch->area_col, *row = ch->area_row, *cols = ch->area_cols, *rows = ch->area_rows;
    return 0;
}

int plot_chart_range(const plot_chart *ch, plot_axis axis, double *min, double *max)
{
    if (!ch->rendered)
        return -1;
    const plot_axis_state *a = &ch->axis[axis];
    *min = plot_to_data(a, a->lo), *max = plot_to_data(a, a->hi);
    return 0;
}

int plot_chart_cell_to_data(const plot_chart *ch, int col, int row, double *x, double *y)
{
    if (!ch->rendered || col < ch->area_col || col >= ch->area_col + ch->area_cols || row < ch->area_row ||
        row >= ch->area_row + ch->area_rows)
        return -1;
    double vx, vy;
    plot_canvas_cell_center(ch->canvas, col - ch->area_col, row - ch->area_row, &vx, &vy);
    *x = plot_to_data(&ch->axis[PLOT_X], vx), *y = plot_to_data(&ch->axis[PLOT_Y], vy);
    return 0;
}

int plot_chart_cell_to_data_clamped(const plot_chart *ch, int col, int row, double *x, double *y)
{
    if (!ch->rendered || ch->area_cols < 1 || ch->area_rows < 1)
        return -1;
    const int c0 = ch->area_col, r0 = ch->area_row;
    col = col < c0 ? c0 : col >= c0 + ch->area_cols ? c0 + ch->area_cols - 1 : col;
    row = row < r0 ? r0 : row >= r0 + ch->area_rows ? r0 + ch->area_rows - 1 : row;
    return plot_chart_cell_to_data(ch, col, row, x, y);
}

int plot_chart_data_to_cell(const plot_chart *ch, double x, double y, int *col, int *row)
{
    int c, r;
    if (!ch->rendered ||
        !plot_canvas_cell_of(ch->canvas, plot_to_view(&ch->axis[PLOT_X], x), plot_to_view(&ch->axis[PLOT_Y], y), &c,
                             &r))
        return -1;
    *col = ch->area_col + c, *row = ch->area_row + r;
    return 0;
}

int plot_chart_write(plot_chart *ch, FILE *f, unsigned flags)
{
    return plot_grid_write(plot_chart_render(ch), f, flags);
}
