/* wav: WAV files through libsndfile, written into a descriptor the caller owns.
 *
 * A lab writes its WAV into one output of an output set (outset.h): the set's temporary is the descriptor, and the
 * set renames every output into place together, or removes them all; so a failed or interrupted render never
 * leaves a partial file and never touches an existing one. Nothing here prints: errors come back as a code and a
 * message naming the file. */
#ifndef NUMLAB_WAV_H
#define NUMLAB_WAV_H

#include <stddef.h>

#include "numlab/common.h"

/* The library's codes (common.h) under wav's names. */
typedef enum {
    WAV_OK = NUMLAB_OK,
    WAV_ERR_IO = NUMLAB_ERR_IO,         /* writing failed (disk full, I/O error) */
    WAV_ERR_FORMAT = NUMLAB_ERR_FORMAT, /* libsndfile refused the format (channels, rate) */
    WAV_ERR_NOMEM = NUMLAB_ERR_NOMEM,
} wav_error;

typedef enum {
    WAV_PCM16,          /* 16-bit PCM, the default; samples are clipped to [-1, 1] by libsndfile */
    WAV_FLOAT,          /* 32-bit IEEE float (no PEAK chunk, so equal samples give equal bytes) */
} wav_format;

typedef struct wav_file wav_file;

/* A WAV written into fd (seekable, e.g. an outset temporary), named `name` in messages; the descriptor stays
 * open and belongs to the caller. NULL with *code and err on failure. */
wav_file *wav_open_fd(int fd, const char *name, int channels, int rate, wav_format format, wav_error *code,
                      char *err, size_t errlen);
/* Appends frames (interleaved doubles, channels each). Returns WAV_OK or WAV_ERR_IO (err filled). */
wav_error wav_write(wav_file *w, const double *frames, size_t n_frames, char *err, size_t errlen);
/* Finishes the header and frees w; the caller then commits (or drops) the descriptor's file. WAV_OK or
 * WAV_ERR_IO. */
wav_error wav_finish(wav_file *w, char *err, size_t errlen);
/* Drops the render: closes the file without finishing its header and frees w (NULL is fine); the caller drops the
 * descriptor's file (outset_abort). */
void wav_abort(wav_file *w);

const char *wav_format_name(wav_format format);

#endif
