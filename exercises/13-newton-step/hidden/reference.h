/* Exercise 13, the hidden tests' references (never in the students' copy): the root of backward Euler's cubic in
 * closed form, and the Newton iteration counted as the README defines it. */
#ifndef EXERCISE_13_REFERENCE_H
#define EXERCISE_13_REFERENCE_H

#include <math.h>

#include "exercise.h"

/* The new position of backward Euler's step: the one real root of a w^3 + b w + d = 0 (a = dt^2 k3 >= 0,
 * b = m + c dt + dt^2 k > 0, d = -(m + c dt) u - m dt v), w = x' - target. For a > 0 the depressed cubic
 * w^3 + p w + q (p = b/a > 0, q = d/a) has the root -2 sqrt(p/3) sinh(asinh(3 q / (2 p) sqrt(3 / p)) / 3), in long
 * double (no cancellation, unlike Cardano's sum of cube roots). */
static inline double cubic_root_x(spring s, state y, double dt)
{
    const long double u = (long double)y.x - s.target, h = dt;
    const long double a = h * h * s.k3, b = s.m + s.c * h + h * h * s.k, d = -(s.m + s.c * h) * u - s.m * h * y.v;
    if (a == 0)
        return (double)(s.target + -d / b);
    const long double p = b / a, q = d / a;
    const long double w = -2 * sqrtl(p / 3) * sinhl(asinhl(3 * q / (2 * p) * sqrtl(3 / p)) / 3);
    return (double)(s.target + w);
}

/* The iterations Newton takes from x' = y.x to an update of at most tol (README): the count a solution must give. */
static inline int newton_count(spring s, state y, double dt, double tol, int max)
{
    double x = y.x;
    for (int i = 1; i <= max; i++) {
        const double w = x - s.target, u = y.x - s.target;
        const double r = (s.m + s.c * dt) * (w - u) + dt * dt * (s.k * w + s.k3 * w * w * w) - s.m * dt * y.v;
        const double dx = -r / (s.m + s.c * dt + dt * dt * (s.k + 3 * s.k3 * w * w));
        x += dx;
        if (fabs(dx) <= tol)
            return i;
    }
    return max;
}

#endif
