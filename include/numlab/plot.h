/* plot: terminal plots rasterized into a plain cell buffer (no ncurses here), for the TUI and for text output.
 *
 * Three layers, each usable on its own:
 *   plot_grid    W x H cells, each a Unicode code point, a color index and attribute bits. The TUI draws a cell
 *                with setcchar + mvadd_wch and a color pair per index; plot_grid_write prints the grid as UTF-8
 *                text, like gnuplot's dumb terminal (what `--plot` prints and what the golden tests compare).
 *   plot_canvas  a dot raster on a grid of cells, in one of six glyph sets (plot_mode), each a cell of W x H dots:
 *                  PLOT_BRAILLE:  2 x 4 dots a cell, a lit cell is U+2800 + its dot bits (the standard braille
 *                                 layout below); a cell without dots is a space ' ' (U+0020), never U+2800.
 *                  PLOT_OCTANT:   2 x 4, the block octants of Unicode 16 (U+1CD00..) and the older blocks that
 *                                 draw the same patterns; PLOT_SEXTANT: 2 x 3, Unicode 13's sextants (U+1FB00..);
 *                  PLOT_QUADRANT: 2 x 2, PLOT_HALF: 1 x 2, Block Elements (U+2580..U+259F), in every terminal
 *                                 font. The block sets fill the cell's rectangles where braille draws dots, so
 *                                 they read the same whether or not a font draws braille's unset dots. A cell of
 *                                 no dots is ' ' in every set (plot_mode_glyph).
 *                  PLOT_ASCII:    1 dot a cell (1 x 1); a lit cell shows the glyph of the color that lit it last
 *                                 (plot_ascii_glyph: '*', 'o', 'x', ...), so series differ without color.
 *                Lines are given in data coordinates, clipped to the view (Liang-Barsky, in data space, so that
 *                points far outside cost nothing and cannot overflow) and drawn in dot space without gaps
 *                (Bresenham, 8-connected).
 *   plot_chart   a whole chart: title, axis labels, 1-2-5 ticks with short labels, a legend, autoscale (with
 *                padding) or fixed ranges, log axes, reference lines and markers, rendered into a W x H grid.
 *
 * Braille dot bits, (column, row) of the 2 x 4 dots in a cell, row 0 at the top:
 *     (0,0) 0x01   (1,0) 0x08
 *     (0,1) 0x02   (1,1) 0x10
 *     (0,2) 0x04   (1,2) 0x20
 *     (0,3) 0x40   (1,3) 0x80
 *
 * Dot and cell coordinates have their origin at the top left, y (row) growing downwards; data coordinates have y
 * growing upwards. The view [xmin, xmax] x [ymin, ymax] maps xmin to the centre of dot column 0 and xmax to the
 * centre of the last one (likewise ymax to dot row 0, ymin to the last row); a point lights the nearest dot.
 *
 * Non-finite values (NaN, +-inf) never reach the raster: in a series they lift the pen (the line breaks there),
 * and on a log axis so do values <= 0.
 *
 * Memory: canvases and charts own their buffers (_new/_free). Drawing and rendering never allocate; a resize
 * allocates only when the new size needs more cells than any size before. The TUI can redraw at display rate.
 * Nothing here prints except plot_grid_write and plot_chart_write, nothing exits, and nothing reads the locale
 * except plot_mode_from_locale.
 */
#ifndef NUMLAB_PLOT_H
#define NUMLAB_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "numlab/common.h"

/* --- cells and grids --------------------------------------------------------------------------------------- */

#define PLOT_COLORS 8           /* series colors 1..PLOT_COLORS; 0 is the terminal's default color */

/* The series colors by name (plot_color_terminal gives their terminal colors): what a lab writes instead of a
 * number, e.g. a triad's axes PLOT_RED, PLOT_GREEN, PLOT_BLUE. */
enum {
    PLOT_DEFAULT = 0,
    PLOT_CYAN = 1, PLOT_MAGENTA = 2, PLOT_YELLOW = 3, PLOT_GREEN = 4,
    PLOT_RED = 5, PLOT_BLUE = 6, PLOT_WHITE = 7, PLOT_BRIGHT_MAGENTA = 8
};

enum {
    PLOT_ATTR_BOLD = 1u << 0,   /* markers and the title: A_BOLD in curses, SGR 1 in text */
    PLOT_ATTR_DIM = 1u << 1,    /* reference lines: A_DIM in curses, SGR 2 in text */
    PLOT_ATTR_IMAGE = 1u << 2,  /* a cell of the heat map (plot_image), shaded or blank: for plot_heat.h's colours */
};

typedef struct {
    uint32_t ch;                /* a code point of display width 1; blank is ' ' (U+0020) in both modes */
    uint8_t color;              /* 0 = default, 1..PLOT_COLORS = series color */
    uint8_t attr;               /* PLOT_ATTR_* bits */
    uint8_t heat[2];            /* a heat-map cell's (PLOT_ATTR_IMAGE) upper and lower pixels: plot_heat_level of
                                   their values' fractions of the map's scale (plot_heat.h), 0 where the image has none */
} plot_cell;

typedef struct {
    int cols, rows;
    plot_cell *cells;           /* rows * cols cells, row-major, row 0 at the top: cells[row * cols + col] */
} plot_grid;

enum {
    PLOT_TEXT_COLOR = 1u << 0,  /* emit ANSI SGR sequences for colors and attributes (a terminal, not NO_COLOR) */
};

/* The grid as text: `rows` lines, each ending in '\n', trailing spaces removed, UTF-8. Like snprintf: writes at
 * most size bytes including a terminating NUL (when size > 0) and returns the length the whole text needs. */
size_t plot_grid_text(const plot_grid *grid, char *buf, size_t size, unsigned flags);
/* The same text written to f. Returns 0, or NUMLAB_ERR_IO when writing failed (ferror). */
int plot_grid_write(const plot_grid *grid, FILE *f, unsigned flags);

/* The terminal color (ANSI/curses numbering: 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white, +8
 * bright) of series color 1..PLOT_COLORS: cyan, magenta, yellow, green, red, blue, white, bright magenta (13; take
 * it & 7 on terminals with 8 colors); -1 for 0 (the default color). The text output and the TUI share it. */
int plot_color_terminal(int color);
/* The ASCII glyph of a color in PLOT_ASCII mode: 1..8 -> '*' 'o' 'x' '#' '%' '&' '=' '~'; 0 -> '.'. */
char plot_ascii_glyph(int color);

/* --- modes ------------------------------------------------------------------------------------------------- */

typedef enum {
    PLOT_BRAILLE,               /* braille dots and box-drawing frame: needs a UTF-8 locale */
    PLOT_ASCII,                 /* 7-bit ASCII only: for MB_CUR_MAX == 1 or --ascii */
    PLOT_OCTANT,                /* the block sets (above): box-drawing frame, a UTF-8 locale */
    PLOT_SEXTANT,
    PLOT_QUADRANT,
    PLOT_HALF,
    PLOT_MODE_COUNT
} plot_mode;

/* PLOT_BRAILLE when the current locale has multibyte characters (MB_CUR_MAX > 1), else PLOT_ASCII. Call it
 * after setlocale(LC_ALL, ""). */
plot_mode plot_mode_from_locale(void);

/* The sets by name, as --glyphs takes them: "braille", "octant", "sextant", "quadrant", "half", "ascii" (that order
 * is plot_mode_at's, 0..PLOT_MODE_COUNT-1, and plot_mode_list's). parse: 0, or -1 for any other name. */
const char *plot_mode_name(plot_mode mode);
int plot_mode_parse(const char *name, plot_mode *mode);
plot_mode plot_mode_at(int k);
extern const char plot_mode_list[];     /* "braille, octant, sextant, quadrant, half, ascii" */
/* The dots of a cell: 2 x 4, 2 x 4, 2 x 3, 2 x 2, 1 x 2, 1 x 1. */
void plot_mode_cell(plot_mode mode, int *w, int *h);
/* The code point that draws a cell's dots in a set: bit (row * w + col) of pattern is the dot at (col, row), row 0
 * at the top (so the sextant or octant numbered k in its Unicode name is bit k - 1); no dots is ' '. PLOT_ASCII has
 * one dot and no glyph of its own ('*': the canvas draws the color's glyph). */
uint32_t plot_mode_glyph(plot_mode mode, unsigned pattern);
/* The set a curses screen can draw: mode itself when the C library gives every glyph of it one column (wcwidth, in
 * the current locale), else the next coarser set whose glyphs it knows (octant, sextant, quadrant, half, ascii).
 * Octants are Unicode 16 (2024): a C library older than that (glibc 2.36 in Debian 12) measures them -1, and curses
 * then draws nothing; a chart written as text (--plot) leaves that to the terminal and keeps the set asked for. */
plot_mode plot_mode_drawable(plot_mode mode);

/* --- canvas ------------------------------------------------------------------------------------------------ */

typedef struct plot_canvas plot_canvas;

/* A cols x rows canvas (both >= 1), blank, with the view [0, 1] x [0, 1]. NULL when out of memory or a size
 * is < 1 or absurd (more than 2^24 cells). */
plot_canvas *plot_canvas_new(int cols, int rows, plot_mode mode);
void plot_canvas_free(plot_canvas *c);
/* Changes the size and clears; allocates only when the canvas never had that many cells. 0, or (canvas
 * unchanged) NUMLAB_ERR_INPUT for bad sizes, NUMLAB_ERR_NOMEM. */
int plot_canvas_resize(plot_canvas *c, int cols, int rows);
/* Changes the mode and clears. */
void plot_canvas_set_mode(plot_canvas *c, plot_mode mode);
plot_mode plot_canvas_mode(const plot_canvas *c);
void plot_canvas_clear(plot_canvas *c);

/* Dots: cols * W x rows * H for the set's cell of W x H (plot_mode_cell): cols * 2 x rows * 4 in braille. */
int plot_canvas_dot_width(const plot_canvas *c);
int plot_canvas_dot_height(const plot_canvas *c);

/* The data rectangle shown. Returns 0, or -1 (view unchanged) unless all four are finite and both spans
 * (xmax - xmin, ymax - ymin) are finite and at least 1e-290. */
int plot_canvas_set_view(plot_canvas *c, double xmin, double xmax, double ymin, double ymax);

/* Equal aspect: the view that shows the data box [box[0], box[1]] x [box[2], box[3]] whole, centred, on a plot area of
 * cols x rows cells in `mode`, with a data unit as long across the screen as up it (a cell twice as tall as wide of
 * W x H dots: a dot is 2 W / H as tall as wide; braille and octant dots are square, an ASCII cell is one dot, twice
 * as tall as wide). The view spans (dots - 1) dot pitches each way (the
 * mapping above), so with u the data per pitch across, u = max(w / (dots_x - 1), h / (a (dots_y - 1))), a the dot's
 * height over its width: range = centre -+ u (dots_x - 1) / 2 across, centre -+ u a (dots_y - 1) / 2 up. A box
 * without two positive finite spans, or a size < 1, is copied as it is. */
void plot_equal_aspect(const double box[4], int cols, int rows, plot_mode mode, double range[4]);

/* Lights the dot at (x, y) in dot coordinates with a color 0..PLOT_COLORS; ignored outside the canvas. */
void plot_canvas_set_dot(plot_canvas *c, int x, int y, int color);
/* True when that dot is lit (false outside the canvas). */
bool plot_canvas_dot(const plot_canvas *c, int x, int y);

/* In data coordinates, clipped to the view; ignored when any coordinate is not finite. */
void plot_canvas_point(plot_canvas *c, double x, double y, int color);
void plot_canvas_line(plot_canvas *c, double x0, double y0, double x1, double y1, int color);
/* A polyline through (x[i*stride], y[i*stride]), i < n (stride in doubles; 0 means 1). x == NULL means
 * x_i = i. A point with a non-finite coordinate lifts the pen; a point with no valid neighbour is drawn alone. */
void plot_canvas_polyline(plot_canvas *c, const double *x, const double *y, size_t n, size_t stride, int color);
/* Dotted reference lines across the whole view (every other dot; "- - -" and ':' in ASCII), drawn dim. Draw them
 * before the data: data dots add to them in braille and the block sets and replace them in ASCII. */
void plot_canvas_hline(plot_canvas *c, double y, int color);
void plot_canvas_vline(plot_canvas *c, double x, int color);

/* The cells, composed from the dots (valid until the next call that changes the canvas). */
const plot_grid *plot_canvas_grid(plot_canvas *c);

/* --- ticks ------------------------------------------------------------------------------------------------- */

#define PLOT_MAX_TICKS 32
#define PLOT_TICK_LABEL 24      /* bytes, including the NUL: room for any double at 17 digits */

typedef struct {
    int count;
    double value[PLOT_MAX_TICKS];               /* in data units, ascending */
    char label[PLOT_MAX_TICKS][PLOT_TICK_LABEL]; /* short %g-like text: "0.2", "-5", "1e-6", "2.5e10" */
} plot_ticks;

/* "Nice" linear ticks in [lo, hi] (either order): the multiples of the smallest step 1, 2 or 5 x 10^k that give
 * at most max_count ticks (max_count clamped to 1..PLOT_MAX_TICKS). Labels carry just the digits the step needs.
 * lo == hi gives the one tick lo. Returns the count; 0 (and out->count = 0) when lo or hi is not finite. */
int plot_ticks_linear(double lo, double hi, int max_count, plot_ticks *out);
/* Ticks for a log axis spanning [lo, hi] (data units, both > 0): whole decades 10^k (every 1, 2, 5, 10, ...
 * decades) when at least two fit, else 1, 2, 5 x 10^k when at least two of those fit, else linear ticks.
 * Returns the count; 0 unless lo and hi are finite and > 0. */
int plot_ticks_log(double lo, double hi, int max_count, plot_ticks *out);

/* --- charts ------------------------------------------------------------------------------------------------ */

#define PLOT_MAX_SERIES 8
#define PLOT_MAX_REFS 8         /* reference lines */
#define PLOT_MAX_MARKERS 8
#define PLOT_NAME_MAX 48        /* legend names and labels are copied, truncated to this many bytes - 1 */
#define PLOT_TITLE_MAX 160

typedef struct plot_chart plot_chart;

typedef enum { PLOT_X, PLOT_Y } plot_axis;

typedef enum { PLOT_LINES, PLOT_POINTS } plot_style;

typedef enum {
    PLOT_LEGEND_AUTO,           /* the corner of the plot area that covers no lit cell; when every corner would
                                 * hide some, above the plot area, entries side by side on one or two rows (the
                                 * area gives them up), else the corner that hides the fewest (default) */
    PLOT_LEGEND_TOP_RIGHT, PLOT_LEGEND_TOP_LEFT, PLOT_LEGEND_BOTTOM_RIGHT, PLOT_LEGEND_BOTTOM_LEFT,
    PLOT_LEGEND_NONE
} plot_legend;

/* One data series. The arrays are borrowed, not copied: they must stay valid until the next render. For an array
 * of structs of doubles, point x and y at the first element's fields and give the struct's size in doubles, e.g.
 * for spring_sample s[]: .x = &s[0].t, .y = &s[0].x, .stride = sizeof s[0] / sizeof(double). */
typedef struct {
    const char *name;           /* legend text (copied); NULL or "" keeps the series out of the legend */
    const double *x;            /* x[i * stride]; NULL means x_i = i */
    const double *y;            /* y[i * stride] */
    size_t n;                   /* points */
    size_t stride;              /* in doubles; 0 means 1 */
    int color;                  /* 1..PLOT_COLORS; 0 = the series' index + 1 */
    plot_style style;           /* PLOT_LINES (the default) or PLOT_POINTS */
} plot_series;

/* A width x height chart (at least 1 x 1; when the plot area would be smaller than 4 x 2 cells it shows only
 * "plot too small"). NULL when out of memory or a size is absurd. Defaults: no title or labels, both axes
 * autoscaled (x without padding, y with 5% on each side), linear, legend PLOT_LEGEND_AUTO. */
plot_chart *plot_chart_new(int width, int height, plot_mode mode);
void plot_chart_free(plot_chart *ch);
/* 0, or (chart unchanged) NUMLAB_ERR_INPUT for bad sizes, NUMLAB_ERR_NOMEM; allocates only when growing past any
 * earlier size. */
int plot_chart_resize(plot_chart *ch, int width, int height);
void plot_chart_set_mode(plot_chart *ch, plot_mode mode);

/* Texts are copied (truncated); NULL or "" removes one. UTF-8 is shown as is in the Unicode sets (each code point one
 * cell: keep to width-1 characters such as Greek letters) and as '?' in ASCII mode. A title wider than the chart
 * breaks between words over two rows (the plot area gives up one); what those cannot hold ends in an ellipsis
 * (U+2026, "..." in ASCII). */
void plot_chart_set_title(plot_chart *ch, const char *title);
void plot_chart_set_labels(plot_chart *ch, const char *xlabel, const char *ylabel);

/* A fixed range in data units. Returns 0, or -1 (unchanged) unless both are finite, max - min is finite and at
 * least 1e-290, and on a log axis min > 0. */
int plot_chart_set_range(plot_chart *ch, plot_axis axis, double min, double max);
/* Autoscale the axis (the default): the range of the data, reference lines and markers, widened by pad (a
 * fraction of the span, clamped to [0, 1]) on each side; on a log axis in decades. x covers every point with a
 * valid x, y the points with a valid x (inside the x range when that is fixed). Values beyond +-1e300 are drawn but
 * do not stretch the range. A single value v gives v +- 10% (+-1 at 0; a decade either side on a log axis);
 * nothing at all gives [0, 1] ([1, 10] on a log axis). */
void plot_chart_set_autoscale(plot_chart *ch, plot_axis axis, double pad);
/* Log scale: values <= 0 are skipped (they break lines). Returns -1 (unchanged) when the axis has a fixed range
 * a log axis cannot show (min <= 0, or narrower than 1e-290 decades). */
int plot_chart_set_log(plot_chart *ch, plot_axis axis, bool log);
void plot_chart_set_legend(plot_chart *ch, plot_legend where);
/* Equal aspect (off by default): each render widens one axis's range (fixed or autoscaled, about its centre) so that
 * a data unit is as long across the plot area as up it (plot_equal_aspect), for pictures of the world: round circles,
 * square grids. plot_chart_range then says what was shown. Ignored while either axis is logarithmic. */
void plot_chart_set_equal_aspect(plot_chart *ch, bool on);

/* Drops the series, reference lines and markers; keeps size, mode, texts, ranges and scales. A frame of the TUI is
 * plot_chart_clear, the add calls, plot_chart_render. */
void plot_chart_clear(plot_chart *ch);
/* Returns the series' index, or -1 when PLOT_MAX_SERIES are there, y is NULL or the color is out of range. */
int plot_chart_add_series(plot_chart *ch, const plot_series *s);
/* Dotted reference lines y = value or x = value (e.g. |A| = 1, w0*dt = 2); color 0..PLOT_COLORS; a label puts
 * them in the legend. Returns 0, or -1 when full, the value is not finite or the color is out of range. */
int plot_chart_add_hline(plot_chart *ch, double y, int color, const char *label);
int plot_chart_add_vline(plot_chart *ch, double x, int color, const char *label);
/* A highlighted point (the operating point): a whole bold cell, U+28FF in braille, U+2588 in the block sets and
 * '@' in ASCII, drawn over everything in the plot area; a label puts it in the legend. Returns 0, or -1 as above. */
int plot_chart_add_marker(plot_chart *ch, double x, double y, int color, const char *label);

/* A heat map under the data (a spectrogram): nx x ny values, values[iy * nx + ix], the sample (ix, iy) covering
 * [x0 + ix dx, x0 + (ix + 1) dx] x [y0 + iy dy, ...] in data units (dx = (x1 - x0) / nx, dy likewise: evenly
 * spaced in data units also under a log axis, which then stretches them as it stretches data). The terminal shades
 * each cell of the plot area left blank by the data by the value at its centre (blank, light, medium, dark, full:
 * U+2591..2593, U+2588; " .:-=+*#%@" in ASCII) from lo (blank) to hi (full); a figure draws it as an image in a
 * colour map (figure.h). Borrowed like a series; NaN is blank. */
typedef struct {
    const float *values;
    int nx, ny;
    double x0, x1, y0, y1;
    double lo, hi;              /* the value scale, lo < hi */
    const char *unit;           /* the scale's label in a figure ("dB"), may be NULL */
} plot_image;

/* Sets the heat map (NULL removes it; plot_chart_clear does too). -1 (unchanged) for empty or bad sizes, edges or
 * a scale that is not finite and increasing. */
int plot_chart_set_image(plot_chart *ch, const plot_image *image);

/* Lays out and draws everything into the chart's grid and returns it (owned by the chart, valid until the next
 * call on the chart). Never allocates. */
const plot_grid *plot_chart_render(plot_chart *ch);

/* Renders and writes the chart as text to f (plot_grid_write): what `--plot` prints. 0, or NUMLAB_ERR_IO when writing failed. */
int plot_chart_write(plot_chart *ch, FILE *f, unsigned flags);

/* After a render: the plot area in grid cells (the cells inside the axes) and the data range each axis showed
 * (data units, also on a log axis). Returns -1 before the first render or when the chart was too small. */
int plot_chart_area(const plot_chart *ch, int *col, int *row, int *cols, int *rows);
int plot_chart_range(const plot_chart *ch, plot_axis axis, double *min, double *max);
/* After a render: the data point at the centre of a grid cell, for mouse clicks. 0 when the cell is inside the
 * plot area, -1 otherwise. */
int plot_chart_cell_to_data(const plot_chart *ch, int col, int row, double *x, double *y);
/* The same for any cell, clamped into the plot area first (a pointer dragged past the edge maps to the edge). 0, or
 * -1 before a render or when the chart was too small. */
int plot_chart_cell_to_data_clamped(const plot_chart *ch, int col, int row, double *x, double *y);
/* After a render: the grid cell of a data point (where its dot is). 0, or -1 when it is outside the plot area. */
int plot_chart_data_to_cell(const plot_chart *ch, double x, double y, int *col, int *row);

/* --- clones and captures (plot_capture.c) ------------------------------------------------------------------ */

/* A deep copy: the same settings, series, reference lines, markers and image, with its own copy of the data (the
 * clone borrows nothing). NULL when out of memory. Free with plot_chart_free. */
plot_chart *plot_chart_clone(const plot_chart *ch);

/* While a capture is on, every plot_chart_render also keeps a clone of the chart it rendered (one per chart: a
 * chart rendered twice keeps its last render), in the order charts were first rendered. How a program gets "the
 * charts on the screen" without knowing how each lab builds them: start, render the panes, stop. Clones are
 * taken only during a capture (renders stay allocation-free otherwise). Not thread-safe. */
void plot_capture_start(void);
/* Stops the capture and hands over its clones (at most max: the rest are freed): returns how many. */
int plot_capture_stop(plot_chart **charts, int max);

#endif
