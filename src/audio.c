/* audio: the synthesis thread, the callback's work and the PortAudio glue (audio.h). */
#include "numlab/audio.h"

#include <ctype.h>
#include <fcntl.h>
#include <math.h>
#include <portaudio.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif
#ifdef __linux__
#include <alsa/asoundlib.h>
#include <pa_linux_alsa.h>
#endif

#include "numlab/lang.h"
#include "numlab/ring.h"

#define PRODUCE_MAX 4096          /* frames a source call may write */
#define POLL_NS 1000000L          /* the synthesis thread looks at the ring every 1 ms ... */
#define PAUSED_POLL_NS 20000000L  /* ... every 20 ms while paused: a paused lab costs no CPU */
#define DEVICE_FRAMES 256         /* frames a device callback: 5.3 ms at 48 kHz */

struct audio_out {
    audio_config c;
    ring *r;
    int16_t *work;                /* the synthesis thread's buffer */
    /* shared between the threads */
    atomic_bool paused, muted, stop, silent;  /* silent: the last callback ended at gain 0 */
    atomic_ulong underruns, xruns, callbacks;
    atomic_ullong frames, worst_ns, worst_share_ppm;
    /* the callback's own */
    size_t gain_pos;              /* the gain is gain_pos / fade */
    /* the synthesis thread */
    pthread_t thread;
    bool running;
    /* the device */
    PaStream *stream;
    bool pa_ready, playing, held;  /* held: stopped by a pause, started again on resume */
    double latency;
    char device[128];
};

/* --- the callback's work -------------------------------------------------------------------------------------- */

static unsigned long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);  /* a vDSO read, no system call */
    return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}

static void atomic_max(atomic_ullong *v, unsigned long long x)
{
    unsigned long long old = atomic_load_explicit(v, memory_order_relaxed);
    while (x > old && !atomic_compare_exchange_weak_explicit(v, &old, x, memory_order_relaxed,
                                                              memory_order_relaxed))
        ;
}

size_t audio_callback(audio_out *a, int16_t *out, size_t n)
{
    const unsigned long long t0 = now_ns();
    const bool paused = atomic_load_explicit(&a->paused, memory_order_acquire);
    const bool quiet = paused || atomic_load_explicit(&a->muted, memory_order_acquire);
    const size_t fade = a->c.fade;
    /* paused and faded out: silence, and the stream waits where it is */
    size_t want = paused ? (a->gain_pos < n ? a->gain_pos : n) : n;
    size_t taken = want ? ring_read(a->r, out, want) : 0;
    if (taken < want && !paused)
        atomic_fetch_add_explicit(&a->underruns, 1, memory_order_relaxed);
    for (size_t i = taken; i < n; i++)
        out[i] = 0;
    for (size_t i = 0; i < n; i++) {  /* the gain moves over the silence of a dry ring too */
        if (quiet && a->gain_pos > 0)
            a->gain_pos--;
        else if (!quiet && a->gain_pos < fade)
            a->gain_pos++;
        if (i < taken && a->gain_pos < fade)  /* at gain 1 the frame passes untouched */
            out[i] = (int16_t)lrint((double)out[i] * (double)a->gain_pos / (double)fade);
    }
    atomic_store_explicit(&a->silent, a->gain_pos == 0, memory_order_release);
    atomic_fetch_add_explicit(&a->frames, taken, memory_order_relaxed);
    atomic_fetch_add_explicit(&a->callbacks, 1, memory_order_relaxed);
    const unsigned long long dt = now_ns() - t0;
    atomic_max(&a->worst_ns, dt);
    atomic_max(&a->worst_share_ppm, (unsigned long long)((double)dt * 1e-3 * a->c.rate / (double)n));
    return taken;
}

size_t audio_ready(const audio_out *a)
{
    return ring_readable(a->r);
}

void audio_pcm16(const double *x, int16_t *out, size_t n)
{
    /* libsndfile's clipped double-to-16-bit path: lrint(2^31 x), clipped to 32 bits, then its top 16 bits (an
     * arithmetic shift: the floor of a 65536th) */
    for (size_t i = 0; i < n; i++) {
        const double v = 2147483648.0 * x[i];
        const int32_t w = v >= 2147483647.0 ? INT32_MAX : v <= -2147483648.0 ? INT32_MIN : (int32_t)lrint(v);
        out[i] = (int16_t)(w >> 16);
    }
}

/* --- the synthesis thread ------------------------------------------------------------------------------------- */

static void nap(long ns)
{
    struct timespec t = {0, ns};
    nanosleep(&t, NULL);
}

static void *synthesize(void *arg)
{
    audio_out *a = arg;
    /* above the ordinary threads (a busy machine must not starve the sound) and below the device's, where the
     * system allows it; otherwise as it is. The thread sleeps whenever the ring is full: it takes a few percent
     * of a core at most. */
    struct sched_param sp = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
    pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
    while (!atomic_load_explicit(&a->stop, memory_order_acquire)) {
        if (atomic_load_explicit(&a->paused, memory_order_acquire)) {
            nap(PAUSED_POLL_NS);
            continue;
        }
        const size_t fill = ring_readable(a->r);
        size_t room = fill < a->c.ahead ? a->c.ahead - fill : 0;
        if (room > PRODUCE_MAX)
            room = PRODUCE_MAX;
        const size_t made = room ? a->c.source(a->c.arg, a->work, room) : 0;
        if (made)
            ring_write(a->r, a->work, made);  /* fits: only this thread adds, and room was free */
        /* asleep until the ring has fallen to 3/4 of the lead (a device's burst takes at most half of it): a few
         * hundred wake-ups a second rather than a thousand */
        const size_t now = ring_readable(a->r), low = a->c.ahead - a->c.ahead / 4;
        const double wait_ns = now > low ? 1e9 * (double)(now - low) / a->c.rate : 0.0;
        if (!made || wait_ns > POLL_NS)
            nap(wait_ns > POLL_NS ? (long)wait_ns : POLL_NS);
    }
    return NULL;
}

audio_out *audio_new(const audio_config *c)
{
    if (!c || !(c->rate > 0.0) || c->ahead == 0 || c->fade == 0 || !c->source)
        return NULL;
    audio_out *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->c = *c;
    a->r = ring_new(c->ahead + PRODUCE_MAX, sizeof(int16_t));
    a->work = malloc(PRODUCE_MAX * sizeof *a->work);
    if (!a->r || !a->work) {
        audio_free(a);
        return NULL;
    }
    a->gain_pos = c->fade;
    return a;
}

/* --- the device ------------------------------------------------------------------------------------------------ */

#ifdef __linux__
static void alsa_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...)
{
    (void)file, (void)line, (void)function, (void)err, (void)fmt;
}
#endif

/* Around every PortAudio call that opens or closes something: its host APIs (ALSA, JACK) write to stderr while they
 * look for devices, not onto the lab's screen; and they keep allocations past Pa_Terminate (ALSA's global
 * configuration, its dlopen'ed plugins), not ours to free, which a sanitizer build's leak checker then leaves out. */
static int quiet_begin(void)
{
#ifdef __SANITIZE_ADDRESS__
    __lsan_disable();
#endif
    fflush(stderr);
    int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved >= 0 && null >= 0)
        dup2(null, STDERR_FILENO);
    if (null >= 0)
        close(null);
    return saved;
}

static void quiet_end(int saved)
{
    if (saved >= 0) {
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
#ifdef __SANITIZE_ADDRESS__
    __lsan_enable();
#endif
}

static int on_device(const void *in, void *out, unsigned long frames, const PaStreamCallbackTimeInfo *time,
                     PaStreamCallbackFlags status, void *arg)
{
    (void)in, (void)time;
    audio_out *a = arg;
    if (status & paOutputUnderflow)
        atomic_fetch_add_explicit(&a->xruns, 1, memory_order_relaxed);
    audio_callback(a, out, frames);
    return paContinue;
}

static bool contains(const char *hay, const char *needle)
{
    for (; *hay; hay++) {
        size_t i = 0;
        while (needle[i] && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (!needle[i])
            return true;
    }
    return false;
}

/* The output device named `name`: exact, else the only one containing it; -1 (names listed in msg) or -2 (two). */
static PaDeviceIndex find_device(const char *name, char *msg, size_t len)
{
    const PaDeviceIndex n = Pa_GetDeviceCount();
    PaDeviceIndex found = -1;
    int matches = 0;
    for (PaDeviceIndex i = 0; i < n; i++) {
        const PaDeviceInfo *d = Pa_GetDeviceInfo(i);
        if (d && d->maxOutputChannels > 0 && strcmp(d->name, name) == 0)
            return i;
    }
    size_t used = (size_t)snprintf(msg, len, _("no output device is named '%s' (allowed: auto, none"), name);
    for (PaDeviceIndex i = 0; i < n; i++) {
        const PaDeviceInfo *d = Pa_GetDeviceInfo(i);
        if (!d || d->maxOutputChannels <= 0)
            continue;
        if (contains(d->name, name))
            found = i, matches++;
        if (used < len)
            used += (size_t)snprintf(msg + used, len - used, ", %s", d->name);
    }
    if (used < len)
        snprintf(msg + used, len - used, ")");
    if (matches > 1)
        snprintf(msg, len, _("'%s' names %d output devices (allowed: the whole name of one)"), name, matches);
    return matches == 1 ? found : matches > 1 ? -2 : -1;
}

audio_error audio_open(audio_out *a, const char *device, char *msg, size_t len)
{
    const bool any = !device || strcmp(device, "auto") == 0;
    snprintf(msg, len, "%s", _("no audio device"));
#ifdef __linux__
    snd_lib_error_set_handler(alsa_quiet);
#endif
    const int saved = quiet_begin();
    audio_error rc = AUDIO_OK;
    PaError pe = Pa_Initialize();
    if (pe != paNoError) {
        snprintf(msg, len, _("no audio device (%s)"), Pa_GetErrorText(pe));
        quiet_end(saved);
        return any ? AUDIO_NO_DEVICE : AUDIO_ERR_DEVICE;
    }
    a->pa_ready = true;
    PaDeviceIndex dev = any ? Pa_GetDefaultOutputDevice() : find_device(device, msg, len);
    const PaDeviceInfo *info = dev >= 0 ? Pa_GetDeviceInfo(dev) : NULL;
    if (!info) {
        rc = any ? AUDIO_NO_DEVICE : AUDIO_ERR_NAME;
    } else {
        /* the device buffers half what the ring holds: a device may empty its whole buffer in one burst of
         * callbacks (a sound server's client does, whenever the server takes a block), which the ring must cover
         * with room to spare; much less than that starves such a client (ALSA's pulse plugin stalls, then catches
         * up, at 10 ms) */
        PaStreamParameters out = {.device = dev, .channelCount = 1, .sampleFormat = paInt16,
                                  .suggestedLatency = fmax(info->defaultLowOutputLatency, 0.5 * (double)a->c.ahead / a->c.rate)};
        pe = Pa_OpenStream(&a->stream, NULL, &out, a->c.rate, DEVICE_FRAMES, paClipOff, on_device, a);
        if (pe != paNoError) {
            a->stream = NULL;
            snprintf(msg, len, "%s: %s", info->name, Pa_GetErrorText(pe));
            rc = any ? AUDIO_NO_DEVICE : AUDIO_ERR_DEVICE;
        } else {
#ifdef __linux__
            /* the callback's thread at a real-time priority where the system allows it (ALSA devices only) */
            if (Pa_GetHostApiInfo(info->hostApi)->type == paALSA)
                PaAlsa_EnableRealtimeScheduling(a->stream, 1);
#endif
            const PaStreamInfo *si = Pa_GetStreamInfo(a->stream);
            a->latency = si ? si->outputLatency : 0.0;
            snprintf(a->device, sizeof a->device, "%s", info->name);
            msg[0] = '\0';
        }
    }
    if (rc != AUDIO_OK) {
        Pa_Terminate();
        a->pa_ready = false;
    }
    quiet_end(saved);
    return rc;
}

static audio_error start_device(audio_out *a, char *msg, size_t len);

audio_error audio_start(audio_out *a, char *msg, size_t len)
{
    if (a->running)
        return AUDIO_OK;
    atomic_store(&a->stop, false);
    if (pthread_create(&a->thread, NULL, synthesize, a)) {
        snprintf(msg, len, "%s", _("the synthesis thread did not start"));
        return AUDIO_ERR_THREAD;
    }
    a->running = true;
    return a->stream ? start_device(a, msg, len) : AUDIO_OK;
}

/* The device starts on a full ring: its first callbacks find what they need. */
static audio_error start_device(audio_out *a, char *msg, size_t len)
{
    for (int i = 0; i < 1000 && ring_readable(a->r) < a->c.ahead; i++)
        nap(POLL_NS);
    const int saved = quiet_begin();
    PaError pe = Pa_StartStream(a->stream);
    quiet_end(saved);
    if (pe != paNoError) {
        snprintf(msg, len, "%s: %s", a->device, Pa_GetErrorText(pe));
        audio_stop(a);
        return AUDIO_ERR_DEVICE;
    }
    a->playing = true;
    return AUDIO_OK;
}

void audio_stop(audio_out *a)
{
    a->held = false;
    if (a->playing) {
        const int saved = quiet_begin();
        Pa_StopStream(a->stream);
        quiet_end(saved);
        a->playing = false;
    }
    if (a->running) {
        atomic_store(&a->stop, true);
        pthread_join(a->thread, NULL);
        a->running = false;
    }
}

void audio_free(audio_out *a)
{
    if (!a)
        return;
    audio_stop(a);
    if (a->pa_ready) {
        const int saved = quiet_begin();
        if (a->stream)
            Pa_CloseStream(a->stream);
        Pa_Terminate();
        quiet_end(saved);
    }
    ring_free(a->r);
    free(a->work);
    free(a);
}

void audio_set_paused(audio_out *a, bool paused)
{
    atomic_store_explicit(&a->paused, paused, memory_order_release);
    if (paused && a->playing) {
        /* once faded out (at most a buffer and the fade later), the device stops: a paused lab costs nothing */
        for (int i = 0; i < 500 && !atomic_load_explicit(&a->silent, memory_order_acquire); i++)
            nap(POLL_NS);
        const int saved = quiet_begin();
        Pa_StopStream(a->stream);
        quiet_end(saved);
        a->playing = false;
        a->held = true;
    } else if (!paused && a->held) {
        char msg[160];
        a->held = false;
        start_device(a, msg, sizeof msg);  /* a failure leaves the lab silent, as without a device */
    }
}

void audio_set_muted(audio_out *a, bool muted)
{
    atomic_store_explicit(&a->muted, muted, memory_order_release);
}

bool audio_muted(const audio_out *a)
{
    return atomic_load(&a->muted);
}

bool audio_playing(const audio_out *a)
{
    return a->playing;
}

void audio_get_stats(const audio_out *a, audio_stats *s)
{
    *s = (audio_stats){
        .underruns = atomic_load(&a->underruns), .xruns = atomic_load(&a->xruns),
        .callbacks = atomic_load(&a->callbacks), .frames = atomic_load(&a->frames),
        .worst_callback = (double)atomic_load(&a->worst_ns) * 1e-9,
        .worst_share = (double)atomic_load(&a->worst_share_ppm) * 1e-6,
        .device_latency = a->latency, .ahead = (double)a->c.ahead / a->c.rate, .device = a->device,
    };
}
