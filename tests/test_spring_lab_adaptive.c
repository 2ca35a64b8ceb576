/* spring-lab's adaptive studies and step 15 (labs/spring-lab/model_adaptive.c, walk_adaptive.c, texts_adaptive.c),
 * at the walk's settings, against references of their own: the work-precision slopes (explicit Euler -1, RK4 -4,
 * RK4's errors from spring.c's hand-written step), dopri5's errors against the closed form, the steps study's sum
 * and counts, the steps a frame recounted here, the landing runs against ode_dopri5 directly, the offline claim. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../labs/spring-lab/lab.h"
#include "helpers/check_main.h"

#define ck_text_has(TEXT, PART) ck_assert_msg(strstr((TEXT), (PART)), "'%s' not in: %s", (PART), (TEXT))

/* The walk's step 15: step 3's spring from x = 1 over 3 s at tol 1e-6. */
static sl_params walk_params(void)
{
    return (sl_params){.spring = {.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0}, .s0 = {1.0, 0.0}, .dt = 0.01,
                       .steps = 300, .tol = 1e-6};
}

START_TEST(work_precision_slopes)
{
    /* error against evaluations: slope -order for a fixed step. Each where its finest half (where the slope is
     * fitted) is in the asymptotic range and above the rounding floor: explicit Euler over n = 375 .. 48000 steps of
     * 3 s (w0 dt = 0.08 .. 0.000625; at the walk's grid, w0 dt up to 0.8, it reads -1.29), RK4 at the walk's grid
     * (n = 38 .. 4800: at the finer one its errors sink below 1e-12) */
    sl_params fine = walk_params();
    fine.dt = 0.001, fine.steps = 3000;
    const sl_params p = walk_params();
    sl_study st = {0}, st_fine = {0};
    ck_assert_int_eq(sl_study_build(&st_fine, SL_STUDY_WORK, &fine), 0);
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_WORK, &p), 0);
    const sl_series *exp_euler = sl_study_find(&st_fine, "explicit"), *rk4 = sl_study_find(&st, "rk4");
    const sl_series *dopri = sl_study_find(&st, "dopri5"), *rkf45 = sl_study_find(&st, "gsl-rkf45");
    ck_assert(exp_euler && rk4 && dopri && rkf45 && st.n == 8);
    ck_assert_msg(fabs(exp_euler->slope + 1.0) < 0.1, "explicit %.3f", exp_euler->slope);
    ck_assert_msg(fabs(rk4->slope + 4.0) < 0.1, "rk4 %.3f", rk4->slope);
    /* RK4's points: n = 300 2^(j-3) steps, 4 evaluations each, and the error of spring.c's own RK4 step (written
     * out by hand there, not ode.c's) after n steps of 3/n against the closed form */
    for (size_t j = 0; j < rk4->n; j++) {
        const long n = lround(300.0 * pow(2.0, (double)j - 3.0));
        ck_assert_double_eq(rk4->x[j], 4.0 * (double)n);
        spring_state s = p.s0;
        for (long i = 0; i < n; i++)
            s = spring_step_rk4(&p.spring, s, 3.0 / (double)n);
        const double want = fabs(s.x - spring_exact(&p.spring, p.s0, 3.0).x);
        ck_assert_msg(fabs(rk4->y[j] - want) <= 1e-13 + 1e-9 * want, "n %ld: %g, by hand %g", n, rk4->y[j], want);
    }
    /* dopri5 at tol 1e-3 .. 1e-12: within 100 tol of the closed form, dearer as tol falls, and steeper than RK4 on
     * the diagram (each decade of error costs fewer evaluations: a fifth-order pair) */
    for (size_t j = 0; j < dopri->n; j++) {
        ck_assert_msg(dopri->y[j] < 100.0 * pow(10.0, -3.0 - (double)j), "tol 1e-%zu: %g", j + 3, dopri->y[j]);
        if (j > 0)
            ck_assert(dopri->x[j] > dopri->x[j - 1]);
    }
    ck_assert_msg(dopri->slope < -4.5, "dopri5 %.3f", dopri->slope);
    sl_study_free(&st);
    sl_study_free(&st_fine);
}
END_TEST

static bool keep_time(void *arg, const sl_accepted *a)
{
    double *t = arg;
    t[a->step] = a->s.t;
    return a->step < 999;
}

START_TEST(steps_study_and_the_game_loop)
{
    const sl_params p = walk_params();
    sl_study st = {0};
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_STEPS, &p), 0);
    ck_assert_int_eq(st.n, ODE_CONTROLLER_COUNT);
    for (int k = 0; k < ODE_CONTROLLER_COUNT; k++) {
        const sl_series *s = &st.s[k];
        const sl_adaptive_end *a = &st.adaptive[k];
        /* the steps add up to the run, one point an accepted step, the bounds the series' */
        double sum = 0.0;
        for (size_t i = 0; i < s->n; i++)
            sum += s->y[i];
        ck_assert_double_eq_tol(sum, 3.0, 1e-12);
        ck_assert_uint_eq(s->n, a->accepted);
        ck_assert_double_eq(s->lo, a->h_min);
        ck_assert_double_eq(s->hi, a->h_max);
        /* FSAL: the starting step's 2 evaluations, then 6 an attempt, rejected or not */
        ck_assert_uint_eq(a->evals, 2 + 6 * (a->accepted + a->rejected));
        ck_assert_msg(a->error < 100.0 * p.tol, "%s: %g", ode_controller_name((ode_controller_kind)k), a->error);
    }
    /* at tol 1e-6 the standard controller rejects some steps here */
    ck_assert_uint_ge(st.adaptive[ODE_CONTROLLER_STANDARD].rejected, 1);
    /* the steps a 60 Hz frame holds, recounted from the run's own rows: frame f holds the steps ending in
     * ((f - 1)/60, f/60] */
    static double t[1000];
    sl_adaptive_end end;
    ck_assert_int_eq(sl_adaptive_run(&p, ODE_CONTROLLER_STANDARD, keep_time, t, &end), 0);
    ck_assert(!end.stopped);
    int per_frame[181] = {0};
    for (unsigned long i = 1; i <= end.accepted; i++)
        per_frame[(int)ceil(t[i] * 60.0 - 1e-9)]++;
    int lo = 1000, hi = 0;
    for (int f = 1; f <= 180; f++)
        lo = per_frame[f] < lo ? per_frame[f] : lo, hi = per_frame[f] > hi ? per_frame[f] : hi;
    ck_assert_int_eq(st.frame_steps_lo, lo);
    ck_assert_int_eq(st.frame_steps_hi, hi);
    ck_assert(lo < hi);  /* the work a frame jumps */
    /* landing on every 60 Hz frame: ode_dopri5 advanced to f/60, f = 1..180, directly */
    const ode_system sys = spring_system(&p.spring);
    ode_dopri5 d;
    ck_assert_int_eq(ode_dopri5_init(&d, 2, p.tol, p.tol, NULL), 0);
    double y[2] = {1.0, 0.0}, tt = 0.0;
    for (int f = 1; f <= 180; f++)
        ck_assert_int_eq(ode_dopri5_advance(&d, &sys, &tt, (double)f * (3.0 / 180.0), y), 0);
    ck_assert_uint_eq(st.landing_evals, d.rhs_evals);
    ck_assert_uint_gt(st.landing_evals, st.adaptive[ODE_CONTROLLER_STANDARD].evals);
    ode_dopri5_destroy(&d);
    /* a replay at 30 and at 144 Hz: two trajectories, each within the tolerance of the closed form */
    ck_assert(st.replay_gap > 0.0 && st.replay_gap < 200.0 * p.tol);
    sl_study_free(&st);
}
END_TEST

START_TEST(step13_text_states_the_studies)
{
    const sl_params p = walk_params();
    sl_study steps = {0}, work = {0};
    ck_assert_int_eq(sl_study_build(&steps, SL_STUDY_STEPS, &p), 0);
    ck_assert_int_eq(sl_study_build(&work, SL_STUDY_WORK, &p), 0);
    char text[1024], part[96];
    sl_text_adaptive(text, sizeof text, &steps, &work);
    const sl_adaptive_end *a = &steps.adaptive[ODE_CONTROLLER_STANDARD];
    snprintf(part, sizeof part, "takes %lu steps to t = 3 s (%lu rejected)", a->accepted, a->rejected);
    ck_text_has(text, part);
    snprintf(part, sizeof part, "hold %d to %d of them", steps.frame_steps_lo, steps.frame_steps_hi);
    ck_text_has(text, part);
    snprintf(part, sizeof part, "costs %lu evaluations, not %lu", steps.landing_evals, a->evals);
    ck_text_has(text, part);
    snprintf(part, sizeof part, "within %.1e of the closed form after %.0f evaluations", work.ref_error, work.ref_evals);
    ck_text_has(text, part);
    ck_assert(strlen(text) < sizeof text - 1);  /* not cut */
    /* the offline claim: dopri5 at 1e-10 (the work study's eighth tolerance) beats RK4 at about its cost */
    const sl_series *dopri = sl_study_find(&work, "dopri5");
    ck_assert_double_eq(work.ref_error, dopri->y[7]);
    ck_assert(work.rk4_evals / work.ref_evals < 2.0 && work.ref_evals / work.rk4_evals < 2.0);
    ck_assert_msg(work.rk4_error > 10.0 * work.ref_error, "rk4 %g, dopri5 %g", work.rk4_error, work.ref_error);
    ck_assert_double_lt(work.ref_error, 100.0 * SL_REF_TOL);
    sl_study_free(&steps);
    sl_study_free(&work);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spring_lab_adaptive");
    TCase *tc = tcase_create("adaptive");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, work_precision_slopes);
    tcase_add_test(tc, steps_study_and_the_game_loop);
    tcase_add_test(tc, step13_text_states_the_studies);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
