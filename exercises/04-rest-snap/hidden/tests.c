/* Exercise 04, the hidden tests: other springs, rates and directions, a spring already at rest, strictness. */
#include "grader.h"
#include "points.h"
#include "reference.h"

/* Under-damped (zeta = 0.2) at 120 Hz with two substeps, 0 to 100; heavier and downwards, 500 to -200 at 30 Hz with
 * eight substeps; already at rest, though not exactly at the target (one frame is run, then the snap); and a heavily
 * damped spring creeping up from 12 below its target: slow all the way, but far, so not at rest within 30 frames. */
static const scenario underdamped = {{400, 8, 1, 100}, {0, 0}, {0.5, 1}, 1.0 / 120, 2, 5000};
static const scenario downwards = {{150, 18, 2, -200}, {500, 0}, {0.5, 1}, 1.0 / 30, 8, 5000};
static const scenario resting = {{200, 20, 1, 42}, {42.3, 0.2}, {0.5, 1}, 1.0 / 60, 4, 10};
static const scenario creeping = {{1, 50, 1, 42}, {30, 0}, {0.5, 1}, 1.0 / 60, 4, 30};

GR_PROBE(underdamped_120hz) { put_animation(out, &underdamped); }
GR_REFERENCE(underdamped_120hz) { want_animation(ref, &underdamped); }
GR_PROBE(downwards_30hz) { put_animation(out, &downwards); }
GR_REFERENCE(downwards_30hz) { want_animation(ref, &downwards); }
GR_PROBE(already_at_rest) { put_animation(out, &resting), put_animation(out, &creeping); }
GR_REFERENCE(already_at_rest) { want_animation(ref, &resting), want_animation(ref, &creeping); }

/* Strictness at the thresholds of a scaled rule (eps 0.25, 0.5). */
GR_PROBE(strict_thresholds)
{
    rest_rule r = {0.25, 0.5};
    gr_put(out, at_rest(r, (state){10.25, 0}, 10));
    gr_put(out, at_rest(r, (state){10, -0.5}, 10));
    gr_put(out, at_rest(r, (state){9.76, 0.49}, 10));
    gr_put(out, at_rest(r, (state){-10.1, 0.1}, -10));
    gr_put(out, at_rest(r, (state){9.7, 0.1}, 10));
}
GR_REFERENCE(strict_thresholds)
{
    gr_want(ref, 0, GR_EXACT, "|x - target| = eps_x exactly");
    gr_want(ref, 0, GR_EXACT, "|v| = eps_v exactly");
    gr_want(ref, 1, GR_EXACT, "just inside both");
    gr_want(ref, 1, GR_EXACT, "a negative target");
    gr_want(ref, 0, GR_EXACT, "slow, 0.3 below the target: not close");
}

const gr_case gr_hidden[] = {
    GR_CASE(underdamped_120hz, "an under-damped spring at 120 Hz"),
    GR_CASE(downwards_30hz, "a heavy spring moving down at 30 Hz"),
    GR_CASE(already_at_rest, "already at rest: one frame, then the snap; slow but far: not at rest"),
    GR_CASE(strict_thresholds, "the thresholds are strict"),
};
GR_COUNT_OF(gr_hidden);
