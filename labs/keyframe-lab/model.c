/* The numbers behind the walk's later steps (lab.h): the thrown ball a Hermite segment can or cannot be, a rotation
 * track's angular velocity, and the blend of keys in opposite hemispheres. tests/test_keyframe_lab_claims.c checks
 * them against closed forms. */
#include <math.h>
#include <string.h>

#include "numlab/common.h"
#include "lab.h"

#define DEG (NUMLAB_PI / 180.0)
#define HOP_SAMPLES 2001

/* --- the thrown ball ------------------------------------------------------------------------------------------ */

int lab_hop_init(lab_hop *hop, kf_track *track)
{
    kf_track position, scale;
    int st = seed_bounce(&position, &scale);
    if (st)
        return st;
    double values[9];
    for (size_t k = 0; k < 3; k++) {
        values[3 * k] = kf_track_in_tangent(&position, k)[1];
        values[3 * k + 1] = kf_track_value(&position, k)[1];
        values[3 * k + 2] = kf_track_out_tangent(&position, k)[1];
    }
    st = kf_track_init(track, KF_CUBICSPLINE, KF_VECTOR, 1, 3, position.times, values);
    if (!st) {
        kf_track_out_tangent(track, 2)[0] = 0.0;  /* unused: the last key holds after the landing */
        hop->t0 = position.times[0];
        hop->T = position.times[1] - position.times[0];
        hop->y0 = values[1];
        hop->h = values[4] - values[1];
        hop->source_m = kf_track_out_tangent(track, 0)[0];
        hop->v0 = 2.0 * hop->h / hop->T;  /* y' falls linearly from v0 to 0 at the apex: h = v0 T / 2 */
        hop->g = hop->v0 / hop->T;
    }
    kf_track_destroy(&position);
    kf_track_destroy(&scale);
    return st;
}

void lab_hop_set_tangent(kf_track *track, double m)
{
    kf_track_out_tangent(track, 0)[0] = m;
    kf_track_in_tangent(track, 2)[0] = -m;
}

double lab_hop_parabola(const lab_hop *hop, double t, double *v)
{
    double u = t - hop->t0;
    if (!(u >= 0.0) || u >= 2.0 * hop->T) {  /* held before and after, as a track holds its end keys */
        if (v)
            *v = 0.0;
        return hop->y0;
    }
    if (v)
        *v = hop->v0 - hop->g * u;
    return hop->y0 + hop->v0 * u - 0.5 * hop->g * u * u;
}

void lab_hop_measure(const lab_hop *hop, const kf_track *track, lab_hop_stats *st)
{
    /* the way up is one Hermite segment: y'(s) t_d = A s^2 + B s + C, a quadratic known from three of its values */
    const double *v0 = kf_track_value_const(track, 0), *v1 = kf_track_value_const(track, 1);
    double m0 = v0[1] * hop->T, m1 = v1[-1] * hop->T;
    double d0 = kf_hermite_deriv(0.0, v0[0], m0, v1[0], m1), dh = kf_hermite_deriv(0.5, v0[0], m0, v1[0], m1),
           d1 = kf_hermite_deriv(1.0, v0[0], m0, v1[0], m1);
    double A = 2.0 * (d0 + d1) - 4.0 * dh, B = d1 - d0 - A, s = 0.0, best = fabs(d0);
    if (fabs(d1) > best)
        s = 1.0, best = fabs(d1);
    if (A != 0.0 && -B / (2.0 * A) > 0.0 && -B / (2.0 * A) < 1.0) {
        double sv = -B / (2.0 * A), dv = fabs((A * sv + B) * sv + d0);
        if (dv > best)
            s = sv, best = dv;
    }
    st->top_speed = best / hop->T;
    st->top_t = hop->t0 + s * hop->T;
    kf_basis b2 = kf_hermite_basis_deriv2(0.0);
    st->accel0 = (b2.h00 * v0[0] + b2.h10 * m0 + b2.h01 * v1[0] + b2.h11 * m1) / (hop->T * hop->T);
    st->off = 0.0, st->off_t = hop->t0;
    for (int i = 0; i < HOP_SAMPLES; i++) {
        double t = hop->t0 + 2.0 * hop->T * i / (HOP_SAMPLES - 1), y;
        kf_track_sample(track, t, &y);
        double d = fabs(y - lab_hop_parabola(hop, t, NULL));
        if (d > st->off)
            st->off = d, st->off_t = t;
    }
}

/* --- rotations about y ---------------------------------------------------------------------------------------- */

void lab_spin_keys(kf_track *t, double deg, double T, double m)
{
    static const double y_axis[3] = {0, 1, 0};
    kf_quat q = kf_quat_from_axis_angle(y_axis, deg * DEG);
    kf_track_set_time(t, 1, T);
    memcpy(kf_track_value(t, 0), (double[]){0, 0, 0, 1}, 4 * sizeof(double));
    memcpy(kf_track_value(t, 1), (double[]){q.x, q.y, q.z, q.w}, 4 * sizeof(double));
    if (t->interp == KF_CUBICSPLINE) {
        memcpy(kf_track_out_tangent(t, 0), (double[]){0, m, 0, 0}, 4 * sizeof(double));
        memcpy(kf_track_in_tangent(t, 1), (double[]){0, -m, 0, 0}, 4 * sizeof(double));
    }
}

void lab_spin_rate_tangents(kf_track *t, double deg, double T)
{
    kf_quat w = {0.0, deg * DEG / T, 0.0, 0.0};  /* a pure quaternion */
    const double *v0 = kf_track_value(t, 0), *v1 = kf_track_value(t, 1);
    kf_quat b0 = kf_quat_mul(w, (kf_quat){v0[0], v0[1], v0[2], v0[3]}),
            a1 = kf_quat_mul(w, (kf_quat){v1[0], v1[1], v1[2], v1[3]});
    memcpy(kf_track_out_tangent(t, 0), (double[]){b0.x / 2, b0.y / 2, b0.z / 2, b0.w / 2}, 4 * sizeof(double));
    memcpy(kf_track_in_tangent(t, 1), (double[]){a1.x / 2, a1.y / 2, a1.z / 2, a1.w / 2}, 4 * sizeof(double));
}

static kf_quat sample_q(const kf_track *t, double time)
{
    double q[4];
    kf_track_sample(t, time, q);
    return kf_quat_normalize((kf_quat){q[0], q[1], q[2], q[3]});
}

double lab_turn_y(const kf_track *t, double time, double near)
{
    kf_quat q = sample_q(t, time);
    double deg = 2.0 * atan2(q.y, q.w) / DEG;
    return deg + 360.0 * round((near - deg) / 360.0);
}

double lab_spin_fd(const kf_track *t, double time, double h)
{
    kf_quat a = sample_q(t, time - h), b = sample_q(t, time + h), q = sample_q(t, time);
    kf_quat dq = {(b.x - a.x) / (2 * h), (b.y - a.y) / (2 * h), (b.z - a.z) / (2 * h), (b.w - a.w) / (2 * h)};
    double w[3];
    kf_quat_angular_velocity(q, dq, w);
    return w[1];
}

double lab_blend_norm(const kf_track *t, double time)
{
    double td = t->times[1] - t->times[0], s = (time - t->times[0]) / td, p[4];
    const double *v0 = kf_track_value_const(t, 0), *v1 = kf_track_value_const(t, 1);
    double b[4], a[4];
    for (int i = 0; i < 4; i++)
        b[i] = td * v0[4 + i], a[i] = td * v1[-4 + i];
    kf_hermite_n(4, s, v0, b, v1, a, p);
    return sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
}
