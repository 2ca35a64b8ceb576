/* Exercise 10. Both steps right about a rest position of 0: the target is forgotten. Only the springs centred on 0
 * would pass, and none is. deserves: 0 */
#include "exercise.h"

state implicit_euler_step(spring s, state y, double dt)
{
    double kappa = s.k / s.m, gamma = s.c / s.m;
    double v = (y.v - dt * kappa * y.x) / (1 + dt * gamma + dt * dt * kappa);
    return (state){y.x + dt * v, v};
}

state implicit_midpoint_step(spring s, state y, double dt)
{
    double kappa = s.k / s.m, gamma = s.c / s.m, q = dt * gamma / 2 + dt * dt * kappa / 4;
    double v = (y.v * (1 - q) - dt * kappa * y.x) / (1 + q);
    return (state){y.x + dt * (y.v + v) / 2, v};
}
