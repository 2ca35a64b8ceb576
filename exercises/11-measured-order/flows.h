/* Exercise 11: the spring's exact motion, and methods of known order made from it for the visible tests: the exact
 * step plus an error of C dt^(p+1) in x, so that n steps to a fixed end make a global error of order dt^p. */
#ifndef EXERCISE_11_FLOWS_H
#define EXERCISE_11_FLOWS_H

#include <math.h>

#include "exercise.h"

/* The exact state at time t from y0, for an underdamped spring (c^2 < 4 k m): with u = x - target,
 * kappa = k/m, gamma = c/m, wd = sqrt(kappa - gamma^2/4):
 *   u(t) = e^{-gamma t/2} (u0 cos wd t + (v0 + gamma u0/2) sin(wd t) / wd)
 *   v(t) = e^{-gamma t/2} (v0 cos wd t - (kappa u0 + gamma v0/2) sin(wd t) / wd) */
static inline state exact_state(spring s, state y0, double t)
{
    double kappa = s.k / s.m, gamma = s.c / s.m, wd = sqrt(kappa - gamma * gamma / 4), u0 = y0.x - s.target;
    double e = exp(-gamma * t / 2), c = cos(wd * t), sn = sin(wd * t) / wd;
    return (state){s.target + e * (u0 * c + (y0.v + gamma * u0 / 2) * sn),
                   e * (y0.v * c - (kappa * u0 + gamma * y0.v / 2) * sn)};
}

static inline double exact_x(spring s, state y0, double t)
{
    return exact_state(s, y0, t).x;
}

/* The exact step, then 0.5 dt^2 added to x (first order), or 0.5 dt^5 taken from it (fourth order: it ends below). */
static inline state first_order(spring s, state y, double dt)
{
    state e = exact_state(s, y, dt);
    return (state){e.x + 0.5 * dt * dt, e.v};
}

static inline state fourth_order(spring s, state y, double dt)
{
    state e = exact_state(s, y, dt);
    return (state){e.x - 0.5 * pow(dt, 5), e.v};
}

#endif
