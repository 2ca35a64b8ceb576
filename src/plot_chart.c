/* plot: charts on a canvas (ranges, ticks, frame, texts, legend, reference lines, markers). See
 * include/numlab/plot.h. */
#include "numlab/plot.h"
#include "plot_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define AUTOSCALE_LIMIT 1e300   /* larger values are drawn but do not stretch an autoscaled axis */
#define MIN_AREA_COLS 4         /* below this plot area the chart says "plot too small" */
#define MIN_AREA_ROWS 2

typedef struct {
    bool fixed, log;
    double min, max;            /* the fixed range, data units */
    double pad;                 /* autoscale padding, a fraction of the span */
    double lo, hi;              /* the range of the last render, view units (log10 of data on a log axis) */
} axis_state;

typedef struct {
    plot_series data;
    char name[PLOT_NAME_MAX];
} series_entry;

typedef struct {
    plot_axis axis;             /* the axis the value is on: PLOT_Y for a horizontal line y = value */
    double value;
    int color;
    char label[PLOT_NAME_MAX];
} ref_entry;

typedef struct {
    double x, y;
    int color;
    char label[PLOT_NAME_MAX];
} marker_entry;

struct plot_chart {
    plot_mode mode;
    plot_grid grid;
    size_t capacity;            /* cells allocated for the grid */
    plot_canvas *canvas;        /* the plot area */
    char title[PLOT_TITLE_MAX], xlabel[PLOT_NAME_MAX], ylabel[PLOT_NAME_MAX];
    axis_state axis[2];
    plot_legend legend;
    bool equal_aspect;
    int legend_above;           /* rows of an AUTO legend above the plot area, this render (every corner hid data) */
    series_entry series[PLOT_MAX_SERIES];
    ref_entry refs[PLOT_MAX_REFS];
    marker_entry markers[PLOT_MAX_MARKERS];
    int nseries, nrefs, nmarkers;
    bool rendered;              /* the last render drew a plot area */
    int area_col, area_row, area_cols, area_rows;
    plot_ticks ticks[2];
};

/* The frame and legend glyphs of each mode; 0 in a sample means "the series' ASCII glyph". */
typedef struct {
    uint32_t vertical, y_tick, horizontal, x_tick, corner, marker;
    uint32_t lines_sample, points_sample, hline_sample, vline_sample;
} glyph_set;

static const glyph_set glyph_sets[2] = {
    [PLOT_BRAILLE] = {0x2502, 0x2524, 0x2500, 0x252C, 0x2514, 0x28FF, 0x2500, 0x2836, 0x2504, 0x2506},
    [PLOT_ASCII] = {'|', '+', '-', '+', '+', '@', 0, 0, '-', ':'},
};

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
    ch->axis[PLOT_X] = (axis_state){.pad = 0.0, .lo = 0.0, .hi = 1.0};
    ch->axis[PLOT_Y] = (axis_state){.pad = 0.05, .lo = 0.0, .hi = 1.0};
    ch->legend = PLOT_LEGEND_AUTO;
    return ch;
}

void plot_chart_free(plot_chart *ch)
{
    if (ch) {
        plot_canvas_free(ch->canvas);
        free(ch->grid.cells);
        free(ch);
    }
}

int plot_chart_resize(plot_chart *ch, int width, int height)
{
    /* the canvas first: it is resized to the plot area at every render, so growing it early is harmless */
    if (plot_canvas_resize(ch->canvas, width, height) || plot_grid_reserve(&ch->grid, &ch->capacity, width, height))
        return -1;
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
    axis_state *a = &ch->axis[axis];
    if (!plot_span_ok(min, max) || (a->log && !log_range_ok(min, max)))
        return -1;
    a->fixed = true, a->min = min, a->max = max;
    return 0;
}

void plot_chart_set_autoscale(plot_chart *ch, plot_axis axis, double pad)
{
    axis_state *a = &ch->axis[axis];
    a->fixed = false;
    a->pad = pad > 0.0 ? (pad < 1.0 ? pad : 1.0) : 0.0;  /* NaN -> 0 */
}

int plot_chart_set_log(plot_chart *ch, plot_axis axis, bool log)
{
    axis_state *a = &ch->axis[axis];
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
    series_entry *e = &ch->series[index];
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
    ref_entry *r = &ch->refs[ch->nrefs++];
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
    marker_entry *m = &ch->markers[ch->nmarkers++];
    m->x = x, m->y = y, m->color = color;
    copy_text(m->label, sizeof m->label, label);
    return 0;
}

/* --- ranges ---------------------------------------------------------------------------------------------- */

/* Data to view units: log10 on a log axis, where v <= 0 (and NaN) become NaN. */
static double to_view(const axis_state *a, double v)
{
    return a->log ? (v > 0.0 ? log10(v) : NAN) : v;
}

static double to_data(const axis_state *a, double v)
{
    return a->log ? pow(10.0, v) : v;
}

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
    const axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y], *a = &ch->axis[which];
    const bool filter = which == PLOT_Y && ax->fixed;
    *lo = INFINITY, *hi = -INFINITY;
    for (int s = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        for (size_t i = 0; i < d->n; i++) {
            double x = d->x ? d->x[i * d->stride] : (double)i, y = d->y[i * d->stride];
            double vx = to_view(ax, x);
            if (which == PLOT_X)  /* the whole domain, also where y cannot be drawn (an error of 0 at t = 0) */
                include(lo, hi, x, vx);
            else if (isfinite(vx) && (!filter || (vx >= ax->lo && vx <= ax->hi)))
                include(lo, hi, y, to_view(ay, y));
        }
    }
    for (int r = 0; r < ch->nrefs; r++)
        if (ch->refs[r].axis == which)
            include(lo, hi, ch->refs[r].value, to_view(a, ch->refs[r].value));
    for (int m = 0; m < ch->nmarkers; m++) {
        const marker_entry *mk = &ch->markers[m];
        if (which == PLOT_X)
            include(lo, hi, mk->x, to_view(ax, mk->x));
        else if (!filter || (to_view(ax, mk->x) >= ax->lo && to_view(ax, mk->x) <= ax->hi))
            include(lo, hi, mk->y, to_view(ay, mk->y));
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
    axis_state *a = &ch->axis[which];
    if (a->fixed)
        a->lo = to_view(a, a->min), a->hi = to_view(a, a->max);
    else
        autoscale(ch, which, &a->lo, &a->hi);
}

/* Ticks for an axis's current range, at most max_count; values in data units. */
static int axis_ticks(const axis_state *a, int max_count, plot_ticks *t)
{
    if (a->log)
        return plot_ticks_log(pow(10.0, a->lo), pow(10.0, a->hi), max_count, t);
    return plot_ticks_linear(a->lo, a->hi, max_count, t);
}

/* A tick's value in view units, pulled into the range when it is off by rounding only (0.30000000000000004). */
static double tick_view(const axis_state *a, double value)
{
    double v = to_view(a, value), tol = 1e-9 * (a->hi - a->lo);
    if (v < a->lo && v >= a->lo - tol)
        return a->lo;
    if (v > a->hi && v <= a->hi + tol)
        return a->hi;
    return v;
}

/* --- text into the grid ---------------------------------------------------------------------------------- */

static void put_cell(plot_chart *ch, int col, int row, uint32_t cp, int color, int attr)
{
    if (col < 0 || col >= ch->grid.cols || row < 0 || row >= ch->grid.rows)
        return;
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || (ch->mode == PLOT_ASCII && cp > 0x7E))
        cp = '?';  /* control characters never reach the terminal; ASCII mode stays 7-bit */
    ch->grid.cells[row * ch->grid.cols + col] = (plot_cell){.ch = cp, .color = (uint8_t)color, .attr = (uint8_t)attr};
}

/* Writes at most max_cols code points of s from (col, row); returns the cells written. */
static int put_text(plot_chart *ch, int col, int row, const char *s, int max_cols, int attr)
{
    int n = 0;
    while (*s && n < max_cols)
        put_cell(ch, col + n++, row, plot_utf8_next(&s), 0, attr);
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
    const axis_state *a = &ch->axis[PLOT_X];
    int prev_col = -1, prev_half = 0;
    for (int i = 0; i < t->count; i++) {
        int col = plot_canvas_col_of(ch->canvas, tick_view(a, t->value[i]));
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
    axis_ticks(&ch->axis[PLOT_Y], max_y, &ch->ticks[PLOT_Y]);
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

    const axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    plot_canvas_resize(ch->canvas, l->area_cols, l->area_rows);  /* within its capacity: no allocation */
    plot_canvas_set_view(ch->canvas, ax->lo, ax->hi, ay->lo, ay->hi);

    /* x ticks: about one every eight columns, fewer until the labels fit */
    int most = l->area_cols / 8 + 1;
    for (int max_x = most < PLOT_MAX_TICKS ? most : PLOT_MAX_TICKS; max_x >= 1; max_x--) {
        axis_ticks(ax, max_x, &ch->ticks[PLOT_X]);
        if (x_labels_fit(ch, &ch->ticks[PLOT_X]))
            break;
    }
    return true;
}

/* lay_out, then in equal-aspect mode the ranges widened to the plot area (plot_equal_aspect) and laid out again:
 * twice, as the new ranges' tick labels may move the area. */
static bool lay_out_equal(plot_chart *ch, layout *l)
{
    axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
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
    const axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    for (int r = 0; r < ch->nrefs; r++) {  /* first: data dots add to them (braille) or replace them (ASCII) */
        const ref_entry *ref = &ch->refs[r];
        if (ref->axis == PLOT_Y)
            plot_canvas_hline(ch->canvas, to_view(ay, ref->value), ref->color);
        else
            plot_canvas_vline(ch->canvas, to_view(ax, ref->value), ref->color);
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

static void draw_markers(plot_chart *ch, const layout *l)
{
    const axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    for (int m = 0; m < ch->nmarkers; m++) {
        const marker_entry *mk = &ch->markers[m];
        int col, row;
        if (plot_canvas_cell_of(ch->canvas, to_view(ax, mk->x), to_view(ay, mk->y), &col, &row))
            put_cell(ch, l->axis_col + 1 + col, l->top + row, glyph_sets[ch->mode].marker, mk->color,
                     PLOT_ATTR_BOLD);
    }
}

static void draw_axes(plot_chart *ch, const layout *l)
{
    const glyph_set *g = &glyph_sets[ch->mode];
    const int axis_row = l->top + l->area_rows, first_col = l->axis_col + 1;
    for (int r = l->top; r < axis_row; r++)
        put_cell(ch, l->axis_col, r, g->vertical, 0, 0);
    put_cell(ch, l->axis_col, axis_row, g->corner, 0, 0);
    for (int c = first_col; c < ch->grid.cols; c++)
        put_cell(ch, c, axis_row, g->horizontal, 0, 0);

    const plot_ticks *ty = &ch->ticks[PLOT_Y];
    for (int i = 0; i < ty->count; i++) {
        int row = plot_canvas_row_of(ch->canvas, tick_view(&ch->axis[PLOT_Y], ty->value[i]));
        if (row < 0)
            continue;
        put_cell(ch, l->axis_col, l->top + row, g->y_tick, 0, 0);
        put_text(ch, l->label_width - text_width(ty->label[i]), l->top + row, ty->label[i], l->label_width, 0);
    }

    const plot_ticks *tx = &ch->ticks[PLOT_X];
    int free_col = 0;  /* the first column a label may use: one space after the previous label */
    for (int i = 0; i < tx->count; i++) {
        int col = plot_canvas_col_of(ch->canvas, tick_view(&ch->axis[PLOT_X], tx->value[i]));
        if (col < 0)
            continue;
        put_cell(ch, first_col + col, axis_row, g->x_tick, 0, 0);
        int w = text_width(tx->label[i]), start = first_col + col - (w - 1) / 2;
        if (start + w > ch->grid.cols)
            start = ch->grid.cols - w;
        if (start < free_col)
            continue;
        put_text(ch, start, axis_row + 1, tx->label[i], w, 0);
        free_col = start + w + 1;
    }
}

static void draw_texts(plot_chart *ch, const layout *l)
{
    const int width = ch->grid.cols;
    if (l->title_rows == 1) {  /* whole, or its first word cut when even that is wider than the chart */
        int w = text_width(ch->title), start = w < width ? (width - w) / 2 : 0;
        put_text(ch, start, l->title_row, ch->title, width, PLOT_ATTR_BOLD);
    } else if (l->title_rows == 2) {  /* whole words on each row; what the second cannot hold ends in an ellipsis */
        int w = text_width_n(ch->title, l->title_split);
        put_text(ch, (width - w) / 2, l->title_row, ch->title, w, PLOT_ATTR_BOLD);
        const char *rest = ch->title + l->title_split;
        rest += strspn(rest, " ");
        const char *dots = ch->mode == PLOT_BRAILLE ? "\u2026" : "...";
        int dots_w = text_width(dots);
        size_t n = text_width(rest) <= width ? strlen(rest) : fit_words(rest, width - dots_w);
        int rw = text_width_n(rest, n), total = rw + (rest[n] ? dots_w : 0);
        int start = total < width ? (width - total) / 2 : 0;
        put_text(ch, start, l->title_row + 1, rest, rw, PLOT_ATTR_BOLD);
        if (rest[n])
            put_text(ch, start + rw, l->title_row + 1, dots, dots_w, PLOT_ATTR_BOLD);
    }
    if (l->ylabel_row >= 0)
        put_text(ch, 0, l->ylabel_row, ch->ylabel, width, 0);
    if (l->xlabel_row >= 0) {
        int w = text_width(ch->xlabel), first = l->axis_col + 1;
        int start = first + (l->area_cols - w) / 2;
        if (start + w > width)
            start = width - w;
        put_text(ch, start < 0 ? 0 : start, l->xlabel_row, ch->xlabel, width, 0);
    }
}

/* --- legend ---------------------------------------------------------------------------------------------- */

typedef struct {
    uint32_t sample[2];
    int color, attr;
    const char *text;
} legend_entry;

/* The k-th legend entry (series with names, then labelled reference lines, then labelled markers); false past the
 * last. */
static bool legend_at(const plot_chart *ch, int k, legend_entry *e)
{
    const glyph_set *g = &glyph_sets[ch->mode];
    for (int s = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        if (!d->name[0] || k--)
            continue;
        bool lines = d->style == PLOT_LINES;
        uint32_t glyph = (uint32_t)plot_ascii_glyph(d->color);
        uint32_t sample = lines ? g->lines_sample : g->points_sample;
        *e = (legend_entry){{sample ? sample : glyph, lines ? (sample ? sample : glyph) : ' '}, d->color, 0,
                            d->name};
        return true;
    }
    for (int r = 0; r < ch->nrefs; r++) {
        const ref_entry *ref = &ch->refs[r];
        if (!ref->label[0] || k--)
            continue;
        bool h = ref->axis == PLOT_Y;
        *e = (legend_entry){{h ? g->hline_sample : g->vline_sample, h ? g->hline_sample : ' '}, ref->color,
                            PLOT_ATTR_DIM, ref->label};
        return true;
    }
    for (int m = 0; m < ch->nmarkers; m++) {
        const marker_entry *mk = &ch->markers[m];
        if (!mk->label[0] || k--)
            continue;
        *e = (legend_entry){{g->marker, ' '}, mk->color, PLOT_ATTR_BOLD, mk->label};
        return true;
    }
    return false;
}

/* The non-blank cells of the grid in a rectangle: what a legend there would hide. */
static int covered(const plot_chart *ch, int col, int row, int cols, int rows)
{
    int n = 0;
    for (int r = row; r < row + rows; r++)
        for (int c = col; c < col + cols; c++)
            n += ch->grid.cells[r * ch->grid.cols + c].ch != ' ';
    return n;
}

/* The legend in the plot area's corner (AUTO: the one hiding the fewest lit cells); with probe, only says how many
 * lit cells it would hide there (-1 when it does not fit at all). */
static int draw_legend(plot_chart *ch, const layout *l, bool probe)
{
    if (ch->legend == PLOT_LEGEND_NONE)
        return -1;
    int count = 0, text = 0;
    legend_entry e;
    for (; legend_at(ch, count, &e); count++) {
        int w = text_width(e.text);
        text = w > text ? w : text;
    }
    const int width = 3 + text;  /* two sample cells, a space, the text */
    if (count == 0 || count > l->area_rows || width > l->area_cols)
        return -1;
    /* a blank column and row on the inner sides, when there is room, so curves do not touch the text */
    const int block_w = width + (width < l->area_cols), block_h = count + (count < l->area_rows);
    const int left = l->axis_col + 1, right = left + l->area_cols - block_w;
    const int top = l->top, bottom = l->top + l->area_rows - block_h;
    const int corner_col[4] = {right, left, right, left}, corner_row[4] = {top, top, bottom, bottom};
    int best = 0, least = -1;
    if (ch->legend == PLOT_LEGEND_AUTO) {
        for (int k = 0; k < 4; k++) {
            int n = covered(ch, corner_col[k], corner_row[k], block_w, block_h);
            if (least < 0 || n < least)
                least = n, best = k;
        }
    } else {
        best = ch->legend - PLOT_LEGEND_TOP_RIGHT;
    }
    if (probe)
        return least;
    const int col = corner_col[best], row = corner_row[best];
    for (int r = row; r < row + block_h; r++)
        for (int c = col; c < col + block_w; c++)
            put_cell(ch, c, r, ' ', 0, 0);
    const int text_col = col + (col == right ? block_w - width : 0);
    const int text_row = row + (row == bottom ? block_h - count : 0);
    for (int k = 0; legend_at(ch, k, &e); k++) {
        put_cell(ch, text_col, text_row + k, e.sample[0], e.color, e.attr);
        put_cell(ch, text_col + 1, text_row + k, e.sample[1], e.color, e.attr);
        put_text(ch, text_col + 3, text_row + k, e.text, text, 0);
    }
    return least;
}

/* The legend above the plot area, entries side by side from its first column ("-- explicit  -- semi"), on as many
 * rows as they need; with draw false only counts them (0 when an entry is wider than the chart). */
static int legend_flow(plot_chart *ch, const layout *l, bool draw)
{
    const int first = l->axis_col + 1;
    int col = first, row = 0;
    legend_entry e;
    for (int k = 0; legend_at(ch, k, &e); k++) {
        int w = 3 + text_width(e.text);
        if (first + w > ch->grid.cols)
            return 0;
        if (col > first && col + 2 + w > ch->grid.cols)
            col = first, row++;
        else if (col > first)
            col += 2;
        if (draw) {
            put_cell(ch, col, l->legend_row + row, e.sample[0], e.color, e.attr);
            put_cell(ch, col + 1, l->legend_row + row, e.sample[1], e.color, e.attr);
            put_text(ch, col + 3, l->legend_row + row, e.text, w - 3, 0);
        }
        col += w;
    }
    return col > first ? row + 1 : 0;
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
        put_text(ch, 0, 0, "plot too small", ch->grid.cols, 0);
        return false;
    }
    draw_data(ch);
    copy_area(ch, l);
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
    /* AUTO: a legend that would hide data in every corner goes above the plot area (which gives up its rows) */
    int rows = ch->legend == PLOT_LEGEND_AUTO && draw_legend(ch, &l, true) > 0 ? legend_flow(ch, &l, false) : 0;
    if (rows > 0 && rows <= 2 && l.area_rows - rows >= 2 * MIN_AREA_ROWS) {
        ch->legend_above = rows;
        if (!draw_chart(ch, &l))
            return &ch->grid;
        legend_flow(ch, &l, true);
    } else {
        draw_legend(ch, &l, false);
    }
    ch->rendered = true;
    ch->area_col = l.axis_col + 1, ch->area_row = l.top;
    ch->area_cols = l.area_cols, ch->area_rows = l.area_rows;
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
    const axis_state *a = &ch->axis[axis];
    *min = to_data(a, a->lo), *max = to_data(a, a->hi);
    return 0;
}

int plot_chart_cell_to_data(const plot_chart *ch, int col, int row, double *x, double *y)
{
    if (!ch->rendered || col < ch->area_col || col >= ch->area_col + ch->area_cols || row < ch->area_row ||
        row >= ch->area_row + ch->area_rows)
        return -1;
    double vx, vy;
    plot_canvas_cell_center(ch->canvas, col - ch->area_col, row - ch->area_row, &vx, &vy);
    *x = to_data(&ch->axis[PLOT_X], vx), *y = to_data(&ch->axis[PLOT_Y], vy);
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
        !plot_canvas_cell_of(ch->canvas, to_view(&ch->axis[PLOT_X], x), to_view(&ch->axis[PLOT_Y], y), &c, &r))
        return -1;
    *col = ch->area_col + c, *row = ch->area_row + r;
    return 0;
}

int plot_chart_write(plot_chart *ch, FILE *f, unsigned flags)
{
    return plot_grid_write(plot_chart_render(ch), f, flags);
}
