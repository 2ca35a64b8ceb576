/* Exercise 03: the fixed-step accumulator with its cap (the spring article; Fiedler, "Fix Your Timestep!").
 *
 * Frames arrive with whatever duration the display gives; the spring only ever advances in fixed steps. */
/* ES: Ejercicio 03: el acumulador de paso fijo con su tope (el artículo del resorte; Fiedler, "Fix Your Timestep!").
 *
 * Los fotogramas llegan con la duración que dé la pantalla; el resorte solo avanza en pasos fijos. */
#ifndef EXERCISE_03_H
#define EXERCISE_03_H

typedef struct {
    double k, c, m, target;   /* m x'' + c x' + k (x - target) = 0 */   /* ES: m x'' + c x' + k (x - target) = 0 */
} spring;

typedef struct {
    double x, v;
} state;

typedef struct {
    double step;   /* the fixed step, s, > 0 */    /* ES: el paso fijo, s, > 0 */
    double cap;    /* the most time acc may hold, s, >= step: acc + frame_dt is capped, not the frame alone */
                   /* ES: el mayor tiempo que puede guardar acc, s, >= step: el tope se aplica a acc + frame_dt, no
                    * al fotograma solo */
    double acc;    /* time received but not yet simulated, s */   /* ES: tiempo recibido pero aún no simulado, s */
} accumulator;

/* Sets step and cap, and an empty accumulator (acc = 0). */
/* ES: Fija step y cap, y deja el acumulador vacío (acc = 0). */
void accumulator_init(accumulator *a, double step, double cap);
/* Feeds one frame: acc = min(acc + frame_dt, cap), where a negative frame_dt (a clock that went back) counts as 0.
 * Returns how many whole steps fit in acc, and removes them from acc (the remainder waits for the next frame). */
/* ES: Alimenta un fotograma: acc = min(acc + frame_dt, cap), donde un frame_dt negativo (un reloj que retrocedió)
 * cuenta como 0. Devuelve cuántos pasos enteros caben en acc y los quita de acc (el resto espera al siguiente
 * fotograma). */
int accumulator_feed(accumulator *a, double frame_dt);
/* acc / step: how far the next step has come, in [0, 1) after a feed (for drawing between two states). */
/* ES: acc / step: cuánto ha avanzado el próximo paso, en [0, 1) después de alimentar (para dibujar entre dos
 * estados). */
double accumulator_alpha(const accumulator *a);
/* One frame of the spring: feeds frame_dt, then takes that many semi_implicit_step()s of a->step. */
/* ES: Un fotograma del resorte: alimenta frame_dt, luego da esa cantidad de semi_implicit_step() de a->step. */
state spring_frame(spring s, state y, accumulator *a, double frame_dt);

/* Given in student.c (exercise 01's answer): one semi-implicit Euler step. */
/* ES: Dado en student.c (la respuesta del ejercicio 01): un paso de Euler semiimplícito. */
state semi_implicit_step(spring s, state y, double dt);

#endif
