/* network: backward Euler (src/net_implicit.c) and velocity Verlet (net_step_verlet), each against an independent
 * reference: a dense LU solve of the linearised backward Euler equations (the full 4n system, (I - hJ) dy = h f,
 * with J from net_jacobian), the closed forms of one spring, the convergence orders against gsl-rk8pd, and ode.h's
 * steps of the same methods. */
#include <check.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/network.h"
#include "../src/net_internal.h"
#include "helpers/check_main.h"

static net_network *preset(const char *name, long n, double k, double m, double c)
{
    net_preset_params p = {.n = n, .k = k, .m = m, .c = c};
    net_network *net = NULL;
    ck_assert_int_eq(net_preset(name, &p, &net), NET_OK);
    return net;
}

static double max_abs_diff(const double *a, const double *b, size_t n)
{
    double d = 0.0;
    for (size_t i = 0; i < n; i++)
        d = fmax(d, fabs(a[i] - b[i]));
    return d;
}

/* The reference step: the linearly implicit Euler step of the full first-order system, y1 = y0 + dy with
 * (I - h J(y0)) dy = h f(y0), solved densely by LU. Its velocity rows are the reduced system net_implicit.c solves;
 * its position rows give p1 = p0 + h (v0 + dv). */
static void reference_step(net_network *net, double h, double *y)
{
    const size_t dim = net_dim(net);
    gsl_matrix *A = gsl_matrix_alloc(dim, dim);
    gsl_vector *b = gsl_vector_alloc(dim), *dy = gsl_vector_alloc(dim);
    gsl_permutation *perm = gsl_permutation_alloc(dim);
    double *dfdt = malloc(dim * sizeof *dfdt);
    net_jacobian(0.0, y, A->data, dfdt, net);
    gsl_matrix_scale(A, -h);
    for (size_t q = 0; q < dim; q++)
        *gsl_matrix_ptr(A, q, q) += 1.0;
    net_rhs(0.0, y, b->data, net);
    gsl_vector_scale(b, h);
    int sign;
    ck_assert_int_eq(gsl_linalg_LU_decomp(A, perm, &sign), 0);
    ck_assert_int_eq(gsl_linalg_LU_solve(A, perm, b, dy), 0);
    for (size_t q = 0; q < dim; q++)
        y[q] += dy->data[q];
    gsl_matrix_free(A), gsl_vector_free(b), gsl_vector_free(dy), gsl_permutation_free(perm), free(dfdt);
}

/* A random network with dampers, pinned masses, stretched springs, gravity, and a moving start: every block of the
 * Jacobian counts (the damper's velocity-dependent position block too). */
static net_network *random_network(gsl_rng *rng, size_t n)
{
    net_network *net = net_new();
    for (size_t i = 0; i < n; i++)
        net_add_mass(net, gsl_rng_uniform(rng), gsl_rng_uniform(rng), 0.3 + gsl_rng_uniform(rng), i % 5 == 0);
    for (size_t i = 0; i + 1 < n; i++)
        net_add_spring(net, i, i + 1, 50.0 + 100.0 * gsl_rng_uniform(rng), 0.3 * gsl_rng_uniform(rng),
                       gsl_rng_uniform(rng));
    for (size_t s = 0; s < n; s++) {
        size_t i = gsl_rng_uniform_int(rng, n), j = gsl_rng_uniform_int(rng, n);
        if (i != j)
            net_add_spring(net, i, j, 80.0, 0.2, 0.5);
    }
    net_set_gravity(net, 0.3, -9.81);
    return net;
}

START_TEST(test_backward_euler_1_is_the_dense_solve)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 3);
    net_network *net = random_network(rng, 40);
    const size_t dim = net_dim(net);
    double *a = malloc(dim * sizeof *a), *b = malloc(dim * sizeof *b), t = 0.0;
    net_rest_state(net, a);
    ck_assert_int_eq(net_kick(net, a, 0.7, 9), NET_OK);
    memcpy(b, a, dim * sizeof *a);
    const double h = 0.05;  /* far past every explicit limit: h^2 k / m is up to 2.5 */
    net_integrator *it = net_integrator_new(net, NET_BACKWARD_EULER_1, h, 0.0);
    ck_assert_ptr_nonnull(it);
    for (int s = 0; s < 20; s++) {
        ck_assert_int_eq(net_integrator_step(it, &t, a), 0);
        reference_step(net, h, b);
        /* GMRES stops at a relative residual of 1e-10: about 1e-9 a step, compared from the same start (the two
         * trajectories would drift apart over the steps, the network being sensitive to its start) */
        ck_assert_msg(max_abs_diff(a, b, dim) < 1e-8, "step %d: %g", s, max_abs_diff(a, b, dim));
        memcpy(b, a, dim * sizeof *a);
    }
    ck_assert(max_abs_diff(a, net->rest_x, net->n_masses) > 0.05);  /* it moved */
    for (size_t i = 0; i < net->n_masses; i += 5)  /* pinned masses did not, exactly */
        ck_assert(a[i] == net->rest_x[i] && a[net->n_masses + i] == net->rest_y[i]);
    net_integrator_free(it);
    free(a), free(b);
    net_free(net);
    gsl_rng_free(rng);
}
END_TEST

/* One mass on one spring (rest length 1, the other end pinned), moving along the spring: a linear system, so the
 * linearised step is backward Euler exactly. Per step (x, v) -> (I - hA)^{-1} (x, v), A = [[0, 1], [-k/m, -c/m]]:
 *     v1 = (v - h (k/m) x) / (1 + h c/m + h^2 k/m),  x1 = x + h v1.
 * k = 8, m = 2, c = 3 (k/m = 4, c/m = 1.5; the wrong c/k or k alone would give other numbers). */
START_TEST(test_backward_euler_one_spring_closed_form)
{
    net_network *net = net_new();
    net_add_mass(net, 0.0, 0.0, 1.0, true);
    net_add_mass(net, 1.0, 0.0, 2.0, false);
    net_add_spring(net, 0, 1, 8.0, 1.0, 3.0);
    double y[8] = {0.0, 1.3, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0}, t = 0.0, x = 0.3, v = 0.5;
    const double h = 0.7;
    /* along the spring's axis its force is linear in x: Newton's first iterate is the solution, and both methods
     * are the closed form (backward-euler needs at most one more iterate, to see its residual is met) */
    for (int newton = 0; newton < 2; newton++) {
        const double y0[8] = {0.0, 1.3, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0};
        memcpy(y, y0, sizeof y);
        t = 0.0, x = 0.3, v = 0.5;
        net_integrator *it = net_integrator_new(net, newton ? NET_BACKWARD_EULER : NET_BACKWARD_EULER_1, h, 0.0);
        for (int s = 0; s < 10; s++) {
            ck_assert_int_eq(net_integrator_step(it, &t, y), 0);
            v = (v - h * 4.0 * x) / (1.0 + h * 1.5 + h * h * 4.0);
            x += h * v;
            ck_assert_double_eq_tol(y[1] - 1.0, x, 1e-12);
            ck_assert_double_eq_tol(y[5], v, 1e-12);
            ck_assert(y[3] == 0.0 && y[7] == 0.0);
            net_newton_stats st;
            ck_assert(net_integrator_newton(it, &st));
            ck_assert_int_le(st.iterations, newton ? 2 : 1);
            ck_assert_int_eq(st.substeps, 1);
        }
        net_integrator_free(it);
    }
    net_free(net);
}
END_TEST

/* backward-euler is backward Euler: its step meets y1 = y0 + h f(y1), checked on the definition (f from net_rhs at
 * the result: no Jacobian, no solve), to 1e-9 of the step's size, on the random network at h = 0.05 and a kick of
 * 0.7 (h^2 k / m up to 2.5: far from linear within a step), where backward-euler-1's one linearised solve misses it
 * by far more (the premise). */
START_TEST(test_backward_euler_meets_its_equations)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 3);
    net_network *net = random_network(rng, 40);
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), *y0 = malloc(dim * sizeof *y0), *f = malloc(dim * sizeof *f), t = 0.0;
    net_rest_state(net, y);
    ck_assert_int_eq(net_kick(net, y, 0.7, 9), NET_OK);
    const double h = 0.05;
    double worst_one_solve = 0.0;
    for (int newton = 0; newton < 2; newton++) {
        net_rest_state(net, y);
        ck_assert_int_eq(net_kick(net, y, 0.7, 9), NET_OK);
        net_integrator *it = net_integrator_new(net, newton ? NET_BACKWARD_EULER : NET_BACKWARD_EULER_1, h, 0.0);
        for (int s = 0; s < 20; s++) {
            memcpy(y0, y, dim * sizeof *y);
            ck_assert_int_eq(net_integrator_step(it, &t, y), 0);
            net_rhs(0.0, y, f, net);
            double miss = 0.0, size = 0.0;
            for (size_t q = 0; q < dim; q++) {
                miss = fmax(miss, fabs(y[q] - y0[q] - h * f[q]));
                size = fmax(size, fabs(y[q] - y0[q]));
            }
            if (!newton) {
                worst_one_solve = fmax(worst_one_solve, miss / size);
                continue;
            }
            ck_assert_msg(miss <= 1e-9 * size, "step %d: |y1 - y0 - h f(y1)| = %g of a step of %g", s, miss, size);
            net_newton_stats st;
            ck_assert(net_integrator_newton(it, &st));
            ck_assert_int_ge(st.iterations, 2);  /* nonlinear: the first iterate was not enough */
            ck_assert(st.residual <= 1e-12);
        }
        net_integrator_free(it);
    }
    ck_assert_msg(worst_one_solve > 1e-4, "the premise: one solve misses the equations (by %g)", worst_one_solve);
    free(y), free(y0), free(f);
    net_free(net);
    gsl_rng_free(rng);
}
END_TEST

/* A damped network can only lose energy, and so must backward Euler solved to convergence: network-lab's cloth
 * made stiff (k = 2000) and kicked hard (50 m/s a component) at one step a frame (1/60 s). backward-euler-1 gains
 * twelvefold on its first step there (532.6 J -> 6637.6 J: one solve about the start, where the springs' directions
 * turn within the step); backward-euler's total energy never rises from a step to the next (to rounding), and it
 * ends at the hanging cloth's, below its start. */
START_TEST(test_newton_never_gains_energy)
{
    net_network *net = preset("grid", 8, 2000.0, 0.01, 0.894427191);
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), t = 0.0;
    const double h = 0.016667;
    for (int newton = 0; newton < 2; newton++) {
        net_rest_state(net, y);
        ck_assert_int_eq(net_kick(net, y, 50.0, 1), NET_OK);
        const double e0 = net_energies(net, y).total;
        net_integrator *it = net_integrator_new(net, newton ? NET_BACKWARD_EULER : NET_BACKWARD_EULER_1, h, 0.0);
        double before = e0;
        int most = 0;
        for (int s = 0; s < (newton ? 60 : 1); s++) {
            ck_assert_int_eq(net_integrator_step(it, &t, y), 0);
            const double e = net_energies(net, y).total;
            net_newton_stats st;
            ck_assert(net_integrator_newton(it, &st));
            most = st.iterations > most ? st.iterations : most;
            if (!newton) {
                ck_assert_msg(e > 10.0 * e0, "the premise: backward-euler-1 gains (%g -> %g J)", e0, e);
                break;
            }
            ck_assert_msg(e <= before + 1e-9 * fabs(before), "step %d: energy rose %.12g -> %.12g J", s, before, e);
            before = e;
        }
        if (newton) {
            ck_assert(before < e0);
            ck_assert_int_ge(most, 4);  /* the hard first steps took Newton several iterations */
        }
        net_integrator_free(it);
    }
    free(y);
    net_free(net);
}
END_TEST

/* The error after a fixed time against gsl-rk8pd: halving h halves backward Euler's error (order 1) and quarters
 * velocity Verlet's (order 2), with dampers (Verlet's predictor keeps it second order there). */
static double error_at(net_network *net, net_method method, double h, const double *y0, const double *truth)
{
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), t = 0.0;
    memcpy(y, y0, dim * sizeof *y);
    net_integrator *it = net_integrator_new(net, method, h, 0.0);
    for (long s = 0; s < lround(0.5 / h); s++)
        net_integrator_step(it, &t, y);
    double e = max_abs_diff(y, truth, dim);
    net_integrator_free(it);
    free(y);
    return e;
}

START_TEST(test_orders)
{
    net_network *net = preset("grid", 4, 30.0, 0.05, 0.1);
    const size_t dim = net_dim(net);
    double *y0 = malloc(dim * sizeof *y0), *truth = malloc(dim * sizeof *truth), t = 0.0;
    net_rest_state(net, y0);
    net_kick(net, y0, 0.4, 2);
    memcpy(truth, y0, dim * sizeof *y0);
    net_integrator *rk8 = net_integrator_new(net, NET_GSL_RK8PD, 0.5, 1e-13);
    ck_assert_int_eq(net_integrator_step(rk8, &t, truth), 0);
    net_integrator_free(rk8);
    const struct { net_method m; double order; } cases[] = {
        {NET_BACKWARD_EULER, 1.0}, {NET_VERLET, 2.0}, {NET_TR_BDF2, 2.0}};
    for (int q = 0; q < 3; q++) {
        double e1 = error_at(net, cases[q].m, 1.0 / 800, y0, truth), e2 = error_at(net, cases[q].m, 1.0 / 1600, y0, truth);
        double order = log2(e1 / e2);
        ck_assert_msg(fabs(order - cases[q].order) < 0.15, "%s: order %g (errors %g, %g)",
                      net_method_name(cases[q].m), order, e1, e2);
    }
    free(y0), free(truth);
    net_free(net);
}
END_TEST

/* Undamped, velocity Verlet is the leapfrog: x1 = x + h v + h^2/2 a(x), v1 = v + h/2 (a(x) + a(x1)). One free
 * mass on a spring of rest 0 along x (k = 6, m = 1.5: a = -4 x): two steps by hand. */
START_TEST(test_verlet_undamped_by_hand)
{
    net_network *net = net_new();
    net_add_mass(net, 0.0, 0.0, 1.0, true);
    net_add_mass(net, 0.0, 0.0, 1.5, false);
    net_add_spring(net, 0, 1, 6.0, 0.0, 0.0);
    double y[8] = {0.0, 0.4, 0.0, 0.0, 0.0, -0.2, 0.0, 0.0}, t = 0.0, x = 0.4, v = -0.2;
    const double h = 0.1;
    net_integrator *it = net_integrator_new(net, NET_VERLET, h, 0.0);
    for (int s = 0; s < 2; s++) {
        net_integrator_step(it, &t, y);
        double a = -4.0 * x, x1 = x + h * v + 0.5 * h * h * a;
        v += 0.5 * h * (a - 4.0 * x1), x = x1;
        ck_assert_double_eq_tol(y[1], x, 1e-15);
        ck_assert_double_eq_tol(y[5], v, 1e-15);
    }
    net_integrator_free(it);
    net_free(net);
}
END_TEST

/* The other steps written again for a network are ode.h's methods to rounding: the fused velocity Verlet
 * (net_step_verlet) and the sparse backward Euler and its first iterate (net_implicit.c: backward-euler,
 * backward-euler-1, tr-bdf2's two stages) against ode_stepper_apply's ODE_VERLET, ODE_BACKWARD_EULER,
 * ODE_LINEARISED_EULER and ODE_TR_BDF2 (dense LU,
 * Newton to 1e-13 of the state) on net_system, on a damped grid under gravity,
 * kicked hard enough (3 m/s) that its springs turn: nonlinear within a step. One step of each from the same state,
 * 50 times along the Verlet trajectory; they differ only in the order of sums and in the solvers (GMRES stops at
 * 1e-10 of its right-hand side). */
START_TEST(test_network_steps_are_the_ode_methods)
{
    net_network *net = preset("grid", 6, 20.0, 0.01, 0.1);
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), *a = malloc(dim * sizeof *a), *b = malloc(dim * sizeof *b);
    net_rest_state(net, y);
    net_kick(net, y, 3.0, 5);
    ode_system sys = net_system(net);
    const double h = 1.0 / 240.0;
    const struct { net_method net; ode_method ode; double tol; } pairs[] = {
        {NET_VERLET, ODE_VERLET, 1e-13}, {NET_BACKWARD_EULER_1, ODE_LINEARISED_EULER, 1e-9},
        {NET_BACKWARD_EULER, ODE_BACKWARD_EULER, 1e-9}, {NET_TR_BDF2, ODE_TR_BDF2, 1e-9},
    };
    for (size_t q = 0; q < sizeof pairs / sizeof pairs[0]; q++) {
        ck_assert_str_eq(net_method_name(pairs[q].net), ode_method_about(pairs[q].ode)->name);
        net_integrator *it = net_integrator_new(net, pairs[q].net, h, 0.0);
        ode_stepper st;
        ck_assert_int_eq(ode_stepper_init(&st, pairs[q].ode, dim), 0);
        double moved = 0.0, scale = 0.0;
        for (int s = 0; s < 50; s++) {
            memcpy(a, y, dim * sizeof *a), memcpy(b, y, dim * sizeof *b);
            double t = 0.0;
            ck_assert_int_eq(net_integrator_step(it, &t, a), 0);
            ck_assert_int_eq(ode_stepper_apply(&st, &sys, 0.0, h, b), 0);
            for (size_t i = 0; i < dim; i++)
                scale = fmax(scale, fabs(a[i] - y[i]));
            ck_assert_msg(max_abs_diff(a, b, dim) <= pairs[q].tol * fmax(1.0, scale), "%s step %d: %g apart",
                          net_method_name(pairs[q].net), s, max_abs_diff(a, b, dim));
            moved = fmax(moved, max_abs_diff(a, y, dim));
            net_step_verlet(net, h, y);
        }
        ck_assert(moved > 1e-3);  /* the steps did something */
        ode_stepper_destroy(&st);
        net_integrator_free(it);
    }
    free(y), free(a), free(b);
    net_free(net);
}
END_TEST

/* The two linear solvers of net_implicit.c (conjugate gradients, the default, and GMRES, the one before it) each
 * give backward-euler-1 the dense LU solve of reference_step to 1e-8 a step on the random network at h = 0.05, where
 * springs squeezed below their rest length make the symmetric part indefinite at some steps: there CG hands the solve
 * to GMRES (the premise, counted). On the default 10 x 10 cloth at 1/240 s, kicked and damped (A unsymmetric by the
 * dampers' term, S positive definite), CG takes every solve, and backward-euler's steps by the two solvers from the
 * same state agree to 1e-9 of the step. */
START_TEST(test_linear_solvers_agree)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 3);
    net_network *net = random_network(rng, 40);
    size_t dim = net_dim(net);
    double *a = malloc(dim * sizeof *a), *b = malloc(dim * sizeof *b), t = 0.0;
    for (int solver = NET_LINEAR_CG; solver <= NET_LINEAR_GMRES; solver++) {
        net_rest_state(net, a);
        ck_assert_int_eq(net_kick(net, a, 0.7, 9), NET_OK);
        net_integrator *it = net_integrator_new(net, NET_BACKWARD_EULER_1, 0.05, 0.0);
        ck_assert(net_integrator_use_solver(it, (net_linear_solver)solver));
        int fallbacks = 0, cg = 0;
        for (int s = 0; s < 20; s++) {
            memcpy(b, a, dim * sizeof *a);
            ck_assert_int_eq(net_integrator_step(it, &t, a), 0);
            reference_step(net, 0.05, b);
            ck_assert_msg(max_abs_diff(a, b, dim) < 1e-8, "solver %d step %d: %g", solver, s, max_abs_diff(a, b, dim));
            net_linear_stats ls;
            ck_assert(net_integrator_linear(it, &ls));
            fallbacks += ls.fallbacks, cg += ls.cg_iterations;
        }
        if (solver == NET_LINEAR_CG)
            ck_assert_msg(fallbacks > 0 && cg > 0, "the premise: CG fell back %d times", fallbacks);
        else
            ck_assert(fallbacks == 0 && cg == 0);
        net_integrator_free(it);
    }
    net_free(net);
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults_at("grid", 10, &p), 0);
    net = preset("grid", 10, p.k, p.m, p.c);
    dim = net_dim(net);
    a = realloc(a, dim * sizeof *a), b = realloc(b, dim * sizeof *b);
    double *y = malloc(dim * sizeof *y);
    net_rest_state(net, y);
    ck_assert_int_eq(net_kick(net, y, 0.5, 2), NET_OK);
    net_integrator *by_cg = net_integrator_new(net, NET_BACKWARD_EULER, 1.0 / 240.0, 0.0);
    net_integrator *by_gmres = net_integrator_new(net, NET_BACKWARD_EULER, 1.0 / 240.0, 0.0);
    ck_assert(net_integrator_use_solver(by_gmres, NET_LINEAR_GMRES));
    for (int s = 0; s < 20; s++) {
        memcpy(a, y, dim * sizeof *y), memcpy(b, y, dim * sizeof *y);
        ck_assert_int_eq(net_integrator_step(by_cg, &t, a), 0);
        ck_assert_int_eq(net_integrator_step(by_gmres, &t, b), 0);
        net_linear_stats ls;
        ck_assert(net_integrator_linear(by_cg, &ls));
        ck_assert_msg(ls.cg_iterations > 0 && ls.fallbacks == 0 && ls.gmres_cycles == 0, "step %d: %d fallbacks",
                      s, ls.fallbacks);
        const double step = max_abs_diff(a, y, dim);
        ck_assert_msg(max_abs_diff(a, b, dim) <= 1e-9 * step, "step %d: %g apart, a step of %g", s,
                      max_abs_diff(a, b, dim), step);
        memcpy(y, a, dim * sizeof *y);
    }
    net_integrator_free(by_cg), net_integrator_free(by_gmres);
    free(a), free(b), free(y);
    net_free(net);
    gsl_rng_free(rng);
}
END_TEST

static Suite *implicit_suite(void)
{
    Suite *s = suite_create("network_implicit");
    TCase *tc = tcase_create("implicit");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_backward_euler_1_is_the_dense_solve);
    tcase_add_test(tc, test_backward_euler_meets_its_equations);
    tcase_add_test(tc, test_newton_never_gains_energy);
    tcase_add_test(tc, test_backward_euler_one_spring_closed_form);
    tcase_add_test(tc, test_orders);
    tcase_add_test(tc, test_verlet_undamped_by_hand);
    tcase_add_test(tc, test_network_steps_are_the_ode_methods);
    tcase_add_test(tc, test_linear_solvers_agree);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(implicit_suite());
}
