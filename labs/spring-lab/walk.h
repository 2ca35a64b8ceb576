/* spring-lab's walk: its state, shared by walk.c (steps 1-6, the spring article's story, and the shell's callbacks) and
 * walk_more.c (steps 7-12: Verlet, implicit methods, stiffness, order against cost, drift against phase, the
 * spiral of death). */
#ifndef SPRING_LAB_WALK_H
#define SPRING_LAB_WALK_H

#include "numlab/tui.h"
#include "spring_lab.h"

#define MAX_FRAMES 4000
#define REVEAL_SECONDS 4.0
#define GAP_AT 0.2  /* s: when step 5's tab switch happens */

enum {
    STEP_EXPLICIT, STEP_SEMI, STEP_RK4, STEP_STABILITY, STEP_ACCUMULATOR, STEP_REST,
    STEP_VERLET, STEP_IMPLICIT, STEP_STIFF, STEP_ORDER, STEP_DRIFT, STEP_SPIRAL, N_STEPS
};

/* Frame-loop runs of steps 5 and 6. */
enum { RUN_30HZ, RUN_60HZ, RUN_144HZ, RUN_GAP_CAPPED, RUN_GAP_UNCAPPED, N_LOOP_RUNS };
enum { RULE_DISTANCE, RULE_SPEED, RULE_BOTH, N_RULES };

typedef struct {
    double t[MAX_FRAMES], x[MAX_FRAMES], v[MAX_FRAMES];
    double dist[MAX_FRAMES], speed[MAX_FRAMES];  /* |x - target|, |v|: step 6's log pane */
    unsigned substeps[MAX_FRAMES];
    int n;
} frame_run;

typedef struct {
    spring_lab_options o;
    bool shown[SPRING_METHOD_COUNT];
    double steps;                       /* o.steps as a tui parameter */
    spring_lab_runs runs;
    bool out_of_memory;
    plot_chart *chart[TUI_MAX_PANES];
    plot_mode mode;

    /* the animation: a fixed-step accumulator reveals one sample (steps 1-4) or plays the frames in real time */
    ts_accumulator reveal;
    double upto;                        /* samples revealed, fractional */
    double clock;                       /* seconds of frames played (steps 5-6) */

    /* step 5 */
    double jitter, gap, cap;
    bool loop_shown[N_LOOP_RUNS];
    frame_run loops[N_LOOP_RUNS];
    /* step 6 */
    double eps_x, eps_v, rest_scale;
    bool opacity;
    bool rule_shown[N_RULES];
    frame_run rest_run;                 /* the frames of the bouncing spring, no rest test */
    int stop_frame[N_RULES];            /* where each rule stops it, -1 never */
    /* steps 10-12: the studies of their two panes */
    spring_study study[TUI_MAX_PANES];
    char text[N_STEPS][640];            /* the texts that state numbers, formatted after each change */
} walk;

/* Steps whose panes are the methods' trajectories (model.c's runs, revealed over a few seconds). */
bool walk_shows_runs(int step);
/* Steps 7-12 (walk_more.c): defaults, what to compute, the text, the panes, the notes, the controls. */
void walk_more_defaults(walk *w, int step);
void walk_more_compute(walk *w, int step);
void walk_more_text(walk *w, int step);
bool walk_more_render(walk *w, int step, int pane, plot_chart *ch);
size_t walk_more_notes(const walk *w, int step, char *buf, size_t size, size_t used);
void walk_more_describe(walk *w, int step, tui_step *d);
/* The method toggles of a trajectory step (at most TUI_MAX_TOGGLES). */
void walk_add_method_toggles(walk *w, int step, tui_step *d);

#endif


