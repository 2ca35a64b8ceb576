/* bowl-lab's charts: the bowl from above (rim, trails, spheres, where effective gravity pulls), the spectrum of the
 * last window, the spectrogram (the g view, and --spectrogram's figure), the event timeline as lanes, and the meters'
 * bars. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/common.h"

#define RIM_POINTS 97
#define SPHERE_POINTS 25
#define MARGIN 1.06          /* the view reaches this far past the rim */
#define RANGE_DB 100.0       /* the spectrogram's colours: the loudest level (rounded up to 10 dB) to 100 dB below */

/* --- the bowl ------------------------------------------------------------------------------------------------- */

void bl_chart_bowl(plot_chart *ch, const bl_session *s)
{
    /* plot_chart borrows the arrays until its render: they live here, and the lab renders right after */
    static double rim[RIM_POINTS][2], trail[2][BL_TRAIL][2], cross[5][2], ball[2][SPHERE_POINTS][2];
    const bowl *b = snd_engine_bowl(s->e);
    const double R = 1000.0 * b->p.bowl_radius;
    char title[PLOT_TITLE_MAX];
    snprintf(title, sizeof title, _("%s seed %lu, from above (mm)"), s->preset.name, s->seed);
    plot_chart_clear(ch);
    plot_chart_set_title(ch, title);
    plot_chart_set_labels(ch, NULL, NULL);
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    /* one mm as long across as up: the rim a circle */
    plot_chart_set_range(ch, PLOT_X, -MARGIN * R, MARGIN * R);
    plot_chart_set_range(ch, PLOT_Y, -MARGIN * R, MARGIN * R);
    plot_chart_set_equal_aspect(ch, true);
    for (int k = 0; k < RIM_POINTS; k++) {
        double a = 2.0 * NUMLAB_PI * k / (RIM_POINTS - 1);
        rim[k][0] = R * cos(a), rim[k][1] = R * sin(a);
    }
    plot_chart_add_series(ch, &(plot_series){.x = &rim[0][0], .y = &rim[0][1], .n = RIM_POINTS, .stride = 2,
                                             .color = BL_COLOR_RIM});
    /* where effective gravity pulls: the lowest point of the tilted, stirred bowl, as a small cross */
    bl_player p = s->player;
    bowl_gesture g = bl_player_gesture(&p, b->p.step);
    bowl_vec ge = bowl_effective_gravity(&b->p, &g);
    double gn = sqrt(ge.x * ge.x + ge.y * ge.y + ge.z * ge.z);
    if (gn > 0.0) {
        double lx = R * ge.x / gn, ly = R * ge.y / gn, d = 0.07 * R;
        double pts[5][2] = {{lx - d, ly}, {lx + d, ly}, {NAN, NAN}, {lx, ly - d}, {lx, ly + d}};
        memcpy(cross, pts, sizeof cross);
        plot_chart_add_series(ch, &(plot_series){.x = &cross[0][0], .y = &cross[0][1], .n = 5, .stride = 2,
                                                 .color = BL_COLOR_LOW});
    }
    for (int i = 0; i < 2; i++) {
        const size_t n = s->trail_n;
        for (size_t k = 0; k < n; k++) {  /* oldest first */
            size_t at = (s->trail_at + BL_TRAIL - n + k) % BL_TRAIL;
            trail[i][k][0] = 1000.0 * s->trail[i][at][0];
            trail[i][k][1] = 1000.0 * s->trail[i][at][1];
        }
        const int color = i ? BL_COLOR_SPHERE1 : BL_COLOR_SPHERE0;
        plot_chart_add_series(ch, &(plot_series){.x = &trail[i][0][0], .y = &trail[i][0][1], .n = n, .stride = 2,
                                                 .color = color});
        /* the sphere's outline to scale (seen from above), and a marker at its centre */
        const double r = 1000.0 * b->p.sphere[i].radius, cx = 1000.0 * b->s[i].p.x, cy = 1000.0 * b->s[i].p.y;
        for (int k = 0; k < SPHERE_POINTS; k++) {
            double a = 2.0 * NUMLAB_PI * k / (SPHERE_POINTS - 1);
            ball[i][k][0] = cx + r * cos(a), ball[i][k][1] = cy + r * sin(a);
        }
        plot_chart_add_series(ch, &(plot_series){.x = &ball[i][0][0], .y = &ball[i][0][1], .n = SPHERE_POINTS,
                                                 .stride = 2, .color = color});
        plot_chart_add_marker(ch, cx, cy, color, NULL);
    }
}

int bl_cell_to_bowl(const plot_chart *ch, int col, int row, double *x, double *y)
{
    if (plot_chart_cell_to_data_clamped(ch, col, row, x, y))
        return -1;
    *x /= 1000.0, *y /= 1000.0;  /* the chart is in mm */
    return 0;
}

/* --- the spectrum --------------------------------------------------------------------------------------------- */

void bl_chart_spectrum(plot_chart *ch, const double *freq, const double *db)
{
    plot_chart_clear(ch);
    char title[PLOT_TITLE_MAX];
    snprintf(title, sizeof title, _("spectrum, last %.2f s (dB, Hz)"), BL_SPECTRUM_N / (double)SND_RATE);
    plot_chart_set_title(ch, title);
    plot_chart_set_labels(ch, NULL, NULL);
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    plot_chart_set_log(ch, PLOT_X, true);
    plot_chart_set_range(ch, PLOT_X, 20.0, 24000.0);
    plot_chart_set_range(ch, PLOT_Y, -120.0, 0.0);
    /* bin 0 (DC) has no place on a log axis */
    plot_chart_add_series(ch, &(plot_series){.x = freq + 1, .y = db + 1, .n = BL_SPECTRUM_N / 2,
                                             .color = BL_COLOR_SPHERE0});
}

/* --- the spectrogram ------------------------------------------------------------------------------------------ */

void bl_chart_spectrogram(plot_chart *ch, const spectrogram *sg, float *values, const char *title)
{
    const size_t frames = spectrogram_frames(sg), bins = spectrogram_bins(sg);
    plot_chart_clear(ch);
    plot_chart_set_title(ch, title);
    if (frames == 0)
        return;
    const float *db = spectrogram_db(sg);
    double top = -200.0;
    for (size_t f = 0; f < frames; f++)
        for (size_t k = 0; k < bins; k++) {
            values[k * frames + f] = db[f * bins + k];
            top = fmax(top, db[f * bins + k]);
        }
    top = 10.0 * ceil(top / 10.0);
    const double hz = spectrogram_bin_hz(sg), half_hop = 0.5 * spectrogram_hop_seconds(sg);
    plot_chart_set_labels(ch, "t [s]", "f [Hz]");
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    plot_chart_set_log(ch, PLOT_Y, true);
    plot_chart_set_range(ch, PLOT_Y, 20.0, 0.5 * (double)SND_RATE);
    const double t0 = spectrogram_frame_time(sg, 0) - half_hop, t1 = spectrogram_frame_time(sg, frames - 1) + half_hop;
    plot_chart_set_range(ch, PLOT_X, t0, t1);
    plot_chart_set_image(ch, &(plot_image){.values = values, .nx = (int)frames, .ny = (int)bins, .x0 = t0, .x1 = t1,
                                           .y0 = -0.5 * hz, .y1 = ((double)bins - 0.5) * hz, .lo = top - RANGE_DB,
                                           .hi = top, .unit = "dB"});
}

/* --- the timeline ---------------------------------------------------------------------------------------------- */

static const int lane_colors[BL_LANES] = {PLOT_YELLOW, PLOT_GREEN, BL_COLOR_SPHERE0, BL_COLOR_SPHERE1,
                                                PLOT_RED};

/* Lane k (0 at the top) is centred on y = BL_LANES - k; the view is set so that each lane is one cell row. */
static void lane_span(void *arg, int lane, double a, double b)
{
    plot_canvas_line(arg, a, BL_LANES - lane, b, BL_LANES - lane, lane_colors[lane]);
}

static void lane_point(void *arg, int lane, double t)
{
    const double y = BL_LANES - lane;
    plot_canvas_line(arg, t, y - 0.4, t, y + 0.4, lane_colors[lane]);
}

/* The next code point of UTF-8 text at *s (advanced past it); a byte that starts no valid sequence stands for
 * itself. */
static uint32_t next_code_point(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    const int n = p[0] < 0xc0 ? 1 : p[0] < 0xe0 ? 2 : p[0] < 0xf0 ? 3 : 4;
    uint32_t c = n == 1 ? p[0] : p[0] & (0x7fu >> n);
    for (int k = 1; k < n; k++) {
        if ((p[k] & 0xc0) != 0x80) {  /* cut short (or a stray continuation byte): one byte as it is */
            *s += 1;
            return p[0];
        }
        c = c << 6 | (p[k] & 0x3fu);
    }
    *s += n;
    return c;
}

/* Columns of UTF-8 text, one a code point (the labels are letters, digits and punctuation). */
static int text_cols(const char *text)
{
    int n = 0;
    while (*text)
        next_code_point(&text), n++;
    return n;
}

static void put_text(plot_grid *grid, int row, int col, const char *text, int color)
{
    for (int k = col; *text && k < grid->cols; k++)
        grid->cells[row * grid->cols + k] = (plot_cell){.ch = next_code_point(&text), .color = (uint8_t)color};
}

int bl_timeline_label_cols(void)
{
    int widest = 0;
    for (int k = 0; k < BL_LANES; k++)
        widest = text_cols(bl_lane_name(k)) > widest ? text_cols(bl_lane_name(k)) : widest;
    return widest + 2;  /* a blank column either side */
}

void bl_draw_timeline(plot_grid *grid, int row, plot_canvas *lanes, const bl_timeline *tl, double now,
                      double window)
{
    char title[128], total[128];
    snprintf(title, sizeof title, _("events, last %g s"), window);
    snprintf(total, sizeof total, _("so far %lu hits, %lu wall"), tl->count[BL_LANE_HIT], tl->count[BL_LANE_WALL]);
    const int n = text_cols(title), m = text_cols(total), label_cols = bl_timeline_label_cols();
    put_text(grid, row, 1, title, 0);
    if (n + m + 4 <= grid->cols)  /* the session's totals, right-aligned when there is room */
        put_text(grid, row, grid->cols - m - 1, total, 0);
    /* D dot rows a lane: lane k's centre on dot row D k + (D - 1)/2, so y = 5 - k maps there when the view spans
     * (5 D - 1)/D with its top at 5 + (D - 1)/(2 D) */
    const double d = plot_canvas_dot_height(lanes) / (double)BL_LANES;
    const double top = BL_LANES + (d - 1.0) / (2.0 * d);
    plot_canvas_clear(lanes);
    plot_canvas_set_view(lanes, now - window, now, top - (BL_LANES * d - 1.0) / d, top);
    bl_timeline_walk(tl, now - window, now, lane_span, lane_point, lanes);
    const plot_grid *g = plot_canvas_grid(lanes);
    for (int k = 0; k < BL_LANES && k < g->rows; k++) {
        put_text(grid, row + 1 + k, 1, bl_lane_name(k), lane_colors[k]);
        for (int c = 0; c < g->cols && label_cols + c < grid->cols; c++)
            grid->cells[(row + 1 + k) * grid->cols + label_cols + c] = g->cells[k * g->cols + c];
    }
    char left[32];
    snprintf(left, sizeof left, "-%g s", window);
    put_text(grid, row + 1 + BL_LANES, label_cols, left, 0);
    const char *now_text = _("now");
    put_text(grid, row + 1 + BL_LANES, grid->cols - text_cols(now_text) - 1, now_text, 0);
}

/* --- meters ----------------------------------------------------------------------------------------------------- */

size_t bl_bar(char *buf, size_t size, double value, int width, bool unicode)
{
    value = isfinite(value) ? fmax(0.0, fmin(1.0, value)) : 0.0;
    const int full = (int)lround(value * width);
    const char *on = unicode ? "\u2588" : "#", *off = unicode ? "\u00b7" : ".";
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int k = 0; k < width; k++) {
        int n = snprintf(used < size ? buf + used : NULL, used < size ? size - used : 0, "%s", k < full ? on : off);
        used += n > 0 ? (size_t)n : 0;
    }
    return used;
}
