/* Tests of keyframe clips and the mixer: play, pause, speed (backwards too), loop, clamp, seek, and crossfades that
 * blend vectors linearly and rotations by slerp, towards a node's rest value where a clip does not animate it.
 * Expected values are hand calculations on ramps and constant clips. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/common.h"
#include "numlab/keyframe.h"
#include "helpers/check_main.h"

#define TOL 1e-12
#define DEG (NUMLAB_PI / 180.0)

static kf_quat about_z(double angle)
{
    return (kf_quat){0, 0, sin(angle / 2), cos(angle / 2)};
}

/* A clip with one channel on node 0: translation x from `from` to `to` linearly over [0, duration]. */
static kf_clip ramp_clip(const char *name, double from, double to, double duration)
{
    kf_clip c;
    ck_assert_int_eq(kf_clip_init(&c, name, 1), KF_OK);
    double times[2] = {0, duration}, values[6] = {from, 0, 0, to, 0, 0};
    c.channels[0].node = 0, c.channels[0].path = KF_PATH_TRANSLATION;
    ck_assert_int_eq(kf_track_init(&c.channels[0].track, KF_LINEAR, KF_VECTOR, 3, 2, times, values), KF_OK);
    kf_clip_update_duration(&c);
    return c;
}

static double mixed_x(const kf_mixer *m)
{
    double rest[3] = {-100, 0, 0}, out[3];
    kf_mixer_sample(m, 0, KF_PATH_TRANSLATION, rest, 3, out);
    return out[0];
}

START_TEST(mixer_plays_loops_clamps_pauses)
{
    kf_clip c = ramp_clip("ramp", 0, 10, 2);
    ck_assert_double_eq(c.duration, 2);
    ck_assert_str_eq(c.name, "ramp");
    kf_mixer m;
    kf_mixer_init(&m);
    double rest[3] = {-100, 0, 0}, out[3];
    ck_assert(!kf_mixer_sample(&m, 0, KF_PATH_TRANSLATION, rest, 3, out));  /* nothing plays: rest */
    ck_assert_double_eq(out[0], -100);

    kf_mixer_play(&m, &c, KF_WRAP_LOOP);
    kf_mixer_update(&m, 0.5);
    ck_assert_double_eq_tol(mixed_x(&m), 2.5, TOL);
    kf_mixer_update(&m, 2.0);                      /* 2.5 s wraps to 0.5 s */
    ck_assert_double_eq_tol(m.current.time, 0.5, TOL);
    kf_mixer_set_paused(&m, true);
    kf_mixer_update(&m, 1.0);
    ck_assert_double_eq_tol(m.current.time, 0.5, TOL);
    kf_mixer_set_paused(&m, false);
    ck_assert_int_eq(kf_mixer_set_speed(&m, -1.0), KF_OK);  /* backwards: 0.5 - 1 wraps to 1.5 */
    kf_mixer_update(&m, 1.0);
    ck_assert_double_eq_tol(mixed_x(&m), 7.5, TOL);
    ck_assert_int_eq(kf_mixer_set_speed(&m, NAN), KF_ERR_ARGS);
    ck_assert_int_eq(kf_mixer_set_speed(&m, 2.0), KF_OK);
    kf_mixer_update(&m, NAN);
    kf_mixer_update(&m, -1);
    ck_assert_double_eq_tol(m.current.time, 1.5, TOL);

    kf_mixer_play(&m, &c, KF_WRAP_CLAMP);          /* speed 2: 0.75 s -> 1.5 clip s, then the end */
    kf_mixer_update(&m, 0.75);
    ck_assert_double_eq_tol(mixed_x(&m), 7.5, TOL);
    ck_assert(!m.current.finished);
    kf_mixer_update(&m, 10);
    ck_assert_double_eq(m.current.time, 2);
    ck_assert(m.current.finished);
    ck_assert_double_eq_tol(mixed_x(&m), 10, TOL);
    kf_mixer_seek(&m, 0.5);
    ck_assert(!m.current.finished);
    ck_assert_double_eq_tol(mixed_x(&m), 2.5, TOL);
    kf_clip_destroy(&c);
}
END_TEST

START_TEST(mixer_crossfades_linearly)
{
    kf_clip a = ramp_clip("a", 4, 4, 1), b = ramp_clip("b", 10, 10, 1);
    kf_mixer m;
    kf_mixer_init(&m);
    kf_mixer_play(&m, &a, KF_WRAP_LOOP);
    ck_assert_int_eq(kf_mixer_crossfade(&m, &b, KF_WRAP_LOOP, 0.0), KF_ERR_ARGS);
    ck_assert_int_eq(kf_mixer_crossfade(&m, &b, KF_WRAP_LOOP, 2.0), KF_OK);
    ck_assert_double_eq_tol(mixed_x(&m), 4, TOL);
    kf_mixer_update(&m, 0.5);                      /* weight 1/4: 4 + (10 - 4)/4 */
    ck_assert_double_eq_tol(kf_mixer_weight(&m), 0.25, TOL);
    ck_assert_double_eq_tol(mixed_x(&m), 5.5, TOL);
    kf_mixer_update(&m, 1.5);                      /* done: b alone */
    ck_assert_double_eq(kf_mixer_weight(&m), 1);
    ck_assert_ptr_null(m.previous.clip);
    ck_assert_double_eq_tol(mixed_x(&m), 10, TOL);

    /* fading to a clip that does not animate the node blends towards its rest value */
    kf_clip empty;
    ck_assert_int_eq(kf_clip_init(&empty, NULL, 0), KF_OK);
    kf_mixer_crossfade(&m, &empty, KF_WRAP_LOOP, 1.0);
    kf_mixer_update(&m, 0.5);                      /* (10 + (-100))/2 */
    ck_assert_double_eq_tol(mixed_x(&m), -45, TOL);
    kf_clip_destroy(&a);
    kf_clip_destroy(&b);
    kf_clip_destroy(&empty);
}
END_TEST

START_TEST(mixer_crossfades_rotations_by_slerp)
{
    kf_clip a, b;
    kf_quat qa = kf_quat_identity(), qb = about_z(90 * DEG);
    const kf_quat *q[2] = {&qa, &qb};
    kf_clip *clips[2] = {&a, &b};
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(kf_clip_init(clips[i], NULL, 1), KF_OK);
        double time = 0, v[4] = {q[i]->x, q[i]->y, q[i]->z, q[i]->w};
        clips[i]->channels[0] = (kf_channel){.node = 3, .path = KF_PATH_ROTATION};
        ck_assert_int_eq(kf_track_init(&clips[i]->channels[0].track, KF_STEP, KF_QUATERNION, 4, 1, &time, v), KF_OK);
    }
    kf_mixer m;
    kf_mixer_init(&m);
    kf_mixer_play(&m, &a, KF_WRAP_LOOP);
    kf_mixer_crossfade(&m, &b, KF_WRAP_LOOP, 1.0);
    kf_mixer_update(&m, 0.5);
    double rest[4] = {0, 0, 0, 1}, out[4];
    ck_assert(kf_mixer_sample(&m, 3, KF_PATH_ROTATION, rest, 4, out));
    ck_assert_double_eq_tol(out[2], sin(22.5 * DEG), TOL);   /* halfway: 45 degrees */
    ck_assert_double_eq_tol(out[3], cos(22.5 * DEG), TOL);
    ck_assert(!kf_mixer_sample(&m, 2, KF_PATH_ROTATION, rest, 4, out));
    kf_clip_destroy(&a);
    kf_clip_destroy(&b);
}
END_TEST

START_TEST(clips_find_channels_and_duration)
{
    kf_clip c;
    ck_assert_int_eq(kf_clip_init(&c, "two", 2), KF_OK);
    double t0[2] = {0, 1.5}, t1[3] = {0.5, 1, 2.5};
    c.channels[0] = (kf_channel){.node = 1, .path = KF_PATH_SCALE};
    c.channels[1] = (kf_channel){.node = 4, .path = KF_PATH_TRANSLATION};
    ck_assert_int_eq(kf_track_init(&c.channels[0].track, KF_LINEAR, KF_VECTOR, 3, 2, t0, NULL), KF_OK);
    ck_assert_int_eq(kf_track_init(&c.channels[1].track, KF_STEP, KF_VECTOR, 3, 3, t1, NULL), KF_OK);
    kf_clip_update_duration(&c);
    ck_assert_double_eq(c.duration, 2.5);  /* the latest last key of any channel */
    ck_assert_ptr_eq(kf_clip_find(&c, 1, KF_PATH_SCALE), &c.channels[0]);
    ck_assert_ptr_eq(kf_clip_find(&c, 4, KF_PATH_TRANSLATION), &c.channels[1]);
    ck_assert_ptr_null(kf_clip_find(&c, 1, KF_PATH_ROTATION));
    ck_assert_ptr_null(kf_clip_find(&c, 2, KF_PATH_SCALE));

    /* clamped and played backwards, the action stops (finished) at 0 */
    kf_mixer m;
    kf_mixer_init(&m);
    kf_mixer_play(&m, &c, KF_WRAP_CLAMP);
    kf_mixer_seek(&m, 0.5);
    kf_mixer_set_speed(&m, -1);
    kf_mixer_update(&m, 0.25);
    ck_assert(!m.current.finished);
    ck_assert_double_eq_tol(m.current.time, 0.25, TOL);
    kf_mixer_update(&m, 1.0);
    ck_assert(m.current.finished);
    ck_assert_double_eq(m.current.time, 0.0);
    kf_mixer_seek(&m, 99);                 /* clamped to the end */
    ck_assert_double_eq(m.current.time, 2.5);
    kf_clip_destroy(&c);
    ck_assert_ptr_null(c.channels);
}
END_TEST

START_TEST(crossfade_runs_both_clips_at_the_speed)
{
    /* a: x from 0 to 10 over 2 s, b: 100 to 120 over 2 s, both looping. At speed 1 the outgoing clip's time and
     * the real time agree; at 2 and -1 they do not: both clips move at the speed, the fade in real seconds. */
    kf_clip a = ramp_clip("a", 0, 10, 2), b = ramp_clip("b", 100, 120, 2);
    kf_mixer m;
    kf_mixer_init(&m);
    ck_assert_int_eq(kf_mixer_set_speed(&m, 2.0), KF_OK);
    kf_mixer_play(&m, &a, KF_WRAP_LOOP);
    kf_mixer_update(&m, 0.25);                     /* a at 0.5 s */
    ck_assert_int_eq(kf_mixer_crossfade(&m, &b, KF_WRAP_LOOP, 1.0), KF_OK);
    kf_mixer_update(&m, 0.25);                     /* a at 1.0 s (x 5), b at 0.5 s (x 105), weight 0.25 */
    ck_assert_double_eq_tol(m.previous.time, 1.0, TOL);
    ck_assert_double_eq_tol(m.current.time, 0.5, TOL);
    ck_assert_double_eq_tol(kf_mixer_weight(&m), 0.25, TOL);
    ck_assert_double_eq_tol(mixed_x(&m), 0.75 * 5 + 0.25 * 105, TOL);  /* 30 */
    kf_mixer_update(&m, 0.5);                      /* a at 2.0 -> 0 (loop), b at 1.5 (x 115), weight 0.75 */
    ck_assert_double_eq_tol(mixed_x(&m), 0.25 * 0 + 0.75 * 115, TOL);

    /* backwards: a from 0 wraps to 1.75 s (x 8.75) after 0.25 s; fading to b over 0.5 s, 0.125 s later a is at
     * 1.625 s (x 8.125), b at -0.125 -> 1.875 s (x 118.75), weight 0.25 */
    ck_assert_int_eq(kf_mixer_set_speed(&m, -1.0), KF_OK);
    kf_mixer_play(&m, &a, KF_WRAP_LOOP);
    kf_mixer_update(&m, 0.25);
    ck_assert_double_eq_tol(mixed_x(&m), 8.75, TOL);
    ck_assert_int_eq(kf_mixer_crossfade(&m, &b, KF_WRAP_LOOP, 0.5), KF_OK);
    kf_mixer_update(&m, 0.125);
    ck_assert_double_eq_tol(m.previous.time, 1.625, TOL);
    ck_assert_double_eq_tol(m.current.time, 1.875, TOL);
    ck_assert_double_eq_tol(kf_mixer_weight(&m), 0.25, TOL);
    ck_assert_double_eq_tol(mixed_x(&m), 0.75 * 8.125 + 0.25 * 118.75, TOL);  /* 35.78125 */
    kf_mixer_update(&m, 0.375);                    /* the fade is over after 0.5 real seconds: b alone */
    ck_assert_ptr_null(m.previous.clip);
    ck_assert_double_eq_tol(mixed_x(&m), 100 + 10 * 1.5, TOL);
    kf_clip_destroy(&a);
    kf_clip_destroy(&b);
}
END_TEST

static Suite *mixer_suite(void)
{
    Suite *s = suite_create("kf_mixer");
    TCase *tc = tcase_create("mixer");
    tcase_add_test(tc, mixer_plays_loops_clamps_pauses);
    tcase_add_test(tc, mixer_crossfades_linearly);
    tcase_add_test(tc, mixer_crossfades_rotations_by_slerp);
    tcase_add_test(tc, crossfade_runs_both_clips_at_the_speed);
    tcase_add_test(tc, clips_find_channels_and_duration);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(mixer_suite());
}
