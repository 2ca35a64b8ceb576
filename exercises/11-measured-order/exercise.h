/* Exercise 11: a method's order, measured: the global error of runs at several step sizes, and the slope of
 * log(error) against log(step).
 *
 * The spring is m x'' + c x' + k (x - target) = 0. A stepper is one step of some method (the tests pass methods
 * of known order, written in the tests). */
/* ES: Ejercicio 11: el orden de un método, medido: el error global de corridas con varios tamaños de paso, y la
 * pendiente de log(error) contra log(step).
 *
 * El resorte es m x'' + c x' + k (x - target) = 0. Un stepper es un paso de algún método (las pruebas pasan métodos
 * de orden conocido, escritos en las pruebas). */
#ifndef EXERCISE_11_H
#define EXERCISE_11_H

typedef struct {
    double k;       /* stiffness, > 0 */       /* ES: rigidez, > 0 */
    double c;       /* damping, >= 0 */        /* ES: amortiguamiento, >= 0 */
    double m;       /* mass, > 0 */            /* ES: masa, > 0 */
    double target;  /* rest position */        /* ES: posición de reposo */
} spring;

typedef struct {
    double x, v;    /* position and velocity */  /* ES: posición y velocidad */
} state;

typedef state (*stepper)(spring s, state y, double dt);

/* The global error at t_end: n steps of `step` with dt = t_end / n from y0, then |x - x_exact| (>= 0), where x_exact
 * is the exact position at t_end (given). n >= 1, t_end > 0. */
/* ES: El error global en t_end: n pasos de `step` con dt = t_end / n desde y0, luego |x - x_exact| (>= 0), donde
 * x_exact es la posición exacta en t_end (dada). n >= 1, t_end > 0. */
double global_error(stepper step, spring s, state y0, double t_end, int n, double x_exact);

/* The observed order: the least-squares slope of log(err[i]) against log(h[i]) over the `count` points (count >= 2,
 * every h[i] and err[i] > 0, the h[i] not all equal, in any order). */
/* ES: El orden observado: la pendiente de mínimos cuadrados de log(err[i]) contra log(h[i]) sobre los `count` puntos
 * (count >= 2, todo h[i] y err[i] > 0, los h[i] no todos iguales, en cualquier orden). */
double observed_order(const double *h, const double *err, int count);

#endif
