/* Exercise 11, the reference solution (instructors only). */
#include <math.h>

#include "exercise.h"

double global_error(stepper step, spring s, state y0, double t_end, int n, double x_exact)
{
    double dt = t_end / n;
    for (int i = 0; i < n; i++)
        y0 = step(s, y0, dt);
    return fabs(y0.x - x_exact);
}

double observed_order(const double *h, const double *err, int count)
{
    double mx = 0, my = 0;
    for (int i = 0; i < count; i++)
        mx += log(h[i]) / count, my += log(err[i]) / count;
    double sxy = 0, sxx = 0;
    for (int i = 0; i < count; i++) {
        double dx = log(h[i]) - mx;
        sxy += dx * (log(err[i]) - my);
        sxx += dx * dx;
    }
    return sxy / sxx;
}
