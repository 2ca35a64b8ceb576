/* Exercise 03: write the accumulator. Read README.md first; `make exercise EX=03` runs the visible tests. */
/* ES: Ejercicio 03: escriba el acumulador. Lea primero README.es.md; `make exercise EX=03` corre las pruebas
 * visibles. */
#include "exercise.h"

/* Given: one semi-implicit Euler step (exercise 01). Keep it as it is. */
/* ES: Dado: un paso de Euler semiimplícito (ejercicio 01). Déjelo como está. */
state semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

void accumulator_init(accumulator *a, double step, double cap)
{
    (void)a, (void)step, (void)cap;
    /* TODO */
    /* ES: PENDIENTE */
}

int accumulator_feed(accumulator *a, double frame_dt)
{
    (void)a, (void)frame_dt;
    /* TODO: add the frame (never a negative one), cap the total, count the whole steps and remove them. */
    /* ES: PENDIENTE: sume el fotograma (nunca uno negativo), aplique el tope al total, cuente los pasos enteros y
     * quítelos. */
    return 0;
}

double accumulator_alpha(const accumulator *a)
{
    (void)a;
    /* TODO */
    /* ES: PENDIENTE */
    return 0;
}

state spring_frame(spring s, state y, accumulator *a, double frame_dt)
{
    (void)s, (void)a, (void)frame_dt;
    /* TODO: feed, then step. */
    /* ES: PENDIENTE: alimente, luego avance los pasos. */
    return y;
}
