/* check_runner: `make exercise EX=NN`, the visible tests of one exercise as a Check suite, with friendly output.
 *
 *   check-student EXERCISE SOURCE [N]     (EXERCISE and SOURCE only name things in the output)
 *
 * N (1 ..): only the N-th visible test, exit status 0 when it passes (GitHub Classroom's autograding runs one test a
 * step, `make exercise EX=NN CASE=N`); `check-student --list` prints one line a test, "N<TAB>points<TAB>title".
 *
 * Linked with the student's file: each case runs in Check's forked child (a crash or a hang fails that case only),
 * computes the probe and the reference and compares them there. This is for learning, not grading: the grader
 * never compares inside a process that runs submitted code. A case also has to report that it finished, through a
 * pipe, so a test process that calls exit(0) halfway does not count as passed (Check alone would count it). */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "grader.h"
#include "i18n.h"

static int finished_fd = -1;   /* write end: a passing case writes its index as one byte */
static char output_dir[64];    /* what each case printed: output_dir/N */
#define OUTPUT_SHOWN 4096      /* bytes of a case's printing read back */
#define LINES_SHOWN 12         /* lines of it shown under the test */
static int width = 80;         /* the terminal's columns, else COLUMNS, else 80: no line printed is wider */

/* The columns of s[0 .. n) (UTF-8: one a code point). */
static int columns(const char *s, size_t n)
{
    int cols = 0;
    for (size_t i = 0; i < n; i++)
        cols += ((unsigned char)s[i] & 0xC0) != 0x80;
    return cols;
}

/* How many bytes of s[0 .. n) go on a line of `room` columns: whole words where they fit (a longer word is cut). */
static size_t line_bytes(const char *s, size_t n, int room)
{
    size_t take = 0, space = 0;
    for (int cols = 0; take < n && cols < room; cols++) {
        if (s[take] == ' ')
            space = take;
        take++;
        while (take < n && ((unsigned char)s[take] & 0xC0) == 0x80)
            take++;
    }
    return take < n && s[take] != ' ' && space > 0 ? space : take;
}

/* Prints s[0 .. n) word-wrapped to the width: `first` before its first line, `next` before the others. */
static void print_wrapped(const char *first, const char *next, const char *s, size_t n)
{
    const char *prefix = first;
    do {
        int room = width - columns(prefix, strlen(prefix));
        size_t take = line_bytes(s, n, room < 20 ? 20 : room);
        printf("%s%.*s\n", prefix, (int)take, s);
        s += take, n -= take;
        while (n > 0 && *s == ' ')
            s++, n--;
        prefix = next;
    } while (n > 0);
}

/* A test's line: PASS or FAIL, its title and its points at the right, the title wrapped under itself if long. */
static void print_status(bool pass, const char *title, double points)
{
    char pts[32];
    /* TRANSLATORS: a test's points, at the end of its line ("pt": points) */
    snprintf(pts, sizeof pts, _(" %4g pt"), points);
    const char *verdict = pass ? _("PASS") : _("FAIL");
    int room = width - 8 - columns(pts, strlen(pts));
    room = room < 20 ? 20 : room > 72 ? 72 : room;
    size_t n = strlen(title), take = line_bytes(title, n, room);
    printf("  %s%*s  %.*s%*s%s\n", verdict, 4 - columns(verdict, strlen(verdict)), "", (int)take, title,
           room - columns(title, take), "", pts);
    while (take < n && title[take] == ' ')
        take++;
    if (take < n)
        print_wrapped("        ", "        ", title + take, n - take);
}

START_TEST(run_case)
{
    static gr_values got, want;
    const gr_case *c = &gr_visible[_i];
    char path[96];
    snprintf(path, sizeof path, "%s/%d", output_dir, _i);
    int out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out >= 0) {   /* the student's printf debugging, shown under this test, passing or failing */
        fflush(stdout), fflush(stderr);
        dup2(out, 1), dup2(out, 2), close(out);
        setvbuf(stdout, NULL, _IONBF, 0);
    }
    c->probe(&got);
    c->reference(&want);
    char text[4096];
    if (!gr_compare(&got, &want, text, sizeof text))
        ck_abort_msg("%s", text);
    unsigned char index = (unsigned char)_i;
    if (write(finished_fd, &index, 1) != 1)
        ck_abort_msg("%s", _("could not report the end of the test"));
}
END_TEST

/* Prints what case i printed, under its line ("| " before each line), at most OUTPUT_SHOWN bytes; removes it. */
static void print_output(size_t i)
{
    char path[96], text[OUTPUT_SHOWN + 1];
    snprintf(path, sizeof path, "%s/%zu", output_dir, i);
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    size_t n = fread(text, 1, OUTPUT_SHOWN, f);
    text[n] = '\0';
    long more = fseek(f, 0, SEEK_END) == 0 ? ftell(f) - (long)n : 0;
    fclose(f);
    unlink(path);
    if (n == 0)
        return;
    printf("          %s\n", _("what the test printed:"));
    int lines = 0;
    for (const char *p = text; *p; lines++) {
        size_t len = strcspn(p, "\n");
        if (lines == LINES_SHOWN) {   /* the rest counted, not shown */
            int rest = 0;
            for (const char *q = p; *q; q++)
                rest += *q == '\n';
            printf(more > 0 ? P_("          | [%d more line and more]\n", "          | [%d more lines and more]\n", rest)
                          : P_("          | [%d more line]\n", "          | [%d more lines]\n", rest), rest);
            more = 0;
            break;
        }
        char shown[OUTPUT_SHOWN + 1];
        for (size_t k = 0; k < len; k++)   /* shown, never acted on: no escape sequence reaches the terminal */
            shown[k] = (unsigned char)p[k] < 0x20 ? (p[k] == '\t' ? ' ' : '?') : p[k];
        print_wrapped("          | ", "          | ", shown, len);
        p += len + (p[len] == '\n');
    }
    if (more > 0)
        printf(P_("          | [%ld more byte]\n", "          | [%ld more bytes]\n", more), more);
}

/* Prints `text` indented under a test line, one line at a time, each wrapped to the width. */
static void print_indented(const char *text)
{
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        print_wrapped("          ", "            ", text, n);
        text += n + (nl != NULL);
    }
}

int main(int argc, char **argv)
{
    char missing[64];
    gr_lang_init(NULL, missing, sizeof missing);   /* the language of the environment, as the labs: never fails */
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < gr_visible_count; i++)
            printf("%zu\t%g\t%s\n", i + 1, gr_visible[i].points, gr_visible[i].title);
        return 0;
    }
    const char *exercise = argc > 1 ? argv[1] : "exercise";
    const char *source = argc > 2 ? argv[2] : "student.c";
    long only = 0;   /* 1-based; 0: every test */
    if (argc > 3) {
        char *end;
        only = strtol(argv[3], &end, 10);
        if (end == argv[3] || *end || only < 1 || (size_t)only > gr_visible_count) {
            fprintf(stderr, _("check-student: CASE: '%s' is not a visible test (allowed: 1 to %zu)\n"), argv[3],
                    gr_visible_count);
            return 2;
        }
    }
    struct winsize ws;
    const char *columns = getenv("COLUMNS");   /* set by the launcher, which pages the output */
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
        width = ws.ws_col;
    else if (columns && atoi(columns) >= 40 && atoi(columns) <= 1000)
        width = atoi(columns);
    if (gr_visible_count > 255) {
        fprintf(stderr, _("check-student: too many cases (%zu)\n"), gr_visible_count);
        return 2;
    }
    int fds[2];
    if (pipe(fds) != 0) {
        perror("check-student: pipe");
        return 1;
    }
    finished_fd = fds[1];
    fcntl(fds[0], F_SETFL, O_NONBLOCK);
    const char *tmp = getenv("TMPDIR");
    snprintf(output_dir, sizeof output_dir, "%s/numlab-exercise.XXXXXX", tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
    if (!mkdtemp(output_dir)) {
        perror(_("check-student: a directory for the tests' output"));
        return 1;
    }

    /* The time limit is the grader's (the judge allows the same), whatever the environment says: Check multiplies
     * every timeout by CK_TIMEOUT_MULTIPLIER, which a shell or a test runner may have set. */
    setenv("CK_TIMEOUT_MULTIPLIER", "1", 1);
    Suite *suite = suite_create(exercise);
    for (size_t i = 0; i < gr_visible_count; i++) {
        if (only && i + 1 != (size_t)only)
            continue;
        TCase *tc = tcase_create(gr_visible[i].title);
        tcase_set_timeout(tc, gr_time_limit);
        tcase_add_loop_test(tc, run_case, (int)i, (int)i + 1);
        suite_add_tcase(suite, tc);
    }
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_SILENT);

    bool finished[256] = {false};
    unsigned char index;
    while (read(fds[0], &index, 1) == 1)
        if (index < gr_visible_count)
            finished[index] = true;

    char header[512];
    snprintf(header, sizeof header, _("numlab exercise %s: the visible tests, on %s"), exercise, source);
    print_wrapped("", "  ", header, strlen(header));
    printf("\n");
    TestResult **results = srunner_results(runner);
    int n = srunner_ntests_run(runner), passed = 0;
    double points = 0, max_points = 0;
    bool looped = false;
    for (size_t i = 0; i < gr_visible_count; i++) {
        if (only && i + 1 != (size_t)only)
            continue;
        TestResult *r = NULL;
        for (int j = 0; j < n && !r; j++)
            if (strcmp(tr_tcname(results[j]), gr_visible[i].title) == 0)
                r = results[j];
        bool pass = r && tr_rtype(r) == CK_PASS && finished[i];
        print_status(pass, _(gr_visible[i].title), gr_visible[i].points);
        bool timed_out = r && tr_rtype(r) == CK_ERROR && strstr(tr_msg(r), "timeout");
        if (!r)
            print_indented(_("did not run"));
        else if (tr_rtype(r) == CK_PASS && !finished[i])
            print_indented(_("the test process ended before the test did (exit or _exit called?)"));
        else if (timed_out) {   /* said once in full: the same loop usually stops every test */
            char text[256];
            snprintf(text, sizeof text, looped ? _("did not finish within %g s either") :
                     _("did not finish within %g s: an endless loop? (the grader allows the same time)"),
                     gr_time_limit);
            print_indented(text);
        }
        else if (!pass)
            print_indented(tr_msg(r));
        looped |= timed_out;
        print_output(i);
        passed += pass;
        points += pass ? gr_visible[i].points : 0;
        max_points += gr_visible[i].points;
    }
    if (only) {
        free(results);
        srunner_free(runner);
        rmdir(output_dir);
        return passed == 1 ? 0 : 1;
    }
    char summary[512];
    int len = snprintf(summary, sizeof summary, P_("%d of %zu visible test passes (%g of %g points).",
                                                       "%d of %zu visible tests pass (%g of %g points).",
                                                       gr_visible_count), passed,
                       gr_visible_count, points, max_points);
    /* TRANSLATORS: README.md is the English page; name the translated one (README.es.md) */
    snprintf(summary + len, sizeof summary - (size_t)len,
             passed == (int)gr_visible_count ? _(" The grader also runs hidden tests: same ideas, other numbers.")
                                             : _(" Read exercises/%s/README.md for the hints."), exercise);
    printf("\n");
    print_wrapped("", "", summary, strlen(summary));
    free(results);
    srunner_free(runner);
    rmdir(output_dir);
    return passed == (int)gr_visible_count ? 0 : 1;
}
