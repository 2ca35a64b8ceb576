/* Exercise 08: write the resonator and the bank. Read README.md first; `make exercise EX=08` runs the visible tests. */
/* ES: Ejercicio 08: escriba el resonador y el banco. Lea primero README.es.md; `make exercise EX=08` corre las
 * pruebas visibles. */
#include <math.h>

#include "exercise.h"

int resonator_init(resonator *r, double freq, double decay, double gain, double rate)
{
    (void)r, (void)freq, (void)decay, (void)gain, (void)rate;
    /* TODO: check the frequency; r and theta; the three coefficients; a silent state. */
    /* ES: PENDIENTE: verifique la frecuencia; r y theta; los tres coeficientes; un estado en silencio. */
    return 0;
}

double resonator_tick(resonator *r, double x)
{
    (void)r, (void)x;
    /* TODO: the recursion, then shift the state. */
    /* ES: PENDIENTE: la recurrencia, luego desplace el estado. */
    return 0;
}

void modal_impulse(const double *freq, const double *decay, const double *gain, size_t n, double rate, double *out,
                   size_t len)
{
    (void)freq, (void)decay, (void)gain, (void)n, (void)rate, (void)out, (void)len;
    /* TODO: one resonator per mode; feed 1 then zeros; add up. */
    /* ES: PENDIENTE: un resonador por modo; alimente 1 y luego ceros; sume. */
}
