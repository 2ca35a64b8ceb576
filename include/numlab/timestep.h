/* timestep: the fixed-step accumulator, the rest test and the snap (the spring article; Fiedler, "Fix Your Timestep!").
 *
 * Frames arrive with any dt; the simulation advances only in fixed steps. The accumulator is capped so that a
 * long gap (a tab in the background) costs at most cap/step substeps: the simulation skips that time. alpha is
 * how far the leftover time reaches into the next step, for rendering between the previous and current state
 * (the spring article renders the current state and lags by up to one step). */
#ifndef NUMLAB_TIMESTEP_H
#define NUMLAB_TIMESTEP_H

#include <stdbool.h>

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

/* Returns 0, or -1 unless step > 0 and cap >= step (both finite). */
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
    TS_REST_SPEED_ONLY     /* stops at the top of a bounce (the other counter-example) */
} ts_rest_rule;

bool ts_at_rest(const ts_rest *r, ts_rest_rule rule, double x, double v, double target);

#endif
