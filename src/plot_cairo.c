/* plot: the figure back end. Walks the same chart model the terminal renderer draws (plot_internal.h) and draws it
 * with cairo into SVG, PDF or PNG. See include/numlab/figure.h. */
#include "numlab/common.h"
#include "numlab/figure.h"
#include "numlab/lang.h"
#include "plot_internal.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double r, g, b;
} rgb;

#define HEX(v) {((v) >> 16 & 0xFF) / 255.0, ((v) >> 8 & 0xFF) / 255.0, ((v) & 0xFF) / 255.0}

/* The terminal's hues (plot_color_terminal: cyan, magenta, yellow, green, red, blue, white, bright magenta) as the
 * nearest of Okabe and Ito's colour-blind-safe set; yellow as their orange and white as black (both would vanish on
 * paper), bright magenta as Tol's wine. 0, the terminal's default colour, is dark gray. */
static const rgb palette[PLOT_COLORS + 1] = {
    HEX(0x404040), HEX(0x56B4E9), HEX(0xCC79A7), HEX(0xE69F00), HEX(0x009E73),
    HEX(0xD55E00), HEX(0x0072B2), HEX(0x000000), HEX(0x882255),
};

/* A dash pattern for each named series (in the order of the legend), in line widths (0 entries: solid), so that
 * series differ in gray print too; a series without a name is a drawing (a ball, a rim), always solid. */
static const double dashes[PLOT_MAX_SERIES][6] = {
    {0}, {7, 3}, {2.5, 2}, {8, 3, 1.5, 3}, {14, 4}, {5, 2, 1.5, 2, 1.5, 2}, {1.5, 3.5}, {10, 3, 3, 3},
};

/* viridis at nine even steps (matplotlib's map, van der Walt and Smith 2015): light grows monotonically. */
static const rgb viridis[9] = {
    HEX(0x440154), HEX(0x482878), HEX(0x3E4A89), HEX(0x31688E), HEX(0x26828E),
    HEX(0x1F9E89), HEX(0x35B779), HEX(0x6DCD59), HEX(0xFDE725),
};

static rgb viridis_at(double t)
{
    t = t > 0.0 ? (t < 1.0 ? t : 1.0) : 0.0;
    double u = t * 8.0;
    int k = u >= 8.0 ? 7 : (int)u;
    double f = u - k;
    const rgb *a = &viridis[k], *b = &viridis[k + 1];
    return (rgb){a->r + f * (b->r - a->r), a->g + f * (b->g - a->g), a->b + f * (b->b - a->b)};
}

/* --- geometry of one chart ------------------------------------------------------------------------------------ */

typedef struct {
    cairo_t *cr;
    const plot_chart *ch;
    double fs, lw;              /* font size and line width, pt */
    double ax, ay, aw, ah;      /* the plot area */
    plot_ticks ticks[2];
} frame;

static double dev_x(const frame *f, double v)
{
    const plot_axis_state *a = &f->ch->axis[PLOT_X];
    return f->ax + (v - a->lo) / (a->hi - a->lo) * f->aw;
}

static double dev_y(const frame *f, double v)
{
    const plot_axis_state *a = &f->ch->axis[PLOT_Y];
    return f->ay + f->ah - (v - a->lo) / (a->hi - a->lo) * f->ah;
}

static void set_color(cairo_t *cr, int color)
{
    const rgb *c = &palette[color >= 0 && color <= PLOT_COLORS ? color : 0];
    cairo_set_source_rgb(cr, c->r, c->g, c->b);
}

/* Chart texts are UTF-8 from anywhere: cairo refuses invalid UTF-8 (and would stop drawing), so each text is
 * decoded (an invalid byte becomes U+FFFD), control characters dropped, and encoded again. */
static void clean_text(const char *s, char *out, size_t size)
{
    size_t n = 0;
    while (s && *s) {
        uint32_t cp = plot_utf8_next(&s);
        if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
            continue;
        char b[4];
        size_t len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (len == 1)
            b[0] = (char)cp;
        else {
            for (size_t k = len - 1; k > 0; k--, cp >>= 6)
                b[k] = (char)(0x80 | (cp & 0x3F));
            b[0] = (char)((len == 2 ? 0xC0 : len == 3 ? 0xE0 : 0xF0) | cp);
        }
        if (n + len >= size)
            break;
        memcpy(out + n, b, len);
        n += len;
    }
    out[n] = '\0';
}

static double text_w(cairo_t *cr, const char *s)
{
    char t[PLOT_TITLE_MAX * 2];
    clean_text(s, t, sizeof t);
    cairo_text_extents_t e;
    cairo_text_extents(cr, t, &e);
    return e.x_advance;
}

/* SVG text. cairo's SVG surface draws text as glyph outlines (paths in <defs>, placed by <use>): a reader cannot
 * select, search or edit it, and a screen reader cannot read it. So on an SVG figure each text is not shown through
 * cairo but written as an SVG <text> element (sans-serif, the same size, weight, colour, anchor and rotation), and
 * the elements are put at the end of the document (svg_splice). */
static const cairo_user_data_key_t svg_text_key;

static void svg_escaped(FILE *out, const char *t)
{
    for (; *t; t++)
        switch (*t) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*t, out);
        }
}

/* One <text> at (x, y) in user space (the baseline's anchor), in device units: the SVG's points. */
static void svg_text(cairo_t *cr, FILE *out, double x, double y, const char *t, double ha, double fs)
{
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    cairo_user_to_device(cr, &x, &y);
    const double angle = atan2(m.yx, m.xx) * 180.0 / NUMLAB_PI;
    double r = 0.0, g = 0.0, b = 0.0, a = 1.0;
    cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b, &a);
    const bool bold = cairo_toy_font_face_get_weight(cairo_get_font_face(cr)) == CAIRO_FONT_WEIGHT_BOLD;
    fprintf(out, "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"%.2f\"%s text-anchor=\"%s\" "
            "fill=\"rgb(%d,%d,%d)\"", x, y, fs, bold ? " font-weight=\"bold\"" : "",
            ha < 0.25 ? "start" : ha > 0.75 ? "end" : "middle", (int)lround(255 * r), (int)lround(255 * g),
            (int)lround(255 * b));
    if (fabs(angle) > 1e-9)
        fprintf(out, " transform=\"rotate(%.2f %.2f %.2f)\"", angle, x, y);
    fputs(">", out);
    svg_escaped(out, t);
    fputs("</text>\n", out);
}

/* Text with its anchor at (x, y): ha 0 left, 0.5 centre, 1 right; the baseline placed so that y is the middle of
 * the capital height. */
static void text_at(cairo_t *cr, double x, double y, const char *s, double ha, double fs)
{
    char t[PLOT_TITLE_MAX * 2];
    clean_text(s, t, sizeof t);
    if (!t[0])
        return;
    FILE *svg = cairo_get_user_data(cr, &svg_text_key);
    if (svg) {
        svg_text(cr, svg, x, y + 0.36 * fs, t, ha, fs);
        return;
    }
    cairo_text_extents_t e;
    cairo_text_extents(cr, t, &e);
    cairo_move_to(cr, x - ha * e.x_advance, y + 0.36 * fs);
    cairo_show_text(cr, t);
}

static void font(cairo_t *cr, double size, bool bold)
{
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

/* The x ticks: as many as fit with a gap of one font size between labels (the terminal's rule, in points). */
static void x_ticks(frame *f)
{
    const plot_axis_state *a = &f->ch->axis[PLOT_X];
    int most = (int)(f->aw / (4.0 * f->fs)) + 1;
    for (int max = most < PLOT_MAX_TICKS ? most : PLOT_MAX_TICKS; max >= 1; max--) {
        plot_axis_ticks(a, max, &f->ticks[PLOT_X]);
        double prev_right = -1e300;
        bool fit = true;
        for (int i = 0; i < f->ticks[PLOT_X].count && fit; i++) {
            double x = dev_x(f, plot_tick_view(a, f->ticks[PLOT_X].value[i]));
            double w = text_w(f->cr, f->ticks[PLOT_X].label[i]);
            fit = x - 0.5 * w >= prev_right + f->fs;
            prev_right = x + 0.5 * w;
        }
        if (fit)
            return;
    }
}

/* Places the plot area inside the cell (x, y, w, h) and chooses the ticks. */
static void lay_out(frame *f, double x, double y, double w, double h)
{
    const plot_chart *ch = f->ch;
    const double fs = f->fs, pad = 0.6 * fs, tick = 0.35 * fs;
    font(f->cr, fs, false);
    double top = y + pad + (ch->title[0] ? 1.6 * fs : 0.2 * fs);
    double bottom = y + h - pad - (ch->xlabel[0] ? 1.5 * fs : 0.0) - 1.3 * fs - tick;
    f->ay = top, f->ah = bottom - top;
    plot_axis_ticks(&ch->axis[PLOT_Y], (int)(f->ah / (2.2 * fs)) + 1, &f->ticks[PLOT_Y]);
    double label_w = 0.0;
    for (int i = 0; i < f->ticks[PLOT_Y].count; i++)
        label_w = fmax(label_w, text_w(f->cr, f->ticks[PLOT_Y].label[i]));
    double right = x + w - pad - 0.5 * fs;
    if (ch->image.values) {  /* room for the colour bar and its labels */
        plot_ticks bar;
        plot_ticks_linear(ch->image.lo, ch->image.hi, 6, &bar);
        double bar_w = text_w(f->cr, ch->image.unit ? ch->image.unit : "");
        for (int i = 0; i < bar.count; i++)
            bar_w = fmax(bar_w, 0.9 * fs + tick + text_w(f->cr, bar.label[i]));
        right -= fs + bar_w;
    }
    f->ax = x + pad + (ch->ylabel[0] ? 1.5 * fs : 0.0) + label_w + 0.4 * fs + tick;
    f->aw = right - f->ax;
    const plot_axis_state *ax = &ch->axis[PLOT_X], *ay = &ch->axis[PLOT_Y];
    if (ch->equal_aspect && !ax->log && !ay->log && f->aw > 0.0 && f->ah > 0.0) {
        /* a picture of the world: the terminal's ranges (widened for its cells) on an area shrunk, about its
         * centre, to one scale across and up, so that a metre is as long in x as in y on paper too */
        const double per_pt = fmax((ax->hi - ax->lo) / f->aw, (ay->hi - ay->lo) / f->ah);
        const double aw = (ax->hi - ax->lo) / per_pt, ah = (ay->hi - ay->lo) / per_pt;
        f->ax += 0.5 * (f->aw - aw), f->ay += 0.5 * (f->ah - ah);
        f->aw = aw, f->ah = ah;
        plot_axis_ticks(ay, (int)(f->ah / (2.2 * fs)) + 1, &f->ticks[PLOT_Y]);
    }
    x_ticks(f);
}

/* --- drawing --------------------------------------------------------------------------------------------------- */

/* Series dashes have butt caps (their lengths as given); the dotted reference lines round ones (dots). */
static void dash(cairo_t *cr, int pattern, double lw)
{
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    double d[6];
    int n = 0;
    for (; n < 6 && dashes[pattern][n] > 0.0; n++)
        d[n] = dashes[pattern][n] * lw;
    cairo_set_dash(cr, d, n, 0.0);
}

/* One series as one path: the polyline clipped to the view in view units (so 1e300 never reaches cairo), NaN and
 * (on a log axis) values <= 0 lifting the pen; points as small discs. */
static void series_path(const frame *f, const plot_series *d)
{
    const plot_axis_state *ax = &f->ch->axis[PLOT_X], *ay = &f->ch->axis[PLOT_Y];
    cairo_t *cr = f->cr;
    const double mx = 0.01 * (ax->hi - ax->lo), my = 0.01 * (ay->hi - ay->lo);
    const bool points = d->style == PLOT_POINTS;
    double px = NAN, py = NAN, lx = NAN, ly = NAN;  /* the previous point; the path's last device point */
    for (size_t i = 0; i < d->n; i++) {
        double vx = plot_to_view(ax, d->x ? d->x[i * d->stride] : (double)i);
        double vy = plot_to_view(ay, d->y[i * d->stride]);
        if (!isfinite(vx) || !isfinite(vy)) {
            px = py = NAN;
            continue;
        }
        if (points) {
            if (vx >= ax->lo && vx <= ax->hi && vy >= ay->lo && vy <= ay->hi) {
                cairo_new_sub_path(cr);
                cairo_arc(cr, dev_x(f, vx), dev_y(f, vy), 1.3 * f->lw, 0.0, 2.0 * NUMLAB_PI);
            }
            continue;
        }
        double x0 = px, y0 = py, x1 = vx, y1 = vy;
        px = vx, py = vy;
        if (!isfinite(x0) || !plot_clip_segment(ax->lo - mx, ax->hi + mx, ay->lo - my, ay->hi + my, &x0, &y0, &x1,
                                                &y1))
            continue;
        double sx = dev_x(f, x0), sy = dev_y(f, y0);
        if (!(fabs(sx - lx) < 1e-9 && fabs(sy - ly) < 1e-9))
            cairo_move_to(cr, sx, sy);
        lx = dev_x(f, x1), ly = dev_y(f, y1);
        cairo_line_to(cr, lx, ly);
    }
}

static void draw_image(const frame *f)
{
    const plot_image *im = &f->ch->image;
    const plot_axis_state *ax = &f->ch->axis[PLOT_X], *ay = &f->ch->axis[PLOT_Y];
    /* sampled at (at most) one pixel a point of the area, through the axes' scales: a log axis bends it as the
     * terminal's cells do */
    int w = (int)fmin(f->aw, 2000.0), h = (int)fmin(f->ah, 2000.0);
    if (w < 1 || h < 1)
        return;
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    if (cairo_surface_status(img) == CAIRO_STATUS_SUCCESS) {
        unsigned char *data = cairo_image_surface_get_data(img);
        int stride = cairo_image_surface_get_stride(img);
        cairo_surface_flush(img);
        for (int r = 0; r < h; r++) {
            double vy = ay->hi - (r + 0.5) / h * (ay->hi - ay->lo);
            for (int c = 0; c < w; c++) {
                double vx = ax->lo + (c + 0.5) / w * (ax->hi - ax->lo);
                double v = plot_image_at(im, plot_to_data(ax, vx), plot_to_data(ay, vy));
                rgb col = isfinite(v) ? viridis_at((v - im->lo) / (im->hi - im->lo)) : (rgb){1, 1, 1};
                uint32_t px = (uint32_t)(col.r * 255.0 + 0.5) << 16 | (uint32_t)(col.g * 255.0 + 0.5) << 8 |
                              (uint32_t)(col.b * 255.0 + 0.5);
                memcpy(data + (size_t)r * (size_t)stride + 4 * (size_t)c, &px, 4);
            }
        }
        cairo_surface_mark_dirty(img);
        cairo_save(f->cr);
        cairo_translate(f->cr, f->ax, f->ay);
        cairo_scale(f->cr, f->aw / w, f->ah / h);
        cairo_set_source_surface(f->cr, img, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(f->cr), CAIRO_FILTER_NEAREST);
        cairo_rectangle(f->cr, 0, 0, w, h);
        cairo_fill(f->cr);
        cairo_restore(f->cr);
    }
    cairo_surface_destroy(img);
}

static void draw_color_bar(const frame *f)
{
    const plot_image *im = &f->ch->image;
    cairo_t *cr = f->cr;
    const double x = f->ax + f->aw + f->fs, w = 0.9 * f->fs;
    cairo_pattern_t *g = cairo_pattern_create_linear(0, f->ay + f->ah, 0, f->ay);
    for (int k = 0; k < 9; k++)
        cairo_pattern_add_color_stop_rgb(g, k / 8.0, viridis[k].r, viridis[k].g, viridis[k].b);
    cairo_rectangle(cr, x, f->ay, w, f->ah);
    cairo_set_source(cr, g);
    cairo_fill(cr);
    cairo_pattern_destroy(g);
    plot_ticks t;
    plot_ticks_linear(im->lo, im->hi, (int)(f->ah / (2.2 * f->fs)) + 1, &t);
    set_color(cr, 7);
    for (int i = 0; i < t.count; i++) {
        double y = f->ay + f->ah - (t.value[i] - im->lo) / (im->hi - im->lo) * f->ah;
        text_at(cr, x + w + 0.35 * f->fs, y, t.label[i], 0.0, f->fs);
    }
    if (im->unit && im->unit[0])
        text_at(cr, x, f->ay - 0.8 * f->fs, im->unit, 0.0, f->fs);
}

static void draw_grid(const frame *f)
{
    cairo_t *cr = f->cr;
    const plot_chart *ch = f->ch;
    if (ch->image.values)
        return;  /* a heat map fills the area */
    cairo_set_dash(cr, NULL, 0, 0.0);
    cairo_set_line_width(cr, 0.5 * f->lw);
    cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);  /* light grid lines at the ticks: one path */
    for (int i = 0; i < f->ticks[PLOT_X].count; i++) {
        double x = dev_x(f, plot_tick_view(&ch->axis[PLOT_X], f->ticks[PLOT_X].value[i]));
        cairo_move_to(cr, x, f->ay), cairo_line_to(cr, x, f->ay + f->ah);
    }
    for (int i = 0; i < f->ticks[PLOT_Y].count; i++) {
        double y = dev_y(f, plot_tick_view(&ch->axis[PLOT_Y], f->ticks[PLOT_Y].value[i]));
        cairo_move_to(cr, f->ax, y), cairo_line_to(cr, f->ax + f->aw, y);
    }
    cairo_stroke(cr);
}

static void draw_axes(const frame *f)
{
    cairo_t *cr = f->cr;
    const plot_chart *ch = f->ch;
    const double tick = 0.35 * f->fs, bottom = f->ay + f->ah;
    cairo_set_dash(cr, NULL, 0, 0.0);
    cairo_set_line_width(cr, 0.8 * f->lw);
    set_color(cr, 7);
    /* the axes as the terminal draws them, left and bottom, with their ticks: one path */
    cairo_move_to(cr, f->ax, f->ay), cairo_line_to(cr, f->ax, bottom), cairo_line_to(cr, f->ax + f->aw, bottom);
    for (int i = 0; i < f->ticks[PLOT_X].count; i++) {
        double x = dev_x(f, plot_tick_view(&ch->axis[PLOT_X], f->ticks[PLOT_X].value[i]));
        cairo_move_to(cr, x, bottom), cairo_line_to(cr, x, bottom + tick);
    }
    for (int i = 0; i < f->ticks[PLOT_Y].count; i++) {
        double y = dev_y(f, plot_tick_view(&ch->axis[PLOT_Y], f->ticks[PLOT_Y].value[i]));
        cairo_move_to(cr, f->ax, y), cairo_line_to(cr, f->ax - tick, y);
    }
    cairo_stroke(cr);
    for (int i = 0; i < f->ticks[PLOT_X].count; i++) {
        double x = dev_x(f, plot_tick_view(&ch->axis[PLOT_X], f->ticks[PLOT_X].value[i]));
        text_at(cr, x, bottom + tick + 0.9 * f->fs, f->ticks[PLOT_X].label[i], 0.5, f->fs);
    }
    for (int i = 0; i < f->ticks[PLOT_Y].count; i++) {
        double y = dev_y(f, plot_tick_view(&ch->axis[PLOT_Y], f->ticks[PLOT_Y].value[i]));
        text_at(cr, f->ax - tick - 0.3 * f->fs, y, f->ticks[PLOT_Y].label[i], 1.0, f->fs);
    }
    if (ch->xlabel[0])
        text_at(cr, f->ax + 0.5 * f->aw, bottom + tick + 2.4 * f->fs, ch->xlabel, 0.5, f->fs);
    if (ch->ylabel[0]) {
        double label_right = f->ax - tick - 0.3 * f->fs, widest = 0.0;
        for (int i = 0; i < f->ticks[PLOT_Y].count; i++)
            widest = fmax(widest, text_w(cr, f->ticks[PLOT_Y].label[i]));
        cairo_save(cr);
        cairo_translate(cr, label_right - widest - 0.9 * f->fs, f->ay + 0.5 * f->ah);
        cairo_rotate(cr, -0.5 * NUMLAB_PI);
        text_at(cr, 0.0, 0.0, ch->ylabel, 0.5, f->fs);
        cairo_restore(cr);
    }
}

static void draw_data(const frame *f)
{
    cairo_t *cr = f->cr;
    const plot_chart *ch = f->ch;
    cairo_save(cr);
    cairo_rectangle(cr, f->ax, f->ay, f->aw, f->ah);
    cairo_clip(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (int r = 0; r < ch->nrefs; r++) {  /* dotted and thin, as the terminal's dim dotted lines */
        const plot_ref_entry *ref = &ch->refs[r];
        const plot_axis_state *a = &ch->axis[ref->axis];
        double v = plot_to_view(a, ref->value);
        if (!(v >= a->lo && v <= a->hi))
            continue;
        const double d[2] = {0.1 * f->lw, 2.5 * f->lw};
        cairo_set_dash(cr, d, 2, 0.0);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_width(cr, 1.1 * f->lw);
        set_color(cr, ref->color);
        if (ref->axis == PLOT_Y)
            cairo_move_to(cr, f->ax, dev_y(f, v)), cairo_line_to(cr, f->ax + f->aw, dev_y(f, v));
        else
            cairo_move_to(cr, dev_x(f, v), f->ay), cairo_line_to(cr, dev_x(f, v), f->ay + f->ah);
        cairo_stroke(cr);
    }
    for (int s = 0, named = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        set_color(cr, d->color);
        cairo_set_line_width(cr, f->lw);
        dash(cr, d->name[0] ? named++ % PLOT_MAX_SERIES : 0, f->lw);
        series_path(f, d);
        if (d->style == PLOT_POINTS)
            cairo_fill(cr);
        else
            cairo_stroke(cr);
    }
    cairo_restore(cr);
    cairo_set_dash(cr, NULL, 0, 0.0);
    for (int m = 0; m < ch->nmarkers; m++) {  /* over everything, as the terminal's bold cell */
        const plot_marker_entry *mk = &ch->markers[m];
        double vx = plot_to_view(&ch->axis[PLOT_X], mk->x), vy = plot_to_view(&ch->axis[PLOT_Y], mk->y);
        if (!(vx >= ch->axis[PLOT_X].lo && vx <= ch->axis[PLOT_X].hi && vy >= ch->axis[PLOT_Y].lo &&
              vy <= ch->axis[PLOT_Y].hi))
            continue;
        cairo_arc(cr, dev_x(f, vx), dev_y(f, vy), 0.32 * f->fs, 0.0, 2.0 * NUMLAB_PI);
        set_color(cr, mk->color);
        cairo_fill_preserve(cr);
        set_color(cr, 7);
        cairo_set_line_width(cr, 0.6 * f->lw);
        cairo_stroke(cr);
    }
}

/* The dash pattern of series s: its place among the named series. */
static int named_index(const plot_chart *ch, int s)
{
    int k = 0;
    for (int i = 0; i < s; i++)
        k += ch->series[i].data.name[0] != '\0';
    return k % PLOT_MAX_SERIES;
}

/* A legend entry's sample, centred at (x, y), len long. */
static void legend_sample(const frame *f, const plot_legend_entry *e, double x, double y, double len)
{
    cairo_t *cr = f->cr;
    set_color(cr, e->color);
    cairo_set_line_width(cr, e->kind == PLOT_KEY_HLINE || e->kind == PLOT_KEY_VLINE ? 1.1 * f->lw : f->lw);
    switch (e->kind) {
    case PLOT_KEY_LINES:
        dash(cr, named_index(f->ch, e->index), f->lw);
        cairo_move_to(cr, x - 0.5 * len, y), cairo_line_to(cr, x + 0.5 * len, y);
        cairo_stroke(cr);
        break;
    case PLOT_KEY_POINTS:
        for (int k = -1; k <= 1; k++) {
            cairo_new_sub_path(cr);
            cairo_arc(cr, x + k * 0.3 * len, y, 1.3 * f->lw, 0.0, 2.0 * NUMLAB_PI);
        }
        cairo_fill(cr);
        break;
    case PLOT_KEY_HLINE:
    case PLOT_KEY_VLINE: {
        const double d[2] = {0.1 * f->lw, 2.5 * f->lw};
        cairo_set_dash(cr, d, 2, 0.0);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        if (e->kind == PLOT_KEY_HLINE)
            cairo_move_to(cr, x - 0.5 * len, y), cairo_line_to(cr, x + 0.5 * len, y);
        else
            cairo_move_to(cr, x, y - 0.5 * f->fs), cairo_line_to(cr, x, y + 0.5 * f->fs);
        cairo_stroke(cr);
        break;
    }
    case PLOT_KEY_MARKER:
        cairo_arc(cr, x, y, 0.32 * f->fs, 0.0, 2.0 * NUMLAB_PI);
        cairo_fill_preserve(cr);
        set_color(cr, 7);
        cairo_set_line_width(cr, 0.6 * f->lw);
        cairo_stroke(cr);
        break;
    }
    cairo_set_dash(cr, NULL, 0, 0.0);
}

/* The legend in the corner the terminal chose (ch->legend_corner, after its render), on a white box. A legend the
 * terminal put above the plot area (every corner hid data there) goes top right: the box is translucent, and the
 * figure's finer lines hide less than the terminal's cells. */
static void draw_legend(const frame *f)
{
    const plot_chart *ch = f->ch;
    cairo_t *cr = f->cr;
    const int corner = ch->legend_corner >= 0 ? ch->legend_corner : ch->legend_above > 0 ? 0 : -1;
    if (corner < 0)
        return;
    plot_legend_entry e;
    int count = 0;
    double text = 0.0;
    for (; plot_legend_at(ch, count, &e); count++)
        text = fmax(text, text_w(cr, e.text));
    const double line = 1.3 * f->fs, pad = 0.4 * f->fs, sample = 2.4 * f->fs;
    const double w = pad + sample + 0.5 * f->fs + text + pad, h = 2 * pad + count * line;
    const double inset = 0.5 * f->fs;
    const bool right = corner == 0 || corner == 2, top = corner < 2;
    const double x = right ? f->ax + f->aw - inset - w : f->ax + inset;
    const double y = top ? f->ay + inset : f->ay + f->ah - inset - h;
    cairo_rectangle(cr, x, y, w, h);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.88);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.7, 0.7, 0.7);
    cairo_set_line_width(cr, 0.5 * f->lw);
    cairo_stroke(cr);
    for (int k = 0; plot_legend_at(ch, k, &e); k++) {
        double cy = y + pad + (k + 0.5) * line;
        legend_sample(f, &e, x + pad + 0.5 * sample, cy, sample);
        set_color(cr, 7);
        text_at(cr, x + pad + sample + 0.5 * f->fs, cy, e.text, 0.0, f->fs);
    }
}

/* One chart in the cell (x, y, w, h) of the figure. */
static void draw_chart(cairo_t *cr, plot_chart *ch, double x, double y, double w, double h, double fs)
{
    plot_chart_render(ch);  /* the ranges and the legend's corner, as the terminal has them */
    frame f = {.cr = cr, .ch = ch, .fs = fs, .lw = fmax(0.6, fs / 8.0)};
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    font(cr, fs, true);
    set_color(cr, 7);
    if (ch->title[0])
        text_at(cr, x + 0.5 * w, y + 0.6 * fs + 0.6 * fs, ch->title, 0.5, 1.05 * fs);
    if (!ch->rendered) {  /* the terminal said "plot too small": a figure has room, but no ranges were computed */
        font(cr, fs, false);
        text_at(cr, x + 0.5 * w, y + 0.5 * h, _("plot too small"), 0.5, fs);
        return;
    }
    lay_out(&f, x, y, w, h);
    if (f.aw < 2.0 * fs || f.ah < 2.0 * fs) {
        text_at(cr, x + 0.5 * w, y + 0.5 * h, _("figure too small"), 0.5, fs);
        return;
    }
    if (ch->image.values) {
        draw_image(&f);
        draw_color_bar(&f);
    }
    draw_grid(&f);
    draw_data(&f);
    draw_axes(&f);
    draw_legend(&f);
}

/* cairo and fontconfig keep their font caches for the life of the process: given back at exit (as cairo's own
 * test suite does), so that a leak checker (make SANITIZE=1) reports only real leaks. */
static void release_fonts(void)
{
    cairo_debug_reset_static_data();
    FcFini();
}

static void release_fonts_at_exit(void)
{
    static bool registered;
    if (!registered)
        registered = atexit(release_fonts) == 0;
}

/* One font size for the whole figure: about 48 to a chart's width (13.3 pt in a 640 x 400 figure of one chart). */
static double font_size(int n, double width, double height)
{
    const double cell_w = width / (n > 0 ? n : 1);
    return fmax(6.0, fmin(18.0, fmin(cell_w, 1.6 * height) / 48.0));
}

int figure_chart_area(plot_chart *const *charts, int n, int k, double width, double height, double area[4])
{
    if (k < 0 || k >= n)
        return -1;
    release_fonts_at_exit();
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);  /* for text sizes only */
    cairo_t *cr = cairo_create(surface);
    const double cell_w = width / n, fs = font_size(n, width, height);
    plot_chart_render(charts[k]);
    frame f = {.cr = cr, .ch = charts[k], .fs = fs, .lw = fmax(0.6, fs / 8.0)};
    if (charts[k]->rendered)
        lay_out(&f, k * cell_w, 0.0, cell_w, height);
    const bool ok = charts[k]->rendered && cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    if (!ok)
        return -1;
    area[0] = f.ax, area[1] = f.ay, area[2] = f.aw, area[3] = f.ah;
    return 0;
}

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Writes cairo's SVG document with the text elements before its closing tag. */
static int svg_splice(const char *doc, size_t doc_len, const char *texts, size_t texts_len, FILE *f)
{
    static const char close_tag[] = "</svg>";
    size_t at = doc_len;
    while (at >= sizeof close_tag - 1 && memcmp(doc + at - (sizeof close_tag - 1), close_tag, sizeof close_tag - 1))
        at--;
    if (at < sizeof close_tag - 1)
        return -1;
    at -= sizeof close_tag - 1;
    return fwrite(doc, 1, at, f) == at && fputs("<g id=\"text\">\n", f) >= 0 &&
           fwrite(texts, 1, texts_len, f) == texts_len && fputs("</g>\n", f) >= 0 && figure_meta_svg(f) == 0 &&
           fwrite(doc + at, 1, doc_len - at, f) == doc_len - at ? 0 : -1;
}

int figure_write(plot_chart *const *charts, int n, figure_format format, double width, double height, FILE *f,
                 char *err, size_t errlen)
{
    release_fonts_at_exit();
    cairo_surface_t *surface;
    /* SVG: cairo's document and the texts, each in memory until both are whole */
    char *doc = NULL, *texts = NULL;
    size_t doc_len = 0, texts_len = 0;
    FILE *doc_f = NULL, *texts_f = NULL;
    if (format == FIGURE_SVG) {
        doc_f = open_memstream(&doc, &doc_len);
        texts_f = open_memstream(&texts, &texts_len);
        if (!doc_f || !texts_f) {
            if (doc_f)
                fclose(doc_f);
            if (texts_f)
                fclose(texts_f);
            free(doc);
            free(texts);
            snprintf(err, errlen, "%s", numlab_strerror(NUMLAB_ERR_NOMEM));
            return -1;
        }
        surface = cairo_svg_surface_create_for_stream(write_stream, doc_f, width, height);
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT);
    } else if (format == FIGURE_PDF) {
        surface = cairo_pdf_surface_create_for_stream(write_stream, f, width, height);
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "numlab");
        if (n > 0 && charts[0]->title[0]) {
            char t[PLOT_TITLE_MAX * 2];
            clean_text(charts[0]->title, t, sizeof t);
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, t);
        }
        figure_meta_pdf(surface);
    } else {
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)width, (int)height);
    }
    cairo_t *cr = cairo_create(surface);
    if (texts_f)
        cairo_set_user_data(cr, &svg_text_key, texts_f, NULL);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    const double cell_w = width / (n > 0 ? n : 1), fs = font_size(n, width, height);
    for (int k = 0; k < n; k++)
        draw_chart(cr, charts[k], k * cell_w, 0.0, cell_w, height, fs);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st == CAIRO_STATUS_SUCCESS && format == FIGURE_PNG)
        st = cairo_surface_write_to_png_stream(surface, figure_meta_png_write, &(figure_png_stream){.f = f});
    cairo_surface_finish(surface);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (format == FIGURE_SVG) {
        const bool whole = fclose(doc_f) == 0 && fclose(texts_f) == 0;
        if (st == CAIRO_STATUS_SUCCESS && (!whole || svg_splice(doc, doc_len, texts, texts_len, f)))
            st = CAIRO_STATUS_WRITE_ERROR;
        free(doc);
        free(texts);
    }
    if (st != CAIRO_STATUS_SUCCESS || ferror(f)) {
        snprintf(err, errlen, "%s", st != CAIRO_STATUS_SUCCESS ? cairo_status_to_string(st) : _("write error"));
        return -1;
    }
    return 0;
}
