/* spring at parameters where the terms differ: m != 1, k != 1, c != 0, a target away from 0. At m = 1 the damping
 * ratio c / (2 sqrt(k m)) and the wrong c / (2 sqrt(k / m)) agree, and so do a = F / m and a = F, so every formula
 * here is checked with m != 1 against a reference that does not go through spring_exact: the roots of the
 * characteristic polynomial m s^2 + c s + k, derived below, and hand calculations. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/spring.h"
#include "helpers/check_main.h"

/* The three regimes, each with m != 1 and k != 1 (hand values in the comments). */
static const spring_params under = {.k = 8.0, .c = 2.0, .m = 2.0, .target = 0.5};    /* w0 2, zeta 1/4 */
static const spring_params crit = {.k = 1.0, .c = 4.0, .m = 4.0, .target = -1.0};    /* w0 1/2, zeta 1 */
static const spring_params over = {.k = 2.0, .c = 5.0, .m = 0.5, .target = 3.0};     /* w0 2, zeta 5/2 */

/* x(t) of m x'' + c x' + k (x - T) = 0 from (x0, v0), by the roots of m s^2 + c s + k = 0,
 *   s = -c/(2m) +- sqrt((c/(2m))^2 - k/m):
 *   two real roots s1 != s2:  y = A e^{s1 t} + B e^{s2 t},  A + B = y0,  s1 A + s2 B = v0
 *                             => A = (v0 - s2 y0) / (s1 - s2),  B = y0 - A
 *   a double root s = -a:     y = (y0 + (v0 + a y0) t) e^{-a t}
 *   complex pair -a +- i wd:  y = e^{-a t} (y0 cos(wd t) + (v0 + a y0) / wd sin(wd t))
 * with y = x - T (y(0) = y0 and y'(0) = v0 in each case by substitution). The discriminant's sign is decided
 * exactly on the hand-picked parameters above: c^2 - 4 m k is 4 - 64 < 0, 16 - 16 = 0 and 25 - 4 > 0. */
static double roots_x(const spring_params *p, spring_state s0, double t)
{
    const double a = p->c / (2.0 * p->m), disc = p->c * p->c - 4.0 * p->m * p->k;
    const double y0 = s0.x - p->target, v0 = s0.v;
    double y;
    if (disc > 0.0) {
        const double r = sqrt(disc) / (2.0 * p->m), s1 = -a + r, s2 = -a - r;
        const double A = (v0 - s2 * y0) / (s1 - s2);
        y = A * exp(s1 * t) + (y0 - A) * exp(s2 * t);
    } else if (disc == 0.0) {
        y = (y0 + (v0 + a * y0) * t) * exp(-a * t);
    } else {
        const double wd = sqrt(-disc) / (2.0 * p->m);
        y = exp(-a * t) * (y0 * cos(wd * t) + (v0 + a * y0) / wd * sin(wd * t));
    }
    return p->target + y;
}

/* v(t) = x'(t), by a central difference of roots_x (h = 1e-6: truncation ~1e-12, rounding ~1e-10). */
static double roots_v(const spring_params *p, spring_state s0, double t)
{
    const double h = 1e-6;
    return (roots_x(p, s0, t + h) - roots_x(p, s0, t - h)) / (2.0 * h);
}

static const spring_params *const regimes[] = {&under, &crit, &over};

START_TEST(zeta_and_omega0_by_hand)
{
    /* zeta = c / (2 sqrt(k m)): 2 / (2 sqrt 16) = 1/4; 4 / (2 sqrt 4) = 1; 5 / (2 sqrt 1) = 5/2
     * (the wrong c / (2 sqrt(k/m)) gives 1/2, 4 and 5/4) */
    ck_assert_double_eq_tol(spring_zeta(&under), 0.25, 1e-15);
    ck_assert_double_eq_tol(spring_zeta(&crit), 1.0, 1e-15);
    ck_assert_double_eq_tol(spring_zeta(&over), 2.5, 1e-15);
    /* w0 = sqrt(k/m): sqrt(4) = 2, sqrt(1/4) = 1/2, sqrt(4) = 2 */
    ck_assert_double_eq_tol(spring_omega0(&under), 2.0, 1e-15);
    ck_assert_double_eq_tol(spring_omega0(&crit), 0.5, 1e-15);
    ck_assert_double_eq_tol(spring_omega0(&over), 2.0, 1e-15);
}
END_TEST

START_TEST(closed_form_matches_the_roots)
{
    const spring_params *p = regimes[_i];
    const spring_state s0 = {2.0, -1.5};
    for (double t = 0.0; t <= 12.0; t += 0.25) {
        spring_state e = spring_exact(p, s0, t);
        ck_assert_msg(fabs(e.x - roots_x(p, s0, t)) <= 1e-12, "%zu t=%g: x %.17g, roots %.17g", (size_t)_i, t, e.x,
                      roots_x(p, s0, t));
        ck_assert_msg(fabs(e.v - roots_v(p, s0, t)) <= 1e-8, "%zu t=%g: v %.17g, roots %.17g", (size_t)_i, t, e.v,
                      roots_v(p, s0, t));
    }
}
END_TEST

START_TEST(integrators_match_the_roots)
{
    /* The right-hand side (a = -(k (x - T) + c v) / m) through GSL's rk8pd at 1e-13 and through RK4 at dt = 1e-3
     * (global error ~ dt^4 = 1e-12 times the solution's derivatives, all of order 1 here). */
    const spring_params *p = regimes[_i];
    const spring_state s0 = {2.0, -1.5};
    const size_t steps = 4000;
    const double dt = 1e-3;
    spring_sample *out = malloc((steps + 1) * sizeof *out);
    ck_assert_ptr_nonnull(out);
    spring_run run;
    ck_assert_int_eq(spring_simulate(p, SPRING_GSL_RK8PD, s0, dt, steps, 1e-13, out, &run), 0);
    ck_assert_uint_eq(run.count, steps + 1);
    spring_state s = s0;
    for (size_t n = 0; n <= steps; n++) {
        const double t = out[n].t;
        if (n > 0)
            s = spring_step_rk4(p, s, dt);
        if (n % 100)
            continue;
        ck_assert_msg(fabs(out[n].x - roots_x(p, s0, t)) <= 1e-10, "rk8pd %zu at t=%g", (size_t)_i, t);
        ck_assert_msg(fabs(s.x - roots_x(p, s0, t)) <= 1e-10, "rk4 %zu at t=%g: %.17g vs %.17g", (size_t)_i, t, s.x,
                      roots_x(p, s0, t));
    }
    free(out);
}
END_TEST

START_TEST(euler_steps_by_hand)
{
    /* under (k 8, c 2, m 2, T 0.5) from (1.5, 1), dt 0.1: a = -(8 * 1 + 2 * 1) / 2 = -5.
     * explicit: x = 1.5 + 0.1 * 1 = 1.6, v = 1 - 0.5 = 0.5; semi: v = 0.5, x = 1.5 + 0.05 = 1.55 */
    const spring_state s = {1.5, 1.0};
    spring_state e = spring_step_explicit(&under, s, 0.1), si = spring_step_semi(&under, s, 0.1);
    ck_assert_double_eq_tol(e.x, 1.6, 1e-15);
    ck_assert_double_eq_tol(e.v, 0.5, 1e-15);
    ck_assert_double_eq_tol(si.x, 1.55, 1e-15);
    ck_assert_double_eq_tol(si.v, 0.5, 1e-15);
}
END_TEST

START_TEST(jacobian_by_hand)
{
    /* f = [v, -(k/m)(x - T) - (c/m) v]: J = [[0, 1], [-k/m, -c/m]] = [[0, 1], [-4, -1]] for under */
    ode_system sys = spring_system(&under);
    double y[2] = {0.3, -0.7}, J[4], dfdt[2] = {7.0, 7.0};
    ck_assert_int_eq(sys.jac(0.0, y, J, dfdt, sys.params), 0);
    ck_assert_double_eq(J[0], 0.0);
    ck_assert_double_eq(J[1], 1.0);
    ck_assert_double_eq_tol(J[2], -4.0, 1e-15);
    ck_assert_double_eq_tol(J[3], -1.0, 1e-15);
    ck_assert(dfdt[0] == 0.0 && dfdt[1] == 0.0);
}
END_TEST

START_TEST(amplification_by_hand)
{
    /* explicit Euler: M = [[1, dt], [-(k/m) dt, 1 - (c/m) dt]]; for crit (k/m = 1/4, c/m = 1) at dt = 0.2:
     * [[1, 0.2], [-0.05, 0.8]]. semi: v row the same, x row = [1, 0] + dt * v row = [0.99, 0.16]. */
    double M[4];
    ck_assert_int_eq(spring_amplification(&crit, SPRING_EXPLICIT, 0.2, M), 0);
    ck_assert_double_eq_tol(M[0], 1.0, 1e-15);
    ck_assert_double_eq_tol(M[1], 0.2, 1e-15);
    ck_assert_double_eq_tol(M[2], -0.05, 1e-15);
    ck_assert_double_eq_tol(M[3], 0.8, 1e-15);
    ck_assert_int_eq(spring_amplification(&crit, SPRING_SEMI, 0.2, M), 0);
    ck_assert_double_eq_tol(M[0], 0.99, 1e-15);
    ck_assert_double_eq_tol(M[1], 0.16, 1e-15);
    ck_assert_double_eq_tol(M[2], -0.05, 1e-15);
    ck_assert_double_eq_tol(M[3], 0.8, 1e-15);
    /* exact: the columns are the responses to unit displacement and unit velocity (roots, not spring_exact) */
    ck_assert_int_eq(spring_amplification(&over, SPRING_EXACT, 0.3, M), 0);
    spring_params o = over;
    o.target = 0.0;
    ck_assert_double_eq_tol(M[0], roots_x(&o, (spring_state){1.0, 0.0}, 0.3), 1e-12);
    ck_assert_double_eq_tol(M[1], roots_x(&o, (spring_state){0.0, 1.0}, 0.3), 1e-12);
    ck_assert_double_eq_tol(M[2], roots_v(&o, (spring_state){1.0, 0.0}, 0.3), 1e-8);
    ck_assert_double_eq_tol(M[3], roots_v(&o, (spring_state){0.0, 1.0}, 0.3), 1e-8);
}
END_TEST

START_TEST(divergence_limit_by_hand)
{
    /* 1e12 (|x0 - T| + |v0| / w0): crit has T = -1, w0 = 1/2; from (1, 2): 2 + 4 = 6 */
    ck_assert_double_eq_tol(spring_divergence_limit(&crit, (spring_state){1.0, 2.0}), 6e12, 1e-3);
    /* below an amplitude of 1 the limit stays 1e12 */
    ck_assert_double_eq_tol(spring_divergence_limit(&crit, (spring_state){-1.0, 0.25}), 1e12, 1e-3);
}
END_TEST

START_TEST(runner_energy_at_m_not_one)
{
    /* the sample's energy is m v^2/2 + k (x - T)^2/2: under from (1.5, 1): 2/2 + 8/2 = 5 */
    spring_sample out[2];
    spring_run run;
    ck_assert_int_eq(spring_simulate(&under, SPRING_SEMI, (spring_state){1.5, 1.0}, 0.1, 1, 0, out, &run), 0);
    ck_assert_double_eq_tol(out[0].energy, 5.0, 1e-15);
    /* after the semi step of euler_steps_by_hand, (1.55, 0.5): 2 * 0.25 / 2 + 8 * 1.05^2 / 2 = 0.25 + 4.41 */
    ck_assert_double_eq_tol(out[1].energy, 4.66, 1e-13);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spring_params");
    TCase *tc = tcase_create("m != 1");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, zeta_and_omega0_by_hand);
    tcase_add_loop_test(tc, closed_form_matches_the_roots, 0, 3);
    tcase_add_loop_test(tc, integrators_match_the_roots, 0, 3);
    tcase_add_test(tc, euler_steps_by_hand);
    tcase_add_test(tc, jacobian_by_hand);
    tcase_add_test(tc, amplification_by_hand);
    tcase_add_test(tc, divergence_limit_by_hand);
    tcase_add_test(tc, runner_energy_at_m_not_one);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
