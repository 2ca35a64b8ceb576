/* Exercise 10, the hidden tests' references (never in the students' copy): the step matrices built as inverses
 * (adjugate over determinant) and their powers, and the undamped closed forms in complex numbers. */
#ifndef EXERCISE_10_REFERENCE_H
#define EXERCISE_10_REFERENCE_H

#include <complex.h>

#include "exercise.h"
#include "grader.h"

/* out = A B for 2 x 2 matrices stored row by row. */
static inline void m2_mul(const double A[4], const double B[4], double out[4])
{
    double r[4] = {A[0] * B[0] + A[1] * B[2], A[0] * B[1] + A[1] * B[3], A[2] * B[0] + A[3] * B[2],
                   A[2] * B[1] + A[3] * B[3]};
    for (int i = 0; i < 4; i++)
        out[i] = r[i];
}

/* The one-step matrix M with (u, v)_new = M (u, v): backward Euler M = (I - hA)^-1, the implicit midpoint rule
 * M = (I - hA/2)^-1 (I + hA/2), each inverse as adjugate / determinant (A = [[0, 1], [-kappa, -gamma]]). */
static inline void m2_step(spring s, double h, int midpoint, double M[4])
{
    double kappa = s.k / s.m, gamma = s.c / s.m, w = midpoint ? h / 2 : h;
    double L[4] = {1, -w, w * kappa, 1 + w * gamma};          /* I - w A */
    double det = L[0] * L[3] - L[1] * L[2];
    double inv[4] = {L[3] / det, -L[1] / det, -L[2] / det, L[0] / det};
    double R[4] = {1, midpoint ? w : 0, midpoint ? -w * kappa : 0, midpoint ? 1 - w * gamma : 1};   /* I + w A */
    m2_mul(inv, R, M);
}

/* n steps from (x, v) as the n-th power of M, by repeated squaring; the result in *x, *v. */
static inline void m2_run(spring s, double h, int midpoint, long n, double *x, double *v)
{
    double M[4], P[4] = {1, 0, 0, 1};
    m2_step(s, h, midpoint, M);
    for (; n > 0; n >>= 1) {
        if (n & 1)
            m2_mul(P, M, P);
        m2_mul(M, M, M);
    }
    double u = *x - s.target;
    *x = s.target + P[0] * u + P[1] * *v;
    *v = P[2] * u + P[3] * *v;
}

/* Undamped: with z = u + i v / w0, backward Euler is z_n = z_0 / (1 + i y)^n and the midpoint rule
 * z_n = ((1 - i y/2) / (1 + i y/2))^n z_0, y = w0 h (the exact motion is z_0 e^{-i w0 t}). */
static inline double complex undamped_z(double y, int midpoint, long n, double complex z0)
{
    double complex r = midpoint ? (1 - I * y / 2) / (1 + I * y / 2) : 1 / (1 + I * y);
    return cpow(r, (double)n) * z0;
}

/* The probe's side: x and v after each of n steps, every `every` steps. */
static inline void put_run(gr_values *out, state (*step)(spring, state, double), spring s, state y, double h, int n,
                           int every)
{
    for (int i = 1; i <= n; i++) {
        y = step(s, y, h);
        if (i % every == 0)
            gr_put(out, y.x), gr_put(out, y.v);
    }
}

/* The reference's side of put_run, from the matrix power. */
static inline void want_run(gr_values *ref, spring s, state y, double h, int midpoint, int n, int every, double tol)
{
    for (int i = every; i <= n; i += every) {
        double x = y.x, v = y.v;
        m2_run(s, h, midpoint, i, &x, &v);
        gr_want_n(ref, x, GR_TOL(tol, tol), i, "x after %d step", "x after %d steps", i);
        gr_want_n(ref, v, GR_TOL(tol, tol), i, "v after %d step", "v after %d steps", i);
    }
}

#endif
