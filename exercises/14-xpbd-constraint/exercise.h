/* Exercise 14: one XPBD distance-constraint projection with compliance, and its multiplier's update.
 *
 * Macklin, Mueller and Chentanez, "XPBD: Position-Based Simulation of Compliant Constrained Dynamics" (MIG 2016): a
 * spring of stiffness k between two masses is the constraint C = |p1 - p0| - rest with compliance alpha = 1/k. Within
 * a substep of dt, each projection changes its multiplier by (eq. 18, with the damping of eq. 26)
 *   dlambda = (-C - at lambda - gamma grad C . (p - prev)) / ((1 + gamma) (w0 + w1) + at),
 *   at = 1 / (k dt^2),  gamma = c / (k dt)   (at bt / dt with bt = dt^2 c: the damper c along the spring),
 * and moves the masses along the spring: p0 -= w0 u dlambda, p1 += w1 u dlambda, u = (p1 - p0) / |p1 - p0|. */
/* ES: Ejercicio 14: una proyección de XPBD de una restricción de distancia con flexibilidad, y la actualización de su
 * multiplicador.
 *
 * El artículo XPBD de Macklin, Mueller y Chentanez (MIG 2016): un
 * resorte de rigidez k entre dos masas es la restricción C = |p1 - p0| - rest con flexibilidad alpha = 1/k. Dentro de
 * un subpaso dt, cada proyección cambia su multiplicador en (ec. 18, con el amortiguamiento de la ec. 26)
 *   dlambda = (-C - at lambda - gamma grad C . (p - prev)) / ((1 + gamma) (w0 + w1) + at),
 *   at = 1 / (k dt^2),  gamma = c / (k dt)   (at bt / dt con bt = dt^2 c: el amortiguador c a lo largo del resorte),
 * y mueve las masas a lo largo del resorte: p0 -= w0 u dlambda, p1 += w1 u dlambda, u = (p1 - p0) / |p1 - p0|. */
#ifndef EXERCISE_14_H
#define EXERCISE_14_H

typedef struct {
    double x, y;
} vec2;

typedef struct {
    double k;     /* stiffness, > 0: the compliance is alpha = 1/k */
                  /* ES: rigidez, > 0: la flexibilidad es alpha = 1/k */
    double c;     /* damping along the spring, >= 0 (XPBD's beta) */
                  /* ES: amortiguamiento a lo largo del resorte, >= 0 (el beta de XPBD) */
    double rest;  /* rest length, >= 0 */  /* ES: longitud de reposo, >= 0 */
} spring;

typedef struct {
    vec2 p[2];     /* the two masses' positions now: the projection moves them */
                   /* ES: las posiciones de las dos masas ahora: la proyección las mueve */
    vec2 prev[2];  /* their positions at the substep's start */
                   /* ES: sus posiciones al comienzo del subpaso */
    double w[2];   /* inverse masses, 1/m (0: pinned) */  /* ES: masas inversas, 1/m (0: fija) */
} pair;

/* C = |b - a| - rest; *u = (b - a) / |b - a|, the gradient of C with respect to b ({0, 0} when a == b). */
/* ES: C = |b - a| - rest; *u = (b - a) / |b - a|, el gradiente de C respecto de b ({0, 0} si a == b). */
double distance_constraint(vec2 a, vec2 b, double rest, vec2 *u);

/* One projection of the spring on q over a substep dt: dlambda as above, added to *lambda, and the masses moved.
 * Returns dlambda; 0 (nothing moved, *lambda unchanged) when the masses coincide or both are pinned. */
/* ES: Una proyección del resorte sobre q en un subpaso dt: dlambda como arriba, sumado a *lambda, y las masas movidas.
 * Devuelve dlambda; 0 (nada se mueve, *lambda no cambia) si las masas coinciden o ambas están fijas. */
double xpbd_project(spring s, pair *q, double dt, double *lambda);

#endif
