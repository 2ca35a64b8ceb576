/* Does not compile: the compiler's message must reach the student. deserves: 0 */
#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    double a = (-s.k * (y.x - s.target) - s.c * y.v) / s.m
    return (state){y.x + y.v * dt, y.v + a * dt};
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    return euler_explicit_step(s, y, dt);
}
