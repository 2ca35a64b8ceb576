/* sound: the rendered samples against closed forms and statistics, not against listening.
 *   - a mode's impulse response is exactly g r^n sin(theta n) (impulse invariance), modes above Nyquist dropped;
 *     a silent bank does no work;
 *   - an impact-only render has spectral peaks at the configured modes and decays at the configured rates;
 *   - micro-impact counts are Poisson; the spectral centroid rises with sliding speed; a closed gate is silence;
 *   - the tanh body layer's discrete energy obeys H^{n+1/2} - H^{n-1/2} = -k sum 2 sigma v^2, so never grows;
 *   - every preset renders finite, unclipped, DC-free samples; the same seed gives the same samples. */
#include <check.h>
#include <stdio.h>
#include <gsl/gsl_fft_real.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "../src/snd_internal.h"
#include "helpers/check_main.h"

/* ck_assert costs a write(2) even when it passes; in per-sample and per-step loops, only a failure reports. */
#define REQUIRE(cond, ...)                \
    do {                                  \
        if (!(cond))                      \
            ck_abort_msg(__VA_ARGS__);    \
    } while (0)

static const double FS = 48000.0;

/* --- helpers ---------------------------------------------------------------------------------------------- */

/* |X_k|^2 of the Hann-windowed x[0..n), n a power of two, for k = 0..n/2 (into mag2, n/2 + 1 values). */
static void power_spectrum(const double *x, size_t n, double *mag2)
{
    double *buf = malloc(n * sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    for (size_t i = 0; i < n; i++)
        buf[i] = x[i] * (0.5 - 0.5 * cos(2.0 * NUMLAB_PI * (double)i / (double)n));
    ck_assert_int_eq(gsl_fft_real_radix2_transform(buf, 1, n), 0);
    mag2[0] = buf[0] * buf[0];
    for (size_t k = 1; k < n / 2; k++)
        mag2[k] = buf[k] * buf[k] + buf[n - k] * buf[n - k];
    mag2[n / 2] = buf[n / 2] * buf[n / 2];
    free(buf);
}

/* Renders `seconds` of a synth under constant controls (no hits) into a new array. */
static double *render_synth(snd_synth *s, const snd_control *c, size_t n)
{
    double *out = malloc(n * s->channels * sizeof *out);
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < n; i += 20)
        snd_synth_step(s, c, NULL, 0, n - i < 20 ? n - i : 20, out + i * s->channels);
    return out;
}

static snd_synth default_synth(unsigned layers, unsigned long seed)
{
    const snd_preset *p = snd_preset_default();
    const double radius[2] = {p->bowl.sphere[0].radius, p->bowl.sphere[1].radius};
    snd_synth s;
    ck_assert_int_eq(snd_synth_init(&s, &p->sound, radius, FS, 1, layers, seed), 0);
    return s;
}

/* --- level 5: the bank ------------------------------------------------------------------------------------ */

START_TEST(impulse_response_is_exact)
{
    /* y[n] = g r^n sin(theta n), r = e^{-a/fs}, theta = 2 pi f/fs, from an impulse at n = 0, for a low, a middle
     * and a near-Nyquist mode, through both the strike and the input path */
    const snd_mode modes[] = {{440.0, 3.0, 0.8}, {7000.0, 40.0, 1.0}, {23000.0, 900.0, 0.5}};
    const size_t n = 96000;
    double *out = calloc(n, sizeof *out), *in = calloc(n, sizeof *in);
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(in);
    for (int path = 0; path < 2; path++)
        for (size_t m = 0; m < 3; m++) {
            snd_bank bk;
            ck_assert_int_eq(snd_bank_init(&bk, &modes[m], 1, FS, 1), 0);
            memset(out, 0, n * sizeof *out);
            if (path == 0) {
                snd_bank_process(&bk, 0, NULL, 1, out);  /* sample 0 */
                snd_bank_strike(&bk, 0, NULL, 1.0);      /* ... is the impulse */
                snd_bank_process(&bk, 0, NULL, n - 1, out + 1);
            } else {
                in[0] = 1.0;
                snd_bank_process(&bk, 0, in, n, out);
            }
            double r = exp(-modes[m].decay / FS), theta = 2.0 * NUMLAB_PI * modes[m].freq / FS, worst = 0.0;
            for (size_t i = 0; i < n; i++)
                worst = fmax(worst, fabs(out[i] - modes[m].gain * pow(r, (double)i) * sin(theta * (double)i)));
            ck_assert_msg(worst < 1e-9, "mode %zu path %d: error %g", m, path, worst);
            ck_assert(out[0] == 0.0);
            snd_bank_destroy(&bk);
        }
    free(out);
    free(in);
}
END_TEST

START_TEST(modes_above_nyquist_are_dropped)
{
    const snd_mode modes[] = {{100.0, 1.0, 1.0}, {30000.0, 1.0, 1.0}, {24000.0, 1.0, 1.0}, {23999.0, 1.0, 1.0}};
    snd_bank bk;
    ck_assert_int_eq(snd_bank_init(&bk, modes, 4, FS, 1), 0);
    ck_assert_uint_eq(bk.modes, 2);
    ck_assert_uint_eq(bk.source[0], 0);
    ck_assert_uint_eq(bk.source[1], 3);
    ck_assert_uint_eq(bk.lanes % (2 * SND_LANES), 0);
    snd_bank_destroy(&bk);
    ck_assert_int_eq(snd_bank_init(&bk, modes, 4, 96000.0, 2), 0);
    ck_assert_uint_eq(bk.modes, 4);
    snd_bank_destroy(&bk);
    const snd_mode bad = {100.0, -1.0, 1.0};
    ck_assert_int_eq(snd_bank_init(&bk, &bad, 1, FS, 1), -1);
}
END_TEST

START_TEST(silent_bank_does_no_work)
{
    /* a struck bank rings, dies below its silence level, zeroes itself and then costs nothing per sample */
    const snd_mode modes[] = {{300.0, 60.0, 1.0}, {1200.0, 90.0, 0.5}};
    snd_bank bk;
    ck_assert_int_eq(snd_bank_init(&bk, modes, 2, FS, 2), 0);
    double out[256] = {0}, other[256] = {0};
    snd_bank_process(&bk, 0, NULL, 1, out);
    snd_bank_strike(&bk, 0, NULL, 1.0);
    ck_assert(bk.active[0] && !bk.active[1]);
    unsigned long long samples = 0;
    while (bk.active[0] && samples < 10 * 48000) {
        snd_bank_process(&bk, 0, NULL, 256, out);
        snd_bank_process(&bk, 1, NULL, 256, other);  /* the other channel was never struck */
        samples += 256;
    }
    ck_assert(!bk.active[0]);
    /* e^{-60 t} from 1 down to 1e-10 takes ln(1e10)/60 = 0.38 s */
    ck_assert(samples < (unsigned long long)(0.5 * FS));
    for (size_t i = 0; i < 256; i++)
        REQUIRE(other[i] == 0.0, "the unstruck channel sounded at %zu", i);
    unsigned long long work = bk.mode_samples;
    memset(out, 0, sizeof out);
    snd_bank_process(&bk, 0, NULL, 256, out);
    ck_assert(bk.mode_samples == work);
    for (size_t i = 0; i < 256; i++)
        REQUIRE(out[i] == 0.0, "a silent bank sounded at %zu", i);
    snd_bank_destroy(&bk);
}
END_TEST

START_TEST(families_scale_and_decay_as_documented)
{
    /* a shell's modes follow n(n^2 - 1)/sqrt(n^2 + 1): the n = 3 mode is 7.5895/2.6833 = 2.8284 times n = 2 */
    snd_family shell = {.kind = SND_SHELL, .f1 = 200.0, .count = 4, .split = 0.01, .d0 = 2.0, .d1 = 0.1,
                        .d2 = 0.5, .tilt = 1.0};
    snd_mode m[4];
    ck_assert_uint_eq(snd_family_modes(&shell, m, 4), 4);
    ck_assert_double_eq_tol(m[0].freq, 200.0, 1e-12);
    ck_assert_double_eq_tol(m[1].freq, 202.0, 1e-12);  /* the doublet partner, 1% up */
    ck_assert_double_eq_tol(m[2].freq / m[0].freq, 2.8284271247, 1e-9);
    /* decay 2 + 0.1 f + 0.5 (f/1000)^2, gain (f1/f)^1 */
    ck_assert_double_eq_tol(m[0].decay, 2.0 + 20.0 + 0.5 * 0.04, 1e-12);
    ck_assert_double_eq_tol(m[2].gain, 1.0 / 2.8284271247, 1e-9);
    /* the heavy-light pair: each ball rings at f1 scaled by 8 mm / its radius */
    const snd_preset *hl = snd_preset_find("heavy-light");
    ck_assert_ptr_nonnull(hl);
    const double radius[2] = {hl->bowl.sphere[0].radius, hl->bowl.sphere[1].radius};
    snd_synth s;
    ck_assert_int_eq(snd_synth_init(&s, &hl->sound, radius, FS, 1, SND_LAYERS_DEFAULT, 1), 0);
    double lowest[2] = {INFINITY, INFINITY};
    for (size_t k = 0; k < s.ball.modes; k++)
        lowest[s.ball_owner[k]] = fmin(lowest[s.ball_owner[k]], s.ball.mode[k].freq);
    ck_assert_double_eq_tol(lowest[0], hl->sound.ball.f1 * 0.008 / 0.012, 1e-9);
    ck_assert_double_eq_tol(lowest[1], hl->sound.ball.f1 * 0.008 / 0.005, 1e-9);
    snd_synth_destroy(&s);
}
END_TEST

/* --- level 6: an impact-only render ----------------------------------------------------------------------- */

/* The default preset with nothing moving: no gravity, no gesture. One strike of the given strength at t = 0. */
static double *impact_render(double strength, size_t n, snd_engine **engine_out)
{
    snd_preset p = *snd_preset_default();
    p.bowl.gravity = 0.0;
    bowl_script still = {0};
    snd_options o = {.seed = 1, .rate = FS, .channels = 1, .layers = SND_LAYER_IMPACT, .gesture = &still};
    snd_engine *e = snd_engine_new(&p, &o, NULL);
    ck_assert_ptr_nonnull(e);
    size_t step = snd_engine_step_frames(e);
    double *out = calloc(n + step, sizeof *out);
    ck_assert_ptr_nonnull(out);
    snd_engine_strike(e, strength);
    for (size_t i = 0; i < n; i += step)
        snd_engine_step(e, out + i);
    *engine_out = e;
    return out;
}

START_TEST(impact_peaks_at_the_modes)
{
    const size_t n = 65536;  /* 1.37 s: bins of 0.73 Hz */
    snd_engine *e;
    double *out = impact_render(0.5, n, &e);
    const snd_bank *ball = &snd_engine_synth(e)->ball;
    ck_assert_uint_eq(snd_engine_stats(e)->limited, 0);  /* the limiter must not touch what we measure */
    double *mag2 = malloc((n / 2 + 1) * sizeof *mag2);
    power_spectrum(out, n, mag2);
    const double bin = FS / (double)n, tol = fmax(1.0, 0.5 * bin);
    double top = 0.0;
    for (size_t k = 1; k <= n / 2; k++)
        top = fmax(top, mag2[k]);
    ck_assert_uint_ge(ball->modes, 32);
    for (size_t m = 0; m < ball->modes; m++) {
        double f = ball->mode[m].freq;
        /* the largest bin within 3 Hz of the mode (doublet partners are >= 7 Hz apart) */
        size_t lo = (size_t)floor((f - 3.0) / bin), hi = (size_t)ceil((f + 3.0) / bin), best = lo;
        for (size_t k = lo; k <= hi; k++)
            if (mag2[k] > mag2[best])
                best = k;
        ck_assert_msg(mag2[best] > mag2[best - 1] && mag2[best] > mag2[best + 1], "no peak near %.2f Hz", f);
        ck_assert_msg(fabs((double)best * bin - f) <= tol, "peak at %.2f Hz, mode at %.2f Hz",
                      (double)best * bin, f);
    }
    /* and nothing else: every local maximum within 40 dB of the top sits within 3 Hz of a mode */
    for (size_t k = 2; k < n / 2; k++) {
        if (!(mag2[k] > mag2[k - 1] && mag2[k] >= mag2[k + 1] && mag2[k] > 1e-4 * top))
            continue;
        bool near = false;
        for (size_t m = 0; m < ball->modes && !near; m++)
            near = fabs((double)k * bin - ball->mode[m].freq) <= 3.0;
        ck_assert_msg(near, "a peak at %.2f Hz that is no mode", (double)k * bin);
    }
    free(mag2);
    free(out);
    snd_engine_free(e);
}
END_TEST

START_TEST(impact_decays_at_the_configured_rates)
{
    /* Two Hann frames of 32768 samples, the second 0.2 s after the first (both after the ~10 ms frequency
     * relaxation): for a damped sinusoid the windowed transform just scales by e^{-a 0.2}, so
     * a = ln(|X1(f)| / |X2(f)|) / 0.2 at the mode's bin. */
    const size_t len = 32768, start1 = (size_t)(0.02 * FS), shift = (size_t)(0.2 * FS);
    snd_engine *e;
    double *out = impact_render(0.5, start1 + shift + len, &e);
    const snd_bank *ball = &snd_engine_synth(e)->ball;
    double *m1 = malloc((len / 2 + 1) * sizeof *m1), *m2 = malloc((len / 2 + 1) * sizeof *m2);
    power_spectrum(out + start1, len, m1);
    power_spectrum(out + start1 + shift, len, m2);
    const double bin = FS / (double)len;
    for (size_t m = 0; m < ball->modes; m++) {
        size_t k = (size_t)lround(ball->mode[m].freq / bin);
        double a = 0.5 * log(m1[k] / m2[k]) / 0.2;  /* mag2 is |X|^2 */
        double want = ball->mode[m].decay;
        ck_assert_msg(fabs(a - want) <= 0.05 * want, "mode %.1f Hz decays at %.3f/s, configured %.3f/s",
                      ball->mode[m].freq, a, want);
    }
    free(m1);
    free(m2);
    free(out);
    snd_engine_free(e);
}
END_TEST

START_TEST(relaxation_is_micro)
{
    /* a strength-2 hit detunes the spheres' modes by at most relax_depth (0.4%) and they are back on pitch,
     * exactly, within 25 ms: a relaxation, not a chirp */
    snd_synth s = default_synth(SND_LAYER_IMPACT, 1);
    snd_control c = {0};
    snd_hit hit = {SND_HIT_SPHERES, 3, 2.0, 0.0};
    double out[20];
    snd_synth_step(&s, &c, &hit, 1, 20, out);
    ck_assert(s.meters.relax > 0.0 && s.meters.relax <= s.p.relax_depth);
    for (int k = 0; k < 60; k++)  /* 25 ms */
        snd_synth_step(&s, &c, NULL, 0, 20, out);
    ck_assert(s.meters.relax == 0.0 && s.retuned == 0.0);
    snd_synth_destroy(&s);
}
END_TEST

/* --- levels 3 and 4: micro-impacts ----------------------------------------------------------------------- */

START_TEST(poisson_counts)
{
    /* in a window W the count is lambda W +- 4 sqrt(lambda W), for a dense (rub) and a sparse (scratch) rate */
    const double rates[] = {20000.0, 2000.0, 60.0};
    const snd_grain grain = {1e-4, 2.0};
    const size_t n = 48000;  /* W = 1 s */
    double *out = calloc(n, sizeof *out);
    for (size_t r = 0; r < 3; r++)
        for (unsigned long seed = 1; seed <= 20; seed++) {
            snd_stream st;
            ck_assert_int_eq(snd_stream_init(&st, &grain, FS, seed), 0);
            size_t count = 0;
            snd_stream_render(&st, rates[r], 1.0, n, out, &count);
            double mean = rates[r];
            ck_assert_msg(fabs((double)count - mean) <= 4.0 * sqrt(mean), "rate %g seed %lu: %zu events",
                          rates[r], seed, count);
            snd_stream_destroy(&st);
        }
    free(out);
}
END_TEST

START_TEST(poisson_rate_steps_and_block_sizes)
{
    /* a rate that jumps from 1000/s to 4000/s half way: 500 + 2000 expected; and cutting the same second into
     * blocks of 20 samples gives the same events as one block (the gaps live in operational time) */
    const snd_grain grain = {1e-4, 2.0};
    double *one = calloc(48000 + 64, sizeof *one), *many = calloc(48000 + 64, sizeof *many);
    for (unsigned long seed = 1; seed <= 10; seed++) {
        snd_stream a, b;
        ck_assert_int_eq(snd_stream_init(&a, &grain, FS, seed), 0);
        ck_assert_int_eq(snd_stream_init(&b, &grain, FS, seed), 0);
        memset(one, 0, 48000 * sizeof *one);
        memset(many, 0, 48000 * sizeof *many);
        size_t na1, na2, nb = 0, k;
        snd_stream_render(&a, 1000.0, 1.0, 24000, one, &na1);
        snd_stream_render(&a, 4000.0, 1.0, 24000, one + 24000, &na2);
        for (size_t i = 0; i < 48000; i += 20) {
            snd_stream_render(&b, i < 24000 ? 1000.0 : 4000.0, 1.0, 20, many + i, &k);
            nb += k;
        }
        ck_assert(fabs((double)(na1 + na2) - 2500.0) <= 4.0 * sqrt(2500.0));
        ck_assert_uint_eq(na1 + na2, nb);
        double diff = 0.0, sum = 0.0;
        for (size_t i = 0; i < 48000; i++) {
            diff += fabs(one[i] - many[i]);
            sum += fabs(one[i]);
        }
        ck_assert(diff <= 1e-12 * sum);
        snd_stream_destroy(&a);
        snd_stream_destroy(&b);
    }
    free(one);
    free(many);
}
END_TEST

START_TEST(closed_gate_is_silence)
{
    /* a sphere sliding at 1 m/s with its gate shut makes no rubbing at all: every sample exactly 0 and not one
     * mode-sample computed; opened, the same slide is heard */
    snd_synth s = default_synth(SND_LAYER_RUB | SND_LAYER_FORCE, 7);
    snd_control c = {0};
    c.sphere[0] = (snd_contact){.speed = 1.0, .gate = 0.0, .load = 1.0};
    c.sphere[1] = (snd_contact){.speed = 0.6, .gate = 0.0, .load = 2.0};
    double *out = render_synth(&s, &c, 48000);
    for (size_t i = 0; i < 48000; i++)
        REQUIRE(out[i] == 0.0, "sample %zu is %g with the gate shut", i, out[i]);
    ck_assert(s.stats.mode_samples == 0 && s.stats.micro_impacts == 0);
    free(out);
    c.sphere[0].gate = 1.0;
    out = render_synth(&s, &c, 48000);
    double energy = 0.0;
    for (size_t i = 0; i < 48000; i++)
        energy += out[i] * out[i];
    ck_assert(energy > 1e-6);
    ck_assert(s.stats.micro_impacts > 1000);
    free(out);
    snd_synth_destroy(&s);
}
END_TEST

static double centroid(const double *x, size_t n)
{
    /* Welch: Hann frames of 4096, hop 2048, power averaged */
    const size_t len = 4096;
    double *mag2 = malloc((len / 2 + 1) * sizeof *mag2), *sum = calloc(len / 2 + 1, sizeof *sum);
    for (size_t at = 0; at + len <= n; at += len / 2) {
        power_spectrum(x + at, len, mag2);
        for (size_t k = 0; k <= len / 2; k++)
            sum[k] += mag2[k];
    }
    double num = 0.0, den = 0.0;
    for (size_t k = 1; k <= len / 2; k++) {
        num += (double)k * FS / (double)len * sum[k];
        den += sum[k];
    }
    free(mag2);
    free(sum);
    return num / den;
}

START_TEST(centroid_rises_with_speed)
{
    /* the same contact at 0.05, 0.15, 0.45 and 1.35 m/s: each faster slide has a brighter spectrum (the gesture
     * filter opens with speed; the rate only thickens the texture) */
    const double speeds[] = {0.05, 0.15, 0.45, 1.35};
    double last = 0.0;
    for (size_t i = 0; i < 4; i++) {
        snd_synth s = default_synth(SND_LAYER_RUB, 3);
        snd_control c = {0};
        c.sphere[0] = (snd_contact){.speed = speeds[i], .gate = 1.0, .load = 1.0};
        double *out = render_synth(&s, &c, 2 * 48000);
        double cen = centroid(out, 2 * 48000);
        fprintf(stderr, "centroid %.2f m/s: %.0f Hz\n", speeds[i], cen);
        ck_assert_msg(cen > 1.1 * last, "centroid %.0f Hz at %.2f m/s, %.0f Hz before", cen, speeds[i], last);
        last = cen;
        free(out);
        snd_synth_destroy(&s);
    }
}
END_TEST

/* --- level 6: the body layer ------------------------------------------------------------------------------ */

START_TEST(body_energy_never_grows)
{
    /* A hard kick (beta s reaches well past 1: the tanh saturates), then 0.5 s without input, sample by sample:
     * the scheme's energy changes by exactly the damping term, -k sum_m 2 sigma_m ((q^{n+1} - q^{n-1})/2k)^2
     * (to 1e-9 of H), so it never grows (to rounding). */
    const snd_preset *p = snd_preset_default();
    snd_body b;
    ck_assert_int_eq(snd_body_init(&b, p->sound.body, p->sound.n_body, p->sound.body_alpha, p->sound.body_beta,
                                   FS), 0);
    b.silence = 0.0;
    snd_body_kick(&b, 4.0);
    double h = snd_body_energy(&b), out, reach = 0.0;
    double *q_prev = malloc(b.n * sizeof *q_prev);
    for (int i = 0; i < 24000; i++) {
        memcpy(q_prev, b.q1, b.n * sizeof *q_prev);  /* q^{n-1} */
        snd_body_process(&b, 1, &out);
        double loss = 0.0;
        for (size_t m = 0; m < b.n; m++) {
            double v = (b.q[m] - q_prev[m]) / (2.0 * b.k);
            loss += b.k * 2.0 * b.sigma[m] * v * v;
        }
        double next = snd_body_energy(&b);
        REQUIRE(next <= h * (1.0 + 1e-13), "energy grew at sample %d: %.17g -> %.17g", i, h, next);
        REQUIRE(fabs((h - next) - loss) <= 1e-9 * h, "sample %d: lost %g, damping %g", i, h - next, loss);
        reach = fmax(reach, fabs(b.beta * b.s));
        h = next;
    }
    ck_assert(reach > 3.0);
    free(q_prev);
    snd_body_destroy(&b);
}
END_TEST

START_TEST(body_conserves_energy_without_damping)
{
    /* sigma = 0: nothing may leak, however strong the non-linearity: H stays put to rounding for a second */
    snd_body_mode modes[SND_MAX_BODY_MODES];
    const snd_preset *p = snd_preset_default();
    memcpy(modes, p->sound.body, sizeof modes);
    for (size_t m = 0; m < p->sound.n_body; m++)
        modes[m].decay = 0.0;
    snd_body b;
    ck_assert_int_eq(snd_body_init(&b, modes, p->sound.n_body, p->sound.body_alpha, p->sound.body_beta, FS), 0);
    snd_body_kick(&b, 4.0);
    double h0 = snd_body_energy(&b), out[480];
    for (int i = 0; i < 100; i++)
        snd_body_process(&b, 480, out);
    ck_assert_double_eq_tol(snd_body_energy(&b), h0, 1e-10 * h0);
    snd_body_destroy(&b);
}
END_TEST

START_TEST(body_non_linearity_matters)
{
    /* the same hard kick with and without the tanh coupling (alpha = 0): clearly different sounds, and the
     * coupled one is no louder (tanh bounds the coupling force by alpha) */
    const snd_preset *p = snd_preset_default();
    double *y[2];
    for (int nl = 0; nl < 2; nl++) {
        snd_body b;
        ck_assert_int_eq(snd_body_init(&b, p->sound.body, p->sound.n_body, nl ? p->sound.body_alpha : 0.0,
                                       p->sound.body_beta, FS), 0);
        y[nl] = calloc(9600, sizeof(double));
        snd_body_kick(&b, 4.0);
        snd_body_process(&b, 9600, y[nl]);
        snd_body_destroy(&b);
    }
    double diff = 0.0, lin = 0.0;
    for (size_t i = 0; i < 9600; i++) {
        diff += (y[1][i] - y[0][i]) * (y[1][i] - y[0][i]);
        lin += y[0][i] * y[0][i];
    }
    ck_assert(diff > 0.01 * lin);
    free(y[0]);
    free(y[1]);
}
END_TEST

START_TEST(one_long_block_equals_many_short_ones)
{
    /* a second of rubbing and a knock on the bowl at 0.625 s, rendered in one call (blocks of SND_MAX_BLOCK inside)
     * and in 20-sample steps: the same samples, but for the moment the dying knock is cut to zero (checked once a
     * block): every difference below 1e-5 (-100 dBFS, under 16-bit resolution) */
    snd_control c = {0};
    c.sphere[0] = (snd_contact){.speed = 0.4, .gate = 1.0, .load = 1.0, .pan = -0.5};
    const unsigned layers = SND_LAYER_RUB | SND_LAYER_BODY;
    snd_synth a = default_synth(layers, 9), b = default_synth(layers, 9);
    double *one = calloc(48000, sizeof *one), *many = calloc(48000, sizeof *many);
    snd_hit knock = {SND_HIT_BOWL, 30000, 0.5, 0.0};
    snd_synth_step(&a, &c, &knock, 1, 48000, one);
    for (size_t i = 0; i < 48000; i += 20) {
        snd_hit local = knock;
        local.offset -= i;
        bool here = knock.offset >= i && knock.offset < i + 20;
        snd_synth_step(&b, &c, here ? &local : NULL, here ? 1 : 0, 20, many + i);
    }
    double diff = 0.0, top = 0.0;
    for (size_t i = 0; i < 48000; i++) {
        diff = fmax(diff, fabs(one[i] - many[i]));
        top = fmax(top, fabs(one[i]));
    }
    ck_assert(top > 0.01);
    ck_assert_msg(diff < 1e-5, "largest difference %g", diff);
    ck_assert(a.stats.hits_bowl == 1 && b.stats.hits_bowl == 1);
    free(one);
    free(many);
    snd_synth_destroy(&a);
    snd_synth_destroy(&b);
}
END_TEST

START_TEST(spectrum_reads_full_scale)
{
    /* a sine of amplitude 0.5 exactly on bin 64 of 4096 (750 Hz) reads 20 log10 0.5 = -6.0206 dB there, the
     * Hann window's -6.02 dB one bin either side, and nothing (the -200 dB floor) from three bins away */
    const size_t n = 4096;
    double x[4096], db[2049];
    for (size_t i = 0; i < n; i++)
        x[i] = 0.5 * sin(2.0 * NUMLAB_PI * 64.0 * (double)i / (double)n);
    ck_assert_int_eq(snd_spectrum(x, n, db), 0);
    ck_assert_double_eq_tol(db[64], 20.0 * log10(0.5), 1e-9);
    ck_assert_double_eq_tol(db[63], 20.0 * log10(0.25), 1e-9);
    ck_assert_double_eq_tol(db[65], 20.0 * log10(0.25), 1e-9);
    for (size_t k = 0; k <= n / 2; k++)
        REQUIRE(k >= 62 && k <= 66 ? true : db[k] < -150.0, "bin %zu reads %g dB", k, db[k]);
    for (size_t i = 0; i < n; i++)
        x[i] = 0.0;
    ck_assert_int_eq(snd_spectrum(x, n, db), 0);
    ck_assert_double_eq(db[10], -200.0);
    ck_assert_int_eq(snd_spectrum(x, 1000, db), -1);  /* not a power of two */
}
END_TEST

/* --- the whole chain ------------------------------------------------------------------------------------ */

static double *engine_render(const snd_preset *p, unsigned long seed, size_t channels, double seconds,
                             snd_stats *stats)
{
    snd_options o = {.seed = seed, .rate = FS, .channels = channels, .layers = SND_LAYERS_DEFAULT};
    snd_engine *e = snd_engine_new(p, &o, NULL);
    ck_assert_ptr_nonnull(e);
    size_t step = snd_engine_step_frames(e), steps = (size_t)lround(seconds * FS) / step;
    double *out = malloc(steps * step * channels * sizeof *out);
    ck_assert_ptr_nonnull(out);
    for (size_t k = 0; k < steps; k++)
        snd_engine_step(e, out + k * step * channels);
    *stats = *snd_engine_stats(e);
    snd_engine_free(e);
    return out;
}

START_TEST(every_preset_renders_clean)
{
    /* 4 s of each preset, mono and stereo: finite, within the limiter's ceiling (< 1: never clipped), no DC
     * (|mean| < 1e-3 full scale, per channel), and not silent */
    for (size_t i = 0; i < snd_preset_count(); i++)
        for (size_t ch = 1; ch <= 2; ch++) {
            const snd_preset *p = snd_preset_at(i);
            snd_stats st;
            double *out = engine_render(p, 5, ch, 4.0, &st);
            size_t n = st.frames;
            ck_assert_uint_eq(n, 4 * 48000);
            double mean[2] = {0, 0}, rms = 0.0, peak = 0.0;
            for (size_t k = 0; k < n * ch; k++) {
                REQUIRE(isfinite(out[k]), "%s: sample %zu is not finite", p->name, k);
                peak = fmax(peak, fabs(out[k]));
                mean[k % ch] += out[k];
                rms += out[k] * out[k];
            }
            rms = sqrt(rms / (double)(n * ch));
            ck_assert_msg(peak <= p->sound.limit && p->sound.limit < 1.0, "%s: peak %g", p->name, peak);
            for (size_t c = 0; c < ch; c++)
                ck_assert_msg(fabs(mean[c] / (double)n) < 1e-3, "%s: DC %g", p->name, mean[c] / (double)n);
            ck_assert_msg(rms > 1e-3, "%s: silent (rms %g)", p->name, rms);
            free(out);
        }
}
END_TEST

START_TEST(same_seed_same_samples)
{
    const snd_preset *p = snd_preset_default();
    snd_stats st;
    double *a = engine_render(p, 42, 2, 1.5, &st);
    double *b = engine_render(p, 42, 2, 1.5, &st);
    double *c = engine_render(p, 43, 2, 1.5, &st);
    size_t bytes = st.frames * 2 * sizeof *a;
    ck_assert(memcmp(a, b, bytes) == 0);
    ck_assert(memcmp(a, c, bytes) != 0);
    free(a);
    free(b);
    free(c);
}
END_TEST

START_TEST(limiter_never_clips)
{
    /* a hundred times too loud: the limiter holds every sample within its ceiling and says it worked */
    snd_preset p = *snd_preset_default();
    p.sound.gain_ball *= 100.0;
    p.sound.gain_bowl *= 100.0;
    snd_stats st;
    double *out = engine_render(&p, 1, 1, 3.0, &st);
    for (size_t k = 0; k < st.frames; k++)
        REQUIRE(fabs(out[k]) <= p.sound.limit, "sample %zu is %.17g", k, out[k]);
    ck_assert(st.limited > 1000);
    ck_assert_double_eq_tol(st.peak, p.sound.limit, 1e-12);
    free(out);
}
END_TEST

START_TEST(presets_are_complete)
{
    const char *required[] = {"steel-pair", "rubbing", "scratching", "heavy-light", "neodymium-spin-lock"};
    for (size_t i = 0; i < 5; i++) {
        const snd_preset *p = snd_preset_find(required[i]);
        ck_assert_msg(p != NULL, "no preset %s", required[i]);
        ck_assert(strstr(snd_preset_names(), required[i]) != NULL);
    }
    ck_assert_ptr_null(snd_preset_find("nonesuch"));
    for (size_t i = 0; i < snd_preset_count(); i++) {
        const snd_preset *p = snd_preset_at(i);
        ck_assert(p->summary && strlen(p->summary) > 40);
        ck_assert_int_eq(bowl_params_check(&p->bowl, NULL), 0);
        ck_assert_int_eq(snd_params_check(&p->sound, NULL), 0);
        ck_assert_ptr_eq(snd_preset_find(p->name), p);
    }
    /* rubbing is dense, scratching sparse: lambda_rub >> lambda_scratch */
    ck_assert(snd_preset_find("rubbing")->sound.rub_density > 50.0 * snd_preset_find("scratching")->sound.rub_density);
    ck_assert(snd_preset_find("neodymium-spin-lock")->bowl.magnet > 0.5);
    /* an engine refuses a rate that does not hold a whole number of samples a step (a 1 ms step is 44.1 samples
     * at 44.1 kHz), and takes the same preset at 48 kHz (48 samples) */
    snd_options o = {.seed = 1, .rate = 44100.0, .channels = 1, .layers = SND_LAYERS_DEFAULT};
    snd_error err = SND_OK;
    ck_assert_ptr_null(snd_engine_new(snd_preset_default(), &o, &err));
    ck_assert_int_eq(err, SND_ERR_PARAMS);
    o.rate = 48000.0;
    snd_engine *e = snd_engine_new(snd_preset_default(), &o, &err);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(err, SND_OK);
    snd_engine_free(e);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sound");
    TCase *bank = tcase_create("bank");
    tcase_add_test(bank, impulse_response_is_exact);
    tcase_add_test(bank, modes_above_nyquist_are_dropped);
    tcase_add_test(bank, silent_bank_does_no_work);
    tcase_add_test(bank, families_scale_and_decay_as_documented);
    suite_add_tcase(s, bank);
    TCase *impact = tcase_create("impact");
    tcase_set_timeout(impact, 30);
    tcase_add_test(impact, impact_peaks_at_the_modes);
    tcase_add_test(impact, impact_decays_at_the_configured_rates);
    tcase_add_test(impact, relaxation_is_micro);
    suite_add_tcase(s, impact);
    TCase *contact = tcase_create("contact");
    tcase_set_timeout(contact, 30);
    tcase_add_test(contact, poisson_counts);
    tcase_add_test(contact, poisson_rate_steps_and_block_sizes);
    tcase_add_test(contact, closed_gate_is_silence);
    tcase_add_test(contact, centroid_rises_with_speed);
    suite_add_tcase(s, contact);
    TCase *body = tcase_create("body");
    tcase_add_test(body, body_energy_never_grows);
    tcase_add_test(body, body_conserves_energy_without_damping);
    tcase_add_test(body, body_non_linearity_matters);
    suite_add_tcase(s, body);
    TCase *chain = tcase_create("chain");
    tcase_set_timeout(chain, 60);
    tcase_add_test(chain, every_preset_renders_clean);
    tcase_add_test(chain, same_seed_same_samples);
    tcase_add_test(chain, limiter_never_clips);
    tcase_add_test(chain, presets_are_complete);
    tcase_add_test(chain, spectrum_reads_full_scale);
    tcase_add_test(chain, one_long_block_equals_many_short_ones);
    suite_add_tcase(s, chain);
    return run_suite(s);
}
