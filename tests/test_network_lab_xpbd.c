/* network-lab's XPBD claims (walk steps 7 and 8, --plot budget and compliance), each against an independent
 * reference:
 *   1. step 8's PBD stiffness (nl_pbd_stiffness) is the k whose backward Euler closed form 1 / (1 + dt^2 k / m) keeps
 *      what a PBD step of I sweeps keeps of one spring's stretch, measured on the library's pbd run;
 *   2. the equal budget (nl_budget_compute, "Small Steps"): on the walk's cloth, N substeps x 1 iteration end nearer
 *      gsl-rk8pd at 1e-10 (the truth) than 1 substep x N iterations, whose strain is nearer backward Euler's;
 *   3. compliance (nl_compliance_compute): PBD's strain falls with every doubling of the iterations (towards rigid),
 *      XPBD's converges (to 1e-9) and lands within 1 % of backward Euler's (its limit, net_xpbd.c);
 *   4. step 7's damping claim: about rest, with c/k the same for every spring, C = (c/k) K (Rayleigh) and the top
 *      mode's damping ratio is (c/k) w_max / 2: against net_modes' zeta_top from the modal decomposition;
 *   5. the texts state those numbers. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../labs/network-lab/lab.h"
#include "numlab/network.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

static net_network *walk_cloth(void)
{
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults("grid", &p), 0);
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("grid", &p, &net), NET_OK);
    return net;
}

START_TEST(test_pbd_stiffness_is_a_backward_euler_k)
{
    const double k = 20.0, m = 0.01, dt = 1.0 / 60.0, L = 0.1, C0 = 0.02;
    for (int its = 1; its <= 16; its *= 2) {
        net_network *net = net_new();
        net_add_mass(net, 0.0, 0.0, 1.0, true);
        net_add_mass(net, L + C0, 0.0, m, false);
        net_add_spring(net, 0, 1, k, L, 0.0);
        double y[8];
        net_rest_state(net, y);
        net_integrator *it = net_integrator_new(net, NET_PBD, dt, 0.0);
        ck_assert_int_eq(net_integrator_set_xpbd(it, 1, its), NET_OK);
        double t = 0.0;
        net_integrator_step(it, &t, y);
        const double kept = (y[1] - L) / C0, keff = nl_pbd_stiffness(k, m, dt, its);
        ck_claim_rel(kept, 1.0 / (1.0 + dt * dt * keff / m), 1e-12);
        if (its == 1)
            ck_claim_rel(keff, k, 1e-12);  /* one sweep: PBD is XPBD is backward Euler */
        net_integrator_free(it);
        net_free(net);
    }
}
END_TEST

START_TEST(test_budget_substeps_follow_the_truth)
{
    net_network *net = walk_cloth();
    const nl_start start = {.pull_mass = net->n_masses};
    nl_budget b;
    ck_assert_int_eq(nl_budget_compute(net, &start, NL_XPBD_BUDGET, 1.0 / 60.0, 1e-10, 60, &b), NET_OK);
    ck_assert_uint_eq(b.n, 61);
    const size_t e = b.n - 1;
    const double truth = b.value[NL_BUDGET_TRUTH][NL_MEASURE_STRAIN][e];
    const double sub = b.value[NL_BUDGET_SUBSTEPS][NL_MEASURE_STRAIN][e];
    const double its = b.value[NL_BUDGET_ITERATIONS][NL_MEASURE_STRAIN][e];
    const double be = b.value[NL_BUDGET_BACKWARD][NL_MEASURE_STRAIN][e];
    ck_assert_msg(fabs(sub - truth) < fabs(its - truth), "strain: truth %g, substeps %g, iterations %g", truth, sub,
                  its);
    ck_assert_msg(fabs(its - be) < fabs(its - truth), "iterations %g, backward Euler %g, truth %g", its, be, truth);
    /* the length error: 0 for the truth against itself, and the substeps' below the iterations' at the end */
    ck_assert(b.value[NL_BUDGET_TRUTH][NL_MEASURE_ERROR][e] == 0.0);
    ck_assert(b.value[NL_BUDGET_SUBSTEPS][NL_MEASURE_ERROR][e] < b.value[NL_BUDGET_ITERATIONS][NL_MEASURE_ERROR][e]);
    /* the energy series is net_energies of the state: at t = 0 every run is the start */
    ck_assert(b.value[NL_BUDGET_ITERATIONS][NL_MEASURE_ENERGY][0] == b.value[NL_BUDGET_TRUTH][NL_MEASURE_ENERGY][0]);
    nl_budget_free(&b);
    ck_assert_int_eq(nl_budget_compute(net, &start, 0, 1.0 / 60.0, 1e-10, 60, &b), NET_ERR_INPUT);
    net_free(net);
}
END_TEST

START_TEST(test_compliance_pbd_stiffens_xpbd_converges)
{
    net_network *net = walk_cloth();
    const nl_start start = {.pull_mass = net->n_masses};
    nl_compliance c;
    ck_assert_int_eq(nl_compliance_compute(net, &start, 1.0 / 60.0, 120, 128, &c), NET_OK);
    ck_assert_uint_eq(c.n, 8);  /* 1, 2, 4, ..., 128 */
    ck_assert(c.pbd[0] == c.xpbd[0]);  /* one sweep: the same projection */
    for (size_t q = 1; q < c.n; q++)
        ck_assert_msg(c.pbd[q] < c.pbd[q - 1], "pbd at %g: %g", c.iterations[q], c.pbd[q]);
    ck_assert(c.pbd[c.n - 1] < 0.05 * c.xpbd[c.n - 1]);  /* nearly rigid at 128 */
    ck_claim_rel(c.xpbd[c.n - 1], c.xpbd[c.n - 2], 1e-9);
    ck_claim_rel(c.xpbd[c.n - 1], c.backward, 0.01);
    net_free(net);
}
END_TEST

START_TEST(test_rayleigh_top_mode)
{
    net_network *net = walk_cloth();
    net_set_gravity(net, 0.0, 0.0);  /* about rest: every spring at its rest length */
    net_modes m;
    char err[256];
    ck_assert_int_eq(net_modes_compute(net, &m, err, sizeof err), NET_OK);
    ck_assert_int_eq(m.damping, NET_DAMPING_MODAL);
    ck_claim_rel(m.zeta_top, net->damp[0] / net->k[0] * m.omega_max / 2.0, 1e-9);
    /* step 7's text states c/k and (c/k) w_max / 2 */
    char text[1000], expect[64];
    nl_step_facts f = {.net = net, .modes = &m, .dt = 1.0 / 60.0, .budget = NL_XPBD_BUDGET,
                       .iterations = NL_XPBD_BUDGET};
    nl_step_text(text, sizeof text, NL_STEP_BUDGET, &f);
    snprintf(expect, sizeof expect, "about %.2g at w_max = %.0f rad/s", m.zeta_top, m.omega_max);
    ck_assert_msg(strstr(text, expect), "%s not in: %s", expect, text);
    ck_assert(strstr(text, "N = 20 projections a spring a frame") && strstr(text, "N substeps (of 833 us, frame 16.7 ms)"));
    nl_step_text(text, sizeof text, NL_STEP_PBD, &f);
    snprintf(expect, sizeof expect, "acts as k = %.3g N/m", nl_pbd_stiffness(20.0, 0.01, 1.0 / 60.0, 20));
    ck_assert_msg(strstr(text, expect), "%s not in: %s", expect, text);
    net_modes_destroy(&m);
    net_free(net);
}
END_TEST

static Suite *xpbd_claims_suite(void)
{
    Suite *s = suite_create("claims_network_xpbd");
    TCase *tc = tcase_create("xpbd");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_pbd_stiffness_is_a_backward_euler_k);
    tcase_add_test(tc, test_budget_substeps_follow_the_truth);
    tcase_add_test(tc, test_compliance_pbd_stiffens_xpbd_converges);
    tcase_add_test(tc, test_rayleigh_top_mode);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(xpbd_claims_suite());
}
