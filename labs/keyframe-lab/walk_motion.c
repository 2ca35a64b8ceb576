/* keyframe-lab's walk, steps 5, 8 and 9: the take-off tangent of a thrown ball (the bounce's first hop against
 * the parabola), a rotation track's angular velocity (q' = w q / 2: why the source's cubic overshoots), and keys
 * stored in opposite hemispheres (q and -q). The numbers come from model.c; walk_texts.c states them. */
#include <stdio.h>
#include <string.h>

#include "walk.h"

#define TANGENT_RANGE 40.0  /* the hop's take-off tangent parameter, units/s either way */

int walk_motion_init(walk *w)
{
    static const double times[2] = {0, 1}, keys[8] = {0, 0, 0, 1, 0, 0, 0, 1};
    int st = KF_OK;
    for (int h = 0; h < HOPS && !st; h++)
        st = lab_hop_init(&w->hop, &w->hops[h]);
    if (!st) {
        lab_hop_set_tangent(&w->hops[HOP_KEYED], w->hop.source_m);
        lab_hop_measure(&w->hop, &w->hops[HOP_KEYED], &w->hop_source);
    }
    for (int s = 0; s < SPINS && !st; s++)
        st = kf_track_init(&w->spin[s], s == SPIN_SLERP ? KF_LINEAR : KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times,
                           s == SPIN_SLERP ? keys : NULL);
    for (int f = 0; f < FLIPS && !st; f++)
        st = kf_track_init(&w->flip[f], f == FLIP_SLERP ? KF_LINEAR : KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times,
                           f == FLIP_SLERP ? keys : NULL);
    return st;
}

void walk_motion_destroy(walk *w)
{
    for (int h = 0; h < HOPS; h++)
        kf_track_destroy(&w->hops[h]);
    for (int s = 0; s < SPINS; s++)
        kf_track_destroy(&w->spin[s]);
    for (int f = 0; f < FLIPS; f++)
        kf_track_destroy(&w->flip[f]);
}

void walk_motion_defaults(walk *w, int step)
{
    w->interval = 1.0;
    switch (step) {
    case STEP_HOP:
        w->hop_m = w->hop.source_m;
        break;
    case STEP_SPIN:
        w->angle = 90.0, w->tangent = 1.0;  /* the source text's rotation keys */
        for (int s = 0; s < SPINS; s++)
            w->spin_shown[s] = true;
        break;
    default:
        w->angle = 60.0;
        for (int f = 0; f < FLIPS; f++)
            w->flip_shown[f] = true;
        break;
    }
}

double walk_motion_length(const walk *w, int step)
{
    return step == STEP_HOP ? w->hop.t0 + 2.0 * w->hop.T : w->interval;
}

/* The second key of a two-key rotation stored as -q: the same rotation (tangents are zero here). */
static void negate_second_key(kf_track *t)
{
    double *v = kf_track_value(t, 1);
    for (int i = 0; i < 4; i++)
        v[i] = -v[i];
}

static void sample_hop(walk *w)
{
    lab_hop_set_tangent(&w->hops[HOP_KEYED], w->hop_m);
    lab_hop_set_tangent(&w->hops[HOP_BALLISTIC], w->hop.v0);
    for (int i = 0; i < WALK_SAMPLES; i++) {
        double t = w->grid_t[i], y, v;
        for (int h = 0; h < HOPS; h++) {
            kf_track_sample(&w->hops[h], t, &y);
            kf_track_velocity(&w->hops[h], t, &v);
            w->hop_y[h][i] = y, w->hop_speed[h][i] = fabs(v);
        }
        w->hop_y[HOPS][i] = lab_hop_parabola(&w->hop, t, &v);
        w->hop_speed[HOPS][i] = fabs(v);
    }
}

/* A track's turn about y over the grid, in degrees, unwrapped (past 180 when it turns that far). */
static void sample_turn(const walk *w, const kf_track *t, double *turn)
{
    double near = 0.0;
    for (int i = 0; i < WALK_SAMPLES; i++)
        near = turn[i] = lab_turn_y(t, w->grid_t[i], near);
}

static void sample_spin(walk *w)
{
    for (int s = 0; s < SPINS; s++)
        lab_spin_keys(&w->spin[s], w->angle, w->interval, w->tangent);
    lab_spin_rate_tangents(&w->spin[SPIN_RATE], w->angle, w->interval);
    /* the velocity at the last key is the held value's, 0: show the segment's end, a hair before it */
    double last = w->interval * (1.0 - 1e-9), h = 1e-4 * w->interval;
    for (int s = 0; s < SPINS; s++) {
        sample_turn(w, &w->spin[s], w->spin_turn[s]);
        for (int i = 0; i < WALK_SAMPLES; i++) {
            double om[3];
            kf_track_angular_velocity(&w->spin[s], fmin(w->grid_t[i], last), om);
            w->spin_w[s][i] = om[1];
        }
    }
    for (int i = 0; i < WALK_SAMPLES; i++)
        w->spin_fd[i] = lab_spin_fd(&w->spin[SPIN_SOURCE], fmin(fmax(w->grid_t[i], h), w->interval - h), h);
}

static void sample_flip(walk *w)
{
    for (int f = 0; f < FLIPS; f++) {
        lab_spin_keys(&w->flip[f], w->angle, w->interval, 0.0);
        negate_second_key(&w->flip[f]);
    }
    kf_track_align_hemispheres(&w->flip[FLIP_ALIGNED]);
    for (int f = 0; f < FLIPS; f++)
        sample_turn(w, &w->flip[f], w->flip_turn[f]);
    for (int i = 0; i < WALK_SAMPLES; i++)
        for (int f = 0; f < 2; f++)
            w->flip_norm[f][i] = lab_blend_norm(&w->flip[f], w->grid_t[i]);
}

void walk_motion_sample(walk *w, int step)
{
    if (step == STEP_HOP)
        sample_hop(w);
    else if (step == STEP_SPIN)
        sample_spin(w);
    else
        sample_flip(w);
}

/* --- notes ---------------------------------------------------------------------------------------------------- */

/* The largest and smallest of a sampled curve, and where the largest is. */
static double extremes(const walk *w, const double *v, double *lo, double *where)
{
    double hi = v[0];
    *lo = v[0], *where = w->grid_t[0];
    for (int i = 1; i < WALK_SAMPLES; i++) {
        if (v[i] > hi)
            hi = v[i], *where = w->grid_t[i];
        *lo = fmin(*lo, v[i]);
    }
    return hi;
}

static void notes_hop(const walk *w, char *buf, size_t size)
{
    lab_hop_stats k, b;
    lab_hop_measure(&w->hop, &w->hops[HOP_KEYED], &k);
    lab_hop_measure(&w->hop, &w->hops[HOP_BALLISTIC], &b);
    double t = walk_now(w), y, v, thrown_v, thrown = lab_hop_parabola(&w->hop, t, &thrown_v);
    kf_track_sample(&w->hops[HOP_KEYED], t, &y);
    kf_track_velocity(&w->hops[HOP_KEYED], t, &v);
    snprintf(buf, size,
             "m = %g: top speed going up %.4g at t = %.3f s (%+.0f%% of the take-off), y'' = %+.4g at take-off (the "
             "thrown ball's %+.4g), %.3g off the parabola at t = %.3f. 2h/T = %g: %.2g off. t = %.2f s: y %.3f, y' "
             "%+.3f (thrown %.3f, %+.3f).",
             w->hop_m, k.top_speed, k.top_t, w->hop_m != 0.0 ? 100.0 * (k.top_speed / fabs(w->hop_m) - 1.0) : 0.0,
             k.accel0, -w->hop.g, k.off, k.off_t, w->hop.v0, b.off, t, y, v, thrown, thrown_v);
}

static void notes_spin(const walk *w, char *buf, size_t size)
{
    double lo, at, peak = extremes(w, w->spin_turn[SPIN_SOURCE], &lo, &at), rate_lo, rate_at;
    double rate_peak = extremes(w, w->spin_turn[SPIN_RATE], &rate_lo, &rate_at);
    double w_lo, w_at, w_hi = extremes(w, w->spin_w[SPIN_RATE], &w_lo, &w_at), fd = 0.0;
    for (int i = 1; i + 1 < WALK_SAMPLES; i++)
        fd = fmax(fd, fabs(w->spin_fd[i] - w->spin_w[SPIN_SOURCE][i]));
    snprintf(buf, size,
             "slerp w = %.4g rad/s. Source tangents: w %.4g -> %.4g rad/s, peak %.2f deg at t = %.2f. Rate tangents: "
             "w %.4g..%.4g, peak %.2f deg. Difference quotient vs derivative: %.1e rad/s.",
             w->spin_w[SPIN_SLERP][WALK_SAMPLES / 2], w->spin_w[SPIN_SOURCE][0],
             w->spin_w[SPIN_SOURCE][WALK_SAMPLES - 1], peak, at, w_lo, w_hi, rate_peak, fd);
}

static void notes_flip(const walk *w, char *buf, size_t size)
{
    double lo[2], at;
    for (int f = 0; f < 2; f++)
        extremes(w, w->flip_norm[f], &lo[f], &at);
    const double *q1 = kf_track_value_const(&w->flip[FLIP_STORED], 1);
    snprintf(buf, size,
             "stored: q0 . q1 = %.4f, turns %.2f deg, |p| down to %.4f. Aligned: turns %.2f deg, |p| down to %.4f. "
             "slerp: %.2f deg.",
             kf_quat_dot(kf_quat_identity(), (kf_quat){q1[0], q1[1], q1[2], q1[3]}),
             w->flip_turn[FLIP_STORED][WALK_SAMPLES - 1], lo[0], w->flip_turn[FLIP_ALIGNED][WALK_SAMPLES - 1], lo[1],
             w->flip_turn[FLIP_SLERP][WALK_SAMPLES - 1]);
}

void walk_motion_notes(const walk *w, int step, char *buf, size_t size)
{
    if (step == STEP_HOP)
        notes_hop(w, buf, size);
    else if (step == STEP_SPIN)
        notes_spin(w, buf, size);
    else
        notes_flip(w, buf, size);
}

/* --- parameters and panes ------------------------------------------------------------------------------------- */

static const char *const spin_names[SPINS] = {"slerp", "source cubic", "rate cubic"};
static const char *const flip_names[FLIPS] = {"stored (-q)", "aligned", "slerp"};
static const int colors[3] = {COLOR_STEP, COLOR_CUBIC, COLOR_LINEAR};

void walk_motion_describe(walk *w, int step, tui_step *d)
{
    switch (step) {
    case STEP_HOP:
        tui_add_param(d, "m", "/s", &w->hop_m, -TANGENT_RANGE, TANGENT_RANGE, 1.0, 4.0, false);
        break;
    case STEP_SPIN:
        tui_add_param(d, "angle", "deg", &w->angle, 1.0, 179.0, 5.0, 30.0, false);
        tui_add_param(d, "m", "/s", &w->tangent, 0.0, 5.0, 0.25, 1.0, false);
        for (int s = 0; s < SPINS; s++)
            d->toggles[d->n_toggles++] = (tui_toggle){spin_names[s], colors[s], &w->spin_shown[s]};
        break;
    default:
        tui_add_param(d, "angle", "deg", &w->angle, 1.0, 179.0, 5.0, 30.0, false);
        for (int f = 0; f < FLIPS; f++)
            d->toggles[d->n_toggles++] = (tui_toggle){flip_names[f], colors[f], &w->flip_shown[f]};
        break;
    }
}

/* A sampled curve as points, every eighth sample: a reference under the lines. */
static void add_points(plot_chart *ch, const char *name, const walk *w, const double *y, int color)
{
    plot_series s = {.name = name, .x = w->grid_t, .y = y, .n = WALK_SAMPLES / 8 + 1, .stride = 8, .color = color,
                     .style = PLOT_POINTS};
    plot_chart_add_series(ch, &s);
}

static void render_hop(walk *w, int pane, plot_chart *ch)
{
    static char keyed[32], ballistic[32];
    snprintf(keyed, sizeof keyed, "m = %g", w->hop_m);
    snprintf(ballistic, sizeof ballistic, "m = 2h/T = %g", w->hop.v0);
    double (*curves)[WALK_SAMPLES] = pane == 0 ? w->hop_y : w->hop_speed;
    walk_chart_start(ch, pane == 0 ? "height y(t): the first hop" : "speed |y'(t)|", "t [s]", pane == 0 ? "y" : "");
    add_points(ch, "thrown", w, curves[HOPS], COLOR_KEY);
    walk_add_curve(ch, ballistic, w->grid_t, curves[HOP_BALLISTIC], COLOR_LINEAR);
    walk_add_curve(ch, keyed, w->grid_t, curves[HOP_KEYED], COLOR_CUBIC);
    double now = walk_now(w), y, v;
    kf_track_sample(&w->hops[HOP_KEYED], now, &y);
    kf_track_velocity(&w->hops[HOP_KEYED], now, &v);
    plot_chart_add_marker(ch, now, pane == 0 ? y : fabs(v), COLOR_CUBIC, NULL);
    plot_chart_add_vline(ch, now, 0, NULL);
}

void walk_motion_render(walk *w, int step, int pane, plot_chart *ch)
{
    if (step == STEP_HOP) {
        render_hop(w, pane, ch);
        return;
    }
    bool spin = step == STEP_SPIN;
    const bool *shown = spin ? w->spin_shown : w->flip_shown;
    const char *const *names = spin ? spin_names : flip_names;
    if (pane == 0) {
        walk_chart_start(ch, "turned about y", "t [s]", "deg");
        for (int r = 0; r < 3; r++)
            if (shown[r])
                walk_add_curve(ch, names[r], w->grid_t, spin ? w->spin_turn[r] : w->flip_turn[r], colors[r]);
    } else if (spin) {
        walk_chart_start(ch, "angular velocity about y", "t [s]", "rad/s");
        plot_chart_add_hline(ch, 0.0, 0, NULL);
        for (int r = 0; r < SPINS; r++)
            if (shown[r])
                walk_add_curve(ch, names[r], w->grid_t, w->spin_w[r], colors[r]);
        if (shown[SPIN_SOURCE])
            add_points(ch, "2 dq/dt q*", w, w->spin_fd, COLOR_KEY);
    } else {
        walk_chart_start(ch, "|p| before normalizing", "t [s]", "");
        for (int f = 0; f < 2; f++)
            if (shown[f])
                walk_add_curve(ch, names[f], w->grid_t, w->flip_norm[f], colors[f]);
    }
    plot_chart_add_vline(ch, walk_now(w), 0, NULL);
}
