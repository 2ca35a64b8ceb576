/* Exercise 10, the visible tests: steps worked by hand, and the undamped closed forms. */
#include <complex.h>
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"

/* A spring where mass, damping and target all matter: k = 8, c = 2, m = 2 (kappa = k/m = 4, gamma = c/m = 1),
 * target 1, from x = 3, v = -1 (u = x - target = 2), h = 0.5. */
static const spring hand = {8, 2, 2, 1};

static void put_two(gr_values *out, state (*step)(spring, state, double), spring s, state y, double h, int n)
{
    for (int i = 0; i < n; i++) {
        y = step(s, y, h);
        gr_put(out, y.x), gr_put(out, y.v);
    }
}

/* Backward Euler, u' = u + h v' and v' = v + h (-kappa u' - gamma v'), so v' (1 + h gamma + h^2 kappa) = v - h kappa u:
 *   step 1: v' = (-1 - 0.5 * 4 * 2) / (1 + 0.5 + 0.25 * 4) = -5 / 2.5 = -2;   u' = 2 - 1 = 1      (x = 2)
 *   step 2: v' = (-2 - 0.5 * 4 * 1) / 2.5 = -1.6;                            u' = 1 - 0.8 = 0.2  (x = 1.2) */
GR_PROBE(euler_by_hand) { put_two(out, implicit_euler_step, hand, (state){3, -1}, 0.5, 2); }
GR_REFERENCE(euler_by_hand)
{
    gr_want(ref, 2, GR_REL(1e-12), "x after 1 step");
    gr_want(ref, -2, GR_REL(1e-12), "v after 1 step");
    gr_want(ref, 1.2, GR_REL(1e-12), "x after 2 steps");
    gr_want(ref, -1.6, GR_REL(1e-12), "v after 2 steps");
}

/* The implicit midpoint rule, u' = u + h (v + v')/2, v' = v - h kappa (u + u')/2 - h gamma (v + v')/2, so with
 * q = h gamma/2 + h^2 kappa/4 = 0.25 + 0.25 = 0.5:  v' = (v (1 - q) - h kappa u) / (1 + q):
 *   step 1: v' = (-0.5 - 4) / 1.5 = -3;           u' = 2 + 0.25 (-1 - 3) = 1         (x = 2)
 *   step 2: v' = (-1.5 - 2) / 1.5 = -7/3;         u' = 1 + 0.25 (-3 - 7/3) = -1/3    (x = 2/3) */
GR_PROBE(midpoint_by_hand) { put_two(out, implicit_midpoint_step, hand, (state){3, -1}, 0.5, 2); }
GR_REFERENCE(midpoint_by_hand)
{
    gr_want(ref, 2, GR_REL(1e-12), "x after 1 step");
    gr_want(ref, -3, GR_REL(1e-12), "v after 1 step");
    gr_want(ref, 2.0 / 3, GR_REL(1e-12), "x after 2 steps");
    gr_want(ref, -7.0 / 3, GR_REL(1e-12), "v after 2 steps");
}

/* Critical damping (k = 2, c = 4, m = 2: kappa = 1, gamma = 2) at a step of a whole second, from x = 1.5 at rest
 * around a target of 0.5 (u = 1), by hand (x = u + 0.5):
 *   backward Euler (denominator 1 + 2 + 1 = 4):  v = -1/4, u = 3/4;  v = -1/4, u = 1/2;  v = -3/16, u = 5/16
 *   midpoint (q = 1 + 1/4, so 1 - q = -1/4 and 1 + q = 9/4):  v = -4/9, u = 7/9;  v = -8/27, u = 11/27 */
GR_PROBE(critical_whole_seconds)
{
    const spring s = {2, 4, 2, 0.5};
    put_two(out, implicit_euler_step, s, (state){1.5, 0}, 1, 3);
    put_two(out, implicit_midpoint_step, s, (state){1.5, 0}, 1, 2);
}
GR_REFERENCE(critical_whole_seconds)
{
    const double want[] = {0.75, -0.25, 0.5, -0.25, 5.0 / 16, -3.0 / 16, 7.0 / 9, -4.0 / 9, 11.0 / 27, -8.0 / 27};
    for (int i = 0; i < 10; i++)   /* the u values above, moved to the target */
        gr_want(ref, want[i] + (i % 2 ? 0 : 0.5), GR_REL(1e-12), "%s %s after step %d",
                i < 6 ? "backward Euler" : "midpoint", i % 2 ? "v" : "x", (i < 6 ? i : i - 6) / 2 + 1);
}

/* Undamped, z = u + i v / w0 turns by the step's factor R: backward Euler R = 1 / (1 + i y), the midpoint rule
 * R = (1 - i y/2) / (1 + i y/2), y = w0 h. A stiff spring, k = 2e6, m = 2 (w0 = 1000 rad/s), at h = 10 ms (y = 10,
 * five times explicit Euler's... any step explodes explicit Euler; semi-implicit Euler needs y < 2): backward Euler
 * shrinks |z| by sqrt(101) a step and stays on it; the midpoint rule keeps |z| and turns it by 2 atan(5). */
static const spring stiff = {2e6, 0, 2, 0.25};

static void want_undamped(gr_values *ref, double y, int midpoint, int n, double complex z0, double w0, double target)
{
    for (int i = 1; i <= n; i++) {
        double complex r = midpoint ? (1 - I * y / 2) / (1 + I * y / 2) : 1 / (1 + I * y);
        double complex z = cpow(r, i) * z0;
        gr_want_n(ref, target + creal(z), GR_TOL(1e-9, 1e-12), i, "x after %d step", "x after %d steps", i);
        gr_want_n(ref, w0 * cimag(z), GR_TOL(1e-9, 1e-9), i, "v after %d step", "v after %d steps", i);
    }
}

GR_PROBE(stiff_backward_euler) { put_two(out, implicit_euler_step, stiff, (state){1.25, 300}, 0.01, 5); }
GR_REFERENCE(stiff_backward_euler) { want_undamped(ref, 10, 0, 5, 1 + 0.3 * I, 1000, 0.25); }

/* At y = w0 h = 0.5 (k = 0.5, m = 2: w0 = 0.5, h = 1), seven midpoint steps. */
GR_PROBE(midpoint_keeps_energy)
{
    put_two(out, implicit_midpoint_step, (spring){0.5, 0, 2, -1}, (state){0, 0.25}, 1, 7);
}
GR_REFERENCE(midpoint_keeps_energy) { want_undamped(ref, 0.5, 1, 7, 1 + 0.5 * I, 0.5, -1); }

const gr_case gr_visible[] = {
    GR_CASE(euler_by_hand, "backward Euler: two steps with k = 8, c = 2, m = 2, target 1, by hand"),
    GR_CASE(midpoint_by_hand, "implicit midpoint: two steps of the same spring, by hand"),
    GR_CASE(critical_whole_seconds, "critical damping at a step of 1 s: both methods, by hand"),
    GR_CASE(stiff_backward_euler, "a stiff spring at w0 h = 10: backward Euler shrinks by 1 / |1 + 10 i| a step"),
    GR_CASE(midpoint_keeps_energy, "the midpoint rule turns z by (1 - i y/2) / (1 + i y/2): the energy stays"),
};
GR_COUNT_OF(gr_visible);
