/* keyframe-lab's scene geometry and playback clock. See scene.h. */
#include "scene.h"

#include <math.h>
#include "numlab/common.h"

/* --- the clock ------------------------------------------------------------------------------------------------ */

void scene_clock_start(scene_clock *c, double duration, double speed, bool loop)
{
    ts_accumulator_init(&c->acc, TS_DEFAULT_STEP, TS_DEFAULT_CAP);
    c->time = 0.0;
    c->duration = duration > 0.0 && isfinite(duration) ? duration : 0.0;
    c->speed = speed > 0.0 && isfinite(speed) ? speed : 1.0;
    c->loop = loop;
    c->done = c->duration == 0.0;
}

/* Brings t into [0, duration]: wrapped when looping, else clamped (and then the clip is done). */
static double settle(const scene_clock *c, double t, bool *done)
{
    *done = false;
    if (t < c->duration)
        return t;
    if (c->loop)
        return fmod(t, c->duration);
    *done = true;
    return c->duration;
}

bool scene_clock_tick(scene_clock *c, double frame_dt)
{
    if (c->done)
        return false;
    unsigned steps = ts_accumulator_feed(&c->acc, frame_dt);
    c->time = settle(c, c->time + steps * c->acc.step * c->speed, &c->done);
    return !c->done;
}

void scene_clock_seek(scene_clock *c, double t)
{
    c->acc.acc = 0.0;
    c->time = t > 0.0 ? (t < c->duration ? t : c->duration) : 0.0;  /* NaN -> 0 */
    c->done = !c->loop && c->time >= c->duration;
}

double scene_clock_now(const scene_clock *c)
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

size_t scene_ellipse(double cx, double cy, double rx, double ry, int chords, int outline, double *xy, size_t cap)
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

void scene_squash(double r, const double scale[3], bool keep_volume, bool pivot_floor, double y, double *rx,
                  double *ry, double *cy)
{
    *rx = r * (keep_volume ? 1.0 / sqrt(scale[1]) : scale[0]);
    *ry = r * scale[1];
    *cy = pivot_floor ? y - r + *ry : y;
}

kf_quat scene_view(double yaw, double pitch)
{
    static const double up[3] = {0, 1, 0}, right[3] = {1, 0, 0};
    return kf_quat_mul(kf_quat_from_axis_angle(right, pitch), kf_quat_from_axis_angle(up, yaw));
}

void scene_project(kf_quat view, const double p[3], double out[3])
{
    kf_quat_rotate(view, p, out);
}

void scene_triad(kf_quat q, kf_quat view, double tips[3][3])
{
    kf_quat world = kf_quat_normalize(q);
    for (int axis = 0; axis < 3; axis++) {
        double e[3] = {axis == 0, axis == 1, axis == 2}, r[3];
        kf_quat_rotate(world, e, r);
        scene_project(view, r, tips[axis]);
    }
}
