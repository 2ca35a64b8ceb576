/* bowl-lab's live sound: one synthesis, two sinks. The session steps in audio's synthesis thread while this test is
 * both the lab's thread (it tilts, stirs and strikes under the live lock, as the keys do) and the device (it takes
 * 256-frame buffers through audio_callback, as PortAudio's callback does). What it hears must be, sample for
 * sample, the WAV that w renders offline from the session's recording, but for the pause's fades, whose gains
 * audio.h states. The synthesis never runs more than `ahead` frames before what is heard. */
#include <check.h>
#include <math.h>
#include <sndfile.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../labs/bowl-lab/lab.h"
#include "helpers/check_main.h"
#include "helpers/scratch.h"

#define AHEAD 1024
#define FADE 480
#define BUFFER 256
#define HEARD (3 * 48000)   /* frames: 3 s */

static void wait_ready(audio_out *a, size_t n)
{
    for (int i = 0; i < 5000 && audio_ready(a) < n; i++)
        nanosleep(&(struct timespec){0, 200000}, NULL);
    ck_assert_uint_ge(audio_ready(a), n);
}

START_TEST(heard_equals_the_render_of_the_recording)
{
    const snd_preset *preset = snd_preset_default();
    bl_controls c = {.stir_hz = preset->gesture.stir_hz, .stir_radius = preset->gesture.stir_radius};
    bl_session s;
    ck_assert_int_eq(bl_session_init(&s, preset, 7, SND_LAYERS_DEFAULT, &c), SND_OK);
    bl_live live = {.s = &s};
    pthread_mutex_init(&live.lock, NULL);
    audio_config cfg = {.rate = SND_RATE, .ahead = AHEAD, .fade = FADE, .source = bl_live_source,
                        .arg = &live};
    audio_out *a = audio_new(&cfg);
    ck_assert_ptr_nonnull(a);
    char msg[1024];
    ck_assert_int_eq(audio_start(a, msg, sizeof msg), AUDIO_OK);

    int16_t *heard = calloc(HEARD, sizeof *heard);
    size_t got = 0, pause_at = 0, resume_at = 0;
    for (int cb = 0; got < HEARD; cb++) {
        /* the player, between two buffers: tilt and strike at 0.5 s, reverse the stir at 1 s, strike at 2 s */
        pthread_mutex_lock(&live.lock);
        if (cb == 94)
            s.player.c.tilt_y_deg = 12.0, s.player.strike = 2.0;
        if (cb == 188)
            s.player.c.stir_hz = -s.player.c.stir_hz;
        if (cb == 375)
            s.player.strike = 3.0;
        /* the synthesis is never more than AHEAD frames (whole steps of 20) before what was heard */
        const double made = snd_engine_bowl(s.e)->t * SND_RATE;
        ck_assert_double_le(made - (double)got, AHEAD + 0.5);
        pthread_mutex_unlock(&live.lock);
        if (cb == 280) {  /* 1.5 s: pause for six buffers, then resume */
            wait_ready(a, FADE);  /* the fade's frames are there: the paused synthesis adds none */
            audio_set_paused(a, true);
            pause_at = got;
            int16_t out[BUFFER];
            for (int k = 0; k < 6; k++) {
                size_t n = audio_callback(a, out, BUFFER);
                memcpy(heard + got, out, n * sizeof *out);
                got += n;
            }
            ck_assert_uint_eq(got - pause_at, FADE);  /* the fade's frames, then nothing taken */
            audio_set_paused(a, false);
            resume_at = got;
        }
        wait_ready(a, BUFFER);
        size_t want = HEARD - got < BUFFER ? HEARD - got : BUFFER;
        ck_assert_uint_eq(audio_callback(a, heard + got, want), want);
        got += want;
    }
    audio_stop(a);
    audio_stats st;
    audio_get_stats(a, &st);
    ck_assert_uint_eq(st.underruns, 0);
    audio_free(a);

    /* the session's recording, rendered offline as w renders it */
    bl_gesture g;
    ck_assert_int_eq(bl_session_gesture(&s, &g), 0);
    char dir[64], path[128], name[64];
    fresh_dir(dir);
    ck_assert_int_eq(bl_save(&s.preset, s.seed, s.layers, &g, dir, msg, sizeof msg, name, sizeof name), 0);
    bl_gesture_free(&g);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SF_INFO info = {0};
    SNDFILE *f = sf_open(path, SFM_READ, &info);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(info.frames, HEARD);
    short *wav = calloc(HEARD, sizeof *wav);
    ck_assert_int_eq(sf_read_short(f, wav, HEARD), HEARD);
    sf_close(f);

    /* sample for sample; in the fades frame j of the fade-out has gain (FADE - 1 - j) / FADE, of the fade-in
     * (j + 1) / FADE */
    size_t differ = 0, loud = 0;
    for (size_t i = 0; i < HEARD; i++) {
        double gain = 1.0;
        if (i >= pause_at && i < pause_at + FADE)
            gain = (double)(FADE - 1 - (i - pause_at)) / FADE;
        else if (i >= resume_at && i < resume_at + FADE)
            gain = (double)(i - resume_at + 1) / FADE;
        const int16_t want = gain == 1.0 ? wav[i] : (int16_t)lrint(wav[i] * gain);
        differ += heard[i] != want;
        loud += abs(wav[i]) > 300;  /* -40 dBFS */
    }
    ck_assert_uint_eq(differ, 0);
    ck_assert_uint_gt(loud, HEARD / 20);  /* the comparison is of sound, not of silence */
    /* the strikes are in the recording, at the times they were heard */
    char csv[128];
    snprintf(csv, sizeof csv, "%s/bowl-session-1.csv", dir);
    size_t size;
    char *text = slurp(csv, (long *)&size);
    ck_assert_ptr_nonnull(strstr(text, ",2\n"));
    ck_assert_ptr_nonnull(strstr(text, ",3\n"));
    free(text);
    free(heard);
    free(wav);
    remove_dir(dir);
    pthread_mutex_destroy(&live.lock);
    bl_session_destroy(&s);
}
END_TEST

START_TEST(no_sound_asked_for)
{
    bl_live live;
    ck_assert_int_eq(bl_live_open(&live, "none"), 0);
    ck_assert_ptr_null(live.out);
    char text[128];
    bl_live_text(&live, text, sizeof text);
    ck_assert_str_eq(text, "sound off (--audio none): w renders a WAV");
    bl_live_close(&live);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bl_live");
    TCase *tc = tcase_create("live");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, heard_equals_the_render_of_the_recording);
    tcase_add_test(tc, no_sound_asked_for);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
