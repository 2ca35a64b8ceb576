/* Exercise 09: write the matrices, the spectral radius and the limit. Read README.md first; `make exercise EX=09`. */
/* ES: Ejercicio 09: escriba las matrices, el radio espectral y el límite. Lea primero README.es.md;
 * `make exercise EX=09`. */
#include <math.h>

#include "exercise.h"

void amplification_matrix(int method, double y, double zeta, double M[4])
{
    (void)method, (void)y, (void)zeta;
    /* TODO: write one step of the method as a matrix (apply it to [1, 0] and to [0, 1] if in doubt). */
    /* ES: PENDIENTE: escriba un paso del método como una matriz (aplíquelo a [1, 0] y a [0, 1] si tiene dudas). */
    M[0] = M[1] = M[2] = M[3] = 0;
}

double spectral_radius(const double M[4])
{
    (void)M;
    /* TODO: trace and determinant; complex pair or two real eigenvalues. */
    /* ES: PENDIENTE: traza y determinante; un par complejo o dos autovalores reales. */
    return 0;
}

double stability_limit(int method, double zeta)
{
    (void)method, (void)zeta;
    /* TODO: bisection between a stable and an unstable y. */
    /* ES: PENDIENTE: bisección entre un valor de y estable y uno inestable. */
    return 0;
}
