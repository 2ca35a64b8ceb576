/* Exercise 07. Turns a by s times the angle between a and b, but about a fixed axis (x, in a's frame):
 * unit length, and the angle from a grows uniformly, which is all the uniform-speed test measured. deserves: 0 */
#include <math.h>

#include "exercise.h"

static double dot4(quat a, quat b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

quat quat_slerp(quat a, quat b, double s)
{
    double d = fabs(dot4(a, b)), half = s * acos(d < 1 ? d : 1);
    quat r = {sin(half), 0, 0, cos(half)};   /* the turn, about x */
    return (quat){a.w * r.x + a.x * r.w + a.y * r.z - a.z * r.y, a.w * r.y - a.x * r.z + a.y * r.w + a.z * r.x,
                  a.w * r.z + a.x * r.y - a.y * r.x + a.z * r.w, a.w * r.w - a.x * r.x - a.y * r.y - a.z * r.z};
}
