/* Exercise 03: the fixed-step accumulator with its cap (the spring article; Fiedler, "Fix Your Timestep!").
 *
 * Frames arrive with whatever duration the display gives; the spring only ever advances in fixed steps. */
#ifndef EXERCISE_03_H
#define EXERCISE_03_H

typedef struct {
    double k, c, m, target;   /* m x'' + c x' + k (x - target) = 0 */
} spring;

typedef struct {
    double x, v;
} state;

typedef struct {
    double step;   /* the fixed step, s, > 0 */
    double cap;    /* the most time acc may hold, s, >= step: acc + frame_dt is capped, not the frame alone */
    double acc;    /* time received but not yet simulated, s */
} accumulator;

/* Sets step and cap, and an empty accumulator (acc = 0). */
void accumulator_init(accumulator *a, double step, double cap);
/* Feeds one frame: acc = min(acc + frame_dt, cap), where a negative frame_dt (a clock that went back) counts as 0.
 * Returns how many whole steps fit in acc, and removes them from acc (the remainder waits for the next frame). */
int accumulator_feed(accumulator *a, double frame_dt);
/* acc / step: how far the next step has come, in [0, 1) after a feed (for drawing between two states). */
double accumulator_alpha(const accumulator *a);
/* One frame of the spring: feeds frame_dt, then takes that many semi_implicit_step()s of a->step. */
state spring_frame(spring s, state y, accumulator *a, double frame_dt);

/* Given in student.c (exercise 01's answer): one semi-implicit Euler step. */
state semi_implicit_step(spring s, state y, double dt);

#endif
