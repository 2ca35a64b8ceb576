/* Exercise 12: a run of adaptive_run as the tests send it (its counts, its end state, where it ended) and as they
 * want it, field by field: the same five values in both tables of tests. */
#ifndef EXERCISE_12_RUNS_H
#define EXERCISE_12_RUNS_H

#include "exercise.h"
#include "grader.h"

GR_UNUSED_ void send_run(gr_values *out, run r)
{
    gr_put(out, r.accepted);
    gr_put(out, r.rejected);
    gr_put(out, r.y.x);
    gr_put(out, r.y.v);
    gr_put(out, r.t);
}

/* The counts and t exactly, the state to 1e-9. */
GR_UNUSED_ void expect_run(gr_values *ref, const char *what, run r)
{
    gr_want(ref, r.accepted, GR_EXACT, "%s: accepted steps", what);
    gr_want(ref, r.rejected, GR_EXACT, "%s: rejected steps", what);
    gr_want(ref, r.y.x, GR_REL(1e-9), "%s: x at the end", what);
    gr_want(ref, r.y.v, GR_REL(1e-9), "%s: v at the end", what);
    gr_want(ref, r.t, GR_EXACT, "%s: t at the end", what);
}

#endif
