/* jail: the layers around every process the judge runs for a submission, from the first byte the preprocessor reads
 * to the last test (docs/exercises.md has the threat model). Each layer that this machine allows is used; the judge
 * says which ones are active.
 *
 *   - a user of its own: a root judge runs each concurrent child as a uid of its own from GR_UID_FIRST up (never
 *     root, never the judge's user, never one uid shared by two submissions), claimed for the judge's lifetime by a
 *     lock file in GR_LOCK_DIR and skipped when /etc/passwd names it;
 *   - namespaces (root, or unprivileged user namespaces): its own PID, IPC, UTS and network namespaces (it sees no
 *     other process and has no network), and a mount namespace with a root of its own that shows only the
 *     toolchain, the system headers and libraries, five devices, the judge's private directory (read-only), the
 *     directory it may write (the compiler's output; nothing for a test run), a private /tmp and its own /proc;
 *   - Landlock (Linux 5.13+): it may read and execute only the toolchain, the system headers and libraries and the
 *     judge's private directory, write only that directory's writable part (nothing for a test run), and neither
 *     signal nor connect to anything outside its own domain;
 *   - a seccomp filter (seccomp.c): a test run may not create, change or remove any file, start processes, trace,
 *     signal others, use System V IPC or sockets, or type into a terminal; the compiler may not trace, signal out,
 *     use IPC, sockets or mounts;
 *   - a new session without a controlling terminal, resource limits, and no core dumps.
 *
 * Everything here between clone and exec runs in the child, which the judge (single-threaded) started. */
#ifndef NUMLAB_GRADER_JAIL_H
#define NUMLAB_GRADER_JAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define GR_UID_FIRST 61000   /* the sandbox users: 61000 .. 61000 + GR_UID_COUNT - 1 (uid = gid) */
#define GR_UID_COUNT 512
#define GR_LOCK_DIR "/run/numlab-grader"
#define GR_MAX_SLOTS 64      /* children at once */

typedef enum {
    GR_JAIL_NONE,    /* the judge's own helpers (nm, ...): no layer */
    GR_JAIL_TOOL,    /* the compiler, assembler and linker on submitted source */
    GR_JAIL_PROBE    /* a test run: submitted code */
} gr_jail_kind;

typedef struct {
    gr_jail_kind kind;
    const char *readable;   /* a directory the child may read and execute (the judge's private directory) */
    const char *writable;   /* a directory below it the child may also write (tool runs), or NULL */
} gr_jail;

/* Layers that can be left out (to test what the others hold alone, or on a machine where one misbehaves). */
#define GR_LAYER_NAMESPACES 1u
#define GR_LAYER_LANDLOCK 2u
#define GR_LAYER_SECCOMP 4u
/* Parses "namespaces,landlock,seccomp" (any of them, comma-separated) into layers; -1 when a name is unknown. */
int gr_jail_parse_layers(const char *list, unsigned *layers);

/* Finds the layers this machine allows (less those in `without`) and, for a root judge, claims `slots` sandbox
 * uids. Returns 0, or -1 with the reason in error (no free uid, an unsafe lock directory). */
int gr_jail_init(int slots, unsigned without, char *error, size_t error_size);
/* Releases the uids. */
void gr_jail_release(void);
/* One line naming the active layers and those this machine lacks, e.g. "sandbox: uids 61000-61001, namespaces,
 * landlock 7, seccomp". */
const char *gr_jail_describe(void);
/* true when every layer is active (nothing missing or left out, which the line above then names). */
bool gr_jail_complete(void);
/* The uid (= gid) slot `slot` runs as, or the judge's own when it is not root. */
uid_t gr_jail_uid(int slot);
/* The clone flags of a jailed child: the namespaces this machine allows (0 when none). */
int gr_jail_clone_flags(void);

/* In the child, after its descriptors are in place: the namespaces' mounts and the slot's user. With a PID
 * namespace this runs in its first process, which then starts the program in a second one and waits for it (so the
 * program is not PID 1, whose signals the kernel treats specially). Returns 0, or -1 with errno. */
int gr_jail_prepare(const gr_jail *j, int slot, const char *exec_path);
/* In the process that execs, just before: no_new_privs, Landlock and the seccomp filter (exec_path: the only
 * program execve may start in a test run; for the compiler, its directory is readable). Returns 0, or -1. */
int gr_jail_enter(const gr_jail *j, const char *exec_path);

/* For a root judge: which of `paths` the sandbox users could open for reading (each is tried as slot 0's uid in a
 * child). Returns how many could, naming them in text. 0 when the judge is not root. */
int gr_jail_readable_by_sandbox(const char *const *paths, size_t n, char *text, size_t size);

/* Gives a file or directory the judge made to slot 0's uid (root judge; a no-op otherwise). */
int gr_jail_hand_over(const char *path);

#endif
