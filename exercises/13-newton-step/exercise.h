/* Exercise 13: one step of backward Euler on a hardening (Duffing) spring, solved by Newton's method.
 *
 *   m x'' + c x' + k u + k3 u^3 = 0,  u = x - target.
 * Backward Euler's step is u' = u + dt v', m v' = m v - dt (k u' + k3 u'^3 + c v'). With w = u' and v' = (w - u) / dt
 * it is one equation in the new position: R(w) = 0 with
 *   R = (m + c dt) (w - u) + dt^2 (k w + k3 w^3) - m dt v,   dR/dw = m + c dt + dt^2 (k + 3 k3 w^2).
 * The cubic term makes it nonlinear: no closed form to eliminate by hand (exercise 10), Newton instead. */
#ifndef EXERCISE_13_H
#define EXERCISE_13_H

typedef struct {
    double k;       /* stiffness, > 0 */
    double k3;      /* cubic stiffness, >= 0 (0: the linear spring of exercise 10) */
    double c;       /* damping, >= 0 */
    double m;       /* mass, > 0 */
    double target;  /* rest position */
} spring;

typedef struct {
    double x, v;    /* position and velocity */
} state;

/* R for a candidate new position x_new (w = x_new - target) of the step dt from y, and its derivative dR/dx_new. */
double residual(spring s, state y, double dt, double x_new);
double residual_slope(spring s, state y, double dt, double x_new);

typedef struct {
    state next;       /* the state dt later (converged), else y itself */
    int iterations;   /* Newton updates computed */
    int converged;    /* 1 when an update was at most tol in size, else 0 */
} newton_result;

/* Newton's method from x_new = y.x: each iteration computes the update dx = -R(x_new) / R'(x_new) and adds it; it
 * stops after the first update with |dx| <= tol (converged: next = {x_new, (x_new - y.x) / dt}), or after
 * max_iterations updates none of which was (not converged: next = y). */
newton_result newton_euler_step(spring s, state y, double dt, double tol, int max_iterations);

#endif
