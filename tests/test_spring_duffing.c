/* spring, the hardening (Duffing) spring m x'' + c x' + k u + k3 u^3 = 0: each claim against a reference of the
 * test's own: GSL's rk8pd on a right-hand side written here, the period by the complete elliptic integral, the cubic
 * of backward Euler's step solved by gsl_poly_solve_cubic, Newton's iterates written out here, and a proof by hand
 * that backward Euler never gains energy on a convex potential. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_poly.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>

#include "numlab/common.h"
#include "numlab/spring.h"
#include "helpers/check_main.h"

/* The test's own right-hand side: u'' = -(k u + k3 u^3 + c u') / m. */
static int own_rhs(double t, const double y[], double f[], void *params)
{
    (void)t;
    const spring_params *p = params;
    const double u = y[0] - p->target;
    f[0] = y[1];
    f[1] = -(p->k * u + p->k3 * u * u * u + p->c * y[1]) / p->m;
    return GSL_SUCCESS;
}

static double own_energy(const spring_params *p, double x, double v)
{
    const double u = x - p->target;
    return 0.5 * p->m * v * v + 0.5 * p->k * u * u + 0.25 * p->k3 * pow(u, 4);
}

/* The state at t from s0, by a fresh rk8pd driver at 1e-13. */
static spring_state own_flow(const spring_params *p, spring_state s0, double t)
{
    gsl_odeiv2_system sys = {own_rhs, NULL, 2, (void *)p};
    gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, 1e-13, 1e-13);
    double y[2] = {s0.x, s0.v}, t0 = 0.0;
    ck_assert_int_eq(gsl_odeiv2_driver_apply(d, &t0, t, y), GSL_SUCCESS);
    gsl_odeiv2_driver_free(d);
    return (spring_state){y[0], y[1]};
}

static const spring_params hard = {.k = 4.0, .c = 0.0, .m = 0.5, .target = 0.25, .k3 = 30.0};

START_TEST(energy_has_the_quartic_term)
{
    /* u = 2 - 0.25 = 1.75, v = -3: 0.25 * 9 + 2 * 1.75^2 + 7.5 * 1.75^4 = 2.25 + 6.125 + 70.341796875 */
    ck_assert_double_eq_tol(spring_energy(&hard, (spring_state){2.0, -3.0}), 78.716796875, 1e-12);
    /* the tangent stiffness 4 + 90 * 1.75^2 = 279.625 */
    ck_assert_double_eq_tol(spring_tangent_stiffness(&hard, 2.0), 279.625, 1e-12);
}
END_TEST

START_TEST(exact_flow_conserves_energy)
{
    /* the undamped flow keeps the energy with the k3 u^4/4 term: the test's rk8pd over 10 s (about 20 periods) */
    const spring_state s0 = {1.5, 2.0};
    const double e0 = own_energy(&hard, s0.x, s0.v);
    for (double t = 1.0; t <= 10.0; t += 1.0) {
        const spring_state s = own_flow(&hard, s0, t);
        ck_assert_double_eq_tol(own_energy(&hard, s.x, s.v) / e0, 1.0, 1e-10);
        ck_assert_double_eq_tol(spring_energy(&hard, s) / e0, 1.0, 1e-10);
    }
    /* the library's reference is that flow (its own rk8pd on spring.c's right-hand side) */
    spring_state ref[11];
    ck_assert_int_eq(spring_reference(&hard, s0, 1.0, 11, ref), 0);
    for (int i = 1; i <= 10; i++) {
        const spring_state s = own_flow(&hard, s0, (double)i);
        ck_assert_double_eq_tol(ref[i].x, s.x, 1e-9);
        ck_assert_double_eq_tol(ref[i].v, s.v, 1e-8);
    }
}
END_TEST

/* The first time after half a period at which v turns from positive to negative (x back at +A): a scan of the test's
 * rk8pd flow and bisection on v. */
static double measured_period(const spring_params *p, double amplitude, double guess)
{
    const spring_state s0 = {p->target + amplitude, 0.0};
    double lo = 0.9 * guess, hi = 1.1 * guess;
    ck_assert(own_flow(p, s0, lo).v > 0.0 && own_flow(p, s0, hi).v < 0.0);
    while (hi - lo > 1e-13 * hi) {
        const double mid = 0.5 * (lo + hi);
        if (own_flow(p, s0, mid).v > 0.0)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

START_TEST(period_by_the_elliptic_integral)
{
    /* T = 4 K(mu) / w, w^2 = (k + k3 A^2) / m, mu = k3 A^2 / (2 (k + k3 A^2)); the test's own K (GSL's of modulus
     * sqrt(mu)) against the library's formula, each against the measured period */
    const double amplitudes[] = {0.1, 0.5, 1.0, 3.0};
    for (size_t i = 0; i < sizeof amplitudes / sizeof amplitudes[0]; i++) {
        const double A = amplitudes[i], stiff = hard.k + hard.k3 * A * A, mu = hard.k3 * A * A / (2.0 * stiff);
        const double T = 4.0 * gsl_sf_ellint_Kcomp(sqrt(mu), GSL_PREC_DOUBLE) / sqrt(stiff / hard.m);
        ck_assert_double_eq_tol(spring_duffing_period(&hard, A), T, 1e-14 * T);
        ck_assert_double_eq_tol(measured_period(&hard, A, T), T, 1e-9 * T);
    }
    /* hardening: the period shortens with amplitude, from the linear 2 pi / sqrt(k/m) = 2.2214 */
    ck_assert_double_eq_tol(spring_duffing_period(&hard, 0.0), 2.0 * NUMLAB_PI / sqrt(8.0), 1e-15);
    ck_assert(spring_duffing_period(&hard, 3.0) < 0.2 * spring_duffing_period(&hard, 0.0));
    /* the amplitude of the orbit through (x0, v0): the energy's turning point */
    const spring_state s = {1.0, -2.0};
    const double A = spring_amplitude(&hard, s);
    ck_assert_double_eq_tol(own_energy(&hard, hard.target + A, 0.0), own_energy(&hard, s.x, s.v), 1e-12);
}
END_TEST

/* Backward Euler's step as the cubic h^2 k3 w^3 + (m + c h + h^2 k) w - ((m + c h) u + m h v) = 0 for w = u', solved
 * by GSL's closed form (one real root: the cubic is increasing). */
static double cubic_root(const spring_params *p, double h, double u, double v)
{
    const double a = h * h * p->k3, b = p->m + p->c * h + h * h * p->k, d = -((p->m + p->c * h) * u + p->m * h * v);
    double r[3];
    ck_assert_int_eq(gsl_poly_solve_cubic(0.0, b / a, d / a, &r[0], &r[1], &r[2]), 1);
    return r[0];
}

/* Newton on the 2 x 2 system of backward Euler, G(u', v') = (u' - u - h v', m (v' - v) + h (k u' + k3 u'^3 + c v'))
 * with its full Jacobian, from (u, v), written out here: the errors of its iterates against the cubic's root. */
static int own_newton(const spring_params *p, double h, double u, double v, double root, double err[], int max)
{
    double a = u, b = v;
    int n = 0;
    for (; n < max; n++) {
        err[n] = fabs(a - root);
        if (err[n] <= 1e-15 * fabs(root))
            break;
        const double g1 = a - u - h * b, g2 = p->m * (b - v) + h * (p->k * a + p->k3 * a * a * a + p->c * b);
        const double j11 = 1.0, j12 = -h, j21 = h * (p->k + 3.0 * p->k3 * a * a), j22 = p->m + h * p->c;
        const double det = j11 * j22 - j12 * j21;
        a -= (j22 * g1 - j12 * g2) / det;
        b -= (-j21 * g1 + j11 * g2) / det;
    }
    return n;
}

START_TEST(newton_is_quadratic)
{
    const spring_params p = {.k = 1.0, .c = 0.3, .m = 1.0, .target = 0.0, .k3 = 50.0};
    const double h = 0.2, u = 2.0, v = -1.0, root = cubic_root(&p, h, u, v);
    spring_newton stats = {0};
    spring_state out;
    ck_assert_int_eq(spring_newton_step(&p, 1.0, (spring_state){u, v}, h, &out, &stats), 0);
    ck_assert_double_eq_tol(out.x, root, 1e-14);
    ck_assert_double_eq_tol(out.v, (root - u) / h, 1e-13);
    /* the iterates' errors: from some iteration on, each at most C times the square of the last (C = |R''/2R'| at the
     * root, about 3 k3 h^2 |w| / R'(w) here), so the digits double */
    double err[64];
    const int n = own_newton(&p, h, u, v, root, err, 64);
    const double slope = p.m + p.c * h + h * h * (p.k + 3 * p.k3 * root * root);
    const double C = 3 * p.k3 * h * h * fabs(root) / slope;
    int quadratic = 0;
    for (int i = 1; i < n; i++)
        if (err[i - 1] < 0.1 && err[i] > 1e-15) {
            quadratic++;
            ck_assert_double_le(err[i], 2.0 * C * err[i - 1] * err[i - 1]);
        }
    ck_assert_int_ge(quadratic, 2);
    /* the library counts as many iterations as that, plus the one whose update shows it has converged */
    ck_assert_uint_eq(stats.solves, 1);
    ck_assert_int_ge((int)stats.most, n);
    ck_assert_int_le((int)stats.most, n + 2);
    ck_assert_uint_eq(stats.iterations, stats.most);
    /* linear (k3 = 0): the first iteration lands, the second confirms: two, on the exercise 10 closed form */
    const spring_params lin = {.k = 1.0, .c = 0.3, .m = 1.0, .target = 0.0};
    spring_newton lin_stats = {0};
    ck_assert_int_eq(spring_newton_step(&lin, 1.0, (spring_state){u, v}, h, &out, &lin_stats), 0);
    const spring_state closed = spring_step_backward_euler(&lin, (spring_state){u, v}, h);
    ck_assert_double_eq_tol(out.x, closed.x, 1e-15);
    ck_assert_double_eq_tol(out.v, closed.v, 1e-14);
    ck_assert_uint_eq(lin_stats.most, 2);
}
END_TEST

START_TEST(midpoint_is_the_half_step_extrapolated)
{
    /* the implicit midpoint rule: its stage is backward Euler's over dt/2, its end twice the stage minus the start */
    const spring_params p = {.k = 2.0, .c = 0.1, .m = 1.5, .target = -1.0, .k3 = 8.0};
    const double dt = 0.3, u = 1.2, v = 0.4, w = cubic_root(&p, dt / 2, u, v);
    spring_state out;
    ck_assert_int_eq(spring_newton_step(&p, 0.5, (spring_state){p.target + u, v}, dt, &out, NULL), 0);
    ck_assert_double_eq_tol(out.x, p.target + 2 * w - u, 1e-14);
    ck_assert_double_eq_tol(out.v, 2 * (w - u) / (dt / 2) - v, 1e-12);
    /* it solves y' = y + dt f((y + y')/2) with the test's own f */
    const double y[2] = {p.target + u, v}, mid[2] = {0.5 * (y[0] + out.x), 0.5 * (y[1] + out.v)};
    double f[2];
    own_rhs(0, mid, f, (void *)&p);
    ck_assert_double_eq_tol(out.x, y[0] + dt * f[0], 1e-13);
    ck_assert_double_eq_tol(out.v, y[1] + dt * f[1], 1e-12);
}
END_TEST

START_TEST(backward_euler_never_gains_energy)
{
    /* By hand: V(u) = k u^2/2 + k3 u^4/4 is convex, so V(u') - V(u) <= V'(u') (u' - u) = h v' V'(u'), and
     * m (v'^2 - v^2)/2 <= m v' (v' - v) = h v' (-V'(u') - c v'): E' - E <= -c h v'^2 <= 0, at any step, damped or
     * not. */
    const double dts[] = {0.01, 0.5, 20.0};
    const double cs[] = {0.0, 0.7};
    for (size_t i = 0; i < 3; i++)
        for (size_t j = 0; j < 2; j++) {
            const spring_params p = {.k = 3.0, .c = cs[j], .m = 0.2, .target = 5.0, .k3 = 400.0};
            spring_runner r;
            const spring_state s0 = {7.0, -30.0};
            ck_assert_int_eq(spring_runner_init(&r, &p, SPRING_BACKWARD_EULER, s0, dts[i], 0), 0);
            double e = spring_runner_sample(&r).energy;
            for (int n = 0; n < 400; n++) {
                ck_assert_int_eq(spring_runner_step(&r), 0);
                const double next = spring_runner_sample(&r).energy;
                ck_assert_double_le(next, e * (1 + 1e-12));
                e = next;
            }
            ck_assert_uint_eq(r.newton.solves, 400);
            ck_assert_uint_ge(r.newton.iterations, 400);
            ck_assert_double_le(r.newton.residual, 1e-12);
            spring_runner_destroy(&r);
        }
}
END_TEST

START_TEST(symplectic_energy_error_bounded)
{
    /* semi-implicit Euler and Verlet on the undamped Duffing spring: the energy error stays in a band (no drift)
     * over 200,000 steps, here w dt = 0.1 at the tangent stiffness of the amplitude; explicit Euler's grows */
    const spring_params p = {.k = 1.0, .c = 0.0, .m = 1.0, .target = 0.0, .k3 = 4.0};
    const spring_state s0 = {1.0, 0.0};
    const double dt = 0.1 / sqrt(spring_tangent_stiffness(&p, 1.0)), e0 = own_energy(&p, 1.0, 0.0);
    const spring_method methods[] = {SPRING_SEMI, SPRING_VERLET};
    for (int i = 0; i < 2; i++) {
        spring_runner r;
        ck_assert_int_eq(spring_runner_init(&r, &p, methods[i], s0, dt, 0), 0);
        double first = 0.0, second = 0.0;  /* the largest |E/E0 - 1| over each half */
        for (int n = 1; n <= 200000; n++) {
            ck_assert_int_eq(spring_runner_step(&r), 0);
            const double err = fabs(own_energy(&p, r.y[0], r.y[1]) / e0 - 1.0);
            if (n <= 100000)
                first = fmax(first, err);
            else
                second = fmax(second, err);
        }
        /* an O(dt) band for semi, O(dt^2) for Verlet, and the second half's no wider than the first's */
        ck_assert_double_le(first, methods[i] == SPRING_SEMI ? 0.1 : 0.005);
        ck_assert_double_le(second, 1.05 * first);
        spring_runner_destroy(&r);
    }
    spring_runner r;
    ck_assert_int_eq(spring_runner_init(&r, &p, SPRING_EXPLICIT, s0, dt, 0), 0);
    for (int n = 0; n < 2000; n++)
        spring_runner_step(&r);
    ck_assert_double_ge(own_energy(&p, r.y[0], r.y[1]) / e0, 2.0);
    spring_runner_destroy(&r);
}
END_TEST

START_TEST(explicit_stable_at_rest_diverges_at_amplitude)
{
    /* k = 1, c = 0.5, m = 1: explicit Euler's |1 + h lambda|^2 = 1 - h c/m + h^2 k/m <= 1 for h <= c / k = 0.5 on the
     * linear chart; at dt = 0.45 it is stable about rest. At amplitude 2 the tangent stiffness is 1 + 3 * 4 = 13 and
     * the limit c / 13 = 0.038: it diverges there, and decays from 0.1 (tangent 1.03, limit 0.485) */
    const spring_params p = {.k = 1.0, .c = 0.5, .m = 1.0, .target = 0.0, .k3 = 1.0};
    const spring_params rest = spring_linearised(&p, 0.0), peak = spring_linearised(&p, 2.0);
    ck_assert(spring_dt_stable(&rest, SPRING_EXPLICIT, 0.45));
    ck_assert(!spring_dt_stable(&peak, SPRING_EXPLICIT, 0.45));
    ck_assert_double_eq_tol(spring_stability_limit(SPRING_EXPLICIT, spring_zeta(&rest)) / spring_omega0(&rest), 0.5,
                            1e-9);
    ck_assert_double_eq_tol(spring_stability_limit(SPRING_EXPLICIT, spring_zeta(&peak)) / spring_omega0(&peak),
                            0.5 / 13, 1e-9);
    spring_runner small, large;
    ck_assert_int_eq(spring_runner_init(&small, &p, SPRING_EXPLICIT, (spring_state){0.1, 0.0}, 0.45, 0), 0);
    ck_assert_int_eq(spring_runner_init(&large, &p, SPRING_EXPLICIT, (spring_state){2.0, 0.0}, 0.45, 0), 0);
    for (int n = 0; n < 1000; n++)
        spring_runner_step(&small), spring_runner_step(&large);
    ck_assert(!small.status.diverged);
    ck_assert_double_le(fabs(small.y[0]), 1e-6);
    ck_assert(large.status.diverged);
    spring_runner_destroy(&small);
    spring_runner_destroy(&large);
}
END_TEST

START_TEST(newton_failure_is_reported)
{
    /* from u = 1e6 with h^2 k3 = 1e18 Newton's updates shrink w by about a third an iteration while the cubic term
     * dominates: 12 decades take about 68 iterations, over the 50 allowed. The runner says so and stops. */
    const spring_params p = {.k = 1.0, .c = 0.0, .m = 1.0, .target = 0.0, .k3 = 1e12};
    spring_runner r;
    ck_assert_int_eq(spring_runner_init(&r, &p, SPRING_BACKWARD_EULER, (spring_state){1e6, 0.0}, 1000.0, 0), 0);
    ck_assert_int_eq(spring_runner_step(&r), 1);
    ck_assert(r.status.newton_failed && r.status.solver_failed && !r.status.diverged);
    ck_assert_uint_eq(r.status.diverged_step, 1);
    ck_assert_uint_eq(r.newton.most, SPRING_NEWTON_MAX_ITERATIONS);
    ck_assert_double_eq(r.y[0], 1e6);  /* the last good state stays */
    spring_runner_destroy(&r);
    /* exact has no closed form here */
    ck_assert_int_eq(spring_runner_init(&r, &p, SPRING_EXACT, (spring_state){1.0, 0.0}, 0.1, 0), -1);
    spring_runner_destroy(&r);
}
END_TEST

START_TEST(rk4_converges_to_the_reference)
{
    /* RK4 against the rk8pd reference on a damped Duffing spring: the global error falls 16-fold a halving */
    const spring_params p = {.k = 2.0, .c = 0.2, .m = 1.0, .target = 0.0, .k3 = 5.0};
    double err[3];
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(spring_error_at(&p, SPRING_RK4, (spring_state){1.0, 0.0}, 2.0, 50u << i, &err[i], NULL), 0);
    ck_assert_double_eq_tol(log2(err[0] / err[1]), 4.0, 0.3);
    ck_assert_double_eq_tol(log2(err[1] / err[2]), 4.0, 0.3);
    const spring_state want = own_flow(&p, (spring_state){1.0, 0.0}, 2.0);
    spring_state ref[2];
    ck_assert_int_eq(spring_reference(&p, (spring_state){1.0, 0.0}, 2.0, 2, ref), 0);
    ck_assert_double_eq_tol(ref[1].x, want.x, 1e-10);
}
END_TEST

static Suite *duffing_suite(void)
{
    Suite *s = suite_create("spring_duffing");
    TCase *flow = tcase_create("flow");
    tcase_set_timeout(flow, 30);
    tcase_add_test(flow, energy_has_the_quartic_term);
    tcase_add_test(flow, exact_flow_conserves_energy);
    tcase_add_test(flow, period_by_the_elliptic_integral);
    tcase_add_test(flow, rk4_converges_to_the_reference);
    suite_add_tcase(s, flow);
    TCase *newton = tcase_create("newton");
    tcase_add_test(newton, newton_is_quadratic);
    tcase_add_test(newton, midpoint_is_the_half_step_extrapolated);
    tcase_add_test(newton, backward_euler_never_gains_energy);
    tcase_add_test(newton, newton_failure_is_reported);
    suite_add_tcase(s, newton);
    TCase *methods = tcase_create("methods");
    tcase_set_timeout(methods, 30);
    tcase_add_test(methods, symplectic_energy_error_bounded);
    tcase_add_test(methods, explicit_stable_at_rest_diverges_at_amplitude);
    suite_add_tcase(s, methods);
    return s;
}

int main(void)
{
    return run_suite(duffing_suite());
}
