/* build: compiling a submission into the probe program, in the judge's private directory.
 *
 * The submission is copied into WORK/src and compiled on its own, with only exercise.h next to it: it may include
 * the C library's headers and exercise.h, nothing else (checked with the preprocessor before compiling, so a
 * forbidden file's content never reaches the messages a student sees). It is linked with the probe's objects and
 * libm only, never with libnumlab: a call into the project's reference code is an undefined reference. A `main` in
 * the submission is renamed, so students may keep one for their own experiments.
 *
 * Before the link, the submission's object keeps global only the names exercise.h declares (exports.h): every other
 * definition (a gr_put, a main under an asm label, a hypot or a write of its own, weak, common, versioned or an
 * ifunc) is made local, so it serves the submission's own calls and nothing else, and a symbol that cannot be made
 * local (GNU unique) is refused. The probe's objects are linked beforehand into one whose only global is main
 * (the Makefile), so nothing of the probe's is there for a submission to call or replace. */
#ifndef NUMLAB_GRADER_BUILD_H
#define NUMLAB_GRADER_BUILD_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *cc;            /* the C compiler */
    const char *exercise_dir;  /* holds exercise.h */
    const char *submission;    /* the student's file */
    const char *probe_lib;     /* the probe program's objects (an archive) */
    const char *work;          /* the judge's private directory, absolute */
    double timeout;            /* seconds each compiler run may take */
} gr_build_spec;

typedef enum {
    GR_BUILD_OK,        /* WORK/probe is ready */
    GR_BUILD_REJECTED,  /* the submission does not compile, link or pass the include check: see messages */
    GR_BUILD_INVALID,   /* the submission is not a C source file (missing, a link, a directory, empty, too large,
                           binary): see messages */
    GR_BUILD_ERROR      /* the grader could not do its job: see error */
} gr_build_status;

/* The program execve should run for a name: itself when it has a slash, else the first one on PATH. */
bool gr_find_program(const char *name, char *path, size_t size);

#define GR_PROBE_NAME "probe"
#define GR_RUN_DIR "run"   /* the probes' working directory inside WORK */

/* Creates the judge's directory under $TMPDIR (or /tmp): a fresh, unguessable name, absolute, that a probe running
 * as another user can enter but not write. Returns 0, or -1 with errno. */
int gr_workspace_create(char *path, size_t size);
/* Removes it and everything in it. */
void gr_workspace_remove(const char *path);

/* messages (the compiler's, for the student) and error are always NUL-terminated. */
gr_build_status gr_build_probe(const gr_build_spec *b, char *messages, size_t messages_size, char *error,
                               size_t error_size);

#endif
