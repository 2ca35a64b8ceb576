/* Exercise 10. Both steps right but for the mass: kappa = k and gamma = c instead of k/m and c/m. Every test's
 * spring has m != 1. deserves: 0 */
#include "exercise.h"

state implicit_euler_step(spring s, state y, double dt)
{
    double u = y.x - s.target;
    double v = (y.v - dt * s.k * u) / (1 + dt * s.c + dt * dt * s.k);
    return (state){s.target + u + dt * v, v};
}

state implicit_midpoint_step(spring s, state y, double dt)
{
    double u = y.x - s.target, q = dt * s.c / 2 + dt * dt * s.k / 4;
    double v = (y.v * (1 - q) - dt * s.k * u) / (1 + q);
    return (state){s.target + u + dt * (y.v + v) / 2, v};
}
