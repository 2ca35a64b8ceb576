/* plot_heat: a chart's heat map on a terminal, two pixels a cell in viridis, with a colour bar. See
 * include/numlab/plot_heat.h. */
#include "numlab/plot_heat.h"
#include "plot_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BAR_CELLS 2             /* the colour bar's width */
#define MIN_CHART 20            /* columns the chart keeps beside the bar */
#define HALF_BLOCK 0x2580u      /* UPPER HALF BLOCK: foreground above, background below */

/* matplotlib's viridis (_cm_listed.py, _viridis_data: S. van der Walt and N. Smith, SciPy 2015, CC0), entries 0, 16,
 * 32, ..., 240 and 255 of its 256. */
static const double viridis[17][3] = {
    {0.267004, 0.004874, 0.329415}, {0.282327, 0.094955, 0.417331}, {0.278826, 0.175490, 0.483397},
    {0.258965, 0.251537, 0.524736}, {0.229739, 0.322361, 0.545706}, {0.199430, 0.387607, 0.554642},
    {0.172719, 0.448791, 0.557885}, {0.149039, 0.508051, 0.557250}, {0.127568, 0.566949, 0.550556},
    {0.120638, 0.625828, 0.533488}, {0.157851, 0.683765, 0.501686}, {0.246070, 0.738910, 0.452024},
    {0.369214, 0.788888, 0.382914}, {0.515992, 0.831158, 0.294279}, {0.678489, 0.863742, 0.189503},
    {0.845561, 0.887322, 0.099702}, {0.993248, 0.906157, 0.143936},
};

void plot_viridis(double t, uint8_t rgb[3])
{
    const double k = 255.0 * (t > 0.0 ? (t < 1.0 ? t : 1.0) : 0.0);  /* the entry, 0..255; NaN -> 0 */
    const int i = k >= 240.0 ? 15 : (int)(k / 16.0);
    const double k0 = 16.0 * i, k1 = i == 15 ? 255.0 : 16.0 * (i + 1), f = (k - k0) / (k1 - k0);
    for (int c = 0; c < 3; c++) {
        const double v = viridis[i][c] + f * (viridis[i + 1][c] - viridis[i][c]);
        rgb[c] = (uint8_t)lround(255.0 * v);
    }
}

static int square(int v)
{
    return v * v;
}

int plot_xterm256(const uint8_t rgb[3])
{
    static const int level[6] = {0, 95, 135, 175, 215, 255};
    int cube[3], dist_cube = 0;
    for (int c = 0; c < 3; c++) {
        int best = 0;
        for (int l = 1; l < 6; l++)
            if (abs(rgb[c] - level[l]) < abs(rgb[c] - level[best]))
                best = l;
        cube[c] = best;
        dist_cube += square(rgb[c] - level[best]);
    }
    const int mean = (rgb[0] + rgb[1] + rgb[2]) / 3;
    int gray = (mean - 8 + 5) / 10;
    gray = gray < 0 ? 0 : gray > 23 ? 23 : gray;
    int dist_gray = 0;
    for (int c = 0; c < 3; c++)
        dist_gray += square(rgb[c] - (8 + 10 * gray));
    return dist_gray < dist_cube ? 232 + gray : 16 + 36 * cube[0] + 6 * cube[1] + cube[2];
}

plot_heat_depth plot_heat_depth_for(bool color, const char *colorterm)
{
    if (!color)
        return PLOT_HEAT_MONO;
    return colorterm && (strcmp(colorterm, "truecolor") == 0 || strcmp(colorterm, "24bit") == 0)
               ? PLOT_HEAT_TRUECOLOR
               : PLOT_HEAT_256;
}

plot_heat_depth plot_heat_depth_from_env(void)
{
    const char *no_color = getenv("NO_COLOR"), *force = getenv("CLICOLOR_FORCE");
    const bool forced = force && *force && strcmp(force, "0") != 0;
    return plot_heat_depth_for(!(no_color && *no_color) && (forced || isatty(STDOUT_FILENO)), getenv("COLORTERM"));
}

/* --- writing ----------------------------------------------------------------------------------------------- */

typedef struct {
    FILE *f;
    plot_heat_depth depth;
    int color, attr;            /* the terminal's state after the last cell */
    bool painted;               /* the last cell set a background */
} out;

static void put_cp(out *o, uint32_t cp)
{
    char bytes[4];
    fwrite(bytes, 1, plot_utf8_encode(cp, bytes), o->f);
}

/* One of SGR's colours: 38 foreground, 48 background; a NaN pixel keeps the terminal's own (39, 49). */
static void put_color(out *o, int which, double t)
{
    if (isnan(t)) {
        fprintf(o->f, ";%d", which + 1);
        return;
    }
    uint8_t rgb[3];
    plot_viridis(t, rgb);
    if (o->depth == PLOT_HEAT_TRUECOLOR)
        fprintf(o->f, ";%d;2;%d;%d;%d", which, rgb[0], rgb[1], rgb[2]);
    else
        fprintf(o->f, ";%d;5;%d", which, plot_xterm256(rgb));
}

uint8_t plot_heat_level(double t)
{
    if (isnan(t))
        return 0;
    return (uint8_t)(1 + lround(254.0 * (t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t)));
}

int plot_heat_color_of(uint8_t level, int n)
{
    return level ? (int)((level - 1) * (long)n / 255) : -1;
}

uint32_t plot_image_shade(plot_mode mode, double t)
{
    static const uint32_t unicode[5] = {' ', 0x2591, 0x2592, 0x2593, 0x2588};
    const bool ascii = mode == PLOT_ASCII;
    const int levels = ascii ? (int)sizeof PLOT_HEAT_RAMP - 1 : 5;
    if (!(t > 0.0))
        return ' ';
    const int k = (int)(t * (levels - 1) + 0.5);
    const int level = k < 1 ? 1 : k >= levels ? levels - 1 : k;
    return ascii ? (uint32_t)PLOT_HEAT_RAMP[level] : unicode[level];
}

/* A cell of two pixels in colour, upper t_up and lower t_down (0..1, NaN: none): a half block. */
static void put_pixels(out *o, double t_up, double t_down)
{
    if (isnan(t_up) && isnan(t_down)) {
        fputs(o->painted || o->color || o->attr ? "\033[0m " : " ", o->f);
        o->painted = false, o->color = o->attr = 0;
        return;
    }
    fputs("\033[0", o->f);
    put_color(o, 38, t_up);
    put_color(o, 48, t_down);
    fputc('m', o->f);
    put_cp(o, HALF_BLOCK);
    o->painted = true;
}

/* A cell of the chart as plot_grid_write writes it (colours unless MONO). */
static void put_cell(out *o, const plot_cell *cell)
{
    if (o->depth != PLOT_HEAT_MONO) {
        if (o->painted && cell->ch == ' ')
            fputs("\033[0m", o->f), o->color = o->attr = 0;
        else if (cell->ch != ' ' && (o->painted || cell->color != o->color || cell->attr != o->attr)) {
            char seq[PLOT_SGR_MAX];
            fwrite(seq, 1, plot_sgr(seq, cell->color, cell->attr), o->f);
            o->color = cell->color, o->attr = cell->attr;
        }
        o->painted = false;
    }
    put_cp(o, cell->ch);
}

/* The image's value at a point in view units, as a fraction of its scale (NaN outside it). */
static double image_t(const plot_chart *ch, const plot_image *im, double vx, double vy)
{
    const double v = plot_image_at(im, plot_to_data(&ch->axis[PLOT_X], vx), plot_to_data(&ch->axis[PLOT_Y], vy));
    return (v - im->lo) / (im->hi - im->lo);
}

/* The row of the bar (of `rows` rows, hi at its top pixel and lo at its bottom one) that a tick at v labels. */
static int tick_row(const plot_image *im, double v, int rows)
{
    const double t = (v - im->lo) / (im->hi - im->lo);
    return (int)lround((1.0 - t) * (2 * rows - 1)) / 2;
}

int plot_heat_write(plot_chart *ch, FILE *f, plot_heat_depth depth)
{
    if (!ch->image.values)
        return plot_chart_write(ch, f, depth != PLOT_HEAT_MONO ? PLOT_TEXT_COLOR : 0);
    const int width = ch->grid.cols, height = ch->grid.rows;
    const plot_image im = ch->image;
    plot_ticks ticks;
    plot_ticks_linear(im.lo, im.hi, 5, &ticks);
    const char *unit = im.unit ? im.unit : "";
    int label = 0;
    for (int i = 0; i < ticks.count; i++) {
        const int w = plot_utf8_length(ticks.label[i]);
        label = w > label ? w : label;
    }
    label += 1 + plot_utf8_length(unit);  /* room for the unit after a label, where no row is above the bar */
    const int bar = 1 + BAR_CELLS + 1 + label, cols = width - bar;
    if (cols < MIN_CHART)
        return NUMLAB_ERR_INPUT;
    int rc = plot_chart_resize(ch, cols, height);  /* smaller: no allocation */
    if (rc)
        return rc;
    plot_chart_render(ch);
    out o = {.f = f, .depth = ch->mode == PLOT_ASCII ? PLOT_HEAT_MONO : depth};
    int cell_w, cell_h;
    plot_mode_cell(ch->mode, &cell_w, &cell_h);
    const plot_axis_state *ay = &ch->axis[PLOT_Y];
    const int rows = ch->area_rows, dots = rows * cell_h;
    const double quarter = 0.25 * cell_h * (ay->hi - ay->lo) / (dots > 1 ? dots - 1 : 1);  /* a cell's height / 4 */
    for (int r = 0; r < height; r++) {
        const bool area_row = ch->rendered && r >= ch->area_row && r < ch->area_row + rows;
        const int bar_row = r - ch->area_row;  /* -1: the unit's row */
        const bool has_bar = ch->rendered && bar_row >= -1 && bar_row < rows;
        int end = cols;
        while (!has_bar && end > 0 && ch->grid.cells[r * cols + end - 1].ch == ' ')
            end--;
        for (int c = 0; c < end; c++) {
            const plot_cell *cell = &ch->grid.cells[r * cols + c];
            if (o.depth != PLOT_HEAT_MONO && area_row && (cell->attr & PLOT_ATTR_IMAGE)) {
                double vx, vy;  /* the map's cells are the plot area's: no other cell has the mark */
                plot_canvas_cell_center(ch->canvas, c - ch->area_col, bar_row, &vx, &vy);
                put_pixels(&o, image_t(ch, &im, vx, vy + quarter), image_t(ch, &im, vx, vy - quarter));
            } else {
                put_cell(&o, cell);
            }
        }
        if (has_bar) {
            put_cell(&o, &(plot_cell){.ch = ' '});
            if (bar_row < 0) {
                fputs(unit, f);
            } else {
                const double pixels = 2.0 * rows - 1;  /* the top pixel is hi, the bottom one lo */
                const double top = 1.0 - 2.0 * bar_row / pixels, bottom = 1.0 - (2.0 * bar_row + 1) / pixels;
                for (int k = 0; k < BAR_CELLS; k++)
                    if (o.depth == PLOT_HEAT_MONO)
                        put_cp(&o, plot_image_shade(ch->mode, 0.5 * (top + bottom)));
                    else
                        put_pixels(&o, top, bottom);
                put_cell(&o, &(plot_cell){.ch = ' '});
                const char *text = "";
                for (int i = 0; i < ticks.count; i++)
                    if (tick_row(&im, ticks.value[i], rows) == bar_row)
                        text = ticks.label[i];
                const bool with_unit = bar_row == 0 && ch->area_row == 0 && *unit;  /* no row above for it */
                fprintf(f, "%s%s%s", text, with_unit && *text ? " " : "", with_unit ? unit : "");
            }
        }
        if (o.painted || o.color || o.attr)
            fputs("\033[0m", f);
        o.painted = false, o.color = o.attr = 0;
        fputc('\n', f);
    }
    plot_chart_resize(ch, width, height);
    return ferror(f) ? NUMLAB_ERR_IO : NUMLAB_OK;
}
