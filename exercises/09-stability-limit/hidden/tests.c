/* Exercise 09, the hidden tests: RK4's matrix in closed form, families of damped limits, critical damping (the
 * real-axis limit of RK4), and radii past the limit. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* Undamped, B = y A with A^2 = -I: R(B) = (1 - y^2/2 + y^4/24) I + (1 - y^2/6) B = [[c, s], [-s, c]],
 * c = 1 - y^2/2 + y^4/24, s = y - y^3/6. Damped (y = 0.6, zeta = 0.4), the series I + B + B^2/2 + B^3/6 + B^4/24
 * summed term by term. */
static inline void mat2_mul(const double A[4], const double B[4], double out[4])
{
    double r[4] = {A[0] * B[0] + A[1] * B[2], A[0] * B[1] + A[1] * B[3],
                   A[2] * B[0] + A[3] * B[2], A[2] * B[1] + A[3] * B[3]};
    for (int i = 0; i < 4; i++)
        out[i] = r[i];
}

GR_PROBE(rk4_matrix)
{
    const double y[3] = {0.3, 1.7, 2.9};
    for (int i = 0; i < 3; i++) {
        double M[4] = {0, 0, 0, 0};
        amplification_matrix(METHOD_RK4, y[i], 0, M);
        for (int j = 0; j < 4; j++)
            gr_put(out, M[j]);
    }
    double M[4] = {0, 0, 0, 0};
    amplification_matrix(METHOD_RK4, 0.6, 0.4, M);
    for (int j = 0; j < 4; j++)
        gr_put(out, M[j]);
}
GR_REFERENCE(rk4_matrix)
{
    const double y[3] = {0.3, 1.7, 2.9};
    for (int i = 0; i < 3; i++) {
        double q = y[i], c = 1 - q * q / 2 + q * q * q * q / 24, s = q - q * q * q / 6;
        const double M[4] = {c, s, -s, c};
        for (int j = 0; j < 4; j++)
            gr_want(ref, M[j], GR_TOL(1e-13, 1e-14), "M[%d] at y = %g", j, q);
    }
    const double B[4] = {0, 0.6, -0.6, -0.6 * 2 * 0.4};
    double R[4] = {1, 0, 0, 1}, term[4] = {1, 0, 0, 1};
    for (int k = 1; k <= 4; k++) {   /* term = B^k / k! */
        mat2_mul(term, B, term);
        for (int j = 0; j < 4; j++)
            term[j] /= k, R[j] += term[j];
    }
    for (int j = 0; j < 4; j++)
        gr_want(ref, R[j], GR_TOL(1e-13, 1e-14), "M[%d] at y = 0.6, zeta = 0.4", j);
}

static const double zetas[4] = {0.05, 0.2, 0.5, 0.9};

/* Explicit Euler's limit is 2 zeta while the eigenvalues of A are complex; overdamped (zeta = 1.25: -0.5 and -2)
 * it is where |1 - 2y| = 1, y = 1. And RK4 at zeta = 0.2, found by the search alone (reference.h). */
GR_PROBE(explicit_family)
{
    for (int i = 0; i < 4; i++)
        gr_put(out, stability_limit(METHOD_EXPLICIT, zetas[i]));
    gr_put(out, stability_limit(METHOD_EXPLICIT, 1.25));
    gr_put(out, stability_limit(METHOD_RK4, 0.2));
}
GR_REFERENCE(explicit_family)
{
    for (int i = 0; i < 4; i++)
        gr_want(ref, 2 * zetas[i], GR_ABS(1e-6), "explicit, zeta = %g (2 zeta)", zetas[i]);
    gr_want(ref, 1, GR_ABS(1e-6), "explicit, zeta = 1.25 (real eigenvalues -0.5 and -2)");
    gr_want(ref, rk4_limit_ref(0.2), GR_ABS(1e-6), "RK4, zeta = 0.2 (no closed form)");
}

/* Semi-implicit Euler's limit, 2 (sqrt(1 + zeta^2) - zeta), also overdamped; and RK4 at zeta = 0.5 by the search. */
GR_PROBE(semi_family)
{
    for (int i = 0; i < 4; i++)
        gr_put(out, stability_limit(METHOD_SEMI_IMPLICIT, zetas[i]));
    gr_put(out, stability_limit(METHOD_SEMI_IMPLICIT, 1.25));
    gr_put(out, stability_limit(METHOD_RK4, 0.5));
}
GR_REFERENCE(semi_family)
{
    for (int i = 0; i < 4; i++)
        gr_want(ref, 2 * (sqrt(1 + zetas[i] * zetas[i]) - zetas[i]), GR_ABS(1e-6), "semi-implicit, zeta = %g",
                zetas[i]);
    gr_want(ref, 2 * (sqrt(1 + 1.25 * 1.25) - 1.25), GR_ABS(1e-6), "semi-implicit, zeta = 1.25");
    gr_want(ref, rk4_limit_ref(0.5), GR_ABS(1e-6), "RK4, zeta = 0.5 (no closed form)");
}

/* Critical damping (zeta = 1): A has the double eigenvalue -1, so each method's eigenvalue is its stability
 * function at -y: explicit |1 - y| <= 1 (y <= 2), semi-implicit 2 (sqrt 2 - 1), RK4 the real-axis limit of
 * 1 + z + z^2/2 + z^3/6 + z^4/24, z = -2.785293563. Overdamped, zeta = 1.25, RK4's eigenvalue R(-2y) leaves first:
 * y = 2.785293563 / 2. */
GR_PROBE(critical_damping)
{
    gr_put(out, stability_limit(METHOD_EXPLICIT, 1));
    gr_put(out, stability_limit(METHOD_SEMI_IMPLICIT, 1));
    gr_put(out, stability_limit(METHOD_RK4, 1));
    gr_put(out, stability_limit(METHOD_RK4, 1.25));
}
GR_REFERENCE(critical_damping)
{
    gr_want(ref, 2, GR_ABS(1e-6), "explicit, zeta = 1");
    gr_want(ref, 2 * (sqrt(2) - 1), GR_ABS(1e-6), "semi-implicit, zeta = 1");
    gr_want(ref, 2.785293563, GR_ABS(1e-6), "RK4, zeta = 1 (its real-axis limit)");
    gr_want(ref, 2.785293563 / 2, GR_ABS(1e-6), "RK4, zeta = 1.25 (half its real-axis limit)");
}

/* Past the limit: undamped semi-implicit at y = 2.5 has trace 2 - 6.25 = -4.25 and determinant 1, eigenvalues
 * (-4.25 -+ 3.75)/2, radius 4; just below it (y = 1.999) the radius is 1. Damped (zeta = 0.5) at y = 2.5:
 * [[-5.25, -3.75], [-2.5, -1.5]], trace -6.75, determinant 1 - 2.5 = -1.5: radius (6.75 + sqrt(6.75^2 + 6)) / 2. */
GR_PROBE(past_the_limit)
{
    double M[4] = {0, 0, 0, 0};
    amplification_matrix(METHOD_SEMI_IMPLICIT, 2.5, 0, M);
    gr_put(out, spectral_radius(M));
    amplification_matrix(METHOD_SEMI_IMPLICIT, 1.999, 0, M);
    gr_put(out, spectral_radius(M));
    amplification_matrix(METHOD_SEMI_IMPLICIT, 2.5, 0.5, M);
    gr_put(out, spectral_radius(M));
}
GR_REFERENCE(past_the_limit)
{
    gr_want(ref, 4, GR_REL(1e-13), "radius at y = 2.5");
    gr_want(ref, 1, GR_REL(1e-12), "radius at y = 1.999");
    gr_want(ref, (6.75 + sqrt(6.75 * 6.75 + 6)) / 2, GR_REL(1e-13), "radius at y = 2.5, zeta = 0.5");
}

const gr_case gr_hidden[] = {
    GR_CASE(rk4_matrix, "RK4's undamped matrix in closed form, and a damped one"),
    GR_CASE(explicit_family, "explicit Euler's limit is 2 zeta (1 at zeta = 1.25); RK4 damped"),
    GR_CASE(semi_family, "semi-implicit Euler's limit is 2 (sqrt(1 + zeta^2) - zeta); RK4 damped"),
    GR_CASE(critical_damping, "critical damping: 2, 2 (sqrt 2 - 1), RK4's 2.785293563; and overdamped"),
    GR_CASE(past_the_limit, "radius 4 past the limit, 1 below it, and damped"),
};
GR_COUNT_OF(gr_hidden);
