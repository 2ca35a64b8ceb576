/* Exercise 12: an adaptive step controller. Read README.md first; `make exercise EX=12` runs the visible tests. */
/* ES: Ejercicio 12: un controlador de paso adaptativo. Lea primero README.es.md; `make exercise EX=12` corre las
 * pruebas visibles. */
#include <math.h>

#include "exercise.h"

double error_norm(state y, state y_new, state e, double atol, double rtol)
{
    (void)y, (void)y_new, (void)e, (void)atol, (void)rtol;
    /* TODO: sc_i = atol + rtol max(|y_i|, |y_new_i|); sqrt(((e.x / sc_x)^2 + (e.v / sc_v)^2) / 2). */
    /* ES: PENDIENTE: sc_i = atol + rtol max(|y_i|, |y_new_i|); sqrt(((e.x / sc_x)^2 + (e.v / sc_v)^2) / 2). */
    return 0;
}

double next_step(double h, double err, int q, int after_reject)
{
    (void)h, (void)err, (void)q, (void)after_reject;
    /* TODO: h times fac err^(-1/(q+1)), held to [EX_FACMIN, EX_FACMAX] (the top 1 after a rejection). */
    /* ES: PENDIENTE: h por fac err^(-1/(q+1)), dentro de [EX_FACMIN, EX_FACMAX] (el tope 1 tras un rechazo). */
    return 0;
}

double next_step_pi(double h, double err, double err_prev, int q)
{
    (void)h, (void)err, (void)err_prev, (void)q;
    /* TODO: h times fac err^(-0.7/(q+1)) err_prev^(0.4/(q+1)), held to [EX_FACMIN, EX_FACMAX]. */
    /* ES: PENDIENTE: h por fac err^(-0.7/(q+1)) err_prev^(0.4/(q+1)), dentro de [EX_FACMIN, EX_FACMAX]. */
    return 0;
}

run adaptive_run(pair step, int q, spring s, state y0, double t_end, double h0, double tol)
{
    (void)step, (void)q, (void)s, (void)t_end, (void)h0, (void)tol;
    /* TODO: try, accept or reject, count, land on t_end. */
    /* ES: PENDIENTE: probar, aceptar o rechazar, contar, terminar en t_end. */
    return (run){.y = y0};
}
