/* phase: the pendulum, a step's Jacobian determinant and velocity Verlet's modified energy. See
 * include/numlab/phase.h. */
#include "numlab/phase.h"

#include <gsl/gsl_sf_ellint.h>
#include <math.h>
#include <string.h>

#include "numlab/common.h"

static int pendulum_rhs(double t, const double *y, double *dydt, void *params)
{
    (void)t;
    const phase_pendulum *p = params;
    dydt[0] = y[1];
    dydt[1] = -(p->k * sin(y[0] - p->target) + p->c * y[1]) / p->m;
    return 0;
}

static int pendulum_jac(double t, const double *y, double *dfdy, double *dfdt, void *params)
{
    (void)t;
    const phase_pendulum *p = params;
    dfdy[0] = 0.0, dfdy[1] = 1.0;
    dfdy[2] = -p->k * cos(y[0] - p->target) / p->m, dfdy[3] = -p->c / p->m;
    dfdt[0] = dfdt[1] = 0.0;
    return 0;
}

ode_system phase_pendulum_system(const phase_pendulum *p)
{
    return (ode_system){.dim = 2, .rhs = pendulum_rhs, .jac = pendulum_jac, .params = (void *)p,
                        .force_of_position = p->c == 0.0};
}

double phase_pendulum_energy(const phase_pendulum *p, double x, double v)
{
    /* 1 - cos u as 2 sin^2(u/2): no cancellation at small u */
    const double s = sin(0.5 * (x - p->target));
    return 0.5 * p->m * v * v + 2.0 * p->k * s * s;
}

double phase_pendulum_period(const phase_pendulum *p, double amplitude)
{
    const double w0 = sqrt(p->k / p->m), a = fabs(amplitude);
    if (a >= NUMLAB_PI)
        return INFINITY;
    return a == 0.0 ? 2.0 * NUMLAB_PI / w0 : 4.0 * gsl_sf_ellint_Kcomp(sin(0.5 * a), GSL_PREC_DOUBLE) / w0;
}

double phase_verlet_shadow(const phase_pendulum *p, double h, double x, double v)
{
    const double u = x - p->target, force = p->k * sin(u), curvature = p->k * cos(u);
    return phase_pendulum_energy(p, x, v) + h * h * (curvature * v * v / 12.0 - force * force / (24.0 * p->m));
}

/* One step of h from y into out, on a stepper of its own (no state carried between the differences). */
static int step_from(ode_stepper *st, const ode_system *sys, double t, double h, const double y[2], double out[2])
{
    out[0] = y[0], out[1] = y[1];
    st->have_last = false;
    return ode_stepper_apply(st, sys, t, h, out);
}

int phase_step_det(ode_method method, const ode_system *sys, double t, double h, const double y[2], double *det)
{
    ode_stepper st;
    int rc = ode_stepper_init(&st, method, 2);
    if (rc)
        return rc;
    double col[2][2];  /* d(step)/dy_j, j = 0, 1 */
    for (int j = 0; j < 2 && rc == 0; j++) {
        const double e = 1e-6 * fmax(1.0, fabs(y[j]));
        double plus[2] = {y[0], y[1]}, minus[2] = {y[0], y[1]}, a[2], b[2];
        plus[j] += e, minus[j] -= e;
        if ((rc = step_from(&st, sys, t, h, plus, a)) || (rc = step_from(&st, sys, t, h, minus, b)))
            break;
        col[j][0] = (a[0] - b[0]) / (2.0 * e), col[j][1] = (a[1] - b[1]) / (2.0 * e);
    }
    ode_stepper_destroy(&st);
    if (rc == 0)
        *det = col[0][0] * col[1][1] - col[1][0] * col[0][1];
    return rc;
}
