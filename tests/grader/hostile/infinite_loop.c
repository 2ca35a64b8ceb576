/* A correct explicit step; the semi-implicit one never returns. Every case that calls it must time out and only
 * those: the explicit-only cases earn their points. deserves: 5 */
#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    double a = (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    return (state){y.x + y.v * dt, y.v + a * dt};
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    for (volatile int spin = 1; spin;)
        ;
    return y;
}
