/* keyframe-lab's model: the keyframe tutorial's keys, the numbers the walk's later steps state, the playback clock
 * and the scene geometry the panes draw with (model.c), and the demos' curves that --csv --demo prints
 * (model_demos.c): kl_demo_params in, kl_model_compute one row at a time into a kl_demo_row. Numerics only: no
 * terminal, plot, option table or figure here, and nothing printed (docs/lab-map.md). Every name starts with kl_ or
 * KL_. */
#ifndef KEYFRAME_LAB_MODEL_H
#define KEYFRAME_LAB_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/common.h"
#include "numlab/keyframe.h"
#include "numlab/timestep.h"

#define KL_DEG (NUMLAB_PI / 180.0)

/* --times A:B:STEP, or the default of each output when not given. */
typedef struct {
    double a, b, step;
    bool given;
} kl_times;

#define KL_MAX_SAMPLES 1000000

/* The sample times A, A + STEP, ... up to B (inclusive within rounding): how many, and the i-th. */
size_t kl_times_count(const kl_times *t);
double kl_times_at(const kl_times *t, size_t i);
/* --- the model (model.c) ------------------------------------------------------------------------------------ */

/* The keyframe tutorial's keyframes, in the glTF layout; each returns KF_OK or KF_ERR_NOMEM. */
int kl_tutorial_balls(kf_track balls[3]);                     /* STEP, LINEAR, CUBICSPLINE on keys t = 0, 1, 2 */
int kl_tutorial_bounce(kf_track *position, kf_track *scale);  /* the bouncing ball, CUBICSPLINE, t = 0 .. 2 */
int kl_tutorial_rotation(kf_track *linear, kf_track *cubic);  /* identity -> 90 degrees about y, t = 0 .. 1 */

/* The thrown ball, angular velocity and hemispheres: what the walk's steps 5, 8 and 9 state. */

/* The bounce's first hop: its keys 0, 1, 2 (take-off, apex, landing) as a 1-component CUBICSPLINE track (y), and
 * the thrown ball through the same points: y = y0 + v0 (t - t0) - g (t - t0)^2 / 2 with g = 2h/T^2, v0 = 2h/T. */
typedef struct {
    double t0, T, y0, h;  /* take-off time and height, time to the apex, apex height above take-off */
    double source_m;  /* the source text's take-off out-tangent (units/s by the glTF rule) */
    double g, v0;  /* the parabola's gravity and take-off speed */
} kl_hop;

/* The hop from kl_tutorial_bounce into *hop and *track (take-off tangent source_m, landing in-tangent the source's).
 * KF_OK or KF_ERR_NOMEM. */
int kl_hop_init(kl_hop *hop, kf_track *track);
/* Take-off out-tangent m at key 0 and landing in-tangent -m at key 2 (the source's pair is 8, -8). */
void kl_hop_set_tangent(kf_track *track, double m);
/* The thrown ball at t: y, and its velocity into *v (may be NULL); held at y0 with v = 0 before the take-off and
 * from the landing on, as a track holds its end keys (at the take-off v is v0, the right derivative). */
double kl_hop_parabola(const kl_hop *hop, double t, double *v);

typedef struct {
    double top_speed, top_t;  /* the largest |y'| on the way up (take-off to apex) and when */
    double accel0;  /* y'' just after take-off (units/s^2; the parabola's is -g) */
    double off, off_t;  /* the largest |y - parabola| over the hop and where */
} kl_hop_stats;
/* What the walk's notes say about a hop track: the top speed from the quadratic y'(s) (exact), the rest sampled. */
void kl_hop_measure(const kl_hop *hop, const kf_track *track, kl_hop_stats *st);

/* A two-key rotation about y: the identity at 0 and `deg` degrees at T (T, the values, and for CUBICSPLINE
 * tangents (0, m, 0, 0) out of the first key and (0, -m, 0, 0) into the second: the source text's pair for m = 1). */
void kl_spin_keys(kf_track *t, double deg, double T, double m);
/* The same keys with the tangents of a constant-rate turn, q' = w q / 2 with w = (deg / T) about y. */
void kl_spin_rate_tangents(kf_track *t, double deg, double T);
/* The signed angle about y in degrees, 2 atan2(q_y, q_w), shifted by a multiple of 360 to within 180 of `near`
 * (pass the previous sample's to follow a turn past 180 degrees). */
double kl_turn_y(const kf_track *t, double time, double near);
/* The angular velocity about y by the central difference of the sampled quaternions, 2 (q(t+h) - q(t-h))/(2h) q*,
 * rad/s: an estimate independent of kf_track_velocity, good to O(h^2). */
double kl_spin_fd(const kf_track *t, double time, double h);
/* The blend's |p| before glTF normalizes it, for a two-key CUBICSPLINE rotation at time. */
double kl_blend_norm(const kf_track *t, double time);

/* --- the playback clock (model.c) ----------------------------------------------------------------------------- */

typedef struct {
    ts_accumulator acc;
    double time;  /* clip seconds simulated: a whole number of steps times the speed (wrapped when looping) */
    double duration;  /* the clip's length, >= 0 */
    double speed;  /* clip seconds per real second, > 0 */
    bool loop;  /* wrap at the end instead of stopping */
    bool done;  /* a clip that does not loop reached its end */
} kl_clock;

/* Starts at time 0 (a duration <= 0 or not finite is 0: done at once). speed must be finite and > 0, else 1. */
void kl_clock_start(kl_clock *c, double duration, double speed, bool loop);
/* Feeds one frame's real time; returns true while there is more to play (false once done). */
bool kl_clock_tick(kl_clock *c, double frame_dt);
/* Jumps to clip time t (clamped to [0, duration]; done when a clip that does not loop is at its end). */
void kl_clock_seek(kl_clock *c, double t);
/* The time to show: time + alpha (one step of clip time), wrapped or clamped to [0, duration]. */
double kl_clock_now(const kl_clock *c);

/* --- the scene geometry (model.c) ----------------------------------------------------------------------------- */

/* A filled ellipse centred at (cx, cy) with radii rx, ry as (x, y) pairs for a plot series (stride 2): `chords`
 * horizontal chords, evenly spread over its height, each two points and a pen lift (NaN, NaN), then the outline
 * through `outline` points, closed (the first point repeated). Writes at most cap pairs and returns how many it
 * wrote: 3 chords + outline + 1 when they fit, 0 when the radii are not positive and finite. */
size_t kl_scene_ellipse(double cx, double cy, double rx, double ry, int chords, int outline, double *xy, size_t cap);

/* The squash-and-stretch ball as drawn: a sphere of radius r scaled by (sx, sy, sz) = scale and placed at height y
 * shows as an ellipse of radii r sx across and r sy up (keep_volume: r / sqrt(sy) across, the animators' rule
 * sx = sz = 1 / sqrt(sy), so that sx sy sz = 1), centred at y (the keyframe tutorial scales about the centre) or, with
 * pivot_floor, lifted so that its bottom stays at y - r, where the unscaled ball's bottom is. */
void kl_scene_squash(double r, const double scale[3], bool keep_volume, bool pivot_floor, double y, double *rx,
                     double *ry, double *cy);

/* An orthographic camera: turned by yaw about the world's vertical (y) axis, then tilted by pitch about the
 * screen's horizontal axis, both in radians. */
kf_quat kl_scene_view(double yaw, double pitch);
/* p in camera coordinates: out[0] right, out[1] up, out[2] towards the viewer. */
void kl_scene_project(kf_quat view, const double p[3], double out[3]);
/* The unit x, y, z axes rotated by the rotation q (normalized first), in camera coordinates (tips[axis][0..2]). */
void kl_scene_triad(kf_quat q, kf_quat view, double tips[3][3]);

/* --- the demos (model_demos.c): the curves --csv --demo prints, computed a row at a time ---------------------- */

typedef enum { KL_DEMO_BASIS, KL_DEMO_BALLS, KL_DEMO_BOUNCE, KL_DEMO_ROTATION, KL_DEMO_HOP, KL_DEMO_SPIN,
               KL_DEMO_HEMISPHERE, KL_DEMO_COUNT } kl_demo_kind;

typedef struct {
    kl_demo_kind demo;
    kl_times times;          /* given, or the demo's own (kl_demo_times) */
} kl_demo_params;

#define KL_DEMO_MAX_TRACKS 3
#define KL_DEMO_MAX_COLUMNS 9

/* The demo's tracks, built once from the params; every row is computed from them (rows streams: a demo may have up
 * to KL_MAX_SAMPLES times per curve, more than a result should hold). */
typedef struct {
    kl_demo_params p;
    kf_track track[KL_DEMO_MAX_TRACKS];
    int n_tracks;
    kl_hop hop;
    size_t times;            /* kl_times_count(&p.times) */
    size_t rows;             /* times for each curve the demo has (1, or 3 for the labelled ones) */
    double near;             /* the last angle turned (kl_turn_y follows a turn past 180 degrees) */
} kl_demo_model;

typedef struct {
    const char *label;       /* the first column's text (the method or variant), or NULL: none */
    double v[KL_DEMO_MAX_COLUMNS];
    size_t n;
} kl_demo_row;

/* The demo's name ("basis", ...) and header line (the CSV's columns). */
const char *kl_demo_name(kl_demo_kind demo);
const char *kl_demo_header(kl_demo_kind demo);
/* The demo's own times (when --times is not given). */
kl_times kl_demo_times(kl_demo_kind demo);
/* Builds the demo's tracks: KF_OK or KF_ERR_NOMEM (d freed). */
int kl_demo_init(kl_demo_model *d, const kl_demo_params *p);
void kl_demo_free(kl_demo_model *d);
/* Row i (0 <= i < d->rows), in order: the angles turned follow the previous row. */
void kl_model_compute(kl_demo_model *d, size_t i, kl_demo_row *row);

#endif
