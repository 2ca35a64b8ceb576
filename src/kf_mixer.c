/* kf_mixer: clips (tracks aimed at node/path) and a mixer that plays, pauses, loops or clamps them and crossfades
 * between two. See include/numlab/keyframe.h. */
#include "kf_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- paths and clips ------------------------------------------------------------------------------------------ */

static const char *const path_names[KF_PATH_COUNT] = {"translation", "rotation", "scale", "weights"};

const char *kf_path_name(kf_path path)
{
    return (unsigned)path < KF_PATH_COUNT ? path_names[path] : "?";
}

int kf_path_parse(const char *name, kf_path *out)
{
    int i = kf_name_index(path_names, KF_PATH_COUNT, name);
    if (i >= 0)
        *out = (kf_path)i;
    return i < 0 ? -1 : 0;
}

int kf_clip_init(kf_clip *c, const char *name, size_t channel_count)
{
    memset(c, 0, sizeof *c);
    if (name) {
        size_t len = strlen(name) + 1;
        if (!(c->name = malloc(len)))
            return KF_ERR_NOMEM;
        memcpy(c->name, name, len);
    }
    if (channel_count && !(c->channels = calloc(channel_count, sizeof *c->channels))) {
        kf_clip_destroy(c);
        return KF_ERR_NOMEM;
    }
    c->channel_count = channel_count;
    return KF_OK;
}

void kf_clip_destroy(kf_clip *c)
{
    for (size_t i = 0; i < c->channel_count; i++)
        kf_track_destroy(&c->channels[i].track);
    free(c->channels);
    free(c->name);
    memset(c, 0, sizeof *c);
}

void kf_clip_update_duration(kf_clip *c)
{
    c->duration = 0.0;
    for (size_t i = 0; i < c->channel_count; i++)
        if (c->channels[i].track.count)
            c->duration = fmax(c->duration, kf_track_end(&c->channels[i].track));
}

const kf_channel *kf_clip_find(const kf_clip *c, size_t node, kf_path path)
{
    for (size_t i = 0; i < c->channel_count; i++)
        if (c->channels[i].node == node && c->channels[i].path == path && c->channels[i].track.count)
            return &c->channels[i];
    return NULL;
}

/* --- actions -------------------------------------------------------------------------------------------------- */

static double clip_duration(const kf_action *a)
{
    return a->clip ? a->clip->duration : 0.0;
}

/* Puts a->time back into [0, duration]: modulo for a loop, clamped otherwise. */
static void action_wrap(kf_action *a)
{
    double d = clip_duration(a);
    if (!(d > 0.0) || !isfinite(a->time)) {
        a->time = 0.0;
        return;
    }
    if (a->wrap == KF_WRAP_LOOP) {
        a->time = fmod(a->time, d);
        if (a->time < 0.0)
            a->time += d;
        if (a->time >= d)  /* fmod of a tiny negative number plus d can round up to d */
            a->time = 0.0;
    } else {
        a->time = fmin(fmax(a->time, 0.0), d);
    }
}

static kf_action action_start(const kf_clip *clip, kf_wrap wrap)
{
    return (kf_action){.clip = clip, .time = 0.0, .wrap = wrap, .finished = false};
}

static void action_advance(kf_action *a, double clip_dt)
{
    if (!a->clip)
        return;
    a->time += clip_dt;
    action_wrap(a);
    /* A clamped action is finished while it sits at the end it is moving towards. */
    if (a->wrap == KF_WRAP_CLAMP)
        a->finished = clip_dt >= 0.0 ? a->time >= clip_duration(a) : a->time <= 0.0;
}

/* The action's value of (node, path) into out; false (out untouched) when its clip does not animate it. */
static bool action_sample(const kf_action *a, size_t node, kf_path path, size_t components, double *out)
{
    if (!a->clip)
        return false;
    const kf_channel *ch = kf_clip_find(a->clip, node, path);
    if (!ch || ch->track.components != components)
        return false;
    kf_track_sample(&ch->track, a->time, out);
    return true;
}

/* --- mixer ---------------------------------------------------------------------------------------------------- */

void kf_mixer_init(kf_mixer *m)
{
    memset(m, 0, sizeof *m);
    m->speed = 1.0;
}

void kf_mixer_play(kf_mixer *m, const kf_clip *clip, kf_wrap wrap)
{
    m->current = action_start(clip, wrap);
    m->previous = action_start(NULL, wrap);
    m->fade_elapsed = m->fade_duration = 0.0;
}

int kf_mixer_crossfade(kf_mixer *m, const kf_clip *clip, kf_wrap wrap, double duration)
{
    if (!(duration > 0.0) || !isfinite(duration))
        return KF_ERR_ARGS;
    m->previous = m->current;
    m->current = action_start(clip, wrap);
    m->fade_elapsed = 0.0;
    m->fade_duration = duration;
    return KF_OK;
}

void kf_mixer_set_paused(kf_mixer *m, bool paused)
{
    m->paused = paused;
}

int kf_mixer_set_speed(kf_mixer *m, double speed)
{
    if (!isfinite(speed))
        return KF_ERR_ARGS;
    m->speed = speed;
    return KF_OK;
}

void kf_mixer_seek(kf_mixer *m, double time)
{
    m->current.time = time;
    m->current.finished = false;
    action_wrap(&m->current);
}

void kf_mixer_update(kf_mixer *m, double dt)
{
    if (m->paused || !(dt > 0.0) || !isfinite(dt))
        return;
    action_advance(&m->current, dt * m->speed);
    if (m->fade_duration > 0.0) {
        action_advance(&m->previous, dt * m->speed);
        m->fade_elapsed += dt;
        if (m->fade_elapsed >= m->fade_duration) {
            m->previous = action_start(NULL, m->previous.wrap);
            m->fade_elapsed = m->fade_duration = 0.0;
        }
    }
}

double kf_mixer_weight(const kf_mixer *m)
{
    return m->fade_duration > 0.0 ? fmin(m->fade_elapsed / m->fade_duration, 1.0) : 1.0;
}

/* Blending a wide (weights) channel needs a second buffer; up to this many components it lives on the stack. */
#define BLEND_STACK 64

bool kf_mixer_sample(const kf_mixer *m, size_t node, kf_path path, const double *rest, size_t components,
                     double *out)
{
    bool animated = action_sample(&m->current, node, path, components, out);
    if (!animated)
        memcpy(out, rest, components * sizeof *out);
    double w = kf_mixer_weight(m);
    if (w >= 1.0)
        return animated;

    double stack[BLEND_STACK];
    double *from = components <= BLEND_STACK ? stack : malloc(components * sizeof *from);
    if (!from)  /* out of memory: show the incoming clip alone rather than fail a frame */
        return animated;
    if (action_sample(&m->previous, node, path, components, from))
        animated = true;
    else
        memcpy(from, rest, components * sizeof *from);
    if (path == KF_PATH_ROTATION && components == 4) {
        kf_quat_store(kf_quat_slerp(kf_quat_load(from), kf_quat_load(out), w), out);
    } else {
        for (size_t i = 0; i < components; i++)
            out[i] = (1.0 - w) * from[i] + w * out[i];
    }
    if (from != stack)
        free(from);
    return animated;
}
