/* Exercise 09, the hidden tests: RK4's matrix in closed form, families of damped limits, critical damping (the
 * real-axis limit of RK4), and radii past the limit. */
#include <math.h>

#include "exercise.h"
#include "grader.h"

/* Undamped, B = y A with A^2 = -I: R(B) = (1 - y^2/2 + y^4/24) I + (1 - y^2/6) B = [[c, s], [-s, c]],
 * c = 1 - y^2/2 + y^4/24, s = y - y^3/6. */
GR_PROBE(rk4_matrix)
{
    const double y[3] = {0.3, 1.7, 2.9};
    for (int i = 0; i < 3; i++) {
        double M[4] = {0, 0, 0, 0};
        amplification_matrix(METHOD_RK4, y[i], 0, M);
        for (int j = 0; j < 4; j++)
            gr_put(out, M[j]);
    }
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
}

static const double zetas[4] = {0.05, 0.2, 0.5, 0.9};

GR_PROBE(explicit_family)
{
    for (int i = 0; i < 4; i++)
        gr_put(out, stability_limit(METHOD_EXPLICIT, zetas[i]));
}
GR_REFERENCE(explicit_family)
{
    for (int i = 0; i < 4; i++)
        gr_want(ref, 2 * zetas[i], GR_ABS(1e-6), "explicit, zeta = %g (2 zeta)", zetas[i]);
}

GR_PROBE(semi_family)
{
    for (int i = 0; i < 4; i++)
        gr_put(out, stability_limit(METHOD_SEMI_IMPLICIT, zetas[i]));
}
GR_REFERENCE(semi_family)
{
    for (int i = 0; i < 4; i++)
        gr_want(ref, 2 * (sqrt(1 + zetas[i] * zetas[i]) - zetas[i]), GR_ABS(1e-6), "semi-implicit, zeta = %g",
                zetas[i]);
}

/* Critical damping (zeta = 1): A has the double eigenvalue -1, so each method's eigenvalue is its stability
 * function at -y: explicit |1 - y| <= 1 (y <= 2), semi-implicit 2 (sqrt 2 - 1), RK4 the real-axis limit of
 * 1 + z + z^2/2 + z^3/6 + z^4/24, z = -2.785293563. */
GR_PROBE(critical_damping)
{
    gr_put(out, stability_limit(METHOD_EXPLICIT, 1));
    gr_put(out, stability_limit(METHOD_SEMI_IMPLICIT, 1));
    gr_put(out, stability_limit(METHOD_RK4, 1));
}
GR_REFERENCE(critical_damping)
{
    gr_want(ref, 2, GR_ABS(1e-6), "explicit, zeta = 1");
    gr_want(ref, 2 * (sqrt(2) - 1), GR_ABS(1e-6), "semi-implicit, zeta = 1");
    gr_want(ref, 2.785293563, GR_ABS(1e-6), "RK4, zeta = 1 (its real-axis limit)");
}

/* Past the limit: undamped semi-implicit at y = 2.5 has trace 2 - 6.25 = -4.25 and determinant 1, eigenvalues
 * (-4.25 -+ 3.75)/2, radius 4; just below it (y = 1.999) the radius is 1. */
GR_PROBE(past_the_limit)
{
    double M[4] = {0, 0, 0, 0};
    amplification_matrix(METHOD_SEMI_IMPLICIT, 2.5, 0, M);
    gr_put(out, spectral_radius(M));
    amplification_matrix(METHOD_SEMI_IMPLICIT, 1.999, 0, M);
    gr_put(out, spectral_radius(M));
}
GR_REFERENCE(past_the_limit)
{
    gr_want(ref, 4, GR_REL(1e-13), "radius at y = 2.5");
    gr_want(ref, 1, GR_REL(1e-12), "radius at y = 1.999");
}

const gr_case gr_hidden[] = {
    GR_CASE(rk4_matrix, 1, "RK4's undamped matrix in closed form"),
    GR_CASE(explicit_family, 1, "explicit Euler's limit is 2 zeta"),
    GR_CASE(semi_family, 1, "semi-implicit Euler's limit is 2 (sqrt(1 + zeta^2) - zeta)"),
    GR_CASE(critical_damping, 1, "critical damping: 2, 2 (sqrt 2 - 1) and RK4's 2.785293563"),
    GR_CASE(past_the_limit, 1, "radius 4 past the limit, 1 below it"),
};
GR_COUNT_OF(gr_hidden);
