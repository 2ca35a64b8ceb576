/* spring-lab's claims, steps 7-12 (labs/spring-lab/walk_course.c, texts.c): each text formats live values; what it
 * states is checked here against an independent reference, at the walk's own settings:
 *   7. Verlet: the same forces a step as semi (counted), det M = 1 against explicit's 1 + y^2, the energy swing
 *      1/(1 - y^2/4) against semi's (1 + y/2)/(1 - y/2);
 *   8. backward Euler's rho(M) = 1/sqrt(1 + y^2) and the energy it loses, the midpoint rule's 1;
 *   9. the stiff spring's decay rates (roots of s^2 + 2 zeta w0 s + w0^2), RK4's limit on the real axis (the root of
 *      R(z) = 1, by bisection here), semi's closed form, the implicit factors on the fast mode; RK4 diverges where
 *      backward Euler follows the closed form;
 *  10. the walk's measured slopes near the orders, and RK4 at 4 dt against semi at dt from plain loops;
 *  11. the energy bands y/(1 - y^2/4) (semi) and y^2/4 (Verlet);
 *  12. the spiral's growth (the step's cost ratio), the cap's steps (cap / step) and speed. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "numlab/common.h"
#include "../labs/spring-lab/lab.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

#define ck_text_has(TEXT, PART) ck_assert_msg(strstr((TEXT), (PART)), "'%s' not in: %s", (PART), (TEXT))

/* The model's result for the spring p at dt, no method run (the step matrices and what follows from them). */
static sl_result operating_point(spring_params p, double dt)
{
    const sl_params at = {.spring = p, .dt = dt};
    sl_result r = {0};
    ck_assert_int_eq(sl_model_compute(&at, &r), 0);
    return r;
}

START_TEST(test_step7_verlet)
{
    const spring_params p = {.k = 1600.0, .c = 0.0, .m = 1.0, .target = 0.0};
    const sl_params o = {.spring = p, .s0 = {1.0, 0.0}, .dt = 0.02, .steps = 200, .tol = 1e-10,
                         .methods = {[SPRING_SEMI] = true, [SPRING_VERLET] = true}};
    sl_result r = {0};
    ck_assert_int_eq(sl_model_compute(&o, &r), 0);
    const double semi = (double)r.rhs_evals[SPRING_SEMI] / 200.0, verlet = (double)r.rhs_evals[SPRING_VERLET] / 200.0;
    ck_assert(semi == 1.0 && verlet == 1.005);  /* 200 steps: 200 forces, and Verlet's first */
    ck_assert(r.evals_per_step[SPRING_SEMI] == semi && r.evals_per_step[SPRING_VERLET] == verlet);
    char text[640];
    sl_text_verlet(text, sizeof text, &r);
    ck_text_has(text, "(1 and 1 forces a step");
    ck_text_has(text, "(w0 dt < 2 undamped)");
    ck_text_has(text, "(det M = 1; explicit's is 1 + y^2 = 1.64)");        /* y = 0.8 */
    ck_text_has(text, "swings by 1/(1 - y^2/4) = 1.19, not semi's 2.33");  /* 1/0.84, 1.4/0.6 */
    double lo = INFINITY, hi = 0.0;
    for (size_t i = 0; i < r.count[SPRING_VERLET]; i++)
        lo = fmin(lo, r.samples[SPRING_VERLET][i].energy), hi = fmax(hi, r.samples[SPRING_VERLET][i].energy);
    ck_claim_rel(hi / lo, 1.0 / 0.84, 2e-3);
    sl_result_free(&r);
}
END_TEST

START_TEST(test_step8_implicit)
{
    const spring_params p = {.k = 1600.0, .c = 0.0, .m = 1.0, .target = 0.0};
    char text[640];
    sl_result r = operating_point(p, 0.04);
    sl_text_implicit(text, sizeof text, &r);
    /* y = 1.6: 1/sqrt(3.56) = 0.52999, energy kept 1/3.56 = 28.1%, lost 71.9% */
    ck_text_has(text, "rho(M) = 0.530 (undamped 1/sqrt(1 + y^2)) at y = 1.6");
    ck_text_has(text, "72% of the energy a step");
    ck_text_has(text, "The midpoint rule: rho(M) = 1.000");
    sl_result_free(&r);
    spring_state s = {1.0, 0.0};
    s = spring_step_backward_euler(&p, s, 0.04);
    ck_claim_rel(spring_energy(&p, s) / 800.0, 1.0 / 3.56, 1e-12);
}
END_TEST

/* RK4's stability factor on the real axis */
static double rk4_factor(double z)
{
    return 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
}

START_TEST(test_step9_stiff)
{
    const spring_params p = {.k = 10000.0, .c = 1000.0, .m = 1.0, .target = 0.0};  /* w0 = 100, zeta = 5 */
    char text[640];
    sl_result r = operating_point(p, 0.01);
    sl_text_stiff(text, sizeof text, &r);
    const double slow = 100.0 * (5.0 - sqrt(24.0)), fast = 100.0 * (5.0 + sqrt(24.0));  /* 10.10, 989.9 */
    ck_text_has(text, "zeta = 5, the modes decay at 10.1 and 990 1/s, a ratio of 98.");
    ck_claim_rel(fast / slow, 98.0, 1e-3);
    double lo = -3.0, hi = -2.0;  /* R(-3) = 1.375, R(-2) = 1/3: R(z) = 1 between them */
    for (int i = 0; i < 100; i++) {
        const double mid = 0.5 * (lo + hi);
        if (rk4_factor(mid) > 1.0)
            lo = mid;
        else
            hi = mid;
    }
    ck_claim_rel(-lo / fast * 1e3, 2.8137, 1e-4);
    ck_text_has(text, "RK4 needs dt < 2.81 ms, semi 1.98 ms, here dt = 10 ms");  /* 2 (sqrt 26 - 5) / 100 */
    ck_claim_rel(2.0 * (sqrt(26.0) - 5.0) / 100.0, 1.98e-3, 2e-3);
    ck_text_has(text, "(it multiplies it by 0.092 a step)");                /* 1 / (1 + 9.899) */
    ck_text_has(text, "(-0.664: towards -1 as dt grows)");                  /* (1 - 4.95) / (1 + 4.95) */
    sl_result_free(&r);
    /* RK4 at 10 ms diverges; backward Euler follows the slow mode, first order: by hand x(0.6) = 1.0103 e^{-6.061} =
     * 0.00236 exact, 1.0103 / 1.10102^60 = 0.00314 by backward Euler (the fast mode gone: 1/10.9^60): 8e-4 of the
     * start apart */
    spring_state be = {1.0, 0.0}, rk = {1.0, 0.0};
    for (int n = 1; n <= 60; n++) {
        be = spring_step_backward_euler(&p, be, 0.01);
        rk = spring_step_rk4(&p, rk, 0.01);
    }
    ck_assert(fabs(rk.x) > 1e6);
    ck_claim_rel(spring_exact(&p, (spring_state){1.0, 0.0}, 0.6).x, 0.00236, 0.01);
    ck_claim_rel(be.x, 0.00314, 0.01);
}
END_TEST

static double plain_error(spring_state (*step)(const spring_params *, spring_state, double), const spring_params *p,
                          int n, double dt)
{
    spring_state s = {1.0, 0.0};
    for (int i = 0; i < n; i++)
        s = step(p, s, dt);
    return fabs(s.x - spring_exact(p, (spring_state){1.0, 0.0}, n * dt).x);
}

START_TEST(test_step10_order)
{
    const sl_params o = {.spring = {.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0}, .s0 = {1.0, 0.0}, .dt = 0.01,
                         .steps = 200};
    sl_study st = {0};
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_ORDER, &o), 0);
    for (int i = 0; i < st.n; i++) {
        spring_method m;
        ck_assert_int_eq(spring_method_parse(st.s[i].key, &m), 0);
        ck_assert_msg(fabs(st.s[i].slope - spring_method_order(m)) < 0.15, "%s: %g", st.s[i].key, st.s[i].slope);
    }
    const double rk4 = plain_error(spring_step_rk4, &o.spring, 50, 0.04);
    const double semi = plain_error(spring_step_semi, &o.spring, 200, 0.01);
    ck_assert(rk4 < semi / 10.0);
    ck_claim_rel(st.rk4_4dt_error, rk4, 1e-9);
    ck_claim_rel(st.semi_error, semi, 1e-9);
    char text[640], want[96];
    sl_text_order(text, sizeof text, &st);
    snprintf(want, sizeof want, "RK4 at 4 dt errs by %.2g, semi at dt by %.2g, each for 200 forces", rk4, semi);
    ck_text_has(text, want);
    sl_study_free(&st);
}
END_TEST

START_TEST(test_step11_drift)
{
    const double w0 = 2.0 * NUMLAB_PI, dt = 0.025, y = w0 * dt;
    const sl_params o = {.spring = {.k = w0 * w0, .c = 0.0, .m = 1.0, .target = 0.0}, .s0 = {1.0, 0.0}, .dt = dt};
    sl_study drift = {0}, phase = {0};
    ck_assert_int_eq(sl_study_build(&drift, SL_STUDY_DRIFT, &o), 0);
    ck_assert_int_eq(sl_study_build(&phase, SL_STUDY_PHASE_LAG, &o), 0);
    char text[640], want[96];
    sl_text_drift(text, sizeof text, &drift, &phase);
    snprintf(want, sizeof want, "band %.2g and %.2g wide", y / (1.0 - y * y / 4.0), y * y / 4.0);
    ck_text_has(text, want);
    const sl_series *ph = sl_study_find(&phase, "semi");
    ck_assert(ph && ph->y[ph->n - 1] > 0.0);  /* ahead */
    ph = sl_study_find(&phase, "midpoint");
    ck_assert(ph && ph->y[ph->n - 1] < 0.0);  /* behind */
    sl_study_free(&drift);
    sl_study_free(&phase);
}
END_TEST

START_TEST(test_step12_spiral)
{
    char text[640];
    const sl_params o = {.step = TS_DEFAULT_STEP, .cap = TS_DEFAULT_CAP};
    sl_study spiral = {0};
    ck_assert_int_eq(sl_study_build(&spiral, SL_STUDY_SPIRAL, &o), 0);
    sl_text_spiral(text, sizeof text, &spiral);
    sl_study_free(&spiral);
    /* growth: the cost ratio; the cap: 0.1 / (1/240) = 24 steps; speed 24 h / (render + 24 * 1.5 h) */
    ck_text_has(text, "(here 1.5 x)");
    ck_text_has(text, "grow x1.5 a frame");
    ck_text_has(text, "holds a frame to 24 steps");
    char want[128];
    snprintf(want, sizeof want, "runs at %.2g x real time", 0.1 / (SL_SPIRAL_RENDER + 24.0 * 1.5 / 240.0));
    ck_text_has(text, want);
    /* the frames, by a plain accumulator: the first frame lasts 1/60 s, each next one render + its steps x 1.5 h;
     * the first to last over a second, and the last before a frame would need 10^8 steps */
    const double h = 1.0 / 240.0;
    double acc = 0.0, dt = 1.0 / 60.0;
    size_t over_second = 0, frames = 0;
    for (size_t k = 1; k < 10000; k++) {
        if (floor((acc + dt) / h) > 1e8)
            break;
        frames = k;
        if (!over_second && dt > 1.0)
            over_second = k;
        const double n = floor((acc + dt) / h + 1e-9);
        acc += dt - n * h;
        dt = SL_SPIRAL_RENDER + n * 1.5 * h;
    }
    snprintf(want, sizeof want, "frame %zu lasts over a second; after frame %zu one would", over_second, frames);
    ck_text_has(text, want);
    ck_assert_uint_lt(over_second, frames / 2);  /* the premise: a frame lasts a second long before it freezes */
}
END_TEST

/* A pane that drew a study (log x: order, cost) and then a trajectory (back from step 10 to step 3) draws what a new
 * chart draws: nothing of the study's axes is left behind. */
START_TEST(test_pane_after_a_study)
{
    const sl_params o = {.spring = {.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0}, .s0 = {1.0, 0.0}, .dt = 0.01,
                         .steps = 200, .tol = 1e-10, .methods = {[SPRING_SEMI] = true, [SPRING_RK4] = true}};
    const bool *shown = o.methods;
    sl_result r = {0};
    sl_study st = {0};
    ck_assert_int_eq(sl_model_compute(&o, &r), 0);
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_ORDER, &o), 0);
    for (int kind = SL_CHART_PHASE; kind <= SL_CHART_STABILITY; kind++) {
        plot_chart *fresh = plot_chart_new(60, 20, PLOT_ASCII), *reused = plot_chart_new(60, 20, PLOT_ASCII);
        ck_assert(fresh && reused);
        sl_study_chart(reused, &st);
        plot_chart_render(reused);
        sl_chart_build(fresh, (sl_chart_kind)kind, &o, &r, shown, INFINITY);
        sl_chart_build(reused, (sl_chart_kind)kind, &o, &r, shown, INFINITY);
        char a[8192], b[8192];
        plot_grid_text(plot_chart_render(fresh), a, sizeof a, 0);
        plot_grid_text(plot_chart_render(reused), b, sizeof b, 0);
        ck_assert_msg(strcmp(a, b) == 0, "chart %d after a study:\n%s\nnew:\n%s", kind, b, a);
        plot_chart_free(fresh);
        plot_chart_free(reused);
    }
    sl_study_free(&st);
    sl_result_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("claims_spring_walk");
    TCase *tc = tcase_create("claims");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_step7_verlet);
    tcase_add_test(tc, test_step8_implicit);
    tcase_add_test(tc, test_step9_stiff);
    tcase_add_test(tc, test_step10_order);
    tcase_add_test(tc, test_step11_drift);
    tcase_add_test(tc, test_step12_spiral);
    tcase_add_test(tc, test_pane_after_a_study);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
