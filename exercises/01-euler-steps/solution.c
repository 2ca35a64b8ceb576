/* Exercise 01, the reference solution (instructors only). */
#include "exercise.h"

static double acceleration(spring s, state y)
{
    return (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
}

state euler_explicit_step(spring s, state y, double dt)
{
    double a = acceleration(s, y);
    return (state){y.x + y.v * dt, y.v + a * dt};   /* x moves with the old velocity */
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + acceleration(s, y) * dt;       /* velocity first ... */
    return (state){y.x + v * dt, v};                /* ... and the position with the new one */
}
