/* Exercise 05, the visible tests: single links worked by hand, a chain, a damper, coincident masses. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"

static void put_forces(gr_values *out, size_t n, const vec2 *pos, const vec2 *vel, size_t n_links, const spring_link *l)
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

/* Every link below has a spring that is stretched or compressed and a damper whose two masses both move, so each
 * term of the force shows. */

/* Masses at (0, 0) and (3, 4): L = 5, u = (0.6, 0.8); rest 3, k = 10: the spring pulls with 10 (5 - 3) = 20. They
 * move with (1, 0) and (0, 1): relative velocity (-1, 1), along u -0.6 + 0.8 = 0.2, c = 2: the damper adds 0.4.
 * 20.4 u = (12.24, 16.32) on mass 0, the opposite on mass 1. */
GR_PROBE(stretched)
{
    const vec2 pos[2] = {{0, 0}, {3, 4}}, vel[2] = {{1, 0}, {0, 1}};
    put_forces(out, 2, pos, vel, 1, (spring_link[]){{0, 1, 10, 3, 2}});
}
GR_REFERENCE(stretched) { want_forces(ref, 2, (double[]){12.24, -12.24}, (double[]){16.32, -16.32}); }

/* Masses at (0, 0) and (1, 0), rest 2.5, k = 3: f = 3 (1 - 2.5) = -4.5 along (1, 0). They approach: velocities
 * (0.5, 0) and (-0.5, 2), relative (-1, 2), along the link -1, c = 1: -1 more. Pushed apart: (-5.5, 0), (5.5, 0). */
GR_PROBE(compressed)
{
    const vec2 pos[2] = {{0, 0}, {1, 0}}, vel[2] = {{0.5, 0}, {-0.5, 2}};
    put_forces(out, 2, pos, vel, 1, (spring_link[]){{0, 1, 3, 2.5, 1}});
}
GR_REFERENCE(compressed) { want_forces(ref, 2, (double[]){-5.5, 5.5}, (double[]){0, 0}); }

/* A chain at x = 0, 1.5, 3 with rest 1, k = 2: each spring is 0.5 too long and pulls with 1. Velocities 0.2, 0.4
 * and 0 along x, c = 0.5: the first link stretches at 0.4 - 0.2 = 0.2, f = 1 + 0.5 * 0.2 = 1.1; the second, listed
 * from mass 2 (u = (-1, 0)), shortens at 0.4: f = 1 + 0.5 (0.4 - 0) (-1) = 0.8. Mass 0: +1.1, mass 1:
 * -1.1 + 0.8 = -0.3, mass 2: -0.8. */
GR_PROBE(chain)
{
    const vec2 pos[3] = {{0, 0}, {1.5, 0}, {3, 0}}, vel[3] = {{0.2, 0}, {0.4, 0}, {0, 0}};
    put_forces(out, 3, pos, vel, 2, (spring_link[]){{0, 1, 2, 1, 0.5}, {2, 1, 2, 1, 0.5}});
}
GR_REFERENCE(chain) { want_forces(ref, 3, (double[]){1.1, -0.3, -0.8}, (double[]){0, 0, 0}); }

/* A link along x, 0.5 longer than its rest of 1.5, k = 2: a pull of 1. c = 0.5; mass 0 moves with (-1, 3), mass 1
 * with (1, 5): the relative velocity (2, 2) counts only along the link, 2: f = 1 + 0.5 * 2 = 2 along (1, 0): (2, 0)
 * on mass 0 and (-2, 0) on mass 1. */
GR_PROBE(damper)
{
    const vec2 pos[2] = {{0, 0}, {2, 0}}, vel[2] = {{-1, 3}, {1, 5}};
    put_forces(out, 2, pos, vel, 1, (spring_link[]){{0, 1, 2, 1.5, 0.5}});
}
GR_REFERENCE(damper) { want_forces(ref, 2, (double[]){2, -2}, (double[]){0, 0}); }

/* Masses 0 and 1 at the same point: their link has no direction and gives nothing (no NaN), however they move.
 * Mass 2 at (1, 3) hangs from mass 1 by a spring of rest 0.5, k = 1, length 2: a pull of 1.5 along (0, 1); the
 * damper (c = 0.5) sees the relative velocity (0.3, -1) - (0, 0.5) along (0, 1): -1.5, so f = 1.5 - 0.75 = 0.75:
 * (0, 0.75) on mass 1, (0, -0.75) on mass 2. */
GR_PROBE(coincident)
{
    const vec2 pos[3] = {{1, 1}, {1, 1}, {1, 3}}, vel[3] = {{2, 2}, {0, 0.5}, {0.3, -1}};
    put_forces(out, 3, pos, vel, 2, (spring_link[]){{0, 1, 5, 1, 1}, {1, 2, 1, 0.5, 0.5}});
}
GR_REFERENCE(coincident) { want_forces(ref, 3, (double[]){0, 0, 0}, (double[]){0, 0.75, -0.75}); }

const gr_case gr_visible[] = {
    GR_CASE(stretched, "a stretched spring and its damper on a 3-4-5 triangle, by hand"),
    GR_CASE(compressed, "a compressed spring (and closing damper) pushes apart"),
    GR_CASE(chain, "a chain of three masses (and forces overwritten, not added to)"),
    GR_CASE(damper, "the damper takes only the velocity along the link"),
    GR_CASE(coincident, "two masses at one point: no force and no NaN"),
};
GR_COUNT_OF(gr_visible);
