/* keyframe's rotation-track helpers: the angular velocity w = 2 q' q* (q' = w q / 2) against constant-rate
 * rotations written out in closed form, and kf_track_align_hemispheres (q and -q) against tracks stored in one
 * hemisphere from the start. */
#include <check.h>
#include <math.h>

#include "numlab/common.h"
#include "helpers/check_main.h"
#include "numlab/keyframe.h"

static const double axis[3] = {1.0, -2.0, 2.0};  /* |axis| = 3 */

START_TEST(test_angular_velocity_closed_form)
{
    /* q(t) = (sin(wt/2) n, cos(wt/2)), q'(t) = (w/2) (cos(wt/2) n, -sin(wt/2)): w = 2 q' q* is w n at every t */
    const double rate = 2.5, n[3] = {axis[0] / 3, axis[1] / 3, axis[2] / 3};
    for (double t = -1.0; t <= 1.0; t += 0.125) {
        double c = cos(0.5 * rate * t), s = sin(0.5 * rate * t), om[3];
        kf_quat q = {s * n[0], s * n[1], s * n[2], c};
        kf_quat dq = {0.5 * rate * c * n[0], 0.5 * rate * c * n[1], 0.5 * rate * c * n[2], -0.5 * rate * s};
        kf_quat_angular_velocity(q, dq, om);
        for (int i = 0; i < 3; i++)
            ck_assert_double_eq_tol(om[i], rate * n[i], 1e-15);
    }
}
END_TEST

START_TEST(test_track_angular_velocity)
{
    /* slerp over 2 s between rotations 0.3 and 1.7 rad about the axis: w = (1.4 / 2) n, constant */
    kf_quat a = kf_quat_from_axis_angle(axis, 0.3), b = kf_quat_from_axis_angle(axis, 1.7);
    const double times[2] = {1.0, 3.0}, keys[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, KF_LINEAR, KF_QUATERNION, 4, 2, times, keys), KF_OK);
    double om[3];
    for (double time = 1.0; time < 3.0; time += 0.0625) {
        kf_track_angular_velocity(&t, time, om);
        for (int i = 0; i < 3; i++)
            ck_assert_double_eq_tol(om[i], 0.7 * axis[i] / 3, 1e-13);
    }
    kf_track_angular_velocity(&t, 3.0, om);  /* held after the last key */
    ck_assert(om[0] == 0.0 && om[1] == 0.0 && om[2] == 0.0);
    kf_track_destroy(&t);
    /* a vector track has none */
    ck_assert_int_eq(kf_track_init(&t, KF_LINEAR, KF_VECTOR, 4, 2, times, keys), KF_OK);
    kf_track_angular_velocity(&t, 2.0, om);
    ck_assert(om[0] == 0.0 && om[1] == 0.0 && om[2] == 0.0);
    kf_track_destroy(&t);
}
END_TEST

/* Four keys 50 degrees apart about the axis with tangents of the constant rate, key k stored as sign[k] q_k with
 * its tangents. */
static void four_keys(kf_track *t, kf_interp interp, const double sign[4])
{
    const double times[4] = {0, 1, 2, 3};
    ck_assert_int_eq(kf_track_init(t, interp, KF_QUATERNION, 4, 4, times, NULL), KF_OK);
    const double rate = 50.0 * NUMLAB_PI / 180.0;
    for (size_t k = 0; k < 4; k++) {
        kf_quat q = kf_quat_from_axis_angle(axis, rate * (double)k);
        double v[4] = {sign[k] * q.x, sign[k] * q.y, sign[k] * q.z, sign[k] * q.w};
        for (int i = 0; i < 4; i++)
            kf_track_value(t, k)[i] = v[i];
        if (interp == KF_CUBICSPLINE) {
            /* q' = w q / 2 with w = rate n: a pure quaternion times the key */
            kf_quat w = {rate * axis[0] / 3, rate * axis[1] / 3, rate * axis[2] / 3, 0.0};
            kf_quat d = kf_quat_mul(w, (kf_quat){v[0], v[1], v[2], v[3]});
            double dv[4] = {d.x / 2, d.y / 2, d.z / 2, d.w / 2};
            for (int i = 0; i < 4; i++)
                kf_track_in_tangent(t, k)[i] = kf_track_out_tangent(t, k)[i] = dv[i];
        }
    }
}

START_TEST(test_align_hemispheres)
{
    static const double mixed[4] = {1, -1, -1, 1}, same[4] = {1, 1, 1, 1};
    for (kf_interp interp = KF_STEP; interp < KF_INTERP_COUNT; interp++) {
        kf_track t, want;
        four_keys(&t, interp, mixed);
        four_keys(&want, interp, same);
        /* keys 1 and 2, stored as -q, each disagree with their (aligned) predecessor: 2 negated */
        ck_assert_uint_eq(kf_track_align_hemispheres(&t), 2);
        size_t n = t.count * kf_track_stride(&t);
        for (size_t i = 0; i < n; i++)
            ck_assert_double_eq(t.values[i], want.values[i]);
        ck_assert_uint_eq(kf_track_align_hemispheres(&t), 0);  /* already aligned */
        kf_track_destroy(&t);
        kf_track_destroy(&want);
    }
    /* LINEAR plays the same rotations stored either way (slerp follows the dot's sign); CUBICSPLINE does not */
    kf_track lin, lin_mixed, cub_mixed, cub;
    four_keys(&lin, KF_LINEAR, same);
    four_keys(&lin_mixed, KF_LINEAR, mixed);
    four_keys(&cub, KF_CUBICSPLINE, same);
    four_keys(&cub_mixed, KF_CUBICSPLINE, mixed);
    double worst_lin = 0.0, worst_cub = 0.0;
    for (double time = 0.0; time <= 3.0; time += 0.03125) {
        double p[4], q[4];
        kf_track_sample(&lin, time, p);
        kf_track_sample(&lin_mixed, time, q);
        worst_lin = fmax(worst_lin, kf_quat_angle_between((kf_quat){p[0], p[1], p[2], p[3]},
                                                          (kf_quat){q[0], q[1], q[2], q[3]}));
        kf_track_sample(&cub, time, p);
        kf_track_sample(&cub_mixed, time, q);
        worst_cub = fmax(worst_cub, kf_quat_angle_between((kf_quat){p[0], p[1], p[2], p[3]},
                                                          (kf_quat){q[0], q[1], q[2], q[3]}));
    }
    ck_assert_msg(worst_lin < 1e-7, "slerp moved by %g rad", worst_lin);
    ck_assert_msg(worst_cub > 1.0, "the mixed cubic stayed within %g rad", worst_cub);
    kf_track_destroy(&lin);
    kf_track_destroy(&lin_mixed);
    kf_track_destroy(&cub);
    kf_track_destroy(&cub_mixed);
    /* vector tracks are left alone */
    kf_track v;
    four_keys(&v, KF_LINEAR, mixed);
    v.kind = KF_VECTOR;
    ck_assert_uint_eq(kf_track_align_hemispheres(&v), 0);
    ck_assert(kf_track_value(&v, 1)[3] < 0.0);
    kf_track_destroy(&v);
}
END_TEST

static Suite *spin_suite(void)
{
    Suite *s = suite_create("keyframe_spin");
    TCase *tc = tcase_create("spin");
    tcase_add_test(tc, test_angular_velocity_closed_form);
    tcase_add_test(tc, test_track_angular_velocity);
    tcase_add_test(tc, test_align_hemispheres);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(spin_suite());
}
