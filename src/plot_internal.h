/* plot: what the chart needs from the canvas beyond the public API (private to src/plot*.c). */
#ifndef NUMLAB_PLOT_INTERNAL_H
#define NUMLAB_PLOT_INTERNAL_H

#include "numlab/plot.h"

#include <math.h>

enum {
    PLOT_DRAW_LOG_X = 1u << 0,   /* x -> log10(x); x <= 0 lifts the pen */
    PLOT_DRAW_LOG_Y = 1u << 1,
    PLOT_DRAW_POINTS = 1u << 2,  /* dots at the points only, no lines */
};

/* The narrowest span a view may have: dots per data unit stay finite (2^25 / 1e-290 << DBL_MAX). */
#define PLOT_MIN_SPAN 1e-290

/* lo < hi, both finite, and hi - lo finite and at least PLOT_MIN_SPAN. */
bool plot_span_ok(double lo, double hi);

/* Makes g cols x rows (both >= 1, at most 2^24 cells), allocating only past *capacity cells (contents then
 * undefined). Returns 0, or (g unchanged) NUMLAB_ERR_INPUT for bad sizes, NUMLAB_ERR_NOMEM. */
int plot_grid_reserve(plot_grid *g, size_t *capacity, int cols, int rows);

/* plot_canvas_polyline with log axes and the points style: the view is then in log10 units. */
void plot_canvas_series(plot_canvas *c, const double *x, const double *y, size_t n, size_t stride, int color,
                        unsigned flags);

/* The cell of a point in view coordinates (the nearest dot's cell); false when the point is outside the view
 * or not finite. */
bool plot_canvas_cell_of(const plot_canvas *c, double x, double y, int *col, int *row);

/* The view coordinates of the centre of a cell. */
void plot_canvas_cell_center(const plot_canvas *c, int col, int row, double *x, double *y);

/* The column (row) of the cell holding the dot nearest to x (y) in view coordinates; -1 outside the view. */
int plot_canvas_col_of(const plot_canvas *c, double x);
int plot_canvas_row_of(const plot_canvas *c, double y);

/* The number of code points in a UTF-8 string (an invalid byte counts as one). */
int plot_utf8_length(const char *s);
/* Decodes the next code point of a UTF-8 string and advances *s; an invalid byte gives U+FFFD. */
uint32_t plot_utf8_next(const char **s);
/* A code point as UTF-8 into out: the bytes written, 1 to 4. */
size_t plot_utf8_encode(uint32_t cp, char out[4]);
/* The SGR sequence of a color and attributes, as the text output writes it: reset, then bold/dim, then the
 * foreground (30-37, or 90-97 when bright). Its length (no NUL: seq holds at most PLOT_SGR_MAX bytes). */
#define PLOT_SGR_MAX 24
size_t plot_sgr(char seq[PLOT_SGR_MAX], int color, int attr);

/* --- the chart model, shared by the terminal renderer (plot_chart.c), the figure back end (plot_cairo.c) and the
 * clones (plot_capture.c) --- */

typedef struct {
    bool fixed, log;
    double min, max;            /* the fixed range, data units */
    double pad;                 /* autoscale padding, a fraction of the span */
    double lo, hi;              /* the range of the last render, view units (log10 of data on a log axis) */
} plot_axis_state;

typedef struct {
    plot_series data;
    char name[PLOT_NAME_MAX];
} plot_series_entry;

typedef struct {
    plot_axis axis;             /* the axis the value is on: PLOT_Y for a horizontal line y = value */
    double value;
    int color;
    char label[PLOT_NAME_MAX];
} plot_ref_entry;

typedef struct {
    double x, y;
    int color;
    char label[PLOT_NAME_MAX];
} plot_marker_entry;

struct plot_chart {
    plot_mode mode;
    plot_grid grid;
    size_t capacity;            /* cells allocated for the grid */
    plot_canvas *canvas;        /* the plot area */
    char title[PLOT_TITLE_MAX], xlabel[PLOT_NAME_MAX], ylabel[PLOT_NAME_MAX];
    plot_axis_state axis[2];
    plot_legend legend;
    bool equal_aspect;          /* plot_chart_set_equal_aspect */
    int legend_above;           /* rows of an AUTO legend above the plot area, this render (every corner hid data) */
    plot_series_entry series[PLOT_MAX_SERIES];
    plot_ref_entry refs[PLOT_MAX_REFS];
    plot_marker_entry markers[PLOT_MAX_MARKERS];
    int nseries, nrefs, nmarkers;
    bool rendered;              /* the last render drew a plot area */
    int area_col, area_row, area_cols, area_rows;
    plot_ticks ticks[2];
    int legend_corner;          /* where the last render put the legend: 0..3 as PLOT_LEGEND_TOP_RIGHT.., -1 none */
    plot_image image;           /* a heat map under the data (image.values NULL: none); unit points at image_unit */
    char image_unit[PLOT_NAME_MAX];
    void *owned;                /* a clone's copy of its data (plot_chart_clone), freed with the chart */
};


/* Data to view units: log10 on a log axis, where v <= 0 (and NaN) become NaN; and back. */
static inline double plot_to_view(const plot_axis_state *a, double v)
{
    return a->log ? (v > 0.0 ? log10(v) : NAN) : v;
}

static inline double plot_to_data(const plot_axis_state *a, double v)
{
    return a->log ? pow(10.0, v) : v;
}

/* Ticks for an axis's current range (lo, hi of the last render), at most max_count; values in data units. */
int plot_axis_ticks(const plot_axis_state *a, int max_count, plot_ticks *t);
/* A tick's value in view units, pulled into the range when it is off by rounding only (0.30000000000000004). */
double plot_tick_view(const plot_axis_state *a, double value);

/* Liang-Barsky: clips the segment to [xmin, xmax] x [ymin, ymax]; false when nothing of it is inside. Works on
 * halved coordinates, so no difference of two finite doubles can overflow (a point at 1e308 is fine). */
bool plot_clip_segment(double xmin, double xmax, double ymin, double ymax, double *x0, double *y0, double *x1,
                       double *y1);

/* The image's value at a data point (nearest sample), NaN outside it. */
double plot_image_at(const plot_image *im, double x, double y);
/* The character that shades a heat map's cell at t = (v - lo) / (hi - lo) without colour (plot_heat.c): ' ' at or
 * below 0, then light, medium, dark shade and full block (U+2591..U+2593, U+2588), in ASCII " .:-=+*#%@". */
uint32_t plot_image_shade(plot_mode mode, double t);

/* The frame and legend glyphs of each mode (plot_glyphs.c); 0 in a sample means "the series' ASCII glyph". */
typedef struct {
    uint32_t vertical, y_tick, horizontal, x_tick, corner, marker;
    uint32_t lines_sample, points_sample, hline_sample, vline_sample;
} plot_glyph_set;
const plot_glyph_set *plot_frame_glyphs(plot_mode mode);

typedef enum { PLOT_KEY_LINES, PLOT_KEY_POINTS, PLOT_KEY_HLINE, PLOT_KEY_VLINE, PLOT_KEY_MARKER } plot_key_kind;

typedef struct {
    uint32_t sample[2];         /* the terminal's two sample cells */
    int color, attr;
    const char *text;
    plot_key_kind kind;
    int index;                  /* of the series, reference line or marker */
} plot_legend_entry;

/* The k-th legend entry (series with names, then labelled reference lines, then labelled markers); false past the
 * last. */
bool plot_legend_at(const plot_chart *ch, int k, plot_legend_entry *e);
/* Draws the legend into the grid in the plot area at (left, top), area_cols x area_rows cells, in its corner (AUTO:
 * the one hiding the fewest lit cells); sets ch->legend_corner. With probe, draws nothing and only says how many lit
 * cells it would hide there. -1 when there is no legend or it does not fit. */
int plot_draw_legend(plot_chart *ch, int left, int top, int area_cols, int area_rows, bool probe);
/* The legend above the plot area from column first, row `row` on, entries side by side ("-- explicit  -- semi") on
 * as many rows as they need; with draw false only counts the rows (0 when an entry is wider than the chart). */
int plot_legend_flow(plot_chart *ch, int first, int row, bool draw);
/* Text into the chart's grid (control characters and, in ASCII mode, non-ASCII as '?'); put_text writes at most
 * max_cols code points and returns the cells written. */
void plot_chart_put_cell(plot_chart *ch, int col, int row, uint32_t cp, int color, int attr);
int plot_chart_put_text(plot_chart *ch, int col, int row, const char *s, int max_cols, int attr);

/* Called by plot_chart_render after a render: records a clone of the chart while a capture is on. */
void plot_capture_note(const plot_chart *ch);

/* The state line in the figures (figure_meta.c): SVG's <metadata> element (none without a state), PDF's Subject
 * and Keywords, CSV's first line; figure_meta_png_write is a cairo PNG stream into s->f that puts the tEXt chunk
 * after IHDR. The writers return 0, or -1 when writing failed. */
#include <cairo.h>
typedef struct {
    FILE *f;
    size_t seen;      /* bytes of cairo's PNG passed on */
    bool inserted;
} figure_png_stream;
int figure_meta_svg(FILE *f);
void figure_meta_pdf(cairo_surface_t *surface);
int figure_meta_csv(FILE *f);
cairo_status_t figure_meta_png_write(void *closure, const unsigned char *data, unsigned int length);

#endif
