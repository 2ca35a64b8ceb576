/* Exercise 12. The step right after a rejection may grow as any other: the first rejected attempt is cut, but the
 * next accepted one jumps back up and is rejected again. The cases that never reject earn theirs.
 * deserves: 11 */
#include <math.h>

#include "exercise.h"

double error_norm(state y, state y_new, state e, double atol, double rtol)
{
    double sx = atol + rtol * fmax(fabs(y.x), fabs(y_new.x)), sv = atol + rtol * fmax(fabs(y.v), fabs(y_new.v));
    return sqrt(((e.x / sx) * (e.x / sx) + (e.v / sv) * (e.v / sv)) / 2);
}

static double held(double factor, int after_reject)
{
    (void)after_reject;
    return fmin(EX_FACMAX, fmax(EX_FACMIN, factor));
}

double next_step(double h, double err, int q, int after_reject)
{
    return h * held(err == 0 ? EX_FACMAX : EX_FAC * pow(err, -1.0 / (q + 1)), after_reject);
}

double next_step_pi(double h, double err, double err_prev, int q)
{
    return h * held(err == 0 ? EX_FACMAX : EX_FAC * pow(err, -0.7 / (q + 1)) * pow(err_prev, 0.4 / (q + 1)), 0);
}

run adaptive_run(pair step, int q, spring s, state y0, double t_end, double h0, double tol)
{
    run r = {.y = y0, .t = 0, .h = h0};
    int after_reject = 0;
    while (r.t < t_end) {
        int last = r.t + r.h >= t_end;
        double h = last ? t_end - r.t : r.h, err;
        state e, y = step(s, r.y, h, &e);
        err = error_norm(r.y, y, e, tol, tol);
        r.h = next_step(h, err, q, after_reject);
        after_reject = err > 1;
        if (after_reject) {
            r.rejected++;
            continue;
        }
        r.y = y, r.t = last ? t_end : r.t + h;
        r.accepted++;
    }
    return r;
}
