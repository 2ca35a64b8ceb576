/* Exercise 04: write the rest test, the thresholds and the loop. Read README.md first; `make exercise EX=04`. */
/* ES: Ejercicio 04: escriba la prueba de reposo, los umbrales y el bucle. Lea primero README.es.md;
 * `make exercise EX=04`. */
#include "exercise.h"

/* Given: one semi-implicit Euler step (exercise 01). Keep it as it is. */
/* ES: Dado: un paso de Euler semiimplícito (ejercicio 01). Déjelo como está. */
state semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

bool at_rest(rest_rule r, state y, double target)
{
    (void)r, (void)y, (void)target;
    /* TODO: close AND slow. */
    /* ES: PENDIENTE: cerca Y lento. */
    return false;
}

rest_rule rest_rule_scaled(double range, double pixels)
{
    (void)range, (void)pixels;
    /* TODO */
    /* ES: PENDIENTE */
    return (rest_rule){0, 0};
}

int animate_to_rest(spring s, state *y, rest_rule r, double frame_dt, int substeps, int max_frames)
{
    (void)s, (void)y, (void)r, (void)frame_dt, (void)substeps, (void)max_frames;
    /* TODO: frames of substeps steps; test after each frame; snap at rest. */
    /* ES: PENDIENTE: fotogramas de substeps pasos; la prueba después de cada fotograma; el ajuste en reposo. */
    return -1;
}
