/* ode: TR-BDF2 (ode.c's step_tr_bdf2, ode_table.c's row) against its stability function derived by hand, its
 * L-stability, and its order and error constant on the spring against the closed form.
 *
 * The stability function, derived here (the reference is Hosea and Shampine, "Analysis and implementation of TR-BDF2",
 * Applied Numerical Mathematics 20 (1996) 21-37, eq. 2.1, with the general gamma; Bank et al., IEEE Trans. CAD 4
 * (1985)). On y' = lambda y, z = h lambda, the trapezoidal stage over gamma h gives
 *     y_g = (1 + gamma z / 2) / (1 - gamma z / 2) y,
 * and BDF2 through y, y_g and y' (step gamma h then (1 - gamma) h) is
 *     y' = a y_g - b y + (1 - gamma) / (2 - gamma) z y',  a = 1 / (gamma (2 - gamma)), b = (1 - gamma)^2 a.
 * With gamma = 2 - sqrt 2, (1 - gamma) / (2 - gamma) = gamma / 2 = d = 1 - 1/sqrt 2, so
 *     R(z) = (a (1 + d z) - b (1 - d z)) / (1 - d z)^2 = (1 + (a + b) d z) / (1 - d z)^2
 * (a - b = 1), and (a + b) d = (1 + (1 - gamma)^2) / (2 (2 - gamma)) = (4 - 2 sqrt 2) / (2 sqrt 2) = sqrt 2 - 1:
 *     R(z) = (1 + (sqrt 2 - 1) z) / (1 - (1 - sqrt 2 / 2) z)^2.
 * Its numerator has degree 1 and its denominator 2: R(z) -> 0 as z -> -inf (L-stable). Its Taylor series is
 * 1 + z + z^2/2 + (sqrt 2 - 1)/2 z^3 + ...: the local error R(z) - e^z = C z^3, C = (sqrt 2 - 1)/2 - 1/6 =
 * (3 sqrt 2 - 4)/6 = 0.0404401 (Hosea and Shampine's error constant), second order. */
#include <check.h>
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/common.h"
#include "numlab/ode.h"
#include "numlab/spring.h"
#include "helpers/check_main.h"

static double complex r_by_hand(double complex z)
{
    const double d = 1.0 - sqrt(2.0) / 2.0;
    return (1.0 + (sqrt(2.0) - 1.0) * z) / ((1.0 - d * z) * (1.0 - d * z));
}

/* y' = lambda y for complex lambda = {re, im} as a real system y = (Re y, Im y) */
static int complex_rhs(double t, const double *y, double *dydt, void *params)
{
    (void)t;
    const double *l = params;
    dydt[0] = l[0] * y[0] - l[1] * y[1];
    dydt[1] = l[1] * y[0] + l[0] * y[1];
    return 0;
}

static int complex_jac(double t, const double *y, double *J, double *dfdt, void *params)
{
    (void)t, (void)y;
    const double *l = params;
    J[0] = l[0], J[1] = -l[1], J[2] = l[1], J[3] = l[0];
    dfdt[0] = dfdt[1] = 0.0;
    return 0;
}

/* One TR-BDF2 step of h = 1 from y = 1 on y' = z y: R(z) itself. */
static double complex one_step(double complex z)
{
    double l[2] = {creal(z), cimag(z)}, y[2] = {1.0, 0.0};
    const ode_system sys = {.dim = 2, .rhs = complex_rhs, .jac = complex_jac, .params = l};
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_TR_BDF2, 2), 0);
    ck_assert_int_eq(ode_stepper_apply(&st, &sys, 0.0, 1.0, y), 0);
    ode_stepper_destroy(&st);
    return y[0] + I * y[1];
}

START_TEST(tr_bdf2_stability_function_is_the_hand_derived_one)
{
    /* the step on the complex scalar equation over a grid of the left half plane and beyond, to rounding */
    for (double re = -40.0; re <= 4.0; re += 1.375)
        for (double im = -30.0; im <= 30.0; im += 2.5) {
            const double complex z = re + I * im, step = one_step(z), hand = r_by_hand(z);
            ck_assert_msg(cabs(step - hand) <= 1e-12 * fmax(1.0, cabs(hand)),
                          "z = %g%+gi: step %.17g%+.17gi, R %.17g%+.17gi", re, im, creal(step), cimag(step), creal(hand), cimag(hand));
        }
    /* by hand at two points: R(-1) = (2 - sqrt 2) / (1 + 1 - sqrt 2 / 2)^2 = 0.5857864 / 1.6715729 = 0.3504403;
     * R(2i) = (1 + 2 (sqrt 2 - 1) i) / (1 - 2 (1 - sqrt 2 / 2) i)^2, |R(2i)|^2 = (1 + 0.6862915) / (1 + 0.3431458)^2 */
    ck_assert_double_eq_tol(creal(one_step(-1.0)), (2.0 - sqrt(2.0)) / pow(2.0 - sqrt(2.0) / 2.0, 2), 1e-15);
    ck_assert_double_eq_tol(creal(one_step(-1.0)), 0.3504403, 1e-7);
    ck_assert_double_eq_tol(cabs(one_step(2.0 * I)), sqrt(1.6862915) / 1.3431458, 1e-7);
}
END_TEST

START_TEST(tr_bdf2_is_l_stable_and_the_midpoint_rule_is_not)
{
    /* |R(z)| <= 1 on the imaginary axis (A-stable: |R(iy)|^2 = (1 + (3 - 2 sqrt 2) y^2) / (1 + (3/2 - sqrt 2) y^2)^2
     * <= 1 because 2 (3/2 - sqrt 2) = 3 - 2 sqrt 2), and R(z) ~ (sqrt 2 - 1) / (d^2 z) -> 0 as z -> -inf: at
     * z = -1e8, (sqrt 2 - 1) / (0.0857864 x -1e8) = -4.8284e-8. The midpoint rule's (1 + z/2) / (1 - z/2) -> -1 and
     * backward Euler's 1 / (1 - z) -> 0 (its matrix's spectral radius on a stiff mode). */
    for (double y = 0.0; y <= 1e4; y = y * 1.5 + 0.01)
        ck_assert_msg(cabs(one_step(I * y)) <= 1.0 + 1e-15, "|R(%gi)| = %.17g", y, cabs(one_step(I * y)));
    const double d2 = 1.5 - sqrt(2.0);
    ck_assert_double_eq_tol(creal(one_step(-1e8)), (sqrt(2.0) - 1.0) / (d2 * -1e8), 1e-14);
    ck_assert(fabs(creal(one_step(-1e12))) < 1e-11);
    /* The table's step matrix on a stiff mode, x'' = -x - g x' with g = 1e6 + 1e-6: roots -1e6 and -1e-6 (their
     * product 1, their sum -g), at h = 1. Its eigenvalues are R(-1e6) and R(-1e-6): trace and determinant are their
     * sum and product. TR-BDF2's R(-1e6) = -4.83e-6 (the stiff root is gone in a step); the midpoint rule's is
     * (1 - 5e5) / (1 + 5e5) = -0.999996: it rings, flipping sign each step, and barely decays. */
    const double g = 1e6 + 1e-6;
    double M[4];
    ode_method_about(ODE_TR_BDF2)->mode_matrix(1.0, g, 1.0, M);
    const double stiff = creal(r_by_hand(-1e6)), slow = creal(r_by_hand(-1e-6));
    ck_assert_double_eq_tol(stiff, -4.8284e-6, 1e-9);
    ck_assert_double_eq_tol(M[0] + M[3], stiff + slow, 1e-9);
    ck_assert_double_eq_tol(M[0] * M[3] - M[1] * M[2], stiff * slow, 1e-12);
    ode_method_about(ODE_IMPLICIT_MIDPOINT)->mode_matrix(1.0, g, 1.0, M);
    const double ring = (1.0 - 5e5) / (1.0 + 5e5), mid_slow = (1.0 - 5e-7) / (1.0 + 5e-7);
    ck_assert_double_eq_tol(M[0] * M[3] - M[1] * M[2], ring * mid_slow, 1e-9);
    ck_assert_double_eq_tol(M[0] + M[3], ring + mid_slow, 1e-9);
    ck_assert_int_eq(ode_method_about(ODE_TR_BDF2)->order, 2);
    ck_assert(isinf(ode_method_about(ODE_TR_BDF2)->undamped_limit));
}
END_TEST

START_TEST(tr_bdf2_order_and_error_constant_on_the_spring)
{
    /* The undamped spring k = 8, m = 2 (w = 2) from x = 1, v = 0 to T = pi/4 (w T = pi/2: x = cos(w T) = 0). Each
     * step multiplies the mode by R(i w h) = e^{i w h} (1 + C (i w h)^3 + O(h^4)): a phase error C (w h)^3 a step (its
     * modulus is 1 to O(h^4)), C T w^3 h^2 after T/h steps, and x = cos(w T - phi) = sin(phi) ~ phi at w T = pi/2:
     * |x - 0| / h^2 -> C T w^3 = (3 sqrt 2 - 4)/6 x pi/4 x 8 = 0.254093. The closed form is spring.c's exact x. */
    const spring_params p = {.k = 8.0, .c = 0.0, .m = 2.0, .target = 0.0};
    const spring_state s0 = {1.0, 0.0};
    const double T = NUMLAB_PI / 4.0, C = (3.0 * sqrt(2.0) - 4.0) / 6.0;
    double e1, e2, evals;
    ck_assert_int_eq(spring_error_at(&p, SPRING_TR_BDF2, s0, T, 500, &e1, &evals), 0);
    ck_assert_int_eq(spring_error_at(&p, SPRING_TR_BDF2, s0, T, 1000, &e2, NULL), 0);
    ck_assert_double_eq_tol(log2(e1 / e2), 2.0, 0.01);
    const double h = T / 1000.0;
    ck_assert_double_eq_tol(e2 / (h * h), C * T * 8.0, 0.003 * C * T * 8.0);
    ck_assert_double_eq_tol(C * T * 8.0, 0.254093, 1e-6);
    ck_assert_double_eq_tol(evals, 5.0 * 500, 0.5);  /* the row's five a step on a linear system */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ode_tr_bdf2");
    TCase *tc = tcase_create("tr_bdf2");
    tcase_add_test(tc, tr_bdf2_stability_function_is_the_hand_derived_one);
    tcase_add_test(tc, tr_bdf2_is_l_stable_and_the_midpoint_rule_is_not);
    tcase_add_test(tc, tr_bdf2_order_and_error_constant_on_the_spring);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
