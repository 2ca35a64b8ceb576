/* grader: an exercise's tests, written once, used by the Check runner (`make exercise`) and by the grader.
 *
 * A case has a title, its points, a probe and a reference:
 *   - the probe calls the submission and records what it computed, in order (gr_put);
 *   - the reference says what those values must be, computed without any submission (a closed form, a hand
 *     calculation, a published number), each with a label and a tolerance (gr_want).
 * A case passes when the probe sent exactly as many values as the reference wants and each is within tolerance.
 *
 *   GR_PROBE(seed_40_steps) {
 *       state s = {1, 0};
 *       for (int i = 0; i < 40; i++) s = euler_explicit_step(undamped, s, 0.02);
 *       gr_put(out, s.x);
 *   }
 *   GR_REFERENCE(seed_40_steps) { gr_want(ref, -5590.544, GR_ABS(5e-4), "x after 40 steps"); }
 *   const gr_case gr_visible[] = { GR_CASE(seed_40_steps, "the spring article: 40 explicit steps of 20 ms") };
 * with its points in the exercise's points.h, the one place for all of them: #define GR_POINTS_seed_40_steps 2
 *   GR_COUNT_OF(gr_visible);
 *
 * Each translation unit is compiled for one side, chosen with -DGR_SIDE_PROBE, -DGR_SIDE_JUDGE or -DGR_SIDE_BOTH:
 *   - the probe program (linked with the submission, run once per case in a sandboxed child) keeps the probes;
 *   - the judge (which never runs submitted code) keeps the references and compares;
 *   - the Check runner keeps both.
 * The other side's functions are still compiled, so they stay type-checked, but as unused static inline functions,
 * which compilers never emit: the probe program holds no reference a submission could call. Helpers used only by
 * references must be static inline for the same reason. */
#ifndef NUMLAB_GRADER_H
#define NUMLAB_GRADER_H

#include <stdbool.h>
#include <stddef.h>

#include "i18n.h"   /* _() for a label's words passed as an argument (a title and a label need no mark) */

#define GR_MAX_VALUES 512    /* values one case may send */
#define GR_LABEL_SIZE 96

/* Pass when |got - want| <= max(abs, rel * |want|); NaN never passes unless NaN is wanted; infinities must match. */
typedef struct {
    double rel, abs;
} gr_tol;

#define GR_EXACT ((gr_tol){0.0, 0.0})
#define GR_REL(r) ((gr_tol){(r), 0.0})
#define GR_ABS(a) ((gr_tol){0.0, (a)})
#define GR_TOL(r, a) ((gr_tol){(r), (a)})

/* The values a probe produced, or a reference wants (with their tolerances and labels). */
typedef struct {
    size_t count;
    bool overflow;    /* more than GR_MAX_VALUES were recorded: the case fails */
    double value[GR_MAX_VALUES];
    gr_tol tol[GR_MAX_VALUES];
    char label[GR_MAX_VALUES][GR_LABEL_SIZE];
} gr_values;

/* Probe side: one value computed through the submission. */
void gr_put(gr_values *out, double value);
/* Reference side: one value the probe must have sent at this position. */
void gr_want(gr_values *ref, double want, gr_tol tol, const char *label_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* ... its label counting n of something: one_fmt when the language says one (n == 1 in English and Spanish),
 * many_fmt otherwise, e.g. gr_want_n(ref, x, tol, n, "x after %d step", "x after %d steps", n). */
void gr_want_n(gr_values *ref, double want, gr_tol tol, unsigned long n, const char *one_fmt, const char *many_fmt, ...)
    __attribute__((format(printf, 6, 7)));

typedef void (*gr_fn)(gr_values *);

typedef struct {
    const char *id;       /* the C identifier, for logs */
    const char *title;    /* what a student reads: the idea and where the numbers come from */
    double points;
    gr_fn probe;          /* NULL in the judge */
    gr_fn reference;      /* NULL in the probe program */
} gr_case;

/* Each exercise defines gr_visible (tests.c) and gr_hidden (hidden/tests.c, or the empty table of no_hidden.c). */
extern const gr_case gr_visible[];
extern const size_t gr_visible_count;
extern const gr_case gr_hidden[];
extern const size_t gr_hidden_count;
#define GR_COUNT_OF(table) const size_t table##_count = sizeof table / sizeof table[0]

#define GR_UNUSED_ static inline __attribute__((unused))
#if defined(GR_SIDE_PROBE)
#define GR_PROBE(id) static void gr_probe_##id(gr_values *out)
#define GR_REFERENCE(id) GR_UNUSED_ void gr_ref_##id(gr_values *ref)
#define GR_CASE(id, title) {#id, title, GR_POINTS_##id, gr_probe_##id, NULL}
#elif defined(GR_SIDE_JUDGE)
#define GR_PROBE(id) GR_UNUSED_ void gr_probe_##id(gr_values *out)
#define GR_REFERENCE(id) static void gr_ref_##id(gr_values *ref)
#define GR_CASE(id, title) {#id, title, GR_POINTS_##id, NULL, gr_ref_##id}
#elif defined(GR_SIDE_BOTH)
#define GR_PROBE(id) static void gr_probe_##id(gr_values *out)
#define GR_REFERENCE(id) static void gr_ref_##id(gr_values *ref)
#define GR_CASE(id, title) {#id, title, GR_POINTS_##id, gr_probe_##id, gr_ref_##id}
#else   /* the grader's own files need no side; an exercise's tests do */
#define GR_PROBE(id) _Static_assert(0, "compile exercise tests with -DGR_SIDE_PROBE, _JUDGE or _BOTH")
#endif

/* Wall-clock seconds one test may take, the same in `make exercise` and in grading (the judge's --timeout default):
 * 2 s unless an exercise's tests.c says otherwise with GR_TIME_LIMIT(seconds). */
extern const double gr_time_limit;
#define GR_TIME_LIMIT(seconds) const double gr_time_limit = (seconds)

/* --- comparing (the judge and the Check runner) ----------------------------------------------------------- */

bool gr_value_ok(double got, double want, gr_tol tol);

/* Compares what a probe sent with what the reference wants. Returns true when the case passes, and writes a
 * report into text (always NUL-terminated): one line per value, or why nothing could be compared. */
bool gr_compare(const gr_values *got, const gr_values *want, char *text, size_t size);

/* Appends formatted text at text + *len, never past size, always NUL-terminated; *len stays < size. */
void gr_appendf(char *text, size_t size, size_t *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
