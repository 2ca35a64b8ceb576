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
    "  --timeout S              wall-clock seconds per test, 0.05..600 (default 2)\n"
    "  --jobs N                 tests at once, 1..64 (default: the number of processors)\n"
    "  --hidden-visibility V    visible, hidden, after_due_date or after_published (default after_due_date)\n"
    "  --csv-row FILE           also write submission,score,max_score,status as one CSV line\n"
    "  --quiet                  print only the score line\n"
    "Exit status: 0 graded (whatever the score), 1 the grader failed, 2 bad usage.\n";

typedef struct {
    const char *exercise, *submission, *results, *probe_lib, *cc, *visibility, *csv_row;
    double timeout;
    int jobs;
    bool quiet;
} options;

static int bad(const char *option, const char *value, const char *allowed)
{
    fprintf(stderr, "judge: %s: '%s' %s\n", option, value ? value : "", allowed);
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

/* The program execve should run for a compiler name: itself when it has a slash, else the first one on PATH. */
static bool find_program(const char *name, char *path, size_t size)
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

static int parse_options(int argc, char **argv, options *o)
{
    static const struct option long_options[] = {
        {"exercise", required_argument, 0, 'e'},  {"submission", required_argument, 0, 's'},
        {"results", required_argument, 0, 'r'},   {"probe-lib", required_argument, 0, 'p'},
        {"cc", required_argument, 0, 'c'},        {"timeout", required_argument, 0, 't'},
        {"jobs", required_argument, 0, 'j'},      {"hidden-visibility", required_argument, 0, 'v'},
        {"csv-row", required_argument, 0, 'w'},   {"quiet", no_argument, 0, 'q'},
        {"help", no_argument, 0, 'h'},            {0, 0, 0, 0},
    };
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    *o = (options){.cc = "cc", .visibility = "after_due_date", .timeout = 2.0, .jobs = cpus > 0 ? (int)cpus : 1};
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
    if (!o->submission || !is_file(o->submission))
        return bad("--submission", o->submission, "is not a readable file (allowed: the student's .c file)");
    static char cc[PATH_MAX];
    if (!find_program(o->cc, cc, sizeof cc))
        return bad("--cc", o->cc, "is not a program on PATH (allowed: a C compiler, e.g. cc, gcc or clang)");
    o->cc = cc;
    if (!o->probe_lib || !is_file(o->probe_lib))
        return bad("--probe-lib", o->probe_lib, "is not a readable file (allowed: build/grader/NN-topic/probe.a)");
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", o->results ? o->results : "");
    char *slash = strrchr(copy, '/');
    const char *dir = slash ? (slash == copy ? "/" : (*slash = '\0', copy)) : ".";
    if (!o->results || !*o->results || !is_dir(dir) || access(dir, W_OK) != 0 || is_dir(o->results))
        return bad("--results", o->results, "cannot be written (allowed: a file in an existing, writable directory)");
    return 0;
}

static const gr_case *case_at(size_t i)
{
    return i < gr_visible_count ? &gr_visible[i] : &gr_hidden[i - gr_visible_count];
}

/* Decodes one probe record (see protocol.h); false, with why, when it is not exactly one well-formed record. */
static bool decode_values(const gr_child_result *r, size_t index, gr_values *got, const char **why)
{
    gr_record_head head;
    *why = "sent no values";
    if (r->values_len == 0)
        return false;
    *why = "sent malformed values";
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
        snprintf(text, size, "did not finish within %g s (an endless loop?)", timeout);
    else if (r->signal)
        snprintf(text, size, "crashed: signal %d (%s)", r->signal, strsignal(r->signal));
    else if (r->exited && r->exit_status != 0)
        snprintf(text, size, "%s: the test ended with exit status %d (exit called in the submission?)", why,
                 r->exit_status);
    else
        snprintf(text, size, "%s: the test ended before it finished (exit called in the submission?)", why);
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
        const char *wrong = strstr(text, "<- wrong");
        const char *line = text;
        if (wrong)
            for (line = wrong; line > text && line[-1] != '\n'; line--)
                ;
        snprintf(t->reason, sizeof t->reason, "%.*s", (int)strcspn(line, "\n"), line);
    }
    t->score = t->passed ? c->points : 0;
    size_t len = strlen(text);
    if (r->output_len > 0) {
        gr_appendf(text, sizeof text, &len, "\nthe test's output (your code's printing):\n");
        for (const char *p = r->output; *p;) {
            size_t n = strcspn(p, "\n");
            gr_appendf(text, sizeof text, &len, "  | %.*s\n", (int)n, p);
            p += n + (p[n] == '\n');
        }
        if (r->output_dropped)
            gr_appendf(text, sizeof text, &len, "  [%zu more bytes]\n", r->output_dropped);
    }
    t->output = strdup(text);
    return t->output ? 0 : -1;
}

/* Runs the probe once per case; fills results. */
static int run_probes(const options *o, const char *work, gr_child_result *results, size_t n, char *error,
                      size_t error_size)
{
    char probe[PATH_MAX + 16], run_dir[PATH_MAX + 16];
    snprintf(probe, sizeof probe, "%s/%s", work, GR_PROBE_NAME);
    snprintf(run_dir, sizeof run_dir, "%s/%s", work, GR_RUN_DIR);
    gr_child_spec *specs = calloc(n, sizeof *specs);
    char (*index)[24] = calloc(n, sizeof *index);
    char *(*argvs)[3] = calloc(n, sizeof *argvs);
    int rc = -1;
    if (specs && index && argvs) {
        for (size_t i = 0; i < n; i++) {
            snprintf(index[i], sizeof index[i], "%zu", i);
            argvs[i][0] = probe, argvs[i][1] = index[i], argvs[i][2] = NULL;
            specs[i] = (gr_child_spec){.argv = argvs[i], .cwd = run_dir, .timeout = o->timeout, .untrusted = true,
                                       .memory = 1024L << 20};
        }
        rc = gr_run_children(specs, results, n, o->jobs, error, error_size);
    } else {
        snprintf(error, error_size, "out of memory");
    }
    free(specs), free(index), free(argvs);
    return rc;
}

int main(int argc, char **argv)
{
    options o;
    int usage_rc = parse_options(argc, argv, &o);
    if (usage_rc)
        return usage_rc;
    setenv("LC_ALL", "C", 1);   /* the compiler's messages in plain ASCII */
    double start = gr_seconds();
    const char *notes = gr_sandbox_init();
    char work[PATH_MAX], probe_lib[PATH_MAX], error[1024] = "";
    static char messages[65536 + 1024];
    if (!realpath(o.probe_lib, probe_lib) || gr_workspace_create(work, sizeof work) != 0) {
        fprintf(stderr, "judge: cannot create a private directory: %s\n", strerror(errno));
        return 1;
    }
    const char *slash = strrchr(o.exercise, '/');
    char exercise[PATH_MAX];
    snprintf(exercise, sizeof exercise, "%s", slash && slash[1] ? slash + 1 : o.exercise);
    size_t n = gr_visible_count + gr_hidden_count;
    gr_build_spec b = {.cc = o.cc, .exercise_dir = o.exercise, .submission = o.submission,
                       .probe_lib = probe_lib, .work = work, .timeout = 30};
    gr_build_status built = gr_build_probe(&b, messages, sizeof messages, error, sizeof error);
    gr_child_result *results = calloc(n, sizeof *results);
    gr_test_report *tests = calloc(n, sizeof *tests);
    int rc = built == GR_BUILD_ERROR || !results || !tests ? 1 : 0;
    if (rc == 0 && built == GR_BUILD_OK && run_probes(&o, work, results, n, error, sizeof error) != 0)
        rc = 1;
    gr_sweep_descendants();   /* nothing a submission started outlives this line */
    gr_workspace_remove(work);

    gr_report report = {.exercise = exercise, .submission = o.submission, .hidden_visibility = o.visibility,
                        .outcome = built == GR_BUILD_OK ? GR_GRADED : GR_NOT_COMPILED, .tests = tests, .n_tests = n};
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const gr_case *c = case_at(i);
        gr_test_report *t = &tests[i];
        t->name = c->title, t->max_score = c->points, t->hidden = i >= gr_visible_count;
        report.max_score += c->points;
        if (built == GR_BUILD_OK) {
            if (grade_case(i, &results[i], o.timeout, t) != 0)
                rc = 1;
            report.score += t->score;
        } else {
            t->output = strdup("not run: the submission does not compile (see the messages above)");
        }
    }
    report.messages = messages;
    report.notes = notes;
    report.seconds = gr_seconds() - start;
    if (rc == 0 && gr_write_results_json(&report, o.results, error, sizeof error) != 0)
        rc = 1;
    if (rc == 0 && o.csv_row && gr_write_csv_row(&report, o.csv_row, error, sizeof error) != 0)
        rc = 1;
    if (rc == 0)
        gr_print_summary(&report, o.results, o.quiet, stdout);
    else
        fprintf(stderr, "judge: %s: %s\n", o.submission, error[0] ? error : "out of memory");
    for (size_t i = 0; results && tests && i < n; i++) {
        gr_child_result_free(&results[i]);
        free(tests[i].output);
    }
    free(results), free(tests);
    return rc;
}
