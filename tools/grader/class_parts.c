/* class report: what it reads of each submission: the judge's CSV row, its results.json, and for an assignment of
 * several exercises each exercise's part (assignment.sh's ASSIGNMENT_PARTS: NN-topic.csv and NN-topic.json). */
#define _GNU_SOURCE
#include "class.h"
#include "report.h"
#include "numlab/common.h"

#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *cl_slurp(const char *path, size_t max)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    char *data = NULL;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size <= max &&
        (data = malloc((size_t)st.st_size + 1)) != NULL) {
        ssize_t n = read(fd, data, (size_t)st.st_size);
        data[n > 0 ? n : 0] = '\0';
    }
    if (fd >= 0)
        close(fd);
    return data;
}

cJSON *cl_read_json(const char *path)
{
    char *text = cl_slurp(path, 64 << 20);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    return j;
}

void cl_read_row(const char *path, cl_row *row)
{
    char *text = cl_slurp(path, 1 << 16);
    char *status = text ? strrchr(text, ',') : NULL;
    row->status = "grader-error";
    if (!status) {
        free(text);
        return;
    }
    *status++ = '\0';
    status[strcspn(status, "\n")] = '\0';
    static const char *const known[] = {"graded", "compile-error", "invalid-file"};
    for (size_t k = 0; k < sizeof known / sizeof *known; k++)
        if (!strcmp(status, known[k]))
            row->status = known[k];
    char *max = strrchr(text, ',');
    if (max) {
        *max++ = '\0';
        /* the judge's numbers, in the project's one number grammar: a field that is not one (empty, "12abc",
         * "nan") is no score, and the row no grading */
        char *score = strrchr(text, ',');
        double s = NAN, m = NAN;
        row->has_score = score && numlab_number(score + 1, &s) == NUMLAB_NUMBER_OK &&
                         numlab_number(max, &m) == NUMLAB_NUMBER_OK && m > 0.0;
        row->score = row->has_score ? s : NAN;
        row->max_score = row->has_score ? m : NAN;
        if (!row->has_score)
            row->status = "grader-error";
    }
    free(text);
}

char *cl_reason_of(const cJSON *json)
{
    const cJSON *out = cJSON_GetObjectItemCaseSensitive(json, "output");
    const char *text = cJSON_IsString(out) ? out->valuestring : "", *next = text + strcspn(text, "\n");
    const char *detail = *next ? next + 1 : next, *error = strstr(detail, "error");
    if (error) {
        while (error > detail && error[-1] != '\n')
            error--;
        detail = error;
    }
    char *r = NULL;
    if (asprintf(&r, "%.*s%s%.*s", (int)(next - text), text, *detail ? " " : "", (int)strcspn(detail, "\n"),
                 detail) < 0)
        return NULL;
    size_t len = strlen(r);
    if (len > 240)   /* cut at a character's start */
        for (len = 240; len > 0 && ((unsigned char)r[len] & 0xC0) == 0x80;)
            len--;
    r[len] = '\0';
    return r;
}

/* The row's status from its parts': all alike, that one; a grader's failure in any, grader-error (grade it again);
 * else partial (some graded, some not: the reason says which). */
static const char *combined_status(const char *const *parts, size_t n)
{
    bool alike = true;
    for (size_t e = 0; e < n; e++) {
        if (!strcmp(parts[e], "grader-error"))
            return "grader-error";
        alike = alike && !strcmp(parts[e], parts[0]);
    }
    return alike ? parts[0] : "partial";
}

int cl_read_parts(const char *work, size_t place, char *const *exercises, size_t n, cl_row *row, char **reason)
{
    const char *status[CL_EXERCISES_MAX] = {"grader-error"};
    cl_text why = {0};
    cl_add(&why, "%s", "");
    row->score = 0, row->max_score = 0, row->has_score = true;
    for (size_t e = 0; e < n && e < CL_EXERCISES_MAX; e++) {
        char *csv = NULL, *json = NULL;
        cl_row part = {.score = NAN, .max_score = NAN};
        if (asprintf(&csv, "%s/parts/%08zu/%s.csv", work, place, exercises[e]) < 0 ||
            asprintf(&json, "%s/parts/%08zu/%s.json", work, place, exercises[e]) < 0) {
            free(csv), free(why.data);
            return -1;
        }
        cl_read_row(csv, &part);
        status[e] = part.status;
        row->part_scores[e] = part.has_score ? part.score : NAN;
        row->has_score = row->has_score && part.has_score;
        row->score += part.has_score ? part.score : 0;
        row->max_score += isfinite(part.max_score) ? part.max_score : NAN;
        if (strcmp(part.status, "graded") != 0) {
            cJSON *j = cl_read_json(json);
            char *r = j ? cl_reason_of(j) : strdup("no results.json");
            cl_add(&why, "%s%s: %s", why.len ? "; " : "", exercises[e], r ? r : "?");
            free(r);
            cJSON_Delete(j);
        }
        free(csv), free(json);
    }
    row->status = combined_status(status, n < CL_EXERCISES_MAX ? n : CL_EXERCISES_MAX);
    if (!row->has_score)
        row->score = NAN;
    *reason = why.failed ? NULL : why.data;
    if (why.failed)
        free(why.data);
    return *reason ? 0 : -1;
}
