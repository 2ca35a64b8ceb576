/* outset: the output files of one run, committed together or not at all. See include/numlab/outset.h. */
#define _GNU_SOURCE  /* renameat2, mkostemp */
#include "numlab/outset.h"
#include "numlab/infile.h"
#include "numlab/lang.h"
#include "errmsg_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TEMP_NAME "/.nl-XXXXXX"
#define PROBE 0x100      /* resolve only: open nothing (outset_same_file) */

typedef struct {
    char *path;          /* as given */
    char *target;        /* where the commit renames to: path, or the file a symbolic link names */
    char *tmp;           /* the temporary, or NULL when streamed */
    char *backup;        /* during the commit: a hard link to the replaced file, or NULL */
    int fd;
    FILE *f;
    bool streamed, is_stdout, replace;
    bool done, fresh;    /* during the commit: renamed into place; there was no file there before */
    bool keep_backup;    /* the replaced file could not be put back: its backup is all that is left of it */
    /* identity: device and inode of an existing file, else the resolved directory and the name */
    bool have_ino;
    dev_t dev;
    ino_t ino;
    char *name;
} entry;

struct outset {
    entry e[OUTSET_MAX];
    int n;
};

/* --- the registry of temporaries, emptied by signal handlers ---------------------------------------------- */

#define REGISTRY 64

static char *volatile registry[REGISTRY];
static int registered;
static const int cleanup_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGQUIT, SIGHUP, SIGTERM, SIGINT,
                                      SIGPIPE};
#define N_CLEANUP_SIGNALS (sizeof cleanup_signals / sizeof cleanup_signals[0])
static struct sigaction previous[N_CLEANUP_SIGNALS];

void outset_remove_temporaries(void)
{
    for (int i = 0; i < REGISTRY; i++) {
        char *p = registry[i];
        if (p)
            unlink(p);
    }
}

static void on_signal(int sig)
{
    int saved = errno;
    outset_remove_temporaries();
    for (size_t i = 0; i < N_CLEANUP_SIGNALS; i++)
        if (cleanup_signals[i] == sig)
            sigaction(sig, &previous[i], NULL);  /* then what was there before runs (once the handler returns) */
    raise(sig);
    errno = saved;
}

static void guard(char *p)
{
    for (int i = 0; i < REGISTRY; i++)
        if (!registry[i]) {
            registry[i] = p;
            break;
        }
    if (registered++ == 0) {
        struct sigaction sa = {.sa_handler = on_signal};
        sigemptyset(&sa.sa_mask);
        for (size_t i = 0; i < N_CLEANUP_SIGNALS; i++) {
            sigaction(cleanup_signals[i], NULL, &previous[i]);
            if (previous[i].sa_handler == on_signal)  /* never hand a signal on to itself */
                previous[i] = (struct sigaction){.sa_handler = SIG_DFL};
            if (previous[i].sa_handler != SIG_IGN)  /* an ignored signal ends nothing: it stays ignored */
                sigaction(cleanup_signals[i], &sa, NULL);
        }
    }
}

static void unguard(const char *p)
{
    if (!p)
        return;
    for (int i = 0; i < REGISTRY; i++)
        if (registry[i] == p) {
            registry[i] = NULL;
            if (--registered == 0)
                for (size_t k = 0; k < N_CLEANUP_SIGNALS; k++) {
                    struct sigaction now;
                    sigaction(cleanup_signals[k], NULL, &now);
                    if (now.sa_handler == on_signal)  /* a handler installed since stays */
                        sigaction(cleanup_signals[k], &previous[k], NULL);
                }
            return;
        }
}

/* --- paths and identities --------------------------------------------------------------------------------- */

/* The directory part of path ("." when there is none) and the name part. NULL when out of memory. */
static char *dir_of(const char *path, const char **base)
{
    const char *slash = strrchr(path, '/');
    if (base)
        *base = slash ? slash + 1 : path;
    return !slash ? strdup(".") : slash == path ? strdup("/") : strndup(path, (size_t)(slash - path));
}

/* Fills e's identity for path (which does not exist: the resolved directory and the name). errno on failure. */
static int new_identity(entry *e, const char *path)
{
    const char *base;
    char *dir = dir_of(path, &base);
    char *real = dir ? realpath(dir, NULL) : NULL;
    int rc = -1;
    if (real && (e->name = malloc(strlen(real) + strlen(base) + 2))) {
        sprintf(e->name, "%s/%s", real, base);
        rc = 0;
    } else if (dir && real) {
        errno = ENOMEM;
    }
    int saved = errno;
    free(real);
    free(dir);
    errno = saved;
    return rc;
}

static bool same_identity(const entry *a, const entry *b)
{
    if (a->have_ino != b->have_ino)
        return false;
    return a->have_ino ? a->dev == b->dev && a->ino == b->ino : strcmp(a->name, b->name) == 0;
}

static void release(entry *e)
{
    if (e->f && !e->is_stdout)
        fclose(e->f);
    else if (e->f)
        fflush(e->f);
    if (e->fd >= 0 && !e->is_stdout)
        close(e->fd);
    if (e->tmp) {
        unguard(e->tmp);
        unlink(e->tmp);
    }
    unguard(e->backup);
    if (e->backup && !e->keep_backup)
        unlink(e->backup);  /* a second name of the file still in place */
    free(e->path);
    free(e->target);
    free(e->tmp);
    free(e->backup);
    free(e->name);
    *e = (entry){.fd = -1};
}

/* Opens a FIFO or character device for writing as it is: never blocks (a FIFO without a reader is an error). */
static outset_error open_special(entry *e, const char *path, char *err, size_t errlen)
{
    e->fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (e->fd < 0)
        return errno == ENXIO ? errmsg(OUTSET_ERR_PATH, err, errlen, _("'%s' is a FIFO nothing reads from"), path)
                              : errmsg(OUTSET_ERR_PATH, err, errlen, _("cannot write '%s': %s"), path, lang_strerror(errno));
    int fl = fcntl(e->fd, F_GETFL);
    if (fl >= 0)
        fcntl(e->fd, F_SETFL, fl & ~O_NONBLOCK);
    e->streamed = true;
    return OUTSET_OK;
}

/* Where an existing path goes: the checks of the header, then e->target and the identity. */
static outset_error existing(entry *e, const char *path, const struct stat *lst, unsigned flags, char *err,
                             size_t errlen)
{
    struct stat st = *lst;
    if (S_ISLNK(lst->st_mode) && stat(path, &st) != 0)
        return errno == ENOENT ? errmsg(OUTSET_ERR_PATH, err, errlen, _("'%s' is a symbolic link to a file that does "
                                      "not exist (allowed: a file name, or a link to an existing file)"), path)
                               : errmsg(OUTSET_ERR_PATH, err, errlen, _("cannot write '%s': %s"), path, lang_strerror(errno));
    e->have_ino = true;
    e->dev = st.st_dev;
    e->ino = st.st_ino;
    if (S_ISDIR(st.st_mode))
        return errmsg(OUTSET_ERR_PATH, err, errlen, _("'%s' is a directory"), path);
    struct stat out;
    if ((flags & OUTSET_STREAM) && fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == st.st_dev &&
        out.st_ino == st.st_ino) {  /* /dev/stdout and the like: the stream it is */
        e->streamed = e->is_stdout = true;
        e->fd = STDOUT_FILENO;
        return OUTSET_OK;
    }
    if (S_ISREG(st.st_mode)) {
        if (!(flags & OUTSET_REPLACE))
            return errmsg(OUTSET_ERR_EXISTS, err, errlen, _("'%s' already exists"), path);
        e->target = realpath(path, NULL);  /* through symbolic links: the link stays, the file is replaced */
        return e->target ? OUTSET_OK : errmsg(OUTSET_ERR_IO, err, errlen, _("'%s': %s"), path, lang_strerror(errno));
    }
    if ((flags & OUTSET_STREAM) && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))
        return flags & PROBE ? OUTSET_OK : open_special(e, path, err, errlen);
    return errmsg(OUTSET_ERR_PATH, err, errlen, _("'%s' is %s, not a regular file (allowed: a new or a regular file%s; "
                "a special file is never replaced)"), path, infile_kind(st.st_mode),
                flags & OUTSET_STREAM ? _(", a FIFO, a character device or - for stdout") : "");
}

/* Checks path and fills e (identity, target or stream), without creating anything. */
static outset_error resolve(entry *e, const char *path, unsigned flags, char *err, size_t errlen)
{
    if (!*path)
        return errmsg(OUTSET_ERR_PATH, err, errlen, _("an empty file name"));
    if (strcmp(path, "-") == 0) {
        struct stat out;
        if (!(flags & OUTSET_STREAM))
            return errmsg(OUTSET_ERR_PATH, err, errlen, _("'-' is not a file (allowed: a file name)"));
        if (fstat(STDOUT_FILENO, &out) != 0)
            return errmsg(OUTSET_ERR_PATH, err, errlen, _("stdout is closed"));
        *e = (entry){.have_ino = true, .dev = out.st_dev, .ino = out.st_ino, .streamed = true, .is_stdout = true,
                     .fd = STDOUT_FILENO};
        return OUTSET_OK;
    }
    const char *base;
    char *dir = dir_of(path, &base);
    free(dir);
    if (!dir)
        return errmsg(OUTSET_ERR_NOMEM, err, errlen, _("'%s': out of memory"), path);
    if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
        return errmsg(OUTSET_ERR_PATH, err, errlen, _("'%s' names a directory, not a file"), path);
    struct stat lst;
    if (lstat(path, &lst) == 0)
        return existing(e, path, &lst, flags, err, errlen);
    if (errno != ENOENT || new_identity(e, path) != 0)
        return errmsg(errno == ENOMEM ? OUTSET_ERR_NOMEM : OUTSET_ERR_PATH, err, errlen, _("cannot create '%s': %s"),
                      path,
                    lang_strerror(errno));
    return OUTSET_OK;
}

/* The temporary next to e->target. */
static outset_error create_temporary(entry *e, char *err, size_t errlen)
{
    char *dir = dir_of(e->target, NULL);
    e->tmp = dir ? malloc(strlen(dir) + sizeof TEMP_NAME) : NULL;
    if (!e->tmp) {
        free(dir);
        return errmsg(OUTSET_ERR_NOMEM, err, errlen, _("'%s': out of memory"), e->path);
    }
    sprintf(e->tmp, "%s" TEMP_NAME, dir);
    free(dir);
    e->fd = mkostemp(e->tmp, O_CLOEXEC);
    if (e->fd < 0) {
        free(e->tmp);
        e->tmp = NULL;
        return errmsg(OUTSET_ERR_PATH, err, errlen, _("cannot create '%s': %s"), e->path, lang_strerror(errno));
    }
    guard(e->tmp);
    /* mkstemp makes 0600; a finished file gets what open(2) would give it */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(e->fd, 0666 & ~mask);
    return OUTSET_OK;
}

/* --- the set ---------------------------------------------------------------------------------------------- */

outset *outset_new(void)
{
    outset *s = calloc(1, sizeof *s);
    if (s)
        for (int i = 0; i < OUTSET_MAX; i++)
            s->e[i].fd = -1;
    return s;
}

int outset_add(outset *s, const char *path, unsigned flags, outset_error *code, int *other, char *err,
               size_t errlen)
{
    outset_error dummy;
    code = code ? code : &dummy;
    if (s->n == OUTSET_MAX) {
        *code = errmsg(OUTSET_ERR_NOMEM, err, errlen, _("'%s': more than %d outputs"), path, OUTSET_MAX);
        return -1;
    }
    entry *e = &s->e[s->n];
    *e = (entry){.fd = -1, .replace = (flags & OUTSET_REPLACE) != 0};
    *code = resolve(e, path, flags, err, errlen);
    for (int i = 0; *code == OUTSET_OK && i < s->n; i++)
        if (same_identity(&s->e[i], e)) {
            if (other)
                *other = i;
            *code = errmsg(OUTSET_ERR_SAME, err, errlen, _("'%s' is the same file as '%s'"), path, s->e[i].path);
        }
    if (*code == OUTSET_OK && !(e->path = strdup(path)))
        *code = errmsg(OUTSET_ERR_NOMEM, err, errlen, _("'%s': out of memory"), path);
    if (*code == OUTSET_OK && !e->streamed && !e->target && !(e->target = strdup(path)))
        *code = errmsg(OUTSET_ERR_NOMEM, err, errlen, _("'%s': out of memory"), path);
    if (*code == OUTSET_OK && !e->streamed)
        *code = create_temporary(e, err, errlen);
    if (*code != OUTSET_OK) {
        release(e);
        return -1;
    }
    return s->n++;
}

int outset_fd(const outset *s, int i)
{
    return s->e[i].fd;
}

bool outset_streamed(const outset *s, int i)
{
    return s->e[i].streamed;
}

FILE *outset_stream(outset *s, int i)
{
    entry *e = &s->e[i];
    if (e->f)
        return e->f;
    if (e->is_stdout)
        return e->f = stdout;
    int fd = dup(e->fd);
    if (fd < 0)
        return NULL;
    if (!(e->f = fdopen(fd, "w")))
        close(fd);
    return e->f;
}

void outset_abort(outset *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n; i++)
        release(&s->e[i]);
    free(s);
}

/* Moves tmp to path without replacing anything: renameat2(RENAME_NOREPLACE) where the file system has it, else
 * link(2) (which fails on an existing name) and unlink. Returns 0 or -1 with errno. */
static int rename_noreplace(const char *tmp, const char *path)
{
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
    if (link(tmp, path) != 0)
        return -1;
    unlink(tmp);
    return 0;
}

/* A hard link to the file e replaces, under a fresh temporary name, so that a failed commit can put it back.
 * NULL when the file system has no hard links (the commit then cannot take that one back). */
static char *link_backup(const entry *e)
{
    char *dir = dir_of(e->target, NULL);
    char *b = dir ? malloc(strlen(dir) + sizeof TEMP_NAME) : NULL;
    for (int tries = 0; b && tries < 8; tries++) {
        sprintf(b, "%s" TEMP_NAME, dir);
        int fd = mkstemp(b);
        if (fd < 0)
            break;
        close(fd);
        unlink(b);  /* only the name was wanted: link(2) will not replace */
        if (link(e->target, b) == 0) {
            free(dir);
            guard(b);
            return b;
        }
        if (errno != EEXIST)
            break;
    }
    free(dir);
    free(b);
    return NULL;
}

static void sync_directory(const char *path)
{
    char *dir = dir_of(path, NULL);
    int fd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    if (fd >= 0) {
        (void)fsync(fd);  /* best effort: some file systems refuse directory syncs */
        close(fd);
    }
    free(dir);
}

/* Every output complete on disk (or in its stream). */
static outset_error finish_writing(outset *s, char *err, size_t errlen)
{
    for (int i = 0; i < s->n; i++) {
        entry *e = &s->e[i];
        const char *what = e->is_stdout ? "stdout" : e->path;
        bool ok = true;
        if (e->f) {
            ok = fflush(e->f) == 0 && !ferror(e->f);
            if (!e->is_stdout)
                ok = fclose(e->f) == 0 && ok;
            e->f = NULL;
        }
        if (ok && !e->streamed)
            ok = fsync(e->fd) == 0;
        if (!ok)
            return errmsg(OUTSET_ERR_IO, err, errlen, _("cannot write '%s': %s"), what, lang_strerror(errno));
    }
    return OUTSET_OK;
}

/* Renames output i into place; 0 or -1 with errno. */
static int put_in_place(entry *e)
{
    struct stat st;
    e->fresh = !e->replace || (lstat(e->target, &st) != 0 && errno == ENOENT);
    if (!e->replace)
        return rename_noreplace(e->tmp, e->target);
    if (!e->fresh)
        e->backup = link_backup(e);
    return rename(e->tmp, e->target);
}

/* Takes back the outputs already renamed. */
static void take_back(outset *s)
{
    for (int i = 0; i < s->n; i++) {
        entry *e = &s->e[i];
        if (!e->done)
            continue;
        if (e->backup && rename(e->backup, e->target) == 0) {
            unguard(e->backup);
            free(e->backup);
            e->backup = NULL;
        } else if (e->backup) {
            e->keep_backup = true;
        } else if (e->fresh) {
            unlink(e->target);
        }
        e->done = false;
    }
}

outset_error outset_commit(outset *s, char *err, size_t errlen)
{
    outset_error code = finish_writing(s, err, errlen);
    /* the renames: nothing asynchronous in between (a signal there would leave half a set) */
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    for (int pass = 0; pass < 2 && code == OUTSET_OK; pass++)  /* the ones that may refuse first */
        for (int i = 0; i < s->n && code == OUTSET_OK; i++) {
            entry *e = &s->e[i];
            if (e->streamed || e->replace != (pass == 1))
                continue;
            if (put_in_place(e) == 0)
                e->done = true;
            else
                code = errno == EEXIST ? errmsg(OUTSET_ERR_EXISTS, err, errlen, _("'%s' already exists"), e->path)
                                       : errmsg(OUTSET_ERR_IO, err, errlen, _("cannot create '%s': %s"), e->path,
                                              lang_strerror(errno));
        }
    if (code != OUTSET_OK)
        take_back(s);
    for (int i = 0; i < s->n; i++) {
        entry *e = &s->e[i];
        if (e->done) {  /* in place: the temporary is gone, the backup no longer needed */
            unguard(e->tmp);
            free(e->tmp);
            e->tmp = NULL;
            sync_directory(e->target);  /* (release removes the backup) */
        }
    }
    outset_abort(s);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return code;
}

bool outset_same_file(const char *a, const char *b)
{
    entry x = {.fd = -1}, y = {.fd = -1};
    unsigned flags = OUTSET_STREAM | OUTSET_REPLACE | PROBE;
    bool same = resolve(&x, a, flags, NULL, 0) == OUTSET_OK && resolve(&y, b, flags, NULL, 0) == OUTSET_OK &&
                same_identity(&x, &y);
    release(&x);
    release(&y);
    return same;
}
