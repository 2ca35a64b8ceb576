/* bowl-lab: the live sound. With a device, the session steps in audio's synthesis thread (audio.h), which calls
 * bl_live_source to keep the ring a little ahead of the speakers; the lab's own thread changes the controls
 * and reads what it draws under the same lock (the device's callback never takes it). Every step goes through
 * bl_session_steps, as without a device, so the session's recording renders, offline, to the very samples
 * that were heard. */
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"

#define LIVE_AHEAD 1536          /* frames the synthesis runs ahead: 32 ms at 48 kHz (the device buffers 16 ms) */
#define LIVE_FADE 480            /* frames of a pause's fade: 10 ms */
#define LIVE_SILENCE 480         /* frames of silence a call while there is no session */

size_t bl_live_source(void *arg, int16_t *out, size_t max)
{
    bl_live *l = arg;
    size_t made = 0;
    pthread_mutex_lock(&l->lock);
    bl_session *s = l->s;
    if (!s) {
        made = max < LIVE_SILENCE ? max : LIVE_SILENCE;
        memset(out, 0, made * sizeof *out);
    } else {
        const size_t frames = snd_engine_step_frames(s->e);
        for (; made + frames <= max; made += frames) {
            bl_session_steps(s, 1);
            audio_pcm16(s->buf, out + made, frames);
        }
    }
    pthread_mutex_unlock(&l->lock);
    return made;
}

int bl_live_open(bl_live *l, const char *device)
{
    *l = (bl_live){0};
    /* the synthesis thread may run at a real-time priority: the lab's thread inherits it while it holds the lock */
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
    pthread_mutex_init(&l->lock, &attr);
    pthread_mutexattr_destroy(&attr);
    if (device && strcmp(device, "none") == 0) {
        snprintf(l->status, sizeof l->status, _("sound off (--audio none): w renders a WAV"));
        return CLI_OK;
    }
    audio_config c = {.rate = SND_RATE, .ahead = LIVE_AHEAD, .fade = LIVE_FADE, .source = bl_live_source,
                      .arg = l};
    char msg[1024];
    l->out = audio_new(&c);
    if (!l->out)
        return cli_fail(_("out of memory"));
    audio_error rc = audio_open(l->out, device, msg, sizeof msg);
    if (rc == AUDIO_OK)
        rc = audio_start(l->out, msg, sizeof msg);
    if (rc == AUDIO_OK)
        return CLI_OK;
    audio_free(l->out);
    l->out = NULL;
    if (rc == AUDIO_NO_DEVICE) {  /* normal over SSH, in CI, in a container: said once, and the lab carries on */
        snprintf(l->status, sizeof l->status, _("no audio device: w renders a WAV"));
        return CLI_OK;
    }
    return rc == AUDIO_ERR_NAME ? cli_error("--audio: %s", msg) : cli_fail("--audio: %s", msg);
}

void bl_live_close(bl_live *l)
{
    audio_free(l->out);  /* stops the synthesis thread first: nothing steps the session after this */
    l->out = NULL;
    pthread_mutex_destroy(&l->lock);
}

size_t bl_live_text(const bl_live *l, char *buf, size_t size)
{
    if (!l->out)
        return (size_t)snprintf(buf, size, "%s", l->status);
    audio_stats st;
    audio_get_stats(l->out, &st);
    /* underruns: the synthesis fell behind; late buffers: the device (or its sound server) did */
    const char *fmt = audio_muted(l->out) ? _("sound muted, %.0f ms ahead, %lu underruns, %lu late buffers")
                                          : _("sound %.0f ms ahead, %lu underruns, %lu late buffers");
    return (size_t)snprintf(buf, size, fmt, 1000.0 * (st.ahead + st.device_latency), st.underruns, st.xruns);
}
