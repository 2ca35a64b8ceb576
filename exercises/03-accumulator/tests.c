/* Exercise 03, the visible tests: step counts and remainders in exact binary time, the cap, and the same motion at
 * any frame rate. */
#include "exercise.h"
#include "grader.h"
#include "points.h"

/* The spring article's spring: k = 200, c = 20, m = 1, from 0 towards 300. */
static const spring seed_spring = {200, 20, 1, 300};

/* 60 Hz-like frames of 1/64 s with steps of 1/256 s: four steps a frame, nothing left over. Then a frame of 9/512 s:
 * four steps again, and half a step left (alpha 0.5). */
GR_PROBE(exact_frames)
{
    accumulator a = {0};
    accumulator_init(&a, 1.0 / 256, 1.0 / 8);
    for (int i = 0; i < 10; i++)
        gr_put(out, accumulator_feed(&a, 1.0 / 64));
    gr_put(out, accumulator_alpha(&a));
    gr_put(out, accumulator_feed(&a, 9.0 / 512));
    gr_put(out, accumulator_alpha(&a));
}
GR_REFERENCE(exact_frames)
{
    for (int i = 0; i < 10; i++)
        gr_want(ref, 4, GR_EXACT, "steps in frame %d", i + 1);
    gr_want(ref, 0, GR_EXACT, "alpha after 10 frames");
    gr_want(ref, 4, GR_EXACT, "steps in a frame of 9/512 s");
    gr_want(ref, 0.5, GR_EXACT, "alpha after it (half a step left)");
}

/* Frames of 0.625 s, steps of 1 s: the remainder carries over. In eighths: 5, 10 -> 1 step (2 left), 7, 12 -> 1 (4),
 * 9 -> 1 (1), 6, 11 -> 1 (3), 8 -> 1 (0): counts 0 1 0 1 1 0 1 1, alpha = the eighths left / 8. */
GR_PROBE(remainder_carried)
{
    accumulator a = {0};
    accumulator_init(&a, 1.0, 8.0);
    for (int i = 0; i < 8; i++) {
        gr_put(out, accumulator_feed(&a, 0.625));
        gr_put(out, accumulator_alpha(&a));
    }
}
GR_REFERENCE(remainder_carried)
{
    const int steps[8] = {0, 1, 0, 1, 1, 0, 1, 1}, eighths_left[8] = {5, 2, 7, 4, 1, 6, 3, 0};
    for (int i = 0; i < 8; i++) {
        gr_want(ref, steps[i], GR_EXACT, "steps in frame %d", i + 1);
        gr_want(ref, eighths_left[i] / 8.0, GR_EXACT, "alpha after frame %d", i + 1);
    }
}

/* A 4 s gap (a tab in the background) with a cap of 1/8 s and steps of 1/256 s: 32 steps, not 1024; the rest of the
 * gap is skipped, and the next frame is ordinary again. The frame before leaves half a step, and the cap bounds the
 * total (half a step + 4 s), not the frame: the gap leaves nothing (capping only the frame would leave half a step). */
GR_PROBE(cap_after_gap)
{
    accumulator a = {0};
    accumulator_init(&a, 1.0 / 256, 1.0 / 8);
    gr_put(out, accumulator_feed(&a, 9.0 / 512));
    gr_put(out, accumulator_alpha(&a));
    gr_put(out, accumulator_feed(&a, 4.0));
    gr_put(out, accumulator_alpha(&a));
    gr_put(out, accumulator_feed(&a, 1.0 / 64));
}
GR_REFERENCE(cap_after_gap)
{
    gr_want(ref, 4, GR_EXACT, "steps in the frame before the gap (9/512 s)");
    gr_want(ref, 0.5, GR_EXACT, "alpha before the gap");
    gr_want(ref, 32, GR_EXACT, "steps in the 4 s frame (cap 1/8 s = 32 steps)");
    gr_want(ref, 0, GR_EXACT, "alpha after the gap (the cap bounds the total)");
    gr_want(ref, 4, GR_EXACT, "steps in the frame after the gap");
}

/* A clock that goes back gives a negative frame time: it counts as nothing. Steps of 1/256 s:
 * 3/128 s -> 6 steps; 1/512 s -> 0 steps, alpha 0.5; -0.5 s -> 0 steps, alpha still 0.5; 1/512 s -> 1 step. */
GR_PROBE(negative_frame)
{
    accumulator a = {0};
    accumulator_init(&a, 1.0 / 256, 1.0 / 8);
    const double frames[4] = {3.0 / 128, 1.0 / 512, -0.5, 1.0 / 512};
    for (int i = 0; i < 4; i++) {
        gr_put(out, accumulator_feed(&a, frames[i]));
        gr_put(out, accumulator_alpha(&a));
    }
}
GR_REFERENCE(negative_frame)
{
    const int steps[4] = {6, 0, 0, 1};
    const double alpha[4] = {0, 0.5, 0.5, 0};
    for (int i = 0; i < 4; i++) {
        gr_want(ref, steps[i], GR_EXACT, "steps in frame %d", i + 1);
        gr_want(ref, alpha[i], GR_EXACT, "alpha after frame %d", i + 1);
    }
}

/* The point of it all: 240/1024 s of the spring article's spring in frames of 3/1024, 6/1024 or 10/1024 s (about 340,
 * 170 and 100 Hz, none a whole number of steps) is the same 60 steps of 4/1024 s, so the same state: the 60th power of
 * the semi-implicit step's matrix applied to the start (computed once, outside the students' copy, to 17 digits). */
GR_PROBE(frame_rate_independence)
{
    const int frame[3] = {3, 6, 10};
    for (int r = 0; r < 3; r++) {
        accumulator a = {0};
        accumulator_init(&a, 4.0 / 1024, 128.0 / 1024);
        state y = {0, 0};
        for (int f = 0; f < 240 / frame[r]; f++)
            y = spring_frame(seed_spring, y, &a, frame[r] / 1024.0);
        gr_put(out, y.x);
        gr_put(out, y.v);
    }
}
GR_REFERENCE(frame_rate_independence)
{
    const state y = {299.45922397528028, 390.59633307091161};
    const int frame[3] = {3, 6, 10};
    for (int r = 0; r < 3; r++) {
        gr_want(ref, y.x, GR_REL(1e-9), "x after 60 steps, frames of %d/1024 s", frame[r]);
        gr_want(ref, y.v, GR_TOL(1e-9, 1e-9), "v after 60 steps, frames of %d/1024 s", frame[r]);
    }
}

const gr_case gr_visible[] = {
    GR_CASE(exact_frames, "frames of 1/64 s, steps of 1/256 s: four steps a frame; then half a step left"),
    GR_CASE(remainder_carried, "frames of 0.625 s, steps of 1 s: the remainder carries over"),
    GR_CASE(cap_after_gap, "a 4 s gap with a cap of 1/8 s: 32 steps, not 1024, the total capped"),
    GR_CASE(negative_frame, "a negative frame time counts as nothing"),
    GR_CASE(frame_rate_independence,
            "the spring article's spring in frames of 3, 6 and 10 / 1024 s: the same 60 steps"),
};
GR_COUNT_OF(gr_visible);
