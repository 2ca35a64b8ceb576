/* outset: several outputs committed together or not at all. Checked against the directory itself (its entries,
 * the files' bytes, lstat): a set commits every file or none, a failing commit takes back what it had renamed
 * (a replaced file restored), files are compared by identity, special files are never replaced, the temporaries
 * are short hidden names, and a signal removes them before the program's own handler runs. */
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "numlab/outset.h"
#include "helpers/check_main.h"
#include "helpers/scratch.h"

/* Adds path to s, expecting success; writes text into it. */
static int add_text(outset *s, const char *path, unsigned flags, const char *text)
{
    char err[512];
    outset_error code;
    int i = outset_add(s, path, flags, &code, NULL, err, sizeof err);
    ck_assert_msg(i >= 0, "outset_add '%s': %s", path, err);
    FILE *f = outset_stream(s, i);
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    return i;
}

START_TEST(all_or_nothing)
{
    char dir[64], a[128], b[128], c[128], err[512];
    fresh_dir(dir);
    snprintf(a, sizeof a, "%s/a.csv", dir);
    snprintf(b, sizeof b, "%s/b.csv", dir);
    snprintf(c, sizeof c, "%s/c.csv", dir);
    plant(b, "old b");
    /* every one complete: all three in place, nothing else */
    outset *s = outset_new();
    add_text(s, a, 0, "new a");
    add_text(s, b, OUTSET_REPLACE, "new b");
    add_text(s, c, 0, "new c");
    ck_assert_int_eq(entries(dir), 4);  /* b and three temporaries */
    ck_assert_int_eq(access(a, F_OK), -1);
    ck_assert_int_eq(outset_commit(s, err, sizeof err), OUTSET_OK);
    expect_text(a, "new a");
    expect_text(b, "new b");
    expect_text(c, "new c");
    ck_assert_int_eq(entries(dir), 3);
    unlink(a);
    unlink(c);
    /* c appears meanwhile: the commit refuses, a is taken back, b is untouched, the stranger's c stays */
    s = outset_new();
    add_text(s, a, 0, "newer a");
    add_text(s, b, OUTSET_REPLACE, "newer b");
    add_text(s, c, 0, "newer c");
    plant(c, "someone else's c");
    ck_assert_int_eq(outset_commit(s, err, sizeof err), OUTSET_ERR_EXISTS);
    ck_assert_msg(strstr(err, c) != NULL, "'%s' does not name %s", err, c);
    ck_assert_int_eq(access(a, F_OK), -1);
    expect_text(b, "new b");
    expect_text(c, "someone else's c");
    ck_assert_int_eq(entries(dir), 2);
    unlink(c);
    /* the second replaced file cannot be put in place (a directory took its name): the first is restored */
    plant(a, "old a");
    s = outset_new();
    add_text(s, a, OUTSET_REPLACE, "newest a");
    add_text(s, c, OUTSET_REPLACE, "newest c");
    ck_assert_int_eq(mkdir(c, 0755), 0);
    ck_assert_int_ne(outset_commit(s, err, sizeof err), OUTSET_OK);
    expect_text(a, "old a");
    expect_text(b, "new b");
    ck_assert_int_eq(entries(dir), 3);  /* a, b and the directory c: no temporary, no backup */
    rmdir(c);
    /* the temporary is gone before the commit (a signal took it): the commit fails, the replaced file and the
     * folder are as they were, no backup left behind */
    s = outset_new();
    add_text(s, b, OUTSET_REPLACE, "lost b");
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    char tmp[400] = "";
    for (struct dirent *e; (e = readdir(d));)
        if (strncmp(e->d_name, ".nl-", 4) == 0)
            snprintf(tmp, sizeof tmp, "%s/%s", dir, e->d_name);
    closedir(d);
    ck_assert_int_eq(unlink(tmp), 0);
    ck_assert_int_eq(outset_commit(s, err, sizeof err), OUTSET_ERR_IO);
    expect_text(b, "new b");
    ck_assert_int_eq(entries(dir), 2);  /* a and b */
    remove_dir(dir);
}
END_TEST

START_TEST(abort_and_short_temporaries)
{
    char dir[64], path[400];
    fresh_dir(dir);
    /* a 250-byte name: the temporary is ".nl-" and 6 characters, whatever the target's length */
    char name[251];
    memset(name, 'n', 250);
    name[250] = '\0';
    snprintf(path, sizeof path, "%s/%s", dir, name);
    outset *s = outset_new();
    add_text(s, path, 0, "x");
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int temporaries = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strncmp(e->d_name, ".nl-", 4) == 0 && strlen(e->d_name) == 10)
            temporaries++;
    closedir(d);
    ck_assert_int_eq(temporaries, 1);
    outset_abort(s);
    ck_assert_int_eq(entries(dir), 0);
    outset_abort(NULL);
    remove_dir(dir);
}
END_TEST

START_TEST(identity_not_spelling)
{
    char dir[64], a[128], dot[128], up[160], sym[128], hard[128], other[128];
    fresh_dir(dir);
    snprintf(a, sizeof a, "%s/a.csv", dir);
    snprintf(dot, sizeof dot, "%s/./a.csv", dir);
    snprintf(up, sizeof up, "%s/sub/../a.csv", dir);
    snprintf(sym, sizeof sym, "%s/sym.csv", dir);
    snprintf(hard, sizeof hard, "%s/hard.csv", dir);
    snprintf(other, sizeof other, "%s/other.csv", dir);
    char sub[128];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    /* not there yet: the resolved folder and the name */
    ck_assert(outset_same_file(a, dot));
    ck_assert(outset_same_file(a, up));
    ck_assert(!outset_same_file(a, other));
    /* there: device and inode */
    plant(a, "a");
    ck_assert_int_eq(symlink("a.csv", sym), 0);
    ck_assert_int_eq(link(a, hard), 0);
    ck_assert(outset_same_file(a, sym));
    ck_assert(outset_same_file(hard, sym));
    ck_assert(!outset_same_file(a, other));
    ck_assert(outset_same_file("-", "/dev/stdout"));
    /* a set refuses the second spelling and says which output it repeats */
    outset *s = outset_new();
    char err[512];
    outset_error code;
    int other_i = -1;
    ck_assert_int_eq(outset_add(s, other, 0, &code, NULL, err, sizeof err), 0);
    ck_assert_int_eq(outset_add(s, a, OUTSET_REPLACE, &code, NULL, err, sizeof err), 1);
    ck_assert_int_eq(outset_add(s, hard, OUTSET_REPLACE, &code, &other_i, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_SAME);
    ck_assert_int_eq(other_i, 1);
    ck_assert_int_eq(outset_add(s, "-", OUTSET_STREAM, &code, NULL, err, sizeof err), 2);
    ck_assert_int_eq(outset_add(s, "/dev/stdout", OUTSET_STREAM, &code, &other_i, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_SAME);
    ck_assert_int_eq(other_i, 2);
    outset_abort(s);
    expect_text(a, "a");
    unlink(a), unlink(sym), unlink(hard), rmdir(sub);
    ck_assert_int_eq(entries(dir), 0);
    remove_dir(dir);
}
END_TEST

START_TEST(special_files_are_never_replaced)
{
    char dir[64], fifo[128], dangling[128], err[512];
    fresh_dir(dir);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(dangling, sizeof dangling, "%s/dangling", dir);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    ck_assert_int_eq(symlink("nowhere/x", dangling), 0);
    outset *s = outset_new();
    outset_error code;
    /* a FIFO: refused for a file, refused without a reader for a stream (never blocks) */
    ck_assert_int_eq(outset_add(s, fifo, OUTSET_REPLACE, &code, NULL, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_PATH);
    ck_assert_msg(strstr(err, "FIFO") != NULL, "%s", err);
    ck_assert_int_eq(outset_add(s, fifo, OUTSET_REPLACE | OUTSET_STREAM, &code, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "nothing reads") != NULL, "%s", err);
    /* a character device: refused for a file, written as it is for a stream */
    ck_assert_int_eq(outset_add(s, "/dev/null", OUTSET_REPLACE, &code, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "character device") != NULL, "%s", err);
    int i = outset_add(s, "/dev/null", OUTSET_REPLACE | OUTSET_STREAM, &code, NULL, err, sizeof err);
    ck_assert_int_ge(i, 0);
    ck_assert(outset_streamed(s, i));
    fputs("gone", outset_stream(s, i));
    /* a link to nothing is refused before anything is written */
    ck_assert_int_eq(outset_add(s, dangling, OUTSET_REPLACE, &code, NULL, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_PATH);
    ck_assert_msg(strstr(err, "symbolic link") != NULL, "%s", err);
    ck_assert_int_eq(outset_commit(s, err, sizeof err), OUTSET_OK);
    struct stat st;
    ck_assert_int_eq(lstat(fifo, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    ck_assert_int_eq(stat("/dev/null", &st), 0);
    ck_assert(S_ISCHR(st.st_mode));
    ck_assert_int_eq(entries(dir), 2);
    unlink(fifo), unlink(dangling);
    remove_dir(dir);
}
END_TEST

static volatile sig_atomic_t handled;
static void own_handler(int sig)
{
    handled = sig;
}

/* In a child: a set with two temporaries in dir, then sig. Returns the child's wait status. */
static int signalled_child(const char *dir, int sig, bool own)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        signal(sig, own ? own_handler : SIG_DFL);  /* not Check's handler, which ends the whole group */
        char a[128], b[128];
        snprintf(a, sizeof a, "%s/a.wav", dir);
        snprintf(b, sizeof b, "%s/b.csv", dir);
        outset *s = outset_new();
        if (outset_add(s, a, 0, NULL, NULL, NULL, 0) < 0 || outset_add(s, b, 0, NULL, NULL, NULL, 0) < 0)
            _exit(3);
        raise(sig);
        /* only a program's own handler comes back here: it ran after the temporaries were gone */
        _exit(handled == sig ? 0 : 4);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    return status;
}

START_TEST(signals_remove_the_temporaries)
{
    char dir[64];
    fresh_dir(dir);
    const int sigs[] = {SIGTERM, SIGHUP, SIGINT, SIGPIPE, SIGSEGV};
    for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
        int status = signalled_child(dir, sigs[k], false);
        /* (under ASan a SIGSEGV is reported and ends in exit 1: the sanitizer's handler was there before) */
        ck_assert_msg(WIFSIGNALED(status) ? WTERMSIG(status) == sigs[k]
                                          : sigs[k] == SIGSEGV && WIFEXITED(status) && WEXITSTATUS(status) != 0,
                      "signal %d: status %d", sigs[k], status);
        ck_assert_msg(entries(dir) == 0, "signal %d left %d files", sigs[k], entries(dir));
    }
    int status = signalled_child(dir, SIGTERM, true);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ck_assert_int_eq(entries(dir), 0);
    remove_dir(dir);
}
END_TEST

/* Output paths that cannot be written are refused at outset_add, the path named, nothing left behind. */
START_TEST(unwritable_paths_are_named)
{
    char dir[64], path[192], err[512];
    fresh_dir(dir);
    outset_error code;
    outset *s = outset_new();
    /* no such directory */
    snprintf(path, sizeof path, "%s/nodir/x.wav", dir);
    ck_assert_int_eq(outset_add(s, path, 0, &code, NULL, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_PATH);
    ck_assert_msg(strstr(err, path) != NULL, "message '%s' does not name '%s'", err, path);
    /* a regular file where a directory should be (even root cannot write there) */
    snprintf(path, sizeof path, "%s/plain", dir);
    plant(path, "x");
    snprintf(path, sizeof path, "%s/plain/x.wav", dir);
    ck_assert_int_eq(outset_add(s, path, OUTSET_REPLACE, &code, NULL, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_PATH);
    /* a directory as the target, even when replacing is allowed, with or without a trailing slash; no name */
    ck_assert_int_eq(outset_add(s, dir, OUTSET_REPLACE, &code, NULL, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_PATH);
    ck_assert(strstr(err, "directory") != NULL);
    snprintf(path, sizeof path, "%s/", dir);
    ck_assert_int_eq(outset_add(s, path, OUTSET_REPLACE, &code, NULL, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_PATH);
    ck_assert_int_eq(outset_add(s, "", OUTSET_REPLACE, &code, NULL, err, sizeof err), -1);
    ck_assert_int_eq(code, OUTSET_ERR_PATH);
    /* a read-only directory (root writes anyway: only checked for others) */
    if (geteuid() != 0) {
        char ro[128];
        snprintf(ro, sizeof ro, "%s/ro", dir);
        ck_assert_int_eq(mkdir(ro, 0555), 0);
        snprintf(path, sizeof path, "%s/x.wav", ro);
        ck_assert_int_eq(outset_add(s, path, 0, &code, NULL, err, sizeof err), -1);
        ck_assert_int_eq(code, OUTSET_ERR_PATH);
        ck_assert(strstr(err, path) != NULL);
        rmdir(ro);
    }
    outset_abort(s);
    ck_assert_int_eq(entries(dir), 1);  /* just the planted file */
    remove_dir(dir);
}
END_TEST

/* A committed file has the permissions open(2) would give it, 0666 less the umask, and is not there before. */
START_TEST(permissions_as_open_would_give)
{
    char dir[64], path[128], err[512];
    fresh_dir(dir);
    snprintf(path, sizeof path, "%s/events.csv", dir);
    mode_t mask = umask(022);
    outset *s = outset_new();
    add_text(s, path, 0, "t,event\n0.5,collision\n");
    ck_assert_int_eq(access(path, F_OK), -1);  /* not there until committed */
    ck_assert_int_eq(outset_commit(s, err, sizeof err), OUTSET_OK);
    expect_text(path, "t,event\n0.5,collision\n");
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0644);
    umask(mask);
    ck_assert_int_eq(entries(dir), 1);
    remove_dir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("outset");
    TCase *tc = tcase_create("outset");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, all_or_nothing);
    tcase_add_test(tc, abort_and_short_temporaries);
    tcase_add_test(tc, identity_not_spelling);
    tcase_add_test(tc, special_files_are_never_replaced);
    tcase_add_test(tc, signals_remove_the_temporaries);
    tcase_add_test(tc, unwritable_paths_are_named);
    tcase_add_test(tc, permissions_as_open_would_give);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
