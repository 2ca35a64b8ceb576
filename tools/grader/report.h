/* report: what the judge decided, written as Gradescope's results.json, one CSV row, and a summary for people.
 *
 * Files are written whole or not at all: to a fresh temporary name in the target's directory, synced, then renamed
 * over the target, so whatever stood at that path before (a file a submission forged, a symbolic link) is replaced,
 * never written through. */
#ifndef NUMLAB_GRADER_REPORT_H
#define NUMLAB_GRADER_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    const char *name;       /* the case's title */
    double score, max_score;
    bool passed;
    bool hidden;
    char *output;           /* the details for the student (owned) */
    char reason[160];       /* one line for the summary when it failed */
} gr_test_report;

typedef enum {
    GR_GRADED,              /* the tests ran */
    GR_NOT_COMPILED,        /* score 0, the compiler's messages in output */
    GR_INVALID_FILE,        /* score 0: no file, a directory, a link, empty, too large, binary */
    GR_GRADER_FAILED,       /* score 0: the grader could not do its job (its message in output) */
    GR_UNFINISHED           /* score 0: written first, replaced when grading ends */
} gr_outcome;

typedef struct {
    const char *exercise;            /* e.g. 01-euler-steps */
    const char *submission;          /* the path given */
    gr_outcome outcome;
    double score, max_score, seconds;
    const char *messages;            /* the compiler's messages (errors or warnings) */
    const char *notes;               /* what the sandbox lacks on this machine, or "" */
    const char *hidden_visibility;   /* Gradescope visibility of hidden cases */
    gr_test_report *tests;
    size_t n_tests;
} gr_report;

/* --scale TOTAL: the factor that makes the points of n tests add up to total, total / (points[0] + ... +
 * points[n-1]); 1 (unscaled) when total <= 0 or the points add up to 0 or less. Every test's points, maximum and
 * score alike, are multiplied by it, so their ratios hold and a full score is total. */
double gr_points_factor(const double *points, size_t n, double total);

/* Returns 0, or -1 with a message in error. */
int gr_write_results_json(const gr_report *r, const char *path, char *error, size_t error_size);
/* submission,score,max_score,status (status: graded, compile-error, invalid-file or grader-error), one line: control
 * characters escaped, CSV-quoted where needed. */
int gr_write_csv_row(const gr_report *r, const char *path, char *error, size_t error_size);
/* PASS/FAIL per test with its points and, for failures, the reason; then the score. quiet: the score line only. */
void gr_print_summary(const gr_report *r, const char *results_path, bool quiet, FILE *out);

/* A copy of text that is valid UTF-8 without control characters but tab (and newline when keep_newlines): each
 * other C0 or C1 control, DEL and each byte of invalid UTF-8 is shown as \xNN, each bidirectional control as \uNNNN
 * (text_escape_keeping, numlab/text.h: the labs' escaper). NULL when out of memory. */
char *gr_clean_text(const char *text, bool keep_newlines);
/* The sentence that opens results.json's output for an outcome ("" when graded). */
const char *gr_outcome_text(gr_outcome outcome);
/* A CSV field (RFC 4180): control characters shown escaped (gr_clean_text, so one row is one line), quoted when it
 * holds a comma or a quote, quotes doubled. formula_safe: a text that a spreadsheet would take for a formula
 * (starting with = + - @ or a tab) gets a ' in front, quoted. NULL when out of memory. */
char *gr_csv_field(const char *text, bool formula_safe);
/* The whole file at path, NUL-terminated (malloc'd), or NULL with why in error: it cannot be read, or it holds more
 * than max bytes. */
char *gr_read_whole(const char *path, long max, char *error, size_t error_size);
/* The number `name` of a JSON object (a results.json's "score"), or 0 when it has none. */
struct cJSON;
double gr_json_number(const struct cJSON *object, const char *name);
/* Writes data to path atomically (see above). */
int gr_write_atomic(const char *path, const char *data, size_t len, char *error, size_t error_size);

#endif
