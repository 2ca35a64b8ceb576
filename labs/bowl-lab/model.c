/* bowl-lab: the live session of the interactive lab. The engine steps in real time through the bowl's fixed-step
 * accumulator under the player's controls; every change of the controls and every strike is recorded at its step's
 * time, so the session can be rendered again, offline and bit for bit, by the headless replay (headless.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "numlab/lang.h"

#define MOVING_SPEED 1e-4   /* m/s: slower spheres count as still */
#define RINGING_PEAK 1e-6   /* -120 dBFS: quieter output counts as silence */

int bl_session_init(bl_session *s, const snd_preset *preset, unsigned long seed, unsigned layers,
                          const bl_controls *c)
{
    *s = (bl_session){.preset = *preset, .seed = seed, .layers = layers, .player = {.c = *c}};
    snd_options o = {.seed = seed, .rate = SND_RATE, .channels = 1, .layers = layers};
    snd_error err;
    s->e = snd_engine_new(&s->preset, &o, &err);
    if (!s->e)
        return err;
    s->buf = malloc(snd_engine_step_frames(s->e) * sizeof *s->buf);
    s->ring = calloc(BL_SPECTRUM_N, sizeof *s->ring);
    s->sg = spectrogram_new(2 * (BL_SPECTROGRAM_BINS - 1), BL_SPECTROGRAM_HOP, SND_RATE);
    if (s->sg)
        spectrogram_keep(s->sg, BL_SPECTROGRAM_FRAMES);
    if (!s->buf || !s->ring || !s->sg) {
        bl_session_destroy(s);
        return SND_ERR_NOMEM;
    }
    bl_timeline_init(&s->timeline, snd_engine_bowl(s->e));
    return SND_OK;
}

void bl_session_destroy(bl_session *s)
{
    snd_engine_free(s->e);
    free(s->buf);
    free(s->ring);
    spectrogram_free(s->sg);
    bl_gesture_free(&s->rec);
    *s = (bl_session){0};
}

static bool same_controls(const bl_controls *a, const bl_controls *b)
{
    return a->tilt_x_deg == b->tilt_x_deg && a->tilt_y_deg == b->tilt_y_deg && a->stir_hz == b->stir_hz &&
           a->stir_radius == b->stir_radius;
}

/* Before a step: a row when the controls differ from the last row's, or a strike waits. */
static void record(bl_session *s)
{
    const bl_gesture_row *last = s->rec.n ? &s->rec.rows[s->rec.n - 1] : NULL;
    if (last && same_controls(&last->c, &s->player.c) && !(s->player.strike > 0.0))
        return;
    bl_gesture_row row = {snd_engine_bowl(s->e)->t, s->player.c, s->player.strike};
    if (bl_gesture_add(&s->rec, &row))
        s->rec_failed = true;
}

void bl_session_steps(bl_session *s, unsigned n)
{
    const size_t frames = snd_engine_step_frames(s->e);
    for (unsigned k = 0; k < n; k++) {
        record(s);
        if (s->player.strike > 0.0) {  /* a strike by hand shows on the timeline as a hit */
            bowl_event hit = {.kind = BOWL_EV_COLLISION, .t = snd_engine_bowl(s->e)->t, .sphere = -1,
                              .value = s->player.strike};
            bl_timeline_add(&s->timeline, &hit);
        }
        bl_player_step(&s->player, s->e, s->buf);
        const bowl *b = snd_engine_bowl(s->e);
        for (size_t i = 0; i < b->n_events; i++)
            bl_timeline_add(&s->timeline, &b->events[i]);
        for (size_t i = 0; i < frames; i++) {
            s->peak = fmax(s->peak, fabs(s->buf[i]));
            s->ring[s->ring_at] = s->buf[i];
            s->ring_at = (s->ring_at + 1) % BL_SPECTRUM_N;
        }
        s->ring_version++;
        spectrogram_push(s->sg, s->buf, frames, 1);  /* rolling: its memory is taken by the first seconds */
        if (b->steps % BL_TRAIL_EVERY == 0) {
            for (int i = 0; i < 2; i++) {
                s->trail[i][s->trail_at][0] = b->s[i].p.x;
                s->trail[i][s->trail_at][1] = b->s[i].p.y;
            }
            s->trail_at = (s->trail_at + 1) % BL_TRAIL;
            s->trail_n += s->trail_n < BL_TRAIL;
        }
    }
}

unsigned bl_session_frame(bl_session *s, double frame_dt)
{
    s->peak = 0.0;
    unsigned n = snd_engine_due(s->e, frame_dt);
    bl_session_steps(s, n);
    return n;
}

bool bl_session_active(const bl_session *s)
{
    const bowl *b = snd_engine_bowl(s->e);
    bool moving = false;
    for (int i = 0; i < 2; i++) {
        const bowl_vec v = b->s[i].v;
        moving = moving || sqrt(v.x * v.x + v.y * v.y + v.z * v.z) > MOVING_SPEED;
    }
    return moving || (s->player.c.stir_hz != 0.0 && s->player.c.stir_radius > 0.0) || s->player.strike > 0.0 ||
           s->peak > RINGING_PEAK;
}

int bl_session_gesture(const bl_session *s, bl_gesture *out)
{
    *out = (bl_gesture){0};
    if (s->rec_failed)
        return -1;
    bl_gesture_row end = {snd_engine_bowl(s->e)->t, s->player.c, 0.0};
    for (size_t i = 0; i < s->rec.n; i++)
        if (bl_gesture_add(out, &s->rec.rows[i]))
            return bl_gesture_free(out), -1;
    if (bl_gesture_add(out, &end))
        return bl_gesture_free(out), -1;
    return 0;
}

size_t bl_command(const snd_preset *preset, unsigned long seed, unsigned layers, const char *csv, char *buf,
                        size_t size)
{
    const snd_preset *base = snd_preset_find(preset->name);
    char sets[4096] = "", names[128];
    if (base)
        bl_set_args(base, preset, sets, sizeof sets);
    bl_layers_text(layers, names, sizeof names);
    return (size_t)snprintf(buf, size, "bowl-lab --preset %s --seed %lu --layers %s%s --gesture %s", preset->name,
                            seed, names, sets, csv);
}
