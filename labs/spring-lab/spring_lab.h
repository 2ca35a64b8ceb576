/* spring-lab: the options every mode shares, and the modes (headless and interactive). */
#ifndef SPRING_LAB_H
#define SPRING_LAB_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/figure.h"
#include "numlab/plot.h"
#include "numlab/spring.h"
#include "numlab/timestep.h"

typedef struct {
    spring_params params;
    spring_state s0;
    double dt;
    long long steps;
    double tol;
    bool methods[SPRING_METHOD_COUNT];  /* --method LIST */
    bool method_given;

    /* --animate */
    double frame_hz, frame_jitter, gap, step, cap;
    long long gap_frame, max_frames;
    unsigned long seed;
    bool interpolate;
    ts_rest rest;
    ts_rest_rule rest_rule;
    bool rest_each_substep;

    /* --plot */
    const char *plot;
    bool plot_csv;          /* --plot KIND --series: a study's series as CSV */
    int width, height;
    bool ascii;
    figure_options figure;      /* --out, --size, --force */
} spring_lab_options;

/* --- the model behind every view (model.c) ----------------------------------------------------------------- */

#define EXACT_FINE 8
#define STABILITY_POINTS 281  /* w0*dt from 0 to 3.5 in steps of 0.0125 */
#define STABILITY_MAX_W0DT 3.5

/* The trajectories of the chosen methods over steps 0..o->steps, and what the plots derive from them. */
typedef struct {
    spring_sample *samples[SPRING_METHOD_COUNT];
    double *error[SPRING_METHOD_COUNT];         /* pairs (t, |x - x_exact|) at each sample */
    size_t count[SPRING_METHOD_COUNT];          /* 0 for a method not run */
    spring_run status[SPRING_METHOD_COUNT];
    unsigned long rhs_evals[SPRING_METHOD_COUNT]; /* right-hand-side evaluations, the cost */
    /* the closed form at EXACT_FINE points a step, so the reference draws as a smooth curve, not as chords */
    spring_sample *fine;
    size_t fine_count;
    /* the spectral radius of one step against w0*dt, at the spring's damping ratio */
    double w0dt[STABILITY_POINTS];
    double radius[SPRING_METHOD_COUNT][STABILITY_POINTS];
} spring_lab_runs;

/* Runs every method with methods[m] set. Returns 0, or -1 when out of memory (runs freed). */
int spring_lab_runs_compute(spring_lab_runs *r, const spring_lab_options *o, const bool methods[]);
void spring_lab_runs_free(spring_lab_runs *r);

/* The spring article's frame loop: frames of (1 + jitter u)/hz, one frame of `gap` seconds, fixed steps through the
 * accumulator, the rest test and the snap. */
typedef struct {
    spring_method method;   /* exact or a hand-written stepper */
    double hz, jitter, gap, step, cap;
    long long gap_frame, max_frames;
    unsigned long seed;
    ts_rest rest;
    ts_rest_rule rule;
    bool rest_each_substep; /* the rest test after every fixed step (else once a frame, as the spring article) */
    bool interpolate;       /* report the rendered x: prev + alpha (curr - prev) */
} spring_lab_loop;

typedef struct {
    long long frame;
    double t, x, v;         /* the frames' clock; x as rendered */
    unsigned substeps;
} spring_lab_frame;

typedef enum { LOOP_RESTED, LOOP_DIVERGED, LOOP_GAVE_UP, LOOP_STOPPED, LOOP_NO_MEMORY } spring_lab_loop_end;

/* Calls emit for frame 0 (the start) and every frame after it, until rest (the last frame, snapped), divergence
 * (not emitted), max_frames, or emit returning false. *last (may be NULL) gets the last frame run. */
spring_lab_loop_end spring_lab_run_loop(const spring_params *p, spring_state s0, const spring_lab_loop *loop,
                                        bool (*emit)(void *arg, const spring_lab_frame *f), void *arg,
                                        spring_lab_frame *last);
spring_lab_loop spring_lab_loop_from_options(const spring_lab_options *o);
/* The hand-written steppers' names, comma-separated (what --animate takes besides exact). */
const char *spring_lab_stepper_names(void);

/* --- charts (charts.c), shared by --plot and the interactive walk ------------------------------------------- */

typedef enum {
    CHART_PHASE, CHART_TIME, CHART_ENERGY, CHART_ERROR, CHART_STABILITY,
    CHART_ORDER, CHART_COST, CHART_DRIFT, CHART_PHASE_LAG, CHART_SPIRAL,  /* the studies (studies.c) */
    CHART_COUNT
} spring_chart_kind;
#define CHART_FIRST_STUDY CHART_ORDER

/* Returns 0, or -1 for a name other than those of spring_chart_names. */
int spring_chart_parse(const char *name, spring_chart_kind *out);
/* The chart names, comma-separated (built from the table). */
const char *spring_chart_names(void);
/* Fills ch (cleared first) with the chart of the runs for the methods set in shown[]. `upto` is how far the
 * animation has come, in samples (fractional: the marker is interpolated between two samples); INFINITY shows all. */
void spring_chart_build(plot_chart *ch, spring_chart_kind kind, const spring_lab_options *o,
                        const spring_lab_runs *r, const bool shown[], double upto);
/* The plot color of a method (1..PLOT_COLORS). */
int spring_method_color(spring_method m);

/* --- the studies (studies.c): named series, drawn as a chart or printed as CSV ------------------------------ */

typedef struct {
    char name[PLOT_NAME_MAX];  /* the legend */
    char key[32];              /* the CSV's series column: a method name, "semi-modified", "costly-capped", ... */
    double slope;              /* order and cost: the fitted log-log slope (else 0) */
    double *x, *y;             /* one allocation (x owns it) */
    size_t n;
    int color;
    plot_style style;
} study_series;

typedef struct {
    study_series s[PLOT_MAX_SERIES];
    int n;
    char title[PLOT_TITLE_MAX], xlabel[PLOT_NAME_MAX], ylabel[PLOT_NAME_MAX];
    bool logx, logy;
} spring_study;

/* order: |x - x_exact| at t = steps dt against dt, for dt from 8 dt to dt/16 (legend: the slope over the finest
 * half); cost: the same against the force evaluations; drift: E/E0 over 1000 periods of the undamped spring at
 * equal cost (RK4 at 4 dt) with the symplectic methods' modified energies; phase-lag: their phase errors; spiral:
 * substeps a frame when a step costs 1.5 x its time (capped and not) or 0.5 x. --method picks the methods.
 * Returns 0, or -1 when out of memory (st freed). st must start zeroed. */
int spring_study_build(spring_study *st, spring_chart_kind kind, const spring_lab_options *o);
void spring_study_free(spring_study *st);
void spring_study_chart(plot_chart *ch, const spring_study *st);
void spring_study_csv(const spring_study *st);
/* The series with this key, or NULL. */
const study_series *spring_study_find(const spring_study *st, const char *key);
#define SPIRAL_RENDER 0.004  /* s of drawing a frame, besides its steps */
#define SPIRAL_COST 1.5      /* the spiral study's step costs this many times the time it simulates */
#define DRIFT_PERIODS 1000.0 /* the drift study's length */
#define DRIFT_RK4_STRIDE 4   /* RK4 at 4 dt: four forces a step, the cost of the one-force methods at dt */

/* --- the walk's texts that state numbers (texts.c): each formats the live values it is given ---------------- */

/* Semi-implicit Euler's conserved modified energy, per unit mass: v^2/2 + w^2 x^2/2 - (h w^2/2) x v (x from the
 * target; conserved when c = 0). */
double spring_semi_modified_energy(const spring_params *p, double dt, spring_state s);
/* Step 1: explicit Euler's growth a step at this spring and dt. */
void spring_text_explicit(char *buf, size_t size, const spring_params *p, double dt);
/* Step 2: the modified energy's spread over semi-implicit's samples s[0..n-1], and the energy's swing at w0 dt. */
void spring_text_semi(char *buf, size_t size, const spring_params *p, double dt, const spring_sample *s, size_t n);
/* Step 3: the measured force evaluations a step of rk4 and gsl-rk4 (0: gsl-rk4 not run). */
void spring_text_rk4(char *buf, size_t size, double rk4_evals, double gsl_rk4_evals);
/* Step 4: the step matrix M, rho(M), and RK4's rho(M) at this spring and dt. */
void spring_text_stability(char *buf, size_t size, const spring_params *p, double dt);
/* Step 5: the times at which the 30, 60 and 144 Hz runs came to rest, the fixed step, and how far the capped
 * spring moved on over the gap. */
void spring_text_accumulator(char *buf, size_t size, const double rest_t[3], double step, double gap,
                             double advanced);

/* Step 7: Verlet beside semi-implicit Euler: their measured forces a step, the limit, det M, the energy swings. */
void spring_text_verlet(char *buf, size_t size, const spring_params *p, double dt, double semi_evals,
                        double verlet_evals);
/* Step 8: backward Euler's and the midpoint rule's rho(M) at this spring and dt. */
void spring_text_implicit(char *buf, size_t size, const spring_params *p, double dt);
/* Step 9: an over-damped (stiff) spring: its two decay rates, RK4's and semi's step limits, what the implicit
 * methods multiply the fast mode by. */
void spring_text_stiff(char *buf, size_t size, const spring_params *p, double dt);
/* Step 10: the measured slopes of the order study, and RK4 at 4 dt against semi at dt for the same forces. */
void spring_text_order(char *buf, size_t size, const spring_study *order, double rk4_err, double semi_err,
                       double evals);
/* Step 11: what is left of RK4's energy, the symplectic methods' energy bands and phase errors after the run. */
void spring_text_drift(char *buf, size_t size, const spring_study *drift, const spring_study *phase);
/* Step 12: the spiral's growth a frame (steps costing 1.5 x their time), how long until it runs away, the cap's
 * most steps a frame and the speed it leaves. */
void spring_text_spiral(char *buf, size_t size, double step, double cap);

/* --- the views --------------------------------------------------------------------------------------------- */

int spring_lab_csv(const spring_lab_options *o);
int spring_lab_animate(const spring_lab_options *o);
int spring_lab_stability(const spring_lab_options *o);
int spring_lab_plot(const spring_lab_options *o);
int spring_lab_interactive(spring_lab_options *o);

#endif
