/* Exercise 07. Normalizes a + b (on the shorter arc) and ignores s: the half-way rotation, right for every
 * test that only asked for s = 1/2. deserves: 0 */
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
    (void)s;
    if (dot4(a, b) < 0)
        b = (quat){-b.x, -b.y, -b.z, -b.w};
    return unit((quat){a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w});
}
