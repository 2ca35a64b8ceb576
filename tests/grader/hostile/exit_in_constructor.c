/* A correct submission whose constructor calls exit(0) before any test runs: Check's fork mode would count every
 * test as passed. No values are ever sent. deserves: 0 */
#include <stdlib.h>

#include "exercise.h"

__attribute__((constructor)) static void leave_early(void)
{
    exit(0);
}

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
