/* seccomp: the probe's system-call filter (see sandbox.h). A denylist, returning EPERM: the probe computes with
 * memory and writes to the descriptors it was given; it has no business starting processes or programs, tracing or
 * signalling other processes, or opening sockets. The one execve allowed is the judge's own, of the probe: the
 * filter compares execve's first argument with the address of the path the judge passes (a submission cannot
 * know that address in a fresh image). */
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
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

static struct sock_filter stmt(uint16_t code, uint32_t k)
{
    return (struct sock_filter)BPF_STMT(code, k);
}

static struct sock_filter jump_eq(uint32_t k, size_t jt, size_t jf)
{
    return (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, k, (uint8_t)jt, (uint8_t)jf);
}

#define RET_ALLOW stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define RET_EPERM stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define LOAD(off) stmt(BPF_LD | BPF_W | BPF_ABS, (uint32_t)(off))
#define ARG0_LO (offsetof(struct seccomp_data, args))   /* little-endian: the low word comes first */
#define ARG0_HI (offsetof(struct seccomp_data, args) + 4)

static const long denied[] = {
    __NR_ptrace, __NR_process_vm_readv, __NR_process_vm_writev, __NR_clone, __NR_execveat, __NR_socket,
    __NR_unshare, __NR_setns, __NR_bpf, __NR_perf_event_open, __NR_userfaultfd,
#ifdef __NR_fork
    __NR_fork, __NR_vfork,
#endif
#ifdef __NR_clone3
    __NR_clone3,
#endif
#ifdef __NR_pidfd_open
    __NR_pidfd_open, __NR_pidfd_send_signal, __NR_pidfd_getfd,
#endif
#ifdef __NR_io_uring_setup
    __NR_io_uring_setup,
#endif
};
/* Allowed only when the first argument names this process (or its own group). */
static const long signalling[] = {__NR_kill, __NR_tkill, __NR_tgkill, __NR_rt_sigqueueinfo, __NR_rt_tgsigqueueinfo};

#define N_DENIED (sizeof denied / sizeof denied[0])
#define N_SIGNALLING (sizeof signalling / sizeof signalling[0])

int gr_seccomp_install(const char *exec_path)
{
    /* Layout: prologue | one jump per listed call | allow | deny | self block (6) | exec block (6). */
    enum { PROLOGUE = 5, CHECKS = N_DENIED + N_SIGNALLING + 1 };
    enum { ALLOW_AT = PROLOGUE + CHECKS, DENY_AT, SELF_AT, EXEC_AT = SELF_AT + 6, TOTAL = EXEC_AT + 6 };
    struct sock_filter f[TOTAL];
    size_t i = 0;
    f[i++] = LOAD(offsetof(struct seccomp_data, arch));
    f[i++] = jump_eq(AUDIT_ARCH_HERE, 1, 0);
    f[i++] = stmt(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);   /* another ABI (i386) */
    f[i++] = LOAD(offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
    f[i++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, DENY_AT - 5, 0);  /* x32 */
#else
    f[i++] = LOAD(offsetof(struct seccomp_data, nr));   /* keeps the prologue at five */
#endif
    for (size_t k = 0; k < N_DENIED; k++, i++)
        f[i] = jump_eq((uint32_t)denied[k], DENY_AT - i - 1, 0);
    for (size_t k = 0; k < N_SIGNALLING; k++, i++)
        f[i] = jump_eq((uint32_t)signalling[k], SELF_AT - i - 1, 0);
    f[i] = jump_eq(__NR_execve, EXEC_AT - i - 1, 0);
    i++;
    f[i++] = RET_ALLOW;
    f[i++] = RET_EPERM;

    uint32_t self = (uint32_t)getpid();
    f[i++] = LOAD(ARG0_LO);                                                        /* SELF_AT */
    f[i++] = jump_eq(self, 3, 0);
    f[i++] = jump_eq(0, 2, 0);
    f[i++] = jump_eq((uint32_t)-(int32_t)self, 1, 0);
    f[i++] = RET_EPERM;
    f[i++] = RET_ALLOW;

    uint64_t path = (uint64_t)(uintptr_t)exec_path;
    f[i++] = LOAD(ARG0_LO);                                                        /* EXEC_AT */
    f[i++] = jump_eq((uint32_t)path, 0, 3);
    f[i++] = LOAD(ARG0_HI);
    f[i++] = jump_eq((uint32_t)(path >> 32), 0, 1);
    f[i++] = RET_ALLOW;
    f[i++] = RET_EPERM;

    struct sock_fprog prog = {.len = (unsigned short)i, .filter = f};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0 ? 0 : -1;
}

#else

int gr_seccomp_install(const char *exec_path)
{
    (void)exec_path;
    errno = ENOSYS;
    return -1;
}

#endif
