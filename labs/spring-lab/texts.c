/* spring-lab's walk texts that state numbers: each formats the live values of the step it describes (issue 17: no
 * number typed into a lesson). tests/test_spring_lab_claims.c checks every claim they make against a closed form or a
 * run. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/lang.h"

double sl_semi_modified_energy(const spring_params *p, double dt, spring_state s)
{
    /* per unit mass, x from the target: constant along semi-implicit Euler's undamped steps, to rounding */
    return spring_modified_energy(p, SPRING_SEMI, dt, s);
}

void sl_text_explicit(char *buf, size_t size, const spring_params *p, double dt)
{
    const double w0 = spring_omega0(p), y = w0 * dt;
    snprintf(buf, size, _("Explicit Euler moves x with the OLD velocity, so each step follows the tangent of the "
             "ellipse, which points outward: every step adds energy. Its amplification is sqrt(1 + (w0 dt)^2) > 1 for "
             "every dt: at w0 = %.3g rad/s and %.3g ms, %+.0f%% a step. A smaller dt only explodes later."), w0,
             1e3 * dt, 100.0 * (sqrt(1.0 + y * y) - 1.0));
}

void sl_text_semi(char *buf, size_t size, const spring_params *p, double dt, const spring_sample *s, size_t n)
{
    const double y = spring_omega0(p) * dt;
    double lo = INFINITY, hi = -INFINITY;  /* the modified energy's spread, relative to its start */
    for (size_t i = 0; i < n; i++) {
        const double e = sl_semi_modified_energy(p, dt, (spring_state){s[i].x, s[i].v});
        lo = fmin(lo, e), hi = fmax(hi, e);
    }
    const double e0 = n ? sl_semi_modified_energy(p, dt, (spring_state){s[0].x, s[0].v}) : 0.0;
    char kept[64];
    if (p->c > 0.0)
        snprintf(kept, sizeof kept, "%s", _("when c = 0; here c > 0 and it decays"));
    else if (n > 1 && e0 > 0.0)
        snprintf(kept, sizeof kept, _("here to %.0e"), (hi - lo) / e0);
    else
        snprintf(kept, sizeof kept, "%s", _("to rounding"));
    snprintf(buf, size, _("v first, then x with the NEW v: same cost, symplectic. Conserved exactly (%s) is a modified "
             "energy v^2/2 + w0^2 x^2/2 - (dt w0^2/2) x v; the energy swings by (1 + y/2)/(1 - y/2) = %.3g at y = w0 "
             "dt = %.3g: an O(w0 dt) error, bounded. Explicit Euler's grows x(1 + y^2) a step."), kept,
             (1.0 + y / 2.0) / (1.0 - y / 2.0), y);
}

void sl_text_rk4(char *buf, size_t size, double rk4_evals, double gsl_rk4_evals)
{
    char gsl[64] = "";
    if (gsl_rk4_evals > 0.0)
        snprintf(gsl, sizeof gsl, _(", %.3g evaluations a step"), gsl_rk4_evals);
    snprintf(buf, size, _("RK4 evaluates the force %.3g times a step; its error falls as dt^4, Euler's as dt: on the "
             "log scale RK4 is orders of magnitude closer. gsl-rk8pd (tol 1e-12) is the truth. gsl-rk4 takes a full "
             "step and two half steps and returns the half steps' result (the difference is its error "
             "estimate)%s. Halve dt: RK4's error drops 16x."), rk4_evals, gsl);
}

void sl_text_stability(char *buf, size_t size, const spring_params *p, double dt)
{
    double M[4];
    spring_amplification(p, SPRING_RK4, dt, M);
    const double rho = spring_spectral_radius(M);
    snprintf(buf, size, _("A step multiplies (x - T, v) by the step matrix M (exercise 09): bounded while rho(M) < 1, "
             "or = 1 with distinct eigenvalues (semi at w0 dt = 2: -1 twice, linear growth). Undamped: explicit > 1 "
             "at any dt, semi 1 below 2, RK4 < 1 to 2.83: it damps, here rho = %.3f (energy %+.0f%% a step)."), rho,
             100.0 * (rho * rho - 1.0));
}

void sl_text_accumulator(char *buf, size_t size, const double rest_t[3], double step, double gap,
                         double advanced)
{
    snprintf(buf, size, _("Spend the frames' time in fixed steps of %.3g ms: at 30, 60 and 144 Hz with jitter the steps "
             "are the same motion, but the rest test runs once a frame, so they stop at %.3g, %.3g and %.3g s. The "
             "cap bounds a gap's work: after a %.3g s gap the capped spring moves on by %.3g s, not by the gap."),
             1e3 * step, rest_t[0], rest_t[1], rest_t[2], gap, advanced);
}

void sl_text_verlet(char *buf, size_t size, const spring_params *p, double dt, double semi_evals,
                    double verlet_evals)
{
    const double y = spring_omega0(p) * dt;
    double M[4], E[4];
    spring_amplification(p, SPRING_VERLET, dt, M);
    spring_amplification(p, SPRING_EXPLICIT, dt, E);
    snprintf(buf, size, _("Kick v half a step, drift x a whole one, kick again: velocity Verlet (leapfrog) costs what "
             "semi does (%.3g and %.3g forces a step: the force that ends a step starts the next) and has its limit "
             "(w0 dt < %.3g undamped), but is second order. Symplectic: a step keeps phase-space area (det M = %.4g; "
             "explicit's is 1 + y^2 = %.4g), so a nearby energy v^2/2 + (1 - y^2/4) w0^2 x^2/2 is kept exactly and "
             "the energy swings by 1/(1 - y^2/4) = %.3g, not semi's %.3g."), semi_evals, verlet_evals,
             spring_stability_limit(SPRING_VERLET, 0.0), M[0] * M[3] - M[1] * M[2], E[0] * E[3] - E[1] * E[2],
             1.0 / (1.0 - y * y / 4.0), (1.0 + y / 2.0) / (1.0 - y / 2.0));
}

void sl_text_implicit(char *buf, size_t size, const spring_params *p, double dt)
{
    const double y = spring_omega0(p) * dt;
    double B[4], M[4];
    spring_amplification(p, SPRING_BACKWARD_EULER, dt, B);
    spring_amplification(p, SPRING_MIDPOINT, dt, M);
    const double rb = spring_spectral_radius(B);
    snprintf(buf, size, _("Take the slope where the step ends: solve for it (for this linear spring one 2x2 solve, in "
             "closed form; exercise 10). Backward Euler: rho(M) = %.3f (undamped 1/sqrt(1 + y^2)) at y = %.3g, stable "
             "at every step but it damps what is not damped, %.0f%% of the energy a step. The midpoint rule: rho(M) "
             "= %.3f, 1 at every undamped step: the energy kept, only the phase lags. Neither has a limit."), rb, y,
             100.0 * (1.0 - rb * rb), spring_spectral_radius(M));
}

/* The roots of s^2 + 2 zeta w0 s + w0^2 (over-damped: real): *slow the smaller magnitude. */
static void real_modes(const spring_params *p, double *slow, double *fast)
{
    const double w0 = spring_omega0(p), zeta = spring_zeta(p), root = sqrt(fmax(zeta * zeta - 1.0, 0.0));
    *fast = -w0 * (zeta + root);
    *slow = -w0 / (zeta + root);  /* = -w0 (zeta - root), without the cancellation */
}

void sl_text_stiff(char *buf, size_t size, const spring_params *p, double dt)
{
    double slow, fast;
    real_modes(p, &slow, &fast);
    const double w0 = spring_omega0(p), zeta = spring_zeta(p);
    const double z = dt * fast;
    snprintf(buf, size, _("Stiff: zeta = %.3g, the modes decay at %.3g and %.3g 1/s, a ratio of %.3g. You watch the "
             "slow one, but an explicit method must resolve the fast one: RK4 needs dt < %.3g ms, semi %.3g ms, here dt "
             "= %.3g ms. Backward Euler steps over the fast mode (it multiplies it by %.3f a step); the midpoint rule "
             "keeps it ringing (%.3f: towards -1 as dt grows)."), zeta, -slow, -fast, fast / slow,
             1e3 * spring_stability_limit(SPRING_RK4, zeta) / w0, 1e3 * spring_stability_limit(SPRING_SEMI, zeta) / w0,
             1e3 * dt, 1.0 / (1.0 - z), (1.0 + z / 2.0) / (1.0 - z / 2.0));
}

const sl_series *sl_study_find(const sl_study *st, const char *key)
{
    for (int i = 0; i < st->n; i++)
        if (strcmp(st->s[i].key, key) == 0)
            return &st->s[i];
    return NULL;
}

static double slope_of(const sl_study *st, const char *key)
{
    const sl_series *s = sl_study_find(st, key);
    return s ? s->slope : NAN;
}

void sl_text_order(char *buf, size_t size, const sl_study *order, double rk4_err, double semi_err,
                   double evals)
{
    snprintf(buf, size, _("Halve dt and the error falls by 2^p: on log-log axes each method is a line of slope p "
             "(measured over the finest steps: explicit %.2f, semi %.2f, backward %.2f, verlet %.2f, midpoint %.2f, "
             "rk4 %.2f). Per force evaluation the order wins: RK4 at 4 dt errs by %.2g, semi at dt by %.2g, each "
             "for %.0f forces."), slope_of(order, "explicit"), slope_of(order, "semi"),
             slope_of(order, "backward-euler"), slope_of(order, "verlet"), slope_of(order, "midpoint"),
             slope_of(order, "rk4"), rk4_err, semi_err, evals);
}

/* The spread (max - min) of a series' y, and its last value. */
static void spread_of(const sl_study *st, const char *key, double *spread, double *last)
{
    const sl_series *s = sl_study_find(st, key);
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; s && i < s->n; i++)
        lo = fmin(lo, s->y[i]), hi = fmax(hi, s->y[i]);
    *spread = s && s->n ? hi - lo : NAN;
    *last = s && s->n ? s->y[s->n - 1] : NAN;
}

void sl_text_drift(char *buf, size_t size, const sl_study *drift, const sl_study *phase)
{
    double rk4_sp, rk4_e, semi_sp, semi_e, ver_sp, ver_e, mod_sp, mod_e, ph_rk4, ph_semi, ph_mid, ignore;
    spread_of(drift, "rk4", &rk4_sp, &rk4_e);
    spread_of(drift, "semi", &semi_sp, &semi_e);
    spread_of(drift, "verlet", &ver_sp, &ver_e);
    spread_of(drift, "semi-modified", &mod_sp, &mod_e);
    spread_of(phase, "rk4", &ignore, &ph_rk4);
    spread_of(phase, "semi", &ignore, &ph_semi);
    spread_of(phase, "midpoint", &ignore, &ph_mid);
    snprintf(buf, size, _("%.0f periods at equal cost (RK4 at %d dt). RK4 drifts: %.3g of the energy is left, and its "
             "phase is off by %.3g rad. Semi and Verlet never drift: their energies stay in a band %.2g and %.2g wide "
             "(y/(1 - y^2/4) and y^2/4), their modified energies within %.0e, while their phases run %.3g rad ahead; the "
             "midpoint rule keeps the energy and lags %.3g rad. Bounded energy, growing phase: what symplectic buys."),
             SL_DRIFT_PERIODS, SL_DRIFT_RK4_STRIDE, rk4_e, ph_rk4, semi_sp, ver_sp, mod_sp, ph_semi, -ph_mid);
}

void sl_text_spiral(char *buf, size_t size, double step, double cap)
{
    enum { FRAMES = 60 };
    ts_spiral_frame f[FRAMES], c[FRAMES];
    const size_t n = ts_spiral_run(step, TS_NO_CAP, SL_SPIRAL_RENDER, SL_SPIRAL_COST * step, 1.0 / 60.0, FRAMES, 100000000, f);
    const double growth = n > 2 ? (double)f[n - 1].substeps / f[n - 2].substeps : NAN;
    ts_spiral_run(step, cap, SL_SPIRAL_RENDER, SL_SPIRAL_COST * step, 1.0 / 60.0, FRAMES, 100000000, c);
    unsigned most = 0;
    for (int i = 0; i < FRAMES; i++)
        most = c[i].substeps > most ? c[i].substeps : most;
    const double speed = (c[FRAMES - 1].sim_t - c[FRAMES / 2].sim_t) / (c[FRAMES - 1].wall_t - c[FRAMES / 2].wall_t);
    snprintf(buf, size, _("The spiral of death: when a step costs more than the time it simulates (here %.3g x), a frame "
             "of n steps lasts %.3g n steps, so the next brings more time to simulate: the substeps grow x%.3g a "
             "frame until the program freezes (%zu frames here). The cap (%.3g s) holds a frame to %u steps: the "
             "simulation runs at %.2g x real time instead, slower but alive."), SL_SPIRAL_COST, SL_SPIRAL_COST, growth, n,
             cap, most, speed);
}
