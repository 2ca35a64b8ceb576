/* Exercise 01. Both steps pull towards 0 instead of the target: right only for target = 0. deserves: 0 */
#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    double a = (-s.k * y.x - s.c * y.v) / s.m;
    return (state){y.x + y.v * dt, y.v + a * dt};
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * y.x - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}
