/* spring-lab's walk texts that state numbers: each formats what the model computed for the step it describes (no
 * number typed into a lesson, none computed here). tests/test_spring_lab_claims.c and test_spring_lab_walk_claims.c
 * check every claim they make against a closed form or a run. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/lang.h"

void sl_text_explicit(char *buf, size_t size, const sl_result *r)
{
    snprintf(buf, size, _("Explicit Euler moves x with the OLD velocity, so each step follows the tangent of the "
             "ellipse, which points outward: every step adds energy. Its amplification is sqrt(1 + (w0 dt)^2) > 1 for "
             "every dt: at w0 = %.3g rad/s and %.3g ms, %+.0f%% a step. A smaller dt only explodes later."), r->w0,
             1e3 * r->dt, 100.0 * (r->explicit_growth - 1.0));
}

void sl_text_semi(char *buf, size_t size, const sl_result *r, double c)
{
    char kept[64];
    if (c > 0.0)
        snprintf(kept, sizeof kept, "%s", _("when c = 0; here c > 0 and it decays"));
    else if (isfinite(r->semi_modified_spread))
        snprintf(kept, sizeof kept, _("here to %.0e"), r->semi_modified_spread);
    else
        snprintf(kept, sizeof kept, "%s", _("to rounding"));
    snprintf(buf, size, _("v first, then x with the NEW v: same cost, symplectic. Conserved exactly (%s) is a modified "
             "energy v^2/2 + w0^2 x^2/2 - (dt w0^2/2) x v; the energy swings by (1 + y/2)/(1 - y/2) = %.3g at y = w0 "
             "dt = %.3g: an O(w0 dt) error, bounded. Explicit Euler's grows x(1 + y^2) a step."), kept,
             r->semi_swing, r->w0dt);
}

void sl_text_rk4(char *buf, size_t size, const sl_result *r)
{
    char gsl[64] = "";
    if (r->evals_per_step[SPRING_GSL_RK4] > 0.0)
        snprintf(gsl, sizeof gsl, _(", %.3g evaluations a step"), r->evals_per_step[SPRING_GSL_RK4]);
    snprintf(buf, size, _("RK4 evaluates the force %.3g times a step; its error falls as dt^4, Euler's as dt: on the "
             "log scale RK4 is orders of magnitude closer. gsl-rk8pd (tol 1e-12) is the truth. gsl-rk4 takes a full "
             "step and two half steps and returns the half steps' result (the difference is its error "
             "estimate)%s. Halve dt: RK4's error drops 16x."), r->evals_per_step[SPRING_RK4], gsl);
}

void sl_text_stability(char *buf, size_t size, const sl_result *r)
{
    const double rho = r->at[SPRING_RK4].rho;
    snprintf(buf, size, _("A step multiplies (x - T, v) by the step matrix M (exercise 09): bounded while rho(M) < 1, "
             "or = 1 with distinct eigenvalues (semi at w0 dt = 2: -1 twice, linear growth). Undamped: explicit > 1 "
             "at any dt, semi 1 below 2, RK4 < 1 to 2.83: it damps, here rho = %.3f (energy %+.0f%% a step)."), rho,
             100.0 * (rho * rho - 1.0));
}

void sl_text_accumulator(char *buf, size_t size, const double rest_t[3], double step, double gap,
                         double advanced)
{
    snprintf(buf, size, _("Spend the frames' time in fixed steps of %.3g ms: at %g, %g and %g Hz with jitter the steps "
             "are the same motion, but the rest test runs once a frame, so they stop at %.3g, %.3g and %.3g s. The "
             "cap bounds a gap's work: after a %.3g s gap the capped spring moves on by %.3g s, not by the gap."),
             1e3 * step, sl_loop_rates[0], sl_loop_rates[1], sl_loop_rates[2], rest_t[0], rest_t[1], rest_t[2], gap,
             advanced);
}

void sl_text_verlet(char *buf, size_t size, const sl_result *r)
{
    snprintf(buf, size, _("Kick v half a step, drift x a whole one, kick again: velocity Verlet (leapfrog) costs what "
             "semi does (%.3g and %.3g forces a step: the force that ends a step starts the next) and has its limit "
             "(w0 dt < %.3g undamped), but is second order. Symplectic: a step keeps phase-space area (det M = %.4g; "
             "explicit's is 1 + y^2 = %.4g), so a nearby energy v^2/2 + (1 - y^2/4) w0^2 x^2/2 is kept exactly and "
             "the energy swings by 1/(1 - y^2/4) = %.3g, not semi's %.3g."), r->evals_per_step[SPRING_SEMI],
             r->evals_per_step[SPRING_VERLET], r->at[SPRING_VERLET].undamped_limit, r->at[SPRING_VERLET].det,
             r->at[SPRING_EXPLICIT].det, r->verlet_swing, r->semi_swing);
}

void sl_text_implicit(char *buf, size_t size, const sl_result *r)
{
    const double rb = r->at[SPRING_BACKWARD_EULER].rho;
    snprintf(buf, size, _("Take the slope where the step ends: solve for it (for this linear spring one 2x2 solve, in "
             "closed form; exercise 10). Backward Euler: rho(M) = %.3f (undamped 1/sqrt(1 + y^2)) at y = %.3g, stable "
             "at every step but it damps what is not damped, %.0f%% of the energy a step. The midpoint rule: rho(M) "
             "= %.3f, 1 at every undamped step: the energy kept, only the phase lags. Neither has a limit."), rb,
             r->w0dt, 100.0 * (1.0 - rb * rb), r->at[SPRING_MIDPOINT].rho);
}

void sl_text_stiff(char *buf, size_t size, const sl_result *r)
{
    snprintf(buf, size, _("Stiff: zeta = %.3g, the modes decay at %.3g and %.3g 1/s, a ratio of %.3g. You watch the "
             "slow one, but an explicit method must resolve the fast one: RK4 needs dt < %.3g ms, semi %.3g ms, here dt "
             "= %.3g ms. Backward Euler steps over the fast mode (it multiplies it by %.3f a step); the midpoint rule "
             "keeps it ringing (%.3f: towards -1 as dt grows)."), r->zeta, -r->slow_rate, -r->fast_rate,
             r->fast_rate / r->slow_rate, 1e3 * r->at[SPRING_RK4].dt_max, 1e3 * r->at[SPRING_SEMI].dt_max, 1e3 * r->dt,
             r->fast_backward, r->fast_midpoint);
}

static double slope_of(const sl_study *st, const char *key)
{
    const sl_series *s = sl_study_find(st, key);
    return s ? s->slope : NAN;
}

void sl_text_order(char *buf, size_t size, const sl_study *order)
{
    if (isnan(order->equal_evals)) {
        snprintf(buf, size, "%s", _("out of memory"));
        return;
    }
    snprintf(buf, size, _("Halve dt and the error falls by 2^p: on log-log axes each method is a line of slope p "
             "(measured over the finest steps: explicit %.2f, semi %.2f, backward %.2f, verlet %.2f, midpoint %.2f, "
             "rk4 %.2f). Per force evaluation the order wins: RK4 at 4 dt errs by %.2g, semi at dt by %.2g, each "
             "for %.0f forces."), slope_of(order, "explicit"), slope_of(order, "semi"),
             slope_of(order, "backward-euler"), slope_of(order, "verlet"), slope_of(order, "midpoint"),
             slope_of(order, "rk4"), order->rk4_4dt_error, order->semi_error, order->equal_evals);
}

/* A series' spread (max - min) and last value (NAN without the series). */
static void spread_of(const sl_study *st, const char *key, double *spread, double *last)
{
    const sl_series *s = sl_study_find(st, key);
    *spread = s ? s->hi - s->lo : NAN;
    *last = s ? s->last : NAN;
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

void sl_text_spiral(char *buf, size_t size, const sl_study *spiral)
{
    /* TRANSLATORS: never 1 step: the study's cap holds a frame to 24 steps, its frames need thousands */
    snprintf(buf, size, _("The spiral of death: when a step costs more than the time it simulates (here %.3g x), a frame "
             "of n steps lasts %.3g n steps, so the next brings more time to simulate: the substeps grow x%.3g a "
             "frame, without end (frame %zu lasts over a second; after frame %zu one would need 10^%.0f steps). The cap "
             "(%.3g s) holds a frame to %u steps: the simulation runs at %.2g x real time instead, slower but "
             "alive."), SL_SPIRAL_COST, SL_SPIRAL_COST, spiral->growth, spiral->frame_over_second,
             spiral->frames_to_freeze, log10(SL_MAX_SUBSTEPS), spiral->cap, spiral->capped_most, spiral->capped_speed);
}
