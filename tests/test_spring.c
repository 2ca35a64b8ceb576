/* spring: the spring article's published numbers, the closed form against GSL's rk8pd, orders of convergence, the
 * amplification matrices and stability limits against their closed forms. */
#include <check.h>
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/common.h"
#include "numlab/spring.h"
#include "helpers/check_main.h"

/* The spring article: omega0 = 40 rad/s (k = 1600, m = 1), undamped, from x = 1. */
static const spring_params seed_spring = {.k = 1600.0, .c = 0.0, .m = 1.0, .target = 0.0};

START_TEST(seed_explicit_explodes)
{
    /* "40 pasos de 20 ms ... -5590.544 partiendo de 1" */
    spring_state s = {1.0, 0.0};
    for (int i = 0; i < 40; i++)
        s = spring_step_explicit(&seed_spring, s, 0.02);
    ck_assert_double_eq_tol(s.x, -5590.544, 5e-4);
}
END_TEST

START_TEST(seed_table_40ms)
{
    /* The spring article's table: step i, explicit x, semi-implicit x, printed to 2 decimals. */
    static const double table[10][2] = {
        {1.00, -1.56}, {-1.56, -0.13}, {-6.68, 1.63}, {-7.81, -0.79}, {8.17, -1.19},
        {44.13, 1.45}, {59.18, 0.38}, {-38.74, -1.66}, {-288.15, 0.56}, {-438.38, 1.35},
    };
    spring_state ex = {1.0, 0.0}, si = {1.0, 0.0};
    for (int i = 0; i < 10; i++) {
        ex = spring_step_explicit(&seed_spring, ex, 0.04);
        si = spring_step_semi(&seed_spring, si, 0.04);
        ck_assert_double_eq_tol(ex.x, table[i][0], 0.005 + 1e-9);
        ck_assert_double_eq_tol(si.x, table[i][1], 0.005 + 1e-9);
    }
}
END_TEST

START_TEST(semi_marginal_at_two)
{
    /* At w0 dt = 2 a double eigenvalue -1: x_n = (-1)^n (1 + 2n), so max |x| over 1000 steps is 2001. */
    spring_state s = {1.0, 0.0};
    double max_x = 1.0;
    for (int i = 0; i < 1000; i++) {
        s = spring_step_semi(&seed_spring, s, 2.0 / 40.0);
        max_x = fmax(max_x, fabs(s.x));
    }
    ck_assert_double_eq_tol(max_x, 2001.0, 2001.0 * 1e-3);
}
END_TEST

START_TEST(semi_bounded_at_196)
{
    /* Below 2 the modified energy H = v^2/2 + w^2 x^2/2 - (h w^2/2) x v is conserved; from (1, 0) the ellipse
     * H = w^2/2 reaches |x| = 1/sqrt(1 - y^2/4) at most (maximise x on the quadratic form): 5.025 at y = 1.96. */
    const double y = 1.96, bound = 1.0 / sqrt(1.0 - y * y / 4.0);
    spring_state s = {1.0, 0.0};
    double max_x = 1.0;
    for (int i = 0; i < 1000; i++) {
        s = spring_step_semi(&seed_spring, s, y / 40.0);
        max_x = fmax(max_x, fabs(s.x));
    }
    ck_assert_double_le(max_x, bound * (1.0 + 1e-9));
    ck_assert_double_ge(max_x, 0.95 * bound);  /* the iterates do sweep the ellipse */
}
END_TEST

/* The three regimes, the boundary and its neighbourhood, and the undamped spring. */
static const spring_params regimes[] = {
    {.k = 4.0, .c = 0.4, .m = 1.0, .target = 0.5},                 /* under-damped, zeta 0.1 */
    {.k = 4.0, .c = 4.0, .m = 1.0, .target = 0.5},                 /* critical, zeta 1 */
    {.k = 4.0, .c = 4.0 * (1.0 - 1e-9), .m = 1.0, .target = 0.5},  /* just under critical */
    {.k = 4.0, .c = 4.0 * (1.0 + 1e-9), .m = 1.0, .target = 0.5},  /* just over critical */
    {.k = 4.0, .c = 20.0, .m = 1.0, .target = 0.5},                /* over-damped, zeta 5 */
    {.k = 4.0, .c = 0.0, .m = 1.0, .target = 0.5},                 /* undamped */
    {.k = 200.0, .c = 20.0, .m = 1.0, .target = 300.0},            /* the spring article's production spring */
};
#define N_REGIMES (int)(sizeof regimes / sizeof regimes[0])

START_TEST(closed_form_matches_rk8pd)
{
    const spring_params *p = &regimes[_i];
    const spring_state s0 = {-1.0, 2.5};
    const double dt = 0.01;
    const size_t steps = 300;
    spring_sample *out = malloc((steps + 1) * sizeof *out);
    spring_run run;
    ck_assert_int_eq(spring_simulate(p, SPRING_GSL_RK8PD, s0, dt, steps, 1e-13, out, &run), 0);
    ck_assert_uint_eq(run.count, steps + 1);
    double scale = fabs(s0.x - p->target) + fabs(s0.v) / spring_omega0(p) + fabs(p->target);
    for (size_t n = 0; n <= steps; n++) {
        spring_state e = spring_exact(p, s0, out[n].t);
        ck_assert_double_eq_tol(e.x, out[n].x, 1e-10 * scale);
        ck_assert_double_eq_tol(e.v, out[n].v, 1e-10 * scale * spring_omega0(p));
    }
    free(out);
}
END_TEST

START_TEST(closed_form_initial_conditions)
{
    /* At t = 0 the closed form returns the start state in every regime, and its velocity is the derivative of
     * its position (central difference). */
    const spring_params *p = &regimes[_i];
    const spring_state s0 = {0.25, -3.0};
    spring_state e = spring_exact(p, s0, 0.0);
    ck_assert_double_eq_tol(e.x, s0.x, 1e-15);
    ck_assert_double_eq_tol(e.v, s0.v, 1e-15);
    for (double t = 0.1; t < 3.0; t += 0.37) {
        const double h = 1e-5;
        double dxdt = (spring_exact(p, s0, t + h).x - spring_exact(p, s0, t - h).x) / (2 * h);
        ck_assert_double_eq_tol(spring_exact(p, s0, t).v, dxdt, 1e-7 * (1 + fabs(dxdt)));
    }
}
END_TEST

START_TEST(closed_form_continuous_at_critical)
{
    /* zeta = 1 +- 1e-12 agree with zeta = 1 to near machine precision (no 0/0, no cancellation). */
    const spring_params crit = {.k = 9.0, .c = 6.0, .m = 1.0, .target = 0.0};
    spring_params under = crit, over = crit;
    under.c *= 1.0 - 1e-12;
    over.c *= 1.0 + 1e-12;
    const spring_state s0 = {1.0, 0.0};
    for (double t = 0.0; t < 5.0; t += 0.25) {
        /* critical: y = e^{-w0 t} (y0 + (v0 + w0 y0) t), w0 = 3 */
        double x = exp(-3.0 * t) * (1.0 + 3.0 * t);
        ck_assert_double_eq_tol(spring_exact(&crit, s0, t).x, x, 1e-14);
        ck_assert_double_eq_tol(spring_exact(&under, s0, t).x, x, 1e-11);
        ck_assert_double_eq_tol(spring_exact(&over, s0, t).x, x, 1e-11);
    }
}
END_TEST

START_TEST(closed_form_overdamped_large_t)
{
    /* zeta = 50: cosh(w' t) alone would overflow at t = 1000; the result must be finite and tiny. */
    const spring_params p = {.k = 1.0, .c = 100.0, .m = 1.0, .target = 2.0};
    spring_state s = spring_exact(&p, (spring_state){3.0, 0.0}, 1000.0);
    ck_assert(isfinite(s.x) && isfinite(s.v));
    /* the slow root: -zeta w0 + w' = -50 + sqrt(2499) = -0.0100010002..., so y ~ e^{-10.001} */
    ck_assert_double_lt(fabs(s.x - 2.0), 1e-4);
    ck_assert_double_gt(fabs(s.x - 2.0), 1e-5);
}
END_TEST

/* Global error at t = 2 of `method` with step dt against the closed form. */
static double global_error(spring_method method, double dt)
{
    const spring_params p = {.k = 4.0, .c = 0.4, .m = 1.0, .target = 0.0};
    const spring_state s0 = {1.0, 0.0};
    const size_t steps = (size_t)llround(2.0 / dt);
    spring_sample *out = malloc((steps + 1) * sizeof *out);
    spring_run run;
    spring_simulate(&p, method, s0, dt, steps, 1e-12, out, &run);
    ck_assert_uint_eq(run.count, steps + 1);
    spring_state e = spring_exact(&p, s0, out[steps].t);
    double err = hypot(out[steps].x - e.x, out[steps].v - e.v);
    free(out);
    return err;
}

static double measured_order(spring_method method, double dt0)
{
    double logh[4], loge[4];
    for (int i = 0; i < 4; i++) {
        double dt = dt0 / (double)(1 << i);
        logh[i] = log(dt);
        loge[i] = log(global_error(method, dt));
    }
    double c0, c1, cov00, cov01, cov11, sumsq;
    gsl_fit_linear(logh, 1, loge, 1, 4, &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    return c1;
}

START_TEST(orders_of_convergence)
{
    ck_assert_double_eq_tol(measured_order(SPRING_EXPLICIT, 1e-3), 1.0, 0.1);
    ck_assert_double_eq_tol(measured_order(SPRING_SEMI, 1e-3), 1.0, 0.1);
    ck_assert_double_eq_tol(measured_order(SPRING_RK4, 0.05), 4.0, 0.1);
}
END_TEST

START_TEST(generic_and_direct_steps_agree)
{
    /* The generic ode stepper path and the direct spring_step_* functions are the same arithmetic. */
    const spring_params *p = &regimes[0];
    const spring_state s0 = {1.0, 0.5};
    spring_sample out[11];
    spring_run run;
    spring_state (*const direct[3])(const spring_params *, spring_state, double) = {
        spring_step_explicit, spring_step_semi, spring_step_rk4};
    for (int m = 0; m < 3; m++) {
        spring_simulate(p, (spring_method)m, s0, 0.05, 10, 0, out, &run);
        spring_state s = s0;
        for (int n = 1; n <= 10; n++) {
            s = direct[m](p, s, 0.05);
            ck_assert_double_eq_tol(out[n].x, s.x, 1e-14);
            ck_assert_double_eq_tol(out[n].v, s.v, 1e-13);
        }
    }
}
END_TEST

START_TEST(gsl_rk4_is_two_half_steps)
{
    /* GSL's rk4 with step h returns two classical steps of h/2 (its full step only estimates the error). */
    const spring_params *p = &regimes[0];
    spring_sample out[6];
    spring_run run;
    spring_simulate(p, SPRING_GSL_RK4, (spring_state){1.0, 0.5}, 0.1, 5, 0, out, &run);
    spring_state s = {1.0, 0.5};
    for (int n = 1; n <= 5; n++) {
        s = spring_step_rk4(p, spring_step_rk4(p, s, 0.05), 0.05);
        ck_assert_double_eq_tol(out[n].x, s.x, 1e-13);
        ck_assert_double_eq_tol(out[n].v, s.v, 1e-13);
    }
}
END_TEST

START_TEST(adaptive_gsl_and_msbdf_accurate)
{
    const spring_params *p = &regimes[_i];
    const spring_state s0 = {1.0, 0.0};
    spring_sample out[101];
    spring_run run;
    for (spring_method m = SPRING_GSL_RKF45; m <= SPRING_GSL_MSBDF; m++) {
        spring_simulate(p, m, s0, 0.02, 100, 1e-10, out, &run);
        ck_assert_uint_eq(run.count, 101);
        for (int n = 0; n <= 100; n += 10) {
            spring_state e = spring_exact(p, s0, out[n].t);
            ck_assert_double_eq_tol(out[n].x, e.x, 1e-6);
        }
    }
}
END_TEST

START_TEST(energy_definition)
{
    const spring_params p = {.k = 3.0, .c = 1.0, .m = 2.0, .target = 1.0};
    /* m v^2/2 + k (x - T)^2/2 = 2*4/2 + 3*9/2 = 4 + 13.5 */
    ck_assert_double_eq_tol(spring_energy(&p, (spring_state){4.0, 2.0}), 17.5, 1e-15);
}
END_TEST

START_TEST(explicit_amplification_factor)
{
    /* The spring article: |lambda| = sqrt(1 + (w0 dt)^2) for the undamped spring. */
    for (double dt = 0.001; dt < 0.2; dt *= 1.7) {
        double M[4];
        ck_assert_int_eq(spring_amplification(&seed_spring, SPRING_EXPLICIT, dt, M), 0);
        double y = 40.0 * dt;
        ck_assert_double_eq_tol(spring_spectral_radius(M), sqrt(1.0 + y * y), 1e-12);
    }
}
END_TEST

START_TEST(amplification_matches_one_step)
{
    /* M applied to a state equals one step of the method (for every method that has a matrix). */
    const spring_params p = {.k = 5.0, .c = 0.7, .m = 1.3, .target = 2.0};
    const spring_state s = {3.0, -1.5};
    const double dt = 0.07;
    spring_state (*const step[3])(const spring_params *, spring_state, double) = {
        spring_step_explicit, spring_step_semi, spring_step_rk4};
    for (int m = 0; m < 4; m++) {
        double M[4];
        ck_assert_int_eq(spring_amplification(&p, (spring_method)m, dt, M), 0);
        spring_state next = m < 3 ? step[m](&p, s, dt) : spring_exact(&p, s, dt);
        double y = s.x - p.target;
        ck_assert_double_eq_tol(M[0] * y + M[1] * s.v, next.x - p.target, 1e-12);
        ck_assert_double_eq_tol(M[2] * y + M[3] * s.v, next.v, 1e-12);
    }
    double M[4];
    ck_assert_int_ne(spring_amplification(&p, SPRING_GSL_RK8PD, dt, M), 0);
}
END_TEST

START_TEST(rk4_on_imaginary_axis)
{
    /* |R(iy)|^2 = 1 - y^6/72 + y^8/576: R the degree-4 Taylor polynomial of e^z at z = iy. */
    for (double y = 0.1; y < 3.5; y += 0.2) {
        double M[4];
        spring_amplification(&seed_spring, SPRING_RK4, y / 40.0, M);
        double expect = sqrt(1.0 - pow(y, 6) / 72.0 + pow(y, 8) / 576.0);
        ck_assert_double_eq_tol(spring_spectral_radius(M), expect, 1e-12);
    }
}
END_TEST

START_TEST(stability_limits_undamped)
{
    ck_assert_double_eq(spring_stability_limit(SPRING_EXPLICIT, 0.0), 0.0);
    ck_assert_double_eq_tol(spring_stability_limit(SPRING_SEMI, 0.0), 2.0, 1e-15);
    ck_assert_double_eq_tol(spring_stability_limit(SPRING_RK4, 0.0), 2.0 * sqrt(2.0), 1e-15);
    ck_assert(isinf(spring_stability_limit(SPRING_EXACT, 0.0)));
    ck_assert(isnan(spring_stability_limit(SPRING_GSL_RK8PD, 0.0)));
    /* the numerical search agrees with the exact bounds as damping vanishes */
    ck_assert_double_eq_tol(spring_stability_limit(SPRING_SEMI, 1e-9), 2.0, 1e-8);
    ck_assert_double_eq_tol(spring_stability_limit(SPRING_RK4, 1e-9), 2.0 * sqrt(2.0), 1e-6);
}
END_TEST

START_TEST(stability_limits_damped)
{
    /* Closed forms (the step matrices' eigenvalues): explicit stable while y <= 2 zeta (zeta < 1); semi-implicit while
     * y < 2 (sqrt(1 + zeta^2) - zeta). */
    for (double zeta = 0.05; zeta < 0.99; zeta += 0.1) {
        ck_assert_double_eq_tol(spring_stability_limit(SPRING_EXPLICIT, zeta), 2.0 * zeta, 1e-10);
        ck_assert_double_eq_tol(spring_stability_limit(SPRING_SEMI, zeta),
                                2.0 * (sqrt(1.0 + zeta * zeta) - zeta), 1e-10);
    }
    /* Heavily over-damped, RK4 is limited by its real-axis bound z = -2.785293563 on the stiff root
     * -w0 (zeta + sqrt(zeta^2 - 1)). */
    const double zeta = 20.0;
    ck_assert_double_eq_tol(spring_stability_limit(SPRING_RK4, zeta),
                            2.785293563 / (zeta + sqrt(zeta * zeta - 1.0)), 1e-9);
}
END_TEST

START_TEST(divergence_is_reported)
{
    /* Explicit Euler at w0 dt = 1.6 grows by sqrt(1 + 2.56) = 1.887 a step: it passes 1e12 after
     * ln(1e12)/ln(1.887) = 43.5 steps, so step 44 is the first diverged one, and nothing after it is written. */
    spring_sample out[201];
    spring_run run;
    spring_simulate(&seed_spring, SPRING_EXPLICIT, (spring_state){1.0, 0.0}, 0.04, 200, 0, out, &run);
    ck_assert(run.diverged);
    ck_assert_uint_eq(run.diverged_step, 44);
    ck_assert_double_eq_tol(run.diverged_t, 44 * 0.04, 1e-12);
    ck_assert_uint_eq(run.count, 44);
    for (size_t i = 0; i < run.count; i++)
        ck_assert(isfinite(out[i].x) && isfinite(out[i].v) && isfinite(out[i].energy));
}
END_TEST

/* Near the identity (w h ~ 1e-9) the radius must not come from (tr/2)^2 - det, whose two terms agree to 1e-18 and
 * round to 1e-16: explicit Euler on an overdamped spring (c/m = 3, k/m = 1) has the real eigenvalues 1 + h lambda
 * with lambda = -3/2 +- sqrt(9/4 - 1) (the system matrix's), so its radius is 1 + h (-3/2 + sqrt 5 / 2) < 1, to
 * rounding. The cancelling form gave 1 + 1e-8 here: a stable step read as unstable. */
START_TEST(radius_near_identity)
{
    const spring_params p = {.k = 1.0, .c = 3.0, .m = 1.0, .target = 0.0};
    const double lambda_max = -1.5 + 0.5 * sqrt(5.0);
    for (double h = 1e-12; h <= 1e-3; h *= 10.0) {
        double M[4];
        ck_assert_int_eq(spring_amplification(&p, SPRING_EXPLICIT, h, M), 0);
        const double rho = spring_spectral_radius(M), want = 1.0 + h * lambda_max;
        ck_assert_msg(fabs(rho - want) <= 4e-16 && rho < 1.0, "h = %g: rho = %.17g, want %.17g", h, rho, want);
    }
}
END_TEST

/* The drift study's phase from starts other than (1, 0), where the orbit's start angle is not 0: k = 50, m = 2
 * (w0 = 5), target 0.7, w0 dt = 0.05, 200 periods. The closed form keeps the phase at 0 and the energy at 1 from
 * any start; semi-implicit Euler's phase error is n (theta - w0 dt) with theta = acos(1 - (w0 dt)^2 / 2) the angle
 * of its step matrix's eigenvalues (det M = 1), to within the tilt of its ellipse (a bounded wobble of order
 * w0 dt), whatever the start. A phase measured from 0 instead of the start angle is off by that angle (pi/2 and
 * more here). */
START_TEST(drift_phase_from_any_start)
{
    const spring_params p = {.k = 50.0, .c = 0.0, .m = 2.0, .target = 0.7};
    const double w0 = 5.0, dt = 0.01, theta = acos(1.0 - 0.5 * (w0 * dt) * (w0 * dt));
    const size_t steps = (size_t)llround(200.0 * 2.0 * NUMLAB_PI / w0 / dt);
    const spring_state starts[] = {{0.7, 1.0}, {0.0, 0.0}, {-1.3, -7.5}, {2.9, 4.0}};
    static spring_drift_sample out[30000];
    ck_assert_uint_lt(steps, 30000);
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        ck_assert_uint_eq(spring_drift_run(&p, SPRING_EXACT, starts[i], dt, steps, 100, out), steps / 100 + 1);
        for (size_t n = 0; n <= steps / 100; n++) {
            ck_assert_msg(fabs(out[n].phase) < 1e-8, "exact from (%g, %g): phase %g at sample %zu", starts[i].x,
                          starts[i].v, out[n].phase, n);
            ck_assert_double_eq_tol(out[n].energy, 1.0, 1e-9);
        }
        ck_assert_uint_eq(spring_drift_run(&p, SPRING_SEMI, starts[i], dt, steps, 1, out), steps + 1);
        for (size_t n = 0; n <= steps; n += 997) {
            const double want = (double)n * (theta - w0 * dt);
            ck_assert_msg(fabs(out[n].phase - want) < 2.0 * w0 * dt, "semi from (%g, %g): phase %g at step %zu, "
                          "want %g", starts[i].x, starts[i].v, out[n].phase, n, want);
        }
    }
}
END_TEST

static Suite *spring_suite(void)
{
    Suite *s = suite_create("spring");
    TCase *seed = tcase_create("seed");
    tcase_add_test(seed, seed_explicit_explodes);
    tcase_add_test(seed, seed_table_40ms);
    tcase_add_test(seed, semi_marginal_at_two);
    tcase_add_test(seed, semi_bounded_at_196);
    suite_add_tcase(s, seed);

    TCase *exact = tcase_create("closed form");
    tcase_add_loop_test(exact, closed_form_matches_rk8pd, 0, N_REGIMES);
    tcase_add_loop_test(exact, closed_form_initial_conditions, 0, N_REGIMES);
    tcase_add_loop_test(exact, adaptive_gsl_and_msbdf_accurate, 0, N_REGIMES);
    tcase_add_test(exact, closed_form_continuous_at_critical);
    tcase_add_test(exact, closed_form_overdamped_large_t);
    tcase_add_test(exact, energy_definition);
    suite_add_tcase(s, exact);

    TCase *methods = tcase_create("methods");
    tcase_set_timeout(methods, 20);
    tcase_add_test(methods, orders_of_convergence);
    tcase_add_test(methods, generic_and_direct_steps_agree);
    tcase_add_test(methods, gsl_rk4_is_two_half_steps);
    tcase_add_test(methods, divergence_is_reported);
    suite_add_tcase(s, methods);

    TCase *stab = tcase_create("stability");
    tcase_add_test(stab, explicit_amplification_factor);
    tcase_add_test(stab, amplification_matches_one_step);
    tcase_add_test(stab, rk4_on_imaginary_axis);
    tcase_add_test(stab, stability_limits_undamped);
    tcase_add_test(stab, stability_limits_damped);
    tcase_add_test(stab, radius_near_identity);
    tcase_add_test(stab, drift_phase_from_any_start);
    suite_add_tcase(s, stab);
    return s;
}

int main(void)
{
    return run_suite(spring_suite());
}
