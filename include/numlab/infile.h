/* infile: the files a lab is given to read, opened so that nothing can make it hang, spin or read too much.
 *
 * Every loader (glTF files and their external buffers, network files, gesture files, the launcher's READMEs) opens
 * its input here. A named input is checked with stat(2) before it is opened, so a FIFO, a device or a socket is
 * refused without being opened; it is then opened with O_NONBLOCK (a FIFO swapped in between cannot block the
 * open) and checked again with fstat(2): only a regular file is read, and only when its size is within the
 * stated limit, before a byte of it is read. Text files must hold no NUL byte (a line cut at a NUL is no line).
 *
 * infile_open_below resolves a relative path against a folder the way a glTF asset's external files are: after
 * %-decoding (the caller's), after "." and "..", after every symbolic link; a path that leaves the folder (by
 * "..", an absolute path or a link pointing out of it) is refused, and the file is opened by walking the resolved
 * components from the folder with O_NOFOLLOW, so that a link swapped in after the check cannot lead out either.
 *
 * Nothing here prints: errors come back as a status (common.h's codes under this module's names: a file too large
 * and one with a NUL byte share NUMLAB_ERR_FORMAT) with the problem and what is allowed, and infile_message puts them
 * together in the labs' form, e.g. "--file: 'x' is a FIFO (allowed: a regular file of at most 1 MiB)". */
#ifndef NUMLAB_INFILE_H
#define NUMLAB_INFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "numlab/common.h"

#define INFILE_NO_LIMIT UINT64_MAX

typedef enum {
    INFILE_OK = NUMLAB_OK,
    INFILE_ERR_OPEN = NUMLAB_ERR_IO,        /* it cannot be opened or read: .error is the errno */
    INFILE_ERR_KIND = NUMLAB_ERR_PATH,      /* not a regular file: a directory, FIFO, device or socket */
    INFILE_ERR_SIZE = NUMLAB_ERR_FORMAT,    /* larger than the limit */
    INFILE_ERR_NUL = NUMLAB_ERR_FORMAT,     /* a text file with a NUL byte */
    INFILE_ERR_OUTSIDE = NUMLAB_ERR_INPUT,  /* infile_open_below: the path leaves the folder */
    INFILE_ERR_NOMEM = NUMLAB_ERR_NOMEM,
} infile_status;

typedef struct {
    infile_status status;
    int error;            /* errno, for INFILE_ERR_OPEN */
    char problem[96];     /* "is a FIFO", "has 300000000 bytes", "has a NUL byte on line 3, column 2" */
    char allowed[320];    /* "a regular file of at most 256 MiB" */
} infile_error;

typedef struct {
    char *data;           /* size bytes and a terminating NUL (owned; free with infile_data_free) */
    size_t size;
} infile_data;

/* What a file of this mode is, for messages: "a directory", "a FIFO", "a character device", ... (outset uses it too). */
const char *infile_kind(mode_t mode);

/* Opens path for reading: a regular file of at most max_bytes (INFILE_NO_LIMIT: any size). Returns the file
 * descriptor (blocking again, close-on-exec) with *size its size, or -1 with e filled. */
int infile_open(const char *path, uint64_t max_bytes, uint64_t *size, infile_error *e);
/* The same for `relative` resolved against the folder dir, which it must not leave (see above). */
int infile_open_below(const char *dir, const char *relative, uint64_t max_bytes, uint64_t *size, infile_error *e);
/* Reads the first n bytes of fd (which must have that many) into out, and closes fd. text: NUL bytes are an
 * error. INFILE_ERR_OPEN when the file is shorter (it shrank) or a read fails. */
infile_status infile_read_fd(int fd, size_t n, bool text, infile_data *out, infile_error *e);
/* infile_open, then the whole file read as above. */
infile_status infile_read(const char *path, uint64_t max_bytes, bool text, infile_data *out, infile_error *e);
void infile_data_free(infile_data *d);

/* One line naming the input, the problem and what is allowed (the text escaped for a terminal):
 *   opt given:  "OPT: 'PATH' is a FIFO (allowed: ...)"   or "OPT: cannot read 'PATH': No such file or directory"
 *   opt NULL:   "PATH: is a FIFO (allowed: ...)"         or "PATH: cannot read: No such file or directory" */
void infile_message(const infile_error *e, const char *opt, const char *path, char *buf, size_t size);
/* "1 MiB", "256 MiB", "1 GiB", "1500 bytes": a limit as messages give it. */
void infile_size_text(uint64_t bytes, char *buf, size_t size);

#endif
