/* plot_describe: a chart said in words, for a screen reader or a braille display (the labs' --plain mode, tui.h).
 *
 * What a sighted reader takes from a chart at a glance, computed from the chart's data (its series, as the lab gave
 * them), never from the cells it drew: each series' range and where it peaks, its trend (growing or decaying, with a
 * doubling or halving distance along x, or steady), whether it oscillates (with the period read from its crossings
 * of its middle), where it crosses zero, where it leaves the shown range and where it stops being a number. And, on
 * request, its numbers as a short table of evenly spaced points.
 *
 * How a trend is read: the finite points are cut into quarters (by index); a series' size in a quarter is the
 * largest |y - c| there, c its mean when it oscillates (its swing) and 0 when it does not (its magnitude). The
 * growth is the last quarter's size over the first's, over the x distance d between the two quarters' middles:
 * growing above 5/4, decaying below 4/5, else steady; the doubling (or halving) distance is d ln 2 / |ln growth|,
 * the e-folding rate ln(growth) / d. A series that settles near a value other than 0 is said to settle there
 * instead of growing or decaying. Oscillating: at least four crossings of the middle (min + max) / 2, the period
 * twice the mean distance between consecutive crossings.
 *
 * The texts are sentences in the reader's language (lang.h), numbers with a '.', and go through text_escape where
 * they come from a chart (its title, labels, series names may come from a file). Nothing here prints. */
#ifndef NUMLAB_PLOT_DESCRIBE_H
#define NUMLAB_PLOT_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/plot.h"

typedef enum { PLOT_TREND_UNKNOWN, PLOT_TREND_STEADY, PLOT_TREND_GROWING, PLOT_TREND_DECAYING } plot_trend;

/* What a series does, from its points (x[i * stride], y[i * stride]; x NULL: x_i = i; stride 0: 1). */
typedef struct {
    size_t points;          /* points with finite x and y */
    double x_first, x_last; /* of the finite points */
    double y_min, y_max, x_at_min, x_at_max;
    double y_first, y_last;
    int crossings;          /* sign changes of y between consecutive finite points */
    double first_crossing;  /* x of the first (linear interpolation), NAN when none */
    bool x_monotone;        /* x never turns back: a function of x (else a curve, a phase portrait: its trend and
                             * swings are along the curve, with no distance or period in x) */
    bool oscillates;
    double period;          /* NAN unless it oscillates along a monotone x */
    plot_trend trend;       /* UNKNOWN: fewer than 8 finite points */
    bool settles;           /* its last quarter spans less than 5% of its range, about a value away from 0 (more
                             * than a tenth of its largest |y|): a spring coming to rest at its target */
    double settles_near;    /* the last quarter's mean, NAN unless it settles */
    double growth;          /* last quarter's size / first's (INFINITY from a first quarter of size 0) */
    double doubling;        /* x distance a doubling (growing) or a halving (decaying) takes, NAN otherwise (and
                             * when x is not monotone) */
    double stops_at;        /* x of the last finite point when non-finite points follow it to the end (the run
                             * diverged), NAN otherwise */
    double leaves_at;       /* x of the first finite point outside [lo, hi], NAN when none */
} plot_facts;

/* The facts of one series against the shown y range [lo, hi] (NAN, NAN: no range check). Returns 0, or -1 when y
 * is NULL. */
int plot_series_facts(const double *x, const double *y, size_t n, size_t stride, double lo, double hi,
                      plot_facts *f);

/* The chart in sentences, one a line ('\n' after each): its title and axes with the ranges shown, then a sentence a
 * series (unnamed ones are "series N"), its markers and reference lines, its heat map's scale. The chart must have
 * been rendered (the ranges shown are the last render's; before one they are left out). Like snprintf: writes at
 * most size bytes with the NUL and returns the length the whole text needs. */
size_t plot_chart_describe(const plot_chart *ch, char *buf, size_t size);

/* The chart's numbers: for each series a heading line and at most `rows` points evenly spaced over its points
 * (the first and the last among them), one a line: "x = X, y = Y" under the chart's axis labels. Like snprintf. */
size_t plot_chart_table(const plot_chart *ch, int rows, char *buf, size_t size);

/* The chart's first series named `name` (exact), or its first series when name is NULL or none has it: the points
 * (borrowed from the chart: valid while it lives and is not changed) into *out. Returns 0, or -1 when the chart has
 * no series. */
int plot_chart_series(const plot_chart *ch, const char *name, plot_series *out);

#endif
