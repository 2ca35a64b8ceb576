/* infile: input files opened without blocking, checked before they are read. See include/numlab/infile.h. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1  /* openat, O_NOFOLLOW, O_CLOEXEC, realpath (POSIX 2008), also when built on its own */
#endif
#include "numlab/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "numlab/lang.h"
#include "numlab/text.h"

static int set(infile_error *e, infile_status status, int error, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Fills e (problem from fmt) and returns -1. */
static int set(infile_error *e, infile_status status, int error, const char *fmt, ...)
{
    e->status = status;
    e->error = error;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->problem, sizeof e->problem, fmt, ap);
    va_end(ap);
    return -1;
}

static int set_errno(infile_error *e, int error)
{
    snprintf(e->allowed, sizeof e->allowed, "%s", _("a readable regular file"));
    return set(e, error == ENOMEM ? INFILE_ERR_NOMEM : INFILE_ERR_OPEN, error, _("cannot read: %s"), lang_strerror(error));
}

void infile_size_text(uint64_t bytes, char *buf, size_t size)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (u < 4 && bytes >= 1024 && bytes % 1024 == 0)
        bytes /= 1024, u++;
    snprintf(buf, size, "%llu %s", (unsigned long long)bytes, units[u]);
}

static void allowed_regular(infile_error *e, uint64_t max_bytes)
{
    char limit[32];
    infile_size_text(max_bytes, limit, sizeof limit);
    if (max_bytes == INFILE_NO_LIMIT)
        snprintf(e->allowed, sizeof e->allowed, "%s", _("a regular file"));
    else
        snprintf(e->allowed, sizeof e->allowed, _("a regular file of at most %s"), limit);
}

const char *infile_kind(mode_t mode)
{
    return S_ISDIR(mode) ? _("a directory") : S_ISFIFO(mode) ? _("a FIFO") : S_ISCHR(mode) ? _("a character device")
         : S_ISBLK(mode) ? _("a block device") : S_ISSOCK(mode) ? _("a socket") : _("not a regular file");
}

/* A regular file within the limit: 0, or -1 with e filled. */
static int check_stat(const struct stat *st, uint64_t max_bytes, infile_error *e)
{
    allowed_regular(e, max_bytes);
    if (!S_ISREG(st->st_mode))
        /* TRANSLATORS: "is a FIFO": %s is a kind of file ("a directory") */
        return set(e, INFILE_ERR_KIND, 0, _("is %s"), infile_kind(st->st_mode));
    if ((uint64_t)st->st_size > max_bytes)
        return set(e, INFILE_ERR_SIZE, 0, P_("has %llu byte", "has %llu bytes", st->st_size), (unsigned long long)st->st_size);
    return 0;
}

/* fd, just opened with O_NONBLOCK: checked with fstat, made blocking again. Closes it on error. */
static int checked(int fd, uint64_t max_bytes, uint64_t *size, infile_error *e)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int error = errno;
        close(fd);
        return set_errno(e, error);
    }
    if (check_stat(&st, max_bytes, e) != 0) {
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
        int error = errno;
        close(fd);
        return set_errno(e, error);
    }
    *size = (uint64_t)st.st_size;
    return fd;
}

int infile_open(const char *path, uint64_t max_bytes, uint64_t *size, infile_error *e)
{
    *e = (infile_error){0};
    *size = 0;
    /* stat first: a FIFO or a device is refused without even being opened */
    struct stat st;
    if (stat(path, &st) == 0 && check_stat(&st, max_bytes, e) != 0)
        return -1;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return set_errno(e, errno);
    return checked(fd, max_bytes, size, e);
}

/* --- below a folder ------------------------------------------------------------------------------------------- */

/* Whether relative stays below its folder as written: not absolute, and no ".." climbs above the start. */
static bool lexically_below(const char *relative)
{
    if (relative[0] == '/')
        return false;
    long depth = 0;
    for (const char *p = relative; *p;) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            if (--depth < 0)
                return false;
        } else if (n > 0 && !(n == 1 && p[0] == '.')) {
            depth++;
        }
        p += n + (p[n] == '/');
    }
    return true;
}

static int outside(infile_error *e, const char *dir)
{
    char shown[200];
    text_escape(dir, shown, sizeof shown);
    snprintf(e->allowed, sizeof e->allowed, _("a file below '%s', after %%-decoding and symbolic links"), shown);
    return set(e, INFILE_ERR_OUTSIDE, 0, "%s", _("leaves the folder"));
}

/* Opens the components of rel (a canonical path: no ".", "..", links or empty parts) one by one from dfd with
 * O_NOFOLLOW. Closes dfd. */
static int walk(int dfd, char *rel, uint64_t max_bytes, uint64_t *size, infile_error *e)
{
    for (char *part = rel;;) {
        char *slash = strchr(part, '/');
        if (slash)
            *slash = '\0';
        struct stat st;
        if (!slash && fstatat(dfd, part, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISLNK(st.st_mode) &&
            check_stat(&st, max_bytes, e) != 0) {
            close(dfd);
            return -1;
        }
        int flags = slash ? O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
                          : O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
        int fd = openat(dfd, part, flags);
        int error = errno;
        close(dfd);
        if (fd < 0)  /* ELOOP: a component became a link after the check */
            return set_errno(e, error);
        if (!slash)
            return checked(fd, max_bytes, size, e);
        dfd = fd;
        part = slash + 1;
    }
}

int infile_open_below(const char *dir, const char *relative, uint64_t max_bytes, uint64_t *size, infile_error *e)
{
    *e = (infile_error){0};
    *size = 0;
    if (!lexically_below(relative))
        return outside(e, dir);
    char *root = realpath(dir, NULL), *joined = NULL, *real = NULL;
    int fd = -1;
    if (!root || !(joined = malloc(strlen(dir) + strlen(relative) + 2))) {
        fd = set_errno(e, root ? ENOMEM : errno);
        goto done;
    }
    sprintf(joined, "%s/%s", dir, relative);
    if (!(real = realpath(joined, NULL))) {
        fd = set_errno(e, errno);
        goto done;
    }
    size_t n = strcmp(root, "/") == 0 ? 0 : strlen(root);
    if (strncmp(real, root, n) != 0 || real[n] != '/') {  /* a link led out, or it is the folder itself */
        struct stat st;
        if (strcmp(real, root) == 0 && stat(real, &st) == 0)
            fd = check_stat(&st, max_bytes, e);
        else
            fd = outside(e, dir);
        goto done;
    }
    int dfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    fd = dfd < 0 ? set_errno(e, errno) : walk(dfd, real + n + 1, max_bytes, size, e);
done:
    free(root);
    free(joined);
    free(real);
    return fd;
}

/* --- reading -------------------------------------------------------------------------------------------------- */

infile_status infile_read_fd(int fd, size_t n, bool text, infile_data *out, infile_error *e)
{
    *out = (infile_data){0};
    char *buf = n < SIZE_MAX ? malloc(n + 1) : NULL;
    if (!buf) {
        close(fd);
        set_errno(e, ENOMEM);
        return e->status;
    }
    size_t got = 0;
    int error = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {  /* a read error, or the file shrank under us */
            error = r < 0 ? errno : EIO;
            break;
        }
        got += (size_t)r;
    }
    close(fd);
    if (error) {
        free(buf);
        set_errno(e, error);
        return e->status;
    }
    buf[n] = '\0';
    const char *nul = text ? memchr(buf, '\0', n) : NULL;
    if (nul) {
        size_t line = 1;
        const char *start = buf;
        for (const char *p = buf; p < nul; p++)
            if (*p == '\n')
                line++, start = p + 1;
        size_t column = (size_t)(nul - start) + 1;
        free(buf);
        snprintf(e->allowed, sizeof e->allowed, "%s", _("a text file, without NUL bytes"));
        set(e, INFILE_ERR_NUL, 0, _("has a NUL byte on line %zu, column %zu"), line, column);
        return e->status;
    }
    *out = (infile_data){buf, n};
    return INFILE_OK;
}

infile_status infile_read(const char *path, uint64_t max_bytes, bool text, infile_data *out, infile_error *e)
{
    *out = (infile_data){0};
    uint64_t size;
    int fd = infile_open(path, max_bytes, &size, e);
    if (fd < 0)
        return e->status;
    if (size >= SIZE_MAX) {
        close(fd);
        set_errno(e, ENOMEM);
        return e->status;
    }
    return infile_read_fd(fd, (size_t)size, text, out, e);
}

void infile_data_free(infile_data *d)
{
    free(d->data);
    *d = (infile_data){0};
}

void infile_message(const infile_error *e, const char *opt, const char *path, char *buf, size_t size)
{
    char shown[320], cut[TEXT_CUT_SIZE];
    text_escape(text_cut(path, cut, sizeof cut), shown, sizeof shown);  /* a long path cut (head...tail), the reason
                                                                         * after it kept */
    bool errno_text = e->status == INFILE_ERR_OPEN || e->status == INFILE_ERR_NOMEM;
    if (opt && errno_text)
        snprintf(buf, size, _("%s: cannot read '%s': %s"), opt, shown, lang_strerror(e->error));
    else if (opt)
        snprintf(buf, size, _("%s: '%s' %s (allowed: %s)"), opt, shown, e->problem, e->allowed);
    else if (errno_text)
        snprintf(buf, size, "%s: %s", shown, e->problem);
    else
        snprintf(buf, size, _("%s: %s (allowed: %s)"), shown, e->problem, e->allowed);
}
