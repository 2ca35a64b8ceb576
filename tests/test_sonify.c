/* test_sonify: a series' tone has the pitch its value maps to. The map by hand: 200 Hz at the low end, 2000 Hz at the
 * high end, sqrt(200 * 2000) = 632.46 Hz halfway (a log map); and the pitch heard, counted as zero crossings (two a
 * period) of the rendered tone, climbs with explicit Euler's energy E_n = E0 (1 + (w0 dt)^2)^n. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/common.h"
#include "numlab/sonify.h"
#include "helpers/check_main.h"

START_TEST(the_map_is_logarithmic_in_pitch)
{
    const double y[] = {1.0, 2.0, 3.0};
    sonify_scale s;
    ck_assert_int_eq(sonify_scale_of(y, 3, 1, &s), 0);
    ck_assert(!s.log_values);  /* 3 / 1 < 10 */
    ck_assert_double_eq_tol(sonify_pitch(&s, 1.0), 200.0, 1e-9);
    ck_assert_double_eq_tol(sonify_pitch(&s, 3.0), 2000.0, 1e-9);
    ck_assert_double_eq_tol(sonify_pitch(&s, 2.0), sqrt(200.0 * 2000.0), 1e-9);
    ck_assert_double_eq_tol(sonify_pitch(&s, 99.0), 2000.0, 1e-9);  /* clamped */
    ck_assert(isnan(sonify_pitch(&s, NAN)));
    /* a range of a million: the values' logarithm, so 1e3 is halfway */
    const double wide[] = {1.0, 1e6};
    sonify_scale_of(wide, 2, 1, &s);
    ck_assert(s.log_values);
    ck_assert_double_eq_tol(sonify_pitch(&s, 1e3), sqrt(200.0 * 2000.0), 1e-9);
    const double none[] = {NAN, INFINITY};
    ck_assert_int_eq(sonify_scale_of(none, 2, 1, &s), -1);
}
END_TEST

/* The pitch over [from, to) seconds of the tone: zero crossings / 2 / duration. */
static double pitch_heard(const double *tone, double rate, double from, double to)
{
    int crossings = 0;
    for (size_t k = (size_t)(from * rate) + 1; k < (size_t)(to * rate); k++)
        crossings += (tone[k - 1] < 0.0) != (tone[k] < 0.0);
    return crossings / 2.0 / (to - from);
}

START_TEST(explicit_eulers_energy_climbs_in_pitch)
{
    enum { STEPS = 40 };
    double energy[STEPS + 1];
    for (int n = 0; n <= STEPS; n++)
        energy[n] = 800.0 * pow(1.0 + 0.8 * 0.8, n);  /* w0 dt = 0.8, E0 = k x0^2 / 2 = 800 */
    const double rate = 8000.0;
    const size_t frames = 3 * 8000;
    double *tone = malloc(frames * sizeof *tone);
    ck_assert_int_eq(sonify_render(energy, STEPS + 1, 1, rate, tone, frames), 0);
    /* log E_n is linear in n: the pitch 200 * 10^(n / 40) Hz, a decade over the 3 s; each tenth's measured pitch is
     * that of its middle within a few per cent, and each is above the one before */
    double before = 0.0;
    for (int tenth = 0; tenth < 10; tenth++) {
        const double from = 0.3 * tenth, to = from + 0.3;
        const double heard = pitch_heard(tone, rate, from, to);
        /* the mean frequency over the window: integral of 200 * 10^(t / 3) dt / 0.3 */
        const double expected = 200.0 * 3.0 / log(10.0) * (pow(10.0, to / 3.0) - pow(10.0, from / 3.0)) / 0.3;
        ck_assert_double_eq_tol(heard, expected, 0.03 * expected + 4.0);
        ck_assert(heard > before);
        before = heard;
    }
    for (size_t k = 0; k < frames; k++)
        ck_assert(fabs(tone[k]) <= SONIFY_AMPLITUDE);
    ck_assert_double_eq(tone[0], 0.0);  /* faded in */
    free(tone);
}
END_TEST

START_TEST(a_steady_series_is_one_pitch_and_nan_is_silence)
{
    double y[10] = {5, 5, 5, 5, 5, NAN, NAN, NAN, NAN, NAN};
    const double rate = 8000.0;
    double tone[8000];
    ck_assert_int_eq(sonify_render(y, 10, 1, rate, tone, 8000), 0);
    /* points 0..4 over the first 4/9 of a second: 200 Hz (lo == hi), the rest silence */
    ck_assert_double_eq_tol(pitch_heard(tone, rate, 0.05, 0.4), 200.0, 6.0);
    for (size_t k = 4500; k < 8000; k++)
        ck_assert_double_eq(tone[k], 0.0);
}
END_TEST

static Suite *sonify_suite(void)
{
    Suite *s = suite_create("sonify");
    TCase *tc = tcase_create("tone");
    tcase_add_test(tc, the_map_is_logarithmic_in_pitch);
    tcase_add_test(tc, explicit_eulers_energy_climbs_in_pitch);
    tcase_add_test(tc, a_steady_series_is_one_pitch_and_nan_is_silence);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(sonify_suite());
}
