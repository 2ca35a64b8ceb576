/* Exercise 13, the visible tests: the residual and one Newton update by hand, the linear spring in two iterations,
 * a Duffing step whose root is known, and a step that does not converge in the iterations allowed. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"

/* k = 2, k3 = 4, c = 1, m = 0.5, target 1, from x = 2 (u = 1), v = -1, dt = 0.5 (m + c dt = 1, dt^2 = 0.25):
 *   at x_new = 1.5 (w = 0.5): R = 1 (0.5 - 1) + 0.25 (2 * 0.5 + 4 * 0.125) - 0.5 * 0.5 * (-1) = -0.5 + 0.375 + 0.25
 *                              = 0.125;   R' = 1 + 0.25 (2 + 3 * 4 * 0.25) = 2.25
 *   at x_new = 2 (w = 1):      R = 0 + 0.25 (2 + 4) + 0.25 = 1.75;   R' = 1 + 0.25 (2 + 12) = 4.5 */
static const spring hand = {2, 4, 1, 0.5, 1};

GR_PROBE(residual_by_hand)
{
    gr_put(out, residual(hand, (state){2, -1}, 0.5, 1.5));
    gr_put(out, residual_slope(hand, (state){2, -1}, 0.5, 1.5));
    gr_put(out, residual(hand, (state){2, -1}, 0.5, 2));
    gr_put(out, residual_slope(hand, (state){2, -1}, 0.5, 2));
}
GR_REFERENCE(residual_by_hand)
{
    gr_want(ref, 0.125, GR_REL(1e-12), "R at x_new = 1.5");
    gr_want(ref, 2.25, GR_REL(1e-12), "R' at x_new = 1.5");
    gr_want(ref, 1.75, GR_REL(1e-12), "R at x_new = 2");
    gr_want(ref, 4.5, GR_REL(1e-12), "R' at x_new = 2");
}

/* Newton starts at x_new = y.x = 2: the first update is -1.75 / 4.5 = -7/18. With tol = 10 it is accepted at once:
 * x_new = 2 - 7/18 = 29/18, v = (x_new - 2) / 0.5 = -7/9, one iteration. */
GR_PROBE(first_update_by_hand)
{
    const newton_result r = newton_euler_step(hand, (state){2, -1}, 0.5, 10, 1);
    gr_put(out, r.next.x), gr_put(out, r.next.v), gr_put(out, r.iterations), gr_put(out, r.converged);
}
GR_REFERENCE(first_update_by_hand)
{
    gr_want(ref, 29.0 / 18, GR_REL(1e-12), "x after the first update");
    gr_want(ref, -7.0 / 9, GR_REL(1e-12), "v after the first update");
    gr_want(ref, 1, GR_EXACT, "iterations");
    gr_want(ref, 1, GR_EXACT, "converged");
}

/* k3 = 0: R is linear, so the first update lands on the root and the second is zero (to rounding): two iterations,
 * and exercise 10's closed form v' = (v - dt kappa u) / (1 + dt gamma + dt^2 kappa). k = 8, c = 2, m = 2 (kappa 4,
 * gamma 1), target 1, from x = 3, v = -1, dt = 0.5: v' = (-1 - 4) / 2.5 = -2, x' = 3 - 1 = 2. */
GR_PROBE(linear_in_two)
{
    const newton_result r = newton_euler_step((spring){8, 0, 2, 2, 1}, (state){3, -1}, 0.5, 1e-12, 50);
    gr_put(out, r.next.x), gr_put(out, r.next.v), gr_put(out, r.iterations), gr_put(out, r.converged);
}
GR_REFERENCE(linear_in_two)
{
    gr_want(ref, 2, GR_REL(1e-12), "x");
    gr_want(ref, -2, GR_REL(1e-12), "v");
    gr_want(ref, 2, GR_EXACT, "iterations");
    gr_want(ref, 1, GR_EXACT, "converged");
}

/* k = 1, k3 = 3, c = 0, m = 1, target 0.5, from x = 2.5 (u = 2) at rest, dt = 0.5: R(w) = (w - 2) + 0.25 (w + 3 w^3)
 * is 0 at w = 1 (-1 + 0.25 * 4), the one real root (R is increasing): x' = 1.5, v' = (1 - 2) / 0.5 = -2. From w = 2
 * Newton takes 7 iterations to an update below 1e-12 (the slope R' is 10.25 at the start, 3.5 at the root). */
GR_PROBE(duffing_root_by_hand)
{
    const newton_result r = newton_euler_step((spring){1, 3, 0, 1, 0.5}, (state){2.5, 0}, 0.5, 1e-12, 50);
    gr_put(out, r.next.x), gr_put(out, r.next.v), gr_put(out, r.iterations), gr_put(out, r.converged);
}
GR_REFERENCE(duffing_root_by_hand)
{
    gr_want(ref, 1.5, GR_REL(1e-12), "x");
    gr_want(ref, -2, GR_REL(1e-11), "v");
    gr_want(ref, 7, GR_ABS(1), "iterations (7, give or take one)");
    gr_want(ref, 1, GR_EXACT, "converged");
}

/* From u = 100 with k3 = 1e4 and dt = 0.1 the cubic term dominates: each update takes off about a third of w, and
 * the root (near 1) is 17 iterations away. Five are not enough: not converged, the state returned unchanged. */
GR_PROBE(not_converged_said)
{
    const newton_result r = newton_euler_step((spring){1, 1e4, 0, 1, 0}, (state){100, 0}, 0.1, 1e-12, 5);
    gr_put(out, r.next.x), gr_put(out, r.next.v), gr_put(out, r.iterations), gr_put(out, r.converged);
}
GR_REFERENCE(not_converged_said)
{
    gr_want(ref, 100, GR_EXACT, "x (unchanged)");
    gr_want(ref, 0, GR_EXACT, "v (unchanged)");
    gr_want(ref, 5, GR_EXACT, "iterations");
    gr_want(ref, 0, GR_EXACT, "converged");
}

const gr_case gr_visible[] = {
    GR_CASE(residual_by_hand, "the residual R and its slope R' at two positions, by hand"),
    GR_CASE(first_update_by_hand, "the first Newton update from x_new = y.x: -R/R' = -7/18"),
    GR_CASE(linear_in_two, "k3 = 0: two iterations, exercise 10's closed form"),
    GR_CASE(duffing_root_by_hand, "a hardening spring whose step ends at w = 1: x' = 1.5, v' = -2"),
    GR_CASE(not_converged_said, "five iterations where seventeen are needed: not converged, y returned"),
};
GR_COUNT_OF(gr_visible);
