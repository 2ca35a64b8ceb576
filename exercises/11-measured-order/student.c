/* Exercise 11: measure a method's order. Read README.md first; `make exercise EX=11` runs the visible tests. */
#include <math.h>

#include "exercise.h"

double global_error(stepper step, spring s, state y0, double t_end, int n, double x_exact)
{
    (void)step, (void)s, (void)y0, (void)t_end, (void)n, (void)x_exact;
    /* TODO: n steps of t_end / n from y0, then how far x ended from x_exact. */
    return 0;
}

double observed_order(const double *h, const double *err, int count)
{
    (void)h, (void)err, (void)count;
    /* TODO: X = log h, Y = log err; the least-squares slope sum((X - mean X)(Y - mean Y)) / sum((X - mean X)^2). */
    return 0;
}
