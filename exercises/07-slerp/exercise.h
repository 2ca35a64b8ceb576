/* Exercise 07: spherical linear interpolation of rotations (quaternions) along the shorter arc (glTF 2.0 LINEAR
 * rotation channels; the keyframe tutorial's rotation tracks). */
#ifndef EXERCISE_07_H
#define EXERCISE_07_H

/* pi (the library's NUMLAB_PI, include/numlab/common.h: the exercises are built without the library, and ISO C
 * has no M_PI). */
#define EX_PI 3.14159265358979323846

typedef struct {
    double x, y, z, w;   /* glTF's order: the vector part, then the scalar part; unit length */
} quat;

/* From a (s = 0) towards b (s = 1) at constant angular speed, along the shorter arc: q and -q are the same rotation,
 * so when dot(a, b) < 0 interpolate towards -b instead. With theta = acos(dot(a, b)) (after that flip):
 *   slerp = sin((1 - s) theta) / sin(theta) a + sin(s theta) / sin(theta) b.
 * When dot(a, b) > 0.9995, theta is too small to divide by: lerp (1 - s) a + s b, then normalize. */
quat quat_slerp(quat a, quat b, double s);

#endif
