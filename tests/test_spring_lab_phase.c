/* spring-lab's phase-space studies and steps 16-18 (labs/spring-lab/model_phase.c, walk_phase.c) at the walk's
 * settings, against references of the test's own: the product of det J by the closed forms of explicit and backward
 * Euler along trajectories stepped here, the disc's start circle, RK4's and Verlet's samples from steps written out
 * here (with the shadow energy's formula written again), the orders measured, the reference swing against GSL's rk8pd
 * on a right-hand side of the test's own and the closed-form amplitude 2 asin(v0 / 2 w0), and the claim "Verlet goes
 * over the top exactly when its shadow energy starts above the top's 2k" on a grid of steps. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../labs/spring-lab/lab.h"
#include "helpers/check_main.h"

#define ck_text_has(TEXT, PART) ck_assert_msg(strstr((TEXT), (PART)), "'%s' not in: %s", (PART), (TEXT))

/* The walk's pendulum (w0 = 1) from (x0, v0), dt, steps. */
static sl_params walk_params(double x0, double v0, double dt, long long steps)
{
    sl_params p = {.spring = {.k = 1.0, .c = 0.0, .m = 1.0, .target = 0.0}, .s0 = {x0, v0}, .dt = dt, .steps = steps};
    return p;
}

START_TEST(area_study_against_the_step_determinants)
{
    /* step 16: the disc about u = 1, 190 steps of 0.1. det J in closed form (test_phase.c derives them): explicit
     * Euler 1 + h^2 cos u at each step's start, backward Euler 1 / (1 + h^2 cos u') at its end, u' solved here by
     * Newton on u' - u - h v + h^2 sin u' = 0 */
    const sl_params p = walk_params(1.0, 0.0, 0.1, 190);
    sl_study st = {0};
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_AREA, &p), 0);
    ck_assert_int_eq(st.n, 6);  /* explicit, semi, rk4, verlet, backward-euler, midpoint */
    const double h = 0.1;
    double ue = 1.0, ve = 0.0, ub = 1.0, vb = 0.0, log_explicit = 0.0, log_backward = 0.0;
    for (int k = 0; k < 190; k++) {
        log_explicit += log1p(h * h * cos(ue));
        const double u = ue;
        ue += h * ve, ve -= h * sin(u);
        double next = ub;
        for (int it = 0; it < 60; it++)
            next -= (next - ub - h * vb + h * h * sin(next)) / (1.0 + h * h * cos(next));
        vb = (next - ub) / h, ub = next;
        log_backward -= log1p(h * h * cos(ub));
    }
    const sl_series *ex = sl_study_find(&st, "explicit"), *be = sl_study_find(&st, "backward-euler");
    ck_assert(ex && be);
    ck_assert_msg(fabs(ex->predicted / exp(log_explicit) - 1.0) < 1e-8, "%.12g %.12g", ex->predicted, exp(log_explicit));
    ck_assert_msg(fabs(be->predicted / exp(log_backward) - 1.0) < 1e-7, "%.12g %.12g", be->predicted, exp(log_backward));
    /* the disc's own ratio follows them to O(radius^2) of log det */
    ck_assert_msg(fabs(log(ex->last) / log(ex->predicted) - 1.0) < 0.05, "explicit %g", ex->last);
    ck_assert_msg(fabs(log(be->last) / log(be->predicted) - 1.0) < 0.05, "backward %g", be->last);
    ck_assert(ex->last > 2.0 && be->last < 0.25);
    /* the symplectic ones keep it, to the quadrature's 1e-7; RK4 shrinks it by more than that */
    const char *const symplectic[] = {"semi", "verlet", "midpoint"};
    for (int i = 0; i < 3; i++) {
        const sl_series *s = sl_study_find(&st, symplectic[i]);
        ck_assert_msg(s && fabs(s->last - 1.0) < 2e-7 && fabs(s->predicted - 1.0) < 1e-7, "%s", symplectic[i]);
    }
    const sl_series *rk4 = sl_study_find(&st, "rk4");
    ck_assert(rk4 && rk4->last < 1.0 - 5e-7 && rk4->predicted < 1.0 - 5e-7);
    ck_assert_double_eq_tol(ex->x[190], 19.0, 1e-12);
    ck_assert_int_eq(ex->n, 191);
    sl_study_free(&st);
}
END_TEST

START_TEST(disc_study_boundaries)
{
    const sl_params p = walk_params(1.0, 0.0, 0.1, 190);
    sl_study st = {0};
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_DISC, &p), 0);
    const sl_series *start = sl_study_find(&st, "start");
    ck_assert(start && start->n == SL_AREA_POINTS + 1);
    for (size_t i = 0; i < start->n; i++)  /* the circle of 0.25 about (1, 0) (w0 = 1: the same radius in v) */
        ck_assert_double_eq_tol(hypot(start->x[i] - 1.0, start->y[i]), 0.25, 1e-12);
    for (int i = 1; i < st.n; i++) {  /* each boundary closed */
        const sl_series *s = &st.s[i];
        ck_assert(s->n > SL_AREA_POINTS);
        ck_assert_double_eq(s->x[0], s->x[s->n - 1]);
        ck_assert_double_eq(s->y[0], s->y[s->n - 1]);
    }
    sl_study_free(&st);
}
END_TEST

/* The test's own steps on u'' = -sin u (w0 = 1). */
static void own_rk4(double h, double y[2])
{
    double k[4][2], s[2] = {y[0], y[1]};
    for (int i = 0; i < 4; i++) {
        k[i][0] = s[1], k[i][1] = -sin(s[0]);
        const double c = i < 2 ? 0.5 * h : h;
        s[0] = y[0] + c * k[i][0], s[1] = y[1] + c * k[i][1];
    }
    y[0] += h / 6.0 * (k[0][0] + 2.0 * k[1][0] + 2.0 * k[2][0] + k[3][0]);
    y[1] += h / 6.0 * (k[0][1] + 2.0 * k[1][1] + 2.0 * k[2][1] + k[3][1]);
}

static void own_verlet(double h, double y[2])
{
    y[1] -= 0.5 * h * sin(y[0]);
    y[0] += h * y[1];
    y[1] -= 0.5 * h * sin(y[0]);
}

static double own_energy(const double y[2])
{
    return 0.5 * y[1] * y[1] + 1.0 - cos(y[0]);
}

/* H + h^2 (V'' p^2 / 12 - V'^2 / 24) at m = 1, k = 1 */
static double own_shadow(double h, const double y[2])
{
    return own_energy(y) + h * h * (cos(y[0]) * y[1] * y[1] / 12.0 - sin(y[0]) * sin(y[0]) / 24.0);
}

START_TEST(shadow_study_bounded_and_drifting)
{
    /* step 17: a swing of 1 rad, 1e5 periods of 4 K(sin 0.5) at dt = 0.2; K by Gauss's arithmetic-geometric mean,
     * K(k) = pi / (2 AGM(1, sqrt(1 - k^2))) */
    const sl_params p = walk_params(1.0, 0.0, 0.2, 1);
    sl_study st = {0};
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_SHADOW, &p), 0);
    double a = 1.0, b = cos(0.5);
    for (int i = 0; i < 40; i++) {
        const double next = 0.5 * (a + b);
        b = sqrt(a * b), a = next;
    }
    ck_assert_double_eq_tol(st.period, 4.0 * NUMLAB_PI / (2.0 * a), 1e-12);
    const sl_series *v = sl_study_find(&st, "verlet"), *h = sl_study_find(&st, "verlet-modified");
    const sl_series *r = sl_study_find(&st, "rk4");
    ck_assert(v && h && r && v->n > 3000);
    /* the samples at the second sample's step, from the test's own steps */
    const size_t every = (size_t)llround(v->x[1] * st.period / 0.2);
    double yv[2] = {1.0, 0.0}, yr[2] = {1.0, 0.0};
    for (size_t k = 0; k < every; k++)
        own_verlet(0.2, yv), own_rk4(0.2, yr);
    const double e0 = 1.0 - cos(1.0), s0 = own_shadow(0.2, (double[2]){1.0, 0.0});
    ck_assert_double_eq_tol(v->y[1], own_energy(yv) / e0, 1e-10);
    ck_assert_double_eq_tol(h->y[1], own_shadow(0.2, yv) / s0, 1e-10);
    ck_assert_double_eq_tol(r->y[1], own_energy(yr) / e0, 1e-10);
    /* bounded: Verlet's energy band over the first tenth of the run is already the whole run's (to 10%), and the
     * shadow energy's band is 100 times narrower; RK4 loses energy, most of it by the end */
    double band_tenth = 0.0, band = 0.0;
    for (size_t k = 0; k < v->n; k++) {
        band = fmax(band, fabs(v->y[k] - 1.0));
        if (k < v->n / 10)
            band_tenth = band;
    }
    ck_assert_msg(band < 1.1 * band_tenth && band < 0.02, "%g, first tenth %g", band, band_tenth);
    ck_assert_msg(fmax(fabs(h->hi - 1.0), fabs(h->lo - 1.0)) < band / 100.0, "%g %g", h->lo, h->hi);
    ck_assert_msg(r->last < 0.2 && r->y[r->n / 10] < 1.0 - 10.0 * band, "rk4 %g, at a tenth %g", r->last,
                  r->y[r->n / 10]);
    /* backward error analysis: H's spread falls as dt^2, H~'s as dt^4 */
    ck_assert_msg(fabs(st.energy_order - 2.0) < 0.1 && fabs(st.shadow_order - 4.0) < 0.2, "%g %g", st.energy_order,
                  st.shadow_order);
    sl_study_free(&st);
}
END_TEST

/* The test's own right-hand side for GSL: u'' = -sin u. */
static int own_rhs(double t, const double y[], double f[], void *params)
{
    (void)t, (void)params;
    f[0] = y[1], f[1] = -sin(y[0]);
    return GSL_SUCCESS;
}

START_TEST(separatrix_study_over_the_top)
{
    /* step 18: from the bottom at v0 = 1.998 (the top needs 2), 300 steps of 0.2 */
    const double v0 = 1.998;
    const sl_params p = walk_params(0.0, v0, 0.2, 300);
    sl_study st = {0};
    ck_assert_int_eq(sl_study_build(&st, SL_STUDY_SEPARATRIX, &p), 0);
    const sl_series *ref = sl_study_find(&st, "reference"), *verlet = sl_study_find(&st, "verlet");
    ck_assert(ref && verlet && ref->n == 301);
    /* the reference swings back at the closed-form amplitude 2 asin(v0 / 2) and is GSL's rk8pd at t = 60 */
    double most = 0.0;
    for (size_t k = 0; k < ref->n; k++)
        most = fmax(most, fabs(ref->y[k]));
    ck_assert_int_eq(ref->over, 0);
    ck_assert_msg(most < 2.0 * asin(v0 / 2.0) && most > 2.0 * asin(v0 / 2.0) - 0.02, "%g", most);
    gsl_odeiv2_system sys = {own_rhs, NULL, 2, NULL};
    gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, 1e-13, 1e-13);
    double y[2] = {0.0, v0}, t = 0.0;
    ck_assert_int_eq(gsl_odeiv2_driver_apply(d, &t, 60.0, y), GSL_SUCCESS);
    gsl_odeiv2_driver_free(d);
    ck_assert_double_eq_tol(ref->y[300], y[0], 1e-8);
    /* Verlet: H~ = v0^2/2 + dt^2 v0^2 / 12 at the bottom (V' = 0, V'' = 1) is above 2: it goes over, at step 21 (a
     * loop of own_verlet agrees); the crossing dt solves v0^2/2 + dt^2 v0^2/12 = 2 */
    const double shadow = v0 * v0 / 2.0 + 0.04 * v0 * v0 / 12.0;
    ck_assert_double_eq_tol(st.shadow_start, shadow, 1e-12);
    ck_assert_double_eq(st.top, 2.0);
    ck_assert_double_eq_tol(st.dt_cross, sqrt((2.0 - v0 * v0 / 2.0) * 12.0 / (v0 * v0)), 1e-12);
    double yv[2] = {0.0, v0};
    long long over = 0;
    for (long long k = 1; k <= 300 && !over; k++) {
        own_verlet(0.2, yv);
        over = fabs(yv[0]) > NUMLAB_PI ? k : 0;
    }
    ck_assert_int_eq(verlet->over, over);
    ck_assert_int_eq(verlet->over, 21);
    /* ... and a fine step on a swing of 0.5 rad: its energy within 1% */
    double ys[2] = {0.5, 0.0}, band = 0.0;
    for (int k = 0; k < 300; k++) {
        own_verlet(0.2, ys);
        band = fmax(band, fabs(own_energy(ys) / (1.0 - cos(0.5)) - 1.0));
    }
    ck_assert_double_eq_tol(st.small_energy, band, 1e-12);
    ck_assert(band < 0.01);
    sl_study_free(&st);
    /* the claim on a grid: Verlet goes over the top within 300 steps exactly when H~ starts above 2 */
    const double steps[] = {0.05, 0.1, 0.15, 0.2, 0.3};
    const double speeds[] = {1.99, 1.998, 1.9995};
    for (size_t i = 0; i < 5; i++)
        for (size_t j = 0; j < 3; j++) {
            const sl_params q = walk_params(0.0, speeds[j], steps[i], 300);
            sl_study s = {0};
            ck_assert_int_eq(sl_study_build(&s, SL_STUDY_SEPARATRIX, &q), 0);
            const bool above = s.shadow_start > s.top, went = sl_study_find(&s, "verlet")->over > 0;
            ck_assert_msg(above == went, "dt %g, v0 %g: H~ %.6f, over %d", steps[i], speeds[j], s.shadow_start, went);
            ck_assert_int_eq(sl_study_find(&s, "reference")->over, 0);
            sl_study_free(&s);
        }
}
END_TEST

START_TEST(walk_texts_state_the_numbers)
{
    static sl_walk w;  /* large: not on the stack */
    memset(&w, 0, sizeof w);
    for (int step = SL_STEP_AREA; step <= SL_STEP_SEPARATRIX; step++) {
        memset(w.shown, 0, sizeof w.shown);
        sl_walk_phase_defaults(&w, step);
        w.o.p.steps = (long long)llround(w.steps);
        sl_walk_phase_compute(&w, step);
        ck_assert(!w.out_of_memory);
        sl_walk_phase_text(&w, step);
        char notes[512];
        sl_walk_phase_notes(&w, step, notes, sizeof notes, 0);
        const sl_study *st = &w.study[step == SL_STEP_AREA ? 1 : 0];
        char want[64];
        if (step == SL_STEP_AREA) {
            snprintf(want, sizeof want, "verlet %.9f", sl_study_find(st, "verlet")->last);
            ck_text_has(w.text[step], want);
            snprintf(want, sizeof want, "explicit %.6g", sl_study_find(st, "explicit")->predicted);
            ck_text_has(notes, want);
        } else if (step == SL_STEP_SHADOW) {
            snprintf(want, sizeof want, "E/E0 = %.4f", sl_study_find(st, "rk4")->last);
            ck_text_has(w.text[step], want);
            ck_text_has(w.text[step], "Over 100000 periods");
        } else {
            ck_text_has(w.text[step], "over the top at step 21");
            ck_text_has(w.text[step], "the pendulum swings back");
        }
    }
    for (int p = 0; p < TUI_MAX_PANES; p++)
        sl_study_free(&w.study[p]);
}
END_TEST

static Suite *phase_lab_suite(void)
{
    Suite *s = suite_create("spring_lab_phase");
    TCase *tc = tcase_create("studies");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, area_study_against_the_step_determinants);
    tcase_add_test(tc, disc_study_boundaries);
    tcase_add_test(tc, shadow_study_bounded_and_drifting);
    tcase_add_test(tc, separatrix_study_over_the_top);
    tcase_add_test(tc, walk_texts_state_the_numbers);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(phase_lab_suite());
}
