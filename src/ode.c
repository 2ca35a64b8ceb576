/* ode: hand-written steppers and the GSL odeiv2 adapter. See include/numlab/ode.h. */
#include "numlab/ode.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdlib.h>

int ode_stepper_init(ode_stepper *st, ode_method method, size_t dim)
{
    *st = (ode_stepper){.method = method, .dim = dim};
    if (dim == 0 || method >= ODE_METHOD_COUNT || (method == ODE_SEMI_IMPLICIT && dim % 2 != 0))
        return -1;
    double *work = calloc(5 * dim, sizeof *work);
    if (!work)
        return -1;
    st->k1 = work;
    st->k2 = work + dim;
    st->k3 = work + 2 * dim;
    st->k4 = work + 3 * dim;
    st->tmp = work + 4 * dim;
    return 0;
}

void ode_stepper_destroy(ode_stepper *st)
{
    free(st->k1);
    *st = (ode_stepper){0};
}

static int step_explicit(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    int rc = sys->rhs(t, y, st->k1, sys->params);
    if (rc)
        return rc;
    for (size_t i = 0; i < st->dim; i++)
        y[i] += h * st->k1[i];
    return 0;
}

/* y = [x, v]; f(y) = [v, a]. Velocity first, then position with the new velocity. */
static int step_semi_implicit(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    int rc = sys->rhs(t, y, st->k1, sys->params);
    if (rc)
        return rc;
    size_t n = st->dim / 2;
    double *x = y, *v = y + n;
    const double *a = st->k1 + n;
    for (size_t i = 0; i < n; i++) {
        v[i] += h * a[i];
        x[i] += h * v[i];
    }
    return 0;
}

/* tmp = y + c k */
static void axpy_into(double *restrict tmp, const double *restrict y, double c, const double *restrict k, size_t n)
{
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + c * k[i];
}

static int step_rk4(ode_stepper *st, const ode_system *sys, double t, double h, double *restrict y)
{
    const size_t n = st->dim;
    void *p = sys->params;
    double *restrict k1 = st->k1, *restrict k2 = st->k2, *restrict k3 = st->k3, *restrict k4 = st->k4;
    double *restrict tmp = st->tmp;
    int rc;
    if ((rc = sys->rhs(t, y, k1, p)))
        return rc;
    axpy_into(tmp, y, 0.5 * h, k1, n);
    if ((rc = sys->rhs(t + 0.5 * h, tmp, k2, p)))
        return rc;
    axpy_into(tmp, y, 0.5 * h, k2, n);
    if ((rc = sys->rhs(t + 0.5 * h, tmp, k3, p)))
        return rc;
    axpy_into(tmp, y, h, k3, n);
    if ((rc = sys->rhs(t + h, tmp, k4, p)))
        return rc;
    const double h6 = h / 6.0;
    for (size_t i = 0; i < n; i++)
        y[i] += h6 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
    return 0;
}

int ode_stepper_apply(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    switch (st->method) {
    case ODE_EXPLICIT_EULER: return step_explicit(st, sys, t, h, y);
    case ODE_SEMI_IMPLICIT:  return step_semi_implicit(st, sys, t, h, y);
    case ODE_RK4:            return step_rk4(st, sys, t, h, y);
    default:                 return -1;
    }
}

bool ode_state_diverged(const double *y, size_t dim, double limit)
{
    for (size_t i = 0; i < dim; i++)
        if (!isfinite(y[i]) || fabs(y[i]) > limit)
            return true;
    return false;
}

double ode_stability_edge(bool (*stable)(void *ctx, double h), void *ctx, double h0, double grow, double span,
                          double tol)
{
    double lo = h0;
    if (!stable(ctx, lo))
        return 0.0;
    double hi = lo;
    while (stable(ctx, hi)) {
        lo = hi;
        hi *= grow;
        if (hi > span * h0)
            return INFINITY;
    }
    while (hi - lo > tol * hi) {
        const double mid = 0.5 * (lo + hi);
        if (stable(ctx, mid))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* --- GSL ------------------------------------------------------------------------------------------------- */

struct ode_gsl {
    ode_gsl_kind kind;
    ode_system user;
    gsl_odeiv2_system sys;
    gsl_odeiv2_driver *driver;   /* adaptive kinds */
    gsl_odeiv2_step *step;       /* fixed kind */
    gsl_odeiv2_evolve *evolve;
    double h;
    unsigned long rhs_evals;
};

static int gsl_rhs(double t, const double y[], double dydt[], void *params)
{
    ode_gsl *g = params;
    g->rhs_evals++;
    return g->user.rhs(t, y, dydt, g->user.params) ? GSL_EBADFUNC : GSL_SUCCESS;
}

static int gsl_jac(double t, const double y[], double *dfdy, double dfdt[], void *params)
{
    ode_gsl *g = params;
    for (size_t i = 0; i < g->user.dim; i++)
        dfdt[i] = 0.0;
    return g->user.jac(t, y, dfdy, dfdt, g->user.params) ? GSL_EBADFUNC : GSL_SUCCESS;
}

const char *ode_gsl_name(ode_gsl_kind kind)
{
    static const char *const names[ODE_GSL_COUNT] = {"gsl-rk4", "gsl-rkf45", "gsl-rk8pd", "gsl-msbdf"};
    return kind < ODE_GSL_COUNT ? names[kind] : "?";
}

ode_gsl *ode_gsl_new(ode_gsl_kind kind, const ode_system *sys, double h, double tol)
{
    /* GSL's default handler aborts the process; we check every return code instead. */
    gsl_set_error_handler_off();
    if (kind >= ODE_GSL_COUNT || (kind == ODE_GSL_MSBDF && !sys->jac) || !(h > 0.0))
        return NULL;
    ode_gsl *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->kind = kind;
    g->user = *sys;
    g->h = h;
    g->sys = (gsl_odeiv2_system){gsl_rhs, sys->jac ? gsl_jac : NULL, sys->dim, g};
    if (kind == ODE_GSL_RK4) {
        g->step = gsl_odeiv2_step_alloc(gsl_odeiv2_step_rk4, sys->dim);
        g->evolve = gsl_odeiv2_evolve_alloc(sys->dim);
        if (!g->step || !g->evolve) {
            ode_gsl_free(g);
            return NULL;
        }
        return g;
    }
    const gsl_odeiv2_step_type *type = kind == ODE_GSL_RKF45   ? gsl_odeiv2_step_rkf45
                                       : kind == ODE_GSL_RK8PD ? gsl_odeiv2_step_rk8pd
                                                               : gsl_odeiv2_step_msbdf;
    g->driver = gsl_odeiv2_driver_alloc_y_new(&g->sys, type, h, tol, tol);
    if (!g->driver) {
        ode_gsl_free(g);
        return NULL;
    }
    /* A generous cap on internal steps keeps a hopeless problem from hanging the program. */
    gsl_odeiv2_driver_set_nmax(g->driver, 10000000);
    return g;
}

void ode_gsl_free(ode_gsl *g)
{
    if (!g)
        return;
    if (g->driver)
        gsl_odeiv2_driver_free(g->driver);
    if (g->evolve)
        gsl_odeiv2_evolve_free(g->evolve);
    if (g->step)
        gsl_odeiv2_step_free(g->step);
    free(g);
}

int ode_gsl_advance(ode_gsl *g, double *t, double t1, double *y)
{
    if (g->driver)
        return gsl_odeiv2_driver_apply(g->driver, t, t1, y);
    /* Pure fixed steps: evolve_apply_fixed_step with no control never rejects a step (the driver's
     * apply_fixed_step would consult the error control). The last step is shortened to land on t1. */
    while (*t < t1) {
        bool last = *t + g->h >= t1 - 1e-9 * g->h;
        double h = last ? t1 - *t : g->h;
        int rc = gsl_odeiv2_evolve_apply_fixed_step(g->evolve, NULL, g->step, &g->sys, t, h, y);
        if (rc != GSL_SUCCESS)
            return rc;
        if (last)
            *t = t1;
    }
    return 0;
}

unsigned long ode_gsl_rhs_evals(const ode_gsl *g)
{
    return g->rhs_evals;
}
