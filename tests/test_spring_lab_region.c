/* spring-lab's step 13 (labs/spring-lab/walk_region.c) and its regions (model_region.c): what the text states, at
 * the walk's own settings, against hand calculations and the model's own trajectories.
 *
 * The spring k = 10000, c = 1000, m = 1: w0 = 100, zeta = 5, roots -w0 (zeta -+ sqrt(zeta^2 - 1)) = -10.102 and
 * -989.898 1/s; their ratio is (zeta + sqrt(zeta^2 - 1))^2 = (5 + sqrt 24)^2 = 97.98979. At dt = 0.01 the fast root
 * is z = -9.89898: the midpoint rule's R = (1 + z/2) / (1 - z/2) = -3.94949 / 5.94949 = -0.66384, TR-BDF2's
 * (1 + (sqrt 2 - 1) z) / (1 - (1 - sqrt 2/2) z)^2 = -3.10029 / 15.20498 = -0.20390. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "../labs/spring-lab/lab.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

#define ck_text_has(TEXT, PART) ck_assert_msg(strstr((TEXT), (PART)), "'%s' not in: %s", (PART), (TEXT))

static sl_walk walk;  /* large: not on the stack */

static sl_params step13(void)
{
    memset(&walk, 0, sizeof walk);
    sl_walk_region_defaults(&walk);
    sl_params p = walk.o.p;
    memcpy(p.methods, walk.shown, sizeof p.methods);
    p.steps = (long long)walk.steps;
    p.tol = 1e-10;
    return p;
}

START_TEST(test_step13_text_and_factors)
{
    const sl_params p = step13();
    ck_assert(p.spring.k == 10000.0 && p.spring.c == 1000.0 && p.spring.m == 1.0 && p.dt == 0.01);
    sl_result r = {0};
    ck_assert_int_eq(sl_model_compute(&p, &r), 0);
    const double q = 5.0 + sqrt(24.0), z = -0.01 * 100.0 * q, d = 1.0 - sqrt(2.0) / 2.0;
    ck_claim_rel(r.stiffness_ratio, q * q, 1e-12);
    ck_claim_rel(r.stiffness_ratio, 97.98979, 1e-6);
    ck_claim_rel(r.dt * r.fast_rate, -9.89898, 1e-6);
    ck_claim_rel(r.fast_midpoint, (1.0 + z / 2.0) / (1.0 - z / 2.0), 1e-12);
    ck_claim_rel(r.fast_midpoint, -0.66384, 1e-5);
    ck_claim_rel(r.fast_tr_bdf2, (1.0 + (sqrt(2.0) - 1.0) * z) / ((1.0 - d * z) * (1.0 - d * z)), 1e-12);
    ck_claim_rel(r.fast_tr_bdf2, -0.20390, 1e-4);
    ck_claim_rel(r.fast_midpoint_after, pow(0.66384, 10), 1e-4);  /* 0.01683 */
    ck_claim_rel(r.fast_tr_bdf2_after, pow(0.20390, 10), 1e-3);   /* 1.2404e-7 */
    char text[1024];
    sl_text_region(text, sizeof text, &r);
    ck_text_has(text, "dt lambda = -9.9 (stiffness ratio 98)");
    ck_text_has(text, "R = -0.664 a step: it rings, 0.017 left after 10 steps");
    ck_text_has(text, "R = -0.204, 1.2e-07 left");
    /* the trajectories ring as R says: from (1, -1000) the fast mode carries 1.0103 of x0 (the slow one -0.0103), the
     * closed form drops it at e^-9.9 a step, so x_n - x_exact(n) is the method's R^n 1.0103 plus a slow mode's error
     * of order 1e-6: successive ratios are R */
    const spring_sample *mid = r.samples[SPRING_MIDPOINT], *tr = r.samples[SPRING_TR_BDF2], *ex = r.samples[SPRING_EXACT];
    ck_assert(r.count[SPRING_MIDPOINT] == 31 && r.count[SPRING_TR_BDF2] == 31 && r.count[SPRING_EXACT] == 31);
    ck_claim_rel((mid[6].x - ex[6].x) / (mid[5].x - ex[5].x), -0.66384, 1e-3);
    ck_claim_rel((tr[4].x - ex[4].x) / (tr[3].x - ex[3].x), -0.20390, 1e-2);
    ck_claim_rel(mid[10].x - ex[10].x, 1.0103 * pow(0.66384, 10), 1e-3);
    ck_assert(fabs(tr[10].x - ex[10].x) < 1e-5);
    sl_result_free(&r);
}
END_TEST

START_TEST(test_step13_region_marks_the_roots)
{
    sl_params p = step13();
    ck_assert_int_eq(sl_walk_region_compute(&walk), 0);
    const sl_region *rg = &walk.region;
    /* the walk's methods with a region: backward Euler, the midpoint rule, TR-BDF2 (exact has none) */
    ck_assert_int_eq(rg->n, 3);
    ck_assert(rg->methods[0] == SPRING_BACKWARD_EULER && rg->methods[1] == SPRING_MIDPOINT &&
              rg->methods[2] == SPRING_TR_BDF2);
    /* dt lambda by hand, both on the real axis, and the box widened to hold the fast one: 1.15 x 9.899 */
    ck_claim_rel(rg->root_re[0], -0.01 * 100.0 / (5.0 + sqrt(24.0)), 1e-12);
    ck_claim_rel(rg->root_re[1], -0.01 * 100.0 * (5.0 + sqrt(24.0)), 1e-12);
    ck_assert(rg->root_im[0] == 0.0 && rg->root_im[1] == 0.0);
    ck_claim_rel(rg->box[0], -1.15 * 9.89898, 1e-5);
    for (int k = 0; k < rg->n; k++) {
        ck_assert(rg->count[k] > 20);
        const ode_method_info *info = ode_method_about(spring_method_ode(rg->methods[k]));
        ck_assert(ode_amplification_at(info, rg->root_re[1], 0.0) <= 1.0);  /* A-stable: inside */
    }
    /* as dt changes the marks move: at 2 ms the fast root is at -1.9798, inside explicit Euler's disk |1 + z| <= 1
     * (0.9798) but outside for 2.2 ms (-2.1778) */
    p.dt = 0.002;
    walk.o.p = p;
    walk.shown[SPRING_EXPLICIT] = true;
    ck_assert_int_eq(sl_walk_region_compute(&walk), 0);
    ck_claim_rel(rg->root_re[1], -1.979796, 1e-6);
    ck_assert_int_eq(rg->n, 4);
    ck_assert(ode_amplification_at(ode_method_about(ODE_EXPLICIT_EULER), rg->root_re[1], 0.0) <= 1.0);
    walk.o.p.dt = 0.0022;
    ck_assert_int_eq(sl_walk_region_compute(&walk), 0);
    ck_assert(ode_amplification_at(ode_method_about(ODE_EXPLICIT_EULER), rg->root_re[1], 0.0) > 1.0);
    /* the shade counts the methods stable at each sample: all four about z = -0.5 (inside explicit Euler's disk), none
     * about z = 0.5, where |1 + z| = 1.5, |1 + z/2| / |1 - z/2| = 1.67, 1 / |1 - z| = 2 and TR-BDF2's
     * (1 + 0.2071) / (1 - 0.1464)^2 = 1.66 all exceed 1 */
    const double *c = rg->computed;
    const int i0 = (int)((-0.5 - c[0]) / (c[1] - c[0]) * rg->nx), i1 = (int)((0.5 - c[0]) / (c[1] - c[0]) * rg->nx);
    const int j = (int)((0.0 - c[2]) / (c[3] - c[2]) * rg->ny);
    ck_assert(rg->shade[(size_t)j * (size_t)rg->nx + (size_t)i0] == 4.0f);
    ck_assert(rg->shade[(size_t)j * (size_t)rg->nx + (size_t)i1] == 0.0f);
    sl_region_free(&walk.region);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spring_lab_region");
    TCase *tc = tcase_create("step13");
    tcase_add_test(tc, test_step13_text_and_factors);
    tcase_add_test(tc, test_step13_region_marks_the_roots);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
