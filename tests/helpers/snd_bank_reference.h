/* The modal bank's sample loop as it was before the register-blocked kernels, kept as the reference they
 * must match bit for bit (tests/test_sound_bank.c) and as the in-process reference of its speed
 * (tests/bench_bowl.c): one sample at a time, every mode of the bank visited each sample, its state loaded and
 * stored, two vectors of partial sums (the even and the odd vectors) added lane by lane at the end of the sample.
 * It runs on a snd_bank's own arrays; it does no silence check and keeps no counters. */
#ifndef NUMLAB_TESTS_SND_BANK_REFERENCE_H
#define NUMLAB_TESTS_SND_BANK_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>

#include "../../src/snd_internal.h"

typedef double snd_reference_vec __attribute__((vector_size(SND_LANES * sizeof(double))));

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define SND_REFERENCE_CLONES __attribute__((target_clones("avx", "default")))
#else
#define SND_REFERENCE_CLONES
#endif

/* The loop over the samples, every mode inside it; has_input is a constant in each caller (as it was). */
static inline __attribute__((always_inline)) void
snd_reference_lanes(const snd_reference_vec *restrict a1, const snd_reference_vec *restrict a2,
                    const snd_reference_vec *restrict b, snd_reference_vec *restrict y1,
                    snd_reference_vec *restrict y2, size_t nv, const double *restrict in, size_t n,
                    double *restrict out, bool has_input)
{
    for (size_t s = 0; s < n; s++) {
        const double x = has_input ? in[s] : 0.0;
        snd_reference_vec acc0 = {0.0}, acc1 = {0.0};
        for (size_t j = 0; j < nv; j += 2) {
            snd_reference_vec o0 = y1[j], o1 = y1[j + 1];
            snd_reference_vec n0 = a1[j] * o0 + a2[j] * y2[j];
            snd_reference_vec n1 = a1[j + 1] * o1 + a2[j + 1] * y2[j + 1];
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
        snd_reference_vec acc = acc0 + acc1;
        out[s] += (acc[0] + acc[1]) + (acc[2] + acc[3]);
    }
}

SND_REFERENCE_CLONES static void snd_reference_with_input(snd_bank *bk, size_t ch, const double *in, size_t n,
                                                          double *out)
{
    snd_reference_lanes((const snd_reference_vec *)bk->a1, (const snd_reference_vec *)bk->a2,
                        (const snd_reference_vec *)bk->b, (snd_reference_vec *)bk->y1[ch],
                        (snd_reference_vec *)bk->y2[ch], bk->lanes / SND_LANES, in, n, out, true);
}

SND_REFERENCE_CLONES static void snd_reference_free(snd_bank *bk, size_t ch, size_t n, double *out)
{
    snd_reference_lanes((const snd_reference_vec *)bk->a1, (const snd_reference_vec *)bk->a2, NULL,
                        (snd_reference_vec *)bk->y1[ch], (snd_reference_vec *)bk->y2[ch], bk->lanes / SND_LANES,
                        NULL, n, out, false);
}

/* Adds n samples of channel ch into out[0..n) from the input in (NULL: silence), as snd_bank_process does. */
static inline void snd_bank_reference_process(snd_bank *bk, size_t ch, const double *in, size_t n, double *out)
{
    if (in) {
        snd_reference_with_input(bk, ch, in, n, out);
        bk->active[ch] = true;
    } else {
        snd_reference_free(bk, ch, n, out);
    }
}

#endif
