/* common: what every module of libnumlab shares: how errors are reported, and pi.
 *
 * Errors, one convention. A function that can fail returns an int (or an enum whose values are these codes):
 * NUMLAB_OK (0) on success, a negative NUMLAB_ERR_* on failure; numlab_strerror gives the code's message. A
 * function that returns a pointer returns NULL on failure and, when it can fail for more than one reason, sets
 * the code through a last argument (which may be NULL). Where the code alone does not say what to fix, the
 * function also names it, in one of two ways:
 *   - `const char **what`: the struct member that is out of range, spelled as its header spells it (for example
 *     "sphere[0].radius", or "bright_lo/bright_hi" for two that do not fit together); a static string, NULL on
 *     success (bowl_params_check, snd_params_check);
 *   - `char *err, size_t errlen`: a message naming the file and the place, for the file modules (wav, outset,
 *     network's text format).
 * Nothing in the library prints or exits: exit statuses (0 done, 1 runtime failure, 2 bad usage) belong to the
 * programs, through cli.h.
 *
 * The modules use these codes directly (bowl, sound's parts) or under their own names with the same values
 * (SND_ERR_NOMEM is NUMLAB_ERR_NOMEM, WAV_ERR_IO is NUMLAB_ERR_IO; network's NET_ERR_INPUT and NET_ERR_MEMORY are -1
 * and -2, keyframe's KF_ERR_ARGS and KF_ERR_NOMEM too, kf_track_validate naming "times" or "values" through what;
 * gltf's gltf_status, GLTF_ERR_FORMAT is NUMLAB_ERR_FORMAT; infile's infile_status, INFILE_ERR_KIND (not a regular
 * file) is NUMLAB_ERR_PATH and a file too large or with a NUL byte (INFILE_ERR_SIZE, _NUL) NUMLAB_ERR_FORMAT;
 * outset's outset_error, OUTSET_ERR_EXISTS is NUMLAB_ERR_EXISTS and OUTSET_ERR_SAME, two outputs naming one file,
 * NUMLAB_ERR_INPUT; audio's audio_error, AUDIO_NO_DEVICE is NUMLAB_ERR_DEVICE; ode's ODE_NEWTON_FAILED is
 * NUMLAB_ERR_CONVERGE; tui's tui_error, TUI_ERR_NO_TERMINAL is NUMLAB_ERR_DEVICE). Those three also write the detailed message (gltf_error's message, infile_message, outset's
 * err buffer): numlab_strerror is the short one.
 *
 * Messages are in the reader's language (lang.h): numlab_strerror's too.
 *
 * Pi. ISO C has no M_PI (it is POSIX, visible only under feature macros), so the library, the labs and the tests
 * use NUMLAB_PI. */
#ifndef NUMLAB_COMMON_H
#define NUMLAB_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#define NUMLAB_PI 3.14159265358979323846

typedef enum {
    NUMLAB_OK = 0,
    NUMLAB_ERR_INPUT = -1,   /* an argument or parameter outside its domain (what may name it) */
    NUMLAB_ERR_NOMEM = -2,   /* out of memory */
    NUMLAB_ERR_IO = -3,      /* reading, writing, syncing or renaming a file failed (disk full, I/O error) */
    NUMLAB_ERR_FORMAT = -4,  /* a file's contents or format cannot be used */
    NUMLAB_ERR_EXISTS = -5,  /* a file exists and replacing it was not asked for */
    NUMLAB_ERR_PATH = -6,    /* no usable file there: it cannot be created there (no such folder, not writable), or
                              * it is a special file (a directory, a FIFO) where a regular file is needed */
    NUMLAB_ERR_DEVICE = -7,  /* no device to use: no terminal on stdin and stdout, no sound output device */
    NUMLAB_ERR_CONVERGE = -8, /* an iteration did not converge (an implicit step's Newton iteration) */
    NUMLAB_ERR_SYSTEM = -9,  /* the system refused a resource other than memory (a thread) */
} numlab_error;

/* A short message for the code ("out of memory"), never NULL; an unknown code gives "unknown error". */
const char *numlab_strerror(int code);

/* Enum name tables, one way for every module: name_of(i) is the name of value i (0 <= i < count), NULL for a value
 * left out of a list. numlab_name_find gives the index whose name is `name` (-1: none); numlab_name_join writes
 * "a, b, c" into buf (size bytes, cut to fit) and returns buf: the list an error message offers. */
typedef const char *(*numlab_name_fn)(int index);
int numlab_name_find(numlab_name_fn name_of, int count, const char *name);
const char *numlab_name_join(numlab_name_fn name_of, int count, char *buf, size_t size);

/* The one number grammar of every option and every file field (README: the command-line contract). A number is
 * decimal: an optional sign, digits with an optional '.' and fraction (".5" and "5." too), an optional exponent
 * ("e-3", "E+06"); nothing else, not even a space before or after it, no hexadecimal ("0x10"), no "inf" or "nan".
 * A whole number is an optional sign and digits. Each returns NUMLAB_NUMBER_OK with *out set, or what is wrong:
 * empty, not in the grammar, inf/infinity/nan (any case, signed), or beyond the type's range (+-DBL_MAX,
 * LLONG_MIN..LLONG_MAX). A value too small for a double (1e-400) is no error: the nearest double, 0 or a
 * subnormal. */
typedef enum {
    NUMLAB_NUMBER_OK = 0,
    NUMLAB_NUMBER_EMPTY,
    NUMLAB_NUMBER_SYNTAX,
    NUMLAB_NUMBER_NOT_FINITE,
    NUMLAB_NUMBER_RANGE,
} numlab_number_status;
numlab_number_status numlab_number(const char *text, double *out);
numlab_number_status numlab_whole(const char *text, long long *out);

#endif
