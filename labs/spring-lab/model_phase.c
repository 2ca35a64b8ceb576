/* spring-lab's phase-space studies (model.h), on the pendulum m x'' + c x' + k sin(x - target) = 0 (phase.h): a disc
 * of states advected by each method, its area over time against the product of its steps' Jacobian determinants,
 * and its boundary at the end (what "symplectic" means: det J = 1, HLW ch. VI); velocity Verlet's energy and shadow
 * energy over 1e5 periods beside RK4's (backward error analysis, HLW ch. IX); and a swing near the separatrix, where
 * a step that was fine on small swings goes over the top. Numerics only. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "model.h"

static const spring_method area_methods[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_MIDPOINT,
                                             SPRING_RK4, SPRING_BACKWARD_EULER};
static const spring_method separatrix_methods[] = {SPRING_VERLET, SPRING_MIDPOINT, SPRING_RK4};

phase_pendulum sl_pendulum(const sl_params *p)
{
    return (phase_pendulum){.k = p->spring.k, .c = p->spring.c, .m = p->spring.m, .target = p->spring.target};
}

/* A method of the area study: --method's hand-written steppers when given, else area_methods. */
static bool area_runs(const sl_params *p, spring_method m)
{
    if (spring_method_ode(m) >= ODE_METHOD_COUNT)
        return false;
    if (p->method_given)
        return p->methods[m];
    for (size_t i = 0; i < sizeof area_methods / sizeof area_methods[0]; i++)
        if (area_methods[i] == m)
            return true;
    return false;
}

/* The product of det J of each step along the disc's centre, as exp of the sum of their logs (NAN if a step
 * failed). */
static double centre_det_product(ode_method method, const ode_system *sys, double h, const double y0[2], size_t n)
{
    ode_stepper st;
    if (ode_stepper_init(&st, method, 2))
        return NAN;
    double y[2] = {y0[0], y0[1]}, log_sum = 0.0;
    int rc = 0;
    for (size_t k = 0; k < n && rc == 0; k++) {
        double det = NAN;
        rc = phase_step_det(method, sys, (double)k * h, h, y, &det);
        log_sum += log(det);
        if (rc == 0)
            rc = ode_stepper_apply(&st, sys, (double)k * h, h, y);
    }
    ode_stepper_destroy(&st);
    return rc ? NAN : exp(log_sum);
}

/* One method's disc: the area ratio at every step into s (boundary false), or its boundary at the end, closed. */
static int run_disc(sl_study *st, const sl_params *p, spring_method m, bool boundary)
{
    const phase_pendulum pend = sl_pendulum(p);
    const ode_system sys = phase_pendulum_system(&pend);
    const double centre[2] = {p->s0.x, p->s0.v};
    const double radius[2] = {SL_AREA_RADIUS, SL_AREA_RADIUS * sqrt(pend.k / pend.m)};
    const size_t steps = (size_t)p->steps;
    phase_disc d;
    if (phase_disc_init(&d, spring_method_ode(m), &sys, p->dt, centre, radius, SL_AREA_POINTS, SL_AREA_MAX_POINTS))
        return -1;
    sl_series *s = sl_study_add_series(st, boundary ? SL_AREA_MAX_POINTS + 1 : steps + 1, m, spring_method_name(m));
    double start = phase_disc_start_area(&d);
    if (!s || !isfinite(start)) {
        phase_disc_destroy(&d);
        return -1;
    }
    size_t k = 0, points = d.n;
    if (!boundary)
        s->x[0] = 0.0, s->y[0] = 1.0;
    while (k < steps && phase_disc_advance(&d) == 0) {
        k++;
        if (boundary)
            continue;
        if (d.n != points)  /* the same angles' start: the refined points' own */
            start = phase_disc_start_area(&d), points = d.n;
        s->x[k] = (double)k * p->dt, s->y[k] = phase_disc_area(&d) / start;
    }
    if (boundary) {
        for (size_t i = 0; i <= d.n; i++)
            s->x[i] = d.x[i % d.n], s->y[i] = d.v[i % d.n];
        s->n = d.n + 1;
    } else {
        s->n = k + 1;
        s->predicted = centre_det_product(spring_method_ode(m), &sys, p->dt, centre, k);
    }
    s->full = d.full;
    phase_disc_destroy(&d);
    return 0;
}

int sl_study_build_area(sl_study *st, const sl_params *p, bool boundary)
{
    st->radius = SL_AREA_RADIUS;
    if (boundary) {  /* the disc at the start, as the boundaries are drawn */
        sl_series *s = sl_study_add_series(st, SL_AREA_POINTS + 1, SPRING_METHOD_COUNT, "start");
        if (!s)
            return -1;
        const double w0 = spring_omega0(&p->spring);
        for (size_t i = 0; i <= SL_AREA_POINTS; i++) {
            const double theta = 2.0 * NUMLAB_PI * (double)i / SL_AREA_POINTS;
            s->x[i] = p->s0.x + SL_AREA_RADIUS * cos(theta), s->y[i] = p->s0.v + w0 * SL_AREA_RADIUS * sin(theta);
        }
    }
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        if (area_runs(p, (spring_method)m) && st->n < SL_STUDY_MAX_SERIES && run_disc(st, p, (spring_method)m, boundary))
            return -1;
    return 0;
}

/* --- the shadow energy ---------------------------------------------------------------------------------------- */

/* The undamped pendulum's start: the params' own unless at rest (then 1 rad from the target). */
static spring_state swing_start(const sl_params *p)
{
    const phase_pendulum pend = sl_pendulum(p);
    return phase_pendulum_energy(&pend, p->s0.x, p->s0.v) > 0.0 ? p->s0 : (spring_state){p->spring.target + 1.0, 0.0};
}

/* The largest |f - f0| over `steps` steps of Verlet of h: of the energy, or of the shadow energy. */
static double verlet_spread(const phase_pendulum *pend, spring_state s0, double h, size_t steps, bool shadow)
{
    const ode_system sys = phase_pendulum_system(pend);
    ode_stepper st;
    if (ode_stepper_init(&st, ODE_VERLET, 2))
        return NAN;
    double y[2] = {s0.x, s0.v}, most = 0.0;
    const double f0 = shadow ? phase_verlet_shadow(pend, h, y[0], y[1]) : phase_pendulum_energy(pend, y[0], y[1]);
    for (size_t k = 0; k < steps && ode_stepper_apply(&st, &sys, 0.0, h, y) == 0; k++)
        most = fmax(most, fabs((shadow ? phase_verlet_shadow(pend, h, y[0], y[1])
                                       : phase_pendulum_energy(pend, y[0], y[1])) - f0));
    ode_stepper_destroy(&st);
    return most;
}

/* The swing's period from its energy (the small swings' 2 pi / w0 over the top, where it does not swing back). */
static double swing_period(const phase_pendulum *pend, spring_state s0)
{
    const double e = phase_pendulum_energy(pend, s0.x, s0.v), top = 2.0 * pend->k;
    return e < top ? phase_pendulum_period(pend, 2.0 * asin(sqrt(e / top))) : 2.0 * NUMLAB_PI / sqrt(pend->k / pend->m);
}

/* One long run sampled every `every` steps: E/E0 into s, and with shadow H~/H~0 into h (Verlet). */
static int long_run(const phase_pendulum *pend, spring_method m, spring_state s0, double dt, size_t steps,
                    size_t every, double period, sl_series *s, sl_series *h)
{
    const ode_system sys = phase_pendulum_system(pend);
    ode_stepper st;
    if (ode_stepper_init(&st, spring_method_ode(m), 2))
        return -1;
    double y[2] = {s0.x, s0.v};
    const double e0 = phase_pendulum_energy(pend, y[0], y[1]), h0 = phase_verlet_shadow(pend, dt, y[0], y[1]);
    size_t count = 0;
    for (size_t k = 0; k <= steps; k++) {
        if (k > 0 && ode_stepper_apply(&st, &sys, 0.0, dt, y))
            break;
        if (k % every)
            continue;
        s->x[count] = (double)k * dt / period, s->y[count] = phase_pendulum_energy(pend, y[0], y[1]) / e0;
        if (h)
            h->x[count] = s->x[count], h->y[count] = phase_verlet_shadow(pend, dt, y[0], y[1]) / h0;
        count++;
    }
    ode_stepper_destroy(&st);
    s->n = count;
    if (h)
        h->n = count;
    return 0;
}

double sl_shadow_steps(const sl_params *p)
{
    phase_pendulum pend = sl_pendulum(p);
    pend.c = 0.0;
    return ceil(SL_SHADOW_PERIODS * swing_period(&pend, swing_start(p)) / p->dt);
}

int sl_study_build_shadow(sl_study *st, const sl_params *p)
{
    phase_pendulum pend = sl_pendulum(p);
    pend.c = 0.0;
    const spring_state s0 = swing_start(p);
    st->period = swing_period(&pend, s0);
    if (!(sl_shadow_steps(p) < 1e12))  /* on the separatrix itself the swing never comes back */
        return -1;
    const size_t steps = (size_t)sl_shadow_steps(p), every = steps / SL_PHASE_POINTS + 1;
    const size_t n = steps / every + 1;
    sl_series *verlet = sl_study_add_series(st, n, SPRING_VERLET, "verlet");
    sl_series *shadow = verlet ? sl_study_add_series(st, n, SPRING_VERLET, "verlet-modified") : NULL;
    sl_series *rk4 = shadow ? sl_study_add_series(st, n, SPRING_RK4, "rk4") : NULL;
    if (!rk4)
        return -1;
    shadow->modified = true;
    verlet->points = shadow->points = rk4->points = true;
    if (long_run(&pend, SPRING_VERLET, s0, p->dt, steps, every, st->period, verlet, shadow) ||
        long_run(&pend, SPRING_RK4, s0, p->dt, steps, every, st->period, rk4, NULL))
        return -1;
    /* the orders: the spreads over SL_SHADOW_ORDER_PERIODS at dt and at dt / 2 */
    const size_t short_steps = (size_t)ceil(SL_SHADOW_ORDER_PERIODS * st->period / p->dt);
    st->energy_order = log2(verlet_spread(&pend, s0, p->dt, short_steps, false) /
                            verlet_spread(&pend, s0, p->dt / 2.0, 2 * short_steps, false));
    st->shadow_order = log2(verlet_spread(&pend, s0, p->dt, short_steps, true) /
                            verlet_spread(&pend, s0, p->dt / 2.0, 2 * short_steps, true));
    st->w0dt = sqrt(pend.k / pend.m) * p->dt;
    return 0;
}

/* --- over the top ---------------------------------------------------------------------------------------------- */

/* The reference: GSL's rk8pd at SPRING_REFERENCE_TOL, landing on each step's time. */
static int reference_run(const phase_pendulum *pend, spring_state s0, double dt, size_t steps, sl_series *s)
{
    const ode_system sys = phase_pendulum_system(pend);
    ode_gsl *g = ode_gsl_new(ODE_GSL_RK8PD, &sys, dt, SPRING_REFERENCE_TOL);
    if (!g)
        return -1;
    double y[2] = {s0.x, s0.v}, t = 0.0;
    size_t k = 0;
    s->x[0] = 0.0, s->y[0] = y[0] - pend->target;
    while (k < steps && ode_gsl_advance(g, &t, (double)(k + 1) * dt, y) == 0) {
        k++;
        s->x[k] = t, s->y[k] = y[0] - pend->target;
    }
    ode_gsl_free(g);
    s->n = k + 1;
    return 0;
}

static void angle_run(const phase_pendulum *pend, spring_method m, spring_state s0, double dt, size_t steps,
                      sl_series *s)
{
    const ode_system sys = phase_pendulum_system(pend);
    ode_stepper st;
    s->n = 0;
    if (ode_stepper_init(&st, spring_method_ode(m), 2))
        return;
    double y[2] = {s0.x, s0.v};
    s->x[0] = 0.0, s->y[0] = y[0] - pend->target;
    size_t k = 0;
    while (k < steps && ode_stepper_apply(&st, &sys, 0.0, dt, y) == 0) {
        k++;
        s->x[k] = (double)k * dt, s->y[k] = y[0] - pend->target;
    }
    ode_stepper_destroy(&st);
    s->n = k + 1;
}

/* The first step past the top, |u| > pi (0: never). */
static long long first_over(const sl_series *s)
{
    for (size_t k = 0; k < s->n; k++)
        if (fabs(s->y[k]) > NUMLAB_PI)
            return (long long)k;
    return 0;
}

int sl_study_build_separatrix(sl_study *st, const sl_params *p)
{
    phase_pendulum pend = sl_pendulum(p);
    pend.c = 0.0;
    const spring_state s0 = swing_start(p);
    const size_t steps = (size_t)p->steps;
    for (size_t i = 0; i < sizeof separatrix_methods / sizeof separatrix_methods[0]; i++) {
        const spring_method m = separatrix_methods[i];
        sl_series *s = sl_study_add_series(st, steps + 1, m, spring_method_name(m));
        if (!s)
            return -1;
        angle_run(&pend, m, s0, p->dt, steps, s);
        s->over = first_over(s);
    }
    sl_series *ref = sl_study_add_series(st, steps + 1, SPRING_GSL_RK8PD, "reference");
    if (!ref || reference_run(&pend, s0, p->dt, steps, ref))
        return -1;
    ref->over = first_over(ref);
    /* Verlet keeps H~ = H + dt^2 c2 (phase.h): above the top's 2 k (where V' = 0 and p = 0, H~ = H) it cannot swing
     * back; c2 from H~ at a step of 1 */
    const double e = phase_pendulum_energy(&pend, s0.x, s0.v), c2 = phase_verlet_shadow(&pend, 1.0, s0.x, s0.v) - e;
    st->shadow_start = phase_verlet_shadow(&pend, p->dt, s0.x, s0.v);
    st->top = 2.0 * pend.k;
    st->dt_cross = c2 > 0.0 && e < st->top ? sqrt((st->top - e) / c2) : NAN;
    const spring_state small = {pend.target + SL_SMALL_SWING, 0.0};
    st->small_energy = verlet_spread(&pend, small, p->dt, steps, false) /
                       phase_pendulum_energy(&pend, small.x, small.v);
    st->w0dt = sqrt(pend.k / pend.m) * p->dt;
    return 0;
}
