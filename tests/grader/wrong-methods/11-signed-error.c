/* Exercise 11. The error with its sign: x - x_exact, negative whenever the method ends below the exact position
 * (then its log is not a number). The fits, and the one run whose errors are all above, earn theirs. deserves: 6 */
#include <math.h>

#include "exercise.h"

double global_error(stepper step, spring s, state y0, double t_end, int n, double x_exact)
{
    for (int i = 0; i < n; i++)
        y0 = step(s, y0, t_end / n);
    return y0.x - x_exact;
}

double observed_order(const double *h, const double *err, int count)
{
    double mx = 0, my = 0, sxy = 0, sxx = 0;
    for (int i = 0; i < count; i++)
        mx += log(h[i]) / count, my += log(err[i]) / count;
    for (int i = 0; i < count; i++)
        sxy += (log(h[i]) - mx) * (log(err[i]) - my), sxx += (log(h[i]) - mx) * (log(h[i]) - mx);
    return sxy / sxx;
}
