/* Exercise 06: write the basis, Hermite, and the glTF sampler. Read README.md first; `make exercise EX=06`. */
/* ES: Ejercicio 06: escriba la base, Hermite y el muestreador de glTF. Lea primero README.es.md;
 * `make exercise EX=06`. */
#include "exercise.h"

void hermite_basis(double s, double h[4])
{
    (void)s, (void)h;
    /* TODO: the four polynomials. */
    /* ES: PENDIENTE: los cuatro polinomios. */
}

double hermite(double s, double p0, double m0, double p1, double m1)
{
    (void)s, (void)p0, (void)m0, (void)p1, (void)m1;
    /* TODO */
    /* ES: PENDIENTE */
    return 0;
}

void gltf_cubic_sample(const double *times, const double *values, size_t keys, size_t comps, double t, double *out)
{
    (void)times, (void)values, (void)keys, (void)comps, (void)t, (void)out;
    /* TODO: clamp outside the keys; find k (binary search); s and td; Hermite per component, tangents times td. */
    /* ES: PENDIENTE: limite fuera de las claves; halle k (búsqueda binaria); s y td; Hermite por componente, las
     * tangentes por td. */
}
