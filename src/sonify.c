/* sonify: a series as a tone whose pitch follows its value. See include/numlab/sonify.h. */
#include "numlab/sonify.h"
#include "numlab/common.h"

#include <math.h>
#include <string.h>

int sonify_scale_of(const double *y, size_t n, size_t stride, sonify_scale *s)
{
    stride = stride ? stride : 1;
    s->lo = INFINITY, s->hi = -INFINITY;
    for (size_t i = 0; i < n; i++)
        if (isfinite(y[i * stride]))
            s->lo = fmin(s->lo, y[i * stride]), s->hi = fmax(s->hi, y[i * stride]);
    if (!(s->lo <= s->hi))
        return -1;
    s->log_values = s->lo > 0.0 && s->hi / s->lo >= SONIFY_LOG_RATIO;
    return 0;
}

double sonify_pitch(const sonify_scale *s, double v)
{
    if (!isfinite(v))
        return NAN;
    double place;
    if (s->log_values)
        place = v > 0.0 ? (log10(v) - log10(s->lo)) / (log10(s->hi) - log10(s->lo)) : 0.0;
    else
        place = s->hi > s->lo ? (v - s->lo) / (s->hi - s->lo) : 0.0;
    place = place < 0.0 ? 0.0 : place > 1.0 ? 1.0 : place;
    return SONIFY_LOW_HZ * pow(SONIFY_HIGH_HZ / SONIFY_LOW_HZ, place);
}

int sonify_render(const double *y, size_t n, size_t stride, double rate, double *out, size_t frames)
{
    if (frames == 0 || n == 0 || !(rate > 0.0))
        return -1;
    memset(out, 0, frames * sizeof *out);
    stride = stride ? stride : 1;
    sonify_scale s;
    if (sonify_scale_of(y, n, stride, &s))
        return -1;
    const double fade = SONIFY_FADE_SECONDS * rate;
    double phase = 0.0;
    for (size_t k = 0; k < frames; k++) {
        /* where this sample is in the series: point 0 at the first sample, point n - 1 at the last */
        const double u = frames > 1 ? (double)k * (double)(n - 1) / (double)(frames - 1) : 0.0;
        const size_t i = (size_t)u < n - 1 ? (size_t)u : n - 1;
        const double a = y[i * stride], b = i + 1 < n ? y[(i + 1) * stride] : a;
        const double v = isfinite(a) && isfinite(b) ? a + (u - (double)i) * (b - a) : isfinite(a) ? a : NAN;
        const double f = sonify_pitch(&s, v);
        if (isnan(f))
            continue;  /* not a number: silence, the phase kept */
        phase += 2.0 * NUMLAB_PI * f / rate;
        if (phase > 2.0 * NUMLAB_PI)
            phase -= 2.0 * NUMLAB_PI;
        const double edge = fmin(1.0, fmin((double)k, (double)(frames - 1 - k)) / fade);
        out[k] = SONIFY_AMPLITUDE * edge * sin(phase);
    }
    return 0;
}
