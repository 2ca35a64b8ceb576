/* Exercise 07. a before half way, b (on the shorter arc) after: right at s = 0 and s = 1 only. deserves: 0 */
#include <math.h>

#include "exercise.h"

static double dot4(quat a, quat b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

quat quat_slerp(quat a, quat b, double s)
{
    if (dot4(a, b) < 0)
        b = (quat){-b.x, -b.y, -b.z, -b.w};
    return s < 0.5 ? a : b;
}
