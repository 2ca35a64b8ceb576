/* spring-lab's claims, each against an independent reference. The walk's texts (labs/spring-lab/texts.c)
 * format live values; what they state is checked here:
 *   1. --stability's damped limits (spring_stability_limit) are confirmed by the simulation: every fixed-step method
 *      stays bounded at 0.95 of its limit and diverges at 1.05, at several damping ratios; and they are the closed
 *      forms: explicit Euler w0 dt = 2 zeta (under-damped), 2 / (zeta + sqrt(zeta^2 - 1)) (over-damped), semi-implicit
 *      2 (sqrt(1 + zeta^2) - zeta), RK4 2 sqrt 2 undamped;
 *   2. step 4: RK4's rho(M)^2 on the undamped spring is 1 - y^6/72 + y^8/576 (rho 0.917 at y = 1.6, 1/2 at sqrt 6);
 *      bounded means rho(M) < 1 or = 1 with distinct eigenvalues: at w0 dt = 2 semi-implicit Euler grows linearly;
 *   3. step 2: semi-implicit Euler conserves v^2/2 + w^2 x^2/2 - (h w^2/2) x v to rounding, while the energy swings by
 *      the factor (1 + y/2)/(1 - y/2), bounded, no drift;
 *   4. step 3: gsl-rk4's step is the result of two classical RK4 half steps;
 *   5. step 5: the rest test runs once a frame, so 30/60/144 Hz come to rest at different times, never before the
 *      first step at which the test holds; a capped gap moves the spring on by the cap, not by the gap. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "../labs/spring-lab/lab.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

static const spring_method fixed_methods[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_RK4, SPRING_GSL_RK4,
                                              SPRING_VERLET, SPRING_BACKWARD_EULER, SPRING_MIDPOINT};
enum { N_FIXED = sizeof fixed_methods / sizeof fixed_methods[0] };

/* Steps from x = 1 at rest; true when |x - T| + |v| / w0 ends above 1e3 or the run diverged. */
static bool grows(const spring_params *p, spring_method method, double dt, long steps)
{
    spring_runner r;
    ck_assert_int_eq(spring_runner_init(&r, p, method, (spring_state){1.0, 0.0}, dt, 1e-10), 0);
    for (long s = 0; s < steps && !spring_runner_step(&r); s++)
        ;
    const bool out = r.status.diverged || fabs(r.y[0] - p->target) + fabs(r.y[1]) / spring_omega0(p) > 1e3;
    spring_runner_destroy(&r);
    return out;
}

START_TEST(test_damped_limits_confirmed)
{
    const double zetas[] = {0.0, 0.05, 0.27, 0.6, 2.0};
    for (size_t z = 0; z < sizeof zetas / sizeof zetas[0]; z++) {
        const spring_params p = {.k = 1600.0, .m = 1.0, .c = 2.0 * zetas[z] * 40.0, .target = 0.0};  /* w0 = 40 */
        for (int q = 0; q < N_FIXED; q++) {
            const spring_method m = fixed_methods[q];
            const double dt = spring_stability_limit(m, zetas[z]) / 40.0;
            if (dt == 0.0) {  /* undamped explicit Euler: grows at every step */
                ck_assert(grows(&p, m, 1e-3, 200000));
                continue;
            }
            if (isinf(dt)) {  /* the implicit methods: --stability prints inf; no step grows, however large */
                for (double y = 1.0; y <= 1e6; y *= 100.0)
                    ck_assert_msg(!grows(&p, m, y / 40.0, 10000), "%s, zeta %g: grew at w0 dt = %g",
                                  spring_method_name(m), zetas[z], y);
                continue;
            }
            ck_assert_msg(!grows(&p, m, 0.95 * dt, 100000), "%s, zeta %g: grew at 0.95 x %g s", spring_method_name(m),
                          zetas[z], dt);
            ck_assert_msg(grows(&p, m, 1.05 * dt, 100000), "%s, zeta %g: bounded at 1.05 x %g s",
                          spring_method_name(m), zetas[z], dt);
        }
    }
}
END_TEST

START_TEST(test_limit_closed_forms)
{
    const double zetas[] = {0.05, 0.27, 0.6, 0.95};
    for (size_t z = 0; z < sizeof zetas / sizeof zetas[0]; z++) {
        const double zeta = zetas[z];
        ck_claim_rel(spring_stability_limit(SPRING_EXPLICIT, zeta), 2.0 * zeta, 1e-9);
        ck_claim_rel(spring_stability_limit(SPRING_SEMI, zeta), 2.0 * (sqrt(1.0 + zeta * zeta) - zeta), 1e-9);
    }
    ck_claim_rel(spring_stability_limit(SPRING_EXPLICIT, 2.0), 2.0 / (2.0 + sqrt(3.0)), 1e-9);
    ck_claim_rel(spring_stability_limit(SPRING_SEMI, 2.0), 2.0 * (sqrt(5.0) - 2.0), 1e-9);
    ck_claim_rel(spring_stability_limit(SPRING_RK4, 0.0), 2.0 * sqrt(2.0), 1e-15);
    ck_claim_rel(spring_stability_limit(SPRING_GSL_RK4, 0.3), 2.0 * spring_stability_limit(SPRING_RK4, 0.3), 1e-9);
}
END_TEST

START_TEST(test_rk4_damps_the_undamped_spring)
{
    const spring_params p = {.k = 1.0, .m = 1.0, .c = 0.0, .target = 0.0};
    for (double y = 0.1; y < 2.83; y += 0.1) {
        double M[4];
        spring_amplification(&p, SPRING_RK4, y, M);
        const double rho = spring_spectral_radius(M), want = 1.0 - pow(y, 6) / 72.0 + pow(y, 8) / 576.0;
        ck_claim_rel(rho * rho, want, 1e-12);
        ck_assert(want >= 0.25 - 1e-12);  /* its minimum, at y = sqrt 6: rho = 1/2 */
    }
    /* the walk's step 4 at its own w0 dt = 1.6 (k = 1600, dt = 0.04) */
    const spring_params walk = {.k = 1600.0, .m = 1.0, .c = 0.0, .target = 0.0};
    char text[512];
    const sl_params at = {.spring = walk, .dt = 0.04};
    sl_result r = {0};
    ck_assert_int_eq(sl_model_compute(&at, &r), 0);
    sl_text_stability(text, sizeof text, &r);
    sl_result_free(&r);
    ck_assert_msg(strstr(text, "rho = 0.917 (energy -16% a step)"), "%s", text);
    ck_claim_rel(sqrt(1.0 - pow(1.6, 6) / 72.0 + pow(1.6, 8) / 576.0), 0.9173, 1e-4);
}
END_TEST

START_TEST(test_jordan_block_grows_linearly)
{
    /* w0 dt = 2, undamped: semi-implicit Euler's M = [[-3, 2], [-2, 1]] (w0 = 1) has -1 twice: rho = 1, unbounded */
    const spring_params p = {.k = 1.0, .m = 1.0, .c = 0.0, .target = 0.0};
    double M[4];
    spring_amplification(&p, SPRING_SEMI, 2.0, M);
    ck_claim_rel(spring_spectral_radius(M), 1.0, 1e-12);
    ck_assert(!spring_step_bounded(M));
    ck_assert(!spring_dt_stable(&p, SPRING_SEMI, 2.0));  /* the verdict --stability and the walk print */
    ck_assert(spring_dt_stable(&p, SPRING_SEMI, 1.999));
    spring_amplification(&p, SPRING_SEMI, 1.999, M);
    ck_assert(spring_step_bounded(M));
    spring_state s = {1.0, 0.0};
    double at500 = 0.0;
    for (int n = 1; n <= 1000; n++) {
        s = spring_step_semi(&p, s, 2.0);
        if (n == 500)
            at500 = fabs(s.x);
    }
    ck_claim_rel(fabs(s.x) / at500, 2.0, 0.01);  /* |x_n| grows as n */
    ck_assert(fabs(s.x) > 100.0);
}
END_TEST

START_TEST(test_semi_modified_energy)
{
    const spring_params p = {.k = 1600.0, .m = 1.0, .c = 0.0, .target = 0.0};  /* the walk's step 2 */
    const double dt = 0.02, y = 0.8;
    spring_state s = {1.0, 0.0};
    const double h0 = 0.5 * 1600.0;  /* the independent formula at the start: x = 1, v = 0 */
    double lo = INFINITY, hi = 0.0, drift = 0.0;
    for (int n = 0; n < 100000; n++) {
        const double h = 0.5 * s.v * s.v + 0.5 * 1600.0 * s.x * s.x - 0.5 * dt * 1600.0 * s.x * s.v;
        drift = fmax(drift, fabs(h - h0) / h0);
        ck_claim_rel(sl_semi_modified_energy(&p, dt, s), h, 1e-12);
        const double e = spring_energy(&p, s) / h0;
        lo = fmin(lo, e), hi = fmax(hi, e);
        s = spring_step_semi(&p, s, dt);
    }
    ck_assert_msg(drift < 1e-10, "modified energy drifted by %g", drift);
    ck_claim_rel(hi / lo, (1.0 + y / 2.0) / (1.0 - y / 2.0), 1e-3);
    ck_assert(lo > 0.7 && hi < 1.7);  /* the notes' 0.715..1.67 */
    const sl_params run = {.spring = p, .s0 = {1.0, 0.0}, .dt = dt, .steps = 100, .methods = {[SPRING_SEMI] = true}};
    sl_result r = {0};
    ck_assert_int_eq(sl_model_compute(&run, &r), 0);
    ck_assert(r.semi_modified_spread < 1e-10);  /* the drift measured above, over the walk's own run */
    char text[512];
    sl_text_semi(text, sizeof text, &r, p.c);
    sl_result_free(&r);
    ck_assert_msg(strstr(text, "(1 + y/2)/(1 - y/2) = 2.33 at y = w0 dt = 0.8"), "%s", text);
}
END_TEST

START_TEST(test_gsl_rk4_is_two_half_steps)
{
    const spring_params p = {.k = 100.0, .m = 1.0, .c = 2.0, .target = 0.0};
    const double dt = 0.05;
    spring_runner r;
    ck_assert_int_eq(spring_runner_init(&r, &p, SPRING_GSL_RK4, (spring_state){1.0, 0.0}, dt, 1e-10), 0);
    spring_state s = {1.0, 0.0};
    for (int n = 0; n < 20; n++) {
        ck_assert_int_eq(spring_runner_step(&r), 0);
        s = spring_step_rk4(&p, spring_step_rk4(&p, s, dt / 2.0), dt / 2.0);
        ck_claim_rel(r.y[0], s.x, 1e-12);
        ck_claim_rel(r.y[1], s.v, 1e-12);
    }
    spring_runner_destroy(&r);
}
END_TEST

static bool ignore_frame(void *arg, const sl_frame *f)
{
    (void)arg, (void)f;
    return true;
}
#define NULL_EMIT ignore_frame

static bool most_substeps(void *arg, const sl_frame *f)
{
    unsigned *most = arg;
    *most = f->substeps > *most ? f->substeps : *most;
    return true;
}

START_TEST(test_rest_once_a_frame_and_the_cap)
{
    /* the walk's step 5: k = 200, c = 20, target 300 from 0 */
    sl_params o = {.spring = {.k = 200.0, .c = 20.0, .m = 1.0, .target = 300.0}, .s0 = {0.0, 0.0},
                            .step = TS_DEFAULT_STEP, .cap = TS_DEFAULT_CAP, .frame_hz = 60.0, .max_frames = 100000,
                            .rest = ts_rest_scaled(1.0), .rest_rule = TS_REST_BOTH};
    /* the reference: the first fixed step at which the rest test holds, tested after every step */
    spring_state s = o.s0;
    double t_step = 0.0;
    for (int n = 1; !ts_at_rest(&o.rest, TS_REST_BOTH, s.x, s.v, 300.0); n++)
        s = spring_step_semi(&o.spring, s, o.step), t_step = n * o.step;
    const double rates[3] = {30.0, 60.0, 144.0};
    double rest_t[3];
    for (int i = 0; i < 3; i++) {
        sl_loop loop = sl_loop_from_params(&o);
        loop.method = SPRING_SEMI, loop.hz = rates[i], loop.jitter = 0.0, loop.gap = 0.0;
        sl_frame last;
        unsigned ignored = 0;
        ck_assert_int_eq(sl_run_loop(&o.spring, o.s0, &loop, most_substeps, &ignored, &last), SL_LOOP_RESTED);
        rest_t[i] = last.t;
        ck_assert_msg(rest_t[i] >= t_step - 1e-9, "%g Hz rested at %g s, before the first rest step %g s", rates[i],
                      rest_t[i], t_step);
    }
    ck_assert(rest_t[0] != rest_t[1] || rest_t[1] != rest_t[2]);
    /* a 4 s gap at 60 Hz: the gap frame runs cap / step substeps, the spring moves on by the cap */
    sl_loop loop = sl_loop_from_params(&o);
    loop.method = SPRING_SEMI, loop.gap = 4.0, loop.gap_frame = 13, loop.jitter = 0.0;
    unsigned most = 0;
    sl_frame last;
    ck_assert_int_eq(sl_run_loop(&o.spring, o.s0, &loop, most_substeps, &most, &last), SL_LOOP_RESTED);
    ck_claim_rel(most * o.step, o.cap, 1e-9);
    char text[512];
    sl_text_accumulator(text, sizeof text, rest_t, o.step, 4.0, most * o.step);
    ck_assert_msg(strstr(text, "after a 4 s gap the capped spring moves on by 0.1 s, not by the gap"), "%s", text);
}
END_TEST

START_TEST(test_implicit_steps_closed_form)
{
    /* exercise 10's spring (k = 8, c = 2, m = 2, target 1): the closed-form 2x2 eliminations (spring.c) against the
     * generic stepper's Newton solve with GSL's LU (ode.c), and the step matrices against their moduli:
     * undamped, backward Euler's |R(iy)| = 1/sqrt(1 + y^2), the midpoint rule's 1 */
    const spring_params p = {.k = 8.0, .c = 2.0, .m = 2.0, .target = 1.0};
    const spring_method ms[] = {SPRING_BACKWARD_EULER, SPRING_MIDPOINT, SPRING_VERLET};
    for (size_t i = 0; i < 3; i++) {
        spring_runner r;
        ck_assert_int_eq(spring_runner_init(&r, &p, ms[i], (spring_state){3.0, -1.0}, 0.5, 1e-10), 0);
        spring_state s = {3.0, -1.0};
        for (int n = 0; n < 10; n++) {
            ck_assert_int_eq(spring_runner_step(&r), 0);
            s = ms[i] == SPRING_BACKWARD_EULER ? spring_step_backward_euler(&p, s, 0.5)
                : ms[i] == SPRING_MIDPOINT     ? spring_step_midpoint(&p, s, 0.5)
                                               : spring_step_verlet(&p, s, 0.5);
            ck_claim_rel(r.y[0] - 1.0, s.x - 1.0, 1e-13);
            ck_claim_rel(r.y[1], s.v, 1e-13);
        }
        spring_runner_destroy(&r);
    }
    const spring_params u = {.k = 1.0, .c = 0.0, .m = 1.0, .target = 0.0};
    for (double y = 0.25; y < 1e4; y *= 3.0) {
        double M[4];
        spring_amplification(&u, SPRING_BACKWARD_EULER, y, M);
        ck_claim_rel(spring_spectral_radius(M), 1.0 / sqrt(1.0 + y * y), 1e-12);
        spring_amplification(&u, SPRING_MIDPOINT, y, M);
        ck_claim_rel(spring_spectral_radius(M), 1.0, 1e-12);
        ck_assert(spring_step_bounded(M));
    }
}
END_TEST

START_TEST(test_verlet_beside_semi)
{
    /* undamped, w0 = 40: the same limit (2) and cost (one force a step), det M = 1 (area kept: symplectic) where
     * explicit Euler's is 1 + y^2; the energy swings by 1/(1 - y^2/4), not semi's (1 + y/2)/(1 - y/2) */
    const spring_params p = {.k = 1600.0, .c = 0.0, .m = 1.0, .target = 0.0};
    ck_claim_rel(spring_stability_limit(SPRING_VERLET, 0.0), spring_stability_limit(SPRING_SEMI, 0.0), 0.0);
    ck_assert(grows(&p, SPRING_VERLET, 1.05 * 2.0 / 40.0, 10000));
    ck_assert(!grows(&p, SPRING_VERLET, 0.95 * 2.0 / 40.0, 10000));
    const double dt = 0.02, y = 0.8;
    double M[4];
    const spring_method symplectic[] = {SPRING_SEMI, SPRING_VERLET, SPRING_MIDPOINT};
    for (int i = 0; i < 3; i++) {
        spring_amplification(&p, symplectic[i], dt, M);
        ck_claim_rel(M[0] * M[3] - M[1] * M[2], 1.0, 1e-12);
    }
    spring_amplification(&p, SPRING_EXPLICIT, dt, M);
    ck_claim_rel(M[0] * M[3] - M[1] * M[2], 1.0 + y * y, 1e-12);
    spring_runner r;
    ck_assert_int_eq(spring_runner_init(&r, &p, SPRING_VERLET, (spring_state){1.0, 0.0}, dt, 1e-10), 0);
    double lo = 1.0, hi = 1.0;
    for (int n = 0; n < 1000; n++) {
        spring_runner_step(&r);
        const double e = spring_energy(&p, (spring_state){r.y[0], r.y[1]}) / 800.0;
        lo = fmin(lo, e), hi = fmax(hi, e);
        ck_claim_rel(spring_modified_energy(&p, SPRING_VERLET, dt, (spring_state){r.y[0], r.y[1]}),
                     0.5 * 1600.0 * (1.0 - y * y / 4.0), 1e-12);
    }
    ck_claim_rel(hi / lo, 1.0 / (1.0 - y * y / 4.0), 1e-3);
    ck_assert_uint_eq(r.stepper.rhs_evals, 1001);  /* 1000 steps, one force each, and the first */
    spring_runner_destroy(&r);
}
END_TEST

/* the coarsest grid over 2 s, in each method's asymptotic range (measured: from w0 dt = 0.4 explicit Euler's slope
 * is 1.8, near its limit 2 zeta = 0.2; from 0.025 it is 1.03): first order from w0 dt = 0.025, second from 0.1, RK4
 * from 0.4, so that its finest error (about 5e-10) stays far above rounding */
static size_t order_base(spring_method m)
{
    return spring_method_order(m) == 1 ? 800 : spring_method_order(m) == 2 ? 200 : 50;
}

START_TEST(test_measured_orders)
{
    /* the walk's step 3 spring (w0 = 10, zeta = 0.1), over 2 s at six step sizes halving each time: the
     * least-squares slopes are the methods' orders (1 explicit, semi and backward Euler, 2 Verlet and the midpoint rule, 4 RK4), and against the
     * force evaluations minus the order. RK4 at 4 dt beats semi-implicit at dt for the same evaluations. */
    const spring_params p = {.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0};
    const spring_method ms[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_BACKWARD_EULER, SPRING_VERLET, SPRING_MIDPOINT,
                                SPRING_RK4};
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        double dt[6], err[6], evals[6];
        for (int j = 0; j < 6; j++) {
            const size_t n = (size_t)(order_base(ms[i])) << j;
            dt[j] = 2.0 / (double)n;
            ck_assert_int_eq(spring_error_at(&p, ms[i], (spring_state){1.0, 0.0}, 2.0, n, &err[j], &evals[j]), 0);
        }
        const int order = spring_method_order(ms[i]);
        ck_assert_msg(fabs(spring_loglog_slope(dt, err, 6) - order) < 0.05, "%s: slope %g, order %d",
                      spring_method_name(ms[i]), spring_loglog_slope(dt, err, 6), order);
        ck_assert_msg(fabs(spring_loglog_slope(evals, err, 6) + order) < 0.05, "%s against cost",
                      spring_method_name(ms[i]));
    }
    double semi, rk4, semi_evals, rk4_evals;
    spring_error_at(&p, SPRING_SEMI, (spring_state){1.0, 0.0}, 2.0, 400, &semi, &semi_evals);
    spring_error_at(&p, SPRING_RK4, (spring_state){1.0, 0.0}, 2.0, 100, &rk4, &rk4_evals);
    ck_assert(semi_evals == rk4_evals);
    ck_assert_msg(rk4 < semi / 100.0, "rk4 at 4 dt %g, semi at dt %g", rk4, semi);
    /* the slope itself, by hand: (1, 2), (2, 8), (4, 32) lie on 2 x^2: slope 2 */
    ck_claim_rel(spring_loglog_slope((double[]){1, 2, 4}, (double[]){2, 8, 32}, 3), 2.0, 1e-12);
}
END_TEST

/* the phase a step matrix turns by: the argument of its eigenvalue pair */
static double step_angle(const spring_params *p, spring_method m, double dt)
{
    double M[4];
    spring_amplification(p, m, dt, M);
    const double half_trace = 0.5 * (M[0] + M[3]), det = M[0] * M[3] - M[1] * M[2];
    return acos(half_trace / sqrt(det));
}

START_TEST(test_drift_against_phase)
{
    /* 1000 periods of the undamped spring (w0 = 2 pi), 40 steps a period, equal cost: semi, Verlet (one force a
     * step) and the midpoint rule at dt, RK4 at 4 dt. The phase error is n (angle of M's eigenvalues - w0 dt), to
     * within the orbit's tilt; RK4's energy is rho(M)^(2n) (M is normal in (x, v / w0)); the symplectic methods'
     * energies stay within their band and their modified energies at 1 to rounding. */
    const double w0 = 2.0 * NUMLAB_PI, dt = 1.0 / 40.0;
    const spring_params p = {.k = w0 * w0, .c = 0.0, .m = 1.0, .target = 0.0};
    const spring_method ms[] = {SPRING_SEMI, SPRING_VERLET, SPRING_MIDPOINT, SPRING_RK4};
    enum { STEPS = 40000 };
    static spring_drift_sample out[STEPS + 1];
    for (int i = 0; i < 4; i++) {
        const double h = ms[i] == SPRING_RK4 ? 4.0 * dt : dt;
        const size_t steps = (size_t)llround(1000.0 / h);
        ck_assert_uint_eq(spring_drift_run(&p, ms[i], (spring_state){1.0, 0.0}, h, steps, 1, out), steps + 1);
        const spring_drift_sample *end = &out[steps];
        ck_claim_rel(end->periods, 1000.0, 1e-12);
        const double want = (double)steps * (step_angle(&p, ms[i], h) - w0 * h);
        ck_assert_msg(fabs(end->phase - want) < 0.05 * fabs(want) + 0.2, "%s: phase %g, want %g",
                      spring_method_name(ms[i]), end->phase, want);
        if (ms[i] == SPRING_RK4) {
            double M[4];
            spring_amplification(&p, SPRING_RK4, h, M);
            ck_claim_rel(end->energy, pow(spring_spectral_radius(M), 2.0 * (double)steps), 1e-9);
            ck_assert(end->energy < 0.01);
            continue;
        }
        for (size_t n = 0; n <= steps; n++)
            ck_claim_rel(out[n].modified, 1.0, 1e-10);
    }
}
END_TEST

START_TEST(test_rest_each_substep)
{
    /* with the test after every fixed step, 30, 60 and 144 Hz stop on the same step (the reference: the first step
     * at which the rest test holds), each shown at the first frame after it; the energy rule with eps_v = w0 eps_x
     * is the spring's energy below k eps_x^2 / 2 */
    sl_params o = {.spring = {.k = 200.0, .c = 20.0, .m = 1.0, .target = 300.0}, .s0 = {0.0, 0.0},
                            .step = TS_DEFAULT_STEP, .cap = TS_DEFAULT_CAP, .frame_hz = 60.0, .max_frames = 100000,
                            .rest = ts_rest_scaled(1.0), .rest_rule = TS_REST_BOTH, .rest_each_substep = true};
    spring_state s = o.s0;
    int steps = 0;
    while (!ts_at_rest(&o.rest, TS_REST_BOTH, s.x, s.v, 300.0))
        s = spring_step_semi(&o.spring, s, o.step), steps++;
    const double rates[3] = {30.0, 60.0, 144.0};
    for (int i = 0; i < 3; i++) {
        sl_loop loop = sl_loop_from_params(&o);
        loop.hz = rates[i];
        sl_frame last;
        ck_assert_int_eq(sl_run_loop(&o.spring, o.s0, &loop, NULL_EMIT, NULL, &last), SL_LOOP_RESTED);
        ck_assert(last.t >= steps * o.step - 1e-9 && last.t < steps * o.step + 1.0 / rates[i] + 1e-9);
    }
    const double w0 = sqrt(200.0), eps_x = 0.5;
    const ts_rest rest = {eps_x, w0 * eps_x};
    for (double x = 299.0; x <= 301.0; x += 0.05)
        for (double v = -10.0; v <= 10.0; v += 0.25)
            ck_assert(ts_at_rest(&rest, TS_REST_ENERGY, x, v, 300.0) ==
                      (spring_energy(&o.spring, (spring_state){x, v}) < 0.5 * 200.0 * eps_x * eps_x));
}
END_TEST

START_TEST(test_spiral_of_death)
{
    /* a step of 1/240 s that costs 1.5 times its own time: uncapped, each frame runs about 1.5 times the steps of
     * the one before (the spiral); capped at 0.1 s, never more than 24 a frame, and the simulation runs at
     * 24 h / (render + 24 * 1.5 h) of real time. Cheaper steps (0.5 h) settle at a frame of render / (1 - 0.5). */
    const double h = 1.0 / 240.0, render = 0.004;
    ts_spiral_frame f[200];
    const size_t n = ts_spiral_run(h, INFINITY, render, 1.5 * h, 1.0 / 60.0, 200, 1000000, f);
    ck_assert_uint_lt(n, 200);  /* it ran away */
    ck_claim_rel((double)f[n - 1].substeps / f[n - 2].substeps, 1.5, 0.02);
    ck_assert_uint_eq(ts_spiral_run(h, TS_DEFAULT_CAP, render, 1.5 * h, 1.0 / 60.0, 200, 1000000, f), 200);
    for (int i = 0; i < 200; i++)
        ck_assert_uint_le(f[i].substeps, 25);
    ck_claim_rel(f[199].sim_t - f[99].sim_t, (f[199].wall_t - f[99].wall_t) * 24.0 * h / (render + 24.0 * 1.5 * h),
                 0.02);
    ck_assert_uint_eq(ts_spiral_run(h, INFINITY, render, 0.5 * h, 1.0 / 60.0, 200, 1000000, f), 200);
    double mean = 0.0;
    for (int i = 100; i < 200; i++)
        mean += f[i].frame_dt / 100.0;
    ck_claim_rel(mean, render / (1.0 - 0.5), 0.02);
}
END_TEST

static Suite *claims_suite(void)
{
    Suite *s = suite_create("claims_spring");
    TCase *tc = tcase_create("claims");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_damped_limits_confirmed);
    tcase_add_test(tc, test_limit_closed_forms);
    tcase_add_test(tc, test_rk4_damps_the_undamped_spring);
    tcase_add_test(tc, test_jordan_block_grows_linearly);
    tcase_add_test(tc, test_semi_modified_energy);
    tcase_add_test(tc, test_gsl_rk4_is_two_half_steps);
    tcase_add_test(tc, test_rest_once_a_frame_and_the_cap);
    tcase_add_test(tc, test_implicit_steps_closed_form);
    tcase_add_test(tc, test_verlet_beside_semi);
    tcase_add_test(tc, test_measured_orders);
    tcase_add_test(tc, test_drift_against_phase);
    tcase_add_test(tc, test_rest_each_substep);
    tcase_add_test(tc, test_spiral_of_death);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(claims_suite());
}
