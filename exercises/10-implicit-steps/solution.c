/* Exercise 10, the reference solution (instructors only). With u = x - target, kappa = k/m, gamma = c/m:
 *   backward Euler:   u' = u + h v',          v' = v + h (-kappa u' - gamma v')
 *                     => v' (1 + h gamma + h^2 kappa) = v - h kappa u
 *   implicit midpoint: u' = u + h (v + v')/2,  v' = v + h (-kappa (u + u')/2 - gamma (v + v')/2)
 *                     => v' (1 + h gamma/2 + h^2 kappa/4) = v (1 - h gamma/2 - h^2 kappa/4) - h kappa u */
#include "exercise.h"

state implicit_euler_step(spring s, state y, double dt)
{
    double kappa = s.k / s.m, gamma = s.c / s.m, u = y.x - s.target;
    double v = (y.v - dt * kappa * u) / (1 + dt * gamma + dt * dt * kappa);
    return (state){s.target + u + dt * v, v};
}

state implicit_midpoint_step(spring s, state y, double dt)
{
    double kappa = s.k / s.m, gamma = s.c / s.m, u = y.x - s.target;
    double q = dt * gamma / 2 + dt * dt * kappa / 4;
    double v = (y.v * (1 - q) - dt * kappa * u) / (1 + q);
    return (state){s.target + u + dt * (y.v + v) / 2, v};
}
