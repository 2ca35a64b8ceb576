/* Exercise 13, the hidden tests: other springs against the cubic's root in closed form (reference.h), a run whose
 * energy never rises, the digits doubling, a huge step, a NaN. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* Five steps of five springs (damped or not, targets off 0, u below the target, k3 = 0 among them), each against the
 * root of its cubic, and its velocity (x' - x) / dt. */
static const spring springs[] = {{3, 50, 0.4, 0.7, -2}, {0.5, 2, 0, 2, 1}, {10, 0, 1.5, 1, 0.25},
                                 {1, 1e3, 3, 0.1, 0}, {40, 7, 0, 3, -1}};
static const state starts[] = {{-1, 4}, {-0.5, -3}, {2, 0}, {0.8, -20}, {-3.5, 1}};
static const double steps[] = {0.05, 0.3, 0.2, 0.01, 0.7};

GR_PROBE(roots_of_the_cubic)
{
    for (int i = 0; i < 5; i++) {
        const newton_result r = newton_euler_step(springs[i], starts[i], steps[i], 1e-13, 100);
        gr_put(out, r.next.x), gr_put(out, r.next.v), gr_put(out, r.converged);
    }
}
GR_REFERENCE(roots_of_the_cubic)
{
    for (int i = 0; i < 5; i++) {
        const double x = cubic_root_x(springs[i], starts[i], steps[i]);
        gr_want(ref, x, GR_TOL(1e-12, 1e-12), "spring %d: x", i + 1);
        gr_want(ref, (x - starts[i].x) / steps[i], GR_TOL(1e-10, 1e-10), "spring %d: v", i + 1);
        gr_want(ref, 1, GR_EXACT, "spring %d: converged", i + 1);
    }
}

/* V(u) = k u^2/2 + k3 u^4/4 is convex, so V(u') - V(u) <= V'(u') (u' - u) = dt v' V'(u') and
 * m (v'^2 - v^2)/2 <= m v' (v' - v) = -dt v' (V'(u') + c v'): backward Euler never gains energy, at any step.
 * Undamped, k = 2, k3 = 30, m = 0.5, from u = 1.5 at rest, dt = 0.1 (w dt about 1.6 at the amplitude): 100 steps,
 * whether any step's energy rose above the last's, and the state every 20 steps against the cubic's root. */
static const spring swing = {2, 30, 0, 0.5, 0.25};
static inline double energy(state y)
{
    const double u = y.x - swing.target;
    return 0.5 * swing.m * y.v * y.v + 0.5 * swing.k * u * u + 0.25 * swing.k3 * u * u * u * u;
}
GR_PROBE(energy_never_rises)
{
    state y = {1.75, 0};
    double most = 0;
    for (int n = 1; n <= 100; n++) {
        const newton_result r = newton_euler_step(swing, y, 0.1, 1e-13, 100);
        most = fmax(most, energy(r.next) / energy(y));
        y = r.next;
        if (n % 20 == 0)
            gr_put(out, y.x);
    }
    gr_put(out, most <= 1 + 1e-12);  /* 1: no step gained energy (beyond rounding) */
}
GR_REFERENCE(energy_never_rises)
{
    state y = {1.75, 0};
    for (int n = 1; n <= 100; n++) {
        const double x = cubic_root_x(swing, y, 0.1);
        y = (state){x, (x - y.x) / 0.1};
        if (n % 20 == 0)
            gr_want_n(ref, y.x, GR_TOL(1e-9, 1e-10), n, "x after %d step", "x after %d steps", n);
    }
    gr_want(ref, 1, GR_EXACT, "no step gained energy (1: every ratio E'/E at most 1 + 1e-12)");
}

/* Quadratic convergence: from u = 100 (k3 = 1e4, dt = 0.1) the tolerances 1e-2, 1e-6 and 1e-14, twelve more digits,
 * cost three more iterations, where a linearly convergent iteration would take dozens; the counts as the README
 * defines them. */
GR_PROBE(digits_double)
{
    const double tols[] = {1e-2, 1e-6, 1e-14};
    for (int i = 0; i < 3; i++) {
        const newton_result r = newton_euler_step((spring){1, 1e4, 0, 1, 0}, (state){100, 0}, 0.1, tols[i], 50);
        gr_put(out, r.iterations), gr_put(out, r.next.x);
    }
}
GR_REFERENCE(digits_double)
{
    const double tols[] = {1e-2, 1e-6, 1e-14};
    const spring s = {1, 1e4, 0, 1, 0};
    for (int i = 0; i < 3; i++) {
        gr_want(ref, newton_count(s, (state){100, 0}, 0.1, tols[i], 50), GR_EXACT, "iterations at tol %g", tols[i]);
        gr_want(ref, cubic_root_x(s, (state){100, 0}, 0.1), GR_ABS(tols[i]), "x within tol %g of the root", tols[i]);
    }
}

/* A step of 10 s on a stiff hardening spring (k = 1e4, k3 = 1e5, c = 5): backward Euler all but stops it, and
 * Newton gets there: x' against the root. */
GR_PROBE(huge_step)
{
    const newton_result r = newton_euler_step((spring){1e4, 1e5, 5, 2, 3}, (state){4, 50}, 10, 1e-13, 200);
    gr_put(out, r.next.x), gr_put(out, r.converged);
}
GR_REFERENCE(huge_step)
{
    gr_want(ref, cubic_root_x((spring){1e4, 1e5, 5, 2, 3}, (state){4, 50}, 10), GR_TOL(1e-12, 1e-13), "x");
    gr_want(ref, 1, GR_EXACT, "converged");
}

/* A NaN velocity: no update is ever at most tol (NaN compares false), so the step is not converged and returns y. */
GR_PROBE(nan_not_converged)
{
    const newton_result r = newton_euler_step((spring){1, 1, 0, 1, 0}, (state){1, NAN}, 0.1, 1e-12, 20);
    gr_put(out, r.converged), gr_put(out, r.next.x);
}
GR_REFERENCE(nan_not_converged)
{
    gr_want(ref, 0, GR_EXACT, "converged");
    gr_want(ref, 1, GR_EXACT, "x (y returned)");
}

const gr_case gr_hidden[] = {
    GR_CASE(roots_of_the_cubic, "five springs and steps against the root of the cubic in closed form"),
    GR_CASE(energy_never_rises, "100 undamped steps: the energy never rises, the states against the roots"),
    GR_CASE(digits_double, "quadratic convergence: twelve more digits for three more iterations"),
    GR_CASE(huge_step, "a 10 s step on a stiff hardening spring"),
    GR_CASE(nan_not_converged, "a NaN velocity: not converged, y returned"),
};
GR_COUNT_OF(gr_hidden);
