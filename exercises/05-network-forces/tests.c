/* Exercise 05, the visible tests: single links worked by hand, a chain, a damper, coincident masses. */
#include <math.h>

#include "exercise.h"
#include "grader.h"

static void put_forces(gr_values *out, size_t n, const vec2 *pos, const vec2 *vel, size_t n_links, const link *l)
{
    vec2 force[8];
    for (size_t m = 0; m < n; m++)
        force[m] = (vec2){1e9, -1e9};   /* garbage: network_forces must overwrite it */
    network_forces(n, pos, vel, n_links, l, force);
    for (size_t m = 0; m < n; m++)
        gr_put(out, force[m].x), gr_put(out, force[m].y);
}

static void want_forces(gr_values *ref, size_t n, const double *fx, const double *fy)
{
    for (size_t m = 0; m < n; m++) {
        gr_want(ref, fx[m], GR_TOL(1e-12, 1e-12), "force on mass %zu, x", m);
        gr_want(ref, fy[m], GR_TOL(1e-12, 1e-12), "force on mass %zu, y", m);
    }
}

static const vec2 still[8];   /* all velocities zero */

/* Masses at (0, 0) and (3, 4): L = 5, rest 4, k = 10: |f| = 10 (5 - 4) = 10 along u = (0.6, 0.8), pulling them
 * together: (6, 8) on mass 0, (-6, -8) on mass 1. */
GR_PROBE(stretched)
{
    const vec2 pos[2] = {{0, 0}, {3, 4}};
    put_forces(out, 2, pos, still, 1, (link[]){{0, 1, 10, 4, 0}});
}
GR_REFERENCE(stretched) { want_forces(ref, 2, (double[]){6, -6}, (double[]){8, -8}); }

/* Masses at (0, 0) and (1, 0), rest 2, k = 3: f = 3 (1 - 2) = -3 along (1, 0): pushed apart, (-3, 0) and (3, 0). */
GR_PROBE(compressed)
{
    const vec2 pos[2] = {{0, 0}, {1, 0}};
    put_forces(out, 2, pos, still, 1, (link[]){{0, 1, 3, 2, 0}});
}
GR_REFERENCE(compressed) { want_forces(ref, 2, (double[]){-3, 3}, (double[]){0, 0}); }

/* A chain at x = 0, 1.5, 3 with rest 1, k = 2: each spring is 0.5 too long and pulls with 1: the end masses are
 * pulled inwards (+1, -1), the middle one equally both ways (0). The link list gives mass 2 before mass 1 once. */
GR_PROBE(chain)
{
    const vec2 pos[3] = {{0, 0}, {1.5, 0}, {3, 0}};
    put_forces(out, 3, pos, still, 2, (link[]){{0, 1, 2, 1, 0}, {2, 1, 2, 1, 0}});
}
GR_REFERENCE(chain) { want_forces(ref, 3, (double[]){1, 0, -1}, (double[]){0, 0, 0}); }

/* A link at its rest length along x, c = 0.5; mass 1 moves with (1, 5): only the part along the link, 1, counts:
 * f = 0.5 * 1 = 0.5 along (1, 0): (0.5, 0) on mass 0 and (-0.5, 0) on mass 1. */
GR_PROBE(damper)
{
    const vec2 pos[2] = {{0, 0}, {2, 0}}, vel[2] = {{0, 0}, {1, 5}};
    put_forces(out, 2, pos, vel, 1, (link[]){{0, 1, 7, 2, 0.5}});
}
GR_REFERENCE(damper) { want_forces(ref, 2, (double[]){0.5, -0.5}, (double[]){0, 0}); }

/* Masses 0 and 1 at the same point: their link has no direction and gives nothing (no NaN). Mass 2 at (1, 3) hangs
 * from mass 1 by a spring of rest 1, k = 1, length 2: (0, 1) on mass 1, (0, -1) on mass 2. */
GR_PROBE(coincident)
{
    const vec2 pos[3] = {{1, 1}, {1, 1}, {1, 3}};
    put_forces(out, 3, pos, still, 2, (link[]){{0, 1, 5, 1, 1}, {1, 2, 1, 1, 0}});
}
GR_REFERENCE(coincident) { want_forces(ref, 3, (double[]){0, 0, 0}, (double[]){0, 1, -1}); }

const gr_case gr_visible[] = {
    GR_CASE(stretched, 1, "a stretched spring on a 3-4-5 triangle, by hand"),
    GR_CASE(compressed, 1, "a compressed spring pushes apart"),
    GR_CASE(chain, 1, "a chain of three masses (and forces overwritten, not added to)"),
    GR_CASE(damper, 2, "the damper takes only the velocity along the link"),
    GR_CASE(coincident, 1, "two masses at one point: no force and no NaN"),
};
GR_COUNT_OF(gr_visible);
