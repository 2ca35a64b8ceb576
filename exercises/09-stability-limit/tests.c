/* Exercise 09, the visible tests: matrices and radii by hand, and the known stability limits. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"

/* Explicit Euler: x' = x + y v, v' = v + y (-x - 2 zeta v): M = [[1, y], [-y, 1 - 2 zeta y]].
 * y = 0.8, zeta = 0: [[1, 0.8], [-0.8, 1]]; y = 0.5, zeta = 0.1: [[1, 0.5], [-0.5, 0.9]]. */
GR_PROBE(explicit_matrix)
{
    double M[4] = {0, 0, 0, 0};
    amplification_matrix(METHOD_EXPLICIT, 0.8, 0, M);
    for (int i = 0; i < 4; i++)
        gr_put(out, M[i]);
    amplification_matrix(METHOD_EXPLICIT, 0.5, 0.1, M);
    for (int i = 0; i < 4; i++)
        gr_put(out, M[i]);
}
GR_REFERENCE(explicit_matrix)
{
    const double want[8] = {1, 0.8, -0.8, 1, 1, 0.5, -0.5, 0.9};
    for (int i = 0; i < 8; i++)
        gr_want(ref, want[i], GR_ABS(1e-15), "M[%d] at %s", i % 4, i < 4 ? "y = 0.8, zeta = 0" : "y = 0.5, zeta = 0.1");
}

/* Semi-implicit Euler: v' = -y x + (1 - 2 zeta y) v, x' = x + y v': at y = 1.6, zeta = 0 (the spring article's table,
 * w0 = 40, dt = 40 ms): [[1 - 2.56, 1.6], [-1.6, 1]] = [[-1.56, 1.6], [-1.6, 1]], determinant 1. With damping,
 * y = 0.5, zeta = 0.25: v' = -0.5 x + 0.75 v, x' = x + 0.5 v' = 0.75 x + 0.375 v: [[0.75, 0.375], [-0.5, 0.75]]. */
GR_PROBE(semi_matrix)
{
    double M[4] = {0, 0, 0, 0};
    amplification_matrix(METHOD_SEMI_IMPLICIT, 1.6, 0, M);
    for (int i = 0; i < 4; i++)
        gr_put(out, M[i]);
    amplification_matrix(METHOD_SEMI_IMPLICIT, 0.5, 0.25, M);
    for (int i = 0; i < 4; i++)
        gr_put(out, M[i]);
}
GR_REFERENCE(semi_matrix)
{
    const double want[8] = {-1.56, 1.6, -1.6, 1, 0.75, 0.375, -0.5, 0.75};
    for (int i = 0; i < 8; i++)
        gr_want(ref, want[i], GR_ABS(1e-15), "M[%d] at %s", i % 4, i < 4 ? "y = 1.6, zeta = 0" : "y = 0.5, zeta = 0.25");
}

/* Spectral radii by hand: a rotation-like pair (det 1.64: sqrt(1.64)), a diagonal matrix (5), a symmetric one
 * (eigenvalues 1 and 3), a Jordan block (-1, double). */
GR_PROBE(radii)
{
    const double M[4][4] = {{1, 0.8, -0.8, 1}, {3, 0, 0, -5}, {2, 1, 1, 2}, {-1, 1, 0, -1}};
    for (int i = 0; i < 4; i++)
        gr_put(out, spectral_radius(M[i]));
}
GR_REFERENCE(radii)
{
    gr_want(ref, sqrt(1.64), GR_REL(1e-14), "radius of [[1, 0.8], [-0.8, 1]] (explicit Euler's growth a step)");
    gr_want(ref, 5, GR_REL(1e-14), "radius of [[3, 0], [0, -5]]");
    gr_want(ref, 3, GR_REL(1e-14), "radius of [[2, 1], [1, 2]]");
    gr_want(ref, 1, GR_REL(1e-7), "radius of the Jordan block [[-1, 1], [0, -1]]");
}

/* RK4 on the imaginary axis (zeta = 0): |R(iy)|^2 = 1 - y^6/72 + y^8/576; at y = 1 that is 1 - 1/72 + 1/576. Over-
 * damped, zeta = 1.25, the eigenvalues of A are -0.5 and -2, so at y = 1 those of M are R(-0.5) = 1 - 1/2 + 1/8 -
 * 1/48 + 1/384 = 233/384 and R(-2) = 1/3: two real ones of different size, radius 233/384. */
GR_PROBE(rk4_radius)
{
    double M[4] = {0, 0, 0, 0};
    amplification_matrix(METHOD_RK4, 1, 0, M);
    gr_put(out, spectral_radius(M));
    amplification_matrix(METHOD_RK4, 1, 1.25, M);
    gr_put(out, spectral_radius(M));
}
GR_REFERENCE(rk4_radius)
{
    gr_want(ref, sqrt(1 - 1.0 / 72 + 1.0 / 576), GR_REL(1e-13), "RK4's radius at y = 1, zeta = 0");
    gr_want(ref, 233.0 / 384, GR_REL(1e-13), "RK4's radius at y = 1, zeta = 1.25 (R(-0.5))");
}

/* The limits: undamped semi-implicit 2 and RK4 2 sqrt(2); with damping ratio zeta < 1, explicit 2 zeta and
 * semi-implicit 2 (sqrt(1 + zeta^2) - zeta). Explicit Euler undamped has radius sqrt(1 + y^2): it passes 1 + 1e-12
 * at y = sqrt(2e-12) = 1.4e-6, which is 0 to within the 1e-5 allowed (0 itself passes too). RK4 with damping has no
 * such formula: at zeta = 0.3 the limit is where max |R(y lambda)| over the eigenvalues lambda of A passes 1, found
 * once outside the students' copy by bisection to 1e-13 (2.8353001025944877), so the search itself is tested. */
GR_PROBE(known_limits)
{
    gr_put(out, stability_limit(METHOD_SEMI_IMPLICIT, 0));
    gr_put(out, stability_limit(METHOD_RK4, 0));
    gr_put(out, stability_limit(METHOD_EXPLICIT, 0.3));
    gr_put(out, stability_limit(METHOD_SEMI_IMPLICIT, 0.3));
    gr_put(out, stability_limit(METHOD_EXPLICIT, 0));
    gr_put(out, stability_limit(METHOD_RK4, 0.3));
}
GR_REFERENCE(known_limits)
{
    gr_want(ref, 2, GR_ABS(1e-6), "semi-implicit, zeta = 0");
    gr_want(ref, 2 * sqrt(2), GR_ABS(1e-6), "RK4, zeta = 0");
    gr_want(ref, 0.6, GR_ABS(1e-6), "explicit, zeta = 0.3 (2 zeta)");
    gr_want(ref, 2 * (sqrt(1.09) - 0.3), GR_ABS(1e-6), "semi-implicit, zeta = 0.3");
    gr_want(ref, 0, GR_ABS(1e-5), "explicit, zeta = 0 (unstable past sqrt(2e-12): 0 within 1e-5)");
    gr_want(ref, 2.8353001025944877, GR_ABS(1e-6), "RK4, zeta = 0.3 (no closed form)");
}

const gr_case gr_visible[] = {
    GR_CASE(explicit_matrix, "explicit Euler's matrix, by hand"),
    GR_CASE(semi_matrix, "semi-implicit Euler's matrix at the spring article's w0 dt = 1.6, and damped"),
    GR_CASE(radii, "spectral radii: complex pair, real, symmetric, Jordan block"),
    GR_CASE(rk4_radius, "RK4's radius on the imaginary axis, and overdamped"),
    GR_CASE(known_limits, "the limits 2, 2 sqrt 2, 2 zeta, 2 (sqrt(1 + zeta^2) - zeta), 0, and RK4 damped"),
};
GR_COUNT_OF(gr_visible);
