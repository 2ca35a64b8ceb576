/* check_runner: `make exercise EX=NN`, the visible tests of one exercise as a Check suite, with friendly output.
 *
 *   check-student EXERCISE SOURCE     (both only name things in the output)
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
#include <unistd.h>

#include "grader.h"

static int finished_fd = -1;   /* write end: a passing case writes its index as one byte */

START_TEST(run_case)
{
    static gr_values got, want;
    const gr_case *c = &gr_visible[_i];
    c->probe(&got);
    c->reference(&want);
    char text[4096];
    if (!gr_compare(&got, &want, text, sizeof text))
        ck_abort_msg("%s", text);
    unsigned char index = (unsigned char)_i;
    if (write(finished_fd, &index, 1) != 1)
        ck_abort_msg("could not report the end of the test");
}
END_TEST

/* Prints `text` indented under a test line, one line at a time. */
static void print_indented(const char *text)
{
    while (*text) {
        const char *nl = strchr(text, '\n');
        int n = nl ? (int)(nl - text) : (int)strlen(text);
        printf("          %.*s\n", n, text);
        text += n + (nl != NULL);
    }
}

int main(int argc, char **argv)
{
    const char *exercise = argc > 1 ? argv[1] : "exercise";
    const char *source = argc > 2 ? argv[2] : "student.c";
    if (gr_visible_count > 255) {
        fprintf(stderr, "check-student: too many cases (%zu)\n", gr_visible_count);
        return 2;
    }
    int fds[2];
    if (pipe(fds) != 0) {
        perror("check-student: pipe");
        return 1;
    }
    finished_fd = fds[1];
    fcntl(fds[0], F_SETFL, O_NONBLOCK);

    Suite *suite = suite_create(exercise);
    for (size_t i = 0; i < gr_visible_count; i++) {
        TCase *tc = tcase_create(gr_visible[i].title);
        tcase_set_timeout(tc, 5.0);
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

    printf("numlab exercise %s: the visible tests, on %s\n\n", exercise, source);
    TestResult **results = srunner_results(runner);
    int n = srunner_ntests_run(runner), passed = 0;
    double points = 0, max_points = 0;
    for (size_t i = 0; i < gr_visible_count; i++) {
        TestResult *r = NULL;
        for (int j = 0; j < n && !r; j++)
            if (strcmp(tr_tcname(results[j]), gr_visible[i].title) == 0)
                r = results[j];
        bool pass = r && tr_rtype(r) == CK_PASS && finished[i];
        printf("  %s  %-72s %4g pt\n", pass ? "PASS" : "FAIL", gr_visible[i].title, gr_visible[i].points);
        if (!r)
            print_indented("did not run");
        else if (tr_rtype(r) == CK_PASS && !finished[i])
            print_indented("the test process ended before the test did (exit or _exit called?)");
        else if (!pass)
            print_indented(tr_msg(r));
        passed += pass;
        points += pass ? gr_visible[i].points : 0;
        max_points += gr_visible[i].points;
    }
    printf("\n%d of %zu visible tests pass (%g of %g points).", passed, gr_visible_count, points, max_points);
    printf(passed == (int)gr_visible_count ? " The grader also runs hidden tests: same ideas, other numbers.\n"
                                            : " Read exercises/%s/README.md for the hints.\n",
           exercise);
    free(results);
    srunner_free(runner);
    return passed == (int)gr_visible_count ? 0 : 1;
}
