/* spring-lab's model: every number the lab shows, computed once. sl_params is what the lab is asked (options.c fills
 * it from the command line, the walk from its sliders); sl_model_compute returns in an sl_result what the charts
 * (view.c), the texts and notes (texts.c, walk*.c) and the tables and figures (headless.c) show, which only format
 * it. The frame loop (model.c) and the studies (model_studies.c) are the model's too. Numerics only: no terminal,
 * plot, option table or figure here, and nothing printed. Every name starts with sl_ or SL_. */
#ifndef SL_MODEL_H
#define SL_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/phase.h"
#include "numlab/spring.h"
#include "numlab/timestep.h"

/* The spring, how it is integrated, and the frame loop's settings. */
typedef struct {
    spring_params spring;
    spring_state s0;
    double dt;
    long long steps;
    double tol;                         /* of the adaptive solvers (GSL's, dopri5: atol = rtol = tol) */
    ode_controller_kind controller;     /* dopri5's step-size controller (--controller) */
    bool methods[SPRING_METHOD_COUNT];  /* the methods run (--method LIST) */
    bool method_given;                  /* methods was chosen (else the studies and the loop take their own) */

    /* the frame loop (--animate, the walk's steps 5 and 6) */
    double frame_hz, frame_jitter, gap, step, cap;
    long long gap_frame, max_frames;
    unsigned long seed;
    bool interpolate;
    ts_rest rest;
    ts_rest_rule rest_rule;
    bool rest_each_substep;
} sl_params;

#define SL_EXACT_FINE 8
#define SL_RING_STEPS 10  /* how many steps of the fast mode the lesson on L-stability follows */
#define SL_STABILITY_POINTS 281  /* w0*dt from 0 to 3.5 in steps of 0.0125 */
#define SL_STABILITY_MAX_W0DT 3.5

/* One method at the operating point (the params' spring and dt). */
typedef struct {
    bool has_matrix;   /* a fixed step matrix: the hand-written steppers, gsl-rk4 and exact */
    double M[4];       /* (x - T, v) after a step = M (x - T, v), row-major */
    double rho;        /* its spectral radius (NAN without a matrix) */
    double det;        /* det M: 1 for a symplectic step */
    double limit;      /* the largest stable w0 dt at this damping ratio (INFINITY: none; 0: never stable) */
    double dt_max;     /* limit / w0, s */
    double undamped_limit; /* the largest stable w0 dt of the undamped spring */
    bool stable;       /* spring_dt_stable: the verdict the limit and the tables share */
} sl_operating;

typedef struct {
    /* the trajectories of the methods run, steps 0..steps */
    spring_sample *samples[SPRING_METHOD_COUNT];
    double *error[SPRING_METHOD_COUNT];         /* pairs (t, |x - x_exact|) at each sample */
    size_t count[SPRING_METHOD_COUNT];          /* 0 for a method not run */
    spring_run status[SPRING_METHOD_COUNT];
    unsigned long rhs_evals[SPRING_METHOD_COUNT]; /* right-hand-side evaluations, the cost */
    spring_newton newton[SPRING_METHOD_COUNT];  /* the implicit methods' Newton solves with k3 > 0 (else zero) */
    double evals_per_step[SPRING_METHOD_COUNT]; /* rhs_evals / steps taken (0 without a step) */
    double energy_lo[SPRING_METHOD_COUNT], energy_hi[SPRING_METHOD_COUNT]; /* over the run */
    /* the closed form at SL_EXACT_FINE points a step, so the reference draws as a smooth curve, not as chords; with
     * k3 > 0 (no closed form) the reference the errors are taken against, GSL's rk8pd at SPRING_REFERENCE_TOL */
    spring_sample *fine;
    size_t fine_count;

    /* the spring at this dt */
    double dt, w0, zeta, w0dt;
    sl_operating at[SPRING_METHOD_COUNT];       /* every method, run or not */
    double explicit_growth;                     /* sqrt(1 + (w0 dt)^2): explicit Euler's, undamped */
    double semi_swing, verlet_swing;            /* undamped energy swings: (1 + y/2)/(1 - y/2), 1/(1 - y^2/4) */
    double semi_modified_spread;                /* semi's modified energy over its run: (max - min) / start, NAN
                                                 * unless semi ran over a step with a start energy > 0 */
    /* the decay rates (1/s, negative) of the two modes (over-damped: real; else both zeta w0), and what one step of
     * backward Euler and of the midpoint rule multiplies the fast one by */
    double slow_rate, fast_rate, fast_backward, fast_midpoint;
    /* ... and TR-BDF2 (its stability function R(dt fast_rate), ode_stability_function), what the midpoint rule and
     * TR-BDF2 leave of the fast mode after SL_RING_STEPS steps (|R|^n), and the stiffness ratio |Re lambda_fast| /
     * |Re lambda_slow| = fast_rate / slow_rate (1 under-damped: both modes decay at zeta w0; NAN undamped) */
    double fast_tr_bdf2, fast_midpoint_after, fast_tr_bdf2_after, stiffness_ratio;

    /* the spectral radius of one step against w0*dt, at the spring's damping ratio */
    double w0dt_axis[SL_STABILITY_POINTS];
    double radius[SPRING_METHOD_COUNT][SL_STABILITY_POINTS];
} sl_result;

/* One method's step matrix, limits and verdict for this (linear) spring and dt. */
void sl_operating_at(const spring_params *spring, spring_method m, double dt, sl_operating *at);

/* Runs every method set in p->methods (but exact when k3 > 0: no closed form, its count stays 0) and derives the
 * rest. r must start zeroed (or be a result computed before:
 * it is freed first). Returns 0, or -1 when out of memory (r freed). */
int sl_model_compute(const sl_params *p, sl_result *r);
void sl_result_free(sl_result *r);

/* --- the hardening spring, k3 > 0 (model_duffing.c) ------------------------------------------------------------ */

/* The reference of a Duffing spring at SL_EXACT_FINE points a step (spring_reference), n of them. Returns 0, or -1
 * when out of memory or the solver gave up. */
int sl_reference_fine(const sl_params *p, spring_sample *fine, size_t n);

/* The linear stability chart of a Duffing spring at two states, and what the spring itself does. */
typedef struct {
    double amplitude;                        /* A: the start's turning-point amplitude (spring_amplitude) */
    double k_rest, k_peak;                   /* the tangent stiffnesses k and k + 3 k3 A^2 */
    double w0dt_rest, w0dt_peak;             /* sqrt(tangent / m) dt */
    sl_operating rest[SPRING_METHOD_COUNT];  /* the linearisation about rest (u = 0) */
    sl_operating peak[SPRING_METHOD_COUNT];  /* ... about the amplitude (u = A) */
    bool has_run[SPRING_METHOD_COUNT];       /* a fixed-step method with a step matrix, run on the spring itself */
    spring_run run[SPRING_METHOD_COUNT];     /* its run of p->steps steps of p->dt from p->s0 */
    spring_newton newton[SPRING_METHOD_COUNT];
    double energy_ratio[SPRING_METHOD_COUNT]; /* its energy at the run's end (or its last good step) / E0 */
    /* the first method (explicit, semi, verlet, rk4, gsl-rk4 in that order) stable at the linearisation about rest
     * whose run diverges: where the chart about rest stops being the whole story (SPRING_METHOD_COUNT: none) */
    spring_method broken;
} sl_duffing;

/* Returns 0, or -1 when out of memory. */
int sl_duffing_compute(const sl_params *p, sl_duffing *d);

/* --- the spring article's frame loop (model.c) ----------------------------------------------------------------- */

/* Frames of (1 + jitter u)/hz, one frame of `gap` seconds, fixed steps through the accumulator, the rest test and
 * the snap. */
typedef struct {
    spring_method method;   /* exact or a hand-written stepper, stepped as the runs step it (ode.h) */
    double hz, jitter, gap, step, cap;
    long long gap_frame, max_frames;
    unsigned long seed;
    ts_rest rest;
    ts_rest_rule rule;
    bool rest_each_substep; /* the rest test after every fixed step (else once a frame, as the spring article) */
    bool interpolate;       /* report the rendered x: prev + alpha (curr - prev) */
} sl_loop;

typedef struct {
    long long frame;
    double t, x, v;         /* the frames' clock; x as rendered */
    unsigned substeps;
} sl_frame;

/* NO_STEPPER: the method is neither exact nor a hand-written stepper (the GSL solvers pick their own steps). */
typedef enum {
    SL_LOOP_RESTED, SL_LOOP_DIVERGED, SL_LOOP_GAVE_UP, SL_LOOP_STOPPED, SL_LOOP_NO_MEMORY, SL_LOOP_NO_STEPPER,
    SL_LOOP_NEWTON_FAILED  /* --k3: an implicit step's Newton did not converge (the frame it happened in, as DIVERGED) */
} sl_loop_end;

/* Calls emit for frame 0 (the start) and every frame after it, until rest (the last frame, snapped), divergence
 * (not emitted), max_frames, or emit returning false. *last (may be NULL) gets the last frame run. */
sl_loop_end sl_run_loop(const spring_params *p, spring_state s0, const sl_loop *loop,
                        bool (*emit)(void *arg, const sl_frame *f), void *arg, sl_frame *last);
/* The frame at which the loop comes to rest (the snapped frame, as --csv --animate's last row), or -1 when it
 * diverges or does not within loop->max_frames. */
long long sl_rest_frame(const spring_params *p, spring_state s0, const sl_loop *loop);
/* The loop of the params: their method (the first of methods when given, else semi) and frame settings. */
sl_loop sl_loop_from_params(const sl_params *p);
/* The hand-written steppers' names, comma-separated (what --animate takes besides exact). */
const char *sl_stepper_names(void);

/* --- the studies (model_studies.c): named series, drawn as a chart or printed as CSV ------------------------------ */

typedef enum {
    SL_STUDY_ORDER, SL_STUDY_COST, SL_STUDY_DRIFT, SL_STUDY_PHASE_LAG, SL_STUDY_SPIRAL,
    SL_STUDY_STEPS, SL_STUDY_WORK,  /* model_adaptive.c: dopri5's steps over time; error against evaluations */
    /* model_phase.c, on the pendulum: a disc's area over time, its boundary, the shadow energy, over the top */
    SL_STUDY_AREA, SL_STUDY_DISC, SL_STUDY_SHADOW, SL_STUDY_SEPARATRIX,
    SL_STUDY_COUNT
} sl_study_kind;

#define SL_STUDY_MAX_SERIES 8
#define SL_SPIRAL_RENDER 0.004  /* s of drawing a frame, besides its steps */
#define SL_SPIRAL_COST 1.5      /* the spiral study's step costs this many times the time it simulates */
#define SL_DRIFT_PERIODS 1000.0 /* the drift study's length */
#define SL_DRIFT_RK4_STRIDE 4   /* RK4 at 4 dt: four forces a step, the cost of the one-force methods at dt */
#define SL_SPIRAL_RUNS 3        /* costly uncapped, costly capped, cheap uncapped */
/* The most fixed steps one frame may take: a frame that would take more has frozen the program (the spiral study
 * stops there), and --animate refuses a run whose longest frame would (the work done before its line is printed). */
#define SL_MAX_SUBSTEPS 100000000

/* --- dopri5 step by step (model_adaptive.c) ----------------------------------------------------------------------- */

/* One accepted step of dopri5 (step 0: the start, h = 0). */
typedef struct {
    long long step;
    double h, err;             /* the step taken and its scaled error (<= 1) */
    spring_sample s;           /* where it ended */
} sl_accepted;

/* How a dopri5 run went: its steps, the evaluations, where it stopped and its error there against the closed form. */
typedef struct {
    unsigned long accepted, rejected, evals;
    double t, error;           /* error: |x - x_exact(t)| */
    double h_min, h_max;       /* its smallest and largest accepted steps (NAN: none) */
    bool diverged, failed, stopped; /* stopped: emit said stop, or SL_ADAPTIVE_MAX_STEPS */
} sl_adaptive_end;

#define SL_ADAPTIVE_MAX_STEPS 200000  /* the steps study's points a series at most */
#define SL_GAME_HZ 60.0               /* the steps study's game loop */
#define SL_REPLAY_HZ_LO 30.0          /* ... and the two rates its replay lands on */
#define SL_REPLAY_HZ_HI 144.0
#define SL_REF_TOL 1e-10              /* the work study's offline reference */

/* dopri5 on the params' spring from s0 at t = 0 to t = dt steps with p->tol and the controller `kind`: emit(arg, a)
 * for the start and for each accepted step until the end (or until it returns false). Returns 0, or -1 when out of
 * memory. */
int sl_adaptive_run(const sl_params *p, ode_controller_kind kind, bool (*emit)(void *arg, const sl_accepted *a),
                    void *arg, sl_adaptive_end *end);

typedef struct {
    char key[32];              /* the CSV's series column: a method name, "semi-modified", "costly-capped", ... */
    spring_method method;      /* the method it runs (SPRING_METHOD_COUNT: none, the spiral's runs) */
    bool modified;             /* the drift study's modified energy of that method */
    int run;                   /* the spiral's run, 0..SL_SPIRAL_RUNS-1 (else -1) */
    bool points;               /* drawn as dots (the drift's energies), else lines */
    bool pi;                   /* dopri5 with the PI controller (steps, work: "dopri5-pi"), else the standard one */
    double slope;              /* order and cost: the fitted log-log slope (else 0) */
    double predicted;          /* area: the product of det J of each step along the disc's centre (phase_step_det) */
    bool full;                 /* area, disc: the boundary ran out of points (SL_AREA_MAX_POINTS) */
    long long over;            /* separatrix: the first step with |x - target| > pi, over the top (0: never) */
    double lo, hi, last;       /* y's least, greatest and last finite values (NAN when none) */
    double *x, *y;             /* one allocation (x owns it) */
    size_t n;
} sl_series;

typedef struct {
    sl_study_kind kind;
    sl_series s[SL_STUDY_MAX_SERIES];
    int n;
    bool logx, logy;
    double t_end;              /* order, cost: the time the errors are taken at */
    double w0dt;               /* drift, phase-lag: w0 dt of the undamped spring ... */
    double steps_per_period;   /* ... and its steps a period, 2 pi / (w0 dt) */
    /* order: RK4 at 4 dt against semi at dt over t_end, for the same force evaluations (NAN under 4 steps) */
    double rk4_4dt_error, semi_error, equal_evals;
    /* spiral: the uncapped costly run's growth a frame and the frames until it froze, the capped run's most steps
     * a frame and the simulation's speed (simulated seconds a wall-clock second) over its second half */
    double growth, capped_speed;
    size_t frames_to_freeze;   /* the frames the uncapped run took before one would need SL_MAX_SUBSTEPS */
    size_t frame_over_second;  /* its first frame (from 1) lasting over a second of wall-clock time (0: none) */
    unsigned capped_most;
    double cap;
    /* steps: dopri5 from s0 to t_end with each controller (ode_controller_kind) at p->tol; then, as a game loop would
     * run it (the standard controller): the fewest and most of its steps ending in one 60 Hz frame, its evaluations
     * when its steps must land on every frame, and how far apart its states at t_end are when they land on 30 Hz
     * and on 144 Hz frames (a replay at another rate is another trajectory) */
    sl_adaptive_end adaptive[ODE_CONTROLLER_COUNT];
    int frame_steps_lo, frame_steps_hi;
    unsigned long landing_evals;
    double replay_gap;
    /* work: dopri5 at tol 1e-10 (its error and evaluations) and the RK4 grid nearest it in evaluations (NAN when
     * either did not run) */
    double ref_error, ref_evals, rk4_error, rk4_evals;
    /* area, disc: the disc's radius in x (in v it is w0 times it); shadow: the swing's period (2 pi / w0 over the top)
     * and Verlet's measured orders of its energy's and its shadow energy's spreads (over SL_SHADOW_ORDER_PERIODS at
     * dt and dt/2); separatrix: Verlet's shadow energy at the start against the top's 2 k, the dt at which they are
     * equal (NAN: none), and its energy spread / E0 at this dt on a swing of SL_SMALL_SWING rad */
    double radius, period, energy_order, shadow_order;
    double shadow_start, top, dt_cross, small_energy;
} sl_study;

/* --- phase-space geometry on the pendulum m x'' + c x' + k sin(x - target) = 0 (model_phase.c) ---------------- */

#define SL_AREA_RADIUS 0.25          /* the disc's radius in x, rad (in v: w0 times it) */
#define SL_AREA_POINTS 64            /* its boundary's points at the start ... */
#define SL_AREA_MAX_POINTS 2048      /* ... and at most, refined as it stretches */
#define SL_SHADOW_PERIODS 1e5        /* the shadow study's run */
#define SL_SHADOW_ORDER_PERIODS 20.0 /* ... and the runs its orders are measured over */
#define SL_SMALL_SWING 0.5           /* the separatrix study's small swing, rad */
#define SL_PHASE_POINTS 4000         /* a long run's samples a series at most */

/* The pendulum of the params' spring: its k, c, m and target (k3 is not read). */
phase_pendulum sl_pendulum(const sl_params *p);
/* model_phase.c: the area and disc studies (one run: the ratio over time, or the boundaries at the end), the shadow
 * study, the separatrix study. */
int sl_study_build_area(sl_study *st, const sl_params *p, bool boundary);
int sl_study_build_shadow(sl_study *st, const sl_params *p);
/* The steps of the shadow study's long run: SL_SHADOW_PERIODS periods of the swing from the params' start (INFINITY
 * on the separatrix itself, whose swing never comes back). */
double sl_shadow_steps(const sl_params *p);
int sl_study_build_separatrix(sl_study *st, const sl_params *p);

/* order: |x - x_exact| at t = steps dt against dt, for dt from 8 dt to dt/16 (the slope over the finest half); cost:
 * the same against the force evaluations; drift: E/E0 over 1000 periods of the undamped spring at equal cost (RK4 at
 * 4 dt) with the symplectic methods' modified energies; phase-lag: their phase errors; spiral: substeps a frame when
 * a step costs 1.5 x its time (capped and not) or 0.5 x. p->methods picks the methods when p->method_given.
 * Returns 0, or -1 when out of memory (st freed). st must start zeroed. */
int sl_study_build(sl_study *st, sl_study_kind kind, const sl_params *p);
void sl_study_free(sl_study *st);
/* For the studies' files: a new series of n points of method m (SPRING_METHOD_COUNT: none) called key, or NULL
 * when out of memory. */
sl_series *sl_study_add_series(sl_study *st, size_t n, spring_method m, const char *key);
/* model_adaptive.c: the steps study, and the adaptive series of the work-precision study (after the cost study's). */
int sl_study_build_steps(sl_study *st, const sl_params *p);
int sl_study_add_adaptive(sl_study *st, const sl_params *p);
/* The work-precision study's params: p's methods when given, else explicit, semi, verlet, midpoint, rk4, gsl-rk4,
 * dopri5 and gsl-rkf45 (one of each order and kind: at most 8 series, a chart's colours). */
sl_params sl_work_params(const sl_params *p);
/* The series with this key, or NULL. */
const sl_series *sl_study_find(const sl_study *st, const char *key);

/* Semi-implicit Euler's conserved modified energy, per unit mass: v^2/2 + w^2 x^2/2 - (h w^2/2) x v (x from the
 * target; conserved when c = 0). */
double sl_semi_modified_energy(const spring_params *p, double dt, spring_state s);

/* --- stability regions in the complex plane (model_region.c) ------------------------------------------------------ */

#define SL_REGION_MAX_METHODS 8
#define SL_REGION_GRID 120          /* marching-squares cells across the shown box's wider side */
#define SL_REGION_SHADE 200         /* shade samples across the computed box */

/* Each method's region |R(z)| <= 1 at z = dt lambda (ode.h's ode_amplification_at), the spring's two roots dt lambda
 * on it. The box shown is [-5, 3] x [-3.5, 3.5], widened to hold the roots (at most 60 from 0); the boundaries and the
 * shade are computed over it padded by half its size each way, so a view widened for equal aspect stays covered. */
typedef struct {
    spring_method methods[SL_REGION_MAX_METHODS];
    int n;
    double box[4];                  /* the box shown: xmin, xmax, ymin, ymax */
    double computed[4];             /* the box the boundaries and the shade cover */
    ode_point *boundary[SL_REGION_MAX_METHODS]; /* points with |R(z)| = 1 (one allocation, boundary[0] owns it) */
    size_t count[SL_REGION_MAX_METHODS];
    float *shade;                   /* nx x ny: how many of the methods are stable at each sample's centre */
    int nx, ny;
    double root_re[2], root_im[2];  /* dt lambda of the spring's two modes, slow then fast (sl_mode_roots) */
} sl_region;

/* The roots lambda of s^2 + (c/m) s + k/m, 1/s: slow then fast on the real axis when over-damped (the slow one as
 * -w0 / (zeta + sqrt(zeta^2 - 1)), without the cancellation), else the pair -zeta w0 +- i w0 sqrt(1 - zeta^2). */
void sl_mode_roots(const spring_params *s, double re[2], double im[2]);

/* The region of each method of `methods` with a step matrix (in spring_method order), for p's spring and dt.
 * Returns 0, -1 when out of memory (rg freed), or -2 when more than SL_REGION_MAX_METHODS have a step matrix (none
 * at all is rg->n = 0). rg must start zeroed or be a region built before (it is freed first). */
int sl_region_build(sl_region *rg, const sl_params *p, const bool methods[SPRING_METHOD_COUNT]);
void sl_region_free(sl_region *rg);
/* The methods --plot region draws when --method is not given: explicit, rk4, backward-euler, midpoint, tr-bdf2. */
void sl_region_default_methods(bool methods[SPRING_METHOD_COUNT]);

#endif
