/* sandbox: children with timeouts, captured output and limits; the judge as subreaper (see sandbox.h). */
#define _GNU_SOURCE
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grader.h"
#include "i18n.h"
#include "protocol.h"

#define VALUES_MAX (sizeof(gr_record_head) + GR_MAX_VALUES * sizeof(double) + 8)

double gr_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

const char *gr_sandbox_init(void)
{
    static char notes[256];
    notes[0] = '\0';
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);   /* children of the same user cannot ptrace the judge or read its memory */
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0)
        snprintf(notes, sizeof notes, _("sandbox: not a subreaper (%s); "), strerror(errno));
    if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0)
        snprintf(notes + strlen(notes), sizeof notes - strlen(notes), "%s", _("sandbox: no seccomp filters here; "));
    return notes;
}

/* --- the child, between clone and exec (single-threaded judge: plain calls are safe) ------------------------ */

#define STATUS_FD (GR_VALUES_FD + 1)   /* errno when the child could not start the program; closed by exec */
#define INIT_FD (GR_VALUES_FD + 2)     /* the PID namespace's first process: the program's wait status */
#define FIRST_FREE_FD (GR_VALUES_FD + 3)

typedef struct {
    const gr_child_spec *spec;
    int out_w, values_w, status_w, init_w, slot;
    pid_t judge;
} child_args;

static void set_limit(int resource, rlim_t value)
{
    struct rlimit r = {value, value};
    setrlimit(resource, &r);
}

/* Reports errno on the exec-status pipe and ends the child: no submitted code has run yet. */
static _Noreturn void child_fail(void)
{
    int e = errno;
    if (write(STATUS_FD, &e, sizeof e) < 0) {
        /* nothing more to do */
    }
    _exit(127);
}

/* Puts fd at `target` (which stays open across exec unless cloexec); -1 leaves target closed. */
static int place(int fd, int target, bool cloexec)
{
    if (fd < 0)
        return 0;
    return dup3(fd, target, cloexec ? O_CLOEXEC : 0) == target ? 0 : -1;
}

static void set_limits(const gr_child_spec *s)
{
    bool probe = s->jail.kind == GR_JAIL_PROBE;
    if (s->jail.kind == GR_JAIL_NONE)
        return;
    double cpu = ceil(s->timeout) + 1;
    struct rlimit r = {(rlim_t)cpu, (rlim_t)cpu + 1};
    setrlimit(RLIMIT_CPU, &r);
    set_limit(RLIMIT_FSIZE, probe ? 0 : (rlim_t)GR_TOOL_FILE_SIZE);   /* a probe writes no byte to any file */
    set_limit(RLIMIT_CORE, 0);
    set_limit(RLIMIT_NOFILE, probe ? 32 : 256);
    if (geteuid() == 0)
        set_limit(RLIMIT_NPROC, probe ? 16 : 64);   /* counts the slot's own uid, which only this child uses */
}

/* The first process of a PID namespace: waits for the program and passes its wait status on, since the judge only
 * sees this process end. When it ends, the kernel kills whatever else is left in the namespace. */
static _Noreturn void namespace_init(pid_t program)
{
    close(STATUS_FD);
    close(0), close(1), close(2), close(GR_VALUES_FD);
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, 0);
        if (pid == program) {
            ssize_t n = write(INIT_FD, &status, sizeof status);
            _exit(n == (ssize_t)sizeof status ? 0 : 1);
        }
        if (pid < 0 && errno != EINTR)
            _exit(1);
    }
}

static int child_main(void *arg)
{
    static char *const tool_env_base[] = {"PATH=/usr/bin:/bin", "LC_ALL=C", NULL};
    static char tmpdir[4200];
    extern char **environ;
    const child_args *a = arg;
    const gr_child_spec *s = a->spec;
    bool jailed = s->jail.kind != GR_JAIL_NONE, probe = s->jail.kind == GR_JAIL_PROBE;
    int devnull = open("/dev/null", O_RDONLY);
    /* Everything above the fixed numbers first, so that placing one cannot close another. */
    int out = fcntl(a->out_w, F_DUPFD_CLOEXEC, 100), values = a->values_w < 0 ? -1 :
        fcntl(a->values_w, F_DUPFD_CLOEXEC, 100);
    int status = fcntl(a->status_w, F_DUPFD_CLOEXEC, 100), init = a->init_w < 0 ? -1 :
        fcntl(a->init_w, F_DUPFD_CLOEXEC, 100);
    if (status < 0 || place(status, STATUS_FD, true) != 0)
        _exit(127);
    if (devnull < 0 || out < 0 || place(devnull, 0, false) || place(out, 1, false) || place(out, 2, false) ||
        place(values, GR_VALUES_FD, false) || place(init, INIT_FD, true))
        child_fail();
    if (values < 0)
        close(GR_VALUES_FD);
    if (close_range(FIRST_FREE_FD, ~0u, 0) != 0)
        for (int fd = FIRST_FREE_FD; fd < 1024; fd++)
            close(fd);
    if (setsid() < 0)   /* its own session and group: no controlling terminal, killed as a group */
        child_fail();
    set_limits(s);
    if (jailed && gr_jail_prepare(&s->jail, a->slot, s->argv[0]) != 0)
        child_fail();
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);   /* after the uid change, which clears it */
    if (a->init_w >= 0) {
        pid_t program = fork();
        if (program < 0)
            child_fail();
        if (program > 0)
            namespace_init(program);
        close(INIT_FD);
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    } else if (getppid() != a->judge) {
        _exit(127);
    }
    if (chdir(s->cwd) != 0)
        child_fail();
    if (jailed && gr_jail_enter(&s->jail, s->argv[0]) != 0)
        child_fail();
    if (s->memory > 0)   /* last: nothing in this process allocates after it (a sanitized judge maps a lot) */
        set_limit(RLIMIT_AS, (rlim_t)s->memory);
    if (probe) {
        execve(s->argv[0], s->argv, tool_env_base);
    } else if (jailed) {
        snprintf(tmpdir, sizeof tmpdir, "TMPDIR=%s", s->jail.writable ? s->jail.writable : "/nonexistent");
        char *env[] = {tool_env_base[0], tool_env_base[1], tmpdir, NULL};
        execve(s->argv[0], s->argv, env);
    } else {
        execve(s->argv[0], s->argv, environ);
    }
    child_fail();
}

/* --- the judge's side ------------------------------------------------------------------------------------ */

typedef struct {
    pid_t pid;
    int out_fd, values_fd, init_fd;
    int pid_fd;            /* readable when the child has ended (Linux 5.3+), or -1 */
    double deadline;
    bool reaped;
    int wstatus;
    gr_child_result *result;
} slot;

static void set_error(char *error, size_t size, const char *what, int e)
{
    snprintf(error, size, "%s: %s", what, strerror(e));
}

static void close_pipe(int p[2])
{
    for (int k = 0; k < 2; k++)
        if (p[k] >= 0)
            close(p[k]), p[k] = -1;
}

/* Starts specs' child in slot `index` of the judge's slots (its sandbox uid). */
static int start_child(const gr_child_spec *s, slot *sl, int index, char *error, size_t error_size)
{
    enum { OUT, VALUES, STATUS, INIT, PIPES };
    int p[PIPES][2];
    bool jailed = s->jail.kind != GR_JAIL_NONE;
    int ns = jailed ? gr_jail_clone_flags() : 0;
    bool want[PIPES] = {true, s->jail.kind == GR_JAIL_PROBE, true, (ns & CLONE_NEWPID) != 0};
    int failed = 0;
    for (int k = 0; k < PIPES; k++) {
        p[k][0] = p[k][1] = -1;
        if (want[k] && !failed && pipe2(p[k], O_CLOEXEC) != 0)
            failed = errno;
    }
    if (failed) {
        for (int k = 0; k < PIPES; k++)
            close_pipe(p[k]);
        set_error(error, error_size, "pipe", failed);
        return -1;
    }
    child_args args = {.spec = s, .out_w = p[OUT][1], .values_w = p[VALUES][1], .status_w = p[STATUS][1],
                       .init_w = p[INIT][1], .slot = index, .judge = getpid()};
    static char stack[64 * 1024] __attribute__((aligned(16)));   /* the child's copy; no CLONE_VM */
    fflush(NULL);
    pid_t pid = ns ? clone(child_main, stack + sizeof stack, ns | SIGCHLD, &args) : fork();
    if (pid == 0)
        _exit(child_main(&args));
    int fork_errno = errno;
    for (int k = 0; k < PIPES; k++)
        if (p[k][1] >= 0)
            close(p[k][1]), p[k][1] = -1;
    if (pid < 0) {
        for (int k = 0; k < PIPES; k++)
            close_pipe(p[k]);
        set_error(error, error_size, ns ? "clone" : "fork", fork_errno);
        return -1;
    }
    int child_errno = 0;
    ssize_t n;
    while ((n = read(p[STATUS][0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR)
        ;
    close_pipe(p[STATUS]);
    sl->pid = pid, sl->out_fd = p[OUT][0], sl->values_fd = p[VALUES][0], sl->init_fd = p[INIT][0];
#ifdef SYS_pidfd_open
    sl->pid_fd = (int)syscall(SYS_pidfd_open, pid, 0);
#else
    sl->pid_fd = -1;
#endif
    sl->deadline = gr_seconds() + s->timeout;
    sl->reaped = false;
    if (n == (ssize_t)sizeof child_errno) {   /* exec or the jail failed: no submitted code ran */
        snprintf(error, error_size, jailed ? _("cannot start %s in the sandbox: %s") : _("cannot start %s: %s"),
                 s->argv[0], strerror(child_errno));
        kill(-pid, SIGKILL);
        waitpid(pid, NULL, 0);
        if (sl->pid_fd >= 0)
            close(sl->pid_fd);
        for (int k = 0; k < PIPES; k++)
            close_pipe(p[k]);
        sl->pid = 0;
        return -1;
    }
    fcntl(p[OUT][0], F_SETFL, O_NONBLOCK);
    if (p[VALUES][0] >= 0)
        fcntl(p[VALUES][0], F_SETFL, O_NONBLOCK);
    return 0;
}

/* Reads what is available on fd into the result; closes it at end of file. */
static void drain(int *fd, gr_child_result *r, bool values)
{
    char buf[4096];
    while (*fd >= 0) {
        ssize_t n = read(*fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        if (n <= 0) {
            close(*fd);
            *fd = -1;
            return;
        }
        size_t got = (size_t)n;
        if (values) {
            size_t room = VALUES_MAX - r->values_len, take = got < room ? got : room;
            memcpy(r->values + r->values_len, buf, take);
            r->values_len += take;
            r->values_overflow |= take < got;
        } else {
            size_t room = r->output_keep - r->output_len, take = got < room ? got : room;
            memcpy(r->output + r->output_len, buf, take);
            r->output_len += take;
            r->output[r->output_len] = '\0';
            r->output_dropped += got - take;
        }
    }
}

static void finish(slot *sl)
{
    kill(-sl->pid, SIGKILL);   /* anything it left in its group */
    drain(&sl->out_fd, sl->result, false);
    drain(&sl->values_fd, sl->result, true);
    if (sl->out_fd >= 0)
        close(sl->out_fd);
    if (sl->values_fd >= 0)
        close(sl->values_fd);
    if (sl->init_fd >= 0) {   /* the program's own status, passed on by its namespace's first process */
        int status;
        if (read(sl->init_fd, &status, sizeof status) == (ssize_t)sizeof status)
            sl->wstatus = status;
        close(sl->init_fd);
    }
    if (sl->pid_fd >= 0)
        close(sl->pid_fd);
    gr_child_result *r = sl->result;
    if (WIFEXITED(sl->wstatus))
        r->exited = true, r->exit_status = WEXITSTATUS(sl->wstatus);
    else if (WIFSIGNALED(sl->wstatus) && !r->timed_out)
        r->signal = WTERMSIG(sl->wstatus);
    sl->pid = 0;
}

int gr_run_children(const gr_child_spec *specs, gr_child_result *results, size_t n, int jobs, char *error,
                    size_t error_size)
{
    memset(results, 0, n * sizeof *results);
    if (jobs < 1)
        jobs = 1;
    int rc = 0;
    slot *slots = calloc((size_t)jobs, sizeof *slots);
    struct pollfd *pfd = calloc(3 * (size_t)jobs, sizeof *pfd);
    if (!slots || !pfd) {
        free(slots), free(pfd);
        snprintf(error, error_size, "%s", _("out of memory"));
        return -1;
    }
    for (size_t i = 0; i < n && rc == 0; i++) {
        gr_child_result *r = &results[i];
        r->output_keep = specs[i].output_keep ? specs[i].output_keep : GR_OUTPUT_KEEP;
        r->output = calloc(r->output_keep + 1, 1);
        r->values = specs[i].jail.kind == GR_JAIL_PROBE ? malloc(VALUES_MAX) : NULL;
        if (!r->output || (specs[i].jail.kind == GR_JAIL_PROBE && !r->values)) {
            snprintf(error, error_size, "%s", _("out of memory"));
            rc = -1;
        }
    }
    size_t next = 0;
    int active = 0;
    while ((next < n && rc == 0) || active > 0) {
        for (int j = 0; j < jobs && next < n && rc == 0; j++) {
            if (slots[j].pid)
                continue;
            slots[j].result = &results[next];
            if (start_child(&specs[next], &slots[j], j, error, error_size) != 0)
                rc = -1;
            else
                active++, next++;
        }
        if (active == 0)
            break;
        nfds_t nfds = 0;
        double t = gr_seconds(), wait = 0.05;
        for (int j = 0; j < jobs; j++) {
            if (!slots[j].pid)
                continue;
            wait = fmin(wait, fmax(0.0, slots[j].deadline - t));
            if (slots[j].out_fd >= 0)
                pfd[nfds++] = (struct pollfd){.fd = slots[j].out_fd, .events = POLLIN};
            if (slots[j].values_fd >= 0)
                pfd[nfds++] = (struct pollfd){.fd = slots[j].values_fd, .events = POLLIN};
            if (slots[j].pid_fd >= 0 && !slots[j].reaped)   /* wakes at its end, not at the next tick */
                pfd[nfds++] = (struct pollfd){.fd = slots[j].pid_fd, .events = POLLIN};
        }
        poll(pfd, nfds, (int)ceil(wait * 1000));
        int wstatus;
        pid_t pid;
        while ((pid = waitpid(-1, &wstatus, WNOHANG)) > 0)   /* our children, or orphans re-parented to us */
            for (int j = 0; j < jobs; j++)
                if (slots[j].pid == pid)
                    slots[j].reaped = true, slots[j].wstatus = wstatus;
        t = gr_seconds();
        for (int j = 0; j < jobs; j++) {
            slot *sl = &slots[j];
            if (!sl->pid)
                continue;
            drain(&sl->out_fd, sl->result, false);
            drain(&sl->values_fd, sl->result, true);
            if (sl->reaped) {
                finish(sl);
                active--;
            } else if (t >= sl->deadline && !sl->result->timed_out) {
                sl->result->timed_out = true;
                kill(-sl->pid, SIGKILL);
                kill(sl->pid, SIGKILL);
            }
        }
    }
    free(slots), free(pfd);
    return rc;
}

void gr_child_result_free(gr_child_result *r)
{
    free(r->values);
    free(r->output);
    r->values = NULL;
    r->output = NULL;
}

/* Kills every process whose parent is the judge (its children, and orphans re-parented to it); returns how many
 * there were, zombies included. */
static int kill_children(void)
{
    DIR *d = opendir("/proc");
    if (!d)
        return 0;
    pid_t self = getpid();
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end != '\0' || pid <= 0)
            continue;
        char path[64], stat[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t len = fread(stat, 1, sizeof stat - 1, f);
        fclose(f);
        stat[len] = '\0';
        char *paren = strrchr(stat, ')');   /* "pid (comm) state ppid ...": comm may contain anything */
        char state;
        long ppid;
        if (paren && sscanf(paren + 1, " %c %ld", &state, &ppid) == 2 && ppid == self) {
            kill((pid_t)pid, SIGKILL);
            count++;
        }
    }
    closedir(d);
    return count;
}

void gr_sweep_descendants(void)
{
    double give_up = gr_seconds() + 10;
    for (;;) {
        int left = kill_children();
        while (waitpid(-1, NULL, WNOHANG) > 0)
            ;
        if (left == 0 || gr_seconds() > give_up)
            return;
        usleep(1000);
    }
}
