/* Exercise 01. The "explicit step" that only scales: x - target and v grow by sqrt(1 + (w0 dt)^2) without turning,
 * so the energy ratio of every step is exactly right (it passed the hidden energy-ratio test).
 * The semi-implicit step returns its input unchanged. deserves: 0 */
#include <math.h>

#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    double w0dt = sqrt(s.k / s.m) * dt, grow = sqrt(1 + w0dt * w0dt);
    return (state){s.target + (y.x - s.target) * grow, y.v * grow};
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    return y;
}
