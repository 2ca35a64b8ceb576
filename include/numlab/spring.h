/* spring: one damped spring, m x'' + c x' + k (x - target) = 0 (the spring article), and its hardening (Duffing)
 * variant with a cubic term + k3 (x - target)^3 (src/spring_duffing.c).
 *
 * Steps through the generic ode steppers, the closed form in all three damping regimes (the reference every test
 * uses), GSL's odeiv2 solvers as a second reference, energy, the amplification matrix of each method and the
 * stability limits in w0*dt. SI units throughout, except where the spring article speaks of pixels (the caller's
 * choice). */
#ifndef NUMLAB_SPRING_H
#define NUMLAB_SPRING_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/ode.h"
#include "numlab/ode_adaptive.h"

typedef struct {
    double k;       /* stiffness, > 0 */
    double c;       /* damping, >= 0 */
    double m;       /* mass, > 0 */
    double target;  /* rest position */
    double k3;      /* cubic stiffness, N/m^3, >= 0: the spring's force is -k u - k3 u^3, u = x - target (a hardening
                     * Duffing spring); 0, the linear spring, which everything below except the Duffing part assumes
                     * where it says "the spring" (the closed form, the step matrices: those of k alone) */
} spring_params;

typedef struct {
    double x, v;
} spring_state;

/* The methods the lab compares, in the order of spring-lab's --method names (new ones at the end, so that the
 * colors and the order of --method all stay put). Each is a row of ode.h's method table (its name, order, step
 * matrix and undamped limit): the stepper's, the GSL solver's or the closed form's. */
typedef enum {
    SPRING_EXPLICIT,   /* "explicit": explicit Euler */
    SPRING_SEMI,       /* "semi": semi-implicit (symplectic) Euler */
    SPRING_RK4,        /* "rk4": classical RK4 */
    SPRING_EXACT,      /* "exact": the closed form */
    SPRING_GSL_RK4,    /* "gsl-rk4": GSL's fixed-step rk4: a full step and two half steps, returning the half steps'
                        * result (their difference is its error estimate) */
    SPRING_GSL_RKF45,  /* "gsl-rkf45": adaptive */
    SPRING_GSL_RK8PD,  /* "gsl-rk8pd": adaptive, the truth */
    SPRING_GSL_MSBDF,  /* "gsl-msbdf": adaptive implicit, analytic Jacobian */
    SPRING_VERLET,     /* "verlet": velocity Verlet, second order, symplectic, semi-implicit's cost and limit */
    SPRING_BACKWARD_EULER, /* "backward-euler": implicit Euler, stable at every step, damps */
    SPRING_MIDPOINT,   /* "midpoint": the implicit midpoint rule, |R(iy)| = 1 at every step */
    SPRING_TR_BDF2,    /* "tr-bdf2": TR-BDF2, second order and L-stable: R(-inf) = 0, it damps what it cannot resolve */
    SPRING_DOPRI5,     /* "dopri5": Dormand-Prince 5(4), the project's own adaptive pair (ode_adaptive.h) */
    SPRING_METHOD_COUNT
} spring_method;

const char *spring_method_name(spring_method method);
/* Returns 0 and sets *out, or NUMLAB_ERR_INPUT for an unknown name. */
int spring_method_parse(const char *name, spring_method *out);
/* The list of valid names, comma-separated, for error messages and --help. */
const char *spring_method_names(void);
/* The hand-written stepper a method runs on (ODE_METHOD_COUNT for exact and the GSL solvers). */
ode_method spring_method_ode(spring_method method);
/* The global order of accuracy (the method table's): 4 for gsl-rk4; 0 for exact and the adaptive solvers. */
int spring_method_order(spring_method method);

double spring_omega0(const spring_params *p);   /* sqrt(k/m) */
double spring_zeta(const spring_params *p);     /* c / (2 sqrt(k m)) */
double spring_energy(const spring_params *p, spring_state s);  /* m v^2/2 + k u^2/2 + k3 u^4/4, u = x - target */

/* The exact solution of the linear spring (k3 is not read: the caller refuses it for k3 > 0, see spring_reference)
 * at time t from s0 at time 0, in every regime, robust at and near critical damping, for c = 0,
 * and for large t in the over-damped regime (no cosh/sinh overflow). */
spring_state spring_exact(const spring_params *p, spring_state s0, double t);

/* The first-order system y = [x, v], with its analytic Jacobian (the tangent stiffness k + 3 k3 u^2 in it). p must
 * outlive the system. */
ode_system spring_system(const spring_params *p);

/* One step of the spring article's methods, without the generic interface (what the exercises ask students to
 * write). */
spring_state spring_step_explicit(const spring_params *p, spring_state s, double dt);
spring_state spring_step_semi(const spring_params *p, spring_state s, double dt);
spring_state spring_step_rk4(const spring_params *p, spring_state s, double dt);
/* velocity Verlet as ode.c's ODE_VERLET (the last kick's force at the predicted v + dt a) */
spring_state spring_step_verlet(const spring_params *p, spring_state s, double dt);
/* The implicit steps in closed form: the spring is linear, so each is one 2x2 linear solve, eliminated by hand
 * (exercise 10). With u = x - T, kappa = k/m, gamma = c/m:
 *   backward Euler  v' = (v - dt kappa u) / (1 + dt gamma + dt^2 kappa),            u' = u + dt v'
 *   midpoint        s = v + v' = (2 v - dt kappa u) / (1 + dt gamma/2 + dt^2 kappa/4), u' = u + dt s/2
 * With k3 > 0 the spring is not linear: each is spring_newton_step's Newton solve instead (iterations uncounted). */
spring_state spring_step_backward_euler(const spring_params *p, spring_state s, double dt);
spring_state spring_step_midpoint(const spring_params *p, spring_state s, double dt);

/* --- the Duffing spring, k3 > 0 (src/spring_duffing.c) ----------------------------------------------------- */

/* What an implicit step's Newton solves took (summed over the steps of a run). */
typedef struct {
    unsigned long solves;       /* steps solved */
    unsigned long iterations;   /* Newton iterations in all (each evaluates the force once) */
    unsigned most;              /* the most in one step */
    double residual;            /* the largest |R / R'| left after a step's last iteration, m: the update Newton would
                                 * still make (0 when it converged to rounding) */
} spring_newton;

#define SPRING_NEWTON_TOL 1e-13        /* a step's Newton stops when its update is below this relative to the state */
#define SPRING_NEWTON_MAX_ITERATIONS 50 /* ... or gives up (ODE_NEWTON_FAILED) */
#define SPRING_REFERENCE_TOL 1e-13     /* spring_reference's rk8pd tolerance (absolute and relative) */

/* The tangent stiffness k + 3 k3 u^2 at u = x - target: what the step matrices of the linearisation about that state
 * take as k. */
double spring_tangent_stiffness(const spring_params *p, double x);
/* The linear spring of the linearisation about position x: k the tangent stiffness there, k3 = 0. */
spring_params spring_linearised(const spring_params *p, double x);
/* The turning-point amplitude of the undamped orbit through s: the A >= 0 with k A^2/2 + k3 A^4/4 = E(s). */
double spring_amplitude(const spring_params *p, spring_state s);
/* The period of the undamped spring (c is not read) on the orbit of amplitude A: 4 K(mu) / w with w^2 = (k + k3 A^2)
 * / m and mu = k3 A^2 / (2 (k + k3 A^2)), K the complete elliptic integral of the first kind of parameter mu (x = A
 * cn(w t | mu)); 2 pi / w0 for k3 A^2 = 0. */
double spring_duffing_period(const spring_params *p, double amplitude);

/* One step of backward Euler (theta = 1) or the implicit midpoint rule (theta = 1/2) of s, solved by Newton's method
 * on the scalar cubic of the stage position w (u = x - target; h = theta dt):
 *   R(w) = (m + c h) (w - u) + h^2 (k w + k3 w^3) - m h v = 0,   R'(w) = m + c h + h^2 (k + 3 k3 w^2) > 0,
 * from w = u, halving an update that does not reduce |R| (R is monotone: one root), until the update is below
 * SPRING_NEWTON_TOL of the state. The stage velocity is (w - u) / h; backward Euler ends at the stage, the midpoint
 * rule at twice it minus the start. stats (may be NULL) adds this solve. Returns 0, or ODE_NEWTON_FAILED (*out
 * untouched) when it did not converge in SPRING_NEWTON_MAX_ITERATIONS iterations or met a non-finite value. */
int spring_newton_step(const spring_params *p, double theta, spring_state s, double dt, spring_state *out,
                       spring_newton *stats);
/* One step of dt of a hand-written method on y = [x, v]: ode_stepper_apply on the spring's system, except backward
 * Euler and the midpoint rule with k3 > 0: spring_newton_step (stats counts it; its iterations are added to the
 * stepper's rhs_evals). Returns 0 or ode_stepper_apply's codes (ODE_NEWTON_FAILED: Newton did not converge). */
int spring_step_stepper(const spring_params *p, ode_stepper *st, const ode_system *sys, double t, double dt,
                        double y[2], spring_newton *stats);
/* The reference trajectory at t_i = i h, i = 0..n-1 (n >= 1): the closed form when k3 = 0, else GSL's rk8pd at
 * SPRING_REFERENCE_TOL, landing on each t_i. Returns 0, or -1 when out of memory or the solver gave up. */
int spring_reference(const spring_params *p, spring_state s0, double h, size_t n, spring_state *out);

/* --- trajectories ---------------------------------------------------------------------------------------- */

typedef struct {
    double t, x, v, energy;
} spring_sample;

typedef struct {
    size_t count;           /* samples written: steps + 1 unless the run stopped early */
    bool diverged;          /* the state became non-finite or exploded */
    size_t diverged_step;   /* the first step whose state diverged (not written) */
    double diverged_t;
    bool solver_failed;     /* a GSL solver gave up (step size underflow, too many steps), or Newton did not converge */
    bool newton_failed;     /* ... it was Newton (spring_newton_step), at step diverged_step = count */
} spring_run;

/* The state magnitude past which a trajectory counts as diverged: 1e12 times the initial amplitude
 * |x0 - target| + |v0| / w0 (at least 1), in x; w0 times that in v. */
double spring_divergence_limit(const spring_params *p, spring_state s0);

/* A trajectory produced one step at a time (what the CSV streams and the interactive lab animates).
 * Owns its stepper or GSL solver: spring_runner_init / spring_runner_destroy. Its system points into the runner
 * itself: initialise it where it will stay (do not copy an initialised runner). */
typedef struct {
    spring_params params;
    spring_method method;
    spring_state s0;
    double dt, limit;
    size_t step;            /* steps taken */
    double y[2];            /* the current state [x, v] */
    ode_system sys;
    ode_stepper stepper;    /* the hand-written methods (its rhs_evals: the cost) */
    ode_gsl *gsl;           /* gsl-* */
    ode_dopri5 dopri;       /* dopri5: its own steps between t_n and t_{n+1}, landing on each */
    double t_dopri;         /* ... where it is */
    spring_run status;
    spring_newton newton;   /* backward-euler and midpoint on a Duffing spring (k3 > 0): its Newton solves */
} spring_runner;

/* tol: the adaptive GSL solvers' absolute and relative tolerance. Returns 0, NUMLAB_ERR_INPUT for a method that is
 * not one or for exact with k3 > 0 (the closed form is of the linear spring), or NUMLAB_ERR_NOMEM. */
int spring_runner_init(spring_runner *r, const spring_params *p, spring_method method, spring_state s0, double dt,
                       double tol);
void spring_runner_destroy(spring_runner *r);
/* dopri5's step-size controller (the standard one unless set), before the first step. */
void spring_runner_control(spring_runner *r, ode_controller_kind kind);
/* The right-hand-side evaluations so far (the cost): the stepper's, GSL's or dopri5's; 0 for the closed form. */
unsigned long spring_runner_evals(const spring_runner *r);
/* The current sample (step 0 right after init). */
spring_sample spring_runner_sample(const spring_runner *r);
/* Takes one step of dt (t_n = n dt, on the same grid for every method). Returns 0, or 1 when the run has stopped:
 * it diverged (status.diverged, the state stays at the last good one) or a GSL solver gave up
 * (status.solver_failed). */
int spring_runner_step(spring_runner *r);

/* Simulates `steps` steps of dt from s0 at t = 0 and writes samples for steps 0..steps into out (steps + 1 of them)
 * unless the run stops early (run->count says how many). Returns 0 (a divergence is a result, not an error), or
 * spring_runner_init's code (NUMLAB_ERR_NOMEM, NUMLAB_ERR_INPUT). */
int spring_simulate(const spring_params *p, spring_method method, spring_state s0, double dt, size_t steps,
                    double tol, spring_sample *out, spring_run *run);

/* --- stability ------------------------------------------------------------------------------------------- */

/* The 2x2 matrix M (row-major) with [x - T, v]_{n+1} = M [x - T, v]_n for one step of dt, of the linear spring k
 * (k3 is not read: with k3 > 0 this is the linearisation about rest; spring_linearised gives another state's spring,
 * and so do the limits below). Defined for the hand-written methods, exact and gsl-rk4 (whose step is two RK4 half
 * steps); returns NUMLAB_ERR_INPUT for the adaptive solvers.
 * Backward Euler's is (I - dt A)^{-1}, the midpoint rule's (I - dt A/2)^{-1} (I + dt A/2), A = [[0, 1], [-k/m, -c/m]]. */
int spring_amplification(const spring_params *p, spring_method method, double dt, double M[4]);
/* The largest eigenvalue modulus of a 2x2 matrix. */
double spring_spectral_radius(const double M[4]);
/* Whether a spectral radius means bounded: rho <= 1 + 1e-12, because a radius of exactly 1 (semi-implicit Euler
 * on the undamped spring) computes as 1 +- a few ulp. */
bool spring_radius_stable(double rho);
/* Whether repeated steps with M stay bounded: rho(M) < 1, or rho(M) = 1 with distinct eigenvalues (a double
 * eigenvalue on the unit circle with a Jordan block, semi-implicit Euler at w0 dt = 2 undamped, grows linearly). */
bool spring_step_bounded(const double M[4]);
/* The largest w0*dt for which the method is stable with damping ratio zeta >= 0: for zeta = 0 the exact bounds
 * (explicit 0, semi and verlet 2, rk4 2 sqrt 2, gsl-rk4 4 sqrt 2), for zeta > 0 found numerically (bisection on the
 * spectral radius, 1e-12). INFINITY for exact and the implicit methods (A-stable: |R(z)| <= 1 for Re z <= 0, so
 * every step is stable); NAN for the adaptive solvers. */
double spring_stability_limit(spring_method method, double zeta);
/* Whether a step of dt is stable: w0 dt <= spring_stability_limit, the one rule the limit and the verdict share
 * (explicit Euler on the undamped spring: never, though its radius at a tiny step computes as 1), and the step
 * matrix bounded (spring_step_bounded: on the limit of the undamped semi-implicit Euler, w0 dt = 2, it is not).
 * False for the adaptive solvers. */
bool spring_dt_stable(const spring_params *p, spring_method method, double dt);

/* --- studies: order against cost, energy against phase (src/spring_study.c) -------------------------------- */

/* The global error |x - x_exact(t_end)| (with k3 > 0: against spring_reference) after n steps of t_end / n from s0
 * (INFINITY if the run diverged or the solver gave up), and the force evaluations it took (*evals, may be NULL).
 * Returns 0, NUMLAB_ERR_INPUT when n is 0 or the method is not one, or NUMLAB_ERR_NOMEM. */
int spring_error_at(const spring_params *p, spring_method method, spring_state s0, double t_end, size_t n,
                    double *error, double *evals);
/* The least-squares slope of log y against log x over the points with finite positive x and y (NAN with fewer than
 * two): the observed order when x is dt, minus the order when x is the cost. */
double spring_loglog_slope(const double *x, const double *y, size_t n);

/* The quadratic a method conserves exactly on the undamped spring (c = 0), per unit mass, x from the target:
 *   semi      v^2/2 + w^2 x^2/2 - (dt w^2/2) x v
 *   verlet    v^2/2 + (1 - (w dt)^2/4) w^2 x^2/2
 *   midpoint  v^2/2 + w^2 x^2/2 (the energy itself)
 * NAN for the methods that conserve none (explicit, rk4, backward-euler: their energy grows or decays), and with
 * k3 > 0. */
double spring_modified_energy(const spring_params *p, spring_method method, double dt, spring_state s);

/* A long run on the undamped spring, sampled every `every` steps: out[i] for step i * every, i = 0..count-1. */
typedef struct {
    double periods;   /* t / (2 pi / w0) */
    double energy;    /* E / E0 */
    double modified;  /* the modified energy / its start (NAN when the method has none) */
    double phase;     /* the phase error in rad: the unwrapped angle of (x - T, -v / w0) minus w0 t */
} spring_drift_sample;

/* Runs `steps` steps of dt from s0 (not at rest; every 0 counts as 1). Returns the samples written (steps / every + 1, or fewer when the
 * run diverged), or 0 when out of memory. */
size_t spring_drift_run(const spring_params *p, spring_method method, spring_state s0, double dt, size_t steps,
                        size_t every, spring_drift_sample *out);

#endif
