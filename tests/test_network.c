/* test_network: the network module against closed forms, GSL and hand calculations. The file parser's tests are
 * in test_network_file.c. */
#include <check.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "numlab/network.h"
#include "helpers/check_main.h"

#define ck_assert_rel(X, Y, TOL)                                                                              \
    do {                                                                                                      \
        double x_ = (X), y_ = (Y);                                                                            \
        ck_assert_msg(fabs(x_ - y_) <= (TOL) * fabs(y_), "%s = %.17g, expected %.17g (relative %g)", #X, x_, \
                      y_, (double)(TOL));                                                                     \
    } while (0)

static net_network *preset(const char *name, long n, double k, double m, double c)
{
    net_preset_params p = {.n = n, .k = k, .m = m, .c = c};
    net_network *net = NULL;
    ck_assert_int_eq(net_preset(name, &p, &net), NET_OK);
    return net;
}

static double *state_of(const net_network *net)
{
    double *y = malloc(net_dim(net) * sizeof *y);
    ck_assert_ptr_nonnull(y);
    net_rest_state(net, y);
    return y;
}

static bool all_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return false;
    return true;
}

static double max_abs_diff(const double *a, const double *b, size_t n)
{
    double m = 0.0;
    for (size_t i = 0; i < n; i++)
        m = fmax(m, fabs(a[i] - b[i]));
    return m;
}

/* --- normal modes ------------------------------------------------------------------------------------------ */

/* A chain of N masses m between fixed anchors, springs k: w_j = 2 sqrt(k/m) sin(j pi / (2 (N + 1))) along the
 * chain (the discrete string), and N zero modes sideways (no stiffness at rest length). */
START_TEST(test_chain_frequencies)
{
    const double k = 3.0, m = 0.7;
    for (long n = 1; n <= 20; n++) {
        net_network *net = preset("chain", n, k, m, 0.0);
        net_modes modes;
        char err[256];
        ck_assert_int_eq(net_modes_compute(net, &modes, err, sizeof err), NET_OK);
        ck_assert_uint_eq(modes.count, 2 * (size_t)n);
        const double w_max = 2.0 * sqrt(k / m) * sin((double)n * NUMLAB_PI / (2.0 * (double)(n + 1)));
        ck_assert_rel(modes.omega_max, w_max, 1e-9);
        ck_assert_rel(modes.semi_limit, 2.0 / w_max, 1e-9);
        ck_assert_rel(modes.rk4_limit, 2.0 * sqrt(2.0) / w_max, 1e-9);
        for (long j = 1; j <= n; j++) {
            ck_assert(modes.omega2[j - 1] == 0.0);
            double w = 2.0 * sqrt(k / m) * sin((double)j * NUMLAB_PI / (2.0 * (double)(n + 1)));
            ck_assert_rel(sqrt(modes.omega2[n + j - 1]), w, 1e-9);
        }
        net_modes_destroy(&modes);
        net_free(net);
    }
}
END_TEST

/* Two free masses 1 and 3 kg, one spring k = 2 along (3, 4)/5: the stretching mode has w^2 = k (1/m1 + 1/m2)
 * = 8/3 (the reduced mass); translation (2) and rotation (1) are free. Checks the mass weighting. */
START_TEST(test_two_masses_reduced_mass)
{
    net_network *net = net_new();
    ck_assert_int_eq(net_add_mass(net, 1.0, 1.0, 1.0, false), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 1.6, 1.8, 3.0, false), NET_OK);
    ck_assert_int_eq(net_add_spring(net, 0, 1, 2.0, 1.0, 0.0), NET_OK);
    net_modes modes;
    char err[256];
    ck_assert_int_eq(net_modes_compute(net, &modes, err, sizeof err), NET_OK);
    ck_assert_uint_eq(modes.count, 4);
    for (int q = 0; q < 3; q++)
        ck_assert(modes.omega2[q] == 0.0);
    ck_assert_rel(modes.omega2[3], 8.0 / 3.0, 1e-12);
    net_modes_destroy(&modes);
    net_free(net);
}
END_TEST

START_TEST(test_modes_refused)
{
    net_modes modes;
    char err[256];
    net_network *net = preset("four", 0, 10, 1, 0);
    net->law = NET_LAW_UNIT_ELONGATION;
    ck_assert_int_eq(net_modes_compute(net, &modes, err, sizeof err), NET_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err, "Hooke"));
    net->law = NET_LAW_HOOKE;
    for (size_t i = 0; i < 4; i++)
        net_set_pinned(net, i, true);
    ck_assert_int_eq(net_modes_compute(net, &modes, err, sizeof err), NET_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err, "free masses"));
    net_free(net);
    net = net_new();  /* coincident at rest with a rest length: no direction */
    net_add_mass(net, 0, 0, 1, false), net_add_mass(net, 0, 0, 1, false);
    net_add_spring(net, 0, 1, 1.0, 1.0, 0.0);
    ck_assert_int_eq(net_modes_compute(net, &modes, err, sizeof err), NET_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err, "coincide"));
    net_free(net);
}
END_TEST

/* Runs `steps` steps of a method from y and returns the largest |x - rest| reached (INFINITY once non-finite). */
static double max_excursion(net_network *net, net_method method, double h, int steps, double *y)
{
    net_integrator *it = net_integrator_new(net, method, h, 1e-10);
    ck_assert_ptr_nonnull(it);
    double t = 0.0, worst = 0.0;
    for (int s = 0; s < steps && isfinite(worst); s++) {
        net_integrator_step(it, &t, y);
        for (size_t i = 0; i < net->n_masses; i++)
            worst = isfinite(y[i]) ? fmax(worst, fabs(y[i] - net->rest_x[i])) : INFINITY;
    }
    net_integrator_free(it);
    return worst;
}

/* The step limits from the modes are the real ones: 2% below, the chain stays bounded; 2% above, it blows up.
 * The kick is along the chain only, where the chain is linear while the masses keep their order. */
START_TEST(test_step_limits_are_sharp)
{
    net_network *net = preset("chain", 4, 2.0, 0.5, 0.0);
    net_modes modes;
    char err[256];
    ck_assert_int_eq(net_modes_compute(net, &modes, err, sizeof err), NET_OK);
    const struct {
        net_method method;
        double limit;
    } cases[] = {{NET_SEMI, modes.semi_limit}, {NET_RK4, modes.rk4_limit}};
    for (int c = 0; c < 2; c++)
        for (int above = 0; above < 2; above++) {
            double *y = state_of(net);
            for (size_t i = 1; i <= 4; i++)
                y[2 * net->n_masses + i] = 0.1 * (double)(i % 2 ? 1 : -1) + 0.01 * (double)i;
            double worst = max_excursion(net, cases[c].method, cases[c].limit * (above ? 1.02 : 0.98), 20000, y);
            /* below: oscillations of a few cm; above: growth until the masses pass each other (the spacing is
             * 1 m), where the chain stops being linear (RK4 then wanders, semi-implicit explodes) */
            if (above)
                ck_assert_msg(worst > 1.0, "%s above its limit stayed within %g", net_method_name(cases[c].method),
                              worst);
            else
                ck_assert_msg(worst < 0.2, "%s below its limit reached %g", net_method_name(cases[c].method), worst);
            free(y);
        }
    net_modes_destroy(&modes);
    net_free(net);
}
END_TEST

/* --- energy ------------------------------------------------------------------------------------------------ */

/* Undamped semi-implicit Euler through the generic stepper, 10^6 steps: the energy stays in the band it has after
 * the first 10^4 steps (it conserves a modified energy; no drift), and that band is narrow. */
START_TEST(test_semi_energy_bounded)
{
    net_network *net = preset("four", 0, 10.0, 1.0, 0.0);
    double *y = state_of(net);
    net_kick(net, y, 0.5, 7);
    const double e0 = net_energies(net, y).total, h = 1.0 / 240.0;
    ode_system sys = net_system(net);
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_SEMI_IMPLICIT, sys.dim), 0);
    double early = 0.0, overall = 0.0;
    for (int s = 1; s <= 1000000; s++) {
        ode_stepper_apply(&st, &sys, s * h, h, y);
        double dev = fabs(net_energies(net, y).total - e0);
        overall = fmax(overall, dev);
        if (s <= 10000)
            early = dev > early ? dev : early;
    }
    ck_assert_msg(overall <= 1.5 * early, "band grew from %g to %g", early, overall);
    ck_assert_msg(overall <= 0.02 * e0, "band %g of %g", overall, e0);
    ck_assert_msg(early > 0.0, "semi-implicit Euler does not conserve the energy exactly");
    ode_stepper_destroy(&st);
    free(y);
    net_free(net);
}
END_TEST

/* Explicit Euler on a linear system y' = A y conserving E: E(y + h A y) = E(y) + h^2 E(A y) exactly, because
 * dE/dt = 0 kills the cross term. Along the chain the network is linear, so every step gains exactly
 * h^2 E(f(y)), where E(f(y)) is the energy of the state (displacement v, velocity a). */
START_TEST(test_explicit_gains_energy)
{
    net_network *net = preset("chain", 5, 2.0, 0.5, 0.0);
    const size_t n = net->n_masses, dim = net_dim(net);
    double *y = state_of(net), *f = malloc(dim * sizeof *f), *z = malloc(dim * sizeof *z);
    for (size_t i = 1; i <= 5; i++)
        y[2 * n + i] = 0.05 * (double)i - 0.1;
    const double h = 0.05;
    ode_system sys = net_system(net);
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_EXPLICIT_EULER, dim), 0);
    double e = net_energies(net, y).total;
    const double e0 = e;
    for (int s = 0; s < 200; s++) {
        net_rhs(0.0, y, f, net);
        net_rest_state(net, z);  /* z = (rest + displacement f_p, velocity f_v) */
        for (size_t q = 0; q < 2 * n; q++)
            z[q] += f[q], z[2 * n + q] = f[2 * n + q];
        double gain = h * h * net_energies(net, z).total;
        ode_stepper_apply(&st, &sys, 0.0, h, y);
        double e_next = net_energies(net, y).total;
        ck_assert_rel(e_next - e, gain, 1e-8);
        ck_assert(e_next > e);
        e = e_next;
    }
    ck_assert_msg(e > 1.2 * e0, "energy %g from %g", e, e0);
    ode_stepper_destroy(&st);
    free(y), free(f), free(z);
    net_free(net);
}
END_TEST

/* --- accuracy ---------------------------------------------------------------------------------------------- */

static double error_at(net_network *net, net_method method, double h, double t_end, const double *y0,
                       const double *truth)
{
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y);
    memcpy(y, y0, dim * sizeof *y);
    net_integrator *it = net_integrator_new(net, method, h, 1e-10);
    double t = 0.0;
    for (long s = lround(t_end / h); s > 0; s--)
        net_integrator_step(it, &t, y);
    double err = max_abs_diff(y, truth, dim);
    net_integrator_free(it);
    free(y);
    return err;
}

/* RK4's error falls 16x when h halves, semi-implicit Euler's 2x, against gsl-rk8pd at 1e-13 (the kicked, damped,
 * nonlinear braced square: every term of the force is exercised). */
START_TEST(test_orders_against_rk8pd)
{
    net_network *net = preset("four", 0, 10.0, 1.0, 0.3);
    const size_t dim = net_dim(net);
    double *y0 = state_of(net), *truth = state_of(net);
    net_kick(net, y0, 0.8, 3);
    memcpy(truth, y0, dim * sizeof *y0);
    const double t_end = 2.0;
    net_integrator *ref = net_integrator_new(net, NET_GSL_RK8PD, t_end, 1e-13);  /* one "step" of t_end */
    double t = 0.0;
    ck_assert_int_eq(net_integrator_step(ref, &t, truth), 0);
    ck_assert_rel(t, t_end, 1e-15);
    net_integrator_free(ref);
    double e[3];
    for (int q = 0; q < 3; q++)
        e[q] = error_at(net, NET_RK4, 0.04 / (1 << q), t_end, y0, truth);
    for (int q = 0; q < 2; q++) {
        double order = log2(e[q] / e[q + 1]);
        ck_assert_msg(order > 3.8 && order < 4.2, "rk4 order %g (errors %g, %g)", order, e[q], e[q + 1]);
    }
    for (int q = 0; q < 3; q++)
        e[q] = error_at(net, NET_SEMI, 0.002 / (1 << q), t_end, y0, truth);
    for (int q = 0; q < 2; q++) {
        double order = log2(e[q] / e[q + 1]);
        ck_assert_msg(order > 0.9 && order < 1.1, "semi order %g (errors %g, %g)", order, e[q], e[q + 1]);
    }
    free(y0), free(truth);
    net_free(net);
}
END_TEST

/* gsl-msbdf with the analytic Jacobian crosses a stiff cloth (a square of 4 x 4 masses swinging from one corner)
 * at dt = 1/240 s, over 10x the semi-implicit limit, and lands on gsl-rk8pd's answer, while semi-implicit Euler
 * at that step blows up. */
START_TEST(test_msbdf_stiff_grid)
{
    net_network *net = preset("grid", 4, 1e5, 0.01, 0.5);
    net_set_pinned(net, 3, false);  /* hanging from one corner, it swings */
    net_modes modes;
    char err[256];
    ck_assert_int_eq(net_modes_compute(net, &modes, err, sizeof err), NET_OK);
    const double h = 1.0 / 240.0;
    ck_assert_msg(h > 10.0 * modes.semi_limit, "not stiff: limit %g", modes.semi_limit);
    const size_t dim = net_dim(net);
    double *a = state_of(net), *b = state_of(net), *c = state_of(net);
    net_kick(net, a, 0.5, 4), net_kick(net, b, 0.5, 4), net_kick(net, c, 0.5, 4);
    net_integrator *bdf = net_integrator_new(net, NET_GSL_MSBDF, h, 1e-11);
    net_integrator *rk8 = net_integrator_new(net, NET_GSL_RK8PD, h, 1e-12);
    double ta = 0.0, tb = 0.0;
    for (int s = 0; s < 120; s++) {
        ck_assert_int_eq(net_integrator_step(bdf, &ta, a), 0);
        ck_assert_int_eq(net_integrator_step(rk8, &tb, b), 0);
    }
    ck_assert_msg(max_abs_diff(a, b, dim) < 1e-6, "msbdf vs rk8pd: %g", max_abs_diff(a, b, dim));
    ck_assert_msg(max_abs_diff(a, net->rest_x, net->n_masses) > 0.05, "it hardly moved");
    ck_assert(max_excursion(net, NET_SEMI, h, 120, c) > 1e6);
    net_integrator_free(bdf), net_integrator_free(rk8);
    free(a), free(b), free(c);
    net_modes_destroy(&modes);
    net_free(net);
}
END_TEST

/* --- conservation and robustness --------------------------------------------------------------------------- */

static void check_momentum(net_network *net, net_method method, double kick)
{
    double *y = state_of(net), p0[2], p[2];
    net_kick(net, y, kick, 11);
    net_momentum(net, y, p0);
    net_integrator *it = net_integrator_new(net, method, 1.0 / 240.0, 1e-10);
    double t = 0.0;
    for (int s = 0; s < 1000; s++)
        net_integrator_step(it, &t, y);
    net_momentum(net, y, p);
    ck_assert_msg(fabs(p[0] - p0[0]) <= 1e-12 && fabs(p[1] - p0[1]) <= 1e-12,
                  "%s: momentum (%.17g, %.17g) -> (%.17g, %.17g)", net_method_name(method), p0[0], p0[1], p[0], p[1]);
    ck_assert(fabs(p0[0]) + fabs(p0[1]) > 0.01);  /* there is momentum to lose */
    net_integrator_free(it);
    free(y);
}

/* Internal forces come in equal and opposite pairs, dampers included: no pins, no gravity -> p stays. */
START_TEST(test_momentum_conserved)
{
    net_network *four = preset("four", 0, 10.0, 1.0, 0.4);
    for (net_method m = NET_EXPLICIT; m <= NET_GSL_RK4; m++)
        check_momentum(four, m, 0.5);
    net_free(four);
    net_network *cloth = preset("grid", 9, 20.0, 0.3, 0.2);  /* the fast kernel's runs */
    net_set_gravity(cloth, 0.0, 0.0);
    net_set_pinned(cloth, 0, false), net_set_pinned(cloth, 8, false);
    check_momentum(cloth, NET_SEMI, 1.0);
    check_momentum(cloth, NET_RK4, 1.0);
    net_free(cloth);
}
END_TEST

/* Coincident and nearly coincident masses (|d|^2 zero, subnormal, or underflowing) give finite forces in both
 * kernels, the Jacobian and the energies, and every method steps through them. */
START_TEST(test_coincident_masses_no_nan)
{
    static const double gaps[] = {0.0, 1e-170, 1e-160, 1e-155};
    for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
        net_network *net = net_new();
        for (int i = 0; i < 6; i++)  /* a run of 5 springs (fast kernel) between (almost) coincident masses */
            net_add_mass(net, gaps[g] * i, -gaps[g] * i, 1.0, false);
        for (size_t i = 0; i < 5; i++)
            net_add_spring(net, i, i + 1, 10.0, 1.0, 0.5);
        net_add_mass(net, 0.0, 0.0, 2.0, false);  /* and a loose spring of rest length 0 */
        net_add_spring(net, 6, 0, 5.0, 0.0, 0.1);
        const size_t dim = net_dim(net);
        double *y = state_of(net), *f = malloc(dim * sizeof *f), *jac = malloc(dim * dim * sizeof *jac);
        net_forces(net, y, f);
        ck_assert(all_finite(f, 2 * net->n_masses));
        net_forces_reference(net, y, f);
        ck_assert(all_finite(f, 2 * net->n_masses));
        net_jacobian(0.0, y, jac, f, net);
        ck_assert(all_finite(jac, dim * dim));
        net_energy e = net_energies(net, y);
        ck_assert(isfinite(e.total));
        for (net_method m = NET_EXPLICIT; m < NET_METHOD_COUNT; m++) {
            net_rest_state(net, y);
            net_integrator *it = net_integrator_new(net, m, 0.01, 1e-8);
            double t = 0.0;
            for (int s = 0; s < 50; s++)
                net_integrator_step(it, &t, y);
            ck_assert_msg(all_finite(y, dim), "%s at gap %g", net_method_name(m), gaps[g]);
            net_integrator_free(it);
        }
        net->law = NET_LAW_UNIT_ELONGATION;
        net_rhs(0.0, y, f, net);
        ck_assert(all_finite(f, dim));
        free(y), free(f), free(jac);
        net_free(net);
    }
}
END_TEST

/* --- the fast path against the plain one ------------------------------------------------------------------- */

/* A random network: masses in the unit square, a run of consecutive springs, and random loose springs. */
static net_network *random_network(gsl_rng *rng, size_t n)
{
    net_network *net = net_new();
    for (size_t i = 0; i < n; i++)
        net_add_mass(net, gsl_rng_uniform(rng), gsl_rng_uniform(rng), 0.5 + gsl_rng_uniform(rng), i % 7 == 0);
    for (size_t i = 0; i + 3 < n; i++)
        net_add_spring(net, i, i + 3, 1.0 + gsl_rng_uniform(rng), 0.2 * gsl_rng_uniform(rng), gsl_rng_uniform(rng));
    for (size_t s = 0; s < 2 * n; s++) {
        size_t i = gsl_rng_uniform_int(rng, n), j = gsl_rng_uniform_int(rng, n);
        if (i != j)
            net_add_spring(net, i, j, 1.0 + gsl_rng_uniform(rng), 0.3, gsl_rng_uniform(rng));
    }
    net_set_gravity(net, 0.0, -9.81);
    return net;
}

START_TEST(test_fast_kernel_matches_reference)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 5);
    net_network *nets[3] = {random_network(rng, 300), preset("grid", 23, 20.0, 0.01, 0.1),
                            preset("chain", 700, 3.0, 1.0, 0.2)};
    for (int q = 0; q < 3; q++) {
        net_network *net = nets[q];
        const size_t n = net->n_masses;
        double *y = state_of(net), *fast = malloc(2 * n * sizeof *fast), *ref = malloc(2 * n * sizeof *ref);
        for (size_t i = 0; i < 4 * n; i++)  /* stretch, shear and move everything */
            y[i] += 0.02 * (gsl_rng_uniform(rng) - 0.5);
        net_forces(net, y, fast);
        net_forces_reference(net, y, ref);
        double scale = 0.0;
        for (size_t i = 0; i < 2 * n; i++)
            scale = fmax(scale, fabs(ref[i]));
        ck_assert(scale > 0.0);
        ck_assert_msg(max_abs_diff(fast, ref, 2 * n) <= 1e-13 * scale, "network %d: %g of %g", q,
                      max_abs_diff(fast, ref, 2 * n), scale);
        free(y), free(fast), free(ref);
        net_free(net);
    }
    gsl_rng_free(rng);
}
END_TEST

/* The fused semi-implicit step is ode.h's semi-implicit step on net_rhs, bit for bit. */
START_TEST(test_fused_semi_is_generic_semi)
{
    net_network *net = preset("grid", 12, 20.0, 0.01, 0.1);
    const size_t dim = net_dim(net);
    double *a = state_of(net), *b = state_of(net);
    net_kick(net, a, 0.3, 2);
    memcpy(b, a, dim * sizeof *a);
    ode_system sys = net_system(net);
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_SEMI_IMPLICIT, dim), 0);
    for (int s = 0; s < 300; s++) {
        net_step_semi(net, 1.0 / 240.0, a);
        ode_stepper_apply(&st, &sys, 0.0, 1.0 / 240.0, b);
    }
    ck_assert(memcmp(a, b, dim * sizeof *a) == 0);
    ck_assert(max_abs_diff(a, net->rest_x, net->n_masses) > 1e-3);  /* it moved */
    ode_stepper_destroy(&st);
    free(a), free(b);
    net_free(net);
}
END_TEST

/* The analytic Jacobian against central differences of net_rhs, for both laws, with damping, a pinned mass and
 * gravity. */
START_TEST(test_jacobian_matches_differences)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 9);
    for (int law = 0; law < NET_LAW_COUNT; law++) {
        net_network *net = random_network(rng, 8);
        net->law = (net_force_law)law;
        const size_t dim = net_dim(net);
        double *y = state_of(net), *jac = malloc(dim * dim * sizeof *jac), *dfdt = malloc(dim * sizeof *dfdt);
        double *fp = malloc(dim * sizeof *fp), *fm = malloc(dim * sizeof *fm);
        for (size_t i = 0; i < dim; i++)
            y[i] += 0.1 * (gsl_rng_uniform(rng) - 0.5);
        net_jacobian(0.0, y, jac, dfdt, net);
        double worst = 0.0, scale = 0.0;
        for (size_t c = 0; c < dim; c++) {
            const double h = 1e-6, keep = y[c];
            y[c] = keep + h, net_rhs(0.0, y, fp, net);
            y[c] = keep - h, net_rhs(0.0, y, fm, net);
            y[c] = keep;
            for (size_t r = 0; r < dim; r++) {
                worst = fmax(worst, fabs((fp[r] - fm[r]) / (2 * h) - jac[r * dim + c]));
                scale = fmax(scale, fabs(jac[r * dim + c]));
            }
        }
        ck_assert_msg(worst <= 1e-6 * scale, "law %d: %g of %g", law, worst, scale);
        free(y), free(jac), free(dfdt), free(fp), free(fm);
        net_free(net);
    }
    gsl_rng_free(rng);
}
END_TEST

/* --- the network post's pitfall ------------------------------------------------------------------------------ */

/* One spring k = 2, L = 1 along u = (3, 4)/5. Hooke: |F| = k |l - L|, so stretching 1.01 -> 3 multiplies the
 * force by 200; the network post's elongation vector: |F| = k = 2 at every stretch. Both vanish at rest length and push
 * apart when compressed. The network post's damper also acts across the spring (on the whole relative velocity). */
START_TEST(test_unit_elongation_differs_from_hooke)
{
    const double u[2] = {0.6, 0.8}, zero[2] = {0.0, 0.0};
    static const double lengths[] = {1.01, 1.5, 3.0, 0.5, 1.0};
    for (size_t q = 0; q < sizeof lengths / sizeof lengths[0]; q++) {
        const double l = lengths[q], d[2] = {l * u[0], l * u[1]};
        double hooke[2], unit[2];
        net_spring_force(NET_LAW_HOOKE, 2.0, 1.0, 0.0, d, zero, hooke);
        net_spring_force(NET_LAW_UNIT_ELONGATION, 2.0, 1.0, 0.0, d, zero, unit);
        const double expect_hooke = 2.0 * (l - 1.0), expect_unit = l > 1.0 ? 2.0 : l < 1.0 ? -2.0 : 0.0;
        for (int a = 0; a < 2; a++) {
            ck_assert_double_eq_tol(hooke[a], expect_hooke * u[a], 1e-14);
            ck_assert_double_eq_tol(unit[a], expect_unit * u[a], 1e-14);
        }
        if (l != 1.0)
            ck_assert(fabs(hooke[0] - unit[0]) > 0.1);
    }
    const double d[2] = {0.6, 0.8}, across[2] = {-0.8, 0.6};  /* at rest length, moving sideways */
    double hooke[2], unit[2];
    net_spring_force(NET_LAW_HOOKE, 2.0, 1.0, 0.5, d, across, hooke);
    net_spring_force(NET_LAW_UNIT_ELONGATION, 2.0, 1.0, 0.5, d, across, unit);
    ck_assert_double_eq_tol(hooke[0], 0.0, 1e-15);
    ck_assert_double_eq_tol(unit[0], 0.5 * -0.8, 1e-15);
    /* its energy k |l - L| is the potential of its force: stretching from 1.5 to 1.6 stores k * 0.1 */
    net_network *net = net_new();
    net_add_mass(net, 0, 0, 1, true), net_add_mass(net, 1.5, 0, 1, false);
    net_add_spring(net, 0, 1, 2.0, 1.0, 0.0);
    net->law = NET_LAW_UNIT_ELONGATION;
    double *y = state_of(net);
    double e1 = net_energies(net, y).spring;
    y[1] = 1.6;
    ck_assert_double_eq_tol(net_energies(net, y).spring - e1, 0.2, 1e-14);
    free(y);
    net_free(net);
}
END_TEST

/* --- holding, presets, kicks ------------------------------------------------------------------------------- */

/* Grabbing a mass mid-run pins it where the pointer is (every method, with a reset for GSL's); the rest moves on.
 * Released, it moves again. */
START_TEST(test_hold_and_release)
{
    net_network *net = preset("grid", 5, 20.0, 0.01, 0.1);
    const size_t n = net->n_masses;
    for (net_method m = NET_EXPLICIT; m < NET_METHOD_COUNT; m++) {
        double *y = state_of(net);
        net_integrator *it = net_integrator_new(net, m, 1.0 / 240.0, 1e-9);
        double t = 0.0;
        for (int s = 0; s < 20; s++)
            net_integrator_step(it, &t, y);
        size_t grab = net_nearest_mass(net, y, 0.21, -0.19);  /* mass (row 2, col 2), rest (0.2, -0.2) */
        ck_assert_uint_eq(grab, 12);
        net_hold(net, y, grab, 0.5, 0.3);
        ck_assert_int_eq(net_integrator_reset(it), NET_OK);
        for (int s = 0; s < 100; s++)
            net_integrator_step(it, &t, y);
        ck_assert_msg(y[grab] == 0.5 && y[n + grab] == 0.3 && y[2 * n + grab] == 0.0 && y[3 * n + grab] == 0.0,
                      "%s: the held mass moved to (%.17g, %.17g)", net_method_name(m), y[grab], y[n + grab]);
        ck_assert(fabs(y[n + 20] - net->rest_y[20]) > 1e-3);  /* the others moved */
        net_release(net, grab);
        ck_assert(net->inv_mass[grab] == 1.0 / 0.01);
        ck_assert_int_eq(net_integrator_reset(it), NET_OK);
        for (int s = 0; s < 10; s++)
            net_integrator_step(it, &t, y);
        ck_assert_msg(y[grab] != 0.5 || y[n + grab] != 0.3, "%s: released mass did not move", net_method_name(m));
        net_integrator_free(it);
        free(y);
    }
    net_free(net);
}
END_TEST

START_TEST(test_presets_at_rest)
{
    static const struct {
        const char *name;
        long n;
        size_t masses, springs;
        size_t pinned[2];
    } cases[] = {
        {"four", 0, 4, 6, {SIZE_MAX, SIZE_MAX}},
        {"chain", 7, 9, 8, {0, 8}},
        {"grid", 6, 36, 2 * 6 * 5 + 2 * 5 * 5, {0, 5}},
    };
    for (size_t c = 0; c < 3; c++) {
        net_preset_params p;
        ck_assert_int_eq(net_preset_defaults(cases[c].name, &p), 0);
        p.n = cases[c].n;
        net_network *net;
        ck_assert_int_eq(net_preset(cases[c].name, &p, &net), NET_OK);
        ck_assert_uint_eq(net->n_masses, cases[c].masses);
        ck_assert_uint_eq(net->n_springs, cases[c].springs);
        size_t pinned = 0;
        for (size_t i = 0; i < net->n_masses; i++)
            pinned += net->pinned[i];
        ck_assert_uint_eq(pinned, cases[c].pinned[0] == SIZE_MAX ? 0 : 2);
        for (int q = 0; q < 2; q++)
            if (cases[c].pinned[q] != SIZE_MAX)
                ck_assert(net->pinned[cases[c].pinned[q]]);
        double *y = state_of(net);
        ck_assert_double_eq_tol(net_energies(net, y).spring, 0.0, 1e-25);
        double *f = malloc(2 * net->n_masses * sizeof *f);
        net_forces(net, y, f);
        for (size_t i = 0; i < 2 * net->n_masses; i++)
            ck_assert_double_eq_tol(f[i], 0.0, 1e-12);
        free(f), free(y);
        net_free(net);
    }
    net_preset_params p = {.n = 1, .k = 1, .m = 1, .c = 0};
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("grid", &p, &net), NET_ERR_INPUT);  /* a 1 x 1 cloth */
    ck_assert_int_eq(net_preset("rope", &p, &net), NET_ERR_INPUT);
    ck_assert_ptr_null(net);
}
END_TEST

START_TEST(test_kick_reproducible)
{
    net_network *net = preset("chain", 10, 1.0, 1.0, 0.0);
    const size_t n = net->n_masses, dim = net_dim(net);
    double *a = state_of(net), *b = state_of(net), *c = state_of(net);
    net_kick(net, a, 0.25, 42), net_kick(net, b, 0.25, 42), net_kick(net, c, 0.25, 43);
    ck_assert(memcmp(a, b, dim * sizeof *a) == 0);
    ck_assert(memcmp(a, c, dim * sizeof *a) != 0);
    ck_assert(a[2 * n] == 0.0 && a[3 * n] == 0.0 && a[2 * n + n - 1] == 0.0);  /* the anchors stay */
    double spread = 0.0;
    for (size_t i = 1; i + 1 < n; i++)
        for (int axis = 2; axis < 4; axis++) {
            ck_assert(fabs(a[axis * n + i]) <= 0.25);
            spread = fmax(spread, fabs(a[axis * n + i]));
        }
    ck_assert(spread > 0.1);
    free(a), free(b), free(c);
    net_free(net);
}
END_TEST

START_TEST(test_method_and_law_names)
{
    for (net_method m = 0; m < NET_METHOD_COUNT; m++) {
        net_method back;
        ck_assert_int_eq(net_method_parse(net_method_name(m), &back), 0);
        ck_assert_int_eq(back, m);
        ck_assert_ptr_nonnull(strstr(net_method_names(), net_method_name(m)));
    }
    net_method m;
    ck_assert_int_eq(net_method_parse("euler", &m), -1);
    net_force_law law;
    ck_assert_int_eq(net_law_parse("unit-elongation", &law), 0);
    ck_assert_int_eq(law, NET_LAW_UNIT_ELONGATION);
    ck_assert_int_eq(net_law_parse("elongation", &law), -1);
}
END_TEST

static Suite *network_suite(void)
{
    Suite *s = suite_create("network");
    TCase *modes = tcase_create("modes");
    tcase_add_test(modes, test_chain_frequencies);
    tcase_add_test(modes, test_two_masses_reduced_mass);
    tcase_add_test(modes, test_modes_refused);
    tcase_add_test(modes, test_step_limits_are_sharp);
    suite_add_tcase(s, modes);
    TCase *dynamics = tcase_create("dynamics");
    tcase_set_timeout(dynamics, 60);  /* 10^6 steps, also under the sanitizers */
    tcase_add_test(dynamics, test_semi_energy_bounded);
    tcase_add_test(dynamics, test_explicit_gains_energy);
    tcase_add_test(dynamics, test_orders_against_rk8pd);
    tcase_add_test(dynamics, test_msbdf_stiff_grid);
    tcase_add_test(dynamics, test_momentum_conserved);
    tcase_add_test(dynamics, test_coincident_masses_no_nan);
    tcase_add_test(dynamics, test_fast_kernel_matches_reference);
    tcase_add_test(dynamics, test_fused_semi_is_generic_semi);
    tcase_add_test(dynamics, test_jacobian_matches_differences);
    tcase_add_test(dynamics, test_hold_and_release);
    suite_add_tcase(s, dynamics);
    TCase *model = tcase_create("model");
    tcase_add_test(model, test_unit_elongation_differs_from_hooke);
    tcase_add_test(model, test_presets_at_rest);
    tcase_add_test(model, test_kick_reproducible);
    tcase_add_test(model, test_method_and_law_names);
    suite_add_tcase(s, model);
    return s;
}

int main(void)
{
    return run_suite(network_suite());
}
