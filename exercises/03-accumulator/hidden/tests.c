/* Exercise 03, the hidden tests: irregular frames, a ten-minute gap, alpha, and a cap that is not a whole number
 * of steps. */
#include "grader.h"
#include "points.h"
#include "reference.h"

/* Frames of irregular length (in 1/1024 s), eight times over: the counts and alphas follow the integer counter, and
 * the spring ends where that many steps take it. The frame of 200 comes on top of a remainder (3 the first time) and
 * hits the cap of 128: the total is capped, the remainder with it. */
static const long jitter[10] = {17, 15, 16, 40, 3, 200, 16, 9, 33, 12};

GR_PROBE(jittered_frames)
{
    accumulator a = {0};
    accumulator_init(&a, 4.0 / 1024, 128.0 / 1024);
    state y = {0, 0};
    for (int i = 0; i < 80; i++) {
        accumulator copy = a;
        gr_put(out, accumulator_feed(&copy, jitter[i % 10] / 1024.0));
        gr_put(out, accumulator_alpha(&copy));
        y = spring_frame(seed_spring, y, &a, jitter[i % 10] / 1024.0);
    }
    gr_put(out, y.x);
    gr_put(out, y.v);
}
GR_REFERENCE(jittered_frames)
{
    ticks a = {4, 128, 0};
    long total = 0;
    for (int i = 0; i < 80; i++) {
        int steps = ticks_feed(&a, jitter[i % 10]);
        total += steps;
        gr_want(ref, steps, GR_EXACT, "steps in frame %d", i + 1);
        gr_want(ref, (double)a.acc / a.step, GR_EXACT, "alpha after frame %d", i + 1);
    }
    state y = semi_power(seed_spring, (state){0, 0}, 4.0 / 1024, total);
    gr_want_n(ref, y.x, GR_REL(1e-9), total, "x after %ld step", "x after %ld steps", total);
    gr_want_n(ref, y.v, GR_TOL(1e-9, 1e-9), total, "v after %ld step", "v after %ld steps", total);
}

/* Ten minutes in the background: still only cap / step = 32 steps. The frame before leaves a quarter step, which
 * the capped total swallows: alpha 0.25, 0, 0. */
GR_PROBE(ten_minute_gap)
{
    accumulator a = {0};
    accumulator_init(&a, 1.0 / 256, 1.0 / 8);
    state y = {0, 0};
    const double frames[3] = {17.0 / 1024, 600.0, 1.0 / 64};
    for (int i = 0; i < 3; i++) {
        accumulator probe = a;
        gr_put(out, accumulator_feed(&probe, frames[i]));
        gr_put(out, accumulator_alpha(&probe));
        y = spring_frame(seed_spring, y, &a, frames[i]);
    }
    gr_put(out, y.x);
    gr_put(out, y.v);
}
GR_REFERENCE(ten_minute_gap)
{
    gr_want(ref, 4, GR_EXACT, "steps before the gap (17/1024 s)");
    gr_want(ref, 0.25, GR_EXACT, "alpha before the gap");
    gr_want(ref, 32, GR_EXACT, "steps in the ten-minute frame");
    gr_want(ref, 0, GR_EXACT, "alpha after the gap (the total is capped)");
    gr_want(ref, 4, GR_EXACT, "steps after the gap");
    gr_want(ref, 0, GR_EXACT, "alpha after the frame after the gap");
    state y = semi_power(seed_spring, (state){0, 0}, 1.0 / 256, 40);
    gr_want(ref, y.x, GR_REL(1e-9), "x after the three frames (40 steps)");
    gr_want(ref, y.v, GR_REL(1e-9), "v after the three frames");
}

/* Frames of 3/512 s, steps of 1/256 s = 2/512: 1 step (1/512 left, alpha 0.5), 2 steps (alpha 0), and again. */
GR_PROBE(alpha_sequence)
{
    accumulator a = {0};
    accumulator_init(&a, 1.0 / 256, 1.0 / 8);
    for (int i = 0; i < 6; i++) {
        gr_put(out, accumulator_feed(&a, 3.0 / 512));
        gr_put(out, accumulator_alpha(&a));
    }
}
GR_REFERENCE(alpha_sequence)
{
    ticks a = {4, 128, 0};
    for (int i = 0; i < 6; i++) {
        gr_want(ref, ticks_feed(&a, 6), GR_EXACT, "steps in frame %d", i + 1);
        gr_want(ref, (double)a.acc / a.step, GR_EXACT, "alpha after frame %d", i + 1);
    }
}

/* A cap of 2.5 steps: half a step waits, then a long frame; the total is capped at 2.5 steps: 2 steps, half a step
 * left (capping the frame alone would give 3 steps and nothing). */
GR_PROBE(cap_between_steps)
{
    accumulator a = {0};
    accumulator_init(&a, 1.0 / 256, 5.0 / 512);
    gr_put(out, accumulator_feed(&a, 1.0 / 512));
    gr_put(out, accumulator_alpha(&a));
    gr_put(out, accumulator_feed(&a, 1.0));
    gr_put(out, accumulator_alpha(&a));
}
GR_REFERENCE(cap_between_steps)
{
    gr_want(ref, 0, GR_EXACT, "steps in a frame of half a step");
    gr_want(ref, 0.5, GR_EXACT, "alpha after it");
    gr_want(ref, 2, GR_EXACT, "steps in a 1 s frame with a cap of 2.5 steps");
    gr_want(ref, 0.5, GR_EXACT, "alpha after it");
}

const gr_case gr_hidden[] = {
    GR_CASE(jittered_frames, "irregular frames: step counts and the spring's state"),
    GR_CASE(ten_minute_gap, "a ten-minute gap costs 32 steps"),
    GR_CASE(alpha_sequence, "alpha between steps: 0.5, 0, 0.5, ..."),
    GR_CASE(cap_between_steps, "a cap of 2.5 steps: 2 steps and alpha 0.5"),
};
GR_COUNT_OF(gr_hidden);
