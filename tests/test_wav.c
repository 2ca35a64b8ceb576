/* wav: what goes in comes back (read with libsndfile itself), equal samples give equal bytes; written as the labs
 * write it, into an output of an outset (outset.h), an existing file is never clobbered unless asked, and no
 * failure (a bad format, an abort, a file appearing at the last moment) leaves anything behind. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "numlab/common.h"
#include "numlab/outset.h"
#include "numlab/wav.h"
#include "helpers/check_main.h"
#include "helpers/scratch.h"

/* 1000 stereo frames: a 440 Hz sine at 0.5 left, a 1 kHz one at -0.25 right. */
static void signal(double *x)
{
    for (int i = 0; i < 1000; i++) {
        x[2 * i] = 0.5 * sin(2.0 * NUMLAB_PI * 440.0 * i / 48000.0);
        x[2 * i + 1] = -0.25 * sin(2.0 * NUMLAB_PI * 1000.0 * i / 48000.0);
    }
}

/* A WAV for path as a lab writes one: into an output of a set, finished, then committed. NULL (and the set dropped)
 * when the output cannot be added or the WAV opened: *code or *set_code says why. */
static wav_file *open_in_set(outset **set, const char *path, int channels, wav_format format, bool replace,
                             outset_error *set_code, wav_error *code, char *err, size_t errlen)
{
    *set = outset_new();
    ck_assert_ptr_nonnull(*set);
    *set_code = OUTSET_OK;
    *code = WAV_OK;
    int i = outset_add(*set, path, replace ? OUTSET_REPLACE : 0, set_code, NULL, err, errlen);
    wav_file *w = i < 0 ? NULL : wav_open_fd(outset_fd(*set, i), path, channels, 48000, format, code, err, errlen);
    if (!w) {
        outset_abort(*set);
        *set = NULL;
    }
    return w;
}

static void write_file(const char *path, wav_format format, bool replace, const double *x)
{
    char err[256];
    outset *set;
    outset_error set_code;
    wav_error code;
    wav_file *w = open_in_set(&set, path, 2, format, replace, &set_code, &code, err, sizeof err);
    ck_assert_msg(w != NULL, "open: %s", err);
    ck_assert_int_eq(wav_write(w, x, 600, err, sizeof err), WAV_OK);
    ck_assert_int_eq(wav_write(w, x + 1200, 400, err, sizeof err), WAV_OK);
    ck_assert_int_eq(wav_finish(w, err, sizeof err), WAV_OK);
    ck_assert_int_eq(outset_commit(set, err, sizeof err), OUTSET_OK);
}

START_TEST(what_goes_in_comes_back)
{
    char dir[64], path[128];
    fresh_dir(dir);
    double x[2000], y[2000];
    signal(x);
    for (int f = 0; f < 2; f++) {
        wav_format format = f ? WAV_FLOAT : WAV_PCM16;
        snprintf(path, sizeof path, "%s/t%d.wav", dir, f);
        write_file(path, format, false, x);
        SF_INFO info = {0};
        SNDFILE *sf = sf_open(path, SFM_READ, &info);
        ck_assert_ptr_nonnull(sf);
        ck_assert_int_eq(info.samplerate, 48000);
        ck_assert_int_eq(info.channels, 2);
        ck_assert_int_eq(info.frames, 1000);
        ck_assert_int_eq(info.format, SF_FORMAT_WAV | (f ? SF_FORMAT_FLOAT : SF_FORMAT_PCM_16));
        ck_assert_int_eq(sf_readf_double(sf, y, 1000), 1000);
        sf_close(sf);
        for (int i = 0; i < 2000; i++) {
            /* PCM16: written as round(x 32767), read back / 32768: within 1.5 LSB; float: exact as a float */
            double tol = f ? 0.0 : 1.5 / 32768.0;
            double want = f ? (double)(float)x[i] : x[i];
            ck_assert_msg(fabs(y[i] - want) <= tol, "sample %d: %.9f vs %.9f", i, y[i], want);
        }
    }
    ck_assert_int_eq(entries(dir), 2);  /* the two files, no temporaries */
    remove_dir(dir);
}
END_TEST

START_TEST(equal_samples_equal_bytes)
{
    char dir[64], a[128], b[128];
    fresh_dir(dir);
    double x[2000];
    signal(x);
    for (int f = 0; f < 2; f++) {
        snprintf(a, sizeof a, "%s/a%d.wav", dir, f);
        snprintf(b, sizeof b, "%s/b%d.wav", dir, f);
        write_file(a, f ? WAV_FLOAT : WAV_PCM16, false, x);
        sleep(f ? 1 : 0);  /* a time stamp in the header would now differ */
        write_file(b, f ? WAV_FLOAT : WAV_PCM16, false, x);
        long la, lb;
        char *da = slurp(a, &la), *db = slurp(b, &lb);
        ck_assert_int_eq(la, lb);
        ck_assert(memcmp(da, db, (size_t)la) == 0);
        if (!f)
            ck_assert_int_eq(la, 44 + 4000);  /* the plain 44-byte header, 1000 frames x 2 x 2 bytes */
        free(da);
        free(db);
    }
    remove_dir(dir);
}
END_TEST

START_TEST(never_clobbers_unless_asked)
{
    char dir[64], path[128], err[256];
    fresh_dir(dir);
    snprintf(path, sizeof path, "%s/take.wav", dir);
    plant(path, "the student's earlier take");
    outset *set;
    outset_error set_code;
    wav_error code;
    ck_assert_ptr_null(open_in_set(&set, path, 1, WAV_PCM16, false, &set_code, &code, err, sizeof err));
    ck_assert_int_eq(set_code, OUTSET_ERR_EXISTS);
    ck_assert(strstr(err, path) != NULL && strstr(err, "exists") != NULL);
    expect_text(path, "the student's earlier take");
    ck_assert_int_eq(entries(dir), 1);
    /* asked to replace: the finished render takes its place */
    double x[2000];
    signal(x);
    write_file(path, WAV_PCM16, true, x);
    SF_INFO info = {0};
    SNDFILE *sf = sf_open(path, SFM_READ, &info);
    ck_assert_ptr_nonnull(sf);
    ck_assert_int_eq(info.frames, 1000);
    sf_close(sf);
    ck_assert_int_eq(entries(dir), 1);
    remove_dir(dir);
}
END_TEST

START_TEST(a_file_that_appears_meanwhile_is_kept)
{
    /* the target did not exist at open but does at commit: the commit refuses atomically, both the planted file
     * and the directory stay as they were */
    char dir[64], path[128], err[256];
    fresh_dir(dir);
    snprintf(path, sizeof path, "%s/late.wav", dir);
    outset *set;
    outset_error set_code;
    wav_error code;
    wav_file *w = open_in_set(&set, path, 1, WAV_FLOAT, false, &set_code, &code, err, sizeof err);
    ck_assert_ptr_nonnull(w);
    double x[480] = {0.25};
    ck_assert_int_eq(wav_write(w, x, 480, err, sizeof err), WAV_OK);
    ck_assert_int_eq(wav_finish(w, err, sizeof err), WAV_OK);
    plant(path, "someone else's");
    ck_assert_int_eq(outset_commit(set, err, sizeof err), OUTSET_ERR_EXISTS);
    expect_text(path, "someone else's");
    ck_assert_int_eq(entries(dir), 1);
    remove_dir(dir);
}
END_TEST

START_TEST(abort_leaves_nothing)
{
    char dir[64], path[128], err[256];
    fresh_dir(dir);
    snprintf(path, sizeof path, "%s/gone.wav", dir);
    outset *set;
    outset_error set_code;
    wav_error code;
    wav_file *w = open_in_set(&set, path, 2, WAV_PCM16, false, &set_code, &code, err, sizeof err);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(entries(dir), 1);  /* the hidden temporary, while rendering */
    double x[2000];
    signal(x);
    ck_assert_int_eq(wav_write(w, x, 1000, err, sizeof err), WAV_OK);
    wav_abort(w);
    outset_abort(set);
    ck_assert_int_eq(entries(dir), 0);
    wav_abort(NULL);
    remove_dir(dir);
}
END_TEST

START_TEST(bad_formats_are_named_and_leave_nothing)
{
    /* libsndfile has no WAV of three channels here, nor of a rate of 0: WAV_ERR_FORMAT naming the file, before a
     * byte is written, and the dropped set leaves the folder as it was */
    char dir[64], path[128], err[256];
    fresh_dir(dir);
    snprintf(path, sizeof path, "%s/x.wav", dir);
    outset *set;
    outset_error set_code;
    wav_error code;
    ck_assert_ptr_null(open_in_set(&set, path, 3, WAV_PCM16, false, &set_code, &code, err, sizeof err));
    ck_assert_int_eq(set_code, OUTSET_OK);
    ck_assert_int_eq(code, WAV_ERR_FORMAT);
    ck_assert_msg(strstr(err, path) != NULL && strstr(err, "3 channels") != NULL, "message '%s'", err);
    set = outset_new();
    int i = outset_add(set, path, 0, &set_code, NULL, err, sizeof err);
    ck_assert_int_ge(i, 0);
    ck_assert_ptr_null(wav_open_fd(outset_fd(set, i), path, 1, 0, WAV_FLOAT, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_FORMAT);
    outset_abort(set);
    ck_assert_int_eq(entries(dir), 0);
    remove_dir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("wav");
    TCase *tc = tcase_create("wav");
    tcase_set_timeout(tc, 10);
    tcase_add_test(tc, what_goes_in_comes_back);
    tcase_add_test(tc, equal_samples_equal_bytes);
    tcase_add_test(tc, never_clobbers_unless_asked);
    tcase_add_test(tc, a_file_that_appears_meanwhile_is_kept);
    tcase_add_test(tc, abort_leaves_nothing);
    tcase_add_test(tc, bad_formats_are_named_and_leave_nothing);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
