/* Exercise 03, for the judge only (hidden/: never in the students' copy): the accumulator as an integer counter and
 * the semi-implicit step's matrix power, the hidden tests' references. The visible tests hold literal values. */
#ifndef EXERCISE_03_HIDDEN_REFERENCE_H
#define EXERCISE_03_HIDDEN_REFERENCE_H

#include "exercise.h"

/* The spring article's spring: k = 200, c = 20, m = 1, from 0 towards 300. */
static const spring seed_spring = {200, 20, 1, 300};

/* Every time in these tests is a whole number of 1/1024 s, so the accumulator's arithmetic is exact in binary and
 * the step counts are those of integers: a counter in units of 1/1024 s. */
typedef struct {
    long step, cap, acc;
} ticks;

static inline int ticks_feed(ticks *a, long frame)
{
    a->acc += frame > 0 ? frame : 0;
    if (a->acc > a->cap)
        a->acc = a->cap;
    int steps = (int)(a->acc / a->step);
    a->acc %= a->step;
    return steps;
}

/* n semi-implicit steps of dt from y, as the power of the step's matrix: with u = x - target,
 * v' = v + dt (-k u - c v) / m and u' = u + dt v' give M = [[1 - dt^2 k/m, dt (1 - dt c/m)], [-dt k/m, 1 - dt c/m]];
 * M^n by repeated squaring. */
static inline state semi_power(spring s, state y, double dt, long n)
{
    double w2 = s.k / s.m, g = s.c / s.m;
    double M[4] = {1 - dt * dt * w2, dt * (1 - dt * g), -dt * w2, 1 - dt * g}, P[4] = {1, 0, 0, 1};
    for (; n > 0; n >>= 1) {
        double t[4];
        if (n & 1) {
            t[0] = P[0] * M[0] + P[1] * M[2], t[1] = P[0] * M[1] + P[1] * M[3];
            t[2] = P[2] * M[0] + P[3] * M[2], t[3] = P[2] * M[1] + P[3] * M[3];
            P[0] = t[0], P[1] = t[1], P[2] = t[2], P[3] = t[3];
        }
        t[0] = M[0] * M[0] + M[1] * M[2], t[1] = M[0] * M[1] + M[1] * M[3];
        t[2] = M[2] * M[0] + M[3] * M[2], t[3] = M[2] * M[1] + M[3] * M[3];
        M[0] = t[0], M[1] = t[1], M[2] = t[2], M[3] = t[3];
    }
    double u = y.x - s.target;
    return (state){s.target + P[0] * u + P[1] * y.v, P[2] * u + P[3] * y.v};
}

#endif
