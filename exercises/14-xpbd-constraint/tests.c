/* Exercise 14, the visible tests: the constraint and one projection by hand, the second projection of a compliant
 * spring changing nothing (backward Euler's step reached), a damper by hand, and nothing to move. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"

/* a = (1, 1), b = (4, 5): b - a = (3, 4), length 5; rest 4: C = 1, u = (0.6, 0.8). Coincident: C = -rest, u = 0. */
GR_PROBE(constraint_by_hand)
{
    vec2 u;
    gr_put(out, distance_constraint((vec2){1, 1}, (vec2){4, 5}, 4, &u));
    gr_put(out, u.x), gr_put(out, u.y);
    gr_put(out, distance_constraint((vec2){2, 3}, (vec2){2, 3}, 0.5, &u));
    gr_put(out, u.x), gr_put(out, u.y);
}
GR_REFERENCE(constraint_by_hand)
{
    gr_want(ref, 1, GR_REL(1e-14), "C of a 5 m spring of rest 4");
    gr_want(ref, 0.6, GR_REL(1e-14), "u.x");
    gr_want(ref, 0.8, GR_REL(1e-14), "u.y");
    gr_want(ref, -0.5, GR_REL(1e-14), "C of coincident masses");
    gr_want(ref, 0, GR_EXACT, "u.x of coincident masses");
    gr_want(ref, 0, GR_EXACT, "u.y of coincident masses");
}

/* p0 = (0, 0), p1 = (3, 4) (C = 1 at rest 4, u = (0.6, 0.8)); p1 was (2.5, 4) at the substep's start: grad C .
 * (p - prev) = 0.6 * 0.5 = 0.3. w = (1, 0.5); k = 100, dt = 0.1: at = 1; c = 5: gamma = 0.5; lambda = 0.2:
 *   dlambda = (-1 - 0.2 - 0.5 * 0.3) / (1.5 * 1.5 + 1) = -1.35 / 3.25 = -27/65,   lambda = 0.2 - 27/65 = -14/65,
 *   p0 = -1 * u * dlambda = (16.2, 21.6) / 65,   p1 = (3, 4) + 0.5 u dlambda = (3 - 8.1/65, 4 - 10.8/65). */
GR_PROBE(projection_by_hand)
{
    pair q = {{{0, 0}, {3, 4}}, {{0, 0}, {2.5, 4}}, {1, 0.5}};
    double lambda = 0.2;
    gr_put(out, xpbd_project((spring){100, 5, 4}, &q, 0.1, &lambda));
    gr_put(out, lambda);
    gr_put(out, q.p[0].x), gr_put(out, q.p[0].y), gr_put(out, q.p[1].x), gr_put(out, q.p[1].y);
}
GR_REFERENCE(projection_by_hand)
{
    gr_want(ref, -27.0 / 65, GR_REL(1e-13), "dlambda");
    gr_want(ref, -14.0 / 65, GR_REL(1e-13), "lambda after");
    gr_want(ref, 16.2 / 65, GR_REL(1e-13), "p0.x");
    gr_want(ref, 21.6 / 65, GR_REL(1e-13), "p0.y");
    gr_want(ref, 3 - 8.1 / 65, GR_REL(1e-13), "p1.x");
    gr_want(ref, 4 - 10.8 / 65, GR_REL(1e-13), "p1.y");
}

/* A pinned mass (w0 = 0) and a free one of m = 0.5 (w1 = 2) hanging 1.2 m below it, rest 1 (C0 = 0.2), at rest; k = 40,
 * dt = 0.05: at = 10. The first projection: dlambda = -0.2 / 12 = -1/60, leaving C = 0.2 * 10/12 = 1/6, backward
 * Euler's C0 / (1 + dt^2 k / m) = 0.2 / 1.2 exactly (the constraint is linear along its fixed direction). The second:
 * (-1/6 - 10 (-1/60)) / 12 = 0: the multiplier's memory (at lambda) says the compliant spring is where it should be.
 * (Without it, plain PBD's, the second would pull again: -1/72.) */
GR_PROBE(second_projection_zero)
{
    pair q = {{{0, 0}, {0, -1.2}}, {{0, 0}, {0, -1.2}}, {0, 2}};
    double lambda = 0;
    const spring s = {40, 0, 1};
    gr_put(out, xpbd_project(s, &q, 0.05, &lambda));
    gr_put(out, q.p[1].y);
    gr_put(out, xpbd_project(s, &q, 0.05, &lambda));
    gr_put(out, q.p[1].y);
    gr_put(out, lambda);
}
GR_REFERENCE(second_projection_zero)
{
    gr_want(ref, -1.0 / 60, GR_REL(1e-12), "the first dlambda");
    gr_want(ref, -(1 + 1.0 / 6), GR_REL(1e-12), "y after the first (backward Euler's)");
    gr_want(ref, 0, GR_ABS(1e-15), "the second dlambda");
    gr_want(ref, -(1 + 1.0 / 6), GR_REL(1e-12), "y after the second (unchanged)");
    gr_want(ref, -1.0 / 60, GR_REL(1e-12), "lambda");
}

/* A damper: pinned p0 = (0, 0), p1 = (1.3, 0) moved from (1.2, 0) in the substep, w1 = 1, rest 1, k = 10, c = 2,
 * dt = 0.1: at = 10, gamma = 2; C = 0.3, grad C . (p - prev) = 0.1: dlambda = (-0.3 - 2 * 0.1) / (3 + 10) = -1/26,
 * p1.x = 1.3 - 1/26 = 164/130: backward Euler's m (x - 1.3)/dt^2 = -k (x - 1) - c (x - 1.2)/dt, 130 x = 164. */
GR_PROBE(damper_by_hand)
{
    pair q = {{{0, 0}, {1.3, 0}}, {{0, 0}, {1.2, 0}}, {0, 1}};
    double lambda = 0;
    gr_put(out, xpbd_project((spring){10, 2, 1}, &q, 0.1, &lambda));
    gr_put(out, q.p[1].x), gr_put(out, q.p[1].y);
}
GR_REFERENCE(damper_by_hand)
{
    gr_want(ref, -1.0 / 26, GR_REL(1e-12), "dlambda");
    gr_want(ref, 164.0 / 130, GR_REL(1e-13), "p1.x (backward Euler's)");
    gr_want(ref, 0, GR_EXACT, "p1.y");
}

/* First a projection that moves: p0 = (0, 0) pinned, p1 = (2, 0) free (w1 = 1), rest 1: C = 1, u = (1, 0); k = 100,
 * dt = 0.1: at = 1; no damper; lambda so far 0.7: dlambda = (-1 - 1 * 0.7) / (1 + 1) = -0.85, lambda 0.7 - 0.85 =
 * -0.15, p1.x = 2 - 0.85 = 1.15. Then both masses pinned, or both at one point: no direction or nothing that can
 * move. Each returns 0, moves nothing and leaves lambda at -0.15. */
GR_PROBE(nothing_to_move)
{
    pair free_end = {{{0, 0}, {2, 0}}, {{0, 0}, {2, 0}}, {0, 1}};
    pair pinned = {{{0, 0}, {3, 4}}, {{0, 0}, {3, 4}}, {0, 0}};
    pair same = {{{1, 2}, {1, 2}}, {{1, 2}, {1, 2}}, {1, 1}};
    double lambda = 0.7;
    gr_put(out, xpbd_project((spring){100, 0, 1}, &free_end, 0.1, &lambda));
    gr_put(out, free_end.p[1].x), gr_put(out, lambda);
    gr_put(out, xpbd_project((spring){100, 1, 1}, &pinned, 0.01, &lambda));
    gr_put(out, pinned.p[1].x), gr_put(out, lambda);
    gr_put(out, xpbd_project((spring){100, 1, 1}, &same, 0.01, &lambda));
    gr_put(out, same.p[0].x), gr_put(out, same.p[1].y), gr_put(out, lambda);
}
GR_REFERENCE(nothing_to_move)
{
    gr_want(ref, -0.85, GR_REL(1e-13), "dlambda, one end free");
    gr_want(ref, 1.15, GR_REL(1e-13), "p1.x, one end free");
    gr_want(ref, -0.15, GR_REL(1e-12), "lambda, one end free");
    gr_want(ref, 0, GR_EXACT, "dlambda, both pinned");
    gr_want(ref, 3, GR_EXACT, "p1.x, both pinned");
    gr_want(ref, -0.15, GR_REL(1e-12), "lambda, both pinned");
    gr_want(ref, 0, GR_EXACT, "dlambda, coincident");
    gr_want(ref, 1, GR_EXACT, "p0.x, coincident");
    gr_want(ref, 2, GR_EXACT, "p1.y, coincident");
    gr_want(ref, -0.15, GR_REL(1e-12), "lambda, coincident");
}

const gr_case gr_visible[] = {
    GR_CASE(constraint_by_hand, "C = |b - a| - rest and its gradient u, by hand"),
    GR_CASE(projection_by_hand, "one projection with compliance and damping: dlambda = -27/65"),
    GR_CASE(second_projection_zero, "a compliant spring's second projection changes nothing: backward Euler's step"),
    GR_CASE(damper_by_hand, "the damper: dlambda = -1/26, backward Euler's position"),
    GR_CASE(nothing_to_move, "one end free moves; then both pinned, or coincident: nothing moves, lambda kept"),
};
GR_COUNT_OF(gr_visible);
