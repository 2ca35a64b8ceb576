/* Exercise 04, the reference solution (instructors only). */
#include <math.h>

#include "exercise.h"

state semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

bool at_rest(rest_rule r, state y, double target)
{
    return fabs(y.x - target) < r.eps_x && fabs(y.v) < r.eps_v;
}

rest_rule rest_rule_scaled(double range, double pixels)
{
    double scale = range / pixels;
    return (rest_rule){0.5 * scale, 1.0 * scale};
}

int animate_to_rest(spring s, state *y, rest_rule r, double frame_dt, int substeps, int max_frames)
{
    double dt = frame_dt / substeps;
    for (int frame = 1; frame <= max_frames; frame++) {
        for (int i = 0; i < substeps; i++)
            *y = semi_implicit_step(s, *y, dt);
        if (at_rest(r, *y, s.target)) {
            *y = (state){s.target, 0.0};   /* the snap: no half pixel left behind */
            return frame;
        }
    }
    return -1;
}
