/* Exercise 14, the hidden tests' references (never in the students' copy): the paper's update in long double
 * (Macklin, Mueller, Chentanez 2016, eq. 18 and 26, written out per component), and backward Euler's step of a
 * 1-D chain of two free masses by Cramer's rule, the limit Gauss-Seidel's sweeps converge to. */
#ifndef EXERCISE_14_REFERENCE_H
#define EXERCISE_14_REFERENCE_H

#include <math.h>

#include "exercise.h"

typedef struct {
    long double dlambda, p0x, p0y, p1x, p1y;
} projected;

static inline projected paper_update(spring s, pair q, double dt, double lambda)
{
    const long double dx = (long double)q.p[1].x - q.p[0].x, dy = (long double)q.p[1].y - q.p[0].y;
    const long double l = sqrtl(dx * dx + dy * dy), ux = dx / l, uy = dy / l, h = dt;
    const long double at = 1.0L / (s.k * h * h), bt = h * h * s.c, gamma = at * bt / h;
    /* grad C = (-u, u) over (p0, p1): grad C . (x - x_prev) */
    const long double dot = -ux * ((long double)q.p[0].x - q.prev[0].x) - uy * ((long double)q.p[0].y - q.prev[0].y) +
                            ux * ((long double)q.p[1].x - q.prev[1].x) + uy * ((long double)q.p[1].y - q.prev[1].y);
    /* grad C M^-1 grad C^T = w0 |u|^2 + w1 |u|^2 */
    const long double dl = (-(l - s.rest) - at * lambda - gamma * dot) / ((1 + gamma) * (q.w[0] + q.w[1]) + at);
    return (projected){dl, q.p[0].x - q.w[0] * ux * dl, q.p[0].y - q.w[0] * uy * dl, q.p[1].x + q.w[1] * ux * dl,
                       q.p[1].y + q.w[1] * uy * dl};
}

/* A pin at 0 and masses m1, m2 at x1, x2 on a line (springs 0-1, 1-2 of stiffness k, rest L, no dampers), at rest:
 * backward Euler's positions after dt solve m_i (s_i - x_i) / dt^2 = F_i(s),
 *   (m1/dt^2 + 2k) s1 - k s2 = m1 x1 / dt^2,   -k s1 + (m2/dt^2 + k) s2 = m2 x2 / dt^2 + k L. */
static inline void chain_backward_euler(double k, double L, double m1, double m2, double x1, double x2, double dt,
                                        double s[2])
{
    const long double h2 = (long double)dt * dt, a = m1 / h2 + 2 * k, b = -k, c = -k, d = m2 / h2 + k;
    const long double r1 = m1 * x1 / h2, r2 = m2 * x2 / h2 + k * L, det = a * d - b * c;
    s[0] = (double)((r1 * d - b * r2) / det);
    s[1] = (double)((a * r2 - c * r1) / det);
}

#endif
