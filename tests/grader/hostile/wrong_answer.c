/* The classic mistake: the "explicit" step moves x with the new velocity (it is the semi-implicit step). The
 * semi-implicit step is right, so the semi-implicit-only cases earn their points. deserves: 4 */
#include "exercise.h"

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

state euler_explicit_step(spring s, state y, double dt)
{
    return euler_semi_implicit_step(s, y, dt);
}
