/* report: results.json (Gradescope), a CSV row, and the summary on stdout (see report.h). */
#define _GNU_SOURCE
#include "report.h"

#include "i18n.h"
#include "numlab/text.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One escaper for the grader and the labs (numlab/text.h): C0 and C1 controls, DEL, bytes that are not UTF-8 and
 * the bidirectional controls, all shown, never acted on; tab kept, and newline where the text is shown as lines. */
char *gr_clean_text(const char *text, bool keep_newlines)
{
    unsigned keep = TEXT_KEEP_TAB | (keep_newlines ? TEXT_KEEP_NEWLINE : 0);
    size_t len = text_escape_keeping(text, keep, NULL, 0);
    char *out = malloc(len + 1);
    if (out)
        text_escape_keeping(text, keep, out, len + 1);
    return out;
}

int gr_write_atomic(const char *path, const char *data, size_t len, char *error, size_t error_size)
{
    char copy[PATH_MAX], tmp[PATH_MAX + 32];
    snprintf(copy, sizeof copy, "%s", path);
    snprintf(tmp, sizeof tmp, "%s/.numlab-results.XXXXXX", dirname(copy));
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(error, error_size, _("%s: cannot create a file next to it: %s"), path, strerror(errno));
        return -1;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    int e = errno;
    if (done < len || fchmod(fd, 0644) != 0 || fsync(fd) != 0 || close(fd) != 0 || rename(tmp, path) != 0) {
        e = done < len ? e : errno;
        unlink(tmp);
        snprintf(error, error_size, "%s: %s", path, strerror(e));
        return -1;
    }
    /* the rename reaches the disk with its folder's entry (best effort: some file systems refuse a folder's fsync) */
    snprintf(copy, sizeof copy, "%s", path);
    int dir = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        (void)fsync(dir);
        close(dir);
    }
    return 0;
}

/* Adds a cleaned copy of text as a string member; false when out of memory. */
static bool add_text(cJSON *object, const char *name, const char *text)
{
    char *clean = gr_clean_text(text ? text : "", true);
    bool ok = clean && cJSON_AddStringToObject(object, name, clean);
    free(clean);
    return ok;
}

const char *gr_outcome_text(gr_outcome outcome)
{
    switch (outcome) {
    case GR_GRADED: return "";
    case GR_NOT_COMPILED: return _("The submission does not compile.\n");
    case GR_INVALID_FILE: return _("The submission was not graded: there is no C source file to grade.\n");
    case GR_GRADER_FAILED:
        return _("The grader could not grade this submission (not a fault of the submission); your instructor can "
                 "see why in the grader's messages.\n");
    case GR_UNFINISHED:
        return _("Grading did not finish (the grader was stopped before it wrote the results); ask your "
                 "instructor to grade again.\n");
    }
    return "";
}

static const char *outcome_status(gr_outcome outcome)
{
    switch (outcome) {
    case GR_GRADED: return "graded";
    case GR_NOT_COMPILED: return "compile-error";
    case GR_INVALID_FILE: return "invalid-file";
    case GR_GRADER_FAILED:
    case GR_UNFINISHED: return "grader-error";
    }
    return "grader-error";
}

char *gr_read_whole(const char *path, long max, char *error, size_t error_size)
{
    FILE *f = fopen(path, "rb");
    char *text = f ? malloc((size_t)max + 1) : NULL;
    size_t n = text ? fread(text, 1, (size_t)max + 1, f) : 0;
    if (!f || !text || ferror(f) || n > (size_t)max) {
        snprintf(error, error_size, "%s: %s", path,
                 !f ? strerror(errno) : n > (size_t)max ? "too large" : "cannot read");
        free(text);
        if (f)
            fclose(f);
        return NULL;
    }
    fclose(f);
    text[n] = '\0';
    return text;
}

double gr_json_number(const cJSON *object, const char *name)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
    return cJSON_IsNumber(item) ? item->valuedouble : 0.0;
}

double gr_points_factor(const double *points, size_t n, double total)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += points[i];
    return total > 0 && sum > 0 ? total / sum : 1.0;
}

int gr_write_results_json(const gr_report *r, const char *path, char *error, size_t error_size)
{
    char *output = NULL;
    if (asprintf(&output, "%s%s%s", gr_outcome_text(r->outcome), r->messages ? r->messages : "",
                 r->notes ? r->notes : "") < 0)
        output = NULL;
    cJSON *root = output ? cJSON_CreateObject() : NULL;
    bool ok = root && cJSON_AddNumberToObject(root, "score", r->score) &&
              cJSON_AddNumberToObject(root, "max_score", r->max_score) &&
              cJSON_AddNumberToObject(root, "execution_time", r->seconds) && add_text(root, "output", output) &&
              cJSON_AddStringToObject(root, "visibility", "visible") &&
              cJSON_AddStringToObject(root, "stdout_visibility", "hidden");
    cJSON *tests = ok ? cJSON_AddArrayToObject(root, "tests") : NULL;
    ok = ok && tests;
    for (size_t i = 0; ok && i < r->n_tests; i++) {
        const gr_test_report *t = &r->tests[i];
        cJSON *test = cJSON_CreateObject();
        ok = test && cJSON_AddItemToArray(tests, test) && add_text(test, "name", t->name) &&
             cJSON_AddNumberToObject(test, "score", t->score) &&
             cJSON_AddNumberToObject(test, "max_score", t->max_score) &&
             cJSON_AddStringToObject(test, "status", t->passed ? "passed" : "failed") &&
             add_text(test, "output", t->output) &&
             cJSON_AddStringToObject(test, "visibility", t->hidden ? r->hidden_visibility : "visible");
    }
    char *json = ok ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    free(output);
    if (!json) {
        snprintf(error, error_size, _("out of memory writing %s"), path);
        return -1;
    }
    size_t len = strlen(json);
    char *text = malloc(len + 2);
    int rc = -1;
    if (text) {
        memcpy(text, json, len);
        text[len] = '\n';
        rc = gr_write_atomic(path, text, len + 1, error, error_size);
    } else {
        snprintf(error, error_size, _("out of memory writing %s"), path);
    }
    free(text);
    cJSON_free(json);
    return rc;
}

char *gr_csv_field(const char *text, bool formula_safe)
{
    char *clean = gr_clean_text(text, false);
    char *out = clean ? malloc(2 * strlen(clean) + 4) : NULL;
    if (!out) {
        free(clean);
        return NULL;
    }
    size_t o = 0;
    bool formula = formula_safe && clean[0] && strchr("=+-@\t", clean[0]);
    bool quote = formula || strpbrk(clean, ",\"") != NULL;
    if (quote)
        out[o++] = '"';
    if (formula)
        out[o++] = '\'';
    for (const char *p = clean; *p; p++) {
        if (*p == '"')
            out[o++] = '"';
        out[o++] = *p;
    }
    if (quote)
        out[o++] = '"';
    out[o] = '\0';
    free(clean);
    return out;
}

int gr_write_csv_row(const gr_report *r, const char *path, char *error, size_t error_size)
{
    char *name = gr_csv_field(r->submission, false), *row = NULL;
    int n = name ? asprintf(&row, "%s,%g,%g,%s\n", name, r->score, r->max_score, outcome_status(r->outcome)) : -1;
    free(name);
    if (n < 0) {
        snprintf(error, error_size, _("out of memory writing %s"), path);
        return -1;
    }
    int rc = gr_write_atomic(path, row, (size_t)n, error, error_size);
    free(row);
    return rc;
}

/* Prints the first `lines` lines of text, each prefixed, control characters escaped. */
static void print_lines(FILE *out, const char *prefix, const char *text, int lines)
{
    for (int i = 0; i < lines && text && *text; i++) {
        size_t n = strcspn(text, "\n");
        char *line = strndup(text, n), *clean = line ? gr_clean_text(line, false) : NULL;
        fprintf(out, "%s%s\n", prefix, clean ? clean : "?");
        free(line), free(clean);
        text += n + (text[n] == '\n');
    }
}

void gr_print_summary(const gr_report *r, const char *results_path, bool quiet, FILE *out)
{
    char *submission = gr_clean_text(r->submission, false), *results = gr_clean_text(results_path, false);
    if (!quiet) {
        fprintf(out, _("numlab grade: %s, submission %s\n"), r->exercise, submission ? submission : "?");
        if (r->outcome != GR_GRADED) {
            print_lines(out, "  ", gr_outcome_text(r->outcome), 1);
            print_lines(out, "  | ", r->messages, 12);
        }
        for (size_t i = 0; i < r->n_tests && r->outcome == GR_GRADED; i++) {
            const gr_test_report *t = &r->tests[i];
            /* TRANSLATORS: a test's verdict, four columns at most (the lines are aligned on it) */
            fprintf(out, "  %-4s %4g/%-4g %s", t->passed ? _("PASS") : _("FAIL"), t->score, t->max_score,
                    t->hidden ? _("[hidden] ") : "");
            print_lines(out, "", t->name, 1);
            if (!t->passed && t->reason[0])
                print_lines(out, "              ", t->reason, 1);
        }
    }
    fprintf(out, _("score %g / %g  (%s)\n"), r->score, r->max_score, results ? results : "?");
    free(submission), free(results);
}
