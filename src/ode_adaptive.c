/* ode_adaptive: Dormand-Prince 5(4) and its step-size controllers (the row: ode_table.c). See
 * include/numlab/ode_adaptive.h. */
#include "numlab/ode_adaptive.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* HNW I, Table 5.2 (Dormand and Prince 1980). */
const double ode_dopri5_c[7] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
const double ode_dopri5_a[7][6] = {
    {0},
    {1.0 / 5},
    {3.0 / 40, 9.0 / 40},
    {44.0 / 45, -56.0 / 15, 32.0 / 9},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
    {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84},
};
const double ode_dopri5_b[7] = {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0.0};
/* b - bhat, bhat = (5179/57600, 0, 7571/16695, 393/640, -92097/339200, 187/2100, 1/40) */
const double ode_dopri5_e[7] = {71.0 / 57600,      0.0,          -71.0 / 16695, 71.0 / 1920,
                                -17253.0 / 339200, 22.0 / 525,  -1.0 / 40};

const char *const ode_controller_list[ODE_CONTROLLER_COUNT + 1] = {"standard", "pi", NULL};

const char *ode_controller_name(ode_controller_kind kind)
{
    return kind < ODE_CONTROLLER_COUNT ? ode_controller_list[kind] : "?";
}

int ode_controller_parse(const char *name, ode_controller_kind *out)
{
    for (int i = 0; i < ODE_CONTROLLER_COUNT; i++)
        if (strcmp(name, ode_controller_list[i]) == 0) {
            *out = (ode_controller_kind)i;
            return 0;
        }
    return -1;
}

ode_controller ode_controller_default(ode_controller_kind kind)
{
    return (ode_controller){.kind = kind, .fac = 0.9, .facmin = 0.2, .facmax = 10.0, .alpha = 0.7 / 5, .beta = 0.4 / 5};
}

double ode_controller_factor(const ode_controller *c, double err, double err_prev, bool after_reject)
{
    const bool reject = err > 1.0;
    double raw;
    if (err == 0.0)
        raw = c->facmax;
    else if (c->kind == ODE_CONTROLLER_PI && !reject)
        raw = c->fac * pow(err, -c->alpha) * pow(err_prev, c->beta);
    else
        raw = c->fac * pow(err, -1.0 / 5.0);  /* the error is O(h^5): (1/err)^(1/(q+1)), q = 4 */
    const double top = reject || after_reject ? fmin(1.0, c->facmax) : c->facmax;
    return fmin(top, fmax(c->facmin, raw));
}

/* --- the pair ----------------------------------------------------------------------------------------------------- */

int ode_dopri5_init(ode_dopri5 *d, size_t dim, double atol, double rtol, const ode_controller *control)
{
    *d = (ode_dopri5){.dim = dim, .atol = atol, .rtol = rtol, .err_prev = 1e-4,
                      .control = control ? *control : ode_controller_default(ODE_CONTROLLER_STANDARD)};
    if (dim == 0 || !(atol >= 0.0) || !(rtol >= 0.0) || atol + rtol == 0.0 || d->control.kind >= ODE_CONTROLLER_COUNT)
        return -1;
    double *work = calloc(10 * dim, sizeof *work);
    if (!work)
        return -1;
    for (int i = 0; i < 7; i++)
        d->k[i] = work + (size_t)i * dim;
    d->err_vec = work + 7 * dim;
    d->y_k1 = work + 8 * dim;
    d->y_new = work + 9 * dim;
    return 0;
}

void ode_dopri5_destroy(ode_dopri5 *d)
{
    free(d->k[0]);
    *d = (ode_dopri5){0};
}

static int eval(ode_dopri5 *d, const ode_system *sys, double t, const double *y, double *dydt)
{
    d->rhs_evals++;
    return sys->rhs(t, y, dydt, sys->params);
}

/* k[0] = f(t, y), from the last attempt when it was taken there (FSAL). */
static int first_stage(ode_dopri5 *d, const ode_system *sys, double t, const double *y)
{
    if (d->have_k1 && d->t_k1 == t && d->k1_rhs == sys->rhs && d->k1_params == sys->params &&
        memcmp(d->y_k1, y, d->dim * sizeof *y) == 0)
        return 0;
    d->have_k1 = false;
    const int rc = eval(d, sys, t, y, d->k[0]);
    if (rc)
        return rc;
    memcpy(d->y_k1, y, d->dim * sizeof *y);
    d->t_k1 = t, d->k1_rhs = sys->rhs, d->k1_params = sys->params, d->have_k1 = true;
    return 0;
}

/* HNW I (4.11): the root mean square of v_i / (atol + rtol max(|y_i|, |z_i|)). */
static double scaled_norm(const ode_dopri5 *d, const double *v, const double *y, const double *z)
{
    double sum = 0.0;
    for (size_t i = 0; i < d->dim; i++) {
        const double sc = d->atol + d->rtol * fmax(fabs(y[i]), fabs(z[i]));
        sum += (v[i] / sc) * (v[i] / sc);
    }
    return sqrt(sum / (double)d->dim);
}

int ode_dopri5_try(ode_dopri5 *d, const ode_system *sys, double t, double h, const double *y, double *y_out,
                   double *err)
{
    const size_t n = d->dim;
    int rc = first_stage(d, sys, t, y);
    if (rc)
        return rc;
    /* stages 2..6 at y + h sum a_ij k_j, built in y_out; the seventh at y5 itself (FSAL) */
    for (int s = 1; s < 7; s++) {
        for (size_t i = 0; i < n; i++) {
            double sum = 0.0;
            for (int j = 0; j < s; j++)
                sum += ode_dopri5_a[s][j] * d->k[j][i];
            y_out[i] = y[i] + h * sum;
        }
        if ((rc = eval(d, sys, t + ode_dopri5_c[s] * h, y_out, d->k[s])))
            return rc;
    }
    /* y_out holds y + h sum a_7j k_j = y5; the error estimate y5 - y4 = h sum e_j k_j */
    for (size_t i = 0; i < n; i++) {
        double sum = 0.0;
        for (int j = 0; j < 7; j++)
            sum += ode_dopri5_e[j] * d->k[j][i];
        d->err_vec[i] = h * sum;
    }
    *err = scaled_norm(d, d->err_vec, y, y_out);
    return 0;
}

double ode_dopri5_initial_step(ode_dopri5 *d, const ode_system *sys, double t, const double *y)
{
    const size_t n = d->dim;
    if (first_stage(d, sys, t, y))
        return -1.0;
    double *zero = d->k[6], *y1 = d->y_new, *f1 = d->k[1];
    memset(zero, 0, n * sizeof *zero);
    /* a) the sizes of y and f in the tolerance's units (sc_i = atol + rtol |y_i|) */
    const double d0 = scaled_norm(d, y, y, zero), d1 = scaled_norm(d, d->k[0], y, zero);
    /* b) a first guess, so that an Euler step moves y by 1% */
    const double h0 = d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : 0.01 * d0 / d1;
    /* c, d) one explicit Euler step, and f' from the change in f */
    for (size_t i = 0; i < n; i++)
        y1[i] = y[i] + h0 * d->k[0][i];
    if (eval(d, sys, t + h0, y1, f1))
        return -1.0;
    for (size_t i = 0; i < n; i++)
        f1[i] -= d->k[0][i];
    const double d2 = scaled_norm(d, f1, y, zero) / h0;
    /* e) h1 with max(d1, d2) h1^(p+1) = 0.01, p + 1 = 5 (dopri5.f's iord) */
    const double big = fmax(d1, d2);
    const double h1 = big <= 1e-15 ? fmax(1e-6, h0 * 1e-3) : pow(0.01 / big, 1.0 / 5.0);
    return fmin(100.0 * h0, h1);
}

int ode_dopri5_step(ode_dopri5 *d, const ode_system *sys, double *t, double *y, double t_end)
{
    if (d->h <= 0.0 && !((d->h = ode_dopri5_initial_step(d, sys, *t, y)) > 0.0))
        return -1;
    for (;;) {
        const double left = t_end - *t;
        /* the last step lands on t_end (one just short of it is stretched onto it, as dopri5.f's 1.01 h) */
        const bool lands = d->h * 1.01 >= left;
        const double h = lands ? left : d->h;
        if (!(h > 1e-14 * fmax(fabs(*t), fabs(t_end))) || !isfinite(h))
            return ODE_STEP_UNDERFLOW;
        double err;
        const int rc = ode_dopri5_try(d, sys, *t, h, y, d->y_new, &err);
        if (rc)
            return rc;
        if (!isfinite(err))
            err = INFINITY;  /* an overflow in a stage: rejected, the step cut by facmin */
        d->last_err = err;
        const double factor = ode_controller_factor(&d->control, err, d->err_prev, d->after_reject);
        d->h = h * factor;
        if (err > 1.0) {
            d->rejected++;
            d->after_reject = true;
            continue;
        }
        /* accepted: y5 is the new state, and its stage k7 = f(t + h, y5) the next step's k1 */
        memcpy(y, d->y_new, d->dim * sizeof *y);
        memcpy(d->k[0], d->k[6], d->dim * sizeof *y);
        memcpy(d->y_k1, y, d->dim * sizeof *y);
        *t = lands ? t_end : *t + h;
        d->t_k1 = *t, d->k1_rhs = sys->rhs, d->k1_params = sys->params, d->have_k1 = true;
        d->accepted++;
        d->last_h = h;
        d->err_prev = fmax(err, 1e-4);
        d->after_reject = false;
        return 0;
    }
}

int ode_dopri5_advance(ode_dopri5 *d, const ode_system *sys, double *t, double t1, double *y)
{
    while (*t < t1) {
        const int rc = ode_dopri5_step(d, sys, t, y, t1);
        if (rc)
            return rc;
    }
    return 0;
}
