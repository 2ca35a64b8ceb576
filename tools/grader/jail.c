/* jail: users, namespaces, Landlock and seccomp around a submission's processes (see jail.h). */
#define _GNU_SOURCE
#include "jail.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "i18n.h"
#include "sandbox.h"

/* Landlock's interface (Linux uapi landlock.h), spelled out so that older headers build the newer ABIs. */
#define LL_CREATE_RULESET_VERSION 1u
#define LL_RULE_PATH_BENEATH 1
#define LL_FS_EXECUTE (1ull << 0)
#define LL_FS_WRITE_FILE (1ull << 1)
#define LL_FS_READ_FILE (1ull << 2)
#define LL_FS_READ_DIR (1ull << 3)
#define LL_FS_TRUNCATE (1ull << 14)
#define LL_FS_IOCTL_DEV (1ull << 15)
#define LL_FILE_RIGHTS (LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV)
#define LL_NET_BIND_TCP (1ull << 0)
#define LL_NET_CONNECT_TCP (1ull << 1)
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ull << 0)
#define LL_SCOPE_SIGNAL (1ull << 1)

struct ll_ruleset_attr {
    uint64_t handled_access_fs, handled_access_net, scoped;
};
struct ll_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#define MOUNT_ATTR_RDONLY_ 0x00000001
#define MOUNT_ATTR_NOSUID_ 0x00000002
#define AT_RECURSIVE_ 0x8000
struct mount_attr_ {
    uint64_t attr_set, attr_clr, propagation, userns_fd;
};

/* What the toolchain and a test run may read and execute; missing ones are skipped. */
static const char *const system_paths[] = {"/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin",
                                           "/etc/ld.so.cache", "/etc/alternatives"};

static struct {
    bool ready, root;
    int namespaces;        /* clone flags */
    int landlock_abi;      /* 0: none */
    bool seccomp;
    int slots;
    uid_t uid[GR_MAX_SLOTS];
    int lock_fd[GR_MAX_SLOTS];
    uid_t self_uid;
    gid_t self_gid;
    char mount_point[64];   /* an empty directory each child's own root is built on, in its mount namespace */
    pid_t owner;            /* the process that made it, and removes it */
    char describe[640];
} jail;

static uint64_t ll_fs_rights(int abi)
{
    return abi >= 5 ? (1ull << 16) - 1 : abi >= 3 ? (1ull << 15) - 1 : abi == 2 ? (1ull << 14) - 1 : (1ull << 13) - 1;
}

/* --- in the child ---------------------------------------------------------------------------------------------- */

static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = write(fd, text, strlen(text));
    int e = errno;
    close(fd);
    errno = e;
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

static int mount_setattr_(const char *path, uint64_t set, uint64_t clear)
{
    struct mount_attr_ attr = {.attr_set = set, .attr_clr = clear};
    return (int)syscall(SYS_mount_setattr, AT_FDCWD, path, AT_RECURSIVE_, &attr, sizeof attr);
}

/* Makes path's missing directories, mode 0755 (in the new root's tmpfs). */
static int make_dirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return errno = ENAMETOOLONG, -1;
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return -1;
            if (c == '\0')
                return 0;
            *p = c;
        }
    }
}

/* Shows host path `path` at the same path under `root`, read-only unless `writable`: a directory or a file by a bind
 * mount (with what is mounted below it when `recursive`), a symbolic link (merged /usr's /bin, /lib...) as the same
 * link. Missing paths are skipped. */
static int show(const char *root, const char *path, bool writable, bool recursive)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    char at[4096], parent[4096];
    if (snprintf(at, sizeof at, "%s%s", root, path) >= (int)sizeof at)
        return errno = ENAMETOOLONG, -1;
    snprintf(parent, sizeof parent, "%s", at);
    *strrchr(parent, '/') = '\0';
    if (make_dirs(parent) != 0)
        return -1;
    if (S_ISLNK(st.st_mode)) {
        char target[4096];
        ssize_t n = readlink(path, target, sizeof target - 1);
        if (n < 0)
            return -1;
        target[n] = '\0';
        return symlink(target, at) == 0 || errno == EEXIST ? 0 : -1;
    }
    if (S_ISDIR(st.st_mode) ? mkdir(at, 0755) != 0 && errno != EEXIST
                            : close(open(at, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) != 0)
        return -1;
    if (mount(path, at, NULL, MS_BIND | (recursive ? MS_REC : 0), NULL) != 0)
        return -1;
    return writable ? 0 : mount_setattr_(at, MOUNT_ATTR_RDONLY_ | MOUNT_ATTR_NOSUID_, 0);
}

/* The namespaces' side of the jail: our own ids mapped in a user namespace, and a root of its own: a small tmpfs
 * showing only the toolchain, the system headers and libraries, a few devices, `readable` (read-only), `writable`
 * (the one place it may write), `extra` (the compiler's directory), a private /tmp and a /proc of this PID
 * namespace. `mount_point` is an empty directory of the judge's to build it on. */
static int enter_namespaces(const char *mount_point, const char *readable, const char *writable, const char *extra)
{
    if (jail.namespaces & CLONE_NEWUSER) {
        /* The judge is not dumpable, which makes its /proc/self files root's: this child's own maps must be its
         * user's to write. */
        prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
        char map[64];
        snprintf(map, sizeof map, "%u %u 1\n", (unsigned)jail.self_uid, (unsigned)jail.self_uid);
        if (write_file("/proc/self/setgroups", "deny") != 0 || write_file("/proc/self/uid_map", map) != 0)
            return -1;
        snprintf(map, sizeof map, "%u %u 1\n", (unsigned)jail.self_gid, (unsigned)jail.self_gid);
        if (write_file("/proc/self/gid_map", map) != 0)
            return -1;
        prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    }
    if (!(jail.namespaces & CLONE_NEWNS))
        return 0;
    static const char *const devices[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"};
    const char *root = mount_point;
    char path[4096];
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755") != 0)
        return -1;
    for (size_t i = 0; i < sizeof system_paths / sizeof system_paths[0]; i++)
        if (show(root, system_paths[i], false, true) != 0)
            return -1;
    for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++)
        if (show(root, devices[i], false, false) != 0)
            return -1;
    snprintf(path, sizeof path, "%s/tmp", root);
    if (mkdir(path, 01777) != 0 || mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, "size=16m,mode=1777") != 0)
        return -1;
    if ((readable && show(root, readable, false, false) != 0) || (writable && show(root, writable, true, false) != 0) ||
        (extra && show(root, extra, false, false) != 0))
        return -1;
    snprintf(path, sizeof path, "%s/proc", root);
    if (mkdir(path, 0555) != 0 || ((jail.namespaces & CLONE_NEWPID) &&
                                   mount("proc", path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0))
        return -1;
    snprintf(path, sizeof path, "%s/.old", root);
    if (mkdir(path, 0700) != 0 || syscall(SYS_pivot_root, root, path) != 0 || chdir("/") != 0 ||
        umount2("/.old", MNT_DETACH) != 0 || rmdir("/.old") != 0)
        return -1;
    struct mount_attr_ attr = {.attr_set = MOUNT_ATTR_RDONLY_};   /* the root itself: nothing new in it */
    return (int)syscall(SYS_mount_setattr, AT_FDCWD, "/", 0, &attr, sizeof attr);
}

static int ll_allow(int ruleset, const char *path, uint64_t rights)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    struct stat st;
    int rc = fstat(fd, &st);
    if (rc == 0) {
        struct ll_path_beneath_attr rule = {.allowed_access = rights, .parent_fd = fd};
        if (!S_ISDIR(st.st_mode))
            rule.allowed_access &= LL_FILE_RIGHTS;
        rule.allowed_access &= ll_fs_rights(jail.landlock_abi);
        rc = (int)syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &rule, 0);
    }
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

static int enter_landlock(const gr_jail *j, const char *compiler_dir)
{
    int abi = jail.landlock_abi;
    struct ll_ruleset_attr attr = {.handled_access_fs = ll_fs_rights(abi)};
    if (abi >= 4)
        attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
    if (abi >= 6)
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
    size_t size = abi >= 6 ? sizeof attr : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0)
        return -1;
    const uint64_t read_exec = LL_FS_EXECUTE | LL_FS_READ_FILE | LL_FS_READ_DIR;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof system_paths / sizeof system_paths[0]; i++)
        rc = ll_allow(ruleset, system_paths[i], read_exec);
    if (rc == 0 && compiler_dir)
        rc = ll_allow(ruleset, compiler_dir, read_exec);
    if (rc == 0 && j->readable)
        rc = ll_allow(ruleset, j->readable, read_exec);
    if (rc == 0 && j->writable)
        rc = ll_allow(ruleset, j->writable, ~0ull);
    if (rc == 0 && j->kind == GR_JAIL_TOOL)   /* `cc -E -v /dev/null -o /dev/null` */
        rc = ll_allow(ruleset, "/dev/null", LL_FS_READ_FILE | LL_FS_WRITE_FILE | LL_FS_TRUNCATE);
    if (rc == 0)
        rc = (int)syscall(SYS_landlock_restrict_self, ruleset, 0);
    int e = errno;
    close(ruleset);
    errno = e;
    return rc;
}

/* The compiler driver's own directory, wherever it is installed, for a tool; NULL for a test run. */
static const char *compiler_dir(const gr_jail *j, const char *exec_path, char *dir, size_t size)
{
    if (j->kind != GR_JAIL_TOOL)
        return NULL;
    snprintf(dir, size, "%s", exec_path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return NULL;
    *slash = '\0';
    return dir;
}

int gr_jail_prepare(const gr_jail *j, int slot, const char *exec_path)
{
    if (j->kind == GR_JAIL_NONE)
        return 0;
    if (!jail.ready || (jail.root && (slot < 0 || slot >= jail.slots))) {   /* never root by mistake */
        errno = EPERM;
        return -1;
    }
    char dir[4096];
    if (enter_namespaces(jail.mount_point, j->readable, j->writable, compiler_dir(j, exec_path, dir, sizeof dir)))
        return -1;
    if (jail.root) {
        uid_t uid = gr_jail_uid(slot);
        if (setgroups(0, NULL) != 0 || setgid(uid) != 0 || setuid(uid) != 0)
            return -1;
    }
    return 0;
}

int gr_jail_enter(const gr_jail *j, const char *exec_path)
{
    if (j->kind == GR_JAIL_NONE)
        return 0;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    char dir[4096];
    if (jail.landlock_abi > 0 && enter_landlock(j, compiler_dir(j, exec_path, dir, sizeof dir)) != 0)
        return -1;
    if (jail.seccomp && gr_seccomp_install(j->kind == GR_JAIL_PROBE ? GR_SECCOMP_PROBE : GR_SECCOMP_TOOL,
                                           exec_path) != 0)
        return -1;
    return 0;
}

/* --- in the judge --------------------------------------------------------------------------------------------- */

static int probe_namespaces(void *arg)
{
    (void)arg;
    _exit(enter_namespaces(jail.mount_point, NULL, NULL, NULL) == 0 ? 0 : 1);
}

static void remove_mount_point(void)
{
    if (jail.mount_point[0] && getpid() == jail.owner)
        rmdir(jail.mount_point);
    jail.mount_point[0] = '\0';
}

/* The directory each child's root is mounted on (in its own mount namespace: the judge's stays empty). */
static int make_mount_point(void)
{
    snprintf(jail.mount_point, sizeof jail.mount_point, "/tmp/numlab-jail.XXXXXX");
    if (!mkdtemp(jail.mount_point) || chmod(jail.mount_point, 0755) != 0) {
        jail.mount_point[0] = '\0';
        return -1;
    }
    jail.owner = getpid();
    atexit(remove_mount_point);
    return 0;
}

/* The namespaces a child can be given here: tried once, with the mounts the jail makes. */
static int usable_namespaces(void)
{
    int flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWNET;
    if (!jail.root)
        flags |= CLONE_NEWUSER;
    static char stack[64 * 1024] __attribute__((aligned(16)));
    jail.namespaces = flags;
    pid_t pid = clone(probe_namespaces, stack + sizeof stack, flags | SIGCHLD, NULL);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        jail.namespaces = 0;
    return jail.namespaces;
}

/* The lock directory: made by root for root alone; anything else there is refused. */
static int lock_dir(char *error, size_t size)
{
    if (mkdir(GR_LOCK_DIR, 0700) != 0 && errno != EEXIST) {
        snprintf(error, size, _("cannot create %s: %s"), GR_LOCK_DIR, strerror(errno));
        return -1;
    }
    struct stat st;
    if (lstat(GR_LOCK_DIR, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0 || (st.st_mode & 022)) {
        snprintf(error, size, _("%s is not a directory that only root can write (remove it and grade again)"),
                 GR_LOCK_DIR);
        return -1;
    }
    return 0;
}

static int claim_uids(int slots, char *error, size_t size)
{
    if (lock_dir(error, size) != 0)
        return -1;
    jail.slots = 0;
    for (uid_t uid = GR_UID_FIRST; uid < GR_UID_FIRST + GR_UID_COUNT && jail.slots < slots; uid++) {
        if (getpwuid(uid) || getgrgid(uid))   /* a real user or group of this machine: not ours to use */
            continue;
        char path[64];
        snprintf(path, sizeof path, "%s/uid-%u.lock", GR_LOCK_DIR, (unsigned)uid);
        int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0)
            continue;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            close(fd);
            continue;
        }
        jail.uid[jail.slots] = uid;
        jail.lock_fd[jail.slots++] = fd;
    }
    if (jail.slots < slots) {
        snprintf(error, size, _("only %d of the %d sandbox users needed are free (uids %d..%d, locks in %s)"),
                 jail.slots, slots, GR_UID_FIRST, GR_UID_FIRST + GR_UID_COUNT - 1, GR_LOCK_DIR);
        gr_jail_release();
        return -1;
    }
    return 0;
}

int gr_jail_parse_layers(const char *list, unsigned *layers)
{
    static const char *const names[] = {"namespaces", "landlock", "seccomp"};
    *layers = 0;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        int found = -1;
        for (int i = 0; i < 3; i++)
            if (len == strlen(names[i]) && strncmp(p, names[i], len) == 0)
                found = i;
        if (found < 0)
            return -1;
        *layers |= 1u << found;
        p += len + (p[len] == ',');
    }
    return 0;
}

bool gr_jail_complete(void)
{
    return jail.namespaces && jail.landlock_abi && jail.seccomp;
}

/* Appends to jail.describe, cut at its end. */
static void describe_add(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void describe_add(const char *format, ...)
{
    size_t len = strlen(jail.describe);
    va_list ap;
    va_start(ap, format);
    vsnprintf(jail.describe + len, sizeof jail.describe - len, format, ap);
    va_end(ap);
}

int gr_jail_init(int slots, unsigned without, char *error, size_t error_size)
{
    if (slots < 1 || slots > GR_MAX_SLOTS) {
        snprintf(error, error_size, _("%d children at once (allowed: 1..%d)"), slots, GR_MAX_SLOTS);
        return -1;
    }
    jail.root = geteuid() == 0;
    jail.self_uid = getuid(), jail.self_gid = getgid();
    if (jail.root && claim_uids(slots, error, error_size) != 0)
        return -1;
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    jail.landlock_abi = abi > 0 && !(without & GR_LAYER_LANDLOCK) ? (int)abi : 0;
    jail.seccomp = prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 && gr_seccomp_available() && !(without & GR_LAYER_SECCOMP);
    if (!(without & GR_LAYER_NAMESPACES) && make_mount_point() == 0)
        usable_namespaces();
    jail.ready = true;

    /* The line is a student's to read (results.json's output names a missing layer): in the judge's language. */
    jail.describe[0] = '\0';
    if (jail.root && slots > 1)
        describe_add(_("sandbox: uids %u-%u"), (unsigned)jail.uid[0], (unsigned)jail.uid[slots - 1]);
    else if (jail.root)
        describe_add(_("sandbox: uid %u"), (unsigned)jail.uid[0]);
    else
        describe_add("%s", _("sandbox: the grading user (not root: no uid of its own)"));
    if (jail.namespaces)
        describe_add("%s", jail.namespaces & CLONE_NEWUSER ?
                     _(", namespaces (user, pid, ipc, uts, net, mount: a root of its own)") :
                     _(", namespaces (pid, ipc, uts, net, mount: a root of its own)"));
    if (jail.landlock_abi)
        describe_add(", landlock %d", jail.landlock_abi);
    if (jail.seccomp)
        describe_add(", seccomp");
    if (!gr_jail_complete())
        describe_add("; %s:%s%s%s", without ? _("left out or missing") : _("missing here"),
                     jail.namespaces ? "" : _(" namespaces"), jail.landlock_abi ? "" : " landlock",
                     jail.seccomp ? "" : " seccomp");
    if (!jail.root && !jail.namespaces && !jail.landlock_abi)
        describe_add("%s", _(" (a submission can read what the grading user can read)"));
    return 0;
}

void gr_jail_release(void)
{
    remove_mount_point();
    for (int i = 0; i < jail.slots; i++)
        close(jail.lock_fd[i]);
    jail.slots = 0;
}

const char *gr_jail_describe(void)
{
    return jail.ready ? jail.describe : _("sandbox: not set up");
}

uid_t gr_jail_uid(int slot)
{
    return jail.root && slot >= 0 && slot < jail.slots ? jail.uid[slot] : getuid();
}

int gr_jail_clone_flags(void)
{
    return jail.namespaces;
}

int gr_jail_hand_over(const char *path)
{
    return jail.root ? lchown(path, gr_jail_uid(0), gr_jail_uid(0)) : 0;
}

int gr_jail_readable_by_sandbox(const char *const *paths, size_t n, char *text, size_t size)
{
    text[0] = '\0';
    if (!jail.root || n == 0)
        return 0;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        uid_t uid = gr_jail_uid(0);
        if (setgroups(0, NULL) != 0 || setgid(uid) != 0 || setuid(uid) != 0)
            _exit(1);
        for (size_t i = 0; i < n; i++) {
            int fd = open(paths[i], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
            unsigned char index = (unsigned char)i;
            if (fd >= 0 && write(fds[1], &index, 1) != 1)
                _exit(1);
        }
        _exit(0);
    }
    close(fds[1]);
    int count = 0;
    size_t len = 0;
    unsigned char index;
    while (pid > 0 && read(fds[0], &index, 1) == 1 && index < n) {
        count++;
        len += (size_t)snprintf(text + len, len < size ? size - len : 0, "%s%s", count > 1 ? ", " : "",
                                paths[index]);
    }
    close(fds[0]);
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return count;
}
