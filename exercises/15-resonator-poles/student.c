/* Exercise 15: a resonator's poles by impulse invariance and by the bilinear transform. Read README.md first;
 * `make exercise EX=15` runs the visible tests. */
/* ES: Ejercicio 15: los polos de un resonador por invariancia al impulso y por la transformación bilineal. Lea
 * primero README.es.md; `make exercise EX=15` corre las pruebas visibles. */
#include <math.h>

#include "exercise.h"

pole impulse_invariant_pole(double freq, double decay, double rate)
{
    (void)freq, (void)decay, (void)rate;
    /* TODO: r = e^{-sigma T}; theta = w T brought into [0, pi] (a whole number of turns off, then the sign dropped) */
    /* ES: PENDIENTE: r = e^{-sigma T}; theta = w T llevado a [0, pi] (quitando vueltas enteras, luego el signo) */
    return (pole){0, 0};
}

pole bilinear_pole(double freq, double decay, double rate)
{
    (void)freq, (void)decay, (void)rate;
    /* TODO: z = (1 + sT/2) / (1 - sT/2) with s = -sigma + i w: its modulus and the size of its angle */
    /* ES: PENDIENTE: z = (1 + sT/2) / (1 - sT/2) con s = -sigma + i w: su módulo y el tamaño de su ángulo */
    return (pole){0, 0};
}

double pole_frequency(pole p, double rate)
{
    (void)p, (void)rate;
    /* TODO: theta rate / (2 pi) */
    /* ES: PENDIENTE: theta rate / (2 pi) */
    return 0;
}

double warp_cents(double freq, double decay, double rate)
{
    (void)freq, (void)decay, (void)rate;
    /* TODO: 1200 log2 of the bilinear pole's frequency over freq */
    /* ES: PENDIENTE: 1200 log2 de la frecuencia del polo bilineal sobre freq */
    return 0;
}

double prewarp(double freq, double rate)
{
    (void)freq, (void)rate;
    /* TODO: (rate / pi) tan(pi freq / rate) */
    /* ES: PENDIENTE: (rate / pi) tan(pi freq / rate) */
    return 0;
}
