/* bowl-lab's sampling steps (walk steps 8 to 10, --plot alias|warp|precision): what their texts and charts state,
 * each against an independent reference:
 *   1. aliasing: a mode past Nyquist is heard at |f - k fs| (by hand), the study's spectral peak is there within a
 *      tenth of a bin, and the banks drop every mode at or past fs/2 (the bowl preset's modes pushed up: counted here
 *      from the family's frequencies);
 *   2. warping: every point of the three schemes' series against the closed forms in complex arithmetic, at 48 and
 *      8 kHz, and the text's "the body plays 1290 Hz 0.59% low";
 *   3. precision: "no decay longer than 350 s at 48 kHz" in float (2^24 / 48000 by hand), and the study's float and
 *      double errors against a reference run here: e^{-sigma t} sin(w t) in closed form in long double (not the
 *      recurrence), within 0.5 dB. */
#include <check.h>
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "../labs/bowl-lab/lab.h"
#include "numlab/common.h"
#include "../src/snd_internal.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

START_TEST(alias_peak_at_the_folded_frequency)
{
    const struct { double f, rate, want; } cases[] = {
        {30000.0, 48000.0, 18000.0},  /* the default: k = 1 */
        {5000.0, 8000.0, 3000.0},     /* --rate 8000 */
        {100000.0, 48000.0, 4000.0},  /* k = round(2.08) = 2: |100000 - 96000| */
        {1290.0, 48000.0, 1290.0},    /* below Nyquist: where it is */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        bl_study st;
        ck_assert_int_eq(bl_study_build(&st, BL_STUDY_ALIAS, cases[c].f, cases[c].rate, 10.0), NUMLAB_OK);
        ck_assert_double_eq_tol(st.folded, cases[c].want, 1e-9);
        ck_assert_double_eq_tol(st.bin, cases[c].rate / 8192.0, 1e-12);
        ck_assert_msg(fabs(st.peak - cases[c].want) < 0.1 * st.bin, "%g Hz at %g Hz: peak %.3f Hz, folded %g Hz",
                      cases[c].f, cases[c].rate, st.peak, cases[c].want);
        bl_study_free(&st);
    }
}
END_TEST

START_TEST(the_banks_drop_modes_past_nyquist)
{
    /* the steel-pair bowl family with f1 raised until its upper modes pass 24 kHz: the bank keeps exactly those
     * below it, counted from the family's own frequencies */
    snd_family fam = snd_preset_default()->sound.bowl;
    fam.f1 = 3000.0;
    snd_mode modes[SND_MAX_BOWL_MODES];
    const size_t n = snd_family_modes(&fam, modes, SND_MAX_BOWL_MODES);
    size_t below = 0;
    for (size_t k = 0; k < n; k++)
        below += modes[k].freq < 24000.0;
    ck_assert_uint_gt(n - below, 0);  /* some pass Nyquist, or the test shows nothing */
    ck_assert_uint_gt(below, 0);
    snd_bank bk;
    ck_assert_int_eq(snd_bank_init(&bk, modes, n, 48000.0, 1), NUMLAB_OK);
    ck_assert_uint_eq(bk.modes, below);
    for (size_t k = 0; k < bk.modes; k++)
        ck_assert_double_lt(bk.mode[k].freq, 24000.0);
    snd_bank_destroy(&bk);
}
END_TEST

static double closed_cents(snd_map m, double f, double sigma, double fs)
{
    const double T = 1.0 / fs, w = 2.0 * NUMLAB_PI * f;
    const double complex s = -sigma + I * w;
    double theta;
    if (m == SND_MAP_IMPULSE) {
        theta = carg(cexp(s * T));
    } else if (m == SND_MAP_BILINEAR) {
        theta = carg((1.0 + s * T / 2.0) / (1.0 - s * T / 2.0));
    } else {
        const double A = 1.0 / (T * T) + sigma / T + w * w / 2.0, C = 1.0 / (T * T) - sigma / T + w * w / 2.0;
        theta = fabs(carg((2.0 / (T * T) + csqrt(4.0 / (T * T * T * T) - 4.0 * A * C + 0.0 * I)) / (2.0 * A)));
    }
    return 1200.0 * log2(theta / (w * T));
}

START_TEST(warp_series_against_the_closed_forms)
{
    const double rates[] = {48000.0, 8000.0};
    for (size_t i = 0; i < 2; i++) {
        bl_study st;
        ck_assert_int_eq(bl_study_build(&st, BL_STUDY_WARP, 1290.0, rates[i], 3.0), NUMLAB_OK);
        ck_assert_int_eq(st.n, SND_MAP_COUNT);
        for (int m = 0; m < st.n; m++) {
            ck_assert_str_eq(st.s[m].key, snd_map_name((snd_map)m));
            for (size_t k = 0; k < st.s[m].n; k++) {
                const double want = closed_cents((snd_map)m, st.s[m].x[k], 3.0, rates[i]);
                ck_assert_msg(fabs(st.s[m].y[k] - want) < 1e-6, "%s at %g Hz, %g Hz: %.9f cents, closed form %.9f",
                              st.s[m].key, rates[i], st.s[m].x[k], st.s[m].y[k], want);
            }
            ck_assert_double_eq_tol(st.cents[m], closed_cents((snd_map)m, 1290.0, 3.0, rates[i]), 1e-6);
        }
        /* the bilinear and the body only ever lower a frequency: every point below 0 */
        for (int m = SND_MAP_BILINEAR; m <= SND_MAP_BODY; m++)
            for (size_t k = 0; k < st.s[m].n; k++)
                ck_assert_double_lt(st.s[m].y[k], 0.0);
        if (i == 0) {  /* "the body plays it 0.59% low": wT = 0.1688606, theta = acos(1/(1 + (wT)^2/2)) = 0.1678666 */
            const double low = 100.0 * (1.0 - exp2(st.cents[SND_MAP_BODY] / 1200.0));
            ck_assert_double_eq_tol(low, 100.0 * (1.0 - 0.1678666 / 0.1688606), 1e-4);
            ck_assert_double_eq_tol(round(low * 100.0) / 100.0, 0.59, 1e-12);
        }
        bl_study_free(&st);
    }
}
END_TEST

/* 10 log10 of the error energy of p's render against e^{-sigma t} sin(w t), t = (j + 1) / fs, in long double. */
static double reference_error_db(snd_precision p, double f, double sigma, double fs, size_t n)
{
    double *y = malloc(n * sizeof *y);
    ck_assert_ptr_nonnull(y);
    ck_assert_int_eq(snd_resonator_render(SND_MAP_IMPULSE, p, f, sigma, fs, n, y), NUMLAB_OK);
    long double err = 0, sig = 0;
    const long double w = 2.0L * 3.14159265358979323846264L * f;
    for (size_t j = 0; j < n; j++) {
        const long double t = (long double)(j + 1) / fs, want = expl(-sigma * t) * sinl(w * t), d = y[j] - want;
        err += d * d, sig += want * want;
    }
    free(y);
    return (double)(10.0L * log10l(err / sig));
}

START_TEST(precision_against_a_closed_form_reference)
{
    bl_study st;
    ck_assert_int_eq(bl_study_build(&st, BL_STUDY_PRECISION, 100.0, 48000.0, 1.0), NUMLAB_OK);
    /* "no decay longer than 350 s": -1 / (48000 ln(1 - 2^-24)) = 349.525 s */
    ck_assert_double_eq_tol(st.longest[0], 16777215.5 / 48000.0, 1e-6);
    ck_assert_double_eq_tol(round(st.longest[0] / 10.0) * 10.0, 350.0, 1e-12);
#if LDBL_MANT_DIG > DBL_MANT_DIG
    ck_assert_double_eq_tol(st.error_db[0], reference_error_db(SND_FLOAT, 100.0, 1.0, 48000.0, 48000), 0.5);
    ck_assert_double_eq_tol(st.error_db[1], reference_error_db(SND_DOUBLE, 100.0, 1.0, 48000.0, 48000), 0.5);
    ck_assert_str_eq(st.s[0].key, "float");
    ck_assert_str_eq(st.s[1].key, "double");
    for (size_t k = 0; k < st.s[0].n; k += 5) {
        const double f = st.s[0].x[k];
        ck_assert_double_eq_tol(st.s[0].y[k], reference_error_db(SND_FLOAT, f, 1.0, 48000.0, 48000), 0.5);
        ck_assert_double_eq_tol(st.s[1].y[k], reference_error_db(SND_DOUBLE, f, 1.0, 48000.0, 48000), 0.5);
    }
    /* and the float is worse than the double everywhere, by more than 100 dB */
    for (size_t k = 0; k < st.s[0].n; k++)
        ck_assert_double_lt(st.s[1].y[k], st.s[0].y[k] - 100.0);
#endif
    bl_study_free(&st);
}
END_TEST

START_TEST(bad_study_input_is_refused)
{
    bl_study st;
    ck_assert_int_eq(bl_study_build(&st, BL_STUDY_ALIAS, 0.0, 48000.0, 1.0), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(bl_study_build(&st, BL_N_STUDIES, 100.0, 48000.0, 1.0), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(st.n, 0);
    ck_assert_int_eq(bl_study_find("warp"), BL_STUDY_WARP);
    ck_assert_int_eq(bl_study_find("pie"), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bowl_lab_sampling_claims");
    TCase *tc = tcase_create("claims");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, alias_peak_at_the_folded_frequency);
    tcase_add_test(tc, the_banks_drop_modes_past_nyquist);
    tcase_add_test(tc, warp_series_against_the_closed_forms);
    tcase_add_test(tc, precision_against_a_closed_form_reference);
    tcase_add_test(tc, bad_study_input_is_refused);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
