/* Exercise 11. The order from the first and the last point only: right for an exact power law, wrong for any fit
 * through more points than two. The cases of global_error alone (and the exact power laws) earn theirs.
 * deserves: 5 */
#include <math.h>

#include "exercise.h"

double global_error(stepper step, spring s, state y0, double t_end, int n, double x_exact)
{
    for (int i = 0; i < n; i++)
        y0 = step(s, y0, t_end / n);
    return fabs(y0.x - x_exact);
}

double observed_order(const double *h, const double *err, int count)
{
    return log(err[count - 1] / err[0]) / log(h[count - 1] / h[0]);
}
