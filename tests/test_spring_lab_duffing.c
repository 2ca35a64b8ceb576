/* spring-lab's step 14 (labs/spring-lab/walk_duffing.c, model_duffing.c): the hardening spring's text states live
 * values; each is checked here against a reference of the test's own, at the walk's settings (k = 100, m = 1, c = 0,
 * from u = 1 at rest, dt = 0.05, 400 steps):
 *   - w0 dt about rest 0.05 * 10 = 0.5 (semi's limit 2: stable), about the amplitude 0.05 sqrt(100 + 3 k3);
 *   - what semi-implicit Euler does on the spring itself: a plain loop of its two lines with the cubic force;
 *   - the amplitude (the turning point of the energy) and the tangent there;
 *   - backward Euler's Newton iterations a step, at least 1 and at most a few (quadratic). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../labs/spring-lab/lab.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

#define ck_text_has(TEXT, PART) ck_assert_msg(strstr((TEXT), (PART)), "'%s' not in: %s", (PART), (TEXT))

static sl_params walk_params(double k3)
{
    return (sl_params){.spring = {.k = 100.0, .c = 0.0, .m = 1.0, .target = 0.0, .k3 = k3}, .s0 = {1.0, 0.0},
                       .dt = 0.05, .steps = 400, .tol = 1e-12};
}

/* Semi-implicit Euler written out: v += dt a(x); x += dt v; the step (from 1) at which |x| or |v|/w0 passes the
 * runner's divergence bound 1e12 (amplitude 1), or 0 when it stays within it over `steps`. */
static long own_semi(double k3, double dt, long steps)
{
    double x = 1.0, v = 0.0;
    for (long n = 1; n <= steps; n++) {
        v += dt * (-100.0 * x - k3 * x * x * x);
        x += dt * v;
        if (!isfinite(x) || !isfinite(v) || fabs(x) > 1e12 || fabs(v) / 10.0 > 1e12)
            return n;
    }
    return 0;
}

START_TEST(linear_spring_is_bounded)
{
    const sl_params p = walk_params(0.0);
    sl_duffing d;
    ck_assert_int_eq(sl_duffing_compute(&p, &d), 0);
    ck_assert_int_eq(own_semi(0.0, 0.05, 400), 0);
    ck_assert(!d.run[SPRING_SEMI].diverged);
    ck_claim_rel(d.w0dt_rest, 0.5, 1e-15);
    ck_claim_rel(d.w0dt_peak, 0.5, 1e-15);
    ck_assert_int_eq(d.broken, SPRING_METHOD_COUNT);
    char text[1024];
    sl_text_duffing(text, sizeof text, &d);
    ck_text_has(text, "About rest semi's w0 dt is 0.5 (stable); at the amplitude 1, 0.5 (stable)");
    ck_text_has(text, "On the spring itself semi stays bounded.");
}
END_TEST

START_TEST(raised_k3_breaks_the_chart_about_rest)
{
    /* k3 = 400: the tangent at u = 1 is 100 + 1200 = 1300, w dt = 0.05 sqrt(1300) = 1.803 (< 2: even the chart at
     * the amplitude says stable), yet semi diverges: the run is the whole story */
    const sl_params p = walk_params(400.0);
    sl_duffing d;
    ck_assert_int_eq(sl_duffing_compute(&p, &d), 0);
    const long n = own_semi(400.0, 0.05, 400);
    ck_assert_int_gt(n, 0);
    ck_assert(d.run[SPRING_SEMI].diverged);
    ck_assert_uint_eq(d.run[SPRING_SEMI].diverged_step, (size_t)n);
    ck_claim_rel(d.k_peak, 1300.0, 1e-15);
    ck_claim_rel(d.w0dt_peak, 0.05 * sqrt(1300.0), 1e-15);
    ck_claim_rel(d.amplitude, 1.0, 1e-15);  /* at rest at u = 1: the turning point itself */
    ck_assert(d.rest[SPRING_SEMI].stable && d.peak[SPRING_SEMI].stable);
    ck_assert_int_eq(d.broken, SPRING_SEMI);
    char text[1024], want[160];
    sl_text_duffing(text, sizeof text, &d);
    ck_text_has(text, "About rest semi's w0 dt is 0.5 (stable); at the amplitude 1, 1.8 (stable)");
    snprintf(want, sizeof want, "On the spring itself semi diverges at step %ld.", n);
    ck_text_has(text, want);
    /* past w dt = 2 at the amplitude (k3 = 600: 0.05 sqrt(1900) = 2.18) the chart there says unstable too */
    const sl_params q = walk_params(600.0);
    ck_assert_int_eq(sl_duffing_compute(&q, &d), 0);
    sl_text_duffing(text, sizeof text, &d);
    ck_text_has(text, "at the amplitude 1, 2.18 (unstable)");
}
END_TEST

START_TEST(backward_euler_newton_counted)
{
    /* backward Euler needs Newton on the spring: every step solved, a handful of iterations each (quadratic) */
    const sl_params p = walk_params(400.0);
    sl_duffing d;
    ck_assert_int_eq(sl_duffing_compute(&p, &d), 0);
    const spring_newton *nw = &d.newton[SPRING_BACKWARD_EULER];
    ck_assert_uint_eq(nw->solves, 400);
    ck_assert_uint_ge(nw->iterations, 2 * 400);
    ck_assert_uint_le(nw->most, 8);
    ck_assert(!d.run[SPRING_BACKWARD_EULER].diverged);
    ck_assert_double_le(d.energy_ratio[SPRING_BACKWARD_EULER], 1.0);  /* it never gains energy (convex potential) */
}
END_TEST

START_TEST(model_errors_against_the_reference)
{
    /* with k3 > 0 the errors are against rk8pd at 1e-13: the reference (fine's every 8th point) is spring_reference
     * at dt, and each error is RK4's distance from it */
    sl_params p = walk_params(100.0);
    p.methods[SPRING_RK4] = true;
    sl_result r = {0};
    ck_assert_int_eq(sl_model_compute(&p, &r), 0);
    ck_assert_uint_eq(r.count[SPRING_RK4], 401);
    spring_state ref[401];
    ck_assert_int_eq(spring_reference(&p.spring, p.s0, p.dt, 401, ref), 0);
    for (size_t i = 0; i < 401; i += 50) {
        ck_assert_double_eq_tol(r.fine[i * SL_EXACT_FINE].x, ref[i].x, 1e-9);
        ck_assert_double_eq_tol(r.error[SPRING_RK4][2 * i + 1], fabs(r.samples[SPRING_RK4][i].x - ref[i].x), 1e-9);
    }
    sl_result_free(&r);
    /* exact asked for (the walk's toggle) with k3 > 0: not run, not an error */
    p.methods[SPRING_EXACT] = true;
    ck_assert_int_eq(sl_model_compute(&p, &r), 0);
    ck_assert_uint_eq(r.count[SPRING_EXACT], 0);
    ck_assert_uint_eq(r.count[SPRING_RK4], 401);
    sl_result_free(&r);
}
END_TEST

static Suite *duffing_walk_suite(void)
{
    Suite *s = suite_create("spring_lab_duffing");
    TCase *tc = tcase_create("step13");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, linear_spring_is_bounded);
    tcase_add_test(tc, raised_k3_breaks_the_chart_about_rest);
    tcase_add_test(tc, backward_euler_newton_counted);
    tcase_add_test(tc, model_errors_against_the_reference);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(duffing_walk_suite());
}
