/* sandbox: running other programs from the judge, with a wall-clock timeout, captured output, and, for everything
 * that reads or runs submitted code, the jail (jail.h: a user of its own, namespaces, Landlock, seccomp), a new
 * session without a terminal, and rlimits (CPU time, memory, file size: none at all for the probe, no core,
 * descriptors), and for the probe a pipe for its values.
 *
 * The judge becomes a child subreaper, so whatever a child leaves behind is re-parented to the judge and killed by
 * gr_sweep_descendants before any result is written. */
#ifndef NUMLAB_GRADER_SANDBOX_H
#define NUMLAB_GRADER_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>

#include "jail.h"

#define GR_OUTPUT_KEEP 8192              /* default bytes of a child's output kept; the rest is dropped */
#define GR_TOOL_FILE_SIZE (16L << 20)    /* the largest file the compiler, assembler or linker may write */

typedef struct {
    char *const *argv;     /* argv[0] is the program's path */
    const char *cwd;       /* working directory of the child */
    double timeout;        /* wall-clock seconds */
    gr_jail jail;          /* GR_JAIL_PROBE: the probe, with every limit and the values pipe on fd GR_VALUES_FD;
                              GR_JAIL_TOOL: the compiler on submitted source */
    size_t output_keep;    /* bytes of output to keep (0: GR_OUTPUT_KEEP) */
    long memory;           /* address-space limit in bytes (0: none) */
} gr_child_spec;

typedef struct {
    bool exited;           /* exit_status is valid */
    int exit_status;
    int signal;            /* killed by this signal (0: not) */
    bool timed_out;        /* killed by the judge at the timeout */
    char *output;          /* stdout and stderr, interleaved, NUL-terminated */
    size_t output_len, output_dropped, output_keep;
    unsigned char *values; /* what arrived on the values pipe (untrusted) */
    size_t values_len;
    bool values_overflow;  /* more bytes than any valid record */
} gr_child_result;

/* Monotonic seconds, for timeouts and timings. */
double gr_seconds(void);

/* Makes the judge a subreaper and not ptrace-able; returns notes about what the sandbox lacks here (or ""). */
const char *gr_sandbox_init(void);
/* Runs the children, at most `jobs` at a time, and fills results[i]. Returns 0; or -1 when a child could not be
 * started (fork, pipes, or an exec or privilege drop that failed before any submitted code ran), with the reason in
 * error. Results must be released with gr_child_result_free. */
int gr_run_children(const gr_child_spec *specs, gr_child_result *results, size_t n, int jobs, char *error,
                    size_t error_size);
void gr_child_result_free(gr_child_result *r);
/* Kills and reaps every process left behind by the children. */
void gr_sweep_descendants(void);

/* seccomp.c: installs a filter in the calling (child) process: the probe's (`exec_path` is the only pointer execve
 * may be called with) or the compiler's. Returns 0, or -1 when this kernel or architecture has no seccomp filters. */
typedef enum { GR_SECCOMP_PROBE, GR_SECCOMP_TOOL } gr_seccomp_kind;
int gr_seccomp_install(gr_seccomp_kind kind, const char *exec_path);
/* Whether this architecture has the filters at all. */
bool gr_seccomp_available(void);

#endif
