/* wav: WAV files through libsndfile, written atomically.
 *
 * wav_open writes to a temporary next to the target (an output set of one, see outset.h); wav_commit finishes the
 * header, fsyncs and renames it into place. A failed or interrupted render (wav_abort, a signal) never leaves a
 * partial NAME and never touches an existing one.
 *
 * Replacing: an existing NAME is refused (WAV_ERR_EXISTS, both when opening and, atomically, at the rename)
 * unless `replace` is set, in which case the finished file replaces it in one rename(2): readers see the old file
 * or the new one, never a mix. Only regular files are replaced; special files are refused (WAV_ERR_PATH).
 *
 * wav_open_fd writes a WAV into a descriptor someone else commits: one output of a larger set (outset.h).
 * wav_target is the same machinery for one text file. Nothing here prints: errors come back as a code and a
 * message naming the file. */
#ifndef NUMLAB_WAV_H
#define NUMLAB_WAV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "numlab/common.h"

/* The library's codes (common.h) under wav's names. */
typedef enum {
    WAV_OK = NUMLAB_OK,
    WAV_ERR_EXISTS = NUMLAB_ERR_EXISTS, /* the target exists and replace was not asked for */
    WAV_ERR_PATH = NUMLAB_ERR_PATH,     /* the target cannot be created there: no such directory, not writable, a
                                         * directory */
    WAV_ERR_IO = NUMLAB_ERR_IO,         /* writing, syncing or renaming failed (disk full, I/O error) */
    WAV_ERR_FORMAT = NUMLAB_ERR_FORMAT, /* libsndfile refused the format (channels, rate) */
    WAV_ERR_NOMEM = NUMLAB_ERR_NOMEM,
} wav_error;

typedef enum {
    WAV_PCM16,          /* 16-bit PCM, the default; samples are clipped to [-1, 1] by libsndfile */
    WAV_FLOAT,          /* 32-bit IEEE float (no PEAK chunk, so equal samples give equal bytes) */
} wav_format;

/* --- atomic output files ------------------------------------------------------------------------------- */

struct outset;

typedef struct {
    struct outset *set; /* an output set of one */
    int fd;             /* open on its temporary, or -1 */
} wav_target;

/* Creates the temporary for path. On failure returns the error, fills err (naming the path) and leaves nothing. */
wav_error wav_target_open(wav_target *t, const char *path, bool replace, char *err, size_t errlen);
/* A stdio stream on the temporary (fdopen of a dup: fclose it before commit). NULL when out of memory. */
FILE *wav_target_stream(wav_target *t);
/* fsync, close and rename into place. On failure the temporary is removed. Always releases t. */
wav_error wav_target_commit(wav_target *t, char *err, size_t errlen);
/* Removes the temporary and releases t. Safe on a zeroed or already released target. */
void wav_target_abort(wav_target *t);

/* --- WAV ---------------------------------------------------------------------------------------------------- */

typedef struct wav_file wav_file;

/* Opens path for channels (1 or 2) at rate Hz. Returns NULL and sets *code (may be NULL) and err on failure. */
wav_file *wav_open(const char *path, int channels, int rate, wav_format format, bool replace, wav_error *code,
                   char *err, size_t errlen);
/* Appends frames (interleaved doubles, channels each). Returns WAV_OK or WAV_ERR_IO (err filled). */
wav_error wav_write(wav_file *w, const double *frames, size_t n_frames, char *err, size_t errlen);
/* Finishes the header, syncs and renames into place; frees w. On failure nothing is left. */
wav_error wav_commit(wav_file *w, char *err, size_t errlen);
/* Drops the render: removes the temporary, frees w (NULL is fine). */
void wav_abort(wav_file *w);

/* A WAV written into fd (seekable, e.g. an outset temporary), named `name` in messages; the descriptor stays
 * open and belongs to the caller. NULL with *code and err on failure. */
wav_file *wav_open_fd(int fd, const char *name, int channels, int rate, wav_format format, wav_error *code,
                      char *err, size_t errlen);
/* Finishes the header of a wav_open_fd file and frees w; the caller then commits (or drops) the descriptor's
 * file. WAV_OK or WAV_ERR_IO. */
wav_error wav_finish(wav_file *w, char *err, size_t errlen);

const char *wav_format_name(wav_format format);

#endif
