/* keyframe: cubic Hermite curves, glTF 2.0 keyframe tracks, quaternions, clips and a mixer (the keyframe tutorial).
 *
 * The Hermite basis on s in [0, 1] (the keyframe tutorial, "Paso 1"):
 *   h00 = 2s^3 - 3s^2 + 1,  h10 = s^3 - 2s^2 + s,  h01 = -2s^3 + 3s^2,  h11 = s^3 - s^2,
 *   h(s) = h00 p0 + h10 m0 + h01 p1 + h11 m1.
 * With it cubicSpline(0.5, 0, 5, 10, -2) is 5.875, not the ~6.875 the keyframe tutorial prints (its arithmetic slip).
 *
 * Tracks follow the glTF 2.0 specification (appendix C, "Interpolation"), not the keyframe tutorial: with
 * t_d = t_{k+1} - t_k and s = (t - t_k) / t_d, a CUBICSPLINE key stores [a_k (in-tangent), v_k, b_k (out-tangent)] and
 *   v(t) = h00(s) v_k + t_d h10(s) b_k + h01(s) v_{k+1} + t_d h11(s) a_{k+1},
 * i.e. tangents are slopes per second and are scaled by the key interval. Rotations (KF_QUATERNION) are slerped
 * along the shortest path in LINEAR mode and normalized after the component-wise cubic in CUBICSPLINE mode (the
 * keyframe tutorial's "slerp even in cubic mode" is not what glTF does). Before the first key a track holds the first
 * value, after the last key the last value.
 *
 * Editing: values, tangents and times live in plain arrays the caller may change at any time (kf_track_value,
 * kf_track_in_tangent, kf_track_out_tangent, kf_track_set_time); sampling reads them directly and caches nothing,
 * so an edit shows at the next sample (O(log n) a sample, O(1) amortized with a cursor).
 *
 * Ownership: kf_track_init / kf_track_destroy, kf_clip_init / kf_clip_destroy. The mixer only borrows clips. */
#ifndef NUMLAB_KEYFRAME_H
#define NUMLAB_KEYFRAME_H

#include <stdbool.h>
#include <stddef.h>

/* --- Hermite basis -------------------------------------------------------------------------------------------- */

typedef struct {
    double h00, h10, h01, h11;
} kf_basis;

kf_basis kf_hermite_basis(double s);        /* the four basis functions at s */
kf_basis kf_hermite_basis_deriv(double s);  /* their derivatives d/ds */
kf_basis kf_hermite_basis_deriv2(double s); /* their second derivatives d2/ds2 */

/* h(s) for scalars, in the keyframe tutorial's argument order cubicSpline(t, p0, m0, p1, m1). */
double kf_hermite(double s, double p0, double m0, double p1, double m1);
/* dh/ds. */
double kf_hermite_deriv(double s, double p0, double m0, double p1, double m1);
/* The n-component version: out[i] = h(s) of the i-th components (out may alias none of the inputs). */
void kf_hermite_n(size_t n, double s, const double *p0, const double *m0, const double *p1, const double *m1,
                  double *out);

/* --- quaternions (x, y, z, w), the glTF order ----------------------------------------------------------------- */

typedef struct {
    double x, y, z, w;
} kf_quat;

kf_quat kf_quat_identity(void);
/* Rotation by angle (radians) about axis (need not be unit; a zero axis gives the identity). */
kf_quat kf_quat_from_axis_angle(const double axis[3], double angle);
double kf_quat_dot(kf_quat a, kf_quat b);
double kf_quat_norm(kf_quat q);
/* q / |q|; the zero quaternion gives the identity. */
kf_quat kf_quat_normalize(kf_quat q);
kf_quat kf_quat_mul(kf_quat a, kf_quat b);  /* Hamilton product: rotate by b, then by a */
/* The rotation angle of a unit quaternion in [0, pi] (q and -q are the same rotation). */
double kf_quat_angle(kf_quat q);
/* The angle between the rotations a and b in [0, pi]: 2 acos(|a . b|) for unit quaternions. */
double kf_quat_angle_between(kf_quat a, kf_quat b);
/* v rotated by the unit quaternion q: q v q^-1. */
void kf_quat_rotate(kf_quat q, const double v[3], double out[3]);

/* Spherical linear interpolation along the shortest path (glTF appendix C):
 *   d = a . b,  theta = acos(|d|),  slerp = sin((1-s) theta)/sin(theta) a + sign(d) sin(s theta)/sin(theta) b,
 * with its limit (1-s) a + sign(d) s b when theta is tiny. Unit inputs give a unit result. */
kf_quat kf_quat_slerp(kf_quat a, kf_quat b, double s);
/* Normalized lerp along the shortest path: normalize((1-s) a + sign(d) s b). Same end points and path as slerp,
 * but not constant angular speed; shown for comparison. */
kf_quat kf_quat_nlerp(kf_quat a, kf_quat b, double s);

/* --- tracks --------------------------------------------------------------------------------------------------- */

typedef enum {
    KF_STEP,         /* hold v_k on [t_k, t_{k+1}) */
    KF_LINEAR,       /* lerp (vectors) or slerp (quaternions) */
    KF_CUBICSPLINE,  /* Hermite with [in-tangent, value, out-tangent] keys, tangents scaled by t_d */
    KF_INTERP_COUNT
} kf_interp;

const char *kf_interp_name(kf_interp interp);  /* "STEP", "LINEAR", "CUBICSPLINE" (the glTF names) */
int kf_interp_parse(const char *name, kf_interp *out);  /* 0, or -1 for an unknown name (case-sensitive) */

typedef enum {
    KF_VECTOR,            /* any number of independent components */
    KF_QUATERNION,        /* 4 components (x, y, z, w): LINEAR slerps, CUBICSPLINE normalizes (glTF) */
    KF_QUATERNION_NLERP,  /* as KF_QUATERNION but LINEAR uses nlerp: for comparison only, not glTF */
} kf_kind;

typedef struct {
    kf_interp interp;
    kf_kind kind;
    size_t components;  /* N: 3 for translation/scale, 4 for rotation, the morph target count for weights */
    size_t count;       /* number of keys, >= 1 */
    double *times;      /* count key times, strictly increasing */
    double *values;     /* count * kf_track_stride() numbers: per key [v] or, for CUBICSPLINE, [a, v, b] */
} kf_track;

/* The library's error convention (common.h): NUMLAB_OK, NUMLAB_ERR_INPUT and NUMLAB_ERR_NOMEM under keyframe's
 * names. */
#define KF_OK 0
#define KF_ERR_ARGS (-1)    /* bad input: zero count or components, a quaternion without 4 components, bad keys */
#define KF_ERR_NOMEM (-2)

/* Allocates a track of `count` keys of `components` components. times and values are copied when given (values in
 * the layout above), zero otherwise. Returns KF_OK, KF_ERR_ARGS or KF_ERR_NOMEM; does not validate the numbers. */
int kf_track_init(kf_track *t, kf_interp interp, kf_kind kind, size_t components, size_t count,
                  const double *times, const double *values);
void kf_track_destroy(kf_track *t);
/* Numbers a key occupies: components, or 3 * components for CUBICSPLINE. */
size_t kf_track_stride(const kf_track *t);
/* KF_OK, or KF_ERR_ARGS with *what (if not NULL) naming the member at fault: "times" (not finite or not strictly
 * increasing) or "values" (a value or tangent not finite); *bad_key (if not NULL) gets the first offending key.
 * *what is NULL on success. */
int kf_track_validate(const kf_track *t, size_t *bad_key, const char **what);

double kf_track_start(const kf_track *t);  /* first key time */
double kf_track_end(const kf_track *t);    /* last key time */

/* Pointers into the key data for editing: the value, and for CUBICSPLINE the tangents (NULL otherwise). */
double *kf_track_value(kf_track *t, size_t key);
double *kf_track_in_tangent(kf_track *t, size_t key);
double *kf_track_out_tangent(kf_track *t, size_t key);
const double *kf_track_value_const(const kf_track *t, size_t key);
/* Moves a key in time; KF_ERR_ARGS (and nothing changes) unless the key exists and the time is finite and strictly
 * between the neighbouring keys' times. */
int kf_track_set_time(kf_track *t, size_t key, double time);

/* The segment for `time`: the largest k <= count - 2 with times[k] <= time (binary search), 0 before the first
 * key, and count - 1 at or after the last key (and for a one-key track). */
size_t kf_track_find(const kf_track *t, double time);

/* Remembers the last segment, so that playback moving forward costs O(1) a sample; any jump falls back to the
 * binary search. Start with KF_CURSOR_INIT, or any value: a stale cursor is never wrong, only slower. */
typedef struct {
    size_t key;
} kf_cursor;
#define KF_CURSOR_INIT {0}
size_t kf_cursor_seek(kf_cursor *c, const kf_track *t, double time);  /* same result as kf_track_find */

/* The value at `time` (components numbers into out), exactly as glTF 2.0 specifies. NaN or -inf times give the
 * first value, +inf the last. */
void kf_track_sample(const kf_track *t, double time, double *out);
void kf_track_sample_cursor(const kf_track *t, kf_cursor *c, double time, double *out);
/* The time derivative of the sampled value (units per second): 0 for STEP, before the first key and at or after
 * the last key; at any other key time (the first included) it is the derivative of the segment that starts there
 * (the right derivative: b_k for CUBICSPLINE). For quaternions it is the derivative of the returned (slerped or
 * normalized) quaternion. */
void kf_track_velocity(const kf_track *t, double time, double *out);

/* --- rotation tracks: angular velocity and hemispheres ------------------------------------------------------ */

/* The angular velocity w (rad/s, world frame) of a unit quaternion q moving at dq = dq/dt: q' = w q / 2, so
 * (w, 0) = 2 q' q^-1 (the vector part; the scalar part 2 q . q' is 0 for a q' tangent to the unit sphere). */
void kf_quat_angular_velocity(kf_quat q, kf_quat dq, double w[3]);
/* The angular velocity of a quaternion track's sampled rotation at `time` (rad/s, world frame), from the exact
 * derivative kf_track_velocity: constant theta / t_d about the axis for slerp between keys theta apart. 0 for
 * vector tracks and wherever kf_track_velocity is 0. */
void kf_track_angular_velocity(const kf_track *t, double time, double w[3]);
/* q and -q are the same rotation, but a CUBICSPLINE track blends the components as stored: keys in opposite
 * hemispheres (v_k . v_{k+1} < 0) send the blend the long way round (and through |p| near 0). glTF 2.0 (appendix C)
 * does not require consecutive keys in one hemisphere; it asks exporters only to avoid v_k = -v_{k+1}. This
 * preprocessing negates, in key order, every key (value and both tangents) whose value has a negative dot product
 * with the previous key's, so that v_k . v_{k+1} >= 0 throughout: every key stays the same rotation, and a cubic
 * track then plays the short way. LINEAR (slerp) and STEP tracks play the same rotations before and after. Vector
 * tracks are left alone. Returns the number of keys negated. */
size_t kf_track_align_hemispheres(kf_track *t);

/* --- clips ---------------------------------------------------------------------------------------------------- */

typedef enum {
    KF_PATH_TRANSLATION,
    KF_PATH_ROTATION,
    KF_PATH_SCALE,
    KF_PATH_WEIGHTS,
    KF_PATH_COUNT
} kf_path;

const char *kf_path_name(kf_path path);  /* "translation", "rotation", "scale", "weights" */
int kf_path_parse(const char *name, kf_path *out);

typedef struct {
    size_t node;     /* the target node's index */
    kf_path path;
    kf_track track;
} kf_channel;

typedef struct {
    char *name;          /* owned; NULL when unnamed */
    kf_channel *channels;
    size_t channel_count;
    double duration;     /* the latest last-key time over the channels (kf_clip_update_duration) */
} kf_clip;

/* Allocates channel_count zeroed channels (their tracks still to be initialized); copies name (may be NULL).
 * KF_OK or KF_ERR_NOMEM. */
int kf_clip_init(kf_clip *c, const char *name, size_t channel_count);
/* Destroys every channel's track (zeroed tracks are fine) and the clip. */
void kf_clip_destroy(kf_clip *c);
void kf_clip_update_duration(kf_clip *c);
/* The channel animating (node, path), or NULL. */
const kf_channel *kf_clip_find(const kf_clip *c, size_t node, kf_path path);

/* --- mixer ---------------------------------------------------------------------------------------------------- */

typedef enum {
    KF_WRAP_LOOP,   /* time wraps modulo the duration */
    KF_WRAP_CLAMP,  /* time stops at 0 or the duration, and the action is finished */
} kf_wrap;

typedef struct {
    const kf_clip *clip;  /* borrowed; NULL when nothing plays */
    double time;          /* clip-local time, in [0, duration] */
    kf_wrap wrap;
    bool finished;        /* a clamped action reached its end */
} kf_action;

typedef struct {
    kf_action current;
    kf_action previous;    /* fading out while a crossfade runs */
    double fade_elapsed;   /* seconds of real (unscaled) time into the crossfade */
    double fade_duration;  /* 0 when no crossfade runs */
    double speed;          /* clip seconds per update second; negative plays backwards; default 1 */
    bool paused;
} kf_mixer;

void kf_mixer_init(kf_mixer *m);
/* Plays clip from time 0 at once (a running crossfade is dropped). clip may be NULL (stop). */
void kf_mixer_play(kf_mixer *m, const kf_clip *clip, kf_wrap wrap);
/* Starts clip at time 0 and fades from what plays now to it over `duration` seconds: the new clip's weight rises
 * linearly from 0 to 1. KF_ERR_ARGS (nothing changes) unless duration is finite and > 0. */
int kf_mixer_crossfade(kf_mixer *m, const kf_clip *clip, kf_wrap wrap, double duration);
void kf_mixer_set_paused(kf_mixer *m, bool paused);
/* KF_ERR_ARGS (nothing changes) for a non-finite speed. */
int kf_mixer_set_speed(kf_mixer *m, double speed);
/* Sets the current action's time (wrapped or clamped as it plays). */
void kf_mixer_seek(kf_mixer *m, double time);
/* Advances by dt seconds of real time (negative or non-finite dt counts as 0). Paused: nothing moves. */
void kf_mixer_update(kf_mixer *m, double dt);
/* The current action's weight in [0, 1]: 1 unless a crossfade runs. */
double kf_mixer_weight(const kf_mixer *m);
/* The blended value of (node, path) into out (components numbers). An action that does not animate it contributes
 * `rest` (the node's own value). Vectors blend linearly, rotations by shortest-path slerp. Returns true when some
 * playing clip animates (node, path), false when out is just rest. */
bool kf_mixer_sample(const kf_mixer *m, size_t node, kf_path path, const double *rest, size_t components,
                     double *out);

#endif
