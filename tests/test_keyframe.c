/* Tests of the keyframe module: the Hermite basis, glTF tracks and quaternions (clips and the mixer are in
 * test_kf_mixer.c).
 * Every expected number is a hand calculation (shown in a comment) or an identity that holds independently of the
 * code under test (end values, reproduced cubics, finite differences, closed-form rotations). */
#include <check.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/common.h"
#include "numlab/keyframe.h"
#include "helpers/check_main.h"

#define TOL 1e-12
#define DEG (NUMLAB_PI / 180.0)

static gsl_rng *rng;

static double uniform(double lo, double hi)
{
    return lo + (hi - lo) * gsl_rng_uniform(rng);
}

static void setup(void)
{
    rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 20240501);
}

static void teardown(void)
{
    gsl_rng_free(rng);
}

/* --- the keyframe tutorial's numbers, corrected
 * ---------------------------------------------------------------------------- */

START_TEST(tutorial_scalar_is_5_875)
{
    /* At s = 1/2: h00 = 1/2, h10 = 1/8, h01 = 1/2, h11 = -1/8, so
     * 0/2 + 5/8 + 10/2 + (-2)(-1/8) = 0.625 + 5 + 0.25 = 5.875 (the keyframe tutorial prints ~6.875). */
    ck_assert_double_eq_tol(kf_hermite(0.5, 0, 5, 10, -2), 5.875, TOL);
}
END_TEST

START_TEST(tutorial_vector_is_2_5_1_875_0)
{
    /* x: 5/2 = 2.5; y: 10/8 + (-5)(-1/8) = 1.25 + 0.625 = 1.875 (the keyframe tutorial prints 3.125); z: 0. */
    double p0[3] = {0, 0, 0}, m0[3] = {0, 10, 0}, p1[3] = {5, 0, 0}, m1[3] = {0, -5, 0}, out[3];
    kf_hermite_n(3, 0.5, p0, m0, p1, m1, out);
    ck_assert_double_eq_tol(out[0], 2.5, TOL);
    ck_assert_double_eq_tol(out[1], 1.875, TOL);
    ck_assert_double_eq_tol(out[2], 0.0, TOL);
}
END_TEST

/* --- the basis ------------------------------------------------------------------------------------------------ */

START_TEST(basis_end_values_and_slopes)
{
    kf_basis b0 = kf_hermite_basis(0), b1 = kf_hermite_basis(1);
    kf_basis d0 = kf_hermite_basis_deriv(0), d1 = kf_hermite_basis_deriv(1);
    /* h00 picks p0 at s = 0, h01 picks p1 at s = 1; h10 and h11 are the slopes at s = 0 and s = 1. */
    ck_assert(b0.h00 == 1 && b0.h10 == 0 && b0.h01 == 0 && b0.h11 == 0);
    ck_assert(b1.h00 == 0 && b1.h10 == 0 && b1.h01 == 1 && b1.h11 == 0);
    ck_assert(d0.h00 == 0 && d0.h10 == 1 && d0.h01 == 0 && d0.h11 == 0);
    ck_assert(d1.h00 == 0 && d1.h10 == 0 && d1.h01 == 0 && d1.h11 == 1);
}
END_TEST

START_TEST(basis_derivatives_match_finite_differences)
{
    const double h = 1e-5;
    for (double s = 0.0; s <= 1.0; s += 1.0 / 16) {
        kf_basis p = kf_hermite_basis(s + h), m = kf_hermite_basis(s - h), d = kf_hermite_basis_deriv(s);
        kf_basis dp = kf_hermite_basis_deriv(s + h), dm = kf_hermite_basis_deriv(s - h);
        kf_basis d2 = kf_hermite_basis_deriv2(s);
        /* Central differences are exact for quadratics and O(h^2) for cubics: error 1e-10 here. */
        ck_assert_double_eq_tol(d.h00, (p.h00 - m.h00) / (2 * h), 1e-8);
        ck_assert_double_eq_tol(d.h10, (p.h10 - m.h10) / (2 * h), 1e-8);
        ck_assert_double_eq_tol(d.h01, (p.h01 - m.h01) / (2 * h), 1e-8);
        ck_assert_double_eq_tol(d.h11, (p.h11 - m.h11) / (2 * h), 1e-8);
        ck_assert_double_eq_tol(d2.h00, (dp.h00 - dm.h00) / (2 * h), 1e-8);
        ck_assert_double_eq_tol(d2.h10, (dp.h10 - dm.h10) / (2 * h), 1e-8);
        ck_assert_double_eq_tol(d2.h01, (dp.h01 - dm.h01) / (2 * h), 1e-8);
        ck_assert_double_eq_tol(d2.h11, (dp.h11 - dm.h11) / (2 * h), 1e-8);
    }
}
END_TEST

START_TEST(hermite_end_values_and_slopes)
{
    for (int i = 0; i < 100; i++) {
        double p0 = uniform(-10, 10), m0 = uniform(-10, 10), p1 = uniform(-10, 10), m1 = uniform(-10, 10);
        ck_assert_double_eq_tol(kf_hermite(0, p0, m0, p1, m1), p0, TOL);
        ck_assert_double_eq_tol(kf_hermite(1, p0, m0, p1, m1), p1, TOL);
        ck_assert_double_eq_tol(kf_hermite_deriv(0, p0, m0, p1, m1), m0, TOL);
        ck_assert_double_eq_tol(kf_hermite_deriv(1, p0, m0, p1, m1), m1, 1e-11);
    }
}
END_TEST

START_TEST(hermite_reproduces_every_cubic)
{
    /* f(s) = c0 + c1 s + c2 s^2 + c3 s^3 is its own Hermite interpolant from f(0), f'(0), f(1), f'(1). */
    for (int i = 0; i < 50; i++) {
        double c[4] = {uniform(-5, 5), uniform(-5, 5), uniform(-5, 5), uniform(-5, 5)};
        double f0 = c[0], df0 = c[1], f1 = c[0] + c[1] + c[2] + c[3], df1 = c[1] + 2 * c[2] + 3 * c[3];
        for (double s = 0; s <= 1; s += 0.125) {
            double f = c[0] + s * (c[1] + s * (c[2] + s * c[3]));
            ck_assert_double_eq_tol(kf_hermite(s, f0, df0, f1, df1), f, 1e-12);
        }
    }
}
END_TEST

/* --- scalar tracks on non-uniform times {0, 0.5, 2} ------------------------------------------------------------ */

static const double times3[3] = {0.0, 0.5, 2.0};

static kf_track scalar_track(kf_interp interp)
{
    static const double linear_values[3] = {1, 3, -2};
    /* [a, v, b] per key; the first a and the last b are never used (7 and 9 prove it). */
    static const double cubic_values[9] = {7, 1, 2, /**/ -1, 3, 4, /**/ 0.5, -2, 9};
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, interp, KF_VECTOR, 1, 3, times3,
                                   interp == KF_CUBICSPLINE ? cubic_values : linear_values), KF_OK);
    ck_assert_int_eq(kf_track_validate(&t, NULL, NULL), KF_OK);
    return t;
}

static double at(const kf_track *t, double time)
{
    double v;
    kf_track_sample(t, time, &v);
    return v;
}

static double speed_at(const kf_track *t, double time)
{
    double v;
    kf_track_velocity(t, time, &v);
    return v;
}

START_TEST(step_track_holds)
{
    kf_track t = scalar_track(KF_STEP);
    ck_assert_double_eq(at(&t, -1), 1);
    ck_assert_double_eq(at(&t, 0.25), 1);
    ck_assert_double_eq(at(&t, 0.5), 3);     /* a key's own time gives its value */
    ck_assert_double_eq(at(&t, 1.999), 3);
    ck_assert_double_eq(at(&t, 2.0), -2);
    ck_assert_double_eq(at(&t, 5.0), -2);
    ck_assert_double_eq(speed_at(&t, 0.25), 0);
    kf_track_destroy(&t);
}
END_TEST

START_TEST(linear_track_lerps)
{
    kf_track t = scalar_track(KF_LINEAR);
    ck_assert_double_eq_tol(at(&t, 0.25), 2.0, TOL);           /* halfway from 1 to 3 */
    ck_assert_double_eq_tol(at(&t, 1.25), 0.5, TOL);           /* s = 0.75/1.5 = 1/2: (3 - 2)/2 */
    ck_assert_double_eq_tol(at(&t, 1.0), 4.0 / 3.0, TOL);      /* s = 1/3: 3 + (-5)/3 */
    ck_assert_double_eq_tol(speed_at(&t, 1.0), -5.0 / 1.5, TOL);
    ck_assert_double_eq(at(&t, -3), 1);
    ck_assert_double_eq(at(&t, 7), -2);
    ck_assert_double_eq(speed_at(&t, 7), 0);
    kf_track_destroy(&t);
}
END_TEST

START_TEST(cubic_track_scales_tangents_by_the_interval)
{
    kf_track t = scalar_track(KF_CUBICSPLINE);
    /* t = 0.25: t_d = 0.5, s = 1/2: 1/2 + 0.5 (1/8) 2 + 3/2 + 0.5 (-1/8)(-1) = 0.5 + 0.125 + 1.5 + 0.0625 */
    ck_assert_double_eq_tol(at(&t, 0.25), 2.1875, TOL);
    /* t = 1.25: t_d = 1.5, s = 1/2: 3/2 + 1.5 (1/8) 4 + (-2)/2 + 1.5 (-1/8)(0.5) = 1.5 + 0.75 - 1 - 0.09375 */
    ck_assert_double_eq_tol(at(&t, 1.25), 1.15625, TOL);
    /* t = 1.0: s = 1/3: h = (20, 4, 7, -2)/27: (60 + 1.5*4*4 - 14 + 1.5*(-2)*0.5)/27 = 68.5/27 */
    ck_assert_double_eq_tol(at(&t, 1.0), 68.5 / 27.0, TOL);
    /* velocity at t = 0.25: h' = (-3/2, -1/4, 3/2, -1/4), (1/0.5)[-1.5 + 0.5(-1/4)2 + 4.5 + 0.5(-1/4)(-1)] */
    ck_assert_double_eq_tol(speed_at(&t, 0.25), 5.75, TOL);
    ck_assert_double_eq(at(&t, 0.5), 3);
    ck_assert_double_eq(at(&t, -1), 1);
    ck_assert_double_eq(at(&t, 2), -2);
    ck_assert_double_eq(at(&t, 2.5), -2);
    /* the slope leaving the first key is its out-tangent; before it the value is held */
    ck_assert_double_eq_tol(speed_at(&t, 0.0), 2.0, TOL);
    ck_assert_double_eq(speed_at(&t, -0.1), 0.0);
    /* the value's slope leaving key 1 is its out-tangent, arriving at key 1 its in-tangent */
    ck_assert_double_eq_tol(speed_at(&t, 0.5), 4.0, TOL);
    ck_assert_double_eq_tol(speed_at(&t, 0.5 - 1e-9), -1.0, 1e-6);
    kf_track_destroy(&t);
}
END_TEST

START_TEST(one_key_track_is_constant)
{
    double time = 1.5, value[3] = {1, 2, 3}, out[3];
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, KF_LINEAR, KF_VECTOR, 3, 1, &time, value), KF_OK);
    for (double s = -1; s < 4; s += 0.5) {
        kf_track_sample(&t, s, out);
        ck_assert(out[0] == 1 && out[1] == 2 && out[2] == 3);
    }
    kf_track_destroy(&t);
}
END_TEST

START_TEST(non_finite_times_clamp)
{
    kf_track t = scalar_track(KF_CUBICSPLINE);
    ck_assert_double_eq(at(&t, NAN), 1);
    ck_assert_double_eq(at(&t, -INFINITY), 1);
    ck_assert_double_eq(at(&t, INFINITY), -2);
    kf_track_destroy(&t);
}
END_TEST

/* C1 continuity: a CUBICSPLINE track's slope arriving at key k is a_k and leaving it is b_k (both scaled back from
 * the interval), so with a_k = b_k the curve is C1 across keys of different intervals. */
START_TEST(cubic_track_is_c1_when_tangents_match)
{
    enum { N = 2, K = 5 };
    double times[K] = {0, 0.3, 1.0, 1.25, 3.0}, values[K * 3 * N];
    for (size_t i = 0; i < K * N; i++) {
        double tangent = uniform(-4, 4);
        size_t k = i / N, c = i % N;
        values[k * 3 * N + c] = tangent;             /* a_k */
        values[k * 3 * N + N + c] = uniform(-2, 2);  /* v_k */
        values[k * 3 * N + 2 * N + c] = tangent;     /* b_k = a_k */
    }
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, KF_CUBICSPLINE, KF_VECTOR, N, K, times, values), KF_OK);
    const double h = 1e-6;
    for (size_t k = 1; k + 1 < K; k++) {
        double left[N], right[N], at_key[N], before[N], after[N];
        kf_track_velocity(&t, times[k] - 1e-12, left);
        kf_track_velocity(&t, times[k], right);
        kf_track_sample(&t, times[k], at_key);
        kf_track_sample(&t, times[k] - h, before);
        kf_track_sample(&t, times[k] + h, after);
        for (size_t c = 0; c < N; c++) {
            ck_assert_double_eq_tol(at_key[c], values[k * 3 * N + N + c], TOL);
            ck_assert_double_eq_tol(left[c], values[k * 3 * N + c], 1e-9);
            ck_assert_double_eq_tol(right[c], values[k * 3 * N + c], 1e-12);
            /* one-sided difference quotients on both sides agree with the tangent */
            ck_assert_double_eq_tol((at_key[c] - before[c]) / h, values[k * 3 * N + c], 1e-4);
            ck_assert_double_eq_tol((after[c] - at_key[c]) / h, values[k * 3 * N + c], 1e-4);
        }
    }
    /* and it is not C1 when they differ: the slope jumps by b_k - a_k */
    kf_track_out_tangent(&t, 2)[0] += 1.0;
    double left[N], right[N];
    kf_track_velocity(&t, times[2] - 1e-12, left);
    kf_track_velocity(&t, times[2], right);
    ck_assert_double_eq_tol(right[0] - left[0], 1.0, 1e-9);
    ck_assert_double_eq_tol(right[1] - left[1], 0.0, 1e-9);
    kf_track_destroy(&t);
}
END_TEST

/* The velocity of every kind of track matches a central difference of the samples inside a segment. */
START_TEST(velocity_matches_finite_differences)
{
    enum { K = 4 };
    double times[K] = {0, 0.4, 1.5, 2.0};
    double values[K * 12];
    for (size_t i = 0; i < K * 12; i++)
        values[i] = uniform(-1, 1);
    const kf_kind kinds[3] = {KF_VECTOR, KF_QUATERNION, KF_QUATERNION_NLERP};
    for (int interp = KF_LINEAR; interp <= KF_CUBICSPLINE; interp++)
        for (int kind = 0; kind < 3; kind++) {
            kf_track t;
            ck_assert_int_eq(kf_track_init(&t, (kf_interp)interp, kinds[kind], 4, K, times, NULL), KF_OK);
            for (size_t i = 0; i < K * kf_track_stride(&t); i++)
                t.values[i] = values[i];
            for (size_t k = 0; k < K && kinds[kind] != KF_VECTOR; k++) {  /* unit keys for rotations */
                double *q = kf_track_value(&t, k), n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
                for (int c = 0; c < 4; c++)
                    q[c] /= n;
            }
            const double h = 1e-6;
            for (double time = 0.05; time < 2.0; time += 0.1) {
                double v[4], p[4], m[4];
                kf_track_velocity(&t, time, v);
                kf_track_sample(&t, time + h, p);
                kf_track_sample(&t, time - h, m);
                for (int c = 0; c < 4; c++)
                    ck_assert_msg(fabs(v[c] - (p[c] - m[c]) / (2 * h)) < 1e-5, "%s kind %d t=%g c=%d: %g vs %g",
                                  kf_interp_name((kf_interp)interp), kind, time, c, v[c], (p[c] - m[c]) / (2 * h));
            }
            kf_track_destroy(&t);
        }
}
END_TEST

START_TEST(cursor_agrees_with_binary_search)
{
    enum { K = 40 };
    double times[K];
    times[0] = 0.1;
    for (int k = 1; k < K; k++)
        times[k] = times[k - 1] + uniform(0.001, 0.3);
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, KF_LINEAR, KF_VECTOR, 1, K, times, NULL), KF_OK);
    kf_cursor c = KF_CURSOR_INIT;
    /* forward playback at 60 Hz past the end, then backwards, then random jumps */
    for (double s = -0.5; s < times[K - 1] + 1; s += 1.0 / 60)
        ck_assert_uint_eq(kf_cursor_seek(&c, &t, s), kf_track_find(&t, s));
    for (double s = times[K - 1] + 1; s > -1; s -= 0.01)
        ck_assert_uint_eq(kf_cursor_seek(&c, &t, s), kf_track_find(&t, s));
    for (int i = 0; i < 2000; i++) {
        double s = i % 3 ? uniform(-1, times[K - 1] + 1) : times[i % K];
        size_t k = kf_cursor_seek(&c, &t, s);
        ck_assert_uint_eq(k, kf_track_find(&t, s));
        /* and the definition: times[k] <= s < times[k+1] inside the keys */
        if (s > times[0] && s < times[K - 1])
            ck_assert(times[k] <= s && s < times[k + 1]);
    }
    kf_track_destroy(&t);
}
END_TEST

START_TEST(edits_show_at_the_next_sample)
{
    kf_track t = scalar_track(KF_CUBICSPLINE);
    kf_track_value(&t, 1)[0] = 5;        /* was 3 */
    kf_track_out_tangent(&t, 0)[0] = 0;  /* was 2 */
    /* t = 0.25 again, with v_1 = 5, b_0 = 0: 0.5 + 0 + 2.5 + 0.0625 */
    ck_assert_double_eq_tol(at(&t, 0.25), 3.0625, TOL);
    /* moving key 1 to t = 1.0 makes t_d = 1 for the first segment; t = 0.5 is now s = 1/2 of it:
     * 0.5 + 0 + 2.5 + 1 (-1/8)(-1) = 3.125 */
    ck_assert_int_eq(kf_track_set_time(&t, 1, 1.0), KF_OK);
    ck_assert_double_eq_tol(at(&t, 0.5), 3.125, TOL);
    ck_assert_int_eq(kf_track_set_time(&t, 1, 2.0), KF_ERR_ARGS);  /* not before key 2 */
    ck_assert_int_eq(kf_track_set_time(&t, 1, 0.0), KF_ERR_ARGS);  /* not after key 0 */
    ck_assert_int_eq(kf_track_set_time(&t, 1, NAN), KF_ERR_ARGS);
    ck_assert_int_eq(kf_track_set_time(&t, 3, 5.0), KF_ERR_ARGS);  /* no key 3 */
    ck_assert_double_eq(t.times[1], 1.0);
    ck_assert_ptr_null(kf_track_in_tangent(&(kf_track){.interp = KF_LINEAR, .components = 1}, 0));
    kf_track_destroy(&t);
}
END_TEST

START_TEST(validation_finds_bad_keys)
{
    double times[3] = {0, 1, 1}, values[3] = {0, 0, 0};
    kf_track t;
    size_t bad = 99;
    const char *what = "";
    ck_assert_int_eq(kf_track_init(&t, KF_STEP, KF_VECTOR, 1, 3, times, values), KF_OK);
    ck_assert_int_eq(kf_track_validate(&t, &bad, &what), NUMLAB_ERR_INPUT);
    ck_assert_uint_eq(bad, 2);
    ck_assert_str_eq(what, "times");
    t.times[2] = 2, t.values[1] = NAN;
    ck_assert_int_eq(kf_track_validate(&t, &bad, &what), NUMLAB_ERR_INPUT);
    ck_assert_uint_eq(bad, 1);
    ck_assert_str_eq(what, "values");
    ck_assert_int_eq(kf_track_validate(&t, NULL, NULL), NUMLAB_ERR_INPUT);  /* either may be NULL */
    t.values[1] = 0;
    ck_assert_int_eq(kf_track_validate(&t, &bad, &what), NUMLAB_OK);
    ck_assert_ptr_null(what);
    ck_assert_uint_eq(bad, 1);  /* untouched on success */
    kf_track_destroy(&t);
    ck_assert_int_eq(kf_track_init(&t, KF_STEP, KF_QUATERNION, 3, 3, NULL, NULL), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(kf_track_init(&t, KF_STEP, KF_VECTOR, 1, 0, NULL, NULL), KF_ERR_ARGS);
    ck_assert_int_eq(kf_track_init(&t, KF_STEP, KF_VECTOR, (size_t)-1 / 2, 3, NULL, NULL), KF_ERR_ARGS);
}
END_TEST

/* --- quaternions ---------------------------------------------------------------------------------------------- */

static kf_quat random_unit(void)
{
    kf_quat q = {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
    return kf_quat_normalize(q);
}

static kf_quat about_z(double angle)
{
    return (kf_quat){0, 0, sin(angle / 2), cos(angle / 2)};
}

START_TEST(slerp_stays_unit_with_constant_speed)
{
    for (int i = 0; i < 200; i++) {
        kf_quat a = random_unit(), b = random_unit();
        double total = kf_quat_angle_between(a, b);
        for (double s = 0; s <= 1.0; s += 0.125) {
            kf_quat q = kf_quat_slerp(a, b, s);
            ck_assert_double_eq_tol(kf_quat_norm(q), 1.0, 1e-12);
            /* constant angular speed along the short arc: the angle from a is s times the whole angle */
            ck_assert_double_eq_tol(kf_quat_angle_between(a, q), s * total, 1e-9);
        }
    }
}
END_TEST

START_TEST(slerp_takes_the_short_way)
{
    /* From 0 to 350 degrees about z: the short way is -10 degrees, so halfway is -5 degrees, i.e. the quaternion
     * (0, 0, sin(-2.5 deg), cos(-2.5 deg)) up to sign. about_z(350 deg) has w = cos(175 deg) < 0: the dot is < 0. */
    kf_quat a = kf_quat_identity(), b = about_z(350 * DEG);
    ck_assert(kf_quat_dot(a, b) < 0);
    kf_quat half = kf_quat_slerp(a, b, 0.5), expect = about_z(-5 * DEG);
    double sign = kf_quat_dot(half, expect) < 0 ? -1 : 1;
    ck_assert_double_eq_tol(sign * half.z, expect.z, TOL);
    ck_assert_double_eq_tol(sign * half.w, expect.w, TOL);
    ck_assert_double_eq_tol(half.x, 0, TOL);
    ck_assert_double_eq_tol(half.y, 0, TOL);
    /* the same holds for nlerp at the midpoint, and slerp of (a, -b) is the same rotation */
    kf_quat n = kf_quat_nlerp(a, b, 0.5), m = kf_quat_slerp(a, (kf_quat){-b.x, -b.y, -b.z, -b.w}, 0.5);
    ck_assert_double_eq_tol(kf_quat_angle_between(n, expect), 0, 1e-7);
    ck_assert_double_eq_tol(kf_quat_angle_between(m, expect), 0, 1e-7);
    ck_assert_double_eq_tol(kf_quat_angle_between(a, half), 5 * DEG, 1e-12);
}
END_TEST

START_TEST(nlerp_is_not_constant_speed)
{
    /* identity to 120 degrees about z, at s = 1/4. slerp: 30 degrees. nlerp normalizes (3/4)(0,0,0,1) +
     * (1/4)(0,0,sin 60, cos 60): its angle is 2 atan2((1/4) sin 60, 3/4 + (1/4) cos 60) = 2 atan2(0.2165, 0.875),
     * 27.79 degrees. */
    kf_quat a = kf_quat_identity(), b = about_z(120 * DEG);
    double expect_nlerp = 2 * atan2(0.25 * sin(60 * DEG), 0.75 + 0.25 * cos(60 * DEG));
    ck_assert_double_eq_tol(kf_quat_angle(kf_quat_slerp(a, b, 0.25)), 30 * DEG, 1e-12);
    ck_assert_double_eq_tol(kf_quat_angle(kf_quat_nlerp(a, b, 0.25)), expect_nlerp, 1e-12);
    ck_assert(fabs(expect_nlerp - 30 * DEG) > 2 * DEG);
}
END_TEST

START_TEST(slerp_of_nearly_equal_quaternions)
{
    kf_quat a = about_z(1e-12), b = about_z(3e-12), q = kf_quat_slerp(a, b, 0.5);
    ck_assert_double_eq_tol(kf_quat_norm(q), 1, 1e-15);
    ck_assert_double_eq_tol(q.z, sin(1e-12), 1e-20);
    kf_quat same = kf_quat_slerp(a, a, 0.3);
    ck_assert(same.z == a.z && same.w == a.w);
}
END_TEST

START_TEST(rotate_and_axis_angle)
{
    double x[3] = {1, 0, 0}, axis[3] = {0, 0, 2}, out[3];
    kf_quat q = kf_quat_from_axis_angle(axis, 90 * DEG);
    kf_quat_rotate(q, x, out);
    ck_assert_double_eq_tol(out[0], 0, TOL);
    ck_assert_double_eq_tol(out[1], 1, TOL);
    ck_assert_double_eq_tol(out[2], 0, TOL);
    /* two 90 degree turns about z make 180: x -> -x */
    kf_quat_rotate(kf_quat_mul(q, q), x, out);
    ck_assert_double_eq_tol(out[0], -1, TOL);
    ck_assert_double_eq_tol(kf_quat_angle(kf_quat_mul(q, q)), NUMLAB_PI, TOL);
}
END_TEST

START_TEST(product_order_about_different_axes)
{
    /* q*q above commutes; about two different axes the order shows. a = 90 degrees about z, b = 90 about x;
     * a b rotates by b first: x stays x under b, then z takes it to y; y goes to z under b, and z stays. The
     * other order, b a, would take x to y and then to z. */
    const double z_axis[3] = {0, 0, 1}, x_axis[3] = {3, 0, 0}, ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
    const kf_quat a = kf_quat_from_axis_angle(z_axis, 90 * DEG), b = kf_quat_from_axis_angle(x_axis, 90 * DEG);
    double out[3];
    kf_quat_rotate(kf_quat_mul(a, b), ex, out);
    ck_assert_double_eq_tol(out[0], 0, TOL);
    ck_assert_double_eq_tol(out[1], 1, TOL);
    ck_assert_double_eq_tol(out[2], 0, TOL);
    kf_quat_rotate(kf_quat_mul(a, b), ey, out);
    ck_assert_double_eq_tol(out[0], 0, TOL);
    ck_assert_double_eq_tol(out[1], 0, TOL);
    ck_assert_double_eq_tol(out[2], 1, TOL);
    kf_quat_rotate(kf_quat_mul(b, a), ex, out);
    ck_assert_double_eq_tol(out[2], 1, TOL);
    /* by hand, with s = c = sqrt(1/2): a b = (0, 0, s, c)(s, 0, 0, c) = (c s, s s, s c, c c) = (1/2, 1/2, 1/2, 1/2),
     * a rotation by 2 atan2(sqrt(3)/2, 1/2) = 120 degrees */
    const kf_quat ab = kf_quat_mul(a, b);
    ck_assert_double_eq_tol(ab.x, 0.5, TOL);
    ck_assert_double_eq_tol(ab.y, 0.5, TOL);
    ck_assert_double_eq_tol(ab.z, 0.5, TOL);
    ck_assert_double_eq_tol(ab.w, 0.5, TOL);
    ck_assert_double_eq_tol(kf_quat_angle(ab), 120 * DEG, TOL);
}
END_TEST

/* The keyframe tutorial's rotation track (identity to 90 degrees about y, tangents (0,1,0,0) out and (0,-1,0,0) in, one
 * second). glTF: component-wise cubic, then normalize. At s = 1/2, with c = 0.707 as the keyframe tutorial stores it:
 *   p = (1/2)(0,0,0,1) + (1/8)(0,1,0,0) + (1/2)(0,c,0,c) + (-1/8)(0,-1,0,0) = (0, 1/4 + c/2, 0, 1/2 + c/2)
 * normalized; the keyframe tutorial claims slerp would be used, (0, sin 22.5, 0, cos 22.5) for unit keys: a different
 * answer. */
START_TEST(cubic_rotation_normalizes_instead_of_slerping)
{
    const double c = 0.707;
    double times[2] = {0, 1};
    double values[24] = {0, 0, 0, 0, /**/ 0, 0, 0, 1, /**/ 0, 1, 0, 0,
                         0, -1, 0, 0, /**/ 0, c, 0, c, /**/ 0, 0, 0, 0};
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, values), KF_OK);
    double q[4], py = 0.25 + c / 2, pw = 0.5 + c / 2, n = sqrt(py * py + pw * pw);
    kf_track_sample(&t, 0.5, q);
    ck_assert_double_eq_tol(q[0], 0, TOL);
    ck_assert_double_eq_tol(q[1], py / n, TOL);
    ck_assert_double_eq_tol(q[2], 0, TOL);
    ck_assert_double_eq_tol(q[3], pw / n, TOL);
    ck_assert(fabs(q[1] - sin(22.5 * DEG)) > 0.1);
    kf_track_destroy(&t);
}
END_TEST

START_TEST(linear_rotation_track_slerps)
{
    double times[2] = {1, 3};
    kf_quat a = about_z(0), b = about_z(100 * DEG);
    double values[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w}, q[4];
    kf_track t;
    ck_assert_int_eq(kf_track_init(&t, KF_LINEAR, KF_QUATERNION, 4, 2, times, values), KF_OK);
    kf_track_sample(&t, 1.5, q);  /* s = 1/4: 25 degrees */
    ck_assert_double_eq_tol(q[2], sin(12.5 * DEG), TOL);
    ck_assert_double_eq_tol(q[3], cos(12.5 * DEG), TOL);
    t.kind = KF_QUATERNION_NLERP;
    kf_track_sample(&t, 1.5, q);  /* nlerp: 2 atan2(sin 50 / 4, 3/4 + cos 50 / 4) */
    ck_assert_double_eq_tol(2 * atan2(q[2], q[3]), 2 * atan2(sin(50 * DEG) / 4, 0.75 + cos(50 * DEG) / 4), TOL);
    kf_track_destroy(&t);
}
END_TEST

START_TEST(names_round_trip)
{
    for (int i = 0; i < KF_INTERP_COUNT; i++) {
        kf_interp x;
        ck_assert_int_eq(kf_interp_parse(kf_interp_name((kf_interp)i), &x), 0);
        ck_assert_int_eq(x, i);
    }
    for (int i = 0; i < KF_PATH_COUNT; i++) {
        kf_path p;
        ck_assert_int_eq(kf_path_parse(kf_path_name((kf_path)i), &p), 0);
        ck_assert_int_eq(p, i);
    }
    kf_interp x;
    ck_assert_int_eq(kf_interp_parse("linear", &x), -1);  /* glTF names are case-sensitive */
}
END_TEST

static Suite *keyframe_suite(void)
{
    Suite *s = suite_create("keyframe");
    TCase *tc = tcase_create("hermite");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, tutorial_scalar_is_5_875);
    tcase_add_test(tc, tutorial_vector_is_2_5_1_875_0);
    tcase_add_test(tc, basis_end_values_and_slopes);
    tcase_add_test(tc, basis_derivatives_match_finite_differences);
    tcase_add_test(tc, hermite_end_values_and_slopes);
    tcase_add_test(tc, hermite_reproduces_every_cubic);
    suite_add_tcase(s, tc);

    tc = tcase_create("tracks");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, step_track_holds);
    tcase_add_test(tc, linear_track_lerps);
    tcase_add_test(tc, cubic_track_scales_tangents_by_the_interval);
    tcase_add_test(tc, one_key_track_is_constant);
    tcase_add_test(tc, non_finite_times_clamp);
    tcase_add_test(tc, cubic_track_is_c1_when_tangents_match);
    tcase_add_test(tc, velocity_matches_finite_differences);
    tcase_add_test(tc, cursor_agrees_with_binary_search);
    tcase_add_test(tc, edits_show_at_the_next_sample);
    tcase_add_test(tc, validation_finds_bad_keys);
    tcase_add_test(tc, names_round_trip);
    suite_add_tcase(s, tc);

    tc = tcase_create("quaternions");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, slerp_stays_unit_with_constant_speed);
    tcase_add_test(tc, slerp_takes_the_short_way);
    tcase_add_test(tc, nlerp_is_not_constant_speed);
    tcase_add_test(tc, slerp_of_nearly_equal_quaternions);
    tcase_add_test(tc, rotate_and_axis_angle);
    tcase_add_test(tc, product_order_about_different_axes);
    tcase_add_test(tc, cubic_rotation_normalizes_instead_of_slerping);
    tcase_add_test(tc, linear_rotation_track_slerps);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(keyframe_suite());
}
