/* Exercise 01, the hidden tests: closed forms of both methods on the undamped and damped spring. */
#include <complex.h>
#include <math.h>

#include "exercise.h"
#include "grader.h"

/* At w0 dt = 2 semi-implicit Euler has a double eigenvalue -1 (a Jordan block): from x0 = 1, v0 = 0 the iterates
 * are x_n = (-1)^n (1 + 2n), exactly (k = 4, m = 1, dt = 1: every number is a small integer). */
GR_PROBE(jordan_block)
{
    state y = {1, 0};
    for (int n = 1; n <= 12; n++) {
        y = euler_semi_implicit_step((spring){4, 0, 1, 0}, y, 1.0);
        gr_put(out, y.x);
    }
}
GR_REFERENCE(jordan_block)
{
    for (int n = 1; n <= 12; n++)
        gr_want(ref, (n % 2 ? -1.0 : 1.0) * (1 + 2 * n), GR_EXACT, "x after step %d at w0 dt = 2", n);
}

/* Explicit Euler multiplies the undamped energy by exactly 1 + (w0 dt)^2 every step: here 1 + 0.5^2 = 1.25. */
GR_PROBE(explicit_energy_gain)
{
    state y = {0.3, 0.7};
    for (int n = 0; n < 20; n++) {
        double before = y.v * y.v + y.x * y.x;
        y = euler_explicit_step((spring){1, 0, 1, 0}, y, 0.5);
        gr_put(out, (y.v * y.v + y.x * y.x) / before);
    }
}
GR_REFERENCE(explicit_energy_gain)
{
    for (int n = 1; n <= 20; n++)
        gr_want(ref, 1.25, GR_REL(1e-12), "energy ratio of step %d", n);
}

/* Undamped explicit Euler with z = (x - T) + i v / w0 is z_{n+1} = (1 - i w0 dt) z_n, so
 * z_n = (1 - i w0 dt)^n z_0. Here w0 = 3, dt = 0.1, target 2, x0 = 3, v0 = 1.5: z_0 = 1 + 0.5 i. */
GR_PROBE(explicit_closed_form)
{
    state y = {3, 1.5};
    for (int n = 1; n <= 100; n++) {
        y = euler_explicit_step((spring){9, 0, 1, 2}, y, 0.1);
        if (n % 10 == 0)
            gr_put(out, y.x), gr_put(out, y.v);
    }
}
GR_REFERENCE(explicit_closed_form)
{
    for (int n = 10; n <= 100; n += 10) {
        double complex z = cpow(1.0 - 0.3 * I, n) * (1.0 + 0.5 * I);
        gr_want(ref, 2 + creal(z), GR_REL(1e-10), "x after %d steps", n);
        gr_want(ref, 3 * cimag(z), GR_REL(1e-10), "v after %d steps", n);
    }
}

/* Semi-implicit Euler conserves the modified energy H = v^2/2 + w^2 y^2/2 - (dt w^2/2) y v exactly (y = x - T):
 * here w^2 = 1600, dt = 0.04 (w0 dt = 1.6), target 0.25, from y = 1, v = 0, so H = 800 forever. The first step
 * (v = -1600 * 0.04 = -64, x = 1.25 - 64 * 0.04 = -1.31) shows that it moves. */
GR_PROBE(semi_modified_energy)
{
    state y = {1.25, 0};
    for (int n = 1; n <= 1000; n++) {
        y = euler_semi_implicit_step((spring){1600, 0, 1, 0.25}, y, 0.04);
        double d = y.x - 0.25;
        if (n == 1)
            gr_put(out, y.x);
        if (n % 100 == 0)
            gr_put(out, y.v * y.v / 2 + 1600 * d * d / 2 - 0.04 * 1600 / 2 * d * y.v);
    }
}
GR_REFERENCE(semi_modified_energy)
{
    gr_want(ref, -1.31, GR_REL(1e-12), "x after 1 step");
    for (int n = 100; n <= 1000; n += 100)
        gr_want(ref, 800.0, GR_REL(1e-9), "modified energy after %d steps", n);
}

/* A damped semi-implicit step is the matrix M = [[1 - h^2 k/m, h (1 - h c/m)], [-h k/m, 1 - h c/m]] acting on
 * [x - T, v]; 50 steps are M^50, computed here by repeated squaring. */
static inline void mat2_mul(const double A[4], const double B[4], double out[4])
{
    double r[4] = {A[0] * B[0] + A[1] * B[2], A[0] * B[1] + A[1] * B[3],
                   A[2] * B[0] + A[3] * B[2], A[2] * B[1] + A[3] * B[3]};
    for (int i = 0; i < 4; i++)
        out[i] = r[i];
}
static inline void mat2_pow(const double M[4], int n, double out[4])
{
    double base[4] = {M[0], M[1], M[2], M[3]}, acc[4] = {1, 0, 0, 1};
    for (; n > 0; n >>= 1) {
        if (n & 1)
            mat2_mul(acc, base, acc);
        mat2_mul(base, base, base);
    }
    for (int i = 0; i < 4; i++)
        out[i] = acc[i];
}

GR_PROBE(semi_damped_matrix)
{
    state y = {0.6, -1};
    for (int n = 1; n <= 200; n++) {
        y = euler_semi_implicit_step((spring){50, 3, 0.5, -0.4}, y, 0.01);
        if (n % 50 == 0)
            gr_put(out, y.x), gr_put(out, y.v);
    }
}
GR_REFERENCE(semi_damped_matrix)
{
    const double h = 0.01, w2 = 50 / 0.5, g = 3 / 0.5;
    const double M[4] = {1 - h * h * w2, h * (1 - h * g), -h * w2, 1 - h * g};
    for (int n = 50; n <= 200; n += 50) {
        double P[4];
        mat2_pow(M, n, P);
        gr_want(ref, -0.4 + P[0] * 1.0 + P[1] * -1.0, GR_TOL(1e-9, 1e-12), "x after %d steps", n);
        gr_want(ref, P[2] * 1.0 + P[3] * -1.0, GR_TOL(1e-9, 1e-12), "v after %d steps", n);
    }
}

const gr_case gr_hidden[] = {
    GR_CASE(jordan_block, 1, "semi-implicit at w0 dt = 2: x_n = (-1)^n (1 + 2n)"),
    GR_CASE(explicit_energy_gain, 1, "explicit Euler gains exactly 1 + (w0 dt)^2 of energy a step"),
    GR_CASE(explicit_closed_form, 1, "explicit Euler equals (1 - i w0 dt)^n with a target and a start velocity"),
    GR_CASE(semi_modified_energy, 1, "semi-implicit Euler conserves its modified energy"),
    GR_CASE(semi_damped_matrix, 1, "damped semi-implicit Euler equals the power of its step matrix"),
};
GR_COUNT_OF(gr_hidden);
