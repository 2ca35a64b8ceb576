/* wav: WAV files through libsndfile, written atomically.
 *
 * Every output goes to a temporary file next to the target (".NAME.XXXXXX", same directory, so same file system),
 * is flushed and fsync'ed, and only then renamed into place. A failed or interrupted render (wav_abort, or a
 * crash: then only the hidden temporary is left) never leaves a partial NAME and never touches an existing one.
 *
 * Replacing: an existing NAME is refused (WAV_ERR_EXISTS, both when opening and, atomically, at the rename:
 * renameat2 RENAME_NOREPLACE, or link + unlink where that is not supported) unless `replace` is set, in which case
 * the finished file replaces it in one rename(2): readers see the old file or the new one, never a mix.
 *
 * The same machinery writes the labs' CSV files (wav_target). Nothing here prints: errors come back as a code and a
 * message naming the file. */
#ifndef NUMLAB_WAV_H
#define NUMLAB_WAV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum {
    WAV_OK = 0,
    WAV_ERR_EXISTS,     /* the target exists and replace was not asked for */
    WAV_ERR_PATH,       /* the target cannot be created there: no such directory, not writable, a directory */
    WAV_ERR_IO,         /* writing, syncing or renaming failed (disk full, I/O error) */
    WAV_ERR_FORMAT,     /* libsndfile refused the format (channels, rate) */
    WAV_ERR_NOMEM,
} wav_error;

typedef enum {
    WAV_PCM16,          /* 16-bit PCM, the default; samples are clipped to [-1, 1] by libsndfile */
    WAV_FLOAT,          /* 32-bit IEEE float (no PEAK chunk, so equal samples give equal bytes) */
} wav_format;

/* --- atomic output files ------------------------------------------------------------------------------- */

typedef struct {
    char *path;         /* the target */
    char *tmp;          /* the temporary, in the target's directory */
    int fd;             /* open on tmp, or -1 */
    bool replace;
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

const char *wav_format_name(wav_format format);

#endif
