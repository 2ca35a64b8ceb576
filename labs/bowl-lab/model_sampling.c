/* bowl-lab's sampling studies (model.h): a resonator past Nyquist and where its peak lands, the three schemes'
 * frequency warping, and a resonator in float and double against long double. Each is a few named series and the
 * numbers the walk states about them, computed here from the sound module (snd_sampling.c); drawn by view.c,
 * printed by --plot NAME --series (headless_sampling.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "numlab/common.h"

#define ALIAS_N 8192         /* samples of the aliasing study's render and spectrum */
#define WARP_POINTS 40       /* frequencies of the warping study, log-spaced */
#define WARP_SAMPLES 4096    /* samples each pole is measured from */
#define PRECISION_POINTS 24
#define WARP_FROM 50.0       /* Hz: the lowest frequency of both frequency studies */

static const char *const study_names[BL_N_STUDIES] = {"alias", "warp", "precision"};

const char *bl_study_name(int kind)
{
    return kind >= 0 && kind < BL_N_STUDIES ? study_names[kind] : "?";
}

int bl_study_find(const char *name)
{
    for (int k = 0; k < BL_N_STUDIES; k++)
        if (strcmp(name, study_names[k]) == 0)
            return k;
    return -1;
}

void bl_study_free(bl_study *st)
{
    for (int i = 0; i < st->n; i++)
        free(st->s[i].x);
    st->n = 0;
}

static bl_series *add_series(bl_study *st, const char *key, size_t n)
{
    bl_series *s = &st->s[st->n];
    s->x = malloc(2 * (n ? n : 1) * sizeof *s->x);
    if (!s->x)
        return NULL;
    s->y = s->x + n;
    s->n = n;
    s->key = key;
    st->n++;
    return s;
}

/* The peak's frequency: the largest bin above DC, refined by the parabola through the dB of it and its
 * neighbours (within about a tenth of a bin under a Hann window). */
static double peak_frequency(const double *db, size_t bins, double bin_hz)
{
    size_t best = 1;
    for (size_t k = 2; k + 1 < bins; k++)
        if (db[k] > db[best])
            best = k;
    const double a = db[best - 1], b = db[best], c = db[best + 1], den = a - 2.0 * b + c;
    return ((double)best + (den != 0.0 ? 0.5 * (a - c) / den : 0.0)) * bin_hz;
}

static int build_alias(bl_study *st)
{
    double *y = malloc(ALIAS_N * sizeof *y);
    bl_series *s = add_series(st, "spectrum", ALIAS_N / 2 + 1);
    int rc = y && s ? snd_resonator_render(SND_MAP_IMPULSE, SND_DOUBLE, st->freq, st->decay, st->rate, ALIAS_N, y)
                    : NUMLAB_ERR_NOMEM;
    if (rc == NUMLAB_OK)
        rc = snd_spectrum(y, ALIAS_N, s->y);
    free(y);
    if (rc != NUMLAB_OK)
        return rc;
    const double bin = st->rate / ALIAS_N;
    for (size_t k = 0; k < s->n; k++)
        s->x[k] = (double)k * bin;
    st->folded = snd_alias_frequency(st->freq, st->rate);
    st->folds = (int)nearbyint(st->freq / st->rate);
    st->peak = peak_frequency(s->y, s->n, bin);
    st->bin = bin;
    return NUMLAB_OK;
}

static double log_point(double from, double to, size_t i, size_t n)
{
    return from * pow(to / from, (double)i / (double)(n - 1));
}

static int build_warp(bl_study *st)
{
    const double top = 0.45 * st->rate;
    for (int m = 0; m < SND_MAP_COUNT; m++) {
        bl_series *s = add_series(st, snd_map_name((snd_map)m), WARP_POINTS);
        if (!s)
            return NUMLAB_ERR_NOMEM;
        for (size_t i = 0; i < WARP_POINTS; i++) {
            s->x[i] = log_point(WARP_FROM, top, i, WARP_POINTS);
            int rc = snd_measured_cents((snd_map)m, s->x[i], st->decay, st->rate, WARP_SAMPLES, &s->y[i]);
            if (rc != NUMLAB_OK)
                s->y[i] = NAN;  /* the body over-damped at that rate: no pole pair to measure */
        }
        double r, theta;
        st->cents[m] = st->closed[m] = NAN;
        if (snd_measured_cents((snd_map)m, st->freq, st->decay, st->rate, WARP_SAMPLES, &st->cents[m]) == NUMLAB_OK &&
            snd_map_pole((snd_map)m, st->freq, st->decay, st->rate, &r, &theta) == NUMLAB_OK)
            st->closed[m] = 1200.0 * log2(theta * st->rate / (2.0 * NUMLAB_PI * st->freq));
    }
    return NUMLAB_OK;
}

static int build_precision(bl_study *st)
{
    const size_t n = (size_t)st->rate;  /* one second */
    const snd_precision kinds[2] = {SND_FLOAT, SND_DOUBLE};
    const char *keys[2] = {"float", "double"};
    for (int p = 0; p < 2; p++) {
        bl_series *s = add_series(st, keys[p], PRECISION_POINTS);
        if (!s)
            return NUMLAB_ERR_NOMEM;
        for (size_t i = 0; i < PRECISION_POINTS; i++) {
            s->x[i] = log_point(WARP_FROM / 10.0, 0.45 * st->rate, i, PRECISION_POINTS);
            int rc = snd_precision_error_db(kinds[p], s->x[i], st->decay, st->rate, n, &s->y[i]);
            if (rc != NUMLAB_OK)
                return rc;
        }
        int rc = snd_precision_error_db(kinds[p], st->freq, st->decay, st->rate, n, &st->error_db[p]);
        if (rc != NUMLAB_OK)
            return rc;
        st->longest[p] = snd_longest_decay(kinds[p], st->rate);
    }
    return NUMLAB_OK;
}

int bl_study_build(bl_study *st, int kind, double freq, double rate, double decay)
{
    memset(st, 0, sizeof *st);
    st->kind = kind;
    st->freq = freq, st->rate = rate, st->decay = decay;
    if (!(freq > 0.0 && rate > 0.0 && decay >= 0.0 && isfinite(freq) && isfinite(rate) && isfinite(decay)))
        return NUMLAB_ERR_INPUT;
    int rc = kind == BL_STUDY_ALIAS ? build_alias(st)
             : kind == BL_STUDY_WARP ? build_warp(st)
             : kind == BL_STUDY_PRECISION ? build_precision(st)
                                          : NUMLAB_ERR_INPUT;
    if (rc != NUMLAB_OK)
        bl_study_free(st);
    return rc;
}

void bl_study_defaults(int kind, double *freq, double *rate, double *decay)
{
    *rate = SND_RATE;
    *freq = kind == BL_STUDY_ALIAS ? 30000.0 : kind == BL_STUDY_WARP ? 1290.0 : 100.0;
    *decay = kind == BL_STUDY_ALIAS ? 10.0 : kind == BL_STUDY_WARP ? 3.0 : 1.0;
}
