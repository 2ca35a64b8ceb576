/* bowl-lab: a session saved, its recording and its render as DIR/bowl-session-N.csv and .wav, both written through
 * the headless render's one output set (headless.c): both committed, or neither. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "lab.h"
#include "numlab/cli.h"

#define MAX_SESSION_FILES 9999

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

int bl_session_save(const bl_session *s, const char *dir, char *msg, size_t len, char *wav_name,
                          size_t name_len)
{
    bl_gesture g;
    if (bl_session_gesture(s, &g))
        return snprintf(msg, len, _("out of memory: the session cannot be rendered")), CLI_FAILURE;
    int rc = bl_save(&s->preset, s->seed, s->layers, &g, dir, msg, len, wav_name, name_len);
    bl_gesture_free(&g);
    return rc;
}

int bl_save(const snd_preset *preset, unsigned long seed, unsigned layers, const bl_gesture *rec,
                  const char *dir, char *msg, size_t len, char *wav_name, size_t name_len)
{
    const bl_gesture g = *rec;
    const double seconds = g.rows[g.n - 1].t;
    if (!(seconds > 0.0) || seconds > BL_MAX_RENDER_S) {
        snprintf(msg, len, seconds > 0.0 ? _("the session is longer than %d s: press r for a new one")
                                         : _("the session has not started: nothing to render"), BL_MAX_RENDER_S);
        return CLI_USAGE;
    }
    char csv[4096], wav[4096], base[64];
    int n = 1;
    for (; n <= MAX_SESSION_FILES; n++) {
        snprintf(base, sizeof base, "bowl-session-%d", n);
        snprintf(csv, sizeof csv, "%s/%s.csv", dir, base);
        snprintf(wav, sizeof wav, "%s/%s.wav", dir, base);
        if (!exists(csv) && !exists(wav))
            break;
    }
    if (n > MAX_SESSION_FILES) {
        snprintf(msg, len, _("%s already holds bowl-session-1 .. %d: move them away"), dir, MAX_SESSION_FILES);
        return CLI_USAGE;
    }
    char command[8192], comment[8400];
    bl_command(preset, seed, layers, strrchr(csv, '/') + 1, command, sizeof command);
    snprintf(comment, sizeof comment, "bowl-lab gesture (%.3f s); replay: %s --wav %s-replay.wav", seconds, command,
             base);
    /* the WAV and its gesture: one output set, both written or neither */
    bl_options o = {.preset = preset, .seconds = seconds, .seed = seed, .wav = wav, .channels = 1,
                          .format = WAV_PCM16, .layers = layers, .gesture = preset->gesture, .replay = &g,
                          .replay_out = csv, .replay_comment = comment, .quiet = true};
    char summary[1024];
    int rc = bl_run(&o, summary, sizeof summary);
    if (rc == CLI_OK)
        snprintf(msg, len, _("wrote %s.wav + .csv (%.1f s)"), base, seconds);
    else
        snprintf(msg, len, "%s", summary);
    snprintf(wav_name, name_len, "%s.wav", base);
    return rc;
}
