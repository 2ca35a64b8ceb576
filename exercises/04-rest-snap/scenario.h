/* Exercise 04: a run of animate_to_rest and what it must report, shared by tests.c and hidden/tests.c. */
#ifndef EXERCISE_04_SCENARIO_H
#define EXERCISE_04_SCENARIO_H

#include "exercise.h"
#include "grader.h"

/* One run of animate_to_rest: the spring, where it starts, the rule and the frames. */
typedef struct {
    spring s;
    state start;
    rest_rule rule;
    double frame_dt;
    int substeps, max_frames;
} scenario;

/* How a run ends: the frames until rest, or -1 and the state the motion got to. */
typedef struct {
    int frames;
    state end;   /* when frames = -1 */
} outcome;

/* The probe's side: runs the submission's loop and sends frames, x, v. */
static inline void put_animation(gr_values *out, const scenario *c)
{
    state y = c->start;
    gr_put(out, animate_to_rest(c->s, &y, c->rule, c->frame_dt, c->substeps, c->max_frames));
    gr_put(out, y.x);
    gr_put(out, y.v);
}

/* What it must send: the frame count and the snapped state, or -1 and the state it got to. */
static inline void want_outcome(gr_values *ref, const scenario *c, outcome o)
{
    gr_want(ref, o.frames, GR_EXACT, "frames until rest (-1: gave up)");
    if (o.frames > 0) {
        gr_want(ref, c->s.target, GR_EXACT, "x after the snap (exactly the target)");
        gr_want(ref, 0.0, GR_EXACT, "v after the snap (exactly 0)");
    } else {
        gr_want(ref, o.end.x, GR_REL(1e-12), "x where the motion got to (no snap)");
        gr_want(ref, o.end.v, GR_TOL(1e-12, 1e-12), "v where the motion got to");
    }
}

#endif
