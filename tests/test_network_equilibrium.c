/* network: the static equilibrium (net_equilibrium.c) against closed forms and against where a long damped run
 * comes to rest. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/network.h"
#include "helpers/check_main.h"

#define G 9.81

static double *equilibrium_of(const net_network *net, net_equilibrium_info *info)
{
    double *y = malloc(net_dim(net) * sizeof *y);
    char err[256];
    ck_assert_ptr_nonnull(y);
    ck_assert_msg(net_equilibrium(net, y, info, err, sizeof err) == NET_OK, "%s", err);
    ck_assert_msg(info->residual < 1e-12, "residual %g", info->residual);
    for (size_t q = 2 * net->n_masses; q < net_dim(net); q++)
        ck_assert(y[q] == 0.0);  /* at rest there */
    return y;
}

START_TEST(one_mass_hangs_below_its_anchor)
{
    /* an anchor at the origin, a mass m = 0.5 at (1, 0) on a spring k = 20, L = 1 (horizontal, at rest length:
     * no vertical stiffness there, so Newton's first matrix is singular and needs the shift). Under g it hangs
     * straight below the anchor, stretched by m g / k: at (0, -(1 + m g / k)), not above it (the energy's
     * maximum) */
    net_network *net = net_new();
    ck_assert_int_eq(net_add_mass(net, 0.0, 0.0, 1.0, true), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 1.0, 0.0, 0.5, false), NET_OK);
    ck_assert_int_eq(net_add_spring(net, 0, 1, 20.0, 1.0, 0.3), NET_OK);
    net_set_gravity(net, 0.0, -G);
    net_equilibrium_info info;
    double *y = equilibrium_of(net, &info);
    ck_assert_int_eq(info.state, NET_STATE_EQUILIBRIUM);
    ck_assert_int_gt(info.iterations, 0);
    ck_assert_double_eq_tol(y[1], 0.0, 1e-12);
    ck_assert_double_eq_tol(y[3], -(1.0 + 0.5 * G / 20.0), 1e-12);
    ck_assert(y[0] == 0.0 && y[2] == 0.0);  /* the anchor stays */
    free(y);
    net_free(net);
}
END_TEST

START_TEST(a_mass_between_two_anchors_sags)
{
    /* anchors at (-1, 0) and (1, 0), a mass m = 0.2 between them at (0, 0) on two springs k = 50 of rest length 1:
     * at rest length and in line, no vertical stiffness. It sags to (0, -d) with 2 k (l - 1) d / l = m g,
     * l = sqrt(1 + d^2), solved here by bisection on d (the left side grows with d) */
    const double k = 50.0, m = 0.2;
    net_network *net = net_new();
    ck_assert_int_eq(net_add_mass(net, -1.0, 0.0, 1.0, true), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 1.0, 0.0, 1.0, true), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 0.0, 0.0, m, false), NET_OK);
    ck_assert_int_eq(net_add_spring(net, 0, 2, k, 1.0, 0.0), NET_OK);
    ck_assert_int_eq(net_add_spring(net, 2, 1, k, 1.0, 0.0), NET_OK);
    net_set_gravity(net, 0.0, -G);
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 200; i++) {
        const double d = 0.5 * (lo + hi), l = sqrt(1.0 + d * d);
        *(2.0 * k * (l - 1.0) * d / l < m * G ? &lo : &hi) = d;
    }
    net_equilibrium_info info;
    double *y = equilibrium_of(net, &info);
    ck_assert_double_eq_tol(y[2], 0.0, 1e-12);
    ck_assert_double_eq_tol(y[5], -0.5 * (lo + hi), 1e-10);
    free(y);
    net_free(net);
}
END_TEST

START_TEST(the_cloth_sags_where_a_damped_run_comes_to_rest)
{
    /* the 6 x 6 cloth from rest under gravity, by semi-implicit Euler well inside its limit with an extra drag
     * (v *= 1 - 2h a step: it changes how soon the cloth stops, not where) until its kinetic energy is under 1e-24 J
     * a mass: every position agrees with Newton's to 1e-9 m */
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults_at("grid", 6, &p), 0);
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("grid", &p, &net), NET_OK);
    net_equilibrium_info info;
    double *eq = equilibrium_of(net, &info);
    ck_assert_int_eq(info.state, NET_STATE_EQUILIBRIUM);
    ck_assert_int_lt(info.iterations, 30);
    const size_t n = net->n_masses;
    double *y = malloc(net_dim(net) * sizeof *y);
    net_rest_state(net, y);
    const double h = 1.5 / sqrt(12.0 * p.k / p.m);  /* 0.75 of 2 / w_max at most (Gershgorin) */
    long s = 0;
    for (; s < 400000 && (s < 1000 || net_energies(net, y).kinetic > 1e-24 * (double)n); s++) {
        net_step_semi(net, h, y);
        for (size_t q = 2 * n; q < 4 * n; q++)
            y[q] *= 1.0 - 2.0 * h;
    }
    ck_assert_msg(net_energies(net, y).kinetic <= 1e-24 * (double)n, "still moving after %ld steps", s);
    double worst = 0.0, sag = 0.0;
    for (size_t q = 0; q < 2 * n; q++)
        worst = fmax(worst, fabs(y[q] - eq[q]));
    for (size_t i = 0; i < n; i++)
        sag = fmax(sag, fabs(eq[n + i] - net->rest_y[i]));
    ck_assert_msg(worst < 1e-9, "the run rests %g m from Newton's equilibrium", worst);
    ck_assert_msg(sag > 0.1, "the premise: the cloth sags (%g m)", sag);  /* far from rest: a nonlinear problem */
    free(y), free(eq);
    net_free(net);
}
END_TEST

START_TEST(rest_when_nothing_strains_it_falling_when_nothing_holds_it)
{
    /* the chain without gravity is at rest already: no iteration, residual 0 */
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults("chain", &p), 0);
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("chain", &p, &net), NET_OK);
    net_equilibrium_info info;
    double *y = equilibrium_of(net, &info);
    ck_assert_int_eq(info.state, NET_STATE_REST);
    ck_assert_int_eq(info.iterations, 0);
    ck_assert(info.residual == 0.0);
    free(y);
    net_free(net);
    /* the four under gravity, nothing pinned: it falls, and in the falling frame it rests at its rest shape */
    ck_assert_int_eq(net_preset_defaults("four", &p), 0);
    ck_assert_int_eq(net_preset("four", &p, &net), NET_OK);
    net_set_gravity(net, 0.0, -G);
    y = equilibrium_of(net, &info);
    ck_assert_int_eq(info.state, NET_STATE_FALLING);
    for (size_t i = 0; i < net->n_masses; i++)
        ck_assert(y[i] == net->rest_x[i] && y[net->n_masses + i] == net->rest_y[i]);
    free(y);
    net_free(net);
}
END_TEST

START_TEST(no_equilibrium_when_a_part_falls)
{
    /* a pinned mass and, joined to nothing, a free one under gravity: no equilibrium, said, not a wrong one */
    net_network *net = net_new();
    ck_assert_int_eq(net_add_mass(net, 0.0, 0.0, 1.0, true), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 1.0, 0.0, 1.0, false), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 2.0, 0.0, 1.0, false), NET_OK);
    ck_assert_int_eq(net_add_spring(net, 1, 2, 10.0, 1.0, 0.0), NET_OK);
    net_set_gravity(net, 0.0, -G);
    double *y = malloc(net_dim(net) * sizeof *y);
    char err[256] = "";
    net_equilibrium_info info;
    ck_assert_int_eq(net_equilibrium(net, y, &info, err, sizeof err), NET_ERR_INPUT);
    ck_assert_msg(strstr(err, "no static equilibrium"), "%s", err);
    net_modes m;
    ck_assert_int_eq(net_modes_compute(net, &m, err, sizeof err), NET_ERR_INPUT);  /* the modes say so too */
    free(y);
    net_free(net);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("network_equilibrium");
    TCase *tc = tcase_create("equilibrium");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, one_mass_hangs_below_its_anchor);
    tcase_add_test(tc, a_mass_between_two_anchors_sags);
    tcase_add_test(tc, the_cloth_sags_where_a_damped_run_comes_to_rest);
    tcase_add_test(tc, rest_when_nothing_strains_it_falling_when_nothing_holds_it);
    tcase_add_test(tc, no_equilibrium_when_a_part_falls);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
