/* The grader's machinery on its own: comparing values, the text and files it writes, and the sandbox (timeouts,
 * output limits, exit statuses, the seccomp filter, the sweep of left-behind processes). The grader lives in
 * tools/grader/ and is not part of libnumlab, so its sources are compiled into this test directly. */
#define _GNU_SOURCE
#include <check.h>
#include <ctype.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers/check_main.h"

#include "../tools/grader/build.c"
#include "../tools/grader/exports.c"
#include "../tools/grader/jail.c"
#include "../tools/grader/report.c"
#include "../tools/grader/sandbox.c"
#include "../tools/grader/seccomp.c"
#include "../tools/grader/values.c"

/* --- values ------------------------------------------------------------------------------------------------ */

START_TEST(tolerance_is_relative_or_absolute)
{
    ck_assert(gr_value_ok(100.0 + 0.9e-9, 100.0, GR_REL(1e-11)));    /* 0.9e-9 <= 1e-11 * 100 */
    ck_assert(!gr_value_ok(100.0 + 1.1e-9, 100.0, GR_REL(1e-11)));
    ck_assert(gr_value_ok(1e-13, 0.0, GR_TOL(1e-12, 1e-12)));        /* near zero the absolute part counts */
    ck_assert(!gr_value_ok(1e-11, 0.0, GR_TOL(1e-12, 1e-12)));
    ck_assert(gr_value_ok(-5590.5443, -5590.544, GR_ABS(5e-4)));
    ck_assert(!gr_value_ok(-5590.545, -5590.544, GR_ABS(5e-4)));
    ck_assert(gr_value_ok(4.0, 4.0, GR_EXACT));
    ck_assert(!gr_value_ok(nextafter(4.0, 5.0), 4.0, GR_EXACT));
}
END_TEST

START_TEST(nan_and_infinity)
{
    ck_assert(!gr_value_ok(NAN, 1.0, GR_TOL(1e300, 1e300)));   /* NaN never passes, whatever the tolerance */
    ck_assert(gr_value_ok(NAN, NAN, GR_EXACT));                /* unless NaN is what is wanted */
    ck_assert(!gr_value_ok(1.0, NAN, GR_EXACT));
    ck_assert(gr_value_ok(INFINITY, INFINITY, GR_EXACT));
    ck_assert(!gr_value_ok(-INFINITY, INFINITY, GR_ABS(1e300)));
    ck_assert(!gr_value_ok(1e308, INFINITY, GR_REL(1)));
}
END_TEST

START_TEST(compare_counts_and_reports)
{
    static gr_values got, want;
    char text[2048];
    gr_want(&want, 1.0, GR_EXACT, "first");
    gr_want(&want, 2.5, GR_ABS(0.1), "second %d", 2);
    gr_put(&got, 1.0);
    ck_assert(!gr_compare(&got, &want, text, sizeof text));   /* one value sent, two wanted */
    ck_assert_ptr_nonnull(strstr(text, "sent 1 values, 2 were expected"));
    gr_put(&got, 2.45);
    ck_assert(gr_compare(&got, &want, text, sizeof text));
    got.value[1] = 3.0;
    ck_assert(!gr_compare(&got, &want, text, sizeof text));
    ck_assert_ptr_nonnull(strstr(text, "second 2: got 3, want 2.5 (tolerance 0.1)  <- wrong"));
    ck_assert_ptr_nonnull(strstr(text, "1 of 2 values wrong"));
    ck_assert_ptr_null(strstr(text, "first"));   /* only the wrong values are listed */
    for (int i = 0; i < GR_MAX_VALUES + 5; i++)
        gr_put(&got, 0);
    ck_assert(got.overflow);
    ck_assert(!gr_compare(&got, &want, text, sizeof text));
    char tiny[16];
    gr_compare(&got, &want, tiny, sizeof tiny);   /* never past the buffer */
    ck_assert_uint_eq(strlen(tiny), sizeof tiny - 1);
}
END_TEST

/* --- text and files ------------------------------------------------------------------------------------------ */

START_TEST(clean_text_is_json_safe)
{
    char *t = gr_clean_text("ok \xc3\xa9 \xe2\x82\xac tab\there\nbad \xff \xc0\xaf \xed\xa0\x80 bell\a cr\r end", true);
    ck_assert_str_eq(t, "ok \xc3\xa9 \xe2\x82\xac tab\there\nbad \\xff \\xc0\\xaf \\xed\\xa0\\x80 bell\\x07 cr\\x0d end");
    free(t);
    /* On one line: a newline and an escape sequence that would clear the screen are shown, not acted on. */
    t = gr_clean_text("a\nb\x1b[2J\x9b", false);
    ck_assert_str_eq(t, "a\\x0ab\\x1b[2J\\x9b");
    free(t);
    /* C1 controls as UTF-8 (CSI U+009B, OSC U+009D), the bidi controls that would reorder a score line (RLO, LRI,
     * ALM), and valid UTF-8 kept: Spanish and braille (whose bytes 0x80-0x9f are continuation bytes, not C1) */
    t = gr_clean_text("\xc2\x9b" "2J \xc2\x9d" "0;x\x07 21 / 12\xe2\x80\xae \xe2\x81\xa6 \xd8\x9c "
                      "acci\xc3\xb3n \xe2\xa0\x9d\xe2\xa0\x81", true);
    ck_assert_str_eq(t, "\\xc2\\x9b2J \\xc2\\x9d0;x\\x07 21 / 12\\u202e \\u2066 \\u061c "
                        "acci\xc3\xb3n \xe2\xa0\x9d\xe2\xa0\x81");
    free(t);
}
END_TEST

/* --- the names a submission may share (exports.h) ---------------------------------------------------------- */

static char *slurp(const char *path);

static char *exports_text(const char *header)
{
    static gr_exports e;
    static char why[256], text[GR_EXPORTS_MAX * GR_EXPORT_NAME_MAX];
    if (gr_exports_of_header(header, &e, why, sizeof why) != 0)
        return why;
    size_t len = 0;
    for (int i = 0; i < e.count; i++)
        len += (size_t)sprintf(text + len, "%s%s", i ? " " : "", e.name[i]);
    text[len] = '\0';
    return text;
}

START_TEST(exports_are_the_declared_names)
{
    /* Every shape of file-scope text, and by hand the names of the declarations with external linkage: label,
     * table, limit, first, second, make_tagged, last. */
    const char *header =
        "/* double in_comment(void); */\n"
        "#define MACRO(x) ((x) + 1) \\\n   int continued(void);\n"
        "#include <stddef.h>\n"
        "typedef void (*callback)(double t, const double *y);\n"
        "typedef struct { double a; int (*f)(int); } pair;\n"
        "struct tagged { int x; };\n"
        "enum { ONE, TWO = 2 };\n"
        "static inline double helper(double x) { return x * 2; }   // double in_line(void);\n"
        "const char *label = \"int in_string(void);\";\n"
        "extern const double table[4], limit;\n"
        "double first(double x), second(callback cb, pair p[3]);\n"
        "struct tagged *make_tagged(size_t n) __attribute__((malloc));\n"
        "_Static_assert(sizeof(pair) > 0, \"pair\");\n"
        "void last(void);\n";
    ck_assert_str_eq(exports_text(header), "label table limit first second make_tagged last");
    ck_assert_str_eq(exports_text("int f(void) __asm__(\"g\");"), "it renames a symbol with an asm label");
    ck_assert_str_eq(exports_text("typedef int t; /* int f(void); */"), "it declares no function");
}
END_TEST

/* Each exercise's names are those the compiler reads as its header's function declarations: gcc's -aux-info lists
 * them, one a line, each after a comment naming its file ("/\* exercises/01-euler-steps/exercise.h:17:NC *\/ extern
 * state euler_explicit_step (spring, state, double);"). */
START_TEST(exports_agree_with_the_compiler)
{
    if (system("cc -fsyntax-only -aux-info /dev/null -x c /dev/null 2>/dev/null") != 0) {
        puts("skipped: cc has no -aux-info (not gcc)");
        return;
    }
    FILE *list = popen("ls exercises/*/exercise.h", "r");
    ck_assert_ptr_nonnull(list);
    char header[PATH_MAX], command[3 * PATH_MAX], line[1024];
    int headers = 0;
    while (fgets(header, sizeof header, list)) {
        header[strcspn(header, "\n")] = '\0';
        snprintf(command, sizeof command, "cc -fsyntax-only -aux-info /dev/stdout -x c %s", header);
        FILE *aux = popen(command, "r");
        ck_assert_ptr_nonnull(aux);
        char want[GR_EXPORTS_MAX * GR_EXPORT_NAME_MAX] = "", prefix[PATH_MAX + 8];
        size_t len = 0, n = (size_t)snprintf(prefix, sizeof prefix, "/* %s:", header);
        while (fgets(line, sizeof line, aux)) {
            char *paren = strstr(line, " (");
            if (strncmp(line, prefix, n) != 0 || !paren)
                continue;
            char *name = paren;
            while (name > line && (isalnum((unsigned char)name[-1]) || name[-1] == '_'))
                name--;
            len += (size_t)snprintf(want + len, sizeof want - len, "%s%.*s", len ? " " : "", (int)(paren - name), name);
        }
        ck_assert_int_eq(pclose(aux), 0);
        ck_assert_str_eq(exports_text(slurp(header)), want);
        headers++;
    }
    pclose(list);
    ck_assert_int_ge(headers, 11);
}
END_TEST

static char tmpdir[PATH_MAX];

static void make_tmpdir(void)
{
    ck_assert_int_eq(gr_workspace_create(tmpdir, sizeof tmpdir), 0);
}

static void remove_tmpdir(void)
{
    gr_workspace_remove(tmpdir);
    ck_assert_int_eq(access(tmpdir, F_OK), -1);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* --scale TOTAL: every test's points times TOTAL / the exercise's points. By hand: tests of 4, 8 and 3 points (15)
 * scaled to 100 are worth 26.666..., 53.333... and 20, and add up to 100; passing the 4 and the 3 scores 46.666...
 * (7/15 of 100). The inverted factor (15/100) would make them 0.6, 1.2 and 0.45. */
START_TEST(scaled_points_keep_ratios_and_add_up_to_the_total)
{
    const double points[3] = {4, 8, 3};
    double factor = gr_points_factor(points, 3, 100);
    ck_assert_double_eq_tol(factor, 100.0 / 15.0, 1e-15);
    ck_assert_double_eq_tol(points[0] * factor, 26.0 + 2.0 / 3.0, 1e-12);
    ck_assert_double_eq_tol(points[1] * factor, 53.0 + 1.0 / 3.0, 1e-12);
    ck_assert_double_eq_tol(points[2] * factor, 20.0, 1e-12);
    ck_assert_double_eq_tol((points[0] + points[1] + points[2]) * factor, 100.0, 1e-12);
    ck_assert_double_eq_tol((points[0] + points[2]) * factor, 46.0 + 2.0 / 3.0, 1e-12);
    /* a total below the points' sum shrinks them: 12 points to 3 is a quarter each */
    const double twelve[2] = {4, 8};
    ck_assert_double_eq_tol(gr_points_factor(twelve, 2, 3), 0.25, 1e-15);
    /* the exercise's own total: factor 1 */
    ck_assert_double_eq(gr_points_factor(twelve, 2, 12), 1.0);
    /* nothing to scale: no tests, tests worth 0, or no total asked */
    ck_assert_double_eq(gr_points_factor(twelve, 0, 100), 1.0);
    const double none[2] = {0, 0};
    ck_assert_double_eq(gr_points_factor(none, 2, 100), 1.0);
    ck_assert_double_eq(gr_points_factor(twelve, 2, 0), 1.0);
}
END_TEST

START_TEST(results_json_is_gradescope)
{
    make_tmpdir();
    gr_test_report tests[2] = {
        {.name = "visible one", .score = 2, .max_score = 2, .passed = true, .output = "fine"},
        {.name = "hidden one", .score = 0, .max_score = 3, .hidden = true, .output = "got \x01 \xff"},
    };
    gr_report r = {.exercise = "01-x", .submission = "a.c", .outcome = GR_GRADED, .score = 2, .max_score = 5,
                   .messages = "a warning\n", .notes = "", .hidden_visibility = "after_due_date", .tests = tests,
                   .n_tests = 2};
    char path[PATH_MAX + 32], error[256];
    snprintf(path, sizeof path, "%s/results.json", tmpdir);
    ck_assert_int_eq(gr_write_results_json(&r, path, error, sizeof error), 0);
    cJSON *root = cJSON_Parse(slurp(path));
    ck_assert_ptr_nonnull(root);
    ck_assert_double_eq(cJSON_GetObjectItem(root, "score")->valuedouble, 2);
    ck_assert_double_eq(cJSON_GetObjectItem(root, "max_score")->valuedouble, 5);
    ck_assert_str_eq(cJSON_GetObjectItem(root, "output")->valuestring, "a warning\n");
    cJSON *list = cJSON_GetObjectItem(root, "tests");
    ck_assert_int_eq(cJSON_GetArraySize(list), 2);
    cJSON *hidden = cJSON_GetArrayItem(list, 1);
    ck_assert_str_eq(cJSON_GetObjectItem(hidden, "name")->valuestring, "hidden one");
    ck_assert_str_eq(cJSON_GetObjectItem(hidden, "visibility")->valuestring, "after_due_date");
    ck_assert_str_eq(cJSON_GetObjectItem(hidden, "status")->valuestring, "failed");
    ck_assert_double_eq(cJSON_GetObjectItem(hidden, "max_score")->valuedouble, 3);
    ck_assert_str_eq(cJSON_GetObjectItem(hidden, "output")->valuestring, "got \\x01 \\xff");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(list, 0), "visibility")->valuestring, "visible");
    cJSON_Delete(root);

    r.outcome = GR_NOT_COMPILED;
    r.submission = "odd, \"name\".c";
    snprintf(path, sizeof path, "%s/row.csv", tmpdir);
    ck_assert_int_eq(gr_write_csv_row(&r, path, error, sizeof error), 0);
    ck_assert_str_eq(slurp(path), "\"odd, \"\"name\"\".c\",2,5,compile-error\n");
    r.outcome = GR_INVALID_FILE;
    r.submission = "two\nlines\x1b[1A.c";   /* one row, and nothing a terminal acts on */
    ck_assert_int_eq(gr_write_csv_row(&r, path, error, sizeof error), 0);
    ck_assert_str_eq(slurp(path), "two\\x0alines\\x1b[1A.c,2,5,invalid-file\n");
    remove_tmpdir();
}
END_TEST

/* RFC 4180 fields: quoted for a comma or a quote, quotes doubled, one line; formulas defused only when asked. */
START_TEST(csv_fields_are_quoted_and_defused)
{
    static const struct {
        const char *text, *plain, *safe;
    } cases[] = {
        {"Jane Doe", "Jane Doe", "Jane Doe"},
        {"M\xc3\xbcller, J\xc3\xb6rg", "\"M\xc3\xbcller, J\xc3\xb6rg\"", "\"M\xc3\xbcller, J\xc3\xb6rg\""},
        {"Smith \"Ace\"", "\"Smith \"\"Ace\"\"\"", "\"Smith \"\"Ace\"\"\""},
        {"=HYPERLINK(\"x\")", "\"=HYPERLINK(\"\"x\"\")\"", "\"'=HYPERLINK(\"\"x\"\")\""},
        {"+1", "+1", "\"'+1\""},
        {"-dash", "-dash", "\"'-dash\""},
        {"@sum", "@sum", "\"'@sum\""},
        {"\ttab", "\ttab", "\"'\ttab\""},
        {"a\nb\x1b[2J", "a\\x0ab\\x1b[2J", "a\\x0ab\\x1b[2J"},
        {"", "", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *plain = gr_csv_field(cases[i].text, false), *safe = gr_csv_field(cases[i].text, true);
        ck_assert_str_eq(plain, cases[i].plain);
        ck_assert_str_eq(safe, cases[i].safe);
        free(plain), free(safe);
    }
}
END_TEST

/* A results path that a submission replaced by a symbolic link is replaced in turn, never written through. */
START_TEST(atomic_write_replaces_links)
{
    make_tmpdir();
    char victim[PATH_MAX + 32], link_path[PATH_MAX + 32], error[PATH_MAX + 64];
    snprintf(victim, sizeof victim, "%s/victim", tmpdir);
    snprintf(link_path, sizeof link_path, "%s/results.json", tmpdir);
    FILE *f = fopen(victim, "w");
    fputs("precious\n", f);
    fclose(f);
    ck_assert_int_eq(symlink(victim, link_path), 0);
    ck_assert_int_eq(gr_write_atomic(link_path, "honest\n", 7, error, sizeof error), 0);
    ck_assert_str_eq(slurp(victim), "precious\n");
    ck_assert_str_eq(slurp(link_path), "honest\n");
    struct stat st;
    ck_assert_int_eq(lstat(link_path, &st), 0);
    ck_assert(S_ISREG(st.st_mode));
    snprintf(link_path, sizeof link_path, "%s/no/such/dir/results.json", tmpdir);
    ck_assert_int_eq(gr_write_atomic(link_path, "x", 1, error, sizeof error), -1);
    ck_assert_ptr_nonnull(strstr(error, "no/such/dir/results.json"));
    remove_tmpdir();
}
END_TEST

/* --- the sandbox --------------------------------------------------------------------------------------------- */

/* Runs `sh -c script` as a child (untrusted: with every limit) and returns its result. */
static gr_child_result run_sh(const char *script, bool untrusted, double timeout)
{
    static char sh[] = "/bin/sh", dash_c[] = "-c";
    char *argv[] = {sh, dash_c, (char *)script, NULL};
    gr_child_spec spec = {.argv = argv, .cwd = "/", .timeout = timeout,
                          .jail = {.kind = untrusted ? GR_JAIL_PROBE : GR_JAIL_NONE}};
    gr_child_result r;
    char error[256];
    ck_assert_msg(gr_run_children(&spec, &r, 1, 1, error, sizeof error) == 0, "%s", error);
    return r;
}

START_TEST(exit_status_output_and_values)
{
    gr_child_result r = run_sh("echo out; echo err >&2; printf 'data' >&3; exit 7", true, 5);
    ck_assert(r.exited && !r.timed_out && r.signal == 0);
    ck_assert_int_eq(r.exit_status, 7);
    ck_assert_str_eq(r.output, "out\nerr\n");
    ck_assert_uint_eq(r.values_len, 4);
    ck_assert_mem_eq(r.values, "data", 4);
    gr_child_result_free(&r);
    r = run_sh("kill -SEGV $$", true, 5);
    ck_assert(!r.exited && r.signal == SIGSEGV);
    gr_child_result_free(&r);
}
END_TEST

START_TEST(timeout_kills_in_bounded_time)
{
    /* Killed at the configured time, not a tick or a doubling later (0.2 s of slack). The wall clock is what a
     * timeout means, so this is a real-time measurement: a loaded machine may not schedule the killer in time, and
     * a late run is tried again, three times at most, each late one logged with the load. */
    double took = 0;
    for (int attempt = 1; attempt <= 3; attempt++) {
        double start = gr_seconds();
        gr_child_result r = run_sh("while :; do :; done", true, 0.4);
        took = gr_seconds() - start;
        ck_assert(r.timed_out && !r.exited);
        gr_child_result_free(&r);
        ck_assert_double_ge(took, 0.4);
        if (took < 0.6)
            break;
        double load[1] = {0};
        getloadavg(load, 1);
        fprintf(stderr, "timeout_kills_in_bounded_time: attempt %d took %.3f s at load %.1f\n", attempt, took, load[0]);
    }
    ck_assert_double_lt(took, 0.6);
}
END_TEST

START_TEST(output_is_bounded)
{
    gr_child_result r = run_sh("i=0; while [ $i -lt 3000 ]; do echo 0123456789; i=$((i + 1)); done", false, 20);
    ck_assert(r.exited && r.exit_status == 0);
    ck_assert_uint_eq(r.output_len, GR_OUTPUT_KEEP);
    ck_assert_uint_eq(r.output_len + r.output_dropped, 3000 * 11);
    gr_child_result_free(&r);
}
END_TEST

/* Inside the filter: no new processes or programs, no signals to anyone else, no tracing, no sockets; signals to
 * itself still work. Each failed expectation sets a bit of the exit status. */
START_TEST(seccomp_filter)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (gr_seccomp_install(GR_SECCOMP_PROBE, "/no/such/probe") != 0)
            _exit(100);
        int bad = 0;
        errno = 0;
        bad |= (fork() != -1 || errno != EPERM) << 0;
        bad |= (kill(getppid(), 0) != -1 || errno != EPERM) << 1;
        bad |= (kill(-1, 0) != -1 || errno != EPERM) << 2;
        bad |= (kill(getpid(), 0) != 0) << 3;
        signal(SIGUSR1, SIG_IGN);
        bad |= (raise(SIGUSR1) != 0) << 4;
        bad |= (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != -1 || errno != EPERM) << 5;
        bad |= (socket(AF_INET, SOCK_STREAM, 0) != -1 || errno != EPERM) << 6;
        char *argv[] = {"true", NULL}, *env[] = {NULL};
        execve("/bin/true", argv, env);
        bad |= (errno != EPERM) << 7;
        _exit(bad);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status));
    ck_assert_msg(WEXITSTATUS(status) == 0, "seccomp expectations failed: bits %#x", WEXITSTATUS(status));
}
END_TEST

START_TEST(untrusted_child_cannot_start_processes)
{
    gr_child_result r = run_sh("/bin/true && echo started", true, 5);
    ck_assert(r.exited && r.exit_status != 0);
    ck_assert_ptr_null(strstr(r.output, "started"));
    gr_child_result_free(&r);
}
END_TEST

/* A process that escapes its group and outlives its parent is re-parented to the judge (a subreaper) and killed by
 * the sweep. */
START_TEST(sweep_kills_what_is_left)
{
    gr_sandbox_init();
    gr_child_result r = run_sh("setsid sleep 30 & echo $!", false, 5);
    ck_assert(r.exited && r.exit_status == 0);
    pid_t orphan = (pid_t)atol(r.output);
    gr_child_result_free(&r);
    ck_assert_int_gt(orphan, 0);
    ck_assert_int_eq(kill(orphan, 0), 0);   /* still running */
    gr_sweep_descendants();
    ck_assert_int_eq(kill(orphan, 0), -1);
    ck_assert_int_eq(errno, ESRCH);
}
END_TEST

int main(void)
{
    char error[256];
    if (gr_jail_init(2, 0, error, sizeof error) != 0) {
        fprintf(stderr, "test_grader: %s\n", error);
        return 1;
    }
    Suite *s = suite_create("grader");
    TCase *values = tcase_create("values");
    tcase_add_test(values, tolerance_is_relative_or_absolute);
    tcase_add_test(values, nan_and_infinity);
    tcase_add_test(values, compare_counts_and_reports);
    suite_add_tcase(s, values);
    TCase *files = tcase_create("files");
    tcase_add_test(files, clean_text_is_json_safe);
    tcase_add_test(files, exports_are_the_declared_names);
    tcase_add_test(files, exports_agree_with_the_compiler);
    tcase_add_test(files, scaled_points_keep_ratios_and_add_up_to_the_total);
    tcase_add_test(files, results_json_is_gradescope);
    tcase_add_test(files, csv_fields_are_quoted_and_defused);
    tcase_add_test(files, atomic_write_replaces_links);
    suite_add_tcase(s, files);
    TCase *sandbox = tcase_create("sandbox");
    tcase_set_timeout(sandbox, 20);
    tcase_add_test(sandbox, exit_status_output_and_values);
    tcase_add_test(sandbox, timeout_kills_in_bounded_time);
    tcase_add_test(sandbox, output_is_bounded);
    tcase_add_test(sandbox, seccomp_filter);
    tcase_add_test(sandbox, untrusted_child_cannot_start_processes);
    tcase_add_test(sandbox, sweep_kills_what_is_left);
    suite_add_tcase(s, sandbox);
    return run_suite(s);
}
