/* Exercise 11, the hidden tests' methods (never in the students' copy: they are exercise 01's and 02's answers):
 * one step each of explicit Euler, semi-implicit Euler, Heun's method and RK4. */
#ifndef EXERCISE_11_METHODS_H
#define EXERCISE_11_METHODS_H

#include <complex.h>
#include <math.h>

#include "exercise.h"
#include "flows.h"

static inline state ex11_slope(spring s, state y)
{
    return (state){y.v, (-s.k * (y.x - s.target) - s.c * y.v) / s.m};
}

static inline state ex11_explicit_euler(spring s, state y, double dt)
{
    state d = ex11_slope(s, y);
    return (state){y.x + dt * d.x, y.v + dt * d.v};
}

static inline state ex11_semi_implicit_euler(spring s, state y, double dt)
{
    double v = y.v + dt * ex11_slope(s, y).v;
    return (state){y.x + dt * v, v};
}

static inline state ex11_heun(spring s, state y, double dt)
{
    state k1 = ex11_slope(s, y), k2 = ex11_slope(s, (state){y.x + dt * k1.x, y.v + dt * k1.v});
    return (state){y.x + dt * (k1.x + k2.x) / 2, y.v + dt * (k1.v + k2.v) / 2};
}

static inline state ex11_rk4(spring s, state y, double dt)
{
    state k1 = ex11_slope(s, y), k2 = ex11_slope(s, (state){y.x + dt / 2 * k1.x, y.v + dt / 2 * k1.v});
    state k3 = ex11_slope(s, (state){y.x + dt / 2 * k2.x, y.v + dt / 2 * k2.v});
    state k4 = ex11_slope(s, (state){y.x + dt * k3.x, y.v + dt * k3.v});
    return (state){y.x + dt / 6 * (k1.x + 2 * k2.x + 2 * k3.x + k4.x),
                   y.v + dt / 6 * (k1.v + 2 * k2.v + 2 * k3.v + k4.v)};
}

#endif
