/* Benchmark: the live sound's cost. The default preset (its scripted gesture) plays for 5 s through the live path
 * of audio.h: the synthesis thread steps the engine and converts to 16-bit PCM into the ring, and this thread is the
 * device, taking a 256-frame buffer every 5.33 ms on an absolute clock, as a sound card's callback would.
 * Output: the process's CPU time over those 5 s as a share of one core (goal: under 5%), against the
 * reference of the same 5 s rendered offline in this process (the synthesis alone, no thread, no ring, no waiting);
 * and the worst callback against its buffer's duration. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "numlab/audio.h"
#include "numlab/sound.h"

#define SECONDS 5.0
#define BUFFER 256
#define AHEAD 1536

typedef struct {
    snd_engine *e;
    double buf[64];
} live;

/* The source: whole engine steps, as 16-bit PCM (what bowl-lab's session does, less its recording and lock). */
static size_t source(void *arg, int16_t *out, size_t max)
{
    live *l = arg;
    const size_t frames = snd_engine_step_frames(l->e);
    size_t made = 0;
    for (; made + frames <= max; made += frames) {
        snd_engine_step(l->e, l->buf);
        audio_pcm16(l->buf, out + made, frames);
    }
    return made;
}

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static snd_engine *engine(void)
{
    snd_options o = {.seed = 1, .rate = SND_RATE, .channels = 1, .layers = SND_LAYERS_DEFAULT};
    snd_engine *e = snd_engine_new(snd_preset_default(), &o, NULL);
    if (!e) {
        fprintf(stderr, "bench_audio: the engine did not start\n");
        exit(1);
    }
    return e;
}

int main(void)
{
    /* the reference: the same seconds offline */
    live ref = {.e = engine()};
    int16_t pcm[4096];
    double c0 = cpu_now();
    for (size_t done = 0; done < (size_t)(SECONDS * SND_RATE);)
        done += source(&ref, pcm, 4096);
    const double offline = cpu_now() - c0;
    snd_engine_free(ref.e);

    live l = {.e = engine()};
    audio_config cfg = {.rate = SND_RATE, .ahead = AHEAD, .fade = 480, .source = source, .arg = &l};
    audio_out *a = audio_new(&cfg);
    char msg[256];
    if (!a || audio_start(a, msg, sizeof msg) != AUDIO_OK) {
        fprintf(stderr, "bench_audio: the live path did not start\n");
        return 1;
    }
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    const long period_ns = (long)(1e9 * BUFFER / SND_RATE);
    const int buffers = (int)(SECONDS * SND_RATE / BUFFER);
    c0 = cpu_now();
    for (int k = 0; k < buffers; k++) {
        next.tv_nsec += period_ns;
        if (next.tv_nsec >= 1000000000L)
            next.tv_nsec -= 1000000000L, next.tv_sec++;
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
        audio_callback(a, pcm, BUFFER);
    }
    const double used = cpu_now() - c0, played = buffers * (double)BUFFER / SND_RATE;
    audio_stats st;
    audio_get_stats(a, &st);
    audio_free(a);
    snd_engine_free(l.e);
    printf("live sound, %s: %.2f%% of a core while playing (%.2f x the offline synthesis of the same %.1f s, "
           "%.2f%%); goal under 5%%\n", snd_preset_default()->name, 100.0 * used / played, used / offline, played,
           100.0 * offline / played);
    printf("live sound, worst callback: %.1f us of a %.0f us buffer (%.2f%% of the period); %lu underruns in %lu "
           "callbacks\n", 1e6 * st.worst_callback, 1e6 * BUFFER / SND_RATE, 100.0 * st.worst_share, st.underruns,
           st.callbacks);
    return 0;
}
