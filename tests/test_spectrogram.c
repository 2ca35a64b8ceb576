/* spectrogram: against what a Hann window does to a pure tone, worked out by hand.
 *
 * The periodic Hann window w_i = 1/2 - 1/2 cos(2 pi i / N) has exactly three non-zero DFT coefficients, N/2 at 0 and
 * -N/4 at +-1 bin. A sine A sin(2 pi k0 i / N) on bin k0 therefore shows |X_k0| = A N / 4, read as 20 log10 A dB
 * (the module's scale: 4 / N), |X_{k0 +- 1}| = A N / 8, i.e. 20 log10(A / 2), and nothing anywhere else (the image at
 * -k0 is as sharp). Between bins the window's transform is, for large N, W(v) / W(0) = sinc(v) / (1 - v^2) with v
 * the offset in bins and sinc(v) = sin(pi v) / (pi v); its first sidelobe, the largest, peaks near v = 2.36 at about
 * -31.5 dB (Harris, Proc. IEEE 66(1), 1978, table 1). The test finds that peak on the closed form itself (golden
 * section) and places a tone so that a bin lands on it. */
#include "numlab/common.h"
#include "numlab/spectrogram.h"
#include "helpers/check_main.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

#define RATE 48000.0
#define FRAME 1024
#define HOP 512

static double *tone(size_t n, double bins, double amplitude, size_t start)
{
    double *x = calloc(n, sizeof *x);
    for (size_t i = start; i < n; i++)
        x[i] = amplitude * sin(2.0 * NUMLAB_PI * bins * (double)i / FRAME);
    return x;
}

START_TEST(tone_on_a_bin)
{
    const size_t n = 8192, k0 = 100;
    double *x = tone(n, (double)k0, 0.5, 0);
    spectrogram *s = spectrogram_new(FRAME, HOP, RATE);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(spectrogram_push(s, x, n, 1), 0);
    ck_assert_uint_eq(spectrogram_frames(s), 1 + (n - FRAME) / HOP);  /* 15 whole frames */
    ck_assert_uint_eq(spectrogram_bins(s), FRAME / 2 + 1);
    ck_assert_double_eq_tol(spectrogram_bin_hz(s) * k0, 4687.5, 1e-9);  /* 100 x 48000 / 1024 */
    ck_assert_double_eq_tol(spectrogram_frame_time(s, 2), (2.0 * HOP + FRAME / 2) / RATE, 1e-15);
    const float *db = spectrogram_db(s);
    for (size_t f = 0; f < spectrogram_frames(s); f++) {
        const float *row = db + f * spectrogram_bins(s);
        size_t peak = 0;
        for (size_t k = 1; k < spectrogram_bins(s); k++)
            peak = row[k] > row[peak] ? k : peak;
        ck_assert_uint_eq(peak, k0);
        ck_assert_double_eq_tol(row[k0], 20.0 * log10(0.5), 1e-5);     /* -6.0206 dB */
        ck_assert_double_eq_tol(row[k0 - 1], 20.0 * log10(0.25), 1e-5); /* -12.041 dB */
        ck_assert_double_eq_tol(row[k0 + 1], 20.0 * log10(0.25), 1e-5);
        ck_assert(row[k0 - 2] < -150.0 && row[k0 + 2] < -150.0 && row[0] < -150.0);
    }
    spectrogram_free(s);
    free(x);
}
END_TEST

static double hann_transform(double v)
{
    return fabs(sin(NUMLAB_PI * v) / (NUMLAB_PI * v) / (1.0 - v * v));
}

START_TEST(hann_first_sidelobe)
{
    /* the sidelobe's peak on the closed form: golden-section search on (2, 3), where |W| has one maximum */
    double a = 2.0001, b = 2.9999;
    const double g = 0.5 * (sqrt(5.0) - 1.0);
    while (b - a > 1e-12) {
        double c = b - g * (b - a), d = a + g * (b - a);
        if (hann_transform(c) > hann_transform(d))
            b = d;
        else
            a = c;
    }
    const double v = 0.5 * (a + b), want = 20.0 * log10(hann_transform(v));
    ck_assert(want > -31.6 && want < -31.4);  /* Harris's -31.5 dB */
    /* a tone v bins above bin 300 of a 4096-sample frame: bin 300 samples the sidelobe's peak */
    const size_t n = 4096, k0 = 300;
    double *x = calloc(n, sizeof *x);
    for (size_t i = 0; i < n; i++)
        x[i] = sin(2.0 * NUMLAB_PI * ((double)k0 + v) * (double)i / (double)n);
    spectrogram *s = spectrogram_new(n, n, RATE);
    ck_assert_int_eq(spectrogram_push(s, x, n, 1), 0);
    ck_assert_uint_eq(spectrogram_frames(s), 1);
    const float *row = spectrogram_db(s);
    ck_assert_double_eq_tol(row[k0], want, 0.01);
    /* the sidelobe's peak is the largest level that far out: the next bins down read less */
    ck_assert(row[k0 - 1] < row[k0] && row[k0 - 2] < row[k0]);
    spectrogram_free(s);
    free(x);
}
END_TEST

/* A tone that starts at sample 4096: frames that end before it are silent (-200 dB), the rest hold it. */
START_TEST(onset_and_channels)
{
    const size_t n = 8192, k0 = 64;
    double *x = tone(n, (double)k0, 1.0, 4096);
    spectrogram *s = spectrogram_new(FRAME, HOP, RATE);
    ck_assert_int_eq(spectrogram_push(s, x, n, 1), 0);
    for (size_t f = 0; f < spectrogram_frames(s); f++) {
        const double level = spectrogram_db(s)[f * spectrogram_bins(s) + k0];
        if (f * HOP + FRAME <= 4096)
            ck_assert_double_eq_tol(level, -200.0, 1e-9);
        else
            ck_assert(level > -60.0);
    }
    spectrogram_free(s);
    /* stereo: the channels' mean is analysed (left = tone, right = -tone: silence; both = the tone itself) */
    double *lr = malloc(2 * n * sizeof *lr);
    for (size_t i = 0; i < n; i++)
        lr[2 * i] = x[i], lr[2 * i + 1] = -x[i];
    s = spectrogram_new(FRAME, HOP, RATE);
    ck_assert_int_eq(spectrogram_push(s, lr, n, 2), 0);
    ck_assert_double_eq_tol(spectrogram_db(s)[(spectrogram_frames(s) - 1) * spectrogram_bins(s) + k0], -200.0, 1e-9);
    spectrogram_free(s);
    /* pushed in blocks of 1, 37 and the rest: the same frames, bit for bit */
    spectrogram *whole = spectrogram_new(FRAME, HOP, RATE), *parts = spectrogram_new(FRAME, HOP, RATE);
    ck_assert_int_eq(spectrogram_push(whole, x, n, 1), 0);
    ck_assert_int_eq(spectrogram_push(parts, x, 1, 1), 0);
    ck_assert_int_eq(spectrogram_push(parts, x + 1, 37, 1), 0);
    ck_assert_int_eq(spectrogram_push(parts, x + 38, n - 38, 1), 0);
    ck_assert_uint_eq(spectrogram_frames(parts), spectrogram_frames(whole));
    for (size_t i = 0; i < spectrogram_frames(whole) * spectrogram_bins(whole); i++)
        ck_assert(spectrogram_db(parts)[i] == spectrogram_db(whole)[i]);
    spectrogram_free(whole);
    spectrogram_free(parts);
    free(lr);
    free(x);
}
END_TEST

/* Rolling: keeping the last 4 frames of 15 gives the last 4 rows of the whole one, with their own times. */
START_TEST(rolling)
{
    const size_t n = 8192;
    double *x = tone(n, 40.0, 1.0, 0);
    for (size_t i = 0; i < n; i++)
        x[i] *= (double)i / (double)n;  /* a growing tone: every frame different */
    spectrogram *whole = spectrogram_new(FRAME, HOP, RATE), *last = spectrogram_new(FRAME, HOP, RATE);
    spectrogram_keep(last, 4);
    ck_assert_int_eq(spectrogram_push(whole, x, n, 1), 0);
    ck_assert_int_eq(spectrogram_push(last, x, n, 1), 0);
    const size_t all = spectrogram_frames(whole), bins = spectrogram_bins(whole);
    ck_assert_uint_eq(all, 15);
    ck_assert_uint_eq(spectrogram_frames(last), 4);
    for (size_t f = 0; f < 4; f++) {
        ck_assert_double_eq(spectrogram_frame_time(last, f), spectrogram_frame_time(whole, all - 4 + f));
        for (size_t k = 0; k < bins; k++)
            ck_assert(spectrogram_db(last)[f * bins + k] == spectrogram_db(whole)[(all - 4 + f) * bins + k]);
    }
    spectrogram_keep(whole, 2);  /* shrinking later keeps the newest */
    ck_assert_uint_eq(spectrogram_frames(whole), 2);
    ck_assert_double_eq(spectrogram_frame_time(whole, 1), spectrogram_frame_time(last, 3));
    spectrogram_free(whole);
    spectrogram_free(last);
    free(x);
}
END_TEST

START_TEST(bad_parameters)
{
    ck_assert_ptr_null(spectrogram_new(1000, 100, RATE));  /* not a power of two */
    ck_assert_ptr_null(spectrogram_new(32, 16, RATE));     /* below 64 */
    ck_assert_ptr_null(spectrogram_new(1024, 0, RATE));
    ck_assert_ptr_null(spectrogram_new(1024, 2048, RATE));
    ck_assert_ptr_null(spectrogram_new(1024, 512, 0.0));
    ck_assert_ptr_null(spectrogram_new(1024, 512, NAN));
    spectrogram *s = spectrogram_new(1024, 512, RATE);
    ck_assert_ptr_null(spectrogram_db(s));  /* no frame yet */
    ck_assert_uint_eq(spectrogram_frames(s), 0);
    spectrogram_free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spectrogram");
    TCase *tc = tcase_create("hann");
    tcase_add_test(tc, tone_on_a_bin);
    tcase_add_test(tc, hann_first_sidelobe);
    tcase_add_test(tc, onset_and_channels);
    tcase_add_test(tc, rolling);
    tcase_add_test(tc, bad_parameters);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
