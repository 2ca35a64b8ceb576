/* ode: the method table (src/ode_table.c): each row's step matrix against one step of its method, its evaluations
 * against the counted ones, its undamped limit on either side, and the rows' names and kinds. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/ode.h"
#include "numlab/ode_adaptive.h"
#include "helpers/check_main.h"

/* The mode x'' = -w2 x - g x' of params {w2, g}, y = [x, v], with its Jacobian. */
static int mode_rhs(double t, const double *y, double *dydt, void *params)
{
    (void)t;
    const double *wg = params;
    dydt[0] = y[1];
    dydt[1] = -wg[0] * y[0] - wg[1] * y[1];
    return 0;
}

static int mode_jac(double t, const double *y, double *J, double *dfdt, void *params)
{
    (void)t, (void)y;
    const double *wg = params;
    J[0] = 0.0, J[1] = 1.0, J[2] = -wg[0], J[3] = -wg[1];
    dfdt[0] = dfdt[1] = 0.0;
    return 0;
}

/* The larger eigenvalue modulus of a 2x2 matrix, from its trace and determinant (by hand, not spring.c's). */
static double radius2(const double M[4])
{
    const double tr = M[0] + M[3], det = M[0] * M[3] - M[1] * M[2], disc = tr * tr / 4.0 - det;
    return disc < 0.0 ? sqrt(det) : fabs(tr) / 2.0 + sqrt(disc);
}

/* The rows with a step matrix: every hand-written method, then gsl-rk4. */
static const ode_method_info *fixed_row(int m)
{
    return m < ODE_METHOD_COUNT ? ode_method_about((ode_method)m) : ode_gsl_about(ODE_GSL_RK4);
}

START_TEST(table_step_matrices_are_the_steps)
{
    /* Each row's step matrix on the damped mode w2 = 4, g = 0.6 at h = 0.3 has as columns one step of the method
     * itself (ode_stepper_apply, or GSL's rk4) from (1, 0) and from (0, 1): the method is linear on a linear system. */
    double wg[2] = {4.0, 0.6};
    const ode_system mode = {.dim = 2, .rhs = mode_rhs, .jac = mode_jac, .params = wg};
    const double h = 0.3;
    for (int m = 0; m <= ODE_METHOD_COUNT; m++) {
        const ode_method_info *row = fixed_row(m);
        ck_assert(row->mode_matrix != NULL);
        double M[4], col[2][2] = {{1.0, 0.0}, {0.0, 1.0}};
        row->mode_matrix(wg[0], wg[1], h, M);
        for (int c = 0; c < 2; c++) {
            if (m < ODE_METHOD_COUNT) {
                ode_stepper st;
                ck_assert_int_eq(ode_stepper_init(&st, (ode_method)m, 2), 0);
                ck_assert_int_eq(ode_stepper_apply(&st, &mode, 0.0, h, col[c]), 0);
                ode_stepper_destroy(&st);
            } else {
                ode_gsl *g = ode_gsl_new(ODE_GSL_RK4, &mode, h, 0);
                double t = 0.0;
                ck_assert_int_eq(ode_gsl_advance(g, &t, h, col[c]), 0);
                ode_gsl_free(g);
            }
            ck_assert_msg(fabs(M[c] - col[c][0]) < 1e-14 && fabs(M[2 + c] - col[c][1]) < 1e-14,
                          "%s column %d: matrix (%.17g, %.17g), step (%.17g, %.17g)", row->name, c, M[c], M[2 + c],
                          col[c][0], col[c][1]);
        }
    }
}
END_TEST

START_TEST(table_counts_evaluations)
{
    /* 10 steps on the damped (linear) mode take 10 x the row's evaluations: Verlet 2 (the damper sees v), the
     * implicit methods' Newton iterate and its check 2, the linearised Euler's single iterate 1, TR-BDF2's f(y) and
     * two stages of 2: 5. */
    double wg[2] = {4.0, 0.6};
    const ode_system mode = {.dim = 2, .rhs = mode_rhs, .jac = mode_jac, .params = wg};
    static const int by_hand[ODE_METHOD_COUNT] = {
        [ODE_EXPLICIT_EULER] = 1, [ODE_SEMI_IMPLICIT] = 1, [ODE_RK4] = 4, [ODE_VERLET] = 2,
        [ODE_BACKWARD_EULER] = 2, [ODE_IMPLICIT_MIDPOINT] = 2, [ODE_LINEARISED_EULER] = 1, [ODE_TR_BDF2] = 5,
    };
    for (int m = 0; m < ODE_METHOD_COUNT; m++) {
        ode_stepper st;
        double y[2] = {1.0, 0.0};
        ck_assert_int_eq(ode_stepper_init(&st, (ode_method)m, 2), 0);
        for (int n = 0; n < 10; n++)
            ck_assert_int_eq(ode_stepper_apply(&st, &mode, 0.1 * n, 0.1, y), 0);
        ck_assert_int_eq(ode_method_about((ode_method)m)->evals, by_hand[m]);
        ck_assert_uint_eq(st.rhs_evals, 10u * (unsigned)by_hand[m]);
        ode_stepper_destroy(&st);
    }
    ode_gsl *g = ode_gsl_new(ODE_GSL_RK4, &mode, 0.1, 0);
    double y[2] = {1.0, 0.0}, t = 0.0;
    ck_assert_int_eq(ode_gsl_advance(g, &t, 1.0 - 1e-12, y), 0);
    ck_assert_uint_eq(ode_gsl_rhs_evals(g), 10u * (unsigned)ode_gsl_about(ODE_GSL_RK4)->evals);
    ode_gsl_free(g);
}
END_TEST

START_TEST(table_undamped_limits)
{
    /* The undamped mode (w2 = 1: w h = h) stays bounded just below each row's limit and grows just above it: 2 for
     * semi and Verlet (trace 2 - h^2, det 1), 2 sqrt 2 for RK4, 4 sqrt 2 for two RK4 half steps, 0 for explicit
     * Euler (|1 + i h| > 1), no limit for the implicit ones. */
    ck_assert_double_eq(ode_method_about(ODE_SEMI_IMPLICIT)->undamped_limit, 2.0);
    ck_assert_double_eq(ode_method_about(ODE_VERLET)->undamped_limit, 2.0);
    ck_assert_double_eq(ode_method_about(ODE_RK4)->undamped_limit, sqrt(8.0));
    ck_assert_double_eq(ode_gsl_about(ODE_GSL_RK4)->undamped_limit, sqrt(32.0));
    ck_assert_double_eq(ode_method_about(ODE_EXPLICIT_EULER)->undamped_limit, 0.0);
    for (int m = 0; m <= ODE_METHOD_COUNT; m++) {
        const ode_method_info *row = fixed_row(m);
        const double lim = row->undamped_limit;
        double M[4];
        if (isinf(lim)) {
            ck_assert(row->implicit);
            row->mode_matrix(1.0, 0.0, 1e3, M);
            ck_assert_msg(radius2(M) <= 1.0 + 1e-12, "%s", row->name);
            continue;
        }
        if (lim > 0.0) {
            row->mode_matrix(1.0, 0.0, lim * (1.0 - 1e-6), M);
            ck_assert_msg(radius2(M) <= 1.0 + 1e-12, "%s below %g: %.17g", row->name, lim, radius2(M));
        }
        row->mode_matrix(1.0, 0.0, lim * (1.0 + 1e-4) + 1e-3, M);
        ck_assert_msg(radius2(M) > 1.0 + 1e-9, "%s above %g: %.17g", row->name, lim, radius2(M));
    }
}
END_TEST

START_TEST(table_rows_are_distinct)
{
    /* one name per row across the steppers, GSL's and the closed form; the adaptive rows have no step matrix and
     * no limit; semi and Verlet need the second-order layout, and only they refuse a first-order system */
    const ode_method_info *all[ODE_METHOD_COUNT + ODE_GSL_COUNT + ODE_ADAPTIVE_COUNT + 1];
    size_t n = 0;
    for (int m = 0; m < ODE_METHOD_COUNT; m++)
        all[n++] = ode_method_about((ode_method)m);
    for (int k = 0; k < ODE_GSL_COUNT; k++) {
        all[n] = ode_gsl_about((ode_gsl_kind)k);
        ck_assert_str_eq(all[n]->name, ode_gsl_name((ode_gsl_kind)k));
        ck_assert(all[n]->adaptive == (k != ODE_GSL_RK4));
        n++;
    }
    for (int k = 0; k < ODE_ADAPTIVE_COUNT; k++) {
        all[n] = ode_adaptive_about((ode_adaptive_kind)k);
        ck_assert(all[n]->adaptive);
        n++;
    }
    all[n++] = ode_closed_form_about();
    ck_assert_str_eq(ode_closed_form_about()->name, "exact");
    ck_assert_uint_eq(ode_closed_form_about()->applies, ODE_APPLIES_SPRING);
    for (size_t i = 0; i < n; i++) {
        ck_assert_str_ne(all[i]->name, "");
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(all[i]->name, all[j]->name);
        if (all[i]->adaptive)
            ck_assert(!all[i]->mode_matrix && isnan(all[i]->undamped_limit) && all[i]->order == 0);
    }
    for (int m = 0; m < ODE_METHOD_COUNT; m++) {
        const bool layout = m == ODE_SEMI_IMPLICIT || m == ODE_VERLET;
        ode_stepper st;
        ck_assert(!(ode_method_about((ode_method)m)->applies & ODE_APPLIES_FIRST_ORDER) == layout);
        ck_assert_int_eq(ode_stepper_init(&st, (ode_method)m, 1), layout ? -1 : 0);
        ode_stepper_destroy(&st);
    }
    ck_assert_ptr_null(ode_gsl_about(ODE_GSL_COUNT));
}
END_TEST

/* y' = -y^2 */
static int quadratic_decay(double t, const double *y, double *dydt, void *params)
{
    (void)t, (void)params;
    dydt[0] = -y[0] * y[0];
    return 0;
}

static int quadratic_decay_jac(double t, const double *y, double *J, double *dfdt, void *params)
{
    (void)t, (void)params;
    J[0] = -2.0 * y[0];
    dfdt[0] = 0.0;
    return 0;
}

START_TEST(linearised_euler_is_one_newton_iterate)
{
    /* y' = -y^2, y = 1, h = 0.5. One linearised solve: y + h f / (1 - h J) = 1 + 0.5 (-1) / (1 + 0.5 * 2) = 0.75.
     * Backward Euler solves y' = 1 - 0.5 y'^2: y' = sqrt(3) - 1. */
    const ode_system sys = {.dim = 1, .rhs = quadratic_decay, .jac = quadratic_decay_jac};
    ode_stepper st;
    double y = 1.0;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_LINEARISED_EULER, 1), 0);
    ck_assert_int_eq(ode_stepper_apply(&st, &sys, 0.0, 0.5, &y), 0);
    ck_assert_double_eq_tol(y, 0.75, 1e-15);
    ck_assert_uint_eq(st.rhs_evals, 1);
    ode_stepper_destroy(&st);
    y = 1.0;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_BACKWARD_EULER, 1), 0);
    ck_assert_int_eq(ode_stepper_apply(&st, &sys, 0.0, 0.5, &y), 0);
    ck_assert_double_eq_tol(y, sqrt(3.0) - 1.0, 1e-12);
    ode_stepper_destroy(&st);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ode_table");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, table_step_matrices_are_the_steps);
    tcase_add_test(tc, table_counts_evaluations);
    tcase_add_test(tc, table_undamped_limits);
    tcase_add_test(tc, table_rows_are_distinct);
    tcase_add_test(tc, linearised_euler_is_one_newton_iterate);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
