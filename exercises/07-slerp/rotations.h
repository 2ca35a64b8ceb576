/* Exercise 07: rotations for the tests (shared by tests.c and hidden/tests.c). */
#ifndef EXERCISE_07_ROTATIONS_H
#define EXERCISE_07_ROTATIONS_H

#include <math.h>

#include "exercise.h"
#include "grader.h"

#define DEG (EX_PI / 180)

/* The rotation by angle (radians) about the unit axis (nx, ny, nz): (n sin(angle/2), cos(angle/2)). */
static inline quat rot(double nx, double ny, double nz, double angle)
{
    double s = sin(angle / 2);
    return (quat){nx * s, ny * s, nz * s, cos(angle / 2)};
}

static inline quat mul(quat p, quat q)   /* Hamilton product p q */
{
    return (quat){p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y, p.w * q.y - p.x * q.z + p.y * q.w + p.z * q.x,
                  p.w * q.z + p.x * q.y - p.y * q.x + p.z * q.w, p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z};
}

static inline void put_quat(gr_values *out, quat q)
{
    gr_put(out, q.x), gr_put(out, q.y), gr_put(out, q.z), gr_put(out, q.w);
}

static inline void want_quat(gr_values *ref, quat q, const char *what)
{
    gr_want(ref, q.x, GR_ABS(1e-12), "x of %s", what);
    gr_want(ref, q.y, GR_ABS(1e-12), "y of %s", what);
    gr_want(ref, q.z, GR_ABS(1e-12), "z of %s", what);
    gr_want(ref, q.w, GR_ABS(1e-12), "w of %s", what);
}

#endif
