/* Exercise 01: one step of explicit Euler and one of semi-implicit Euler for a damped spring (the spring article).
 *
 *   m x'' + c x' + k (x - target) = 0,   a = (-k (x - target) - c v) / m   (the acceleration at the step's start) */
/* ES: Ejercicio 01: un paso de Euler explícito y uno de Euler semiimplícito para un resorte amortiguado (el artículo
 * del resorte).
 *
 *   m x'' + c x' + k (x - target) = 0,   a = (-k (x - target) - c v) / m   (la aceleración al comienzo del paso) */
#ifndef EXERCISE_01_H
#define EXERCISE_01_H

typedef struct {
    double k;       /* stiffness, > 0 */       /* ES: rigidez, > 0 */
    double c;       /* damping, >= 0 */        /* ES: amortiguamiento, >= 0 */
    double m;       /* mass, > 0 */            /* ES: masa, > 0 */
    double target;  /* rest position */        /* ES: posición de reposo */
} spring;

typedef struct {
    double x, v;    /* position and velocity */  /* ES: posición y velocidad */
} state;

/* Explicit Euler: the position moves with the OLD velocity. Returns the state dt later. */
/* ES: Euler explícito: la posición avanza con la velocidad VIEJA. Devuelve el estado dt después. */
state euler_explicit_step(spring s, state y, double dt);
/* Semi-implicit (symplectic) Euler: the velocity first, then the position with the NEW velocity. */
/* ES: Euler semiimplícito (simpléctico): primero la velocidad, luego la posición con la velocidad NUEVA. */
state euler_semi_implicit_step(spring s, state y, double dt);

#endif
