/* network: the integrators behind one interface (hand-written steppers, the fused steps, backward Euler, GSL
 * references) and the analytic Jacobian GSL's msbdf and backward Euler need. */
#include "net_internal.h"
#include "numlab/common.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
    HOW_ODE,       /* ode.h's stepper `ode` on net_system */
    HOW_SEMI,      /* net_step_semi: the same numbers as ode.h's ODE_SEMI_IMPLICIT, fused */
    HOW_VERLET,    /* net_step_verlet */
    HOW_GSL,       /* ode.h's GSL adapter of kind `gsl` */
    HOW_IMPLICIT,  /* net_implicit.c */
    HOW_XPBD,      /* net_xpbd.c: its own row (not an ode.h method) */
} how_kind;

/* One row per method: how it steps, and its row of ode.h's method table (its name and properties): the hand-written
 * method `ode` (which HOW_ODE runs and the fused and sparse steps compute) or the GSL solver `gsl`. The ode.h enums
 * are named, never computed from the order of net_method. */
static const struct {
    how_kind how;
    ode_method ode;    /* ODE_METHOD_COUNT for GSL's */
    ode_gsl_kind gsl;  /* HOW_GSL */
} methods[] = {
    [NET_EXPLICIT] = {HOW_ODE, ODE_EXPLICIT_EULER, ODE_GSL_COUNT},
    [NET_SEMI] = {HOW_SEMI, ODE_SEMI_IMPLICIT, ODE_GSL_COUNT},
    [NET_RK4] = {HOW_ODE, ODE_RK4, ODE_GSL_COUNT},
    [NET_GSL_RK4] = {HOW_GSL, ODE_METHOD_COUNT, ODE_GSL_RK4},
    [NET_GSL_RKF45] = {HOW_GSL, ODE_METHOD_COUNT, ODE_GSL_RKF45},
    [NET_GSL_RK8PD] = {HOW_GSL, ODE_METHOD_COUNT, ODE_GSL_RK8PD},
    [NET_GSL_MSBDF] = {HOW_GSL, ODE_METHOD_COUNT, ODE_GSL_MSBDF},
    [NET_VERLET] = {HOW_VERLET, ODE_VERLET, ODE_GSL_COUNT},
    [NET_BACKWARD_EULER] = {HOW_IMPLICIT, ODE_BACKWARD_EULER, ODE_GSL_COUNT},
    [NET_BACKWARD_EULER_1] = {HOW_IMPLICIT, ODE_LINEARISED_EULER, ODE_GSL_COUNT},
    [NET_MIDPOINT] = {HOW_ODE, ODE_IMPLICIT_MIDPOINT, ODE_GSL_COUNT},
    [NET_TR_BDF2] = {HOW_IMPLICIT, ODE_TR_BDF2, ODE_GSL_COUNT},
    [NET_XPBD] = {HOW_XPBD, ODE_METHOD_COUNT, ODE_GSL_COUNT},
    [NET_PBD] = {HOW_XPBD, ODE_METHOD_COUNT, ODE_GSL_COUNT},
};
_Static_assert(sizeof methods / sizeof methods[0] == NET_METHOD_COUNT, "one row per net_method");
_Static_assert(ODE_GSL_COUNT == 4, "a new GSL kind needs its net_method row");

const ode_method_info *net_method_about(net_method method)
{
    if (method >= NET_METHOD_COUNT)
        return NULL;
    if (methods[method].how == HOW_XPBD)
        return net_xpbd_about(method == NET_XPBD);
    return methods[method].how == HOW_GSL ? ode_gsl_about(methods[method].gsl) : ode_method_about(methods[method].ode);
}

const char *net_method_name(net_method method)
{
    return method < NET_METHOD_COUNT ? net_method_about(method)->name : "?";
}

static const char *method_name_at(int i)
{
    return net_method_name((net_method)i);
}

int net_method_parse(const char *name, net_method *out)
{
    const int i = numlab_name_find(method_name_at, NET_METHOD_COUNT, name);
    if (i < 0)
        return -1;
    *out = (net_method)i;
    return 0;
}

const char *net_method_names(void)
{
    static char names[NET_METHOD_COUNT * 24];  /* written once, from the table */
    return names[0] ? names : numlab_name_join(method_name_at, NET_METHOD_COUNT, names, sizeof names);
}

bool net_method_dense(net_method method)
{
    /* an implicit method that net_implicit.c's sparse solves do not step: ode.h's Newton or GSL's on net_jacobian */
    return method < NET_METHOD_COUNT && net_method_about(method)->implicit && methods[method].how != HOW_IMPLICIT;
}

bool net_method_fixed_step(net_method method)
{
    return method < NET_METHOD_COUNT && !net_method_about(method)->adaptive;
}

struct net_integrator {
    net_network *net;
    net_method method;
    double h, tol;
    ode_system sys;
    ode_stepper stepper;    /* HOW_ODE */
    ode_gsl *gsl;           /* HOW_GSL */
    net_implicit *implicit; /* HOW_IMPLICIT */
    net_xpbd *xpbd;         /* HOW_XPBD */
};

net_integrator *net_integrator_new(net_network *net, net_method method, double h, double tol)
{
    if (method >= NET_METHOD_COUNT || !(h > 0.0) || net->n_masses == 0 ||
        (net_method_dense(method) && net->n_masses > NET_DENSE_MAX_MASSES))
        return NULL;
    net_integrator *it = calloc(1, sizeof *it);
    if (!it)
        return NULL;
    *it = (net_integrator){.net = net, .method = method, .h = h, .tol = tol, .sys = net_system(net)};
    int rc = 0;
    if (methods[method].how == HOW_ODE)
        rc = ode_stepper_init(&it->stepper, methods[method].ode, it->sys.dim);
    else if (methods[method].how == HOW_IMPLICIT)
        rc = (it->implicit = net_implicit_new(net, methods[method].ode)) ? NET_OK : NET_ERR_MEMORY;
    else if (methods[method].how == HOW_GSL)
        rc = net_integrator_reset(it);
    else if (methods[method].how == HOW_XPBD)
        rc = (it->xpbd = net_xpbd_new(net, method == NET_XPBD)) ? NET_OK : NET_ERR_MEMORY;
    /* build the fast kernel's index now rather than in the first step */
    if (rc || net_runs_build(net) != NET_OK) {
        net_integrator_free(it);
        return NULL;
    }
    return it;
}

bool net_integrator_newton(const net_integrator *it, net_newton_stats *out)
{
    if (!it->implicit)
        return false;
    *out = net_implicit_last(it->implicit);
    return true;
}

int net_integrator_set_xpbd(net_integrator *it, int substeps, int iterations)
{
    return it->xpbd ? net_xpbd_configure(it->xpbd, substeps, iterations) : NET_ERR_INPUT;
}

bool net_integrator_xpbd(const net_integrator *it, int *substeps, int *iterations)
{
    if (!it->xpbd)
        return false;
    net_xpbd_settings(it->xpbd, substeps, iterations);
    return true;
}

bool net_integrator_use_solver(net_integrator *it, net_linear_solver solver)
{
    if (!it->implicit)
        return false;
    net_implicit_use(it->implicit, solver);
    return true;
}

bool net_integrator_linear(const net_integrator *it, net_linear_stats *out)
{
    if (!it->implicit)
        return false;
    *out = net_implicit_linear(it->implicit);
    return true;
}

int net_integrator_reset(net_integrator *it)
{
    if (it->implicit)
        net_implicit_reset(it->implicit);
    if (methods[it->method].how != HOW_GSL)
        return NET_OK;  /* one-step methods keep nothing between steps (backward Euler: only its first guess) */
    ode_gsl_free(it->gsl);
    it->gsl = ode_gsl_new(methods[it->method].gsl, &it->sys, it->h, it->tol);
    return it->gsl ? NET_OK : NET_ERR_MEMORY;
}

void net_integrator_free(net_integrator *it)
{
    if (!it)
        return;
    ode_stepper_destroy(&it->stepper);
    ode_gsl_free(it->gsl);
    net_implicit_free(it->implicit);
    net_xpbd_free(it->xpbd);
    free(it);
}

int net_integrator_step(net_integrator *it, double *t, double *y)
{
    int rc = 0;
    switch (methods[it->method].how) {
    case HOW_SEMI:
        net_step_semi(it->net, it->h, y);
        break;
    case HOW_VERLET:
        net_step_verlet(it->net, it->h, y);
        break;
    case HOW_IMPLICIT:
        rc = net_implicit_step(it->implicit, it->h, y);
        break;
    case HOW_XPBD:
        net_xpbd_step(it->xpbd, it->h, y);
        break;
    case HOW_GSL:
        return ode_gsl_advance(it->gsl, t, *t + it->h, y);
    default:
        rc = ode_stepper_apply(&it->stepper, &it->sys, *t, it->h, y);
        break;
    }
    *t += it->h;
    return rc;
}

/* --- the Jacobian ------------------------------------------------------------------------------------------
 * y = [p, v] with p, v in R^{2n}; f = [v, M^-1 F(p, v) + g]. So J = [[0, I], [M^-1 dF/dp, M^-1 dF/dv]].
 * For one spring, with d = p_j - p_i, l = |d|, u = d/l, P = I - u u^T, dv = v_j - v_i, the force on i is
 *   Hooke:  F_i = (k (l - L) + c dv.u) u
 *           dF_i/dd  = k (u u^T + (1 - L/l) P) + c (u dv^T P + (dv.u) P) / l,   dF_i/d(dv) = c u u^T
 *   seed:   F_i = k e u + c dv, e = sign(l - L):   dF_i/dd = k e P / l,   dF_i/d(dv) = c I
 * and dd/dp_j = I, dd/dp_i = -I, F_j = -F_i. At l = 0 the force is identically 0 in our convention: the blocks
 * are taken as 0 there except the L = 0 Hooke spring (F = k d + ..., dF/dd = k I). */

typedef struct {
    double dfdd[4];   /* 2x2 row-major: d F_i / d d */
    double dfddv[4];  /* d F_i / d dv */
} spring_blocks;

static spring_blocks blocks_of(const net_network *net, size_t s, const double d[2], const double dv[2])
{
    spring_blocks b = {{0}, {0}};
    const double k = net->k[s], L = net->rest[s], c = net->damp[s];
    /* hypot only where the squares would overflow or underflow: it costs a fifth of a sparse assembly */
    const double l2 = d[0] * d[0] + d[1] * d[1];
    const double l = l2 >= DBL_MIN && l2 <= DBL_MAX ? sqrt(l2) : hypot(d[0], d[1]);
    if (!(l > 0.0)) {
        if (net->law == NET_LAW_HOOKE && L == 0.0)
            b.dfdd[0] = b.dfdd[3] = k;
        if (net->law == NET_LAW_UNIT_ELONGATION)
            b.dfddv[0] = b.dfddv[3] = c;
        return b;
    }
    const double inv_l = 1.0 / l, u[2] = {d[0] * inv_l, d[1] * inv_l};
    double P[4] = {1.0 - u[0] * u[0], -u[0] * u[1], -u[1] * u[0], 1.0 - u[1] * u[1]};
    if (net->law == NET_LAW_UNIT_ELONGATION) {
        double e = l > L ? 1.0 : l < L ? -1.0 : 0.0;
        for (int q = 0; q < 4; q++)
            b.dfdd[q] = k * e * P[q] * inv_l;
        b.dfddv[0] = b.dfddv[3] = c;
        return b;
    }
    const net_hooke hb = net_hooke_blocks(k, L, c, u[0], u[1], inv_l, dv[0], dv[1]);
    memcpy(b.dfdd, hb.p, sizeof b.dfdd);
    memcpy(b.dfddv, hb.v, sizeof b.dfddv);
    return b;
}

static spring_blocks blocks_at(const net_network *net, size_t s, const double *y)
{
    const size_t n = net->n_masses, i = net->si[s], j = net->sj[s];
    const double *px = y, *py = y + n, *vx = y + 2 * n, *vy = y + 3 * n;
    const double d[2] = {px[j] - px[i], py[j] - py[i]}, dv[2] = {vx[j] - vx[i], vy[j] - vy[i]};
    return blocks_of(net, s, d, dv);
}

void net_spring_jacobian(const net_network *net, size_t s, const double *y, double dfdd[4], double dfddv[4])
{
    const spring_blocks b = blocks_at(net, s, y);
    memcpy(dfdd, b.dfdd, sizeof b.dfdd);
    memcpy(dfddv, b.dfddv, sizeof b.dfddv);
}

void net_jacobian_blocks(const net_network *net, const double *y, net_block_sink sink, void *ctx)
{
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const spring_blocks b = blocks_at(net, s, y);
        const double wi = net->inv_mass[i], wj = net->inv_mass[j];
        /* F_i depends on d = p_j - p_i: +B at column j, -B at column i; F_j = -F_i has the opposite signs */
        for (int velocity = 0; velocity <= 1; velocity++) {
            const double *B = velocity ? b.dfddv : b.dfdd;
            sink(ctx, i, j, velocity, wi, B), sink(ctx, i, i, velocity, -wi, B);
            sink(ctx, j, i, velocity, wj, B), sink(ctx, j, j, velocity, -wj, B);
        }
    }
}

typedef struct {
    double *J;
    size_t dim, n;
} dense_jacobian;

/* Adds scale * B (2x2) into J at the rows of mass `row` (accelerations) and the columns of mass `col` in the
 * position block (columns 0..2n-1) or the velocity block (2n..4n-1). */
static void add_dense(void *ctx, size_t row, size_t col, int velocity, double scale, const double B[4])
{
    const dense_jacobian *dj = ctx;
    const size_t n = dj->n, base = velocity ? 2 * n : 0;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++)
            dj->J[(2 * n + r * n + row) * dj->dim + base + c * n + col] += scale * B[2 * r + c];
}

int net_jacobian(double t, const double *y, double *dfdy, double *dfdt, void *params)
{
    (void)t;
    const net_network *net = params;
    const size_t n = net->n_masses, dim = 4 * n;
    memset(dfdy, 0, dim * dim * sizeof *dfdy);
    memset(dfdt, 0, dim * sizeof *dfdt);
    for (size_t q = 0; q < 2 * n; q++)
        dfdy[q * dim + 2 * n + q] = 1.0;  /* dp/dt = v */
    net_jacobian_blocks(net, y, add_dense, &(dense_jacobian){dfdy, dim, n});
    return 0;
}
