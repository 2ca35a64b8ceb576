/* timestep: the fixed-step accumulator and the rest test. See include/numlab/timestep.h. */
#include "numlab/common.h"
#include "numlab/timestep.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Repeated subtraction of a step like 1/240 leaves rounding residues of a few ulp; a frame that should hold
 * exactly n steps must not lose one of them to a residue, or 60 Hz and 144 Hz would drift apart by a step. */
#define TS_ROUNDING_SLACK 1e-9

int ts_accumulator_init(ts_accumulator *a, double step, double cap)
{
    if (!(isfinite(step) && step > 0.0 && cap >= step))
        return -1;
    *a = (ts_accumulator){.step = step, .cap = cap};
    return 0;
}

unsigned ts_accumulator_feed(ts_accumulator *a, double frame_dt)
{
    if (!(isfinite(frame_dt) && frame_dt > 0.0))
        frame_dt = 0.0;
    double acc = a->acc + frame_dt;
    if (acc > a->cap) {
        a->skipped += acc - a->cap;
        acc = a->cap;
    }
    /* One division rather than a loop of subtractions: the count is exact up to one rounding, however long the
     * frame, and the slack keeps a residue of a few ulp from costing a step. */
    double steps = floor(acc / a->step + TS_ROUNDING_SLACK);
    unsigned n = steps < (double)UINT_MAX ? (unsigned)steps : UINT_MAX;
    acc -= (double)n * a->step;
    a->acc = acc > 0.0 ? acc : 0.0;
    return n;
}

double ts_accumulator_alpha(const ts_accumulator *a)
{
    double alpha = a->acc / a->step;
    return alpha < 0.0 ? 0.0 : alpha >= 1.0 ? nextafter(1.0, 0.0) : alpha;
}

double ts_lerp(double prev, double curr, double alpha)
{
    return prev + alpha * (curr - prev);
}

ts_rest ts_rest_scaled(double scale)
{
    return (ts_rest){.eps_x = TS_DEFAULT_EPS_X * scale, .eps_v = TS_DEFAULT_EPS_V * scale};
}

bool ts_at_rest(const ts_rest *r, ts_rest_rule rule, double x, double v, double target)
{
    bool near = fabs(x - target) < r->eps_x;
    bool slow = fabs(v) < r->eps_v;
    const double dx = (x - target) / r->eps_x, dv = v / r->eps_v;
    switch (rule) {
    case TS_REST_DISTANCE_ONLY: return near;
    case TS_REST_SPEED_ONLY:    return slow;
    case TS_REST_ENERGY:        return dx * dx + dv * dv < 1.0;
    default:                    return near && slow;
    }
}

const char *const ts_rest_rule_list[] = {
    [TS_REST_BOTH] = "both", [TS_REST_DISTANCE_ONLY] = "distance", [TS_REST_SPEED_ONLY] = "speed",
    [TS_REST_ENERGY] = "energy", [TS_REST_RULE_COUNT] = NULL,
};
_Static_assert(sizeof ts_rest_rule_list / sizeof ts_rest_rule_list[0] == TS_REST_RULE_COUNT + 1,
               "one name per ts_rest_rule, then NULL");

const char *ts_rest_rule_name(ts_rest_rule rule)
{
    return rule < TS_REST_RULE_COUNT ? ts_rest_rule_list[rule] : "?";
}

static const char *rest_rule_at(int i)
{
    return ts_rest_rule_list[i];
}

int ts_rest_rule_parse(const char *name, ts_rest_rule *out)
{
    const int i = numlab_name_find(rest_rule_at, TS_REST_RULE_COUNT, name);
    if (i < 0)
        return -1;
    *out = (ts_rest_rule)i;
    return 0;
}

const char *ts_rest_rule_names(void)
{
    static char list[64];  /* built once from the table */
    return list[0] ? list : numlab_name_join(rest_rule_at, TS_REST_RULE_COUNT, list, sizeof list);
}

size_t ts_spiral_run(double step, double cap, double render, double step_cost, double first_dt, size_t frames,
                     unsigned max_substeps, ts_spiral_frame *out)
{
    ts_accumulator acc;
    if (ts_accumulator_init(&acc, step, cap))
        return 0;
    double dt = first_dt, sim = 0.0, wall = 0.0;
    for (size_t i = 0; i < frames; i++) {
        /* how many steps this frame would take, before feeding: a runaway frame is not run */
        if (floor(fmin(acc.acc + dt, cap) / step) > (double)max_substeps)
            return i;
        const unsigned n = ts_accumulator_feed(&acc, dt);
        wall += dt;
        sim += n * step;
        out[i] = (ts_spiral_frame){.frame_dt = dt, .substeps = n, .sim_t = sim, .wall_t = wall};
        dt = render + n * step_cost;  /* the next frame lasts as long as this one's work */
    }
    return frames;
}
