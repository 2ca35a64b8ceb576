/* plot: "nice" 1-2-5 ticks and their labels, linear and logarithmic. See include/numlab/plot.h. */
#include "numlab/plot.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 10^e, exact for |e| <= 22 (the powers of ten that are doubles); pow beyond. */
static double pow10i(int e)
{
    static const double exact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                     1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    return e >= 0 && e <= 22 ? exact[e] : pow(10.0, e);
}

/* i * m * 10^e, dividing by 10^-e for negative e so that 3 * 0.2 is 0.6 and not 0.6000000000000001. */
static double tick_value(double i, int m, int e)
{
    if (e >= 0)
        return i * m * pow10i(e);
    if (e >= -300)
        return i * m / pow10i(-e);
    return i * m * pow10i(e);  /* 10^-e would overflow */
}

static const int mantissa[3] = {1, 2, 5};

#define NO_MIN_E (-400)  /* below any double's exponent */

/* A step m x 10^e (m = 1, 2, 5; e >= min_e) and the tick indices i_lo..i_hi of its multiples in [lo, hi]. */
typedef struct {
    int m, e;
    double i_lo, i_hi;
} step;

/* The smallest 1-2-5 step with 1..max_count multiples in [lo, hi] (lo < hi, finite, max_count >= 1). */
static step nice_step(double lo, double hi, int max_count, int min_e)
{
    /* Start a decade below the step that gives max_count ticks, so no smaller step can qualify; the halved span
     * cannot overflow. */
    double half_span = 0.5 * hi - 0.5 * lo;
    int e = (int)floor(log10(half_span) + log10(2.0 / max_count)) - 1;
    if (e < min_e)
        e = min_e;
    for (; e <= 310; e++)
        for (int k = 0; k < 3; k++) {
            double s = tick_value(1.0, mantissa[k], e);
            if (!(s > 0.0) || !isfinite(s))
                continue;
            /* a tolerance of 1e-9 steps, so that 0.6 / 0.2 = 2.9999999999999996 counts as 3 */
            double i_lo = ceil(lo / s - 1e-9), i_hi = floor(hi / s + 1e-9);
            double count = i_hi - i_lo + 1.0;
            /* indices past 2^52 would not be distinct doubles: a range a few ulps wide needs a coarser step */
            if (count >= 1.0 && count <= max_count && fabs(i_lo) <= 0x1p52 && fabs(i_hi) <= 0x1p52)
                return (step){mantissa[k], e, i_lo, i_hi};
        }
    return (step){0, 0, 0.0, -1.0};  /* no finite step fits (nearly all of the doubles, max_count 1): no ticks */
}

/* Removes trailing zeros after a decimal point, and the point if nothing is left after it. */
static void trim_fraction(char *s)
{
    char *dot = strchr(s, '.');
    if (!dot)
        return;
    char *end = dot + strlen(dot);
    while (end > dot + 1 && end[-1] == '0')
        end--;
    if (end == dot + 1)
        end = dot;
    *end = '\0';
}

/* "1.50e+06" -> "1.5e6", "2e-05" -> "2e-5", "1e+00" -> "1". */
static void shorten_exponent(char *s)
{
    char *e = strchr(s, 'e');
    if (!e)
        return;
    int exponent = atoi(e + 1);
    *e = '\0';
    trim_fraction(s);
    if (exponent != 0)
        sprintf(s + strlen(s), "e%d", exponent);
}

static int magnitude(double v)
{
    return (int)floor(log10(fabs(v)));
}

/* Labels for ticks whose value i is a multiple of 10^e[i]: just the digits that resolution needs, and exponent
 * notation for the whole axis when a tick is >= 10^6 or a nonzero one < 10^-4 (one axis never mixes the two). */
static void label_ticks(plot_ticks *t, const int *e)
{
    int largest = INT_MIN, smallest = INT_MAX;
    for (int i = 0; i < t->count; i++)
        if (t->value[i] != 0.0) {
            int m = magnitude(t->value[i]);
            largest = m > largest ? m : largest;
            smallest = m < smallest ? m : smallest;
        }
    bool exponent_form = largest >= 6 || (smallest != INT_MAX && smallest < -4);
    for (int i = 0; i < t->count; i++) {
        double v = t->value[i];
        char *out = t->label[i];
        if (v == 0.0) {
            strcpy(out, "0");  /* also -0 */
            continue;
        }
        int digits;
        if (exponent_form) {
            digits = magnitude(v) - e[i];
            snprintf(out, PLOT_TICK_LABEL, "%.*e", digits < 0 ? 0 : digits > 16 ? 16 : digits, v);
            shorten_exponent(out);
        } else {
            digits = -e[i];
            snprintf(out, PLOT_TICK_LABEL, "%.*f", digits < 0 ? 0 : digits > 17 ? 17 : digits, v);
            trim_fraction(out);
        }
    }
}

/* The shortest %g text that reads back as v (for the single tick of a degenerate range). */
static void label_exact(double v, char *out)
{
    for (int p = 1; p <= 17; p++) {
        snprintf(out, PLOT_TICK_LABEL, "%.*g", p, v);
        if (strtod(out, NULL) == v)
            break;
    }
    shorten_exponent(out);
}

static int clamp_count(int max_count)
{
    return max_count < 1 ? 1 : max_count > PLOT_MAX_TICKS ? PLOT_MAX_TICKS : max_count;
}

int plot_ticks_linear(double lo, double hi, int max_count, plot_ticks *out)
{
    out->count = 0;
    if (!isfinite(lo) || !isfinite(hi))
        return 0;
    if (lo > hi) {
        double swap = lo;
        lo = hi, hi = swap;
    }
    if (lo == hi) {
        out->count = 1;
        out->value[0] = lo;
        label_exact(lo, out->label[0]);
        return 1;
    }
    step s = nice_step(lo, hi, clamp_count(max_count), NO_MIN_E);
    int e[PLOT_MAX_TICKS];
    for (int k = 0; k <= (int)(s.i_hi - s.i_lo); k++) {
        e[out->count] = s.e;
        out->value[out->count++] = tick_value(s.i_lo + k, s.m, s.e);
    }
    label_ticks(out, e);
    return out->count;
}

int plot_ticks_log(double lo, double hi, int max_count, plot_ticks *out)
{
    out->count = 0;
    if (!(lo > 0.0 && hi > 0.0 && isfinite(lo) && isfinite(hi)))
        return 0;
    if (lo > hi) {
        double swap = lo;
        lo = hi, hi = swap;
    }
    max_count = clamp_count(max_count);
    const double llo = log10(lo), lhi = log10(hi), tol = 1e-9;
    int e[PLOT_MAX_TICKS];
    /* whole decades, every 1, 2, 5, 10, ... of them: a nice step of at least 1 on the exponents */
    if (floor(lhi + tol) - ceil(llo - tol) >= 1.0) {
        step s = nice_step(llo, lhi, max_count, 0);
        for (int j = 0; j <= (int)(s.i_hi - s.i_lo); j++) {
            int k = (int)tick_value(s.i_lo + j, s.m, s.e);
            e[out->count] = k;
            out->value[out->count++] = tick_value(1.0, 1, k);
        }
        label_ticks(out, e);
        return out->count;
    }
    /* less than two decades' marks: 1, 2 and 5 times the powers of ten inside */
    for (int k = (int)floor(llo) - 1; k <= (int)ceil(lhi) && out->count <= max_count; k++)
        for (int j = 0; j < 3; j++) {
            double v = tick_value(1.0, mantissa[j], k), lv = log10(v);
            if (lv >= llo - tol && lv <= lhi + tol && out->count < PLOT_MAX_TICKS) {
                e[out->count] = k;
                out->value[out->count++] = v;
            }
        }
    if (out->count >= 2 && out->count <= max_count) {
        label_ticks(out, e);
        return out->count;
    }
    /* a narrow range: linear ticks (all > 0 here, since lo > 0) */
    return plot_ticks_linear(lo, hi, max_count, out);
}
