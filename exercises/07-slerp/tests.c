/* Exercise 07, the visible tests: a quarter turn halved, the ends, the shorter arc, unit length and uniform speed. */
#include <stdio.h>

#include "rotations.h"
#include "points.h"

/* From no rotation to 90 degrees about y: half way is 45 degrees about y, a quarter of the way 22.5. */
GR_PROBE(quarter_turn)
{
    quat a = {0, 0, 0, 1}, b = rot(0, 1, 0, 90 * DEG);
    put_quat(out, quat_slerp(a, b, 0.5));
    put_quat(out, quat_slerp(a, b, 0.25));
}
GR_REFERENCE(quarter_turn)
{
    want_quat(ref, rot(0, 1, 0, 45 * DEG), _("s = 0.5 (45 degrees about y)"));
    want_quat(ref, rot(0, 1, 0, 22.5 * DEG), _("s = 0.25 (22.5 degrees about y)"));
}

/* s = 0 gives a and s = 1 gives b; and between them, at s = 0.3, a (a* b)^0.3: the relative rotation a* b raised to
 * the power 0.3 (computed once, outside the students' copy, to 17 digits). */
GR_PROBE(ends)
{
    quat a = rot(1.0 / 3, 2.0 / 3, 2.0 / 3, 0.3), b = rot(0, 0.6, 0.8, 1.1);
    put_quat(out, quat_slerp(a, b, 0));
    put_quat(out, quat_slerp(a, b, 1));
    put_quat(out, quat_slerp(a, b, 0.3));
}
GR_REFERENCE(ends)
{
    quat a = rot(1.0 / 3, 2.0 / 3, 2.0 / 3, 0.3), b = rot(0, 0.6, 0.8, 1.1);
    want_quat(ref, a, _("s = 0 (a)"));
    want_quat(ref, b, _("s = 1 (b)"));
    want_quat(ref, (quat){0.035382946019756459, 0.16733296089917982, 0.19952198385240211, 0.9648516493675483},
              _("s = 0.3 (a (a* b)^0.3)"));
}

/* 350 degrees about z is -10 degrees: its quaternion has w = cos(175 deg) < 0, so dot(identity, b) < 0 and slerp
 * must go the short way, through -2.5 and -5 degrees, ending at -b (= -10 degrees, the same rotation as b). */
GR_PROBE(shorter_arc)
{
    quat a = {0, 0, 0, 1}, b = rot(0, 0, 1, 350 * DEG);
    put_quat(out, quat_slerp(a, b, 0.25));
    put_quat(out, quat_slerp(a, b, 0.5));
    put_quat(out, quat_slerp(a, b, 1));
}
GR_REFERENCE(shorter_arc)
{
    want_quat(ref, rot(0, 0, 1, -2.5 * DEG), _("s = 0.25 (-2.5 degrees about z, the short way)"));
    want_quat(ref, rot(0, 0, 1, -5 * DEG), _("s = 0.5 (-5 degrees about z)"));
    want_quat(ref, rot(0, 0, 1, -10 * DEG), _("s = 1 (-b: -10 degrees)"));
}

/* Unit length at every s, and constant angular speed: the angle between a and slerp(s), 2 acos(|a . q|), is s times
 * the angle between a and b (here 80 degrees apart). Turning by that angle about another axis would keep both, so
 * the rotation itself too: a (a* b)^s (computed once, outside the students' copy, to 17 digits). */
static const quat uniform_want[5] = {
    {0.22568444311515112, 0.036313993942002985, -0.048418658589337318, 0.97231859978105595},
    {0.17953200692538912, 0.10834031502933147, -0.14445375337244198, 0.9670386485375343},
    {0.1304050026481734, 0.1785716044162409, -0.23809547255498792, 0.94573636037183029},
    {0.079117388873160471, 0.24584423810203782, -0.32779231746938375, 0.90876468129982479},
    {0.026518922152563434, 0.30904361244168033, -0.41205814992224049, 0.85673617494507792},
};
GR_PROBE(unit_and_uniform)
{
    quat a = rot(1, 0, 0, 0.5), b = rot(0, 0.6, -0.8, 1.2);
    for (int i = 1; i <= 9; i += 2) {
        quat q = quat_slerp(a, b, i / 10.0);
        double dot = a.x * q.x + a.y * q.y + a.z * q.z + a.w * q.w;
        gr_put(out, sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w));
        gr_put(out, 2 * acos(fmin(1.0, fabs(dot))));
        put_quat(out, q);
    }
}
GR_REFERENCE(unit_and_uniform)
{
    quat a = rot(1, 0, 0, 0.5), b = rot(0, 0.6, -0.8, 1.2);
    double theta = 2 * acos(fabs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w));
    for (int i = 1; i <= 9; i += 2) {
        char what[32];
        snprintf(what, sizeof what, "s = %g", i / 10.0);
        gr_want(ref, 1, GR_REL(1e-12), "length at s = %g", i / 10.0);
        gr_want(ref, i / 10.0 * theta, GR_ABS(1e-9), "angle from a at s = %g", i / 10.0);
        want_quat(ref, uniform_want[i / 2], what);
    }
}

const gr_case gr_visible[] = {
    GR_CASE(quarter_turn, "half and a quarter of a 90-degree turn"),
    GR_CASE(ends, "s = 0 is a, s = 1 is b, and s = 0.3 between"),
    GR_CASE(shorter_arc, "350 degrees is -10: the shorter arc"),
    GR_CASE(unit_and_uniform, "unit length and constant angular speed, about the right axis"),
};
GR_COUNT_OF(gr_visible);
