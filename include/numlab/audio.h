/* audio: live sound through PortAudio, with real-time manners.
 *
 *   source --(synthesis thread, runs `ahead` frames ahead)--> ring (ring.h) --(device callback)--> speakers
 *
 * A synthesis thread of its own calls the caller's source whenever the ring holds fewer than `ahead` frames, so a
 * control change is heard after at most ahead / rate seconds plus the device's latency. The device's callback only
 * copies out of the ring: it never blocks, locks, allocates or prints. When the ring runs dry the callback plays
 * silence for what is missing and counts an underrun.
 *
 * Pausing fades out over `fade` frames (the gain falls by 1/fade a frame; the faded frames are the next ones of the
 * stream, none is skipped), then the callback plays silence without taking from the ring and the source is not
 * called: the model's time stands still. Resuming fades in over the frames that follow. Muting fades the same way
 * but the stream runs on. At gain 1 the callback's frames are the source's frames, bit for bit.
 *
 * Frames are mono 16-bit PCM; audio_pcm16 converts as a 16-bit WAV file is written (wav.h), so what is heard is the
 * stream a render writes. audio_callback is what the device's callback runs, exported so that tests and
 * benchmarks can be the device. Nothing here prints (PortAudio's and ALSA's own chatter on stderr is kept off the
 * terminal while a device opens and closes). */
#ifndef NUMLAB_AUDIO_H
#define NUMLAB_AUDIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "numlab/common.h"

/* Writes up to max frames into out; returns how many (0: none now). Runs in the synthesis thread. */
typedef size_t (*audio_source)(void *arg, int16_t *out, size_t max);

typedef struct {
    double rate;           /* Hz */
    size_t ahead;          /* frames the synthesis thread keeps in the ring */
    size_t fade;           /* frames a pause, a resume or a mute fades over (>= 1) */
    audio_source source;
    void *arg;
} audio_config;

/* The codes are common.h's (negative on failure). */
typedef enum {
    AUDIO_OK = NUMLAB_OK,
    AUDIO_NO_DEVICE = NUMLAB_ERR_DEVICE, /* no output device can be opened (no sound server, no card): normal over
                                          * SSH, in CI */
    AUDIO_ERR_NAME = NUMLAB_ERR_INPUT,   /* no output device has the name asked for */
    AUDIO_ERR_DEVICE = NUMLAB_ERR_IO,    /* the device asked for exists but refused to open or start */
    AUDIO_ERR_NOMEM = NUMLAB_ERR_NOMEM,
    AUDIO_ERR_THREAD = NUMLAB_ERR_SYSTEM, /* the synthesis thread could not start */
} audio_error;

typedef struct audio_out audio_out;

/* The ring, the fades and the counters; no device and no thread yet. NULL when out of memory or c is bad (rate
 * <= 0, ahead 0, fade 0, no source). */
audio_out *audio_new(const audio_config *c);
/* Opens an output device: NULL or "auto" the default one, else the device of that exact name, or the only one
 * whose name contains it (case-insensitive). On failure msg says why (for AUDIO_ERR_NAME: the names there are). */
audio_error audio_open(audio_out *a, const char *device, char *msg, size_t len);
/* Starts the synthesis thread, waits (at most a second) until it has filled the ring, then starts the device if
 * one is open. AUDIO_OK, AUDIO_ERR_THREAD or AUDIO_ERR_DEVICE (msg). */
audio_error audio_start(audio_out *a, char *msg, size_t len);
/* Stops the device and the thread (the source is not called after it returns); audio_start may follow. */
void audio_stop(audio_out *a);
/* audio_stop, closes the device, frees a (NULL is fine). */
void audio_free(audio_out *a);

void audio_set_paused(audio_out *a, bool paused);
void audio_set_muted(audio_out *a, bool muted);
bool audio_muted(const audio_out *a);
/* True while a device plays. */
bool audio_playing(const audio_out *a);

/* Frames waiting in the ring (for the consumer: at least this many). */
size_t audio_ready(const audio_out *a);
/* The callback's work: n frames into out. Returns how many it took from the ring; they are out[0..taken). */
size_t audio_callback(audio_out *a, int16_t *out, size_t n);

typedef struct {
    unsigned long underruns;        /* callbacks that found the ring short (not while paused) */
    unsigned long xruns;            /* callbacks the device reported late (output underflow) */
    unsigned long callbacks;
    unsigned long long frames;      /* frames the callbacks took from the ring */
    double worst_callback;          /* s: the longest callback */
    double worst_share;             /* the largest callback time / its buffer's duration */
    double device_latency;          /* s: the device's output latency (0 without a device) */
    double ahead;                   /* s: the ring's target fill */
    const char *device;             /* the device's name, or "" */
} audio_stats;

void audio_get_stats(const audio_out *a, audio_stats *s);

/* x[i] to 16-bit PCM exactly as a 16-bit WAV (wav.h, libsndfile with clipping) stores it: the top 16 bits of
 * lrint(2^31 x) clipped to 32 bits, so 1 gives 32767, -1 gives -32768, and beyond them the extremes. */
void audio_pcm16(const double *x, int16_t *out, size_t n);

#endif
