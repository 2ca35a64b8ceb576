/* Exercise 04: when to stop a spring animation, and the snap (the spring article).
 *
 * A damped spring never arrives. It is at rest when it is both close (|x - target| < eps_x) and slow (|v| < eps_v);
 * then the loop stops and writes the exact target, so no error is left behind. */
/* ES: Ejercicio 04: cuándo detener la animación de un resorte, y el ajuste (el artículo del resorte).
 *
 * Un resorte amortiguado nunca llega. Está en reposo cuando está a la vez cerca (|x - target| < eps_x) y lento
 * (|v| < eps_v); entonces el bucle se detiene y escribe el objetivo exacto, así que no queda ningún error. */
#ifndef EXERCISE_04_H
#define EXERCISE_04_H

#include <stdbool.h>

typedef struct {
    double k, c, m, target;   /* m x'' + c x' + k (x - target) = 0 */   /* ES: m x'' + c x' + k (x - target) = 0 */
} spring;

typedef struct {
    double x, v;
} state;

typedef struct {
    double eps_x;   /* at rest only if |x - target| < eps_x ... */  /* ES: en reposo solo si |x - target| < eps_x ... */
    double eps_v;   /* ... and |v| < eps_v, both, strictly */       /* ES: ... y |v| < eps_v, ambas, estrictamente */
} rest_rule;

/* The two-condition rest test. */
/* ES: La prueba de reposo de dos condiciones. */
bool at_rest(rest_rule r, state y, double target);
/* The spring article's thresholds, half a pixel and a pixel per second, for a quantity whose range of `range` units is
 * drawn over `pixels` pixels: eps_x = 0.5 range / pixels, eps_v = 1.0 range / pixels. */
/* ES: Los umbrales del artículo del resorte, medio píxel y un píxel por segundo, para una magnitud cuyo rango de
 * `range` unidades se dibuja sobre `pixels` píxeles: eps_x = 0.5 range / pixels, eps_v = 1.0 range / pixels. */
rest_rule rest_rule_scaled(double range, double pixels);
/* The spring article's frame loop. Each frame: `substeps` calls of semi_implicit_step() with dt = frame_dt / substeps,
 * then the rest test. At rest: snap (*y becomes {target, 0} exactly) and return the number of frames run (at least 1).
 * Not at rest after max_frames frames: return -1 and leave *y where the motion got to. */
/* ES: El bucle de fotogramas del artículo del resorte. En cada fotograma: `substeps` llamadas a semi_implicit_step()
 * con dt = frame_dt / substeps, luego la prueba de reposo. En reposo: el ajuste (*y pasa a ser {target, 0}
 * exactamente) y devuelve el número de fotogramas corridos (al menos 1). Si no está en reposo tras max_frames
 * fotogramas: devuelve -1 y deja *y donde llegó el movimiento. */
int animate_to_rest(spring s, state *y, rest_rule r, double frame_dt, int substeps, int max_frames);

/* Given in student.c (exercise 01's answer): one semi-implicit Euler step. */
/* ES: Dado en student.c (la respuesta del ejercicio 01): un paso de Euler semiimplícito. */
state semi_implicit_step(spring s, state y, double dt);

#endif
