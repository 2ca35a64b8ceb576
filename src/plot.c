/* plot: the canvas (dots, clipped lines) and the grid's text output. See include/numlab/plot.h. */
#include "numlab/plot.h"
#include "plot_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BRAILLE_BASE 0x2800u
#define MAX_CELLS (1L << 24)

/* The braille bit of the dot at (column, row) in its cell: the Unicode layout in plot.h. */
static const uint8_t braille_bit[4][2] = {{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}};

/* The block sets keep each cell's dots apart from its glyph (several patterns share no arithmetic, plot_glyphs.c). */
static bool block_mode(plot_mode m)
{
    return m != PLOT_BRAILLE && m != PLOT_ASCII;
}

/* What a dot is drawn with: its color and attributes, and in ASCII mode the cell's glyph. */
typedef struct {
    uint8_t color, attr;
    char glyph;
} pen;

struct plot_canvas {
    plot_mode mode;
    int cols, rows;
    int dot_w, dot_h;            /* dots across and down */
    int cell_w, cell_h;          /* dots a cell (plot_mode_cell) */
    size_t capacity;             /* cells allocated */
    plot_grid grid;              /* the cells, kept composed: a braille cell is U+2800 | its dots, or ' ' */
    uint8_t *dots;               /* a block set's dots of each cell (plot_mode_glyph's pattern), capacity of them */
    size_t dots_capacity;
    double xmin, xmax, ymin, ymax;
    double sx, sy;               /* dots per data unit */
};

/* --- modes, colors, glyphs ------------------------------------------------------------------------------- */

plot_mode plot_mode_from_locale(void)
{
    return MB_CUR_MAX > 1 ? PLOT_BRAILLE : PLOT_ASCII;
}

int plot_color_terminal(int color)
{
    static const int terminal[PLOT_COLORS + 1] = {-1, 6, 5, 3, 2, 1, 4, 7, 13};
    return color >= 0 && color <= PLOT_COLORS ? terminal[color] : -1;
}

char plot_ascii_glyph(int color)
{
    static const char glyph[PLOT_COLORS + 2] = ".*ox#%&=~";
    return color >= 0 && color <= PLOT_COLORS ? glyph[color] : '?';
}

static pen data_pen(int color)
{
    return (pen){.color = (uint8_t)color, .attr = 0, .glyph = plot_ascii_glyph(color)};
}

static bool valid_color(int color)
{
    return color >= 0 && color <= PLOT_COLORS;
}

/* --- canvas ---------------------------------------------------------------------------------------------- */

int plot_grid_reserve(plot_grid *g, size_t *capacity, int cols, int rows)
{
    if (cols < 1 || rows < 1 || (long)cols * rows > MAX_CELLS)
        return NUMLAB_ERR_INPUT;
    size_t need = (size_t)cols * (size_t)rows;
    if (need > *capacity) {
        plot_cell *cells = malloc(need * sizeof *cells);
        if (!cells)
            return NUMLAB_ERR_NOMEM;
        free(g->cells);
        g->cells = cells;
        *capacity = need;
    }
    g->cols = cols, g->rows = rows;
    return 0;
}

static void set_dims(plot_canvas *c, int cols, int rows)
{
    c->cols = c->grid.cols = cols;
    c->rows = c->grid.rows = rows;
    plot_mode_cell(c->mode, &c->cell_w, &c->cell_h);
    c->dot_w = cols * c->cell_w;
    c->dot_h = rows * c->cell_h;
    /* the view's centres of the first and last dots; a one-dot axis shows its whole range in that dot */
    c->sx = (c->dot_w > 1 ? c->dot_w - 1 : 1) / (c->xmax - c->xmin);
    c->sy = (c->dot_h > 1 ? c->dot_h - 1 : 1) / (c->ymax - c->ymin);
}

/* The dots array as large as the grid's cells. */
static int reserve_dots(plot_canvas *c)
{
    if (c->dots_capacity >= c->capacity)
        return 0;
    uint8_t *dots = malloc(c->capacity);
    if (!dots)
        return NUMLAB_ERR_NOMEM;
    free(c->dots);
    c->dots = dots, c->dots_capacity = c->capacity;
    return 0;
}

plot_canvas *plot_canvas_new(int cols, int rows, plot_mode mode)
{
    plot_canvas *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    if (plot_grid_reserve(&c->grid, &c->capacity, cols, rows) || reserve_dots(c)) {
        plot_canvas_free(c);
        return NULL;
    }
    c->mode = mode;
    c->xmin = c->ymin = 0.0;
    c->xmax = c->ymax = 1.0;
    set_dims(c, cols, rows);
    plot_canvas_clear(c);
    return c;
}

void plot_canvas_free(plot_canvas *c)
{
    if (c) {
        free(c->grid.cells);
        free(c->dots);
        free(c);
    }
}

int plot_canvas_resize(plot_canvas *c, int cols, int rows)
{
    const int old_cols = c->grid.cols, old_rows = c->grid.rows;
    int rc = plot_grid_reserve(&c->grid, &c->capacity, cols, rows);
    if (!rc && (rc = reserve_dots(c)))
        c->grid.cols = old_cols, c->grid.rows = old_rows;  /* the cells grew, but the canvas keeps its size */
    if (rc)
        return rc;
    set_dims(c, cols, rows);
    plot_canvas_clear(c);
    return 0;
}

void plot_canvas_set_mode(plot_canvas *c, plot_mode mode)
{
    c->mode = mode;
    set_dims(c, c->cols, c->rows);
    plot_canvas_clear(c);
}

plot_mode plot_canvas_mode(const plot_canvas *c)
{
    return c->mode;
}

void plot_canvas_clear(plot_canvas *c)
{
    size_t n = (size_t)c->cols * (size_t)c->rows;
    for (size_t i = 0; i < n; i++)
        c->grid.cells[i] = (plot_cell){.ch = ' '};
    if (block_mode(c->mode))  /* read only in the block sets; a change of set clears again */
        memset(c->dots, 0, n);
}

int plot_canvas_dot_width(const plot_canvas *c)
{
    return c->dot_w;
}

int plot_canvas_dot_height(const plot_canvas *c)
{
    return c->dot_h;
}

bool plot_span_ok(double lo, double hi)
{
    double span = hi - lo;  /* NaN fails the comparison; an infinite bound makes the span infinite */
    return span >= PLOT_MIN_SPAN && isfinite(span);
}

int plot_canvas_set_view(plot_canvas *c, double xmin, double xmax, double ymin, double ymax)
{
    if (!plot_span_ok(xmin, xmax) || !plot_span_ok(ymin, ymax))
        return -1;
    c->xmin = xmin, c->xmax = xmax, c->ymin = ymin, c->ymax = ymax;
    set_dims(c, c->cols, c->rows);
    return 0;
}

const plot_grid *plot_canvas_grid(plot_canvas *c)
{
    return &c->grid;
}

/* The one place a dot is lit; (x, y) must be inside the canvas. */
static inline void light(plot_canvas *c, int x, int y, pen p)
{
    if (c->mode == PLOT_BRAILLE) {
        plot_cell *cell = &c->grid.cells[(y >> 2) * c->cols + (x >> 1)];
        uint32_t base = cell->ch == ' ' ? BRAILLE_BASE : cell->ch;
        cell->ch = base | braille_bit[y & 3][x & 1];
        cell->color = p.color, cell->attr = p.attr;
    } else if (c->mode == PLOT_ASCII) {
        c->grid.cells[y * c->cols + x] = (plot_cell){.ch = (uint8_t)p.glyph, .color = p.color, .attr = p.attr};
    } else {
        const size_t i = (size_t)(y / c->cell_h) * (size_t)c->cols + (size_t)(x / c->cell_w);
        c->dots[i] |= (uint8_t)(1u << (y % c->cell_h * c->cell_w + x % c->cell_w));
        c->grid.cells[i] = (plot_cell){.ch = plot_mode_glyph(c->mode, c->dots[i]), .color = p.color, .attr = p.attr};
    }
}

void plot_canvas_set_dot(plot_canvas *c, int x, int y, int color)
{
    if (x >= 0 && x < c->dot_w && y >= 0 && y < c->dot_h && valid_color(color))
        light(c, x, y, data_pen(color));
}

bool plot_canvas_dot(const plot_canvas *c, int x, int y)
{
    if (x < 0 || x >= c->dot_w || y < 0 || y >= c->dot_h)
        return false;
    if (c->mode == PLOT_BRAILLE) {
        uint32_t ch = c->grid.cells[(y >> 2) * c->cols + (x >> 1)].ch;
        return ch != ' ' && (ch & braille_bit[y & 3][x & 1]);
    }
    if (block_mode(c->mode))
        return c->dots[(y / c->cell_h) * c->cols + x / c->cell_w] >> (y % c->cell_h * c->cell_w + x % c->cell_w) & 1u;
    return c->grid.cells[y * c->cols + x].ch != ' ';
}

/* Data to the nearest dot, for a point inside the view (a clipped end may lie a hair outside: clamp). d is then
 * > -1, so truncating d + 0.5 rounds to nearest like floor(d + 0.5). */
static int dot_x(const plot_canvas *c, double x)
{
    double d = (x - c->xmin) * c->sx + 0.5;
    return d < 1.0 ? 0 : d >= c->dot_w ? c->dot_w - 1 : (int)d;
}

static int dot_y(const plot_canvas *c, double y)
{
    double d = (c->ymax - y) * c->sy + 0.5;
    return d < 1.0 ? 0 : d >= c->dot_h ? c->dot_h - 1 : (int)d;
}

static bool inside(const plot_canvas *c, double x, double y)
{
    return x >= c->xmin && x <= c->xmax && y >= c->ymin && y <= c->ymax;  /* false for NaN */
}

/* Bresenham between two dots inside the canvas: 8-connected, so steep lines have no gaps. */
static void dot_line(plot_canvas *c, int x0, int y0, int x1, int y1, pen p)
{
    int dx = abs(x1 - x0), step_x = x0 < x1 ? 1 : -1;
    int dy = -abs(y1 - y0), step_y = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    for (;;) {
        light(c, x0, y0, p);
        if (x0 == x1 && y0 == y1)
            return;
        int e2 = 2 * err;
        if (e2 >= dy)
            err += dy, x0 += step_x;
        if (e2 <= dx)
            err += dx, y0 += step_y;
    }
}

bool plot_clip_segment(double xmin, double xmax, double ymin, double ymax, double *x0, double *y0, double *x1,
                       double *y1)
{
    const double ax = 0.5 * *x0, ay = 0.5 * *y0;
    const double dx = 0.5 * *x1 - ax, dy = 0.5 * *y1 - ay;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {ax - 0.5 * xmin, 0.5 * xmax - ax, ay - 0.5 * ymin, 0.5 * ymax - ay};
    double t0 = 0.0, t1 = 1.0;
    for (int k = 0; k < 4; k++) {
        if (p[k] == 0.0) {
            if (q[k] < 0.0)
                return false;  /* parallel to this edge and outside it */
            continue;
        }
        double r = q[k] / p[k];
        if (p[k] < 0.0) {
            if (r > t1)
                return false;
            if (r > t0)
                t0 = r;
        } else {
            if (r < t0)
                return false;
            if (r < t1)
                t1 = r;
        }
    }
    if (t1 < 1.0)
        *x1 = 2.0 * (ax + t1 * dx), *y1 = 2.0 * (ay + t1 * dy);
    if (t0 > 0.0)
        *x0 = 2.0 * (ax + t0 * dx), *y0 = 2.0 * (ay + t0 * dy);
    return true;
}

static void segment(plot_canvas *c, double x0, double y0, double x1, double y1, pen p)
{
    if (!(inside(c, x0, y0) && inside(c, x1, y1)) &&
        !plot_clip_segment(c->xmin, c->xmax, c->ymin, c->ymax, &x0, &y0, &x1, &y1))
        return;
    dot_line(c, dot_x(c, x0), dot_y(c, y0), dot_x(c, x1), dot_y(c, y1), p);
}

static void point(plot_canvas *c, double x, double y, pen p)
{
    if (inside(c, x, y))
        light(c, dot_x(c, x), dot_y(c, y), p);
}

void plot_canvas_point(plot_canvas *c, double x, double y, int color)
{
    if (valid_color(color))
        point(c, x, y, data_pen(color));  /* a non-finite point is never inside */
}

void plot_canvas_line(plot_canvas *c, double x0, double y0, double x1, double y1, int color)
{
    if (valid_color(color) && isfinite(x0) && isfinite(y0) && isfinite(x1) && isfinite(y1))
        segment(c, x0, y0, x1, y1, data_pen(color));
}

static double log_or_nan(double v)
{
    return v > 0.0 ? log10(v) : NAN;
}

void plot_canvas_series(plot_canvas *c, const double *x, const double *y, size_t n, size_t stride, int color,
                        unsigned flags)
{
    if (!y || !valid_color(color))
        return;
    if (stride == 0)
        stride = 1;
    const pen p = data_pen(color);
    const bool lines = !(flags & PLOT_DRAW_POINTS);
    double px = 0.0, py = 0.0;  /* the previous point ... */
    int pdx = 0, pdy = 0;       /* ... and its dot, when it is inside */
    bool pen_down = false, prev_inside = false;
    for (size_t i = 0; i < n; i++) {
        double vx = x ? x[i * stride] : (double)i, vy = y[i * stride];
        if (flags & PLOT_DRAW_LOG_X)
            vx = log_or_nan(vx);
        if (flags & PLOT_DRAW_LOG_Y)
            vy = log_or_nan(vy);
        if (!isfinite(vx) || !isfinite(vy)) {
            pen_down = false;
            continue;
        }
        const bool in = inside(c, vx, vy);
        int dx = 0, dy = 0;
        if (in)
            dx = dot_x(c, vx), dy = dot_y(c, vy);
        if (pen_down && lines && in && prev_inside && dx == pdx) {
            /* the commonest case by far (a dense series: many points a dot column): straight down or up from the
             * last dot, which is lit already; the dots dot_line lights, without its error terms */
            for (int step = dy > pdy ? 1 : -1, row = pdy; row != dy;)
                light(c, dx, row += step, p);
        } else if (pen_down && lines && in && prev_inside)
            dot_line(c, pdx, pdy, dx, dy, p);  /* the common case: no clipping, each point mapped once */
        else if (pen_down && lines)
            segment(c, px, py, vx, vy, p);
        else if (in)
            light(c, dx, dy, p);
        px = vx, py = vy, pdx = dx, pdy = dy;
        pen_down = true, prev_inside = in;
    }
}

void plot_canvas_polyline(plot_canvas *c, const double *x, const double *y, size_t n, size_t stride, int color)
{
    plot_canvas_series(c, x, y, n, stride, color, 0);
}

void plot_canvas_hline(plot_canvas *c, double y, int color)
{
    if (!valid_color(color) || !(y >= c->ymin && y <= c->ymax))
        return;
    const pen p = {.color = (uint8_t)color, .attr = PLOT_ATTR_DIM, .glyph = '-'};
    int row = dot_y(c, y);
    for (int x = 0; x < c->dot_w; x += 2)  /* every other dot; in ASCII every other cell: "- - -" */
        light(c, x, row, p);
}

void plot_canvas_vline(plot_canvas *c, double x, int color)
{
    if (!valid_color(color) || !(x >= c->xmin && x <= c->xmax))
        return;
    const pen p = {.color = (uint8_t)color, .attr = PLOT_ATTR_DIM, .glyph = ':'};
    int col = dot_x(c, x), step = c->cell_h > 1 ? 2 : 1;  /* ':' is dotted already */
    for (int y = 0; y < c->dot_h; y += step)
        light(c, col, y, p);
}

/* --- what the chart needs -------------------------------------------------------------------------------- */

int plot_canvas_col_of(const plot_canvas *c, double x)
{
    return x >= c->xmin && x <= c->xmax ? dot_x(c, x) / c->cell_w : -1;
}

int plot_canvas_row_of(const plot_canvas *c, double y)
{
    return y >= c->ymin && y <= c->ymax ? dot_y(c, y) / c->cell_h : -1;
}

bool plot_canvas_cell_of(const plot_canvas *c, double x, double y, int *col, int *row)
{
    if (!inside(c, x, y))
        return false;
    *col = dot_x(c, x) / c->cell_w;
    *row = dot_y(c, y) / c->cell_h;
    return true;
}

void plot_canvas_cell_center(const plot_canvas *c, int col, int row, double *x, double *y)
{
    /* the centre of a cell in dot units, where dot k's centre is at k */
    double dx = col * c->cell_w + 0.5 * (c->cell_w - 1), dy = row * c->cell_h + 0.5 * (c->cell_h - 1);
    *x = c->xmin + dx / c->sx;
    *y = c->ymax - dy / c->sy;
}

/* --- text ------------------------------------------------------------------------------------------------ */

int plot_utf8_length(const char *s)
{
    int n = 0;
    while (*s) {
        plot_utf8_next(&s);
        n++;
    }
    return n;
}

uint32_t plot_utf8_next(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t cp;
    int extra;
    if (p[0] < 0x80)
        cp = p[0], extra = 0;
    else if (p[0] >= 0xC2 && p[0] < 0xE0)
        cp = p[0] & 0x1Fu, extra = 1;
    else if (p[0] >= 0xE0 && p[0] < 0xF0)
        cp = p[0] & 0x0Fu, extra = 2;
    else if (p[0] >= 0xF0 && p[0] < 0xF5)
        cp = p[0] & 0x07u, extra = 3;
    else
        goto invalid;
    for (int k = 1; k <= extra; k++) {
        if ((p[k] & 0xC0) != 0x80)
            goto invalid;
        cp = cp << 6 | (p[k] & 0x3Fu);
    }
    /* overlong forms, surrogates and values past U+10FFFF are not characters */
    static const uint32_t least[4] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[extra] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        goto invalid;
    *s += 1 + extra;
    return cp;
invalid:
    *s += 1;
    return 0xFFFD;
}

size_t plot_utf8_encode(uint32_t cp, char out[4])
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12), out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18), out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Where text goes: a buffer (snprintf-like, counting what does not fit) or a FILE. */
typedef struct {
    char *buf;
    size_t size, len;
    FILE *file;
} sink;

static void put(sink *s, const char *bytes, size_t n)
{
    if (s->file) {
        fwrite(bytes, 1, n, s->file);
    } else if (s->size > 0 && s->len < s->size - 1) {
        size_t room = s->size - 1 - s->len;
        memcpy(s->buf + s->len, bytes, n < room ? n : room);
    }
    s->len += n;
}

size_t plot_sgr(char seq[PLOT_SGR_MAX], int color, int attr)
{
    int len = snprintf(seq, PLOT_SGR_MAX, "\033[0%s%s", (attr & PLOT_ATTR_BOLD) ? ";1" : "",
                       (attr & PLOT_ATTR_DIM) ? ";2" : "");
    int term = plot_color_terminal(color);
    if (term >= 0)
        len += snprintf(seq + len, PLOT_SGR_MAX - (size_t)len, ";%d", term < 8 ? 30 + term : 90 + term - 8);
    seq[len++] = 'm';
    return (size_t)len;
}

static void put_sgr(sink *s, int color, int attr)
{
    char seq[PLOT_SGR_MAX];
    put(s, seq, plot_sgr(seq, color, attr));
}

static void put_grid(sink *s, const plot_grid *g, unsigned flags)
{
    for (int r = 0; r < g->rows; r++) {
        const plot_cell *row = g->cells + (size_t)r * (size_t)g->cols;
        int end = g->cols;
        while (end > 0 && row[end - 1].ch == ' ')
            end--;
        int color = 0, attr = 0;  /* the terminal's state: spaces need no color, so they never change it */
        for (int col = 0; col < end; col++) {
            const plot_cell *cell = &row[col];
            if ((flags & PLOT_TEXT_COLOR) && cell->ch != ' ' && (cell->color != color || cell->attr != attr)) {
                color = cell->color, attr = cell->attr;
                put_sgr(s, color, attr);
            }
            char bytes[4];
            put(s, bytes, plot_utf8_encode(cell->ch, bytes));
        }
        if (color || attr)
            put(s, "\033[0m", 4);
        put(s, "\n", 1);
    }
}

size_t plot_grid_text(const plot_grid *grid, char *buf, size_t size, unsigned flags)
{
    sink s = {.buf = buf, .size = size};
    put_grid(&s, grid, flags);
    if (size > 0)
        buf[s.len < size ? s.len : size - 1] = '\0';
    return s.len;
}

int plot_grid_write(const plot_grid *grid, FILE *f, unsigned flags)
{
    sink s = {.file = f};
    put_grid(&s, grid, flags);
    return ferror(f) ? NUMLAB_ERR_IO : NUMLAB_OK;
}

void plot_equal_aspect(const double box[4], int cols, int rows, plot_mode mode, double range[4])
{
    const double w = box[1] - box[0], h = box[3] - box[2];
    for (int i = 0; i < 4; i++)
        range[i] = box[i];
    if (!(w > 0.0 && isfinite(w) && h > 0.0 && isfinite(h)) || cols < 1 || rows < 1)
        return;
    int cell_w, cell_h;
    plot_mode_cell(mode, &cell_w, &cell_h);
    const double a = 2.0 * cell_w / cell_h;  /* a dot's height over its width, in a cell twice as tall as wide */
    const int dots_x = cell_w * cols, dots_y = cell_h * rows;
    const double gaps_x = dots_x > 1 ? dots_x - 1 : 1, gaps_y = dots_y > 1 ? dots_y - 1 : 1;
    const double u = fmax(w / gaps_x, h / (a * gaps_y));
    const double cx = 0.5 * (box[0] + box[1]), cy = 0.5 * (box[2] + box[3]);
    range[0] = cx - 0.5 * u * gaps_x, range[1] = cx + 0.5 * u * gaps_x;
    range[2] = cy - 0.5 * u * a * gaps_y, range[3] = cy + 0.5 * u * a * gaps_y;
}
