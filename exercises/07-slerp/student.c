/* Exercise 07: write slerp. Read README.md first; `make exercise EX=07` runs the visible tests. */
/* ES: Ejercicio 07: escriba slerp. Lea primero README.es.md; `make exercise EX=07` corre las pruebas visibles. */
#include <math.h>

#include "exercise.h"

quat quat_slerp(quat a, quat b, double s)
{
    (void)a, (void)b, (void)s;
    /* TODO: the dot product; flip b when it is negative; nlerp when nearly parallel; else the sines. */
    /* ES: PENDIENTE: el producto punto; invierta b cuando es negativo; nlerp cuando son casi paralelos; si no, los
     * senos. */
    return (quat){0, 0, 0, 0};
}
