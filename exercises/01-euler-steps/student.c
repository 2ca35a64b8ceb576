/* Exercise 01: write the two steps. Read README.md first; `make exercise EX=01` runs the visible tests. */
/* ES: Ejercicio 01: escriba los dos pasos. Lea primero README.es.md; `make exercise EX=01` corre las pruebas
 * visibles. */
#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: the acceleration at the start of the step, then x and v from the OLD x, v and a. */
    /* ES: PENDIENTE: la aceleración al comienzo del paso, luego x y v a partir de x, v y a VIEJOS. */
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: the same acceleration; v first; then x with the NEW v. */
    /* ES: PENDIENTE: la misma aceleración; primero v; luego x con la v NUEVA. */
    return y;
}
