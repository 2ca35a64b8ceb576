/* spring-lab's one private header: the options every mode shares, the model (model.c, model_studies.c), the views
 * (view.c), the headless outputs (headless.c), the walk's texts (texts.c) and the walk's state (walk.c,
 * walk_course.c). Every name here starts with sl_ or SL_. */
#ifndef SL_LAB_H
#define SL_LAB_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/figure.h"
#include "numlab/labcli.h"
#include "numlab/plot.h"
#include "numlab/spring.h"
#include "numlab/timestep.h"
#include "numlab/tui.h"

/* Which of the walk's values the command line typed (labcli_given, in sl_check): every step of the walk starts from
 * these, its own defaults only for the rest. */
typedef struct {
    bool k, c, m, x0, v0, target, dt, steps, methods;
    bool jitter, gap, step, cap, eps_x, eps_v, rest_scale;
} sl_typed;

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
    ts_rest rest;           /* scaled by rest_scale (sl_check) */
    double rest_scale;
    ts_rest_rule rest_rule;
    bool rest_each_substep;

    /* --plot */
    const char *plot;
    bool plot_csv;          /* --plot KIND --series: a study's series as CSV */
    int width, height;
    bool ascii;
    figure_options figure;      /* --out, --size, --force */
    sl_typed typed;
} sl_options;

/* What the command line fills (options.c): the options, and what only the options need. */
typedef struct {
    sl_options o;
    bool animate, no_cap;
} sl_front;

enum { SL_CSV = 1, SL_STABILITY, SL_PLOT };  /* the modes; 0 is the interactive walk */

extern const labcli_option sl_option_table[];
extern const size_t sl_n_options;
/* The checks the table cannot make (labcli_lab.check); completes f->o. */
int sl_check(void *opts, const labcli_result *r);

/* --- the model behind every view (model.c) ----------------------------------------------------------------- */

#define SL_EXACT_FINE 8
#define SL_STABILITY_POINTS 281  /* w0*dt from 0 to 3.5 in steps of 0.0125 */
#define SL_STABILITY_MAX_W0DT 3.5

/* The trajectories of the chosen methods over steps 0..o->steps, and what the plots derive from them. */
typedef struct {
    spring_sample *samples[SPRING_METHOD_COUNT];
    double *error[SPRING_METHOD_COUNT];         /* pairs (t, |x - x_exact|) at each sample */
    size_t count[SPRING_METHOD_COUNT];          /* 0 for a method not run */
    spring_run status[SPRING_METHOD_COUNT];
    unsigned long rhs_evals[SPRING_METHOD_COUNT]; /* right-hand-side evaluations, the cost */
    /* the closed form at SL_EXACT_FINE points a step, so the reference draws as a smooth curve, not as chords */
    spring_sample *fine;
    size_t fine_count;
    /* the spectral radius of one step against w0*dt, at the spring's damping ratio */
    double w0dt[SL_STABILITY_POINTS];
    double radius[SPRING_METHOD_COUNT][SL_STABILITY_POINTS];
} sl_runs;

/* Runs every method with methods[m] set. Returns 0, or -1 when out of memory (runs freed). */
int sl_runs_compute(sl_runs *r, const sl_options *o, const bool methods[]);
void sl_runs_free(sl_runs *r);

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
} sl_loop;

typedef struct {
    long long frame;
    double t, x, v;         /* the frames' clock; x as rendered */
    unsigned substeps;
} sl_frame;

typedef enum { SL_LOOP_RESTED, SL_LOOP_DIVERGED, SL_LOOP_GAVE_UP, SL_LOOP_STOPPED, SL_LOOP_NO_MEMORY } sl_loop_end;

/* Calls emit for frame 0 (the start) and every frame after it, until rest (the last frame, snapped), divergence
 * (not emitted), max_frames, or emit returning false. *last (may be NULL) gets the last frame run. */
sl_loop_end sl_run_loop(const spring_params *p, spring_state s0, const sl_loop *loop,
                        bool (*emit)(void *arg, const sl_frame *f), void *arg, sl_frame *last);
/* The frame at which the loop comes to rest (the snapped frame, as --csv --animate's last row), or -1 when it
 * diverges or does not within loop->max_frames. */
long long sl_rest_frame(const spring_params *p, spring_state s0, const sl_loop *loop);
sl_loop sl_loop_from_options(const sl_options *o);
/* The hand-written steppers' names, comma-separated (what --animate takes besides exact). */
const char *sl_stepper_names(void);

/* --- charts (view.c), shared by --plot and the interactive walk ------------------------------------------- */

typedef enum {
    SL_CHART_PHASE, SL_CHART_TIME, SL_CHART_ENERGY, SL_CHART_ERROR, SL_CHART_STABILITY,
    SL_CHART_ORDER, SL_CHART_COST, SL_CHART_DRIFT, SL_CHART_PHASE_LAG, SL_CHART_SPIRAL,  /* the studies (model_studies.c) */
    SL_CHART_COUNT
} sl_chart_kind;
#define SL_CHART_FIRST_STUDY SL_CHART_ORDER

/* Returns 0, or -1 for a name other than those of sl_chart_names. */
int sl_chart_parse(const char *name, sl_chart_kind *out);
/* The chart names, comma-separated (built from the table). */
const char *sl_chart_names(void);
/* Fills ch (cleared first) with the chart of the runs for the methods set in shown[]. `upto` is how far the
 * animation has come, in samples (fractional: the marker is interpolated between two samples); INFINITY shows all. */
void sl_chart_build(plot_chart *ch, sl_chart_kind kind, const sl_options *o,
                    const sl_runs *r, const bool shown[], double upto);
/* The plot color of a method (1..PLOT_COLORS). */
int sl_method_color(spring_method m);

/* --- the studies (model_studies.c): named series, drawn as a chart or printed as CSV ------------------------------ */

typedef struct {
    char name[PLOT_NAME_MAX];  /* the legend */
    char key[32];              /* the CSV's series column: a method name, "semi-modified", "costly-capped", ... */
    double slope;              /* order and cost: the fitted log-log slope (else 0) */
    double *x, *y;             /* one allocation (x owns it) */
    size_t n;
    int color;
    plot_style style;
} sl_series;

typedef struct {
    sl_series s[PLOT_MAX_SERIES];
    int n;
    char title[PLOT_TITLE_MAX], xlabel[PLOT_NAME_MAX], ylabel[PLOT_NAME_MAX];
    bool logx, logy;
} sl_study;

/* order: |x - x_exact| at t = steps dt against dt, for dt from 8 dt to dt/16 (legend: the slope over the finest
 * half); cost: the same against the force evaluations; drift: E/E0 over 1000 periods of the undamped spring at
 * equal cost (RK4 at 4 dt) with the symplectic methods' modified energies; phase-lag: their phase errors; spiral:
 * substeps a frame when a step costs 1.5 x its time (capped and not) or 0.5 x. --method picks the methods.
 * Returns 0, or -1 when out of memory (st freed). st must start zeroed. */
int sl_study_build(sl_study *st, sl_chart_kind kind, const sl_options *o);
void sl_study_free(sl_study *st);
void sl_study_chart(plot_chart *ch, const sl_study *st);
void sl_study_csv(const sl_study *st);
/* The series with this key, or NULL. */
const sl_series *sl_study_find(const sl_study *st, const char *key);
#define SL_SPIRAL_RENDER 0.004  /* s of drawing a frame, besides its steps */
#define SL_SPIRAL_COST 1.5      /* the spiral study's step costs this many times the time it simulates */
#define SL_DRIFT_PERIODS 1000.0 /* the drift study's length */
#define SL_DRIFT_RK4_STRIDE 4   /* RK4 at 4 dt: four forces a step, the cost of the one-force methods at dt */

/* --- the walk's texts that state numbers (texts.c): each formats the live values it is given ---------------- */

/* Semi-implicit Euler's conserved modified energy, per unit mass: v^2/2 + w^2 x^2/2 - (h w^2/2) x v (x from the
 * target; conserved when c = 0). */
double sl_semi_modified_energy(const spring_params *p, double dt, spring_state s);
/* Step 1: explicit Euler's growth a step at this spring and dt. */
void sl_text_explicit(char *buf, size_t size, const spring_params *p, double dt);
/* Step 2: the modified energy's spread over semi-implicit's samples s[0..n-1], and the energy's swing at w0 dt. */
void sl_text_semi(char *buf, size_t size, const spring_params *p, double dt, const spring_sample *s, size_t n);
/* Step 3: the measured force evaluations a step of rk4 and gsl-rk4 (0: gsl-rk4 not run). */
void sl_text_rk4(char *buf, size_t size, double rk4_evals, double gsl_rk4_evals);
/* Step 4: the step matrix M, rho(M), and RK4's rho(M) at this spring and dt. */
void sl_text_stability(char *buf, size_t size, const spring_params *p, double dt);
/* Step 5: the times at which the 30, 60 and 144 Hz runs came to rest, the fixed step, and how far the capped
 * spring moved on over the gap. */
void sl_text_accumulator(char *buf, size_t size, const double rest_t[3], double step, double gap,
                         double advanced);

/* Step 7: Verlet beside semi-implicit Euler: their measured forces a step, the limit, det M, the energy swings. */
void sl_text_verlet(char *buf, size_t size, const spring_params *p, double dt, double semi_evals,
                    double verlet_evals);
/* Step 8: backward Euler's and the midpoint rule's rho(M) at this spring and dt. */
void sl_text_implicit(char *buf, size_t size, const spring_params *p, double dt);
/* Step 9: an over-damped (stiff) spring: its two decay rates, RK4's and semi's step limits, what the implicit
 * methods multiply the fast mode by. */
void sl_text_stiff(char *buf, size_t size, const spring_params *p, double dt);
/* Step 10: the measured slopes of the order study, and RK4 at 4 dt against semi at dt for the same forces. */
void sl_text_order(char *buf, size_t size, const sl_study *order, double rk4_err, double semi_err,
                   double evals);
/* Step 11: what is left of RK4's energy, the symplectic methods' energy bands and phase errors after the run. */
void sl_text_drift(char *buf, size_t size, const sl_study *drift, const sl_study *phase);
/* Step 12: the spiral's growth a frame (steps costing 1.5 x their time), how long until it runs away, the cap's
 * most steps a frame and the speed it leaves. */
void sl_text_spiral(char *buf, size_t size, double step, double cap);

/* --- the views --------------------------------------------------------------------------------------------- */

int sl_csv(const sl_options *o);
int sl_animate(const sl_options *o);
int sl_stability(const sl_options *o);
int sl_plot(const sl_options *o);
int sl_interactive(sl_options *o);

/* --- the guided walk (walk.c: steps 1-6, the spring article's story, and the shell's callbacks; walk_course.c:
 * steps 7-12: Verlet, implicit methods, stiffness, order against cost, drift against phase, the spiral of death) - */

#define SL_MAX_FRAMES 4000
#define SL_WALK_MAX_STEPS 20000  /* the steps slider's top: --steps above it is refused in the walk */
#define SL_REVEAL_SECONDS 4.0
#define SL_GAP_AT 0.2  /* s: when step 5's tab switch happens */

enum {
    SL_STEP_EXPLICIT, SL_STEP_SEMI, SL_STEP_RK4, SL_STEP_STABILITY, SL_STEP_ACCUMULATOR, SL_STEP_REST,
    SL_STEP_VERLET, SL_STEP_IMPLICIT, SL_STEP_STIFF, SL_STEP_ORDER, SL_STEP_DRIFT, SL_STEP_SPIRAL, SL_N_STEPS
};

/* Frame-loop runs of steps 5 and 6. */
enum { SL_RUN_30HZ, SL_RUN_60HZ, SL_RUN_144HZ, SL_RUN_GAP_CAPPED, SL_RUN_GAP_UNCAPPED, SL_N_LOOP_RUNS };
enum { SL_RULE_DISTANCE, SL_RULE_SPEED, SL_RULE_BOTH, SL_N_RULES };
extern const char *const sl_rule_names[SL_N_RULES];  /* N_() marked: _() where shown */
extern const ts_rest_rule sl_rule_tests[SL_N_RULES];  /* the rest test of each */
#define SL_REST_FRAMES 240  /* step 6 plays 4 s at 60 Hz */

typedef struct {
    double t[SL_MAX_FRAMES], x[SL_MAX_FRAMES], v[SL_MAX_FRAMES];
    double dist[SL_MAX_FRAMES], speed[SL_MAX_FRAMES];  /* |x - target|, |v|: step 6's log pane */
    unsigned substeps[SL_MAX_FRAMES];
    int n;
} sl_frame_run;

typedef struct {
    sl_options o;
    sl_options cli;                     /* what the command line gave: o.typed says which of it a step takes */
    bool shown[SPRING_METHOD_COUNT];
    double steps;                       /* o.steps as a tui parameter */
    sl_runs runs;
    bool out_of_memory;
    plot_chart *chart[TUI_MAX_PANES];
    plot_mode mode;

    /* the animation: a fixed-step accumulator reveals one sample (steps 1-4) or plays the frames in real time */
    ts_accumulator reveal;
    double upto;                        /* samples revealed, fractional */
    double clock;                       /* seconds of frames played (steps 5-6) */

    /* step 5 */
    double jitter, gap, cap;
    bool loop_shown[SL_N_LOOP_RUNS];
    sl_frame_run loops[SL_N_LOOP_RUNS];
    /* step 6 */
    double eps_x, eps_v, rest_scale;
    double rest_target;                 /* the target when opacity is off: 300 px, or --target */
    bool opacity;
    bool rule_shown[SL_N_RULES];
    sl_frame_run rest_run;              /* the frames of the bouncing spring, no rest test */
    int stop_frame[SL_N_RULES];         /* where each rule stops it, -1 never */
    /* steps 10-12: the studies of their two panes */
    sl_study study[TUI_MAX_PANES];
    char text[SL_N_STEPS][1024];        /* the texts that state numbers, formatted after each change */
} sl_walk;

/* The tui render callback (view.c): pane `pane` of `step` at cols x rows. */
const plot_grid *sl_walk_render(void *ctx, int step, int pane, int cols, int rows);
/* Steps whose panes are the methods' trajectories (model.c's runs, revealed over a few seconds). */
bool sl_walk_shows_runs(int step);
/* Steps 7-12 (walk_course.c): defaults, what to compute, the text, the panes, the notes, the controls. */
void sl_walk_course_defaults(sl_walk *w, int step);
void sl_walk_course_compute(sl_walk *w, int step);
void sl_walk_course_text(sl_walk *w, int step);
size_t sl_walk_course_notes(const sl_walk *w, int step, char *buf, size_t size, size_t used);
void sl_walk_course_describe(sl_walk *w, int step, tui_step *d);
/* The method toggles of a trajectory step (at most TUI_MAX_TOGGLES). */
void sl_walk_method_toggles(sl_walk *w, int step, tui_step *d);

#endif
