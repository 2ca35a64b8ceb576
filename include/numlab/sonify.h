/* sonify: a series heard as a tone whose pitch follows its value (the labs' --plain mode, tui.h: the l key), so that
 * a student who cannot see the energy chart hears explicit Euler's energy climb and semi-implicit Euler's stay.
 *
 * The series' points are spread evenly over the tone's length; between two points the value is interpolated
 * linearly, and the value's place in [lo, hi] (the series' finite range) is mapped to a pitch logarithmically from
 * SONIFY_LOW_HZ to SONIFY_HIGH_HZ: equal steps of value are equal musical intervals, 200 Hz to 2000 Hz a decade
 * (PhET's sonification keeps to about this band: audible on a laptop's speakers, not shrill). When every finite
 * value is positive and hi / lo >= SONIFY_LOG_RATIO the place is taken in log10 of the value instead: an energy that
 * grows by a factor a step rises in pitch at a steady rate rather than sitting low and leaping at the end. A point
 * that is not a number is silence. The phase is continuous (no clicks between points) and the tone fades in and
 * out over SONIFY_FADE_SECONDS. Pure: nothing here plays or writes. */
#ifndef NUMLAB_SONIFY_H
#define NUMLAB_SONIFY_H

#include <stdbool.h>
#include <stddef.h>

#define SONIFY_LOW_HZ 200.0
#define SONIFY_HIGH_HZ 2000.0
#define SONIFY_LOG_RATIO 10.0
#define SONIFY_FADE_SECONDS 0.01
#define SONIFY_AMPLITUDE 0.5
#define SONIFY_SECONDS 3.0   /* the l key's tone */
#define SONIFY_RATE 44100.0

typedef struct {
    double lo, hi;           /* the finite range of the series */
    bool log_values;         /* the place is taken in log10 of the values */
} sonify_scale;

/* The scale of y[i * stride], i < n (stride 0: 1). Returns 0, or -1 when no value is finite. */
int sonify_scale_of(const double *y, size_t n, size_t stride, sonify_scale *s);
/* The pitch of value v on scale s, Hz: SONIFY_LOW_HZ at lo, SONIFY_HIGH_HZ at hi (both when lo == hi: the low one),
 * clamped; NAN for a value that is not finite. */
double sonify_pitch(const sonify_scale *s, double v);
/* The tone of the series, `frames` samples at `rate` Hz, into out (mono, within +-SONIFY_AMPLITUDE). Returns 0, or
 * -1 when no value is finite (out left silent) or a size is 0. */
int sonify_render(const double *y, size_t n, size_t stride, double rate, double *out, size_t frames);

#endif
