/* keyframe-lab's scene geometry and playback clock: pure functions the interactive panes draw with (no curses, no
 * plotting), unit-tested by tests/test_keyframe_lab_scene.c.
 *
 *   scene_clock    playback of a clip through the fixed-step accumulator (timestep.h): clip time advances only in
 *                  whole steps of 1/240 s, and the frame shows the time alpha of a step ahead (Fiedler's render
 *                  interpolation; for a keyframe clip the state is the time itself).
 *   scene_ellipse  a filled ellipse as one polyline with pen lifts: the squash-and-stretch ball.
 *   scene_triad    the axes of a rotation projected orthographically on the screen: the rotating axis triad. */
#ifndef KEYFRAME_LAB_SCENE_H
#define KEYFRAME_LAB_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/keyframe.h"
#include "numlab/timestep.h"

/* --- the clock ------------------------------------------------------------------------------------------------ */

typedef struct {
    ts_accumulator acc;
    double time;       /* clip seconds simulated: a whole number of steps times the speed (wrapped when looping) */
    double duration;   /* the clip's length, >= 0 */
    double speed;      /* clip seconds per real second, > 0 */
    bool loop;         /* wrap at the end instead of stopping */
    bool done;         /* a clip that does not loop reached its end */
} scene_clock;

/* Starts at time 0 (a duration <= 0 or not finite is 0: done at once). speed must be finite and > 0, else 1. */
void scene_clock_start(scene_clock *c, double duration, double speed, bool loop);
/* Feeds one frame's real time; returns true while there is more to play (false once done). */
bool scene_clock_tick(scene_clock *c, double frame_dt);
/* Jumps to clip time t (clamped to [0, duration]; done when a clip that does not loop is at its end). */
void scene_clock_seek(scene_clock *c, double t);
/* The time to show: time + alpha (one step of clip time), wrapped or clamped to [0, duration]. */
double scene_clock_now(const scene_clock *c);

/* --- the view ------------------------------------------------------------------------------------------------- */

/* A filled ellipse centred at (cx, cy) with radii rx, ry as (x, y) pairs for a plot series (stride 2): `chords`
 * horizontal chords, evenly spread over its height, each two points and a pen lift (NaN, NaN), then the outline
 * through `outline` points, closed (the first point repeated). Writes at most cap pairs and returns how many it
 * wrote: 3 chords + outline + 1 when they fit, 0 when the radii are not positive and finite. */
size_t scene_ellipse(double cx, double cy, double rx, double ry, int chords, int outline, double *xy, size_t cap);

/* The squash-and-stretch ball as drawn: a sphere of radius r scaled by (sx, sy, sz) = scale and placed at height y
 * shows as an ellipse of radii r sx across and r sy up (keep_volume: r / sqrt(sy) across, the animators' rule
 * sx = sz = 1 / sqrt(sy), so that sx sy sz = 1), centred at y (the keyframe tutorial scales about the centre) or, with
 * pivot_floor, lifted so that its bottom stays at y - r, where the unscaled ball's bottom is. */
void scene_squash(double r, const double scale[3], bool keep_volume, bool pivot_floor, double y, double *rx,
                  double *ry, double *cy);

/* An orthographic camera: turned by yaw about the world's vertical (y) axis, then tilted by pitch about the
 * screen's horizontal axis, both in radians. */
kf_quat scene_view(double yaw, double pitch);
/* p in camera coordinates: out[0] right, out[1] up, out[2] towards the viewer. */
void scene_project(kf_quat view, const double p[3], double out[3]);
/* The unit x, y, z axes rotated by the rotation q (normalized first), in camera coordinates (tips[axis][0..2]). */
void scene_triad(kf_quat q, kf_quat view, double tips[3][3]);

#endif
