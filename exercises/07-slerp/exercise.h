/* Exercise 07: spherical linear interpolation of rotations (quaternions) along the shorter arc (glTF 2.0 LINEAR
 * rotation channels; the keyframe tutorial's rotation tracks). */
/* ES: Ejercicio 07: interpolación lineal esférica de rotaciones (cuaterniones) por el arco más corto (los canales de
 * rotación LINEAR de glTF 2.0; las pistas de rotación del tutorial de fotogramas clave). */
#ifndef EXERCISE_07_H
#define EXERCISE_07_H

/* pi (the library's NUMLAB_PI, include/numlab/common.h: the exercises are built without the library, and ISO C
 * has no M_PI). */
/* ES: pi (el NUMLAB_PI de la biblioteca, include/numlab/common.h: los ejercicios se compilan sin la biblioteca, e
 * ISO C no tiene M_PI). */
#define EX_PI 3.14159265358979323846

typedef struct {
    double x, y, z, w;   /* glTF's order: the vector part, then the scalar part; unit length */
                         /* ES: el orden de glTF: la parte vectorial, luego la parte escalar; de longitud unitaria */
} quat;

/* From a (s = 0) towards b (s = 1) at constant angular speed, along the shorter arc: q and -q are the same rotation,
 * so when dot(a, b) < 0 interpolate towards -b instead. With theta = acos(dot(a, b)) (after that flip):
 *   slerp = sin((1 - s) theta) / sin(theta) a + sin(s theta) / sin(theta) b.
 * When dot(a, b) > 0.9995, theta is too small to divide by: lerp (1 - s) a + s b, then normalize. */
/* ES: Desde a (s = 0) hacia b (s = 1) a velocidad angular constante, por el arco más corto: q y -q son la misma
 * rotación, así que cuando dot(a, b) < 0 interpole hacia -b en su lugar. Con theta = acos(dot(a, b)) (después de esa
 * inversión):
 *   slerp = sin((1 - s) theta) / sin(theta) a + sin(s theta) / sin(theta) b.
 * Cuando dot(a, b) > 0.9995, theta es demasiado pequeño para dividir por él: lerp (1 - s) a + s b, luego
 * normalice. */
quat quat_slerp(quat a, quat b, double s);

#endif
