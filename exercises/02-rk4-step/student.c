/* Exercise 02: write one RK4 step. Read README.md first; `make exercise EX=02` runs the visible tests. */
/* ES: Ejercicio 02: escriba un paso de RK4. Lea primero README.es.md; `make exercise EX=02` corre las pruebas
 * visibles. */
#include "exercise.h"

void rk4_step(rhs_fn f, void *params, double t, double h, double *y, size_t n)
{
    (void)f, (void)params, (void)t, (void)h, (void)y, (void)n;
    /* TODO: the four slopes k1..k4 (at t, t + h/2, t + h/2, t + h), then y += h (k1 + 2 k2 + 2 k3 + k4) / 6. */
    /* ES: PENDIENTE: las cuatro pendientes k1..k4 (en t, t + h/2, t + h/2, t + h), luego
     * y += h (k1 + 2 k2 + 2 k3 + k4) / 6. */
}
