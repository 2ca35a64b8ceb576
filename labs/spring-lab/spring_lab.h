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

    /* --plot */
    const char *plot;
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

/* The seed's frame loop: frames of (1 + jitter u)/hz, one frame of `gap` seconds, fixed steps through the
 * accumulator, the rest test and the snap. */
typedef struct {
    spring_method method;   /* explicit, semi, rk4 or exact */
    double hz, jitter, gap, step, cap;
    long long gap_frame, max_frames;
    unsigned long seed;
    ts_rest rest;
    ts_rest_rule rule;
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

/* --- charts (charts.c), shared by --plot and the interactive walk ------------------------------------------- */

typedef enum { CHART_PHASE, CHART_TIME, CHART_ENERGY, CHART_ERROR, CHART_STABILITY, CHART_COUNT } spring_chart_kind;

/* Returns 0, or -1 for a name other than phase, time, energy, error, stability. */
int spring_chart_parse(const char *name, spring_chart_kind *out);
/* Fills ch (cleared first) with the chart of the runs for the methods set in shown[]. `upto` is how far the
 * animation has come, in samples (fractional: the marker is interpolated between two samples); INFINITY shows all. */
void spring_chart_build(plot_chart *ch, spring_chart_kind kind, const spring_lab_options *o,
                        const spring_lab_runs *r, const bool shown[], double upto);
/* The plot color of a method (1..PLOT_COLORS). */
int spring_method_color(spring_method m);

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

/* --- the views --------------------------------------------------------------------------------------------- */

int spring_lab_csv(const spring_lab_options *o);
int spring_lab_animate(const spring_lab_options *o);
int spring_lab_stability(const spring_lab_options *o);
int spring_lab_plot(const spring_lab_options *o);
int spring_lab_interactive(spring_lab_options *o);

#endif
