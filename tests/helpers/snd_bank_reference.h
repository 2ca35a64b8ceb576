/* The modal bank's sample loop as it was before the register-blocked kernels (issue 28), kept as the reference they
 * must match bit for bit (tests/test_sound_bank.c) and as the in-process reference of its speed
 * (tests/bench_bowl.c): one sample at a time, every mode of the bank visited each sample, its state loaded and
 * stored, two vectors of partial sums (the even and the odd vectors) added lane by lane at the end of the sample.
 * It runs on a snd_bank's own arrays; it does no silence check and keeps no counters. */
#ifndef NUMLAB_TESTS_SND_BANK_REFERENCE_H
#define NUMLAB_TESTS_SND_BANK_REFERENCE_H

#include <stddef.h>

#include "../../src/snd_private.h"

typedef double snd_reference_vec __attribute__((vector_size(SND_LANES * sizeof(double))));

/* Adds n samples of channel ch into out[0..n) from the input in (NULL: silence), as snd_bank_process does. */
static inline void snd_bank_reference_process(snd_bank *bk, size_t ch, const double *in, size_t n, double *out)
{
    const size_t nv = bk->lanes / SND_LANES;
    const snd_reference_vec *a1 = (const snd_reference_vec *)bk->a1, *a2 = (const snd_reference_vec *)bk->a2;
    const snd_reference_vec *b = (const snd_reference_vec *)bk->b;
    snd_reference_vec *y1 = (snd_reference_vec *)bk->y1[ch], *y2 = (snd_reference_vec *)bk->y2[ch];
    for (size_t s = 0; s < n; s++) {
        const double x = in ? in[s] : 0.0;
        snd_reference_vec acc0 = {0.0}, acc1 = {0.0};
        for (size_t j = 0; j < nv; j += 2) {
            snd_reference_vec o0 = y1[j], o1 = y1[j + 1];
            snd_reference_vec n0 = a1[j] * o0 + a2[j] * y2[j];
            snd_reference_vec n1 = a1[j + 1] * o1 + a2[j + 1] * y2[j + 1];
            if (in) {
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
    if (in)
        bk->active[ch] = true;
}

#endif
