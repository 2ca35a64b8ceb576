/* Exercise 13: backward Euler's step on a hardening spring, by Newton. Read README.md first; `make exercise EX=13`
 * runs the visible tests. */
/* ES: Ejercicio 13: el paso de Euler implícito en un resorte que se endurece, por Newton. Lea primero README.es.md;
 * `make exercise EX=13` corre las pruebas visibles. */
#include "exercise.h"

double residual(spring s, state y, double dt, double x_new)
{
    (void)s, (void)y, (void)dt, (void)x_new;
    /* TODO: w = x_new - target, u = y.x - target: (m + c dt) (w - u) + dt^2 (k w + k3 w^3) - m dt v */
    /* ES: PENDIENTE: w = x_new - target, u = y.x - target: (m + c dt) (w - u) + dt^2 (k w + k3 w^3) - m dt v */
    return 0;
}

double residual_slope(spring s, state y, double dt, double x_new)
{
    (void)s, (void)y, (void)dt, (void)x_new;
    /* TODO: the derivative of residual with respect to x_new */
    /* ES: PENDIENTE: la derivada de residual respecto de x_new */
    return 1;
}

newton_result newton_euler_step(spring s, state y, double dt, double tol, int max_iterations)
{
    (void)s, (void)dt, (void)tol, (void)max_iterations;
    /* TODO: from x_new = y.x, x_new -= R / R' until an update is at most tol; count the updates; report when none
     * was within max_iterations */
    /* ES: PENDIENTE: desde x_new = y.x, x_new -= R / R' hasta que una corrección mida a lo sumo tol; cuente las
     * correcciones; informe cuando ninguna lo hizo en max_iterations */
    return (newton_result){y, 0, 0};
}
