/* ode: generic steppers for y' = f(t, y), and an adapter to GSL's odeiv2 as the reference.
 *
 * The hand-written steppers (explicit Euler, semi-implicit Euler, classical RK4, velocity Verlet, backward Euler,
 * the implicit midpoint rule, backward Euler's first Newton iterate, TR-BDF2) share one interface so that the spring lab
 * (dim 2) and the network lab (dim 4N) use the same code. Semi-implicit Euler and velocity Verlet need a second-order
 * system laid out as y = [x_0 .. x_{n-1}, v_0 .. v_{n-1}] with dx/dt = v: semi-implicit Euler updates v first and
 * moves x with the new v (the spring article, "cambiar dos lineas de orden"). The implicit methods solve for the
 * step's end with Newton's method on the system's Jacobian (a dense LU: for small systems). Every method, these and
 * GSL's, is a row of one table (ode_method_info: its name, order, cost and step matrix), which both labs read.
 *
 * Ownership: an ode_stepper owns its work arrays (ode_stepper_init / ode_stepper_destroy); an ode_gsl owns its GSL
 * objects (ode_gsl_new / ode_gsl_free). Nothing here allocates per step. */
#ifndef NUMLAB_ODE_H
#define NUMLAB_ODE_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/common.h"

/* dydt = f(t, y). Returns 0 on success, nonzero to abort the step (GSL convention: GSL_SUCCESS = 0). */
typedef int (*ode_rhs_fn)(double t, const double *y, double *dydt, void *params);
/* Row-major Jacobian dfdy[i*dim + j] = d f_i / d y_j, and df/dt (may be left zero for autonomous systems). */
typedef int (*ode_jac_fn)(double t, const double *y, double *dfdy, double *dfdt, void *params);

typedef struct {
    size_t dim;          /* length of y */
    ode_rhs_fn rhs;
    ode_jac_fn jac;      /* optional; needed by gsl-msbdf */
    void *params;        /* passed through to rhs and jac */
    bool force_of_position; /* optional: the acceleration depends on x alone (not on v or t: no damping), so
                             * velocity Verlet reuses the force at a step's end as the next step's start: one
                             * evaluation a step */
} ode_system;

/* New methods go at the end: network.c converts by name (ODE_RK4, ...), never by position. */
typedef enum {
    ODE_EXPLICIT_EULER,    /* y += h f(t, y) */
    ODE_SEMI_IMPLICIT,     /* v += h a(t, x, v); x += h v  (second-order layout only) */
    ODE_RK4,               /* classical fourth-order Runge-Kutta */
    ODE_VERLET,            /* velocity Verlet (leapfrog as kick-drift-kick), second-order layout only:
                            * v+ = v + h/2 a_n; x' = x + h v+; v' = v+ + h/2 a(t + h, x', v + h a_n). Symplectic
                            * when a depends on x alone; the predicted v + h a_n in the last kick keeps it second
                            * order with damping. Two evaluations a step, one with sys->force_of_position. */
    ODE_BACKWARD_EULER,    /* implicit Euler: y' = y + h f(t + h, y'); needs sys->jac */
    ODE_IMPLICIT_MIDPOINT, /* y' = y + h f(t + h/2, (y + y')/2); needs sys->jac */
    ODE_LINEARISED_EULER,  /* backward Euler's first Newton iterate: y' = y + h (I - h J(y))^{-1} f(t + h, y) (one
                            * linear solve, Baraff and Witkin); backward Euler itself on a linear system */
    ODE_TR_BDF2,           /* TR-BDF2 (Bank et al. 1985; Hosea and Shampine 1996), gamma = 2 - sqrt 2: a trapezoidal
                            * stage to t + gamma h, then BDF2 on y, that stage and the end: second order, L-stable.
                            * Both stages solve u = w + d h f(u), d = gamma / 2, with one Newton matrix; needs sys->jac */
    ODE_METHOD_COUNT
} ode_method;

/* Where a method applies (ode_method_info.applies, a set of these). */
enum {
    ODE_APPLIES_FIRST_ORDER = 1,   /* any y' = f(t, y) */
    ODE_APPLIES_SECOND_ORDER = 2,  /* x'' = a(t, x, v) as y = [x, v] (the springs and the networks) */
    ODE_APPLIES_SPRING = 4,        /* the one linear spring only: its closed form */
};

/* The step matrix M (row-major, acting on (x, v)) of one step h on the mode x'' = -w2 x - g x' (the damped spring of
 * unit mass: w2 = k/m, g = c/m; a network's normal mode): (x, v)_{n+1} = M (x, v)_n. Its eigenvalues are the
 * stability function R(z) at the mode's two roots z = h lambda. */
typedef void (*ode_mode_matrix_fn)(double w2, double g, double h, double M[4]);

/* What a method is: one row per integrator, the hand-written ones (ode_method), GSL's (ode_gsl_kind) and the
 * spring's closed form, in one table (src/ode_table.c). spring-lab and network-lab print these names, read these
 * properties and build their stability charts and step limits from mode_matrix. */
typedef struct {
    const char *name;         /* "explicit", "semi", "rk4", ..., "gsl-rk4", ..., "exact" */
    int order;                /* global order of accuracy; 0 for the adaptive solvers and the closed form */
    int evals;                /* right-hand-side evaluations a step: the stages of an explicit method (velocity
                               * Verlet: 2, 1 on a force of position), the Newton iterations' evaluations of an
                               * implicit one on a linear system (2: one iterate and its check; the linearised
                               * Euler 1); gsl-rk4 12 (a full step and two half steps); 0 where it varies */
    unsigned applies;         /* ODE_APPLIES_*: semi and verlet need the second-order layout y = [x, v] */
    bool implicit;            /* solves for the step's end: needs the Jacobian */
    bool symplectic;          /* preserves phase-space area on a conservative (force of position) system */
    bool adaptive;            /* chooses its own steps (no fixed step, no step limit) */
    double undamped_limit;    /* the largest w h with a bounded step on the undamped mode, where |R(i y)| <= 1 for
                               * |y| <= it: INFINITY for the A-stable methods, NAN for the adaptive ones */
    ode_mode_matrix_fn mode_matrix; /* NULL for the adaptive solvers and the closed form */
} ode_method_info;

/* The row of `method`, or NULL when it is not one. */
const ode_method_info *ode_method_about(ode_method method);
/* The row of the spring's closed form, "exact" (spring.c computes it). */
const ode_method_info *ode_closed_form_about(void);

typedef struct {
    ode_method method;
    size_t dim;
    double *k1, *k2, *k3, *k4, *tmp;  /* work arrays, dim each (one allocation) */
    double *last_y, *last_a;          /* velocity Verlet's saved end of step and its force (force_of_position) */
    ode_rhs_fn last_rhs;              /* ... and the system they belong to */
    void *last_params;
    bool have_last;
    double *jac;                      /* the implicit methods' dim x dim Newton matrix */
    struct gsl_permutation_struct *perm;
    unsigned long rhs_evals;          /* right-hand-side evaluations so far (the cost the lab compares) */
    unsigned long jac_evals;          /* Jacobian evaluations (and LU factorisations) so far */
} ode_stepper;

/* Returns 0; NUMLAB_ERR_INPUT for dim == 0, a method not in the table, or an odd dim for semi-implicit and Verlet
 * (a position-velocity split); NUMLAB_ERR_NOMEM. */
int ode_stepper_init(ode_stepper *st, ode_method method, size_t dim);
void ode_stepper_destroy(ode_stepper *st);
/* Advances y in place from t to t + h. Returns 0, the rhs's or jac's nonzero code (y is then unspecified),
 * NUMLAB_ERR_INPUT for an implicit method without sys->jac (or a method not in the table), or ODE_NEWTON_FAILED
 * (a singular Newton matrix, or no convergence).
 * The implicit methods solve u = y + theta h f(t + theta h, u) (theta 1: backward Euler, u = y'; theta 1/2: the
 * midpoint, y' = 2u - y) by Newton's method from u = y, with the Jacobian at the step's start, until the update is
 * below 1e-13 of the state. On a linear system (the spring, a linear network) the first iteration is exact and the
 * second confirms it: two evaluations of f, one of the Jacobian and one LU a step. TR-BDF2 solves its two stages
 * the same way with one matrix I - d h J(t, y): five evaluations, one Jacobian and one LU a step on a linear system. */
int ode_stepper_apply(ode_stepper *st, const ode_system *sys, double t, double h, double *y);
/* TR-BDF2's constants (gamma = 2 - sqrt 2): stage 1 is u = w + d h f(u) with w = y + d h f(y) (the trapezoidal rule
 * over gamma h), stage 2 the same equation with w = a y_gamma - b y, a = 1 / (gamma (2 - gamma)), b = (1 - gamma)^2 /
 * (gamma (2 - gamma)) (BDF2 through y, y_gamma and the end; its coefficient of h f, (1 - gamma) / (2 - gamma), is d
 * at this gamma). network-lab's sparse Newton takes the same stages. */
#define ODE_TR_BDF2_GAMMA 0.5857864376269049   /* 2 - sqrt 2 */
#define ODE_TR_BDF2_D 0.2928932188134524       /* gamma / 2 = 1 - 1 / sqrt 2 */
#define ODE_TR_BDF2_A 1.2071067811865475       /* (sqrt 2 + 1) / 2 */
#define ODE_TR_BDF2_B 0.20710678118654757      /* (sqrt 2 - 1) / 2 */
#define ODE_NEWTON_FAILED NUMLAB_ERR_CONVERGE  /* the implicit step's Newton matrix was singular, or its iteration
                                                * did not converge in 50 iterations */

/* True when y holds a non-finite value or any |y_i| > limit: the trajectory has "diverged". */
bool ode_state_diverged(const double *y, size_t dim, double limit);

/* The edge of a stability region along a ray: the largest step h before the first one at which stable(ctx, h) is
 * false, by a geometric scan from h0 (factor grow > 1) and bisection to a relative width tol. 0 when stable(h0) is
 * false, +inf when it holds up to h0 * span. Used for the step limits (spring.c, net_limits.c). */
double ode_stability_edge(bool (*stable)(void *ctx, double h), void *ctx, double h0, double grow, double span,
                          double tol);

/* --- GSL odeiv2 references -------------------------------------------------------------------------------- */

typedef enum {
    ODE_GSL_RK4,     /* fixed step; GSL's rk4 takes a full step and two half steps and returns the half
                      * steps' result (the difference is its error estimate) */
    ODE_GSL_RKF45,   /* adaptive, lands exactly on each output time */
    ODE_GSL_RK8PD,   /* adaptive, the high-accuracy "truth" */
    ODE_GSL_MSBDF,   /* adaptive implicit multistep, uses the analytic Jacobian (stiff systems) */
    ODE_GSL_COUNT
} ode_gsl_kind;

typedef struct ode_gsl ode_gsl;

/* h: the fixed step (gsl-rk4) or the initial step (adaptive); tol: absolute and relative tolerance of the adaptive
 * kinds (ignored by gsl-rk4). Returns NULL when out of memory, or for msbdf without sys->jac. The system is copied. */
ode_gsl *ode_gsl_new(ode_gsl_kind kind, const ode_system *sys, double h, double tol);
void ode_gsl_free(ode_gsl *g);
/* Advances y from *t to t1 (fixed kind: in steps of h; t1 - *t should be a multiple of h). Returns 0, or nonzero
 * when GSL gave up (step size underflow, rhs failure, too many steps); *t is updated either way. */
int ode_gsl_advance(ode_gsl *g, double *t, double t1, double *y);
/* Number of right-hand-side evaluations so far (the cost the lab compares). */
unsigned long ode_gsl_rhs_evals(const ode_gsl *g);
/* The row of a GSL solver in the method table, or NULL when it is not one. */
const ode_method_info *ode_gsl_about(ode_gsl_kind kind);
/* Its name ("?" when it is not one). */
const char *ode_gsl_name(ode_gsl_kind kind);

/* --- stability regions in the complex plane z = h lambda (ode_region.c) ------------------------------------ */

/* The stability function R(z) of a method defined on any first-order system (ODE_APPLIES_FIRST_ORDER): its step on
 * y' = lambda y multiplies y by R(h lambda). Such a method commutes with a linear change of variables, so on the mode
 * whose roots are z and conj z (w2 = |z|^2, g = -2 Re z, h = 1) its step matrix is R(A), and R(z) is its eigenvalue
 * on A's eigenvector (1, z): M[0] + M[1] z, read from the row's mode_matrix. Returns 0, or -1 (NAN) for a row without
 * a step matrix or one that needs the second-order layout (semi, verlet: they treat x and v differently). */
int ode_stability_function(const ode_method_info *info, double re, double im, double *r_re, double *r_im);
/* How much a step grows the mode whose roots are z and conj z: |R(z)| where there is a stability function, else the
 * spectral radius of the step matrix (semi and Verlet: their region is drawn for that mode). NAN without a matrix;
 * +inf at a pole. The stability region is where it is <= 1. */
double ode_amplification_at(const ode_method_info *info, double re, double im);

typedef struct {
    double x, y;  /* z = x + i y */
} ode_point;

/* The boundary |R(z)| = 1 of a method's region in the box {xmin, xmax, ymin, ymax}, traced by marching squares:
 * ode_amplification_at - 1 at the vertices of an nx x ny grid (vertex i at xmin + (xmax - xmin) i / nx), and on every
 * cell edge whose ends lie on either side of 1 (> 1 against <= 1) the crossing found by bisection along the edge to
 * 1e-15 of the box. Writes at most max points to out (edges in row-major order, horizontal edges first) and returns
 * how many there are in all (more than max: the rest were left out); 0 when the box or grid is not usable. */
size_t ode_region_boundary(const ode_method_info *info, const double box[4], int nx, int ny, ode_point *out,
                           size_t max);

#endif
