/* Exercise 09: the stability limit of a method from its amplification matrix (the spring article; spring-lab step 4).
 *
 * For the spring x'' = -x - 2 zeta x' (time measured in units of 1/w0, so a step of dt is y = w0 dt), one step of
 * any of our methods is linear: [x, v]_{n+1} = M [x, v]_n. The method is stable while the spectral radius of M (the
 * largest |eigenvalue|) is at most 1. */
#ifndef EXERCISE_09_H
#define EXERCISE_09_H

enum {
    METHOD_EXPLICIT,        /* x += y v; v += y a (a from the old x, v) */
    METHOD_SEMI_IMPLICIT,   /* v += y a; x += y v (the new v) */
    METHOD_RK4              /* M = I + B + B^2/2 + B^3/6 + B^4/24 with B = y A, A = [[0, 1], [-1, -2 zeta]] */
};

/* The 2x2 amplification matrix of one step of y, row-major: M[0] M[1] / M[2] M[3]. */
void amplification_matrix(int method, double y, double zeta, double M[4]);
/* The largest modulus of the (real or complex) eigenvalues of the 2x2 matrix M. */
double spectral_radius(const double M[4]);
/* The largest y in [0, 10] such that the method is stable, spectral radius <= 1 + 1e-12, for every step up to it
 * (bisection to 1e-10 or finer is enough). Explicit Euler at zeta = 0 passes 1 + 1e-12 at y = sqrt(2e-12): its
 * limit is 1.4e-6, and anything within 1e-5 of 0 (0 too) is accepted. */
double stability_limit(int method, double zeta);

#endif
