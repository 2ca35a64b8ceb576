/* Exercise 12, the judge's references (never in the students' copy): the scaled norm, the controllers' factors and
 * the accept/reject driver written out again, and a third-order pair for the hidden tests. */
#ifndef EXERCISE_12_REFERENCE_H
#define EXERCISE_12_REFERENCE_H

#include <math.h>

#include "exercise.h"
#include "pairs.h"

/* sqrt(mean((e_i / (atol + rtol max(|y_i|, |y_new_i|)))^2)) over (x, v), in long double */
static inline double ref_norm(state y, state y_new, state e, double atol, double rtol)
{
    long double a = e.x / (atol + rtol * fmaxl(fabsl(y.x), fabsl(y_new.x)));
    long double b = e.v / (atol + rtol * fmaxl(fabsl(y.v), fabsl(y_new.v)));
    return (double)sqrtl((a * a + b * b) / 2);
}

/* the factor h_new / h, before and after the bounds */
static inline double ref_factor(double err, double err_prev, int q, int pi, int after_reject)
{
    double raw = err == 0 ? EX_FACMAX
                 : pi     ? EX_FAC * pow(err, -0.7 / (q + 1)) * pow(err_prev, 0.4 / (q + 1))
                          : EX_FAC * pow(err, -1.0 / (q + 1));
    double top = after_reject ? 1 : EX_FACMAX;
    return raw > top ? top : raw < EX_FACMIN ? EX_FACMIN : raw;
}

/* The driver, as a loop over attempts. */
static inline run ref_run(pair step, int q, spring s, state y0, double t_end, double h0, double tol)
{
    run r = {y0, 0, 0, 0, h0};
    int rejected_before = 0;
    for (;;) {
        if (!(r.t < t_end))
            return r;
        double h = r.t + r.h >= t_end ? t_end - r.t : r.h;
        state e, y1 = step(s, r.y, h, &e);
        double err = ref_norm(r.y, y1, e, tol, tol);
        r.h = h * ref_factor(err, 0, q, 0, rejected_before);
        rejected_before = err > 1;
        if (rejected_before) {
            r.rejected++;
        } else {
            r.t = h == t_end - r.t ? t_end : r.t + h;
            r.y = y1;
            r.accepted++;
        }
    }
}

/* Bogacki-Shampine 3(2): third order kept, the embedded second-order one for the error (FSAL unused here); q = 2 */
static inline state bogacki_shampine(spring s, state y, double h, state *error)
{
    state k1 = slope(s, y), k2 = slope(s, along(y, h / 2, k1)), k3 = slope(s, along(y, 3 * h / 4, k2));
    state y3 = {y.x + h * (2 * k1.x + 3 * k2.x + 4 * k3.x) / 9, y.v + h * (2 * k1.v + 3 * k2.v + 4 * k3.v) / 9};
    state k4 = slope(s, y3);
    state y2 = {y.x + h * (7 * k1.x / 24 + k2.x / 4 + k3.x / 3 + k4.x / 8),
                y.v + h * (7 * k1.v / 24 + k2.v / 4 + k3.v / 3 + k4.v / 8)};
    *error = (state){y3.x - y2.x, y3.v - y2.v};
    return y3;
}

#endif
