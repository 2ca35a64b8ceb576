/* Exercise 02: one step of the classical fourth-order Runge-Kutta method for any system y' = f(t, y). */
/* ES: Ejercicio 02: un paso del método clásico de Runge-Kutta de cuarto orden para cualquier sistema y' = f(t, y). */
#ifndef EXERCISE_02_H
#define EXERCISE_02_H

#include <stddef.h>

#define RK4_MAX_DIM 64   /* the largest n a test uses: work arrays of this size may live on the stack */
/* ES: el mayor n que usa una prueba: los arreglos de trabajo de este tamaño pueden vivir en la pila */

/* Writes the n derivatives dy/dt = f(t, y) into dydt; params is passed through untouched. */
/* ES: Escribe las n derivadas dy/dt = f(t, y) en dydt; params se pasa tal cual, sin tocarlo. */
typedef void (*rhs_fn)(double t, const double *y, double *dydt, size_t n, void *params);

/* One RK4 step of size h from time t: replaces y[0..n) by the approximation of y(t + h). Touches nothing past
 * y[n - 1]. 1 <= n <= RK4_MAX_DIM. */
/* ES: Un paso de RK4 de tamaño h desde el tiempo t: reemplaza y[0..n) por la aproximación de y(t + h). No toca
 * nada después de y[n - 1]. 1 <= n <= RK4_MAX_DIM. */
void rk4_step(rhs_fn f, void *params, double t, double h, double *y, size_t n);

#endif
