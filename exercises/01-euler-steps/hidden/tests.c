/* Exercise 01, the hidden tests: closed forms of both methods on the undamped and damped spring. Each invariant
 * (an energy ratio, a conserved modified energy) comes with a trajectory at other parameters, damped, with m != 1
 * and a target, against the power of the step matrix: a step that only matches the invariant earns nothing. */
#include <complex.h>
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* At w0 dt = 2 semi-implicit Euler has a double eigenvalue -1 (a Jordan block): from 1 away from the target, at
 * rest, the iterates are x_n - target = (-1)^n (1 + 2n), exactly (k = 8, m = 2, target -0.75, dt = 1). With
 * damping the block can move: w2 = k/m = 2.25 and g = c/m = 0.75 at dt = 1 give trace -1 and determinant
 * 1 - g = 0.25, a double eigenvalue -1/2, and x_n - target = (-1/2)^n (1 + 1.5 n) (x_1 - target = -1.25 fixes the
 * 1.5). Every number here is a short binary fraction. */
GR_PROBE(jordan_block)
{
    state y = {0.25, 0}, d = {1.25, 0};
    for (int n = 1; n <= 12; n++) {
        y = euler_semi_implicit_step((spring){8, 0, 2, -0.75}, y, 1.0);
        d = euler_semi_implicit_step((spring){4.5, 1.5, 2, 0.25}, d, 1.0);
        gr_put(out, y.x);
        gr_put(out, d.x);
    }
}
GR_REFERENCE(jordan_block)
{
    for (int n = 1; n <= 12; n++) {
        gr_want(ref, -0.75 + (n % 2 ? -1.0 : 1.0) * (1 + 2 * n), GR_ABS(1e-12), "x after step %d, undamped", n);
        gr_want(ref, 0.25 + pow(-0.5, n) * (1 + 1.5 * n), GR_ABS(1e-12), "x after step %d, damped", n);
    }
}

/* Explicit Euler multiplies the undamped energy v^2 + w0^2 (x - target)^2 by exactly 1 + (w0 dt)^2 every step: here
 * w0 = 1 (k = m = 2), dt = 0.5: 1.25. A step that only scales the state by sqrt(1.25) has that ratio too, so the
 * same spring with damping c = 0.6 must also follow the power of the step matrix. */
GR_PROBE(explicit_energy_gain)
{
    state y = {0.8, 0.7};
    for (int n = 0; n < 20; n++) {
        double before = y.v * y.v + (y.x - 0.5) * (y.x - 0.5);
        y = euler_explicit_step((spring){2, 0, 2, 0.5}, y, 0.5);
        gr_put(out, (y.v * y.v + (y.x - 0.5) * (y.x - 0.5)) / before);
    }
    put_steps(out, euler_explicit_step, (spring){2, 0.6, 2, 0.5}, (state){0.8, 0.7}, 0.5, 20, 5);
}
GR_REFERENCE(explicit_energy_gain)
{
    for (int n = 1; n <= 20; n++)
        gr_want(ref, 1.25, GR_REL(1e-12), "energy ratio of step %d", n);
    want_run(ref, EXPLICIT, (spring){2, 0.6, 2, 0.5}, (state){0.8, 0.7}, 0.5, 20, 5);
}

/* Undamped explicit Euler with z = (x - T) + i v / w0 is z_{n+1} = (1 - i w0 dt) z_n, so
 * z_n = (1 - i w0 dt)^n z_0. Here w0 = 3 (k = 18, m = 2), dt = 0.1, target 2, x0 = 3, v0 = 1.5: z_0 = 1 + 0.5 i.
 * Then with damping c = 1.2 against the matrix power. */
GR_PROBE(explicit_closed_form)
{
    state y = {3, 1.5};
    for (int n = 1; n <= 100; n++) {
        y = euler_explicit_step((spring){18, 0, 2, 2}, y, 0.1);
        if (n % 10 == 0)
            gr_put(out, y.x), gr_put(out, y.v);
    }
    put_steps(out, euler_explicit_step, (spring){18, 1.2, 2, 2}, (state){3, 1.5}, 0.1, 100, 25);
}
GR_REFERENCE(explicit_closed_form)
{
    for (int n = 10; n <= 100; n += 10) {
        double complex z = cpow(1.0 - 0.3 * I, n) * (1.0 + 0.5 * I);
        gr_want_n(ref, 2 + creal(z), GR_REL(1e-10), n, "x after %d step", "x after %d steps", n);
        gr_want_n(ref, 3 * cimag(z), GR_REL(1e-10), n, "v after %d step", "v after %d steps", n);
    }
    want_run(ref, EXPLICIT, (spring){18, 1.2, 2, 2}, (state){3, 1.5}, 0.1, 100, 25);
}

/* Semi-implicit Euler conserves the modified energy H = v^2/2 + w^2 y^2/2 - (dt w^2/2) y v exactly (y = x - T):
 * here w^2 = 3200 / 2 = 1600, dt = 0.04 (w0 dt = 1.6), target 0.25, from y = 1, v = 0, so H = 800 forever. The
 * first step (v = -1600 * 0.04 = -64, x = 1.25 - 64 * 0.04 = -1.31) shows that it moves; the same spring with
 * damping c = 8 follows the power of the step matrix. */
GR_PROBE(semi_modified_energy)
{
    state y = {1.25, 0};
    for (int n = 1; n <= 1000; n++) {
        y = euler_semi_implicit_step((spring){3200, 0, 2, 0.25}, y, 0.04);
        double d = y.x - 0.25;
        if (n == 1)
            gr_put(out, y.x);
        if (n % 100 == 0)
            gr_put(out, y.v * y.v / 2 + 1600 * d * d / 2 - 0.04 * 1600 / 2 * d * y.v);
    }
    put_steps(out, euler_semi_implicit_step, (spring){3200, 8, 2, 0.25}, (state){1.25, 0}, 0.04, 60, 20);
}
GR_REFERENCE(semi_modified_energy)
{
    gr_want(ref, -1.31, GR_REL(1e-12), "x after 1 step");
    for (int n = 100; n <= 1000; n += 100)
        gr_want_n(ref, 800.0, GR_REL(1e-9), n, "modified energy after %d step", "modified energy after %d steps",
                  n);
    want_run(ref, SEMI_IMPLICIT, (spring){3200, 8, 2, 0.25}, (state){1.25, 0}, 0.04, 60, 20);
}

/* A damped semi-implicit step is the matrix M = [[1 - h^2 k/m, h (1 - h c/m)], [-h k/m, 1 - h c/m]] acting on
 * [x - T, v]; 50 steps are M^50 (reference.h). */
GR_PROBE(semi_damped_matrix)
{
    put_steps(out, euler_semi_implicit_step, (spring){50, 3, 0.5, -0.4}, (state){0.6, -1}, 0.01, 200, 50);
}
GR_REFERENCE(semi_damped_matrix)
{
    want_run(ref, SEMI_IMPLICIT, (spring){50, 3, 0.5, -0.4}, (state){0.6, -1}, 0.01, 200, 50);
}

const gr_case gr_hidden[] = {
    GR_CASE(jordan_block, "semi-implicit Jordan blocks: (-1)^n (1 + 2n), and damped (-1/2)^n (1 + 1.5 n)"),
    GR_CASE(explicit_energy_gain, "explicit Euler gains exactly 1 + (w0 dt)^2 of energy a step, and moves"),
    GR_CASE(explicit_closed_form, "explicit Euler equals (1 - i w0 dt)^n with a target and a start velocity"),
    GR_CASE(semi_modified_energy, "semi-implicit Euler conserves its modified energy"),
    GR_CASE(semi_damped_matrix, "damped semi-implicit Euler equals the power of its step matrix"),
};
GR_COUNT_OF(gr_hidden);
