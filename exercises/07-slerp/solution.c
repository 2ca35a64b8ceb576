/* Exercise 07, the reference solution (instructors only). */
#include <math.h>

#include "exercise.h"

quat quat_slerp(quat a, quat b, double s)
{
    double dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (dot < 0) {   /* -b is the same rotation, on the shorter arc */
        b = (quat){-b.x, -b.y, -b.z, -b.w};
        dot = -dot;
    }
    double wa, wb;
    if (dot > 0.9995) {
        wa = 1 - s, wb = s;
    } else {
        double theta = acos(dot), sin_theta = sin(theta);
        wa = sin((1 - s) * theta) / sin_theta, wb = sin(s * theta) / sin_theta;
    }
    quat q = {wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w};
    double norm = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return (quat){q.x / norm, q.y / norm, q.z / norm, q.w / norm};
}
