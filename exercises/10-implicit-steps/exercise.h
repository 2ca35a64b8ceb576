/* Exercise 10: one step of backward (implicit) Euler and one of the implicit midpoint rule for a damped spring.
 *
 *   m x'' + c x' + k (x - target) = 0:  with u = x - target, y = (u, v) and y' = A y, A = [[0, 1], [-k/m, -c/m]].
 * Each step solves a 2 x 2 linear system for the new state (the spring is linear, so no iteration is needed). */
#ifndef EXERCISE_10_H
#define EXERCISE_10_H

typedef struct {
    double k;       /* stiffness, > 0 */
    double c;       /* damping, >= 0 */
    double m;       /* mass, > 0 */
    double target;  /* rest position */
} spring;

typedef struct {
    double x, v;    /* position and velocity */
} state;

/* Backward Euler: y_new = y + dt f(y_new), i.e. (I - dt A) y_new = y. Returns the state dt later. */
state implicit_euler_step(spring s, state y, double dt);
/* The implicit midpoint rule: y_new = y + dt f((y + y_new) / 2), i.e. (I - dt A / 2) y_new = (I + dt A / 2) y. */
state implicit_midpoint_step(spring s, state y, double dt);

#endif
