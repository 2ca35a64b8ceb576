/* sandbox: children with timeouts, captured output and limits; the judge as subreaper (see sandbox.h). */
#define _GNU_SOURCE
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grader.h"
#include "protocol.h"

#define NOBODY 65534                  /* the user a root judge runs submitted code as */
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
        snprintf(notes, sizeof notes, "sandbox: not a subreaper (%s); ", strerror(errno));
    if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0)
        snprintf(notes + strlen(notes), sizeof notes - strlen(notes), "sandbox: no seccomp filters here; ");
    return notes;
}

/* --- the child, between fork and exec (single-threaded judge: plain calls are safe) ------------------------- */

static void close_from(int first, int keep)
{
    if (keep >= first) {
        if (keep > first && close_range((unsigned)first, (unsigned)keep - 1, 0) != 0)
            for (int fd = first; fd < keep; fd++)
                close(fd);
        first = keep + 1;
    }
    if (close_range((unsigned)first, ~0u, 0) != 0)
        for (int fd = first; fd < 1024; fd++)
            close(fd);
}

static void set_limit(int resource, rlim_t value)
{
    struct rlimit r = {value, value};
    setrlimit(resource, &r);
}

/* Reports errno on the exec-status pipe and ends the child: no submitted code has run yet. */
static _Noreturn void child_fail(int status_fd)
{
    int e = errno;
    if (write(status_fd, &e, sizeof e) < 0) {
        /* nothing more to do */
    }
    _exit(127);
}

static _Noreturn void child_exec(const gr_child_spec *s, int out_w, int values_w, int status_w, pid_t judge)
{
    static char *const probe_env[] = {"PATH=/usr/bin:/bin", "LC_ALL=C", NULL};
    extern char **environ;
    int status_fd = fcntl(status_w, F_DUPFD_CLOEXEC, 10);
    int devnull = open("/dev/null", O_RDONLY);
    if (status_fd < 0 || devnull < 0 || setpgid(0, 0) != 0 || dup2(devnull, 0) < 0 || dup2(out_w, 1) < 0 ||
        dup2(out_w, 2) < 0 || (values_w >= 0 && dup2(values_w, GR_VALUES_FD) < 0))
        child_fail(status_fd);
    for (int fd = 0; fd <= GR_VALUES_FD; fd++)
        fcntl(fd, F_SETFD, 0);   /* dup2 onto itself keeps close-on-exec */
    close_from(s->untrusted ? GR_VALUES_FD + 1 : 3, status_fd);
    if (s->memory > 0)
        set_limit(RLIMIT_AS, (rlim_t)s->memory);
    if (s->untrusted) {
        double cpu = ceil(s->timeout) + 1;
        struct rlimit r = {(rlim_t)cpu, (rlim_t)cpu + 1};
        setrlimit(RLIMIT_CPU, &r);
        set_limit(RLIMIT_FSIZE, 0);     /* no byte written to any file */
        set_limit(RLIMIT_CORE, 0);
        set_limit(RLIMIT_NOFILE, 32);
        if (geteuid() == 0) {
            set_limit(RLIMIT_NPROC, 256);   /* counts nobody's processes, which are only probes */
            if (setgroups(0, NULL) != 0 || setgid(NOBODY) != 0 || setuid(NOBODY) != 0)
                child_fail(status_fd);
        }
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);   /* after the uid change, which clears it */
        if (getppid() != judge)
            _exit(127);
    }
    if (chdir(s->cwd) != 0)
        child_fail(status_fd);
    if (s->untrusted) {
        gr_seccomp_install(s->argv[0]);   /* best effort: gr_sandbox_init reports when it is missing */
        execve(s->argv[0], s->argv, probe_env);
    } else {
        execve(s->argv[0], s->argv, environ);
    }
    child_fail(status_fd);
}

/* --- the judge's side ------------------------------------------------------------------------------------ */

typedef struct {
    pid_t pid;
    int out_fd, values_fd;
    double deadline;
    bool reaped;
    int wstatus;
    gr_child_result *result;
} slot;

static void set_error(char *error, size_t size, const char *what, int e)
{
    snprintf(error, size, "%s: %s", what, strerror(e));
}

static int start_child(const gr_child_spec *s, slot *sl, char *error, size_t error_size)
{
    int out[2], values[2] = {-1, -1}, status[2];
    if (pipe2(out, O_CLOEXEC) != 0) {
        set_error(error, error_size, "pipe", errno);
        return -1;
    }
    if ((s->untrusted && pipe2(values, O_CLOEXEC) != 0) || pipe2(status, O_CLOEXEC) != 0) {
        set_error(error, error_size, "pipe", errno);
        close(out[0]), close(out[1]);
        if (values[0] >= 0)
            close(values[0]), close(values[1]);
        return -1;
    }
    pid_t judge = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        child_exec(s, out[1], values[1], status[1], judge);
    int fork_errno = errno;
    close(out[1]), close(status[1]);
    if (values[1] >= 0)
        close(values[1]);
    if (pid < 0) {
        close(out[0]), close(status[0]);
        if (values[0] >= 0)
            close(values[0]);
        set_error(error, error_size, "fork", fork_errno);
        return -1;
    }
    setpgid(pid, pid);   /* also done by the child: whichever runs first */
    int child_errno = 0;
    ssize_t n;
    while ((n = read(status[0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR)
        ;
    close(status[0]);
    sl->pid = pid, sl->out_fd = out[0], sl->values_fd = values[0];
    sl->deadline = gr_seconds() + s->timeout;
    sl->reaped = false;
    if (n == (ssize_t)sizeof child_errno) {   /* exec or privilege drop failed: no submitted code ran */
        snprintf(error, error_size, "cannot start %s%s: %s", s->argv[0],
                 s->untrusted && geteuid() == 0 ? " as user nobody" : "", strerror(child_errno));
        waitpid(pid, NULL, 0);
        close(out[0]);
        if (values[0] >= 0)
            close(values[0]);
        return -1;
    }
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    if (values[0] >= 0)
        fcntl(values[0], F_SETFL, O_NONBLOCK);
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
    struct pollfd *pfd = calloc(2 * (size_t)jobs, sizeof *pfd);
    if (!slots || !pfd) {
        free(slots), free(pfd);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n && rc == 0; i++) {
        gr_child_result *r = &results[i];
        r->output_keep = specs[i].output_keep ? specs[i].output_keep : GR_OUTPUT_KEEP;
        r->output = calloc(r->output_keep + 1, 1);
        r->values = specs[i].untrusted ? malloc(VALUES_MAX) : NULL;
        if (!r->output || (specs[i].untrusted && !r->values)) {
            snprintf(error, error_size, "out of memory");
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
            if (start_child(&specs[next], &slots[j], error, error_size) != 0)
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
