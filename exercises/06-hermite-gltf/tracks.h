/* Exercise 06: the tracks the tests sample (shared by tests.c and hidden/tests.c). */
#ifndef EXERCISE_06_TRACKS_H
#define EXERCISE_06_TRACKS_H

/* The keyframe tutorial's bouncing ball, a CUBICSPLINE position track: keys at 0, 0.5, 1, 1.5, 2 s. */
static const double bounce_times[5] = {0, 0.5, 1.0, 1.5, 2.0};
static const double bounce_values[5 * 9] = {
    0, 0, 0,   0, 0, 0,   0, 8, 0,    /* on the ground, thrown up */
    0, 0, 0,   0, 4, 0,   0, 0, 0,    /* the top */
    0, -8, 0,  0, 0, 0,   0, 5, 0,    /* hits the ground, bounces lower */
    0, 0, 0,   0, 2, 0,   0, 0, 0,    /* the lower top */
    0, -3, 0,  0, 0, 0,   0, 0, 0,    /* rest */
};

/* Two keys two seconds apart, every component moving (the tangents a_0 and b_1 are never used). */
static const double pair_times[2] = {1, 3};
static const double pair_values[2 * 9] = {
    9, 9, 9,    1, 2, -1,   0.5, -1, 2,
    1, 0, -2,   3, 0, 1,    7, 7, 7,
};

#endif
