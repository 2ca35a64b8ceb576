/* build: the submission, compiled alone and linked into the probe program (see build.h). */
#define _GNU_SOURCE
#include "build.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox.h"

#define SUBMISSION_MAX (1L << 20)   /* bytes */
#define MAX_SYSTEM_DIRS 32
#define RENAMED_MAIN "-Dmain=numlab_student_main"
#define FEATURES "-D_DEFAULT_SOURCE"   /* M_PI and friends, as in the project's own build (and `make exercise`) */

typedef struct {
    char dir[MAX_SYSTEM_DIRS][PATH_MAX];
    int count;
} dir_list;

static void say(char *text, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *text, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, size, fmt, ap);
    va_end(ap);
}

/* Copies src to dst (at most max bytes, else -1 with errno EFBIG). */
static int copy_file(const char *src, const char *dst, long max)
{
    int in = open(src, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return -1;
    struct stat st;
    if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > max) {
        int e = S_ISREG(st.st_mode) ? EFBIG : EINVAL;
        close(in);
        errno = e;
        return -1;
    }
    int out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) {
        close(in);
        return -1;
    }
    char buf[65536];
    ssize_t n;
    int rc = 0;
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)n) != n)
            rc = -1;
    if (n < 0 || close(out) != 0)
        rc = -1;
    close(in);
    return rc;
}

/* The copy's name: the student's own when it is plain, so messages point at their file. */
static void source_name(const char *submission, char *name, size_t size)
{
    const char *base = strrchr(submission, '/');
    base = base ? base + 1 : submission;
    size_t len = strlen(base);
    bool plain = len > 2 && len < 64 && strcmp(base + len - 2, ".c") == 0 && base[0] != '.';
    for (size_t i = 0; plain && i < len; i++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", base[i]) != NULL;
    snprintf(name, size, "%s", plain ? base : "submission.c");
}

/* Runs one compiler command in cwd; returns -1 when it could not run at all (error set). */
static int run_tool(char *const argv[], const char *cwd, double timeout, size_t keep, gr_child_result *r,
                    char *error, size_t error_size)
{
    gr_child_spec spec = {.argv = argv, .cwd = cwd, .timeout = timeout, .output_keep = keep, .memory = 2048L << 20};
    if (gr_run_children(&spec, r, 1, 1, error, error_size) != 0) {
        gr_child_result_free(r);
        return -1;
    }
    return 0;
}

/* The compiler's own include directories ("#include <...> search starts here:" in `cc -E -v`), resolved. */
static int system_dirs(const gr_build_spec *b, dir_list *dirs, char *error, size_t error_size)
{
    char *argv[] = {(char *)b->cc, "-E", "-v", "-x", "c", "/dev/null", "-o", "/dev/null", NULL};
    gr_child_result r;
    if (run_tool(argv, b->work, b->timeout, 65536, &r, error, error_size) != 0)
        return -1;
    dirs->count = 0;
    char *start = strstr(r.output, "#include <...> search starts here:");
    bool ok = r.exited && r.exit_status == 0 && start;
    for (char *line = ok ? strchr(start, '\n') : NULL; line && dirs->count < MAX_SYSTEM_DIRS;) {
        line++;
        char *end = strchr(line, '\n');
        if (!end || strncmp(line, "End of search list.", 19) == 0)
            break;
        *end = '\0';
        char *path = line + strspn(line, " ");
        char *framework = strstr(path, " (framework directory)");
        if (framework)
            *framework = '\0';
        if (realpath(path, dirs->dir[dirs->count]))
            dirs->count++;
        line = end;
    }
    gr_child_result_free(&r);
    if (!ok || dirs->count == 0) {
        say(error, error_size, "%s -E -v did not list its include directories", b->cc);
        return -1;
    }
    return 0;
}

static bool under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* The files the preprocessor opened (`-H` prints ". path", ".. path", ... as it opens them, even when it fails
 * later) must all be system headers or our exercise.h. Returns 1 when they are, 0 (messages set) when not. */
static int headers_allowed(const gr_build_spec *b, const char *src_dir, const char *name, char *messages,
                           size_t messages_size, char *error, size_t error_size)
{
    dir_list *dirs = malloc(sizeof *dirs);
    if (!dirs || system_dirs(b, dirs, error, error_size) != 0) {
        free(dirs);
        return -1;
    }
    char include[PATH_MAX + 16], allowed[PATH_MAX];
    snprintf(include, sizeof include, "-I%s/include", b->work);
    snprintf(allowed, sizeof allowed, "%s/include/exercise.h", b->work);
    char *argv[] = {(char *)b->cc, "-std=c17", FEATURES, "-E", "-H", include, RENAMED_MAIN, (char *)name, "-o",
                    "/dev/null", NULL};
    gr_child_result r;
    if (run_tool(argv, src_dir, b->timeout, 1 << 20, &r, error, error_size) != 0) {
        free(dirs);
        return -1;
    }
    int verdict = 1;
    if (r.timed_out || r.output_dropped) {
        say(messages, messages_size, "the preprocessor %s on %s", r.timed_out ? "did not finish in time" :
            "printed too much", name);
        verdict = 0;
    }
    for (char *line = r.output, *next; verdict == 1 && *line; line = next) {
        next = line + strcspn(line, "\n");
        next += *next == '\n';
        size_t dots = strspn(line, ".");
        if (dots == 0 || line[dots] != ' ')
            continue;
        char path[PATH_MAX], real[PATH_MAX];
        size_t len = strcspn(line + dots + 1, "\n");
        const char *dir = line[dots + 1] == '/' ? "" : src_dir;   /* relative to the preprocessor's directory */
        int fits = snprintf(path, sizeof path, "%s%s%.*s", dir, *dir ? "/" : "", (int)len, line + dots + 1);
        bool ok = fits < (int)sizeof path && realpath(path, real) && strcmp(real, allowed) == 0;
        for (int i = 0; !ok && fits < (int)sizeof path && i < dirs->count; i++)
            ok = realpath(path, real) && under(real, dirs->dir[i]);
        if (!ok) {
            say(messages, messages_size,
                "%s includes \"%s\": a submission may include only the C library's headers and exercise.h\n", name,
                path);
            verdict = 0;
        }
    }
    gr_child_result_free(&r);
    free(dirs);
    return verdict;
}

/* Appends a tool's output to messages, without our private directory in the paths it names. */
static void add_output(char *messages, size_t size, const gr_child_result *r, const char *what, const char *work)
{
    size_t len = strlen(messages);
    if (r->timed_out)
        snprintf(messages + len, size - len, "%s did not finish in time\n", what);
    else
        snprintf(messages + len, size - len, "%s%s", r->output, r->output_dropped ? "[... more messages]\n" : "");
    char prefix[PATH_MAX + 8];
    size_t n = (size_t)snprintf(prefix, sizeof prefix, "%s/src/", work);
    for (char *p = strstr(messages + len, prefix); p && n < sizeof prefix; p = strstr(p, prefix))
        memmove(p, p + n, strlen(p + n) + 1);
}

gr_build_status gr_build_probe(const gr_build_spec *b, char *messages, size_t messages_size, char *error,
                               size_t error_size)
{
    messages[0] = error[0] = '\0';
    char src_dir[PATH_MAX], include_dir[PATH_MAX], run_dir[PATH_MAX], path[PATH_MAX + 64], name[64];
    snprintf(src_dir, sizeof src_dir, "%s/src", b->work);
    snprintf(include_dir, sizeof include_dir, "%s/include", b->work);
    snprintf(run_dir, sizeof run_dir, "%s/%s", b->work, GR_RUN_DIR);
    if (mkdir(src_dir, 0755) != 0 || mkdir(include_dir, 0755) != 0 || mkdir(run_dir, 0555) != 0) {
        say(error, error_size, "cannot create directories in %s: %s", b->work, strerror(errno));
        return GR_BUILD_ERROR;
    }
    source_name(b->submission, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", src_dir, name);
    if (copy_file(b->submission, path, SUBMISSION_MAX) != 0) {
        say(error, error_size, "%s: %s", b->submission,
            errno == EFBIG ? "larger than 1 MiB" : errno == EINVAL ? "not a regular file" : strerror(errno));
        return GR_BUILD_ERROR;
    }
    snprintf(path, sizeof path, "%s/exercise.h", b->exercise_dir);
    char header[PATH_MAX + 16];
    snprintf(header, sizeof header, "%s/exercise.h", include_dir);
    if (copy_file(path, header, SUBMISSION_MAX) != 0) {
        say(error, error_size, "%s: %s", path, strerror(errno));
        return GR_BUILD_ERROR;
    }

    int allowed = headers_allowed(b, src_dir, name, messages, messages_size, error, error_size);
    if (allowed != 1)
        return allowed < 0 ? GR_BUILD_ERROR : GR_BUILD_REJECTED;

    char include[PATH_MAX + 16];
    snprintf(include, sizeof include, "-I%s", include_dir);
    char *compile[] = {(char *)b->cc, "-std=c17", FEATURES, "-O2", "-g", "-Wall", "-Wextra", RENAMED_MAIN, include,
                       "-c", name, "-o", "../submission.o", NULL};
    gr_child_result r;
    if (run_tool(compile, src_dir, b->timeout, 65536, &r, error, error_size) != 0)
        return GR_BUILD_ERROR;
    add_output(messages, messages_size, &r, "the compiler", b->work);
    bool compiled = r.exited && r.exit_status == 0;
    gr_child_result_free(&r);
    if (!compiled)
        return GR_BUILD_REJECTED;

    char *link[] = {(char *)b->cc, "-o", GR_PROBE_NAME, "submission.o", (char *)b->probe_lib, "-lm", NULL};
    if (run_tool(link, b->work, b->timeout, 65536, &r, error, error_size) != 0)
        return GR_BUILD_ERROR;
    add_output(messages, messages_size, &r, "the linker", b->work);
    bool linked = r.exited && r.exit_status == 0;
    gr_child_result_free(&r);
    if (!linked) {
        size_t len = strlen(messages);
        snprintf(messages + len, messages_size - len,
                 "(a submission is linked with the C library and libm only: write every function yourself)\n");
        return GR_BUILD_REJECTED;
    }
    snprintf(path, sizeof path, "%s/%s", b->work, GR_PROBE_NAME);
    if (chmod(path, 0755) != 0) {
        say(error, error_size, "%s: %s", path, strerror(errno));
        return GR_BUILD_ERROR;
    }
    return GR_BUILD_OK;
}

int gr_workspace_create(char *path, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    char pattern[PATH_MAX];
    snprintf(pattern, sizeof pattern, "%s/numlab-grade.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(pattern))
        return -1;
    char real[PATH_MAX];
    if (!realpath(pattern, real) || strlen(real) >= size || chmod(real, 0755) != 0) {
        int e = errno;
        rmdir(pattern);
        errno = e ? e : ENAMETOOLONG;
        return -1;
    }
    snprintf(path, size, "%s", real);
    return 0;
}

static int open_up(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)ftw;
    if (type == FTW_D)
        chmod(path, (st->st_mode & 07777) | 0700);
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)type, (void)ftw;
    remove(path);
    return 0;
}

void gr_workspace_remove(const char *path)
{
    nftw(path, open_up, 16, FTW_PHYS);   /* a probe may have left a directory we cannot write */
    nftw(path, remove_one, 16, FTW_PHYS | FTW_DEPTH);
}
