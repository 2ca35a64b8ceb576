/* Benchmark: sampling a CUBICSPLINE track of 1024 keys and 3 components, against GSL's cubic spline evaluation
 * (gsl_spline_eval, cspline, one spline a component, with its search accelerator) in the same process: random
 * times (binary search against GSL's accelerated search) and 60 Hz sequential playback (our cursor against GSL's
 * accelerator). Both evaluate one cubic a component a sample.
 * Output: `name: value unit (ratio x reference)`. Best of five runs of each, interleaved. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_spline.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "numlab/keyframe.h"

#define KEYS 1024
#define SAMPLES 2000000
#define ROUNDS 5

static volatile double sink;
static double times[KEYS], values[KEYS * 9], comp[3][KEYS], *random_t;
static kf_track track;
static gsl_spline *spline[3];

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* sample i's time: random over the keys, or 60 Hz playback looping over them */
static double time_at(int i, int sequential)
{
    return sequential ? fmod(i / 60.0, times[KEYS - 1]) : random_t[i];
}

static double run_ours(int sequential)
{
    kf_cursor c = KF_CURSOR_INIT;
    double out[3], acc = 0, start = now();
    for (int i = 0; i < SAMPLES; i++) {
        if (sequential)
            kf_track_sample_cursor(&track, &c, time_at(i, 1), out);
        else
            kf_track_sample(&track, time_at(i, 0), out);
        acc += out[0] + out[1] + out[2];
    }
    sink = acc;
    return now() - start;
}

static double run_gsl(int sequential)
{
    gsl_interp_accel *a[3] = {gsl_interp_accel_alloc(), gsl_interp_accel_alloc(), gsl_interp_accel_alloc()};
    double acc = 0, start = now();
    for (int i = 0; i < SAMPLES; i++) {
        double t = time_at(i, sequential);
        for (int j = 0; j < 3; j++)
            acc += gsl_spline_eval(spline[j], t, a[j]);
    }
    sink = acc;
    double secs = now() - start;
    for (int j = 0; j < 3; j++)
        gsl_interp_accel_free(a[j]);
    return secs;
}

int main(void)
{
    gsl_set_error_handler_off();
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    double t = 0;
    for (int k = 0; k < KEYS; k++) {
        times[k] = t;
        t += 0.05 + 0.2 * gsl_rng_uniform(rng);  /* non-uniform keys, ~8 a second */
        for (int j = 0; j < 9; j++)
            values[k * 9 + j] = gsl_rng_uniform(rng) - 0.5;
        for (int j = 0; j < 3; j++)
            comp[j][k] = values[k * 9 + 3 + j];
    }
    random_t = malloc(SAMPLES * sizeof *random_t);
    for (int i = 0; i < SAMPLES; i++)
        random_t[i] = times[KEYS - 1] * gsl_rng_uniform(rng);
    if (kf_track_init(&track, KF_CUBICSPLINE, KF_VECTOR, 3, KEYS, times, values) != KF_OK)
        return 1;
    for (int j = 0; j < 3; j++) {
        spline[j] = gsl_spline_alloc(gsl_interp_cspline, KEYS);
        gsl_spline_init(spline[j], times, comp[j], KEYS);
    }
    /* ours first: kf_track_sample (binary search), then kf_track_sample_cursor (60 Hz playback) */
    const char *names[2] = {"keyframe-sample-random", "keyframe-sample-playback"};
    double gsl_rate[2];
    for (int sequential = 0; sequential < 2; sequential++) {
        double best_ours = INFINITY, best_gsl = INFINITY;
        for (int r = 0; r < ROUNDS; r++) {
            best_ours = fmin(best_ours, run_ours(sequential));
            best_gsl = fmin(best_gsl, run_gsl(sequential));
        }
        printf("%s: %.1f Msamples/s (%.2f x gsl cspline eval)\n", names[sequential], SAMPLES / best_ours / 1e6,
               best_gsl / best_ours);
        gsl_rate[sequential] = SAMPLES / best_gsl / 1e6;
    }
    printf("  reference: gsl_spline_eval (cspline, with gsl_interp_accel) on one spline a component, %.1f (random) "
           "and %.1f (playback) Msamples/s; a CUBICSPLINE track of %d non-uniform keys, 3 components\n",
           gsl_rate[0], gsl_rate[1], KEYS);
    for (int j = 0; j < 3; j++)
        gsl_spline_free(spline[j]);
    kf_track_destroy(&track);
    free(random_t);
    gsl_rng_free(rng);
    return 0;
}
