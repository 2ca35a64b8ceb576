/* Exercise 03. The accumulator is right, but spring_frame divides the frame among its steps (dt = frame_dt / n)
 * instead of taking steps of a->step: the same whenever a frame is a whole number of steps. The cases that never call
 * spring_frame are honest: 1 + 2 + 2 + 1 (visible) + 1 + 1 (hidden). deserves: 8 */
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
    int steps = 0;
    while (a->acc >= a->step) {
        a->acc -= a->step;
        steps++;
    }
    return steps;
}

double accumulator_alpha(const accumulator *a)
{
    return a->acc / a->step;
}

state spring_frame(spring s, state y, accumulator *a, double frame_dt)
{
    int n = accumulator_feed(a, frame_dt);
    for (int i = 0; i < n; i++)
        y = semi_implicit_step(s, y, frame_dt / n);
    return y;
}
