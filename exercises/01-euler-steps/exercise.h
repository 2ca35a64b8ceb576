/* Exercise 01: one step of explicit Euler and one of semi-implicit Euler for a damped spring (the spring article).
 *
 *   m x'' + c x' + k (x - target) = 0,   a = (-k (x - target) - c v) / m   (the acceleration at the step's start) */
#ifndef EXERCISE_01_H
#define EXERCISE_01_H

typedef struct {
    double k;       /* stiffness, > 0 */
    double c;       /* damping, >= 0 */
    double m;       /* mass, > 0 */
    double target;  /* rest position */
} spring;

typedef struct {
    double x, v;    /* position and velocity */
} state;

/* Explicit Euler: the position moves with the OLD velocity. Returns the state dt later. */
state euler_explicit_step(spring s, state y, double dt);
/* Semi-implicit (symplectic) Euler: the velocity first, then the position with the NEW velocity. */
state euler_semi_implicit_step(spring s, state y, double dt);

#endif
