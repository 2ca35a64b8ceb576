/* Exercise 03: write the accumulator. Read README.md first; `make exercise EX=03` runs the visible tests. */
#include "exercise.h"

/* Given: one semi-implicit Euler step (exercise 01). Keep it as it is. */
state semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

void accumulator_init(accumulator *a, double step, double cap)
{
    (void)a, (void)step, (void)cap;
    /* TODO */
}

int accumulator_feed(accumulator *a, double frame_dt)
{
    (void)a, (void)frame_dt;
    /* TODO: add the frame (never a negative one), cap the total, count the whole steps and remove them. */
    return 0;
}

double accumulator_alpha(const accumulator *a)
{
    (void)a;
    /* TODO */
    return 0;
}

state spring_frame(spring s, state y, accumulator *a, double frame_dt)
{
    (void)s, (void)a, (void)frame_dt;
    /* TODO: feed, then step. */
    return y;
}
