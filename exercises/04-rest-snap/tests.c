/* Exercise 04, the visible tests: the rest test's truth table, the thresholds in other units, and the spring article's
 * loop. */
#include "grader.h"
#include "points.h"
#include "scenario.h"

/* Half a pixel and a pixel per second, target 300. Close but fast (crossing the target) is not rest; far but still
 * (the top of a bounce, above or below the target) is not rest; both inequalities are strict. */
static const state cases[] = {{300.4, 0.5}, {300.1, 50}, {320, 0}, {300.5, 0}, {299.51, -0.99}, {300, 1.0},
                              {299.6, -1.2}, {299.9, 0.0}, {280, 0.0}};
static const bool resting[] = {true, false, false, false, true, false, false, true, false};
#define N_CASES (int)(sizeof cases / sizeof cases[0])

GR_PROBE(truth_table)
{
    for (int i = 0; i < N_CASES; i++)
        gr_put(out, at_rest((rest_rule){0.5, 1.0}, cases[i], 300));
}
GR_REFERENCE(truth_table)
{
    for (int i = 0; i < N_CASES; i++)
        gr_want(ref, resting[i], GR_EXACT, "at_rest(x = %g, v = %g)", cases[i].x, cases[i].v);
}

/* An opacity (range 1) drawn over 100 px: 0.005 and 0.01. Pixels (300 over 300 px): 0.5 and 1. An angle of 360
 * degrees over 720 px: 0.25 and 0.5. */
GR_PROBE(scaled_thresholds)
{
    const double range[3] = {1, 300, 360}, pixels[3] = {100, 300, 720};
    for (int i = 0; i < 3; i++) {
        rest_rule r = rest_rule_scaled(range[i], pixels[i]);
        gr_put(out, r.eps_x);
        gr_put(out, r.eps_v);
    }
}
GR_REFERENCE(scaled_thresholds)
{
    const double eps_x[3] = {0.005, 0.5, 0.25}, eps_v[3] = {0.01, 1, 0.5};
    for (int i = 0; i < 3; i++) {
        gr_want(ref, eps_x[i], GR_REL(1e-12), "eps_x, case %d", i + 1);
        gr_want(ref, eps_v[i], GR_REL(1e-12), "eps_v, case %d", i + 1);
    }
}

/* The spring article's example: k = 200, c = 20, m = 1 from 0 to 300, 60 Hz frames of four substeps. The same spring
 * animating an opacity from 0 to 1 with thresholds for 100 px must not stop at once (half a pixel would be half the
 * range). Each with a spring that creeps (c = 400, k = 1: under 0.75 px/s; an opacity with c = 40, k = 0.2: under
 * 0.005 a second): slow all the way but far, so never at rest, -1 and no snap. An undamped spring never rests:
 * after 50 frames, -1 and no snap. What each must send was computed once, outside the students' copy, by a frame
 * loop written on its own (to 17 digits where it gives up). */
static const scenario seed = {{200, 20, 1, 300}, {0, 0}, {0.5, 1}, 1.0 / 60, 4, 1000};
static const scenario seed_creeping = {{1, 400, 1, 300}, {0, 0}, {0.5, 1}, 1.0 / 60, 4, 120};
static const scenario opacity = {{200, 20, 1, 1}, {0, 0}, {0.005, 0.01}, 1.0 / 60, 4, 1000};
static const scenario opacity_creeping = {{0.2, 40, 1, 1}, {0, 0}, {0.005, 0.01}, 1.0 / 60, 4, 100};
static const scenario undamped = {{100, 0, 1, 1}, {0, 0}, {0.5, 1}, 1.0 / 60, 4, 50};
/* Rest is tested after each frame, not after each substep: this spring (k = 400, c = 4, m = 2, ringing 0.3 px
 * about 300 at 30 Hz with four substeps) is close and slow after the first substep, but not at the end of frame
 * 1; frame 7 ends at rest. */
static const scenario ringing = {{400, 4, 2, 300}, {300.3, 0.5}, {0.5, 1}, 1.0 / 30, 4, 100};

GR_PROBE(seed_animation)
{
    put_animation(out, &seed), put_animation(out, &seed_creeping), put_animation(out, &ringing);
}
GR_REFERENCE(seed_animation)
{
    want_outcome(ref, &seed, (outcome){38, {0, 0}});
    want_outcome(ref, &seed_creeping, (outcome){-1, {1.4975015728357479, 0.74626091017916507}});
    want_outcome(ref, &ringing, (outcome){7, {0, 0}});
}
GR_PROBE(opacity_animation) { put_animation(out, &opacity), put_animation(out, &opacity_creeping); }
GR_REFERENCE(opacity_animation)
{
    want_outcome(ref, &opacity, (outcome){37, {0, 0}});
    want_outcome(ref, &opacity_creeping, (outcome){-1, {0.0081963157946123785, 0.0049596384404254207}});
}
GR_PROBE(gives_up) { put_animation(out, &undamped); }
GR_REFERENCE(gives_up) { want_outcome(ref, &undamped, (outcome){-1, {1.4802224441274205, 8.8720842862589819}}); }

const gr_case gr_visible[] = {
    GR_CASE(truth_table, "the rest test: close and slow, both, strictly"),
    GR_CASE(scaled_thresholds, "thresholds for an opacity, pixels and an angle"),
    GR_CASE(seed_animation, "the spring article's spring, 0 to 300 at 60 Hz: frames until rest, the snap; "
                            "creeping; ringing between frames"),
    GR_CASE(opacity_animation, "an opacity from 0 to 1 with thresholds scaled to 100 px; a creeping one"),
    GR_CASE(gives_up, "an undamped spring: gives up after max_frames, without a snap"),
};
GR_COUNT_OF(gr_visible);
