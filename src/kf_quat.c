/* kf_quat: quaternions for rotation tracks (x, y, z, w order, as glTF stores them). See include/numlab/keyframe.h. */
#include "kf_internal.h"

#include <math.h>

/* Below this sin(theta) slerp uses its limit, the lerp: the neglected term is of relative size theta^2 / 6, under
 * one rounding error, and the division by sin(theta) is avoided. */
#define SLERP_TINY_SIN 1e-8

static kf_quat scaled_sum(double wa, kf_quat a, double wb, kf_quat b)
{
    return (kf_quat){wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w};
}

kf_quat kf_quat_identity(void)
{
    return (kf_quat){0.0, 0.0, 0.0, 1.0};
}

kf_quat kf_quat_from_axis_angle(const double axis[3], double angle)
{
    double len = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    if (!(len > 0.0))
        return kf_quat_identity();
    double k = sin(0.5 * angle) / len;
    return (kf_quat){k * axis[0], k * axis[1], k * axis[2], cos(0.5 * angle)};
}

double kf_quat_dot(kf_quat a, kf_quat b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

double kf_quat_norm(kf_quat q)
{
    return sqrt(kf_quat_dot(q, q));
}

kf_quat kf_quat_normalize(kf_quat q)
{
    double n = kf_quat_norm(q);
    if (!(n > 0.0) || !isfinite(n))
        return kf_quat_identity();
    return scaled_sum(1.0 / n, q, 0.0, q);
}

kf_quat kf_quat_mul(kf_quat a, kf_quat b)
{
    return (kf_quat){
        a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
        a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
        a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
        a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    };
}

/* 2 atan2(|v|, |w|) rather than 2 acos(|w|): accurate for small angles too. */
double kf_quat_angle(kf_quat q)
{
    double v = sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
    return 2.0 * atan2(v, fabs(q.w));
}

double kf_quat_angle_between(kf_quat a, kf_quat b)
{
    kf_quat a_inverse = {-a.x, -a.y, -a.z, a.w};
    return kf_quat_angle(kf_quat_mul(a_inverse, b));
}

/* v' = v + 2 w (u x v) + 2 u x (u x v), u the vector part. */
void kf_quat_rotate(kf_quat q, const double v[3], double out[3])
{
    double c[3] = {q.y * v[2] - q.z * v[1], q.z * v[0] - q.x * v[2], q.x * v[1] - q.y * v[0]};
    double cc[3] = {q.y * c[2] - q.z * c[1], q.z * c[0] - q.x * c[2], q.x * c[1] - q.y * c[0]};
    for (int i = 0; i < 3; i++)
        out[i] = v[i] + 2.0 * (q.w * c[i] + cc[i]);
}

/* The slerp weights of a and b (the sign of a . b folded into wb) and their derivatives d/ds. */
static void slerp_weights(kf_quat a, kf_quat b, double s, double w[2], double dw[2])
{
    double d = kf_quat_dot(a, b);
    double sign = d < 0.0 ? -1.0 : 1.0;
    double theta = acos(fmin(fabs(d), 1.0));
    double sin_theta = sin(theta);
    if (sin_theta < SLERP_TINY_SIN) {
        w[0] = 1.0 - s, w[1] = s;
        dw[0] = -1.0, dw[1] = 1.0;
    } else {
        w[0] = sin((1.0 - s) * theta) / sin_theta;
        w[1] = sin(s * theta) / sin_theta;
        dw[0] = -theta * cos((1.0 - s) * theta) / sin_theta;
        dw[1] = theta * cos(s * theta) / sin_theta;
    }
    w[1] *= sign, dw[1] *= sign;
}

kf_quat kf_quat_slerp(kf_quat a, kf_quat b, double s)
{
    double w[2], dw[2];
    slerp_weights(a, b, s, w, dw);
    return scaled_sum(w[0], a, w[1], b);
}

kf_quat kf_quat_slerp_deriv(kf_quat a, kf_quat b, double s)
{
    double w[2], dw[2];
    slerp_weights(a, b, s, w, dw);
    return scaled_sum(dw[0], a, dw[1], b);
}

kf_quat kf_quat_nlerp(kf_quat a, kf_quat b, double s)
{
    double sign = kf_quat_dot(a, b) < 0.0 ? -1.0 : 1.0;
    return kf_quat_normalize(scaled_sum(1.0 - s, a, sign * s, b));
}

kf_quat kf_quat_nlerp_deriv(kf_quat a, kf_quat b, double s)
{
    double sign = kf_quat_dot(a, b) < 0.0 ? -1.0 : 1.0;
    return kf_quat_normalize_deriv(scaled_sum(1.0 - s, a, sign * s, b), scaled_sum(-1.0, a, sign, b));
}

kf_quat kf_quat_normalize_deriv(kf_quat p, kf_quat dp)
{
    double n = kf_quat_norm(p);
    if (!(n > 0.0) || !isfinite(n))
        return (kf_quat){0.0, 0.0, 0.0, 0.0};
    kf_quat q = scaled_sum(1.0 / n, p, 0.0, p);
    return scaled_sum(1.0 / n, dp, -kf_quat_dot(q, dp) / n, q);
}

/* --- angular velocity and hemispheres --------------------------------------------------------------------------- */

/* 2 q' q*: for a pure vector w, q' = w q / 2 gives 2 q' q* = w |q|^2 = w. */
void kf_quat_angular_velocity(kf_quat q, kf_quat dq, double w[3])
{
    kf_quat r = kf_quat_mul(dq, (kf_quat){-q.x, -q.y, -q.z, q.w});
    w[0] = 2.0 * r.x, w[1] = 2.0 * r.y, w[2] = 2.0 * r.z;
}

void kf_track_angular_velocity(const kf_track *t, double time, double w[3])
{
    w[0] = w[1] = w[2] = 0.0;
    if (t->kind == KF_VECTOR)
        return;
    double q[4], dq[4];
    kf_track_sample(t, time, q);
    kf_track_velocity(t, time, dq);
    kf_quat_angular_velocity(kf_quat_normalize(kf_quat_load(q)), kf_quat_load(dq), w);
}

size_t kf_track_align_hemispheres(kf_track *t)
{
    if (t->kind == KF_VECTOR)
        return 0;
    size_t flipped = 0, stride = kf_track_stride(t);
    for (size_t k = 1; k < t->count; k++) {
        if (kf_quat_dot(kf_quat_load(kf_track_value(t, k - 1)), kf_quat_load(kf_track_value(t, k))) >= 0.0)
            continue;
        double *key = t->values + k * stride;  /* [a, v, b] or [v]: all of it changes sign */
        for (size_t i = 0; i < stride; i++)
            key[i] = -key[i];
        flipped++;
    }
    return flipped;
}
