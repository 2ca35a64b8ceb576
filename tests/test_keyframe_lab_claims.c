/* keyframe-lab's claims, each against an independent reference. The walk's texts
 * (labs/keyframe-lab/texts.c) and notes format live values; what they and docs/keyframe.md state is checked:
 *   1. the Hermite basis: h10, h11 vanish at both ends, h00/h01 hand the value over, h'(0) = m0, h'(1) = m1; the
 *      source text's example cubicSpline(0.5, 0, 5, 10, -2) is 5.875;
 *   2. the three balls: keys 0, 3, 0 at t = 0, 1, 2; LINEAR at constant speed, the cubic leaves at 5, is still at
 *      the top, lands at -5;
 *   3. glTF tangents are velocities (scaled by the key interval) and the velocity jumps where in != out;
 *   4. the bounce: radii 0.5 sx, 0.5 sy; the keys' volume (1.152, 0.939, 1.183, from 0.931 to 1.201); sx = sz =
 *      1/sqrt(sy) keeps it; scaled about its centre the squashed ball floats;
 *   5. the take-off: the ballistic tangent 2h/T = 16 makes the hop the parabola to rounding; the source's 8 speeds
 *      the ball up mid-air to 32/3 at t = 1/6 s, accelerates it upward at take-off, and leaves it 16/27 below;
 *   6. slerp turns at constant angular velocity, nlerp on the same path at uneven speed (0.92 degrees off at 90);
 *      the normalized cubic leads slerp by up to 27.57 degrees and overshoots to 95.08;
 *   7. glTF vs the source: 70.53 against 45 degrees at t = 0.5, |p| = 1.0454 before normalizing;
 *   8. angular velocity: w = 2 q' q* is theta/T for slerp; the source's tangents start at 2m and arrive at
 *      -2m cos(theta/2) (turning back: the overshoot, its peak where w = 0); tangents w q/2 keep w near theta/T
 *      with no overshoot; a difference quotient of the samples agrees;
 *   9. hemispheres: a cubic with its second key stored as -q turns 360 - theta the long way with |p| down to
 *      sin(theta/4); aligned (kf_track_align_hemispheres) it turns theta with |p| >= cos(theta/4); slerp turns
 *      theta either way. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/common.h"
#include "../labs/keyframe-lab/lab.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

static kl_walk w;  /* large: not on the stack */

/* The walk at `step`, its text into w.text and its notes into notes. */
static void enter(int step, char *notes, size_t size)
{
    kl_walk_changed(&w, step, TUI_ENTER_STEP);
    kl_walk_notes(&w, step, notes, size);
}

static void walk_setup(void)
{
    ck_assert_int_eq(kl_walk_init(&w, PLOT_ASCII), 0);
}

static void walk_teardown(void)
{
    kl_walk_destroy(&w);
}

#define ck_has(TEXT, PART) ck_assert_msg(strstr((TEXT), (PART)) != NULL, "'%s' lacks '%s'", (TEXT), (PART))

START_TEST(test_basis)
{
    for (int end = 0; end <= 1; end++) {
        kf_basis b = kf_hermite_basis(end), d = kf_hermite_basis_deriv(end);
        ck_assert(b.h10 == 0.0 && b.h11 == 0.0);             /* the tangents vanish at both ends */
        ck_assert(b.h00 == 1.0 - end && b.h01 == end);       /* the value handed over from p0 to p1 */
        ck_assert(d.h10 == 1.0 - end && d.h11 == end);       /* h'(0) = m0, h'(1) = m1 ... */
        ck_assert(d.h00 == 0.0 && d.h01 == 0.0);             /* ... with no part of the values */
    }
    char notes[1024];
    enter(KL_STEP_BASIS, notes, sizeof notes);
    /* by hand: h00 = h01 = 1/2, h10 = 1/8, h11 = -1/8 at s = 1/2: 0 + 5/8 + 10/2 + 2/8 = 5.875 */
    ck_has(notes, "cubicSpline(0.5, 0, 5, 10, -2) = 5.875,");
    ck_has(notes, "(the tutorial prints ~6.875 for 0.5, 0, 5, 10, -2: it is 5.875).");
    ck_claim_rel(kf_hermite(0.5, 0, 5, 10, -2), 5.875, 1e-15);
}
END_TEST

START_TEST(test_balls)
{
    char notes[1024];
    enter(KL_STEP_BALLS, notes, sizeof notes);
    ck_has(w.text, "share the keys 0, 3, 0 at t = 0, 1, 2.");
    ck_has(w.text, "leaves at its out-tangent 5 units/s, eases into the top and lands at -5.");
    double v[3];
    kf_track_velocity(&w.balls[KL_BALL_CUBIC], 0.0, v);
    ck_assert(v[1] == 5.0);
    kf_track_velocity(&w.balls[KL_BALL_CUBIC], 1.0, v);
    ck_assert(fabs(v[1]) < 1e-15);  /* eases into the top: out-tangent 0 */
    kf_track_velocity(&w.balls[KL_BALL_CUBIC], 1.0 - 1e-9, v);
    ck_assert(fabs(v[1]) < 1e-6);   /* and arrives there at in-tangent 0 */
    kf_track_velocity(&w.balls[KL_BALL_CUBIC], 2.0 - 1e-9, v);
    ck_claim_rel(v[1], -5.0, 1e-6);
    /* LINEAR: (3 - 0)/1 up and (0 - 3)/1 down, the same at every time of a segment */
    for (double t = 0.05; t < 2.0; t += 0.1) {
        kf_track_velocity(&w.balls[KL_BALL_LINEAR], t, v);
        ck_assert(v[1] == (t < 1.0 ? 3.0 : -3.0));
    }
}
END_TEST

START_TEST(test_tangents_are_velocities)
{
    /* one segment of t_d = 1/4 from 1 to 2 with out-tangent 3, and a key with in 1 and out 4 */
    const double times[3] = {0.0, 0.25, 0.5};
    const double keys[9] = {0, 1, 3, /**/ 1, 2, 4, /**/ 0, 0, 0};
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, KF_CUBICSPLINE, KF_VECTOR, 1, 3, times, keys), KF_OK);
    double y0, y1, v;
    const double h = 1e-7;  /* one-sided: an error of h y''/2, under 3e-6 here */
    kf_track_sample(&t, 0.0, &y0);
    kf_track_sample(&t, h, &y1);
    ck_claim_rel((y1 - y0) / h, 3.0, 1e-5);  /* the difference quotient at the key: units per second */
    kf_track_sample(&t, 0.25 - h, &y0);
    kf_track_sample(&t, 0.25, &y1);
    ck_claim_rel((y1 - y0) / h, 1.0, 1e-5);  /* arriving at the in-tangent ... */
    kf_track_velocity(&t, 0.25, &v);
    ck_assert(v == 4.0);                     /* ... and leaving at the out-tangent: a jump of 3 */
    kf_track_destroy(&t);
}
END_TEST

START_TEST(test_bounce)
{
    char notes[1024];
    enter(KL_STEP_BOUNCE, notes, sizeof notes);
    ck_has(w.text, "radii 0.5 sx and 0.5 sy");
    const double s[3] = {1.2, 0.8, 1.2};
    double rx, ry, cy;
    kl_scene_squash(KL_BALL_RADIUS, s, false, false, 0.0, &rx, &ry, &cy);
    ck_claim_rel(rx, 0.5 * 1.2, 1e-15);
    ck_claim_rel(ry, 0.5 * 0.8, 1e-15);
    ck_assert(cy - ry > -KL_BALL_RADIUS);  /* about the centre the squashed ball's bottom is above the floor */
    kl_scene_squash(KL_BALL_RADIUS, s, false, true, 0.0, &rx, &ry, &cy);
    ck_claim_rel(cy - ry, -KL_BALL_RADIUS, 1e-15);  /* on the floor it stays there */
    /* the keys' volume: 1.2 x 0.8 x 1.2, 0.85 x 1.3 x 0.85, 1.3 x 0.7 x 1.3, 0.9 x 1.15 x 0.9 */
    const double at_keys[4] = {1.152, 0.93925, 1.183, 0.9315};
    double lo = INFINITY, hi = 0.0, hi_t = 0.0;
    for (int k = 0; k < 4; k++) {
        double v[3];
        kf_track_sample(&w.squash, 0.5 * k, v);
        ck_claim_rel(v[0] * v[1] * v[2], at_keys[k], 1e-12);
        /* "1 keeps it": the ball drawn with toggle 1 has radii r/sqrt(sy), r sy, r/sqrt(sy): volume r^3 */
        kl_scene_squash(KL_BALL_RADIUS, v, true, false, 0.0, &rx, &ry, &cy);
        ck_claim_rel(rx * ry * rx, pow(KL_BALL_RADIUS, 3), 1e-14);
    }
    for (int i = 0; i <= 20000; i++) {
        double v[3], t = 2.0 * i / 20000;
        kf_track_sample(&w.squash, t, v);
        lo = fmin(lo, v[0] * v[1] * v[2]);
        if (v[0] * v[1] * v[2] > hi)
            hi = v[0] * v[1] * v[2], hi_t = t;
    }
    /* docs/keyframe.md, step 4: "from 0.931 to 1.201, the largest between the keys (t = 0.86)" */
    ck_assert(fabs(lo - 0.931) < 5e-4 && fabs(hi - 1.201) < 5e-4 && fabs(hi_t - 0.86) < 5e-3);
}
END_TEST

START_TEST(test_takeoff)
{
    char notes[1024];
    enter(KL_STEP_HOP, notes, sizeof notes);
    /* keys 0 -> 4 in T = 0.5 s: h = v0 T / 2 with v0 = g T, so g = 2h/T^2 = 32 and v0 = 2h/T = 16 */
    ck_claim_rel(w.hop.g, 32.0, 1e-15);
    ck_claim_rel(w.hop.v0, 16.0, 1e-15);
    ck_assert(w.hop.source_m == 8.0);
    ck_has(w.text, "g = 2h/T^2 = 32, take-off v0 = 2h/T = 16.");
    ck_has(w.text, "The tutorial's 8, a velocity by the glTF rule, speeds the ball up mid-air (8 to 10.67 units/s, +33%)");
    /* the ballistic tangent: every sample on 16 t - 16 t^2 (y = v0 t - g t^2/2), y' = 16 - 32 t, to rounding */
    kf_track *ballistic = &w.hops[KL_HOP_BALLISTIC], *source = &w.hops[KL_HOP_KEYED];
    ck_assert(kf_track_out_tangent(ballistic, 0)[0] == 16.0 && kf_track_in_tangent(ballistic, 2)[0] == -16.0);
    double worst = 0.0, worst_v = 0.0, top = 0.0, top_t = 0.0;
    for (int i = 0; i <= 10000; i++) {
        double t = i / 10000.0, y, v;
        kf_track_sample(ballistic, t, &y);
        kf_track_velocity(ballistic, t, &v);
        worst = fmax(worst, fabs(y - (16.0 * t - 16.0 * t * t)));
        if (i < 10000)
            worst_v = fmax(worst_v, fabs(v - (16.0 - 32.0 * t)));
        kf_track_sample(source, t, &y);
        kf_track_velocity(source, t, &v);
        if (t <= 0.5 && fabs(v) > top)
            top = fabs(v), top_t = t;
    }
    ck_assert_msg(worst < 1e-14 && worst_v < 1e-13, "ballistic hop off the parabola by %g (velocity %g)", worst,
                  worst_v);
    /* the source's 8 by hand: s = 2t on the way up, y(s) = 8 (1/2) h10 + 4 h01 = -4 s^3 + 4 s^2 + 4 s, so
     * y'(t) = 2 dy/ds = -96 t^2 + 32 t + 8: largest at t = 1/6, 32/3 units/s; y''(0) = +32 (the parabola's -32) */
    ck_assert(fabs(top - 32.0 / 3.0) < 1e-5 && fabs(top_t - 1.0 / 6.0) < 2e-4);
    kl_hop_stats st;
    kl_hop_measure(&w.hop, source, &st);
    ck_claim_rel(st.top_speed, 32.0 / 3.0, 1e-13);
    ck_claim_rel(st.top_t, 1.0 / 6.0, 1e-13);
    ck_claim_rel(st.accel0, 32.0, 1e-13);
    /* below the parabola by t_d h10(s) (16 - 8), largest at s = 1/3 where h10 = 4/27: 0.5 x 8 x 4/27 = 16/27 */
    ck_claim_rel(st.off, 16.0 / 27.0, 1e-6);
    ck_has(notes, "top speed going up 10.67 at t = 0.167 s (+33% of the take-off), y'' = +32 at take-off (the "
                  "thrown ball's -32), 0.593 off the parabola");
    /* docs/keyframe.md: the same 8 under the source's unscaled formula (per unit of s over 0.5 s keys) is 16
     * units/s: h(s) = 8 h10 + 4 h01 = 8 s - 4 s^2, the parabola at t = s/2 */
    for (double s = 0.0; s <= 1.0; s += 0.125)
        ck_assert(fabs(kf_hermite(s, 0, 8, 4, 0) - (16.0 * s / 2 - 16.0 * s * s / 4)) < 1e-14);
}
END_TEST

START_TEST(test_rotations)
{
    char notes[1024];
    enter(KL_STEP_ROTATION, notes, sizeof notes);
    /* slerp: w = 2 q' q* is 90 deg/s = pi/2 rad/s about y at every t, by the derivative and by a difference */
    double lag = 0.0, lead = 0.0, lead_t = 0.0, peak = 0.0, peak_t = 0.0;
    for (int i = 1; i < 1000; i++) {
        double t = i / 1000.0, om[3];
        kf_track_angular_velocity(&w.rot[KL_ROT_SLERP], t, om);
        ck_claim_rel(om[1], NUMLAB_PI / 2, 1e-12);
        ck_assert(fabs(om[0]) < 1e-15 && fabs(om[2]) < 1e-15);
        ck_claim_rel(kl_spin_fd(&w.rot[KL_ROT_SLERP], t, 1e-5), NUMLAB_PI / 2, 1e-8);
        /* nlerp by hand: normalize((1 - t) (0,0,0,1) + t (0, sin 45, 0, cos 45)), an angle about y of
         * 2 atan(t sin 45 / (1 - t + t cos 45)); slerp's is 90 t */
        double c = cos(NUMLAB_PI / 4), nl = 2.0 * atan(t * c / (1.0 - t + t * c)) / KL_DEG;
        ck_claim_rel(kf_quat_angle(kl_walk_rotation(&w, KL_ROT_NLERP, t)) / KL_DEG, nl, 1e-12);
        ck_assert(t < 0.5 ? nl < 90.0 * t : t > 0.5 ? nl > 90.0 * t : fabs(nl - 45.0) < 1e-12);
        lag = fmax(lag, fabs(nl - 90.0 * t));
        /* the normalized cubic by hand: p = h00 (0,0,0,1) + h10 (0,1,0,0) + h01 q1 + h11 (0,-1,0,0) */
        kf_basis b = kf_hermite_basis(t);
        double py = b.h10 + b.h01 * sin(NUMLAB_PI / 4) - b.h11, pw = b.h00 + b.h01 * cos(NUMLAB_PI / 4);
        double cu = 2.0 * atan2(py, pw) / KL_DEG;
        ck_claim_rel(kf_quat_angle(kl_walk_rotation(&w, KL_ROT_CUBIC, t)) / KL_DEG, cu, 1e-12);
        if (cu - 90.0 * t > lead)
            lead = cu - 90.0 * t, lead_t = t;
        if (cu > peak)
            peak = cu, peak_t = t;
    }
    /* docs/keyframe.md, step 6: nlerp at most 0.92 off; the cubic leads by up to 27.57 (t = 0.62), peaks at 95.08
     * near t = 0.86 */
    ck_assert(fabs(lag - 0.92) < 5e-3);
    ck_assert(fabs(lead - 27.57) < 5e-3 && fabs(lead_t - 0.62) < 5e-3);
    ck_assert_msg(fabs(peak - 95.08) < 5e-3 && fabs(peak_t - 0.86) < 5e-3, "peak %.4f at %.4f", peak, peak_t);
    ck_has(notes, "(largest 0.92 at t = 0.78); cubic - slerp 0.00 deg (largest 27.57 at t = 0.62)");
    /* step 7 at t = 1/2 by hand: h00 = h01 = 1/2, h10 = 1/8, h11 = -1/8: p = (0, 1/4 + sqrt2/4, 0, 1/2 + sqrt2/4),
     * |p| = 1.0454, 2 atan(p_y/p_w) = 70.53 deg where slerp is at 45 */
    enter(KL_STEP_GLTF, notes, sizeof notes);
    kl_clock_seek(&w.clock, 0.5);
    kl_walk_notes(&w, KL_STEP_GLTF, notes, sizeof notes);
    ck_has(notes, "t = 0.50 s: glTF 70.53 deg from the first key, the tutorial's slerp 45.00: 25.53 deg apart");
    ck_has(notes, "|q| = 1.0454 before normalizing");
    double py = 0.25 + sqrt(2.0) / 4, pw = 0.5 + sqrt(2.0) / 4;
    ck_claim_rel(kl_blend_norm(&w.rot[KL_ROT_CUBIC], 0.5), hypot(py, pw), 1e-15);
}
END_TEST

START_TEST(test_angular_velocity)
{
    char notes[1024];
    enter(KL_STEP_SPIN, notes, sizeof notes);
    ck_has(w.text, "slerp turns at w = angle/T = 1.571 rad/s.");
    ck_has(w.text, "starts at w = 2m = 2;");
    ck_has(w.text, "arrives at -2m cos(angle/2) = -1.414 rad/s, turning back");
    const double angles[3] = {30.0, 90.0, 150.0}, ms[2] = {0.5, 2.0};
    for (int a = 0; a < 3; a++)
        for (int k = 0; k < 2; k++) {
            w.angle = angles[a], w.tangent = ms[k], w.interval = 0.8;
            kl_walk_changed(&w, KL_STEP_SPIN, TUI_EDITED);
            const kf_track *src = &w.spin[KL_SPIN_SOURCE];
            double om[3];
            /* out of the identity with q' = (0, m, 0, 0): w = 2 q' q* = (0, 2m, 0) */
            kf_track_angular_velocity(src, 0.0, om);
            ck_claim_rel(om[1], 2.0 * ms[k], 1e-13);
            /* into q1 = (0, sin(a/2), 0, cos(a/2)) with q' = (0, -m, 0, 0): the part of q' along q1 is lost in the
             * normalization, and 2 q' q1* has the vector part (0, -2m cos(a/2), 0) */
            kf_track_angular_velocity(src, 0.8 * (1.0 - 1e-12), om);
            ck_claim_rel(om[1], -2.0 * ms[k] * cos(0.5 * angles[a] * KL_DEG), 1e-9);
            /* it arrives turning back, so it passed the key: its peak, above the key's angle, is where w = 0; the
             * difference quotient of the samples agrees with the derivative all along */
            double peak = -INFINITY, peak_t = 0.0, prev = 0.0;
            const double dt = 0.8 / 4000;
            for (int i = 1; i < 4000; i++) {
                double t = dt * i, turn = kl_turn_y(src, t, prev);
                if (turn > peak)
                    peak = turn, peak_t = t;
                prev = turn;
                kf_track_angular_velocity(src, t, om);
                ck_assert_msg(fabs(kl_spin_fd(src, t, 1e-6) - om[1]) < 1e-7, "t = %g: w = %g", t, om[1]);
            }
            ck_assert(peak > angles[a]);
            double before[3], after[3];
            kf_track_angular_velocity(src, peak_t - dt, before);
            kf_track_angular_velocity(src, peak_t + dt, after);
            ck_assert_msg(before[1] > 0.0 && after[1] < 0.0, "w = %g, %g about the peak", before[1], after[1]);
            /* the constant-rate tangents: w within 1% of angle/T, the angle never past the key */
            const kf_track *rate = &w.spin[KL_SPIN_RATE];
            const double want = angles[a] * KL_DEG / 0.8;
            for (int i = 0; i < 4000; i++) {
                double t = 0.8 * i / 4000;
                kf_track_angular_velocity(rate, t, om);
                ck_assert(fabs(om[1] / want - 1.0) < 0.01);
                ck_assert(kl_turn_y(rate, t, 0.0) <= angles[a] + 1e-9);
            }
        }
    /* the walk's own numbers: 90 degrees, m = 1: the peak (95.08 at t = 0.86 on the walk's grid) and the rate
     * cubic's w between 1.57 and 1.572 */
    enter(KL_STEP_SPIN, notes, sizeof notes);
    double worst = 0.0;  /* docs/keyframe.md: "within 0.08% of angle/T (at 90 degrees)" */
    for (int i = 0; i < KL_SAMPLES; i++)
        worst = fmax(worst, fabs(w.spin_w[KL_SPIN_RATE][i] / (NUMLAB_PI / 2) - 1.0));
    ck_assert_msg(worst < 8e-4, "rate cubic off by %g", worst);
    ck_has(notes, "slerp w = 1.571 rad/s. Source tangents: w 2 -> -1.414 rad/s, peak 95.");
    ck_has(notes, "Rate tangents: w 1.57..1.572, peak 90.00 deg.");
}
END_TEST

START_TEST(test_hemispheres)
{
    char notes[1024];
    enter(KL_STEP_FLIP, notes, sizeof notes);
    const double angles[3] = {60.0, 120.0, 170.0};
    for (int a = 0; a < 3; a++) {
        w.angle = angles[a];
        kl_walk_changed(&w, KL_STEP_FLIP, TUI_EDITED);
        const double th = angles[a] * KL_DEG;
        /* stored as -q: p = h00 (0,0,0,1) - h01 (0, sin(th/2), 0, cos(th/2)) stays in the y-w plane and turns about
         * -y through 180 degrees to 360 - theta; |p|^2 = u^2 sin^2 + (1 - u (1 + c))^2 with u = h01, c =
         * cos(th/2), is least at u = 1/2: (1 - c)/2 = sin^2(th/4) */
        ck_claim_rel(w.flip_turn[KL_FLIP_STORED][KL_SAMPLES - 1], -(360.0 - angles[a]), 1e-12);
        ck_claim_rel(w.flip_turn[KL_FLIP_ALIGNED][KL_SAMPLES - 1], angles[a], 1e-12);
        ck_claim_rel(w.flip_turn[KL_FLIP_SLERP][KL_SAMPLES - 1], angles[a], 1e-12);
        ck_claim_rel(kl_blend_norm(&w.flip[KL_FLIP_STORED], 0.5), sin(th / 4), 1e-12);
        ck_claim_rel(kl_blend_norm(&w.flip[KL_FLIP_ALIGNED], 0.5), cos(th / 4), 1e-12);  /* c -> -c */
        for (int i = 1; i < KL_SAMPLES; i++) {
            ck_assert(w.flip_turn[KL_FLIP_STORED][i] < w.flip_turn[KL_FLIP_STORED][i - 1]);  /* one way round */
            ck_assert(w.flip_norm[0][i] >= sin(th / 4) - 1e-12 && w.flip_norm[1][i] >= cos(th / 4) - 1e-12);
            /* slerp takes the short way with either sign: theta t about y; so does the aligned cubic's path */
            static const double y_axis[3] = {0, 1, 0};
            double q[4];
            kf_track_sample(&w.flip[KL_FLIP_SLERP], w.grid_t[i], q);
            kf_quat want = kf_quat_from_axis_angle(y_axis, th * w.grid_t[i]);
            ck_assert(kf_quat_angle_between((kf_quat){q[0], q[1], q[2], q[3]}, want) < 1e-7);
            ck_assert(w.flip_turn[KL_FLIP_ALIGNED][i] > w.flip_turn[KL_FLIP_ALIGNED][i - 1]);
        }
    }
    enter(KL_STEP_FLIP, notes, sizeof notes);
    ck_has(w.text, "(q0 . q1 = -0.8660) turns 300 deg the long way, where slerp (its dot's sign) turns 60.");
    ck_has(notes, "turns -300.00 deg, |p| down to 0.2588. Aligned: turns 60.00 deg, |p| down to 0.9659.");
}
END_TEST

static Suite *claims_suite(void)
{
    Suite *s = suite_create("claims_keyframe");
    TCase *tc = tcase_create("claims");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, walk_setup, walk_teardown);
    tcase_add_test(tc, test_basis);
    tcase_add_test(tc, test_balls);
    tcase_add_test(tc, test_tangents_are_velocities);
    tcase_add_test(tc, test_bounce);
    tcase_add_test(tc, test_takeoff);
    tcase_add_test(tc, test_rotations);
    tcase_add_test(tc, test_angular_velocity);
    tcase_add_test(tc, test_hemispheres);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(claims_suite());
}
