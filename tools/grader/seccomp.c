/* seccomp: the system-call filters of the processes run for a submission (see sandbox.h). Denylists, returning
 * EPERM, one per kind of process:
 *   - a test run computes with memory and writes to the descriptors it was given. It may not start processes or
 *     programs, trace, or signal anyone but itself; open a socket, System V IPC, a key or a mount; create, change,
 *     rename or remove any file (no open for writing, no chmod, no link...); or type into a terminal (TIOCSTI). The
 *     one execve allowed is the judge's own, of the probe: the filter compares execve's first argument with the
 *     address of the path the judge passes (a submission cannot know that address in a fresh image).
 *   - the compiler, assembler and linker may start each other and write their outputs, but may not trace, use
 *     sockets, System V IPC, keys or mounts, or type into a terminal. */
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__)) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#if defined(__x86_64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_X86_64
#else
#define AUDIT_ARCH_HERE AUDIT_ARCH_AARCH64
#endif
#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS SECCOMP_RET_KILL
#endif
#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif

enum rule { DENY, SELF_ONLY, EXEC_PATH, NO_WRITE_FLAGS_1, NO_WRITE_FLAGS_2, NO_TTY_INJECT };
typedef struct {
    long nr;
    enum rule rule;
} entry;

/* Both kinds of process. */
static const entry common[] = {
    {__NR_ptrace, DENY}, {__NR_process_vm_readv, DENY}, {__NR_process_vm_writev, DENY}, {__NR_socket, DENY},
    {__NR_socketpair, DENY}, {__NR_unshare, DENY}, {__NR_setns, DENY}, {__NR_bpf, DENY},
    {__NR_perf_event_open, DENY}, {__NR_userfaultfd, DENY}, {__NR_shmget, DENY}, {__NR_shmat, DENY},
    {__NR_semget, DENY}, {__NR_msgget, DENY}, {__NR_mq_open, DENY}, {__NR_mount, DENY}, {__NR_umount2, DENY},
    {__NR_pivot_root, DENY}, {__NR_chroot, DENY}, {__NR_add_key, DENY}, {__NR_request_key, DENY},
    {__NR_keyctl, DENY}, {__NR_kcmp, DENY}, {__NR_ioctl, NO_TTY_INJECT}, {__NR_name_to_handle_at, DENY},
    {__NR_open_by_handle_at, DENY},
#ifdef __NR_io_uring_setup
    {__NR_io_uring_setup, DENY},
#endif
#ifdef __NR_pidfd_open
    {__NR_pidfd_getfd, DENY},
#endif
#ifdef __NR_open_tree
    {__NR_open_tree, DENY}, {__NR_move_mount, DENY}, {__NR_fsopen, DENY}, {__NR_fsmount, DENY},
    {__NR_fspick, DENY}, {__NR_mount_setattr, DENY},
#endif
};

/* A test run only. */
static const entry probe_only[] = {
    {__NR_clone, DENY}, {__NR_execveat, DENY}, {__NR_execve, EXEC_PATH},
    {__NR_kill, SELF_ONLY}, {__NR_tkill, SELF_ONLY}, {__NR_tgkill, SELF_ONLY}, {__NR_rt_sigqueueinfo, SELF_ONLY},
    {__NR_rt_tgsigqueueinfo, SELF_ONLY},
    {__NR_openat, NO_WRITE_FLAGS_2}, {__NR_unlinkat, DENY}, {__NR_renameat, DENY}, {__NR_renameat2, DENY},
    {__NR_mkdirat, DENY}, {__NR_mknodat, DENY}, {__NR_symlinkat, DENY}, {__NR_linkat, DENY},
    {__NR_truncate, DENY}, {__NR_ftruncate, DENY}, {__NR_fallocate, DENY}, {__NR_fchmod, DENY},
    {__NR_fchmodat, DENY}, {__NR_fchown, DENY}, {__NR_fchownat, DENY}, {__NR_utimensat, DENY},
    {__NR_setxattr, DENY}, {__NR_lsetxattr, DENY}, {__NR_fsetxattr, DENY}, {__NR_removexattr, DENY},
    {__NR_lremovexattr, DENY}, {__NR_fremovexattr, DENY}, {__NR_memfd_create, DENY},
#ifdef __NR_open
    {__NR_open, NO_WRITE_FLAGS_1}, {__NR_creat, DENY}, {__NR_unlink, DENY}, {__NR_rename, DENY},
    {__NR_mkdir, DENY}, {__NR_rmdir, DENY}, {__NR_mknod, DENY}, {__NR_symlink, DENY}, {__NR_link, DENY},
    {__NR_chmod, DENY}, {__NR_chown, DENY}, {__NR_lchown, DENY}, {__NR_utime, DENY}, {__NR_utimes, DENY},
    {__NR_futimesat, DENY},
#endif
#ifdef __NR_fork
    {__NR_fork, DENY}, {__NR_vfork, DENY},
#endif
#ifdef __NR_clone3
    {__NR_clone3, DENY},
#endif
#ifdef __NR_openat2
    {__NR_openat2, DENY},
#endif
#ifdef __NR_pidfd_open
    {__NR_pidfd_open, DENY}, {__NR_pidfd_send_signal, DENY},
#endif
#ifdef __NR_fchmodat2
    {__NR_fchmodat2, DENY},
#endif
};

#define COUNT(a) (sizeof a / sizeof a[0])
#define MAX_FILTER (8 + 8 * (COUNT(common) + COUNT(probe_only)))
#define WRITE_FLAGS ((uint32_t)(O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND))
#define ARG_LO(n) (offsetof(struct seccomp_data, args) + 8 * (n))   /* little-endian: the low word first */
#define ARG_HI(n) (ARG_LO(n) + 4)

typedef struct {
    struct sock_filter f[MAX_FILTER];
    size_t n;
} program;

static void put(program *p, uint16_t code, uint32_t k, uint8_t jt, uint8_t jf)
{
    p->f[p->n++] = (struct sock_filter){code, jt, jf, k};
}

#define RET(p, action) put(p, BPF_RET | BPF_K, (action), 0, 0)
#define ALLOW SECCOMP_RET_ALLOW
#define EPERM_ (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define LOAD(p, off) put(p, BPF_LD | BPF_W | BPF_ABS, (uint32_t)(off), 0, 0)
#define IF_EQ(p, k, jt, jf) put(p, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)(k), (jt), (jf))

/* The instructions that decide a call of this rule, always ending in a return; the caller jumps over them when the
 * call is another. */
static void emit_rule(program *p, enum rule rule, const char *exec_path)
{
    uint32_t self = (uint32_t)getpid();
    uint64_t path = (uint64_t)(uintptr_t)exec_path;
    switch (rule) {
    case DENY: RET(p, EPERM_); break;
    case SELF_ONLY:   /* this process, or its own group: pid, 0 or -pid */
        LOAD(p, ARG_LO(0));
        IF_EQ(p, self, 3, 0);
        IF_EQ(p, 0, 2, 0);
        IF_EQ(p, (uint32_t) - (int32_t)self, 1, 0);
        RET(p, EPERM_);
        RET(p, ALLOW);
        break;
    case EXEC_PATH:
        LOAD(p, ARG_LO(0));
        IF_EQ(p, (uint32_t)path, 0, 3);
        LOAD(p, ARG_HI(0));
        IF_EQ(p, (uint32_t)(path >> 32), 0, 1);
        RET(p, ALLOW);
        RET(p, EPERM_);
        break;
    case NO_WRITE_FLAGS_1:
    case NO_WRITE_FLAGS_2:
        LOAD(p, ARG_LO(rule == NO_WRITE_FLAGS_1 ? 1 : 2));
        put(p, BPF_JMP | BPF_JSET | BPF_K, WRITE_FLAGS, 1, 0);
        RET(p, ALLOW);
        RET(p, EPERM_);
        break;
    case NO_TTY_INJECT:
        LOAD(p, ARG_LO(1));
        IF_EQ(p, TIOCSTI, 2, 0);
        IF_EQ(p, TIOCLINUX, 1, 0);
        RET(p, ALLOW);
        RET(p, EPERM_);
        break;
    }
}

static void emit_table(program *p, const entry *table, size_t n, const char *exec_path)
{
    for (size_t i = 0; i < n; i++) {
        size_t at = p->n;
        IF_EQ(p, table[i].nr, 0, 0);
        emit_rule(p, table[i].rule, exec_path);
        p->f[at].jf = (uint8_t)(p->n - at - 1);   /* past the rule's block (which left A alone) to the next test */
    }
}

bool gr_seccomp_available(void)
{
    return true;
}

int gr_seccomp_install(gr_seccomp_kind kind, const char *exec_path)
{
    static program p;
    p.n = 0;
    LOAD(&p, offsetof(struct seccomp_data, arch));
    IF_EQ(&p, AUDIT_ARCH_HERE, 1, 0);
    RET(&p, SECCOMP_RET_KILL_PROCESS);   /* another ABI (i386) */
    LOAD(&p, offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
    put(&p, BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);   /* x32 */
    RET(&p, EPERM_);
#endif
    emit_table(&p, common, COUNT(common), exec_path);
    if (kind == GR_SECCOMP_PROBE)
        emit_table(&p, probe_only, COUNT(probe_only), exec_path);
    RET(&p, ALLOW);

    struct sock_fprog prog = {.len = (unsigned short)p.n, .filter = p.f};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0 ? 0 : -1;
}

#else

bool gr_seccomp_available(void)
{
    return false;
}

int gr_seccomp_install(gr_seccomp_kind kind, const char *exec_path)
{
    (void)kind, (void)exec_path;
    errno = ENOSYS;
    return -1;
}

#endif
