/* spring studies: the measured order and cost of each method, and its energy and phase over long runs.
 * See include/numlab/spring.h. */
#include <math.h>

#include "numlab/common.h"
#include "numlab/spring.h"

int spring_error_at(const spring_params *p, spring_method method, spring_state s0, double t_end, size_t n,
                    double *error, double *evals)
{
    if (n == 0)
        return NUMLAB_ERR_INPUT;
    spring_runner r;
    int rc = spring_runner_init(&r, p, method, s0, t_end / (double)n, 1e-12);
    if (rc) {
        spring_runner_destroy(&r);
        return rc;
    }
    for (size_t i = 0; i < n && spring_runner_step(&r) == 0; i++)
        ;
    /* the end state against the closed form at n dt (the runner's own grid: steps counted, not added up), or with
     * k3 > 0 against spring_reference's */
    spring_state reference[2];
    const bool done = r.step == n && spring_reference(p, s0, (double)n * r.dt, 2, reference) == 0;
    *error = done ? fabs(r.y[0] - reference[1].x) : INFINITY;
    if (evals)
        *evals = (double)spring_runner_evals(&r);
    spring_runner_destroy(&r);
    return 0;
}

double spring_loglog_slope(const double *x, const double *y, size_t n)
{
    double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(x[i] > 0.0 && y[i] > 0.0 && isfinite(x[i]) && isfinite(y[i])))
            continue;
        const double lx = log(x[i]), ly = log(y[i]);
        sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
        used++;
    }
    if (used < 2)
        return NAN;
    const double k = (double)used, den = sxx - sx * sx / k;
    return den > 0.0 ? (sxy - sx * sy / k) / den : NAN;
}

double spring_modified_energy(const spring_params *p, spring_method method, double dt, spring_state s)
{
    const double w2 = p->k / p->m, x = s.x - p->target, v = s.v;
    if (p->k3 != 0.0)
        return NAN;  /* the quadratics are of the linear spring's steps */
    switch (method) {
    case SPRING_SEMI:     return 0.5 * v * v + 0.5 * w2 * x * x - 0.5 * dt * w2 * x * v;
    case SPRING_VERLET:   return 0.5 * v * v + 0.5 * (1.0 - 0.25 * w2 * dt * dt) * w2 * x * x;
    case SPRING_MIDPOINT: return 0.5 * v * v + 0.5 * w2 * x * x;
    default:              return NAN;
    }
}

/* The angle of (x - T, -v / w0): w0 t on the exact undamped orbit from (1, 0). */
static double orbit_angle(const spring_params *p, const double y[2])
{
    return atan2(-y[1] / spring_omega0(p), y[0] - p->target);
}

size_t spring_drift_run(const spring_params *p, spring_method method, spring_state s0, double dt, size_t steps,
                        size_t every, spring_drift_sample *out)
{
    if (every == 0)
        every = 1;
    spring_runner r;
    if (spring_runner_init(&r, p, method, s0, dt, 1e-12)) {
        spring_runner_destroy(&r);
        return 0;
    }
    const double w0 = spring_omega0(p), e0 = spring_energy(p, s0);
    const double h0 = spring_modified_energy(p, method, dt, s0);
    double angle = orbit_angle(p, r.y), start = angle, unwrapped = angle;
    size_t count = 0;
    for (size_t n = 0; n <= steps; n++) {
        if (n > 0) {
            if (spring_runner_step(&r))
                break;
            /* unwrap: a step turns the orbit by far less than pi (w0 dt < pi where any method here is stable) */
            const double a = orbit_angle(p, r.y);
            unwrapped += remainder(a - angle, 2.0 * NUMLAB_PI);
            angle = a;
        }
        if (n % every)
            continue;
        const spring_state s = {r.y[0], r.y[1]};
        const double t = (double)n * dt;
        out[count++] = (spring_drift_sample){
            .periods = t * w0 / (2.0 * NUMLAB_PI),
            .energy = spring_energy(p, s) / e0,
            .modified = spring_modified_energy(p, method, dt, s) / h0,
            .phase = unwrapped - start - w0 * t,
        };
    }
    spring_runner_destroy(&r);
    return count;
}
