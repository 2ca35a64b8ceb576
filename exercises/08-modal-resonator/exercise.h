/* Exercise 08: a modal resonator, the building block of physical sound (the bowl note): one mode of frequency f (Hz),
 * decay rate a (1/s) and gain g, as an impulse-invariant two-pole filter at sample rate fs:
 *   r = exp(-a / fs),  theta = 2 pi f / fs,
 *   y[n] = 2 r cos(theta) y[n-1] - r^2 y[n-2] + g sin(theta) x[n].
 * Struck by a unit impulse it rings as g r^n sin(theta (n + 1)): a sine decaying by e^-a a second, the sampled
 * g e^{-a t} sin(2 pi f t) one sample early and 1/r louder (bowl-lab's bank, src/snd_bank.c, feeds the input one
 * sample later and times r, and answers g r^n sin(theta n); the same poles, the same filter otherwise). */
/* ES: Ejercicio 08: un resonador modal, la pieza básica del sonido físico (la nota sobre el cuenco): un modo de
 * frecuencia f (Hz), tasa de decaimiento a (1/s) y ganancia g, como un filtro de dos polos invariante al impulso a
 * la frecuencia de muestreo fs:
 *   r = exp(-a / fs),  theta = 2 pi f / fs,
 *   y[n] = 2 r cos(theta) y[n-1] - r^2 y[n-2] + g sin(theta) x[n].
 * Golpeado por un impulso unitario suena como g r^n sin(theta (n + 1)): un seno que decae un factor e^-a por segundo,
 * la g e^{-a t} sin(2 pi f t) muestreada, una muestra antes y 1/r más fuerte (el banco de bowl-lab, src/snd_bank.c,
 * alimenta la entrada una muestra después y multiplicada por r, y responde g r^n sin(theta n); los mismos polos, por
 * lo demás el mismo filtro). */
#ifndef EXERCISE_08_H
#define EXERCISE_08_H

#include <stddef.h>

/* pi (the library's NUMLAB_PI, include/numlab/common.h: the exercises are built without the library, and ISO C
 * has no M_PI). */
/* ES: pi (el NUMLAB_PI de la biblioteca, include/numlab/common.h: los ejercicios se compilan sin la biblioteca, e
 * ISO C no tiene M_PI). */
#define EX_PI 3.14159265358979323846

typedef struct {
    double a1, a2, b0;   /* y[n] = a1 y[n-1] + a2 y[n-2] + b0 x[n] */   /* ES: y[n] = a1 y[n-1] + a2 y[n-2] + b0 x[n] */
    double y1, y2;       /* y[n-1] and y[n-2] */                        /* ES: y[n-1] e y[n-2] */
} resonator;

/* Sets the coefficients (a1 = 2 r cos(theta), a2 = -r^2, b0 = g sin(theta)) and a silent state (y1 = y2 = 0).
 * Returns 0; or -1, with every field 0 (a resonator that stays silent), unless 0 < freq < rate / 2. */
/* ES: Fija los coeficientes (a1 = 2 r cos(theta), a2 = -r^2, b0 = g sin(theta)) y un estado en silencio
 * (y1 = y2 = 0). Devuelve 0; o -1, con todos los campos en 0 (un resonador que queda en silencio), salvo que
 * 0 < freq < rate / 2. */
int resonator_init(resonator *r, double freq, double decay, double gain, double rate);
/* Feeds one input sample and returns the output sample. */
/* ES: Recibe una muestra de entrada y devuelve la muestra de salida. */
double resonator_tick(resonator *r, double x);
/* A bank of n modes struck by one unit impulse at sample 0: out[0 .. len) = the sum of the modes' outputs. Modes
 * outside (0, rate / 2) stay silent. */
/* ES: Un banco de n modos golpeado por un impulso unitario en la muestra 0: out[0 .. len) = la suma de las salidas
 * de los modos. Los modos fuera de (0, rate / 2) quedan en silencio. */
void modal_impulse(const double *freq, const double *decay, const double *gain, size_t n, double rate, double *out,
                   size_t len);

#endif
