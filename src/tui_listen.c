/* tui_listen: --plain's l key. The step's series (the lab's listen callback, else the first chart's first series) as
 * a tone whose pitch follows its value (sonify.h), played through the audio path the bowl lab plays through
 * (audio.h) or, with --tone-wav FILE, written as a 16-bit WAV through an output set (outset.h: whole or not at
 * all). See include/numlab/tui.h. */
#include "numlab/audio.h"
#include "numlab/lang.h"
#include "numlab/outset.h"
#include "numlab/plot_describe.h"
#include "numlab/sonify.h"
#include "numlab/text.h"
#include "numlab/tui.h"
#include "numlab/wav.h"
#include "tui_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LISTEN_AHEAD 4096   /* frames the synthesis thread keeps ready: about 0.1 s */
#define LISTEN_FADE 64

/* The tone's WAV, whole or not at all. 0, or -1 with err said. */
static int write_wav(const char *path, const double *tone, size_t frames, char *err, size_t size)
{
    outset *set = outset_new();
    outset_error code;
    int other;
    if (!set) {
        snprintf(err, size, "%s", _("out of memory"));
        return -1;
    }
    const int i = outset_add(set, path, OUTSET_REPLACE, &code, &other, err, size);
    if (i < 0) {
        outset_abort(set);
        return -1;
    }
    wav_error wcode;
    wav_file *w = wav_open_fd(outset_fd(set, i), path, 1, (int)SONIFY_RATE, WAV_PCM16, &wcode, err, size);
    if (!w || wav_write(w, tone, frames, err, size) != WAV_OK) {
        wav_abort(w);
        outset_abort(set);
        return -1;
    }
    if (wav_finish(w, err, size) != WAV_OK) {
        outset_abort(set);
        return -1;
    }
    return outset_commit(set, err, size) == OUTSET_OK ? 0 : -1;
}

typedef struct {
    const int16_t *pcm;
    size_t frames, at;
} tone_source;

static size_t give_tone(void *arg, int16_t *out, size_t max)
{
    tone_source *t = arg;
    size_t n = t->frames - t->at < max ? t->frames - t->at : max;
    memcpy(out, t->pcm + t->at, n * sizeof *out);
    t->at += n;
    return n;
}

/* Plays the tone on the default device, waiting until it has been heard. 0; 1 when there is no device; -1 with
 * err. */
static int play(const double *tone, size_t frames, char *err, size_t size)
{
    int16_t *pcm = malloc(frames * sizeof *pcm);
    if (!pcm) {
        snprintf(err, size, "%s", _("out of memory"));
        return -1;
    }
    audio_pcm16(tone, pcm, frames);
    tone_source src = {pcm, frames, 0};
    audio_config c = {.rate = SONIFY_RATE, .ahead = LISTEN_AHEAD, .fade = LISTEN_FADE, .source = give_tone,
                      .arg = &src};
    audio_out *a = audio_new(&c);
    audio_error rc = a ? audio_open(a, NULL, err, size) : AUDIO_ERR_NOMEM;
    if (rc == AUDIO_OK)
        rc = audio_start(a, err, size);
    if (rc == AUDIO_OK) {
        /* the tone's length and what the device still holds: then the last frame has been played */
        const double seconds = (double)frames / SONIFY_RATE + 0.3;
        struct timespec wait = {(time_t)seconds, (long)((seconds - floor(seconds)) * 1e9)};
        nanosleep(&wait, NULL);
    }
    audio_free(a);
    free(pcm);
    if (rc == AUDIO_ERR_NOMEM)
        snprintf(err, size, "%s", _("out of memory"));
    return rc == AUDIO_OK ? 0 : rc == AUDIO_NO_DEVICE ? 1 : -1;
}

void tui_listen(const tui_app *app, int step, int n_panes, const char *wav, char *note, size_t size)
{
    plot_series series = {0};
    char what[256] = "";
    plot_chart *charts[TUI_MAX_PANES * 4];
    int n_charts = 0;
    if (!app->listen || app->listen(app->ctx, step, &series, what, sizeof what) != 0) {
        plot_capture_start();
        for (int p = 0; p < (n_panes < 1 ? 1 : n_panes); p++)
            app->render(app->ctx, step, p, 100, 30);
        n_charts = plot_capture_stop(charts, (int)(sizeof charts / sizeof charts[0]));
        series.y = NULL;
        if (n_charts > 0 && plot_chart_series(charts[0], NULL, &series) == 0)
            snprintf(what, sizeof what, "%s", series.name && *series.name ? series.name : _("the first series"));
    }
    sonify_scale scale;
    const size_t frames = (size_t)(SONIFY_SECONDS * SONIFY_RATE);
    double *tone = series.y ? malloc(frames * sizeof *tone) : NULL;
    if (!series.y || sonify_scale_of(series.y, series.n, series.stride, &scale) != 0) {
        snprintf(note, size, "%s", _("There is nothing to listen to on this step."));
    } else if (!tone || sonify_render(series.y, series.n, series.stride, SONIFY_RATE, tone, frames) != 0) {
        snprintf(note, size, "%s", _("out of memory"));
    } else {
        char said[512], err[1024] = "";
        text_escape(what, said, sizeof said);
        /* TRANSLATORS: "energy of explicit: 3 s, from 200 Hz at 0.8 to 2000 Hz at 1.6e+06, the values' logarithm" */
        int used = snprintf(note, size, _("%s: %g s, from %.0f Hz at %.3g to %.0f Hz at %.3g%s"), said,
                            SONIFY_SECONDS, SONIFY_LOW_HZ, scale.lo, SONIFY_HIGH_HZ, scale.hi,
                            scale.log_values ? _(", pitch following the values' logarithm") : "");
        used = used < 0 ? 0 : (size_t)used >= size ? (int)size - 1 : used;
        int rc = wav ? write_wav(wav, tone, frames, err, sizeof err) : play(tone, frames, err, sizeof err);
        char file[TEXT_CUT_SIZE * 4];
        text_escape(wav ? wav : "", file, sizeof file);
        if (rc == 0 && wav)
            snprintf(note + used, size - (size_t)used, _(": written to %s."), file);
        else if (rc == 0)
            snprintf(note + used, size - (size_t)used, "%s", _(": played."));
        else if (rc == 1)
            snprintf(note + used, size - (size_t)used, "%s",
                     _(": no sound device here; --tone-wav FILE writes the tone instead."));
        else {
            char reason[2048];
            text_escape(err, reason, sizeof reason);
            snprintf(note + used, size - (size_t)used, _(": not heard: %s."), reason);
        }
    }
    free(tone);
    for (int k = 0; k < n_charts; k++)
        plot_chart_free(charts[k]);
}
