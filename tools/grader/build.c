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

#include "exports.h"
#include "i18n.h"
#include "jail.h"
#include "sandbox.h"

#define SUBMISSION_MAX (1L << 20)   /* bytes */
#define MAX_SYSTEM_DIRS 32
#define RENAMED_MAIN "-Dmain=numlab_student_main"
#define FEATURES "-D_DEFAULT_SOURCE"   /* M_PI and friends, as in the project's own build (and `make exercise`) */
#define MERGED_OBJECT "submission-merged.o"   /* `ld -r -d`: common symbols given their space */
#define LOCAL_OBJECT "submission-local.o"     /* only exercise.h's names global: what is linked */
#define EXPORTS_LIST "exports.txt"            /* in WORK/include, which the jail may read but not write */

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

/* Reads up to size bytes (fewer only at end of file or on an error); returns how many. */
static size_t read_up_to(int fd, char *data, size_t size)
{
    size_t done = 0;
    while (done < size) {
        ssize_t n = read(fd, data + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    return done;
}

/* Reads the submission once, through one descriptor: no link followed, regular files only, 1 byte to max bytes,
 * text (no NUL byte). Returns the bytes (owned), or NULL with the reason for the student in why. */
static char *read_submission(const char *path, long max, size_t *len, char *why, size_t why_size)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        int e = errno;
        say(why, why_size, "%s", e == ENOENT ? _("there is no such file") : e == ELOOP ?
            _("it is a symbolic link (a submission must be a regular file)") : strerror(e));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    char *data = NULL;
    if (!S_ISREG(st.st_mode))
        say(why, why_size, "%s", S_ISDIR(st.st_mode) ? _("it is a directory, not a regular file") :
            S_ISFIFO(st.st_mode) ? _("it is a FIFO, not a regular file") : S_ISLNK(st.st_mode) ?
            _("it is a symbolic link, not a regular file") : _("it is a device or socket, not a regular file"));
    else if (st.st_size == 0)
        say(why, why_size, "%s", _("it is empty"));
    else if (st.st_size > max)
        /* TRANSLATORS: never 1 byte: larger than the limit of kilobytes */
        say(why, why_size, _("it is %lld bytes, larger than the %ld allowed"), (long long)st.st_size, max);
    else if ((data = malloc((size_t)st.st_size + 1)) == NULL)
        say(why, why_size, "%s", _("out of memory"));
    size_t done = data ? read_up_to(fd, data, (size_t)st.st_size) : 0;
    close(fd);
    if (data && done != (size_t)st.st_size) {
        say(why, why_size, "%s", _("it changed while it was read"));
        free(data), data = NULL;
    } else if (data && memchr(data, '\0', done)) {
        say(why, why_size, "%s", _("it is not C source text (it holds NUL bytes: a binary file?)"));
        free(data), data = NULL;
    }
    if (data)
        data[done] = '\0', *len = done;
    return data;
}

/* Writes a new file (never through an existing one) with these bytes and mode. */
static int write_new(const char *path, const void *data, size_t len, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    const char *p = data;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, p + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    int rc = done == len && fchmod(fd, mode) == 0 ? 0 : -1;
    int e = errno;
    if (close(fd) != 0 && rc == 0)
        rc = -1, e = errno;
    errno = e;
    return rc;
}

/* Copies a trusted file, or one the sandbox wrote (opened without following links, regular, at most max bytes),
 * to a new file with this mode. */
static int copy_file(const char *src, const char *dst, long max, mode_t mode)
{
    int in = open(src, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (in < 0 || fstat(in, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > max) {
        int e = in < 0 ? errno : S_ISREG(st.st_mode) ? EFBIG : EINVAL;
        if (in >= 0)
            close(in);
        errno = e;
        return -1;
    }
    size_t size = (size_t)st.st_size;
    char *data = malloc(size + 1);
    int rc = data && read_up_to(in, data, size + 1) == size ? write_new(dst, data, size, mode) : -1;
    int e = rc == 0 ? 0 : errno ? errno : EIO;
    free(data);
    close(in);
    errno = e;
    return rc;
}

/* The copy's name: the student's own when it is plain, so messages point at their file. */
static void source_name(const char *submission, char *name, size_t size)
{
    const char *base = strrchr(submission, '/');
    base = base ? base + 1 : submission;
    size_t len = strlen(base);
    bool plain = len > 2 && len < 64 && strcmp(base + len - 2, ".c") == 0 && base[0] != '.' && base[0] != '-';
    for (size_t i = 0; plain && i < len; i++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", base[i]) != NULL;
    snprintf(name, size, "%s", plain ? base : "submission.c");
}

bool gr_find_program(const char *name, char *path, size_t size)
{
    if (strchr(name, '/')) {
        snprintf(path, size, "%s", name);
        return access(path, X_OK) == 0;
    }
    const char *dirs = getenv("PATH");
    for (const char *d = dirs ? dirs : "/usr/bin:/bin"; *d;) {
        size_t len = strcspn(d, ":");
        if (snprintf(path, size, "%.*s/%s", (int)len, len ? d : ".", name) < (int)size && access(path, X_OK) == 0)
            return true;
        d += len + (d[len] == ':');
    }
    return false;
}

/* A binutils program for the compiler's objects: beside the compiler, else on PATH; its LLVM name as a last resort
 * (a clang without binutils). */
static int find_binutil(const gr_build_spec *b, const char *name, char *path, size_t size, char *error,
                        size_t error_size)
{
    char dir[PATH_MAX], llvm[64];
    snprintf(dir, sizeof dir, "%s", b->cc);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    snprintf(llvm, sizeof llvm, "llvm-%s", name);
    const char *names[] = {name, llvm};
    for (int i = 0; i < 2; i++)
        if ((slash && snprintf(path, size, "%s/%s", dir, names[i]) < (int)size && access(path, X_OK) == 0) ||
            gr_find_program(names[i], path, size))
            return 0;
    say(error, error_size, "%s is neither beside %s nor on PATH (binutils: the grader needs it to keep a submission's "
        "names inside its own file)", name, b->cc);
    return -1;
}

/* Runs one compiler command in the jail: cwd and TMPDIR are WORK/src, the only directory it may write. Returns -1
 * when it could not run at all (error set). */
static int run_tool(const gr_build_spec *b, char *const argv[], size_t keep, gr_child_result *r, char *error,
                    size_t error_size)
{
    char src_dir[PATH_MAX];
    snprintf(src_dir, sizeof src_dir, "%s/src", b->work);
    gr_child_spec spec = {.argv = argv, .cwd = src_dir, .timeout = b->timeout, .output_keep = keep,
                          .memory = 2048L << 20,
                          .jail = {.kind = GR_JAIL_TOOL, .readable = b->work, .writable = src_dir}};
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
    if (run_tool(b, argv, 65536, &r, error, error_size) != 0)
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
        say(error, error_size, _("%s -E -v did not list its include directories"), b->cc);
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
static int headers_allowed(const gr_build_spec *b, const gr_child_result *r, const char *name, char *messages,
                           size_t messages_size, char *error, size_t error_size)
{
    dir_list *dirs = malloc(sizeof *dirs);
    if (!dirs || system_dirs(b, dirs, error, error_size) != 0) {
        free(dirs);
        return -1;
    }
    char src_dir[PATH_MAX], allowed[PATH_MAX];
    snprintf(src_dir, sizeof src_dir, "%s/src", b->work);
    snprintf(allowed, sizeof allowed, "%s/include/exercise.h", b->work);
    int verdict = 1;
    if (r->timed_out || r->output_dropped) {
        say(messages, messages_size, r->timed_out ? _("the preprocessor did not finish in time on %s\n") :
            _("the preprocessor printed too much on %s\n"), name);
        verdict = 0;
    }
    for (const char *line = r->output, *next; verdict == 1 && *line; line = next) {
        next = line + strcspn(line, "\n");
        next += *next == '\n';
        size_t dots = strspn(line, ".");
        if (dots == 0 || line[dots] != ' ')
            continue;
        char path[PATH_MAX], real[PATH_MAX];
        size_t len = strcspn(line + dots + 1, "\n");
        const char *dir = line[dots + 1] == '/' ? "" : src_dir;   /* relative to the preprocessor's directory */
        int fits = snprintf(path, sizeof path, "%s%s%.*s", dir, *dir ? "/" : "", (int)len, line + dots + 1);
        bool resolved = fits < (int)sizeof path && realpath(path, real);
        bool ok = resolved && strcmp(real, allowed) == 0;
        for (int i = 0; !ok && resolved && i < dirs->count; i++)
            ok = under(real, dirs->dir[i]);
        if (!ok) {
            say(messages, messages_size,
                _("%s includes \"%.*s\": a submission may include only the C library's headers and exercise.h\n"),
                name, (int)len, line + dots + 1);
            verdict = 0;
        }
    }
    free(dirs);
    return verdict;
}

/* Appends a tool's output to messages, without our private directory in the paths it names, and without the
 * preprocessor's list of the headers it opened (`-H`). */
static void add_output(char *messages, size_t size, const gr_child_result *r, const char *what, const char *work)
{
    size_t len = strlen(messages);
    if (r->timed_out) {
        snprintf(messages + len, size - len, _("%s did not finish in time\n"), what);
        return;
    }
    bool guards = false;   /* -H ends with "Multiple include guards may be useful for:" and a list of paths */
    for (const char *line = r->output, *next; *line && len + 1 < size; line = next) {
        next = line + strcspn(line, "\n");
        next += *next == '\n';
        size_t dots = strspn(line, ".");
        guards = guards || strncmp(line, "Multiple include guards", 23) == 0;
        if ((dots > 0 && line[dots] == ' ') || guards)
            continue;
        len += (size_t)snprintf(messages + len, size - len, "%.*s", (int)(next - line), line);
        len = len < size ? len : size - 1;
    }
    if (r->output_dropped && len + 1 < size)
        len += (size_t)snprintf(messages + len, size - len, "%s", _("[... more messages]\n"));
    if (strstr(r->output, "File size limit exceeded") && len + 1 < size)
        snprintf(messages + len, size - len, _("(%s stopped at the grader's limit of %ld MiB a file: a huge "
                 "initialised array, or a macro that expands without end?)\n"), what, GR_TOOL_FILE_SIZE >> 20);
    char prefix[PATH_MAX + 8];
    size_t n = (size_t)snprintf(prefix, sizeof prefix, "%s/src/", work);
    for (char *p = strstr(messages, prefix); p && n < sizeof prefix; p = strstr(p, prefix))
        memmove(p, p + n, strlen(p + n) + 1);
}

/* Runs a tool on the submission's object: 1 when it ended well (r holds its output), 0 when not (its output added
 * to messages), -1 when it could not run (error set). */
static int run_on_object(const gr_build_spec *b, char *const argv[], const char *what, gr_child_result *r,
                         char *messages, size_t messages_size, char *error, size_t error_size)
{
    if (run_tool(b, argv, 65536, r, error, error_size) != 0)
        return -1;
    if (r->exited && r->exit_status == 0 && !r->output_dropped)
        return 1;
    add_output(messages, messages_size, r, what, b->work);
    gr_child_result_free(r);
    return 0;
}

/* The submission's object shows the probe only the names exercise.h declares (exports.h): `ld -r -d` gives common
 * symbols their space (objcopy cannot make a common symbol local), objcopy makes every other definition local, and
 * nm lists what is still global: a name outside the list (GNU unique, which nothing makes local) is refused. Each
 * reads the submission's object, so each runs in the jail, as the compiler does. Returns 1 when WORK/src/LOCAL_OBJECT
 * is ready, 0 when the submission is refused (messages set), -1 when the grader failed (error set). */
static int keep_names_inside(const gr_build_spec *b, const char *name, char *messages, size_t messages_size,
                             char *error, size_t error_size)
{
    char header[PATH_MAX + 32], list[PATH_MAX + 32], keep[PATH_MAX + 64], objcopy[PATH_MAX], nm[PATH_MAX], why[256];
    snprintf(header, sizeof header, "%s/include/exercise.h", b->work);
    snprintf(list, sizeof list, "%s/include/%s", b->work, EXPORTS_LIST);
    snprintf(keep, sizeof keep, "--keep-global-symbols=%s", list);
    if (find_binutil(b, "objcopy", objcopy, sizeof objcopy, error, error_size) != 0 ||
        find_binutil(b, "nm", nm, sizeof nm, error, error_size) != 0)
        return -1;
    size_t len = 0, used = 0;
    char *text = read_submission(header, SUBMISSION_MAX, &len, why, sizeof why);
    gr_exports *e = malloc(sizeof *e);
    char *names = e ? malloc(GR_EXPORTS_MAX * GR_EXPORT_NAME_MAX + 1) : NULL;
    int verdict = text && names && gr_exports_of_header(text, e, why, sizeof why) == 0 ? 1 : -1;
    if (verdict < 0)
        say(error, error_size, "%s/exercise.h: %s", b->exercise_dir, names ? why : "out of memory");
    for (int i = 0; verdict == 1 && i < e->count; i++)
        used += (size_t)sprintf(names + used, "%s\n", e->name[i]);
    if (verdict == 1 && write_new(list, names, used, 0644) != 0) {
        say(error, error_size, "cannot write %s: %s", list, strerror(errno));
        verdict = -1;
    }
    free(text), free(names);
    char *merge[] = {(char *)b->cc, "-r", "-nostdlib", "-Wl,-d", "-o", MERGED_OBJECT, "submission.o", NULL};
    char *localize[] = {objcopy, keep, MERGED_OBJECT, LOCAL_OBJECT, NULL};
    char *list_globals[] = {nm, "-g", "-P", "--defined-only", LOCAL_OBJECT, NULL};
    char *const *steps[] = {merge, localize, list_globals};
    const char *what[] = {_("the linker"), "objcopy", "nm"};
    gr_child_result r = {0};
    for (int i = 0; verdict == 1 && i < 3; i++)
        if ((verdict = run_on_object(b, steps[i], what[i], &r, messages, messages_size, error, error_size)) == 1 &&
            i < 2)
            gr_child_result_free(&r);
    for (const char *line = verdict == 1 ? r.output : "", *next; *line; line = next) {
        next = line + strcspn(line, "\n");
        next += *next == '\n';
        size_t n = strcspn(line, " \n");
        bool symbol = line[n] == ' ' && line[n + 1] && strchr(" \n", line[n + 2]);   /* "NAME TYPE VALUE SIZE" */
        if (symbol && !gr_exports_has(e, line, n)) {
            say(messages + strlen(messages), messages_size - strlen(messages),
                _("%s defines %.*s so that the whole program would see it (a common or GNU unique symbol, which the "
                  "grader cannot keep inside the file): a submission may share only the names exercise.h declares\n"),
                name, (int)(n < 80 ? n : 80), line);
            verdict = 0;
            break;
        }
    }
    if (verdict >= 0 && r.output)
        gr_child_result_free(&r);
    free(e);
    return verdict;
}

/* The flags of the one preprocessing and the compile of its output: what is checked is what is compiled. */
#define COMPILE_FLAGS "-std=c17", FEATURES, "-O2", "-Wall", "-Wextra", RENAMED_MAIN

gr_build_status gr_build_probe(const gr_build_spec *b, char *messages, size_t messages_size, char *error,
                               size_t error_size)
{
    messages[0] = error[0] = '\0';
    char dir[4][PATH_MAX], path[PATH_MAX + 64], name[64], why[256];
    const char *sub[4] = {"src", "include", "lib", "bin"};
    for (int i = 0; i < 4; i++) {
        snprintf(dir[i], sizeof dir[i], "%s/%s", b->work, sub[i]);
        if (mkdir(dir[i], 0755) != 0) {
            say(error, error_size, _("cannot create %s: %s"), dir[i], strerror(errno));
            return GR_BUILD_ERROR;
        }
    }
    snprintf(path, sizeof path, "%s/%s", b->work, GR_RUN_DIR);
    if (mkdir(path, 0555) != 0 || chmod(dir[0], 0700) != 0 || gr_jail_hand_over(dir[0]) != 0) {
        say(error, error_size, _("cannot prepare %s: %s"), b->work, strerror(errno));
        return GR_BUILD_ERROR;
    }
    size_t len = 0;
    char *source = read_submission(b->submission, SUBMISSION_MAX, &len, why, sizeof why);
    if (!source) {
        say(messages, messages_size, _("%s cannot be graded: %s.\n"), b->submission, why);
        return GR_BUILD_INVALID;
    }
    source_name(b->submission, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir[0], name);
    int written = write_new(path, source, len, 0644);
    free(source);
    char exercise_h[PATH_MAX + 16], header[PATH_MAX + 16], lib[PATH_MAX + 16];
    snprintf(exercise_h, sizeof exercise_h, "%s/exercise.h", b->exercise_dir);
    snprintf(header, sizeof header, "%s/exercise.h", dir[1]);
    snprintf(lib, sizeof lib, "%s/probe.a", dir[2]);
    if (written != 0 || copy_file(exercise_h, header, SUBMISSION_MAX, 0644) != 0 ||
        copy_file(b->probe_lib, lib, 256L << 20, 0644) != 0) {
        say(error, error_size, _("cannot copy the files to grade into %s: %s"), b->work, strerror(errno));
        return GR_BUILD_ERROR;
    }

    char include[PATH_MAX + 16], preprocessed[80];
    snprintf(include, sizeof include, "-I%s", dir[1]);
    snprintf(preprocessed, sizeof preprocessed, "%.*s.i", (int)strlen(name) - 2, name);
    char *cpp[] = {(char *)b->cc, COMPILE_FLAGS, include, "-E", "-H", name, "-o", preprocessed, NULL};
    gr_child_result r;
    if (run_tool(b, cpp, 1 << 20, &r, error, error_size) != 0)
        return GR_BUILD_ERROR;
    int allowed = headers_allowed(b, &r, name, messages, messages_size, error, error_size);
    bool preprocessed_ok = r.exited && r.exit_status == 0;
    if (allowed == 1 && !preprocessed_ok) {
        add_output(messages, messages_size, &r, _("the preprocessor"), b->work);
        if (strstr(r.output, "fatal error:"))   /* a file it could not open: most often one it may not */
            say(messages + strlen(messages), messages_size - strlen(messages),
                "%s", _("(a submission may include only the C library's headers and exercise.h)\n"));
    }
    gr_child_result_free(&r);
    if (allowed != 1)
        return allowed < 0 ? GR_BUILD_ERROR : GR_BUILD_REJECTED;
    if (!preprocessed_ok)
        return GR_BUILD_REJECTED;

    char *compile[] = {(char *)b->cc, COMPILE_FLAGS, "-c", preprocessed, "-o", "submission.o", NULL};
    if (run_tool(b, compile, 65536, &r, error, error_size) != 0)
        return GR_BUILD_ERROR;
    add_output(messages, messages_size, &r, _("the compiler"), b->work);
    bool compiled = r.exited && r.exit_status == 0;
    gr_child_result_free(&r);
    if (!compiled)
        return GR_BUILD_REJECTED;
    int inside = keep_names_inside(b, name, messages, messages_size, error, error_size);
    if (inside != 1)
        return inside < 0 ? GR_BUILD_ERROR : GR_BUILD_REJECTED;

    char *link[] = {(char *)b->cc, "-o", GR_PROBE_NAME, LOCAL_OBJECT, lib, "-lm", NULL};
    if (run_tool(b, link, 65536, &r, error, error_size) != 0)
        return GR_BUILD_ERROR;
    add_output(messages, messages_size, &r, _("the linker"), b->work);
    bool linked = r.exited && r.exit_status == 0;
    gr_child_result_free(&r);
    if (!linked) {
        len = strlen(messages);
        snprintf(messages + len, messages_size - len,
                 "%s", _("(a submission is linked with the C library and libm only: write every function yourself)\n"));
        return GR_BUILD_REJECTED;
    }
    /* The probe the tests run: the judge's copy, which no sandbox user can read or change (so its processes are
     * not dumpable: no other process of the same user can read or write their memory). */
    char built[PATH_MAX + 16];
    snprintf(built, sizeof built, "%s/%s", dir[0], GR_PROBE_NAME);
    snprintf(path, sizeof path, "%s/%s", dir[3], GR_PROBE_NAME);
    if (copy_file(built, path, 256L << 20, 0111) != 0) {
        say(messages, messages_size, _("the linker did not leave a program (%s)\n"), strerror(errno));
        return GR_BUILD_REJECTED;
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
    if (!realpath(pattern, real) || strlen(real) >= size || chmod(real, 0711) != 0) {
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
