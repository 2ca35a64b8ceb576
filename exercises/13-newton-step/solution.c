/* Exercise 13, the reference solution (instructors only): Newton on backward Euler's residual in the new position. */
#include <math.h>

#include "exercise.h"

double residual(spring s, state y, double dt, double x_new)
{
    const double w = x_new - s.target, u = y.x - s.target;
    return (s.m + s.c * dt) * (w - u) + dt * dt * (s.k * w + s.k3 * w * w * w) - s.m * dt * y.v;
}

double residual_slope(spring s, state y, double dt, double x_new)
{
    (void)y;
    const double w = x_new - s.target;
    return s.m + s.c * dt + dt * dt * (s.k + 3 * s.k3 * w * w);
}

newton_result newton_euler_step(spring s, state y, double dt, double tol, int max_iterations)
{
    double x = y.x;
    for (int i = 1; i <= max_iterations; i++) {
        const double dx = -residual(s, y, dt, x) / residual_slope(s, y, dt, x);
        x += dx;
        if (fabs(dx) <= tol)  /* false for a NaN: not converged */
            return (newton_result){{x, (x - y.x) / dt}, i, 1};
    }
    return (newton_result){y, max_iterations, 0};
}
