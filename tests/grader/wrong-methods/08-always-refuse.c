/* Exercise 08. Refuses every mode: -1, every field 0, silence. Right for the Nyquist test, which only asked
 * about refused modes. deserves: 0 */
#include <math.h>

#include "exercise.h"

int resonator_init(resonator *r, double freq, double decay, double gain, double rate)
{
    (void)freq, (void)decay, (void)gain, (void)rate;
    *r = (resonator){0, 0, 0, 0, 0};
    return -1;
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
