/* spring: the damped spring's steps, closed form, energy and stability. See include/numlab/spring.h. */
#include "numlab/common.h"
#include "numlab/spring.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One row per spring_method: the stepper, GSL solver or own adaptive solver it runs on (the *_COUNT value: none;
 * they are looked at in that order). The names are those modules' own; "exact" is the closed form. */
static const struct {
    ode_method ode;
    ode_gsl_kind gsl;
    ode_adaptive_kind own;
} method_rows[] = {
    [SPRING_EXPLICIT]       = {ODE_EXPLICIT_EULER, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_SEMI]           = {ODE_SEMI_IMPLICIT, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_RK4]            = {ODE_RK4, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_EXACT]          = {ODE_METHOD_COUNT, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_GSL_RK4]        = {ODE_METHOD_COUNT, ODE_GSL_RK4, ODE_ADAPTIVE_COUNT},
    [SPRING_GSL_RKF45]      = {ODE_METHOD_COUNT, ODE_GSL_RKF45, ODE_ADAPTIVE_COUNT},
    [SPRING_GSL_RK8PD]      = {ODE_METHOD_COUNT, ODE_GSL_RK8PD, ODE_ADAPTIVE_COUNT},
    [SPRING_GSL_MSBDF]      = {ODE_METHOD_COUNT, ODE_GSL_MSBDF, ODE_ADAPTIVE_COUNT},
    [SPRING_VERLET]         = {ODE_VERLET, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_BACKWARD_EULER] = {ODE_BACKWARD_EULER, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_MIDPOINT]       = {ODE_IMPLICIT_MIDPOINT, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_TR_BDF2]        = {ODE_TR_BDF2, ODE_GSL_COUNT, ODE_ADAPTIVE_COUNT},
    [SPRING_DOPRI5]         = {ODE_METHOD_COUNT, ODE_GSL_COUNT, ODE_ADAPTIVE_DOPRI5},
};
_Static_assert(sizeof method_rows / sizeof method_rows[0] == SPRING_METHOD_COUNT, "one row per spring_method");

/* The method table's row of a method (ode.h): the stepper's, the GSL solver's or the closed form's. */
static const ode_method_info *spring_method_about(spring_method method)
{
    if (method >= SPRING_METHOD_COUNT)
        return NULL;
    if (method_rows[method].ode < ODE_METHOD_COUNT)
        return ode_method_about(method_rows[method].ode);
    if (method_rows[method].gsl < ODE_GSL_COUNT)
        return ode_gsl_about(method_rows[method].gsl);
    return method_rows[method].own < ODE_ADAPTIVE_COUNT ? ode_adaptive_about(method_rows[method].own)
                                                         : ode_closed_form_about();
}

const char *spring_method_name(spring_method method)
{
    return method < SPRING_METHOD_COUNT ? spring_method_about(method)->name : "?";
}

ode_method spring_method_ode(spring_method method)
{
    return method < SPRING_METHOD_COUNT ? method_rows[method].ode : ODE_METHOD_COUNT;
}

int spring_method_order(spring_method method)
{
    return method < SPRING_METHOD_COUNT ? spring_method_about(method)->order : 0;
}

static const char *method_name_at(int i)
{
    return spring_method_name((spring_method)i);
}

int spring_method_parse(const char *name, spring_method *out)
{
    const int i = numlab_name_find(method_name_at, SPRING_METHOD_COUNT, name);
    if (i < 0)
        return NUMLAB_ERR_INPUT;
    *out = (spring_method)i;
    return 0;
}

const char *spring_method_names(void)
{
    static char list[256];  /* built once from the table */
    return list[0] ? list : numlab_name_join(method_name_at, SPRING_METHOD_COUNT, list, sizeof list);
}

double spring_omega0(const spring_params *p)
{
    return sqrt(p->k / p->m);
}

double spring_zeta(const spring_params *p)
{
    return p->c / (2.0 * sqrt(p->k * p->m));
}

double spring_energy(const spring_params *p, spring_state s)
{
    const double u = s.x - p->target;
    return 0.5 * p->m * s.v * s.v + 0.5 * p->k * u * u + 0.25 * p->k3 * u * u * u * u;
}

/* --- the closed form --------------------------------------------------------------------------------------
 * With y = x - T, a = zeta w0 and D = w0^2 (1 - zeta^2):
 *   y(t) = e^{-a t} [ y0 C(t) + (v0 + a y0) S(t) ],   v(t) = e^{-a t} [ v0 C(t) - (a v0 + w0^2 y0) S(t) ],
 * where C'' = -D C, C(0) = 1, S = the solution with S(0) = 0, S'(0) = 1:
 *   under-damped (D > 0): C = cos(wd t), S = sin(wd t) / wd,   wd = sqrt(D)
 *   critical     (D = 0): C = 1,         S = t
 *   over-damped  (D < 0): C = cosh(w' t), S = sinh(w' t) / w', w' = sqrt(-D)
 * (the under-, critically and over-damped solutions folded into one). S is evaluated as t * sin(u)/u or t * sinh(u)/u, which
 * tends smoothly to t at critical damping. For w' t >= 1 the over-damped products e^{-a t} cosh and e^{-a t} sinh
 * are summed as two decaying exponentials, so nothing overflows however large t is. */

static double sinc_ratio(double u)   /* sin(u)/u */
{
    return u == 0.0 ? 1.0 : sin(u) / u;
}

static double sinhc_ratio(double u)  /* sinh(u)/u */
{
    return u == 0.0 ? 1.0 : sinh(u) / u;
}

spring_state spring_exact(const spring_params *p, spring_state s0, double t)
{
    const double w0 = spring_omega0(p), zeta = spring_zeta(p);
    const double a = zeta * w0;
    const double w0sq = p->k / p->m;
    /* 1 - zeta^2 as a product: no cancellation near critical damping */
    const double D = w0sq * (1.0 - zeta) * (1.0 + zeta);
    const double y0 = s0.x - p->target, v0 = s0.v;
    double eC, eS; /* e^{-a t} C(t) and e^{-a t} S(t) */
    if (D >= 0.0) {
        double wd = sqrt(D);
        double decay = exp(-a * t);
        eC = decay * cos(wd * t);
        eS = decay * t * sinc_ratio(wd * t);
    } else {
        double wp = sqrt(-D);
        if (wp * t < 1.0) {
            double decay = exp(-a * t);
            eC = decay * cosh(wp * t);
            eS = decay * t * sinhc_ratio(wp * t);
        } else {
            double slow = exp((wp - a) * t), fast = exp(-(wp + a) * t);  /* wp < a: both decay */
            eC = 0.5 * (slow + fast);
            eS = (slow - fast) / (2.0 * wp);
        }
    }
    return (spring_state){
        .x = p->target + y0 * eC + (v0 + a * y0) * eS,
        .v = v0 * eC - (a * v0 + w0sq * y0) * eS,
    };
}

/* --- steps ------------------------------------------------------------------------------------------------ */

static double spring_accel(const spring_params *p, double x, double v)
{
    const double u = x - p->target;
    return (-(p->k + p->k3 * u * u) * u - p->c * v) / p->m;
}

static int spring_rhs(double t, const double *y, double *dydt, void *params)
{
    (void)t;
    dydt[0] = y[1];
    dydt[1] = spring_accel(params, y[0], y[1]);
    return 0;
}

static int spring_jac(double t, const double *y, double *dfdy, double *dfdt, void *params)
{
    (void)t;
    const spring_params *p = params;
    dfdy[0] = 0.0, dfdy[1] = 1.0;
    dfdy[2] = -spring_tangent_stiffness(p, y[0]) / p->m, dfdy[3] = -p->c / p->m;
    dfdt[0] = dfdt[1] = 0.0;
    return 0;
}

ode_system spring_system(const spring_params *p)
{
    /* undamped, the force is of x alone: velocity Verlet takes one evaluation a step */
    return (ode_system){.dim = 2, .rhs = spring_rhs, .jac = spring_jac, .params = (void *)p,
                        .force_of_position = p->c == 0.0};
}

spring_state spring_step_explicit(const spring_params *p, spring_state s, double dt)
{
    double a = spring_accel(p, s.x, s.v);
    return (spring_state){.x = s.x + s.v * dt, .v = s.v + a * dt};  /* the OLD velocity moves x */
}

spring_state spring_step_semi(const spring_params *p, spring_state s, double dt)
{
    double v = s.v + spring_accel(p, s.x, s.v) * dt;
    return (spring_state){.x = s.x + v * dt, .v = v};                /* the NEW velocity moves x */
}

spring_state spring_step_rk4(const spring_params *p, spring_state s, double dt)
{
    double k1x = s.v, k1v = spring_accel(p, s.x, s.v);
    double x2 = s.x + 0.5 * dt * k1x, v2 = s.v + 0.5 * dt * k1v;
    double k2x = v2, k2v = spring_accel(p, x2, v2);
    double x3 = s.x + 0.5 * dt * k2x, v3 = s.v + 0.5 * dt * k2v;
    double k3x = v3, k3v = spring_accel(p, x3, v3);
    double x4 = s.x + dt * k3x, v4 = s.v + dt * k3v;
    double k4x = v4, k4v = spring_accel(p, x4, v4);
    return (spring_state){
        .x = s.x + dt / 6.0 * (k1x + 2.0 * (k2x + k3x) + k4x),
        .v = s.v + dt / 6.0 * (k1v + 2.0 * (k2v + k3v) + k4v),
    };
}

spring_state spring_step_verlet(const spring_params *p, spring_state s, double dt)
{
    const double a0 = spring_accel(p, s.x, s.v), v_half = s.v + 0.5 * dt * a0, x = s.x + dt * v_half;
    return (spring_state){.x = x, .v = v_half + 0.5 * dt * spring_accel(p, x, s.v + dt * a0)};
}

/* With k3 > 0: Newton's solve (a step it cannot solve is returned as NaN, a divergence) */
static spring_state newton_or_nan(const spring_params *p, double theta, spring_state s, double dt)
{
    spring_state out;
    return spring_newton_step(p, theta, s, dt, &out, NULL) == 0 ? out : (spring_state){NAN, NAN};
}

spring_state spring_step_backward_euler(const spring_params *p, spring_state s, double dt)
{
    if (p->k3 != 0.0)
        return newton_or_nan(p, 1.0, s, dt);
    const double kappa = p->k / p->m, gamma = p->c / p->m, u = s.x - p->target;
    const double v = (s.v - dt * kappa * u) / (1.0 + dt * gamma + dt * dt * kappa);
    return (spring_state){.x = p->target + (u + dt * v), .v = v};
}

spring_state spring_step_midpoint(const spring_params *p, spring_state s, double dt)
{
    if (p->k3 != 0.0)
        return newton_or_nan(p, 0.5, s, dt);
    const double kappa = p->k / p->m, gamma = p->c / p->m, u = s.x - p->target;
    const double sum = (2.0 * s.v - dt * kappa * u) / (1.0 + 0.5 * dt * gamma + 0.25 * dt * dt * kappa);
    return (spring_state){.x = p->target + (u + 0.5 * dt * sum), .v = sum - s.v};
}

/* --- trajectories ----------------------------------------------------------------------------------------- */

double spring_divergence_limit(const spring_params *p, spring_state s0)
{
    double amplitude = fabs(s0.x - p->target) + fabs(s0.v) / spring_omega0(p);
    return 1e12 * (amplitude > 1.0 ? amplitude : 1.0);
}

static bool spring_diverged(const spring_params *p, double limit, const double y[2])
{
    double w0 = spring_omega0(p);
    double scaled[2] = {y[0] - p->target, y[1] / w0};
    return ode_state_diverged(scaled, 2, limit);
}

int spring_runner_init(spring_runner *r, const spring_params *p, spring_method method, spring_state s0, double dt,
                       double tol)
{
    *r = (spring_runner){.params = *p, .method = method, .s0 = s0, .dt = dt, .y = {s0.x, s0.v}};
    r->limit = spring_divergence_limit(p, s0);
    r->sys = spring_system(&r->params);
    r->status.count = 1;
    if (method >= SPRING_METHOD_COUNT || (method == SPRING_EXACT && p->k3 != 0.0))
        return NUMLAB_ERR_INPUT;
    if (method_rows[method].ode < ODE_METHOD_COUNT)
        return ode_stepper_init(&r->stepper, method_rows[method].ode, 2);
    if (method_rows[method].gsl < ODE_GSL_COUNT) {
        r->gsl = ode_gsl_new(method_rows[method].gsl, &r->sys, dt, tol);
        return r->gsl ? 0 : NUMLAB_ERR_NOMEM;
    }
    if (method_rows[method].own < ODE_ADAPTIVE_COUNT)  /* atol = rtol = tol, as GSL's drivers here */
        return ode_dopri5_init(&r->dopri, 2, tol, tol, NULL);
    return 0;
}

void spring_runner_destroy(spring_runner *r)
{
    ode_stepper_destroy(&r->stepper);
    ode_dopri5_destroy(&r->dopri);
    ode_gsl_free(r->gsl);
    r->gsl = NULL;
}

void spring_runner_control(spring_runner *r, ode_controller_kind kind)
{
    r->dopri.control = ode_controller_default(kind);
}

unsigned long spring_runner_evals(const spring_runner *r)
{
    return r->gsl ? ode_gsl_rhs_evals(r->gsl) : r->dopri.dim ? r->dopri.rhs_evals : r->stepper.rhs_evals;
}

spring_sample spring_runner_sample(const spring_runner *r)
{
    spring_state s = {r->y[0], r->y[1]};
    return (spring_sample){.t = (double)r->step * r->dt, .x = s.x, .v = s.v, .energy = spring_energy(&r->params, s)};
}

int spring_runner_step(spring_runner *r)
{
    if (r->status.diverged || r->status.solver_failed)
        return 1;
    const size_t n = r->step + 1;
    const double t = (double)r->step * r->dt, tn = (double)n * r->dt;
    double y[2] = {r->y[0], r->y[1]};
    int rc = 0;
    if (r->method == SPRING_EXACT) {
        spring_state s = spring_exact(&r->params, r->s0, tn);
        y[0] = s.x, y[1] = s.v;
    } else if (r->gsl) {
        double tg = t;
        rc = ode_gsl_advance(r->gsl, &tg, tn, y);
    } else if (r->dopri.dim) {
        rc = ode_dopri5_advance(&r->dopri, &r->sys, &r->t_dopri, tn, y);
    } else {
        rc = spring_step_stepper(&r->params, &r->stepper, &r->sys, t, r->dt, y, &r->newton);
    }
    if (rc == ODE_NEWTON_FAILED) {  /* not a divergence: the step's equations were not solved */
        r->status.solver_failed = r->status.newton_failed = true;
        r->status.diverged_step = n;
        r->status.diverged_t = tn;
        return 1;
    }
    if (spring_diverged(&r->params, r->limit, y)) {
        r->status.diverged = true;
        r->status.diverged_step = n;
        r->status.diverged_t = tn;
        return 1;
    }
    if (rc) {
        r->status.solver_failed = true;
        return 1;
    }
    r->y[0] = y[0], r->y[1] = y[1];
    r->step = n;
    r->status.count++;
    return 0;
}

int spring_simulate(const spring_params *p, spring_method method, spring_state s0, double dt, size_t steps,
                    double tol, spring_sample *out, spring_run *run)
{
    spring_runner r;
    int rc = spring_runner_init(&r, p, method, s0, dt, tol);
    if (rc) {
        spring_runner_destroy(&r);
        return rc;
    }
    out[0] = spring_runner_sample(&r);
    for (size_t n = 1; n <= steps && spring_runner_step(&r) == 0; n++)
        out[n] = spring_runner_sample(&r);
    *run = r.status;
    spring_runner_destroy(&r);
    return 0;
}

/* --- amplification and stability --------------------------------------------------------------------------- */

/* The step matrix of a map that is linear in the state about the target: its columns are the map applied to unit
 * displacement and to unit velocity, with the target at 0. */
static void columns_of(const spring_params *p, spring_state (*map)(const spring_params *, spring_state, double),
                       double dt, double M[4])
{
    spring_params q = *p;
    q.target = 0.0;
    const spring_state c0 = map(&q, (spring_state){1.0, 0.0}, dt), c1 = map(&q, (spring_state){0.0, 1.0}, dt);
    M[0] = c0.x, M[1] = c1.x, M[2] = c0.v, M[3] = c1.v;
}

int spring_amplification(const spring_params *p, spring_method method, double dt, double M[4])
{
    if (method == SPRING_EXACT) {  /* the exact responses to unit displacement and unit velocity */
        columns_of(p, spring_exact, dt, M);
        return 0;
    }
    const ode_method_info *row = spring_method_about(method);
    if (!row || !row->mode_matrix)
        return NUMLAB_ERR_INPUT;
    row->mode_matrix(p->k / p->m, p->c / p->m, dt, M);
    return 0;
}

static double radius_of(const double M[4], double s)
{
    const double a = M[0] / s, b = M[1] / s, c = M[2] / s, d = M[3] / s;
    const double half_trace = 0.5 * (a + d), half_gap = 0.5 * (a - d);
    /* (tr/2)^2 - det written as ((a - d)/2)^2 + bc: no cancellation near the identity, where a step of w h ~ 1e-8
     * would otherwise read as a radius of 1 + 1e-8 */
    const double disc = half_gap * half_gap + b * c;
    if (disc < 0.0)
        return s * sqrt(a * d - b * c);  /* complex pair: |lambda|^2 = det */
    return s * (fabs(half_trace) + sqrt(disc));  /* the larger of |tr/2 +- sqrt(disc)| */
}

double spring_spectral_radius(const double M[4])
{
    double rho = radius_of(M, 1.0);
    if (isfinite(rho))
        return rho;
    /* the squares overflowed: the radius of M / s, times s, where s is M's largest entry */
    double s = fmax(fmax(fabs(M[0]), fabs(M[1])), fmax(fabs(M[2]), fabs(M[3])));
    return s > 0.0 && isfinite(s) ? radius_of(M, s) : s;
}

bool spring_radius_stable(double rho)
{
    return rho <= 1.0 + 1e-12;
}

bool spring_dt_stable(const spring_params *p, spring_method method, double dt)
{
    const double limit = spring_stability_limit(method, spring_zeta(p));
    if (!(limit > 0.0 && spring_omega0(p) * dt <= limit))  /* a limit of 0: no step > 0 is stable */
        return false;
    /* on the limit itself a double eigenvalue on the unit circle (semi-implicit at w0 dt = 2 undamped) grows */
    double M[4];
    return spring_amplification(p, method, dt, M) == 0 && spring_step_bounded(M);
}

bool spring_step_bounded(const double M[4])
{
    const double rho = spring_spectral_radius(M);
    if (!spring_radius_stable(rho))
        return false;
    if (rho < 1.0 - 1e-9)
        return true;
    /* on the unit circle: a double eigenvalue with a Jordan block (semi-implicit at w0 dt = 2 undamped: -1 twice)
     * grows linearly; distinct eigenvalues (or a multiple of I) stay bounded */
    const double half_trace = 0.5 * (M[0] + M[3]), det = M[0] * M[3] - M[1] * M[2];
    const double disc = half_trace * half_trace - det;
    return fabs(disc) > 1e-9 || (M[1] == 0.0 && M[2] == 0.0 && M[0] == M[3]);
}

typedef struct {
    spring_method method;
    double zeta;
} unit_spring;

static bool stable_at(void *ctx, double y)
{
    const unit_spring *u = ctx;
    const spring_params unit = {.k = 1.0, .m = 1.0, .c = 2.0 * u->zeta, .target = 0.0};  /* w0 = 1: dt = y */
    double M[4];
    spring_amplification(&unit, u->method, y, M);
    return spring_spectral_radius(M) <= 1.0;
}

double spring_stability_limit(spring_method method, double zeta)
{
    const ode_method_info *row = spring_method_about(method);
    if (!row)
        return NAN;
    /* INFINITY: A-stable (no step of a damped or undamped spring grows); NAN: the adaptive solvers choose their own
     * steps; undamped: the exact bound |R(iy)| <= 1 of the table */
    if (!isfinite(row->undamped_limit) || zeta == 0.0)
        return row->undamped_limit;
    /* Scan w0*dt geometrically from 1e-6 to 100 for the first unstable point, then bisect. */
    unit_spring u = {method, zeta};
    return ode_stability_edge(stable_at, &u, 1e-6, 1.01, 1e8, 1e-13);
}
