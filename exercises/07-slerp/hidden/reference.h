/* Exercise 07, for the judge only (hidden/: never in the students' copy): slerp as a quaternion power, the hidden
 * tests' reference. The visible tests hold its values as literal tables. */
#ifndef EXERCISE_07_HIDDEN_REFERENCE_H
#define EXERCISE_07_HIDDEN_REFERENCE_H

#include "rotations.h"

/* slerp(a, b, s) = a (a* b)^s: the relative rotation a* b (on the shorter arc), as angle phi about n, raised to s is
 * the rotation by s phi about n. A reference that never interpolates four components. */
static inline quat slerp_power(quat a, quat b, double s)
{
    quat r = mul((quat){-a.x, -a.y, -a.z, a.w}, b);
    if (r.w < 0)
        r = (quat){-r.x, -r.y, -r.z, -r.w};
    double half = acos(r.w), sn = sin(half);
    return mul(a, rot(r.x / sn, r.y / sn, r.z / sn, 2 * half * s));
}

#endif
