/* phase: the geometry of a one-degree-of-freedom step in the phase plane (x, v). A pendulum, the nonlinear system
 * where the energy is not a quadratic form; a disc of initial states advected by a method, its boundary refined as
 * it stretches and its area by Green's theorem on periodic splines through it (the shoelace formula is a drawn
 * polygon's); the determinant of one step's Jacobian (the factor by which a
 * step maps areas); and velocity Verlet's modified ("shadow") energy, which it keeps to O(h^4) where it keeps the
 * energy only to O(h^2).
 *
 * Hairer, Lubich and Wanner, "Geometric Numerical Integration", 2nd ed. (Springer 2006): ch. VI (a symplectic map
 * preserves area: in one degree of freedom, det of its Jacobian is 1) and ch. IX (backward error analysis: a
 * symplectic method is the exact flow of a modified Hamiltonian, up to exponentially small terms).
 *
 * Ownership: a phase_disc owns its points and stepper (phase_disc_init / phase_disc_destroy). SI units. */
#ifndef NUMLAB_PHASE_H
#define NUMLAB_PHASE_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/ode.h"

/* The pendulum m x'' + c x' + k sin(x - target) = 0: a spring's k, c, m and target, with the linear force k u made
 * k sin u (u = x - target, an angle in rad). Small swings have the spring's w0 = sqrt(k/m) (g / L for a pendulum of
 * length L); u = pi is the upright position, the separatrix's saddle. */
typedef struct {
    double k, c, m, target;
} phase_pendulum;

/* y = [x, v], its analytic Jacobian (k cos u / m); force_of_position when c = 0. p must outlive the system. */
ode_system phase_pendulum_system(const phase_pendulum *p);
/* m v^2/2 + k (1 - cos u): 0 at rest, 2 k at the top (the separatrix's energy). */
double phase_pendulum_energy(const phase_pendulum *p, double x, double v);
/* The period of the undamped swing of amplitude A (0 <= A < pi): 4 K(sin(A/2)) / w0, K the complete elliptic integral
 * of the first kind of that modulus; 2 pi / w0 at A = 0, INFINITY at A >= pi (the separatrix never comes back). */
double phase_pendulum_period(const phase_pendulum *p, double amplitude);

/* Velocity Verlet's modified energy to O(h^2) on m x'' = -V'(x), H = m v^2/2 + V (HLW IX.4, Stormer-Verlet as the
 * symmetric splitting: the potential's kicks of h/2 about the kinetic drift of h):
 *   H~ = H + h^2 ( V''(u) (m v)^2 / (12 m^2) - V'(u)^2 / (24 m) )
 * with the pendulum's V = k (1 - cos u), V' = k sin u, V'' = k cos u (undamped: c is not read). Along Verlet's steps
 * H~ varies by O(h^4), H by O(h^2). On the linear spring this is, to O(h^4), the exact invariant
 * m v^2/2 + (1 - (w0 h)^2/4) k u^2/2 (spring.h's spring_modified_energy), up to a factor 1 + (w0 h)^2/6. */
double phase_verlet_shadow(const phase_pendulum *p, double h, double x, double v);

/* The determinant of the Jacobian of one step of h of `method` from y = [x, v] at t, by central differences of the
 * step map (relative step 1e-6 of the state's scale, at least 1e-6 absolute; its error is O(1e-11)). Returns 0, or
 * the stepper's code. */
int phase_step_det(ode_method method, const ode_system *sys, double t, double h, const double y[2], double *det);

/* The area enclosed by the closed polygon (x[i], v[i]), i = 0..n-1 (the shoelace formula; positive when
 * counter-clockwise). */
double phase_shoelace(const double *x, const double *v, size_t n);

/* A disc of initial states, its boundary sampled at angles theta, each point advected by the method. A segment
 * stretched past PHASE_DISC_STRETCH times the start's spacing (in units of the disc's radii) gets the point at its
 * middle angle, advected from the start through every step taken so far, while there is room. */
#define PHASE_DISC_STRETCH 2.0

typedef struct {
    ode_method method;
    ode_system sys;
    double h;
    double centre[2], radius[2];  /* the initial ellipse (x, v): centre and semi-axes */
    size_t steps;                 /* taken */
    size_t n, max;                /* points, room */
    double *theta, *x, *v;        /* one allocation: max each */
    double spacing;               /* the start's spacing, 2 pi / n0 (in radii) */
    bool full;                    /* a segment wanted a point and there was no room: the area is the polygon's */
    ode_stepper st;
} phase_disc;

/* n points (>= 8) with room for max (>= n). Returns 0, NUMLAB_ERR_INPUT (n, max, the radii, a method the stepper
 * refuses), or NUMLAB_ERR_NOMEM. sys is copied; its params must outlive the disc. */
int phase_disc_init(phase_disc *d, ode_method method, const ode_system *sys, double h, const double centre[2],
                    const double radius[2], size_t n, size_t max);
void phase_disc_destroy(phase_disc *d);
/* One step of h for every point, then the refinement. Returns 0, or the stepper's code (the disc is then spoilt). */
int phase_disc_advance(phase_disc *d);
/* The current boundary's area, and the start's through the same angles (its ratio to it is what the steps did to
 * areas: det(J)^n on a linear system to rounding, whatever the points): 1/2 int (x v' - v x') dtheta on periodic
 * cubic splines of x(theta) and v(theta), O(dtheta^4) where the polygon's shoelace is O(dtheta^2) (2.6e-7 of an
 * ellipse at 64 points). NAN when out of memory. */
double phase_disc_area(const phase_disc *d);
double phase_disc_start_area(const phase_disc *d);

#endif
