/* Exercise 11: measure a method's order. Read README.md first; `make exercise EX=11` runs the visible tests. */
/* ES: Ejercicio 11: mida el orden de un método. Lea primero README.es.md; `make exercise EX=11` corre las pruebas
 * visibles. */
#include <math.h>

#include "exercise.h"

double global_error(stepper step, spring s, state y0, double t_end, int n, double x_exact)
{
    (void)step, (void)s, (void)y0, (void)t_end, (void)n, (void)x_exact;
    /* TODO: n steps of t_end / n from y0, then how far x ended from x_exact. */
    /* ES: PENDIENTE: n pasos de t_end / n desde y0, luego a qué distancia de x_exact terminó x. */
    return 0;
}

double observed_order(const double *h, const double *err, int count)
{
    (void)h, (void)err, (void)count;
    /* TODO: X = log h, Y = log err; the least-squares slope sum((X - mean X)(Y - mean Y)) / sum((X - mean X)^2). */
    /* ES: PENDIENTE: X = log h, Y = log err; la pendiente de mínimos cuadrados
     * sum((X - mean X)(Y - mean Y)) / sum((X - mean X)^2). */
    return 0;
}
