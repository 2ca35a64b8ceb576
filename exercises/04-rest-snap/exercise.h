/* Exercise 04: when to stop a spring animation, and the snap (the spring article).
 *
 * A damped spring never arrives. It is at rest when it is both close (|x - target| < eps_x) and slow (|v| < eps_v);
 * then the loop stops and writes the exact target, so no error is left behind. */
#ifndef EXERCISE_04_H
#define EXERCISE_04_H

#include <stdbool.h>

typedef struct {
    double k, c, m, target;   /* m x'' + c x' + k (x - target) = 0 */
} spring;

typedef struct {
    double x, v;
} state;

typedef struct {
    double eps_x;   /* at rest only if |x - target| < eps_x ... */
    double eps_v;   /* ... and |v| < eps_v, both, strictly */
} rest_rule;

/* The two-condition rest test. */
bool at_rest(rest_rule r, state y, double target);
/* The spring article's thresholds, half a pixel and a pixel per second, for a quantity whose range of `range` units is
 * drawn over `pixels` pixels: eps_x = 0.5 range / pixels, eps_v = 1.0 range / pixels. */
rest_rule rest_rule_scaled(double range, double pixels);
/* The spring article's frame loop. Each frame: `substeps` calls of semi_implicit_step() with dt = frame_dt / substeps,
 * then the rest test. At rest: snap (*y becomes {target, 0} exactly) and return the number of frames run (at least 1).
 * Not at rest after max_frames frames: return -1 and leave *y where the motion got to. */
int animate_to_rest(spring s, state *y, rest_rule r, double frame_dt, int substeps, int max_frames);

/* Given in student.c (exercise 01's answer): one semi-implicit Euler step. */
state semi_implicit_step(spring s, state y, double dt);

#endif
