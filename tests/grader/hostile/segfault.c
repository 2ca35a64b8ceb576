/* A correct semi-implicit step; the explicit one writes through a null pointer. Every case that calls it crashes
 * (SIGSEGV) and only those: the semi-implicit-only cases earn their points. deserves: 4 */
#include <stddef.h>

#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    volatile double *nowhere = NULL;
    *nowhere = y.x;
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}
