/* Exercise 15: a resonator's poles by impulse invariance and by the bilinear transform, and the warped frequency.
 *
 * The analog resonator e^{-sigma t} sin(w t), w = 2 pi freq, has the poles s = -sigma +- i w. Sampled at rate
 * (T = 1 / rate), a pole becomes z = r e^{i theta}:
 *   impulse invariance   z = e^{sT}:                   r = e^{-sigma T}, theta = w T (only known modulo 2 pi);
 *   bilinear transform   z = (1 + sT/2) / (1 - sT/2).
 * The recurrence y[n] = 2 r cos(theta) y[n-1] - r^2 y[n-2] rings at theta rate / (2 pi) Hz. */
/* ES: Ejercicio 15: los polos de un resonador por invariancia al impulso y por la transformación bilineal, y la
 * frecuencia deformada.
 *
 * El resonador analógico e^{-sigma t} sin(w t), w = 2 pi freq, tiene los polos s = -sigma +- i w. Muestreado a rate
 * (T = 1 / rate), un polo se vuelve z = r e^{i theta}:
 *   invariancia al impulso   z = e^{sT}:               r = e^{-sigma T}, theta = w T (solo se conoce módulo 2 pi);
 *   transformación bilineal  z = (1 + sT/2) / (1 - sT/2).
 * La recurrencia y[n] = 2 r cos(theta) y[n-1] - r^2 y[n-2] suena a theta rate / (2 pi) Hz. */
#ifndef EXERCISE_15_H
#define EXERCISE_15_H

typedef struct {
    double r;       /* the pole's radius, >= 0 */   /* ES: el radio del polo, >= 0 */
    double theta;   /* its angle, in [0, pi] */     /* ES: su ángulo, en [0, pi] */
} pole;

/* The pole of the mode (freq Hz > 0, decay sigma >= 0 1/s) by impulse invariance at rate Hz, its angle folded into
 * [0, pi]: a mode past Nyquist (rate / 2) lands where it is heard, at |freq - k rate|. */
/* ES: El polo del modo (freq Hz > 0, decaimiento sigma >= 0 1/s) por invariancia al impulso a rate Hz, su ángulo
 * plegado a [0, pi]: un modo más allá de Nyquist (rate / 2) cae donde se oye, en |freq - k rate|. */
pole impulse_invariant_pole(double freq, double decay, double rate);

/* The same mode's pole by the bilinear transform (its angle is always below pi: nothing folds). */
/* ES: El polo del mismo modo por la transformación bilineal (su ángulo siempre queda por debajo de pi: nada se
 * pliega). */
pole bilinear_pole(double freq, double decay, double rate);

/* The frequency a pole rings at, Hz: theta rate / (2 pi). */
/* ES: La frecuencia a la que suena un polo, Hz: theta rate / (2 pi). */
double pole_frequency(pole p, double rate);

/* The bilinear transform's warping of the mode: 1200 log2(f_bilinear / freq), in cents (< 0: played low). */
/* ES: La deformación del modo por la transformación bilineal: 1200 log2(f_bilineal / freq), en cents (< 0: suena
 * más grave). */
double warp_cents(double freq, double decay, double rate);

/* The analog frequency to design for so that the bilinear transform's undamped pole rings at freq exactly (the
 * prewarp): (rate / pi) tan(pi freq / rate), for 0 < freq < rate / 2. */
/* ES: La frecuencia analógica que hay que diseñar para que el polo sin amortiguar de la transformación bilineal
 * suene justo en freq (la predeformación): (rate / pi) tan(pi freq / rate), para 0 < freq < rate / 2. */
double prewarp(double freq, double rate);

#endif
