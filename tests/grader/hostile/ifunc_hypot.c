/* Correct steps, and hypot, a libm function the tests call themselves (seed_explicit_explodes measures the growth
 * of the amplitude with it), as an ifunc whose resolver picks a wrong one: it would fail a test that the steps pass.
 * The submission's hypot, ifunc or not, stays inside its file: the tests call libm's, and the steps earn
 * everything. deserves: 12 */
#include "exercise.h"

static double sum_of(double a, double b) { return a + b; }

static double (*pick_hypot(void))(double, double) { return sum_of; }

double hypot(double a, double b) __attribute__((ifunc("pick_hypot")));

state euler_explicit_step(spring s, state y, double dt)
{
    double a = (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    return (state){y.x + y.v * dt, y.v + a * dt};
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    state e = euler_explicit_step(s, y, dt);
    return (state){y.x + e.v * dt, e.v};
}
