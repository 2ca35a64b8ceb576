/* wav: atomic output files and WAV through libsndfile. See include/numlab/wav.h. */
#define _GNU_SOURCE  /* renameat2 */
#include "numlab/wav.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- atomic output files ------------------------------------------------------------------------------- */

/* Writes the message into err (when given) and returns code. */
static wav_error fail(wav_error code, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static wav_error fail(wav_error code, char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* The directory part of path ("." when there is none) and the name part. */
static void split_path(const char *path, char **dir, const char **base)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        *dir = strdup(".");
        *base = path;
    } else if (slash == path) {
        *dir = strdup("/");
        *base = slash + 1;
    } else {
        *dir = strndup(path, (size_t)(slash - path));
        *base = slash + 1;
    }
}

static void release(wav_target *t)
{
    if (t->fd >= 0)
        close(t->fd);
    free(t->path);
    free(t->tmp);
    *t = (wav_target){.fd = -1};
}

wav_error wav_target_open(wav_target *t, const char *path, bool replace, char *err, size_t errlen)
{
    *t = (wav_target){.fd = -1, .replace = replace};
    if (!path || !*path)
        return fail(WAV_ERR_PATH, err, errlen, "an empty file name");
    char *dir;
    const char *base;
    split_path(path, &dir, &base);
    if (!dir)
        return fail(WAV_ERR_NOMEM, err, errlen, "'%s': out of memory", path);
    if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
        free(dir);
        return fail(WAV_ERR_PATH, err, errlen, "'%s' names a directory, not a file", path);
    }
    struct stat st;
    if (stat(path, &st) == 0) {
        wav_error code = S_ISDIR(st.st_mode) ? WAV_ERR_PATH : !replace ? WAV_ERR_EXISTS : WAV_OK;
        if (code != WAV_OK) {
            free(dir);
            return code == WAV_ERR_PATH ? fail(code, err, errlen, "'%s' is a directory", path)
                                        : fail(code, err, errlen, "'%s' already exists", path);
        }
    }
    size_t len = strlen(dir) + strlen(base) + 16;
    t->tmp = malloc(len);
    t->path = strdup(path);
    if (!t->tmp || !t->path) {
        free(dir);
        release(t);
        return fail(WAV_ERR_NOMEM, err, errlen, "'%s': out of memory", path);
    }
    snprintf(t->tmp, len, "%s/.%s.XXXXXX", dir, base);
    t->fd = mkstemp(t->tmp);
    if (t->fd < 0) {
        int e = errno;
        wav_error code = fail(WAV_ERR_PATH, err, errlen, "cannot create '%s': %s", path, strerror(e));
        free(dir);
        release(t);
        return code;
    }
    free(dir);
    /* mkstemp makes 0600; a finished file gets what open(2) would give it */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(t->fd, 0666 & ~mask);
    return WAV_OK;
}

FILE *wav_target_stream(wav_target *t)
{
    int fd = dup(t->fd);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "w");
    if (!f)
        close(fd);
    return f;
}

/* Moves tmp to path without replacing anything: renameat2(RENAME_NOREPLACE) where the file system has it, else
 * link(2) (which fails on an existing name) and unlink. Returns 0 or -1 with errno. */
static int rename_noreplace(const char *tmp, const char *path)
{
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
    if (link(tmp, path) != 0)
        return -1;
    unlink(tmp);
    return 0;
}

static void sync_directory(const char *path)
{
    char *dir;
    const char *base;
    split_path(path, &dir, &base);
    if (!dir)
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd);  /* best effort: some file systems refuse directory syncs */
        close(fd);
    }
    free(dir);
}

wav_error wav_target_commit(wav_target *t, char *err, size_t errlen)
{
    if (!t->tmp)
        return fail(WAV_ERR_IO, err, errlen, "nothing to commit");
    wav_error code = WAV_OK;
    if (fsync(t->fd) != 0 || close(t->fd) != 0)
        code = fail(WAV_ERR_IO, err, errlen, "cannot write '%s': %s", t->path, strerror(errno));
    t->fd = -1;
    if (code == WAV_OK) {
        int rc = t->replace ? rename(t->tmp, t->path) : rename_noreplace(t->tmp, t->path);
        if (rc != 0)
            code = errno == EEXIST ? fail(WAV_ERR_EXISTS, err, errlen, "'%s' already exists", t->path)
                                   : fail(WAV_ERR_IO, err, errlen, "cannot create '%s': %s", t->path,
                                          strerror(errno));
    }
    if (code == WAV_OK)
        sync_directory(t->path);
    else
        unlink(t->tmp);
    release(t);
    return code;
}

void wav_target_abort(wav_target *t)
{
    if (t->tmp)
        unlink(t->tmp);
    if (t->tmp || t->path || t->fd >= 0)
        release(t);
}

/* --- WAV ---------------------------------------------------------------------------------------------------- */

struct wav_file {
    wav_target target;
    SNDFILE *sf;
};

const char *wav_format_name(wav_format format)
{
    return format == WAV_FLOAT ? "32-bit float" : "16-bit PCM";
}

wav_file *wav_open(const char *path, int channels, int rate, wav_format format, bool replace, wav_error *code,
                   char *err, size_t errlen)
{
    wav_error dummy;
    code = code ? code : &dummy;
    SF_INFO info = {
        .samplerate = rate,
        .channels = channels,
        .format = SF_FORMAT_WAV | (format == WAV_FLOAT ? SF_FORMAT_FLOAT : SF_FORMAT_PCM_16),
    };
    if (channels < 1 || channels > 2 || rate < 1 || !sf_format_check(&info)) {
        *code = fail(WAV_ERR_FORMAT, err, errlen, "'%s': no WAV with %d channels at %d Hz", path, channels, rate);
        return NULL;
    }
    wav_file *w = calloc(1, sizeof *w);
    if (!w) {
        *code = fail(WAV_ERR_NOMEM, err, errlen, "'%s': out of memory", path);
        return NULL;
    }
    *code = wav_target_open(&w->target, path, replace, err, errlen);
    if (*code != WAV_OK) {
        free(w);
        return NULL;
    }
    w->sf = sf_open_fd(w->target.fd, SFM_WRITE, &info, SF_FALSE);
    if (!w->sf) {
        *code = fail(WAV_ERR_IO, err, errlen, "cannot write '%s': %s", path, sf_strerror(NULL));
        wav_target_abort(&w->target);
        free(w);
        return NULL;
    }
    /* a PEAK chunk carries a time stamp: without it, equal samples give equal files */
    sf_command(w->sf, SFC_SET_ADD_PEAK_CHUNK, NULL, SF_FALSE);
    sf_command(w->sf, SFC_SET_CLIPPING, NULL, SF_TRUE);
    return w;
}

wav_error wav_write(wav_file *w, const double *frames, size_t n_frames, char *err, size_t errlen)
{
    sf_count_t done = sf_writef_double(w->sf, frames, (sf_count_t)n_frames);
    if (done != (sf_count_t)n_frames)
        return fail(WAV_ERR_IO, err, errlen, "cannot write '%s': %s", w->target.path, sf_strerror(w->sf));
    return WAV_OK;
}

wav_error wav_commit(wav_file *w, char *err, size_t errlen)
{
    int rc = sf_close(w->sf);
    w->sf = NULL;
    wav_error code;
    if (rc != 0) {
        code = fail(WAV_ERR_IO, err, errlen, "cannot write '%s': %s", w->target.path, sf_error_number(rc));
        wav_target_abort(&w->target);
    } else {
        code = wav_target_commit(&w->target, err, errlen);
    }
    free(w);
    return code;
}

void wav_abort(wav_file *w)
{
    if (!w)
        return;
    if (w->sf)
        sf_close(w->sf);
    wav_target_abort(&w->target);
    free(w);
}
