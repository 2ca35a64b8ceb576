/* Exercise 12: an adaptive step controller for an embedded Runge-Kutta pair (Hairer, Norsett and Wanner, Solving
 * ODEs I, II.4): the scaled error of a step, the standard and the PI step-size controllers, and the driver that
 * accepts or rejects each step.
 *
 * The spring is m x'' + c x' + k (x - target) = 0. A pair is one step of two methods at once (the tests pass pairs
 * written in pairs.h): it returns the higher-order result and puts (higher - lower) into *error, the estimate of the
 * lower-order result's local error, which is O(h^(q+1)) for a lower order q. */
#ifndef EXERCISE_12_H
#define EXERCISE_12_H

typedef struct {
    double k;       /* stiffness, > 0 */
    double c;       /* damping, >= 0 */
    double m;       /* mass, > 0 */
    double target;  /* rest position */
} spring;

typedef struct {
    double x, v;    /* position and velocity */
} state;

typedef state (*pair)(spring s, state y, double h, state *error);

/* The controllers' constants (HNW I, II.4; Hairer's dopri5.f): the safety factor and the bounds of h_new / h. */
#define EX_FAC 0.9
#define EX_FACMIN 0.2
#define EX_FACMAX 10.0

/* The scaled error of a step from y to y_new with error estimate e: the root mean square of e_i / sc_i over the two
 * components (x, v), sc_i = atol + rtol max(|y_i|, |y_new_i|). A step is accepted when it is <= 1. */
double error_norm(state y, state y_new, state e, double atol, double rtol);

/* The standard controller: the next step after a step h of scaled error err, for a pair of lower order q:
 *   h min(facmax, max(facmin, fac err^(-1/(q+1))))
 * with facmax replaced by 1 when after_reject is nonzero (the step before was rejected: do not grow right after).
 * err = 0 gives h facmax (or h when after_reject). */
double next_step(double h, double err, int q, int after_reject);

/* The PI controller (Gustafsson) after an accepted step: h min(facmax, max(facmin, fac err^(-alpha) err_prev^beta))
 * with alpha = 0.7/(q+1), beta = 0.4/(q+1); err_prev is the previous accepted step's error (> 0). */
double next_step_pi(double h, double err, double err_prev, int q);

typedef struct {
    state y;          /* the state at t_end */
    double t;         /* where the run ended: t_end exactly */
    int accepted;     /* accepted steps */
    int rejected;     /* rejected attempts */
    double h;         /* the step the controller proposes after the last accepted one */
} run;

/* From y0 at t = 0 to t_end with the pair and the standard controller, atol = rtol = tol, first step h0:
 *   a step that would pass t_end is shortened to end on it; try the step; err <= 1: accept it (t, y move on), else
 *   reject it (t, y stay); either way h = next_step(h tried, err, q, the step before this one was rejected).
 * t_end > 0, h0 > 0, tol > 0. */
run adaptive_run(pair step, int q, spring s, state y0, double t_end, double h0, double tol);

#endif
