/* sound, level 5: the modal resonator bank as structure of arrays, and the mode families. See snd_internal.h.
 *
 * Speed: the sample loop runs over the modes in vectors of SND_LANES doubles (GCC/Clang vector types), two vectors
 * at a time so every lane has an independent chain; padding lanes hold zeros. Without -mavx the compiler emits each
 * vector as two SSE2 operations; on x86-64 a second copy compiled for AVX is picked at run time (target_clones).
 * ISO C mode compiles with -ffp-contract=off, and the sums are taken in the same order in both copies, so both give
 * the same bits. */
#include "snd_internal.h"

#include "numlab/common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_EVERY 256  /* samples between silence checks */

typedef double snd_vec __attribute__((vector_size(SND_LANES * sizeof(double))));

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define BANK_CLONES __attribute__((target_clones("avx", "default")))
#else
#define BANK_CLONES
#endif

/* The per-sample loop; has_input is a constant in each caller, so the input term costs nothing when absent. */
static inline __attribute__((always_inline)) void
run_lanes(const snd_vec *restrict a1, const snd_vec *restrict a2, const snd_vec *restrict b, snd_vec *restrict y1,
          snd_vec *restrict y2, size_t nv, const double *restrict in, size_t n, double *restrict out, bool has_input)
{
    for (size_t s = 0; s < n; s++) {
        const double x = has_input ? in[s] : 0.0;
        snd_vec acc0 = {0.0}, acc1 = {0.0};
        for (size_t j = 0; j < nv; j += 2) {
            snd_vec o0 = y1[j], o1 = y1[j + 1];
            snd_vec n0 = a1[j] * o0 + a2[j] * y2[j];
            snd_vec n1 = a1[j + 1] * o1 + a2[j + 1] * y2[j + 1];
            if (has_input) {
                n0 += b[j] * x;
                n1 += b[j + 1] * x;
            }
            acc0 += o0;
            acc1 += o1;
            y2[j] = o0;
            y2[j + 1] = o1;
            y1[j] = n0;
            y1[j + 1] = n1;
        }
        snd_vec acc = acc0 + acc1;
        out[s] += (acc[0] + acc[1]) + (acc[2] + acc[3]);
    }
}

BANK_CLONES static void run_with_input(const snd_vec *restrict a1, const snd_vec *restrict a2,
                                       const snd_vec *restrict b, snd_vec *restrict y1, snd_vec *restrict y2,
                                       size_t nv, const double *restrict in, size_t n, double *restrict out)
{
    run_lanes(a1, a2, b, y1, y2, nv, in, n, out, true);
}

BANK_CLONES static void run_free(const snd_vec *restrict a1, const snd_vec *restrict a2, snd_vec *restrict y1,
                                 snd_vec *restrict y2, size_t nv, size_t n, double *restrict out)
{
    run_lanes(a1, a2, NULL, y1, y2, nv, NULL, n, out, false);
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
        run_with_input(a1, a2, b, y1, y2, nv, in, n, out);
        bk->active[ch] = true;
    } else {
        run_free(a1, a2, y1, y2, nv, n, out);
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
