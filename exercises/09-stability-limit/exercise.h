/* Exercise 09: the stability limit of a method from its amplification matrix (the spring article; spring-lab step 4).
 *
 * For the spring x'' = -x - 2 zeta x' (time measured in units of 1/w0, so a step of dt is y = w0 dt), one step of
 * any of our methods is linear: [x, v]_{n+1} = M [x, v]_n. The method is stable while the spectral radius of M (the
 * largest |eigenvalue|) is at most 1. */
/* ES: Ejercicio 09: el límite de estabilidad de un método a partir de su matriz de amplificación (el artículo del
 * resorte; el paso 4 de spring-lab).
 *
 * Para el resorte x'' = -x - 2 zeta x' (el tiempo medido en unidades de 1/w0, así que un paso dt vale, sin
 * dimensiones, y = w0 dt), un paso de cualquiera de nuestros métodos es lineal: [x, v]_{n+1} = M [x, v]_n. El método
 * es estable mientras el radio espectral de M (el mayor |eigenvalue|, el mayor módulo de sus autovalores) sea como
 * mucho 1. */
#ifndef EXERCISE_09_H
#define EXERCISE_09_H

enum {
    METHOD_EXPLICIT,        /* x += y v; v += y a (a from the old x, v) */
                            /* ES: x += y v; v += y a (a a partir de los x, v viejos) */
    METHOD_SEMI_IMPLICIT,   /* v += y a; x += y v (the new v) */     /* ES: v += y a; x += y v (la v nueva) */
    METHOD_RK4              /* M = I + B + B^2/2 + B^3/6 + B^4/24 with B = y A, A = [[0, 1], [-1, -2 zeta]] */
                            /* ES: M = I + B + B^2/2 + B^3/6 + B^4/24 con B = y A, A = [[0, 1], [-1, -2 zeta]] */
};

/* The 2x2 amplification matrix of one step of y, row-major: M[0] M[1] / M[2] M[3]. */
/* ES: La matriz de amplificación 2x2 de un paso de tamaño y, por filas: M[0] M[1] / M[2] M[3]. */
void amplification_matrix(int method, double y, double zeta, double M[4]);
/* The largest modulus of the (real or complex) eigenvalues of the 2x2 matrix M. */
/* ES: El mayor módulo de los autovalores (reales o complejos) de la matriz 2x2 M. */
double spectral_radius(const double M[4]);
/* The largest y in [0, 10] such that the method is stable, spectral radius <= 1 + 1e-12, for every step up to it
 * (bisection to 1e-10 or finer is enough). Explicit Euler at zeta = 0 passes 1 + 1e-12 at y = sqrt(2e-12): its
 * limit is 1.4e-6, and anything within 1e-5 of 0 (0 too) is accepted. */
/* ES: El mayor valor de y en [0, 10] con el que el método es estable, radio espectral <= 1 + 1e-12, para todo paso
 * hasta ese valor (basta la bisección hasta 1e-10 o más fina). Euler explícito con zeta = 0 pasa de 1 + 1e-12 en
 * y = sqrt(2e-12): su límite es 1.4e-6, y se acepta cualquier valor a menos de 1e-5 de 0 (también el 0). */
double stability_limit(int method, double zeta);

#endif
