/* keyframe-lab's parts: the keyframe tutorial's keyframes, the demos and the glTF outputs (headless), and the
 * interactive guided walk and file player on the shared TUI (walk.h, player.c). */
#ifndef KEYFRAME_LAB_H
#define KEYFRAME_LAB_H

#include <stdbool.h>
#include <stdio.h>

#include "numlab/figure.h"
#include "numlab/gltf.h"
#include "numlab/keyframe.h"

/* --times A:B:STEP, or the default of each output when not given. */
typedef struct {
    double a, b, step;
    bool given;
} lab_times;

#define LAB_MAX_SAMPLES 1000000

/* The sample times A, A + STEP, ... up to B (inclusive within rounding): how many, and the i-th. */
size_t lab_times_count(const lab_times *t);
double lab_times_at(const lab_times *t, size_t i);
/* A number as the CSV prints it: %.9g, and never "-0". */
void lab_print_number(FILE *out, double v);

/* The keyframe tutorial's keyframes, in the glTF layout; each returns KF_OK or KF_ERR_NOMEM. */
int seed_balls(kf_track balls[3]);                        /* STEP, LINEAR, CUBICSPLINE on keys t = 0, 1, 2 */
int seed_bounce(kf_track *position, kf_track *scale);     /* the bouncing ball, CUBICSPLINE, t = 0 .. 2 */
int seed_rotation(kf_track *linear, kf_track *cubic);     /* identity -> 90 degrees about y, t = 0 .. 1 */

/* --- the thrown ball, angular velocity and hemispheres (model.c): what the walk's steps 5, 8 and 9 state ------ */

/* The bounce's first hop: its keys 0, 1, 2 (take-off, apex, landing) as a 1-component CUBICSPLINE track (y), and
 * the thrown ball through the same points: y = y0 + v0 (t - t0) - g (t - t0)^2 / 2 with g = 2h/T^2, v0 = 2h/T. */
typedef struct {
    double t0, T, y0, h;  /* take-off time and height, time to the apex, apex height above take-off */
    double source_m;      /* the source text's take-off out-tangent (units/s by the glTF rule) */
    double g, v0;         /* the parabola's gravity and take-off speed */
} lab_hop;

/* The hop from seed_bounce into *hop and *track (take-off tangent source_m, landing in-tangent the source's).
 * KF_OK or KF_ERR_NOMEM. */
int lab_hop_init(lab_hop *hop, kf_track *track);
/* Take-off out-tangent m at key 0 and landing in-tangent -m at key 2 (the source's pair is 8, -8). */
void lab_hop_set_tangent(kf_track *track, double m);
/* The thrown ball at t: y, and its velocity into *v (may be NULL); held at y0 with v = 0 before the take-off and
 * from the landing on, as a track holds its end keys (at the take-off v is v0, the right derivative). */
double lab_hop_parabola(const lab_hop *hop, double t, double *v);

typedef struct {
    double top_speed, top_t;  /* the largest |y'| on the way up (take-off to apex) and when */
    double accel0;            /* y'' just after take-off (units/s^2; the parabola's is -g) */
    double off, off_t;        /* the largest |y - parabola| over the hop and where */
} lab_hop_stats;
/* What the walk's notes say about a hop track: the top speed from the quadratic y'(s) (exact), the rest sampled. */
void lab_hop_measure(const lab_hop *hop, const kf_track *track, lab_hop_stats *st);

/* A two-key rotation about y: the identity at 0 and `deg` degrees at T (T, the values, and for CUBICSPLINE
 * tangents (0, m, 0, 0) out of the first key and (0, -m, 0, 0) into the second: the source text's pair for m = 1). */
void lab_spin_keys(kf_track *t, double deg, double T, double m);
/* The same keys with the tangents of a constant-rate turn, q' = w q / 2 with w = (deg / T) about y. */
void lab_spin_rate_tangents(kf_track *t, double deg, double T);
/* The signed angle about y in degrees, 2 atan2(q_y, q_w), shifted by a multiple of 360 to within 180 of `near`
 * (pass the previous sample's to follow a turn past 180 degrees). */
double lab_turn_y(const kf_track *t, double time, double near);
/* The angular velocity about y by the central difference of the sampled quaternions, 2 (q(t+h) - q(t-h))/(2h) q*,
 * rad/s: an estimate independent of kf_track_velocity, good to O(h^2). */
double lab_spin_fd(const kf_track *t, double time, double h);
/* The blend's |p| before glTF normalizes it, for a two-key CUBICSPLINE rotation at time. */
double lab_blend_norm(const kf_track *t, double time);

/* The outputs; each returns the exit status (0, 1 runtime failure, 2 bad input) after any message. */
int lab_demo(const char *name, const lab_times *times);
const char *lab_demo_names(void);
int lab_gltf_csv(const char *path, const char *animation, const lab_times *times);
int lab_gltf_list(const char *path);
/* Loads a glTF file; on failure prints the loader's message and returns 2 (bad file) or 1 (out of memory). */
int lab_gltf_load(const char *path, gltf_doc *doc);
/* name, or the index as text when name is NULL or empty (buf holds it). */
const char *lab_label(const char *name, size_t index, char *buf, size_t size);
/* The same escaped for a terminal (text.h), always in buf (cut to fit). */
const char *lab_shown(const char *name, size_t index, char *buf, size_t size);

/* The interactive lab (needs a terminal): the guided walk, or a file's animations played (the file is loaded and
 * checked first). ascii: no braille. */
int lab_walk(bool ascii);
int lab_play(const char *path, bool ascii);
/* --plot: the two panes of the walk's step (0-based), each width x height, and its notes, at clip time `at` (< 0:
 * half way through the clip), printed as text; with figure->out the two panes as one figure instead. Returns the
 * exit status. */
#define LAB_WALK_STEPS 9
int lab_walk_plot(int step, double at, int width, int height, bool ascii, const figure_options *figure);
/* "[FILE: ]the interactive lab needs a terminal; without one use ...": returns 2. */
int lab_no_terminal(const char *file);

#endif
