/* Exercise 02, the hidden tests: GSL's rk4 as an independent reference on nonlinear and forced systems, the largest
 * dimension, the cost of a step, and a damped spring against the series R(hA). */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>

#include "grader.h"
#include "points.h"
#include "rhs.h"

/* y_i' = -(i + 1)/10 y_i for the first 63 components: each is R(-(i + 1) h / 10)^steps y_i(0); the 64th is the clock
 * z' = t^4 (rhs.h). Two sentinels past y[63] must stay as they were. */
static inline void rhs_diagonal(double t, const double *y, double *dydt, size_t n, void *params)
{
    (void)t, (void)params;
    for (size_t i = 0; i < n; i++)
        dydt[i] = -(double)(i + 1) / 10 * y[i];
}

GR_PROBE(largest_dimension)
{
    double y[RK4_MAX_DIM + 2];
    for (int i = 0; i < RK4_MAX_DIM; i++)
        y[i] = 1 + 0.01 * i;
    y[RK4_MAX_DIM] = 123.0, y[RK4_MAX_DIM + 1] = -4.5;
    clocked c = {rhs_diagonal, NULL};
    for (int s = 0; s < 5; s++)
        rk4_step(rhs_clocked, &c, 0.3 * s, 0.3, y, RK4_MAX_DIM);
    for (int i = 0; i < RK4_MAX_DIM + 2; i++)
        gr_put(out, y[i]);
}
GR_REFERENCE(largest_dimension)
{
    for (int i = 0; i < RK4_MAX_DIM - 1; i++) {
        double z = -0.3 * (i + 1) / 10, R = 1 + z + z * z / 2 + z * z * z / 6 + z * z * z * z / 24;
        gr_want(ref, (1 + 0.01 * i) * pow(R, 5), GR_REL(1e-12), "y[%d] after 5 steps", i);
    }
    double clock = 1 + 0.01 * (RK4_MAX_DIM - 1);
    for (int s = 0; s < 5; s++)
        clock += simpson_t4(0.3 * s, 0.3);
    gr_want(ref, clock, GR_REL(1e-12), "y[63], the clock z' = t^4, after 5 steps");
    gr_want(ref, 123.0, GR_EXACT, "y[64], past the end: untouched");
    gr_want(ref, -4.5, GR_EXACT, "y[65], past the end: untouched");
}

/* GSL's rk4 stepper, asked for a step of H, returns two classical RK4 steps of H/2 (it estimates its error by step
 * doubling): so two rk4_step calls of H/2 must match it to rounding. The pendulum does not depend on t, so both
 * systems carry the clock z' = t^4 (rhs.h) as a third component. */
typedef struct {
    int kind;   /* 0: pendulum, 1: forced oscillator */
} gsl_case;

static inline int gsl_rhs(double t, const double y[], double dydt[], void *params)
{
    const gsl_case *c = params;
    dydt[0] = y[1];
    dydt[1] = c->kind == 0 ? -sin(y[0]) : -4 * y[0] + cos(3 * t);
    dydt[2] = t * t * t * t;
    return GSL_SUCCESS;
}

static inline void probe_rhs(double t, const double *y, double *dydt, size_t n, void *params)
{
    (void)n;
    gsl_rhs(t, y, dydt, params);
}

static inline void two_half_steps(int kind, double t, double H, double y0, double v0, gr_values *out)
{
    gsl_case c = {kind};
    double y[3] = {y0, v0, 0.5};
    rk4_step(probe_rhs, &c, t, H / 2, y, 3);
    rk4_step(probe_rhs, &c, t + H / 2, H / 2, y, 3);
    gr_put(out, y[0]);
    gr_put(out, y[1]);
    gr_put(out, y[2]);
}

static inline void gsl_step(int kind, double t, double H, double y0, double v0, gr_values *ref)
{
    gsl_set_error_handler_off();
    gsl_case c = {kind};
    gsl_odeiv2_system sys = {gsl_rhs, NULL, 3, &c};
    gsl_odeiv2_step *s = gsl_odeiv2_step_alloc(gsl_odeiv2_step_rk4, 3);
    double y[3] = {y0, v0, 0.5}, err[3];
    int rc = s ? gsl_odeiv2_step_apply(s, t, H, y, err, NULL, NULL, &sys) : GSL_ENOMEM;
    gsl_odeiv2_step_free(s);
    if (rc != GSL_SUCCESS)
        return;   /* no wanted values: the case reports a broken reference */
    gr_want(ref, y[0], GR_TOL(1e-13, 1e-15), "position (GSL rk4, two half steps)");
    gr_want(ref, y[1], GR_TOL(1e-13, 1e-15), "velocity (GSL rk4, two half steps)");
    gr_want(ref, y[2], GR_TOL(1e-13, 1e-15), "the clock z' = t^4 (GSL rk4, two half steps)");
}

GR_PROBE(pendulum_gsl) { two_half_steps(0, 0.3, 0.5, 1.2, 0.0, out); }
GR_REFERENCE(pendulum_gsl) { gsl_step(0, 0.3, 0.5, 1.2, 0.0, ref); }
GR_PROBE(forced_gsl) { two_half_steps(1, 0.7, 0.4, -0.3, 1.1, out); }
GR_REFERENCE(forced_gsl) { gsl_step(1, 0.7, 0.4, -0.3, 1.1, ref); }

/* A step of classical RK4 evaluates f exactly four times; y[2] is the clock z' = t^4 (rhs.h). */
typedef struct {
    double lambda;
    int calls;
} counted;

static inline void rhs_counted(double t, const double *y, double *dydt, size_t n, void *params)
{
    counted *c = params;
    c->calls++;
    clocked inner = {rhs_linear, &c->lambda};
    rhs_clocked(t, y, dydt, n, &inner);
}

GR_PROBE(four_evaluations)
{
    counted c = {-1, 0};
    double y[3] = {1, 2, 3};
    for (int i = 0; i < 7; i++)
        rk4_step(rhs_counted, &c, 0.1 * i, 0.1, y, 3);
    gr_put(out, c.calls);
    gr_put(out, y[1]);
    gr_put(out, y[2]);
}
GR_REFERENCE(four_evaluations)
{
    double z = -0.1, R = 1 + z + z * z / 2 + z * z * z / 6 + z * z * z * z / 24;
    double clock = 3;
    for (int i = 0; i < 7; i++)
        clock += simpson_t4(0.1 * i, 0.1);
    gr_want(ref, 28, GR_EXACT, "evaluations of f in 7 steps");
    gr_want(ref, 2 * pow(R, 7), GR_REL(1e-13), "y[1] after 7 steps");
    gr_want(ref, clock, GR_REL(1e-13), "y[2], the clock z' = t^4, after 7 steps");
}

/* A damped spring (w = 7, zeta = 0.3, h = 0.05): 20 steps are R(hA)^20, R the series to (hA)^4/24; the clock
 * z' = t^4 (rhs.h) beside it. */
GR_PROBE(damped_spring_series)
{
    double p[2] = {0.3, 7}, y[3] = {0.5, -2, 0};
    clocked c = {rhs_springs, p};
    for (int i = 0; i < 20; i++)
        rk4_step(rhs_clocked, &c, 0.05 * i, 0.05, y, 3);
    gr_put(out, y[0]);
    gr_put(out, y[1]);
    gr_put(out, y[2]);
}
GR_REFERENCE(damped_spring_series)
{
    const double h = 0.05, w = 7, zeta = 0.3;
    const double hA[4] = {0, h, -w * w * h, -2 * zeta * w * h};
    double R[4] = {1, 0, 0, 1}, term[4] = {1, 0, 0, 1}, P[4] = {1, 0, 0, 1};
    for (int j = 1; j <= 4; j++) {   /* term = (hA)^j / j! */
        mat2_mul(term, hA, term);
        for (int i = 0; i < 4; i++)
            term[i] /= j, R[i] += term[i];
    }
    for (int i = 0; i < 20; i++)
        mat2_mul(R, P, P);
    gr_want(ref, P[0] * 0.5 + P[1] * -2, GR_TOL(1e-11, 1e-13), "x after 20 steps");
    gr_want(ref, P[2] * 0.5 + P[3] * -2, GR_TOL(1e-11, 1e-13), "v after 20 steps");
    double clock = 0;
    for (int i = 0; i < 20; i++)
        clock += simpson_t4(0.05 * i, 0.05);
    gr_want(ref, clock, GR_REL(1e-12), "the clock z' = t^4 after 20 steps");
}

const gr_case gr_hidden[] = {
    GR_CASE(largest_dimension, "64 components, and nothing written past y[n - 1]"),
    GR_CASE(pendulum_gsl, "a pendulum: two steps of H/2 equal GSL's rk4 step of H"),
    GR_CASE(forced_gsl, "a forced oscillator (time-dependent f) against GSL's rk4"),
    GR_CASE(four_evaluations, "four evaluations of f per step"),
    GR_CASE(damped_spring_series, "a damped spring: twenty steps against R(hA)^20"),
};
GR_COUNT_OF(gr_hidden);
