/* keyframe-lab's scene geometry and clock (labs/keyframe-lab/model.c): the playback clock against the fixed-step
 * accumulator's arithmetic, the squash-and-stretch ellipse against its equation and area,
 * and the axis triad against rotation matrices written out here. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "../labs/keyframe-lab/lab.h"
#include "helpers/check_main.h"
#include "numlab/common.h"

#define STEP (1.0 / 240.0)

/* Feeds n frames of dt; returns what the last tick returned. */
static bool feed(kl_clock *c, int n, double dt)
{
    bool more = true;
    for (int i = 0; i < n; i++)
        more = kl_clock_tick(c, dt);
    return more;
}

/* A time that is a whole number of fixed steps (times the speed). */
static void ck_whole_steps(double time, double speed)
{
    double steps = time / (STEP * speed);
    ck_assert_double_eq_tol(steps, round(steps), 1e-6);
}

START_TEST(clock_advances_in_fixed_steps)
{
    kl_clock c;
    kl_clock_start(&c, 2.0, 1.0, false);
    ck_assert(!c.done);
    ck_assert_double_eq(kl_clock_now(&c), 0.0);
    ck_assert(feed(&c, 30, 1.0 / 30.0));  /* one second of 30 Hz frames: 240 steps, give or take one to rounding */
    ck_whole_steps(c.time, 1.0);
    ck_assert_double_le(fabs(c.time - 1.0), STEP + 1e-12);
    /* the frame shows the time alpha of a step ahead: within one step of the simulated time */
    double now = kl_clock_now(&c);
    ck_assert_double_ge(now, c.time);
    ck_assert_double_lt(now, c.time + STEP);
    /* a frame shorter than a step adds no step, only alpha */
    double before = c.time;
    kl_clock_tick(&c, 0.4 * STEP);
    ck_assert(c.time == before || c.time == before + STEP);
}
END_TEST

START_TEST(clock_stops_at_the_end)
{
    kl_clock c;
    kl_clock_start(&c, 0.5, 1.0, false);
    ck_assert(!feed(&c, 40, 1.0 / 60.0));  /* 0.667 s of frames for a 0.5 s clip */
    ck_assert(c.done);
    ck_assert_double_eq(c.time, 0.5);
    ck_assert_double_eq(kl_clock_now(&c), 0.5);
    ck_assert(!kl_clock_tick(&c, 1.0));
    ck_assert_double_eq(kl_clock_now(&c), 0.5);
}
END_TEST

START_TEST(clock_speed_loop_and_cap)
{
    kl_clock c;
    kl_clock_start(&c, 10.0, 2.0, false);  /* twice as fast: half a second of frames is a second of clip */
    feed(&c, 30, 1.0 / 60.0);
    ck_whole_steps(c.time, 2.0);
    ck_assert_double_le(fabs(c.time - 1.0), 2.0 * STEP + 1e-12);

    kl_clock_start(&c, 1.0, 1.0, true);  /* looping: 1.5 s of frames end half way through the second pass */
    ck_assert(feed(&c, 90, 1.0 / 60.0));
    ck_assert(!c.done);
    ck_assert_double_le(fabs(c.time - 0.5), STEP + 1e-12);
    ck_assert_double_lt(kl_clock_now(&c), 1.0);

    kl_clock_start(&c, 10.0, 1.0, false);  /* one frame of 5 s (a suspended process) plays only the cap */
    kl_clock_tick(&c, 5.0);
    ck_assert_double_le(c.time, TS_DEFAULT_CAP + STEP);
    ck_assert_double_ge(c.time, TS_DEFAULT_CAP - STEP);
}
END_TEST

START_TEST(clock_degenerate)
{
    kl_clock c;
    kl_clock_start(&c, 0.0, 1.0, true);  /* nothing to play: done at once, even when looping */
    ck_assert(c.done);
    ck_assert(!kl_clock_tick(&c, 0.1));
    ck_assert_double_eq(kl_clock_now(&c), 0.0);
    kl_clock_start(&c, NAN, NAN, false);
    ck_assert(c.done);
    ck_assert_double_eq(c.speed, 1.0);
    kl_clock_start(&c, 1.0, -3.0, false);
    ck_assert_double_eq(c.speed, 1.0);
    kl_clock_tick(&c, NAN);  /* a non-finite frame counts as no time */
    ck_assert_double_eq(c.time, 0.0);
}
END_TEST

START_TEST(clock_seek)
{
    kl_clock c;
    kl_clock_start(&c, 2.0, 1.0, false);
    kl_clock_tick(&c, 0.5 * STEP);  /* half a step in the accumulator: seeking drops it */
    kl_clock_seek(&c, 0.75);
    ck_assert_double_eq(c.time, 0.75);
    ck_assert_double_eq(kl_clock_now(&c), 0.75);
    ck_assert(!c.done);
    kl_clock_seek(&c, 5.0);
    ck_assert_double_eq(kl_clock_now(&c), 2.0);
    ck_assert(c.done);
    kl_clock_seek(&c, NAN);
    ck_assert_double_eq(kl_clock_now(&c), 0.0);
    ck_assert(!c.done);
}
END_TEST

START_TEST(ellipse_points_lie_on_it)
{
    enum { CHORDS = 10, OUTLINE = 16, N = 3 * CHORDS + OUTLINE + 1 };
    double xy[2 * N];
    const double cx = 1, cy = 2, rx = 3, ry = 0.5;
    ck_assert_uint_eq(kl_scene_ellipse(cx, cy, rx, ry, CHORDS, OUTLINE, xy, N), N);
    for (int i = 0; i < CHORDS; i++) {
        const double *p = &xy[6 * i];
        ck_assert(isnan(p[4]) && isnan(p[5]));  /* the pen lifts after each chord */
        ck_assert_double_eq(p[1], p[3]);         /* horizontal */
        /* the middle of the i-th of ten bands of the height 2 ry */
        ck_assert_double_eq_tol(p[1], cy - ry + (i + 0.5) * 2 * ry / CHORDS, 1e-12);
        ck_assert_double_eq_tol(p[0] + p[2], 2 * cx, 1e-12);  /* symmetric about the centre */
        for (int e = 0; e < 2; e++) {
            double u = (p[2 * e] - cx) / rx, v = (p[2 * e + 1] - cy) / ry;
            ck_assert_double_eq_tol(u * u + v * v, 1.0, 1e-12);  /* chord ends on the ellipse */
        }
    }
    for (int j = 0; j < OUTLINE + 1; j++) {
        const double *p = &xy[2 * (3 * CHORDS + j)];
        double u = (p[0] - cx) / rx, v = (p[1] - cy) / ry;
        ck_assert_double_eq_tol(u * u + v * v, 1.0, 1e-12);
    }
    ck_assert_double_eq(xy[2 * (3 * CHORDS)], xy[2 * (N - 1)]);  /* closed */
    ck_assert_double_eq(xy[2 * (3 * CHORDS) + 1], xy[2 * (N - 1) + 1]);
}
END_TEST

START_TEST(ellipse_area_and_refusals)
{
    enum { CHORDS = 400 };
    static double xy[2 * 3 * CHORDS];
    const double rx = 0.6, ry = 0.4;  /* the keyframe tutorial's ball at take-off: 0.5 x (1.2, 0.8) */
    ck_assert_uint_eq(kl_scene_ellipse(0, 0, rx, ry, CHORDS, 0, xy, 3 * CHORDS), 3 * CHORDS);
    double area = 0;
    for (int i = 0; i < CHORDS; i++)
        area += (xy[6 * i + 2] - xy[6 * i]) * 2 * ry / CHORDS;  /* the midpoint rule over the bands */
    ck_assert_double_eq_tol(area, NUMLAB_PI * rx * ry, 1e-3 * NUMLAB_PI * rx * ry);
    ck_assert_uint_eq(kl_scene_ellipse(0, 0, 0, 1, 4, 8, xy, 3 * CHORDS), 0);
    ck_assert_uint_eq(kl_scene_ellipse(0, 0, 1, NAN, 4, 8, xy, 3 * CHORDS), 0);
    ck_assert_uint_eq(kl_scene_ellipse(INFINITY, 0, 1, 1, 4, 8, xy, 3 * CHORDS), 0);
    ck_assert_uint_eq(kl_scene_ellipse(0, 0, 1, 1, 4, 2, xy, 3 * CHORDS), 0);  /* an outline needs 3 points */
    ck_assert_uint_eq(kl_scene_ellipse(0, 0, 1, 1, 4, 8, xy, 20), 0);            /* 12 + 9 = 21 do not fit */
    ck_assert_uint_eq(kl_scene_ellipse(0, 0, 1, 1, 4, 8, xy, 21), 21);
}
END_TEST

START_TEST(squash_radii_volume_and_pivot)
{
    const double takeoff[3] = {1.2, 0.8, 1.2}, top[3] = {0.85, 1.3, 0.85};
    double rx, ry, cy;
    kl_scene_squash(0.5, takeoff, false, false, 0.0, &rx, &ry, &cy);  /* the keyframe tutorial's keys, about the centre */
    ck_assert_double_eq_tol(rx, 0.6, 1e-15);
    ck_assert_double_eq_tol(ry, 0.4, 1e-15);
    ck_assert_double_eq(cy, 0.0);  /* its bottom at -0.4: it floats 0.1 above the floor at -0.5 */
    kl_scene_squash(0.5, takeoff, false, true, 0.0, &rx, &ry, &cy);
    ck_assert_double_eq_tol(cy - ry, -0.5, 1e-15);  /* pivot at the floor: the bottom stays at y - r */
    for (int i = 0; i < 2; i++) {
        const double *s = i ? top : takeoff;
        kl_scene_squash(0.5, s, true, false, 3.0, &rx, &ry, &cy);
        /* the ellipsoid rx x ry x rx keeps the sphere's volume: (rx ry rx) / r^3 = 1 */
        ck_assert_double_eq_tol(rx * ry * rx / 0.125, 1.0, 1e-12);
        ck_assert_double_eq_tol(ry, 0.5 * s[1], 1e-15);
        ck_assert_double_eq(cy, 3.0);
    }
}
END_TEST

/* Rotation matrices about y and x, row-major, applied to p. */
static void rot_y(double a, const double p[3], double out[3])
{
    out[0] = cos(a) * p[0] + sin(a) * p[2], out[1] = p[1], out[2] = -sin(a) * p[0] + cos(a) * p[2];
}

static void rot_x(double a, const double p[3], double out[3])
{
    out[0] = p[0], out[1] = cos(a) * p[1] - sin(a) * p[2], out[2] = sin(a) * p[1] + cos(a) * p[2];
}

static void ck_vec(const double got[3], double x, double y, double z)
{
    ck_assert_double_eq_tol(got[0], x, 1e-12);
    ck_assert_double_eq_tol(got[1], y, 1e-12);
    ck_assert_double_eq_tol(got[2], z, 1e-12);
}

START_TEST(triad_hand_cases)
{
    static const double y_axis[3] = {0, 1, 0};
    double tips[3][3];
    kl_scene_triad(kf_quat_identity(), kl_scene_view(0, 0), tips);
    ck_vec(tips[0], 1, 0, 0);
    ck_vec(tips[1], 0, 1, 0);
    ck_vec(tips[2], 0, 0, 1);
    /* 90 degrees about y, seen from the front: x points away (a dot at the origin), z points right */
    kf_quat quarter = kf_quat_from_axis_angle(y_axis, NUMLAB_PI / 2);
    kl_scene_triad(quarter, kl_scene_view(0, 0), tips);
    ck_vec(tips[0], 0, 0, -1);
    ck_vec(tips[1], 0, 1, 0);
    ck_vec(tips[2], 1, 0, 0);
    /* the same from above (pitch 90 degrees): y points at the viewer, z (now along world x) still right */
    kl_scene_triad(quarter, kl_scene_view(0, NUMLAB_PI / 2), tips);
    ck_vec(tips[0], 0, 1, 0);
    ck_vec(tips[1], 0, 0, 1);
    ck_vec(tips[2], 1, 0, 0);
    /* a quaternion that is not unit is normalized first */
    kf_quat big = {3 * quarter.x, 3 * quarter.y, 3 * quarter.z, 3 * quarter.w};
    kl_scene_triad(big, kl_scene_view(0, 0), tips);
    ck_vec(tips[2], 1, 0, 0);
}
END_TEST

START_TEST(triad_against_matrices)
{
    /* any rotation and view: each tip is Rx(pitch) Ry(yaw) R(q) e_i; the projected lengths squared add up to 2
     * (the screen plane takes two of the three dimensions of an orthonormal frame) */
    for (int i = 0; i < 50; i++) {
        double yaw = -3.0 + 0.13 * i, pitch = -1.5 + 0.06 * i, angle = 0.37 * i;
        const double axis[3] = {sin(i), cos(2.0 * i), 0.5};
        kf_quat q = kf_quat_from_axis_angle(axis, angle);
        double tips[3][3], projected = 0;
        kl_scene_triad(q, kl_scene_view(yaw, pitch), tips);
        for (int a = 0; a < 3; a++) {
            double e[3] = {a == 0, a == 1, a == 2}, r[3], ry[3], want[3];
            kf_quat_rotate(q, e, r);
            rot_y(yaw, r, ry);
            rot_x(pitch, ry, want);
            ck_vec(tips[a], want[0], want[1], want[2]);
            projected += tips[a][0] * tips[a][0] + tips[a][1] * tips[a][1];
        }
        ck_assert_double_eq_tol(projected, 2.0, 1e-12);
    }
}
END_TEST

static Suite *scene_suite(void)
{
    Suite *s = suite_create("keyframe_scene");
    TCase *clock = tcase_create("clock");
    tcase_add_test(clock, clock_advances_in_fixed_steps);
    tcase_add_test(clock, clock_stops_at_the_end);
    tcase_add_test(clock, clock_speed_loop_and_cap);
    tcase_add_test(clock, clock_degenerate);
    tcase_add_test(clock, clock_seek);
    suite_add_tcase(s, clock);
    TCase *geometry = tcase_create("geometry");
    tcase_add_test(geometry, ellipse_points_lie_on_it);
    tcase_add_test(geometry, ellipse_area_and_refusals);
    tcase_add_test(geometry, squash_radii_volume_and_pivot);
    tcase_add_test(geometry, triad_hand_cases);
    tcase_add_test(geometry, triad_against_matrices);
    suite_add_tcase(s, geometry);
    return s;
}

int main(void)
{
    return run_suite(scene_suite());
}
