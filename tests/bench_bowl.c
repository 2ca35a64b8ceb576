/* Benchmark: 60 s of each preset at 48 kHz (mechanics, micro-impacts, banks, body, mix, limiter; no file), against
 * a plain 64-mode float resonator bank run over the same 60 s in the same process, the kind of loop one writes
 * first (array of structs, one mode after another, y = a1 y1 - a2 y2 + b x); the project's bank alone on the same
 * 64 modes, through its kernels and through the per-sample loop they replaced (tests/helpers/snd_bank_reference.h),
 * in calls of 960 samples and, as the engine calls it, 32 modes in calls of one mechanics step (20 samples).
 * Output: `name: value unit (ratio x reference)`, the ratio a speed ratio (above 1: faster than the reference).
 * Each figure is the best of ROUNDS runs, interleaved, timed in the thread's CPU time (CLOCK_THREAD_CPUTIME_ID): on
 * a machine shared with other builds the wall clock counts their time slices too, the CPU time only ours (what is
 * left is their share of the caches). Goals: the default preset at >= 300x real time with >= 64 modes sounding;
 * >= 1000x (<= 0.3 ns per mode per sample), rubbing and neodymium-spin-lock within 1.5x of steel-pair's time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "numlab/common.h"
#include "../src/snd_internal.h"
#include "helpers/snd_bank_reference.h"

#define SECONDS 60.0
#define ROUNDS 5
#define REF_MODES 64

static volatile double sink;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    float a1, a2, b, y1, y2;
} ref_mode;

/* The reference: 64 float modes from 200 Hz up, struck every 0.1 s (so nothing decays into denormals). */
static double run_reference(void)
{
    const size_t n = (size_t)(SECONDS * SND_RATE), block = 960;
    ref_mode m[REF_MODES];
    for (int k = 0; k < REF_MODES; k++) {
        double f = 200.0 + 150.0 * k, a = 3.0 + k, r = exp(-a / SND_RATE), th = 2.0 * NUMLAB_PI * f / SND_RATE;
        m[k] = (ref_mode){(float)(2.0 * r * cos(th)), (float)(r * r), (float)(r * sin(th)), 0.0f, 0.0f};
    }
    float in[960] = {0}, out[960];
    double acc = 0.0, start = now();
    for (size_t done = 0; done < n; done += block) {
        in[0] = (done / block) % 5 == 0 ? 1.0f : 0.0f;
        for (size_t s = 0; s < block; s++) {
            float y = 0.0f;
            for (int k = 0; k < REF_MODES; k++) {
                float v = m[k].a1 * m[k].y1 - m[k].a2 * m[k].y2 + m[k].b * in[s];
                m[k].y2 = m[k].y1;
                m[k].y1 = v;
                y += v;
            }
            out[s] = y;
        }
        acc += out[block - 1];
    }
    double secs = now() - start;
    sink = acc;
    return secs;
}

/* Our bank alone with the first `modes` of the same modes, in doubles, `block` samples a call, struck every 0.1 s
 * through its input (the bowl's bank under rubbing) or, without input, by snd_bank_strike (the spheres' bank
 * ringing after a hit): through snd_bank_process, or (old) through the per-sample loop it replaced. */
static double run_bank(bool old, size_t modes, size_t block, bool input)
{
    const size_t n = (size_t)(SECONDS * SND_RATE);
    snd_mode mode[REF_MODES];
    for (size_t k = 0; k < modes; k++)
        mode[k] = (snd_mode){200.0 + 150.0 * (double)k, 3.0 + (double)k, 1.0};
    snd_bank bk;
    if (snd_bank_init(&bk, mode, modes, SND_RATE, 1))
        return NAN;
    double in[960] = {0}, out[960];
    double acc = 0.0, start = now();
    for (size_t done = 0; done + block <= n; done += block) {
        const bool strike = (done / 960) % 5 == 0 && done % 960 == 0;
        in[0] = strike ? 1.0 : 0.0;
        if (strike && !input)
            snd_bank_strike(&bk, 0, NULL, 1.0);
        if (old)
            snd_bank_reference_process(&bk, 0, input ? in : NULL, block, out);
        else
            snd_bank_process(&bk, 0, input ? in : NULL, block, out);
        acc += out[block - 1];
    }
    double secs = now() - start;
    sink = acc;
    snd_bank_destroy(&bk);
    return secs;
}

typedef struct {
    double secs;
    snd_stats stats;
} render_result;

static render_result run_preset(const snd_preset *p, size_t channels)
{
    snd_options o = {.seed = 1, .rate = SND_RATE, .channels = channels, .layers = SND_LAYERS_DEFAULT};
    snd_engine *e = snd_engine_new(p, &o, NULL);
    render_result r = {NAN, {0}};
    if (!e)
        return r;
    size_t frames = snd_engine_step_frames(e), steps = (size_t)llround(SECONDS * SND_RATE) / frames;
    double *out = malloc(frames * channels * sizeof *out), acc = 0.0;
    double start = now();
    for (size_t k = 0; k < steps; k++) {
        snd_engine_step(e, out);
        acc += out[0];
    }
    r.secs = now() - start;
    r.stats = *snd_engine_stats(e);
    sink = acc;
    free(out);
    snd_engine_free(e);
    return r;
}

int main(void)
{
    const size_t n_presets = snd_preset_count();
    /* the bank over long blocks (64 modes, 960 samples a call), and as the engine calls it (32 modes, one
     * mechanics step of 20 samples) */
    double ref = INFINITY, bank = INFINITY, old_bank = INFINITY, step[2] = {INFINITY, INFINITY},
           old_step[2] = {INFINITY, INFINITY};
    render_result best[16][2];
    for (size_t i = 0; i < n_presets && i < 16; i++)
        best[i][0].secs = best[i][1].secs = INFINITY;
    for (int r = 0; r < ROUNDS; r++) {
        ref = fmin(ref, run_reference());
        bank = fmin(bank, run_bank(false, REF_MODES, 960, true));
        old_bank = fmin(old_bank, run_bank(true, REF_MODES, 960, true));
        for (int input = 0; input < 2; input++) {
            step[input] = fmin(step[input], run_bank(false, REF_MODES / 2, 20, input));
            old_step[input] = fmin(old_step[input], run_bank(true, REF_MODES / 2, 20, input));
        }
        for (size_t i = 0; i < n_presets && i < 16; i++)
            for (size_t ch = 1; ch <= (i == 0 ? 2u : 1u); ch++) {
                render_result x = run_preset(snd_preset_at(i), ch);
                if (x.secs < best[i][ch - 1].secs)
                    best[i][ch - 1] = x;
            }
    }
    const double samples = SECONDS * SND_RATE;
    const double ref_ns = 1e9 * ref / (samples * REF_MODES);
    printf("reference float bank, %d modes: %.0f x real time, %.3f ns per mode per sample (1.00 x reference)\n",
           REF_MODES, SECONDS / ref, ref_ns);
    printf("bank (SoA double), %d modes: %.0f x real time, %.3f ns per mode per sample (%.2f x reference; %.2f x "
           "the per-sample loop)\n",
           REF_MODES, SECONDS / bank, 1e9 * bank / (samples * REF_MODES), ref / bank, old_bank / bank);
    printf("bank, the per-sample loop, %d modes: %.0f x real time, %.3f ns per mode per sample (%.2f x reference)\n",
           REF_MODES, SECONDS / old_bank, 1e9 * old_bank / (samples * REF_MODES), ref / old_bank);
    const double step_samples = samples * (REF_MODES / 2);
    printf("bank (SoA double), %d modes in 20-sample calls: with input %.3f ns per mode per sample (%.2f x the "
           "per-sample loop's %.3f), ringing %.3f (%.2f x its %.3f)\n", REF_MODES / 2, 1e9 * step[1] / step_samples,
           old_step[1] / step[1], 1e9 * old_step[1] / step_samples, 1e9 * step[0] / step_samples,
           old_step[0] / step[0], 1e9 * old_step[0] / step_samples);
    for (size_t i = 0; i < n_presets && i < 16; i++)
        for (size_t ch = 1; ch <= (i == 0 ? 2u : 1u); ch++) {
            const render_result *x = &best[i][ch - 1];
            double modes = (double)x->stats.mode_samples / (double)x->stats.frames;
            double ns = 1e9 * x->secs / (double)x->stats.mode_samples;
            printf("%s%s: %.0f x real time (%.2f x reference); %.3f ns per mode per sample (%.2f x reference); "
                   "%.1f modes sounding on average; %.0f micro-impacts/s; %.2f x steel-pair's time\n",
                   snd_preset_at(i)->name, ch == 2 ? " (stereo)" : "", SECONDS / x->secs, ref / x->secs, ns,
                   ref_ns / ns, modes, (double)x->stats.micro_impacts / SECONDS, x->secs / best[0][0].secs);
        }
    return 0;
}
