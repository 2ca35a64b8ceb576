/* judge: grades one submission of one exercise; the process that decides the score, so it never runs submitted
 * code. It builds the probe program (build.c), runs every case in its own sandboxed child with a timeout
 * (sandbox.c), reads back the values each child computed, compares them with the references compiled into this
 * program, and only after every child and whatever they left behind is gone writes the results (report.c).
 *
 * A child that crashes, hangs, exits early, prints fake results or tries to write the results file gets the score
 * of the values it sent, which for those is nothing. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "grader.h"
#include "i18n.h"
#include "protocol.h"
#include "report.h"
#include "sandbox.h"

static const char usage[] =
    "usage: judge --exercise DIR --submission FILE --results FILE --probe-lib FILE [options]\n"
    "Grades one submission: `make grade EXERCISE=exercises/NN-topic SUBMISSION=FILE RESULTS=FILE` runs this.\n"
    "  --exercise DIR           the exercise (its exercise.h is the only header a submission may include)\n"
    "  --submission FILE        the student's C file\n"
    "  --results FILE           Gradescope's results.json, written when everything has run\n"
    "  --probe-lib FILE         the exercise's probe objects (build/grader/NN-topic/probe.a)\n"
    "  --cc CC                  the C compiler (default cc)\n"
    "  --timeout S              wall-clock seconds per test, 0.05..600 (default: the exercise's limit, as in\n"
    "                           `make exercise`)\n"
    "  --jobs N                 tests at once, 1..64 (default: the number of processors)\n"
    "  --hidden-visibility V    visible, hidden, after_due_date or after_published (default after_due_date)\n"
    "  --csv-row FILE           also write submission,score,max_score,status as one CSV line\n"
    "  --quiet                  print only the score line\n"
    "  --scale TOTAL            the points scaled so that the exercise is worth TOTAL (0.01..100000)\n"
    "  --not-submitted N        nothing to grade (instead of --submission): N = 0 .c files were uploaded, or N > 1\n"
    "                           could be this exercise's (--found names them); a results.json of 0 that says so\n"
    "  --found LIST             with --not-submitted N > 1: the files' names, as one text\n"
    "  --in-assignment          the exercise is one of several: a student uploads NN-topic.c or NN*.c for it\n"
    "                           (alone: student.c, or any one .c file); only the messages of --not-submitted change\n"
    "  --lang LANG              the language of the text a student reads (es, en; default: LANGUAGE, LC_ALL,\n"
    "                           LC_MESSAGES, LANG); the catalogue is looked up beside this program\n"
    "  --without LAYERS         leave sandbox layers out: namespaces, landlock, seccomp (comma-separated; to test\n"
    "                           what the others hold alone); the users of their own and the limits always stay\n"
    "Exit status: 0 graded (whatever the score), 1 the grader failed, 2 bad usage.\n";

typedef struct {
    const char *exercise, *submission, *results, *probe_lib, *cc, *visibility, *csv_row, *found, *lang;
    double timeout;
    int jobs, not_submitted;   /* -1: a submission is given */
    bool quiet, in_assignment;
    unsigned without;
} options;

static const gr_case *case_at(size_t i)
{
    return i < gr_visible_count ? &gr_visible[i] : &gr_hidden[i - gr_visible_count];
}

static double points_scale = 1.0;   /* --scale TOTAL: every test's points times TOTAL / the exercise's total */

static double points_of(const gr_case *c)
{
    return c->points * points_scale;
}

static int set_scale(double total)
{
    size_t n = gr_visible_count + gr_hidden_count;
    double *points = malloc((n ? n : 1) * sizeof *points);
    if (!points)
        return -1;
    for (size_t i = 0; i < n; i++)
        points[i] = case_at(i)->points;
    points_scale = gr_points_factor(points, n, total);
    free(points);
    return 0;
}

static int bad(const char *option, const char *value, const char *allowed)
{
    char *shown = gr_clean_text(value ? value : "", false);
    fprintf(stderr, "judge: %s: '%s' %s\n", option, shown ? shown : "?", allowed);
    free(shown);
    return 2;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, R_OK) == 0;
}

static int parse_options(int argc, char **argv, options *o)
{
    static const struct option long_options[] = {
        {"exercise", required_argument, 0, 'e'},  {"submission", required_argument, 0, 's'},
        {"results", required_argument, 0, 'r'},   {"probe-lib", required_argument, 0, 'p'},
        {"cc", required_argument, 0, 'c'},        {"timeout", required_argument, 0, 't'},
        {"jobs", required_argument, 0, 'j'},      {"hidden-visibility", required_argument, 0, 'v'},
        {"csv-row", required_argument, 0, 'w'},   {"quiet", no_argument, 0, 'q'},
        {"without", required_argument, 0, 'o'},   {"not-submitted", required_argument, 0, 'n'},
        {"scale", required_argument, 0, 'S'},     {"found", required_argument, 0, 'f'},
        {"in-assignment", no_argument, 0, 'a'},   {"lang", required_argument, 0, 'L'},
        {"help", no_argument, 0, 'h'},            {0, 0, 0, 0},
    };
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    *o = (options){.cc = "cc", .visibility = "after_due_date", .timeout = gr_time_limit, .jobs = cpus > 0 ? (int)cpus : 1,
                  .not_submitted = -1};
    int opt;
    char *end;
    while ((opt = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        switch (opt) {
        case 'e': o->exercise = optarg; break;
        case 's': o->submission = optarg; break;
        case 'r': o->results = optarg; break;
        case 'p': o->probe_lib = optarg; break;
        case 'c': o->cc = optarg; break;
        case 'w': o->csv_row = optarg; break;
        case 'q': o->quiet = true; break;
        case 'f': o->found = optarg; break;
        case 'a': o->in_assignment = true; break;
        case 'L':
            if (!gr_lang_name_ok(optarg))
                return bad("--lang", optarg, "is not a language (allowed: es, en, es_AR: a language's code)");
            o->lang = optarg;
            break;
        case 'n': {
            long count = strtol(optarg, &end, 10);
            if (end == optarg || *end || count < 0 || count == 1 || count > 100000)
                return bad("--not-submitted", optarg,
                           "is not allowed (allowed: 0, or how many files could be the exercise's, 2..100000)");
            o->not_submitted = (int)count;
            break;
        }
        case 'S': {
            double total = strtod(optarg, &end);
            if (end == optarg || *end || !(total >= 0.01 && total <= 100000))
                return bad("--scale", optarg, "is not allowed (allowed: the total points, 0.01..100000)");
            if (set_scale(total) != 0) {
                fputs("judge: out of memory\n", stderr);
                return 1;
            }
            break;
        }
        case 'o':
            if (gr_jail_parse_layers(optarg, &o->without) != 0)
                return bad("--without", optarg, "is not allowed (allowed: namespaces, landlock, seccomp, comma-separated)");
            break;
        case 't':
            o->timeout = strtod(optarg, &end);
            if (end == optarg || *end || !(o->timeout >= 0.05 && o->timeout <= 600))
                return bad("--timeout", optarg, "is not allowed (allowed: seconds, 0.05..600)");
            break;
        case 'j': {
            long jobs = strtol(optarg, &end, 10);
            if (end == optarg || *end || jobs < 1 || jobs > 64)
                return bad("--jobs", optarg, "is not allowed (allowed: 1..64)");
            o->jobs = (int)jobs;
            break;
        }
        case 'v':
            if (strcmp(optarg, "visible") && strcmp(optarg, "hidden") && strcmp(optarg, "after_due_date") &&
                strcmp(optarg, "after_published"))
                return bad("--hidden-visibility", optarg,
                           "is not allowed (allowed: visible, hidden, after_due_date, after_published)");
            o->visibility = optarg;
            break;
        case 'h': fputs(usage, stdout); exit(0);
        default: fputs(usage, stderr); return 2;
        }
    }
    if (optind < argc)
        return bad("argument", argv[optind], "is not an option (see --help)");
    char header[PATH_MAX + 16];
    snprintf(header, sizeof header, "%s/exercise.h", o->exercise ? o->exercise : "");
    if (!o->exercise || !is_dir(o->exercise) || !is_file(header))
        return bad("--exercise", o->exercise,
                   "is not an exercise (allowed: a directory exercises/NN-topic with exercise.h)");
    if (o->not_submitted >= 0 && o->submission)
        return bad("--submission", o->submission, "goes without --not-submitted (allowed: one of them)");
    if ((o->not_submitted > 1) != (o->found != NULL))
        return bad("--found", o->found, "goes with --not-submitted N, N > 1 (allowed: the names of the N files)");
    if (o->not_submitted >= 0)
        o->submission = "(nothing submitted)";
    if (!o->submission || !*o->submission)   /* anything else about it is the student's, graded 0 with why */
        return bad("--submission", o->submission, "is missing (allowed: the student's .c file)");
    static char cc[PATH_MAX];
    if (!gr_find_program(o->cc, cc, sizeof cc))
        return bad("--cc", o->cc, "is not a program on PATH (allowed: a C compiler, e.g. cc, gcc or clang)");
    o->cc = cc;
    if (!o->probe_lib || !is_file(o->probe_lib))
        return bad("--probe-lib", o->probe_lib, "is not a readable file (allowed: build/grader/NN-topic/probe.a)");
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", o->results ? o->results : "");
    char *slash = strrchr(copy, '/');
    const char *dir = slash ? (slash == copy ? "/" : (*slash = '\0', copy)) : ".";
    struct stat st;
    if (!o->results || !*o->results || !is_dir(dir) || access(dir, W_OK) != 0 ||
        (lstat(o->results, &st) == 0 && S_ISDIR(st.st_mode)))
        return bad("--results", o->results, "cannot be written (allowed: a file in an existing, writable directory)");
    return 0;
}

/* Decodes one probe record (see protocol.h); false, with why, when it is not exactly one well-formed record. */
static bool decode_values(const gr_child_result *r, size_t index, gr_values *got, const char **why)
{
    gr_record_head head;
    *why = _("sent no values");
    if (r->values_len == 0)
        return false;
    *why = _("sent malformed values");
    if (r->values_overflow || r->values_len < sizeof head + 8)
        return false;
    memcpy(&head, r->values, sizeof head);
    size_t count = head.count;
    if (memcmp(head.magic, GR_HEAD_MAGIC, sizeof head.magic) != 0 || head.case_index != index ||
        count > GR_MAX_VALUES || r->values_len != sizeof head + count * sizeof(double) + 8 ||
        memcmp(r->values + r->values_len - 8, GR_TAIL_MAGIC, 8) != 0)
        return false;
    got->count = count;
    got->overflow = head.overflow != 0;
    memcpy(got->value, r->values + sizeof head, count * sizeof(double));
    return true;
}

/* Why a child sent no usable values, in words. */
static void process_reason(const gr_child_result *r, double timeout, const char *why, char *text, size_t size)
{
    if (r->timed_out)
        snprintf(text, size, _("did not finish within %g s (an endless loop?)"), timeout);
    else if (r->signal)
        snprintf(text, size, _("crashed: signal %d (%s)"), r->signal, strsignal(r->signal));
    else if (r->exited && r->exit_status != 0)
        snprintf(text, size, _("%s: the test ended with exit status %d (exit called in the submission?)"), why,
                 r->exit_status);
    else
        snprintf(text, size, _("%s: the test ended before it finished (exit called in the submission?)"), why);
}

/* Why nothing was graded (--not-submitted), with what to upload. */
static void not_submitted_text(const options *o, const char *exercise, char *text, size_t size)
{
    char want[PATH_MAX];
    if (o->in_assignment)
        snprintf(want, sizeof want, _("one file named %s.c or %.*s*.c"), exercise, (int)strcspn(exercise, "-"),
                 exercise);
    else
        snprintf(want, sizeof want, "%s", _("student.c, or one .c file"));
    if (o->not_submitted == 0)
        snprintf(text, size, _("no .c file for %s was uploaded (upload %s).\n"), exercise, want);
    else
        snprintf(text, size, _("%d .c files could be %s's: %s (upload %s).\n"), o->not_submitted, exercise, o->found,
                 want);
}

/* Grades case i from its child's result into t. */
static int grade_case(size_t i, const gr_child_result *r, double timeout, gr_test_report *t)
{
    static gr_values got, want;
    const gr_case *c = case_at(i);
    memset(&got, 0, sizeof got);
    memset(&want, 0, sizeof want);
    c->reference(&want);
    char text[8192] = "";
    const char *why;
    bool decoded = decode_values(r, i, &got, &why);
    t->passed = decoded && gr_compare(&got, &want, text, sizeof text);
    if (!decoded) {
        process_reason(r, timeout, why, text, sizeof text);
        /* cut to fit the reason field (the precision also tells the compiler it is bounded) */
        snprintf(t->reason, sizeof t->reason, "%.*s", (int)(sizeof t->reason - 1), text);
    } else if (!t->passed) {
        const char *wrong = strstr(text, _("  <- wrong"));
        const char *line = text;
        if (wrong)
            for (line = wrong; line > text && line[-1] != '\n'; line--)
                ;
        snprintf(t->reason, sizeof t->reason, "%.*s", (int)strcspn(line, "\n"), line);
    }
    t->score = t->passed ? points_of(c) : 0;
    size_t len = strlen(text);
    if (r->output_len > 0) {
        gr_appendf(text, sizeof text, &len, "\n%s\n", _("the test's output (your code's printing):"));
        for (const char *p = r->output; *p;) {
            size_t n = strcspn(p, "\n");
            gr_appendf(text, sizeof text, &len, "  | %.*s\n", (int)n, p);
            p += n + (p[n] == '\n');
        }
        if (r->output_dropped)
            gr_appendf(text, sizeof text, &len, P_("  [%zu more byte]\n", "  [%zu more bytes]\n", r->output_dropped),
                       r->output_dropped);
    }
    t->output = strdup(text);
    return t->output ? 0 : -1;
}

/* Runs the probe once per case; fills results. */
static int run_probes(const options *o, const char *work, gr_child_result *results, size_t n, char *error,
                      size_t error_size)
{
    char probe[PATH_MAX + 16], run_dir[PATH_MAX + 16];
    snprintf(probe, sizeof probe, "%s/bin/%s", work, GR_PROBE_NAME);
    snprintf(run_dir, sizeof run_dir, "%s/%s", work, GR_RUN_DIR);
    gr_child_spec *specs = calloc(n, sizeof *specs);
    char (*index)[24] = calloc(n, sizeof *index);
    char *(*argvs)[3] = calloc(n, sizeof *argvs);
    int rc = -1;
    if (specs && index && argvs) {
        for (size_t i = 0; i < n; i++) {
            snprintf(index[i], sizeof index[i], "%zu", i);
            argvs[i][0] = probe, argvs[i][1] = index[i], argvs[i][2] = NULL;
            specs[i] = (gr_child_spec){.argv = argvs[i], .cwd = run_dir, .timeout = o->timeout,
                                       .memory = 1024L << 20, .jail = {.kind = GR_JAIL_PROBE, .readable = work}};
        }
        rc = gr_run_children(specs, results, n, o->jobs, error, error_size);
    } else {
        snprintf(error, error_size, "%s", _("out of memory"));
    }
    free(specs), free(index), free(argvs);
    return rc;
}

/* Writes results.json (and the CSV row) for an outcome without tests run: every way grading ends leaves one. */
static int write_without_tests(const options *o, const char *exercise, gr_outcome outcome, const char *messages,
                               const char *notes, double seconds, char *error, size_t error_size)
{
    size_t n = gr_visible_count + gr_hidden_count;
    gr_test_report *tests = calloc(n, sizeof *tests);
    gr_report report = {.exercise = exercise, .submission = o->submission, .hidden_visibility = o->visibility,
                        .outcome = outcome, .tests = tests, .n_tests = tests ? n : 0, .messages = messages,
                        .notes = notes, .seconds = seconds};
    const char *why = outcome == GR_NOT_COMPILED ? _("not run: the submission does not compile (see the messages above)")
                      : outcome == GR_INVALID_FILE ? _("not run: no C source file to grade (see above)")
                                                   : _("not run: grading did not finish");
    for (size_t i = 0; tests && i < n; i++) {
        const gr_case *c = case_at(i);
        tests[i] = (gr_test_report){.name = _(c->title), .max_score = points_of(c), .hidden = i >= gr_visible_count,
                                    .output = (char *)why};
        report.max_score += points_of(c);
    }
    int rc = gr_write_results_json(&report, o->results, error, error_size);
    if (rc == 0 && o->csv_row && outcome != GR_UNFINISHED)
        rc = gr_write_csv_row(&report, o->csv_row, error, error_size);
    if (rc == 0 && outcome != GR_UNFINISHED)
        gr_print_summary(&report, o->results, o->quiet, stdout);
    free(tests);
    return rc;
}

/* The grader could not do its job: the student gets a 0 that says so, the instructor the reason; exit 1. */
static int grader_failed(const options *o, const char *exercise, const char *why, double start)
{
    char error[1024], *shown = gr_clean_text(o->submission, false);
    fprintf(stderr, "judge: %s: %s\n", shown ? shown : "?", why);
    free(shown);
    if (write_without_tests(o, exercise, GR_GRADER_FAILED, why, "", gr_seconds() - start, error, sizeof error))
        fprintf(stderr, "judge: %s\n", error);
    return 1;
}

/* For a root judge: the references (this program, the hidden tests) and the solution must be unreadable by the
 * sandbox users. Returns 0, or -1 with what to chmod in why. */
static int secrets_unreadable(const options *o, char *why, size_t size)
{
    char paths[4][PATH_MAX + 32], readable[4 * PATH_MAX];
    snprintf(paths[0], sizeof paths[0], "%s/solution.c", o->exercise);
    snprintf(paths[1], sizeof paths[1], "%s/hidden/tests.c", o->exercise);
    snprintf(paths[2], sizeof paths[2], "%s/hidden", o->exercise);
    if (!realpath("/proc/self/exe", paths[3]))
        snprintf(paths[3], sizeof paths[3], "/proc/self/exe");
    const char *list[] = {paths[0], paths[1], paths[2], paths[3]};
    int count = gr_jail_readable_by_sandbox(list, 4, readable, sizeof readable);
    if (count == 0)
        return 0;
    if (count < 0)
        snprintf(why, size, _("cannot check what the sandbox users can read: %s"), strerror(errno));
    else
        snprintf(why, size, _("the sandbox users (uid %u) can read %.*s; make the solution, the hidden tests and the "
                 "grader's build unreadable to others first (`make grade` does it: chmod -R go-rwx "
                 "exercises/*/solution.c exercises/*/hidden build/grader build/obj/grader)"),
                 (unsigned)gr_jail_uid(0), (int)(size / 2), readable);
    return -1;
}

int main(int argc, char **argv)
{
    options o;
    int usage_rc = parse_options(argc, argv, &o);
    if (usage_rc)
        return usage_rc;
    char missing[PATH_MAX];
    if (gr_lang_init(o.lang, missing, sizeof missing) != 0) {
        char *shown = gr_clean_text(missing, false);
        fprintf(stderr, "judge: --lang: '%s' has no catalogue in %s (allowed: en, or a language whose numlab.mo "
                "is there: `make gradescope GRADER_LANG=es` ships it)\n", o.lang, shown ? shown : "?");
        free(shown);
        return 2;
    }
    setenv("LC_ALL", "C", 1);   /* the compiler's messages in plain ASCII (the judge's language is set above) */
    double start = gr_seconds();
    const char *slash = strrchr(o.exercise, '/');
    char exercise[PATH_MAX], error[1024] = "", why[3 * PATH_MAX];
    snprintf(exercise, sizeof exercise, "%s", slash && slash[1] ? slash + 1 : o.exercise);
    if (write_without_tests(&o, exercise, GR_UNFINISHED, "", "", 0, error, sizeof error) != 0) {
        fprintf(stderr, "judge: %s\n", error);
        return 1;
    }
    if (o.not_submitted >= 0) {
        not_submitted_text(&o, exercise, why, sizeof why);
        return write_without_tests(&o, exercise, GR_INVALID_FILE, why, "", 0, error, sizeof error) ?
               grader_failed(&o, exercise, error, start) : 0;
    }
    const char *sandbox_notes = gr_sandbox_init();
    if (gr_jail_init(o.jobs, o.without, error, sizeof error) != 0)
        return grader_failed(&o, exercise, error, start);
    if (secrets_unreadable(&o, why, sizeof why) != 0)
        return grader_failed(&o, exercise, why, start);
    char notes[1024];
    snprintf(notes, sizeof notes, "%s%s", sandbox_notes, gr_jail_complete() ? "" : gr_jail_describe());
    if (!o.quiet)
        printf("%s\n", gr_jail_describe());

    char work[PATH_MAX], probe_lib[PATH_MAX];
    static char messages[65536 + 1024];
    if (!realpath(o.probe_lib, probe_lib) || gr_workspace_create(work, sizeof work) != 0) {
        snprintf(why, sizeof why, _("cannot create a private directory: %s"), strerror(errno));
        return grader_failed(&o, exercise, why, start);
    }
    size_t n = gr_visible_count + gr_hidden_count;
    gr_build_spec b = {.cc = o.cc, .exercise_dir = o.exercise, .submission = o.submission,
                       .probe_lib = probe_lib, .work = work, .timeout = 10};
    gr_build_status built = gr_build_probe(&b, messages, sizeof messages, error, sizeof error);
    gr_child_result *results = calloc(n, sizeof *results);
    gr_test_report *tests = calloc(n, sizeof *tests);
    int rc = built == GR_BUILD_ERROR || !results || !tests ? 1 : 0;
    if (rc == 0 && built == GR_BUILD_OK && run_probes(&o, work, results, n, error, sizeof error) != 0)
        rc = 1;
    gr_sweep_descendants();   /* nothing a submission started outlives this line */
    gr_workspace_remove(work);
    gr_jail_release();
    if (rc != 0) {
        for (size_t i = 0; results && i < n; i++)
            gr_child_result_free(&results[i]);
        free(results), free(tests);
        return grader_failed(&o, exercise, error[0] ? error : _("out of memory"), start);
    }
    if (built != GR_BUILD_OK) {
        free(results), free(tests);
        gr_outcome outcome = built == GR_BUILD_INVALID ? GR_INVALID_FILE : GR_NOT_COMPILED;
        if (write_without_tests(&o, exercise, outcome, messages, notes, gr_seconds() - start, error, sizeof error))
            return grader_failed(&o, exercise, error, start);
        return 0;
    }

    gr_report report = {.exercise = exercise, .submission = o.submission, .hidden_visibility = o.visibility,
                        .outcome = GR_GRADED, .tests = tests, .n_tests = n, .messages = messages, .notes = notes};
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const gr_case *c = case_at(i);
        gr_test_report *t = &tests[i];
        t->name = _(c->title), t->max_score = points_of(c), t->hidden = i >= gr_visible_count;
        report.max_score += points_of(c);
        if (grade_case(i, &results[i], o.timeout, t) != 0)
            rc = 1;
        report.score += t->score;
    }
    report.seconds = gr_seconds() - start;
    if (rc == 0 && gr_write_results_json(&report, o.results, error, sizeof error) != 0)
        rc = 1;
    if (rc == 0 && o.csv_row && gr_write_csv_row(&report, o.csv_row, error, sizeof error) != 0)
        rc = 1;
    if (rc == 0)
        gr_print_summary(&report, o.results, o.quiet, stdout);
    for (size_t i = 0; i < n; i++) {
        gr_child_result_free(&results[i]);
        free(tests[i].output);
    }
    free(results), free(tests);
    return rc == 0 ? 0 : grader_failed(&o, exercise, error[0] ? error : _("out of memory"), start);
}
