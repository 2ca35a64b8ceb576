/* keyframe-lab's walk texts. Every number a text states is formatted from the walk's tracks and parameters when
 * the step is entered or edited (issue 17: no number typed into a lesson); tests/test_keyframe_lab_claims.c checks
 * each claim against a closed form or a hand calculation. */
#include <stdio.h>

#include "walk.h"

static void text_balls(const walk *w, char *buf, size_t size)
{
    const kf_track *t = &w->balls[BALL_CUBIC];
    snprintf(buf, size,
             "The tutorial's three balls share the keys %g, %g, %g at t = %g, %g, %g. STEP holds a value until the next "
             "key: the ball teleports. LINEAR moves at constant speed and turns sharply at the top. CUBICSPLINE "
             "leaves at its out-tangent %g units/s, eases into the top and lands at %g. l loops, r replays.",
             kf_track_value_const(t, 0)[1], kf_track_value_const(t, 1)[1], kf_track_value_const(t, 2)[1],
             t->times[0], t->times[1], t->times[2], kf_track_value_const(t, 0)[4], kf_track_value_const(t, 2)[-2]);
}

static void text_bounce(char *buf, size_t size)
{
    snprintf(buf, size,
             "The tutorial's bounce: position and scale tracks on the same keys, the ball drawn with radii %g sx and %g sy "
             "(slid along x so its path shows). Its keys change the volume sx sy sz. 1 keeps it (sx = sz = "
             "1/sqrt(sy)); 2 pivots at the floor (scaled about its centre, the squashed ball floats).",
             WALK_BALL_RADIUS, WALK_BALL_RADIUS);
}

static void text_hop(const walk *w, char *buf, size_t size)
{
    const lab_hop *h = &w->hop;
    const lab_hop_stats st = w->hop_source;
    snprintf(buf, size,
             "The bounce's first hop: %g to %g in T = %g s and down. A thrown ball is a parabola: g = 2h/T^2 = %g, "
             "take-off v0 = 2h/T = %g. A Hermite segment is a parabola when its cubic term vanishes, b_k + a_k+1 = "
             "2(v_k+1 - v_k)/t_d: out-tangent %g. The tutorial's %g, a velocity by the glTF rule, speeds the ball up "
             "mid-air (%g to %.4g units/s, %+.0f%%). Try m = %g.",
             h->y0, h->y0 + h->h, h->T, h->g, h->v0, h->v0, h->source_m, h->source_m, st.top_speed,
             100.0 * (st.top_speed / h->source_m - 1.0), h->v0);
}

static void text_spin(const walk *w, char *buf, size_t size)
{
    const double rate = w->angle * DEG / w->interval;
    snprintf(buf, size,
             "A rotation turning at angular velocity w moves as q' = w q / 2: a quaternion tangent is half the "
             "angular velocity times the key. slerp turns at w = angle/T = %.4g rad/s. The tutorial's out-tangent (0, m, "
             "0, 0) at the identity starts at w = 2m = %.4g; its in-tangent (0, -m, 0, 0) arrives at -2m cos(angle/2)"
             " = %.4g rad/s, turning back: the overshoot. Tangents w q/2 keep w near %.4g.",
             rate, 2.0 * w->tangent, -2.0 * w->tangent * cos(0.5 * w->angle * DEG), rate);
}

static void text_flip(const walk *w, char *buf, size_t size)
{
    const double *q0 = kf_track_value_const(&w->flip[FLIP_STORED], 0),
                 *q1 = kf_track_value_const(&w->flip[FLIP_STORED], 1);
    double dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
    snprintf(buf, size,
             "q and -q are one rotation, but the cubic blends the stored numbers: the second key stored as -q "
             "(q0 . q1 = %.4f) turns %.4g deg the long way, where slerp (its dot's sign) turns %.4g. glTF 2.0 "
             "(appendix C) does not require keys in one hemisphere, only v_k != -v_k+1. The project plays a file as "
             "stored; kf_track_align_hemispheres makes q_k . q_k+1 >= 0 (curve 2).",
             dot, fabs(w->flip_turn[FLIP_STORED][WALK_SAMPLES - 1]), fabs(w->flip_turn[FLIP_SLERP][WALK_SAMPLES - 1]));
}

static const char *const fixed_texts[WALK_STEPS] = {
    [STEP_BASIS] = "A cubic Hermite segment blends four numbers: h(s) = h00 p0 + h10 m0 + h01 p1 + h11 m1 for s in "
                   "[0, 1]. h00 and h01 hand the value over from p0 to p1; h10 and h11 add the tangents and vanish at "
                   "both ends. Right: the slopes, so h'(0) = m0 and h'(1) = m1.",
    [STEP_EDIT] = "The cubic ball's keys: tab to a parameter, arrows change it, k picks the next key. Or click a key "
                  "(left) and drag its value, or drag a tangent at a key (right). glTF scales tangents by the key "
                  "interval: they are velocities. The velocity jumps where in and out differ.",
    [STEP_ROTATION] = "Keys: the identity, then a turn about y. slerp turns at constant speed on the shortest arc; "
                      "nlerp lerps the quaternion and normalizes: the same path at uneven speed (raise the angle). "
                      "The glTF cubic blends with tangents (0, m, 0, 0), (0, -m, 0, 0) and normalizes.",
    [STEP_GLTF] = "The tutorial says its mixer slerps rotations even in cubic-spline mode. glTF 2.0 blends the "
                  "components with the Hermite basis, tangents times the key interval T, then normalizes: the "
                  "project follows the specification. Left: the two rotations; right: the angle between them.",
};

void walk_text(const walk *w, int step, char *buf, size_t size)
{
    switch (step) {
    case STEP_BALLS:  text_balls(w, buf, size); break;
    case STEP_BOUNCE: text_bounce(buf, size); break;
    case STEP_HOP:    text_hop(w, buf, size); break;
    case STEP_SPIN:   text_spin(w, buf, size); break;
    case STEP_FLIP:   text_flip(w, buf, size); break;
    default:          snprintf(buf, size, "%s", fixed_texts[step]); break;
    }
}
