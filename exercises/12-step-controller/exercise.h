/* Exercise 12: an adaptive step controller for an embedded Runge-Kutta pair (Hairer, Norsett and Wanner, Solving
 * ODEs I, II.4): the scaled error of a step, the standard and the PI step-size controllers, and the driver that
 * accepts or rejects each step.
 *
 * The spring is m x'' + c x' + k (x - target) = 0. A pair is one step of two methods at once (the tests pass pairs
 * written in pairs.h): it returns the higher-order result and puts (higher - lower) into *error, the estimate of the
 * lower-order result's local error, which is O(h^(q+1)) for a lower order q. */
/* ES: Ejercicio 12: un controlador de paso adaptativo para un par de Runge-Kutta encajado (Hairer, Norsett y Wanner,
 * Solving ODEs I, II.4): el error escalado de un paso, los controladores del tamaño de paso estándar y PI, y el
 * conductor que acepta o rechaza cada paso.
 *
 * El resorte es m x'' + c x' + k (x - target) = 0. Un par es un paso de dos métodos a la vez (las pruebas pasan pares
 * escritos en pairs.h): devuelve el resultado de orden mayor y pone (mayor - menor) en *error, la estimación del error
 * local del resultado de orden menor, que es O(h^(q+1)) para un orden menor q. */
#ifndef EXERCISE_12_H
#define EXERCISE_12_H

typedef struct {
    double k;       /* stiffness, > 0 */       /* ES: rigidez, > 0 */
    double c;       /* damping, >= 0 */        /* ES: amortiguamiento, >= 0 */
    double m;       /* mass, > 0 */            /* ES: masa, > 0 */
    double target;  /* rest position */        /* ES: posición de reposo */
} spring;

typedef struct {
    double x, v;    /* position and velocity */  /* ES: posición y velocidad */
} state;

typedef state (*pair)(spring s, state y, double h, state *error);

/* The controllers' constants (HNW I, II.4; Hairer's dopri5.f): the safety factor and the bounds of h_new / h. */
/* ES: Las constantes de los controladores (HNW I, II.4; dopri5.f de Hairer): el factor de seguridad y las cotas de
 * h_new / h. */
#define EX_FAC 0.9
#define EX_FACMIN 0.2
#define EX_FACMAX 10.0

/* The scaled error of a step from y to y_new with error estimate e: the root mean square of e_i / sc_i over the two
 * components (x, v), sc_i = atol + rtol max(|y_i|, |y_new_i|). A step is accepted when it is <= 1. */
/* ES: El error escalado de un paso de y a y_new con la estimación de error e: la raíz de la media de los cuadrados de
 * e_i / sc_i sobre las dos componentes (x, v), sc_i = atol + rtol max(|y_i|, |y_new_i|). Un paso se acepta cuando es
 * <= 1. */
double error_norm(state y, state y_new, state e, double atol, double rtol);

/* The standard controller: the next step after a step h of scaled error err, for a pair of lower order q:
 *   h min(facmax, max(facmin, fac err^(-1/(q+1))))
 * with facmax replaced by 1 when after_reject is nonzero (the step before was rejected: do not grow right after).
 * err = 0 gives h facmax (or h when after_reject). */
/* ES: El controlador estándar: el paso siguiente tras un paso h de error escalado err, para un par de orden menor q:
 *   h min(facmax, max(facmin, fac err^(-1/(q+1))))
 * con facmax reemplazado por 1 cuando after_reject no es cero (el paso anterior fue rechazado: no crecer justo
 * después). err = 0 da h facmax (o h cuando after_reject). */
double next_step(double h, double err, int q, int after_reject);

/* The PI controller (Gustafsson) after an accepted step: h min(facmax, max(facmin, fac err^(-alpha) err_prev^beta))
 * with alpha = 0.7/(q+1), beta = 0.4/(q+1); err_prev is the previous accepted step's error (> 0). */
/* ES: El controlador PI (Gustafsson) tras un paso aceptado: h min(facmax, max(facmin, fac err^(-alpha) err_prev^beta))
 * con alpha = 0.7/(q+1), beta = 0.4/(q+1); err_prev es el error del paso aceptado anterior (> 0). */
double next_step_pi(double h, double err, double err_prev, int q);

typedef struct {
    state y;          /* the state at t_end */  /* ES: el estado en t_end */
    double t;         /* where the run ended: t_end exactly */  /* ES: dónde terminó la corrida: t_end exactamente */
    int accepted;     /* accepted steps */      /* ES: pasos aceptados */
    int rejected;     /* rejected attempts */   /* ES: intentos rechazados */
    double h;         /* the step the controller proposes after the last accepted one */
                      /* ES: el paso que propone el controlador tras el último aceptado */
} run;

/* From y0 at t = 0 to t_end with the pair and the standard controller, atol = rtol = tol, first step h0:
 *   a step that would pass t_end is shortened to end on it; try the step; err <= 1: accept it (t, y move on), else
 *   reject it (t, y stay); either way h = next_step(h tried, err, q, the step before this one was rejected).
 * t_end > 0, h0 > 0, tol > 0. */
/* ES: De y0 en t = 0 a t_end con el par y el controlador estándar, atol = rtol = tol, primer paso h0:
 *   un paso que pasaría de t_end se acorta para terminar en él; se prueba el paso; err <= 1: se acepta (t, y
 *   avanzan), si no se rechaza (t, y quedan); en ambos casos h = next_step(h probado, err, q, si el paso anterior a
 *   este fue rechazado).
 * t_end > 0, h0 > 0, tol > 0. */
run adaptive_run(pair step, int q, spring s, state y0, double t_end, double h0, double tol);

#endif
