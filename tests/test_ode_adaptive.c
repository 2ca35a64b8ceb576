/* ode_adaptive: Dormand-Prince 5(4) against the closed-form spring and GSL's rk8pd, its orders measured, the
 * controllers against hand calculations, FSAL's evaluations and the rejected steps counted. */
#include <check.h>
#include <math.h>

#include "numlab/ode_adaptive.h"
#include "numlab/spring.h"
#include "helpers/check_main.h"

START_TEST(tableau_conditions)
{
    /* HNW I, II.5: each row of a sums to its c (the stages are consistent), b sums to 1 (order 1), sum b_i c_i = 1/2,
     * sum b_i c_i^4 = 1/5 (two of the fifth-order conditions), and e = b - bhat sums to 0 (bhat is a method too) */
    double bc = 0.0, bc4 = 0.0, sum_b = 0.0, sum_e = 0.0;
    for (int i = 0; i < 7; i++) {
        double row = 0.0;
        for (int j = 0; j < i; j++)
            row += ode_dopri5_a[i][j];
        ck_assert_msg(fabs(row - ode_dopri5_c[i]) < 1e-15, "row %d: %.17g, c %.17g", i, row, ode_dopri5_c[i]);
        sum_b += ode_dopri5_b[i], sum_e += ode_dopri5_e[i];
        bc += ode_dopri5_b[i] * ode_dopri5_c[i], bc4 += ode_dopri5_b[i] * pow(ode_dopri5_c[i], 4);
    }
    ck_assert_double_eq_tol(sum_b, 1.0, 1e-15);
    ck_assert_double_eq_tol(bc, 0.5, 1e-15);
    ck_assert_double_eq_tol(bc4, 0.2, 1e-15);
    ck_assert_double_eq_tol(sum_e, 0.0, 1e-16);
    /* FSAL: the fifth-order weights are the last stage's row */
    for (int j = 0; j < 6; j++)
        ck_assert_double_eq(ode_dopri5_b[j], ode_dopri5_a[6][j]);
    ck_assert_double_eq(ode_dopri5_b[6], 0.0);
}
END_TEST

START_TEST(controller_by_hand)
{
    const ode_controller std = ode_controller_default(ODE_CONTROLLER_STANDARD);
    const ode_controller pi = ode_controller_default(ODE_CONTROLLER_PI);
    /* standard, err 0.5: 0.9 * 0.5^(-1/5) = 0.9 * 1.148698355 = 1.0338285195 */
    ck_assert_double_eq_tol(ode_controller_factor(&std, 0.5, 1e-4, false), 1.0338285194973316, 1e-15);
    /* PI, err 0.5 after 0.25: 0.9 * 0.5^(-0.14) * 0.25^0.08 = 0.9 * 1.1015 * 0.8950 = 0.88761 (the error grew: cut) */
    ck_assert_double_eq_tol(ode_controller_factor(&pi, 0.5, 0.25, false), 0.8876094340440233, 1e-15);
    /* rejected, err 2: 0.9 * 2^(-1/5) = 0.78350, the PI too (its memory is of accepted steps) */
    ck_assert_double_eq_tol(ode_controller_factor(&std, 2.0, 1e-4, false), 0.7834955069665117, 1e-15);
    ck_assert_double_eq_tol(ode_controller_factor(&pi, 2.0, 0.25, false), 0.7834955069665117, 1e-15);
    /* err 0.01: 0.9 * 100^(1/5) = 2.2607, but 1 right after a rejection */
    ck_assert_double_eq_tol(ode_controller_factor(&std, 0.01, 1e-4, false), 2.2606977883586223, 1e-15);
    ck_assert_double_eq(ode_controller_factor(&std, 0.01, 1e-4, true), 1.0);
    /* the bounds: facmax 10 for a tiny error (and 0), facmin 0.2 for a huge one */
    ck_assert_double_eq(ode_controller_factor(&std, 1e-12, 1e-4, false), 10.0);
    ck_assert_double_eq(ode_controller_factor(&pi, 0.0, 1e-4, false), 10.0);
    ck_assert_double_eq(ode_controller_factor(&std, 1e6, 1e-4, false), 0.2);
    ck_assert_str_eq(ode_controller_name(ODE_CONTROLLER_PI), "pi");
    ode_controller_kind k;
    ck_assert_int_eq(ode_controller_parse("standard", &k), 0);
    ck_assert_int_eq(k, ODE_CONTROLLER_STANDARD);
    ck_assert_int_eq(ode_controller_parse("p", &k), -1);
}
END_TEST

/* The undamped spring of w0 = 1 from (1, 0): x = cos t, v = -sin t. */
static const spring_params unit = {.k = 1.0, .c = 0.0, .m = 1.0, .target = 0.0};

START_TEST(local_orders_measured)
{
    /* One step of h from the exact state at t = 0.3 on the damped spring k = 8, c = 2, m = 2: y5's local error
     * against the closed form falls as h^6 (a fifth-order method), the estimate |y5 - y4| as h^5. Slopes of log e
     * against log h over h = 0.2 .. 0.025. */
    const spring_params p = {.k = 8.0, .c = 2.0, .m = 2.0, .target = 0.0};
    const ode_system sys = spring_system(&p);
    const spring_state s0 = {1.0, 0.5}, s = spring_exact(&p, s0, 0.3);
    double hs[4], local[4], estimate[4];
    for (int i = 0; i < 4; i++) {
        ode_dopri5 d;
        ck_assert_int_eq(ode_dopri5_init(&d, 2, 1.0, 0.0, NULL), 0);  /* atol 1: err is the plain RMS */
        const double y[2] = {s.x, s.v};
        double out[2], err;
        hs[i] = 0.2 / pow(2.0, i);
        ck_assert_int_eq(ode_dopri5_try(&d, &sys, 0.3, hs[i], y, out, &err), 0);
        const spring_state e = spring_exact(&p, s0, 0.3 + hs[i]);
        local[i] = hypot(out[0] - e.x, out[1] - e.v);
        estimate[i] = err;
        ode_dopri5_destroy(&d);
    }
    const double order_y5 = spring_loglog_slope(hs, local, 4), order_est = spring_loglog_slope(hs, estimate, 4);
    ck_assert_msg(fabs(order_y5 - 6.0) < 0.2, "y5's local error slope %.3f", order_y5);
    ck_assert_msg(fabs(order_est - 5.0) < 0.2, "the estimate's slope %.3f", order_est);
}
END_TEST

/* dopri5 at tol from (x0, v0) to t1; returns |x - x_exact| and the evaluations, accepted and rejected steps. */
static double spring_error_at_tol(const spring_params *p, spring_state s0, double t1, double tol,
                                  ode_controller_kind kind, ode_dopri5 *out)
{
    const ode_system sys = spring_system(p);
    const ode_controller c = ode_controller_default(kind);
    ck_assert_int_eq(ode_dopri5_init(out, 2, tol, tol, &c), 0);
    double y[2] = {s0.x, s0.v}, t = 0.0;
    ck_assert_int_eq(ode_dopri5_advance(out, &sys, &t, t1, y), 0);
    ck_assert_double_eq(t, t1);
    return fabs(y[0] - spring_exact(p, s0, t1).x);
}

START_TEST(global_error_follows_tol)
{
    /* 3 s of the spring k = 100, c = 2 (10 periods of decay): the error at the end is within a decade or two of
     * tol, and falls as tol (slope ~1 of log e against log tol), with either controller */
    const spring_params p = {.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0};
    for (int kind = 0; kind < ODE_CONTROLLER_COUNT; kind++) {
        double tol[5], err[5];
        for (int i = 0; i < 5; i++) {
            ode_dopri5 d;
            tol[i] = pow(10.0, -4 - 1.5 * i);
            err[i] = spring_error_at_tol(&p, (spring_state){1.0, 0.0}, 3.0, tol[i], kind, &d);
            ck_assert_msg(err[i] < 100.0 * tol[i], "tol %g: error %g", tol[i], err[i]);
            /* FSAL: the starting step's 2 evaluations, then 6 an attempt */
            ck_assert_uint_eq(d.rhs_evals, 2 + 6 * (d.accepted + d.rejected));
            ode_dopri5_destroy(&d);
        }
        const double slope = spring_loglog_slope(tol, err, 5);
        ck_assert_msg(slope > 0.8 && slope < 1.2, "%s: slope %.3f", ode_controller_name(kind), slope);
    }
}
END_TEST

/* The pendulum theta'' = -sin theta, y = [theta, omega]: nonlinear, no closed form to compare with. */
static int pendulum(double t, const double *y, double *dydt, void *params)
{
    (void)t, (void)params;
    dydt[0] = y[1];
    dydt[1] = -sin(y[0]);
    return 0;
}

START_TEST(against_gsl_rk8pd)
{
    /* a swing of 2.5 rad for 20 s: dopri5 at 1e-11 and GSL's rk8pd at 1e-13 agree to 1e-8 */
    const ode_system sys = {.dim = 2, .rhs = pendulum};
    ode_gsl *g = ode_gsl_new(ODE_GSL_RK8PD, &sys, 1e-3, 1e-13);
    ck_assert_ptr_nonnull(g);
    double ref[2] = {2.5, 0.0}, tg = 0.0;
    ck_assert_int_eq(ode_gsl_advance(g, &tg, 20.0, ref), 0);
    ode_gsl_free(g);
    ode_dopri5 d;
    ck_assert_int_eq(ode_dopri5_init(&d, 2, 1e-11, 1e-11, NULL), 0);
    double y[2] = {2.5, 0.0}, t = 0.0;
    ck_assert_int_eq(ode_dopri5_advance(&d, &sys, &t, 20.0, y), 0);
    ck_assert_msg(fabs(y[0] - ref[0]) < 1e-8 && fabs(y[1] - ref[1]) < 1e-8, "dopri5 (%.17g, %.17g), rk8pd (%.17g, %.17g)",
                  y[0], y[1], ref[0], ref[1]);
    ode_dopri5_destroy(&d);
    /* and on the closed-form spring at 1e-13: within 1e-11 of cos t after 10 s */
    ck_assert_double_lt(spring_error_at_tol(&unit, (spring_state){1.0, 0.0}, 10.0, 1e-13, ODE_CONTROLLER_PI, &d),
                        1e-11);
    ode_dopri5_destroy(&d);
}
END_TEST

START_TEST(rejected_steps_counted)
{
    /* A first step of 1 s on a spring of w0 = 10 at tol 1e-8 is far too long: its error is ~1e7 x the tolerance, so
     * it is rejected and cut by facmin (0.2) until one fits; each attempt costs 6 evaluations, the first also k1:
     * 1 + 6 (accepted + rejected) */
    const spring_params p = {.k = 100.0, .c = 0.0, .m = 1.0, .target = 0.0};
    const ode_system sys = spring_system(&p);
    ode_dopri5 d;
    ck_assert_int_eq(ode_dopri5_init(&d, 2, 1e-8, 1e-8, NULL), 0);
    d.h = 1.0;
    double y[2] = {1.0, 0.0}, t = 0.0;
    ck_assert_int_eq(ode_dopri5_step(&d, &sys, &t, y, 10.0), 0);
    ck_assert_uint_eq(d.accepted, 1);
    ck_assert_uint_ge(d.rejected, 3);  /* 1, 0.2, 0.04 all err > 1 at w0 h >= 0.4 */
    ck_assert_uint_eq(d.rhs_evals, 1 + 6 * (d.accepted + d.rejected));
    ck_assert_double_lt(d.last_h, 1.0 * pow(0.2, 3) + 1e-15);
    ck_assert_double_eq(t, d.last_h);
    ck_assert(d.last_err <= 1.0);
    /* FSAL: ten more accepted steps from here cost 6 a step when none is rejected */
    const unsigned long evals = d.rhs_evals, rejected = d.rejected;
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(ode_dopri5_step(&d, &sys, &t, y, 10.0), 0);
    ck_assert_uint_eq(d.rhs_evals - evals, 6 * (10 + (d.rejected - rejected)));
    /* the state is the closed form's, to the tolerance */
    ck_assert_double_lt(fabs(y[0] - cos(10.0 * t)), 1e-7);
    ode_dopri5_destroy(&d);
}
END_TEST

START_TEST(row_and_bad_input)
{
    const ode_method_info *row = ode_adaptive_about(ODE_ADAPTIVE_DOPRI5);
    ck_assert_str_eq(row->name, "dopri5");
    ck_assert(row->adaptive && !row->implicit && !row->mode_matrix && isnan(row->undamped_limit));
    ck_assert_int_eq(row->evals, 6);
    ck_assert_ptr_null(ode_adaptive_about(ODE_ADAPTIVE_COUNT));
    ode_dopri5 d;
    ck_assert_int_eq(ode_dopri5_init(&d, 2, 0.0, 0.0, NULL), -1);
    ck_assert_int_eq(ode_dopri5_init(&d, 0, 1e-6, 1e-6, NULL), -1);
    ck_assert_int_eq(ode_dopri5_init(&d, 2, -1.0, 1e-6, NULL), -1);
    /* the starting step on x' = v, v' = -x from (1, 0), atol = rtol = 1e-6: sc = (2e-6, 1e-6); d0 = |y|/sc RMS =
     * sqrt((0.5^2 + 0) / 2) 1e6 = 3.5355e5, d1 = |f| = (0, -1) -> sqrt(1/2) 1e6 = 7.0711e5, h0 = 0.01 d0/d1 = 0.005;
     * f1 - f0 = (-0.005, 0): d2 = sqrt((0.005/2e-6)^2 / 2) / 0.005 = 3.5355e5; h1 = (0.01 / 7.0711e5)^(1/5) =
     * 0.025969; min(100 h0 = 0.5, h1) = 0.025969 */
    const ode_system sys = spring_system(&unit);
    ck_assert_int_eq(ode_dopri5_init(&d, 2, 1e-6, 1e-6, NULL), 0);
    const double y[2] = {1.0, 0.0};
    ck_assert_double_eq_tol(ode_dopri5_initial_step(&d, &sys, 0.0, y), pow(0.01 / (sqrt(0.5) * 1e6), 0.2), 1e-15);
    ck_assert_uint_eq(d.rhs_evals, 2);
    ode_dopri5_destroy(&d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ode_adaptive");
    TCase *tc = tcase_create("dopri5");
    tcase_add_test(tc, tableau_conditions);
    tcase_add_test(tc, controller_by_hand);
    tcase_add_test(tc, local_orders_measured);
    tcase_add_test(tc, global_error_follows_tol);
    tcase_add_test(tc, against_gsl_rk8pd);
    tcase_add_test(tc, rejected_steps_counted);
    tcase_add_test(tc, row_and_bad_input);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
