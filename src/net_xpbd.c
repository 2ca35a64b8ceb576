/* network: position-based dynamics with compliance (XPBD), and plain PBD beside it.
 *
 * Macklin, Mueller and Chentanez, "XPBD: Position-Based Simulation of Compliant Constrained Dynamics", MIG 2016.
 * Every spring is a distance constraint C(x) = |x_j - x_i| - L, its gradient u = (x_j - x_i) / |x_j - x_i| at x_j
 * and -u at x_i, its compliance alpha = 1 / k. A step of h is S substeps of hs = h / S (Macklin, Storey, Lu,
 * Terdiman, Chentanez, Jeschke and Mueller, "Small Steps in Physics Simulation", SCA 2019), each:
 *     x_prev = x;  v += hs g;  x += hs v                      (the prediction x~, gravity the external force)
 *     lambda = 0;  I times, for each spring in the list's order (Gauss-Seidel: each sees the others' updates):
 *         dlambda = (-C - at lambda - gamma grad C . (x - x_prev)) / ((1 + gamma) (w_i + w_j) + at)   (eq. 18, 26)
 *         lambda += dlambda;  x_i -= w_i u dlambda;  x_j += w_j u dlambda
 *     v = (x - x_prev) / hs
 * with at = alpha / hs^2 (eq. 16) and the damping gamma = at bt / hs, bt = hs^2 beta (eq. 26).
 *
 * The network's dampers are XPBD's damping exactly: the dissipation the paper takes, its force -beta (dC/dt)
 * grad C, is the damper's force c (dv . u) u along the spring with beta = c, so gamma = c / (k hs). Converged
 * (dlambda = 0 for every spring) the multiplier satisfies C + at lambda + gamma grad C . (x - x_prev) = 0, that is
 * lambda = -hs^2 (k C + c dC/dt): the spring and damper force of backward Euler, taken at the step's end, in
 * position form. Where the springs' directions do not turn within the step (a chain hanging along gravity), the
 * positions are then x~ + M^-1 grad C^T lambda exactly, and XPBD's limit as I grows is one backward Euler step of
 * the network (tests/test_network_xpbd.c checks it against net_implicit.c). Where they turn, each correction moved
 * the masses along the direction of its own iterate, and the sum differs from M^-1 grad C(x)^T lambda by the term
 * the paper drops (its g(x, lambda) = 0 assumption, section 4): the limit is close to backward Euler, not equal.
 *
 * Plain PBD (NET_PBD) is the same projection without the multiplier's memory: lambda is not accumulated, so each
 * iteration asks for dlambda = (-C - gamma ...) / ((1 + gamma) w + at) afresh, which is PBD's correction scaled by
 * the stiffness factor w / (w + at). Its first iteration is XPBD's; every further one pulls the constraint closer,
 * so its stiffness grows with the iteration count (to rigid as I -> infinity), the defect the compliance term
 * at lambda fixes. Pinned and held masses have w = 0 and do not move. The network post's unit-elongation law has
 * no constraint form: these methods always use Hooke's law (the distance constraint). Springs between coincident
 * masses have no direction and are skipped (the force convention of network.h). */
#include "net_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct net_xpbd {
    net_network *net;
    bool memory;               /* XPBD: lambda accumulates; PBD: not */
    int substeps, iterations;
    double *lambda;            /* n_springs: the multipliers of the substep */
    double *alpha_t, *gamma;   /* n_springs: at = 1 / (k hs^2) and gamma = c / (k hs) for the current hs */
    double *inv_denom;         /* n_springs: 1 / ((1 + gamma) (w_i + w_j) + at), 0 between two fixed masses */
    double *x_prev;            /* 2 n: the positions at the substep's start */
    size_t springs;            /* the arrays' size: the springs at creation (an integrator is made after them) */
};

static const ode_method_info xpbd_rows[2] = {
    /* order 1: backward Euler's, to which it converges; evals 0: it varies (S x I projections a step) */
    {.name = "xpbd", .order = 1, .evals = 0, .applies = ODE_APPLIES_SECOND_ORDER, .implicit = false,
     .symplectic = false, .adaptive = false, .undamped_limit = NAN, .mode_matrix = NULL},
    {.name = "pbd", .order = 1, .evals = 0, .applies = ODE_APPLIES_SECOND_ORDER, .implicit = false,
     .symplectic = false, .adaptive = false, .undamped_limit = NAN, .mode_matrix = NULL},
};

const ode_method_info *net_xpbd_about(bool memory)
{
    return &xpbd_rows[memory ? 0 : 1];
}

net_xpbd *net_xpbd_new(net_network *net, bool memory)
{
    net_xpbd *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    *x = (net_xpbd){.net = net, .memory = memory, .substeps = NET_XPBD_DEFAULT_SUBSTEPS,
                    .iterations = NET_XPBD_DEFAULT_ITERATIONS};
    const size_t ns = net->n_springs ? net->n_springs : 1;
    x->springs = net->n_springs;
    x->lambda = malloc(ns * sizeof *x->lambda);
    x->alpha_t = malloc(ns * sizeof *x->alpha_t);
    x->gamma = malloc(ns * sizeof *x->gamma);
    x->inv_denom = malloc(ns * sizeof *x->inv_denom);
    x->x_prev = malloc(2 * (net->n_masses ? net->n_masses : 1) * sizeof *x->x_prev);
    if (!x->lambda || !x->alpha_t || !x->gamma || !x->inv_denom || !x->x_prev) {
        net_xpbd_free(x);
        return NULL;
    }
    return x;
}

void net_xpbd_free(net_xpbd *x)
{
    if (!x)
        return;
    free(x->lambda);
    free(x->alpha_t);
    free(x->gamma);
    free(x->inv_denom);
    free(x->x_prev);
    free(x);
}

int net_xpbd_configure(net_xpbd *x, int substeps, int iterations)
{
    if (substeps < 1 || substeps > NET_XPBD_MAX_SUBSTEPS || iterations < 1 || iterations > NET_XPBD_MAX_ITERATIONS)
        return NET_ERR_INPUT;
    x->substeps = substeps, x->iterations = iterations;
    return NET_OK;
}

void net_xpbd_settings(const net_xpbd *x, int *substeps, int *iterations)
{
    *substeps = x->substeps, *iterations = x->iterations;
}

/* at, gamma and the denominator's reciprocal 1 / ((1 + gamma) (w_i + w_j) + at) of the first `springs` springs for
 * the substep hs: the divisions once a step rather than once a projection (k, c and the held masses change only
 * between steps). A spring between two fixed masses gets 0: its projection moves nothing. */
static void coefficients(net_xpbd *x, size_t springs, double hs)
{
    const net_network *net = x->net;
    for (size_t s = 0; s < springs; s++) {
        const double w = net->inv_mass[net->si[s]] + net->inv_mass[net->sj[s]];
        x->alpha_t[s] = 1.0 / (net->k[s] * hs * hs);
        x->gamma[s] = net->damp[s] / (net->k[s] * hs);
        x->inv_denom[s] = w > 0.0 ? 1.0 / ((1.0 + x->gamma[s]) * w + x->alpha_t[s]) : 0.0;
    }
}

/* dlambda of one projection (eq. 18 and 26) and the unit vector u, from d = xj - xi and the substep's motion so far
 * m = (xj - prev_j) - (xi - prev_i); inv_denom as coefficients'. 0 (u untouched) for coincident masses. The square
 * root of d . d, not hypot: the state is finite and far below 1e150 (a run that diverged has stopped). */
static inline double dlambda_of(const double d[2], const double m[2], double rest, double alpha_t, double gamma,
                                double inv_denom, double lambda, double u[2])
{
    const double l = sqrt(d[0] * d[0] + d[1] * d[1]);
    if (!(l > 0.0))
        return 0.0;
    const double inv_l = 1.0 / l;
    u[0] = d[0] * inv_l, u[1] = d[1] * inv_l;
    return (-(l - rest) - alpha_t * lambda - gamma * (u[0] * m[0] + u[1] * m[1])) * inv_denom;
}

double net_xpbd_project(const double xi[2], const double xj[2], const double prev_i[2], const double prev_j[2],
                        double wi, double wj, double rest, double alpha_t, double gamma, double lambda,
                        double dxi[2], double dxj[2])
{
    dxi[0] = dxi[1] = dxj[0] = dxj[1] = 0.0;
    const double w = wi + wj;
    if (w == 0.0)
        return 0.0;  /* nothing that can move */
    const double d[2] = {xj[0] - xi[0], xj[1] - xi[1]};
    const double m[2] = {(xj[0] - prev_j[0]) - (xi[0] - prev_i[0]), (xj[1] - prev_j[1]) - (xi[1] - prev_i[1])};
    double u[2];
    const double dl = dlambda_of(d, m, rest, alpha_t, gamma, 1.0 / ((1.0 + gamma) * w + alpha_t), lambda, u);
    if (dl == 0.0)
        return 0.0;
    dxi[0] = -wi * u[0] * dl, dxi[1] = -wi * u[1] * dl;
    dxj[0] = wj * u[0] * dl, dxj[1] = wj * u[1] * dl;
    return dl;
}

/* One sweep over the springs in the list's order, each projection seeing the ones before it. */
static void sweep(net_xpbd *x, size_t springs, double *y)
{
    const net_network *net = x->net;
    const size_t n = net->n_masses;
    double *px = y, *py = y + n;
    const double *qx = x->x_prev, *qy = x->x_prev + n, *inv = net->inv_mass;
    for (size_t s = 0; s < springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double d[2] = {px[j] - px[i], py[j] - py[i]};
        const double m[2] = {(px[j] - qx[j]) - (px[i] - qx[i]), (py[j] - qy[j]) - (py[i] - qy[i])};
        const double lambda = x->memory ? x->lambda[s] : 0.0;
        double u[2];
        const double dl = dlambda_of(d, m, net->rest[s], x->alpha_t[s], x->gamma[s], x->inv_denom[s], lambda, u);
        if (dl == 0.0)
            continue;
        x->lambda[s] = lambda + dl;
        const double ci = inv[i] * dl, cj = inv[j] * dl;
        px[i] -= ci * u[0], py[i] -= ci * u[1];
        px[j] += cj * u[0], py[j] += cj * u[1];
    }
}

void net_xpbd_step(net_xpbd *x, double h, double *y)
{
    const net_network *net = x->net;
    const size_t n = net->n_masses;
    const double hs = h / x->substeps;
    const size_t springs = net->n_springs < x->springs ? net->n_springs : x->springs;  /* never past the arrays */
    coefficients(x, springs, hs);
    const double g[2] = {net->gravity_x, net->gravity_y};
    for (int sub = 0; sub < x->substeps; sub++) {
        memcpy(x->x_prev, y, 2 * n * sizeof *y);
        for (size_t axis = 0; axis < 2; axis++) {
            double *restrict p = y + axis * n, *restrict v = y + (2 + axis) * n;
            for (size_t i = 0; i < n; i++)
                if (net->inv_mass[i] > 0.0) {
                    v[i] += hs * g[axis];
                    p[i] += hs * v[i];
                }
        }
        memset(x->lambda, 0, springs * sizeof *x->lambda);
        for (int it = 0; it < x->iterations; it++)
            sweep(x, springs, y);
        for (size_t q = 0; q < 2 * n; q++)
            y[2 * n + q] = (y[q] - x->x_prev[q]) / hs;
        for (size_t i = 0; i < n; i++)
            if (net->inv_mass[i] == 0.0)
                y[2 * n + i] = y[3 * n + i] = 0.0;  /* a pinned or held mass stays still, exactly */
    }
}
