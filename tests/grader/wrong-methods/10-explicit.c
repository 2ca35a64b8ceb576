/* Exercise 10. The "implicit" steps that are explicit after all: backward Euler written as explicit Euler (the
 * force at the start of the step), the midpoint rule as semi-implicit Euler. Fine at tiny steps, wrong at every step
 * the tests take. deserves: 0 */
#include "exercise.h"

state implicit_euler_step(spring s, state y, double dt)
{
    double a = (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    return (state){y.x + y.v * dt, y.v + a * dt};
}

state implicit_midpoint_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}
