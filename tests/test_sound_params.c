/* sound at parameters where the terms differ: banks at sample rates other than 48 kHz, strikes with their own
 * amplitudes and a scale != 1, a retune != 1, mode families with a tilt != 1 and the gesture filter at another
 * rate. test_sound.c strikes with scale 1 and the modes' own gains, at 48 kHz, with a tilt of 1, where a dropped
 * factor or a hard-wired rate cannot show. References: the closed forms in src/snd_internal.h, evaluated here
 * directly. */
#include <check.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "../src/snd_internal.h"
#include "helpers/check_main.h"


/* The largest |out[i] - sum_k c_k r_k^(i - start) sin(factor theta_k (i - start))| over i in [start, n), with
 * r_k = e^{-a_k / fs}, theta_k = 2 pi f_k / fs; samples before start must be 0. */
static double worst_error(const double *out, size_t n, size_t start, const snd_mode *modes, const double *c,
                          size_t count, double fs, double factor)
{
    double worst = 0.0;
    for (size_t i = 0; i < n; i++) {
        double want = 0.0;
        if (i >= start)
            for (size_t k = 0; k < count; k++) {
                const double j = (double)(i - start);
                want += c[k] * pow(exp(-modes[k].decay / fs), j) *
                        sin(2.0 * NUMLAB_PI * modes[k].freq * factor / fs * j);
            }
        worst = fmax(worst, fabs(out[i] - want));
    }
    return worst;
}

START_TEST(impulse_response_at_other_rates)
{
    /* y[n] = g r^n sin(theta n) with r and theta from the bank's own rate: 96 kHz, 44.1 kHz and 8 kHz */
    static const double rates[] = {96000.0, 44100.0, 8000.0};
    const snd_mode modes[] = {{440.0, 3.0, 0.8}, {3000.0, 40.0, -0.6}};
    const double gains[] = {0.8, -0.6};
    enum { N = 20000 };
    double *in = calloc(N, sizeof *in), *out = calloc(N, sizeof *out);
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_nonnull(out);
    in[0] = 1.0;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        snd_bank bk;
        ck_assert_int_eq(snd_bank_init(&bk, modes, 2, rates[r], 1), 0);
        ck_assert_uint_eq(bk.modes, 2);
        memset(out, 0, N * sizeof *out);
        snd_bank_process(&bk, 0, in, N, out);
        const double err = worst_error(out, N, 0, modes, gains, 2, rates[r], 1.0);
        ck_assert_msg(err < 1e-9, "rate %g: error %g", rates[r], err);
        snd_bank_destroy(&bk);
    }
    free(in);
    free(out);
}
END_TEST

START_TEST(strike_amplitudes_and_scale)
{
    /* a strike of scale s with amplitudes A_k at the last processed sample gives s A_k r^j sin(theta j) after it,
     * whatever the modes' gains */
    const snd_mode modes[] = {{700.0, 20.0, 1.0}, {2500.0, 60.0, 0.1}};
    const double amp[] = {0.3, -2.0}, scale = 0.5, fs = 44100.0;
    enum { N = 4000 };
    double out[N] = {0};
    snd_bank bk;
    ck_assert_int_eq(snd_bank_init(&bk, modes, 2, fs, 2), 0);
    snd_bank_process(&bk, 1, NULL, 1, out);
    snd_bank_strike(&bk, 1, amp, scale);
    snd_bank_process(&bk, 1, NULL, N - 1, out + 1);
    const double c[] = {scale * amp[0], scale * amp[1]};
    ck_assert_msg(worst_error(out, N, 0, modes, c, 2, fs, 1.0) < 1e-12, "error %g",
                  worst_error(out, N, 0, modes, c, 2, fs, 1.0));
    snd_bank_destroy(&bk);
}
END_TEST

START_TEST(retune_moves_frequencies_not_decays)
{
    /* retuned by 1.5, an impulse rings at 1.5 f with the same decay: g r^n sin(1.5 theta n); retune(1) undoes it */
    const snd_mode modes[] = {{500.0, 10.0, 0.7}, {1900.0, 35.0, 0.4}};
    const double gains[] = {0.7, 0.4}, fs = 32000.0;
    enum { N = 6000 };
    double in[N] = {1.0}, out[N] = {0};
    snd_bank bk;
    ck_assert_int_eq(snd_bank_init(&bk, modes, 2, fs, 1), 0);
    snd_bank_retune(&bk, 1.5);
    snd_bank_process(&bk, 0, in, N, out);
    ck_assert_msg(worst_error(out, N, 0, modes, gains, 2, fs, 1.5) < 1e-11, "retuned: error %g",
                  worst_error(out, N, 0, modes, gains, 2, fs, 1.5));
    snd_bank_destroy(&bk);
    ck_assert_int_eq(snd_bank_init(&bk, modes, 2, fs, 1), 0);
    snd_bank_retune(&bk, 0.8);
    snd_bank_retune(&bk, 1.0);
    memset(out, 0, sizeof out);
    snd_bank_process(&bk, 0, in, N, out);
    ck_assert(worst_error(out, N, 0, modes, gains, 2, fs, 1.0) < 1e-11);
    snd_bank_destroy(&bk);
}
END_TEST

START_TEST(family_tilt_and_decay_terms)
{
    /* gain_k = (f1 / f_k)^tilt and a = d0 + d1 f + d2 (f / 1 kHz)^2, with tilt 2 and -0.25 (test_sound.c uses 1)
     * on the ball's series (ratio 1.506 for the second doublet) */
    static const double tilts[] = {2.0, -0.25};
    for (size_t t = 0; t < 2; t++) {
        const snd_family ball = {.kind = SND_BALL, .f1 = 2000.0, .count = 4, .split = 0.004, .d0 = 1.5, .d1 = 0.002,
                                 .d2 = 0.3, .tilt = tilts[t]};
        snd_mode m[4];
        ck_assert_uint_eq(snd_family_modes(&ball, m, 4), 4);
        /* mode 2: f = 2000 * 1.506 = 3012 Hz; its doublet partner (j = 1, odd: split 0.7 * 0.004) 3012 * 1.0028 */
        ck_assert_double_eq_tol(m[2].freq, 3012.0, 1e-9);
        ck_assert_double_eq_tol(m[3].freq, 3012.0 * 1.0028, 1e-9);
        ck_assert_double_eq_tol(m[2].gain, pow(1.0 / 1.506, tilts[t]), 1e-12);
        ck_assert_double_eq_tol(m[3].gain, pow(1.0 / (1.506 * 1.0028), tilts[t]), 1e-12);
        ck_assert_double_eq_tol(m[0].gain, 1.0, 1e-15);
        /* a = 1.5 + 0.002 * 3012 + 0.3 * 3.012^2 = 1.5 + 6.024 + 2.7216432 */
        ck_assert_double_eq_tol(m[2].decay, 1.5 + 6.024 + 0.3 * 3.012 * 3.012, 1e-12);
    }
}
END_TEST

START_TEST(lowpass_at_another_rate)
{
    /* coef = 1 - e^{-2 pi fc / fs}; a unit step gives y[n] = 1 - (1 - coef)^(n + 1). fc 1 kHz at 44.1 kHz:
     * 1 - coef = e^{-0.142476} = 0.867208 */
    snd_lowpass lp = {0};
    snd_lowpass_set(&lp, 1000.0, 44100.0);
    ck_assert_double_eq_tol(lp.coef, 1.0 - exp(-2.0 * NUMLAB_PI * 1000.0 / 44100.0), 1e-15);
    ck_assert_double_eq_tol(1.0 - lp.coef, 0.867208, 1e-6);
    double x[64];
    for (int i = 0; i < 64; i++)
        x[i] = 1.0;
    snd_lowpass_run(&lp, x, 64);
    for (int i = 0; i < 64; i++)
        ck_assert_double_eq_tol(x[i], 1.0 - pow(1.0 - lp.coef, i + 1), 1e-14);
}
END_TEST

START_TEST(linear_body_is_its_recurrence)
{
    /* Without the coupling (alpha = 0) each body mode is the linear recurrence of snd_internal.h's scheme,
     *   a q^{n+1} - (2/k^2) q^n + C q^{n-1} = 0,   a = 1/k^2 + sigma/k + w^2/2,   C = 1/k^2 - sigma/k + w^2/2,
     * with roots rho e^{+-i phi}, rho^2 = C/a, cos phi = 1 / (k^2 sqrt(a C)): q^n = A rho^n sin(n phi). A kick of v
     * sets q^0 = 0, q^{-1} = -k v drive, so A = k v drive rho / sin(phi); sample i outputs gain w q^{i+1}. At
     * 16 kHz (k = 1/16000), 300 Hz, sigma 5, drive 2, gain 0.5, v 1.5; a second mode with other values adds in. */
    const snd_body_mode modes[2] = {{.freq = 300.0, .decay = 5.0, .couple = 0.3, .drive = 2.0, .gain = 0.5},
                                    {.freq = 2100.0, .decay = 40.0, .couple = -0.2, .drive = -0.7, .gain = 1.3}};
    const double fs = 16000.0, k = 1.0 / fs, v = 1.5;
    enum { N = 8000 };
    static double out[N];
    snd_body b;
    ck_assert_int_eq(snd_body_init(&b, modes, 2, 0.0, 3.0, fs), 0);
    b.silence = 0.0;
    snd_body_kick(&b, v);
    snd_body_process(&b, N, out);
    double worst = 0.0, peak = 0.0;
    for (size_t i = 0; i < N; i++) {
        double want = 0.0;
        for (int m = 0; m < 2; m++) {
            const double w = 2.0 * NUMLAB_PI * modes[m].freq, sg = modes[m].decay;
            const double a = 1.0 / (k * k) + sg / k + w * w / 2.0, C = 1.0 / (k * k) - sg / k + w * w / 2.0;
            const double rho = sqrt(C / a), phi = acos(1.0 / (k * k * sqrt(a * C)));
            const double A = k * v * modes[m].drive * rho / sin(phi);
            want += modes[m].gain * w * A * pow(rho, (double)(i + 1)) * sin((double)(i + 1) * phi);
        }
        worst = fmax(worst, fabs(out[i] - want));
        peak = fmax(peak, fabs(want));
    }
    ck_assert_msg(worst <= 1e-9 * peak, "error %g of %g", worst, peak);
    /* and that is the continuous mode to leading order: the 300 Hz mode's A w = v drive = 3, gain 0.5: 1.5 */
    ck_assert(peak > 1.0);
    snd_body_destroy(&b);
}
END_TEST

START_TEST(strikes_pan_by_constant_power)
{
    /* A strike at pan p reaches the left channel with cos((p + 1) pi/4) and the right with sin((p + 1) pi/4):
     * at p = -0.5 (left of centre, where p = 0 would hide the sign) the channels are the same ring in the ratio
     * cot(pi/8) = 1 + sqrt 2, at p = +0.5 the other way round. The DC blocker is linear and the limiter's gain is
     * shared, so the ratio holds sample by sample. */
    static const double pans[] = {-0.5, 0.5};
    for (int q = 0; q < 2; q++) {
        const snd_preset *p = snd_preset_default();
        const double radius[2] = {p->bowl.sphere[0].radius, p->bowl.sphere[1].radius};
        snd_synth s;
        ck_assert_int_eq(snd_synth_init(&s, &p->sound, radius, 48000.0, 2, SND_LAYER_IMPACT, 1), 0);
        snd_control quiet;
        memset(&quiet, 0, sizeof quiet);  /* no contact sounds: gates 0 */
        const snd_hit hit = {.kind = SND_HIT_SPHERES, .offset = 3, .strength = 0.5, .pan = pans[q]};
        enum { N = 2400 };
        static double out[2 * N];
        memset(out, 0, sizeof out);
        for (size_t i = 0; i < N; i += 20)
            snd_synth_step(&s, &quiet, i == 0 ? &hit : NULL, i == 0 ? 1 : 0, 20, out + 2 * i);
        const double ratio = 1.0 + sqrt(2.0);  /* cos(pi/8) / sin(pi/8) */
        double louder = 0.0, worst = 0.0;
        for (size_t i = 0; i < N; i++) {
            const double l = out[2 * i], r = out[2 * i + 1];
            const double big = q == 0 ? l : r, small = q == 0 ? r : l;
            louder = fmax(louder, fabs(big));
            worst = fmax(worst, fabs(big - ratio * small));
        }
        ck_assert(louder > 1e-3);
        ck_assert_msg(worst <= 1e-12 * louder, "pan %g: off by %g of %g", pans[q], worst, louder);
        snd_synth_destroy(&s);
    }
}
END_TEST

START_TEST(micro_impacts_have_mean_amp_and_gamma_spread)
{
    /* Amplitudes are amp Gamma(k, 1/k): mean amp, variance amp^2 / k (test_sound.c renders at amp 1, where a
     * dropped amp cannot show, and counts events only, where Gamma(1/k, k), of mean 1 too, cannot show). Sparse
     * grains (50/s, 5 samples wide: 0.5% overlap) are read back one by one: each pulse sums to its amplitude. At
     * amp 0.25 and k = 4 over 100 s: about 5000 grains, mean 0.25 +- 4 * 0.25 / sqrt(4 * 5000) and variance
     * 0.015625 within 10% (its relative error is sqrt((kurtosis - 1) / N) = sqrt(3.5 / 5000) = 2.6%). */
    const snd_grain grain = {1e-4, 4.0};
    const double amp = 0.25, fs = 48000.0;
    snd_stream st;
    ck_assert_int_eq(snd_stream_init(&st, &grain, fs, 3), 0);
    static double block[48000];
    double total = 0.0, pulse = 0.0, sum = 0.0, sum2 = 0.0;
    size_t events = 0, pulses = 0;
    for (int second = 0; second <= 100; second++) {  /* the last second without grains flushes the tail */
        memset(block, 0, sizeof block);
        size_t count = 0;
        snd_stream_render(&st, second < 100 ? 50.0 : 0.0, amp, 48000, block, &count);
        events += count;
        for (size_t i = 0; i < 48000; i++) {
            total += block[i];
            if (block[i] != 0.0) {
                pulse += block[i];
            } else if (pulse != 0.0) {
                sum += pulse, sum2 += pulse * pulse, pulses++;
                pulse = 0.0;
            }
        }
    }
    ck_assert(fabs((double)events - 5000.0) <= 4.0 * sqrt(5000.0));
    ck_assert_msg(fabs(total / (double)events - amp) <= 4.0 * amp / sqrt(4.0 * (double)events), "mean %g",
                  total / (double)events);
    ck_assert(pulses >= events * 98 / 100 && pulses <= events);  /* few overlaps */
    const double mean = sum / (double)pulses, var = sum2 / (double)pulses - mean * mean;
    ck_assert_msg(fabs(var - amp * amp / 4.0) <= 0.1 * amp * amp / 4.0, "variance %g, expected %g", var,
                  amp * amp / 4.0);
    snd_stream_destroy(&st);
}
END_TEST

/* snd_params_check names the member at fault as sound.h spells it, and the engine refuses what it refuses (a
 * negative body decay used to pass the check, fail the body layer and come back as "out of memory"). Each case
 * breaks one member of a preset that passes; a check that tested only finiteness would let every one through. */
START_TEST(params_check_names_the_member)
{
    const snd_preset *base = snd_preset_default();
    const char *what = "not reset";
    ck_assert_int_eq(snd_params_check(&base->sound, &what), NUMLAB_OK);
    ck_assert_ptr_null(what);
    ck_assert_uint_ge(base->sound.n_body, 3);
    struct {
        const char *name;
        size_t offset;
        double value;
    } cases[] = {
        {"bright_lo/bright_hi", offsetof(snd_params, bright_lo), 2.0 * base->sound.bright_hi},
        {"rub_grain.width", offsetof(snd_params, rub_grain.width), 0.02},  /* longer than 10 ms */
        {"pair_grain.shape", offsetof(snd_params, pair_grain.shape), 0.0},
        {"ball.d1", offsetof(snd_params, ball.d1), -0.001},
        {"bowl.f1", offsetof(snd_params, bowl.f1), NAN},
        {"body[2].decay", offsetof(snd_params, body[2].decay), -1.0},
        {"body[0].freq", offsetof(snd_params, body[0].freq), 0.0},
        {"relax_depth", offsetof(snd_params, relax_depth), 0.05},
        {"limit", offsetof(snd_params, limit), 1.0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snd_preset p = *base;
        *(double *)((char *)&p.sound + cases[i].offset) = cases[i].value;
        what = NULL;
        ck_assert_int_eq(snd_params_check(&p.sound, &what), NUMLAB_ERR_INPUT);
        ck_assert_str_eq(what, cases[i].name);
        snd_options o = {.seed = 1, .rate = SND_RATE, .channels = 1, .layers = SND_LAYERS_DEFAULT};
        snd_error err = SND_OK;
        ck_assert_ptr_null(snd_engine_new(&p, &o, &err));
        ck_assert_int_eq(err, SND_ERR_PARAMS);
    }
    snd_preset p = *base;
    p.sound.n_body = SND_MAX_BODY_MODES + 1;
    ck_assert_int_eq(snd_params_check(&p.sound, &what), NUMLAB_ERR_INPUT);
    ck_assert_str_eq(what, "n_body");
    ck_assert_str_eq(numlab_strerror(SND_ERR_PARAMS), "invalid argument");
    ck_assert_str_eq(numlab_strerror(SND_ERR_NOMEM), "out of memory");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sound_params");
    TCase *tc = tcase_create("terms differ");
    tcase_add_test(tc, impulse_response_at_other_rates);
    tcase_add_test(tc, strike_amplitudes_and_scale);
    tcase_add_test(tc, retune_moves_frequencies_not_decays);
    tcase_add_test(tc, family_tilt_and_decay_terms);
    tcase_add_test(tc, lowpass_at_another_rate);
    tcase_add_test(tc, linear_body_is_its_recurrence);
    tcase_add_test(tc, strikes_pan_by_constant_power);
    tcase_add_test(tc, micro_impacts_have_mean_amp_and_gamma_spread);
    tcase_add_test(tc, params_check_names_the_member);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
