/* Exercise 07, the hidden tests: closed forms about one axis, the quaternion power a (a* b)^s for different axes,
 * nearly equal rotations, a negated target, a half turn. */
#include <stdio.h>

#include "reference.h"
#include "points.h"

/* About one axis, slerp is the rotation by the interpolated angle: 0.4 + 1.8 s radians about (1, 2, 2)/3. */
GR_PROBE(one_axis)
{
    quat a = rot(1.0 / 3, 2.0 / 3, 2.0 / 3, 0.4), b = rot(1.0 / 3, 2.0 / 3, 2.0 / 3, 2.2);
    for (int i = 0; i <= 4; i++)
        put_quat(out, quat_slerp(a, b, i / 4.0));
}
GR_REFERENCE(one_axis)
{
    for (int i = 0; i <= 4; i++) {
        char what[32];
        snprintf(what, sizeof what, "s = %g", i / 4.0);
        want_quat(ref, rot(1.0 / 3, 2.0 / 3, 2.0 / 3, 0.4 + 1.8 * i / 4.0), what);
    }
}

/* In general slerp(a, b, s) = a (a* b)^s: the relative rotation a* b, as angle phi about n, raised to s is the
 * rotation by s phi about n. */
GR_PROBE(relative_power)
{
    quat a = rot(0.6, 0, 0.8, 0.9), b = rot(0, 1, 0, -0.7);
    const double s[3] = {0.2, 0.5, 0.85};
    for (int i = 0; i < 3; i++)
        put_quat(out, quat_slerp(a, b, s[i]));
}
GR_REFERENCE(relative_power)
{
    quat a = rot(0.6, 0, 0.8, 0.9), b = rot(0, 1, 0, -0.7);
    const double s[3] = {0.2, 0.5, 0.85};
    for (int i = 0; i < 3; i++) {
        char what[32];
        snprintf(what, sizeof what, "s = %g", s[i]);
        want_quat(ref, slerp_power(a, b, s[i]), what);
    }
}

/* Two rotations 2e-8 rad apart: no division by sin(theta) ~ 0; a quarter of the way is 0.5e-8 rad, half way 1e-8. */
GR_PROBE(nearly_equal)
{
    put_quat(out, quat_slerp((quat){0, 0, 0, 1}, rot(0, 0, 1, 2e-8), 0.25));
    put_quat(out, quat_slerp((quat){0, 0, 0, 1}, rot(0, 0, 1, 2e-8), 0.5));
}
GR_REFERENCE(nearly_equal)
{
    want_quat(ref, rot(0, 0, 1, 0.5e-8), _("a quarter of 2e-8 rad"));
    want_quat(ref, rot(0, 0, 1, 1e-8), _("half of 2e-8 rad"));
}

/* -b is the same rotation as b: towards -b the result is the same as towards b: from 0.2 to 1.0 rad about
 * (0, 0.6, 0.8), 0.36 at s = 0.2 and 0.6 half way. */
GR_PROBE(negated_target)
{
    quat a = rot(0, 0.6, 0.8, 0.2), b = rot(0, 0.6, 0.8, 1.0);
    put_quat(out, quat_slerp(a, (quat){-b.x, -b.y, -b.z, -b.w}, 0.2));
    put_quat(out, quat_slerp(a, (quat){-b.x, -b.y, -b.z, -b.w}, 0.5));
}
GR_REFERENCE(negated_target)
{
    want_quat(ref, rot(0, 0.6, 0.8, 0.36), _("a fifth of the way from 0.2 to 1.0 rad, towards -b"));
    want_quat(ref, rot(0, 0.6, 0.8, 0.6), _("half way from 0.2 to 1.0 rad, towards -b"));
}

/* 180 degrees apart (dot = 0, no flip): a third of the way is 60 degrees, half way 90. */
GR_PROBE(half_turn)
{
    put_quat(out, quat_slerp((quat){0, 0, 0, 1}, (quat){0, 0, 1, 0}, 1.0 / 3));
    put_quat(out, quat_slerp((quat){0, 0, 0, 1}, (quat){0, 0, 1, 0}, 0.5));
}
GR_REFERENCE(half_turn)
{
    want_quat(ref, rot(0, 0, 1, 60 * DEG), _("a third of a half turn"));
    want_quat(ref, rot(0, 0, 1, 90 * DEG), _("half of a half turn"));
}

const gr_case gr_hidden[] = {
    GR_CASE(one_axis, "about one axis: the interpolated angle"),
    GR_CASE(relative_power, "different axes: a (a* b)^s"),
    GR_CASE(nearly_equal, "nearly equal rotations: no division by zero"),
    GR_CASE(negated_target, "towards -b is towards b"),
    GR_CASE(half_turn, "a half turn, a third and a half of it"),
};
GR_COUNT_OF(gr_hidden);
