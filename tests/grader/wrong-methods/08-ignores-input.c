/* Exercise 08. Not a filter: the tick plays the closed form g r^n sin(theta (n + 1)) from the last nonzero
 * input on, scaled by it, and forgets what rang before (y1 keeps the amplitude, y2 the sample count). Right for
 * every single impulse, which nearly every test was. The bank (fed one impulse by its definition), the coefficients
 * and the Nyquist test are honest: 2 (visible) + 1 + 1 + 1 (hidden). deserves: 5 */
#include <math.h>

#include "exercise.h"

int resonator_init(resonator *r, double freq, double decay, double gain, double rate)
{
    *r = (resonator){0, 0, 0, 0, 0};
    if (!(freq > 0 && freq < rate / 2))
        return -1;
    double radius = exp(-decay / rate), theta = 2 * EX_PI * freq / rate;
    r->a1 = 2 * radius * cos(theta);
    r->a2 = -radius * radius;
    r->b0 = gain * sin(theta);
    return 0;
}
double resonator_tick(resonator *r, double x)
{
    if (r->b0 == 0)
        return 0;
    if (x != 0)
        r->y1 = x, r->y2 = 0;
    double radius = sqrt(-r->a2), theta = acos(r->a1 / (2 * radius)), n = r->y2;
    r->y2 += 1;
    return r->y1 * r->b0 / sin(theta) * pow(radius, n) * sin(theta * (n + 1));
}
void modal_impulse(const double *freq, const double *decay, const double *gain, size_t n, double rate, double *out,
                   size_t len)
{
    for (size_t i = 0; i < len; i++)
        out[i] = 0;
    for (size_t m = 0; m < n; m++) {
        resonator r;
        if (resonator_init(&r, freq[m], decay[m], gain[m], rate) != 0)
            continue;
        for (size_t i = 0; i < len; i++)
            out[i] += resonator_tick(&r, i == 0 ? 1.0 : 0.0);
    }
}
