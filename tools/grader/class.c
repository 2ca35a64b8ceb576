/* class: plan and report a class's grading (see class.h); grade-all.sh runs it, people need not. */
#define _GNU_SOURCE
#include "class.h"
#include "report.h"

#include <cjson/cJSON.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NOTES_SHOWN 20   /* rows not graded, listed on the terminal (all of them in the CSV) */

static const char usage[] =
    "usage: class plan DIR WORK JSON_DIR [--only SUBMISSION_OR_SID] [NN-topic ...]\n"
    "       class report WORK --csv FILE [--assignment NAME] [--pairs FILE --threshold PERCENT] [--exercise NN-topic"
    " ...]\n"
    "                    [--due ISO-8601 [--late-penalty PERCENT|zero]] [--missing zero|blank]\n"
    "       class policy DUE LATE_PENALTY MISSING\n"
    "grade-all.sh runs it (docs/exercises.md): `plan` finds the submissions of DIR (a folder of .c files, or a\n"
    "Gradescope export with submission_metadata.yml), `report` writes FILE (scores.csv), FILE's .canvas.csv,\n"
    ".moodle.csv and .similar.txt, and prints the class summary.\n";

int cl_bad(const char *option, const char *value, const char *allowed)
{
    char *shown = gr_clean_text(value ? value : "", false);
    fprintf(stderr, "class: %s: '%s' %s\n", option, shown ? shown : "?", allowed);
    free(shown);
    return 2;
}

static bool is_hidden(const cJSON *test)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(test, "visibility");
    return cJSON_IsString(v) && strcmp(v->valuestring, "visible") != 0;
}

/* The class's tests: those of the results.json with the most of them (every graded one has them all). */
static int find_tests(cJSON *const *json, size_t n, cl_tests *t)
{
    const cJSON *best = NULL;
    for (size_t i = 0; i < n; i++) {
        const cJSON *tests = cJSON_GetObjectItemCaseSensitive(json[i], "tests");
        if (cJSON_IsArray(tests) && (!best || cJSON_GetArraySize(tests) > cJSON_GetArraySize(best)))
            best = tests;
    }
    t->n = best ? (size_t)cJSON_GetArraySize(best) : 0;
    t->names = calloc(t->n + 1, sizeof *t->names);
    t->max_scores = calloc(t->n + 1, sizeof *t->max_scores);
    if (!t->names || !t->max_scores)
        return -1;
    size_t k = 0;
    for (const cJSON *test = best ? best->child : NULL; test; test = test->next, k++) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(test, "name");
        const cJSON *max = cJSON_GetObjectItemCaseSensitive(test, "max_score");
        if (asprintf(&t->names[k], "%s%s", is_hidden(test) ? "[hidden] " : "",
                     cJSON_IsString(name) ? name->valuestring : "?") < 0)
            return -1;
        t->max_scores[k] = cJSON_IsNumber(max) ? max->valuedouble : NAN;
    }
    return 0;
}

/* A row's score for each test: its results.json's test of the same place and name, else of the same name. */
static void fill_test_scores(const cJSON *json, const cl_tests *t, cl_row *row)
{
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(json, "tests");
    for (size_t k = 0; k < t->n; k++) {
        row->test_scores[k] = NAN;
        for (int pass = 0; pass < 2 && isnan(row->test_scores[k]); pass++) {
            int place = 0;
            for (const cJSON *test = cJSON_IsArray(tests) ? tests->child : NULL; test; test = test->next, place++) {
                const cJSON *name = cJSON_GetObjectItemCaseSensitive(test, "name");
                const cJSON *score = cJSON_GetObjectItemCaseSensitive(test, "score");
                char *full = NULL;
                if (!cJSON_IsString(name) || !cJSON_IsNumber(score) || (pass == 0 && (size_t)place != k) ||
                    asprintf(&full, "%s%s", is_hidden(test) ? "[hidden] " : "", name->valuestring) < 0)
                    continue;
                bool same = !strcmp(full, t->names[k]);
                free(full);
                if (same) {
                    row->test_scores[k] = score->valuedouble;
                    break;
                }
            }
        }
    }
}

static void add_number(cl_text *t, double v, bool known, bool last)
{
    if (known && isfinite(v))
        cl_add(t, "%g", v);
    cl_add(t, last ? "\n" : ",");
}

/* scores.csv: submission,score,max_score,status, the student, the reason, with several exercises one column each
 * (its points), then one column a test. */
static void write_scores(cl_text *t, const cl_row *rows, char **reasons, size_t n, const cl_tests *tests,
                         char *const *exercises, size_t n_exercises, bool due)
{
    cl_add(t, "submission,score,max_score,status,name,email,sid,reason%s", due ? ",submitted_at,late_hours,final_score"
           : "");
    for (size_t k = 0; k < (n_exercises > 1 ? n_exercises : 0) + tests->n; k++) {
        char *f = gr_csv_field(k < n_exercises && n_exercises > 1 ? exercises[k]
                               : tests->names[k - (n_exercises > 1 ? n_exercises : 0)], true);
        cl_add(t, ",%s", f ? f : "?");
        free(f);
    }
    cl_add(t, "\n");
    for (size_t i = 0; i < n; i++) {
        const cl_row *r = &rows[i];
        static const cl_student nobody = {"", "", ""};
        size_t students = r->sub->n_students ? r->sub->n_students : 1;
        for (size_t s = 0; s < students; s++) {
            const cl_student *st = r->sub->n_students ? &r->sub->students[s] : &nobody;
            cl_add_field(t, r->sub->key, false);
            add_number(t, r->score, cl_row_counts(r), false);
            add_number(t, r->max_score, isfinite(r->max_score), false);
            cl_add(t, "%s,", r->status);
            cl_add_field(t, st->name, false), cl_add_field(t, st->email, false), cl_add_field(t, st->sid, false);
            bool last = tests->n == 0 && n_exercises < 2;
            cl_add_field(t, reasons[i], last && !due);
            if (due) {
                cl_add_field(t, r->sub->created_at, false);
                add_number(t, r->late_hours, !isnan(r->late_hours), false);
                add_number(t, r->final_score, r->has_final, last);
            }
            for (size_t e = 0; n_exercises > 1 && e < n_exercises; e++)
                add_number(t, r->part_scores[e], !isnan(r->part_scores[e]), tests->n == 0 && e + 1 == n_exercises);
            for (size_t k = 0; k < tests->n; k++)
                add_number(t, r->test_scores[k], !isnan(r->test_scores[k]), k + 1 == tests->n);
        }
    }
}

/* path's .csv replaced by suffix. */
static char *sibling(const char *path, const char *suffix)
{
    char *s = NULL;
    return asprintf(&s, "%.*s%s", (int)(strlen(path) - 4), path, suffix) < 0 ? NULL : s;
}

static int write_text(const char *path, cl_text *t, const char *what, FILE *out)
{
    char error[512] = "out of memory";
    int rc = !t->failed && path ? gr_write_atomic(path, t->data ? t->data : "", t->len, error, sizeof error) : -1;
    char *shown = gr_clean_text(rc == 0 ? path : error, false);
    if (rc == 0 && what)
        fprintf(out, "%s: %s\n", what, shown ? shown : "?");
    else if (rc != 0)
        fprintf(stderr, "class: %s\n", shown ? shown : "?");
    free(shown);
    return rc;
}

/* The results.json of a folder that was not graded: a score of 0 and the reason, as the judge writes them. */
static void write_invalid_json(const cl_submission *s, double max_score)
{
    char error[512];
    char *messages = NULL;
    if (asprintf(&messages, "%s\n", s->reason) < 0)
        return;
    gr_report r = {.exercise = "", .submission = s->key, .outcome = GR_INVALID_FILE,
                   .max_score = isfinite(max_score) ? max_score : 0, .messages = messages, .notes = "",
                   .hidden_visibility = "after_due_date"};
    if (gr_write_results_json(&r, s->json, error, sizeof error) != 0)
        fprintf(stderr, "class: %s\n", error);
    free(messages);
}

/* The rows that were not graded, with their reasons, and the folders the metadata does not name. */
static void print_notes(const cl_row *rows, char *const *reasons, const cl_class *c)
{
    size_t shown = 0, more = 0, nobody = 0;
    for (size_t i = 0; i < c->n; i++) {
        bool unnamed = c->export && !c->subs[i].in_metadata;
        nobody += unnamed && strcmp(rows[i].status, "missing") != 0;
        if (!strcmp(rows[i].status, "graded") && !unnamed)
            continue;
        if (shown == 0)
            printf("\nsubmissions to look at:\n");
        if (shown++ >= NOTES_SHOWN) {
            more++;
            continue;
        }
        char *key = gr_clean_text(c->subs[i].key, false), *why = gr_clean_text(reasons[i], false);
        printf("  %s: %s%s%s%s\n", key ? key : "?", rows[i].status, why && why[0] ? ": " : "", why ? why : "",
               unnamed ? " (not in submission_metadata.yml: no student)" : "");
        free(key), free(why);
    }
    if (more)
        printf("  ... %zu more in the CSV\n", more);
    if (nobody)
        printf("  %zu submission%s without a student named in the metadata: not in the Canvas and Moodle CSVs\n",
               nobody, nobody == 1 ? "" : "s");
}

typedef struct {
    const char *work, *csv, *assignment, *pairs, *due, *late_penalty, *missing, *only;
    int threshold;
    char *exercises[CL_EXERCISES_MAX];
    size_t n_exercises;
} report_options;

/* The similarity report of each exercise of an assignment: WORK/src/NN-topic/N.c compared into WORK/pairs/NN-topic
 * (grade-all.sh), reported in RESULTS.NN-topic.similar.txt. */
static int report_similar(const report_options *o, cl_row *rows, size_t n)
{
    int rc = 0;
    for (size_t e = 0; e < (o->n_exercises > 1 ? o->n_exercises : 1); e++) {
        const char *ex = o->n_exercises > 1 ? o->exercises[e] : NULL;
        char error[512] = "out of memory", *sp = NULL, *pairs = NULL, *suffix = NULL;
        bool ok = asprintf(&suffix, "%s%s.similar.txt", ex ? "." : "", ex ? ex : "") >= 0 &&
                  (sp = sibling(o->csv, suffix)) != NULL &&
                  (ex ? asprintf(&pairs, "%s/pairs/%s", o->work, ex) : asprintf(&pairs, "%s", o->pairs)) >= 0;
        for (size_t i = 0; ok && ex && i < n; i++) {
            char *src = NULL;
            struct stat st;
            rows[i].source = asprintf(&src, "%s/src/%s/%zu.c", o->work, ex, i + 1) >= 0 && lstat(src, &st) == 0
                           ? (int)(i + 1) : 0;
            free(src);
        }
        if (!ok || cl_report_similar(rows, n, pairs, sp, o->threshold, stdout, error, sizeof error) != 0) {
            char *shown = gr_clean_text(error, false);
            fprintf(stderr, "class: %s\n", shown ? shown : "?");
            free(shown);
            rc = -1;
        }
        free(sp), free(pairs), free(suffix);
    }
    return rc;
}

/* Every row's status, scores and tests, then the files and the summary. */
static int report(const report_options *o, const cl_class *c, const cl_policy *policy)
{
    cl_row *rows = calloc(c->n + 1, sizeof *rows);
    cJSON **json = calloc(c->n + 1, sizeof *json);
    char **reasons = calloc(c->n + 1, sizeof *reasons);
    cl_tests tests = {0};
    if (!rows || !json || !reasons)
        return fprintf(stderr, "class: out of memory\n"), 1;
    double max_score = NAN;
    for (size_t i = 0; i < c->n; i++) {
        cl_row *r = &rows[i];
        *r = (cl_row){.sub = &c->subs[i], .status = "missing", .score = NAN, .max_score = NAN};
        r->part_scores = calloc(o->n_exercises + 1, sizeof *r->part_scores);
        if (!r->part_scores)
            return fprintf(stderr, "class: out of memory\n"), 1;
        for (size_t e = 0; e < o->n_exercises; e++)
            r->part_scores[e] = NAN;
        char *row = NULL;
        if (c->subs[i].kind == CL_GRADE && o->n_exercises > 1) {
            if (cl_read_parts(o->work, i + 1, o->exercises, o->n_exercises, r, &reasons[i]) != 0)
                return fprintf(stderr, "class: out of memory\n"), 1;
        } else if (c->subs[i].kind == CL_GRADE && asprintf(&row, "%s/rows/%08zu.csv", o->work, i + 1) >= 0) {
            cl_read_row(row, r);
        }
        free(row);
        if (c->subs[i].kind == CL_GRADE) {
            json[i] = cl_read_json(c->subs[i].json);
            if (isfinite(r->max_score))
                max_score = r->max_score;
        }
        char *src = NULL;
        struct stat st;
        if (asprintf(&src, "%s/src/%zu.c", o->work, i + 1) >= 0 && lstat(src, &st) == 0)
            r->source = (int)(i + 1);
        free(src);
    }
    if (find_tests(json, c->n, &tests) != 0)
        return fprintf(stderr, "class: out of memory\n"), 1;
    for (size_t i = 0; i < c->n; i++) {
        cl_row *r = &rows[i];
        if (c->subs[i].kind == CL_INVALID) {
            r->status = "invalid-file", r->score = 0, r->has_score = true, r->max_score = max_score;
            write_invalid_json(&c->subs[i], max_score);
            for (size_t e = 0; e < o->n_exercises; e++)
                r->part_scores[e] = 0;
        }
        r->test_scores = calloc(tests.n + 1, sizeof *r->test_scores);
        if (!r->test_scores)
            return fprintf(stderr, "class: out of memory\n"), 1;
        fill_test_scores(json[i], &tests, r);
        bool zero = r->has_score && r->score == 0 && strcmp(r->status, "graded") != 0;
        bool graded = json[i] && !strcmp(r->status, "graded");
        for (size_t k = 0; k < tests.n; k++)
            if (zero || (graded && isnan(r->test_scores[k])))
                r->test_scores[k] = 0;
        if (!reasons[i])
            reasons[i] = c->subs[i].kind != CL_GRADE ? strdup(c->subs[i].reason)
                       : strcmp(r->status, "graded") != 0 && json[i] ? cl_reason_of(json[i]) : strdup("");
        if (!reasons[i])
            return fprintf(stderr, "class: out of memory\n"), 1;
    }
    cl_text scores = {0}, canvas = {0}, moodle = {0};
    cl_apply_policy(rows, c->n, policy);
    write_scores(&scores, rows, reasons, c->n, &tests, o->exercises, o->n_exercises, policy->has_due);
    int rc = write_text(o->csv, &scores, NULL, stdout);
    print_notes(rows, reasons, c);
    cl_print_summary(rows, c->n, &tests, stdout);
    cl_print_policy(rows, c->n, policy, o->due, stdout);
    char error[512], *feedback = sibling(o->csv, ".feedback"), *json_dir = c->n ? strdup(c->subs[0].json) : NULL;
    size_t target = 0;
    const char *only = o->only && cl_find_only(c, o->only, &target) == 0 ? c->subs[target].key : NULL;
    if (json_dir && strrchr(json_dir, '/'))
        *strrchr(json_dir, '/') = '\0';
    if (!json_dir || cl_keep(c, json_dir, o->work, o->exercises, o->n_exercises, error, sizeof error) != 0) {
        char *shown = gr_clean_text(json_dir ? error : "out of memory", false);
        fprintf(stderr, "class: %s\n", shown ? shown : "?");
        free(shown);
        rc = -1;
    }
    if (!feedback || cl_write_feedback(feedback, rows, json, reasons, c->n, policy, only, error, sizeof error) != 0) {
        char *shown = gr_clean_text(feedback ? error : "out of memory", false);
        fprintf(stderr, "class: %s\n", shown ? shown : "?");
        free(shown);
        rc = -1;
    } else {
        char *shown = gr_clean_text(feedback, false);
        printf("feedback a submission: %s/NAME.txt\n", shown ? shown : "?");
        free(shown);
    }
    free(feedback);
    bool students = false;
    for (size_t i = 0; i < c->n; i++)
        students = students || c->subs[i].n_students > 0;
    if (students) {
        cl_write_lms(&canvas, &moodle, rows, c->n, o->assignment, policy, max_score);
        char *cp = sibling(o->csv, ".canvas.csv"), *mp = sibling(o->csv, ".moodle.csv");
        rc |= write_text(cp, &canvas, "Canvas gradebook import", stdout);
        rc |= write_text(mp, &moodle, "Moodle grade import", stdout);
        free(cp), free(mp);
    } else {
        printf("no students named (%s has no metadata): no Canvas or Moodle CSV\n",
               c->repositories ? "a folder of repositories" : "a folder of .c files");
    }
    if (o->pairs || o->n_exercises > 1)
        rc |= report_similar(o, rows, c->n);
    for (size_t i = 0; i < c->n; i++)
        cJSON_Delete(json[i]), free(rows[i].test_scores), free(rows[i].part_scores), free(reasons[i]);
    for (size_t k = 0; k < tests.n; k++)
        free(tests.names[k]);
    free(tests.names), free(tests.max_scores), free(json), free(reasons);
    free(scores.data), free(canvas.data), free(moodle.data);
    size_t scored = 0, failed = 0, missing = 0;
    for (size_t i = 0; i < c->n; i++) {
        scored += cl_row_counts(&rows[i]);
        failed += !strcmp(rows[i].status, "grader-error");
        missing += !strcmp(rows[i].status, "missing");
    }
    char *csv = gr_clean_text(o->csv, false), *shown = gr_clean_text(json_dir ? json_dir : "?", false);
    printf("\n%s: %zu submission%s, %zu with a score", csv ? csv : "?", c->n, c->n == 1 ? "" : "s", scored);
    if (missing)
        printf(", %zu missing (no folder)", missing);
    if (failed)
        printf(", %zu the grader failed on (grade %s again)", failed, failed == 1 ? "it" : "them");
    printf("; results.json files in %s/\n", shown ? shown : "?");
    free(csv), free(json_dir), free(shown);
    free(rows);
    return rc == 0 && failed == 0 ? 0 : 1;
}

static int plan_command(const char *dir, const char *work, const char *json_dir, const char *only,
                        char *const *exercises, size_t n)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return cl_bad("SUBMISSIONS", dir, "is not a directory (allowed: a folder of .c files or a Gradescope export)");
    char error[1024], *manifest = NULL, *list = NULL;
    cl_class c = {0};
    if (asprintf(&manifest, "%s/manifest", work) < 0 || asprintf(&list, "%s/grade.list", work) < 0)
        return fprintf(stderr, "class: out of memory\n"), 1;
    int rc = 0;
    if (cl_plan(dir, json_dir, n ? n : 1, &c, error, sizeof error) != 0) {
        char *shown = gr_clean_text(error, false);
        fprintf(stderr, "grade-all: SUBMISSIONS: %s\n", shown ? shown : "?");
        free(shown);
        rc = 2;
    }
    size_t target = 0;
    if (rc == 0 && only && cl_find_only(&c, only, &target) != 0)
        rc = cl_bad("ONLY", only, "names no submission (allowed: the name of a folder of SUBMISSIONS, or the sid of "
                    "one of its students)");
    cl_text t = {0};
    for (size_t i = 0; rc == 0 && i < c.n; i++)
        if (c.subs[i].kind == CL_GRADE && (!only || i == target))
            cl_add(&t, "%zu%c%s%c%s%c", i + 1, 0, c.subs[i].file, 0, c.subs[i].json, 0);
    if (rc == 0 && n > 1 && !c.export && !c.repositories)
        rc = cl_bad("SUBMISSIONS", dir, "is a folder of .c files (allowed for an assignment of several exercises: a "
                 "Gradescope export, a folder a submission)");
    char *src = NULL;
    if (rc == 0 && n > 1 && (asprintf(&src, "%s/src", work) < 0 ||
                             cl_copy_sources(&c, exercises, n, src, error, sizeof error) != 0))
        rc = 1;
    free(src);
    if (rc == 0 && only && (rc = cl_restore(&c, target, json_dir, work, exercises, n, error, sizeof error)) == 2) {
        char *shown = gr_clean_text(error, false);
        fprintf(stderr, "grade-all: ONLY: %s\n", shown ? shown : "?");
        free(shown);
    }
    if (rc == 0 && (cl_write_manifest(&c, manifest, error, sizeof error) != 0 ||
                    write_text(list, &t, NULL, stdout) != 0))
        rc = 1;
    if (rc == 1)
        fprintf(stderr, "class: %s\n", error);
    for (size_t i = 0; rc == 0 && i < c.n; i++) {   /* the per-line list has every row: these are not judged */
        const char *stem = strrchr(c.subs[i].json, '/');
        char *why = c.subs[i].kind == CL_GRADE || (only && i != target) ? NULL : gr_clean_text(c.subs[i].reason, false);
        if (why)
            printf("%.*s: %s: %s\n", (int)strlen(stem + 1) - 5, stem + 1,
                   c.subs[i].kind == CL_MISSING ? "missing" : "invalid-file", why);
        free(why);
    }
    fflush(stdout);
    free(t.data), free(manifest), free(list);
    cl_free(&c);
    return rc;
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");           /* braille needs a UTF-8 LC_CTYPE ... */
    setlocale(LC_NUMERIC, "C");      /* ... but numbers always print with a '.' */
    cl_policy policy;
    if (argc == 5 && !strcmp(argv[1], "policy"))   /* grade-all checks DUE, LATE_PENALTY, MISSING before grading */
        return cl_read_policy(argv[2], argv[3], argv[4], &policy);
    if (argc >= 5 && argc - 5 <= CL_EXERCISES_MAX + 2 && !strcmp(argv[1], "plan"))
    {
        bool only = argc >= 7 && !strcmp(argv[5], "--only");
        return plan_command(argv[2], argv[3], argv[4], only ? argv[6] : NULL, argv + 5 + 2 * only,
                            (size_t)argc - 5 - 2 * only);
    }
    if (argc < 3 || strcmp(argv[1], "report") != 0)
        return fputs(usage, stderr), 2;
    report_options o = {.work = argv[2], .assignment = "numlab", .threshold = 70};
    for (int i = 3; i < argc; i += 2) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (!v)
            return cl_bad(argv[i], "", "needs a value");
        if (!strcmp(argv[i], "--csv"))
            o.csv = v;
        else if (!strcmp(argv[i], "--assignment"))
            o.assignment = v;
        else if (!strcmp(argv[i], "--pairs"))
            o.pairs = v;
        else if (!strcmp(argv[i], "--only"))
            o.only = v[0] ? v : NULL;
        else if (!strcmp(argv[i], "--due"))
            o.due = v;
        else if (!strcmp(argv[i], "--late-penalty"))
            o.late_penalty = v;
        else if (!strcmp(argv[i], "--missing"))
            o.missing = v;
        else if (!strcmp(argv[i], "--exercise") && o.n_exercises < CL_EXERCISES_MAX)
            o.exercises[o.n_exercises++] = (char *)v;
        else if (!strcmp(argv[i], "--threshold") && (o.threshold = (int)strtol(v, &end, 10), *end || end == v ||
                                                     o.threshold < 1 || o.threshold > 100))
            return cl_bad("SIMILARITY", v, "is not allowed (allowed: a percentage, 1..100)");
        else if (strcmp(argv[i], "--threshold") != 0)
            return cl_bad(argv[i], v, "is not an option (allowed: --csv, --assignment, --pairs, --threshold, --exercise, --due, --late-penalty, --missing, --only)");
    }
    size_t len = o.csv ? strlen(o.csv) : 0;
    if (len < 5 || strcmp(o.csv + len - 4, ".csv") != 0)
        return cl_bad("--csv", o.csv, "does not end in .csv (allowed: a path like scores.csv)");
    char error[1024], *manifest = NULL;
    cl_class c = {0};
    if (asprintf(&manifest, "%s/manifest", o.work) < 0 || cl_read_manifest(manifest, &c, error, sizeof error) != 0) {
        fprintf(stderr, "class: %s\n", manifest ? error : "out of memory");
        free(manifest);
        return 1;
    }
    free(manifest);
    int rc = cl_read_policy(o.due, o.late_penalty, o.missing, &policy);
    rc = rc ? rc : report(&o, &c, &policy);
    cl_free(&c);
    return rc;
}
