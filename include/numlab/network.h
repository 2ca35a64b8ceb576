/* network: 2-D networks of point masses joined by springs and dampers (the network post).
 *
 * A network holds the masses (position at rest, mass, pinned) and the springs (masses i and j, stiffness k, rest
 * length L, damping c), optional gravity, and the force law. The state of a simulation is one array of 4n doubles in
 * the structure-of-arrays layout the ode steppers expect (positions first, then velocities, ode.h):
 *
 *     y = [x_0 .. x_{n-1}, y_0 .. y_{n-1}, vx_0 .. vx_{n-1}, vy_0 .. vy_{n-1}]
 *
 * so the same network can drive several states side by side (one per integrator).
 *
 * Forces. With d = p_j - p_i, l = |d|, u = d / l and dv = v_j - v_i, spring s pulls mass i by
 *     F_i = (k (l - L) + c (dv . u)) u,   F_j = -F_i           (Hooke's law plus a damper along the spring)
 * Coincident masses (l = 0) have no direction: the spring exerts no force there (never NaN). The network post's
 * "elongation vector" law, F_i = k sign(l - L) u + c dv, is available only as NET_LAW_UNIT_ELONGATION, a
 * pitfall: its spring force has the same size whatever the stretch.
 *
 * Pinned and held masses have inverse mass 0: they do not accelerate and gravity does not act on them. Dragging a
 * mass is net_hold (put it there, velocity 0, hold it) called once per pointer move, and net_release (then
 * net_integrator_reset for the GSL solvers, which remember the trajectory).
 *
 * Ownership: net_new/net_free; every array in the struct belongs to the network. Read the fields freely; change
 * the topology only through net_add_mass / net_add_spring (they keep the fast kernel's index consistent).
 * Nothing allocates per step. Functions that can fail return NET_OK (0) or a negative NET_ERR_*. */
#ifndef NUMLAB_NETWORK_H
#define NUMLAB_NETWORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "numlab/ode.h"

#define NET_OK 0
#define NET_ERR_INPUT (-1)   /* bad input (a message says which and why) */
#define NET_ERR_MEMORY (-2)  /* out of memory */

typedef enum {
    NET_LAW_HOOKE,            /* k (|d| - L) d/|d|: the physics */
    NET_LAW_UNIT_ELONGATION,  /* PITFALL: the network post's unit "elongation" vector, k sign(|d| - L) d/|d| */
    NET_LAW_COUNT
} net_force_law;

typedef struct net_runs net_runs;  /* private: the fast kernel's index of the springs */

typedef struct {
    size_t n_masses, n_springs;
    /* masses, n_masses each */
    double *rest_x, *rest_y;  /* the initial (rest) configuration, m */
    double *mass;             /* kg, > 0 */
    double *inv_mass;         /* 1/mass, or 0 while pinned or held */
    unsigned char *pinned, *held;
    /* springs, n_springs each */
    uint32_t *si, *sj;        /* the two masses, si != sj */
    double *k, *rest, *damp;  /* N/m > 0, m >= 0, N s/m >= 0 */
    double gravity_x, gravity_y;  /* m/s^2, acts on free masses */
    net_force_law law;
    /* private */
    size_t cap_masses, cap_springs;
    double *force;            /* 4 n work array of the fused steps (forces; Verlet's first accelerations) */
    net_runs *runs;
} net_network;

net_network *net_new(void);
void net_free(net_network *net);

/* Appends a mass; returns NET_OK, NET_ERR_INPUT (non-finite position, m not > 0, or more than NET_MAX_MASSES) or
 * NET_ERR_MEMORY. Its index is the previous n_masses. */
#define NET_MAX_MASSES 4000000u
#define NET_MAX_SPRINGS 16000000u
int net_add_mass(net_network *net, double x, double y, double m, bool pinned);
/* Appends a spring between existing masses i != j with k > 0, rest >= 0, c >= 0 (all finite). */
int net_add_spring(net_network *net, size_t i, size_t j, double k, double rest, double c);

void net_set_gravity(net_network *net, double gx, double gy);
void net_set_pinned(net_network *net, size_t i, bool pinned);
/* Uniform overrides (the lab's --k, --m, --c); the caller validates the values. */
void net_set_all_stiffness(net_network *net, double k);
void net_set_all_damping(net_network *net, double c);
void net_set_all_masses(net_network *net, double m);

const char *net_law_name(net_force_law law);
int net_law_parse(const char *name, net_force_law *out);  /* 0, or -1 for an unknown name */

/* --- state ------------------------------------------------------------------------------------------------- */

static inline size_t net_dim(const net_network *net) { return 4 * net->n_masses; }
/* y = the rest configuration, at rest. */
void net_rest_state(const net_network *net, double *y);
/* Adds to every free mass's velocity a reproducible kick, each component uniform in [-v, v] (GSL mt19937). */
int net_kick(const net_network *net, double *y, double v, unsigned long seed);
/* Holds mass i at (px, py) with velocity 0 until net_release: the drag of the lab. Call again to move it. */
void net_hold(net_network *net, double *y, size_t i, double px, double py);
void net_release(net_network *net, size_t i);
/* The mass nearest to (px, py) in state y (the first of equals); n_masses when the network is empty. */
size_t net_nearest_mass(const net_network *net, const double *y, double px, double py);

/* --- forces and the ode system ----------------------------------------------------------------------------- */

/* The spring forces (no gravity) on every mass: fx = force[0..n-1], fy = force[n..2n-1]. Uses the fast kernel for
 * Hooke's law. */
void net_forces(const net_network *net, const double *y, double *force);
/* The same by one plain loop over the spring list: the reference the fast kernel is tested against. */
void net_forces_reference(const net_network *net, const double *y, double *force);
/* The force one spring exerts on its first mass, given d = p_j - p_i and dv = v_j - v_i. */
void net_spring_force(net_force_law law, double k, double rest, double c, const double d[2], const double dv[2],
                      double f[2]);

/* y' = f(y) for the generic steppers and GSL, with the analytic Jacobian (dense, (4n)^2: small networks only). */
ode_system net_system(net_network *net);
int net_rhs(double t, const double *y, double *dydt, void *net);
int net_jacobian(double t, const double *y, double *dfdy, double *dfdt, void *net);

/* One semi-implicit Euler step fused with the fast force kernel: the same arithmetic, bit for bit, as
 * ode_stepper_apply(ODE_SEMI_IMPLICIT) on net_system, without the generic interface's extra passes. */
void net_step_semi(net_network *net, double h, double *y);
/* One velocity Verlet step, fused the same way: v_h = v + h/2 a0, x += h v_h, v = v_h + h/2 a1, with a1's dampers
 * at the predicted velocity v + h a0 (no equation to solve; second order). Two force evaluations a step. */
void net_step_verlet(net_network *net, double h, double *y);

/* --- energy and momentum ----------------------------------------------------------------------------------- */

typedef struct {
    double kinetic;   /* sum m |v|^2 / 2 */
    double spring;    /* sum k (|d| - L)^2 / 2 (the network post's law: k ||d| - L|, the potential of its force) */
    double gravity;   /* - sum m g . p over unpinned masses */
    double total;
} net_energy;

net_energy net_energies(const net_network *net, const double *y);
void net_momentum(const net_network *net, const double *y, double p[2]);
/* 1e12 times the state's scale (at least 1): past it, or at a non-finite value, a run has diverged. */
double net_divergence_limit(const double *y0, size_t dim);

/* --- integrators ------------------------------------------------------------------------------------------- */

typedef enum {
    NET_EXPLICIT,    /* "explicit": explicit Euler (the network post's method) */
    NET_SEMI,        /* "semi": semi-implicit Euler, fused fast path */
    NET_RK4,         /* "rk4": classical RK4 through ode.h */
    NET_GSL_RK4,     /* "gsl-rk4": GSL's rk4, a full step and two half steps; it returns the half steps' result */
    NET_GSL_RKF45,   /* "gsl-rkf45" */
    NET_GSL_RK8PD,   /* "gsl-rk8pd": the truth */
    NET_GSL_MSBDF,   /* "gsl-msbdf": implicit, analytic Jacobian; at most NET_DENSE_MAX_MASSES masses */
    NET_VERLET,      /* "verlet": velocity Verlet (half kick, drift, half kick), fused; second order */
    NET_BACKWARD_EULER,  /* "backward-euler": implicit Euler, its equations solved by Newton's method (sparse
                          * linear solves, net_implicit.c); stable at any step */
    NET_BACKWARD_EULER_1,  /* "backward-euler-1": the first Newton iterate only, the forces linearised about the
                            * step's start (Baraff and Witkin): backward Euler on a linear network, not on a
                            * nonlinear one, where it can gain energy */
    NET_MIDPOINT,    /* "midpoint": the implicit midpoint rule through ode.h (Newton on the dense Jacobian: at most
                      * NET_DENSE_MAX_MASSES masses); stable at any step, keeps an undamped network's energy */
    NET_TR_BDF2,     /* "tr-bdf2": TR-BDF2, second order and L-stable, its two stages solved by backward Euler's
                      * sparse Newton (net_implicit.c) */
    NET_XPBD,        /* "xpbd": position-based dynamics with compliance (Macklin et al. 2016): S substeps of I
                      * Gauss-Seidel sweeps over the springs as distance constraints (net_xpbd.c) */
    NET_PBD,         /* "pbd": the same without the multiplier's accumulation: plain PBD, whose stiffness grows
                      * with the iteration count */
    NET_METHOD_COUNT
} net_method;

#define NET_DENSE_MAX_MASSES 400u  /* the methods on a dense Jacobian (4n x 4n): gsl-msbdf, midpoint */
/* True for the methods that need a dense Jacobian, and so at most NET_DENSE_MAX_MASSES masses. */
bool net_method_dense(net_method method);

/* The method's row of ode.h's method table (its name, order, evaluations a step, ...), NULL when it is not one. */
const ode_method_info *net_method_about(net_method method);
const char *net_method_name(net_method method);
int net_method_parse(const char *name, net_method *out);
/* "explicit, semi, ...": every name, in the enum's order, for messages. */
const char *net_method_names(void);
/* True for the methods with a fixed step (and so a largest stable step, net_modes.limit); false for GSL's
 * adaptive ones. */
bool net_method_fixed_step(net_method method);

typedef struct net_integrator net_integrator;

/* h: the step; tol: the adaptive GSL solvers' absolute and relative tolerance. Returns NULL when out of memory or
 * when a dense method (net_method_dense) is asked for a network with more than NET_DENSE_MAX_MASSES masses. */
net_integrator *net_integrator_new(net_network *net, net_method method, double h, double tol);
void net_integrator_free(net_integrator *it);
/* Advances y from *t to *t + h. Returns 0, or nonzero when a GSL solver gave up (backward-euler: Newton's method
 * or a linear solve did not converge, even on h / 256; y is then unchanged). */
int net_integrator_step(net_integrator *it, double *t, double *y);

/* What backward Euler's (or TR-BDF2's, both stages) last step took: Newton iterations (each a sparse linear solve,
 * a split step's failed attempts included; backward-euler-1 always 1), line-search halvings, substeps (1, or more
 * where Newton could not
 * take the whole step and halved it), and the largest relative residual of the equations of the substeps taken. */
typedef struct {
    int iterations, halvings, substeps;
    double residual;
} net_newton_stats;
/* False (and *out untouched) for the methods net_implicit.c does not step (all but backward-euler, backward-euler-1
 * and tr-bdf2). */
bool net_integrator_newton(const net_integrator *it, net_newton_stats *out);
/* XPBD's and PBD's substeps S (1..NET_XPBD_MAX_SUBSTEPS) and iterations I a substep (1..NET_XPBD_MAX_ITERATIONS):
 * a step of h is S substeps of h / S, each I sweeps over the springs. NET_ERR_INPUT for another method or out of
 * range. An integrator starts at NET_XPBD_DEFAULT_SUBSTEPS x NET_XPBD_DEFAULT_ITERATIONS. */
#define NET_XPBD_DEFAULT_SUBSTEPS 1
#define NET_XPBD_DEFAULT_ITERATIONS 20
#define NET_XPBD_MAX_SUBSTEPS 10000
#define NET_XPBD_MAX_ITERATIONS 100000
int net_integrator_set_xpbd(net_integrator *it, int substeps, int iterations);
/* False (and nothing written) for the methods that are not xpbd or pbd. */
bool net_integrator_xpbd(const net_integrator *it, int *substeps, int *iterations);
/* One XPBD distance-constraint projection (Macklin, Mueller, Chentanez 2016, eq. 18 with the damping of eq. 26):
 * the constraint C = |xj - xi| - rest between masses of inverse mass wi and wj, at the positions xi, xj, which were
 * prev_i, prev_j at the substep's start; alpha_t = alpha / hs^2 = 1 / (k hs^2), gamma = alpha_t (hs^2 beta) / hs =
 * c / (k hs); lambda the multiplier so far. Returns
 *     dlambda = (-C - alpha_t lambda - gamma grad C . (x - x_prev)) / ((1 + gamma) (wi + wj) + alpha_t)
 * and the position corrections dxi = -wi u dlambda, dxj = wj u dlambda (u = (xj - xi) / |xj - xi|); 0 and no
 * correction for coincident masses or wi + wj = 0. */
double net_xpbd_project(const double xi[2], const double xj[2], const double prev_i[2], const double prev_j[2],
                        double wi, double wj, double rest, double alpha_t, double gamma, double lambda,
                        double dxi[2], double dxj[2]);
/* Forgets what the adaptive GSL solvers learnt about the trajectory (step size, msbdf's history): call it after
 * changing y or the network between steps (net_hold, net_release, a new k). NET_OK or NET_ERR_MEMORY. */
int net_integrator_reset(net_integrator *it);

/* --- presets and files ------------------------------------------------------------------------------------- */

typedef struct {
    long n;          /* size: chain masses, grid side; ignored by "four" */
    double k, m, c;  /* per spring / per mass */
} net_preset_params;

/* The names, comma-separated, for messages: "four, chain, grid". */
const char *net_preset_names(void);
/* The defaults of a preset (at its default size); returns -1 for an unknown name. */
int net_preset_defaults(const char *name, net_preset_params *out);
/* The defaults at size n (the default size when n is out of range): the grid's k grows as (n - 1), c as
 * sqrt(n - 1), so that the cloth stretches under its weight by about the same fraction at every n. */
int net_preset_defaults_at(const char *name, long n, net_preset_params *out);
/* The smallest and largest n a preset accepts (both 0 for "four", which has a fixed size). */
int net_preset_n_range(const char *name, long *lo, long *hi);
/* Builds a preset (net_presets.c documents each layout). NET_ERR_INPUT for an unknown name or n out of range. */
int net_preset(const char *name, const net_preset_params *p, net_network **out);

typedef struct {
    size_t max_masses, max_springs, max_line, max_bytes;
} net_limits;

net_limits net_default_limits(void);
/* Parses the text format (docs/network.md) from len bytes (no terminator needed). On error returns NET_ERR_INPUT
 * with "NAME:LINE: what was expected" in err, or NET_ERR_MEMORY; *out is set only on success. */
int net_parse(const char *name, const char *text, size_t len, const net_limits *lim, net_network **out, char *err,
              size_t errlen);
/* Reads and parses a file: a regular file of at most max_bytes (a FIFO or device is refused without waiting, the
 * size is checked before reading), without NUL bytes. Errors as net_parse, or about the file itself:
 * "PATH: cannot read: No such file or directory", "PATH: is a FIFO (allowed: a regular file of at most 256 MiB)". */
int net_load(const char *path, net_network **out, char *err, size_t errlen);
/* The same, the file's own errors naming the option: "--file: 'PATH' is a FIFO (allowed: ...)". */
int net_load_as(const char *opt, const char *path, net_network **out, char *err, size_t errlen);

/* --- normal modes ------------------------------------------------------------------------------------------- */

/* The state a network runs at, about which its modes and step limits hold (net_equilibrium.c). */
typedef enum {
    NET_STATE_REST,         /* the rest configuration: every force cancels there already (no gravity, no pre-stress) */
    NET_STATE_EQUILIBRIUM,  /* the static equilibrium under gravity (a cloth's sagged shape) or of a pre-stressed
                             * network, found by Newton's method from rest */
    NET_STATE_FALLING       /* nothing pinned under gravity: the network falls, and in the falling frame it moves as
                             * without gravity, about the springs' own equilibrium */
} net_state;

typedef struct {
    net_state state;
    int iterations;   /* Newton's iterations from rest (0: rest was the equilibrium) */
    double residual;  /* |the free masses' net forces| / |the forces that cancel there| at the result (2-norms) */
} net_equilibrium_info;

/* "rest", "equilibrium", "falling". */
const char *net_state_name(net_state state);
/* The static equilibrium: y (net_dim doubles) = its positions, velocities 0, found by Newton's method on the
 * tangent stiffness from rest (pinned masses fixed) until the residual is below 1e-12. NET_ERR_INPUT with a message
 * for the network post's law, no free masses or more than NET_MODES_MAX_DOF free coordinates, coincident masses at
 * rest, or no equilibrium (a part joined to no pin falls for ever); NET_ERR_MEMORY. */
int net_equilibrium(const net_network *net, double *y, net_equilibrium_info *info, char *err, size_t errlen);

#define NET_MODES_MAX_DOF 1200u  /* a dense eigenproblem: about 1.5 s at this size */
#define NET_COUPLED_MAX_DOF 400u  /* damping that couples the modes: A's 2n x 2n eigenproblem, up to this */
#define NET_VERLET_MAX_DOF 200u   /* ... and Verlet's 2n x 2n step matrix, bisected, up to this (NAN beyond) */

/* How the damped step limits were found (net_modes.damping). */
typedef enum {
    NET_DAMPING_NONE,     /* no dampers: the damped limits are the undamped ones */
    NET_DAMPING_MODAL,    /* the damping matrix is diagonal in the normal modes (Rayleigh: c/k the same for every
                           * spring at rest length): one exact 2x2 step matrix per mode */
    NET_DAMPING_COUPLED,  /* it couples the modes (a sagged cloth: its tension's geometric stiffness is not
                           * proportional to its dampers): exact, from A's eigenvalues (explicit, rk4, gsl-rk4) and
                           * the mu = -1 crossing (semi, verlet; net_limits.c) */
    NET_DAMPING_UNKNOWN   /* coupled, and more than NET_COUPLED_MAX_DOF coordinates: limit[] is NAN */
} net_damping;

typedef struct {
    size_t count;      /* 2 x the free masses */
    double *omega2;    /* ascending eigenvalues of M^{-1/2} K M^{-1/2}, (rad/s)^2 (negative: unstable) */
    double omega_max;  /* sqrt of the largest */
    double semi_limit; /* 2 / omega_max: semi-implicit Euler's largest stable step WITHOUT the dampers */
    double rk4_limit;  /* 2 sqrt(2) / omega_max: RK4's, without the dampers */
    /* With the dampers (C: sum c u u^T at the state, the linearised damper force): the largest step h at which the
     * spectral radius rho(M) of each method's step matrix M(h) is still <= 1 (to 1e-12: per mode for modal damping,
     * else for the modes without the rigid motions), to 1e-12 relative (Verlet's by its step matrix: 1e-9;
     * net_limits.c). Stable for h below it. explicit, semi, rk4, gsl-rk4 (two RK4 half steps) and verlet have one;
     * the adaptive GSL methods control their own steps: +inf. An undamped mode makes explicit Euler's limit 0; +inf
     * also means no stiffness at all; NAN: not known (NET_DAMPING_UNKNOWN, Verlet's past NET_VERLET_MAX_DOF). */
    net_damping damping;
    double zeta_top;   /* modal damping: the damping ratio of the stiffest mode; else NAN */
    double limit[NET_METHOD_COUNT];
    /* the state the modes and limits are taken about: the static equilibrium (net_equilibrium) */
    net_equilibrium_info at;
    double *y;         /* net_dim doubles: its positions, velocities 0 (owned) */
} net_modes;

/* Normal modes about the state the network runs at, its static equilibrium (net_equilibrium: the rest
 * configuration when nothing strains it; a cloth's sagged shape under gravity), with Hooke's law and pinned masses
 * fixed. K is the Hessian of the potential energy there, the tangent stiffness (the geometric term of a stretched
 * spring included), C the dampers' matrix there. NET_ERR_INPUT (with a message) for the network post's law,
 * coincident masses joined by a spring of nonzero rest length, no free masses, more than NET_MODES_MAX_DOF free
 * coordinates, or no static equilibrium. */
int net_modes_compute(const net_network *net, net_modes *out, char *err, size_t errlen);
void net_modes_destroy(net_modes *m);
/* "modal", "coupled", ...: how net_modes' limits were found, for the --modes output and the gauge. */
const char *net_damping_name(net_damping d);

#endif
