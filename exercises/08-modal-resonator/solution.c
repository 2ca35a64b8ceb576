/* Exercise 08, the reference solution (instructors only). */
#include <math.h>

#include "exercise.h"

int resonator_init(resonator *r, double freq, double decay, double gain, double rate)
{
    *r = (resonator){0, 0, 0, 0, 0};
    if (!(freq > 0 && freq < rate / 2))
        return -1;   /* above Nyquist a mode would alias: leave it silent */
    double radius = exp(-decay / rate), theta = 2 * EX_PI * freq / rate;
    r->a1 = 2 * radius * cos(theta);
    r->a2 = -radius * radius;
    r->b0 = gain * sin(theta);
    return 0;
}

double resonator_tick(resonator *r, double x)
{
    double y = r->a1 * r->y1 + r->a2 * r->y2 + r->b0 * x;
    r->y2 = r->y1;
    r->y1 = y;
    return y;
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
