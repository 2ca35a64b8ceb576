/* Exercise 02. Kutta's 3/8 rule instead of the classical method: also fourth order, four evaluations, the same
 * stability polynomial on every linear autonomous system, and exact for y' = t^3 (Simpson's 3/8 rule): only a
 * nonlinear f or a time dependence beyond cubics tells them apart. deserves: 0 */
#include "exercise.h"

void rk4_step(rhs_fn f, void *params, double t, double h, double *y, size_t n)
{
    double k1[RK4_MAX_DIM], k2[RK4_MAX_DIM], k3[RK4_MAX_DIM], k4[RK4_MAX_DIM], tmp[RK4_MAX_DIM];
    f(t, y, k1, n, params);
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + h * k1[i] / 3;
    f(t + h / 3, tmp, k2, n, params);
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + h * (k2[i] - k1[i] / 3);
    f(t + 2 * h / 3, tmp, k3, n, params);
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + h * (k1[i] - k2[i] + k3[i]);
    f(t + h, tmp, k4, n, params);
    for (size_t i = 0; i < n; i++)
        y[i] += h / 8.0 * (k1[i] + 3.0 * k2[i] + 3.0 * k3[i] + k4[i]);
}
