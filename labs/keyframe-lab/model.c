/* keyframe-lab's model (no curses, no printing): the keyframe tutorial's keyframes ("Paso 5", "Paso 7" and
 * "Rotaciones con Cubic Spline") as it prints them, the numbers behind the walk's later steps (the thrown ball a
 * Hermite segment can or cannot be, a rotation track's angular velocity, the blend of keys in opposite hemispheres;
 * tests/test_keyframe_lab_claims.c checks them against closed forms), and the scene geometry and playback clock
 * the panes draw with (tests/test_keyframe_lab_scene.c).
 *
 * The keyframes are played by the glTF 2.0 rules, not the keyframe tutorial's: CUBICSPLINE tangents are scaled by the
 * key interval, which makes a tangent a velocity in units per second (the bounce's out-tangent 8 leaves the ground at
 * 8 units/s; read as the keyframe tutorial's unscaled per-segment tangent over 0.5 s keys it would be 16 units/s),
 * and the cubic rotation is normalized, not slerped. */
#include <math.h>
#include <string.h>

#include "model.h"
#include "numlab/common.h"

#define HOP_SAMPLES 2001

/* --- the keyframe tutorial's keys ------------------------------------------------------------------------------ */

/* Paso 7: the same three keys, (0,0,0) -> (0,3,0) -> (0,0,0); the cubic ball leaves with (0,5,0) and lands with
 * (0,-5,0). */
int kl_tutorial_balls(kf_track balls[3])
{
    static const double times[3] = {0, 1, 2};
    static const double keys[9] = {0, 0, 0, 0, 3, 0, 0, 0, 0};
    static const double cubic[27] = {0, 0, 0, 0, 0, 0, 0, 5, 0, /**/ 0, 0, 0, 0, 3, 0, 0, 0, 0,
                                     0, -5, 0, 0, 0, 0, 0, 0, 0};
    int st;
    if ((st = kf_track_init(&balls[0], KF_STEP, KF_VECTOR, 3, 3, times, keys)) ||
        (st = kf_track_init(&balls[1], KF_LINEAR, KF_VECTOR, 3, 3, times, keys)) ||
        (st = kf_track_init(&balls[2], KF_CUBICSPLINE, KF_VECTOR, 3, 3, times, cubic))) {
        for (int i = 0; i < 3; i++)
            kf_track_destroy(&balls[i]);
    }
    return st;
}

/* Paso 5: the ball leaves the ground, peaks at 4, lands, bounces to 2 and rests; squashed (1.2, 0.8, 1.2) at take-off,
 * stretched (0.85, 1.3, 0.85) at the top, squashed (1.3, 0.7, 1.3) on landing, (0.9, 1.15, 0.9), then (1, 1, 1). */
int kl_tutorial_bounce(kf_track *position, kf_track *scale)
{
    static const double times[5] = {0, 0.5, 1.0, 1.5, 2.0};
    static const double moves[45] = {0, 0, 0, 0, 0, 0, 0, 8, 0, /**/ 0, 0, 0, 0, 4, 0, 0, 0, 0,
                                     0, -8, 0, 0, 0, 0, 0, 5, 0, /**/ 0, 0, 0, 0, 2, 0, 0, 0, 0,
                                     0, -3, 0, 0, 0, 0, 0, 0, 0};
    static const double shapes[45] = {0, 0, 0, 1.2, 0.8, 1.2, 0, 0, 0, /**/ 0, 0, 0, 0.85, 1.3, 0.85, 0, 0, 0,
                                      0, 0, 0, 1.3, 0.7, 1.3, 0, 0, 0, /**/ 0, 0, 0, 0.9, 1.15, 0.9, 0, 0, 0,
                                      0, 0, 0, 1, 1, 1, 0, 0, 0};
    int st = kf_track_init(position, KF_CUBICSPLINE, KF_VECTOR, 3, 5, times, moves);
    if (!st && (st = kf_track_init(scale, KF_CUBICSPLINE, KF_VECTOR, 3, 5, times, shapes)))
        kf_track_destroy(position);
    return st;
}

/* The rotation track: identity, then (0, 0.707, 0, 0.707) (90 degrees about y, as the keyframe tutorial rounds it),
 * out-tangent (0, 1, 0, 0) and in-tangent (0, -1, 0, 0); and the same two keys as LINEAR. */
int kl_tutorial_rotation(kf_track *linear, kf_track *cubic)
{
    static const double times[2] = {0, 1};
    static const double keys[8] = {0, 0, 0, 1, 0, 0.707, 0, 0.707};
    static const double tangents[24] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0,
                                        0, -1, 0, 0, 0, 0.707, 0, 0.707, 0, 0, 0, 0};
    int st = kf_track_init(linear, KF_LINEAR, KF_QUATERNION, 4, 2, times, keys);
    if (!st && (st = kf_track_init(cubic, KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, tangents)))
        kf_track_destroy(linear);
    return st;
}

/* --- the thrown ball ------------------------------------------------------------------------------------------ */

int kl_hop_init(kl_hop *hop, kf_track *track)
{
    kf_track position, scale;
    int st = kl_tutorial_bounce(&position, &scale);
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

void kl_hop_set_tangent(kf_track *track, double m)
{
    kf_track_out_tangent(track, 0)[0] = m;
    kf_track_in_tangent(track, 2)[0] = -m;
}

double kl_hop_parabola(const kl_hop *hop, double t, double *v)
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

void kl_hop_measure(const kl_hop *hop, const kf_track *track, kl_hop_stats *st)
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
        double d = fabs(y - kl_hop_parabola(hop, t, NULL));
        if (d > st->off)
            st->off = d, st->off_t = t;
    }
}

/* --- rotations about y ---------------------------------------------------------------------------------------- */

void kl_spin_keys(kf_track *t, double deg, double T, double m)
{
    static const double y_axis[3] = {0, 1, 0};
    kf_quat q = kf_quat_from_axis_angle(y_axis, deg * KL_DEG);
    kf_track_set_time(t, 1, T);
    memcpy(kf_track_value(t, 0), (double[]){0, 0, 0, 1}, 4 * sizeof(double));
    memcpy(kf_track_value(t, 1), (double[]){q.x, q.y, q.z, q.w}, 4 * sizeof(double));
    if (t->interp == KF_CUBICSPLINE) {
        memcpy(kf_track_out_tangent(t, 0), (double[]){0, m, 0, 0}, 4 * sizeof(double));
        memcpy(kf_track_in_tangent(t, 1), (double[]){0, -m, 0, 0}, 4 * sizeof(double));
    }
}

void kl_spin_rate_tangents(kf_track *t, double deg, double T)
{
    kf_quat w = {0.0, deg * KL_DEG / T, 0.0, 0.0};  /* a pure quaternion */
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

double kl_turn_y(const kf_track *t, double time, double near)
{
    kf_quat q = sample_q(t, time);
    double deg = 2.0 * atan2(q.y, q.w) / KL_DEG;
    return deg + 360.0 * round((near - deg) / 360.0);
}

double kl_spin_fd(const kf_track *t, double time, double h)
{
    kf_quat a = sample_q(t, time - h), b = sample_q(t, time + h), q = sample_q(t, time);
    kf_quat dq = {(b.x - a.x) / (2 * h), (b.y - a.y) / (2 * h), (b.z - a.z) / (2 * h), (b.w - a.w) / (2 * h)};
    double w[3];
    kf_quat_angular_velocity(q, dq, w);
    return w[1];
}

double kl_blend_norm(const kf_track *t, double time)
{
    double td = t->times[1] - t->times[0], s = (time - t->times[0]) / td, p[4];
    const double *v0 = kf_track_value_const(t, 0), *v1 = kf_track_value_const(t, 1);
    double b[4], a[4];
    for (int i = 0; i < 4; i++)
        b[i] = td * v0[4 + i], a[i] = td * v1[-4 + i];
    kf_hermite_n(4, s, v0, b, v1, a, p);
    return sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
}

/* --- the clock ------------------------------------------------------------------------------------------------ */

void kl_clock_start(kl_clock *c, double duration, double speed, bool loop)
{
    ts_accumulator_init(&c->acc, TS_DEFAULT_STEP, TS_DEFAULT_CAP);
    c->time = 0.0;
    c->duration = duration > 0.0 && isfinite(duration) ? duration : 0.0;
    c->speed = speed > 0.0 && isfinite(speed) ? speed : 1.0;
    c->loop = loop;
    c->done = c->duration == 0.0;
}

/* Brings t into [0, duration]: wrapped when looping, else clamped (and then the clip is done). */
static double settle(const kl_clock *c, double t, bool *done)
{
    *done = false;
    if (t < c->duration)
        return t;
    if (c->loop)
        return fmod(t, c->duration);
    *done = true;
    return c->duration;
}

bool kl_clock_tick(kl_clock *c, double frame_dt)
{
    if (c->done)
        return false;
    unsigned steps = ts_accumulator_feed(&c->acc, frame_dt);
    c->time = settle(c, c->time + steps * c->acc.step * c->speed, &c->done);
    return !c->done;
}

void kl_clock_seek(kl_clock *c, double t)
{
    c->acc.acc = 0.0;
    c->time = t > 0.0 ? (t < c->duration ? t : c->duration) : 0.0;  /* NaN -> 0 */
    c->done = !c->loop && c->time >= c->duration;
}

double kl_clock_now(const kl_clock *c)
{
    if (c->done)
        return c->duration;
    bool done;
    return settle(c, c->time + ts_accumulator_alpha(&c->acc) * c->acc.step * c->speed, &done);
}

/* --- the view ------------------------------------------------------------------------------------------------- */

static bool positive(double v)
{
    return v > 0.0 && isfinite(v);
}

size_t kl_scene_ellipse(double cx, double cy, double rx, double ry, int chords, int outline, double *xy, size_t cap)
{
    if (!positive(rx) || !positive(ry) || !isfinite(cx) || !isfinite(cy) || chords < 0 || outline < 0 ||
        (outline > 0 && outline < 3))
        return 0;
    size_t need = 3 * (size_t)chords + (outline ? (size_t)outline + 1 : 0), n = 0;
    if (need > cap)
        return 0;
    for (int i = 0; i < chords; i++) {
        /* the chord through the middle of the i-th of `chords` equal bands of the height */
        double u = -1.0 + (2.0 * i + 1.0) / chords, half = rx * sqrt(1.0 - u * u), y = cy + ry * u;
        xy[2 * n] = cx - half, xy[2 * n + 1] = y, n++;
        xy[2 * n] = cx + half, xy[2 * n + 1] = y, n++;
        xy[2 * n] = NAN, xy[2 * n + 1] = NAN, n++;
    }
    for (int j = 0; j <= outline && outline; j++) {
        double a = 2.0 * NUMLAB_PI * (j == outline ? 0 : j) / outline;
        xy[2 * n] = cx + rx * cos(a), xy[2 * n + 1] = cy + ry * sin(a), n++;
    }
    return n;
}

void kl_scene_squash(double r, const double scale[3], bool keep_volume, bool pivot_floor, double y, double *rx,
                  double *ry, double *cy)
{
    *rx = r * (keep_volume ? 1.0 / sqrt(scale[1]) : scale[0]);
    *ry = r * scale[1];
    *cy = pivot_floor ? y - r + *ry : y;
}

kf_quat kl_scene_view(double yaw, double pitch)
{
    static const double up[3] = {0, 1, 0}, right[3] = {1, 0, 0};
    return kf_quat_mul(kf_quat_from_axis_angle(right, pitch), kf_quat_from_axis_angle(up, yaw));
}

void kl_scene_project(kf_quat view, const double p[3], double out[3])
{
    kf_quat_rotate(view, p, out);
}

void kl_scene_triad(kf_quat q, kf_quat view, double tips[3][3])
{
    kf_quat world = kf_quat_normalize(q);
    for (int axis = 0; axis < 3; axis++) {
        double e[3] = {axis == 0, axis == 1, axis == 2}, r[3];
        kf_quat_rotate(world, e, r);
        kl_scene_project(view, r, tips[axis]);
    }
}
