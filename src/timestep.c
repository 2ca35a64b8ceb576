/* timestep: the fixed-step accumulator and the rest test. See include/numlab/timestep.h. */
#include "numlab/timestep.h"

#include <limits.h>
#include <math.h>

/* Repeated subtraction of a step like 1/240 leaves rounding residues of a few ulp; a frame that should hold
 * exactly n steps must not lose one of them to a residue, or 60 Hz and 144 Hz would drift apart by a step. */
#define TS_ROUNDING_SLACK 1e-9

int ts_accumulator_init(ts_accumulator *a, double step, double cap)
{
    if (!(isfinite(step) && step > 0.0 && isfinite(cap) && cap >= step))
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
    switch (rule) {
    case TS_REST_DISTANCE_ONLY: return near;
    case TS_REST_SPEED_ONLY:    return slow;
    default:                    return near && slow;
    }
}
