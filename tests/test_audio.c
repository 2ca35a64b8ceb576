/* audio: the callback's work without a device (audio_callback is what the device's callback runs). The source is
 * a counter, so the reference is the sequence itself: frame k of the stream holds value(k). The fades follow the
 * rule audio.h states (the gain moves by 1/fade a frame), the pause keeps every frame, underruns are counted only
 * when the stream runs dry while playing, and audio_pcm16 equals what libsndfile stores in a 16-bit WAV. */
#include <check.h>
#include <fcntl.h>
#include <math.h>
#include <unistd.h>
#include <sndfile.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "numlab/audio.h"
#include "numlab/wav.h"
#include "helpers/check_main.h"
#include "helpers/scratch.h"

#define FADE 480

typedef struct {
    atomic_ulong made;     /* frames produced so far */
    unsigned long budget;  /* the source stops after this many */
} counter;

static int16_t value(unsigned long k)
{
    return (int16_t)(1000 + (long)(k % 20000));  /* never 0, so a dropped frame or a zero shows */
}

static size_t count_source(void *arg, int16_t *out, size_t max)
{
    counter *c = arg;
    unsigned long k = atomic_load(&c->made);
    size_t n = 0;
    for (; n < max && k + n < c->budget; n++)
        out[n] = value(k + n);
    atomic_store(&c->made, k + n);
    return n;
}

/* Waits (at most 2 s) until the ring holds n frames. */
static void wait_ready(audio_out *a, size_t n)
{
    for (int i = 0; i < 2000 && audio_ready(a) < n; i++)
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    ck_assert_uint_ge(audio_ready(a), n);
}

static audio_out *start(counter *c, unsigned long budget)
{
    atomic_init(&c->made, 0);
    c->budget = budget;
    audio_config cfg = {.rate = 48000, .ahead = 1024, .fade = FADE, .source = count_source, .arg = c};
    audio_out *a = audio_new(&cfg);
    ck_assert_ptr_nonnull(a);
    char msg[256];
    ck_assert_int_eq(audio_start(a, msg, sizeof msg), AUDIO_OK);
    return a;
}

START_TEST(bad_configs_are_refused)
{
    counter c;
    audio_config ok = {.rate = 48000, .ahead = 1024, .fade = 10, .source = count_source, .arg = &c};
    audio_config bad[4] = {ok, ok, ok, ok};
    bad[0].rate = 0, bad[1].ahead = 0, bad[2].fade = 0, bad[3].source = NULL;
    for (int i = 0; i < 4; i++)
        ck_assert_ptr_null(audio_new(&bad[i]));
    ck_assert_ptr_null(audio_new(NULL));
    audio_free(NULL);
}
END_TEST

START_TEST(plays_the_stream_and_runs_ahead_by_ahead)
{
    counter c;
    audio_out *a = start(&c, 1000000);
    int16_t out[256];
    unsigned long k = 0;
    for (int cb = 0; cb < 200; cb++) {
        wait_ready(a, 256);
        ck_assert_uint_eq(audio_callback(a, out, 256), 256);
        for (int i = 0; i < 256; i++, k++)
            ck_assert_int_eq(out[i], value(k));  /* at gain 1, bit for bit */
        /* the synthesis thread never runs further ahead than `ahead` frames */
        ck_assert_uint_le(atomic_load(&c.made) - k, 1024);
    }
    audio_stats st;
    audio_get_stats(a, &st);
    ck_assert_uint_eq(st.underruns, 0);
    ck_assert_uint_eq(st.callbacks, 200);
    ck_assert_uint_eq(st.frames, 200 * 256);
    ck_assert_double_eq_tol(st.ahead, 1024.0 / 48000.0, 1e-15);
    ck_assert(st.worst_callback > 0.0 && st.worst_share > 0.0);
    audio_free(a);
}
END_TEST

START_TEST(pause_fades_out_keeps_every_frame_and_fades_in)
{
    counter c;
    audio_out *a = start(&c, 1000000);
    int16_t out[700];
    wait_ready(a, 100);
    ck_assert_uint_eq(audio_callback(a, out, 100), 100);
    /* paused: the next FADE frames of the stream, each at gain (FADE - 1 - j) / FADE, then silence */
    audio_set_paused(a, true);
    wait_ready(a, FADE);
    ck_assert_uint_eq(audio_callback(a, out, 700), FADE);
    for (int j = 0; j < FADE; j++)
        ck_assert_int_eq(out[j], (int16_t)lrint(value(100 + (unsigned long)j) * (double)(FADE - 1 - j) / FADE));
    for (int j = FADE; j < 700; j++)
        ck_assert_int_eq(out[j], 0);
    /* while paused: silence, nothing taken, no underrun, and the source is not called */
    nanosleep(&(struct timespec){0, 50000000}, NULL);
    const unsigned long made = atomic_load(&c.made);
    for (int cb = 0; cb < 5; cb++) {
        ck_assert_uint_eq(audio_callback(a, out, 700), 0);
        for (int j = 0; j < 700; j++)
            ck_assert_int_eq(out[j], 0);
    }
    nanosleep(&(struct timespec){0, 50000000}, NULL);
    ck_assert_uint_eq(atomic_load(&c.made), made);
    /* resumed: the frame after the last one taken, at gain (j + 1) / FADE, up to gain 1 */
    audio_set_paused(a, false);
    wait_ready(a, 700);
    ck_assert_uint_eq(audio_callback(a, out, 700), 700);
    for (int j = 0; j < 700; j++) {
        const double g = j + 1 < FADE ? (double)(j + 1) / FADE : 1.0;
        ck_assert_int_eq(out[j], (int16_t)lrint(value(100 + FADE + (unsigned long)j) * g));
    }
    audio_stats st;
    audio_get_stats(a, &st);
    ck_assert_uint_eq(st.underruns, 0);
    ck_assert_uint_eq(st.frames, 100 + FADE + 700);
    audio_free(a);
}
END_TEST

START_TEST(mute_fades_but_the_stream_runs_on)
{
    counter c;
    audio_out *a = start(&c, 1000000);
    int16_t out[1000];
    audio_set_muted(a, true);
    ck_assert(audio_muted(a));
    wait_ready(a, 1000);
    ck_assert_uint_eq(audio_callback(a, out, 1000), 1000);  /* muted, still taken */
    for (int j = 0; j < 1000; j++) {
        const double g = j < FADE ? (double)(FADE - 1 - j) / FADE : 0.0;
        ck_assert_int_eq(out[j], (int16_t)lrint(value((unsigned long)j) * g));
    }
    audio_free(a);
}
END_TEST

START_TEST(a_dry_ring_is_an_underrun_unless_paused)
{
    counter c;
    audio_out *a = start(&c, 300);  /* the source has 300 frames, then nothing */
    int16_t out[512];
    wait_ready(a, 300);
    ck_assert_uint_eq(audio_callback(a, out, 512), 300);
    for (int j = 300; j < 512; j++)
        ck_assert_int_eq(out[j], 0);
    audio_stats st;
    audio_get_stats(a, &st);
    ck_assert_uint_eq(st.underruns, 1);
    ck_assert_uint_eq(audio_callback(a, out, 512), 0);
    audio_get_stats(a, &st);
    ck_assert_uint_eq(st.underruns, 2);
    audio_set_paused(a, true);  /* paused on a dry ring: silence, and not an underrun */
    for (int cb = 0; cb < 3; cb++) {
        ck_assert_uint_eq(audio_callback(a, out, 512), 0);
        for (int j = 0; j < 512; j++)
            ck_assert_int_eq(out[j], 0);
    }
    audio_get_stats(a, &st);
    ck_assert_uint_eq(st.underruns, 2);
    audio_free(a);
}
END_TEST

START_TEST(pcm16_is_what_a_wav_stores)
{
    /* the reference: libsndfile's own conversion, through a 16-bit WAV written by wav.h and read back raw */
    enum { N = 4000 };
    double x[N];
    x[0] = 1.0, x[1] = -1.0, x[2] = 1.5, x[3] = -1.5, x[4] = 0.5 / 32767.0, x[5] = -0.5 / 32767.0, x[6] = 0.0;
    for (int i = 7; i < N; i++)
        x[i] = sin(0.37 * i) * (0.2 + 0.8 * (i % 7) / 6.0);
    char dir[64], path[128], err[256];
    fresh_dir(dir);
    snprintf(path, sizeof path, "%s/x.wav", dir);
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
    ck_assert_int_ge(fd, 0);
    wav_error code;
    wav_file *w = wav_open_fd(fd, path, 1, 48000, WAV_PCM16, &code, err, sizeof err);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(wav_write(w, x, N, err, sizeof err), WAV_OK);
    ck_assert_int_eq(wav_finish(w, err, sizeof err), WAV_OK);
    close(fd);
    SF_INFO info = {0};
    SNDFILE *f = sf_open(path, SFM_READ, &info);
    ck_assert_ptr_nonnull(f);
    short stored[N];
    ck_assert_int_eq(sf_read_short(f, stored, N), N);
    sf_close(f);
    int16_t mine[N];
    audio_pcm16(x, mine, N);
    for (int i = 0; i < N; i++)
        ck_assert_msg(mine[i] == stored[i], "sample %d (%.17g): %d, the WAV has %d", i, x[i], mine[i], stored[i]);
    /* by hand: 1 -> 2^31 - 1 >> 16 = 32767, -1 -> -2^31 >> 16 = -32768, beyond them clipped; half a step up
     * (2^15 / 32767 steps of 2^16, just under half) -> 0, half a step down -> -1 (the shift floors) */
    ck_assert_int_eq(mine[0], 32767);
    ck_assert_int_eq(mine[1], -32768);
    ck_assert_int_eq(mine[2], 32767);
    ck_assert_int_eq(mine[3], -32768);
    ck_assert_int_eq(mine[4], 0);
    ck_assert_int_eq(mine[5], -1);
    remove_dir(dir);
}
END_TEST

START_TEST(a_device_name_that_is_none)
{
    counter c;
    audio_config cfg = {.rate = 48000, .ahead = 1024, .fade = FADE, .source = count_source, .arg = &c};
    audio_out *a = audio_new(&cfg);
    char msg[2048];
    ck_assert_int_eq(audio_open(a, "no-such-device-numlab", msg, sizeof msg), AUDIO_ERR_NAME);
    ck_assert_msg(strstr(msg, "no output device is named 'no-such-device-numlab' (allowed: auto, none"), "%s", msg);
    audio_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("audio");
    TCase *tc = tcase_create("audio");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, bad_configs_are_refused);
    tcase_add_test(tc, plays_the_stream_and_runs_ahead_by_ahead);
    tcase_add_test(tc, pause_fades_out_keeps_every_frame_and_fades_in);
    tcase_add_test(tc, mute_fades_but_the_stream_runs_on);
    tcase_add_test(tc, a_dry_ring_is_an_underrun_unless_paused);
    tcase_add_test(tc, pcm16_is_what_a_wav_stores);
    tcase_add_test(tc, a_device_name_that_is_none);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
