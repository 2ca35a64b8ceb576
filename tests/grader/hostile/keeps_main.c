/* A correct submission that kept the main() its author tried things with: the grader renames it, so it costs
 * nothing. deserves: 12 */
#include <stdio.h>

#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    double a = (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    return (state){y.x + y.v * dt, y.v + a * dt};
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

int main(void)
{
    state y = euler_explicit_step((spring){1600, 0, 1, 0}, (state){1, 0}, 0.02);
    printf("%g %g\n", y.x, y.v);
    return 0;
}
