/* Exercise 14: one XPBD distance-constraint projection. Read README.md first; `make exercise EX=14` runs the visible
 * tests. */
/* ES: Ejercicio 14: una proyección de XPBD de una restricción de distancia. Lea primero README.es.md;
 * `make exercise EX=14` corre las pruebas visibles. */
#include "exercise.h"

double distance_constraint(vec2 a, vec2 b, double rest, vec2 *u)
{
    (void)a, (void)b, (void)rest;
    /* TODO: the length of b - a minus rest; u the unit vector from a to b ({0, 0} when a == b) */
    /* ES: PENDIENTE: la longitud de b - a menos rest; u el vector unitario de a hacia b ({0, 0} si a == b) */
    *u = (vec2){0, 0};
    return 0;
}

double xpbd_project(spring s, pair *q, double dt, double *lambda)
{
    (void)s, (void)q, (void)dt, (void)lambda;
    /* TODO: at = 1 / (k dt^2), gamma = c / (k dt); grad C . (p - prev) = u . ((p1 - prev1) - (p0 - prev0));
     * dlambda = (-C - at lambda - gamma grad C . (p - prev)) / ((1 + gamma) (w0 + w1) + at); add it to *lambda and
     * move p0 by -w0 u dlambda, p1 by +w1 u dlambda */
    /* ES: PENDIENTE: at = 1 / (k dt^2), gamma = c / (k dt); grad C . (p - prev) = u . ((p1 - prev1) - (p0 - prev0));
     * dlambda = (-C - at lambda - gamma grad C . (p - prev)) / ((1 + gamma) (w0 + w1) + at); súmelo a *lambda y
     * mueva p0 en -w0 u dlambda, p1 en +w1 u dlambda */
    return 0;
}
