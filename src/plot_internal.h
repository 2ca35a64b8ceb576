/* plot: what the chart needs from the canvas beyond the public API (private to src/plot*.c). */
#ifndef NUMLAB_PLOT_INTERNAL_H
#define NUMLAB_PLOT_INTERNAL_H

#include "numlab/plot.h"

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
 * undefined). Returns 0, or -1 with g unchanged. */
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

#endif
