/* Exercise 06, the hidden tests: slopes at a key, a thousand uneven keys, a rotation track, a single key. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "tracks.h"

/* With tangents scaled by td, the slope arriving at a key is its in-tangent and the slope leaving it its out-tangent
 * (in units per second): at t = 1 s the ball arrives at -8 and leaves at 5 (one-sided differences, 1e-7 s). The
 * values too: 0 at the key, and at t = 1.125 (s = 1/4 of keys 2-3, td = 0.5)
 * 27/32*0 + 9/64*0.5*5 + 5/32*2 - 3/64*0.5*0 = 42.5/64 = 0.6640625. */
GR_PROBE(slopes_at_key)
{
    const double d = 1e-7;
    double at[3] = {0, 0, 0}, before[3] = {0, 0, 0}, after[3] = {0, 0, 0}, later[3] = {0, 0, 0};
    gltf_cubic_sample(bounce_times, bounce_values, 5, 3, 1.0, at);
    gltf_cubic_sample(bounce_times, bounce_values, 5, 3, 1.0 - d, before);
    gltf_cubic_sample(bounce_times, bounce_values, 5, 3, 1.0 + d, after);
    gltf_cubic_sample(bounce_times, bounce_values, 5, 3, 1.125, later);
    gr_put(out, (at[1] - before[1]) / d);
    gr_put(out, (after[1] - at[1]) / d);
    gr_put(out, at[1]);
    gr_put(out, later[1]);
}
GR_REFERENCE(slopes_at_key)
{
    gr_want(ref, -8, GR_ABS(1e-4), "slope arriving at t = 1 s (in-tangent)");
    gr_want(ref, 5, GR_ABS(1e-4), "slope leaving t = 1 s (out-tangent)");
    gr_want(ref, 0, GR_ABS(1e-14), "y at t = 1 s (the key)");
    gr_want(ref, 0.6640625, GR_REL(1e-14), "y at t = 1.125 s");
}

/* A thousand keys at uneven times t_k = k + 0.3 sin k, two components; sampled at 50 times. The reference finds the
 * key by a linear scan and writes the cubic out in full. */
enum { KEYS = 1000 };

static inline void long_track(double *times, double *values)
{
    for (int k = 0; k < KEYS; k++) {
        times[k] = k + 0.3 * sin(k);
        double *key = values + 6 * k;
        key[0] = cos(k), key[1] = sin(2.0 * k);          /* in-tangent */
        key[2] = k, key[3] = k * (double)k / 1000;         /* value */
        key[4] = sin(k), key[5] = cos(3.0 * k);          /* out-tangent */
    }
}

GR_PROBE(thousand_keys)
{
    static double times[KEYS], values[6 * KEYS];
    long_track(times, values);
    for (int j = 0; j < 50; j++) {
        double v[2] = {0, 0};
        gltf_cubic_sample(times, values, KEYS, 2, 0.37 + 19.9 * j, v);
        gr_put(out, v[0]);
        gr_put(out, v[1]);
    }
}
GR_REFERENCE(thousand_keys)
{
    static double times[KEYS], values[6 * KEYS];
    long_track(times, values);
    for (int j = 0; j < 50; j++) {
        double t = 0.37 + 19.9 * j;
        int k = 0;
        while (k + 2 < KEYS && times[k + 1] <= t)
            k++;
        double td = times[k + 1] - times[k], s = (t - times[k]) / td;
        for (int c = 0; c < 2; c++) {
            double v0 = values[6 * k + 2 + c], b0 = values[6 * k + 4 + c];
            double v1 = values[6 * (k + 1) + 2 + c], a1 = values[6 * (k + 1) + c];
            double want = (2 * s * s * s - 3 * s * s + 1) * v0 + (s * s * s - 2 * s * s + s) * td * b0 +
                          (-2 * s * s * s + 3 * s * s) * v1 + (s * s * s - s * s) * td * a1;
            gr_want(ref, want, GR_TOL(1e-12, 1e-12), "component %d at t = %g", c, t);
        }
    }
}

/* The keyframe tutorial's rotation track (x, y, z, w), its keys moved to 0 and 2 s (td = 2, so the tangents count
 * double): the sampler is component-wise (normalizing a rotation is the caller's business). At t = 1 (s = 1/2):
 * y = 0.125*2*1 + 0.5*0.707 - 0.125*2*(-1) = 0.8535, w = 0.5 + 0.5*0.707 = 0.8535; at t = 0.5 (s = 1/4):
 * y = 9/64*2 + 5/32*0.707 + 3/64*2 = 0.48546875, w = 27/32 + 5/32*0.707 = 0.95421875. */
GR_PROBE(rotation_track)
{
    static const double times[2] = {0, 2};
    static const double values[24] = {0, 0, 0, 0,  0, 0, 0, 1,  0, 1, 0, 0,
                                      0, -1, 0, 0, 0, 0.707, 0, 0.707,  0, 0, 0, 0};
    const double t[2] = {1, 0.5};
    for (int i = 0; i < 2; i++) {
        double q[4] = {0, 0, 0, 0};
        gltf_cubic_sample(times, values, 2, 4, t[i], q);
        for (int c = 0; c < 4; c++)
            gr_put(out, q[c]);
    }
}
GR_REFERENCE(rotation_track)
{
    const double q[2][4] = {{0, 0.8535, 0, 0.8535}, {0, 0.48546875, 0, 0.95421875}};
    for (int i = 0; i < 2; i++)
        for (int c = 0; c < 4; c++)
            gr_want(ref, q[i][c], GR_ABS(1e-14), "%c at t = %s", "xyzw"[c], i ? "0.5" : "1");
}

/* One key: its value at every time. And a constant is not a sampler: a two-key track (keys at 2 and 2.5 s, values -3
 * and 6.5) after its last key has the last key's value. */
GR_PROBE(single_key)
{
    static const double times[1] = {0.5}, values[3] = {-1, 4.25, 9};
    const double t[3] = {0, 0.5, 7};
    for (int i = 0; i < 3; i++) {
        double v = 0;
        gltf_cubic_sample(times, values, 1, 1, t[i], &v);
        gr_put(out, v);
    }
    static const double two_times[2] = {2, 2.5}, two_values[6] = {9, -3, 9, 9, 6.5, 9};
    double last = 0;
    gltf_cubic_sample(two_times, two_values, 2, 1, 4.5, &last);
    gr_put(out, last);
}
GR_REFERENCE(single_key)
{
    for (int i = 0; i < 3; i++)
        gr_want(ref, 4.25, GR_EXACT, "the only key's value, sample %d", i + 1);
    gr_want(ref, 6.5, GR_EXACT, "two keys: after the last key, its value");
}

const gr_case gr_hidden[] = {
    GR_CASE(slopes_at_key, "the slopes at a key are its in- and out-tangents; the values around it"),
    GR_CASE(thousand_keys, "a thousand uneven keys, two components"),
    GR_CASE(rotation_track, "the keyframe tutorial's rotation track over 2 s, component-wise"),
    GR_CASE(single_key, "a track with a single key"),
};
GR_COUNT_OF(gr_hidden);
