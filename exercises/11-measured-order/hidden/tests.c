/* Exercise 11, the hidden tests: other points, other springs, other methods. */
#include <complex.h>
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "methods.h"
#include "points.h"

/* The least-squares slope, written out in long double for the references. */
static inline double slope_ref(const double *h, const double *e, int n)
{
    long double mx = 0, my = 0, sxy = 0, sxx = 0;
    for (int i = 0; i < n; i++)
        mx += logl(h[i]) / n, my += logl(e[i]) / n;
    for (int i = 0; i < n; i++)
        sxy += (logl(h[i]) - mx) * (logl(e[i]) - my), sxx += (logl(h[i]) - mx) * (logl(h[i]) - mx);
    return (double)(sxy / sxx);
}

/* Five irregular points, not sorted, not a power law. */
static const double h5[] = {0.3, 0.01, 0.07, 0.2, 0.02}, e5[] = {0.04, 1.1e-4, 2e-3, 3e-2, 2.9e-4};
GR_PROBE(least_squares_five) { gr_put(out, observed_order(h5, e5, 5)); }
GR_REFERENCE(least_squares_five) { gr_want(ref, slope_ref(h5, e5, 5), GR_REL(1e-12), "slope of five points"); }

/* Starting below the target (u = -1), explicit Euler ends below the exact position: the error is a distance.
 * k = 2, m = 2 (w0 = 1), target 0.5, x0 = -0.5, 4 steps to t = 1: x = 0.5 - Re (1 - i/4)^4, exact 0.5 - cos 1. */
GR_PROBE(error_is_a_distance)
{
    gr_put(out, global_error(ex11_explicit_euler, (spring){2, 0, 2, 0.5}, (state){-0.5, 0}, 1, 4, 0.5 - cos(1.0)));
}
GR_REFERENCE(error_is_a_distance)
{
    gr_want(ref, fabs(creal(cpow(1 - 0.25 * I, 4)) - cos(1.0)), GR_REL(1e-10), "|x - exact|, x below exact");
}

/* One RK4 step to t = 0.3, three Heun steps to t = 0.7 (dt = 0.7 / 3: the step is t_end / n, whatever it rounds to),
 * and ten to t = 1 (ten times 0.1 adds up to 0.9999999999999999: counting steps, not time, takes ten). */
static const spring odd = {3, 0.9, 1.5, -0.25};
GR_PROBE(one_step_to_odd_end)
{
    gr_put(out, global_error(ex11_rk4, odd, (state){0.75, 1}, 0.3, 1, exact_x(odd, (state){0.75, 1}, 0.3)));
    gr_put(out, global_error(ex11_heun, odd, (state){0.75, 1}, 0.7, 3, exact_x(odd, (state){0.75, 1}, 0.7)));
    gr_put(out, global_error(ex11_heun, odd, (state){0.75, 1}, 1, 10, exact_x(odd, (state){0.75, 1}, 1)));
}
GR_REFERENCE(one_step_to_odd_end)
{
    state a = ex11_rk4(odd, (state){0.75, 1}, 0.3), b = {0.75, 1};
    for (int i = 0; i < 3; i++)
        b = ex11_heun(odd, b, 0.7 / 3);
    gr_want(ref, fabs(a.x - exact_x(odd, (state){0.75, 1}, 0.3)), GR_REL(1e-9), "one RK4 step of 0.3");
    gr_want(ref, fabs(b.x - exact_x(odd, (state){0.75, 1}, 0.7)), GR_REL(1e-9), "three Heun steps to 0.7");
    state c = {0.75, 1};
    for (int i = 0; i < 10; i++)
        c = ex11_heun(odd, c, 0.1);
    gr_want(ref, fabs(c.x - exact_x(odd, (state){0.75, 1}, 1)), GR_REL(1e-9), "ten Heun steps to 1");
}

/* Semi-implicit Euler (first order) and Heun's method (second) on k = 27, c = 1.8, m = 3, target -1, to t = 1.5 at
 * n = 25, 50, 100, 200. */
static const spring other = {27, 1.8, 3, -1};
static inline void runs(stepper step, bool reference, double *h, double *e)
{
    const int n[] = {25, 50, 100, 200};
    double exact = exact_x(other, (state){0, 2}, 1.5);
    for (int i = 0; i < 4; i++) {
        h[i] = 1.5 / n[i];
        state y = {0, 2};
        for (int k = 0; reference && k < n[i]; k++)
            y = step(other, y, h[i]);
        e[i] = reference ? fabs(y.x - exact) : global_error(step, other, (state){0, 2}, 1.5, n[i], exact);
    }
}
GR_PROBE(orders_semi_and_heun)
{
    double h[4], e[4];
    runs(ex11_semi_implicit_euler, false, h, e);
    gr_put(out, observed_order(h, e, 4));
    runs(ex11_heun, false, h, e);
    gr_put(out, observed_order(h, e, 4));
}
GR_REFERENCE(orders_semi_and_heun)
{
    double h[4], e[4];
    runs(ex11_semi_implicit_euler, true, h, e);
    gr_want(ref, slope_ref(h, e, 4), GR_REL(1e-9), "semi-implicit Euler's order (about 1)");
    runs(ex11_heun, true, h, e);
    gr_want(ref, slope_ref(h, e, 4), GR_REL(1e-9), "Heun's order (about 2)");
}

/* The slope does not care for units: errors a thousand times larger, steps in milliseconds. And round-off, where the
 * error grows as the step shrinks (1e-16 / h): slope -1. */
GR_PROBE(slope_any_scale)
{
    double h[] = {0.004, 0.002, 0.0005}, e[] = {3e-5, 7e-6, 6e-7}, hs[3], es[3], r[3];
    for (int i = 0; i < 3; i++)
        hs[i] = 1000 * h[i], es[i] = 1000 * e[i], r[i] = 1e-16 / h[i];
    gr_put(out, observed_order(hs, es, 3));
    gr_put(out, observed_order(h, r, 3));
}
GR_REFERENCE(slope_any_scale)
{
    double h[] = {0.004, 0.002, 0.0005}, e[] = {3e-5, 7e-6, 6e-7};
    gr_want(ref, slope_ref(h, e, 3), GR_REL(1e-12), "slope in other units");
    gr_want(ref, -1, GR_REL(1e-12), "slope of 1e-16 / h");
}

const gr_case gr_hidden[] = {
    GR_CASE(least_squares_five, "five irregular points, unsorted: the least-squares slope"),
    GR_CASE(error_is_a_distance, "an error below the exact position is still a positive distance"),
    GR_CASE(one_step_to_odd_end, "one step to t = 0.3, three to 0.7, ten to 1: the step is t_end / n, n steps"),
    GR_CASE(orders_semi_and_heun, "measured orders of semi-implicit Euler and Heun's method"),
    GR_CASE(slope_any_scale, "the slope in other units, and a negative one (round-off)"),
};
GR_COUNT_OF(gr_hidden);
