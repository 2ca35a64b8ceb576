/* ode_adaptive: the project's own embedded Runge-Kutta pair, Dormand-Prince 5(4), with its error estimate and two
 * step-size controllers (Hairer, Norsett and Wanner, Solving ODEs I, II.4 and II.5; Hairer and Wanner II, IV.2 and
 * Soderlind for the PI controller).
 *
 * One attempt of h from (t, y) computes seven stages k1..k7 (k7 = f(t + h, y5): First Same As Last, it is the next
 * step's k1, so an accepted step after the first costs 6 evaluations, and so does a rejected one: its k1 is kept),
 * the fifth-order result y5 (the one kept: local extrapolation) and the embedded fourth-order y4. The error is
 *   err = sqrt( (1/n) sum_i ((y5_i - y4_i) / sc_i)^2 ),   sc_i = atol + rtol max(|y_i|, |y5_i|)   (HNW I (4.11))
 * and a step is accepted when err <= 1. The next step is h times the controller's factor (ode_controller_factor).
 * The first step comes from HNW's starting-step algorithm (II.4, p. 169: one explicit Euler step probes f', one
 * evaluation besides the first step's k1).
 *
 * Ownership: an ode_dopri5 owns its work arrays (ode_dopri5_init / ode_dopri5_destroy); nothing allocates per step. */
#ifndef NUMLAB_ODE_ADAPTIVE_H
#define NUMLAB_ODE_ADAPTIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/ode.h"

/* The project's own adaptive solvers: a row each in ode.h's method table (ode_adaptive_about). New ones at the end. */
typedef enum {
    ODE_ADAPTIVE_DOPRI5,   /* "dopri5": Dormand-Prince 5(4), FSAL, the project's own */
    ODE_ADAPTIVE_COUNT
} ode_adaptive_kind;

/* The row of `kind` in the method table (adaptive = true, no step matrix, no limit), or NULL when it is not one. */
const ode_method_info *ode_adaptive_about(ode_adaptive_kind kind);

/* --- the step-size controllers ---------------------------------------------------------------------------------- */

typedef enum {
    ODE_CONTROLLER_STANDARD,  /* h_new = h min(facmax, max(facmin, fac err^(-1/5)))           (HNW I (4.13)) */
    ODE_CONTROLLER_PI,        /* h_new = h min(facmax, max(facmin, fac err_n^(-alpha) err_{n-1}^beta)) (Gustafsson) */
    ODE_CONTROLLER_COUNT
} ode_controller_kind;

/* "standard", "pi", NULL: the names, in the enum's order (an option's choices). */
extern const char *const ode_controller_list[ODE_CONTROLLER_COUNT + 1];
/* "standard", "pi" ("?" when it is not one). */
const char *ode_controller_name(ode_controller_kind kind);
/* Returns 0 and sets *out, or -1 for an unknown name. */
int ode_controller_parse(const char *name, ode_controller_kind *out);

typedef struct {
    ode_controller_kind kind;
    double fac;            /* the safety factor, 0.9 */
    double facmin, facmax; /* the factor's bounds, 0.2 and 10 (Hairer's dopri5.f) */
    double alpha, beta;    /* the PI exponents, 0.7/5 and 0.4/5 (Gustafsson's, for a pair whose error is O(h^5)) */
} ode_controller;

/* The controller of `kind` with the usual constants above. */
ode_controller ode_controller_default(ode_controller_kind kind);

/* h_new / h after a step whose scaled error is err (err <= 1: accepted). err_prev is the last accepted step's error
 * (the PI controller's memory; the caller keeps it at least 1e-4, as dopri5.f does, so that one lucky step does not
 * blow the next one up); after_reject says the step before this one was rejected, and then the factor is at most 1
 * (HNW I, p. 168: no growth right after a rejection). A rejected step (err > 1) always takes the standard formula
 * (the PI memory belongs to accepted steps), capped at 1. err = 0 gives facmax. */
double ode_controller_factor(const ode_controller *c, double err, double err_prev, bool after_reject);

/* --- Dormand-Prince 5(4) ------------------------------------------------------------------------------------------ */

/* The tableau (HNW I, Table 5.2): c[i], a[i][j] (j < i), b the fifth-order weights (b = a[6]: FSAL), e = b - bhat the
 * weights of the error estimate y5 - y4 (bhat: the fourth-order ones). */
extern const double ode_dopri5_c[7], ode_dopri5_a[7][6], ode_dopri5_b[7], ode_dopri5_e[7];

typedef struct {
    size_t dim;
    double atol, rtol;
    ode_controller control;
    double h;                  /* the next step to try (0: the starting-step algorithm picks it) */
    double err_prev;           /* the last accepted step's error, at least 1e-4 (the PI controller's memory) */
    bool after_reject;         /* the last attempt was rejected */
    /* what the last attempt and the last accepted step were */
    double last_err;           /* the scaled error of the last attempt */
    double last_h;             /* the last accepted step */
    double *k[7];              /* the stages (one allocation with the arrays below) */
    double *err_vec, *y_new;   /* y5 - y4, and the attempt's y5 */
    double *y_k1;              /* the state k[0] was taken at */
    double t_k1;
    bool have_k1;              /* k[0] = f(t_k1, y_k1): FSAL's stage, reused when the next attempt starts there */
    ode_rhs_fn k1_rhs;         /* ... for this system */
    void *k1_params;
    unsigned long rhs_evals;   /* right-hand-side evaluations so far */
    unsigned long accepted, rejected; /* steps */
} ode_dopri5;

/* atol >= 0, rtol >= 0, not both 0; control NULL: the standard one. Returns 0, or -1 when out of memory, dim is 0 or
 * the tolerances are not allowed. */
int ode_dopri5_init(ode_dopri5 *d, size_t dim, double atol, double rtol, const ode_controller *control);
void ode_dopri5_destroy(ode_dopri5 *d);

/* One attempt of h from (t, y), no control: y5 into y_out (may not be y), the scaled error into *err. Reuses k1 when
 * (t, y) is where the last attempt ended or started (FSAL). Returns 0, or the rhs's nonzero code. */
int ode_dopri5_try(ode_dopri5 *d, const ode_system *sys, double t, double h, const double *y, double *y_out,
                   double *err);

/* HNW I's starting step (II.4, p. 169) at (t, y): two evaluations, f(t, y) kept as the first step's k1. Returns the
 * step (at most 100 times the probe's h0), or a negative value when the rhs failed. */
double ode_dopri5_initial_step(ode_dopri5 *d, const ode_system *sys, double t, const double *y);

#define ODE_STEP_UNDERFLOW (-3)  /* the controller asked for a step below 1e-14 of t's scale: the problem is
                                  * beyond the tolerance (a singularity) */

/* One accepted step from *t, not past t_end (the last one lands on it): rejected attempts are retried with the
 * controller's smaller step, and counted. Advances *t and y, sets last_h and last_err. Returns 0, the rhs's code or
 * ODE_STEP_UNDERFLOW. */
int ode_dopri5_step(ode_dopri5 *d, const ode_system *sys, double *t, double *y, double t_end);

/* Accepted steps from *t until t1 (landing on it). Returns as ode_dopri5_step. */
int ode_dopri5_advance(ode_dopri5 *d, const ode_system *sys, double *t, double t1, double *y);

#endif
