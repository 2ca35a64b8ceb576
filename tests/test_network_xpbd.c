/* network: XPBD and plain PBD (src/net_xpbd.c), each against an independent reference: the paper's update formula
 * worked by hand (Macklin, Mueller, Chentanez 2016, eq. 18 and 26), the closed form of one spring's backward Euler
 * step, the project's own backward Euler (net_implicit.c, Newton to 1e-12) as the limit of many iterations, and
 * gsl-rk8pd at a tight tolerance as the truth the equal budget is measured against (Macklin et al. 2019). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/network.h"
#include "helpers/check_main.h"

static double max_abs_diff(const double *a, const double *b, size_t n)
{
    double d = 0.0;
    for (size_t i = 0; i < n; i++)
        d = fmax(d, fabs(a[i] - b[i]));
    return d;
}

/* One step of h from y with `method` (an xpbd or pbd one configured S x I). */
static void step_with(net_network *net, net_method method, int substeps, int iterations, double h, double *y)
{
    net_integrator *it = net_integrator_new(net, method, h, 1e-10);
    ck_assert_ptr_nonnull(it);
    if (method == NET_XPBD || method == NET_PBD)
        ck_assert_int_eq(net_integrator_set_xpbd(it, substeps, iterations), NET_OK);
    double t = 0.0;
    ck_assert_int_eq(net_integrator_step(it, &t, y), 0);
    net_integrator_free(it);
}

/* The paper's update, by hand: xi = (0, 0), xj = (3, 4): l = 5, u = (0.6, 0.8), rest 4: C = 1. xj was (2.5, 4) at the
 * substep's start: grad C . (x - x_prev) = 0.6 * 0.5 = 0.3. wi = 1, wj = 0.5; k = 100, hs = 0.1: at = 1 / (k hs^2)
 * = 1; c = 5: gamma = c / (k hs) = 0.5; lambda so far 0.2. Then
 *     dlambda = (-1 - 1 * 0.2 - 0.5 * 0.3) / (1.5 * 1.5 + 1) = -1.35 / 3.25 = -27/65,
 *     dxi = -wi u dlambda = (16.2, 21.6) / 65,   dxj = wj u dlambda = (-8.1, -10.8) / 65. */
START_TEST(test_projection_by_hand)
{
    const double xi[2] = {0.0, 0.0}, xj[2] = {3.0, 4.0}, pi[2] = {0.0, 0.0}, pj[2] = {2.5, 4.0};
    const double k = 100.0, c = 5.0, hs = 0.1;
    double dxi[2], dxj[2];
    const double dl = net_xpbd_project(xi, xj, pi, pj, 1.0, 0.5, 4.0, 1.0 / (k * hs * hs), c / (k * hs), 0.2, dxi, dxj);
    ck_assert_double_eq_tol(dl, -27.0 / 65.0, 1e-15);
    ck_assert_double_eq_tol(dxi[0], 16.2 / 65.0, 1e-15);
    ck_assert_double_eq_tol(dxi[1], 21.6 / 65.0, 1e-15);
    ck_assert_double_eq_tol(dxj[0], -8.1 / 65.0, 1e-15);
    ck_assert_double_eq_tol(dxj[1], -10.8 / 65.0, 1e-15);
    /* coincident masses have no direction, two fixed masses nothing to move: no correction */
    ck_assert(net_xpbd_project(xi, xi, pi, pi, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, dxi, dxj) == 0.0);
    ck_assert(dxi[0] == 0.0 && dxj[1] == 0.0);
    ck_assert(net_xpbd_project(xi, xj, pi, pj, 0.0, 0.0, 4.0, 1.0, 0.0, 0.0, dxi, dxj) == 0.0);
}
END_TEST

/* One spring from a pinned mass to a free one of mass m, stretched by C0 along y, at rest, no gravity, no damper.
 * Backward Euler's step of h on the mode (v0 = 0): C1 = C0 / (1 + h^2 k / m) = C0 at / (at + w), at = 1/(k h^2),
 * w = 1/m. The constraint is linear along its fixed direction, so XPBD's first sweep solves it and the next ones
 * change nothing: C1 at every iteration count. PBD restarts lambda at 0 every sweep, so each sweep takes the same
 * fraction w / (w + at) of what is left: C1 = C0 (at / (at + w))^I, stiffer with every iteration. */
START_TEST(test_pbd_stiffness_grows_with_iterations)
{
    const double k = 40.0, m = 0.5, L = 1.0, C0 = 0.2, h = 0.05;
    const double at = 1.0 / (k * h * h), w = 1.0 / m, keep = at / (at + w);
    for (int iterations = 1; iterations <= 64; iterations *= 4) {
        for (int pbd = 0; pbd <= 1; pbd++) {
            net_network *net = net_new();
            net_add_mass(net, 0.0, 0.0, 1.0, true);
            net_add_mass(net, 0.0, -(L + C0), m, false);
            net_add_spring(net, 0, 1, k, L, 0.0);
            double y[8];
            net_rest_state(net, y);
            step_with(net, pbd ? NET_PBD : NET_XPBD, 1, iterations, h, y);
            const double C1 = -y[3] - L;  /* mass 1's y is -(L + C1) */
            const double expect = C0 * (pbd ? pow(keep, iterations) : keep);
            ck_assert_msg(fabs(C1 - expect) <= 1e-13, "%s at %d iterations: C1 %.17g, expected %.17g",
                          pbd ? "pbd" : "xpbd", iterations, C1, expect);
            ck_assert_double_eq_tol(y[7], (-(L + C1) + (L + C0)) / h, 1e-12);  /* v = (x - x_prev) / h */
            net_free(net);
        }
    }
}
END_TEST

/* A chain of 5 masses hanging from a pin along gravity, with dampers, moving along the chain: the springs' directions
 * stay vertical, so XPBD's limit as the iterations grow is backward Euler's step exactly (net_xpbd.c): against
 * net_implicit.c's Newton (relative residual 1e-12), to 1e-12 m at 1000 iterations, where 10 are still 1e-5 m off
 * (stiff springs, h^2 k / m = 17: Gauss-Seidel's error shrinks by a fixed factor a sweep; measured 4e-4 m at 10). */
START_TEST(test_limit_is_backward_euler_on_a_hanging_chain)
{
    net_network *net = net_new();
    const double L = 0.2, k = 3000.0, c = 0.4, m = 0.05, h = 1.0 / 60.0;
    for (int i = 0; i < 5; i++)
        net_add_mass(net, 0.0, -L * i, m, i == 0);
    for (size_t i = 0; i < 4; i++)
        net_add_spring(net, i, i + 1, k, L, c);
    net_set_gravity(net, 0.0, -9.81);
    const size_t n = 5;
    double y0[20], be[20], xp[20];
    net_rest_state(net, y0);
    for (size_t i = 1; i < n; i++)
        y0[3 * n + i] = 0.3 * (double)i - 0.5;  /* vertical velocities: the chain stretches and compresses */
    memcpy(be, y0, sizeof be);
    step_with(net, NET_BACKWARD_EULER, 1, 1, h, be);
    double previous = INFINITY;
    const int counts[] = {1, 10, 1000};
    for (size_t q = 0; q < sizeof counts / sizeof counts[0]; q++) {
        memcpy(xp, y0, sizeof xp);
        step_with(net, NET_XPBD, 1, counts[q], h, xp);
        const double err = max_abs_diff(xp, be, 2 * n);
        ck_assert_msg(err < previous, "%d iterations: %g not below %g", counts[q], err, previous);
        previous = err;
        if (q == 1)
            ck_assert_msg(err > 1e-5, "10 iterations already at %g", err);
    }
    ck_assert_msg(previous < 1e-12, "1000 iterations: %g m from backward Euler", previous);
    /* the velocities too: v = (x1 - x0) / h on both sides */
    ck_assert(max_abs_diff(xp + 2 * n, be + 2 * n, 2 * n) < 1e-9);
    net_free(net);
}
END_TEST

/* A sagging 4 x 4 cloth (the grid preset: gravity, two pins, dampers), kicked: the springs turn within the step, and
 * XPBD's limit is close to backward Euler's step but not on it (the term of the paper's g = 0 assumption): at 1/240 s
 * the converged positions are within 1e-6 m of net_implicit.c's, a small fraction of the step's motion (checked
 * above 1e-4 m), and converging: 2000 and 20000 iterations agree to 1e-12 m (the fixed point exists). */
START_TEST(test_limit_near_backward_euler_on_a_cloth)
{
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults_at("grid", 4, &p), 0);
    p.n = 4;
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("grid", &p, &net), NET_OK);
    const size_t dim = net_dim(net), n = net->n_masses;
    const double h = 1.0 / 240.0;
    double *y0 = malloc(dim * sizeof *y0), *be = malloc(dim * sizeof *be), *a = malloc(dim * sizeof *a),
           *b = malloc(dim * sizeof *b);
    net_rest_state(net, y0);
    ck_assert_int_eq(net_kick(net, y0, 0.5, 7), NET_OK);
    memcpy(be, y0, dim * sizeof *be);
    step_with(net, NET_BACKWARD_EULER, 1, 1, h, be);
    memcpy(a, y0, dim * sizeof *a);
    step_with(net, NET_XPBD, 1, 2000, h, a);
    memcpy(b, y0, dim * sizeof *b);
    step_with(net, NET_XPBD, 1, 20000, h, b);
    ck_assert_msg(max_abs_diff(a, b, 2 * n) < 1e-12, "not converged: %g", max_abs_diff(a, b, 2 * n));
    ck_assert_msg(max_abs_diff(b, be, 2 * n) < 1e-6, "%g m from backward Euler", max_abs_diff(b, be, 2 * n));
    ck_assert(max_abs_diff(be, y0, 2 * n) > 1e-4);
    free(y0), free(be), free(a), free(b);
    net_free(net);
}
END_TEST

/* The longest spring's strain (l - L) / L in state y. */
static double max_strain(const net_network *net, const double *y)
{
    const size_t n = net->n_masses;
    double most = 0.0;
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        most = fmax(most, (hypot(y[j] - y[i], y[n + j] - y[n + i]) - net->rest[s]) / net->rest[s]);
    }
    return most;
}

/* "Small Steps": the same budget of 20 projections a spring a frame, as 20 substeps of 1 sweep or 1 substep of 20
 * sweeps, on the 10 x 10 cloth falling from rest for half a second at 60 Hz. Against gsl-rk8pd at 1e-10 (the truth),
 * the substeps' positions are closer (the paper's claim): measured 1.5 mm against 45 mm, and so is their stretch
 * (the longest spring's strain: truth 1.804, substeps 1.814, iterations 1.667). */
START_TEST(test_substeps_beat_iterations_at_equal_budget)
{
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults("grid", &p), 0);
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("grid", &p, &net), NET_OK);
    const size_t dim = net_dim(net), n = net->n_masses;
    const double h = 1.0 / 60.0;
    double *truth = malloc(dim * sizeof *truth), *sub = malloc(dim * sizeof *sub), *its = malloc(dim * sizeof *its);
    net_rest_state(net, truth);
    memcpy(sub, truth, dim * sizeof *sub), memcpy(its, truth, dim * sizeof *its);
    net_integrator *ref = net_integrator_new(net, NET_GSL_RK8PD, h, 1e-10);
    net_integrator *a = net_integrator_new(net, NET_XPBD, h, 0.0), *b = net_integrator_new(net, NET_XPBD, h, 0.0);
    ck_assert_int_eq(net_integrator_set_xpbd(a, 20, 1), NET_OK);
    ck_assert_int_eq(net_integrator_set_xpbd(b, 1, 20), NET_OK);
    double t0 = 0.0, t1 = 0.0, t2 = 0.0;
    for (int s = 0; s < 30; s++) {
        ck_assert_int_eq(net_integrator_step(ref, &t0, truth), 0);
        net_integrator_step(a, &t1, sub);
        net_integrator_step(b, &t2, its);
    }
    const double e_sub = max_abs_diff(sub, truth, 2 * n), e_its = max_abs_diff(its, truth, 2 * n);
    ck_assert_msg(10.0 * e_sub < e_its, "substeps %g m, iterations %g m from the truth", e_sub, e_its);
    const double s_truth = max_strain(net, truth);
    ck_assert(fabs(max_strain(net, sub) - s_truth) < fabs(max_strain(net, its) - s_truth));
    net_integrator_free(ref), net_integrator_free(a), net_integrator_free(b);
    free(truth), free(sub), free(its);
    net_free(net);
}
END_TEST

START_TEST(test_settings_checked)
{
    net_network *net = net_new();
    net_add_mass(net, 0.0, 0.0, 1.0, false);
    net_integrator *semi = net_integrator_new(net, NET_SEMI, 0.01, 0.0);
    net_integrator *x = net_integrator_new(net, NET_XPBD, 0.01, 0.0);
    int s, i;
    ck_assert_int_eq(net_integrator_set_xpbd(semi, 2, 2), NET_ERR_INPUT);
    ck_assert(!net_integrator_xpbd(semi, &s, &i));
    ck_assert(net_integrator_xpbd(x, &s, &i));
    ck_assert_int_eq(s, NET_XPBD_DEFAULT_SUBSTEPS);
    ck_assert_int_eq(i, NET_XPBD_DEFAULT_ITERATIONS);
    ck_assert_int_eq(net_integrator_set_xpbd(x, 0, 2), NET_ERR_INPUT);
    ck_assert_int_eq(net_integrator_set_xpbd(x, 2, NET_XPBD_MAX_ITERATIONS + 1), NET_ERR_INPUT);
    ck_assert_int_eq(net_integrator_set_xpbd(x, 3, 4), NET_OK);
    ck_assert(net_integrator_xpbd(x, &s, &i) && s == 3 && i == 4);
    net_integrator_free(semi), net_integrator_free(x);
    net_free(net);
}
END_TEST

static Suite *xpbd_suite(void)
{
    Suite *s = suite_create("network_xpbd");
    TCase *tc = tcase_create("xpbd");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_projection_by_hand);
    tcase_add_test(tc, test_pbd_stiffness_grows_with_iterations);
    tcase_add_test(tc, test_limit_is_backward_euler_on_a_hanging_chain);
    tcase_add_test(tc, test_limit_near_backward_euler_on_a_cloth);
    tcase_add_test(tc, test_substeps_beat_iterations_at_equal_budget);
    tcase_add_test(tc, test_settings_checked);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(xpbd_suite());
}
