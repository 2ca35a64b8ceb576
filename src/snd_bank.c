/* sound, level 5: the modal resonator bank as structure of arrays, and the mode families. See snd_internal.h.
 *
 * Speed: the modes run in vectors of SND_LANES doubles (GCC/Clang vector types; padding lanes hold zeros), a group
 * of g vectors at a time over a chunk of samples with the group's state in registers (run_group). The group is as
 * large as the registers allow: 8 vectors with AVX-512VL's 32 (x86-64-v4), 4 with AVX's 16, 2 for plain SSE2, the
 * widest the processor runs picked by snd_bank_init (on x86-64; elsewhere the plain one). Every variant does the
 * same operations in the same order, with no FMA though AVX-512 has it (below), so they give the same bits, and the
 * same bits as the per-sample loop that visited every mode once a sample (tests/helpers/snd_bank_reference.h keeps
 * it; tests/test_sound_bank.c compares them).
 *
 * Why not faster: the recurrence's latency (a multiply and two adds, ~9 cycles) bounds a group's sample, and the
 * multiplies and adds of 8 vectors a sample (24 of each) keep the two FP pipes of each kind busy for ~12 cycles:
 * about 0.13 ns per mode per sample over long blocks here, where the per-sample loop, which loads and stores every
 * state every sample, took ~0.19-0.25. Reassociating the recurrence to shorten its latency measured no gain (the
 * pipes, not the latency, are the bound at 8 vectors) and would change the bits. */
#include "snd_internal.h"

#include "numlab/common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_EVERY 256  /* samples between silence checks */

/* No FMA in any kernel, whatever the compiler's default: GCC in ISO C mode does not contract (the Makefile builds
 * with -std=c17), Clang does by default within an expression, which would give the AVX-512 kernel (FMA is part of
 * it) other bits than the others. GCC does not know the standard pragma (and warns). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

typedef double snd_vec __attribute__((vector_size(SND_LANES * sizeof(double))));

/* Samples a group of modes runs before the next group takes over: the per-sample partial sums (2 vectors a sample)
 * stay in L1. */
#define CHUNK 64

#define MAX_GROUP 8

/* One group of g vectors (g = 2, 4 or 8, a constant in each caller) over n <= CHUNK samples, its state in registers
 * for the whole run: the recurrence's only loads are the coefficients, and its only stores the two partial sums a
 * sample, where a loop over the modes inside the loop over the samples loads and stores every state each sample.
 * The partial sums: one of the group's even vectors, one of its odd ones, added in the order of the vectors (the
 * groups run in order), so they round as they did when one sample visited every mode. The first group starts them
 * from 0 (as that loop did), the others from acc0[s] and acc1[s]; the last adds them up into out[s], the others
 * leave them there. has_input, first and last are constants in each caller too: none is tested per sample. */
static inline __attribute__((always_inline)) void
run_group(const snd_vec *restrict a1, const snd_vec *restrict a2, const snd_vec *restrict b, snd_vec *restrict y1,
          snd_vec *restrict y2, size_t g, const double *restrict in, size_t n, snd_vec *restrict acc0,
          snd_vec *restrict acc1, double *restrict out, bool has_input, bool first, bool last)
{
    snd_vec now[MAX_GROUP], before[MAX_GROUP];
#pragma GCC unroll 8
    for (size_t i = 0; i < g; i++) {
        now[i] = y1[i];
        before[i] = y2[i];
    }
    for (size_t s = 0; s < n; s++) {
        const double x = has_input ? in[s] : 0.0;
        snd_vec next[MAX_GROUP];
#pragma GCC unroll 8
        for (size_t i = 0; i < g; i++) {
            next[i] = a1[i] * now[i] + a2[i] * before[i];
            if (has_input)
                next[i] += b[i] * x;
        }
        snd_vec sum0 = first ? (snd_vec){0.0} : acc0[s], sum1 = first ? (snd_vec){0.0} : acc1[s];
#pragma GCC unroll 8
        for (size_t i = 0; i < g; i += 2) {
            sum0 += now[i];
            sum1 += now[i + 1];
        }
        if (last) {
            snd_vec acc = sum0 + sum1;
            out[s] += (acc[0] + acc[1]) + (acc[2] + acc[3]);
        } else {
            acc0[s] = sum0;
            acc1[s] = sum1;
        }
#pragma GCC unroll 8
        for (size_t i = 0; i < g; i++) {
            before[i] = now[i];
            now[i] = next[i];
        }
    }
#pragma GCC unroll 8
    for (size_t i = 0; i < g; i++) {
        y1[i] = now[i];
        y2[i] = before[i];
    }
}

/* run_group with first and last made constants. */
static inline __attribute__((always_inline)) void
run_group_at(const snd_vec *restrict a1, const snd_vec *restrict a2, const snd_vec *restrict b, snd_vec *restrict y1,
             snd_vec *restrict y2, size_t g, const double *restrict in, size_t n, snd_vec *restrict acc0,
             snd_vec *restrict acc1, double *restrict out, bool has_input, bool first, bool last)
{
    if (first && last)
        run_group(a1, a2, b, y1, y2, g, in, n, acc0, acc1, out, has_input, true, true);
    else if (first)
        run_group(a1, a2, b, y1, y2, g, in, n, acc0, acc1, out, has_input, true, false);
    else if (last)
        run_group(a1, a2, b, y1, y2, g, in, n, acc0, acc1, out, has_input, false, true);
    else
        run_group(a1, a2, b, y1, y2, g, in, n, acc0, acc1, out, has_input, false, false);
}

/* n samples of nv vectors (nv even), CHUNK samples at a time, every group over the chunk: g vectors a group, the
 * last ones 2 at a time. A bank of one group (32 modes at g = 8) keeps no partial sums in memory at all. */
static inline __attribute__((always_inline)) void
run_lanes(const snd_vec *restrict a1, const snd_vec *restrict a2, const snd_vec *restrict b, snd_vec *restrict y1,
          snd_vec *restrict y2, size_t nv, const double *restrict in, size_t n, double *restrict out, bool has_input,
          size_t g)
{
    snd_vec acc0[CHUNK], acc1[CHUNK];
    for (size_t done = 0; done < n; done += CHUNK) {
        const size_t len = n - done < CHUNK ? n - done : CHUNK;
        const double *x = has_input ? in + done : NULL;
        for (size_t j = 0; j < nv;) {
            const size_t size = j + g <= nv ? g : 2;
            const bool first = j == 0, last = j + size == nv;
            if (size == g)
                run_group_at(a1 + j, a2 + j, b ? b + j : NULL, y1 + j, y2 + j, g, x, len, acc0, acc1, out + done,
                             has_input, first, last);
            else
                run_group_at(a1 + j, a2 + j, b ? b + j : NULL, y1 + j, y2 + j, 2, x, len, acc0, acc1, out + done,
                             has_input, first, last);
            j += size;
        }
    }
}

/* The kernels of one target: with an input, and ringing freely. */
#define BANK_KERNELS(name, target, g)                                                                           \
    target static void name##_input(const snd_vec *restrict a1, const snd_vec *restrict a2,                    \
                                    const snd_vec *restrict b, snd_vec *restrict y1, snd_vec *restrict y2,      \
                                    size_t nv, const double *restrict in, size_t n, double *restrict out)      \
    {                                                                                                           \
        run_lanes(a1, a2, b, y1, y2, nv, in, n, out, true, g);                                                  \
    }                                                                                                           \
    target static void name##_free(const snd_vec *restrict a1, const snd_vec *restrict a2, snd_vec *restrict y1, \
                                   snd_vec *restrict y2, size_t nv, size_t n, double *restrict out)             \
    {                                                                                                           \
        run_lanes(a1, a2, NULL, y1, y2, nv, NULL, n, out, false, g);                                            \
    }

BANK_KERNELS(sse2, , 2)
#if defined(__x86_64__) && defined(__GNUC__)
BANK_KERNELS(avx, __attribute__((target("avx"))), 4)
BANK_KERNELS(avx512, __attribute__((target("avx512f,avx512vl"))), 8)
#endif

/* The widest kernel the processor runs (a few loads of what the C runtime's constructor found). */
static snd_kernel widest_kernel(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512f"))
        return SND_KERNEL_AVX512;
    if (__builtin_cpu_supports("avx"))
        return SND_KERNEL_AVX;
#endif
    return SND_KERNEL_SSE2;
}

static void run_with_input(const snd_bank *bk, const snd_vec *a1, const snd_vec *a2, const snd_vec *b, snd_vec *y1,
                           snd_vec *y2, size_t nv, const double *in, size_t n, double *out)
{
    switch (bk->kernel) {
#if defined(__x86_64__) && defined(__GNUC__)
    case SND_KERNEL_AVX512:
        avx512_input(a1, a2, b, y1, y2, nv, in, n, out);
        return;
    case SND_KERNEL_AVX:
        avx_input(a1, a2, b, y1, y2, nv, in, n, out);
        return;
#endif
    default:
        sse2_input(a1, a2, b, y1, y2, nv, in, n, out);
    }
}

static void run_free(const snd_bank *bk, const snd_vec *a1, const snd_vec *a2, snd_vec *y1, snd_vec *y2, size_t nv,
                     size_t n, double *out)
{
    switch (bk->kernel) {
#if defined(__x86_64__) && defined(__GNUC__)
    case SND_KERNEL_AVX512:
        avx512_free(a1, a2, y1, y2, nv, n, out);
        return;
    case SND_KERNEL_AVX:
        avx_free(a1, a2, y1, y2, nv, n, out);
        return;
#endif
    default:
        sse2_free(a1, a2, y1, y2, nv, n, out);
    }
}

void snd_bank_use_kernel(snd_bank *bk, snd_kernel k)
{
    snd_kernel widest = widest_kernel();
    bk->kernel = k < widest ? k : widest;
}

/* The coefficients of mode k for pole radius r at factor times its frequency; theta stays below Nyquist. */
static void set_coefficients(snd_bank *bk, size_t k, double r, double factor)
{
    const snd_mode *m = &bk->mode[k];
    double theta = 2.0 * NUMLAB_PI * m->freq * factor / bk->rate;
    if (theta > 0.999 * NUMLAB_PI)
        theta = 0.999 * NUMLAB_PI;
    double sn = sin(theta);
    bk->a1[k] = 2.0 * r * cos(theta);
    bk->a2[k] = -r * r;
    bk->unit[k] = r * sn;
    bk->b[k] = m->gain * r * sn;
    bk->inv_sin2[k] = 1.0 / (sn * sn);
}

int snd_bank_init(snd_bank *bk, const snd_mode *modes, size_t n, double rate, size_t channels)
{
    memset(bk, 0, sizeof *bk);
    if (!(rate > 0.0 && isfinite(rate)) || channels < 1 || channels > 2)
        return NUMLAB_ERR_INPUT;
    for (size_t k = 0; k < n; k++)
        if (!(modes[k].decay >= 0.0 && isfinite(modes[k].decay) && isfinite(modes[k].freq) &&
              isfinite(modes[k].gain)))
            return NUMLAB_ERR_INPUT;
    bk->rate = rate;
    bk->channels = channels;
    bk->silence = 1e-10;
    bk->kernel = widest_kernel();
    bk->mode = malloc((n ? n : 1) * sizeof *bk->mode);
    bk->source = malloc((n ? n : 1) * sizeof *bk->source);
    if (!bk->mode || !bk->source) {
        snd_bank_destroy(bk);
        return NUMLAB_ERR_NOMEM;
    }
    for (size_t k = 0; k < n; k++)
        if (modes[k].freq > 0.0 && modes[k].freq < 0.5 * rate) {
            bk->source[bk->modes] = k;
            bk->mode[bk->modes++] = modes[k];
        }
    const size_t group = 2 * SND_LANES;
    bk->lanes = (bk->modes + group - 1) / group * group;
    if (bk->lanes == 0)
        bk->lanes = group;
    const size_t arrays = 9;  /* a1 a2 unit b inv_sin2, y1 y2 for two channels */
    bk->mem = aligned_alloc(64, arrays * bk->lanes * sizeof(double));
    if (!bk->mem) {
        snd_bank_destroy(bk);
        return NUMLAB_ERR_NOMEM;
    }
    memset(bk->mem, 0, arrays * bk->lanes * sizeof(double));
    double *p = bk->mem;
    double **slots[] = {&bk->a1, &bk->a2, &bk->unit, &bk->b, &bk->inv_sin2,
                        &bk->y1[0], &bk->y2[0], &bk->y1[1], &bk->y2[1]};
    for (size_t i = 0; i < arrays; i++, p += bk->lanes)
        *slots[i] = p;
    for (size_t k = 0; k < bk->modes; k++)
        set_coefficients(bk, k, exp(-bk->mode[k].decay / rate), 1.0);
    return NUMLAB_OK;
}

void snd_bank_destroy(snd_bank *bk)
{
    free(bk->mode);
    free(bk->source);
    free(bk->mem);
    memset(bk, 0, sizeof *bk);
}

/* Zeroes the modes that have died away; the channel goes inactive when none is left. */
static void check_silence(snd_bank *bk, size_t ch)
{
    double *y1 = bk->y1[ch], *y2 = bk->y2[ch];
    const double floor2 = bk->silence * bk->silence;
    bool alive = false;
    for (size_t k = 0; k < bk->modes; k++) {
        if (y1[k] == 0.0 && y2[k] == 0.0)
            continue;
        double e = (y1[k] * y1[k] - bk->a1[k] * y1[k] * y2[k] - bk->a2[k] * y2[k] * y2[k]) * bk->inv_sin2[k];
        if (e < floor2)
            y1[k] = y2[k] = 0.0;
        else
            alive = true;
    }
    bk->active[ch] = alive;
    bk->since_check[ch] = 0;
}

void snd_bank_process(snd_bank *bk, size_t ch, const double *in, size_t n, double *out)
{
    if (n == 0 || bk->modes == 0 || (!in && !bk->active[ch]))
        return;
    const size_t nv = bk->lanes / SND_LANES;
    const snd_vec *a1 = (const snd_vec *)bk->a1, *a2 = (const snd_vec *)bk->a2, *b = (const snd_vec *)bk->b;
    snd_vec *y1 = (snd_vec *)bk->y1[ch], *y2 = (snd_vec *)bk->y2[ch];
    if (in) {
        run_with_input(bk, a1, a2, b, y1, y2, nv, in, n, out);
        bk->active[ch] = true;
    } else {
        run_free(bk, a1, a2, y1, y2, nv, n, out);
    }
    bk->mode_samples += (unsigned long long)bk->modes * n;
    bk->since_check[ch] += n;
    if (bk->since_check[ch] >= CHECK_EVERY)
        check_silence(bk, ch);
}

void snd_bank_strike(snd_bank *bk, size_t ch, const double *amp, double scale)
{
    if (bk->modes == 0 || scale == 0.0)
        return;
    double *y1 = bk->y1[ch];
    for (size_t k = 0; k < bk->modes; k++)
        y1[k] += scale * (amp ? amp[k] : bk->mode[k].gain) * bk->unit[k];
    bk->active[ch] = true;
}

void snd_bank_retune(snd_bank *bk, double factor)
{
    for (size_t k = 0; k < bk->modes; k++)
        set_coefficients(bk, k, sqrt(-bk->a2[k]), factor);  /* r from -r^2: the decay is not retuned */
}

/* --- mode families ----------------------------------------------------------------------------------------- */

/* The ball's series: inharmonic, chosen by ear for a bright, bell-like steel ring. */
static const double ball_ratios[] = {1.000, 1.506, 1.927, 2.406, 2.817, 3.328, 3.742, 4.190,
                                     4.655, 5.081, 5.532, 5.968};

static double shell_ratio(size_t j)  /* bending mode n = j + 2 of a hemispherical shell, relative to n = 2 */
{
    double n = (double)(j + 2);
    return n * (n * n - 1.0) / sqrt(n * n + 1.0) / (2.0 * 3.0 / sqrt(5.0));
}

size_t snd_family_modes(const snd_family *fam, snd_mode *out, size_t cap)
{
    size_t count = fam->count < cap ? fam->count : cap;
    const size_t n_ball = sizeof ball_ratios / sizeof ball_ratios[0];
    if (fam->kind == SND_BALL && count > 2 * n_ball)
        count = 2 * n_ball;
    for (size_t k = 0; k < count; k++) {
        size_t j = k / 2;
        double ratio = fam->kind == SND_SHELL ? shell_ratio(j) : ball_ratios[j];
        /* the doublet: one partner split up by `split`, alternately so the beating differs from pair to pair */
        double f = fam->f1 * ratio * (k % 2 ? 1.0 + fam->split * (j % 2 ? 0.7 : 1.0) : 1.0);
        double fk = f / 1000.0;
        out[k] = (snd_mode){
            .freq = f,
            .decay = fam->d0 + fam->d1 * f + fam->d2 * fk * fk,
            .gain = pow(fam->f1 / f, fam->tilt),
        };
    }
    return count;
}
