/* Exercise 06: the cubic Hermite basis, and sampling a glTF 2.0 CUBICSPLINE track with tangents scaled by the key
 * interval (the keyframe tutorial, corrected as docs/sources.md says; the glTF 2.0 specification, appendix on
 * interpolation). */
/* ES: Ejercicio 06: la base cúbica de Hermite, y el muestreo de una pista CUBICSPLINE de glTF 2.0 con las tangentes
 * escaladas por el intervalo entre claves (el tutorial de fotogramas clave, corregido como dice docs/sources.md; la
 * especificación de glTF 2.0, apéndice sobre interpolación). */
#ifndef EXERCISE_06_H
#define EXERCISE_06_H

#include <stddef.h>

/* The four weights at s in [0, 1]:
 *   h[0] = 2s^3 - 3s^2 + 1   (of p0)      h[1] = s^3 - 2s^2 + s   (of m0)
 *   h[2] = -2s^3 + 3s^2      (of p1)      h[3] = s^3 - s^2        (of m1) */
/* ES: Los cuatro pesos en s en [0, 1]:
 *   h[0] = 2s^3 - 3s^2 + 1   (de p0)      h[1] = s^3 - 2s^2 + s   (de m0)
 *   h[2] = -2s^3 + 3s^2      (de p1)      h[3] = s^3 - s^2        (de m1) */
void hermite_basis(double s, double h[4]);
/* h[0] p0 + h[1] m0 + h[2] p1 + h[3] m1: from p0 leaving with slope m0, to p1 arriving with slope m1. */
/* ES: h[0] p0 + h[1] m0 + h[2] p1 + h[3] m1: desde p0, que sale con pendiente m0, hasta p1, que llega con
 * pendiente m1. */
double hermite(double s, double p0, double m0, double p1, double m1);

/* Samples a CUBICSPLINE track at time t into out[0 .. comps):
 *   times[0 .. keys), strictly increasing; values[0 .. 3 keys comps), per key [a_k, v_k, b_k], each comps long
 *   (in-tangent, value, out-tangent: glTF's layout).
 * For t_k <= t <= t_{k+1}: td = t_{k+1} - t_k, s = (t - t_k) / td, and
 *   out = h[0] v_k + h[1] td b_k + h[2] v_{k+1} + h[3] td a_{k+1}     (tangents are per second: scaled by td).
 * Before the first key the first value, after the last key the last value. keys >= 1. */
/* ES: Muestrea una pista CUBICSPLINE en el tiempo t y la escribe en out[0 .. comps):
 *   times[0 .. keys), estrictamente creciente; values[0 .. 3 keys comps), por clave [a_k, v_k, b_k], cada uno de
 *   largo comps (tangente de entrada, valor, tangente de salida: la disposición de glTF).
 * Para t_k <= t <= t_{k+1}: td = t_{k+1} - t_k, s = (t - t_k) / td, y
 *   out = h[0] v_k + h[1] td b_k + h[2] v_{k+1} + h[3] td a_{k+1}     (las tangentes son por segundo: escaladas
 *   por td).
 * Antes de la primera clave, el primer valor; después de la última clave, el último valor. keys >= 1. */
void gltf_cubic_sample(const double *times, const double *values, size_t keys, size_t comps, double t, double *out);

#endif
