/* bowl-lab's render (model.h): the engine stepped through display frames of 1/BL_FRAME_HZ s, under the scripted
 * gesture or a recorded one, for p->seconds in whole steps; what each step and frame made is handed to a sink,
 * which writes it (headless.c: the WAV, the events, the trace, the spectrogram). The frames are those of the
 * interactive lab's accumulator, so the trace's rows are what it drew. */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "model.h"
#include "numlab/common.h"
#include "numlab/timestep.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void bl_result_free(bl_result *r)
{
    snd_engine_free(r->e);
    free(r->ring);
    *r = (bl_result){0};
}

int bl_model_compute(const bl_render_params *p, const bl_sink *sink, bl_result *r)
{
    *r = (bl_result){0};
    snd_options so = {.seed = p->seed, .rate = SND_RATE, .channels = p->channels, .layers = p->layers,
                      .gesture = &p->gesture};
    snd_error serr;
    if (!(r->e = snd_engine_new(p->preset, &so, &serr)))
        return serr == SND_ERR_NOMEM ? NUMLAB_ERR_NOMEM : NUMLAB_ERR_INPUT;
    snd_engine *e = r->e;
    const double step = p->preset->bowl.step;
    const size_t frames_per_step = snd_engine_step_frames(e), samples_per_step = frames_per_step * p->channels;
    const long long total = llround(p->seconds / step);
    /* a frame feeds at most the accumulator's cap (0.1 s) worth of steps */
    const size_t max_steps = (size_t)ceil(TS_DEFAULT_CAP / step) + 2;
    double *buf = malloc(max_steps * samples_per_step * sizeof *buf);
    r->ring = calloc(BL_SPECTRUM_N, sizeof *r->ring);
    if (!buf || !r->ring) {
        free(buf);
        return NUMLAB_ERR_NOMEM;
    }
    int rc = sink->start ? sink->start(sink->arg, e) : 0;
    bl_replay replay;
    if (p->replay)
        bl_replay_init(&replay, p->replay);
    double start = now();
    long long done = 0;
    for (long frame = 1; rc == 0 && done < total; frame++) {
        double dt = fmin(1.0 / BL_FRAME_HZ, (double)(total - done) * step);
        long long due = snd_engine_due(e, dt);
        if (due > total - done)
            due = total - done;
        if (due == 0 && (double)(total - done) * step <= 1.0 / BL_FRAME_HZ)
            due = 1;  /* the last sliver: never stall on the accumulator's rounding */
        double peak = 0.0;
        for (long long k = 0; k < due; k++) {
            double *at = buf + (size_t)k * samples_per_step;
            if (p->replay)
                bl_replay_step(&replay, e, at);
            else
                snd_engine_step(e, at);
            if (sink->step)
                sink->step(sink->arg, e);
            /* the peak and the spectrum's window only when asked: per-sample work a plain render skips */
            for (size_t i = 0; p->peaks && i < samples_per_step; i++)
                peak = fmax(peak, fabs(at[i]));
            for (size_t i = 0; p->spectrum && i < frames_per_step; i++) {
                double mono = 0.0;
                for (size_t c = 0; c < p->channels; c++)
                    mono += at[i * p->channels + c] / (double)p->channels;
                r->ring[r->ring_at] = mono;
                r->ring_at = (r->ring_at + 1) % BL_SPECTRUM_N;
            }
        }
        done += due;
        r->steps = done;
        if (sink->frame)
            rc = sink->frame(sink->arg, frame, e, buf, (size_t)due * frames_per_step, peak);
    }
    r->elapsed = now() - start;
    free(buf);
    return rc;
}
