/* ode: hand-written steppers and the GSL odeiv2 adapter (the method table: ode_table.c). See include/numlab/ode.h. */
#include "numlab/ode.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int ode_stepper_init(ode_stepper *st, ode_method method, size_t dim)
{
    *st = (ode_stepper){.method = method, .dim = dim};
    const ode_method_info *info = ode_method_about(method);
    if (dim == 0 || !info || (!(info->applies & ODE_APPLIES_FIRST_ORDER) && dim % 2 != 0))
        return NUMLAB_ERR_INPUT;
    const size_t verlet = method == ODE_VERLET ? 2 * dim : 0;
    double *work = calloc(5 * dim + verlet, sizeof *work);
    if (!work)
        return NUMLAB_ERR_NOMEM;
    st->k1 = work;
    st->k2 = work + dim;
    st->k3 = work + 2 * dim;
    st->k4 = work + 3 * dim;
    st->tmp = work + 4 * dim;
    if (verlet)
        st->last_y = work + 5 * dim, st->last_a = work + 6 * dim;
    if (info->implicit) {
        gsl_set_error_handler_off();  /* a singular Newton matrix is a code returned (ODE_NEWTON_FAILED), not an abort */
        if (dim > SIZE_MAX / sizeof(double) / dim || !(st->jac = malloc(dim * dim * sizeof *st->jac)) ||
            !(st->perm = gsl_permutation_alloc(dim))) {
            ode_stepper_destroy(st);
            return NUMLAB_ERR_NOMEM;
        }
    }
    return 0;
}

void ode_stepper_destroy(ode_stepper *st)
{
    free(st->k1);
    free(st->jac);
    if (st->perm)
        gsl_permutation_free(st->perm);
    *st = (ode_stepper){0};
}

static int eval(ode_stepper *st, const ode_system *sys, double t, const double *y, double *dydt)
{
    st->rhs_evals++;
    return sys->rhs(t, y, dydt, sys->params);
}

static int step_explicit(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    int rc = eval(st, sys, t, y, st->k1);
    if (rc)
        return rc;
    for (size_t i = 0; i < st->dim; i++)
        y[i] += h * st->k1[i];
    return 0;
}

/* y = [x, v]; f(y) = [v, a]. Velocity first, then position with the new velocity. */
static int step_semi_implicit(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    int rc = eval(st, sys, t, y, st->k1);
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
    double *restrict k1 = st->k1, *restrict k2 = st->k2, *restrict k3 = st->k3, *restrict k4 = st->k4;
    double *restrict tmp = st->tmp;
    int rc;
    if ((rc = eval(st, sys, t, y, k1)))
        return rc;
    axpy_into(tmp, y, 0.5 * h, k1, n);
    if ((rc = eval(st, sys, t + 0.5 * h, tmp, k2)))
        return rc;
    axpy_into(tmp, y, 0.5 * h, k2, n);
    if ((rc = eval(st, sys, t + 0.5 * h, tmp, k3)))
        return rc;
    axpy_into(tmp, y, h, k3, n);
    if ((rc = eval(st, sys, t + h, tmp, k4)))
        return rc;
    const double h6 = h / 6.0;
    for (size_t i = 0; i < n; i++)
        y[i] += h6 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
    return 0;
}

/* Velocity Verlet, y = [x, v]: kick h/2, drift h, kick h/2 with the force at the step's end. That force is taken at
 * the predicted velocity v + h a_n (explicit Euler's), which differs from the final v by O(h^2): the last kick's
 * error is O(h^3) a step, second order overall, and with a force of x alone it is exactly the textbook method. */
static int step_verlet(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    const size_t n = st->dim / 2;
    double *x = y, *v = y + n, *a0 = st->k1 + n, *mid = st->tmp, *a1 = st->k2 + n;
    /* the force at the start is the last step's force at its end when it cannot depend on v and y is unchanged */
    const bool reuse = sys->force_of_position && st->have_last && st->last_rhs == sys->rhs &&
                       st->last_params == sys->params && memcmp(st->last_y, y, st->dim * sizeof *y) == 0;
    int rc;
    if (reuse)
        memcpy(a0, st->last_a, n * sizeof *a0);
    else if ((rc = eval(st, sys, t, y, st->k1)))
        return rc;
    for (size_t i = 0; i < n; i++) {
        const double v_half = v[i] + 0.5 * h * a0[i];
        mid[i] = x[i] + h * v_half;          /* x' */
        mid[n + i] = v_half + 0.5 * h * a0[i]; /* the predicted v' */
    }
    st->have_last = false;
    if ((rc = eval(st, sys, t + h, mid, st->k2)))
        return rc;
    for (size_t i = 0; i < n; i++) {
        v[i] += 0.5 * h * (a0[i] + a1[i]);
        x[i] = mid[i];
    }
    if (sys->force_of_position) {
        memcpy(st->last_y, y, st->dim * sizeof *y);
        memcpy(st->last_a, a1, n * sizeof *a1);
        st->last_rhs = sys->rhs, st->last_params = sys->params, st->have_last = true;
    }
    return 0;
}

static double max_abs(const double *a, size_t n)
{
    double m = 0.0;
    for (size_t i = 0; i < n; i++)
        m = fmax(m, fabs(a[i]));
    return m;
}

#define NEWTON_ITERATIONS 50  /* before ODE_NEWTON_FAILED */

/* The Newton matrix I - dh J(tau, y), factored into st->jac and st->perm: 0, the jac's code, or ODE_NEWTON_FAILED
 * when singular. */
static int factor_newton_matrix(ode_stepper *st, const ode_system *sys, double tau, const double *y, double dh)
{
    if (!sys->jac)
        return NUMLAB_ERR_INPUT;
    const size_t n = st->dim;
    st->jac_evals++;
    int rc = sys->jac(tau, y, st->jac, st->tmp, sys->params);
    if (rc)
        return rc;
    for (size_t i = 0; i < n * n; i++)
        st->jac[i] *= -dh;
    for (size_t i = 0; i < n; i++)
        st->jac[i * n + i] += 1.0;
    gsl_matrix_view A = gsl_matrix_view_array(st->jac, n, n);
    int sign;
    return gsl_linalg_LU_decomp(&A.matrix, st->perm, &sign) == GSL_SUCCESS ? 0 : ODE_NEWTON_FAILED;
}

/* Solves u = w + dh f(tau, u) by Newton's method from the guess in u with the factored matrix (simplified Newton:
 * exact in one iteration on a linear system), until the update is below 1e-13 of max(|u|, |w|); `iterations` 1
 * stops after the first iterate, converged or not. Uses k1 and k3. */
static int newton_solve(ode_stepper *st, const ode_system *sys, double tau, double dh, const double *w, double *u,
                        int iterations)
{
    const size_t n = st->dim;
    double *g = st->k3, *f = st->k1;
    gsl_matrix_view A = gsl_matrix_view_array(st->jac, n, n);
    gsl_vector_view gv = gsl_vector_view_array(g, n);
    for (int it = 0; it < iterations; it++) {
        int rc = eval(st, sys, tau, u, f);
        if (rc)
            return rc;
        for (size_t i = 0; i < n; i++)
            g[i] = u[i] - w[i] - dh * f[i];
        if (gsl_linalg_LU_svx(&A.matrix, st->perm, &gv.vector) != GSL_SUCCESS)
            return ODE_NEWTON_FAILED;  /* a singular Newton matrix */
        for (size_t i = 0; i < n; i++)
            u[i] -= g[i];
        const double step = max_abs(g, n), scale = fmax(max_abs(u, n), max_abs(w, n));
        if (!isfinite(step))
            return ODE_NEWTON_FAILED;
        if (step <= 1e-13 * scale || step == 0.0 || iterations == 1)
            return 0;
    }
    return ODE_NEWTON_FAILED;
}

/* Backward Euler (theta = 1) and the implicit midpoint rule (theta = 1/2) as one Newton solve for the stage
 * u = y + theta h f(t + theta h, u): G(u) = u - y - theta h f(u), G'(u) = I - theta h J, the Jacobian at the step's
 * start. The linearised Euler stops after the first iterate, converged or not. */
static int step_implicit(ode_stepper *st, const ode_system *sys, double t, double h, double *y, double theta,
                         int iterations)
{
    const size_t n = st->dim;
    const double th = theta * h, tau = t + th;
    double *u = st->k2;
    memcpy(u, y, n * sizeof *u);
    int rc = factor_newton_matrix(st, sys, tau, u, th);
    if (rc || (rc = newton_solve(st, sys, tau, th, y, u, iterations)))
        return rc;
    for (size_t i = 0; i < n; i++)
        y[i] = theta == 1.0 ? u[i] : y[i] + (u[i] - y[i]) / theta;
    return 0;
}

/* TR-BDF2 (ode.h's constants): the trapezoidal stage y_g = y + d h (f(y) + f(y_g)) to t + gamma h, then BDF2
 * y' = a y_g - b y + d h f(y'), both solved by Newton with one matrix I - d h J(t, y) (Hosea and Shampine 1996: the
 * same matrix for both stages is why gamma = 2 - sqrt 2). On a linear system: five evaluations (f(y) and each
 * stage's iterate and check), one Jacobian and one LU a step. */
static int step_tr_bdf2(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    const size_t n = st->dim;
    const double dh = ODE_TR_BDF2_D * h;
    double *u = st->k2, *start = st->k4, *w = st->tmp;
    int rc = factor_newton_matrix(st, sys, t, y, dh);
    if (rc || (rc = eval(st, sys, t, y, st->k1)))
        return rc;
    memcpy(start, y, n * sizeof *start);
    memcpy(u, y, n * sizeof *u);
    for (size_t i = 0; i < n; i++)
        w[i] = y[i] + dh * st->k1[i];
    if ((rc = newton_solve(st, sys, t + ODE_TR_BDF2_GAMMA * h, dh, w, u, NEWTON_ITERATIONS)))
        return rc;
    for (size_t i = 0; i < n; i++)
        w[i] = ODE_TR_BDF2_A * u[i] - ODE_TR_BDF2_B * start[i];
    if ((rc = newton_solve(st, sys, t + h, dh, w, u, NEWTON_ITERATIONS)))
        return rc;
    memcpy(y, u, n * sizeof *y);
    return 0;
}

int ode_stepper_apply(ode_stepper *st, const ode_system *sys, double t, double h, double *y)
{
    switch (st->method) {
    case ODE_EXPLICIT_EULER:    return step_explicit(st, sys, t, h, y);
    case ODE_SEMI_IMPLICIT:     return step_semi_implicit(st, sys, t, h, y);
    case ODE_RK4:               return step_rk4(st, sys, t, h, y);
    case ODE_VERLET:            return step_verlet(st, sys, t, h, y);
    case ODE_BACKWARD_EULER:    return step_implicit(st, sys, t, h, y, 1.0, NEWTON_ITERATIONS);
    case ODE_IMPLICIT_MIDPOINT: return step_implicit(st, sys, t, h, y, 0.5, NEWTON_ITERATIONS);
    case ODE_LINEARISED_EULER:  return step_implicit(st, sys, t, h, y, 1.0, 1);
    case ODE_TR_BDF2:           return step_tr_bdf2(st, sys, t, h, y);
    default:                    return NUMLAB_ERR_INPUT;
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
        if (hi > span * h0) {  /* the scan's last point is the span's end: +inf only if that end is stable too */
            hi = span * h0;
            if (stable(ctx, hi))
                return INFINITY;
            break;
        }
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
