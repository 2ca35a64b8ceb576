/* keyframe-lab's interactive guided walk: nine steps through the keyframe tutorial on the shared tui shell. Each step
 * resets its parameters on arrival; clips play once through the fixed-step accumulator (kl_clock), r replays them,
 * l loops them. The panes are drawn by view.c, the words are in texts.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/lang.h"
#include "numlab/tui.h"
#include "lab.h"

double kl_walk_now(const kl_walk *w)
{
    return kl_clock_now(&w->clock);
}

/* --- the model ------------------------------------------------------------------------------------------------ */

static double clip_length(const kl_walk *w, int step)
{
    switch (step) {
    case KL_STEP_BASIS:    return 0.0;
    case KL_STEP_ROTATION:
    case KL_STEP_GLTF:     return w->interval;
    case KL_STEP_HOP:
    case KL_STEP_SPIN:
    case KL_STEP_FLIP:     return kl_walk_motion_length(w, step);
    default:            return 2.0;  /* the balls and the bounce: keys from 0 to 2 s */
    }
}

static void fill_grid(double *grid, double length)
{
    for (int i = 0; i < KL_SAMPLES; i++)
        grid[i] = length * i / (KL_SAMPLES - 1);
}

static void sample_basis(kl_walk *w)
{
    fill_grid(w->grid_s, 1.0);
    for (int i = 0; i < KL_SAMPLES; i++) {
        kf_basis b = kf_hermite_basis(w->grid_s[i]), d = kf_hermite_basis_deriv(w->grid_s[i]);
        const double v[8] = {b.h00, b.h10, b.h01, b.h11, d.h00, d.h10, d.h01, d.h11};
        for (int k = 0; k < 8; k++)
            w->basis[k][i] = v[k];
    }
}

static void sample_balls(kl_walk *w)
{
    for (int b = 0; b < KL_BALLS; b++)
        for (int i = 0; i < KL_SAMPLES; i++) {
            double v[3];
            kf_track_sample(&w->balls[b], w->grid_t[i], v);
            w->ball_y[b][i] = v[1];
            kf_track_velocity(&w->balls[b], w->grid_t[i], v);
            w->ball_v[b][i] = v[1];
        }
}

/* The bounce slides along x at a constant speed from -2 to 2, so that the path shows. */
double kl_walk_bounce_x(double t)
{
    return -2.0 + 2.0 * t;
}

static void sample_bounce(kl_walk *w)
{
    for (int i = 0; i < KL_SAMPLES; i++) {
        double p[3], s[3], t = w->grid_t[i];
        kf_track_sample(&w->bounce, t, p);
        kf_track_sample(&w->squash, t, s);
        w->bounce_x[i] = kl_walk_bounce_x(t), w->bounce_y[i] = p[1];
        w->scale_x[i] = s[0], w->scale_y[i] = s[1], w->volume[i] = s[0] * s[1] * s[2];
        w->kept_x[i] = 1.0 / sqrt(s[1]);
    }
}

/* The rotation keys of steps 6 and 7 from the parameters: the identity at 0, `angle` degrees about y at T, the
 * cubic's out-tangent (0, m, 0, 0) at the first key and in-tangent (0, -m, 0, 0) at the second (the tutorial's, m = 1). */
static void set_rotation_keys(kl_walk *w)
{
    for (int r = 0; r < KL_ROTS; r++)
        kl_spin_keys(&w->rot[r], w->angle, w->interval, w->tangent);
}

kf_quat kl_walk_rotation(const kl_walk *w, int which, double t)
{
    double q[4];
    kf_track_sample(&w->rot[which], t, q);
    return (kf_quat){q[0], q[1], q[2], q[3]};
}

static void sample_rotations(kl_walk *w)
{
    for (int i = 0; i < KL_SAMPLES; i++) {
        kf_quat q[KL_ROTS];
        for (int r = 0; r < KL_ROTS; r++) {
            q[r] = kl_walk_rotation(w, r, w->grid_t[i]);
            w->rot_angle[r][i] = kf_quat_angle(q[r]) / KL_DEG;
        }
        w->rot_diff[i] = kf_quat_angle_between(q[KL_ROT_SLERP], q[KL_ROT_CUBIC]) / KL_DEG;
    }
}

/* The edited key's numbers into the parameters (k selects), or the parameters into the key. */
static void load_key(kl_walk *w)
{
    kf_track *t = &w->balls[KL_BALL_CUBIC];
    size_t k = (size_t)w->key;
    w->loaded_key = k;
    w->value = kf_track_value(t, k)[1];
    w->in = kf_track_in_tangent(t, k)[1];
    w->out = kf_track_out_tangent(t, k)[1];
}

static void store_key(kl_walk *w)
{
    kf_track *t = &w->balls[KL_BALL_CUBIC];
    size_t k = w->loaded_key;
    kf_track_value(t, k)[1] = w->value;
    kf_track_in_tangent(t, k)[1] = w->in;
    kf_track_out_tangent(t, k)[1] = w->out;
    /* STEP and LINEAR follow the edited values, so the three balls still share their keys */
    kf_track_value(&w->balls[KL_BALL_STEP], k)[1] = w->value;
    kf_track_value(&w->balls[KL_BALL_LINEAR], k)[1] = w->value;
}

/* The keyframe tutorial's numbers back into the balls' tracks (kept as they are when there is no memory for the
 * copy). */
static void reset_balls(kl_walk *w)
{
    kf_track keys[KL_BALLS];
    if (kl_tutorial_balls(keys))
        return;
    for (int b = 0; b < KL_BALLS; b++) {
        memcpy(w->balls[b].values, keys[b].values, keys[b].count * kf_track_stride(&keys[b]) * sizeof(double));
        kf_track_destroy(&keys[b]);
    }
}

static void set_step_defaults(kl_walk *w, int step)
{
    w->speed = step == KL_STEP_BOUNCE ? 0.5 : 1.0;
    w->drag = KL_DRAG_NONE;
    switch (step) {
    case KL_STEP_BASIS:
        w->s = 0.5, w->p0 = 0.0, w->m0 = 5.0, w->p1 = 10.0, w->m1 = -2.0;  /* the keyframe tutorial's example */
        break;
    case KL_STEP_EDIT:
        w->key = 0.0, w->probe = 0.5;
        load_key(w);
        break;
    case KL_STEP_BOUNCE:
        w->keep_volume = w->pivot_floor = false;
        break;
    case KL_STEP_HOP:
    case KL_STEP_SPIN:
    case KL_STEP_FLIP:
        kl_walk_motion_defaults(w, step);
        break;
    default:
        w->angle = 90.0, w->tangent = 1.0, w->interval = 1.0;
        for (int r = 0; r < KL_ROTS; r++)
            w->rot_shown[r] = true;
        break;
    }
}

void kl_walk_changed(void *ctx, int step, tui_change what)
{
    kl_walk *w = ctx;
    if (what == TUI_ENTER_STEP) {
        reset_balls(w);
        set_step_defaults(w, step);
        if (step == KL_STEP_EDIT && w->given && w->given->have_keys)
            for (size_t k = 0; k < KL_KEYS && k < w->balls[KL_BALL_CUBIC].count; k++) {
                w->loaded_key = k;
                w->value = w->given->keys[k][0], w->in = w->given->keys[k][1], w->out = w->given->keys[k][2];
                store_key(w);
            }
        kl_walk_apply_given(w, step);
        if (step == KL_STEP_EDIT)
            load_key(w);
    }
    if (step == KL_STEP_EDIT) {
        if ((size_t)w->key != w->loaded_key)
            load_key(w);
        else
            store_key(w);
    }
    if (step == KL_STEP_ROTATION || step == KL_STEP_GLTF)
        set_rotation_keys(w);
    fill_grid(w->grid_t, fmax(clip_length(w, step), 1e-9));
    switch (step) {
    case KL_STEP_BASIS:    sample_basis(w); break;
    case KL_STEP_BALLS:
    case KL_STEP_EDIT:     sample_balls(w); break;
    case KL_STEP_BOUNCE:   sample_bounce(w); break;
    case KL_STEP_ROTATION:
    case KL_STEP_GLTF:     sample_rotations(w); break;
    default:            kl_walk_motion_sample(w, step); break;
    }
    kl_walk_text(w, step, w->text, sizeof w->text);  /* its numbers follow the edit */
    kl_walk_state_update(w, step);
    if (what == TUI_EDITED && !w->clock.done && w->clock.duration == clip_length(w, step)) {
        w->clock.speed = w->speed;  /* keep playing from where the clip is, at the new speed */
    } else {
        /* a new step, r, a new clip length, or an edit after the clip ended: play it (again) from the start */
        kl_clock_start(&w->clock, clip_length(w, step), w->speed, w->loop);
    }
}

static bool walk_tick(void *ctx, int step, double frame_dt)
{
    (void)step;
    kl_walk *w = ctx;
    return kl_clock_tick(&w->clock, frame_dt);
}

static bool walk_key(void *ctx, int step, int key)
{
    kl_walk *w = ctx;
    if (key == 'l' && step != KL_STEP_BASIS) {
        w->loop = !w->loop;
        w->clock.loop = w->loop;
        if (w->loop && w->clock.done)
            kl_clock_start(&w->clock, w->clock.duration, w->speed, true);
        return true;
    }
    if (key == 'k' && step == KL_STEP_EDIT) {
        w->key = (double)((w->loaded_key + 1) % w->balls[KL_BALL_CUBIC].count);
        kl_walk_changed(w, step, TUI_EDITED);
        return true;
    }
    return false;
}

/* --- the mouse (step 3): click a key and drag its value (left pane) or a tangent (right pane) ----------------- */

/* The key whose cell column is nearest to col (within 2 columns), or -1. */
static int key_near(const kl_walk *w, int pane, int col, double y)
{
    const kf_track *t = &w->balls[KL_BALL_CUBIC];
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

static bool walk_mouse(void *ctx, int step, int pane, int col, int row, tui_mouse_kind kind)
{
    kl_walk *w = ctx;
    double t, y;
    if (step != KL_STEP_EDIT)
        return false;
    if (kind == TUI_MOUSE_RELEASE) {
        bool was = w->drag != KL_DRAG_NONE;
        w->drag = KL_DRAG_NONE;
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
        size_t last = w->balls[KL_BALL_CUBIC].count - 1;
        double tk = w->balls[KL_BALL_CUBIC].times[k];
        w->drag = pane == 0 ? KL_DRAG_VALUE : ((k > 0 && t < tk) || (size_t)k == last) ? KL_DRAG_IN : KL_DRAG_OUT;
        /* the pane keeps its y range while the button is held, so the pointer and the value stay together */
        plot_chart_range(w->chart[pane], PLOT_Y, &w->drag_range[0], &w->drag_range[1]);
    } else if (w->drag == KL_DRAG_NONE) {
        return false;
    }
    switch (w->drag) {
    case KL_DRAG_VALUE: w->value = clamp(y, -KL_VALUE_LIMIT, KL_VALUE_LIMIT); break;
    case KL_DRAG_IN:    w->in = clamp(y, -KL_TANGENT_LIMIT, KL_TANGENT_LIMIT); break;
    default:         w->out = clamp(y, -KL_TANGENT_LIMIT, KL_TANGENT_LIMIT); break;
    }
    store_key(w);
    sample_balls(w);
    kl_walk_state_update(w, step);
    return true;
}

/* --- the steps' parameters ------------------------------------------------------------------------------------ */

static void add_toggle(tui_step *d, const char *name, int color, bool *flag)
{
    d->toggles[d->n_toggles++] = (tui_toggle){name, color, flag};
}

static void walk_describe(void *ctx, int step, tui_step *d)
{
    kl_walk *w = ctx;
    d->title = kl_step_title(step);
    kl_walk_text(w, step, w->text, sizeof w->text);
    d->text = w->text;
    d->n_panes = 2;
    switch (step) {
    case KL_STEP_BASIS:
        tui_add_param(d, "s", "", &w->s, 0.0, 1.0, 0.05, 0.25, false);
        tui_add_param(d, "p0", "", &w->p0, -20.0, 20.0, 0.5, 5.0, false);
        tui_add_param(d, "m0", "", &w->m0, -20.0, 20.0, 0.5, 5.0, false);
        tui_add_param(d, "p1", "", &w->p1, -20.0, 20.0, 0.5, 5.0, false);
        tui_add_param(d, "m1", "", &w->m1, -20.0, 20.0, 0.5, 5.0, false);
        kl_walk_state_describe(w, step, d);
        return;
    case KL_STEP_EDIT:
        tui_add_param(d, _("key"), "", &w->key, 0.0, (double)(w->balls[KL_BALL_CUBIC].count - 1), 1.0, 1.0, false);
        tui_add_param(d, _("value"), "", &w->value, -KL_VALUE_LIMIT, KL_VALUE_LIMIT, 0.25, 1.0, false);
        tui_add_param(d, _("in"), "/s", &w->in, -KL_TANGENT_LIMIT, KL_TANGENT_LIMIT, 1.0, 5.0, false);
        tui_add_param(d, _("out"), "/s", &w->out, -KL_TANGENT_LIMIT, KL_TANGENT_LIMIT, 1.0, 5.0, false);
        tui_add_param(d, "t", "s", &w->probe, 0.0, 2.0, 0.05, 0.25, false);
        break;
    case KL_STEP_BOUNCE:
        /* TRANSLATORS: the title of the bouncing ball's toggles (keep volume, on floor) */
        d->toggles_name = _("effects");
        add_toggle(d, _("keep vol"), KL_COLOR_CUBIC, &w->keep_volume);
        add_toggle(d, _("on floor"), KL_COLOR_STEP, &w->pivot_floor);
        break;
    case KL_STEP_ROTATION:
        tui_add_param(d, _("angle"), _("deg"), &w->angle, 1.0, 179.0, 5.0, 30.0, false);
        tui_add_param(d, "m", "/s", &w->tangent, 0.0, 5.0, 0.25, 1.0, false);
        add_toggle(d, "slerp", KL_COLOR_STEP, &w->rot_shown[KL_ROT_SLERP]);
        add_toggle(d, "nlerp", KL_COLOR_LINEAR, &w->rot_shown[KL_ROT_NLERP]);
        add_toggle(d, _("cubic"), KL_COLOR_CUBIC, &w->rot_shown[KL_ROT_CUBIC]);
        break;
    case KL_STEP_GLTF:
        tui_add_param(d, "m", "/s", &w->tangent, 0.0, 5.0, 0.25, 1.0, false);
        tui_add_param(d, "T", "s", &w->interval, 0.1, 10.0, 1.25, 2.0, true);
        break;
    case KL_STEP_HOP:
    case KL_STEP_SPIN:
    case KL_STEP_FLIP:
        kl_walk_motion_describe(w, step, d);
        break;
    default:
        break;
    }
    tui_add_param(d, _("speed"), "x", &w->speed, 0.05, 10.0, 1.25, 2.0, true);
    kl_walk_state_describe(w, step, d);
}

/* --- the app -------------------------------------------------------------------------------------------------- */

int kl_walk_init(kl_walk *w, plot_mode glyphs)
{
    static const double times[2] = {0, 1};
    static const double keys[8] = {0, 0, 0, 1, 0, 0, 0, 1};
    memset(w, 0, sizeof *w);
    w->mode = glyphs;
    w->view = kl_scene_view(-35.0 * KL_DEG, 20.0 * KL_DEG);
    w->interval = 1.0;
    for (int p = 0; p < 2; p++)
        if (!(w->chart[p] = plot_chart_new(40, 12, w->mode)))
            return -1;
    /* the rotation tracks: two keys, the numbers set from the parameters (set_rotation_keys) */
    if (kl_tutorial_balls(w->balls) || kl_tutorial_bounce(&w->bounce, &w->squash) ||
        kf_track_init(&w->rot[KL_ROT_SLERP], KF_LINEAR, KF_QUATERNION, 4, 2, times, keys) ||
        kf_track_init(&w->rot[KL_ROT_NLERP], KF_LINEAR, KF_QUATERNION_NLERP, 4, 2, times, keys) ||
        kf_track_init(&w->rot[KL_ROT_CUBIC], KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, NULL) || kl_walk_motion_init(w))
        return -1;
    return 0;
}

void kl_walk_destroy(kl_walk *w)
{
    for (int p = 0; p < 2; p++)
        plot_chart_free(w->chart[p]);
    for (int b = 0; b < KL_BALLS; b++)
        kf_track_destroy(&w->balls[b]);
    kf_track_destroy(&w->bounce);
    kf_track_destroy(&w->squash);
    for (int r = 0; r < KL_ROTS; r++)
        kf_track_destroy(&w->rot[r]);
    kl_walk_motion_destroy(w);
}

int kl_walk_run(const labcli_result *r, plot_mode glyphs, const kl_walk_given *given)
{
    static kl_walk w;  /* large (sample buffers): not on the stack */
    if (kl_walk_init(&w, plot_mode_drawable(glyphs))) {
        kl_walk_destroy(&w);
        return cli_fail("%s", _("out of memory"));
    }
    w.given = given;
    tui_app app = {
        .name = "keyframe-lab", .ctx = &w, .n_steps = KL_STEPS, .min_cols = 80, .min_rows = 24, .frame_hz = 30,
        .extra_keys = N_("l loop  k key"), .describe = walk_describe, .changed = kl_walk_changed, .render = kl_walk_render,
        .notes = kl_walk_notes, .tick = walk_tick, .key = walk_key, .mouse = walk_mouse,
    };
    int rc = labcli_walk_run(r, &app, NULL);
    kl_walk_destroy(&w);
    return rc;
}
