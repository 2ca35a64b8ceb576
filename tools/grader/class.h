/* class: what grade-all needs around the judge for a whole class (tools/grader/grade-all.sh runs it).
 *
 *   class plan DIR WORK JSON_DIR [NN-topic ...]
 *                            finds the submissions of DIR, a flat folder of .c files or a Gradescope export (one
 *                            folder a submission, submission_metadata.yml at the top), and writes WORK/manifest (a
 *                            record a submission) and WORK/grade.list ("N\0FILE\0JSON\0" for each one to judge:
 *                            the .c file, or with several exercises the folder, which assignment.sh grades); with
 *                            several, the file each exercise's rule picks (uploads.h) is copied to WORK/src/NN-topic/
 *                            N.c for the similarity report
 *   class report WORK ...    reads the judges' rows and results.json files, writes scores.csv (one column a test,
 *                            a row a student when the metadata names them), the Canvas and Moodle CSVs and the
 *                            similarity report, and prints the class summary
 *
 * Every name and text that came from a file is data: escaped before a terminal sees it (gr_clean_text), CSV-quoted
 * (gr_csv_field), and never part of a path but as the name of an entry read from the directory itself. */
#ifndef NUMLAB_GRADER_CLASS_H
#define NUMLAB_GRADER_CLASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#define CL_EXERCISES_MAX 32   /* exercises of an assignment */

typedef struct {
    char *name, *email, *sid;   /* as the metadata has them ("" when absent) */
} cl_student;

typedef enum {
    CL_GRADE,       /* one .c file: the judge grades it */
    CL_INVALID,     /* a folder with no .c file, several, or not a folder: score 0, the reason said */
    CL_MISSING      /* named in the metadata, no folder in the export: nothing graded */
} cl_kind;

typedef struct {
    cl_kind kind;
    char *key;              /* the file's path (a flat folder) or the folder's name (an export) */
    char *file;             /* the .c file to grade ("" unless CL_GRADE) */
    char *json;             /* the results.json path */
    char *reason;           /* why it is not graded ("" for CL_GRADE) */
    cl_student *students;   /* from the metadata (none for a flat folder or a folder the metadata lacks) */
    char *created_at;       /* the metadata's :created_at: ("" when absent) */
    size_t n_students;
    bool in_metadata;
} cl_submission;

typedef struct {
    cl_submission *subs;
    size_t n;
    bool export;            /* a Gradescope export (with metadata) rather than a flat folder */
    bool repositories;      /* a folder of folders without metadata: the class's repositories cloned side by side
                             * (GitHub Classroom), each folder a submission graded as an export's */
} cl_class;

/* The metadata of a Gradescope export: each key of the top mapping is a folder's name, with its :submitters:
 * (:name:, :sid:, :email:). Fills subs/n with CL_MISSING entries (the caller matches them to folders). 0, or -1
 * with the reason (the line and what was wrong) in error. */
int cl_read_metadata(const char *path, cl_class *c, char *error, size_t error_size);

/* Finds the submissions of dir (see above), in the order of their names, for an assignment of n_exercises (with
 * several, an export's folder is graded whole by assignment.sh); 0, or -1 with the reason in error. */
int cl_plan(const char *dir, const char *json_dir, size_t n_exercises, cl_class *c, char *error, size_t error_size);
/* With several exercises: each graded folder's file for each exercise (uploads.h), copied (a regular file, not
 * followed through a link, at most 1 MiB) to src_dir/NN-topic/N.c, N its place. 0, or -1 with the reason. */
int cl_copy_sources(const cl_class *c, char *const *exercises, size_t n, const char *src_dir, char *error,
                    size_t error_size);
/* Copies a regular file (not through a link) of at most 1 MiB, written whole or not at all; 0 or -1. */
int cl_copy_file(const char *from, const char *to);
/* ONLY= (class_regrade.c): the submission whose folder's name or a student's sid is only (0, its place in *index;
 * -1 when none); keeping each judged submission's rows beside its results.json (JSON_DIR/.grade-all/); and restoring
 * them into work for every submission but only's, so that a regrade of one leaves every other row as it was. 0, or
 * -1 (cl_keep) / 1 (cannot read) / 2 (a submission never graded whole: bad usage) with the reason in error. */
int cl_find_only(const cl_class *c, const char *only, size_t *index);
int cl_keep(const cl_class *c, const char *json_dir, const char *work, char *const *exercises, size_t n_exercises,
            char *error, size_t error_size);
int cl_restore(const cl_class *c, size_t only, const char *json_dir, const char *work, char *const *exercises,
               size_t n_exercises, char *error, size_t error_size);
/* The manifest: writes it to path (atomically), or reads it back. 0, or -1 with the reason in error. */
int cl_write_manifest(const cl_class *c, const char *path, char *error, size_t error_size);
int cl_read_manifest(const char *path, cl_class *c, char *error, size_t error_size);
void cl_free(cl_class *c);

/* A growing text, for the files written whole (gr_write_atomic). Out of memory sets failed. */
typedef struct {
    char *data;
    size_t len, cap;
    bool failed;
} cl_text;
void cl_add(cl_text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* A CSV field (gr_csv_field), then a comma or, with last, the end of the line. */
void cl_add_field(cl_text *t, const char *text, bool last);

/* What the report knows of one graded submission. */
typedef struct {
    const cl_submission *sub;
    const char *status;     /* graded, compile-error, invalid-file, grader-error, missing, or (of several exercises,
                             * some graded and some not) partial */
    double score, max_score;
    bool has_score;
    double *test_scores;    /* one a test of the class (cl_tests), NAN where unknown */
    int source;             /* its number in the similarity report's copies (1-based), 0 when not compared */
    double *part_scores;    /* with several exercises, one an exercise, NAN where unknown */
    double late_hours;      /* with a due date: hours after it (0 on time), NAN when unknown */
    double final_score;     /* the score after the late policy, */
    bool has_final;         /* when there is one (not for late work without a policy: flagged) */
} cl_row;

/* The due date and the policies (grade-all's DUE, LATE_PENALTY, MISSING). */
typedef enum { CL_LATE_NONE, CL_LATE_PERCENT, CL_LATE_ZERO } cl_late;
typedef struct {
    bool has_due;
    double due;             /* seconds since 1970-01-01T00:00:00Z */
    cl_late penalty;
    double percent;         /* CL_LATE_PERCENT: off the score for each day late or part of one */
    bool missing_zero;      /* a student the metadata names who submitted nothing: 0 (else blank) in the LMS files */
} cl_policy;

/* "class: OPTION: 'VALUE' ALLOWED" on stderr (the value escaped); returns 2, bad usage's exit status. */
int cl_bad(const char *option, const char *value, const char *allowed);
/* An instant of ISO 8601 with its offset (2026-12-01T23:59:00-05:00, Z for UTC, seconds and their fraction
 * optional) or as Gradescope's export writes :created_at: ("2026-11-20 10:00:00.000000000 -08:00"), as seconds
 * since 1970-01-01T00:00:00Z. false for anything else, a time without its offset too (not one instant). */
bool cl_parse_time(const char *text, double *seconds);
/* The policies from grade-all's options (NULL or "" when not given); 0, or 2 after saying what is wrong. */
int cl_read_policy(const char *due, const char *penalty, const char *missing, cl_policy *p);
/* Each row's late_hours and final_score: on time, the score; late by any part of D days, the score less
 * D x percent (not below 0), or 0 (LATE_PENALTY=zero), or none (no policy: flagged); without :created_at:, none. */
void cl_apply_policy(cl_row *rows, size_t n, const cl_policy *p);
/* The due date's line of the summary (on time, late, what became of the late ones) and the missing students'. */
void cl_print_policy(const cl_row *rows, size_t n, const cl_policy *p, const char *due, FILE *out);
/* Canvas's gradebook import as Canvas documents and exports it: Student (its "Last, First"), ID (Canvas's own: not
 * in the export, left empty), SIS User ID (:sid:), SIS Login ID (:email:), Section, the assignment; a Points
 * Possible row under the header. Moodle's: Email address, ID number, Full name, the assignment. A row a student
 * whose score counts (the final score; empty for late work without a policy) or who submitted nothing (0 or empty:
 * MISSING). */
void cl_write_lms(cl_text *canvas, cl_text *moodle, const cl_row *rows, size_t n, const char *assignment,
                  const cl_policy *p, double max_score);
/* The feedback files (class_feedback.c): dir/NAME.txt for each submission handed in (NAME its results.json's), or
 * only the one whose key is only: who, the score, the late policy's outcome, why it scored 0 without its tests, each
 * test (PASS/FAIL, points, what was wrong unless its visibility is "hidden"), the grader's messages; plain text,
 * control characters escaped. 0, or -1 with the reason in error. */
int cl_write_feedback(const char *dir, const cl_row *rows, cJSON *const *json, char *const *reasons, size_t n,
                      const cl_policy *p, const char *only, char *error, size_t error_size);

/* What class report reads (class_parts.c): a file of at most max bytes (not through a link), a results.json, the
 * judge's row "submission,score,max_score,status" (its last three fields: the first may hold commas; an unknown
 * status is grader-error), and why a submission scored 0 without its tests running, in a line: the first line of
 * its output (the outcome) and the first that says "error" (the compiler's first error), else the second, at most
 * 240 bytes. NULL when unreadable or out of memory. */
char *cl_slurp(const char *path, size_t max);
cJSON *cl_read_json(const char *path);
void cl_read_row(const char *path, cl_row *row);
char *cl_reason_of(const cJSON *json);
/* An assignment's row from its parts (work/parts/PLACE/NN-topic.csv and .json): part_scores, the total, the summed
 * maximum, the status (all parts alike: theirs; a grader-error in any: grader-error; else partial) and in *reason
 * "NN-topic: why" for each part not graded. 0, or -1 out of memory. */
int cl_read_parts(const char *work, size_t place, char *const *exercises, size_t n, cl_row *row, char **reason);

typedef struct {
    char **names;           /* column headers ("[hidden] " before the hidden tests' names) */
    double *max_scores;
    size_t n;
} cl_tests;

/* Whether a row's score counts: graded, or 0 for what was handed in; not the grader's failure (grade it again), not a
 * missing folder. Exactly these rows have a score in scores.csv, the LMS files and the summary. */
bool cl_row_counts(const cl_row *r);
/* The summary on out: count, mean, median, the histogram (the plot module), the tests most failed. */
void cl_print_summary(const cl_row *rows, size_t n, const cl_tests *tests, FILE *out);
/* The similarity report from pairs_path (lines "identical I J", "normalized I J", "similar I J PCT", I and J the
 * rows' source numbers; a line "missing sim_c" when sim_c is not there) into report_path, and a few lines on out. */
int cl_report_similar(const cl_row *rows, size_t n, const char *pairs_path, const char *report_path, int threshold,
                      FILE *out, char *error, size_t error_size);
/* A row's students as "name <email>, ..." for people, escaped; "" when none. Owned by the caller. */
char *cl_students_text(const cl_submission *s);

#endif
