/* Exercise 01: write the two steps. Read README.md first; `make exercise EX=01` runs the visible tests. */
#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: the acceleration at the start of the step, then x and v from the OLD x, v and a. */
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: the same acceleration; v first; then x with the NEW v. */
    return y;
}
