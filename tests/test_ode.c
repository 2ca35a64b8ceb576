/* ode: the generic steppers on an N-dimensional system, against closed forms and GSL. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/ode.h"
#include "helpers/check_main.h"

/* Two uncoupled undamped oscillators, y = [x1, x2, v1, v2], w = (1, 3): x_i = cos(w_i t) from x = 1, v = 0. */
static int two_oscillators(double t, const double *y, double *dydt, void *params)
{
    (void)t, (void)params;
    dydt[0] = y[2];
    dydt[1] = y[3];
    dydt[2] = -1.0 * y[0];
    dydt[3] = -9.0 * y[1];
    return 0;
}

static int two_oscillators_jac(double t, const double *y, double *J, double *dfdt, void *params)
{
    (void)t, (void)y, (void)params, (void)dfdt;
    for (int i = 0; i < 16; i++)
        J[i] = 0.0;
    J[0 * 4 + 2] = 1.0;
    J[1 * 4 + 3] = 1.0;
    J[2 * 4 + 0] = -1.0;
    J[3 * 4 + 1] = -9.0;
    return 0;
}

static const ode_system osc = {.dim = 4, .rhs = two_oscillators, .jac = two_oscillators_jac};

static double error_at_1(ode_method method, double h)
{
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, method, 4), 0);
    double y[4] = {1, 1, 0, 0};
    int n = (int)lround(1.0 / h);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(ode_stepper_apply(&st, &osc, i * h, h, y), 0);
    ode_stepper_destroy(&st);
    return fmax(fabs(y[0] - cos(1.0)), fabs(y[1] - cos(3.0)));
}

START_TEST(rk4_is_fourth_order_in_4d)
{
    /* halving h divides the error by 2^4 = 16 (the w = 3 component leaves the pre-asymptotic range only below
     * h = 0.005: measured ratios 20, 18.4, 17.3, 16.7 from h = 0.04 down) */
    double order = log2(error_at_1(ODE_RK4, 0.0025) / error_at_1(ODE_RK4, 0.00125));
    ck_assert_double_eq_tol(order, 4.0, 0.1);
}
END_TEST

START_TEST(euler_methods_first_order_in_4d)
{
    double r1 = error_at_1(ODE_EXPLICIT_EULER, 0.001) / error_at_1(ODE_EXPLICIT_EULER, 0.0005);
    double r2 = error_at_1(ODE_SEMI_IMPLICIT, 0.001) / error_at_1(ODE_SEMI_IMPLICIT, 0.0005);
    ck_assert_double_eq_tol(r1, 2.0, 0.1);
    ck_assert_double_eq_tol(r2, 2.0, 0.1);
}
END_TEST

START_TEST(semi_implicit_uses_new_velocity)
{
    /* one step of h = 0.1 from x = (1, 1), v = 0: v = -h w^2 x = (-0.1, -0.9), x = 1 + h v = (0.99, 0.91) */
    ode_stepper st;
    ode_stepper_init(&st, ODE_SEMI_IMPLICIT, 4);
    double y[4] = {1, 1, 0, 0};
    ode_stepper_apply(&st, &osc, 0.0, 0.1, y);
    ck_assert_double_eq_tol(y[2], -0.1, 1e-15);
    ck_assert_double_eq_tol(y[3], -0.9, 1e-15);
    ck_assert_double_eq_tol(y[0], 0.99, 1e-15);
    ck_assert_double_eq_tol(y[1], 0.91, 1e-15);
    ode_stepper_destroy(&st);
}
END_TEST

START_TEST(init_rejects_bad_dims)
{
    ode_stepper st;
    ck_assert_int_ne(ode_stepper_init(&st, ODE_RK4, 0), 0);
    ck_assert_int_ne(ode_stepper_init(&st, ODE_SEMI_IMPLICIT, 3), 0);
    ck_assert_int_ne(ode_stepper_init(&st, ODE_METHOD_COUNT, 2), 0);
    ode_stepper_destroy(&st);
}
END_TEST

static int failing_rhs(double t, const double *y, double *dydt, void *params)
{
    (void)t, (void)y, (void)dydt, (void)params;
    return 7;
}

START_TEST(rhs_failure_propagates)
{
    const ode_system bad = {.dim = 2, .rhs = failing_rhs};
    double y[2] = {1, 2};
    for (int m = 0; m < ODE_METHOD_COUNT; m++) {
        ode_stepper st;
        ode_stepper_init(&st, (ode_method)m, 2);
        ck_assert_int_eq(ode_stepper_apply(&st, &bad, 0, 0.1, y), 7);
        ode_stepper_destroy(&st);
    }
    ode_gsl *g = ode_gsl_new(ODE_GSL_RK8PD, &bad, 0.1, 1e-10);
    double t = 0;
    ck_assert_int_ne(ode_gsl_advance(g, &t, 1.0, y), 0);
    ode_gsl_free(g);
}
END_TEST

START_TEST(diverged_detection)
{
    double ok[3] = {1, -1e5, 0}, big[3] = {1, -1e13, 0}, nan_[3] = {1, NAN, 0}, inf_[3] = {INFINITY, 0, 0};
    ck_assert(!ode_state_diverged(ok, 3, 1e12));
    ck_assert(ode_state_diverged(big, 3, 1e12));
    ck_assert(ode_state_diverged(nan_, 3, 1e12));
    ck_assert(ode_state_diverged(inf_, 3, 1e12));
}
END_TEST

START_TEST(gsl_kinds_reach_t1_accurately)
{
    for (int k = 0; k < ODE_GSL_COUNT; k++) {
        ode_gsl *g = ode_gsl_new((ode_gsl_kind)k, &osc, 0.001, 1e-12);
        ck_assert_ptr_nonnull(g);
        double y[4] = {1, 1, 0, 0}, t = 0.0;
        ck_assert_int_eq(ode_gsl_advance(g, &t, 1.0, y), 0);
        ck_assert_double_eq(t, 1.0);
        double tol = k == ODE_GSL_MSBDF ? 1e-8 : 1e-10;
        ck_assert_double_eq_tol(y[0], cos(1.0), tol);
        ck_assert_double_eq_tol(y[1], cos(3.0), tol);
        ck_assert_uint_gt(ode_gsl_rhs_evals(g), 0);
        ode_gsl_free(g);
    }
    /* msbdf needs the Jacobian */
    const ode_system nojac = {.dim = 4, .rhs = two_oscillators};
    ck_assert_ptr_null(ode_gsl_new(ODE_GSL_MSBDF, &nojac, 0.01, 1e-10));
    ck_assert_str_eq(ode_gsl_name(ODE_GSL_RK8PD), "gsl-rk8pd");
}
END_TEST

START_TEST(gsl_rk4_fixed_counts_evaluations)
{
    /* 100 steps of GSL's rk4 with no control: each step is a full step plus two half steps. GSL reuses dydt_in
     * across the three, so the count is between 9 and 12 evaluations a step. */
    ode_gsl *g = ode_gsl_new(ODE_GSL_RK4, &osc, 0.01, 0);
    double y[4] = {1, 1, 0, 0}, t = 0.0;
    ode_gsl_advance(g, &t, 1.0, y);
    unsigned long evals = ode_gsl_rhs_evals(g);
    ck_assert_uint_ge(evals, 900);
    ck_assert_uint_le(evals, 1200 + 1);
    ode_gsl_free(g);
}
END_TEST

/* y' = -y: GSL's rk4 at h = 0.3 to t1 = 1.0 takes three whole steps and a last one of 0.1, which must land on t1.
 * Each GSL rk4 step of h is two classical RK4 steps of h/2, and a classical step of k on y' = -y multiplies y by
 * R(-k), R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24. So y(1) = R(-0.15)^6 R(-0.05)^2 (by hand: 0.3678794...). */
static int decay(double t, const double *y, double *dydt, void *params)
{
    (void)t, (void)params;
    dydt[0] = -y[0];
    return 0;
}

static double rk4_factor(double z)
{
    return 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
}

START_TEST(gsl_rk4_lands_on_t1_with_a_partial_step)
{
    const ode_system sys = {.dim = 1, .rhs = decay};
    ode_gsl *g = ode_gsl_new(ODE_GSL_RK4, &sys, 0.3, 0);
    ck_assert_ptr_nonnull(g);
    double y = 1.0, t = 0.0;
    ck_assert_int_eq(ode_gsl_advance(g, &t, 1.0, &y), 0);
    ck_assert_double_eq(t, 1.0);
    const double expect = pow(rk4_factor(-0.15), 6) * pow(rk4_factor(-0.05), 2);
    ck_assert_msg(fabs(y - expect) <= 1e-15, "y(1) = %.17g, expected %.17g", y, expect);
    ck_assert_double_eq_tol(y, exp(-1.0), 1e-5);  /* and that is e^-1 to RK4's accuracy at h/2 = 0.15 */
    /* on from 1.0 to 1.6: two whole steps, nothing partial */
    ck_assert_int_eq(ode_gsl_advance(g, &t, 1.6, &y), 0);
    ck_assert_double_eq(t, 1.6);
    ck_assert_msg(fabs(y - expect * pow(rk4_factor(-0.15), 4)) <= 1e-15, "y(1.6) = %.17g", y);
    ode_gsl_free(g);
}
END_TEST

/* A right-hand side that depends on t, so that each stage's time matters (every other system here is
 * autonomous, where a wrong stage time cannot show): x' = v, v' = 12 t^2, from t0 = 0.5 (not 0), h = 0.3. */
static int forced(double t, const double *y, double *dydt, void *params)
{
    (void)params;
    dydt[0] = y[1];
    dydt[1] = 12.0 * t * t;
    return 0;
}

/* One step of `method` on `forced` from the exact state at t0 (x = t0^4, v = 4 t0^3) into y. */
static void forced_step(ode_method method, double t0, double h, double y[2])
{
    const ode_system sys = {.dim = 2, .rhs = forced};
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, method, 2), 0);
    y[0] = pow(t0, 4), y[1] = 4.0 * pow(t0, 3);
    ck_assert_int_eq(ode_stepper_apply(&st, &sys, t0, h, y), 0);
    ode_stepper_destroy(&st);
}

START_TEST(steppers_use_the_stage_times)
{
    const double t0 = 0.5, h = 0.3;
    /* Exact: v = 4 t^3 + C, x = t^4 + C t + D. From x = t0^4, v = 4 t0^3 (C = D = 0): at 0.8, x = 0.4096 and
     * v = 2.048. One RK4 step on this system is v1 = v0 + h/6 (f(t0) + 4 f(t0 + h/2) + f(t0 + h)) (Simpson: exact
     * for a quadratic f) and x1 = x0 + h v0 + h^2/6 (f(t0) + 2 f(t0 + h/2)), which integrates (t1 - s) f(s) exactly
     * for a quadratic f too (moments h^2/2, h^3/6, h^4/12 of 1, s, s^2 on [0, h]): both land on the exact values.
     * By hand: x1 = 0.0625 + 0.15 + 0.015 (3 + 2 * 5.07) = 0.4096. */
    double y[2];
    forced_step(ODE_RK4, t0, h, y);
    ck_assert_double_eq_tol(y[1], 2.048, 1e-14);
    ck_assert_double_eq_tol(y[0], 0.4096, 1e-14);
    /* explicit Euler uses f(t0): v = 0.5 + 0.3 * 3 = 1.4, x = 0.0625 + 0.3 * 0.5 = 0.2125 */
    forced_step(ODE_EXPLICIT_EULER, t0, h, y);
    ck_assert_double_eq_tol(y[1], 1.4, 1e-15);
    ck_assert_double_eq_tol(y[0], 0.2125, 1e-15);
    /* semi-implicit: v = 1.4 as above, x = 0.0625 + 0.3 * 1.4 = 0.4825 */
    forced_step(ODE_SEMI_IMPLICIT, t0, h, y);
    ck_assert_double_eq_tol(y[1], 1.4, 1e-15);
    ck_assert_double_eq_tol(y[0], 0.4825, 1e-15);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ode");
    TCase *tc = tcase_create("steppers");
    tcase_add_test(tc, rk4_is_fourth_order_in_4d);
    tcase_add_test(tc, euler_methods_first_order_in_4d);
    tcase_add_test(tc, semi_implicit_uses_new_velocity);
    tcase_add_test(tc, init_rejects_bad_dims);
    tcase_add_test(tc, rhs_failure_propagates);
    tcase_add_test(tc, diverged_detection);
    tcase_add_test(tc, steppers_use_the_stage_times);
    suite_add_tcase(s, tc);
    TCase *gsl = tcase_create("gsl");
    tcase_add_test(gsl, gsl_kinds_reach_t1_accurately);
    tcase_add_test(gsl, gsl_rk4_fixed_counts_evaluations);
    tcase_add_test(gsl, gsl_rk4_lands_on_t1_with_a_partial_step);
    suite_add_tcase(s, gsl);
    return run_suite(s);
}
