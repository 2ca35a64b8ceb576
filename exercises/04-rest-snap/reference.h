/* Exercise 04: the loop the tests compare with, written on its own (shared by tests.c and hidden/tests.c). */
#ifndef EXERCISE_04_REFERENCE_H
#define EXERCISE_04_REFERENCE_H

#include <math.h>

#include "exercise.h"

/* One run of animate_to_rest: the spring, where it starts, the rule and the frames. */
typedef struct {
    spring s;
    state start;
    rest_rule rule;
    double frame_dt;
    int substeps, max_frames;
} scenario;

/* The frame loop written on its own, with the same step arithmetic as the given semi_implicit_step (so the frame
 * counts agree to the last bit; the chosen scenarios come to rest with at least 10% to spare on each threshold,
 * so any careful order of operations gives the same count), and the rest test spelled out. What it must report:
 * the frame count and the snapped state, or -1 and the state it got to. */
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
    gr_want(ref, frames, GR_EXACT, "frames until rest (-1: gave up)");
    if (frames > 0) {
        gr_want(ref, c->s.target, GR_EXACT, "x after the snap (exactly the target)");
        gr_want(ref, 0.0, GR_EXACT, "v after the snap (exactly 0)");
    } else {
        gr_want(ref, y.x, GR_REL(1e-12), "x where the motion got to (no snap)");
        gr_want(ref, y.v, GR_TOL(1e-12, 1e-12), "v where the motion got to");
    }
}

/* The probe's side: runs the submission's loop and sends frames, x, v. */
static inline void put_animation(gr_values *out, const scenario *c)
{
    state y = c->start;
    gr_put(out, animate_to_rest(c->s, &y, c->rule, c->frame_dt, c->substeps, c->max_frames));
    gr_put(out, y.x);
    gr_put(out, y.v);
}

#endif
