/* sound, levels 3 and 4: Poisson streams of micro-impacts, and the gesture filter. See snd_internal.h. */
#include "snd_internal.h"

#include "numlab/common.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PULSE_SECONDS 0.01   /* a contact window longer than 10 ms is not a micro-impact */
#define FLUSH_LEVEL 1e-15        /* the low-pass state below this is exactly 0 */

int snd_stream_init(snd_stream *st, const snd_grain *g, double rate, unsigned long seed)
{
    memset(st, 0, sizeof *st);
    if (!(rate > 0.0 && isfinite(rate) && g->width > 0.0 && g->width <= MAX_PULSE_SECONDS && g->shape > 0.0 &&
          isfinite(g->shape)))
        return NUMLAB_ERR_INPUT;
    st->rate = rate;
    st->shape = g->shape;
    /* a Hann window of `width` seconds: at least one sample, sampled at the centres of the samples, sum 1 */
    st->width = (size_t)lround(g->width * rate);
    if (st->width < 1)
        st->width = 1;
    st->pulse = malloc(st->width * sizeof *st->pulse);
    st->tail = calloc(st->width, sizeof *st->tail);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    st->rng = rng;
    if (!st->pulse || !st->tail || !rng) {
        snd_stream_destroy(st);
        return NUMLAB_ERR_NOMEM;
    }
    double sum = 0.0;
    for (size_t j = 0; j < st->width; j++) {
        double x = ((double)j + 0.5) / (double)st->width;
        st->pulse[j] = 0.5 - 0.5 * cos(2.0 * NUMLAB_PI * x);
        sum += st->pulse[j];
    }
    for (size_t j = 0; j < st->width; j++)
        st->pulse[j] /= sum;
    gsl_rng_set(rng, seed);
    st->next = gsl_ran_exponential(rng, 1.0);
    return NUMLAB_OK;
}

void snd_stream_destroy(snd_stream *st)
{
    if (st->rng)
        gsl_rng_free(st->rng);
    free(st->pulse);
    free(st->tail);
    memset(st, 0, sizeof *st);
}

bool snd_stream_render(snd_stream *st, double lambda, double amp, size_t n, double *out, size_t *events)
{
    gsl_rng *rng = st->rng;
    bool wrote = false;
    size_t count = 0;
    const size_t w = st->width;
    /* what earlier pulses left over lands first */
    if (st->tail_live) {
        size_t m = n < w ? n : w;
        for (size_t j = 0; j < m; j++)
            out[j] += st->tail[j];
        memmove(st->tail, st->tail + m, (w - m) * sizeof *st->tail);
        memset(st->tail + (w - m), 0, m * sizeof *st->tail);
        st->tail_live = false;
        for (size_t j = 0; j < w && !st->tail_live; j++)
            st->tail_live = st->tail[j] != 0.0;
        wrote = true;
    }
    if (lambda > 0.0 && isfinite(lambda) && n > 0) {
        /* operational time of this block: lambda n / fs; each gap is a unit exponential of it */
        const double block = lambda * (double)n / st->rate;
        double used = 0.0;
        while (used + st->next < block) {
            used += st->next;
            st->next = gsl_ran_exponential(rng, 1.0);
            size_t start = (size_t)(used / lambda * st->rate);
            if (start >= n)
                start = n - 1;
            double a = amp * gsl_ran_gamma(rng, st->shape, 1.0 / st->shape);
            const size_t inside = n - start < w ? n - start : w;  /* the pulse's samples in this block */
            for (size_t j = 0; j < inside; j++)
                out[start + j] += a * st->pulse[j];
            for (size_t j = inside; j < w; j++)
                st->tail[start + j - n] += a * st->pulse[j];
            st->tail_live = st->tail_live || start + w > n;
            count++;
        }
        st->next -= block - used;
        wrote = wrote || count > 0;
    }
    st->events += count;
    if (events)
        *events = count;
    return wrote;
}

void snd_lowpass_set(snd_lowpass *lp, double cutoff, double rate)
{
    lp->coef = 1.0 - exp(-2.0 * NUMLAB_PI * cutoff / rate);
}

void snd_lowpass_run(snd_lowpass *lp, double *x, size_t n)
{
    double z = lp->z, c = lp->coef;
    for (size_t i = 0; i < n; i++) {
        z += c * (x[i] - z);
        x[i] = z;
    }
    lp->z = fabs(z) < FLUSH_LEVEL ? 0.0 : z;  /* a dying tail ends at exactly 0: the block after it is skipped */
}

void snd_lowpass_run3(snd_lowpass *const lp[3], double *const x[3], size_t n)
{
    double z0 = lp[0]->z, z1 = lp[1]->z, z2 = lp[2]->z;
    const double c0 = lp[0]->coef, c1 = lp[1]->coef, c2 = lp[2]->coef;
    double *restrict x0 = x[0], *restrict x1 = x[1], *restrict x2 = x[2];
    for (size_t i = 0; i < n; i++) {
        z0 += c0 * (x0[i] - z0);
        z1 += c1 * (x1[i] - z1);
        z2 += c2 * (x2[i] - z2);
        x0[i] = z0;
        x1[i] = z1;
        x2[i] = z2;
    }
    lp[0]->z = fabs(z0) < FLUSH_LEVEL ? 0.0 : z0;
    lp[1]->z = fabs(z1) < FLUSH_LEVEL ? 0.0 : z1;
    lp[2]->z = fabs(z2) < FLUSH_LEVEL ? 0.0 : z2;
}
