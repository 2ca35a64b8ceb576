/* outset: the output files of one run, committed together or not at all.
 *
 * Each output is written to a temporary next to its target (".nl-XXXXXX", same directory, so same file system,
 * and short: a target name of 250 bytes still fits). outset_commit flushes and fsyncs every one, and only when all
 * are complete renames them into place; when any step fails, the ones already renamed are taken back (new names
 * removed, replaced files restored from a hard-linked backup) and every temporary is removed: the targets stay as
 * they were. An existing target is refused (OUTSET_ERR_EXISTS) unless OUTSET_REPLACE is given, and then only a regular
 * file is replaced; a symbolic link is written through (the link stays, the file it names is replaced), a link to
 * nothing is refused before anything is written.
 *
 * Special files are never replaced: with OUTSET_STREAM, "-" (stdout), a FIFO and a character device are written as
 * they are (not atomic: what was written before a failure stays written); without it, and always for block
 * devices, sockets and directories, they are refused.
 *
 * Two outputs naming the same file in different spellings ("a.wav" and "./a.wav", a symbolic or a hard link,
 * "-" and /dev/stdout) are refused: files are compared by identity (device and inode when they exist, the
 * resolved directory and the name when they do not).
 *
 * Every temporary is in a registry that signal handlers can empty: while a set holds temporaries, a fatal signal
 * (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), SIGQUIT, SIGHUP, SIGTERM, SIGINT or SIGPIPE first removes them, then
 * runs what was installed before (a program's own handler, or the default action); a signal that is ignored stays
 * ignored. A program that wants to stop cleanly on those signals installs its own handler before outset_add (its
 * handler then runs after the temporaries are gone) and aborts the set itself.
 *
 * Nothing here prints: errors come back as a code (common.h's: NUMLAB_OK or a negative NUMLAB_ERR_*, under this
 * module's names; numlab_strerror names it) and a message naming the file. */
#ifndef NUMLAB_OUTSET_H
#define NUMLAB_OUTSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "numlab/common.h"

typedef enum {
    OUTSET_OK = NUMLAB_OK,
    OUTSET_ERR_EXISTS = NUMLAB_ERR_EXISTS, /* the target exists and OUTSET_REPLACE was not given */
    OUTSET_ERR_PATH = NUMLAB_ERR_PATH,     /* cannot be written there: no such directory, a directory, a special
                                            * file, a dangling link, not writable, a FIFO nothing reads from */
    OUTSET_ERR_SAME = NUMLAB_ERR_INPUT,    /* the same file as an earlier output (outset_add fills *other): two
                                            * arguments that cannot go together */
    OUTSET_ERR_IO = NUMLAB_ERR_IO,         /* writing, syncing or renaming failed (disk full, I/O error, a broken
                                            * pipe) */
    OUTSET_ERR_NOMEM = NUMLAB_ERR_NOMEM,
} outset_error;

enum {
    OUTSET_REPLACE = 1, /* an existing regular file may be replaced */
    OUTSET_STREAM = 2,  /* "-", a FIFO or a character device is written as it is */
};

#define OUTSET_MAX 16   /* outputs in one set */

typedef struct outset outset;

/* An empty set. NULL when out of memory. */
outset *outset_new(void);
/* Adds an output for path (flags: OUTSET_*), creating its temporary (or opening the special file). Returns its
 * index, or -1 with *code and err (naming the path); on OUTSET_ERR_SAME, *other is the index of the earlier output. */
int outset_add(outset *s, const char *path, unsigned flags, outset_error *code, int *other, char *err,
               size_t errlen);
/* The descriptor to write output i to (the temporary, the special file, or stdout). */
int outset_fd(const outset *s, int i);
/* A stdio stream on output i, owned by the set (flushed and closed by commit or abort). NULL when out of memory. */
FILE *outset_stream(outset *s, int i);
/* Whether output i is written as it is (stdout, a FIFO, a device): not atomic. */
bool outset_streamed(const outset *s, int i);
/* Flushes, syncs and renames every output into place, or none (see above). Frees s. */
outset_error outset_commit(outset *s, char *err, size_t errlen);
/* Removes every temporary and frees s (NULL is fine). */
void outset_abort(outset *s);

/* Whether paths a and b (either may not exist yet) name the same file. */
bool outset_same_file(const char *a, const char *b);
/* Removes every registered temporary: async-signal-safe, for a program's own fatal-signal handler. */
void outset_remove_temporaries(void);

#endif
