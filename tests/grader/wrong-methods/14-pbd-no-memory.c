/* Exercise 14. Plain PBD's projection with XPBD's compliance factor: the numerator drops at lambda, so every
 * projection starts afresh and a second one pulls the spring again (stiffer with every iteration). Honest: the
 * constraint by hand (1), the damper with lambda = 0 (1), the momentum (1) and the rigid rod from lambda = 0 (1);
 * everything where lambda is nonzero it gets wrong. deserves: 4 */
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
    const double at = 1 / (s.k * dt * dt), gamma = s.c / (s.k * dt);
    const double moved = u.x * ((q->p[1].x - q->prev[1].x) - (q->p[0].x - q->prev[0].x)) +
                         u.y * ((q->p[1].y - q->prev[1].y) - (q->p[0].y - q->prev[0].y));
    const double dlambda = (-C - gamma * moved) / ((1 + gamma) * w + at);  /* WRONG: no - at lambda */
    *lambda += dlambda;
    q->p[0].x -= q->w[0] * u.x * dlambda, q->p[0].y -= q->w[0] * u.y * dlambda;
    q->p[1].x += q->w[1] * u.x * dlambda, q->p[1].y += q->w[1] * u.y * dlambda;
    return dlambda;
}
