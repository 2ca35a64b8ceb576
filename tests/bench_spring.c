/* Benchmark: RK4 steps per second on the undamped spring (no decay into denormals), ours against GSL's rk4
 * stepper (gsl_odeiv2_step_apply) on the same right-hand side in the same process.
 * Output: `name: value unit (ratio x reference)`. Best of five runs of each, interleaved. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "numlab/spring.h"

#define STEPS 2000000
#define ROUNDS 5

static const spring_params spring = {.k = 1600.0, .c = 0.0, .m = 1.0, .target = 0.0};
static const double h = 1.0 / 240.0;  /* w0 h = 0.17: well inside RK4's bound, amplitude stays ~1 */
static volatile double sink;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int gsl_rhs(double t, const double y[], double f[], void *params)
{
    (void)t;
    const spring_params *p = params;
    f[0] = y[1];
    f[1] = (-p->k * (y[0] - p->target) - p->c * y[1]) / p->m;
    return GSL_SUCCESS;
}

static double run_gsl(void)
{
    gsl_odeiv2_system sys = {gsl_rhs, NULL, 2, (void *)&spring};
    gsl_odeiv2_step *st = gsl_odeiv2_step_alloc(gsl_odeiv2_step_rk4, 2);
    double y[2] = {1.0, 0.0}, err[2], t = 0.0;
    double start = now();
    for (int i = 0; i < STEPS; i++) {
        gsl_odeiv2_step_apply(st, t, h, y, err, NULL, NULL, &sys);
        t += h;
    }
    double secs = now() - start;
    sink = y[0];
    gsl_odeiv2_step_free(st);
    return secs;
}

static double run_generic_method(ode_method method)
{
    ode_system sys = spring_system(&spring);
    ode_stepper st;
    ode_stepper_init(&st, method, 2);
    double y[2] = {1.0, 0.0};
    double start = now();
    for (int i = 0; i < STEPS; i++) {
        ode_stepper_apply(&st, &sys, i * h, h, y);
        /* backward Euler damps the undamped spring (x 0.986 a step here): back to amplitude 1 now and then, before
         * the state decays into denormals (a linear map: the work a step is the same) */
        if (method == ODE_BACKWARD_EULER && (i & 1023) == 1023) {
            const double a = hypot(y[0], y[1] / 40.0);
            y[0] /= a, y[1] /= a;
        }
    }
    double secs = now() - start;
    sink = y[0];
    ode_stepper_destroy(&st);
    return secs;
}

static double run_generic(void)
{
    return run_generic_method(ODE_RK4);
}

static double run_direct(void)
{
    spring_state s = {1.0, 0.0};
    double start = now();
    for (int i = 0; i < STEPS; i++)
        s = spring_step_rk4(&spring, s, h);
    double secs = now() - start;
    sink = s.x;
    return secs;
}

/* The steppers the walk's later steps add, through the generic interface: Verlet (one force a step on the undamped
 * spring), backward Euler and the midpoint rule (a Newton solve with GSL's LU: two forces, a Jacobian and a 2x2 LU a
 * step), and the midpoint rule's closed-form 2x2 elimination (spring_step_midpoint). */
static const ode_method more[] = {ODE_VERLET, ODE_BACKWARD_EULER, ODE_IMPLICIT_MIDPOINT};
enum { N_MORE = sizeof more / sizeof more[0] };

static double run_midpoint_closed_form(void)
{
    spring_state s = {1.0, 0.0};
    double start = now();
    for (int i = 0; i < STEPS; i++)
        s = spring_step_midpoint(&spring, s, h);
    double secs = now() - start;
    sink = s.x;
    return secs;
}

int main(void)
{
    gsl_set_error_handler_off();
    double best_gsl = INFINITY, best_generic = INFINITY, best_direct = INFINITY, best_closed = INFINITY;
    double best_more[N_MORE] = {INFINITY, INFINITY, INFINITY};
    for (int r = 0; r < ROUNDS; r++) {
        best_gsl = fmin(best_gsl, run_gsl());
        best_generic = fmin(best_generic, run_generic());
        best_direct = fmin(best_direct, run_direct());
        for (int m = 0; m < N_MORE; m++)
            best_more[m] = fmin(best_more[m], run_generic_method(more[m]));
        best_closed = fmin(best_closed, run_midpoint_closed_form());
    }
    /* ours first: spring_step_rk4, the plain RK4 step (no generic driver), then the generic ode stepper */
    printf("spring-rk4: %.3g steps/s (%.2f x gsl rk4 stepper)\n", STEPS / best_direct, best_gsl / best_direct);
    printf("spring-rk4-generic: %.3g steps/s (%.2f x gsl rk4 stepper)\n", STEPS / best_generic,
           best_gsl / best_generic);
    for (int m = 0; m < N_MORE; m++)
        printf("spring-%s-generic: %.3g steps/s (%.2f x gsl rk4 stepper)\n", ode_method_about(more[m])->name,
               STEPS / best_more[m], best_gsl / best_more[m]);
    printf("spring-midpoint-closed-form: %.3g steps/s (%.2f x gsl rk4 stepper)\n", STEPS / best_closed,
           best_gsl / best_closed);
    printf("  reference: gsl_odeiv2_step_apply with gsl_odeiv2_step_rk4, %.3g steps/s (each step also takes two "
           "half steps for its error estimate)\n", STEPS / best_gsl);
    return 0;
}
