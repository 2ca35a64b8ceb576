/* Exercise 10, the hidden tests: other springs and steps, against the powers of the step matrices (built as
 * inverses, reference.h) and the undamped closed forms. */
#include <complex.h>
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* An underdamped spring, off centre: k = 5, c = 0.7, m = 1.5, target -2, h = 0.3, 40 steps. */
static const spring under = {5, 0.7, 1.5, -2};
GR_PROBE(euler_damped_power) { put_run(out, implicit_euler_step, under, (state){1, 2}, 0.3, 40, 8); }
GR_REFERENCE(euler_damped_power) { want_run(ref, under, (state){1, 2}, 0.3, 0, 40, 8, 1e-10); }

/* Overdamped (zeta = c / (2 sqrt(k m)) = 6 / (2 sqrt(1.5)) > 1): k = 3, c = 6, m = 0.5, h = 0.2, 30 steps. */
static const spring over = {3, 6, 0.5, 0.5};
GR_PROBE(midpoint_overdamped_power) { put_run(out, implicit_midpoint_step, over, (state){-1.5, 4}, 0.2, 30, 6); }
GR_REFERENCE(midpoint_overdamped_power) { want_run(ref, over, (state){-1.5, 4}, 0.2, 1, 30, 6, 1e-10); }

/* Backward Euler takes exactly 1 / (1 + y^2) of the undamped energy a step (y = w0 h = 0.7 here: k = 0.98, m = 2,
 * w0 = 0.7, h = 1): the ratio and, beside it, the state from z_n = z_0 / (1 + 0.7 i)^n. */
GR_PROBE(euler_energy_and_state)
{
    const spring s = {0.98, 0, 2, 3};
    state y = {4, -0.35};
    for (int n = 1; n <= 12; n++) {
        double before = y.v * y.v + 0.49 * (y.x - 3) * (y.x - 3);
        y = implicit_euler_step(s, y, 1);
        gr_put(out, (y.v * y.v + 0.49 * (y.x - 3) * (y.x - 3)) / before);
        gr_put(out, y.x), gr_put(out, y.v);
    }
}
GR_REFERENCE(euler_energy_and_state)
{
    for (int n = 1; n <= 12; n++) {
        double complex z = undamped_z(0.7, 0, n, 1 - 0.5 * I);
        gr_want(ref, 1 / 1.49, GR_REL(1e-12), "energy ratio of step %d", n);
        gr_want_n(ref, 3 + creal(z), GR_TOL(1e-11, 1e-12), n, "x after %d step", "x after %d steps", n);
        gr_want_n(ref, 0.7 * cimag(z), GR_TOL(1e-11, 1e-12), n, "v after %d step", "v after %d steps", n);
    }
}

/* The midpoint rule at y = 2, where semi-implicit Euler sits on its Jordan block: still a pure turn, by
 * 2 atan(1) = 90 degrees a step (k = 8, m = 2, h = 1, target -0.75): z_n = (-i)^n z_0, 25 steps. */
GR_PROBE(midpoint_quarter_turns)
{
    put_run(out, implicit_midpoint_step, (spring){8, 0, 2, -0.75}, (state){0.25, 2}, 1, 25, 1);
}
GR_REFERENCE(midpoint_quarter_turns)
{
    for (int n = 1; n <= 25; n++) {
        double complex z = undamped_z(2, 1, n, 1 + I);
        gr_want_n(ref, -0.75 + creal(z), GR_TOL(1e-12, 1e-12), n, "x after %d step", "x after %d steps", n);
        gr_want_n(ref, 2 * cimag(z), GR_TOL(1e-12, 1e-12), n, "v after %d step", "v after %d steps", n);
    }
}

/* Very stiff, y = w0 h = 1e4 (k = 2e8, m = 2, h = 1): backward Euler all but stops the spring in a step (|R| ~ 1e-4)
 * and the midpoint rule nearly reverses it (R = (1 - 5000 i) / (1 + 5000 i), close to -1): three steps each. */
GR_PROBE(very_stiff)
{
    const spring s = {2e8, 0, 2, -1};
    put_run(out, implicit_euler_step, s, (state){0, 1e4}, 1, 3, 1);
    put_run(out, implicit_midpoint_step, s, (state){0, 1e4}, 1, 3, 1);
}
GR_REFERENCE(very_stiff)
{
    for (int midpoint = 0; midpoint < 2; midpoint++)
        for (int n = 1; n <= 3; n++) {
            double complex z = undamped_z(1e4, midpoint, n, 1 + I);
            const char *name = midpoint ? "midpoint" : "Euler";
            gr_want_n(ref, -1 + creal(z), GR_TOL(1e-9, 1e-12), n, "%s: x after %d step", "%s: x after %d steps", name,
                      n);
            gr_want_n(ref, 1e4 * cimag(z), GR_TOL(1e-9, 1e-8), n, "%s: v after %d step", "%s: v after %d steps", name,
                      n);
        }
}

const gr_case gr_hidden[] = {
    GR_CASE(euler_damped_power, "backward Euler, underdamped and off centre, against (I - hA)^-n"),
    GR_CASE(midpoint_overdamped_power, "implicit midpoint, overdamped, against the power of its matrix"),
    GR_CASE(euler_energy_and_state, "backward Euler keeps 1 / (1 + y^2) of the energy a step, and where it goes"),
    GR_CASE(midpoint_quarter_turns, "implicit midpoint at w0 h = 2: a quarter turn a step, 25 steps"),
    GR_CASE(very_stiff, "w0 h = 10000: backward Euler stops, the midpoint rule reverses"),
};
GR_COUNT_OF(gr_hidden);
