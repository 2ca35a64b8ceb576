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

static int zero_jac(double t, const double *y, double *J, double *dfdt, void *params)
{
    (void)t, (void)y, (void)params, (void)dfdt;
    J[0] = J[1] = J[2] = J[3] = 0.0;
    return 0;
}

START_TEST(rhs_failure_propagates)
{
    const ode_system bad = {.dim = 2, .rhs = failing_rhs, .jac = zero_jac};
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
    /* velocity Verlet: v+ = 0.5 + 0.15 * 3 = 0.95, x = 0.0625 + 0.3 * 0.95 = 0.3475, v = 0.95 + 0.15 * 12 * 0.8^2
     * = 2.102 */
    forced_step(ODE_VERLET, t0, h, y);
    ck_assert_double_eq_tol(y[1], 2.102, 1e-15);
    ck_assert_double_eq_tol(y[0], 0.3475, 1e-15);
}
END_TEST

/* forced with its Jacobian [[0, 1], [0, 0]] (f is linear in y: Newton lands in one iteration) */
static int forced_jac(double t, const double *y, double *J, double *dfdt, void *params)
{
    (void)y, (void)params;
    J[0] = 0.0, J[1] = 1.0, J[2] = 0.0, J[3] = 0.0;
    dfdt[0] = 0.0, dfdt[1] = 24.0 * t;
    return 0;
}

START_TEST(implicit_steppers_by_hand)
{
    const ode_system sys = {.dim = 2, .rhs = forced, .jac = forced_jac};
    const double t0 = 0.5, h = 0.3;
    ode_stepper st;
    /* backward Euler takes f at t0 + h and the new state: v = 0.5 + 0.3 * 12 * 0.8^2 = 2.804,
     * x = 0.0625 + 0.3 * 2.804 = 0.9037 */
    ck_assert_int_eq(ode_stepper_init(&st, ODE_BACKWARD_EULER, 2), 0);
    double y[2] = {0.0625, 0.5};
    ck_assert_int_eq(ode_stepper_apply(&st, &sys, t0, h, y), 0);
    ck_assert_double_eq_tol(y[1], 2.804, 1e-14);
    ck_assert_double_eq_tol(y[0], 0.9037, 1e-14);
    ck_assert_uint_eq(st.rhs_evals, 2);  /* the linear solve, then the check that it holds */
    ck_assert_uint_eq(st.jac_evals, 1);
    ode_stepper_destroy(&st);
    /* the midpoint rule at t0 + h/2 and the mean state: v = 0.5 + 0.3 * 12 * 0.65^2 = 2.021,
     * x = 0.0625 + 0.3 (0.5 + 2.021)/2 = 0.44065 */
    ck_assert_int_eq(ode_stepper_init(&st, ODE_IMPLICIT_MIDPOINT, 2), 0);
    y[0] = 0.0625, y[1] = 0.5;
    ck_assert_int_eq(ode_stepper_apply(&st, &sys, t0, h, y), 0);
    ck_assert_double_eq_tol(y[1], 2.021, 1e-14);
    ck_assert_double_eq_tol(y[0], 0.44065, 1e-14);
    /* without a Jacobian there is nothing to solve with */
    const ode_system nojac = {.dim = 2, .rhs = forced};
    ck_assert_int_eq(ode_stepper_apply(&st, &nojac, t0, h, y), -1);
    ode_stepper_destroy(&st);
}
END_TEST

START_TEST(new_methods_orders_in_4d)
{
    /* halving h divides the error by 2^p: Verlet and the midpoint rule 2, backward Euler 1 */
    ck_assert_double_eq_tol(log2(error_at_1(ODE_VERLET, 0.002) / error_at_1(ODE_VERLET, 0.001)), 2.0, 0.05);
    ck_assert_double_eq_tol(log2(error_at_1(ODE_IMPLICIT_MIDPOINT, 0.002) / error_at_1(ODE_IMPLICIT_MIDPOINT, 0.001)),
                            2.0, 0.05);
    ck_assert_double_eq_tol(log2(error_at_1(ODE_BACKWARD_EULER, 0.001) / error_at_1(ODE_BACKWARD_EULER, 0.0005)),
                            1.0, 0.05);
    for (int m = 0; m < ODE_METHOD_COUNT; m++)
        ck_assert_str_ne(ode_method_about((ode_method)m)->name, "");
    ck_assert_ptr_null(ode_method_about(ODE_METHOD_COUNT));
    ck_assert_str_eq(ode_method_about(ODE_BACKWARD_EULER)->name, "backward-euler");
}
END_TEST

START_TEST(implicit_step_matrices)
{
    /* On x'' = -w^2 x, one backward Euler step is (I - hA)^{-1} with A = [[0, 1], [-w^2, 0]]: from (1, 0) it lands
     * on (1, -h w^2) / (1 + h^2 w^2); the midpoint rule keeps x^2 w^2 + v^2 to rounding at any step (its R(iy) has
     * modulus 1), here w = 3 and h = 2 (w h = 6, far beyond every explicit method's limit). */
    const double h = 2.0, w2 = 9.0;
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_BACKWARD_EULER, 4), 0);
    double y[4] = {1, 1, 0, 0};
    ck_assert_int_eq(ode_stepper_apply(&st, &osc, 0.0, h, y), 0);
    ck_assert_double_eq_tol(y[1], 1.0 / (1.0 + h * h * w2), 1e-15);
    ck_assert_double_eq_tol(y[3], -h * w2 / (1.0 + h * h * w2), 1e-15);
    ode_stepper_destroy(&st);
    ck_assert_int_eq(ode_stepper_init(&st, ODE_IMPLICIT_MIDPOINT, 4), 0);
    y[0] = y[1] = 1.0, y[2] = y[3] = 0.0;
    for (int n = 0; n < 1000; n++)
        ck_assert_int_eq(ode_stepper_apply(&st, &osc, n * h, h, y), 0);
    ck_assert_double_eq_tol(w2 * y[1] * y[1] + y[3] * y[3], w2, 1e-11);
    ck_assert_double_eq_tol(y[0] * y[0] + y[2] * y[2], 1.0, 1e-11);
    ode_stepper_destroy(&st);
}
END_TEST

START_TEST(verlet_reuses_a_force_of_position)
{
    /* with force_of_position the force at a step's end starts the next step: one evaluation a step (plus the
     * first), and the same numbers bit for bit, since a(x, v) does not look at v */
    ode_system once = osc;
    once.force_of_position = true;
    ode_stepper a, b;
    ck_assert_int_eq(ode_stepper_init(&a, ODE_VERLET, 4), 0);
    ck_assert_int_eq(ode_stepper_init(&b, ODE_VERLET, 4), 0);
    double ya[4] = {1, 1, 0, 0}, yb[4] = {1, 1, 0, 0};
    const double h = 0.1;
    for (int n = 0; n < 100; n++) {
        ck_assert_int_eq(ode_stepper_apply(&a, &osc, n * h, h, ya), 0);
        ck_assert_int_eq(ode_stepper_apply(&b, &once, n * h, h, yb), 0);
    }
    for (int i = 0; i < 4; i++)
        ck_assert(ya[i] == yb[i]);
    ck_assert_uint_eq(a.rhs_evals, 200);
    ck_assert_uint_eq(b.rhs_evals, 101);
    /* a state changed from outside (a drag) is not the saved one: the force is evaluated again */
    yb[0] += 0.5;
    ck_assert_int_eq(ode_stepper_apply(&b, &once, 100 * h, h, yb), 0);
    ck_assert_uint_eq(b.rhs_evals, 103);
    /* symplectic: on x'' = -w^2 x it keeps v^2 + w^2 (1 - (w h)^2/4) x^2 to rounding (w = 3, h = 0.1) */
    const double w2 = 9.0, q0 = w2 * (1.0 - w2 * h * h / 4.0) * yb[1] * yb[1] + yb[3] * yb[3];
    for (int n = 0; n < 10000; n++)
        ode_stepper_apply(&b, &once, n * h, h, yb);
    ck_assert_double_eq_tol(w2 * (1.0 - w2 * h * h / 4.0) * yb[1] * yb[1] + yb[3] * yb[3], q0, 1e-12 * q0);
    ode_stepper_destroy(&a);
    ode_stepper_destroy(&b);
}
END_TEST

/* A stability predicate with a known edge: stable for h in [0, edge] (closed) or [0, edge) (open), counting calls. */
typedef struct {
    double edge;
    bool open;
    int calls;
} known_edge;

static bool below_edge(void *ctx, double h)
{
    known_edge *k = ctx;
    k->calls++;
    return k->open ? h < k->edge : h <= k->edge;
}

START_TEST(stability_edge_returns_a_stable_step)
{
    /* The contract (ode.h): the returned step is stable, and within tol of the first unstable one. Edges that no
     * scan or bisection point hits exactly (0.7, 2/3 and sqrt(2) are not h0 1.25^k nor a dyadic midpoint). */
    const double edges[] = {0.7, 2.0 / 3.0, 1.4142135623730951, 3e-5};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        for (int open = 0; open < 2; open++) {
            known_edge k = {.edge = edges[i], .open = open};
            const double tol = 1e-9;
            const double h = ode_stability_edge(below_edge, &k, 1e-6, 1.25, 1e8, tol);
            ck_assert_msg(below_edge(&k, h), "edge %g (%s): %.17g is not stable", edges[i],
                          open ? "open" : "closed", h);
            ck_assert_msg(h >= edges[i] * (1.0 - 2.0 * tol), "edge %g: %.17g is further than tol below it", edges[i], h);
            /* the scan and the bisection: about log(edge / h0) / log(1.25) + log2(1 / tol) calls, not more */
            ck_assert_int_le(k.calls, (int)(log(edges[i] / 1e-6) / log(1.25)) + 35);
        }
    /* unstable at h0: 0; stable up to h0 x span: +inf */
    known_edge tiny = {.edge = 1e-7};
    ck_assert(ode_stability_edge(below_edge, &tiny, 1e-6, 1.25, 1e8, 1e-9) == 0.0);
    known_edge huge = {.edge = 1e10};
    ck_assert(isinf(ode_stability_edge(below_edge, &huge, 1e-6, 1.25, 1e8, 1e-9)));
    /* an edge just inside the span is found, not taken for +inf: h0 1e-6, span 1e8 reaches 100 */
    known_edge inside = {.edge = 90.0};
    ck_assert_double_eq_tol(ode_stability_edge(below_edge, &inside, 1e-6, 1.25, 1e8, 1e-9), 90.0, 1e-6);
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
    tcase_add_test(tc, implicit_steppers_by_hand);
    tcase_add_test(tc, new_methods_orders_in_4d);
    tcase_add_test(tc, implicit_step_matrices);
    tcase_add_test(tc, verlet_reuses_a_force_of_position);
    tcase_add_test(tc, stability_edge_returns_a_stable_step);
    suite_add_tcase(s, tc);
    TCase *gsl = tcase_create("gsl");
    tcase_add_test(gsl, gsl_kinds_reach_t1_accurately);
    tcase_add_test(gsl, gsl_rk4_fixed_counts_evaluations);
    tcase_add_test(gsl, gsl_rk4_lands_on_t1_with_a_partial_step);
    suite_add_tcase(s, gsl);
    return run_suite(s);
}
