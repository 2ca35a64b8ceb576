/* bench_network: spring evaluations per second on the 100 x 100 cloth, against GSL's rk4 stepper
 * (gsl_odeiv2_step_apply) on the same right-hand side (net_rhs) in the same process; then backward Euler's step
 * against the semi-implicit step and GSL's msbdf on the same cloths (implicit_costs), and XPBD's cost a constraint
 * projection against the fused semi-implicit step's a spring (xpbd_costs).
 *
 * The cloth is the grid preset with its defaults (gravity, light damping) and a kick of 0.1 m/s, stepped at
 * dt = 1/240 s: it swings and stretches for the whole run, so no value decays into the subnormal range (the
 * benchmark counts them at the end and says so). The machines are shared, so every path is measured in ROUNDS
 * interleaved rounds of at least ROUND_SECONDS of the thread's CPU time each, and its best round is reported. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "numlab/network.h"
#include "../src/net_internal.h"

#define GRID_N 100
#define DT (1.0 / 240.0)
#define ROUNDS 7
#define ROUND_SECONDS 0.06

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Thread CPU seconds: every path is timed in the thread's own time, which other processes' time slices do not
 * stretch (the machines are shared; tests/bench_bowl.c does the same); now() (wall time) times only the setup. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    net_network *net;
    unsigned long evals;
} counted;

static int counted_rhs(double t, const double y[], double dydt[], void *params)
{
    counted *c = params;
    c->evals++;
    return net_rhs(t, y, dydt, c->net);
}

typedef struct {
    double springs_per_s, steps_per_s;
} rate;

/* The state every measurement starts from: the kicked cloth after one simulated second. */
static void start_state(net_network *net, double *y)
{
    net_rest_state(net, y);
    net_kick(net, y, 0.1, 1);
    for (int s = 0; s < 240; s++)
        net_step_semi(net, DT, y);
}

typedef enum { RUN_GSL_RK4, RUN_GENERIC_SEMI, RUN_GENERIC_RK4, RUN_FUSED_SEMI, RUN_FORCES_REF, RUN_FORCES_FAST } run_kind;

static rate measure(net_network *net, run_kind kind, double *y, double *work)
{
    const size_t dim = net_dim(net);
    counted c = {.net = net};
    ode_system sys = {.dim = dim, .rhs = counted_rhs, .params = &c};
    ode_stepper st = {0};
    gsl_odeiv2_system gsys = {counted_rhs, NULL, dim, &c};
    gsl_odeiv2_step *gstep = NULL;
    double *yerr = NULL;
    if (kind == RUN_GSL_RK4) {
        gstep = gsl_odeiv2_step_alloc(gsl_odeiv2_step_rk4, dim);
        yerr = malloc(dim * sizeof *yerr);
    } else if (kind == RUN_GENERIC_SEMI || kind == RUN_GENERIC_RK4) {
        ode_stepper_init(&st, kind == RUN_GENERIC_SEMI ? ODE_SEMI_IMPLICIT : ODE_RK4, dim);
    }
    start_state(net, y);
    unsigned long steps = 0;
    double t = 0.0, t0 = cpu_now(), elapsed;
    do {
        for (int rep = 0; rep < 8; rep++, steps++) {
            switch (kind) {
            case RUN_GSL_RK4: gsl_odeiv2_step_apply(gstep, t, DT, y, yerr, NULL, NULL, &gsys); break;
            case RUN_GENERIC_SEMI:
            case RUN_GENERIC_RK4: ode_stepper_apply(&st, &sys, t, DT, y); break;
            case RUN_FUSED_SEMI: net_step_semi(net, DT, y); c.evals++; break;
            case RUN_FORCES_REF: net_forces_reference(net, y, work); c.evals++; break;
            case RUN_FORCES_FAST: net_forces(net, y, work); c.evals++; break;
            }
            t += DT;
        }
        elapsed = cpu_now() - t0;
    } while (elapsed < ROUND_SECONDS);
    if (gstep)
        gsl_odeiv2_step_free(gstep);
    free(yerr);
    ode_stepper_destroy(&st);
    return (rate){(double)c.evals * (double)net->n_springs / elapsed, (double)steps / elapsed};
}

static size_t count_subnormal(const double *v, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += fpclassify(v[i]) == FP_SUBNORMAL;
    return count;
}

/* Seconds per step of `method` on net at h with the linear solver `solver` (backward Euler's; ignored by the
 * others), from the same start (rest plus a kick), the best of IMPLICIT_ROUNDS runs of `steps` steps (each run's
 * mean; msbdf: one run); +inf when the integrator cannot be made or a step fails. *cg_per_step: the CG iterations a step (may be
 * NULL). */
#define IMPLICIT_ROUNDS 3
static double seconds_per_step_with(net_network *net, net_method method, net_linear_solver solver, double h,
                                    long steps, double tol, double *cg_per_step)
{
    /* msbdf's step on the 20 x 20 cloth takes seconds (its dense 1600 x 1600 Jacobian): one round of it */
    const int rounds = method == NET_GSL_MSBDF ? 1 : IMPLICIT_ROUNDS;
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), best = INFINITY;
    for (int round = 0; round < rounds && y; round++) {
        net_rest_state(net, y);
        net_kick(net, y, 0.1, 1);
        net_integrator *it = net_integrator_new(net, method, h, tol);
        if (!it)
            break;
        net_integrator_use_solver(it, solver);
        double t = 0.0, t0 = cpu_now(), cg = 0.0;
        int rc = 0;
        for (long s = 0; s < steps && !rc; s++) {
            rc = net_integrator_step(it, &t, y);
            net_linear_stats ls;
            if (net_integrator_linear(it, &ls))
                cg += ls.cg_iterations;
        }
        if (!rc && (cpu_now() - t0) / (double)steps < best) {
            best = (cpu_now() - t0) / (double)steps;
            if (cg_per_step)
                *cg_per_step = cg / (double)steps;
        }
        net_integrator_free(it);
    }
    free(y);
    return best;
}

static double seconds_per_step(net_network *net, net_method method, double h, long steps, double tol)
{
    return seconds_per_step_with(net, method, NET_LINEAR_CG, h, steps, tol, NULL);
}

static net_network *default_grid(long n, net_preset_params *p)
{
    net_preset_defaults_at("grid", n, p);
    net_network *net = NULL;
    return net_preset("grid", p, &net) == NET_OK ? net : NULL;
}

/* Backward Euler's step (conjugate gradients, the default) against GSL's GMRES (the solver before it) in the same
 * run, the semi-implicit step and GSL's msbdf (tolerance 1e-6, about what a picture needs): on the 20 x 20 grid
 * (400 masses, msbdf's largest) and the 100 x 100 grid, each with its defaults at dt = 1/240 s; then the walk's
 * stiff 8 x 8 cloth (k = 2000 N/m) at dt = 1/60 s, where semi-implicit Euler needs its own stable step (0.9 of its
 * damped limit): there the fair comparison is the cost of one simulated second. */
static void implicit_costs(void)
{
    net_preset_params p;
    net_network *net = default_grid(20, &p);
    if (!net)
        return;
    double cg_steps = 0.0;
    const double semi = seconds_per_step(net, NET_SEMI, DT, 240, 0.0);
    const double be = seconds_per_step_with(net, NET_BACKWARD_EULER, NET_LINEAR_CG, DT, 60, 0.0, &cg_steps);
    const double be_gmres = seconds_per_step_with(net, NET_BACKWARD_EULER, NET_LINEAR_GMRES, DT, 60, 0.0, NULL);
    const double be1 = seconds_per_step(net, NET_BACKWARD_EULER_1, DT, 60, 0.0);
    const double bdf = seconds_per_step(net, NET_GSL_MSBDF, DT, 12, 1e-6);
    printf("backward-euler, 20 x 20 cloth (k = %g) at 1/240 s: %.3g ms a step (%.0f CG iterations), %.0f x "
           "semi-implicit's, %.3g x gsl-msbdf's (tol 1e-6), %.3g x backward-euler-1's (one solve); by GMRES %.3g ms "
           "(CG %.1f x faster)\n", p.k, 1e3 * be, cg_steps, be / semi, be / bdf, be / be1, 1e3 * be_gmres,
           be_gmres / be);
    net_free(net);
    if ((net = default_grid(100, &p))) {
        const double semi100 = seconds_per_step(net, NET_SEMI, DT, 240, 0.0);
        const double be100 = seconds_per_step_with(net, NET_BACKWARD_EULER, NET_LINEAR_CG, DT, 20, 0.0, &cg_steps);
        const double gm100 = seconds_per_step_with(net, NET_BACKWARD_EULER, NET_LINEAR_GMRES, DT, 3, 0.0, NULL);
        printf("backward-euler, 100 x 100 cloth (k = %g) at 1/240 s: %.3g ms a step (%.0f CG iterations; %.2f x "
               "real time), %.0f x semi-implicit's; by GMRES %.3g ms (CG %.1f x faster)\n", p.k, 1e3 * be100,
               cg_steps, DT / be100, be100 / semi100, 1e3 * gm100, gm100 / be100);
        net_free(net);
    }
    p = (net_preset_params){.n = 8, .k = 2000.0, .m = 0.01, .c = 0.2 * sqrt(2000.0 * 0.01)};
    net_modes m;
    char err[160];
    if (net_preset("grid", &p, &net) != NET_OK || net_modes_compute(net, &m, err, sizeof err) != NET_OK)
        return;
    const double h_semi = 0.9 * m.limit[NET_SEMI];
    const double semi_s = seconds_per_step(net, NET_SEMI, h_semi, 2000, 0.0) / h_semi;
    const double be_s = seconds_per_step(net, NET_BACKWARD_EULER, 1.0 / 60.0, 60, 0.0) * 60.0;
    const double be1_s = seconds_per_step(net, NET_BACKWARD_EULER_1, 1.0 / 60.0, 60, 0.0) * 60.0;
    const double bdf_s = seconds_per_step(net, NET_GSL_MSBDF, 1.0 / 60.0, 30, 1e-6) * 60.0;
    printf("stiff 8 x 8 cloth (k = 2000): a simulated second costs %.3g ms by backward-euler at 1/60 s, %.3g ms by "
           "semi-implicit at its limit's 0.9 (%.3g ms), %.3g ms by gsl-msbdf: %.3g x semi's, %.3g x msbdf's, "
           "%.3g x backward-euler-1's\n", 1e3 * be_s, 1e3 * semi_s, 1e3 * h_semi, 1e3 * bdf_s, be_s / semi_s,
           be_s / bdf_s, be_s / be1_s);
    net_modes_destroy(&m);
    net_free(net);
}

/* XPBD's cost per constraint projection on the 100 x 100 cloth against the fused semi-implicit step's cost per
 * spring, in interleaved rounds from the same kicked start: xpbd at 1 substep x XPBD_ITERATIONS sweeps a step
 * (src/net_xpbd.c), its time over the projections it made (steps x iterations x springs), and semi's over the
 * springs it evaluated (steps x springs). */
#define XPBD_ITERATIONS 20
static void xpbd_costs(net_network *net)
{
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), best_semi = INFINITY, best_xpbd = INFINITY;
    for (int round = 0; round < ROUNDS && y; round++) {
        net_rest_state(net, y);
        net_kick(net, y, 0.1, 1);
        double t0 = now();
        long steps = 0;
        for (; now() - t0 < ROUND_SECONDS; steps++)
            net_step_semi(net, DT, y);
        best_semi = fmin(best_semi, (now() - t0) / (double)steps);
        net_integrator *it = net_integrator_new(net, NET_XPBD, DT, 0.0);
        if (!it || net_integrator_set_xpbd(it, 1, XPBD_ITERATIONS) != NET_OK) {
            net_integrator_free(it);
            break;
        }
        net_rest_state(net, y);
        net_kick(net, y, 0.1, 1);
        double t = 0.0;
        t0 = now();
        for (steps = 0; now() - t0 < ROUND_SECONDS; steps++)
            net_integrator_step(it, &t, y);
        best_xpbd = fmin(best_xpbd, (now() - t0) / (double)steps);
        net_integrator_free(it);
    }
    free(y);
    const double springs = (double)net->n_springs;
    const double per_projection = best_xpbd / (XPBD_ITERATIONS * springs), per_spring = best_semi / springs;
    printf("xpbd, 100 x 100 cloth, 1 substep x %d iterations: %.3g ms a step, %.3g ns a constraint projection, "
           "%.2f x the fused semi-implicit step's time a spring (%.3g ns)\n", XPBD_ITERATIONS, 1e3 * best_xpbd,
           1e9 * per_projection, per_projection / per_spring, 1e9 * per_spring);
}

/* The cost of a step against the cloth's size, n x n masses with the grid's defaults at n (k grows as n - 1, so
 * the stretch under gravity is the same fraction of the cloth) at 1/240 s: per step and per mass, for each method
 * of scaled_methods (a method added to the lab adds its row here). Explicit steps cost the same per mass at every
 * size; backward Euler's CG iterations grow with h sqrt(k/m), so as sqrt(n) on these cloths. Then the 500 x 500
 * cloth's setup (the network and the integrator: what network-lab --csv does before its first line). */
static const net_method scaled_methods[] = {NET_SEMI, NET_XPBD, NET_BACKWARD_EULER};
enum { SCALED_COUNT = sizeof scaled_methods / sizeof scaled_methods[0] };

static void scaling_table(void)
{
    static const long sides[] = {10, 20, 50, 100, 200, 500};
    printf("scaling, grid n x n at 1/240 s (thread CPU time a step; per mass in ns; CG iterations a step):\n");
    printf("%6s %8s", "n", "masses");
    for (size_t m = 0; m < SCALED_COUNT; m++)
        printf(" %14s %8s", net_method_name(scaled_methods[m]), "ns/mass");
    printf(" %6s\n", "CG");
    for (size_t q = 0; q < sizeof sides / sizeof sides[0]; q++) {
        net_preset_params p;
        net_network *net = default_grid(sides[q], &p);
        if (!net)
            return;
        printf("%6ld %8zu", sides[q], net->n_masses);
        double cg_steps = 0.0;
        for (size_t m = 0; m < SCALED_COUNT; m++) {
            const bool implicit = net_method_about(scaled_methods[m])->implicit;
            /* about 0.1 s of steps a round, at least 2 */
            const long steps = implicit ? (sides[q] >= 200 ? 2 : 20) : (long)fmax(2.0, 4e6 / (double)net->n_masses);
            const double sec = seconds_per_step_with(net, scaled_methods[m], NET_LINEAR_CG, DT, steps, 0.0,
                                                     implicit ? &cg_steps : NULL);
            printf(" %11.4g ms %8.1f", 1e3 * sec, 1e9 * sec / (double)net->n_masses);
        }
        printf(" %6.0f\n", cg_steps);
        net_free(net);
    }
    net_preset_params p;
    const double t0 = now();
    net_network *net = default_grid(500, &p);
    net_integrator *it = net ? net_integrator_new(net, NET_BACKWARD_EULER, DT, 0.0) : NULL;
    const double setup = now() - t0;
    if (it)
        printf("backward-euler, 500 x 500 cloth: setup (network and integrator) %.3g s\n", setup);
    net_integrator_free(it);
    net_free(net);
}

int main(void)
{
    gsl_set_error_handler_off();
    net_preset_params p;
    net_preset_defaults("grid", &p);
    p.n = GRID_N;
    net_network *net = NULL;
    if (net_preset("grid", &p, &net) != NET_OK)
        return 1;
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), *work = malloc(2 * net->n_masses * sizeof *work);
    if (!y || !work)
        return 1;
    printf("network: grid %d x %d, %zu masses, %zu springs, dt = 1/240 s, k = %g, m = %g, c = %g\n", GRID_N, GRID_N,
           net->n_masses, net->n_springs, p.k, p.m, p.c);

    static const struct {
        run_kind kind;
        const char *name;
    } runs[] = {
        {RUN_GSL_RK4, "gsl rk4 step_apply (reference)"},
        {RUN_FORCES_REF, "forces, plain loop over the spring list"},
        {RUN_FORCES_FAST, "forces, fast kernel (runs)"},
        {RUN_GENERIC_SEMI, "semi-implicit through ode.h"},
        {RUN_GENERIC_RK4, "rk4 through ode.h"},
        {RUN_FUSED_SEMI, "semi-implicit fused step"},
    };
    enum { RUN_COUNT = sizeof runs / sizeof runs[0] };
    rate best[RUN_COUNT] = {{0}};
    for (int round = 0; round < ROUNDS; round++)
        for (size_t r = 0; r < RUN_COUNT; r++) {
            rate got = measure(net, runs[r].kind, y, work);
            if (got.springs_per_s > best[r].springs_per_s)
                best[r] = got;
        }
    const double ref = best[0].springs_per_s;
    for (size_t r = 0; r < RUN_COUNT; r++)
        printf("%s: %.1f Mspring/s (%.2f x reference)\n", runs[r].name, best[r].springs_per_s / 1e6,
               best[r].springs_per_s / ref);
    const rate fused = best[RUN_COUNT - 1];
    printf("semi-implicit fused step, 100 x 100 cloth: %.1f x real time at 240 Hz, %.0f steps/s "
           "(%.2f x reference)\n", fused.steps_per_s / 240.0, fused.steps_per_s, fused.springs_per_s / ref);

    xpbd_costs(net);
    implicit_costs();
    scaling_table();

    net_energy e = net_energies(net, y);
    net_forces(net, y, work);
    size_t subnormal = count_subnormal(y, dim) + count_subnormal(work, 2 * net->n_masses);
    printf("final state: energy %.6g J, %zu subnormal values in the state and forces\n", e.total, subnormal);
    int ok = isfinite(e.total) && subnormal == 0;
    free(y), free(work);
    net_free(net);
    return ok ? 0 : 1;
}
