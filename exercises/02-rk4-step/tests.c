/* Exercise 02, the visible tests: hand calculations and closed forms of RK4 on linear problems. */
#include <math.h>

#include "grader.h"
#include "points.h"
#include "rhs.h"

/* y' = y, y(0) = 1, one step of h = 1: k1 = 1, k2 = 1 + 1/2 = 1.5, k3 = 1 + 1.5/2 = 1.75, k4 = 1 + 1.75 = 2.75,
 * y = 1 + (1 + 3 + 3.5 + 2.75) / 6 = 65/24 (the Taylor series of e to the fourth power). Beside it a clock
 * z' = t^4 from z = 0 (rhs.h): the stages at t = 0, 1/2, 1/2, 1 give z = (0 + 2/16 + 2/16 + 1) / 6 = 1.25/6 = 5/24
 * (Simpson's rule; the exact integral is 1/5, and stages all at t = 0 give 0). */
GR_PROBE(exponential_one_step)
{
    double lambda = 1, y[2] = {1, 0};
    clocked c = {rhs_linear, &lambda};
    rk4_step(rhs_clocked, &c, 0, 1, y, 2);
    gr_put(out, y[0]);
    gr_put(out, y[1]);
}
GR_REFERENCE(exponential_one_step)
{
    gr_want(ref, 65.0 / 24, GR_REL(1e-14), "y after one step of h = 1");
    gr_want(ref, 5.0 / 24, GR_REL(1e-14), "the clock z' = t^4 after one step of h = 1");
}

/* y' = t^3 from t = 1 to 3 in one step: RK4 is Simpson's rule here, exact for a cubic: (3^4 - 1^4)/4 = 20. The
 * stages must be evaluated at t, t + h/2, t + h/2 and t + h. Every rule of that order is exact for a cubic, so
 * beside it z' = t^4: Simpson gives 2/6 (1 + 4 * 16 + 81) = 146/3 (the integral is 48.4; the 3/8 rule 48.52). */
GR_PROBE(cubic_in_time)
{
    double y[2] = {0, 0};
    clocked c = {rhs_cubic_time, NULL};
    rk4_step(rhs_clocked, &c, 1, 2, y, 2);
    gr_put(out, y[0]);
    gr_put(out, y[1]);
}
GR_REFERENCE(cubic_in_time)
{
    gr_want(ref, 20.0, GR_REL(1e-14), "integral of t^3 from 1 to 3");
    gr_want(ref, 146.0 / 3, GR_REL(1e-14), "the clock z' = t^4 from 1 to 3 (Simpson's rule)");
}

/* The spring article's undamped spring (w = 40, h = 0.02, w h = 0.8). With B = hA, A = [[0, 1], [-w^2, 0]]: B^2 =
 * -(wh)^2 I, so R(B) = I + B + B^2/2 + B^3/6 + B^4/24 = C I + S B with C = 1 - y^2/2 + y^4/24, S = 1 - y^2/6 (y = wh):
 * one step is the matrix [[C, h S], [-w^2 h S], C]]. The clock z' = t^4 beside it (rhs.h) follows Simpson's rule. */
GR_PROBE(undamped_spring)
{
    double p[2] = {0, 40}, y[3] = {1, 0, 0};
    clocked c = {rhs_springs, p};
    for (int i = 0; i < 10; i++) {
        rk4_step(rhs_clocked, &c, 0.02 * i, 0.02, y, 3);
        gr_put(out, y[0]);
        gr_put(out, y[1]);
    }
    gr_put(out, y[2]);
}
GR_REFERENCE(undamped_spring)
{
    const double w = 40, h = 0.02, q = w * h, C = 1 - q * q / 2 + q * q * q * q / 24, S = 1 - q * q / 6;
    const double M[4] = {C, h * S, -w * w * h * S, C};
    double P[4] = {1, 0, 0, 1};
    for (int i = 1; i <= 10; i++) {
        mat2_mul(M, P, P);
        gr_want(ref, P[0], GR_TOL(1e-11, 1e-12), "x after step %d", i);
        gr_want(ref, P[2], GR_TOL(1e-11, 1e-12), "v after step %d", i);
    }
    double z = 0;
    for (int i = 0; i < 10; i++)
        z += simpson_t4(0.02 * i, 0.02);
    gr_want(ref, z, GR_REL(1e-12), "the clock z' = t^4 after 10 steps");
}

/* Fourth order: y' = -2y on [0, 1] in N steps ends at R(-2/N)^N with R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24; the
 * error against e^-2 shrinks about 16 times when N doubles. The clock z' = t^4 (rhs.h) runs beside it. */
GR_PROBE(fourth_order)
{
    double err[2];
    for (int k = 0; k < 2; k++) {
        int n = 10 << k;
        double lambda = -2, y[2] = {1, 0};
        clocked c = {rhs_linear, &lambda};
        for (int i = 0; i < n; i++)
            rk4_step(rhs_clocked, &c, (double)i / n, 1.0 / n, y, 2);
        err[k] = y[0] - exp(-2.0);
        gr_put(out, err[k]);
        gr_put(out, y[1]);
    }
    gr_put(out, err[0] / err[1]);
}
GR_REFERENCE(fourth_order)
{
    double err[2];
    for (int k = 0; k < 2; k++) {
        int n = 10 << k;
        double z = -2.0 / n, R = 1 + z + z * z / 2 + z * z * z / 6 + z * z * z * z / 24;
        err[k] = pow(R, n) - exp(-2.0);
        gr_want_n(ref, err[k], GR_REL(1e-7), n, "error with %d step", "error with %d steps", n);
        double clock = 0;
        for (int i = 0; i < n; i++)
            clock += simpson_t4((double)i / n, 1.0 / n);
        gr_want_n(ref, clock, GR_REL(1e-12), n, "the clock z' = t^4 after %d step", "the clock z' = t^4 after %d steps", n);
    }
    gr_want(ref, err[0] / err[1], GR_REL(1e-7), "error ratio (about 16 for a fourth-order method)");
}

/* Two undamped springs at once (n = 4, y = [x0, x1, v0, v1], w = 3 and 5 through params): each follows its own
 * closed-form matrix, as in undamped_spring, so params and n must be used as given (n = 5 with the clock). */
GR_PROBE(two_springs)
{
    double p[3] = {0, 3, 5}, y[5] = {1, -0.5, 0.2, 2, 0};
    clocked c = {rhs_springs, p};
    for (int i = 0; i < 5; i++) {
        rk4_step(rhs_clocked, &c, 0.1 * i, 0.1, y, 5);
        for (int j = 0; j < 5; j++)
            gr_put(out, y[j]);
    }
}
GR_REFERENCE(two_springs)
{
    const double h = 0.1, w[2] = {3, 5}, x0[2] = {1, -0.5}, v0[2] = {0.2, 2};
    double x[2][6], v[2][6], clock = 0;
    for (int s = 0; s < 2; s++) {
        double q = w[s] * h, C = 1 - q * q / 2 + q * q * q * q / 24, S = 1 - q * q / 6;
        x[s][0] = x0[s], v[s][0] = v0[s];
        for (int i = 1; i <= 5; i++) {
            x[s][i] = C * x[s][i - 1] + h * S * v[s][i - 1];
            v[s][i] = -w[s] * w[s] * h * S * x[s][i - 1] + C * v[s][i - 1];
        }
    }
    for (int i = 1; i <= 5; i++) {
        gr_want(ref, x[0][i], GR_TOL(1e-12, 1e-13), "x0 after step %d", i);
        gr_want(ref, x[1][i], GR_TOL(1e-12, 1e-13), "x1 after step %d", i);
        gr_want(ref, v[0][i], GR_TOL(1e-12, 1e-13), "v0 after step %d", i);
        gr_want(ref, v[1][i], GR_TOL(1e-12, 1e-13), "v1 after step %d", i);
        clock += simpson_t4(0.1 * (i - 1), 0.1);
        gr_want(ref, clock, GR_REL(1e-12), "the clock z' = t^4 after step %d", i);
    }
}

const gr_case gr_visible[] = {
    GR_CASE(exponential_one_step, "y' = y and a clock z' = t^4, one step of h = 1: 65/24 and 5/24, by hand"),
    GR_CASE(cubic_in_time, "y' = t^3 and t^4: RK4 is Simpson's rule (stage times and weights)"),
    GR_CASE(undamped_spring, "the spring article's spring (w0 dt = 0.8): ten steps against R(hA)"),
    GR_CASE(fourth_order, "y' = -2y: the error is R(z)^N - e^-2, about 16 times smaller at half the step"),
    GR_CASE(two_springs, "two springs in one system (n = 4, params)"),
};
GR_COUNT_OF(gr_visible);
