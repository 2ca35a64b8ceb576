/* plot_describe: a chart in sentences and a short table, from its data. See include/numlab/plot_describe.h. */
#include "numlab/plot_describe.h"
#include "numlab/lang.h"
#include "numlab/text.h"
#include "plot_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MIN_TREND_POINTS 8
#define GROWING 1.25            /* the growth above which a series grows, and 1 / it below which it decays */
#define MIN_SWING_CROSSINGS 4   /* crossings of the middle that make a series oscillate */

static double at(const double *v, size_t i, size_t stride)
{
    return v ? v[i * stride] : (double)i;
}

static bool finite_point(const double *x, const double *y, size_t i, size_t stride)
{
    return isfinite(at(x, i, stride)) && isfinite(y[i * stride]);
}

/* The largest |y - c| over the finite points with index in [from, to) of the finite points' sequence. */
static double quarter_size(const double *x, const double *y, size_t n, size_t stride, size_t from, size_t to,
                           double c, double *x_mid)
{
    double size = 0.0, x_lo = NAN, x_hi = NAN;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!finite_point(x, y, i, stride))
            continue;
        if (k >= from && k < to) {
            size = fmax(size, fabs(y[i * stride] - c));
            x_lo = isnan(x_lo) ? at(x, i, stride) : x_lo;
            x_hi = at(x, i, stride);
        }
        k++;
    }
    *x_mid = 0.5 * (x_lo + x_hi);
    return size;
}

int plot_series_facts(const double *x, const double *y, size_t n, size_t stride, double lo, double hi,
                      plot_facts *f)
{
    if (!y)
        return -1;
    stride = stride ? stride : 1;
    *f = (plot_facts){.y_min = NAN, .y_max = NAN, .x_first = NAN, .x_last = NAN, .first_crossing = NAN,
                      .period = NAN, .doubling = NAN, .settles_near = NAN, .stops_at = NAN, .leaves_at = NAN, .growth = NAN};
    double sum = 0.0, prev_x = NAN, prev_y = NAN, last_x = NAN;
    bool rises = false, falls = false;
    size_t last_finite = 0;
    for (size_t i = 0; i < n; i++) {
        if (!finite_point(x, y, i, stride))
            continue;
        const double xi = at(x, i, stride), yi = y[i * stride];
        if (f->points == 0)
            f->x_first = xi, f->y_first = yi;
        rises = rises || xi > last_x, falls = falls || xi < last_x, last_x = xi;
        f->x_last = xi, f->y_last = yi, last_finite = i;
        if (!(yi >= f->y_min))
            f->y_min = yi, f->x_at_min = xi;
        if (!(yi <= f->y_max))
            f->y_max = yi, f->x_at_max = xi;
        if (isnan(f->leaves_at) && !isnan(lo) && (yi < lo || yi > hi))
            f->leaves_at = xi;
        if (f->points > 0 && ((prev_y < 0.0 && yi > 0.0) || (prev_y > 0.0 && yi < 0.0))) {
            if (f->crossings++ == 0)
                f->first_crossing = prev_x + (xi - prev_x) * prev_y / (prev_y - yi);
        }
        if (yi != 0.0)
            prev_x = xi, prev_y = yi;
        sum += yi;
        f->points++;
    }
    if (f->points > 0 && last_finite + 1 < n) {
        bool trailing = true;  /* every point after the last finite one is not a number: the run ended there */
        for (size_t i = last_finite + 1; i < n && trailing; i++)
            trailing = !isfinite(y[i * stride]);
        f->stops_at = trailing ? f->x_last : NAN;
    }
    f->x_monotone = !(rises && falls);
    if (f->points < MIN_TREND_POINTS)
        return 0;
    /* crossings of the middle: the swings */
    const double middle = 0.5 * (f->y_min + f->y_max);
    int swings = 0;
    double first = NAN, last = NAN, side = 0.0;
    prev_x = NAN, prev_y = NAN;
    for (size_t i = 0; i < n; i++) {
        if (!finite_point(x, y, i, stride))
            continue;
        const double xi = at(x, i, stride), d = y[i * stride] - middle;
        if (d != 0.0 && side != 0.0 && (d > 0.0) != (side > 0.0)) {
            const double xc = prev_x + (xi - prev_x) * prev_y / (prev_y - d);
            first = swings++ == 0 ? xc : first;
            last = xc;
        }
        if (d != 0.0)
            side = d, prev_x = xi, prev_y = d;
    }
    f->oscillates = swings >= MIN_SWING_CROSSINGS;
    if (f->oscillates && f->x_monotone)
        f->period = 2.0 * (last - first) / (swings - 1);
    const size_t q = f->points / 4;
    const double c = f->oscillates ? sum / (double)f->points : 0.0;
    double x0, x1;
    const double s0 = quarter_size(x, y, n, stride, 0, q, c, &x0);
    const double s1 = quarter_size(x, y, n, stride, f->points - q, f->points, c, &x1);
    double last_lo = INFINITY, last_hi = -INFINITY, last_sum = 0.0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (finite_point(x, y, i, stride) && k++ >= f->points - q) {
            const double yi = y[i * stride];
            last_lo = fmin(last_lo, yi), last_hi = fmax(last_hi, yi), last_sum += yi;
        }
    const double range = f->y_max - f->y_min, near = last_sum / (double)q;
    f->settles = range > 0.0 && last_hi - last_lo < 0.05 * range &&
                 fabs(near) > 0.1 * fmax(fabs(f->y_min), fabs(f->y_max));
    f->settles_near = f->settles ? near : NAN;
    f->growth = s0 > 0.0 ? s1 / s0 : s1 > 0.0 ? INFINITY : 1.0;
    f->trend = f->growth > GROWING ? PLOT_TREND_GROWING : f->growth < 1.0 / GROWING ? PLOT_TREND_DECAYING
                                                                                      : PLOT_TREND_STEADY;
    if (f->x_monotone && f->trend != PLOT_TREND_STEADY && isfinite(f->growth) && f->growth > 0.0 && x1 != x0)
        f->doubling = fabs((x1 - x0) * log(2.0) / log(f->growth));
    return 0;
}

/* --- sentences ----------------------------------------------------------------------------------------------- */

typedef struct {
    char *buf;
    size_t size, used;
} text_out;

static void say(text_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(text_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(o->used < o->size ? o->buf + o->used : NULL, o->used < o->size ? o->size - o->used : 0,
                            fmt, ap);
    va_end(ap);
    o->used += n > 0 ? (size_t)n : 0;
}

/* A text of the chart (title, label, name), escaped for the terminal. */
static const char *safe(const char *s, char *out, size_t size)
{
    text_escape(s ? s : "", out, size);
    return out;
}

static const char *series_name(const plot_chart *ch, int s, char *out, size_t size)
{
    if (ch->series[s].name[0])
        return safe(ch->series[s].name, out, size);
    /* TRANSLATORS: a chart's series without a legend entry, numbered from 1 */
    snprintf(out, size, _("series %d"), s + 1);
    return out;
}

static void describe_series(text_out *o, const plot_chart *ch, int s)
{
    const plot_series *d = &ch->series[s].data;
    char name[PLOT_NAME_MAX * 4], xl[PLOT_NAME_MAX * 4];
    series_name(ch, s, name, sizeof name);
    safe(ch->xlabel[0] ? ch->xlabel : "x", xl, sizeof xl);
    double lo = NAN, hi = NAN;
    if (ch->rendered && ch->axis[PLOT_Y].fixed)
        plot_chart_range(ch, PLOT_Y, &lo, &hi);
    plot_facts f;
    plot_series_facts(d->x, d->y, d->n, d->stride, lo, hi, &f);
    if (f.points == 0) {
        /* TRANSLATORS: a series of a chart that has no point to show */
        say(o, _("%s: no points."), name);
        say(o, "\n");
        return;
    }
    /* TRANSLATORS: "explicit: 41 points, from -5.2 (at t (s) 0.78) to 6.1 (at t (s) 0.8)." */
    say(o, P_("%s: %zu point, from %.3g (at %s %.3g) to %.3g (at %s %.3g)",
              "%s: %zu points, from %.3g (at %s %.3g) to %.3g (at %s %.3g)", f.points),
        name, f.points, f.y_min, xl, f.x_at_min, f.y_max, xl, f.x_at_max);
    say(o, _(", starting at %.3g and ending at %.3g"), f.y_first, f.y_last);
    if (f.oscillates && !isnan(f.period))
        say(o, _("; it oscillates, period %.3g of %s"), f.period, xl);
    else if (f.oscillates)
        say(o, "%s", _("; it swings back and forth"));
    if (f.settles)
        say(o, _("; it settles near %.3g"), f.settles_near);
    else if (!f.x_monotone && f.trend == PLOT_TREND_GROWING)
        say(o, _("; along the curve it grows, x%.3g from its first quarter to its last"), f.growth);
    else if (!f.x_monotone && f.trend == PLOT_TREND_DECAYING)
        say(o, _("; along the curve it shrinks, x%.3g from its first quarter to its last"), f.growth);
    else if (!f.x_monotone && f.trend == PLOT_TREND_STEADY)
        say(o, "%s", _("; along the curve its size stays about the same"));
    else if (f.trend == PLOT_TREND_GROWING && !isnan(f.doubling))
        say(o, _("; it grows, doubling about every %.3g of %s"), f.doubling, xl);
    else if (f.trend == PLOT_TREND_GROWING)
        say(o, "%s", _("; it grows from zero"));
    else if (f.trend == PLOT_TREND_DECAYING && !isnan(f.doubling))
        say(o, _("; it decays, halving about every %.3g of %s"), f.doubling, xl);
    else if (f.trend == PLOT_TREND_DECAYING)
        say(o, "%s", _("; it decays to zero"));
    else if (f.trend == PLOT_TREND_STEADY)
        say(o, "%s", f.oscillates ? _("; its swing stays the same size") : _("; it stays about the same size"));
    if (f.crossings > 0)
        say(o, P_("; it crosses zero %d time, first at %s %.3g", "; it crosses zero %d times, first at %s %.3g",
                  f.crossings), f.crossings, xl, f.first_crossing);
    if (!isnan(f.leaves_at))
        say(o, _("; it leaves the range shown at %s %.3g"), xl, f.leaves_at);
    if (!isnan(f.stops_at))
        say(o, _("; it stops being a number after %s %.3g: it diverged"), xl, f.stops_at);
    say(o, ".\n");
}

size_t plot_chart_describe(const plot_chart *ch, char *buf, size_t size)
{
    text_out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    char title[PLOT_TITLE_MAX * 4], xl[PLOT_NAME_MAX * 4], yl[PLOT_NAME_MAX * 4];
    safe(ch->title[0] ? ch->title : _("untitled"), title, sizeof title);
    safe(ch->xlabel[0] ? ch->xlabel : "x", xl, sizeof xl);
    safe(ch->ylabel[0] ? ch->ylabel : "y", yl, sizeof yl);
    /* TRANSLATORS: the first sentence of a chart said in words: its title */
    say(&o, _("Chart: %s."), title);
    double x0, x1, y0, y1;
    if (ch->rendered && plot_chart_range(ch, PLOT_X, &x0, &x1) == 0 && plot_chart_range(ch, PLOT_Y, &y0, &y1) == 0)
        /* TRANSLATORS: " Across: t (s) from 0 to 1; up: x (m) from -2 to 2." */
        say(&o, _(" Across: %s from %.3g to %.3g%s; up: %s from %.3g to %.3g%s."), xl, x0, x1,
            ch->axis[PLOT_X].log ? _(", logarithmic") : "", yl, y0, y1, ch->axis[PLOT_Y].log ? _(", logarithmic") : "");
    say(&o, "\n");
    if (ch->nseries == 0 && !ch->image.values)
        say(&o, "%s\n", _("Nothing is drawn in it."));
    for (int s = 0; s < ch->nseries; s++)
        describe_series(&o, ch, s);
    for (int m = 0; m < ch->nmarkers; m++) {
        char label[PLOT_NAME_MAX * 4];
        safe(ch->markers[m].label[0] ? ch->markers[m].label : _("marker"), label, sizeof label);
        /* TRANSLATORS: a highlighted point of a chart: "A point, now: at t (s) 0.5, x (m) 0.2." */
        say(&o, _("A point, %s: at %s %.3g, %s %.3g.\n"), label, xl, ch->markers[m].x, yl, ch->markers[m].y);
    }
    for (int r = 0; r < ch->nrefs; r++) {
        char label[PLOT_NAME_MAX * 4];
        const plot_ref_entry *e = &ch->refs[r];
        safe(e->label[0] ? e->label : _("reference"), label, sizeof label);
        /* TRANSLATORS: a dotted reference line: "A line, |A| = 1: x (m) = 1." */
        say(&o, _("A line, %s: %s = %.3g.\n"), label, e->axis == PLOT_X ? xl : yl, e->value);
    }
    if (ch->image.values) {
        char unit[PLOT_NAME_MAX * 4];
        safe(ch->image_unit, unit, sizeof unit);
        /* TRANSLATORS: a heat map under a chart's data (a spectrogram), its scale */
        say(&o, _("A heat map under it, from %.3g to %.3g%s%s, darker where larger.\n"), ch->image.lo, ch->image.hi,
            *unit ? " " : "", unit);
    }
    return o.used;
}

size_t plot_chart_table(const plot_chart *ch, int rows, char *buf, size_t size)
{
    text_out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    rows = rows < 2 ? 2 : rows;
    char xl[PLOT_NAME_MAX * 4], yl[PLOT_NAME_MAX * 4];
    safe(ch->xlabel[0] ? ch->xlabel : "x", xl, sizeof xl);
    safe(ch->ylabel[0] ? ch->ylabel : "y", yl, sizeof yl);
    for (int s = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        const size_t stride = d->stride ? d->stride : 1;
        char name[PLOT_NAME_MAX * 4];
        series_name(ch, s, name, sizeof name);
        /* TRANSLATORS: the heading of a series' short table: "explicit, 5 of 41 points:" */
        say(&o, P_("%s, %zu of %zu point:\n", "%s, %zu of %zu points:\n", d->n), name,
            d->n < (size_t)rows ? d->n : (size_t)rows, d->n);
        const size_t shown = d->n < (size_t)rows ? d->n : (size_t)rows;
        for (size_t k = 0; k < shown; k++) {
            const size_t i = shown > 1 ? (size_t)llround((double)k * (double)(d->n - 1) / (double)(shown - 1)) : 0;
            say(&o, "  %s = %.6g, %s = %.6g\n", xl, at(d->x, i, stride), yl, d->y[i * stride]);
        }
    }
    return o.used;
}

int plot_chart_series(const plot_chart *ch, const char *name, plot_series *out)
{
    if (ch->nseries == 0)
        return -1;
    int pick = 0;
    for (int s = 0; name && s < ch->nseries; s++)
        if (strcmp(ch->series[s].name, name) == 0) {
            pick = s;
            break;
        }
    *out = ch->series[pick].data;
    out->stride = out->stride ? out->stride : 1;
    return 0;
}
