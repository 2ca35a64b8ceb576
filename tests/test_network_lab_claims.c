/* network-lab's claims, each against an independent reference:
 *   1. the damped step limits (net_modes.limit, printed by --modes and the gauge) are confirmed by the simulation
 *      itself: every fixed-step method stays bounded at 0.95 of its limit and diverges at 1.05, on the 6 x 6 cloth
 *      (gravity, dampers: the walk's step 5), on a damped chain, and on the four with a stiff damped diagonal (the
 *      damping couples the modes there: the 2n x 2n step matrix);
 *   2. with Rayleigh damping they are the closed forms of a damped mode (net_limits.c derives them): explicit Euler
 *      h = 2 zeta / w = c/k, semi-implicit h w_max = 2 (sqrt(1 + zeta^2) - zeta), zeta = c w_max / (2k), with the
 *      chain's w_max = 2 sqrt(k/m) sin(N pi / (2(N + 1))) (not the code's eigenvalues);
 *   3. undamped they are 0, 2/w_max and 2 sqrt 2/w_max (RK4 on the imaginary axis), and gsl-rk4's is twice RK4's
 *      (GSL's rk4 returns two half steps);
 *      velocity Verlet is the leapfrog undamped (2/w_max, as semi-implicit) and backward Euler has no limit at all;
 *   4. the live numbers: the cloth's semi-implicit limit is 12.7 ms (not 2/w_max = 16.6 ms), explicit Euler
 *      is stable below 4.47 ms;
 *   5. the walk's stiff cloth (step 6): the stiffness its text states, every explicit method broken at its step and
 *      backward Euler not;
 *   6. the other steps' texts state the walk's network: the post's four masses and six springs, a corner pulled out,
 *      the stiff spring a diagonal, the cloth's steps a frame. */
#include <check.h>
#include <gsl/gsl_eigen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "../labs/network-lab/lab.h"
#include "numlab/network.h"
#include "numlab/ode.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"
#include "helpers/net_motion.h"

/* the methods with a finite limit; backward Euler's is +inf (checked below by running far past the others') */
static const net_method fixed_methods[] = {NET_EXPLICIT, NET_SEMI, NET_RK4, NET_GSL_RK4, NET_VERLET};
enum { N_FIXED = sizeof fixed_methods / sizeof fixed_methods[0] };

static net_network *preset(const char *name, long n, double k, double m, double c)
{
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults(name, &p), 0);
    p.n = n, p.k = k, p.m = m, p.c = c;
    net_network *net = NULL;
    ck_assert_int_eq(net_preset(name, &p, &net), NET_OK);
    return net;
}

static void modes_of(const net_network *net, net_modes *m)
{
    char err[256];
    ck_assert_msg(net_modes_compute(net, m, err, sizeof err) == NET_OK, "%s", err);
}

/* Runs `steps` steps of h from the state the limits hold at (m->y: the static equilibrium, where a cloth sags) plus
 * a small kick (every mode excited); true when the motion about it grew (net_motion.h: diverged, or its energy
 * passed 1000 times the kick's). */
static bool diverges(net_network *net, const net_modes *m, net_method method, double h, long steps)
{
    return net_motion_run(net, m->y, method, h, steps, 1e-3, 7).grew;
}

/* Explicit Euler's critical mode at a sagged cloth is lightly damped: at 1.05 of its limit its energy grows by
 * about 1e-4 a step (measured: x5 every 20,000 steps on the 6 x 6 cloth), so it takes about 10^5 steps to pass
 * 1000 times the kick's; the other methods' critical modes grow within a hundred steps. */
static long steps_for(net_method method, long steps)
{
    return method == NET_EXPLICIT ? 10 * steps : steps;
}

/* The claim: bounded at 0.95 of each printed limit, diverged at 1.05. */
static void simulation_confirms(net_network *net, net_damping expected, long steps)
{
    net_modes m;
    modes_of(net, &m);
    ck_assert_int_eq(m.damping, expected);
    for (int q = 0; q < N_FIXED; q++) {
        const net_method method = fixed_methods[q];
        const double h = m.limit[method];
        ck_assert_msg(h > 0.0 && isfinite(h), "%s: limit %g", net_method_name(method), h);
        ck_assert_msg(!diverges(net, &m, method, 0.95 * h, steps_for(method, steps)), "%s diverged at 0.95 x %g s",
                      net_method_name(method), h);
        ck_assert_msg(diverges(net, &m, method, 1.05 * h, steps_for(method, steps)), "%s bounded at 1.05 x %g s",
                      net_method_name(method), h);
    }
    /* backward Euler: no limit, and bounded at 10 times the largest explicit one (a tenth of the steps: the same
     * simulated time is 10 times longer already) */
    ck_assert(isinf(m.limit[NET_BACKWARD_EULER]));
    const double beyond = 10.0 * fmax(m.limit[NET_RK4], m.limit[NET_VERLET]);
    ck_assert_msg(!diverges(net, &m, NET_BACKWARD_EULER, beyond, steps / 10), "backward-euler diverged at %g s",
                  beyond);
    net_modes_destroy(&m);
}

START_TEST(test_cloth_limits_confirmed)
{
    net_preset_params g;
    ck_assert_int_eq(net_preset_defaults("grid", &g), 0);
    net_network *net = preset("grid", 6, g.k, g.m, g.c);  /* the walk's step 5, gravity included: sagged, its
                                                           * stretched springs' geometric stiffness couples the modes */
    simulation_confirms(net, NET_DAMPING_COUPLED, 20000);
    net_free(net);
}
END_TEST

START_TEST(test_chain_limits_confirmed)
{
    net_network *net = preset("chain", 8, 4.0, 0.5, 0.2);
    simulation_confirms(net, NET_DAMPING_MODAL, 20000);
    net_free(net);
}
END_TEST

START_TEST(test_coupled_limits_confirmed)
{
    /* the four with its diagonal 0-2 stiff (the walk's step 4) and a damper on every spring: c/k differs between
     * the springs, so C is not proportional to K and couples the modes */
    net_network *net = preset("four", 0, 10.0, 1.0, 10.0);
    net->k[4] = 2000.0;
    simulation_confirms(net, NET_DAMPING_COUPLED, 20000);
    net_free(net);
}
END_TEST

START_TEST(test_rayleigh_closed_forms)
{
    const long n = 8;
    const double k = 4.0, m = 0.5, c = 0.2;
    const double w_max = 2.0 * sqrt(k / m) * sin(n * NUMLAB_PI / (2.0 * (n + 1))), zeta = c * w_max / (2.0 * k);
    net_network *net = preset("chain", n, k, m, c);
    net_modes modes;
    modes_of(net, &modes);
    ck_claim_rel(modes.zeta_top, zeta, 1e-9);
    ck_claim_rel(modes.limit[NET_EXPLICIT], c / k, 1e-9);
    ck_claim_rel(modes.limit[NET_SEMI], 2.0 * (sqrt(1.0 + zeta * zeta) - zeta) / w_max, 1e-9);
    ck_claim_rel(modes.limit[NET_GSL_RK4], 2.0 * modes.limit[NET_RK4], 1e-9);
    ck_assert(isinf(modes.limit[NET_GSL_RK8PD]) && isinf(modes.limit[NET_GSL_MSBDF]));  /* adaptive */
    net_modes_destroy(&modes);
    net_free(net);
}
END_TEST

START_TEST(test_undamped_closed_forms)
{
    const long n = 5;
    const double w_max = 2.0 * sin(n * NUMLAB_PI / (2.0 * (n + 1)));  /* k = m = 1 */
    net_network *net = preset("chain", n, 1.0, 1.0, 0.0);
    net_modes modes;
    modes_of(net, &modes);
    ck_assert_int_eq(modes.damping, NET_DAMPING_NONE);
    ck_assert(modes.limit[NET_EXPLICIT] == 0.0);
    ck_claim_rel(modes.limit[NET_SEMI], 2.0 / w_max, 1e-9);
    ck_claim_rel(modes.limit[NET_RK4], 2.0 * sqrt(2.0) / w_max, 1e-9);
    ck_claim_rel(modes.limit[NET_GSL_RK4], 4.0 * sqrt(2.0) / w_max, 1e-9);
    ck_claim_rel(modes.limit[NET_VERLET], 2.0 / w_max, 1e-9);
    ck_assert(isinf(modes.limit[NET_BACKWARD_EULER]));
    net_modes_destroy(&modes);
    net_free(net);
}
END_TEST

START_TEST(test_cloth_numbers)
{
    /* the 6 x 6 cloth: k = 20 N/m, m = 0.01 kg, c = 0.0894 N s/m. Without gravity it rests at rest length, C = (c/k) K
     * (Rayleigh): explicit Euler's limit is c/k = 4.47 ms for every mode, the semi-implicit one from the top mode's
     * zeta, well under 2/w_max. */
    net_preset_params g;
    ck_assert_int_eq(net_preset_defaults("grid", &g), 0);
    net_network *net = preset("grid", 6, g.k, g.m, g.c);
    net_set_gravity(net, 0.0, 0.0);
    net_modes m;
    modes_of(net, &m);
    ck_assert_int_eq(m.at.state, NET_STATE_REST);
    ck_assert_int_eq(m.damping, NET_DAMPING_MODAL);
    const double zeta = g.c * m.omega_max / (2.0 * g.k);
    ck_claim_rel(m.zeta_top, zeta, 1e-9);
    ck_claim_rel(m.limit[NET_EXPLICIT], g.c / g.k, 1e-9);
    ck_claim_rel(m.limit[NET_SEMI], 2.0 * (sqrt(1.0 + zeta * zeta) - zeta) / m.omega_max, 1e-9);
    ck_assert(m.limit[NET_SEMI] < 0.8 * m.semi_limit);
    ck_assert(m.limit[NET_SEMI] > 0.0125 && m.limit[NET_SEMI] < 0.013);  /* 12.7 ms */
    const double rest_explicit = m.limit[NET_EXPLICIT];
    net_modes_destroy(&m);
    /* Under gravity (the walk's cloth) it sags; there the stretched springs' geometric stiffness k (1 - L/l) across
     * them is not proportional to the dampers (which act along them only), and explicit Euler's limit falls well
     * below c/k (the least damped coupled mode; tests/test_network_limits.c checks the value against A's
     * eigenvalues and the simulation) */
    net_set_gravity(net, 0.0, -9.81);
    modes_of(net, &m);
    ck_assert_int_eq(m.at.state, NET_STATE_EQUILIBRIUM);
    ck_assert_int_eq(m.damping, NET_DAMPING_COUPLED);
    ck_assert_msg(m.limit[NET_EXPLICIT] < 0.8 * rest_explicit, "sagged %g, at rest %g", m.limit[NET_EXPLICIT],
                  rest_explicit);
    net_modes_destroy(&m);
    net_free(net);
}
END_TEST

/* Step 6, the stiff cloth: its text's w_max, w_min and their ratio are the square roots of the extreme nonzero
 * eigenvalues of -M^{-1} K taken from the dense Jacobian at its sagged equilibrium (net_jacobian's lower-left
 * block, assembled by other code than the modes' stiffness matrix, and solved by GSL's nonsymmetric eigensolver); at
 * its dt = 1/60 s every explicit method's printed limit is below dt and the simulation diverges, while backward
 * Euler runs 10 s without diverging and ends with less energy than it started with (it damps). */
START_TEST(test_stiff_cloth_step)
{
    net_network *net = preset("grid", NL_STIFF_SIDE, NL_STIFF_K, NL_STIFF_M, NL_STIFF_C);
    net_modes m;
    modes_of(net, &m);
    const double dt = 1.0 / 60.0;
    char text[600];
    nl_stiff_cloth_text(text, sizeof text, dt, &m);
    double wmax, ratio, wmin;
    ck_assert_msg(sscanf(text, "Stiff: the fastest mode (w_max = %lf rad/s) is %lf times the slowest (%lf", &wmax,
                         &ratio, &wmin) == 3, "%s", text);
    /* the reference: eigenvalues of the Jacobian's block -M^{-1} K over the free masses */
    /* the reference: at the state the modes are taken about (the sagged equilibrium), by net_jacobian */
    const size_t n = net->n_masses, dim = 4 * n;
    double *J = malloc(dim * dim * sizeof *J), *dfdt = malloc(dim * sizeof *dfdt), *y = malloc(dim * sizeof *y);
    net_jacobian(0.0, m.y, J, dfdt, net);
    net_rest_state(net, y);
    gsl_matrix *A = gsl_matrix_alloc(2 * n, 2 * n);
    for (size_t r = 0; r < 2 * n; r++)
        for (size_t c = 0; c < 2 * n; c++)
            gsl_matrix_set(A, r, c, J[(2 * n + r) * dim + c]);
    gsl_vector_complex *ev = gsl_vector_complex_alloc(2 * n);
    gsl_eigen_nonsymm_workspace *ws = gsl_eigen_nonsymm_alloc(2 * n);
    ck_assert_int_eq(gsl_eigen_nonsymm(A, ev, ws), 0);
    double top = 0.0, bottom = INFINITY;
    for (size_t q = 0; q < 2 * n; q++) {
        const double w2 = -GSL_REAL(gsl_vector_complex_get(ev, q));  /* pinned masses' rows give 0: skipped */
        if (w2 > 1e-9)
            top = fmax(top, w2), bottom = fmin(bottom, w2);
    }
    ck_assert_double_eq_tol(wmax, sqrt(top), 0.5);  /* printed to the rad/s */
    ck_assert_double_eq_tol(wmin, sqrt(bottom), 0.005);
    ck_assert_double_eq_tol(ratio, sqrt(top / bottom), 0.5);
    /* the explicit methods break at the step, backward Euler does not */
    static const net_method explicit_ones[] = {NET_EXPLICIT, NET_SEMI, NET_RK4, NET_VERLET};
    for (size_t q = 0; q < sizeof explicit_ones / sizeof explicit_ones[0]; q++) {
        ck_assert(m.limit[explicit_ones[q]] < 0.2 * dt);  /* rk4 has the largest: 2.3 ms */
        ck_assert_msg(diverges(net, &m, explicit_ones[q], dt, 600), "%s survived",
                      net_method_name(explicit_ones[q]));
    }
    ck_assert(isinf(m.limit[NET_BACKWARD_EULER]));
    ck_assert(!diverges(net, &m, NET_BACKWARD_EULER, dt, 600));
    net_integrator *it = net_integrator_new(net, NET_BACKWARD_EULER, dt, 0.0);
    double t = 0.0, e0 = net_energies(net, y).total;
    for (int s = 0; s < 600; s++)
        ck_assert_int_eq(net_integrator_step(it, &t, y), 0);
    ck_assert(net_energies(net, y).total < e0);
    net_integrator_free(it);
    gsl_eigen_nonsymm_free(ws), gsl_vector_complex_free(ev), gsl_matrix_free(A);
    free(J), free(dfdt), free(y);
    net_modes_destroy(&m);
    net_free(net);
}
END_TEST

/* Steps 1, 4 and 5 state numbers of the walk's networks (texts.c formats them): the post's network is a braced
 * unit square, 4 corners joined by 4 sides and 2 diagonals; the pulled mass is one of its corners; the stiff spring
 * joins two opposite corners (its rest length is the side's times sqrt 2, from the rest positions); and at the
 * cloth's dt = 1/240 s a 60 Hz frame takes 4 steps. */
START_TEST(test_step_texts_state_the_network)
{
    net_network *four = preset("four", 0, 10.0, 1.0, 0.0);
    char text[700];
    nl_step_facts f = {.net = four, .dt = 1.0 / 60.0, .frame_hz = 60.0, .pulled = NL_PULLED_MASS,
                       .stiff_spring = NL_STIFF_SPRING};
    nl_step_text(text, sizeof text, NL_STEP_SEED, &f);
    unsigned masses, springs, corner;
    ck_assert_msg(sscanf(text, "The network post: %u masses joined by %u springs", &masses, &springs) == 2, "%s",
                  text);
    ck_assert_uint_eq(masses, 4);
    ck_assert_uint_eq(springs, 6);
    const char *c = strstr(text, "Corner ");
    ck_assert_msg(c && sscanf(c, "Corner %u starts pulled out", &corner) == 1, "%s", text);
    ck_assert_uint_lt(corner, 4);

    double *y = malloc(net_dim(four) * sizeof *y);
    net_rest_state(four, y);
    nl_step_text(text, sizeof text, NL_STEP_STIFF, &f);
    unsigned i, j;
    ck_assert_msg(sscanf(text, "The diagonal %u-%u is stiff", &i, &j) == 2, "%s", text);
    ck_assert(i < 4 && j < 4 && i != j);
    const size_t n = four->n_masses;
    const double side = hypot(y[1] - y[0], y[n + 1] - y[n]);  /* corners 0 and 1 share a side */
    ck_assert_double_eq_tol(hypot(y[i] - y[j], y[n + i] - y[n + j]), sqrt(2.0) * side, 1e-12);
    free(y);
    net_free(four);

    f = (nl_step_facts){.dt = 1.0 / 240.0, .frame_hz = 60.0};
    nl_step_text(text, sizeof text, NL_STEP_CLOTH, &f);
    const char *steps = strstr(text, "Fixed steps of ");
    double per_frame, hz;
    ck_assert_msg(steps && sscanf(steps, "Fixed steps of %*s ms, %lf a frame at %lf Hz", &per_frame, &hz) == 2,
                  "%s", text);
    ck_assert_double_eq(per_frame, 4.0);
    ck_assert_double_eq(hz, 60.0);
}
END_TEST

static Suite *claims_suite(void)
{
    Suite *s = suite_create("claims_network");
    TCase *limits = tcase_create("limits");
    tcase_set_timeout(limits, 120);  /* thousands of steps a run, also under the sanitizers */
    tcase_add_test(limits, test_cloth_limits_confirmed);
    tcase_add_test(limits, test_chain_limits_confirmed);
    tcase_add_test(limits, test_coupled_limits_confirmed);
    tcase_add_test(limits, test_rayleigh_closed_forms);
    tcase_add_test(limits, test_undamped_closed_forms);
    tcase_add_test(limits, test_cloth_numbers);
    tcase_add_test(limits, test_stiff_cloth_step);
    tcase_add_test(limits, test_step_texts_state_the_network);
    suite_add_tcase(s, limits);
    return s;
}

int main(void)
{
    return run_suite(claims_suite());
}
