/* Exercise 14. XPBD without the damping of eq. 26: gamma taken as 0, so the damper c never acts. Honest: every case
 * without a damper or without motion in the substep: the constraint (1), the projection of a compliant spring twice
 * (2), nothing to move (1), the momentum (1), the chain (2) and the rigid rod (1); the damped projections by hand and
 * the six pairs (some damped) it gets wrong. deserves: 8 */
#include <math.h>

#include "exercise.h"

double distance_constraint(vec2 a, vec2 b, double rest, vec2 *u)
{
    const double dx = b.x - a.x, dy = b.y - a.y, l = hypot(dx, dy);
    *u = l > 0 ? (vec2){dx / l, dy / l} : (vec2){0, 0};
    return l - rest;
}

double xpbd_project(spring s, pair *q, double dt, double *lambda)
{
    vec2 u;
    const double C = distance_constraint(q->p[0], q->p[1], s.rest, &u);
    const double w = q->w[0] + q->w[1];
    if ((u.x == 0 && u.y == 0) || w == 0)
        return 0;
    const double at = 1 / (s.k * dt * dt);
    const double dlambda = (-C - at * *lambda) / (w + at);  /* WRONG: no damping term */
    *lambda += dlambda;
    q->p[0].x -= q->w[0] * u.x * dlambda, q->p[0].y -= q->w[0] * u.y * dlambda;
    q->p[1].x += q->w[1] * u.x * dlambda, q->p[1].y += q->w[1] * u.y * dlambda;
    return dlambda;
}
