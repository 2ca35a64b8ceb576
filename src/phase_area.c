/* phase: a disc of initial states advected by a method, its boundary refined where it stretches, and its area by
 * the shoelace formula. See include/numlab/phase.h. */
#include "numlab/phase.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_spline.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"

double phase_shoelace(const double *x, const double *v, size_t n)
{
    /* about the first point, so that a disc far from the origin loses no digits to the products */
    double twice = 0.0;
    for (size_t i = 1; i + 1 < n; i++)
        twice += (x[i] - x[0]) * (v[i + 1] - v[0]) - (x[i + 1] - x[0]) * (v[i] - v[0]);
    return 0.5 * twice;
}

static void start_point(const phase_disc *d, double theta, double y[2])
{
    y[0] = d->centre[0] + d->radius[0] * cos(theta);
    y[1] = d->centre[1] + d->radius[1] * sin(theta);
}

int phase_disc_init(phase_disc *d, ode_method method, const ode_system *sys, double h, const double centre[2],
                    const double radius[2], size_t n, size_t max)
{
    memset(d, 0, sizeof *d);
    if (n < 8 || max < n || !(radius[0] > 0.0) || !(radius[1] > 0.0) || !(h > 0.0) || sys->dim != 2)
        return NUMLAB_ERR_INPUT;
    int rc = ode_stepper_init(&d->st, method, 2);
    if (rc)
        return rc;
    if (!(d->theta = malloc(3 * max * sizeof *d->theta))) {
        ode_stepper_destroy(&d->st);
        return NUMLAB_ERR_NOMEM;
    }
    d->x = d->theta + max, d->v = d->x + max;
    d->method = method, d->sys = *sys, d->h = h, d->n = n, d->max = max;
    d->centre[0] = centre[0], d->centre[1] = centre[1], d->radius[0] = radius[0], d->radius[1] = radius[1];
    d->spacing = 2.0 * NUMLAB_PI / (double)n;
    for (size_t i = 0; i < n; i++) {
        double y[2];
        d->theta[i] = d->spacing * (double)i;
        start_point(d, d->theta[i], y);
        d->x[i] = y[0], d->v[i] = y[1];
    }
    return 0;
}

void phase_disc_destroy(phase_disc *d)
{
    free(d->theta);
    ode_stepper_destroy(&d->st);
    memset(d, 0, sizeof *d);
}

/* The segment from point i to the next, in units of the disc's radii. */
static double segment(const phase_disc *d, size_t i)
{
    const size_t j = (i + 1) % d->n;
    return hypot((d->x[j] - d->x[i]) / d->radius[0], (d->v[j] - d->v[i]) / d->radius[1]);
}

/* The point at angle theta advected through the d->steps steps taken. */
static int advect_new(phase_disc *d, double theta, double y[2])
{
    start_point(d, theta, y);
    int rc = 0;
    for (size_t k = 0; k < d->steps && rc == 0; k++)
        rc = ode_stepper_apply(&d->st, &d->sys, (double)k * d->h, d->h, y);
    return rc;
}

static int refine(phase_disc *d)
{
    size_t i = 0;
    while (i < d->n) {
        if (!(segment(d, i) > PHASE_DISC_STRETCH * d->spacing)) {
            i++;
            continue;
        }
        if (d->n == d->max) {
            d->full = true;
            return 0;
        }
        const double next = i + 1 < d->n ? d->theta[i + 1] : 2.0 * NUMLAB_PI;
        const double theta = 0.5 * (d->theta[i] + next);
        double y[2];
        const int rc = advect_new(d, theta, y);
        if (rc)
            return rc;
        const size_t tail = d->n - (i + 1);
        memmove(d->theta + i + 2, d->theta + i + 1, tail * sizeof *d->theta);
        memmove(d->x + i + 2, d->x + i + 1, tail * sizeof *d->x);
        memmove(d->v + i + 2, d->v + i + 1, tail * sizeof *d->v);
        d->theta[i + 1] = theta, d->x[i + 1] = y[0], d->v[i + 1] = y[1];
        d->n++;  /* and i stays: the segment's first half may still be too long */
    }
    return 0;
}

int phase_disc_advance(phase_disc *d)
{
    const double t = (double)d->steps * d->h;
    for (size_t i = 0; i < d->n; i++) {
        double y[2] = {d->x[i], d->v[i]};
        const int rc = ode_stepper_apply(&d->st, &d->sys, t, d->h, y);
        if (rc)
            return rc;
        d->x[i] = y[0], d->v[i] = y[1];
    }
    d->steps++;
    return refine(d);
}

/* Green's theorem, A = 1/2 int (x v' - v x') dtheta over the closed boundary, on periodic cubic splines of x(theta)
 * and v(theta) through the points (GSL's cspline_periodic: the error is O(dtheta^4) where the polygon's is
 * O(dtheta^2)), each piece by 3-point Gauss-Legendre (exact on its degree-5 integrand). NAN when out of memory. */
static double spline_area(const double *theta, const double *x, const double *v, size_t n)
{
    static const double node[3] = {-0.7745966692414834, 0.0, 0.7745966692414834};
    static const double weight[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
    double *buf = malloc(3 * (n + 1) * sizeof *buf);
    gsl_spline *sx = gsl_spline_alloc(gsl_interp_cspline_periodic, n + 1);
    gsl_spline *sv = gsl_spline_alloc(gsl_interp_cspline_periodic, n + 1);
    gsl_interp_accel *ax = gsl_interp_accel_alloc(), *av = gsl_interp_accel_alloc();
    double area = NAN;
    if (buf && sx && sv && ax && av) {
        double *t = buf, *px = buf + n + 1, *pv = px + n + 1;
        for (size_t i = 0; i < n; i++)
            t[i] = theta[i], px[i] = x[i] - x[0], pv[i] = v[i] - v[0];  /* about the first point, as the shoelace */
        t[n] = theta[0] + 2.0 * NUMLAB_PI, px[n] = 0.0, pv[n] = 0.0;
        gsl_error_handler_t *old = gsl_set_error_handler_off();
        if (gsl_spline_init(sx, t, px, n + 1) == 0 && gsl_spline_init(sv, t, pv, n + 1) == 0) {
            double twice = 0.0;
            for (size_t i = 0; i < n; i++) {
                const double mid = 0.5 * (t[i] + t[i + 1]), half = 0.5 * (t[i + 1] - t[i]);
                for (int g = 0; g < 3; g++) {
                    const double s = mid + half * node[g];
                    twice += weight[g] * half * (gsl_spline_eval(sx, s, ax) * gsl_spline_eval_deriv(sv, s, av) -
                                                 gsl_spline_eval(sv, s, av) * gsl_spline_eval_deriv(sx, s, ax));
                }
            }
            area = 0.5 * twice;
        }
        gsl_set_error_handler(old);
    }
    gsl_interp_accel_free(av);
    gsl_interp_accel_free(ax);
    gsl_spline_free(sv);
    gsl_spline_free(sx);
    free(buf);
    return area;
}

double phase_disc_area(const phase_disc *d)
{
    return spline_area(d->theta, d->x, d->v, d->n);
}

double phase_disc_start_area(const phase_disc *d)
{
    /* the same angles' points at the start, through the same quadrature (pi radius[0] radius[1] to its error) */
    double *xy = malloc(2 * d->n * sizeof *xy);
    if (!xy)
        return NAN;
    for (size_t i = 0; i < d->n; i++) {
        double y[2];
        start_point(d, d->theta[i], y);
        xy[i] = y[0], xy[d->n + i] = y[1];
    }
    const double area = spline_area(d->theta, xy, xy + d->n, d->n);
    free(xy);
    return area;
}
