/* Exercise 10: write the two implicit steps. Read README.md first; `make exercise EX=10` runs the visible tests. */
/* ES: Ejercicio 10: escriba los dos pasos implícitos. Lea primero README.es.md; `make exercise EX=10` corre las
 * pruebas visibles. */
#include "exercise.h"

state implicit_euler_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: solve (I - dt A) y_new = y for u = x - target and v: eliminate u_new = u + dt v_new first. */
    /* ES: PENDIENTE: resuelva (I - dt A) y_new = y para u = x - target y para v: elimine primero
     * u_new = u + dt v_new. */
    return y;
}

state implicit_midpoint_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    /* TODO: solve (I - dt A / 2) y_new = (I + dt A / 2) y the same way: u_new = u + dt (v + v_new) / 2. */
    /* ES: PENDIENTE: resuelva (I - dt A / 2) y_new = (I + dt A / 2) y de la misma manera:
     * u_new = u + dt (v + v_new) / 2. */
    return y;
}
