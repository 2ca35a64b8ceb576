/* Exercise 02. Classical RK4 with every stage evaluated at the step's start time t: right for every f that does
 * not depend on t, which was most of the tests. deserves: 0 */
#include "exercise.h"

void rk4_step(rhs_fn f, void *params, double t, double h, double *y, size_t n)
{
    double k1[RK4_MAX_DIM], k2[RK4_MAX_DIM], k3[RK4_MAX_DIM], k4[RK4_MAX_DIM], tmp[RK4_MAX_DIM];
    f(t, y, k1, n, params);
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + 0.5 * h * k1[i];
    f(t, tmp, k2, n, params);
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + 0.5 * h * k2[i];
    f(t, tmp, k3, n, params);
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + h * k3[i];
    f(t, tmp, k4, n, params);
    for (size_t i = 0; i < n; i++)
        y[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}
