/* Exercise 13: one step of backward Euler on a hardening (Duffing) spring, solved by Newton's method.
 *
 *   m x'' + c x' + k u + k3 u^3 = 0,  u = x - target.
 * Backward Euler's step is u' = u + dt v', m v' = m v - dt (k u' + k3 u'^3 + c v'). With w = u' and v' = (w - u) / dt
 * it is one equation in the new position: R(w) = 0 with
 *   R = (m + c dt) (w - u) + dt^2 (k w + k3 w^3) - m dt v,   dR/dw = m + c dt + dt^2 (k + 3 k3 w^2).
 * The cubic term makes it nonlinear: no closed form to eliminate by hand (exercise 10), Newton instead. */
/* ES: Ejercicio 13: un paso de Euler implícito en un resorte que se endurece (de Duffing), resuelto por el método de
 * Newton.
 *
 *   m x'' + c x' + k u + k3 u^3 = 0,  u = x - target.
 * El paso de Euler implícito es u' = u + dt v', m v' = m v - dt (k u' + k3 u'^3 + c v'). Con w = u' y
 * v' = (w - u) / dt es una sola ecuación en la nueva posición: R(w) = 0 con
 *   R = (m + c dt) (w - u) + dt^2 (k w + k3 w^3) - m dt v,   dR/dw = m + c dt + dt^2 (k + 3 k3 w^2).
 * El término cúbico la vuelve no lineal: no hay forma cerrada que despejar a mano (ejercicio 10); Newton, en cambio. */
#ifndef EXERCISE_13_H
#define EXERCISE_13_H

typedef struct {
    double k;       /* stiffness, > 0 */             /* ES: rigidez, > 0 */
    double k3;      /* cubic stiffness, >= 0 (0: the linear spring of exercise 10) */
                    /* ES: rigidez cúbica, >= 0 (0: el resorte lineal del ejercicio 10) */
    double c;       /* damping, >= 0 */              /* ES: amortiguamiento, >= 0 */
    double m;       /* mass, > 0 */                  /* ES: masa, > 0 */
    double target;  /* rest position */              /* ES: posición de reposo */
} spring;

typedef struct {
    double x, v;    /* position and velocity */  /* ES: posición y velocidad */
} state;

/* R for a candidate new position x_new (w = x_new - target) of the step dt from y, and its derivative dR/dx_new. */
/* ES: R para una nueva posición candidata x_new (w = x_new - target) del paso dt desde y, y su derivada dR/dx_new. */
double residual(spring s, state y, double dt, double x_new);
double residual_slope(spring s, state y, double dt, double x_new);

typedef struct {
    state next;       /* the state dt later (converged), else y itself */
                      /* ES: el estado dt después (si convergió), si no el mismo y */
    int iterations;   /* Newton updates computed */  /* ES: las correcciones de Newton calculadas */
    int converged;    /* 1 when an update was at most tol in size, else 0 */
                      /* ES: 1 si una corrección midió a lo sumo tol, si no 0 */
} newton_result;

/* Newton's method from x_new = y.x: each iteration computes the update dx = -R(x_new) / R'(x_new) and adds it; it
 * stops after the first update with |dx| <= tol (converged: next = {x_new, (x_new - y.x) / dt}), or after
 * max_iterations updates none of which was (not converged: next = y). */
/* ES: El método de Newton desde x_new = y.x: cada iteración calcula la corrección dx = -R(x_new) / R'(x_new) y la
 * suma; se detiene tras la primera corrección con |dx| <= tol (convergió: next = {x_new, (x_new - y.x) / dt}), o
 * tras max_iterations correcciones sin ninguna así (no convergió: next = y). */
newton_result newton_euler_step(spring s, state y, double dt, double tol, int max_iterations);

#endif
