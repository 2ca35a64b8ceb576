/* Exercise 10: write the two implicit steps. Read README.md first; `make exercise EX=10` runs the visible tests. */
#include "exercise.h"

state implicit_euler_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: solve (I - dt A) y_new = y for u = x - target and v: eliminate u_new = u + dt v_new first. */
    return y;
}

state implicit_midpoint_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: solve (I - dt A / 2) y_new = (I + dt A / 2) y the same way: u_new = u + dt (v + v_new) / 2. */
    return y;
}
