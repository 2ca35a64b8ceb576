/* spring: the hardening (Duffing) spring, m x'' + c x' + k u + k3 u^3 = 0 with u = x - target: the implicit steps
 * solved by Newton's method on one scalar cubic, the tangent stiffness the linear stability chart is taken at, the
 * orbit's amplitude and period, and the reference trajectory. See include/numlab/spring.h. */
#include "numlab/spring.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>

#include "numlab/common.h"

double spring_tangent_stiffness(const spring_params *p, double x)
{
    const double u = x - p->target;
    return p->k + 3.0 * p->k3 * u * u;
}

spring_params spring_linearised(const spring_params *p, double x)
{
    spring_params q = *p;
    q.k = spring_tangent_stiffness(p, x);
    q.k3 = 0.0;
    return q;
}

double spring_amplitude(const spring_params *p, spring_state s)
{
    const double e = spring_energy(p, s);
    if (p->k3 == 0.0)
        return sqrt(2.0 * e / p->k);
    /* A^2 = (sqrt(k^2 + 4 k3 E) - k) / k3, written without the cancellation at small k3 E */
    return sqrt(4.0 * e / (p->k + sqrt(p->k * p->k + 4.0 * p->k3 * e)));
}

double spring_duffing_period(const spring_params *p, double amplitude)
{
    const double stiff = p->k + p->k3 * amplitude * amplitude, w = sqrt(stiff / p->m);
    const double mu = p->k3 * amplitude * amplitude / (2.0 * stiff);
    /* GSL's K takes the modulus sqrt(mu), not the parameter */
    return mu == 0.0 ? 2.0 * NUMLAB_PI / w : 4.0 * gsl_sf_ellint_Kcomp(sqrt(mu), GSL_PREC_DOUBLE) / w;
}

/* Backward Euler's residual of the stage position w for the step h from (u, v), and its derivative. */
static double residual(const spring_params *p, double h, double u, double v, double w, double *slope)
{
    const double damped_mass = p->m + p->c * h;
    *slope = damped_mass + h * h * (p->k + 3.0 * p->k3 * w * w);
    return damped_mass * (w - u) + h * h * (p->k * w + p->k3 * w * w * w) - p->m * h * v;
}

#define HALVINGS 40  /* of an update that does not reduce |R| */

int spring_newton_step(const spring_params *p, double theta, spring_state s, double dt, spring_state *out,
                       spring_newton *stats)
{
    const double h = theta * dt, u = s.x - p->target, v = s.v;
    double w = u, slope, r = residual(p, h, u, v, w, &slope);
    unsigned it = 0;
    bool converged = false;
    while (!converged && it < SPRING_NEWTON_MAX_ITERATIONS && isfinite(r) && isfinite(slope)) {
        it++;
        double step = -r / slope, next, next_slope, next_r = 0.0;
        /* damping: R is strictly increasing, so a short enough step along -R/R' always reduces |R| */
        for (int halve = 0; halve <= HALVINGS; halve++, step *= 0.5) {
            next = w + step;
            next_r = residual(p, h, u, v, next, &next_slope);
            if (fabs(next_r) <= fabs(r))
                break;
        }
        const double scale = fmax(fmax(fabs(w), fabs(next)), fmax(fabs(u), fabs(h * v)));
        converged = fabs(step) <= SPRING_NEWTON_TOL * scale || step == 0.0;
        w = next, r = next_r, slope = next_slope;
    }
    if (stats) {
        stats->iterations += it;
        stats->most = it > stats->most ? it : stats->most;
    }
    if (!converged || !isfinite(w))
        return ODE_NEWTON_FAILED;
    if (stats) {
        stats->solves++;
        stats->residual = fmax(stats->residual, fabs(r / slope));
    }
    const double stage_v = (w - u) / h;
    *out = theta == 1.0 ? (spring_state){p->target + w, stage_v}
                        : (spring_state){p->target + (2.0 * w - u), 2.0 * stage_v - v};
    return 0;
}

int spring_step_stepper(const spring_params *p, ode_stepper *st, const ode_system *sys, double t, double dt,
                        double y[2], spring_newton *stats)
{
    const bool newton = p->k3 != 0.0 && (st->method == ODE_BACKWARD_EULER || st->method == ODE_IMPLICIT_MIDPOINT);
    if (!newton)
        return ode_stepper_apply(st, sys, t, dt, y);
    spring_newton mine = {0};
    spring_state end;
    const int rc = spring_newton_step(p, st->method == ODE_BACKWARD_EULER ? 1.0 : 0.5, (spring_state){y[0], y[1]}, dt,
                                      &end, &mine);
    st->rhs_evals += mine.iterations;
    if (stats) {
        stats->solves += mine.solves, stats->iterations += mine.iterations;
        stats->most = mine.most > stats->most ? mine.most : stats->most;
        stats->residual = fmax(stats->residual, mine.residual);
    }
    if (rc == 0)
        y[0] = end.x, y[1] = end.v;
    return rc;
}

int spring_reference(const spring_params *p, spring_state s0, double h, size_t n, spring_state *out)
{
    if (p->k3 == 0.0) {
        for (size_t i = 0; i < n; i++)
            out[i] = spring_exact(p, s0, (double)i * h);
        return 0;
    }
    const ode_system sys = spring_system(p);
    ode_gsl *g = ode_gsl_new(ODE_GSL_RK8PD, &sys, h > 0.0 ? h : 1e-3, SPRING_REFERENCE_TOL);
    if (!g)
        return -1;
    double y[2] = {s0.x, s0.v}, t = 0.0;
    out[0] = s0;
    int rc = 0;
    for (size_t i = 1; i < n && rc == 0; i++) {
        rc = ode_gsl_advance(g, &t, (double)i * h, y);
        out[i] = (spring_state){y[0], y[1]};
    }
    ode_gsl_free(g);
    return rc ? -1 : 0;
}
