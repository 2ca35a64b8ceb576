/* Exercise 07. Normalized lerp everywhere, on the shorter arc: unit length, the right ends, and at s = 1/2
 * exactly slerp's answer (the symmetry makes both the bisector). Only the nearly equal rotations, where nlerp is
 * what the exercise asks for, are honest. deserves: 1 */
#include <math.h>

#include "exercise.h"

static double dot4(quat a, quat b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

static quat unit(quat q)
{
    double n = sqrt(dot4(q, q));
    return (quat){q.x / n, q.y / n, q.z / n, q.w / n};
}

quat quat_slerp(quat a, quat b, double s)
{
    if (dot4(a, b) < 0)
        b = (quat){-b.x, -b.y, -b.z, -b.w};
    return unit((quat){(1 - s) * a.x + s * b.x, (1 - s) * a.y + s * b.y, (1 - s) * a.z + s * b.z,
                       (1 - s) * a.w + s * b.w});
}
