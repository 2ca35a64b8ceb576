/* keyframe: the Hermite basis and glTF 2.0 keyframe tracks. See include/numlab/keyframe.h. */
#include "kf_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"

_Static_assert(KF_OK == NUMLAB_OK && KF_ERR_ARGS == NUMLAB_ERR_INPUT && KF_ERR_NOMEM == NUMLAB_ERR_NOMEM,
               "keyframe's codes are the library's (common.h)");

/* --- Hermite basis -------------------------------------------------------------------------------------------- */

kf_basis kf_hermite_basis(double s)
{
    double s2 = s * s, s3 = s2 * s;
    return (kf_basis){2.0 * s3 - 3.0 * s2 + 1.0, s3 - 2.0 * s2 + s, -2.0 * s3 + 3.0 * s2, s3 - s2};
}

kf_basis kf_hermite_basis_deriv(double s)
{
    double s2 = s * s;
    return (kf_basis){6.0 * s2 - 6.0 * s, 3.0 * s2 - 4.0 * s + 1.0, -6.0 * s2 + 6.0 * s, 3.0 * s2 - 2.0 * s};
}

kf_basis kf_hermite_basis_deriv2(double s)
{
    return (kf_basis){12.0 * s - 6.0, 6.0 * s - 4.0, -12.0 * s + 6.0, 6.0 * s - 2.0};
}

static double combine(kf_basis b, double p0, double m0, double p1, double m1)
{
    return b.h00 * p0 + b.h10 * m0 + b.h01 * p1 + b.h11 * m1;
}

double kf_hermite(double s, double p0, double m0, double p1, double m1)
{
    return combine(kf_hermite_basis(s), p0, m0, p1, m1);
}

double kf_hermite_deriv(double s, double p0, double m0, double p1, double m1)
{
    return combine(kf_hermite_basis_deriv(s), p0, m0, p1, m1);
}

void kf_hermite_n(size_t n, double s, const double *p0, const double *m0, const double *p1, const double *m1,
                  double *out)
{
    kf_basis b = kf_hermite_basis(s);
    for (size_t i = 0; i < n; i++)
        out[i] = combine(b, p0[i], m0[i], p1[i], m1[i]);
}

/* --- names ---------------------------------------------------------------------------------------------------- */

static const char *const interp_names[KF_INTERP_COUNT] = {"STEP", "LINEAR", "CUBICSPLINE"};

const char *kf_interp_name(kf_interp interp)
{
    return (unsigned)interp < KF_INTERP_COUNT ? interp_names[interp] : "?";
}

int kf_name_index(const char *const *names, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

int kf_interp_parse(const char *name, kf_interp *out)
{
    int i = kf_name_index(interp_names, KF_INTERP_COUNT, name);
    if (i >= 0)
        *out = (kf_interp)i;
    return i < 0 ? -1 : 0;
}

/* --- tracks --------------------------------------------------------------------------------------------------- */

size_t kf_track_stride(const kf_track *t)
{
    return t->interp == KF_CUBICSPLINE ? 3 * t->components : t->components;
}

int kf_track_init(kf_track *t, kf_interp interp, kf_kind kind, size_t components, size_t count,
                  const double *times, const double *values)
{
    memset(t, 0, sizeof *t);
    if (count == 0 || components == 0 || (unsigned)interp >= KF_INTERP_COUNT || (kind != KF_VECTOR && components != 4))
        return KF_ERR_ARGS;
    size_t max_numbers = (size_t)-1 / sizeof(double);
    if (components > max_numbers / 3)
        return KF_ERR_ARGS;
    size_t stride = interp == KF_CUBICSPLINE ? 3 * components : components;
    if (count > max_numbers / stride)
        return KF_ERR_ARGS;
    t->times = calloc(count, sizeof *t->times);
    t->values = calloc(count * stride, sizeof *t->values);
    if (!t->times || !t->values) {
        kf_track_destroy(t);
        return KF_ERR_NOMEM;
    }
    t->interp = interp, t->kind = kind, t->components = components, t->count = count;
    if (times)
        memcpy(t->times, times, count * sizeof *t->times);
    if (values)
        memcpy(t->values, values, count * stride * sizeof *t->values);
    return KF_OK;
}

void kf_track_destroy(kf_track *t)
{
    free(t->times);
    free(t->values);
    memset(t, 0, sizeof *t);
}

/* KF_ERR_ARGS naming the member and the key, or KF_OK (what: NULL). */
static int bad_member(const char *member, size_t key, size_t *bad_key, const char **what)
{
    if (bad_key && member)
        *bad_key = key;
    if (what)
        *what = member;
    return member ? KF_ERR_ARGS : KF_OK;
}

int kf_track_validate(const kf_track *t, size_t *bad_key, const char **what)
{
    size_t stride = kf_track_stride(t);
    for (size_t k = 0; k < t->count; k++)
        if (!isfinite(t->times[k]) || (k > 0 && !(t->times[k] > t->times[k - 1])))
            return bad_member("times", k, bad_key, what);
    for (size_t k = 0; k < t->count; k++)
        for (size_t i = 0; i < stride; i++)
            if (!isfinite(t->values[k * stride + i]))
                return bad_member("values", k, bad_key, what);
    return bad_member(NULL, 0, bad_key, what);
}

double kf_track_start(const kf_track *t)
{
    return t->times[0];
}

double kf_track_end(const kf_track *t)
{
    return t->times[t->count - 1];
}

/* Offsets of a key's parts in the values array. */
static size_t value_offset(const kf_track *t, size_t key)
{
    return key * kf_track_stride(t) + (t->interp == KF_CUBICSPLINE ? t->components : 0);
}

double *kf_track_value(kf_track *t, size_t key)
{
    return t->values + value_offset(t, key);
}

const double *kf_track_value_const(const kf_track *t, size_t key)
{
    return t->values + value_offset(t, key);
}

double *kf_track_in_tangent(kf_track *t, size_t key)
{
    return t->interp == KF_CUBICSPLINE ? t->values + key * kf_track_stride(t) : NULL;
}

double *kf_track_out_tangent(kf_track *t, size_t key)
{
    return t->interp == KF_CUBICSPLINE ? t->values + key * kf_track_stride(t) + 2 * t->components : NULL;
}

int kf_track_set_time(kf_track *t, size_t key, double time)
{
    if (key >= t->count || !isfinite(time) || (key > 0 && !(time > t->times[key - 1])) ||
        (key + 1 < t->count && !(time < t->times[key + 1])))
        return KF_ERR_ARGS;
    t->times[key] = time;
    return KF_OK;
}

/* --- finding the segment ------------------------------------------------------------------------------------- */

size_t kf_track_find(const kf_track *t, double time)
{
    size_t last = t->count - 1;
    if (last == 0 || !(time > t->times[0]))
        return 0;
    if (time >= t->times[last])
        return last;
    size_t lo = 0, hi = last;  /* times[lo] <= time < times[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->times[mid] <= time)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* The forward walk a cursor tries before it gives up and searches: playback at any sane frame rate crosses at most
 * a key or two a frame. */
#define CURSOR_WALK 4

size_t kf_cursor_seek(kf_cursor *c, const kf_track *t, double time)
{
    size_t last = t->count - 1, k = c->key;
    if (k < last && t->times[k] <= time) {
        for (int walked = 0; walked <= CURSOR_WALK; walked++, k++) {
            if (k == last || time < t->times[k + 1])
                return c->key = k;
        }
    }
    return c->key = kf_track_find(t, time);
}

/* --- sampling ------------------------------------------------------------------------------------------------- */

/* The segment [t_k, t_{k+1}) containing time, as k, t_d and s; false when time is outside the keys (or the track
 * has one key) and the value is held: *held then is the key to hold. At exactly the first key the value is the
 * same either way; the velocity wants the segment (from_first). */
typedef struct {
    size_t k;
    double td, s;
} segment;

static bool locate(const kf_track *t, size_t k, double time, bool from_first, segment *seg, size_t *held)
{
    size_t last = t->count - 1;
    if (last == 0 || !(time > t->times[0] || (from_first && time == t->times[0]))) {
        *held = 0;
        return false;
    }
    if (time >= t->times[last]) {
        *held = last;
        return false;
    }
    seg->k = k;
    seg->td = t->times[k + 1] - t->times[k];
    seg->s = (time - t->times[k]) / seg->td;
    return true;
}

static void sample_segment(const kf_track *t, segment g, double *out)
{
    size_t n = t->components;
    const double *v0 = kf_track_value_const(t, g.k), *v1 = kf_track_value_const(t, g.k + 1);
    bool quaternion = t->kind != KF_VECTOR;
    switch (t->interp) {
    case KF_STEP:
        memcpy(out, v0, n * sizeof *out);
        return;
    case KF_LINEAR:
        if (!quaternion) {
            for (size_t i = 0; i < n; i++)
                out[i] = (1.0 - g.s) * v0[i] + g.s * v1[i];
        } else if (t->kind == KF_QUATERNION) {
            kf_quat_store(kf_quat_slerp(kf_quat_load(v0), kf_quat_load(v1), g.s), out);
        } else {
            kf_quat_store(kf_quat_nlerp(kf_quat_load(v0), kf_quat_load(v1), g.s), out);
        }
        return;
    case KF_CUBICSPLINE: {
        /* v = h00 v_k + t_d h10 b_k + h01 v_{k+1} + t_d h11 a_{k+1}: the tangents are scaled by the interval. */
        const double *b0 = v0 + n, *a1 = v1 - n;
        kf_basis b = kf_hermite_basis(g.s);
        b.h10 *= g.td, b.h11 *= g.td;
        for (size_t i = 0; i < n; i++)
            out[i] = combine(b, v0[i], b0[i], v1[i], a1[i]);
        if (quaternion)
            kf_quat_store(kf_quat_normalize(kf_quat_load(out)), out);
        return;
    }
    default:
        return;
    }
}

static void sample_at(const kf_track *t, size_t k, double time, double *out)
{
    segment g;
    size_t held;
    if (locate(t, k, time, false, &g, &held))
        sample_segment(t, g, out);
    else
        memcpy(out, kf_track_value_const(t, held), t->components * sizeof *out);
}

void kf_track_sample(const kf_track *t, double time, double *out)
{
    sample_at(t, kf_track_find(t, time), time, out);
}

void kf_track_sample_cursor(const kf_track *t, kf_cursor *c, double time, double *out)
{
    sample_at(t, kf_cursor_seek(c, t, time), time, out);
}

/* --- velocity ------------------------------------------------------------------------------------------------- */

static void velocity_segment(const kf_track *t, segment g, double *out)
{
    size_t n = t->components;
    const double *v0 = kf_track_value_const(t, g.k), *v1 = kf_track_value_const(t, g.k + 1);
    kf_quat q0 = {0}, q1 = {0}, dq;
    if (t->kind != KF_VECTOR)
        q0 = kf_quat_load(v0), q1 = kf_quat_load(v1);
    switch (t->interp) {
    case KF_LINEAR:
        if (t->kind == KF_VECTOR) {
            for (size_t i = 0; i < n; i++)
                out[i] = (v1[i] - v0[i]) / g.td;
            return;
        }
        dq = t->kind == KF_QUATERNION ? kf_quat_slerp_deriv(q0, q1, g.s) : kf_quat_nlerp_deriv(q0, q1, g.s);
        break;
    case KF_CUBICSPLINE: {
        /* d/dt = (1/t_d) d/ds; the basis derivatives combine exactly like the basis. */
        const double *b0 = v0 + n, *a1 = v1 - n;
        kf_basis b = kf_hermite_basis(g.s), db = kf_hermite_basis_deriv(g.s);
        b.h10 *= g.td, b.h11 *= g.td, db.h10 *= g.td, db.h11 *= g.td;
        for (size_t i = 0; i < n; i++)
            out[i] = combine(db, v0[i], b0[i], v1[i], a1[i]);
        if (t->kind == KF_VECTOR) {
            for (size_t i = 0; i < n; i++)
                out[i] /= g.td;
            return;
        }
        double p[4];
        for (size_t i = 0; i < 4; i++)
            p[i] = combine(b, v0[i], b0[i], v1[i], a1[i]);
        dq = kf_quat_normalize_deriv(kf_quat_load(p), kf_quat_load(out));
        break;
    }
    default: /* STEP */
        memset(out, 0, n * sizeof *out);
        return;
    }
    kf_quat_store((kf_quat){dq.x / g.td, dq.y / g.td, dq.z / g.td, dq.w / g.td}, out);
}

void kf_track_velocity(const kf_track *t, double time, double *out)
{
    segment g;
    size_t held;
    if (locate(t, kf_track_find(t, time), time, true, &g, &held))
        velocity_segment(t, g, out);
    else
        memset(out, 0, t->components * sizeof *out);
}
