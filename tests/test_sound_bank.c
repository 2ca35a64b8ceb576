/* sound, level 5 and 4, at the level of bits: the register-blocked bank kernels (src/snd_bank.c) against the
 * per-sample loop they replaced (tests/helpers/snd_bank_reference.h), the gesture filters run three at a time
 * against one at a time, and the bank's rounding over a long decay against long double.
 *   - same bits: each kernel the processor runs (groups of 2, 4 or 8 vectors in registers), every bank size that
 *     exercises a different grouping of vectors (one mode; 12, 32, 40, 64 and 100 modes: whole groups and their
 *     remainders), both channels, blocks of 1 to 300 samples (across the kernels' 64-sample chunks), input and free
 *     ringing, strikes and retunes between blocks;
 *   - the bank's rounding: 10 s of the default preset's bowl bank after a strike against the same recurrence (the
 *     same coefficients) in long double. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "../src/snd_internal.h"
#include "helpers/check_main.h"
#include "helpers/snd_bank_reference.h"

static const double FS = 48000.0;

/* n modes spread over the audible range, decays and gains all different (none dropped: all below Nyquist). */
static void spread_modes(snd_mode *m, size_t n)
{
    for (size_t k = 0; k < n; k++)
        m[k] = (snd_mode){.freq = 97.0 + 211.3 * (double)k, .decay = 2.0 + 0.7 * (double)k,
                          .gain = 1.0 / (1.0 + 0.05 * (double)k)};
}

START_TEST(kernels_match_the_per_sample_loop_bit_for_bit)
{
    const size_t sizes[] = {1, 12, 32, 40, 64, 100};
    enum { TOTAL = 6000 };
    static double in[TOTAL], got[TOTAL], want[TOTAL];
    for (size_t i = 0; i < TOTAL; i++)
        in[i] = sin(0.37 * (double)i) * (i % 7 == 0 ? 1.0 : 0.1);
    const snd_kernel kernels[] = {SND_KERNEL_SSE2, SND_KERNEL_AVX, SND_KERNEL_AVX512};
    for (size_t kz = 0; kz < 3 * sizeof sizes / sizeof sizes[0]; kz++)
        for (size_t ch = 0; ch < 2; ch++) {
            const size_t z = kz / 3;
            snd_mode modes[100];
            spread_modes(modes, sizes[z]);
            snd_bank fast, slow;
            ck_assert_int_eq(snd_bank_init(&fast, modes, sizes[z], FS, 2), 0);
            ck_assert_int_eq(snd_bank_init(&slow, modes, sizes[z], FS, 2), 0);
            ck_assert_uint_eq(fast.modes, sizes[z]);
            snd_bank_use_kernel(&fast, kernels[kz % 3]);  /* those this processor runs */
            /* no silence cut: the reference loop has none, and every mode must keep ringing for the comparison */
            fast.silence = slow.silence = 0.0;
            memset(got, 0, sizeof got);
            memset(want, 0, sizeof want);
            size_t done = 0, len = 1, block = 0;
            while (done < TOTAL) {
                const size_t n = len < TOTAL - done ? len : TOTAL - done;
                /* input on two blocks of three, free ringing on the third; a strike or a retune between some */
                const double *x = block % 3 == 2 ? NULL : in + done;
                snd_bank_process(&fast, ch, x, n, got + done);
                snd_bank_reference_process(&slow, ch, x, n, want + done);
                if (block % 5 == 4) {
                    snd_bank_strike(&fast, ch, NULL, 0.5);
                    snd_bank_strike(&slow, ch, NULL, 0.5);
                }
                if (block % 11 == 10) {
                    double factor = 1.0 + 0.001 * (double)(block % 4);
                    snd_bank_retune(&fast, factor);
                    snd_bank_retune(&slow, factor);
                }
                done += n;
                len = block % 9 == 8 ? 300 : len * 7 % 97 + 1;  /* 1..97, and now and then past a chunk */
                block++;
            }
            size_t differ = 0, first = TOTAL;
            for (size_t i = 0; i < TOTAL; i++)
                if (memcmp(&got[i], &want[i], sizeof got[i]) != 0) {
                    differ++;
                    first = first < i ? first : i;
                }
            ck_assert_msg(differ == 0, "kernel %d, %zu modes, channel %zu: %zu samples differ, the first "
                          "at %zu (%.17g, not %.17g)", (int)fast.kernel, sizes[z], ch, differ, first,
                          first < TOTAL ? got[first] : 0.0, first < TOTAL ? want[first] : 0.0);
            ck_assert(got[TOTAL - 1] != 0.0);  /* still ringing: the comparison saw live modes to the end */
            snd_bank_destroy(&fast);
            snd_bank_destroy(&slow);
        }
}
END_TEST

START_TEST(three_filters_at_once_equal_one_at_a_time)
{
    /* three cutoffs, three inputs: one of grains, one that stops (its state must fall to exactly 0 by the flush),
     * one silent from state 0 (it must stay exactly 0) */
    enum { N = 4000 };
    static double x[3][N], y[3][N];
    for (size_t i = 0; i < N; i++) {
        x[0][i] = i % 13 == 0 ? 1.0 + 0.001 * (double)i : 0.0;
        x[1][i] = i < 200 ? cos(0.1 * (double)i) : 0.0;
        x[2][i] = 0.0;
    }
    memcpy(y, x, sizeof x);
    snd_lowpass three[3] = {{0}}, one[3] = {{0}};
    const double cutoff[3] = {500.0, 9000.0, 3000.0};
    for (int c = 0; c < 3; c++) {
        snd_lowpass_set(&three[c], cutoff[c], FS);
        snd_lowpass_set(&one[c], cutoff[c], FS);
    }
    snd_lowpass *const lp[3] = {&three[0], &three[1], &three[2]};
    double *const buf[3] = {x[0], x[1], x[2]};
    for (size_t done = 0; done < N; done += 20) {
        double *const at[3] = {buf[0] + done, buf[1] + done, buf[2] + done};
        snd_lowpass_run3(lp, at, 20);
        for (int c = 0; c < 3; c++)
            snd_lowpass_run(&one[c], y[c] + done, 20);
    }
    for (int c = 0; c < 3; c++) {
        ck_assert_msg(memcmp(x[c], y[c], sizeof x[c]) == 0, "filter %d: three at once differ from one alone", c);
        ck_assert(memcmp(&three[c].z, &one[c].z, sizeof three[c].z) == 0);
    }
    ck_assert(three[1].z == 0.0);  /* 3800 samples after its input stopped, e^{-2 pi 9000/48000 3800} is far below
                                    * the 1e-15 flush */
    ck_assert(three[2].z == 0.0 && x[2][N - 1] == 0.0);
    ck_assert(x[0][N - 1] != 0.0);
}
END_TEST

START_TEST(bank_rounding_over_a_long_decay)
{
    /* The default preset's bowl bank, struck once, rings 10 s (its slowest mode, a = 4 + 0.11 * 190 = 24.9/s, falls
     * by e^{-249}: the decay is over long before). The same recurrence in long double, from the same coefficients,
     * isolates the rounding of the double arithmetic: each step rounds a few ulps, and a stable two-pole filter
     * (|poles| = r < 1) forgets old errors at the rate it forgets the signal, so the error stays a few ulps of the
     * peak (measured here: 1.8e-15 of it, 8.5e-14 of a peak of 46); 1e-14 of the peak is the bound. */
    const snd_preset *p = snd_preset_default();
    snd_mode modes[SND_MAX_BOWL_MODES];
    size_t n = snd_family_modes(&p->sound.bowl, modes, SND_MAX_BOWL_MODES);
    snd_bank bk;
    ck_assert_int_eq(snd_bank_init(&bk, modes, n, FS, 1), 0);
    bk.silence = 0.0;
    const size_t total = 10 * 48000;
    double *out = calloc(total, sizeof *out);
    long double *y1 = calloc(bk.modes, sizeof *y1), *y2 = calloc(bk.modes, sizeof *y2);
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(y1);
    ck_assert_ptr_nonnull(y2);
    snd_bank_process(&bk, 0, NULL, 1, out);
    snd_bank_strike(&bk, 0, NULL, 1.0);
    for (size_t done = 1; done < total; done += 20)
        snd_bank_process(&bk, 0, NULL, total - done < 20 ? total - done : 20, out + done);
    for (size_t k = 0; k < bk.modes; k++)
        y1[k] = (long double)bk.mode[k].gain * (long double)bk.unit[k];  /* the strike at sample 0 */
    long double worst = 0.0L, peak = 0.0L;
    for (size_t i = 1; i < total; i++) {
        long double sum = 0.0L;
        for (size_t k = 0; k < bk.modes; k++) {
            sum += y1[k];
            long double next = (long double)bk.a1[k] * y1[k] + (long double)bk.a2[k] * y2[k];
            y2[k] = y1[k];
            y1[k] = next;
        }
        peak = fmaxl(peak, fabsl(sum));
        worst = fmaxl(worst, fabsl((long double)out[i] - sum));
    }
    ck_assert_msg(peak > 0.5L, "peak %Lg", peak);
    ck_assert_msg(worst < 1e-14L * peak, "worst error %Lg of a peak %Lg (%Lg of it)", worst, peak, worst / peak);
    free(out);
    free(y1);
    free(y2);
    snd_bank_destroy(&bk);
}
END_TEST

static Suite *sound_bank_suite(void)
{
    Suite *s = suite_create("sound_bank");
    TCase *bits = tcase_create("bits");
    tcase_add_test(bits, kernels_match_the_per_sample_loop_bit_for_bit);
    tcase_add_test(bits, three_filters_at_once_equal_one_at_a_time);
    tcase_add_test(bits, bank_rounding_over_a_long_decay);
    tcase_set_timeout(bits, 60);
    suite_add_tcase(s, bits);
    return s;
}

int main(void)
{
    return run_suite(sound_bank_suite());
}
