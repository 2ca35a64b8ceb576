/* class report: the summary on the terminal (with the plot module's histogram) and the similarity report. */
#define _GNU_SOURCE
#include "class.h"
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/plot.h"

#define MOST_FAILED 5      /* tests listed */
#define PAIRS_SHOWN 6      /* clusters of similar submissions on the terminal (all of them in the report) */

bool cl_row_counts(const cl_row *r)
{
    return r->has_score && strcmp(r->status, "grader-error") != 0 && strcmp(r->status, "missing") != 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The histogram: one bin a point up to 24 points, else 21 bins; a staircase over the bins' edges. */
static void print_histogram(const double *scores, size_t n, double max, double mean, double median, FILE *out)
{
    int bins = max <= 24 ? (int)floor(max) + 1 : 21;
    double width = bins > 1 ? max / (bins - 1) : 1;
    int count[64] = {0}, top = 1;
    for (size_t i = 0; i < n; i++) {
        int b = (int)floor(scores[i] / width + 0.5);
        b = b < 0 ? 0 : b >= bins ? bins - 1 : b;
        top = ++count[b] > top ? count[b] : top;
    }
    double x[2 * 64 + 2], y[2 * 64 + 2];
    size_t p = 0;
    for (int b = 0; b < bins; b++) {
        x[p] = (b - 0.5) * width, y[p++] = b ? count[b - 1] : 0;
        x[p] = (b - 0.5) * width, y[p++] = count[b];
    }
    x[p] = (bins - 0.5) * width, y[p++] = count[bins - 1];
    x[p] = (bins - 0.5) * width, y[p++] = 0;
    plot_chart *ch = plot_chart_new(72, 14, plot_mode_from_locale());
    if (!ch)
        return;
    char title[96];
    snprintf(title, sizeof title, "scores of %zu submissions (out of %g)", n, max);
    plot_chart_set_title(ch, title);
    plot_chart_set_labels(ch, "score", "submissions");
    plot_chart_set_range(ch, PLOT_X, -0.5 * width, (bins - 0.5) * width);
    plot_chart_set_range(ch, PLOT_Y, 0, top + 0.5);
    char label[2][32];
    snprintf(label[0], sizeof label[0], "mean %.3g", mean);
    snprintf(label[1], sizeof label[1], "median %.3g", median);
    plot_chart_add_vline(ch, mean, 2, label[0]);
    plot_chart_add_vline(ch, median, 3, label[1]);
    plot_chart_add_series(ch, &(plot_series){.name = NULL, .x = x, .y = y, .n = p, .color = 1});
    plot_chart_write(ch, out, 0);
    plot_chart_free(ch);
    fprintf(out, "  scores:");
    for (int b = 0, first = 1; b < bins; b++)
        if (count[b])
            fprintf(out, "%s %g x%d", first ? "" : ",", b * width, count[b]), first = 0;
    fprintf(out, "\n");
}

static void print_most_failed(const cl_row *rows, size_t n, const cl_tests *tests, FILE *out)
{
    size_t graded = 0, *failed = calloc(tests->n + 1, sizeof *failed), *order = calloc(tests->n + 1, sizeof *order);
    if (!failed || !order) {
        free(failed), free(order);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        graded += !strcmp(rows[i].status, "graded");
        for (size_t k = 0; k < tests->n && !strcmp(rows[i].status, "graded"); k++)
            failed[k] += !(rows[i].test_scores[k] >= tests->max_scores[k]);
    }
    for (size_t k = 0; k < tests->n; k++) {   /* by failures, then in the exercise's order: an insertion sort */
        size_t j = k;
        for (; j > 0 && failed[order[j - 1]] < failed[k]; j--)
            order[j] = order[j - 1];
        order[j] = k;
    }
    fprintf(out, "tests most failed (of the %zu submissions whose tests ran):\n", graded);
    size_t shown = 0;
    for (size_t k = 0; k < tests->n && shown < MOST_FAILED && failed[order[k]] > 0; k++, shown++) {
        char *name = gr_clean_text(tests->names[order[k]], false);
        fprintf(out, "  %3zu of %zu  %s (%g pt)\n", failed[order[k]], graded, name ? name : "?",
                tests->max_scores[order[k]]);
        free(name);
    }
    if (shown == 0)
        fprintf(out, "  none\n");
    free(failed), free(order);
}

void cl_print_summary(const cl_row *rows, size_t n, const cl_tests *tests, FILE *out)
{
    double *scores = calloc(n + 1, sizeof *scores), max = 0, sum = 0;
    enum { KINDS = 6 };
    size_t m = 0, status[KINDS] = {0};
    static const char *const names[KINDS] = {"graded", "partial", "compile-error", "invalid-file", "grader-error",
                                             "missing"};
    if (!scores)
        return;
    for (size_t i = 0; i < n; i++) {
        for (int s = 0; s < KINDS; s++)
            status[s] += !strcmp(rows[i].status, names[s]);
        if (isfinite(rows[i].max_score) && rows[i].max_score > max)
            max = rows[i].max_score;
        if (cl_row_counts(&rows[i]))
            sum += scores[m++] = rows[i].score;
    }
    fprintf(out, "\nclass summary: %zu submissions (", n);
    for (int s = 0, first = 1; s < KINDS; s++)
        if (status[s])
            fprintf(out, "%s%zu %s", first ? "" : ", ", status[s], names[s]), first = 0;
    fprintf(out, ")\n");
    if (m == 0) {
        fprintf(out, "  no scores to summarize\n");
        free(scores);
        return;
    }
    qsort(scores, m, sizeof *scores, by_value);
    double mean = sum / (double)m, median = m % 2 ? scores[m / 2] : (scores[m / 2 - 1] + scores[m / 2]) / 2;
    fprintf(out, "  %zu scores out of %g: mean %.4g, median %.4g, lowest %g, highest %g\n", m, max, mean, median,
            scores[0], scores[m - 1]);
    print_histogram(scores, m, max > 0 ? max : 1, mean, median, out);
    print_most_failed(rows, n, tests, out);
    free(scores);
}

/* --- similar submissions ------------------------------------------------------------------------------------------ */

char *cl_students_text(const cl_submission *s)
{
    cl_text t = {0};
    cl_add(&t, "%s", "");
    for (size_t k = 0; k < s->n_students; k++)
        cl_add(&t, "%s%s%s%s%s", k ? ", " : "", s->students[k].name, s->students[k].email[0] ? " <" : "",
               s->students[k].email, s->students[k].email[0] ? ">" : "");
    char *clean = t.failed ? NULL : gr_clean_text(t.data, false);
    free(t.data);
    return clean;
}

/* "KEY (students)", escaped. */
static char *who(const cl_row *r)
{
    char *key = gr_clean_text(r->sub->key, false), *students = cl_students_text(r->sub), *s = NULL;
    if (key && students && asprintf(&s, students[0] ? "%s (%s)" : "%s%s", key, students) < 0)
        s = NULL;
    free(key), free(students);
    return s;
}

typedef struct {
    int kind;       /* 0 byte-identical, 1 identical after normalizing, 2 sim_c's percentage */
    size_t a, b;    /* rows */
    int percent;
} pair;

static int by_kind_then_percent(const void *x, const void *y)
{
    const pair *p = x, *q = y;
    if (p->kind != q->kind)
        return p->kind - q->kind;
    if (p->percent != q->percent)
        return q->percent - p->percent;
    return p->a != q->a ? (p->a > q->a) - (p->a < q->a) : (p->b > q->b) - (p->b < q->b);
}

/* The pairs of the file, each once (the strongest kind; the larger of sim_c's two percentages), in rows. */
static pair *read_pairs(const cl_row *rows, size_t n, FILE *f, size_t *count, bool *no_sim)
{
    pair *pairs = NULL;
    *count = 0;
    char word[16];
    long i, j;
    int percent = 0;
    while (fscanf(f, "%15s", word) == 1) {
        if (!strcmp(word, "missing")) {
            *no_sim = true;
            fscanf(f, "%*s");
            continue;
        }
        int kind = !strcmp(word, "identical") ? 0 : !strcmp(word, "normalized") ? 1 : 2;
        if (fscanf(f, "%ld %ld", &i, &j) != 2 || (kind == 2 && fscanf(f, "%d", &percent) != 1))
            break;
        if (i == j || i < 1 || j < 1 || (size_t)i > n || (size_t)j > n || !rows[i - 1].source || !rows[j - 1].source)
            continue;
        size_t a = (size_t)(i < j ? i : j) - 1, b = (size_t)(i < j ? j : i) - 1, k = 0;
        for (; k < *count && !(pairs[k].a == a && pairs[k].b == b); k++)
            ;
        if (k == *count) {
            pair *grown = realloc(pairs, (*count + 1) * sizeof *pairs);
            if (!grown)
                break;
            pairs = grown;
            pairs[(*count)++] = (pair){kind, a, b, kind == 2 ? percent : 100};
        } else if (kind < pairs[k].kind || (kind == pairs[k].kind && percent > pairs[k].percent)) {
            pairs[k] = (pair){kind, a, b, kind == 2 ? percent : 100};
        }
    }
    if (*count > 1)
        qsort(pairs, *count, sizeof *pairs, by_kind_then_percent);
    return pairs;
}

/* The clusters of each kind: rows joined by a pair of that kind, transitively (union-find), so that five copies of
 * one file are one cluster rather than ten pairs. */
typedef struct {
    int kind;
    size_t *members, n;   /* rows, in order */
    int low, high;        /* the pairs' percentages */
} cluster;

static size_t root(size_t *parent, size_t i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

static cluster *find_clusters(const pair *pairs, size_t count, size_t n, size_t *n_clusters)
{
    size_t *parent = calloc(n + 1, sizeof *parent);
    cluster *clusters = calloc(2 * count + 1, sizeof *clusters);
    *n_clusters = 0;
    for (int kind = 0; parent && clusters && kind < 3; kind++) {
        for (size_t i = 0; i < n; i++)
            parent[i] = i;
        for (size_t k = 0; k < count; k++)
            if (pairs[k].kind == kind)
                parent[root(parent, pairs[k].a)] = root(parent, pairs[k].b);
        for (size_t i = 0; i < n; i++) {   /* a cluster a root with a member other than itself */
            size_t r = root(parent, i), c = 0;
            for (; c < *n_clusters && !(clusters[c].kind == kind && root(parent, clusters[c].members[0]) == r); c++)
                ;
            bool paired = false;
            for (size_t k = 0; k < count && !paired; k++)
                paired = pairs[k].kind == kind && (pairs[k].a == i || pairs[k].b == i);
            if (!paired)
                continue;
            if (c == *n_clusters) {
                clusters[c] = (cluster){.kind = kind, .members = calloc(n + 1, sizeof(size_t)), .low = 100};
                if (!clusters[c].members)
                    break;
                (*n_clusters)++;
            }
            clusters[c].members[clusters[c].n++] = i;
        }
        for (size_t k = 0; k < count; k++)
            for (size_t c = 0; pairs[k].kind == kind && c < *n_clusters; c++)
                if (clusters[c].kind == kind && root(parent, clusters[c].members[0]) == root(parent, pairs[k].a)) {
                    clusters[c].low = pairs[k].percent < clusters[c].low ? pairs[k].percent : clusters[c].low;
                    clusters[c].high = pairs[k].percent > clusters[c].high ? pairs[k].percent : clusters[c].high;
                }
    }
    free(parent);
    return clusters;
}

/* "N submissions (P%[-Q%]): WHO, WHO, ..." */
static void add_cluster(cl_text *t, const cluster *c, const cl_row *rows)
{
    cl_add(t, "%zu submissions", c->n);
    if (c->kind == 2)
        cl_add(t, c->low == c->high ? " (%d%%)" : " (%d%% to %d%%)", c->low, c->high);
    cl_add(t, ":");
    for (size_t m = 0; m < c->n; m++) {
        char *w = who(&rows[c->members[m]]);
        cl_add(t, "%s %s", m ? "," : "", w ? w : "?");
        free(w);
    }
}

int cl_report_similar(const cl_row *rows, size_t n, const char *pairs_path, const char *report_path, int threshold,
                      FILE *out, char *error, size_t error_size)
{
    FILE *f = fopen(pairs_path, "r");
    if (!f)
        return snprintf(error, error_size, "%s: cannot be read", pairs_path), -1;
    size_t count = 0, compared = 0, per_kind[3] = {0}, n_clusters = 0;
    bool no_sim = false;
    pair *pairs = read_pairs(rows, n, f, &count, &no_sim);
    fclose(f);
    cluster *clusters = find_clusters(pairs, count, n, &n_clusters);
    for (size_t i = 0; i < n; i++)
        compared += rows[i].source > 0;
    static const char *const heading[3] = {
        "byte-identical", "identical after removing comments and white space (cpp -fpreprocessed)",
        "sim_c -p: this share of one submission's tokens is found in the other"};
    cl_text t = {0};
    cl_add(&t, "numlab: similar submissions, advisory only (no score is changed)\n%zu submissions compared (each "
           "one with a .c file the judge could read and something of its own once the starter code's lines are "
           "removed); sim_c's threshold %d%%; a cluster is the submissions joined by such pairs\n", compared,
           threshold);
    for (int kind = 0; kind < 3; kind++) {
        cl_add(&t, "\n%s:\n", heading[kind]);
        size_t before = t.len;
        for (size_t c = 0; c < n_clusters; c++) {
            if (clusters[c].kind != kind)
                continue;
            cl_add(&t, "  ");
            add_cluster(&t, &clusters[c], rows);
            cl_add(&t, "\n");
            per_kind[kind]++;
        }
        if (t.len == before)
            cl_add(&t, kind == 2 && no_sim ? "  (not compared: sim_c is not installed; apt-get install "
                                             "similarity-tester)\n" : "  none\n");
    }
    cl_add(&t, "\n");
    char *shown = gr_clean_text(report_path, false);
    fprintf(out, "\nsimilar submissions (advisory, no score changed): %zu byte-identical, %zu identical after "
            "normalizing, %zu at %d%% or more (sim_c) cluster%s%s: %s\n", per_kind[0], per_kind[1], per_kind[2],
            threshold, per_kind[0] + per_kind[1] + per_kind[2] == 1 ? "" : "s",
            no_sim ? ", sim_c is not installed: percentages skipped (apt-get install similarity-tester)" : "",
            shown ? shown : "?");
    for (size_t c = 0; c < n_clusters && c < PAIRS_SHOWN; c++) {
        cl_text line = {0};
        add_cluster(&line, &clusters[c], rows);
        fprintf(out, "  %-10s %s\n", clusters[c].kind == 0 ? "identical" : clusters[c].kind == 1 ? "normalized"
                : "sim_c", line.data ? line.data : "?");
        free(line.data);
    }
    if (n_clusters > PAIRS_SHOWN)
        fprintf(out, "  ... %zu more in the report\n", n_clusters - PAIRS_SHOWN);
    for (size_t c = 0; c < n_clusters; c++)
        free(clusters[c].members);
    free(shown), free(pairs), free(clusters);
    int rc = t.failed ? (snprintf(error, error_size, "out of memory"), -1)
                      : gr_write_atomic(report_path, t.data, t.len, error, error_size);
    free(t.data);
    return rc;
}
