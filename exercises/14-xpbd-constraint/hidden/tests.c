/* Exercise 14, the hidden tests: six other pairs against the paper's update (reference.h), the momentum the
 * corrections keep, Gauss-Seidel's sweeps over a chain converging to backward Euler's step, the rigid limit. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "reference.h"

/* Six pairs: moving and still, one end pinned, damped and not, a multiplier already nonzero, steps from 1e-4 to 0.1 s. */
static const spring springs[] = {{50, 0.3, 1}, {1e4, 0, 0.2}, {3, 1.5, 2.5}, {200, 10, 0.05}, {7, 0, 0}, {1e6, 40, 1}};
static const pair pairs[] = {
    {{{0.1, -0.2}, {1.3, 0.5}}, {{0, -0.25}, {1.2, 0.6}}, {2, 0.5}},
    {{{-1, 1}, {-1.05, 1.22}}, {{-1, 1}, {-1.05, 1.2}}, {0, 10}},
    {{{0, 0}, {-2, 0.3}}, {{0.1, 0}, {-2.2, 0.1}}, {1, 1}},
    {{{5, 5}, {5.03, 5.04}}, {{5, 5}, {5.03, 5.04}}, {100, 0}},
    {{{0, 0}, {0.3, -0.4}}, {{0, 0}, {0.3, -0.4}}, {0.25, 4}},
    {{{2, 1}, {2.9, 1.1}}, {{2.01, 1}, {2.9, 1.05}}, {1, 3}},
};
static const double dts[] = {0.01, 0.001, 0.1, 0.005, 0.05, 1e-4};
static const double lambdas[] = {0, -0.003, 0.2, 0, 1e-2, -1e-6};

GR_PROBE(formula_six_pairs)
{
    for (int i = 0; i < 6; i++) {
        pair q = pairs[i];
        double lambda = lambdas[i];
        gr_put(out, xpbd_project(springs[i], &q, dts[i], &lambda));
        gr_put(out, lambda);
        gr_put(out, q.p[0].x), gr_put(out, q.p[0].y), gr_put(out, q.p[1].x), gr_put(out, q.p[1].y);
    }
}
GR_REFERENCE(formula_six_pairs)
{
    for (int i = 0; i < 6; i++) {
        const projected r = paper_update(springs[i], pairs[i], dts[i], lambdas[i]);
        gr_want(ref, (double)r.dlambda, GR_TOL(1e-11, 1e-15), "pair %d: dlambda", i + 1);
        gr_want(ref, (double)(lambdas[i] + r.dlambda), GR_TOL(1e-11, 1e-15), "pair %d: lambda", i + 1);
        gr_want(ref, (double)r.p0x, GR_TOL(1e-12, 1e-14), "pair %d: p0.x", i + 1);
        gr_want(ref, (double)r.p0y, GR_TOL(1e-12, 1e-14), "pair %d: p0.y", i + 1);
        gr_want(ref, (double)r.p1x, GR_TOL(1e-12, 1e-14), "pair %d: p1.x", i + 1);
        gr_want(ref, (double)r.p1y, GR_TOL(1e-12, 1e-14), "pair %d: p1.y", i + 1);
    }
}

/* The corrections are an internal force: m0 dp0 + m1 dp1 = (-u + u) dlambda = 0, for masses of 0.5 and 2 kg. */
GR_PROBE(momentum_kept)
{
    pair q = {{{0.2, 0.1}, {1.1, -0.7}}, {{0.25, 0.1}, {1.0, -0.6}}, {2, 0.5}};
    const pair before = q;
    double lambda = 0.01;
    xpbd_project((spring){80, 0.5, 0.6}, &q, 0.02, &lambda);
    gr_put(out, (q.p[0].x - before.p[0].x) / 2 + (q.p[1].x - before.p[1].x) / 0.5);
    gr_put(out, (q.p[0].y - before.p[0].y) / 2 + (q.p[1].y - before.p[1].y) / 0.5);
    gr_put(out, fabs(q.p[0].x - before.p[0].x) > 1e-3);  /* something moved */
}
GR_REFERENCE(momentum_kept)
{
    gr_want(ref, 0, GR_ABS(1e-15), "momentum change, x");
    gr_want(ref, 0, GR_ABS(1e-15), "momentum change, y");
    gr_want(ref, 1, GR_EXACT, "the correction moved the masses (1)");
}

/* A pin at 0, masses of 0.2 and 0.1 kg at x = 1.3 and 2.1 on the x axis, springs 0-1 and 1-2 of k = 300, rest 1,
 * dt = 0.02 (dt^2 k / m = 0.6 and 1.2), at rest: 300 Gauss-Seidel sweeps (0-1, then 1-2), each multiplier kept
 * between sweeps, land on backward Euler's step (reference.h, Cramer's rule); one sweep does not. */
static void sweeps(int n, double s[2])
{
    pair a = {{{0, 0}, {1.3, 0}}, {{0, 0}, {1.3, 0}}, {0, 5}};
    pair b = {{{1.3, 0}, {2.1, 0}}, {{1.3, 0}, {2.1, 0}}, {5, 10}};
    double la = 0, lb = 0;
    for (int i = 0; i < n; i++) {
        a.p[1] = b.p[0];
        xpbd_project((spring){300, 0, 1}, &a, 0.02, &la);
        b.p[0] = a.p[1];
        xpbd_project((spring){300, 0, 1}, &b, 0.02, &lb);
    }
    s[0] = b.p[0].x, s[1] = b.p[1].x;
}
GR_PROBE(chain_is_backward_euler)
{
    double s[2];
    sweeps(300, s);
    gr_put(out, s[0]), gr_put(out, s[1]);
    sweeps(1, s);
    double be[2];
    chain_backward_euler(300, 1, 0.2, 0.1, 1.3, 2.1, 0.02, be);
    gr_put(out, fabs(s[0] - be[0]) > 1e-4);
}
GR_REFERENCE(chain_is_backward_euler)
{
    double be[2];
    chain_backward_euler(300, 1, 0.2, 0.1, 1.3, 2.1, 0.02, be);
    gr_want(ref, be[0], GR_TOL(1e-12, 1e-13), "mass 1 after 300 sweeps");
    gr_want(ref, be[1], GR_TOL(1e-12, 1e-13), "mass 2 after 300 sweeps");
    gr_want(ref, 1, GR_EXACT, "one sweep is not there yet (1)");
}

/* k = 1e12 at dt = 0.01: at = 1e-8, so one projection all but satisfies the constraint: |p1 - p0| = rest to 1e-8 of
 * the stretch (a rigid rod, PBD's alpha = 0). */
GR_PROBE(rigid_limit)
{
    pair q = {{{0, 0}, {1.5, 2}}, {{0, 0}, {1.5, 2}}, {1, 1}};
    double lambda = 0;
    xpbd_project((spring){1e12, 0, 2}, &q, 0.01, &lambda);
    gr_put(out, hypot(q.p[1].x - q.p[0].x, q.p[1].y - q.p[0].y));
}
GR_REFERENCE(rigid_limit)
{
    gr_want(ref, 2, GR_ABS(1e-8), "the length after one projection");
}

const gr_case gr_hidden[] = {
    GR_CASE(formula_six_pairs, "six pairs against the paper's update, eq. 18 and 26"),
    GR_CASE(momentum_kept, "the corrections keep the momentum"),
    GR_CASE(chain_is_backward_euler, "Gauss-Seidel over a chain converges to backward Euler's step"),
    GR_CASE(rigid_limit, "k = 1e12: one projection makes a rigid rod"),
};
GR_COUNT_OF(gr_hidden);
