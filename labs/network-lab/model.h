/* network-lab's model: one network under several integrators side by side (nl_sim, stepped in fixed steps through
 * the accumulator, with its energy history), the start every view shares, and nl_model_compute: nl_params in (the
 * network, the start, the methods, dt, the steps to take, whether the normal modes are wanted), an nl_result out
 * (the runs after those steps; the modes and every fixed-step method's step limits, with the dampers and without).
 * options.c makes the params from the command line; headless.c, view.c and texts.c format the result, the walk
 * steps the sim. Numerics only: no terminal, plot, option table or figure here, and nothing printed
 * (docs/lab-map.md). Every name starts with nl_ or NL_. */
#ifndef NL_MODEL_H
#define NL_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/network.h"
#include "numlab/timestep.h"

/* --- the start of a run ------------------------------------------------------------------------------------ */

typedef struct {
    size_t pull_mass;                  /* n_masses: no pull */
    double pull_dx, pull_dy;           /* that mass starts displaced by this much from rest, at rest */
    double kick;                       /* then net_kick(kick, seed) */
    unsigned long seed;
} nl_start;

/* y = the rest state, the pull, then the kick: the start every view shares (CSV, plots, the walk).
 * NET_OK or NET_ERR_MEMORY. */
int nl_start_state(const net_network *net, const nl_start *start, double *y);

/* --- several integrators side by side (model.c) ------------------------------------------------------------ */

#define NL_MAX_RUNS NET_METHOD_COUNT
#define NL_HISTORY 1024               /* energy samples kept a run: halved (every other one) when full */

typedef struct {
    net_method method;
    net_integrator *it;
    double *y, *prev;                  /* the state after the last step and before it (for render interpolation) */
    bool stopped;                      /* diverged or gave up: no longer stepped, drawn or recorded */
    bool gave_up;                      /* a GSL solver gave up (else: diverged) */
    long long stop_step;
    double stop_t;
    double *energy;                    /* total energy at the history's times, n_energy of them */
    size_t n_energy;
    double energy0;                    /* at the start */
    int variant;                       /* 0, or 1 for a second run of the same method (xpbd's other split) */
} nl_run;

typedef struct {
    net_network *net;                  /* borrowed: the runs share it (and its held flags) */
    size_t dim;
    double h, tol;
    double *y0;                        /* the start state */
    double limit;                      /* divergence: |y_i| past it, or non-finite */
    ts_accumulator acc;
    long long step;                    /* steps taken since the start */
    int n_runs;
    nl_run run[NL_MAX_RUNS];
    double *hist_t;                    /* the times of the energy samples, n_hist of them */
    size_t n_hist;
    long long hist_every, hist_tick;   /* a sample every hist_every record calls */
    long long recorded_step;           /* the step of the last sample */
    size_t held;                       /* the mass held, or net->n_masses */
    bool moving;                       /* the last step changed a live state */
    double budget;                     /* seconds of stepping a frame may take (0: no limit; the walk sets it) */
} nl_sim;

/* Runs methods[0..n-1] from y0 (copied) with step h on net. NET_OK, NET_ERR_INPUT (bad n or h) or NET_ERR_MEMORY
 * (then nl_sim_destroy is still safe). Records the first energy sample. */
int nl_sim_init(nl_sim *s, net_network *net, const net_method *methods, int n, double h, double tol,
                 const double *y0);
void nl_sim_destroy(nl_sim *s);
/* Back to the start: releases a held mass, forgets the history. NET_OK or NET_ERR_MEMORY. */
int nl_sim_restart(nl_sim *s);
/* Takes `count` fixed steps with every live run, stopping a run where it diverges. */
void nl_sim_steps(nl_sim *s, unsigned count);
/* One display frame of frame_dt seconds: the accumulator's steps, then an energy sample. Returns the steps taken:
 * with a budget, the steps after it ran out are dropped (at least one is taken), so that a network too large for
 * real time runs slower, and a frame, and q, never waits for more than the budget and one step. */
unsigned nl_sim_frame(nl_sim *s, double frame_dt);
/* Appends the live runs' total energies at the current time to the history (once a step at most). */
void nl_sim_record(nl_sim *s);
/* Holds mass i at (x, y) in every live run (velocity 0) until nl_sim_release; call again to move it. */
void nl_sim_hold(nl_sim *s, size_t i, double x, double y);
void nl_sim_release(nl_sim *s);
/* The current time, step * h. */
double nl_sim_time(const nl_sim *s);
/* True while a live run moves or a mass is held: false lets the display idle. */
bool nl_sim_active(const nl_sim *s);
/* The first live run, or NULL. */
const nl_run *nl_sim_first_live(const nl_sim *s);

/* XPBD's and PBD's split of run k (net_integrator_set_xpbd): S substeps of I iterations. NET_OK, NET_ERR_INPUT (not
 * an xpbd or pbd run, or out of range). */
int nl_sim_set_xpbd(nl_sim *s, int k, int substeps, int iterations);

/* --- XPBD's studies (model_xpbd.c) ------------------------------------------------------------------------- */

/* The longest spring's strain (l - L) / L in state y (springs of rest length 0 count their length). */
double nl_max_strain(const net_network *net, const double *y);
/* "Small Steps" (Macklin et al. 2019): a budget of N projections a spring a step, spent as 1 substep x N iterations
 * or N substeps x 1 iteration, beside backward Euler at the same step and gsl-rk8pd (the truth, at the tolerance).
 * Each run's longest strain, total energy and the springs' length error against the truth (the RMS over the
 * springs of (l - l_truth) / L: 0 for the truth itself) at every step 0..steps. */
enum { NL_BUDGET_ITERATIONS, NL_BUDGET_SUBSTEPS, NL_BUDGET_BACKWARD, NL_BUDGET_TRUTH, NL_BUDGET_RUNS };
enum { NL_MEASURE_STRAIN, NL_MEASURE_ENERGY, NL_MEASURE_ERROR, NL_MEASURES };
typedef struct {
    int budget;
    size_t n;                          /* samples: steps + 1, or fewer where a run stopped */
    double *t;
    double *value[NL_BUDGET_RUNS][NL_MEASURES];
} nl_budget;
/* NET_OK, NET_ERR_INPUT (budget out of 1..NET_XPBD_MAX_ITERATIONS, steps < 0) or NET_ERR_MEMORY. */
int nl_budget_compute(net_network *net, const nl_start *start, int budget, double dt, double tol, long long steps,
                      nl_budget *out);
void nl_budget_free(nl_budget *b);
/* PBD against XPBD as the iterations grow: from the start, `steps` steps of dt at 1 substep of I = 1, 2, 4, ...,
 * max_iterations iterations, the longest strain at the end for each, and backward Euler's (their common limit at
 * one iteration and XPBD's as I grows, where PBD goes rigid). */
#define NL_COMPLIANCE_MAX 16
typedef struct {
    size_t n;
    double iterations[NL_COMPLIANCE_MAX], pbd[NL_COMPLIANCE_MAX], xpbd[NL_COMPLIANCE_MAX];
    double backward;
} nl_compliance;
int nl_compliance_compute(net_network *net, const nl_start *start, double dt, long long steps, int max_iterations,
                          nl_compliance *out);

/* A method's largest stable step without the dampers, from w_max: explicit 0, semi and verlet 2/w_max, rk4
 * 2 sqrt 2/w_max, gsl-rk4 twice that; +inf for backward Euler (and the adaptive methods). (model.c) */
double nl_undamped_limit(const net_modes *m, net_method method);

/* --- params -> compute -> result -------------------------------------------------------------------------------- */

typedef struct {
    net_network *net;                  /* borrowed: the runs share it */
    nl_start start;
    net_method methods[NL_MAX_RUNS];
    int n_methods;                     /* 0: no runs (the modes alone) */
    double dt, tol;
    long long steps;                   /* taken by every live run before the result, each recorded */
    bool modes;                        /* the normal modes and the step limits too */
    int substeps, iterations;          /* every xpbd and pbd run's split (0: net_integrator's defaults) */
} nl_params;

typedef struct {
    nl_sim sim;                        /* the runs after p->steps (untouched when p->n_methods is 0) */
    bool have_sim;
    bool have_modes;
    net_modes modes;
    char modes_err[256];               /* why the modes could not be computed (NET_ERR_INPUT) */
    /* the largest stable fixed step of each method with the dampers (net_modes.limit) and without them
     * (nl_undamped_limit); NAN for the methods without a fixed step */
    double limit[NET_METHOD_COUNT], undamped_limit[NET_METHOD_COUNT];
} nl_result;

/* NET_OK; NET_ERR_MEMORY; or the modes' error (NET_ERR_INPUT, said in r->modes_err). r is freed on failure and
 * must be given to nl_result_free after success. */
int nl_model_compute(const nl_params *p, nl_result *r);
void nl_result_free(nl_result *r);

#endif
