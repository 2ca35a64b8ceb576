/* sound under sampling (src/snd_sampling.c) against independent references:
 *   - aliasing: the folded frequency by hand, and the spectral peak of a resonator rendered past Nyquist found by
 *     GSL's FFT (Hann window, parabolic interpolation on the log magnitude) at |f - k fs|; the bank drops that mode;
 *   - the rendered resonator is the bank's recurrence, bit for bit, below Nyquist;
 *   - warping: the pole measured from each scheme's output (snd_fit_pole) against the closed forms, evaluated here
 *     with complex arithmetic (Oppenheim & Schafer 7.2, 7.3): z = e^{sT}; z = (1 + sT/2)/(1 - sT/2); the body's
 *     A z^2 - (2/T^2) z + C = 0 solved by the quadratic formula;
 *   - precision: the longest float decay by hand (2^24 / fs), and the float and double error against long double
 *     predicted from the coefficients' rounding alone where that dominates (low frequencies). */
#include <check.h>
#include <complex.h>
#include <float.h>
#include <gsl/gsl_fft_real.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/common.h"
#include "numlab/sound.h"
#include "../src/snd_internal.h"
#include "helpers/check_main.h"

#define PI NUMLAB_PI

START_TEST(folded_frequencies_by_hand)
{
    /* 30 kHz at 48 kHz: k = round(0.625) = 1, |30000 - 48000| = 18000; 50 kHz: k = 1, 2000; 70 kHz:
     * k = round(1.46) = 1, 22000 (k = 2 would give 26000); 5 kHz at 8 kHz: 3000; below Nyquist a mode stays where
     * it is */
    ck_assert_double_eq_tol(snd_alias_frequency(30000.0, 48000.0), 18000.0, 1e-9);
    ck_assert_double_eq_tol(snd_alias_frequency(50000.0, 48000.0), 2000.0, 1e-9);
    ck_assert_double_eq_tol(snd_alias_frequency(70000.0, 48000.0), 22000.0, 1e-9);
    ck_assert_double_eq_tol(snd_alias_frequency(5000.0, 8000.0), 3000.0, 1e-9);
    ck_assert_double_eq_tol(snd_alias_frequency(1290.0, 48000.0), 1290.0, 1e-9);
}
END_TEST

/* The interpolated peak frequency of x[0..n) under a Hann window: GSL's radix-2 FFT, the largest bin, a parabola
 * through the log magnitudes of it and its neighbours (its vertex: the peak within about a tenth of a bin). */
static double spectral_peak(const double *x, size_t n, double rate)
{
    double *buf = malloc(n * sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    for (size_t i = 0; i < n; i++)
        buf[i] = x[i] * (0.5 - 0.5 * cos(2.0 * PI * (double)i / (double)n));
    ck_assert_int_eq(gsl_fft_real_radix2_transform(buf, 1, n), 0);
    size_t best = 1;
    double mag[3], top = 0.0;
    for (size_t k = 1; k < n / 2; k++) {
        const double m = hypot(buf[k], buf[n - k]);
        if (m > top)
            top = m, best = k;
    }
    for (int d = -1; d <= 1; d++)
        mag[d + 1] = log(hypot(buf[best + (size_t)d], buf[n - best - (size_t)d]));
    free(buf);
    const double shift = 0.5 * (mag[0] - mag[2]) / (mag[0] - 2.0 * mag[1] + mag[2]);
    return ((double)best + shift) * rate / (double)n;
}

START_TEST(a_mode_past_nyquist_is_heard_folded)
{
    enum { N = 16384 };
    static double y[N];
    const struct { double f, rate; } cases[] = {{30000.0, 48000.0}, {50000.0, 48000.0}, {5000.0, 8000.0},
                                                {11000.0, 8000.0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const double f = cases[c].f, fs = cases[c].rate;
        ck_assert_int_eq(snd_resonator_render(SND_MAP_IMPULSE, SND_DOUBLE, f, 10.0, fs, N, y), NUMLAB_OK);
        /* by hand: 18000, 2000, 3000, |11000 - 8000| = 3000 */
        const double want = c == 0 ? 18000.0 : c == 1 ? 2000.0 : 3000.0;
        ck_assert_double_eq_tol(spectral_peak(y, N, fs), want, 0.1 * fs / N);
        /* the bank keeps none of them */
        snd_bank bk;
        const snd_mode mode = {.freq = f, .decay = 10.0, .gain = 1.0};
        ck_assert_int_eq(snd_bank_init(&bk, &mode, 1, fs, 1), NUMLAB_OK);
        ck_assert_uint_eq(bk.modes, 0);
        snd_bank_destroy(&bk);
    }
}
END_TEST

START_TEST(the_rendered_resonator_is_the_banks)
{
    enum { N = 3000 };
    static double got[N], bank[N];
    /* rates and modes whose 1/rate is inexact, so that a pole rounded another way (decay * (1/rate), w * (1/rate))
     * shows in the bits */
    const struct { double f, decay, rate; } cases[] = {
        {1290.0, 7.0, 44100.0}, {97.3, 0.37, 48000.0}, {3333.3, 31.7, 22050.0}, {17.1, 2.9, 96000.0},
        {10007.0, 123.4, 44100.0}, {555.5, 0.01, 8000.0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        snd_bank bk;
        const snd_mode mode = {.freq = cases[c].f, .decay = cases[c].decay, .gain = 1.0};
        ck_assert_int_eq(snd_bank_init(&bk, &mode, 1, cases[c].rate, 1), NUMLAB_OK);
        snd_bank_strike(&bk, 0, NULL, 1.0);
        for (size_t j = 0; j < N; j++)
            bank[j] = 0.0;
        snd_bank_process(&bk, 0, NULL, N, bank);
        snd_bank_destroy(&bk);
        ck_assert_int_eq(snd_resonator_render(SND_MAP_IMPULSE, SND_DOUBLE, cases[c].f, cases[c].decay, cases[c].rate,
                                              N, got), NUMLAB_OK);
        for (size_t j = 0; j < N; j++)
            ck_assert_msg(got[j] == bank[j], "case %zu, sample %zu: %.17g against the bank's %.17g", c, j, got[j],
                          bank[j]);
    }
    /* and it is e^{-sigma t} sin(w t) at t = (j + 1) T: sample 999 of the last case by hand */
    const double t = 1000.0 / 8000.0;
    ck_assert_double_eq_tol(got[999], exp(-0.01 * t) * sin(2.0 * PI * 555.5 * t), 1e-12);
}
END_TEST

/* The closed forms' pole angles, with complex arithmetic. */
static double closed_theta(snd_map m, double f, double sigma, double fs)
{
    const double T = 1.0 / fs, w = 2.0 * PI * f;
    const double complex s = -sigma + I * w;
    if (m == SND_MAP_IMPULSE)
        return carg(cexp(s * T));
    if (m == SND_MAP_BILINEAR)
        return carg((1.0 + s * T / 2.0) / (1.0 - s * T / 2.0));
    const double A = 1.0 / (T * T) + sigma / T + w * w / 2.0, C = 1.0 / (T * T) - sigma / T + w * w / 2.0;
    const double complex z = (2.0 / (T * T) + csqrt(4.0 / (T * T * T * T) - 4.0 * A * C + 0.0 * I)) / (2.0 * A);
    return fabs(carg(z));
}

START_TEST(warping_measured_against_the_closed_forms)
{
    const double rates[] = {48000.0, 8000.0};
    const double freqs[] = {100.0, 440.0, 1290.0, 3000.0};
    for (int m = 0; m < SND_MAP_COUNT; m++)
        for (size_t i = 0; i < 2; i++)
            for (size_t j = 0; j < 4; j++) {
                const double f = freqs[j], fs = rates[i];
                double cents;
                ck_assert_int_eq(snd_measured_cents((snd_map)m, f, 3.0, fs, 4096, &cents), NUMLAB_OK);
                const double want = 1200.0 * log2(closed_theta((snd_map)m, f, 3.0, fs) * fs / (2.0 * PI * f));
                ck_assert_msg(fabs(cents - want) < 1e-6, "%s, %g Hz at %g Hz: %.9f cents, closed form %.9f",
                              snd_map_name((snd_map)m), f, fs, cents, want);
            }
    /* the body lowers 1290 Hz by 0.59% at 48 kHz: undamped, cos theta = 1 / (1 + (wT)^2/2), wT = 0.1688606,
     * 1 - cos theta = e = 0.0140565, theta = 0.1678666 (hand, series acos(1 - e) = sqrt(2e)(1 + e/12 + 3e^2/160)),
     * ratio 0.994114; the bilinear's 2 atan(wT/2) / wT = 0.997634 (x = wT/2 = 0.0844303, atan x / x = 1 - x^2/3 +
     * x^4/5) */
    double body, bilinear, ii;
    ck_assert_int_eq(snd_measured_cents(SND_MAP_BODY, 1290.0, 0.0, 48000.0, 4096, &body), NUMLAB_OK);
    ck_assert_int_eq(snd_measured_cents(SND_MAP_BILINEAR, 1290.0, 0.0, 48000.0, 4096, &bilinear), NUMLAB_OK);
    ck_assert_int_eq(snd_measured_cents(SND_MAP_IMPULSE, 1290.0, 0.0, 48000.0, 4096, &ii), NUMLAB_OK);
    ck_assert_double_eq_tol(exp2(body / 1200.0), 0.994114, 2e-6);
    ck_assert_double_eq_tol(exp2(bilinear / 1200.0), 0.997634, 2e-6);
    ck_assert_double_eq_tol(ii, 0.0, 1e-6);
}
END_TEST

START_TEST(the_longest_decays_by_hand)
{
    /* the largest float below 1 is 1 - 2^-24 (IEEE 754 binary32, 24-bit significand): tau = -1 / (fs ln(1 - 2^-24))
     * = (2^24 - 1/2 - ...) / fs = 349.525 s at 48 kHz (8 kHz: 2097.15 s); double: 2^53 / 48000 = 1.876e11 s */
    ck_assert_double_eq_tol(snd_longest_decay(SND_FLOAT, 48000.0), (16777216.0 - 0.5) / 48000.0, 1e-6);
    ck_assert_double_eq_tol(snd_longest_decay(SND_FLOAT, 8000.0), (16777216.0 - 0.5) / 8000.0, 1e-5);
    ck_assert_double_eq_tol(snd_longest_decay(SND_DOUBLE, 48000.0) / (9007199254740992.0 / 48000.0), 1.0, 1e-12);
    /* a decay shorter than that rounds to no decay at all in a float: r = e^{-0.001/48000} = 1 - 2.1e-8 */
    ck_assert_float_eq((float)exp(-0.001 / 48000.0), 1.0f);
}
END_TEST

/* The error energy against long double predicted from the coefficients' rounding alone (the bank's, in double): the
 * rounded pole moves by dtheta and dr, so sample j is off by about r^j j sqrt(dtheta^2 + (dr/r)^2) against an
 * amplitude r^j: the ratio is (dtheta^2 + (dr/r)^2) sum j^2 r^2j / sum r^2j (the arithmetic's own rounding adds to
 * it; at low frequencies, where dtheta ~ da1 / (2 sin theta) is large, the coefficients dominate). */
static double predicted_db(bool single, double f, double sigma, double fs, size_t n)
{
    const long double r = expl(-(long double)sigma / fs), th = 2.0L * 3.14159265358979323846264L * f / fs;
    /* the bank's coefficients, computed in double (src/snd_bank.c), then rounded to float for a float bank */
    const double rd = exp(-sigma / fs), thd = 2.0 * PI * f / fs, a1d = 2.0 * rd * cos(thd), a2d = -rd * rd;
    const long double a1q = single ? (long double)(float)a1d : (long double)a1d;
    const long double a2q = single ? (long double)(float)a2d : (long double)a2d;
    const long double rq = sqrtl(-a2q), dth = acosl(a1q / (2 * rq)) - th, dr = (rq - r) / r;
    long double num = 0, den = 0;
    for (size_t j = 1; j <= n; j++) {
        const long double w = powl(r, 2.0L * (long double)j);
        num += (long double)j * (long double)j * w, den += w;
    }
    return (double)(10.0L * log10l((dth * dth + dr * dr) * num / den));
}

START_TEST(float_and_double_errors_against_long_double)
{
#if LDBL_MANT_DIG > DBL_MANT_DIG
    const double fs = 48000.0;
    const double low[] = {50.0, 100.0, 300.0};
    for (size_t i = 0; i < 3; i++) {
        double fl, db;
        ck_assert_int_eq(snd_precision_error_db(SND_FLOAT, low[i], 1.0, fs, 48000, &fl), NUMLAB_OK);
        ck_assert_int_eq(snd_precision_error_db(SND_DOUBLE, low[i], 1.0, fs, 48000, &db), NUMLAB_OK);
        ck_assert_double_eq_tol(fl, predicted_db(true, low[i], 1.0, fs, 48000), 1.0);
        ck_assert_double_eq_tol(db, predicted_db(false, low[i], 1.0, fs, 48000), 1.0);
        ck_assert_msg(db < fl - 150.0, "%g Hz: double %.1f dB, float %.1f dB", low[i], db, fl);
    }
    /* 5 Hz in float: theta = 6.5e-4, the float a1 = 2 r cos theta is off by up to 2^-24, so theta by up to
     * 6e-8 / (2 sin theta) = 4.6e-5 rad, 7% of it: after a second the float's ring is out of phase, an error
     * within 15 dB of the signal itself */
    double five;
    ck_assert_int_eq(snd_precision_error_db(SND_FLOAT, 5.0, 1.0, fs, 48000, &five), NUMLAB_OK);
    ck_assert_double_gt(five, -15.0);
#endif
}
END_TEST

START_TEST(bad_input_is_refused)
{
    double r, theta, y[8];
    ck_assert_int_eq(snd_map_pole(SND_MAP_IMPULSE, 0.0, 1.0, 48000.0, &r, &theta), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(snd_map_pole(SND_MAP_BILINEAR, 100.0, -1.0, 48000.0, &r, &theta), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(snd_resonator_render(SND_MAP_BODY, SND_FLOAT, 100.0, 1.0, 48000.0, 8, y), NUMLAB_ERR_INPUT);
    for (size_t j = 0; j < 8; j++)
        y[j] = 0.0;
    ck_assert_int_eq(snd_fit_pole(y, 8, &r, &theta), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(snd_fit_pole(y, 3, &r, &theta), NUMLAB_ERR_INPUT);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sound_sampling");
    TCase *tc = tcase_create("sampling");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, folded_frequencies_by_hand);
    tcase_add_test(tc, a_mode_past_nyquist_is_heard_folded);
    tcase_add_test(tc, the_rendered_resonator_is_the_banks);
    tcase_add_test(tc, warping_measured_against_the_closed_forms);
    tcase_add_test(tc, the_longest_decays_by_hand);
    tcase_add_test(tc, float_and_double_errors_against_long_double);
    tcase_add_test(tc, bad_input_is_refused);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
