/* keyframe-lab's walk texts. Every number a text states is formatted from the walk's tracks and parameters when
 * the step is entered or edited (no number typed into a lesson); tests/test_keyframe_lab_claims.c checks
 * each claim against a closed form or a hand calculation. */
#include <math.h>
#include <stdio.h>

#include "lab.h"
#include "numlab/lang.h"

static const char *const step_titles[KL_STEPS] = {
    N_("The Hermite basis"),
    N_("Step, linear, cubic: the three balls"),
    N_("Edit a key: value and tangents"),
    N_("The bouncing ball: squash and stretch"),
    N_("The take-off tangent of a thrown ball"),
    N_("Rotations: slerp, nlerp, normalized cubic"),
    N_("glTF vs the tutorial: normalize, don't slerp"),
    N_("Angular velocity: q' = w q / 2"),
    N_("q and -q: keys in one hemisphere"),
};

const char *kl_step_title(int step)
{
    return _(step_titles[step]);
}

/* --- texts -------------------------------------------------------------------------------------------------------- */

static void text_balls(const kl_walk *w, char *buf, size_t size)
{
    const kf_track *t = &w->balls[KL_BALL_CUBIC];
    snprintf(buf, size,
             _("The tutorial's three balls share the keys %g, %g, %g at t = %g, %g, %g. STEP holds a value until the next "
             "key: the ball teleports. LINEAR moves at constant speed and turns sharply at the top. CUBICSPLINE "
             "leaves at its out-tangent %g units/s, eases into the top and lands at %g. l loops, r replays."),
             kf_track_value_const(t, 0)[1], kf_track_value_const(t, 1)[1], kf_track_value_const(t, 2)[1],
             t->times[0], t->times[1], t->times[2], kf_track_value_const(t, 0)[4], kf_track_value_const(t, 2)[-2]);
}

static void text_bounce(char *buf, size_t size)
{
    snprintf(buf, size,
             _("The tutorial's bounce: position and scale tracks on the same keys, the ball drawn with radii %g sx and %g sy "
             "(slid along x so its path shows). Its keys change the volume sx sy sz. 1 keeps it (sx = sz = "
             "1/sqrt(sy)); 2 pivots at the floor (scaled about its centre, the squashed ball floats)."),
             KL_BALL_RADIUS, KL_BALL_RADIUS);
}

static void text_hop(const kl_walk *w, char *buf, size_t size)
{
    const kl_hop *h = &w->hop;
    const kl_hop_stats st = w->hop_source;
    snprintf(buf, size,
             _("The bounce's first hop: %g to %g in T = %g s and down. A thrown ball is a parabola: g = 2h/T^2 = %g, "
             "take-off v0 = 2h/T = %g. A Hermite segment is a parabola when its cubic term vanishes, b_k + a_k+1 = "
             "2(v_k+1 - v_k)/t_d: out-tangent %g. The tutorial's %g, a velocity by the glTF rule, speeds the ball up "
             "mid-air (%g to %.4g units/s, %+.0f%%). Try m = %g."),
             h->y0, h->y0 + h->h, h->T, h->g, h->v0, h->v0, h->source_m, h->source_m, st.top_speed,
             100.0 * (st.top_speed / h->source_m - 1.0), h->v0);
}

static void text_spin(const kl_walk *w, char *buf, size_t size)
{
    const double rate = w->angle * KL_DEG / w->interval;
    snprintf(buf, size,
             _("A rotation turning at angular velocity w moves as q' = w q / 2: a quaternion tangent is half the "
             "angular velocity times the key. slerp turns at w = angle/T = %.4g rad/s. The tutorial's out-tangent (0, m, "
             "0, 0) at the identity starts at w = 2m = %.4g; its in-tangent (0, -m, 0, 0) arrives at -2m cos(angle/2)"
             " = %.4g rad/s, turning back: the overshoot. Tangents w q/2 keep w near %.4g."),
             rate, 2.0 * w->tangent, -2.0 * w->tangent * cos(0.5 * w->angle * KL_DEG), rate);
}

static void text_flip(const kl_walk *w, char *buf, size_t size)
{
    const double *q0 = kf_track_value_const(&w->flip[KL_FLIP_STORED], 0),
                 *q1 = kf_track_value_const(&w->flip[KL_FLIP_STORED], 1);
    double dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
    snprintf(buf, size,
             _("q and -q are one rotation, but the cubic blends the stored numbers: the second key stored as -q "
             "(q0 . q1 = %.4f) turns %.4g deg the long way, where slerp (its dot's sign) turns %.4g. glTF 2.0 "
             "(appendix C) does not require keys in one hemisphere, only v_k != -v_k+1. The project plays a file as "
             "stored; kf_track_align_hemispheres makes q_k . q_k+1 >= 0 (curve 2)."),
             dot, fabs(w->flip_turn[KL_FLIP_STORED][KL_SAMPLES - 1]), fabs(w->flip_turn[KL_FLIP_SLERP][KL_SAMPLES - 1]));
}

static const char *const fixed_texts[KL_STEPS] = {
    [KL_STEP_BASIS] = N_("A cubic Hermite segment blends four numbers: h(s) = h00 p0 + h10 m0 + h01 p1 + h11 m1 for s in "
                   "[0, 1]. h00 and h01 hand the value over from p0 to p1; h10 and h11 add the tangents and vanish at "
                   "both ends. Right: the slopes, so h'(0) = m0 and h'(1) = m1."),
    [KL_STEP_EDIT] = N_("The cubic ball's keys: tab to a parameter, arrows change it, k picks the next key. Or click a key "
                  "(left) and drag its value, or drag a tangent at a key (right). glTF scales tangents by the key "
                  "interval: they are velocities. The velocity jumps where in and out differ."),
    [KL_STEP_ROTATION] = N_("Keys: the identity, then a turn about y. slerp turns at constant speed on the shortest arc; "
                      "nlerp lerps the quaternion and normalizes: the same path at uneven speed (raise the angle). "
                      "The glTF cubic blends with tangents (0, m, 0, 0), (0, -m, 0, 0) and normalizes."),
    [KL_STEP_GLTF] = N_("The tutorial says its mixer slerps rotations even in cubic-spline mode. glTF 2.0 blends the "
                  "components with the Hermite basis, tangents times the key interval T, then normalizes: the "
                  "project follows the specification. Left: the two rotations; right: the angle between them."),
};

void kl_walk_text(const kl_walk *w, int step, char *buf, size_t size)
{
    switch (step) {
    case KL_STEP_BALLS:  text_balls(w, buf, size); break;
    case KL_STEP_BOUNCE: text_bounce(buf, size); break;
    case KL_STEP_HOP:    text_hop(w, buf, size); break;
    case KL_STEP_SPIN:   text_spin(w, buf, size); break;
    case KL_STEP_FLIP:   text_flip(w, buf, size); break;
    default:          snprintf(buf, size, "%s", _(fixed_texts[step])); break;
    }
}

/* --- notes ---------------------------------------------------------------------------------------------------- */

/* The largest value of a sampled curve and where it is. */
static double curve_max(const double *v, const double *t, double *where)
{
    double best = v[0];
    *where = t[0];
    for (int i = 1; i < KL_SAMPLES; i++)
        if (v[i] > best)
            best = v[i], *where = t[i];
    return best;
}

static void notes_basis(const kl_walk *w, char *buf, size_t size)
{
    kf_basis b = kf_hermite_basis(w->s);
    snprintf(buf, size,
             _("s = %.4g: h00 %.4g, h10 %.4g, h01 %.4g, h11 %.4g. cubicSpline(%.4g, %.4g, %.4g, %.4g, %.4g) = %.6g, "
             "slope %.6g a unit of s (the tutorial prints ~6.875 for 0.5, 0, 5, 10, -2: it is %.6g)."),
             w->s, b.h00, b.h10, b.h01, b.h11, w->s, w->p0, w->m0, w->p1, w->m1,
             kf_hermite(w->s, w->p0, w->m0, w->p1, w->m1), kf_hermite_deriv(w->s, w->p0, w->m0, w->p1, w->m1),
             kf_hermite(0.5, 0.0, 5.0, 10.0, -2.0));
}

static void notes_balls(const kl_walk *w, char *buf, size_t size)
{
    double t = kl_walk_now(w), y[KL_BALLS], v[KL_BALLS], tmp[3];
    for (int b = 0; b < KL_BALLS; b++) {
        kf_track_sample(&w->balls[b], t, tmp);
        y[b] = tmp[1];
        kf_track_velocity(&w->balls[b], t, tmp);
        v[b] = tmp[1];
    }
    snprintf(buf, size, _("t = %.2f s: step y %.3f v %+.3f, linear y %.3f v %+.3f, cubic y %.3f v %+.3f."), t, y[0],
             v[0], y[1], v[1], y[2], v[2]);
}

static void notes_edit(const kl_walk *w, char *buf, size_t size)
{
    const kf_track *t = &w->balls[KL_BALL_CUBIC];
    size_t k = w->loaded_key, last = t->count - 1;
    double y[3], v[3];
    kf_track_sample(t, w->probe, y);
    kf_track_velocity(t, w->probe, v);
    snprintf(buf, size, _("y(%g) = %.6g, y'(%g) = %.6g units/s. Key %zu at t = %g: value %g, in %g, out %g%s."),
             w->probe, y[1], w->probe, v[1], k, t->times[k], w->value, w->in, w->out,
             k == 0 ? _(" (in unused: the first key holds before it)")
                    : k == last ? _(" (out unused: the last key holds after it)") : "");
}

static void notes_bounce(const kl_walk *w, char *buf, size_t size)
{
    double t = kl_walk_now(w), p[3], s[3];
    kf_track_sample(&w->bounce, t, p);
    kf_track_sample(&w->squash, t, s);
    double hi_t, hi = curve_max(w->volume, w->grid_t, &hi_t), lo = w->volume[0], lo_t = w->grid_t[0];
    for (int i = 1; i < KL_SAMPLES; i++)
        if (w->volume[i] < lo)
            lo = w->volume[i], lo_t = w->grid_t[i];
    snprintf(buf, size,
             _("t = %.2f s: y %.3f, scale (%.3f, %.3f, %.3f), volume sx sy sz = %.3f (kept: 1). The keys' volume "
             "ranges %.3f (t = %.2f) to %.3f (t = %.2f)."),
             t, p[1], s[0], s[1], s[2], s[0] * s[1] * s[2], lo, lo_t, hi, hi_t);
}

static void notes_rotation(const kl_walk *w, int step, char *buf, size_t size)
{
    double t = kl_walk_now(w), where;
    kf_quat q[KL_ROTS];
    for (int r = 0; r < KL_ROTS; r++)
        q[r] = kl_walk_rotation(w, r, t);
    double worst = curve_max(w->rot_diff, w->grid_t, &where);
    double cubic_slerp = kf_quat_angle_between(q[KL_ROT_CUBIC], q[KL_ROT_SLERP]) / KL_DEG;
    if (step == KL_STEP_ROTATION) {
        /* nlerp's largest lag behind slerp, from the sampled curves */
        double lag = 0.0, lag_t = 0.0;
        for (int i = 0; i < KL_SAMPLES; i++) {
            double d = fabs(w->rot_angle[KL_ROT_NLERP][i] - w->rot_angle[KL_ROT_SLERP][i]);
            if (d > lag)
                lag = d, lag_t = w->grid_t[i];
        }
        snprintf(buf, size,
                 _("t = %.2f s: slerp %.2f, nlerp %.2f, cubic %.2f deg. nlerp - slerp %.2f deg (largest %.2f at t = "
                 "%.2f); cubic - slerp %.2f deg (largest %.2f at t = %.2f)."),
                 t, kf_quat_angle(q[KL_ROT_SLERP]) / KL_DEG, kf_quat_angle(q[KL_ROT_NLERP]) / KL_DEG,
                 kf_quat_angle(q[KL_ROT_CUBIC]) / KL_DEG, kf_quat_angle_between(q[KL_ROT_NLERP], q[KL_ROT_SLERP]) / KL_DEG, lag,
                 lag_t, cubic_slerp, worst, where);
        return;
    }
    /* how far from unit the blended quaternion was before glTF normalizes it */
    snprintf(buf, size,
             _("t = %.2f s: glTF %.2f deg from the first key, the tutorial's slerp %.2f: %.2f deg apart (largest %.2f at "
             "t = %.2f). The blend's |q| = %.4f before normalizing."),
             t, kf_quat_angle(q[KL_ROT_CUBIC]) / KL_DEG, kf_quat_angle(q[KL_ROT_SLERP]) / KL_DEG, cubic_slerp, worst, where,
             kl_blend_norm(&w->rot[KL_ROT_CUBIC], t));
}

/* The largest and smallest of a sampled curve, and where the largest is. */
static double extremes(const kl_walk *w, const double *v, double *lo, double *where)
{
    double hi = v[0];
    *lo = v[0], *where = w->grid_t[0];
    for (int i = 1; i < KL_SAMPLES; i++) {
        if (v[i] > hi)
            hi = v[i], *where = w->grid_t[i];
        *lo = fmin(*lo, v[i]);
    }
    return hi;
}

static void notes_hop(const kl_walk *w, char *buf, size_t size)
{
    kl_hop_stats k, b;
    kl_hop_measure(&w->hop, &w->hops[KL_HOP_KEYED], &k);
    kl_hop_measure(&w->hop, &w->hops[KL_HOP_BALLISTIC], &b);
    double t = kl_walk_now(w), y, v, thrown_v, thrown = kl_hop_parabola(&w->hop, t, &thrown_v);
    kf_track_sample(&w->hops[KL_HOP_KEYED], t, &y);
    kf_track_velocity(&w->hops[KL_HOP_KEYED], t, &v);
    snprintf(buf, size,
             _("m = %g: top speed going up %.4g at t = %.3f s (%+.0f%% of the take-off), y'' = %+.4g at take-off (the "
             "thrown ball's %+.4g), %.3g off the parabola at t = %.3f. 2h/T = %g: %.2g off. t = %.2f s: y %.3f, y' "
             "%+.3f (thrown %.3f, %+.3f)."),
             w->hop_m, k.top_speed, k.top_t, w->hop_m != 0.0 ? 100.0 * (k.top_speed / fabs(w->hop_m) - 1.0) : 0.0,
             k.accel0, -w->hop.g, k.off, k.off_t, w->hop.v0, b.off, t, y, v, thrown, thrown_v);
}

static void notes_spin(const kl_walk *w, char *buf, size_t size)
{
    double lo, at, peak = extremes(w, w->spin_turn[KL_SPIN_SOURCE], &lo, &at), rate_lo, rate_at;
    double rate_peak = extremes(w, w->spin_turn[KL_SPIN_RATE], &rate_lo, &rate_at);
    double w_lo, w_at, w_hi = extremes(w, w->spin_w[KL_SPIN_RATE], &w_lo, &w_at), fd = 0.0;
    for (int i = 1; i + 1 < KL_SAMPLES; i++)
        fd = fmax(fd, fabs(w->spin_fd[i] - w->spin_w[KL_SPIN_SOURCE][i]));
    snprintf(buf, size,
             _("slerp w = %.4g rad/s. Source tangents: w %.4g -> %.4g rad/s, peak %.2f deg at t = %.2f. Rate tangents: "
             "w %.4g..%.4g, peak %.2f deg. Difference quotient vs derivative: %.1e rad/s."),
             w->spin_w[KL_SPIN_SLERP][KL_SAMPLES / 2], w->spin_w[KL_SPIN_SOURCE][0],
             w->spin_w[KL_SPIN_SOURCE][KL_SAMPLES - 1], peak, at, w_lo, w_hi, rate_peak, fd);
}

static void notes_flip(const kl_walk *w, char *buf, size_t size)
{
    double lo[2], at;
    for (int f = 0; f < 2; f++)
        extremes(w, w->flip_norm[f], &lo[f], &at);
    const double *q1 = kf_track_value_const(&w->flip[KL_FLIP_STORED], 1);
    snprintf(buf, size,
             _("stored: q0 . q1 = %.4f, turns %.2f deg, |p| down to %.4f. Aligned: turns %.2f deg, |p| down to %.4f. "
             "slerp: %.2f deg."),
             kf_quat_dot(kf_quat_identity(), (kf_quat){q1[0], q1[1], q1[2], q1[3]}),
             w->flip_turn[KL_FLIP_STORED][KL_SAMPLES - 1], lo[0], w->flip_turn[KL_FLIP_ALIGNED][KL_SAMPLES - 1], lo[1],
             w->flip_turn[KL_FLIP_SLERP][KL_SAMPLES - 1]);
}

void kl_walk_notes(void *ctx, int step, char *buf, size_t size)
{
    kl_walk *w = ctx;
    switch (step) {
    case KL_STEP_BASIS:  notes_basis(w, buf, size); break;
    case KL_STEP_BALLS:  notes_balls(w, buf, size); break;
    case KL_STEP_EDIT:   notes_edit(w, buf, size); break;
    case KL_STEP_BOUNCE: notes_bounce(w, buf, size); break;
    case KL_STEP_ROTATION:
    case KL_STEP_GLTF:   notes_rotation(w, step, buf, size); break;
    case KL_STEP_HOP: notes_hop(w, buf, size); break;
    case KL_STEP_SPIN: notes_spin(w, buf, size); break;
    default:          notes_flip(w, buf, size); break;
    }
}
