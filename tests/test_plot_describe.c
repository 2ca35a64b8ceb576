/* test_plot_describe: a chart said in words from its data. Each series is made by hand from a closed form whose
 * facts are known: 2^(t / 0.5) doubles every 0.5, e^-t halves every ln 2, sin(2 pi t / 0.25) has period 0.25 and
 * crosses zero at the multiples of 0.125; a circle is a curve (x turns back); NaN at the end is a run that diverged. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/plot_describe.h"
#include "helpers/check_main.h"

#define N 401  /* t = 0, 0.01, ..., 4 */
static double t[N], y[N];

static void fill(double (*f)(double))
{
    for (int i = 0; i < N; i++)
        t[i] = 0.01 * i, y[i] = f(t[i]);
}

static double doubling(double x) { return pow(2.0, x / 0.5); }
static double decay(double x) { return exp(-x); }
static double wave(double x) { return sin(2.0 * NUMLAB_PI * x / 0.25); }
static double rest(double x) { return 300.0 * (1.0 - exp(-x / 0.3)); }

START_TEST(a_doubling_series_doubles_every_half)
{
    fill(doubling);
    plot_facts f;
    ck_assert_int_eq(plot_series_facts(t, y, N, 1, NAN, NAN, &f), 0);
    ck_assert_int_eq((int)f.points, N);
    ck_assert(f.x_monotone);
    ck_assert_int_eq(f.trend, PLOT_TREND_GROWING);
    /* quarters of 100 points: sizes y(0.99) and y(4), middles 0.495 and 3.505: d = 3.01 = 4 - 0.99, so
     * d ln 2 / ln(2^(3.01 / 0.5)) = 0.5 exactly */
    ck_assert_double_eq_tol(f.doubling, 0.5, 1e-9);
    ck_assert(!f.oscillates);
    ck_assert_int_eq(f.crossings, 0);
    ck_assert_double_eq_tol(f.y_min, 1.0, 1e-12);
    ck_assert_double_eq_tol(f.y_max, 256.0, 1e-9);  /* 2^8 at t = 4 */
    ck_assert_double_eq_tol(f.x_at_max, 4.0, 1e-12);
    ck_assert(isnan(f.stops_at) && isnan(f.leaves_at));
}
END_TEST

START_TEST(a_decaying_series_halves_every_ln2)
{
    fill(decay);
    plot_facts f;
    plot_series_facts(t, y, N, 1, NAN, NAN, &f);
    ck_assert_int_eq(f.trend, PLOT_TREND_DECAYING);
    ck_assert_double_eq_tol(f.doubling, log(2.0), 1e-9);  /* the same quarters as above */
}
END_TEST

START_TEST(a_spring_coming_to_rest_settles)
{
    fill(rest);
    plot_facts f;
    plot_series_facts(t, y, N, 1, NAN, NAN, &f);
    ck_assert(f.settles);
    /* the last quarter, t = 3.01..4: 300 (1 - e^(-t/0.3)) is within 300 e^(-10.03) = 0.013 of 300 */
    ck_assert_double_eq_tol(f.settles_near, 300.0, 0.02);
    fill(decay);  /* e^-t ends near 0.03, less than a tenth of its start: it decays, it does not settle */
    plot_series_facts(t, y, N, 1, NAN, NAN, &f);
    ck_assert(!f.settles);
}
END_TEST

START_TEST(a_sine_oscillates_with_its_period)
{
    fill(wave);
    plot_facts f;
    plot_series_facts(t, y, N, 1, NAN, NAN, &f);
    ck_assert(f.oscillates);
    ck_assert_double_eq_tol(f.period, 0.25, 2e-3);
    ck_assert_int_eq(f.trend, PLOT_TREND_STEADY);
    /* zero at 0.125 k, k = 1..31 (t = 4 is a zero too, but at the last point: no sign change after it); the
     * samples at those t are +-1e-16, so each zero is one sign change */
    ck_assert_int_ge(f.crossings, 31);
    ck_assert_int_le(f.crossings, 32);
    ck_assert_double_eq_tol(f.first_crossing, 0.125, 1e-3);
}
END_TEST

START_TEST(a_run_that_diverged_stops_and_leaves_the_range)
{
    fill(doubling);
    for (int i = 300; i < N; i++)
        y[i] = NAN;  /* t = 3 onwards: not a number, as a run's samples after it blew up */
    plot_facts f;
    plot_series_facts(t, y, N, 1, 0.0, 10.0, &f);
    ck_assert_double_eq_tol(f.stops_at, 2.99, 1e-12);
    /* 2^(t / 0.5) > 10 from t > 0.5 log2(10) = 1.661: the first sample past it is t = 1.67 */
    ck_assert_double_eq_tol(f.leaves_at, 1.67, 1e-12);
    /* a NaN inside, then numbers again: a break, not a divergence */
    fill(doubling);
    y[100] = NAN;
    plot_series_facts(t, y, N, 1, NAN, NAN, &f);
    ck_assert(isnan(f.stops_at));
    ck_assert_int_eq((int)f.points, N - 1);
}
END_TEST

START_TEST(a_curve_has_no_period_along_x)
{
    double xy[2 * N];
    for (int i = 0; i < N; i++)  /* a circle, four times round: x turns back */
        xy[2 * i] = cos(4.0 * NUMLAB_PI * i / 200.0), xy[2 * i + 1] = sin(4.0 * NUMLAB_PI * i / 200.0);
    plot_facts f;
    plot_series_facts(&xy[0], &xy[1], N, 2, NAN, NAN, &f);
    ck_assert(!f.x_monotone);
    ck_assert(isnan(f.period) && isnan(f.doubling));
    ck_assert_int_eq(f.trend, PLOT_TREND_STEADY);
}
END_TEST

START_TEST(the_chart_is_said_in_sentences_escaped)
{
    fill(doubling);
    plot_chart *ch = plot_chart_new(80, 24, PLOT_ASCII);
    plot_chart_set_title(ch, "growth\x1b[2J");
    plot_chart_set_labels(ch, "t (s)", "E");
    plot_chart_add_series(ch, &(plot_series){.name = "explicit", .x = t, .y = y, .n = N});
    plot_chart_add_hline(ch, 1.0, 0, "E0");
    plot_chart_render(ch);
    char text[4096];
    size_t len = plot_chart_describe(ch, text, sizeof text);
    ck_assert_uint_eq(len, strlen(text));
    ck_assert_ptr_null(strchr(text, '\x1b'));
    ck_assert_ptr_nonnull(strstr(text, "Chart: growth\\x1b[2J."));
    ck_assert_ptr_nonnull(strstr(text, "explicit: 401 points, from 1 (at t (s) 0) to 256 (at t (s) 4)"));
    ck_assert_ptr_nonnull(strstr(text, "it grows, doubling about every 0.5 of t (s)"));
    ck_assert_ptr_nonnull(strstr(text, "A line, E0: E = 1."));
    /* a sentence a line, each ending in a full stop */
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        ck_assert_int_eq(line[strlen(line) - 1], '.');
    /* the table: 5 evenly spaced points, the first and the last among them */
    char table[2048];
    plot_chart_table(ch, 5, table, sizeof table);
    ck_assert_str_eq(table, "explicit, 5 of 401 points:\n"
                            "  t (s) = 0, E = 1\n  t (s) = 1, E = 4\n  t (s) = 2, E = 16\n"
                            "  t (s) = 3, E = 64\n  t (s) = 4, E = 256\n");
    /* cut like snprintf: the length of the whole */
    char small[16];
    ck_assert_uint_eq(plot_chart_describe(ch, small, sizeof small), len);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
    plot_chart_free(ch);
}
END_TEST

static Suite *describe_suite(void)
{
    Suite *s = suite_create("plot_describe");
    TCase *tc = tcase_create("facts");
    tcase_add_test(tc, a_doubling_series_doubles_every_half);
    tcase_add_test(tc, a_decaying_series_halves_every_ln2);
    tcase_add_test(tc, a_sine_oscillates_with_its_period);
    tcase_add_test(tc, a_spring_coming_to_rest_settles);
    tcase_add_test(tc, a_run_that_diverged_stops_and_leaves_the_range);
    tcase_add_test(tc, a_curve_has_no_period_along_x);
    tcase_add_test(tc, the_chart_is_said_in_sentences_escaped);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(describe_suite());
}
