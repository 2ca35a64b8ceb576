/* class report: the feedback files, one plain-text file a submission that a student can read. */
#define _GNU_SOURCE
#include "class.h"
#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define OUTPUT_LINES 4   /* of a failed test's output: what was wrong, not pages of it */

/* text's lines, each indented, at most max of them (max 0: all), control characters escaped. */
static void add_lines(cl_text *t, const char *indent, const char *text, int max)
{
    char *clean = gr_clean_text(text, true);
    int n = 0;
    for (const char *p = clean ? clean : ""; *p && (max == 0 || n < max); n++) {
        size_t len = strcspn(p, "\n");
        cl_add(t, "%s%.*s\n", len ? indent : "", (int)len, p);
        p += len + (p[len] == '\n');
        if (max && n + 1 == max && *p)
            cl_add(t, "%s...\n", indent);
    }
    free(clean);
}

static void add_feedback(cl_text *t, const cl_row *r, const cJSON *json, const char *reason, const cl_policy *p)
{
    char *key = gr_clean_text(r->sub->key, false), *students = cl_students_text(r->sub);
    cl_add(t, "numlab: %s%s%s%s\n", key ? key : "?", students && students[0] ? " (" : "", students ? students : "",
           students && students[0] ? ")" : "");
    free(key), free(students);
    if (r->has_score)
        cl_add(t, "score %g / %g (%s)\n", r->score, r->max_score, r->status);
    else
        cl_add(t, "no score (%s): your instructor grades it again\n", r->status);
    if (p->has_due && r->late_hours > 0 && r->has_final)
        cl_add(t, "submitted %g hours after the due date: final score %g\n", r->late_hours, r->final_score);
    else if (p->has_due && r->late_hours > 0)
        cl_add(t, "submitted %g hours after the due date: your instructor decides what counts\n", r->late_hours);
    if (reason && reason[0])
        add_lines(t, "why: ", reason, 1);
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(json, "tests"), *test;
    if (cJSON_GetArraySize(tests) > 0)
        cl_add(t, "\ntests:\n");
    cJSON_ArrayForEach(test, tests) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(test, "name");
        const cJSON *score = cJSON_GetObjectItemCaseSensitive(test, "score");
        const cJSON *max = cJSON_GetObjectItemCaseSensitive(test, "max_score");
        const cJSON *vis = cJSON_GetObjectItemCaseSensitive(test, "visibility");
        const cJSON *out = cJSON_GetObjectItemCaseSensitive(test, "output");
        double got = cJSON_IsNumber(score) ? score->valuedouble : 0, of = cJSON_IsNumber(max) ? max->valuedouble : 0;
        bool hidden = cJSON_IsString(vis) && strcmp(vis->valuestring, "visible") != 0;
        char *shown = gr_clean_text(cJSON_IsString(name) ? name->valuestring : "?", false);
        cl_add(t, "  %s %g/%g  %s%s\n", got >= of ? "PASS" : "FAIL", got, of, hidden ? "[hidden] " : "",
               shown ? shown : "?");
        free(shown);
        /* what was wrong, unless Gradescope would never show it (visibility "hidden") */
        if (got < of && cJSON_IsString(out) && !(cJSON_IsString(vis) && !strcmp(vis->valuestring, "hidden")))
            add_lines(t, "         ", out->valuestring, OUTPUT_LINES);
    }
    const cJSON *output = cJSON_GetObjectItemCaseSensitive(json, "output");
    if (cJSON_IsString(output) && output->valuestring[strspn(output->valuestring, "\n")]) {
        cl_add(t, "\nthe grader's messages:\n");
        add_lines(t, "  ", output->valuestring, 0);
    }
}

int cl_write_feedback(const char *dir, const cl_row *rows, cJSON *const *json, char *const *reasons, size_t n,
                      const cl_policy *p, const char *only, char *error, size_t error_size)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return snprintf(error, error_size, "cannot make %s: %s", dir, strerror(errno)), -1;
    for (size_t i = 0; i < n; i++) {
        const cl_submission *s = rows[i].sub;
        const char *stem = strrchr(s->json, '/');
        if (!strcmp(rows[i].status, "missing") || !stem || (only && strcmp(s->key, only) != 0))
            continue;   /* a missing folder was not handed in: nothing to say to anyone */
        char *path = NULL;
        cl_text t = {0};
        add_feedback(&t, &rows[i], json[i], reasons[i], p);
        int rc = t.failed || asprintf(&path, "%s/%.*s.txt", dir, (int)strlen(stem + 1) - 5, stem + 1) < 0
               ? (snprintf(error, error_size, "out of memory"), -1)
               : gr_write_atomic(path, t.data, t.len, error, error_size);
        free(path), free(t.data);
        if (rc != 0)
            return -1;
    }
    return 0;
}
