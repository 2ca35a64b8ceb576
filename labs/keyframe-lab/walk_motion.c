/* keyframe-lab's walk, steps 5, 8 and 9: the take-off tangent of a thrown ball (the bounce's first hop against
 * the parabola), a rotation track's angular velocity (q' = w q / 2: why the source's cubic overshoots), and keys
 * stored in opposite hemispheres (q and -q). The numbers come from model.c; texts.c states them. */
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/lang.h"


int kl_walk_motion_init(kl_walk *w)
{
    static const double times[2] = {0, 1}, keys[8] = {0, 0, 0, 1, 0, 0, 0, 1};
    int st = KF_OK;
    for (int h = 0; h < KL_HOPS && !st; h++)
        st = kl_hop_init(&w->hop, &w->hops[h]);
    if (!st) {
        kl_hop_set_tangent(&w->hops[KL_HOP_KEYED], w->hop.source_m);
        kl_hop_measure(&w->hop, &w->hops[KL_HOP_KEYED], &w->hop_source);
    }
    for (int s = 0; s < KL_SPINS && !st; s++)
        st = kf_track_init(&w->spin[s], s == KL_SPIN_SLERP ? KF_LINEAR : KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times,
                           s == KL_SPIN_SLERP ? keys : NULL);
    for (int f = 0; f < KL_FLIPS && !st; f++)
        st = kf_track_init(&w->flip[f], f == KL_FLIP_SLERP ? KF_LINEAR : KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times,
                           f == KL_FLIP_SLERP ? keys : NULL);
    return st;
}

void kl_walk_motion_destroy(kl_walk *w)
{
    for (int h = 0; h < KL_HOPS; h++)
        kf_track_destroy(&w->hops[h]);
    for (int s = 0; s < KL_SPINS; s++)
        kf_track_destroy(&w->spin[s]);
    for (int f = 0; f < KL_FLIPS; f++)
        kf_track_destroy(&w->flip[f]);
}

void kl_walk_motion_defaults(kl_walk *w, int step)
{
    w->interval = 1.0;
    switch (step) {
    case KL_STEP_HOP:
        w->hop_m = w->hop.source_m;
        break;
    case KL_STEP_SPIN:
        w->angle = 90.0, w->tangent = 1.0;  /* the source text's rotation keys */
        for (int s = 0; s < KL_SPINS; s++)
            w->spin_shown[s] = true;
        break;
    default:
        w->angle = 60.0;
        for (int f = 0; f < KL_FLIPS; f++)
            w->flip_shown[f] = true;
        break;
    }
}

double kl_walk_motion_length(const kl_walk *w, int step)
{
    return step == KL_STEP_HOP ? w->hop.t0 + 2.0 * w->hop.T : w->interval;
}

/* The second key of a two-key rotation stored as -q: the same rotation (tangents are zero here). */
static void negate_second_key(kf_track *t)
{
    double *v = kf_track_value(t, 1);
    for (int i = 0; i < 4; i++)
        v[i] = -v[i];
}

static void sample_hop(kl_walk *w)
{
    kl_hop_set_tangent(&w->hops[KL_HOP_KEYED], w->hop_m);
    kl_hop_set_tangent(&w->hops[KL_HOP_BALLISTIC], w->hop.v0);
    for (int i = 0; i < KL_SAMPLES; i++) {
        double t = w->grid_t[i], y, v;
        for (int h = 0; h < KL_HOPS; h++) {
            kf_track_sample(&w->hops[h], t, &y);
            kf_track_velocity(&w->hops[h], t, &v);
            w->hop_y[h][i] = y, w->hop_speed[h][i] = fabs(v);
        }
        w->hop_y[KL_HOPS][i] = kl_hop_parabola(&w->hop, t, &v);
        w->hop_speed[KL_HOPS][i] = fabs(v);
    }
}

/* A track's turn about y over the grid, in degrees, unwrapped (past 180 when it turns that far). */
static void sample_turn(const kl_walk *w, const kf_track *t, double *turn)
{
    double near = 0.0;
    for (int i = 0; i < KL_SAMPLES; i++)
        near = turn[i] = kl_turn_y(t, w->grid_t[i], near);
}

static void sample_spin(kl_walk *w)
{
    for (int s = 0; s < KL_SPINS; s++)
        kl_spin_keys(&w->spin[s], w->angle, w->interval, w->tangent);
    kl_spin_rate_tangents(&w->spin[KL_SPIN_RATE], w->angle, w->interval);
    /* the velocity at the last key is the held value's, 0: show the segment's end, a hair before it */
    double last = w->interval * (1.0 - 1e-9), h = 1e-4 * w->interval;
    for (int s = 0; s < KL_SPINS; s++) {
        sample_turn(w, &w->spin[s], w->spin_turn[s]);
        for (int i = 0; i < KL_SAMPLES; i++) {
            double om[3];
            kf_track_angular_velocity(&w->spin[s], fmin(w->grid_t[i], last), om);
            w->spin_w[s][i] = om[1];
        }
    }
    for (int i = 0; i < KL_SAMPLES; i++)
        w->spin_fd[i] = kl_spin_fd(&w->spin[KL_SPIN_SOURCE], fmin(fmax(w->grid_t[i], h), w->interval - h), h);
}

static void sample_flip(kl_walk *w)
{
    for (int f = 0; f < KL_FLIPS; f++) {
        kl_spin_keys(&w->flip[f], w->angle, w->interval, 0.0);
        negate_second_key(&w->flip[f]);
    }
    kf_track_align_hemispheres(&w->flip[KL_FLIP_ALIGNED]);
    for (int f = 0; f < KL_FLIPS; f++)
        sample_turn(w, &w->flip[f], w->flip_turn[f]);
    for (int i = 0; i < KL_SAMPLES; i++)
        for (int f = 0; f < 2; f++)
            w->flip_norm[f][i] = kl_blend_norm(&w->flip[f], w->grid_t[i]);
}

void kl_walk_motion_sample(kl_walk *w, int step)
{
    if (step == KL_STEP_HOP)
        sample_hop(w);
    else if (step == KL_STEP_SPIN)
        sample_spin(w);
    else
        sample_flip(w);
}

/* --- parameters and panes ------------------------------------------------------------------------------------- */

static const char *const spin_names[KL_SPINS] = {"slerp", N_("source cubic"), N_("rate cubic")};
static const char *const flip_names[KL_FLIPS] = {N_("stored (-q)"), N_("aligned"), "slerp"};
static const int colors[3] = {KL_COLOR_STEP, KL_COLOR_CUBIC, KL_COLOR_LINEAR};

void kl_walk_motion_describe(kl_walk *w, int step, tui_step *d)
{
    switch (step) {
    case KL_STEP_HOP:
        tui_add_param(d, "m", "/s", &w->hop_m, -KL_HOP_LIMIT, KL_HOP_LIMIT, 1.0, 4.0, false);
        break;
    case KL_STEP_SPIN:
        tui_add_param(d, _("angle"), _("deg"), &w->angle, 1.0, 179.0, 5.0, 30.0, false);
        tui_add_param(d, "m", "/s", &w->tangent, 0.0, 5.0, 0.25, 1.0, false);
        for (int s = 0; s < KL_SPINS; s++)
            d->toggles[d->n_toggles++] = (tui_toggle){_(spin_names[s]), colors[s], &w->spin_shown[s]};
        break;
    default:
        tui_add_param(d, _("angle"), _("deg"), &w->angle, 1.0, 179.0, 5.0, 30.0, false);
        for (int f = 0; f < KL_FLIPS; f++)
            d->toggles[d->n_toggles++] = (tui_toggle){_(flip_names[f]), colors[f], &w->flip_shown[f]};
        break;
    }
}

/* A sampled curve as points, every eighth sample: a reference under the lines. */
static void add_points(plot_chart *ch, const char *name, const kl_walk *w, const double *y, int color)
{
    plot_series s = {.name = name, .x = w->grid_t, .y = y, .n = KL_SAMPLES / 8 + 1, .stride = 8, .color = color,
                     .style = PLOT_POINTS};
    plot_chart_add_series(ch, &s);
}

static void render_hop(kl_walk *w, int pane, plot_chart *ch)
{
    static char keyed[32], ballistic[32];
    snprintf(keyed, sizeof keyed, "m = %g", w->hop_m);
    snprintf(ballistic, sizeof ballistic, "m = 2h/T = %g", w->hop.v0);
    double (*curves)[KL_SAMPLES] = pane == 0 ? w->hop_y : w->hop_speed;
    kl_walk_chart_start(ch, pane == 0 ? _("height y(t): the first hop") : _("speed |y'(t)|"), "t [s]", pane == 0 ? "y" : "");
    add_points(ch, _("thrown"), w, curves[KL_HOPS], KL_COLOR_KEY);
    kl_walk_add_curve(ch, ballistic, w->grid_t, curves[KL_HOP_BALLISTIC], KL_COLOR_LINEAR);
    kl_walk_add_curve(ch, keyed, w->grid_t, curves[KL_HOP_KEYED], KL_COLOR_CUBIC);
    double now = kl_walk_now(w), y, v;
    kf_track_sample(&w->hops[KL_HOP_KEYED], now, &y);
    kf_track_velocity(&w->hops[KL_HOP_KEYED], now, &v);
    plot_chart_add_marker(ch, now, pane == 0 ? y : fabs(v), KL_COLOR_CUBIC, NULL);
    plot_chart_add_vline(ch, now, 0, NULL);
}

void kl_walk_motion_render(kl_walk *w, int step, int pane, plot_chart *ch)
{
    if (step == KL_STEP_HOP) {
        render_hop(w, pane, ch);
        return;
    }
    bool spin = step == KL_STEP_SPIN;
    const bool *shown = spin ? w->spin_shown : w->flip_shown;
    const char *const *names = spin ? spin_names : flip_names;
    if (pane == 0) {
        kl_walk_chart_start(ch, _("turned about y"), "t [s]", _("deg"));
        for (int r = 0; r < 3; r++)
            if (shown[r])
                kl_walk_add_curve(ch, _(names[r]), w->grid_t, spin ? w->spin_turn[r] : w->flip_turn[r], colors[r]);
    } else if (spin) {
        kl_walk_chart_start(ch, _("angular velocity about y"), "t [s]", "rad/s");
        plot_chart_add_hline(ch, 0.0, 0, NULL);
        for (int r = 0; r < KL_SPINS; r++)
            if (shown[r])
                kl_walk_add_curve(ch, _(names[r]), w->grid_t, w->spin_w[r], colors[r]);
        if (shown[KL_SPIN_SOURCE])
            add_points(ch, "2 dq/dt q*", w, w->spin_fd, KL_COLOR_KEY);
    } else {
        kl_walk_chart_start(ch, _("|p| before normalizing"), "t [s]", "");
        for (int f = 0; f < 2; f++)
            if (shown[f])
                kl_walk_add_curve(ch, _(names[f]), w->grid_t, w->flip_norm[f], colors[f]);
    }
    plot_chart_add_vline(ch, kl_walk_now(w), 0, NULL);
}
