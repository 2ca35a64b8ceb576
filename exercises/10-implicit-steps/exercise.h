/* Exercise 10: one step of backward (implicit) Euler and one of the implicit midpoint rule for a damped spring.
 *
 *   m x'' + c x' + k (x - target) = 0:  with u = x - target, y = (u, v) and y' = A y, A = [[0, 1], [-k/m, -c/m]].
 * Each step solves a 2 x 2 linear system for the new state (the spring is linear, so no iteration is needed). */
/* ES: Ejercicio 10: un paso de Euler implícito y uno de la regla del punto medio implícito para un resorte
 * amortiguado.
 *
 *   m x'' + c x' + k (x - target) = 0:  con u = x - target, el estado y = (u, v), y' = A y, A = [[0, 1], [-k/m, -c/m]].
 * Cada paso resuelve un sistema lineal de 2 x 2 para el nuevo estado (el resorte es lineal, así que no hace falta
 * iterar). */
#ifndef EXERCISE_10_H
#define EXERCISE_10_H

typedef struct {
    double k;       /* stiffness, > 0 */       /* ES: rigidez, > 0 */
    double c;       /* damping, >= 0 */        /* ES: amortiguamiento, >= 0 */
    double m;       /* mass, > 0 */            /* ES: masa, > 0 */
    double target;  /* rest position */        /* ES: posición de reposo */
} spring;

typedef struct {
    double x, v;    /* position and velocity */  /* ES: posición y velocidad */
} state;

/* Backward Euler: y_new = y + dt f(y_new), i.e. (I - dt A) y_new = y. Returns the state dt later. */
/* ES: Euler implícito: y_new = y + dt f(y_new), es decir (I - dt A) y_new = y. Devuelve el estado dt después. */
state implicit_euler_step(spring s, state y, double dt);
/* The implicit midpoint rule: y_new = y + dt f((y + y_new) / 2), i.e. (I - dt A / 2) y_new = (I + dt A / 2) y. */
/* ES: La regla del punto medio implícito: y_new = y + dt f((y + y_new) / 2), es decir
 * (I - dt A / 2) y_new = (I + dt A / 2) y. */
state implicit_midpoint_step(spring s, state y, double dt);

#endif
