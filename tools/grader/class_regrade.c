/* grade-all's ONLY=: regrading one submission into an existing scores.csv. Every run keeps what the report
 * needs of each judged submission beside its results.json (JSON_DIR/.grade-all/NAME.csv, the judge's row;
 * NAME.parts/NN-topic.csv and .json, an assignment's parts; NAME.c, its copy for the similarity report); a regrade
 * judges the one and takes the others' from there, so that every other row comes out byte for byte as it was. */
#define _GNU_SOURCE
#include "class.h"
#include "report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KEPT ".grade-all"   /* under JSON_DIR */

int cl_find_only(const cl_class *c, const char *only, size_t *index)
{
    for (size_t i = 0; i < c->n; i++) {
        bool match = !strcmp(c->subs[i].key, only);
        for (size_t k = 0; k < c->subs[i].n_students && !match; k++)
            match = c->subs[i].students[k].sid[0] && !strcmp(c->subs[i].students[k].sid, only);
        if (match) {
            *index = i;
            return 0;
        }
    }
    return -1;
}

/* What row i keeps: the judge's row, each part's row and JSON, the similarity copy, as pairs of the work's path
 * and the kept one. */
typedef struct {
    char *work[2 * CL_EXERCISES_MAX + 2], *kept[2 * CL_EXERCISES_MAX + 2];
    size_t n;
    bool failed;
} kept_files;

static void add_kept(kept_files *k, char *work, char *kept)
{
    if (!work || !kept || k->n >= sizeof k->work / sizeof *k->work) {
        free(work), free(kept);
        k->failed = true;
        return;
    }
    k->work[k->n] = work, k->kept[k->n++] = kept;
}

static char *text_of(const char *format, ...) __attribute__((format(printf, 1, 2)));
static char *text_of(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    char *s = NULL;
    int n = vasprintf(&s, format, ap);
    va_end(ap);
    return n < 0 ? NULL : s;
}

static void files_of(const cl_submission *s, size_t place, const char *json_dir, const char *work,
                     char *const *exercises, size_t n_exercises, kept_files *k)
{
    const char *stem = strrchr(s->json, '/');
    int len = stem ? (int)strlen(stem + 1) - 5 : 0;
    *k = (kept_files){0};
    if (!stem) {
        k->failed = true;
        return;
    }
    if (n_exercises < 2) {
        add_kept(k, text_of("%s/rows/%08zu.csv", work, place), text_of("%s/" KEPT "/%.*s.csv", json_dir, len, stem + 1));
        add_kept(k, text_of("%s/src/%zu.c", work, place), text_of("%s/" KEPT "/%.*s.c", json_dir, len, stem + 1));
    }
    for (size_t e = 0; n_exercises > 1 && e < n_exercises; e++)
        for (int json = 0; json < 2; json++)
            add_kept(k, text_of("%s/parts/%08zu/%s.%s", work, place, exercises[e], json ? "json" : "csv"),
                     text_of("%s/" KEPT "/%.*s.parts/%s.%s", json_dir, len, stem + 1, exercises[e],
                             json ? "json" : "csv"));
}

static void free_kept(kept_files *k)
{
    for (size_t i = 0; i < k->n; i++)
        free(k->work[i]), free(k->kept[i]);
}

/* path's folder and the one above it (work/parts/N/, JSON_DIR/.grade-all/NAME.parts/), made when missing. */
static int make_folder_of(const char *path)
{
    char *dir = strdup(path), *slash = dir ? strrchr(dir, '/') : NULL, *up = NULL;
    int rc = -1;
    if (slash) {
        *slash = '\0';
        if ((up = strrchr(dir, '/')) != NULL) {
            *up = '\0';
            mkdir(dir, 0700);   /* may be there: the next one says */
            *up = '/';
        }
        rc = mkdir(dir, 0700) == 0 || errno == EEXIST ? 0 : -1;
    }
    free(dir);
    return rc;
}

int cl_keep(const cl_class *c, const char *json_dir, const char *work, char *const *exercises, size_t n_exercises,
            char *error, size_t error_size)
{
    char *kept = text_of("%s/" KEPT, json_dir);
    if (!kept || (mkdir(kept, 0700) != 0 && errno != EEXIST)) {
        snprintf(error, error_size, "cannot make %s", kept ? kept : "a folder");
        free(kept);
        return -1;
    }
    free(kept);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < c->n; i++) {
        kept_files k;
        if (c->subs[i].kind != CL_GRADE)
            continue;
        files_of(&c->subs[i], i + 1, json_dir, work, exercises, n_exercises, &k);
        for (size_t f = 0; rc == 0 && !k.failed && f < k.n; f++) {
            struct stat st;
            if (lstat(k.work[f], &st) != 0) {   /* not there (a copy not compared): not kept either */
                unlink(k.kept[f]);
                continue;
            }
            rc = make_folder_of(k.kept[f]) == 0 && cl_copy_file(k.work[f], k.kept[f]) == 0 ? 0
                 : (snprintf(error, error_size, "cannot keep %s", k.kept[f]), -1);
        }
        if (k.failed)
            rc = (snprintf(error, error_size, "out of memory"), -1);
        free_kept(&k);
    }
    return rc;
}

int cl_restore(const cl_class *c, size_t only, const char *json_dir, const char *work, char *const *exercises,
               size_t n_exercises, char *error, size_t error_size)
{
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < c->n; i++) {
        kept_files k;
        if (c->subs[i].kind != CL_GRADE || i == only)
            continue;
        files_of(&c->subs[i], i + 1, json_dir, work, exercises, n_exercises, &k);
        for (size_t f = 0; rc == 0 && !k.failed && f < k.n; f++) {
            struct stat st;
            bool optional = n_exercises < 2 && f == 1;   /* the similarity copy */
            if (lstat(k.kept[f], &st) != 0 && optional)
                continue;
            if (lstat(k.kept[f], &st) != 0) {
                char *key = gr_clean_text(c->subs[i].key, false);
                snprintf(error, error_size, "%s was not graded by an earlier grade-all of these RESULTS (allowed with "
                         "ONLY: an export graded whole before; grade it without ONLY)", key ? key : "?");
                free(key);
                rc = 2;
            } else if (make_folder_of(k.work[f]) != 0 || cl_copy_file(k.kept[f], k.work[f]) != 0) {
                rc = (snprintf(error, error_size, "cannot read %s", k.kept[f]), 1);
            }
        }
        if (k.failed)
            rc = (snprintf(error, error_size, "out of memory"), 1);
        free_kept(&k);
    }
    return rc;
}
