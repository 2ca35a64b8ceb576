/* spectrogram: frames of snd_spectrum (Hann window, GSL FFT) a hop apart. See include/numlab/spectrogram.h. */
#include "numlab/spectrogram.h"
#include "numlab/sound.h"

#include <stdlib.h>
#include <string.h>

struct spectrogram {
    size_t frame, hop, bins;
    double rate;
    double *pending;            /* the samples of the frame being filled, `fill` of them */
    size_t fill;
    double *db;                 /* one frame's levels, from snd_spectrum */
    float *levels;              /* frames x bins */
    size_t frames, capacity;    /* finished frames, frames allocated */
    size_t keep, dropped;       /* at most keep frames (0: all); frames dropped from the front */
};

spectrogram *spectrogram_new(size_t frame, size_t hop, double rate)
{
    if (frame < 64 || frame > 65536 || (frame & (frame - 1)) || hop < 1 || hop > frame || !(rate > 0.0))
        return NULL;
    spectrogram *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->frame = frame, s->hop = hop, s->bins = frame / 2 + 1, s->rate = rate;
    s->pending = malloc(frame * sizeof *s->pending);
    s->db = malloc(s->bins * sizeof *s->db);
    if (!s->pending || !s->db) {
        spectrogram_free(s);
        return NULL;
    }
    return s;
}

void spectrogram_free(spectrogram *s)
{
    if (s) {
        free(s->pending);
        free(s->db);
        free(s->levels);
        free(s);
    }
}

/* The pending frame is full: its levels become a row, and the next frame keeps the last frame - hop samples. */
static int finish_frame(spectrogram *s)
{
    if (s->keep && s->frames == s->keep) {  /* rolling: the oldest frame makes room */
        memmove(s->levels, s->levels + s->bins, (s->frames - 1) * s->bins * sizeof *s->levels);
        s->frames--, s->dropped++;
    }
    if (s->frames == s->capacity) {
        size_t cap = s->capacity ? 2 * s->capacity : 64;
        float *grown = realloc(s->levels, cap * s->bins * sizeof *grown);
        if (!grown)
            return NUMLAB_ERR_NOMEM;
        s->levels = grown, s->capacity = cap;
    }
    int rc = snd_spectrum(s->pending, s->frame, s->db);
    if (rc)
        return rc;
    float *row = s->levels + s->frames++ * s->bins;
    for (size_t k = 0; k < s->bins; k++)
        row[k] = (float)s->db[k];
    memmove(s->pending, s->pending + s->hop, (s->frame - s->hop) * sizeof *s->pending);
    s->fill = s->frame - s->hop;
    return 0;
}

int spectrogram_push(spectrogram *s, const double *x, size_t n, size_t channels)
{
    if (channels < 1)
        channels = 1;
    for (size_t i = 0; i < n; i++) {
        double mono = 0.0;
        for (size_t c = 0; c < channels; c++)
            mono += x[i * channels + c];
        s->pending[s->fill++] = mono / (double)channels;
        int rc = s->fill == s->frame ? finish_frame(s) : NUMLAB_OK;
        if (rc)
            return rc;
    }
    return NUMLAB_OK;
}

void spectrogram_keep(spectrogram *s, size_t max_frames)
{
    s->keep = max_frames;
    if (max_frames && s->frames > max_frames) {
        const size_t drop = s->frames - max_frames;
        memmove(s->levels, s->levels + drop * s->bins, max_frames * s->bins * sizeof *s->levels);
        s->frames = max_frames, s->dropped += drop;
    }
}

size_t spectrogram_frames(const spectrogram *s)
{
    return s->frames;
}

size_t spectrogram_bins(const spectrogram *s)
{
    return s->bins;
}

const float *spectrogram_db(const spectrogram *s)
{
    return s->frames ? s->levels : NULL;
}

double spectrogram_bin_hz(const spectrogram *s)
{
    return s->rate / (double)s->frame;
}

double spectrogram_hop_seconds(const spectrogram *s)
{
    return (double)s->hop / s->rate;
}

double spectrogram_frame_time(const spectrogram *s, size_t f)
{
    return ((double)(f + s->dropped) * (double)s->hop + 0.5 * (double)s->frame) / s->rate;
}
