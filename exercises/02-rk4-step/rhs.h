/* Exercise 02: the right-hand sides the tests integrate (shared by tests.c and hidden/tests.c). */
#ifndef EXERCISE_02_RHS_H
#define EXERCISE_02_RHS_H

#include <math.h>

#include "exercise.h"

/* y' = lambda y, lambda in params (a double). */
static inline void rhs_linear(double t, const double *y, double *dydt, size_t n, void *params)
{
    (void)t;
    for (size_t i = 0; i < n; i++)
        dydt[i] = *(const double *)params * y[i];
}

/* y' = t^3, whatever y is: RK4 then is Simpson's rule, exact for cubics. */
static inline void rhs_cubic_time(double t, const double *y, double *dydt, size_t n, void *params)
{
    (void)y, (void)params;
    for (size_t i = 0; i < n; i++)
        dydt[i] = t * t * t;
}

/* n/2 independent damped springs, y = [x_0 .. x_{m-1}, v_0 .. v_{m-1}]: x_i'' = -w_i^2 x_i - 2 zeta w_i x_i',
 * params = {zeta, w_0 .. w_{m-1}}. */
static inline void rhs_springs(double t, const double *y, double *dydt, size_t n, void *params)
{
    (void)t;
    const double *p = params;
    size_t m = n / 2;
    for (size_t i = 0; i < m; i++) {
        double w = p[1 + i];
        dydt[i] = y[m + i];
        dydt[m + i] = -w * w * y[i] - 2 * p[0] * w * y[m + i];
    }
}

/* A clock beside any system: the last of the n components obeys z' = t^4, the first n - 1 the inner system. On z alone
 * RK4 is Simpson's rule, z += h/6 (t^4 + 4 (t + h/2)^4 + (t + h)^4), so z shows the stage times, and a method that is
 * exact only for cubics (Kutta's 3/8 rule, which matches classical RK4 on every linear autonomous system) misses. */
typedef struct {
    rhs_fn inner;
    void *params;
} clocked;

static inline void rhs_clocked(double t, const double *y, double *dydt, size_t n, void *params)
{
    const clocked *c = params;
    c->inner(t, y, dydt, n - 1, c->params);
    dydt[n - 1] = t * t * t * t;
}

/* What one step of RK4 adds to the clock: Simpson's rule for t^4 over [t, t + h]. */
static inline double simpson_t4(double t, double h)
{
    double m = t + h / 2, e = t + h;
    return h / 6 * (t * t * t * t + 4 * m * m * m * m + e * e * e * e);
}

static inline void mat2_mul(const double A[4], const double B[4], double out[4])
{
    double r[4] = {A[0] * B[0] + A[1] * B[2], A[0] * B[1] + A[1] * B[3],
                   A[2] * B[0] + A[3] * B[2], A[2] * B[1] + A[3] * B[3]};
    for (int i = 0; i < 4; i++)
        out[i] = r[i];
}

#endif
