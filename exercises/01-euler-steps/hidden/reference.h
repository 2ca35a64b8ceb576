/* Exercise 01, for the judge only (hidden/: never in the students' copy): the step matrices and their powers, the
 * hidden tests' reference (and exercise 09's answer). The visible tests hold their values as literal tables. */
#ifndef EXERCISE_01_HIDDEN_REFERENCE_H
#define EXERCISE_01_HIDDEN_REFERENCE_H

#include "exercise.h"
#include "grader.h"
#include "probes.h"

/* On [x - target, v] one step of either method is a matrix, with w2 = k/m and g = c/m:
 *   explicit       [[1, h], [-h w2, 1 - h g]]
 *   semi-implicit  [[1 - h^2 w2, h (1 - h g)], [-h w2, 1 - h g]]   (v first, then x with the new v)
 * and n steps are its n-th power, by repeated squaring: a reference that never runs a step. */
static inline void mat2_product(const double A[4], const double B[4], double out[4])
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
            mat2_product(acc, base, acc);
        mat2_product(base, base, base);
    }
    for (int i = 0; i < 4; i++)
        out[i] = acc[i];
}

enum { EXPLICIT, SEMI_IMPLICIT };

static inline void step_matrix(int method, spring s, double h, double M[4])
{
    double w2 = s.k / s.m, g = s.c / s.m;
    M[0] = method == EXPLICIT ? 1 : 1 - h * h * w2;
    M[1] = method == EXPLICIT ? h : h * (1 - h * g);
    M[2] = -h * w2;
    M[3] = 1 - h * g;
}

/* What such a run must send: the powers of the method's matrix applied to [x0 - target, v0]. */
static inline void want_run(gr_values *ref, int method, spring s, state y, double dt, int n, int every)
{
    const char *name = method == EXPLICIT ? "explicit" : "semi-implicit";
    double M[4], P[4], u = y.x - s.target;
    step_matrix(method, s, dt, M);
    for (int i = every; i <= n; i += every) {
        mat2_pow(M, i, P);
        gr_want_n(ref, s.target + P[0] * u + P[1] * y.v, GR_TOL(1e-9, 1e-12), i,
                  "%s x after %d step (k = %g, c = %g, m = %g, target %g)",
                  "%s x after %d steps (k = %g, c = %g, m = %g, target %g)", name, i, s.k, s.c, s.m, s.target);
        gr_want_n(ref, P[2] * u + P[3] * y.v, GR_TOL(1e-9, 1e-12), i, "%s v after %d step", "%s v after %d steps", name,
                  i);
    }
}

#endif
