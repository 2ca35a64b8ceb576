/* Exercise 09, for the judge only (hidden/: never in the students' copy): RK4's radius and stability limit by another
 * route, the hidden tests' reference. The visible tests hold a literal value. */
#ifndef EXERCISE_09_HIDDEN_REFERENCE_H
#define EXERCISE_09_HIDDEN_REFERENCE_H

#include <complex.h>
#include <math.h>

/* RK4's radius without its matrix: the eigenvalues of y A are y lambda, lambda = -zeta +- sqrt(zeta^2 - 1), and the
 * step's are R(y lambda) with R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24. */
static inline double rk4_radius_ref(double y, double zeta)
{
    double complex root = csqrt(zeta * zeta - 1 + 0.0 * I), lambda[2] = {-zeta + root, -zeta - root};
    double radius = 0;
    for (int i = 0; i < 2; i++) {
        double complex z = y * lambda[i], R = 1 + z * (1 + z / 2 * (1 + z / 3 * (1 + z / 4)));
        radius = fmax(radius, cabs(R));
    }
    return radius;
}

/* RK4's stability limit at zeta, where no closed form is printed: walk out in steps of 1/64 until the radius
 * passes 1 + 1e-12, then bisect the last step. */
static inline double rk4_limit_ref(double zeta)
{
    double lo = 0, hi = 1.0 / 64;
    while (hi <= 10 && rk4_radius_ref(hi, zeta) <= 1 + 1e-12)
        lo = hi, hi += 1.0 / 64;
    if (hi > 10)
        return 10;
    while (hi - lo > 1e-13) {
        double mid = (lo + hi) / 2;
        if (rk4_radius_ref(mid, zeta) <= 1 + 1e-12)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

#endif
