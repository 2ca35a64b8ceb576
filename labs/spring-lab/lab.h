/* spring-lab's shell around its model (model.h): the options every mode shares (options.c), the views (view.c), the
 * headless outputs (headless.c), the walk's texts (texts.c) and the walk's state (walk.c, walk_course.c), each a
 * format of what the model computed. Every name here starts with sl_ or SL_. */
#ifndef SL_LAB_H
#define SL_LAB_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/figure.h"
#include "numlab/labcli.h"
#include "numlab/plot.h"
#include "numlab/tui.h"
#include "model.h"

/* Which of the walk's values the command line typed (labcli_given, in sl_check): every step of the walk starts from
 * these, its own defaults only for the rest. */
typedef struct {
    bool k, c, m, x0, v0, target, dt, steps, methods;
    bool jitter, gap, step, cap, eps_x, eps_v, rest_scale, tol;
    bool k3;  /* the hardening spring's step only (14): every other step is of the linear spring */
} sl_typed;

typedef struct {
    sl_params p;                /* the model's input (model.h) */
    double rest_scale;          /* --rest-scale: p.rest is scaled by it (sl_check) */

    /* --plot */
    const char *plot;
    bool plot_csv;              /* --plot KIND --series: a study's series as CSV */
    int width, height;
    plot_mode glyphs;           /* --glyphs, --ascii */
    figure_options figure;      /* --out, --size, --force */
    sl_typed typed;
} sl_options;

/* What the command line fills (options.c): the options, and what only the options need. */
typedef struct {
    sl_options o;
    bool animate, no_cap;
    bool methods_all;           /* --method all (with --k3: every method but exact) */
} sl_front;

enum { SL_CSV = 1, SL_STABILITY, SL_PLOT };  /* the modes; 0 is the interactive walk */

extern const labcli_option sl_option_table[];
extern const size_t sl_n_options;
/* The checks the table cannot make (labcli_lab.check); completes f->o. */
int sl_check(const labcli_lab *lab, void *opts, const labcli_result *r);

/* --- charts (view.c), shared by --plot and the interactive walk ------------------------------------------- */

typedef enum {
    SL_CHART_PHASE, SL_CHART_TIME, SL_CHART_ENERGY, SL_CHART_ERROR, SL_CHART_STABILITY,
    SL_CHART_ORDER, SL_CHART_COST, SL_CHART_DRIFT, SL_CHART_PHASE_LAG, SL_CHART_SPIRAL,  /* the studies (model_studies.c) */
    SL_CHART_STEPS, SL_CHART_WORK,  /* ... in sl_study_kind's order (model_adaptive.c) */
    SL_CHART_AREA, SL_CHART_DISC, SL_CHART_SHADOW, SL_CHART_SEPARATRIX,  /* ... (model_phase.c: the pendulum) */
    SL_CHART_REGION,  /* the stability regions in the complex plane (model_region.c, view_region.c): not a study */
    SL_CHART_COUNT
} sl_chart_kind;
#define SL_CHART_FIRST_STUDY SL_CHART_ORDER

/* Returns 0, or -1 for a name other than those of sl_chart_names. */
int sl_chart_parse(const char *name, sl_chart_kind *out);
/* The chart names, comma-separated (built from the table). */
const char *sl_chart_names(void);
/* Fills ch (cleared first) with the chart of the runs for the methods set in shown[]. `upto` is how far the
 * animation has come, in samples (fractional: the marker is interpolated between two samples); INFINITY shows all. */
void sl_chart_build(plot_chart *ch, sl_chart_kind kind, const sl_params *p, const sl_result *r, const bool shown[],
                    double upto);
/* The plot color of a method (1..PLOT_COLORS). */
int sl_method_color(spring_method m);

/* --- the studies' charts (view.c) ---------------------------------------------------------------------------- */

void sl_study_chart(plot_chart *ch, const sl_study *st);
/* A series' legend: the method's name (with the fitted slope for order and cost), "semi modified", "costly, capped". */
void sl_series_name(const sl_study *st, const sl_series *s, char *buf, size_t size);
/* view_phase.c: the area, disc, shadow and separatrix charts' title and axes. */
void sl_study_phase_labels(const sl_study *st, char *title, size_t size, const char **xlabel, const char **ylabel);
/* ... and their reference lines (area 1, the top at u = +-pi), drawn over the series (none for the other studies). */
void sl_study_phase_marks(plot_chart *ch, const sl_study *st);
/* view_adaptive.c: the steps and work-precision charts' title and axes. */
void sl_study_adaptive_labels(const sl_study *st, char *title, size_t size, const char **xlabel, const char **ylabel);
/* The study of a chart kind at or after SL_CHART_FIRST_STUDY. */
sl_study_kind sl_chart_study(sl_chart_kind kind);

/* --- the stability regions (view_region.c) ------------------------------------------------------------------- */

/* The regions shaded (how many methods are stable), their boundaries drawn, the spring's dt lambda marked. */
void sl_region_chart(plot_chart *ch, const sl_region *rg, double dt);
/* --plot region --series: series,x,y, each method's boundary points, then the two dt lambda as "dt-lambda". */
void sl_region_csv(const sl_region *rg);

/* --- the walk's texts that state numbers (texts.c): each formats what the model computed ------------------- */

/* Step 1: explicit Euler's growth a step. */
void sl_text_explicit(char *buf, size_t size, const sl_result *r);
/* Step 2: semi-implicit's modified energy kept over its run (c: the damping), the energy's swing. */
void sl_text_semi(char *buf, size_t size, const sl_result *r, double c);
/* Step 3: the measured force evaluations a step of rk4 and gsl-rk4 (gsl-rk4's left out when it did not run). */
void sl_text_rk4(char *buf, size_t size, const sl_result *r);
/* Step 4: RK4's rho(M). */
void sl_text_stability(char *buf, size_t size, const sl_result *r);
/* Step 5: the times at which the sl_loop_rates runs came to rest, the fixed step, and how far the capped
 * spring moved on over the gap. */
void sl_text_accumulator(char *buf, size_t size, const double rest_t[3], double step, double gap,
                         double advanced);
/* Step 7: Verlet beside semi-implicit Euler: their measured forces a step, the limit, det M, the energy swings. */
void sl_text_verlet(char *buf, size_t size, const sl_result *r);
/* Step 8: backward Euler's and the midpoint rule's rho(M). */
void sl_text_implicit(char *buf, size_t size, const sl_result *r);
/* Step 9: an over-damped (stiff) spring: its two decay rates, RK4's and semi's step limits, what the implicit
 * methods multiply the fast mode by. */
void sl_text_stiff(char *buf, size_t size, const sl_result *r);
/* Step 10: the measured slopes of the order study, and RK4 at 4 dt against semi at dt for the same forces. */
void sl_text_order(char *buf, size_t size, const sl_study *order);
/* Step 11: what is left of RK4's energy, the symplectic methods' energy bands and phase errors after the run. */
void sl_text_drift(char *buf, size_t size, const sl_study *drift, const sl_study *phase);
/* Step 13 (texts_adaptive.c): dopri5's steps and rejections, what a game loop would make of them (steps a frame,
 * landing on frames, a replay at two rates), and the offline reference against RK4 at about its cost. */
void sl_text_adaptive(char *buf, size_t size, const sl_study *steps, const sl_study *work);
/* Step 12: the spiral's growth a frame (steps costing 1.5 x their time), how long until it runs away, the cap's
 * most steps a frame and the speed it leaves. */
void sl_text_spiral(char *buf, size_t size, const sl_study *spiral);

/* --- the views --------------------------------------------------------------------------------------------- */

int sl_csv(const sl_options *o);
/* --csv's rows of dopri5: one an accepted step, then its summary (headless_adaptive.c); CLI_OK or a failure. */
int sl_csv_adaptive(const sl_options *o);
int sl_animate(const sl_options *o);
int sl_stability(const sl_options *o);
int sl_plot(const sl_options *o);
int sl_interactive(sl_options *o, const labcli_result *r);

/* --- the guided walk (walk.c: steps 1-6, the spring article's story, and the shell's callbacks; walk_course.c:
 * steps 7-12: Verlet, implicit methods, stiffness, order against cost, drift against phase, the spiral of death) - */

#define SL_MAX_FRAMES 4000
#define SL_WALK_MAX_STEPS 20000  /* the steps slider's top: --steps above it is refused in the walk */
#define SL_REVEAL_SECONDS 4.0
#define SL_GAP_AT 0.2  /* s: when step 5's tab switch happens */

enum {
    SL_STEP_EXPLICIT, SL_STEP_SEMI, SL_STEP_RK4, SL_STEP_STABILITY, SL_STEP_ACCUMULATOR, SL_STEP_REST,
    SL_STEP_VERLET, SL_STEP_IMPLICIT, SL_STEP_STIFF, SL_STEP_ORDER, SL_STEP_DRIFT, SL_STEP_SPIRAL,
    SL_STEP_REGION,  /* walk_region.c: A-stable but not L-stable, the regions in the complex plane */
    SL_STEP_DUFFING,  /* walk_duffing.c */
    SL_STEP_ADAPTIVE,  /* walk_adaptive.c: adaptive steps, wrong for a game loop, right for a reference */
    SL_STEP_AREA, SL_STEP_SHADOW, SL_STEP_SEPARATRIX,  /* walk_phase.c: the pendulum's phase-space area, shadow
                                                        * energy and separatrix */
    SL_N_STEPS
};

/* Frame-loop runs of steps 5 and 6. */
enum { SL_RUN_30HZ, SL_RUN_60HZ, SL_RUN_144HZ, SL_RUN_GAP_CAPPED, SL_RUN_GAP_UNCAPPED, SL_N_LOOP_RUNS };
#define SL_N_LOOP_RATES 3
/* The display rates of step 5's first three runs, Hz (SL_RUN_30HZ, SL_RUN_60HZ, SL_RUN_144HZ): what the runs are
 * stepped at, their toggles' names and the words say (walk.c). */
extern const double sl_loop_rates[SL_N_LOOP_RATES];
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
    double steps;                       /* o.p.steps as a tui parameter */
    sl_result runs;                     /* the model's result for the shown methods (steps 1-4, 7-9) */
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
    char loop_names[SL_N_LOOP_RATES][16]; /* the rates' toggles: "30 Hz" */
    sl_frame_run loops[SL_N_LOOP_RUNS];
    unsigned most_substeps[SL_N_LOOP_RUNS]; /* the most substeps a frame of each (the gap frame's, with a gap) */
    /* step 6 */
    double eps_x, eps_v, rest_scale;
    double rest_target;                 /* the target when opacity is off: 300 px, or --target */
    bool opacity;
    bool rule_shown[SL_N_RULES];
    sl_frame_run rest_run;              /* the frames of the bouncing spring, no rest test */
    int stop_frame[SL_N_RULES];         /* where each rule stops it, -1 never */
    /* steps 10-12: the studies of their two panes */
    sl_study study[TUI_MAX_PANES];
    /* step 13: the regions of the shown methods, the spring's dt lambda */
    sl_region region;
    /* step 14: the Duffing spring's chart at two states and its own runs */
    sl_duffing duffing;
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
/* Step 13 (walk_region.c): its spring, start and methods; its region (0, or -1 when out of memory); its text (from
 * the result: the fast mode's R of the midpoint rule and TR-BDF2, the stiffness ratio) and notes. */
void sl_walk_region_defaults(sl_walk *w);
int sl_walk_region_compute(sl_walk *w);
void sl_text_region(char *buf, size_t size, const sl_result *r);
size_t sl_walk_region_notes(const sl_walk *w, char *buf, size_t size, size_t used);
/* Step 14 (walk_duffing.c): a hardening spring, its defaults, model, text, notes, sliders (k3 and x0) and the
 * stability pane's markers at the amplitude. */
void sl_walk_duffing_defaults(sl_walk *w);
int sl_walk_duffing_compute(sl_walk *w);
void sl_text_duffing(char *buf, size_t size, const sl_duffing *d);
size_t sl_walk_duffing_notes(const sl_walk *w, char *buf, size_t size, size_t used);
void sl_walk_duffing_params(sl_walk *w, tui_step *d);
void sl_walk_duffing_marks(const sl_walk *w, plot_chart *ch);
/* Step 15 (walk_adaptive.c), called by the course's functions above for that step. */
void sl_walk_adaptive_defaults(sl_walk *w);
void sl_walk_adaptive_compute(sl_walk *w);
size_t sl_walk_adaptive_notes(const sl_walk *w, char *buf, size_t size, size_t used);
void sl_walk_adaptive_describe(sl_walk *w, tui_step *d);
/* Steps 16-18 (walk_phase.c), called by the course's functions above for those steps. */
void sl_walk_phase_defaults(sl_walk *w, int step);
void sl_walk_phase_compute(sl_walk *w, int step);
void sl_walk_phase_text(sl_walk *w, int step);
size_t sl_walk_phase_notes(const sl_walk *w, int step, char *buf, size_t size, size_t used);
void sl_walk_phase_describe(sl_walk *w, int step, tui_step *d);
/* --plain (walk_plain.c): the line after a key, from the runs of a trajectory step (empty on the others: the shell
 * says the notes), and the l key's series, the energy of the first method shown other than exact. */
void sl_walk_summary(void *ctx, int step, char *buf, size_t size);
int sl_walk_listen(void *ctx, int step, plot_series *out, char *what, size_t size);
/* The method toggles of a trajectory step (at most TUI_MAX_TOGGLES). */
void sl_walk_method_toggles(sl_walk *w, int step, tui_step *d);

#endif
