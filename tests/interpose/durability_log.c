/* durability_log: an LD_PRELOAD library for tests/cli_durability.sh. It logs, in the order they happen, every
 * fsync and fdatasync (with the path its descriptor names) and every rename (rename, renameat, renameat2, with
 * both paths made absolute) to the file DURABILITY_LOG names, one line each:
 *     fsync PATH        rename FROM TO
 * then does the call. What it shows is what no other test can see: that an output's data reaches the disk before
 * its name does (fsync of the temporary file, then the rename), and the name after (fsync of the folder). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void log_line(const char *a, const char *b, const char *c)
{
    const char *name = getenv("DURABILITY_LOG");
    if (!name)
        return;
    char line[3 * PATH_MAX + 8];
    int n = snprintf(line, sizeof line, "%s %s%s%s\n", a, b, c ? " " : "", c ? c : "");
    int fd = open(name, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd >= 0 && n > 0) {
        ssize_t w = write(fd, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
        (void)w;
    }
    if (fd >= 0)
        close(fd);
}

static void fd_path(int fd, char *out, size_t size)
{
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, out, size - 1);
    out[n > 0 ? (size_t)n : 0] = '\0';
}

/* path relative to dirfd (AT_FDCWD or a folder's descriptor), made absolute */
static void at_path(int dirfd, const char *path, char *out, size_t size)
{
    char dir[PATH_MAX];
    while (path[0] == '.' && path[1] == '/')  /* "./x" is "x": one spelling per file in the log */
        path += 2;
    if (path[0] == '/') {
        snprintf(out, size, "%s", path);
        return;
    }
    if (dirfd == AT_FDCWD) {
        if (!getcwd(dir, sizeof dir))
            dir[0] = '\0';
    } else {
        fd_path(dirfd, dir, sizeof dir);
    }
    snprintf(out, size, "%s/%s", dir, path);
}

int fsync(int fd)
{
    char path[PATH_MAX];
    fd_path(fd, path, sizeof path);
    log_line("fsync", path, NULL);
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    return real(fd);
}

int fdatasync(int fd)
{
    char path[PATH_MAX];
    fd_path(fd, path, sizeof path);
    log_line("fsync", path, NULL);
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    return real(fd);
}

static void log_rename(int from_dir, const char *from, int to_dir, const char *to)
{
    char a[PATH_MAX], b[PATH_MAX];
    at_path(from_dir, from, a, sizeof a);
    at_path(to_dir, to, b, sizeof b);
    log_line("rename", a, b);
}

int rename(const char *from, const char *to)
{
    log_rename(AT_FDCWD, from, AT_FDCWD, to);
    int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    return real(from, to);
}

int renameat(int from_dir, const char *from, int to_dir, const char *to)
{
    log_rename(from_dir, from, to_dir, to);
    int (*real)(int, const char *, int, const char *) =
        (int (*)(int, const char *, int, const char *))dlsym(RTLD_NEXT, "renameat");
    return real(from_dir, from, to_dir, to);
}

int renameat2(int from_dir, const char *from, int to_dir, const char *to, unsigned flags)
{
    log_rename(from_dir, from, to_dir, to);
    int (*real)(int, const char *, int, const char *, unsigned) =
        (int (*)(int, const char *, int, const char *, unsigned))dlsym(RTLD_NEXT, "renameat2");
    return real(from_dir, from, to_dir, to, flags);
}
