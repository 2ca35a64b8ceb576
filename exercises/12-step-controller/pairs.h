/* Exercise 12: the spring's slope and the embedded pairs the tests pass to adaptive_run. */
#ifndef EXERCISE_12_PAIRS_H
#define EXERCISE_12_PAIRS_H

#include <math.h>

#include "exercise.h"

/* (x, v)' = (v, -(k (x - target) + c v) / m) */
static inline state slope(spring s, state y)
{
    return (state){y.v, -(s.k * (y.x - s.target) + s.c * y.v) / s.m};
}

static inline state along(state y, double h, state k)
{
    return (state){y.x + h * k.x, y.v + h * k.v};
}

/* Heun-Euler 2(1): explicit Euler (order 1) and Heun's method (order 2) from the same two slopes; q = 1. */
static inline state heun_euler(spring s, state y, double h, state *error)
{
    state k1 = slope(s, y), k2 = slope(s, along(y, h, k1));
    state heun = {y.x + h * (k1.x + k2.x) / 2, y.v + h * (k1.v + k2.v) / 2}, euler = along(y, h, k1);
    *error = (state){heun.x - euler.x, heun.v - euler.v};
    return heun;
}

/* The undamped spring's exact position (c = 0): target + u0 cos(w t) + v0 sin(w t) / w, w = sqrt(k/m). */
static inline double undamped_x(spring s, state y0, double t)
{
    double w = sqrt(s.k / s.m);
    return s.target + (y0.x - s.target) * cos(w * t) + y0.v * sin(w * t) / w;
}

#endif
