/* Exercise 04, for the judge only (hidden/: never in the students' copy): the frame loop written on its own, the
 * hidden tests' reference. The visible tests hold its outcomes as literal values. */
#ifndef EXERCISE_04_HIDDEN_REFERENCE_H
#define EXERCISE_04_HIDDEN_REFERENCE_H

#include <math.h>

#include "scenario.h"

/* The frame loop with the same step arithmetic as the given semi_implicit_step (so the frame counts agree to the
 * last bit; the chosen scenarios come to rest with at least 10% to spare on each threshold, so any careful order
 * of operations gives the same count), and the rest test spelled out. */
static inline void want_animation(gr_values *ref, const scenario *c)
{
    state y = c->start;
    double dt = c->frame_dt / c->substeps;
    int frames = -1;
    for (int frame = 1; frame <= c->max_frames && frames < 0; frame++) {
        for (int i = 0; i < c->substeps; i++) {
            double v = y.v + (-c->s.k * (y.x - c->s.target) - c->s.c * y.v) / c->s.m * dt;
            y = (state){y.x + v * dt, v};
        }
        if (fabs(y.x - c->s.target) < c->rule.eps_x && fabs(y.v) < c->rule.eps_v)
            frames = frame;
    }
    want_outcome(ref, c, (outcome){frames, y});
}

#endif
