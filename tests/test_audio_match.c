/* The comparison tests/tui_bowl_audio.sh makes between what a sound server recorded from the lab and the offline
 * render of the same gesture: where the render sits in the recording (cross-correlation), the onsets of both
 * (the energy of the first difference, which a strike's bright modes dominate over the low-passed rubbing, rising
 * 8 dB over the previous 50 ms), their spectral peaks (Hann window, GSL's radix-2 FFT, parabolic
 * interpolation of the log magnitude) and dropouts (10 ms frames silent in the recording where the render sounds).
 *
 * Run with no arguments it tests those measurements on signals built here with known answers; run as
 * `test_audio_match --compare RECORDING.wav RENDER.wav` it compares two files and exits 0 when they match:
 * every onset within 50 ms, every strong peak within 2 Hz, no dropout. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fft_real.h>
#include <math.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "helpers/check_main.h"

#define RATE 48000.0
#define ONSET_HOP 240          /* 5 ms */
#define ONSET_FLOOR 0.002      /* -54 dBFS RMS of the first difference: quieter frames start nothing */
#define ONSET_RISE 2.5         /* +8 dB over the largest of the previous 10 frames */
#define SOUND_FLOOR 0.003      /* -50 dBFS RMS: a frame of the render that sounds */
#define ONSET_GAP 20           /* frames (100 ms) between two onsets */
#define FRAME 480              /* 10 ms: alignment */
#define DROP_FRAME 240         /* 5 ms: dropouts (a device buffer of 256 frames covers one whole) */
#define PEAK_N 16384           /* 0.34 s, bins of 2.93 Hz */
#define PEAK_RANGE_DB 40.0
#define MAX_ONSETS 256

/* RMS of each hop-sample frame of x; returns the number of frames. */
static size_t envelope(const double *x, size_t n, size_t hop, double **env)
{
    size_t frames = n / hop;
    *env = calloc(frames ? frames : 1, sizeof **env);
    for (size_t f = 0; f < frames; f++) {
        double s = 0.0;
        for (size_t i = 0; i < hop; i++)
            s += x[f * hop + i] * x[f * hop + i];
        (*env)[f] = sqrt(s / (double)hop);
    }
    return frames;
}

/* Normalized correlation of a[0..n) with b[0..n). */
static double correlation(const double *a, const double *b, size_t n)
{
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (size_t i = 0; i < n; i++)
        ab += a[i] * b[i], aa += a[i] * a[i], bb += b[i] * b[i];
    return aa > 0.0 && bb > 0.0 ? ab / sqrt(aa * bb) : 0.0;
}

/* The offset (samples) at which ref[0..nf) best matches rec: rec[i + offset] ~ ref[i]; -1 when ref is longer.
 * First over 10 ms envelopes, then sample by sample within two frames of that, over the ref's loudest second. */
static long align(const double *rec, size_t nr, const double *ref, size_t nf)
{
    if (nf > nr)
        return -1;
    double *er, *ef;
    size_t fr = envelope(rec, nr, FRAME, &er), ff = envelope(ref, nf, FRAME, &ef);
    size_t best = 0;
    double best_c = -2.0;
    for (size_t lag = 0; lag + ff <= fr; lag++) {
        double c = correlation(ef, er + lag, ff);
        if (c > best_c)
            best_c = c, best = lag;
    }
    size_t loud = 0, len = nf < (size_t)RATE ? nf : (size_t)RATE;
    double loud_e = -1.0;
    for (size_t f = 0; f + len / FRAME <= ff; f += 10) {
        double e = 0.0;
        for (size_t k = 0; k < len / FRAME; k++)
            e += ef[f + k];
        if (e > loud_e)
            loud_e = e, loud = f * FRAME;
    }
    free(er);
    free(ef);
    long lo = (long)(best * FRAME) - 2 * FRAME, hi = (long)(best * FRAME) + 2 * FRAME, out = (long)(best * FRAME);
    best_c = -2.0;
    for (long lag = lo < 0 ? 0 : lo; lag <= hi; lag++) {
        if ((size_t)lag + loud + len > nr)
            break;
        double c = correlation(ref + loud, rec + lag + (long)loud, len);
        if (c > best_c)
            best_c = c, out = lag;
    }
    return out;
}

/* Onset times (s) of x: a 5 ms frame of x[i] - x[i - 1] above the floor and 8 dB above the previous 50 ms, 100 ms
 * apart at least. */
static size_t onsets(const double *x, size_t n, double *t, size_t cap)
{
    double *e, *d = malloc((n ? n : 1) * sizeof *d);
    for (size_t i = 0; i < n; i++)
        d[i] = i ? x[i] - x[i - 1] : 0.0;
    size_t frames = envelope(d, n, ONSET_HOP, &e), count = 0;
    free(d);
    long last = -ONSET_GAP;
    for (size_t f = 10; f < frames && count < cap; f++) {
        double before = 0.0;
        for (size_t k = f - 10; k < f; k++)
            before = fmax(before, e[k]);
        if (e[f] > ONSET_FLOOR && e[f] > ONSET_RISE * before && (long)f - last >= ONSET_GAP) {
            t[count++] = (double)(f * ONSET_HOP) / RATE;
            last = (long)f;
        }
    }
    free(e);
    return count;
}

/* The strongest spectral peaks (Hz, strongest first) of x[0..PEAK_N): local maxima within 40 dB of the largest. */
static size_t peaks(const double *x, double *freq, size_t cap)
{
    static double buf[PEAK_N], mag[PEAK_N / 2 + 1];
    for (size_t i = 0; i < PEAK_N; i++)
        buf[i] = x[i] * 0.5 * (1.0 - cos(2.0 * NUMLAB_PI * (double)i / (double)(PEAK_N - 1)));
    gsl_fft_real_radix2_transform(buf, 1, PEAK_N);  /* halfcomplex: re k at k, im k at N - k */
    mag[0] = fabs(buf[0]);
    mag[PEAK_N / 2] = fabs(buf[PEAK_N / 2]);
    double top = 0.0;
    for (size_t k = 1; k < PEAK_N / 2; k++) {
        mag[k] = hypot(buf[k], buf[PEAK_N - k]);
        top = fmax(top, mag[k]);
    }
    size_t count = 0;
    double level[64];
    const double floor_mag = top * pow(10.0, -PEAK_RANGE_DB / 20.0);
    for (size_t k = 2; k + 1 < PEAK_N / 2; k++) {
        if (!(mag[k] > mag[k - 1] && mag[k] >= mag[k + 1] && mag[k] > floor_mag))
            continue;
        /* the vertex of the parabola through the log magnitudes of k - 1, k, k + 1 */
        const double a = log(mag[k - 1]), b = log(mag[k]), c = log(mag[k + 1]);
        const double f = ((double)k + 0.5 * (a - c) / (a - 2.0 * b + c)) * RATE / PEAK_N;
        size_t at = count < cap && count < 64 ? count++ : cap;  /* keep the strongest: insertion */
        if (at == cap && !(cap > 0 && mag[k] > level[cap - 1]))
            continue;
        if (at == cap)
            at = cap - 1;
        while (at > 0 && level[at - 1] < mag[k]) {
            level[at] = level[at - 1], freq[at] = freq[at - 1];
            at--;
        }
        level[at] = mag[k], freq[at] = f;
    }
    return count;
}

/* 5 ms frames where ref sounds (above -50 dBFS RMS) and the aligned recording is 20 dB or more below it. */
static size_t dropouts(const double *rec, const double *ref, size_t n, size_t *longest)
{
    double *er, *ef;
    size_t frames = envelope(ref, n, DROP_FRAME, &ef);
    envelope(rec, n, DROP_FRAME, &er);
    size_t count = 0, run = 0;
    *longest = 0;
    for (size_t f = 0; f < frames; f++) {
        if (ef[f] > SOUND_FLOOR && er[f] < 0.1 * ef[f]) {
            count++, run++;
            *longest = run > *longest ? run : *longest;
        } else {
            run = 0;
        }
    }
    free(er);
    free(ef);
    return count;
}

/* Windows of 0.25 s where the render sounds and the recording matches it best at another lag than 0 (within
 * +-SLIP samples): a gap of any length, even shorter than a dropout frame, shifts what follows it. */
#define SLIP_WINDOW 12000
#define SLIP 512
static size_t slips(const double *rec, size_t nr_after, const double *ref, size_t n)
{
    size_t count = 0;
    for (size_t w = SLIP; w + SLIP_WINDOW + SLIP <= n && w + SLIP_WINDOW + SLIP <= nr_after; w += SLIP_WINDOW) {
        double e = 0.0;
        for (size_t i = 0; i < SLIP_WINDOW; i++)
            e += ref[w + i] * ref[w + i];
        if (sqrt(e / SLIP_WINDOW) < SOUND_FLOOR)
            continue;
        long best = 0;
        double best_c = -2.0;
        for (long lag = -SLIP; lag <= SLIP; lag++) {
            double c = correlation(ref + w, rec + (long)w + lag, SLIP_WINDOW);
            if (c > best_c)
                best_c = c, best = lag;
        }
        count += best != 0;
    }
    return count;
}

/* --- the comparison --------------------------------------------------------------------------------------------- */

static double *read_mono(const char *path, size_t *n)
{
    SF_INFO info = {0};
    SNDFILE *f = sf_open(path, SFM_READ, &info);
    if (!f || info.channels != 1 || info.samplerate != (int)RATE || info.frames <= 0) {
        fprintf(stderr, "%s: not a mono %g Hz WAV (%s)\n", path, RATE, f ? "format" : sf_strerror(NULL));
        if (f)
            sf_close(f);
        return NULL;
    }
    double *x = malloc((size_t)info.frames * sizeof *x);
    *n = x ? (size_t)sf_read_double(f, x, info.frames) : 0;
    sf_close(f);
    return x;
}

static int compare(const char *rec_path, const char *ref_path)
{
    size_t nr, nf;
    double *rec = read_mono(rec_path, &nr), *ref = read_mono(ref_path, &nf);
    if (!rec || !ref)
        return 2;
    int bad = 0;
    long off = align(rec, nr, ref, nf);
    if (off < 0) {
        printf("the recording (%.3f s) is shorter than the render (%.3f s)\n", nr / RATE, nf / RATE);
        return 1;
    }
    printf("the render starts %.3f s into the recording\n", off / RATE);
    const double *r = rec + off;
    double to[MAX_ONSETS], ro[MAX_ONSETS];
    size_t nto = onsets(ref, nf, to, MAX_ONSETS), nro = onsets(r, nf, ro, MAX_ONSETS);
    printf("onsets: %zu in the render, %zu in the recording\n", nto, nro);
    for (int side = 0; side < 2; side++) {  /* each onset of either has one in the other within 50 ms */
        const double *a = side ? ro : to, *b = side ? to : ro;
        for (size_t i = 0; i < (side ? nro : nto); i++) {
            double near = 1e9;
            for (size_t j = 0; j < (side ? nto : nro); j++)
                near = fmin(near, fabs(b[j] - a[i]));
            printf("  %s %.3f s: the nearest in the %s %.1f ms away\n", side ? "recording" : "render", a[i],
                   side ? "render" : "recording", near * 1000.0);
            bad += near > 0.050;
        }
    }
    bad += nto == 0;
    for (size_t w = 0; w + PEAK_N <= nf; w += PEAK_N * 2) {
        double e = 0.0;
        for (size_t i = 0; i < PEAK_N; i++)
            e += ref[w + i] * ref[w + i];
        if (sqrt(e / PEAK_N) < SOUND_FLOOR)
            continue;
        double pf[5], pr[12];
        size_t npf = peaks(ref + w, pf, 5), npr = peaks(r + w, pr, 12);
        printf("peaks at %.2f s:", w / RATE);
        for (size_t i = 0; i < npf; i++) {
            double near = 1e9;
            for (size_t j = 0; j < npr; j++)
                near = fmin(near, fabs(pr[j] - pf[i]));
            printf(" %.1f Hz (%+.2f)", pf[i], near);
            bad += near > 2.0;
        }
        printf("\n");
    }
    size_t longest, drops = dropouts(r, ref, nf, &longest);
    printf("dropouts: %zu frames of 5 ms (longest run %zu)\n", drops, longest);
    size_t slipped = slips(r, nr - (size_t)off, ref, nf);
    printf("windows of 0.25 s shifted by a gap: %zu\n", slipped);
    bad += drops > 0 || slipped > 0;
    free(rec);
    free(ref);
    printf(bad ? "MISMATCH\n" : "match\n");
    return bad ? 1 : 0;
}

/* --- the measurements on signals with known answers -------------------------------------------------------------- */

/* Decaying 600 Hz tone bursts at the given times (s), e^(-t / 50 ms), amplitude 0.5, over n samples. */
static double *bursts(const double *at, size_t k, size_t n)
{
    double *x = calloc(n, sizeof *x);
    for (size_t b = 0; b < k; b++)
        for (size_t i = (size_t)(at[b] * RATE); i < n; i++) {
            const double t = (double)i / RATE - at[b];
            x[i] += 0.5 * exp(-t / 0.05) * sin(2.0 * NUMLAB_PI * 600.0 * t);
        }
    return x;
}

START_TEST(onsets_at_the_bursts)
{
    const double at[] = {0.3, 0.8, 1.55};
    double *x = bursts(at, 3, 96000), t[8];
    ck_assert_uint_eq(onsets(x, 96000, t, 8), 3);
    for (int i = 0; i < 3; i++)  /* the frame holding the start: at most one 5 ms frame early */
        ck_assert_double_le(fabs(t[i] - at[i]), 0.005 + 1e-12);
    free(x);
}
END_TEST

START_TEST(align_finds_the_offset)
{
    const double at[] = {0.1, 0.45, 0.5, 1.2};
    const size_t n = 72000, off = 12345;
    double *ref = bursts(at, 4, n), *rec = calloc(n + 30000, sizeof *rec);
    unsigned s = 1;
    for (size_t i = 0; i < n + 30000; i++) {  /* -60 dB of noise over the whole recording */
        s = s * 1103515245u + 12345u;
        rec[i] = 0.001 * ((double)(s >> 8) / (double)(1u << 24) - 0.5);
    }
    for (size_t i = 0; i < n; i++)
        rec[i + off] += 0.7 * ref[i];
    ck_assert_int_eq(align(rec, n + 30000, ref, n), (long)off);
    ck_assert_int_eq(align(ref, n, rec, n + 30000), -1);
    free(ref);
    free(rec);
}
END_TEST

START_TEST(peaks_of_two_sines)
{
    /* 440 Hz and 1234.5 Hz (neither on a bin of 2.93 Hz), 0.5 and 0.2: the stronger first, each within 0.3 Hz */
    static double x[PEAK_N];
    for (size_t i = 0; i < PEAK_N; i++)
        x[i] = 0.5 * sin(2.0 * NUMLAB_PI * 440.0 * i / RATE) + 0.2 * sin(2.0 * NUMLAB_PI * 1234.5 * i / RATE + 1.0);
    double f[4];
    ck_assert_uint_eq(peaks(x, f, 4), 2);
    ck_assert_double_eq_tol(f[0], 440.0, 0.3);
    ck_assert_double_eq_tol(f[1], 1234.5, 0.3);
}
END_TEST

START_TEST(a_gap_is_a_dropout)
{
    static double x[48000], y[48000];
    for (size_t i = 0; i < 48000; i++)
        x[i] = y[i] = 0.3 * sin(2.0 * NUMLAB_PI * 300.0 * i / RATE);
    size_t longest;
    ck_assert_uint_eq(dropouts(y, x, 48000, &longest), 0);
    for (size_t i = 9600; i < 9600 + 2880; i++)  /* 60 ms of silence from 0.2 s: 5 ms frames 40..51 */
        y[i] = 0.0;
    ck_assert_uint_eq(dropouts(y, x, 48000, &longest), 12);
    ck_assert_uint_eq(longest, 12);
    for (size_t i = 24000; i < 24000 + 256; i++)  /* one device buffer at 0.5 s: frame 100 whole */
        y[i] = 0.0;
    ck_assert_uint_eq(dropouts(y, x, 48000, &longest), 13);
}
END_TEST

START_TEST(a_short_gap_shifts_what_follows)
{
    /* 56 samples (1.2 ms, too short for a 5 ms dropout frame) missing at 1 s: the windows after it match at lag
     * 56; before it, at 0. A tone of changing pitch, so that no other lag fits as well. */
    enum { N = 96000 };
    static double x[N], y[N + 56];
    for (size_t i = 0; i < N; i++) {
        const double t = (double)i / RATE;
        x[i] = 0.3 * sin(2.0 * NUMLAB_PI * (300.0 * t + 200.0 * t * t));
    }
    memcpy(y, x, 48000 * sizeof *x);
    memcpy(y + 48000 + 56, x + 48000, (N - 48000) * sizeof *x);
    ck_assert_uint_eq(slips(x, N, x, N), 0);
    /* windows start at 512 + 12000 k, k = 0..6 (the last ends by N - 512): k = 4, 5, 6 begin after the gap and
     * match at lag 56; k = 3 holds it in its last 512 samples and still matches best at 0 */
    ck_assert_uint_eq(slips(y, N + 56, x, N), 3);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--compare") == 0)
        return compare(argv[2], argv[3]);
    if (argc != 1) {
        fprintf(stderr, "usage: test_audio_match [--compare RECORDING.wav RENDER.wav]\n");
        return 2;
    }
    gsl_set_error_handler_off();
    Suite *s = suite_create("audio_match");
    TCase *tc = tcase_create("measurements");
    tcase_add_test(tc, onsets_at_the_bursts);
    tcase_add_test(tc, align_finds_the_offset);
    tcase_add_test(tc, peaks_of_two_sines);
    tcase_add_test(tc, a_gap_is_a_dropout);
    tcase_add_test(tc, a_short_gap_shifts_what_follows);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
