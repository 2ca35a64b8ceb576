/* Exercise 11, the visible tests: slopes by hand, errors from the methods' closed forms, orders end to end. */
#include <complex.h>
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "flows.h"
#include "points.h"

/* Exact power laws: err = 3 h^2 at h = 0.1, 0.05, 0.025 has slope 2; err = 0.5 h^4 at h = 1, 1/2, 1/4, 1/8 slope 4. */
GR_PROBE(power_laws)
{
    double h1[] = {0.1, 0.05, 0.025}, e1[3], h2[] = {1, 0.5, 0.25, 0.125}, e2[4];
    for (int i = 0; i < 3; i++)
        e1[i] = 3 * h1[i] * h1[i];
    for (int i = 0; i < 4; i++)
        e2[i] = 0.5 * pow(h2[i], 4);
    gr_put(out, observed_order(h1, e1, 3));
    gr_put(out, observed_order(h2, e2, 4));
}
GR_REFERENCE(power_laws)
{
    gr_want(ref, 2, GR_REL(1e-12), "slope of 3 h^2");
    gr_want(ref, 4, GR_REL(1e-12), "slope of 0.5 h^4");
}

/* Not a power law, so the fit is a fit. In base-2 logs (the slope does not depend on the base):
 *   h = 1, 2, 8 and err = 1, 4, 8:  X = 0, 1, 3 (mean 4/3), Y = 0, 2, 3 (mean 5/3);
 *   sum dX dY = (-4/3)(-5/3) + (-1/3)(1/3) + (5/3)(4/3) = 13/3,  sum dX^2 = 16/9 + 1/9 + 25/9 = 14/3:  slope 13/14
 *   (the first and last points alone would say 1). The same points in another order: the same slope.
 *   h = 1, 2, 4, 8 and err = 2, 2, 8, 16: X = 0..3 (mean 3/2), Y = 1, 1, 3, 4 (mean 9/4):
 *   sum dX dY = (-3/2)(-5/4) + (-1/2)(-5/4) + (1/2)(3/4) + (3/2)(7/4) = 11/2,  sum dX^2 = 5:  slope 11/10 */
GR_PROBE(least_squares_by_hand)
{
    double h[] = {1, 2, 8}, e[] = {1, 4, 8}, hs[] = {8, 1, 2}, es[] = {8, 1, 4};
    double h4[] = {1, 2, 4, 8}, e4[] = {2, 2, 8, 16};
    gr_put(out, observed_order(h, e, 3));
    gr_put(out, observed_order(hs, es, 3));
    gr_put(out, observed_order(h4, e4, 4));
}
GR_REFERENCE(least_squares_by_hand)
{
    gr_want(ref, 13.0 / 14, GR_REL(1e-12), "slope through (1, 1), (2, 4), (8, 8)");
    gr_want(ref, 13.0 / 14, GR_REL(1e-12), "the same points, shuffled");
    gr_want(ref, 11.0 / 10, GR_REL(1e-12), "slope through (1, 2), (2, 2), (4, 8), (8, 16)");
}

/* Undamped (k = 2, m = 2: w0 = 1), around 0.5, from x = 1.5 at rest, to t_end = 1. A method that adds an error e to
 * x after each exact step: the error added at step j (t = j h) is carried by the exact motion for the n - j steps
 * left, where an x displacement becomes e cos(w0 (n - j) h). So the global error is e sum_{j=1..n} cos((n - j) h):
 * first_order (e = h^2 / 2) with n = 4, fourth_order (e = h^5 / 2) with n = 3. */
static const spring undamped = {2, 0, 2, 0.5};

GR_PROBE(errors_from_closed_forms)
{
    double exact = 0.5 + cos(1.0);
    gr_put(out, global_error(first_order, undamped, (state){1.5, 0}, 1, 4, exact));
    gr_put(out, global_error(fourth_order, undamped, (state){1.5, 0}, 1, 3, exact));
}
GR_REFERENCE(errors_from_closed_forms)
{
    double sum4 = 0, sum3 = 0;
    for (int j = 1; j <= 4; j++)
        sum4 += cos((4 - j) * 0.25);
    for (int j = 1; j <= 3; j++)
        sum3 += cos((3 - j) / 3.0);
    gr_want(ref, 0.5 * 0.0625 * sum4, GR_REL(1e-9), "first order, 4 steps");
    gr_want(ref, 0.5 * pow(1 / 3.0, 5) * sum3, GR_REL(1e-9), "fourth order, 3 steps");
}

/* End to end, on a damped spring (k = 2, c = 0.4, m = 2, target 0.5) over 2 s at n = 20, 40, 80, 160 steps: the
 * orders of first_order (about 1) and fourth_order (about 4), each against the same measurement made once outside
 * the students' copy (the runs and the least-squares fit written out, printed to 17 digits): the fit is the task. */
static const spring damped = {2, 0.4, 2, 0.5};

/* The probe's measurement: global_error at each n, then observed_order. */
static inline double order_measured(stepper step, const int *n, int count)
{
    double h[8], e[8], exact = exact_x(damped, (state){1.5, -0.2}, 2);
    for (int i = 0; i < count; i++) {
        h[i] = 2.0 / n[i];
        e[i] = global_error(step, damped, (state){1.5, -0.2}, 2, n[i], exact);
    }
    return observed_order(h, e, count);
}

static const int steps[] = {20, 40, 80, 160};

GR_PROBE(orders_end_to_end)
{
    gr_put(out, order_measured(first_order, steps, 4));
    gr_put(out, order_measured(fourth_order, steps, 4));
}
GR_REFERENCE(orders_end_to_end)
{
    gr_want(ref, 1.0248848366156447, GR_REL(1e-9), "the first-order method's order (about 1)");
    gr_want(ref, 4.0248846688043827, GR_REL(1e-9), "the fourth-order method's order (about 4)");
}

const gr_case gr_visible[] = {
    GR_CASE(power_laws, "exact power laws: 3 h^2 has slope 2, 0.5 h^4 slope 4"),
    GR_CASE(least_squares_by_hand, "least squares by hand: 13/14 and 11/10, in any order of the points"),
    GR_CASE(errors_from_closed_forms, "global errors of methods of order 1 and 4, from their closed forms"),
    GR_CASE(orders_end_to_end, "measured orders of methods of order 1 and 4 on a damped spring"),
};
GR_COUNT_OF(gr_visible);
