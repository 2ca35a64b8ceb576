/* keyframe-lab's panes: the curves of each step (against s or t, with the clip's time as a cursor) and its
 * scenes (balls, the squash-and-stretch ball, axis triads) drawn with equal units across and up. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/lang.h"
#include "numlab/common.h"

#define HANDLE_SECONDS 0.2  /* how far a tangent handle reaches either side of its key */

void kl_walk_chart_start(plot_chart *ch, const char *title, const char *xlabel, const char *ylabel)
{
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_Y, false);
    plot_chart_set_equal_aspect(ch, false);  /* a curve, not a scene (kl_walk_render_scene) */
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    plot_chart_set_legend(ch, PLOT_LEGEND_AUTO);
    plot_chart_set_title(ch, title);
    plot_chart_set_labels(ch, xlabel, ylabel);
}

void kl_walk_add_curve(plot_chart *ch, const char *name, const double *x, const double *y, int color)
{
    plot_series s = {.name = name, .x = x, .y = y, .n = KL_SAMPLES, .color = color};
    plot_chart_add_series(ch, &s);
}

/* A fixed y range over some sampled curves (padded 8%), so that handles and drags do not rescale the pane. */
static void fix_y_range(plot_chart *ch, const double *const *curves, int n)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int c = 0; c < n; c++)
        for (int i = 0; i < KL_SAMPLES; i++)
            lo = fmin(lo, curves[c][i]), hi = fmax(hi, curves[c][i]);
    double pad = hi > lo ? 0.08 * (hi - lo) : 1.0;
    plot_chart_set_range(ch, PLOT_Y, lo - pad, hi + pad);
}

/* --- scenes --------------------------------------------------------------------------------------------------- */

/* The columns a UTF-8 label takes: its characters (every byte but the continuation bytes 10xxxxxx). */
static int columns(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Labels centred over data x positions (left to right), as a title as wide as the chart (the title is centred, so
 * it starts at the left edge unless it had to be cut to PLOT_TITLE_MAX). Widths are in columns: a translated label
 * may hold characters of more than one byte. */
static void label_title(plot_chart *ch, int width, const char *const *labels, const double *label_x, int n)
{
    char title[PLOT_TITLE_MAX];
    int len = width < PLOT_TITLE_MAX - 1 ? width : PLOT_TITLE_MAX - 1, start = (width - len) / 2, used = 0;
    size_t bytes = 0;
    double y0, y1;
    plot_chart_range(ch, PLOT_Y, &y0, &y1);
    for (int i = 0; i < n; i++) {
        int col, row, w = columns(labels[i]);
        size_t size = strlen(labels[i]);
        if (plot_chart_data_to_cell(ch, label_x[i], 0.5 * (y0 + y1), &col, &row))
            continue;
        int at = col - start - w / 2, least = used ? used + 1 : 0;  /* a space after the previous label */
        at = at < least ? least : at + w > len ? len - w : at;
        if (at < least || bytes + (size_t)(at - used) + size >= sizeof title)
            continue;  /* no room right of the previous label, or in the title */
        memset(title + bytes, ' ', (size_t)(at - used));
        memcpy(title + bytes + (at - used), labels[i], size);
        bytes += (size_t)(at - used) + size, used = at + w;
    }
    for (; used < len && bytes + 1 < sizeof title; used++)
        title[bytes++] = ' ';
    title[bytes] = '\0';
    plot_chart_set_title(ch, title);
}

const plot_grid *kl_walk_render_scene(plot_chart *ch, double x0, double x1, double y0, double y1,
                                   const char *const *labels, const double *label_x, int n_labels)
{
    int col, row, cols, rows;
    if (n_labels > 0)
        plot_chart_set_title(ch, labels[0]);  /* a title row from the first pass on, so the area stays put */
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    plot_chart_set_range(ch, PLOT_X, x0, x1);
    plot_chart_set_range(ch, PLOT_Y, y0, y1);
    plot_chart_set_equal_aspect(ch, true);  /* round balls: a unit as long across as up */
    const plot_grid *g = plot_chart_render(ch);
    if (plot_chart_area(ch, &col, &row, &cols, &rows))
        return g;
    if (n_labels > 0) {
        label_title(ch, g->cols, labels, label_x, n_labels);
        g = plot_chart_render(ch);
    }
    return g;
}

void kl_walk_add_triads(plot_chart *ch, kf_quat view, const kf_quat *q, const double *cx, int n, double size,
                     double xy[3][2 * KL_TRIAD_POINTS])
{
    static const char *const names[3] = {"x", "y", "z"};
    static const int colors[3] = {PLOT_RED, PLOT_GREEN, PLOT_BLUE};
    for (int axis = 0; axis < 3; axis++)
        for (int i = 0; i < 3 * 2 * 3; i++)
            xy[axis][i] = NAN;
    for (int i = 0; i < n && i < 3; i++) {
        double tips[3][3];
        kl_scene_triad(q[i], view, tips);
        for (int axis = 0; axis < 3; axis++) {
            double *p = &xy[axis][6 * i];
            p[0] = cx[i], p[1] = 0.0;
            p[2] = cx[i] + size * tips[axis][0], p[3] = size * tips[axis][1];
        }
    }
    for (int axis = 0; axis < 3; axis++) {
        plot_series s = {.name = names[axis], .x = &xy[axis][0], .y = &xy[axis][1], .n = (size_t)(3 * n),
                         .stride = 2, .color = colors[axis]};
        plot_chart_add_series(ch, &s);
    }
}

static void add_ball(plot_chart *ch, double *xy, double cx, double cy, double rx, double ry, int color)
{
    size_t n = kl_scene_ellipse(cx, cy, rx, ry, KL_BALL_CHORDS, KL_BALL_OUTLINE, xy, KL_BALL_POINTS);
    plot_series s = {.x = &xy[0], .y = &xy[1], .n = n, .stride = 2, .color = color};
    if (n)
        plot_chart_add_series(ch, &s);
}

/* --- the steps ------------------------------------------------------------------------------------------------ */

static void basis_pane(kl_walk *w, plot_chart *ch, int pane)
{
    static const char *const names[4] = {"h00 (p0)", "h10 (m0)", "h01 (p1)", "h11 (m1)"};
    static const char *const slopes[4] = {"h00'", "h10'", "h01'", "h11'"};
    kl_walk_chart_start(ch, pane == 0 ? _("the Hermite basis") : _("the slopes d/ds"), "s", "");
    plot_chart_set_range(ch, PLOT_X, 0.0, 1.0);
    kf_basis b = pane == 0 ? kf_hermite_basis(w->s) : kf_hermite_basis_deriv(w->s);
    const double at[4] = {b.h00, b.h10, b.h01, b.h11};
    plot_chart_add_vline(ch, w->s, 0, NULL);
    for (int k = 0; k < 4; k++) {
        kl_walk_add_curve(ch, pane == 0 ? names[k] : slopes[k], w->grid_s, w->basis[4 * pane + k], k + 1);
        plot_chart_add_marker(ch, w->s, at[k], k + 1, NULL);
    }
}

static const char *const ball_names[KL_BALLS] = {N_("step"), N_("linear"), N_("cubic")};
static const int ball_colors[KL_BALLS] = {KL_COLOR_STEP, KL_COLOR_LINEAR, KL_COLOR_CUBIC};

static void balls_curves(kl_walk *w, plot_chart *ch)
{
    double now = kl_walk_now(w);
    kl_walk_chart_start(ch, _("height y(t) of the three balls"), "t [s]", "y");
    plot_chart_add_vline(ch, now, 0, NULL);
    for (int b = 0; b < KL_BALLS; b++) {
        double v[3];
        kl_walk_add_curve(ch, _(ball_names[b]), w->grid_t, w->ball_y[b], ball_colors[b]);
        kf_track_sample(&w->balls[b], now, v);
        plot_chart_add_marker(ch, now, v[1], ball_colors[b], NULL);
    }
}

static const plot_grid *balls_scene(kl_walk *w, plot_chart *ch)
{
    static const double at_x[KL_BALLS] = {-3.0, 0.0, 3.0};  /* the tutorial's: step left, linear middle, cubic right */
    const double radius = 0.3;
    kl_walk_chart_start(ch, "", "", "");
    plot_chart_add_hline(ch, -radius, 0, NULL);  /* the ground under the balls at y = 0 */
    for (int b = 0; b < KL_BALLS; b++) {
        double v[3];
        kf_track_sample(&w->balls[b], kl_walk_now(w), v);
        add_ball(ch, w->ball_xy[b], at_x[b], v[1], radius, radius, ball_colors[b]);
    }
    const char *labels[KL_BALLS] = {_(ball_names[0]), _(ball_names[1]), _(ball_names[2])};
    return kl_walk_render_scene(ch, -4.0, 4.0, -0.5, 3.5, labels, at_x, KL_BALLS);
}

/* The tangent handles of the cubic ball's keys: a segment of slope a_k ending at each key (but the first) and one
 * of slope b_k leaving it (but the last), each HANDLE_SECONDS long in t. */
static void build_handles(kl_walk *w)
{
    kf_track *t = &w->balls[KL_BALL_CUBIC];
    size_t n = 0;
    double *h = w->handles;
    for (size_t k = 0; k < t->count && k < 3; k++) {
        double tk = t->times[k], yk = kf_track_value(t, k)[1];
        double in = kf_track_in_tangent(t, k)[1], out = kf_track_out_tangent(t, k)[1];
        if (k > 0)
            h[2 * n] = tk - HANDLE_SECONDS, h[2 * n + 1] = yk - HANDLE_SECONDS * in, n++;
        h[2 * n] = tk, h[2 * n + 1] = yk, n++;
        if (k + 1 < t->count)
            h[2 * n] = tk + HANDLE_SECONDS, h[2 * n + 1] = yk + HANDLE_SECONDS * out, n++;
        h[2 * n] = NAN, h[2 * n + 1] = NAN, n++;
    }
    for (; n < sizeof w->handles / sizeof w->handles[0] / 2; n++)
        h[2 * n] = NAN, h[2 * n + 1] = NAN;
}

static void edit_pane(kl_walk *w, plot_chart *ch, int pane)
{
    kf_track *t = &w->balls[KL_BALL_CUBIC];
    double now = kl_walk_now(w), v[3];
    const double *curves[2] = {pane == 0 ? w->ball_y[KL_BALL_CUBIC] : w->ball_v[KL_BALL_CUBIC],
                               pane == 0 ? w->ball_y[KL_BALL_LINEAR] : w->ball_v[KL_BALL_LINEAR]};
    kl_walk_chart_start(ch, pane == 0 ? _("cubic ball y(t): drag a key") : _("velocity y'(t): drag a tangent"), "t [s]",
                pane == 0 ? "y" : "y'");
    if (w->drag != KL_DRAG_NONE && (w->drag == KL_DRAG_VALUE) == (pane == 0))
        plot_chart_set_range(ch, PLOT_Y, w->drag_range[0], w->drag_range[1]);
    else
        fix_y_range(ch, curves, 2);
    plot_chart_add_vline(ch, w->probe, 0, NULL);
    kl_walk_add_curve(ch, _("linear"), w->grid_t, curves[1], KL_COLOR_LINEAR);
    kl_walk_add_curve(ch, _("cubic"), w->grid_t, curves[0], KL_COLOR_CUBIC);
    if (pane == 0) {
        build_handles(w);
        plot_series s = {.name = _("tangents"), .x = &w->handles[0], .y = &w->handles[1],
                         .n = sizeof w->handles / sizeof w->handles[0] / 2, .stride = 2, .color = KL_COLOR_KEY};
        plot_chart_add_series(ch, &s);
        for (size_t k = 0; k < t->count; k++)
            plot_chart_add_marker(ch, t->times[k], kf_track_value(t, k)[1],
                                  k == w->loaded_key ? KL_COLOR_SELECTED : KL_COLOR_KEY, NULL);
        kf_track_sample(t, now, v);
    } else {
        size_t k = w->loaded_key;
        if (k > 0)
            plot_chart_add_marker(ch, t->times[k], w->in, KL_COLOR_SELECTED, NULL);
        if (k + 1 < t->count)
            plot_chart_add_marker(ch, t->times[k], w->out, KL_COLOR_SELECTED, NULL);
        kf_track_velocity(t, now, v);
    }
    plot_chart_add_marker(ch, now, v[1], KL_COLOR_CUBIC, NULL);  /* the ball, playing */
}

static const plot_grid *bounce_scene(kl_walk *w, plot_chart *ch)
{
    double now = kl_walk_now(w), p[3], s[3];
    kf_track_sample(&w->bounce, now, p);
    kf_track_sample(&w->squash, now, s);
    const double r = KL_BALL_RADIUS;
    double rx, ry, cy;
    kl_scene_squash(r, s, w->keep_volume, w->pivot_floor, p[1], &rx, &ry, &cy);
    kl_walk_chart_start(ch, w->keep_volume ? _("the bounce, volume kept") : _("the bounce, the tutorial's scale keys"), "", "");
    plot_chart_add_hline(ch, -r, 0, NULL);
    /* the path of the centre, every eighth sample */
    plot_series trail = {.x = w->bounce_x, .y = w->bounce_y, .n = KL_SAMPLES / 8 + 1, .stride = 8,
                         .color = KL_COLOR_PLAIN, .style = PLOT_POINTS};
    plot_chart_add_series(ch, &trail);
    add_ball(ch, w->ball_xy[0], kl_walk_bounce_x(now), cy, rx, ry, KL_COLOR_STEP);
    return kl_walk_render_scene(ch, -2.7, 2.7, -0.6, 4.8, NULL, NULL, 0);
}

static void bounce_curves(kl_walk *w, plot_chart *ch)
{
    double now = kl_walk_now(w), s[3];
    kf_track_sample(&w->squash, now, s);
    kl_walk_chart_start(ch, _("scale and volume"), "t [s]", "");
    plot_chart_add_vline(ch, now, 0, NULL);
    plot_chart_add_hline(ch, 1.0, 0, NULL);
    kl_walk_add_curve(ch, "sx", w->grid_t, w->scale_x, KL_COLOR_STEP);
    kl_walk_add_curve(ch, "sy", w->grid_t, w->scale_y, KL_COLOR_LINEAR);
    kl_walk_add_curve(ch, "sx sy sz", w->grid_t, w->volume, KL_COLOR_KEY);
    plot_chart_add_marker(ch, now, s[0], KL_COLOR_STEP, NULL);
    plot_chart_add_marker(ch, now, s[1], KL_COLOR_LINEAR, NULL);
    plot_chart_add_marker(ch, now, s[0] * s[1] * s[2], KL_COLOR_KEY, NULL);
    if (w->keep_volume) {
        kl_walk_add_curve(ch, "1/sqrt(sy)", w->grid_t, w->kept_x, KL_COLOR_CUBIC);
        plot_chart_add_marker(ch, now, 1.0 / sqrt(s[1]), KL_COLOR_CUBIC, NULL);
    }
}

static const char *const rot_names[KL_ROTS] = {"slerp", "nlerp", N_("cubic")};
static const int rot_colors[KL_ROTS] = {KL_COLOR_STEP, KL_COLOR_LINEAR, KL_COLOR_CUBIC};

static const plot_grid *rotation_scene(kl_walk *w, plot_chart *ch, int step)
{
    double now = kl_walk_now(w), cx[KL_ROTS];
    kf_quat q[KL_ROTS];
    const char *labels[KL_ROTS];
    int n = 0;
    if (step == KL_STEP_ROTATION) {
        for (int r = 0; r < KL_ROTS; r++)
            if (w->rot_shown[r])
                q[n] = kl_walk_rotation(w, r, now), labels[n] = _(rot_names[r]), n++;
    } else {
        q[0] = kl_walk_rotation(w, KL_ROT_CUBIC, now), labels[0] = _("glTF: normalized");
        q[1] = kl_walk_rotation(w, KL_ROT_SLERP, now), labels[1] = _("tutorial: slerp");
        n = 2;
    }
    /* unit axes: neighbours 2.2 apart never touch (each reaches at most 1 to either side) */
    for (int i = 0; i < n; i++)
        cx[i] = 2.2 * (i - 0.5 * (n - 1));
    kl_walk_chart_start(ch, "", _("axes: x red, y green, z blue"), "");
    kl_walk_add_triads(ch, w->view, q, cx, n, 1.0, w->triad_xy);
    double half = n > 0 ? 1.1 * n + 0.1 : 1.2;
    return kl_walk_render_scene(ch, -half, half, -1.2, 1.2, labels, cx, n);
}

static void rotation_curves(kl_walk *w, plot_chart *ch, int step)
{
    double now = kl_walk_now(w);
    if (step == KL_STEP_ROTATION) {
        kl_walk_chart_start(ch, _("angle turned from the first key"), "t [s]", _("deg"));
        for (int r = 0; r < KL_ROTS; r++)
            if (w->rot_shown[r]) {
                kl_walk_add_curve(ch, _(rot_names[r]), w->grid_t, w->rot_angle[r], rot_colors[r]);
                plot_chart_add_marker(ch, now, kf_quat_angle(kl_walk_rotation(w, r, now)) * 180.0 / NUMLAB_PI,
                                      rot_colors[r], NULL);
            }
    } else {
        kl_walk_chart_start(ch, _("angle between glTF and the tutorial"), "t [s]", _("deg"));
        kl_walk_add_curve(ch, _("glTF vs slerp"), w->grid_t, w->rot_diff, KL_COLOR_KEY);
        plot_chart_add_marker(ch, now,
                              kf_quat_angle_between(kl_walk_rotation(w, KL_ROT_CUBIC, now),
                                                    kl_walk_rotation(w, KL_ROT_SLERP, now)) * 180.0 / NUMLAB_PI,
                              KL_COLOR_KEY, NULL);
    }
    plot_chart_add_vline(ch, now, 0, NULL);
}

const plot_grid *kl_walk_render(void *ctx, int step, int pane, int cols, int rows)
{
    kl_walk *w = ctx;
    plot_chart *ch = w->chart[pane];
    if (plot_chart_resize(ch, cols, rows))
        return NULL;
    switch (step) {
    case KL_STEP_BASIS:
        basis_pane(w, ch, pane);
        break;
    case KL_STEP_BALLS:
        if (pane == 1)
            return balls_scene(w, ch);
        balls_curves(w, ch);
        break;
    case KL_STEP_EDIT:
        edit_pane(w, ch, pane);
        break;
    case KL_STEP_BOUNCE:
        if (pane == 0)
            return bounce_scene(w, ch);
        bounce_curves(w, ch);
        break;
    case KL_STEP_HOP:
    case KL_STEP_SPIN:
    case KL_STEP_FLIP:
        kl_walk_motion_render(w, step, pane, ch);
        break;
    default:
        if (pane == 0)
            return rotation_scene(w, ch, step);
        rotation_curves(w, ch, step);
        break;
    }
    return plot_chart_render(ch);
}
