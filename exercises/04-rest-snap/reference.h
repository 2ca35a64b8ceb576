/* Exercise 04: the loop the tests compare with, written on its own (shared by tests.c and hidden/tests.c). */
#ifndef EXERCISE_04_REFERENCE_H
#define EXERCISE_04_REFERENCE_H

#include <math.h>

#include "exercise.h"

typedef struct {
    int frames;      /* frames until rest, or -1 */
    double x, v;     /* where the motion got to, before any snap */
} ref_run;

/* The frame loop, with the same step arithmetic as the given semi_implicit_step (so the frame counts agree to the
 * last bit), and the rest test spelled out. */
static inline ref_run ref_animate(spring s, state y, double eps_x, double eps_v, double frame_dt, int substeps,
                                  int max_frames)
{
    double dt = frame_dt / substeps;
    for (int frame = 1; frame <= max_frames; frame++) {
        for (int i = 0; i < substeps; i++) {
            double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
            y = (state){y.x + v * dt, v};
        }
        if (fabs(y.x - s.target) < eps_x && fabs(y.v) < eps_v)
            return (ref_run){frame, y.x, y.v};
    }
    return (ref_run){-1, y.x, y.v};
}

/* What animate_to_rest must report: the frame count and the snapped state (or, when it gave up, the state). */
static inline void want_animation(gr_values *ref, spring s, state y, double eps_x, double eps_v, double frame_dt,
                                  int substeps, int max_frames)
{
    ref_run r = ref_animate(s, y, eps_x, eps_v, frame_dt, substeps, max_frames);
    gr_want(ref, r.frames, GR_EXACT, "frames until rest (-1: gave up)");
    if (r.frames > 0) {
        gr_want(ref, s.target, GR_EXACT, "x after the snap (exactly the target)");
        gr_want(ref, 0.0, GR_EXACT, "v after the snap (exactly 0)");
    } else {
        gr_want(ref, r.x, GR_REL(1e-12), "x where the motion got to (no snap)");
        gr_want(ref, r.v, GR_TOL(1e-12, 1e-12), "v where the motion got to");
    }
}

/* The probe's side of it: runs the submission's loop and sends frames, x, v. */
static inline void put_animation(gr_values *out, spring s, state y, rest_rule r, double frame_dt, int substeps,
                                 int max_frames)
{
    int frames = animate_to_rest(s, &y, r, frame_dt, substeps, max_frames);
    gr_put(out, frames);
    gr_put(out, y.x);
    gr_put(out, y.v);
}

#endif
