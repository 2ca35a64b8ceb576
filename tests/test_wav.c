/* wav: what goes in comes back (read with libsndfile itself), equal samples give equal bytes, an existing file is
 * never clobbered unless asked, and no failure (bad path, abort, a file appearing at the last moment) leaves
 * anything behind. */
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

static void write_file(const char *path, wav_format format, bool replace, const double *x)
{
    char err[256];
    wav_error code;
    wav_file *w = wav_open(path, 2, 48000, format, replace, &code, err, sizeof err);
    ck_assert_msg(w != NULL, "open: %s", err);
    ck_assert_int_eq(wav_write(w, x, 600, err, sizeof err), WAV_OK);
    ck_assert_int_eq(wav_write(w, x + 1200, 400, err, sizeof err), WAV_OK);
    ck_assert_int_eq(wav_commit(w, err, sizeof err), WAV_OK);
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
    wav_error code = WAV_OK;
    ck_assert_ptr_null(wav_open(path, 1, 48000, WAV_PCM16, false, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_EXISTS);
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
    wav_error code;
    wav_file *w = wav_open(path, 1, 48000, WAV_FLOAT, false, &code, err, sizeof err);
    ck_assert_ptr_nonnull(w);
    double x[480] = {0.25};
    ck_assert_int_eq(wav_write(w, x, 480, err, sizeof err), WAV_OK);
    plant(path, "someone else's");
    ck_assert_int_eq(wav_commit(w, err, sizeof err), WAV_ERR_EXISTS);
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
    wav_file *w = wav_open(path, 2, 48000, WAV_PCM16, false, NULL, err, sizeof err);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(entries(dir), 1);  /* the hidden temporary, while rendering */
    double x[2000];
    signal(x);
    ck_assert_int_eq(wav_write(w, x, 1000, err, sizeof err), WAV_OK);
    wav_abort(w);
    ck_assert_int_eq(entries(dir), 0);
    wav_abort(NULL);
    remove_dir(dir);
}
END_TEST

START_TEST(unwritable_paths_are_named)
{
    char dir[64], path[192], err[256];
    fresh_dir(dir);
    wav_error code;
    /* no such directory */
    snprintf(path, sizeof path, "%s/nodir/x.wav", dir);
    ck_assert_ptr_null(wav_open(path, 1, 48000, WAV_PCM16, false, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_PATH);
    ck_assert_msg(strstr(err, path) != NULL, "message '%s' does not name '%s'", err, path);
    /* a regular file where a directory should be (even root cannot write there) */
    snprintf(path, sizeof path, "%s/plain", dir);
    plant(path, "x");
    snprintf(path, sizeof path, "%s/plain/x.wav", dir);
    ck_assert_ptr_null(wav_open(path, 1, 48000, WAV_PCM16, true, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_PATH);
    /* a directory as the target, with or without --force */
    ck_assert_ptr_null(wav_open(dir, 1, 48000, WAV_PCM16, true, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_PATH);
    ck_assert(strstr(err, "directory") != NULL);
    snprintf(path, sizeof path, "%s/", dir);
    ck_assert_ptr_null(wav_open(path, 1, 48000, WAV_PCM16, true, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_PATH);
    ck_assert_ptr_null(wav_open("", 1, 48000, WAV_PCM16, true, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_PATH);
    /* a read-only directory (root writes anyway: only checked for others) */
    if (geteuid() != 0) {
        char ro[128];
        snprintf(ro, sizeof ro, "%s/ro", dir);
        ck_assert_int_eq(mkdir(ro, 0555), 0);
        snprintf(path, sizeof path, "%s/x.wav", ro);
        ck_assert_ptr_null(wav_open(path, 1, 48000, WAV_PCM16, false, &code, err, sizeof err));
        ck_assert_int_eq(code, WAV_ERR_PATH);
        ck_assert(strstr(err, path) != NULL);
        rmdir(ro);
    }
    /* three channels: no such WAV here */
    snprintf(path, sizeof path, "%s/x.wav", dir);
    ck_assert_ptr_null(wav_open(path, 3, 48000, WAV_PCM16, false, &code, err, sizeof err));
    ck_assert_int_eq(code, WAV_ERR_FORMAT);
    ck_assert_int_eq(entries(dir), 1);  /* just the planted file */
    remove_dir(dir);
}
END_TEST

START_TEST(text_targets_and_permissions)
{
    char dir[64], path[128], err[256];
    fresh_dir(dir);
    snprintf(path, sizeof path, "%s/events.csv", dir);
    mode_t mask = umask(022);
    wav_target t;
    ck_assert_int_eq(wav_target_open(&t, path, false, err, sizeof err), WAV_OK);
    FILE *f = wav_target_stream(&t);
    ck_assert_ptr_nonnull(f);
    fputs("t,event\n0.5,collision\n", f);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_int_eq(access(path, F_OK), -1);  /* not there until committed */
    ck_assert_int_eq(wav_target_commit(&t, err, sizeof err), WAV_OK);
    expect_text(path, "t,event\n0.5,collision\n");
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0644);  /* 0666 less the umask, as open(2) would */
    umask(mask);
    ck_assert_int_eq(entries(dir), 1);
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
    tcase_add_test(tc, unwritable_paths_are_named);
    tcase_add_test(tc, text_targets_and_permissions);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
