/* keyframe-lab's interactive guided walk: six steps through the keyframe tutorial on the shared tui shell. Each step
 * resets its parameters on arrival; clips play once through the fixed-step accumulator (scene_clock), r replays them,
 * l loops them. The panes are drawn by walk_panes.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/tui.h"
#include "walk.h"

static const char *const step_titles[WALK_STEPS] = {
    "The Hermite basis",
    "Step, linear, cubic: the three balls",
    "Edit a key: value and tangents",
    "The bouncing ball: squash and stretch",
    "The take-off tangent of a thrown ball",
    "Rotations: slerp, nlerp, normalized cubic",
    "glTF vs the tutorial: normalize, don't slerp",
    "Angular velocity: q' = w q / 2",
    "q and -q: keys in one hemisphere",
};

double walk_now(const walk *w)
{
    return scene_clock_now(&w->clock);
}

/* --- the model ------------------------------------------------------------------------------------------------ */

static double clip_length(const walk *w, int step)
{
    switch (step) {
    case STEP_BASIS:    return 0.0;
    case STEP_ROTATION:
    case STEP_GLTF:     return w->interval;
    case STEP_HOP:
    case STEP_SPIN:
    case STEP_FLIP:     return walk_motion_length(w, step);
    default:            return 2.0;  /* the balls and the bounce: keys from 0 to 2 s */
    }
}

static void fill_grid(double *grid, double length)
{
    for (int i = 0; i < WALK_SAMPLES; i++)
        grid[i] = length * i / (WALK_SAMPLES - 1);
}

static void sample_basis(walk *w)
{
    fill_grid(w->grid_s, 1.0);
    for (int i = 0; i < WALK_SAMPLES; i++) {
        kf_basis b = kf_hermite_basis(w->grid_s[i]), d = kf_hermite_basis_deriv(w->grid_s[i]);
        const double v[8] = {b.h00, b.h10, b.h01, b.h11, d.h00, d.h10, d.h01, d.h11};
        for (int k = 0; k < 8; k++)
            w->basis[k][i] = v[k];
    }
}

static void sample_balls(walk *w)
{
    for (int b = 0; b < BALLS; b++)
        for (int i = 0; i < WALK_SAMPLES; i++) {
            double v[3];
            kf_track_sample(&w->balls[b], w->grid_t[i], v);
            w->ball_y[b][i] = v[1];
            kf_track_velocity(&w->balls[b], w->grid_t[i], v);
            w->ball_v[b][i] = v[1];
        }
}

/* The bounce slides along x at a constant speed from -2 to 2, so that the path shows. */
double walk_bounce_x(double t)
{
    return -2.0 + 2.0 * t;
}

static void sample_bounce(walk *w)
{
    for (int i = 0; i < WALK_SAMPLES; i++) {
        double p[3], s[3], t = w->grid_t[i];
        kf_track_sample(&w->bounce, t, p);
        kf_track_sample(&w->squash, t, s);
        w->bounce_x[i] = walk_bounce_x(t), w->bounce_y[i] = p[1];
        w->scale_x[i] = s[0], w->scale_y[i] = s[1], w->volume[i] = s[0] * s[1] * s[2];
        w->kept_x[i] = 1.0 / sqrt(s[1]);
    }
}

/* The rotation keys of steps 6 and 7 from the parameters: the identity at 0, `angle` degrees about y at T, the
 * cubic's out-tangent (0, m, 0, 0) at the first key and in-tangent (0, -m, 0, 0) at the second (the tutorial's, m = 1). */
static void set_rotation_keys(walk *w)
{
    for (int r = 0; r < ROTS; r++)
        lab_spin_keys(&w->rot[r], w->angle, w->interval, w->tangent);
}

kf_quat walk_rotation(const walk *w, int which, double t)
{
    double q[4];
    kf_track_sample(&w->rot[which], t, q);
    return (kf_quat){q[0], q[1], q[2], q[3]};
}

static void sample_rotations(walk *w)
{
    for (int i = 0; i < WALK_SAMPLES; i++) {
        kf_quat q[ROTS];
        for (int r = 0; r < ROTS; r++) {
            q[r] = walk_rotation(w, r, w->grid_t[i]);
            w->rot_angle[r][i] = kf_quat_angle(q[r]) / DEG;
        }
        w->rot_diff[i] = kf_quat_angle_between(q[ROT_SLERP], q[ROT_CUBIC]) / DEG;
    }
}

/* The edited key's numbers into the parameters (k selects), or the parameters into the key. */
static void load_key(walk *w)
{
    kf_track *t = &w->balls[BALL_CUBIC];
    size_t k = (size_t)w->key;
    w->loaded_key = k;
    w->value = kf_track_value(t, k)[1];
    w->in = kf_track_in_tangent(t, k)[1];
    w->out = kf_track_out_tangent(t, k)[1];
}

static void store_key(walk *w)
{
    kf_track *t = &w->balls[BALL_CUBIC];
    size_t k = w->loaded_key;
    kf_track_value(t, k)[1] = w->value;
    kf_track_in_tangent(t, k)[1] = w->in;
    kf_track_out_tangent(t, k)[1] = w->out;
    /* STEP and LINEAR follow the edited values, so the three balls still share their keys */
    kf_track_value(&w->balls[BALL_STEP], k)[1] = w->value;
    kf_track_value(&w->balls[BALL_LINEAR], k)[1] = w->value;
}

/* The keyframe tutorial's numbers back into the balls' tracks (kept as they are when there is no memory for the
 * copy). */
static void reset_balls(walk *w)
{
    kf_track seed[BALLS];
    if (seed_balls(seed))
        return;
    for (int b = 0; b < BALLS; b++) {
        memcpy(w->balls[b].values, seed[b].values, seed[b].count * kf_track_stride(&seed[b]) * sizeof(double));
        kf_track_destroy(&seed[b]);
    }
}

static void set_step_defaults(walk *w, int step)
{
    w->speed = step == STEP_BOUNCE ? 0.5 : 1.0;
    w->drag = DRAG_NONE;
    switch (step) {
    case STEP_BASIS:
        w->s = 0.5, w->p0 = 0.0, w->m0 = 5.0, w->p1 = 10.0, w->m1 = -2.0;  /* the keyframe tutorial's example */
        break;
    case STEP_EDIT:
        w->key = 0.0, w->probe = 0.5;
        load_key(w);
        break;
    case STEP_BOUNCE:
        w->keep_volume = w->pivot_floor = false;
        break;
    case STEP_HOP:
    case STEP_SPIN:
    case STEP_FLIP:
        walk_motion_defaults(w, step);
        break;
    default:
        w->angle = 90.0, w->tangent = 1.0, w->interval = 1.0;
        for (int r = 0; r < ROTS; r++)
            w->rot_shown[r] = true;
        break;
    }
}

void walk_changed(void *ctx, int step, tui_change what)
{
    walk *w = ctx;
    if (what == TUI_ENTER_STEP) {
        reset_balls(w);
        set_step_defaults(w, step);
    }
    if (step == STEP_EDIT) {
        if ((size_t)w->key != w->loaded_key)
            load_key(w);
        else
            store_key(w);
    }
    if (step == STEP_ROTATION || step == STEP_GLTF)
        set_rotation_keys(w);
    fill_grid(w->grid_t, fmax(clip_length(w, step), 1e-9));
    switch (step) {
    case STEP_BASIS:    sample_basis(w); break;
    case STEP_BALLS:
    case STEP_EDIT:     sample_balls(w); break;
    case STEP_BOUNCE:   sample_bounce(w); break;
    case STEP_ROTATION:
    case STEP_GLTF:     sample_rotations(w); break;
    default:            walk_motion_sample(w, step); break;
    }
    walk_text(w, step, w->text, sizeof w->text);  /* its numbers follow the edit */
    if (what == TUI_EDITED && !w->clock.done && w->clock.duration == clip_length(w, step)) {
        w->clock.speed = w->speed;  /* keep playing from where the clip is, at the new speed */
    } else {
        /* a new step, r, a new clip length, or an edit after the clip ended: play it (again) from the start */
        scene_clock_start(&w->clock, clip_length(w, step), w->speed, w->loop);
    }
}

static bool walk_tick(void *ctx, int step, double frame_dt)
{
    (void)step;
    walk *w = ctx;
    return scene_clock_tick(&w->clock, frame_dt);
}

static bool walk_key(void *ctx, int step, int key)
{
    walk *w = ctx;
    if (key == 'l' && step != STEP_BASIS) {
        w->loop = !w->loop;
        w->clock.loop = w->loop;
        if (w->loop && w->clock.done)
            scene_clock_start(&w->clock, w->clock.duration, w->speed, true);
        return true;
    }
    if (key == 'k' && step == STEP_EDIT) {
        w->key = (double)((w->loaded_key + 1) % w->balls[BALL_CUBIC].count);
        walk_changed(w, step, TUI_EDITED);
        return true;
    }
    return false;
}

/* --- the mouse (step 3): click a key and drag its value (left pane) or a tangent (right pane) ----------------- */

/* The key whose cell column is nearest to col (within 2 columns), or -1. */
static int key_near(const walk *w, int pane, int col, double y)
{
    const kf_track *t = &w->balls[BALL_CUBIC];
    int best = -1, best_d = 3;
    for (size_t k = 0; k < t->count; k++) {
        int c, r;
        if (plot_chart_data_to_cell(w->chart[pane], t->times[k], y, &c, &r) == 0 && abs(c - col) < best_d)
            best = (int)k, best_d = abs(c - col);
    }
    return best;
}

static double clamp(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

#define VALUE_LIMIT 10.0
#define TANGENT_LIMIT 50.0

static bool walk_mouse(void *ctx, int step, int pane, int col, int row, tui_mouse_kind kind)
{
    walk *w = ctx;
    double t, y;
    if (step != STEP_EDIT)
        return false;
    if (kind == TUI_MOUSE_RELEASE) {
        bool was = w->drag != DRAG_NONE;
        w->drag = DRAG_NONE;
        return was;
    }
    int area_col, area_row, cols, rows;
    if (kind == TUI_MOUSE_DRAG && plot_chart_area(w->chart[pane], &area_col, &area_row, &cols, &rows) == 0) {
        /* the pane holds the pointer while the button is down: past its plot area, drag along the edge */
        col = col < area_col ? area_col : col >= area_col + cols ? area_col + cols - 1 : col;
        row = row < area_row ? area_row : row >= area_row + rows ? area_row + rows - 1 : row;
    }
    if (plot_chart_cell_to_data(w->chart[pane], col, row, &t, &y))
        return false;
    if (kind == TUI_MOUSE_PRESS) {
        int k = key_near(w, pane, col, y);
        if (k < 0)
            return false;
        w->key = k;
        load_key(w);
        size_t last = w->balls[BALL_CUBIC].count - 1;
        double tk = w->balls[BALL_CUBIC].times[k];
        w->drag = pane == 0 ? DRAG_VALUE : ((k > 0 && t < tk) || (size_t)k == last) ? DRAG_IN : DRAG_OUT;
        /* the pane keeps its y range while the button is held, so the pointer and the value stay together */
        plot_chart_range(w->chart[pane], PLOT_Y, &w->drag_range[0], &w->drag_range[1]);
    } else if (w->drag == DRAG_NONE) {
        return false;
    }
    switch (w->drag) {
    case DRAG_VALUE: w->value = clamp(y, -VALUE_LIMIT, VALUE_LIMIT); break;
    case DRAG_IN:    w->in = clamp(y, -TANGENT_LIMIT, TANGENT_LIMIT); break;
    default:         w->out = clamp(y, -TANGENT_LIMIT, TANGENT_LIMIT); break;
    }
    store_key(w);
    sample_balls(w);
    return true;
}

/* --- notes ---------------------------------------------------------------------------------------------------- */

/* The largest value of a sampled curve and where it is. */
static double curve_max(const double *v, const double *t, double *where)
{
    double best = v[0];
    *where = t[0];
    for (int i = 1; i < WALK_SAMPLES; i++)
        if (v[i] > best)
            best = v[i], *where = t[i];
    return best;
}

static void notes_basis(const walk *w, char *buf, size_t size)
{
    kf_basis b = kf_hermite_basis(w->s);
    snprintf(buf, size,
             "s = %.4g: h00 %.4g, h10 %.4g, h01 %.4g, h11 %.4g. cubicSpline(%.4g, %.4g, %.4g, %.4g, %.4g) = %.6g, "
             "slope %.6g a unit of s (the tutorial prints ~6.875 for 0.5, 0, 5, 10, -2: it is %.6g).",
             w->s, b.h00, b.h10, b.h01, b.h11, w->s, w->p0, w->m0, w->p1, w->m1,
             kf_hermite(w->s, w->p0, w->m0, w->p1, w->m1), kf_hermite_deriv(w->s, w->p0, w->m0, w->p1, w->m1),
             kf_hermite(0.5, 0.0, 5.0, 10.0, -2.0));
}

static void notes_balls(const walk *w, char *buf, size_t size)
{
    double t = walk_now(w), y[BALLS], v[BALLS], tmp[3];
    for (int b = 0; b < BALLS; b++) {
        kf_track_sample(&w->balls[b], t, tmp);
        y[b] = tmp[1];
        kf_track_velocity(&w->balls[b], t, tmp);
        v[b] = tmp[1];
    }
    snprintf(buf, size, "t = %.2f s: step y %.3f v %+.3f, linear y %.3f v %+.3f, cubic y %.3f v %+.3f.", t, y[0],
             v[0], y[1], v[1], y[2], v[2]);
}

static void notes_edit(const walk *w, char *buf, size_t size)
{
    const kf_track *t = &w->balls[BALL_CUBIC];
    size_t k = w->loaded_key, last = t->count - 1;
    double y[3], v[3];
    kf_track_sample(t, w->probe, y);
    kf_track_velocity(t, w->probe, v);
    snprintf(buf, size, "y(%g) = %.6g, y'(%g) = %.6g units/s. Key %zu at t = %g: value %g, in %g, out %g%s.",
             w->probe, y[1], w->probe, v[1], k, t->times[k], w->value, w->in, w->out,
             k == 0 ? " (in unused: the first key holds before it)"
                    : k == last ? " (out unused: the last key holds after it)" : "");
}

static void notes_bounce(const walk *w, char *buf, size_t size)
{
    double t = walk_now(w), p[3], s[3];
    kf_track_sample(&w->bounce, t, p);
    kf_track_sample(&w->squash, t, s);
    double hi_t, hi = curve_max(w->volume, w->grid_t, &hi_t), lo = w->volume[0], lo_t = w->grid_t[0];
    for (int i = 1; i < WALK_SAMPLES; i++)
        if (w->volume[i] < lo)
            lo = w->volume[i], lo_t = w->grid_t[i];
    snprintf(buf, size,
             "t = %.2f s: y %.3f, scale (%.3f, %.3f, %.3f), volume sx sy sz = %.3f (kept: 1). The keys' volume "
             "ranges %.3f (t = %.2f) to %.3f (t = %.2f).",
             t, p[1], s[0], s[1], s[2], s[0] * s[1] * s[2], lo, lo_t, hi, hi_t);
}

static void notes_rotation(const walk *w, int step, char *buf, size_t size)
{
    double t = walk_now(w), where;
    kf_quat q[ROTS];
    for (int r = 0; r < ROTS; r++)
        q[r] = walk_rotation(w, r, t);
    double worst = curve_max(w->rot_diff, w->grid_t, &where);
    double cubic_slerp = kf_quat_angle_between(q[ROT_CUBIC], q[ROT_SLERP]) / DEG;
    if (step == STEP_ROTATION) {
        /* nlerp's largest lag behind slerp, from the sampled curves */
        double lag = 0.0, lag_t = 0.0;
        for (int i = 0; i < WALK_SAMPLES; i++) {
            double d = fabs(w->rot_angle[ROT_NLERP][i] - w->rot_angle[ROT_SLERP][i]);
            if (d > lag)
                lag = d, lag_t = w->grid_t[i];
        }
        snprintf(buf, size,
                 "t = %.2f s: slerp %.2f, nlerp %.2f, cubic %.2f deg. nlerp - slerp %.2f deg (largest %.2f at t = "
                 "%.2f); cubic - slerp %.2f deg (largest %.2f at t = %.2f).",
                 t, kf_quat_angle(q[ROT_SLERP]) / DEG, kf_quat_angle(q[ROT_NLERP]) / DEG,
                 kf_quat_angle(q[ROT_CUBIC]) / DEG, kf_quat_angle_between(q[ROT_NLERP], q[ROT_SLERP]) / DEG, lag,
                 lag_t, cubic_slerp, worst, where);
        return;
    }
    /* how far from unit the blended quaternion was before glTF normalizes it */
    snprintf(buf, size,
             "t = %.2f s: glTF %.2f deg from the first key, the tutorial's slerp %.2f: %.2f deg apart (largest %.2f at "
             "t = %.2f). The blend's |q| = %.4f before normalizing.",
             t, kf_quat_angle(q[ROT_CUBIC]) / DEG, kf_quat_angle(q[ROT_SLERP]) / DEG, cubic_slerp, worst, where,
             lab_blend_norm(&w->rot[ROT_CUBIC], t));
}

void walk_notes(void *ctx, int step, char *buf, size_t size)
{
    walk *w = ctx;
    switch (step) {
    case STEP_BASIS:  notes_basis(w, buf, size); break;
    case STEP_BALLS:  notes_balls(w, buf, size); break;
    case STEP_EDIT:   notes_edit(w, buf, size); break;
    case STEP_BOUNCE: notes_bounce(w, buf, size); break;
    case STEP_ROTATION:
    case STEP_GLTF:   notes_rotation(w, step, buf, size); break;
    default:          walk_motion_notes(w, step, buf, size); break;
    }
}

/* --- the steps' parameters ------------------------------------------------------------------------------------ */

static void add_toggle(tui_step *d, const char *name, int color, bool *flag)
{
    d->toggles[d->n_toggles++] = (tui_toggle){name, color, flag};
}

static void walk_describe(void *ctx, int step, tui_step *d)
{
    walk *w = ctx;
    d->title = step_titles[step];
    walk_text(w, step, w->text, sizeof w->text);
    d->text = w->text;
    d->n_panes = 2;
    switch (step) {
    case STEP_BASIS:
        tui_add_param(d, "s", "", &w->s, 0.0, 1.0, 0.05, 0.25, false);
        tui_add_param(d, "p0", "", &w->p0, -20.0, 20.0, 0.5, 5.0, false);
        tui_add_param(d, "m0", "", &w->m0, -20.0, 20.0, 0.5, 5.0, false);
        tui_add_param(d, "p1", "", &w->p1, -20.0, 20.0, 0.5, 5.0, false);
        tui_add_param(d, "m1", "", &w->m1, -20.0, 20.0, 0.5, 5.0, false);
        return;
    case STEP_EDIT:
        tui_add_param(d, "key", "", &w->key, 0.0, (double)(w->balls[BALL_CUBIC].count - 1), 1.0, 1.0, false);
        tui_add_param(d, "value", "", &w->value, -VALUE_LIMIT, VALUE_LIMIT, 0.25, 1.0, false);
        tui_add_param(d, "in", "/s", &w->in, -TANGENT_LIMIT, TANGENT_LIMIT, 1.0, 5.0, false);
        tui_add_param(d, "out", "/s", &w->out, -TANGENT_LIMIT, TANGENT_LIMIT, 1.0, 5.0, false);
        tui_add_param(d, "t", "s", &w->probe, 0.0, 2.0, 0.05, 0.25, false);
        break;
    case STEP_BOUNCE:
        add_toggle(d, "keep vol", COLOR_CUBIC, &w->keep_volume);
        add_toggle(d, "on floor", COLOR_STEP, &w->pivot_floor);
        break;
    case STEP_ROTATION:
        tui_add_param(d, "angle", "deg", &w->angle, 1.0, 179.0, 5.0, 30.0, false);
        tui_add_param(d, "m", "/s", &w->tangent, 0.0, 5.0, 0.25, 1.0, false);
        add_toggle(d, "slerp", COLOR_STEP, &w->rot_shown[ROT_SLERP]);
        add_toggle(d, "nlerp", COLOR_LINEAR, &w->rot_shown[ROT_NLERP]);
        add_toggle(d, "cubic", COLOR_CUBIC, &w->rot_shown[ROT_CUBIC]);
        break;
    case STEP_GLTF:
        tui_add_param(d, "m", "/s", &w->tangent, 0.0, 5.0, 0.25, 1.0, false);
        tui_add_param(d, "T", "s", &w->interval, 0.1, 10.0, 1.25, 2.0, true);
        break;
    case STEP_HOP:
    case STEP_SPIN:
    case STEP_FLIP:
        walk_motion_describe(w, step, d);
        break;
    default:
        break;
    }
    tui_add_param(d, "speed", "x", &w->speed, 0.05, 10.0, 1.25, 2.0, true);
}

/* --- the app -------------------------------------------------------------------------------------------------- */

int walk_init(walk *w, bool ascii)
{
    static const double times[2] = {0, 1};
    static const double keys[8] = {0, 0, 0, 1, 0, 0, 0, 1};
    memset(w, 0, sizeof *w);
    w->mode = ascii ? PLOT_ASCII : plot_mode_from_locale();
    w->view = scene_view(-35.0 * DEG, 20.0 * DEG);
    w->interval = 1.0;
    for (int p = 0; p < 2; p++)
        if (!(w->chart[p] = plot_chart_new(40, 12, w->mode)))
            return -1;
    /* the rotation tracks: two keys, the numbers set from the parameters (set_rotation_keys) */
    if (seed_balls(w->balls) || seed_bounce(&w->bounce, &w->squash) ||
        kf_track_init(&w->rot[ROT_SLERP], KF_LINEAR, KF_QUATERNION, 4, 2, times, keys) ||
        kf_track_init(&w->rot[ROT_NLERP], KF_LINEAR, KF_QUATERNION_NLERP, 4, 2, times, keys) ||
        kf_track_init(&w->rot[ROT_CUBIC], KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, NULL) || walk_motion_init(w))
        return -1;
    return 0;
}

void walk_destroy(walk *w)
{
    for (int p = 0; p < 2; p++)
        plot_chart_free(w->chart[p]);
    for (int b = 0; b < BALLS; b++)
        kf_track_destroy(&w->balls[b]);
    kf_track_destroy(&w->bounce);
    kf_track_destroy(&w->squash);
    for (int r = 0; r < ROTS; r++)
        kf_track_destroy(&w->rot[r]);
    walk_motion_destroy(w);
}

int lab_walk_plot(int step, double at, int width, int height, bool ascii, const figure_options *figure)
{
    static walk w;
    int st = CLI_OK;
    if (walk_init(&w, ascii)) {
        st = cli_fail("out of memory");
        goto done;
    }
    walk_changed(&w, step, TUI_ENTER_STEP);
    scene_clock_seek(&w.clock, at >= 0.0 ? at : 0.5 * w.clock.duration);
    printf("keyframe-lab step %d/%d: %s\n", step + 1, WALK_STEPS, step_titles[step]);
    for (int pane = 0; pane < 2; pane++) {
        const plot_grid *g = walk_render(&w, step, pane, width, height);
        if (!g) {
            st = cli_fail("out of memory");
            goto done;
        }
        if (!figure->out)
            plot_grid_write(g, stdout, 0);
    }
    if (figure->out && (st = figure_output(w.chart, 2, figure, 0)) != CLI_OK)
        goto done;
    char notes[1024];
    puts(w.text);
    walk_notes(&w, step, notes, sizeof notes);
    puts(notes);
done:
    walk_destroy(&w);
    return st;
}

int lab_walk(bool ascii)
{
    static walk w;  /* large (sample buffers): not on the stack */
    if (walk_init(&w, ascii)) {
        walk_destroy(&w);
        return cli_fail("out of memory");
    }
    tui_app app = {
        .name = "keyframe-lab", .ctx = &w, .n_steps = WALK_STEPS, .min_cols = 80, .min_rows = 24, .frame_hz = 30,
        .extra_keys = "l loop  k key", .describe = walk_describe, .changed = walk_changed, .render = walk_render,
        .notes = walk_notes, .tick = walk_tick, .key = walk_key, .mouse = walk_mouse,
    };
    int rc = tui_run(&app);
    walk_destroy(&w);
    return rc < 0 ? lab_no_terminal(NULL) : rc == 0 ? CLI_OK : rc;
}
