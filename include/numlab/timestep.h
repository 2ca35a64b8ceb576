/* timestep: the fixed-step accumulator, the rest test and the snap (the spring article; Fiedler, "Fix Your Timestep!").
 *
 * Frames arrive with any dt; the simulation advances only in fixed steps. The accumulator is capped so that a
 * long gap (a tab in the background) costs at most cap/step substeps: the simulation skips that time. alpha is
 * how far the leftover time reaches into the next step, for rendering between the previous and current state
 * (the spring article renders the current state and lags by up to one step). */
#ifndef NUMLAB_TIMESTEP_H
#define NUMLAB_TIMESTEP_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#define TS_DEFAULT_STEP (1.0 / 240.0) /* 4.17 ms: four substeps a frame at 60 Hz */
#define TS_DEFAULT_CAP 0.1            /* never simulate more than 100 ms at once */
#define TS_DEFAULT_EPS_X 0.5          /* half a pixel */
#define TS_DEFAULT_EPS_V 1.0          /* a pixel per second */

typedef struct {
    double step;       /* the fixed step, > 0 */
    double cap;        /* the most time one frame may feed, >= step */
    double acc;        /* time not yet simulated, in [0, step) between frames */
    double skipped;    /* total time dropped by the cap */
} ts_accumulator;

#define TS_NO_CAP INFINITY  /* a cap that never holds a frame back: every second of a gap is simulated */

/* Returns 0, or -1 unless step > 0 (finite) and cap >= step (TS_NO_CAP: no cap). */
int ts_accumulator_init(ts_accumulator *a, double step, double cap);
/* Feeds one frame's elapsed time (negative or non-finite counts as 0) and returns how many fixed steps to take
 * now; the accumulator keeps the remainder. At most floor(cap / step) (+1 for rounding) steps. */
unsigned ts_accumulator_feed(ts_accumulator *a, double frame_dt);
/* The render interpolation factor in [0, 1): state = previous + alpha (current - previous). */
double ts_accumulator_alpha(const ts_accumulator *a);

/* Linear interpolation for rendering: prev + alpha (curr - prev). */
double ts_lerp(double prev, double curr, double alpha);

typedef struct {
    double eps_x;      /* |x - target| must be below this ... */
    double eps_v;      /* ... and |v| below this, both at once */
} ts_rest;

/* The spring article's thresholds (0.5 px, 1 px/s) scaled by `scale`: 1 for pixels; for a quantity whose whole range is
 * R pixels' worth of travel, scale = R / (range in pixels), e.g. 1/100 for an opacity animated over 100 px. */
ts_rest ts_rest_scaled(double scale);

typedef enum {
    TS_REST_BOTH,          /* the spring article's test: distance and speed */
    TS_REST_DISTANCE_ONLY, /* stops while crossing the target at full speed (the lab's counter-example) */
    TS_REST_SPEED_ONLY,    /* stops at the top of a bounce (the other counter-example) */
    TS_REST_ENERGY,        /* (x - T)^2 / eps_x^2 + v^2 / eps_v^2 < 1: an energy in the thresholds' units (with
                            * eps_v = w0 eps_x it is the spring's energy k (x - T)^2/2 + m v^2/2 below k eps_x^2/2),
                            * which a damped spring's motion only lowers: it never stops at a crossing or a turn */
    TS_REST_RULE_COUNT
} ts_rest_rule;

bool ts_at_rest(const ts_rest *r, ts_rest_rule rule, double x, double v, double target);
/* "both", "distance", "speed", "energy" in ts_rest_rule's order, then NULL (what an option table lists). */
extern const char *const ts_rest_rule_list[];
/* A rule's name; ts_rest_rule_parse returns 0 and sets *out, or -1. */
const char *ts_rest_rule_name(ts_rest_rule rule);
int ts_rest_rule_parse(const char *name, ts_rest_rule *out);
/* The rule names, comma-separated, for messages. */
const char *ts_rest_rule_names(void);

/* --- the spiral of death ----------------------------------------------------------------------------------
 * When one fixed step costs more wall-clock time than it simulates (step_cost > step), a frame that runs n steps
 * lasts render + n step_cost, so the next frame brings more time to simulate, hence more steps: without a cap the
 * substeps grow by about step_cost / step a frame, without bound. The cap ends the spiral: a frame runs at most
 * cap / step steps, and the simulation runs slower than real time instead. */
typedef struct {
    double frame_dt;   /* the frame's wall-clock time fed to the accumulator */
    unsigned substeps; /* the steps it ran */
    double sim_t;      /* simulated time so far */
    double wall_t;     /* wall-clock time so far */
} ts_spiral_frame;

/* Feeds `frames` frames through an accumulator (step, cap as ts_accumulator_init; cap = TS_NO_CAP: none) where the
 * first frame lasts first_dt and each later frame lasts render + (previous frame's substeps) step_cost. Writes
 * out[0..frames-1] and returns the frames run: fewer when a frame would exceed max_substeps (the spiral has run away),
 * 0 for a bad step or cap. */
size_t ts_spiral_run(double step, double cap, double render, double step_cost, double first_dt, size_t frames,
                     unsigned max_substeps, ts_spiral_frame *out);

#endif
