/* Exercise 06, the visible tests: the basis by hand, the keyframe tutorial's corrected numbers, the tangent scaling of
 * glTF, and the clamping at the ends. */
#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "tracks.h"

/* h at s = 0, 1, 0.5 and 0.25, by hand: (1, 0, 0, 0), (0, 0, 1, 0), (1/2, 1/8, 1/2, -1/8) and
 * (27/32, 9/64, 5/32, -3/64). */
GR_PROBE(basis)
{
    const double s[4] = {0, 1, 0.5, 0.25};
    for (int i = 0; i < 4; i++) {
        double h[4] = {0, 0, 0, 0};
        hermite_basis(s[i], h);
        for (int j = 0; j < 4; j++)
            gr_put(out, h[j]);
    }
}
GR_REFERENCE(basis)
{
    const double s[4] = {0, 1, 0.5, 0.25};
    const double h[4][4] = {{1, 0, 0, 0}, {0, 0, 1, 0}, {0.5, 0.125, 0.5, -0.125},
                            {27.0 / 32, 9.0 / 64, 5.0 / 32, -3.0 / 64}};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            gr_want(ref, h[i][j], GR_ABS(1e-15), "h[%d] at s = %g", j, s[i]);
}

/* The keyframe tutorial prints its cubicSpline(0.5, 0, 5, 10, -2) ~ 6.875 and its hermite(0.5, ...) = (2.5, 3.125, 0);
 * with its own basis this exercise's hermite(0.5, 0, 5, 10, -2) = 0.5*0 + 0.125*5 + 0.5*10 - 0.125*(-2) = 5.875, and
 * from p0 = (0, 0, 0), m0 = (0, 10, 0) to p1 = (5, 0, 0), m1 = (0, -5, 0) component by component
 * (2.5, 0.125*10 - 0.125*(-5), 0) = (2.5, 1.875, 0). At
 * s = 1/2 the two points weigh the same, so the same curve at s = 1/4 tells p0 from p1:
 * 27/32*0 + 9/64*5 + 5/32*10 - 3/64*(-2) = (45 + 100 + 6)/64 = 151/64. */
GR_PROBE(seed_errata)
{
    gr_put(out, hermite(0.5, 0, 5, 10, -2));
    gr_put(out, hermite(0.25, 0, 5, 10, -2));
    const double p0[3] = {0, 0, 0}, m0[3] = {0, 10, 0}, p1[3] = {5, 0, 0}, m1[3] = {0, -5, 0};
    for (int c = 0; c < 3; c++)
        gr_put(out, hermite(0.5, p0[c], m0[c], p1[c], m1[c]));
}
GR_REFERENCE(seed_errata)
{
    gr_want(ref, 5.875, GR_REL(1e-15),
            "hermite(0.5, 0, 5, 10, -2) (the keyframe tutorial's cubicSpline prints ~6.875)");
    gr_want(ref, 151.0 / 64, GR_REL(1e-15), "hermite(0.25, 0, 5, 10, -2)");
    gr_want(ref, 2.5, GR_REL(1e-15), "hermite x");
    gr_want(ref, 1.875, GR_REL(1e-15), "hermite y (the keyframe tutorial prints 3.125)");
    gr_want(ref, 0.0, GR_ABS(1e-15), "hermite z");
}

/* glTF scales tangents by td. The bounce track at t = 0.25 (keys 0-1, td = 0.5, s = 0.5):
 * y = 0.5*0 + 0.125*0.5*8 + 0.5*4 - 0.125*0.5*0 = 2.5 (unscaled tangents would give 3). At 0.75 (keys 1-2):
 * 0.5*4 + 0 + 0 - 0.125*0.5*(-8) = 2.5; at 1.25 (keys 2-3): 0.125*0.5*5 + 0.5*2 = 1.3125. x and z stay 0. */
GR_PROBE(tangent_scaling)
{
    const double t[3] = {0.25, 0.75, 1.25};
    for (int i = 0; i < 3; i++) {
        double v[3] = {0, 0, 0};
        gltf_cubic_sample(bounce_times, bounce_values, 5, 3, t[i], v);
        for (int c = 0; c < 3; c++)
            gr_put(out, v[c]);
    }
}
GR_REFERENCE(tangent_scaling)
{
    const double t[3] = {0.25, 0.75, 1.25}, y[3] = {2.5, 2.5, 1.3125};
    for (int i = 0; i < 3; i++) {
        gr_want(ref, 0, GR_ABS(1e-14), "x at t = %g", t[i]);
        gr_want(ref, y[i], GR_REL(1e-14), "y at t = %g", t[i]);
        gr_want(ref, 0, GR_ABS(1e-14), "z at t = %g", t[i]);
    }
}

/* Two keys at 1 s and 3 s (td = 2), every component moving. At t = 2 (s = 1/2):
 *   out = v0/2 + 2 b0/8 + v1/2 - 2 a1/8 = (1.875, 0.75, 1);
 * at t = 1.5 (s = 1/4): 27/32 v0 + 2 (9/64) b0 + 5/32 v1 - 2 (3/64) a1 = (1.359375, 1.40625, 0.0625). */
GR_PROBE(two_keys)
{
    const double t[2] = {2, 1.5};
    for (int i = 0; i < 2; i++) {
        double v[3] = {0, 0, 0};
        gltf_cubic_sample(pair_times, pair_values, 2, 3, t[i], v);
        for (int c = 0; c < 3; c++)
            gr_put(out, v[c]);
    }
}
GR_REFERENCE(two_keys)
{
    const double v[2][3] = {{1.875, 0.75, 1}, {1.359375, 1.40625, 0.0625}};
    for (int i = 0; i < 2; i++)
        for (int c = 0; c < 3; c++)
            gr_want(ref, v[i][c], GR_TOL(1e-14, 1e-14), "component %d at t = %s", c, i ? "1.5" : "2");
}

/* Before the first key the first value, after the last the last, and at the keys exactly their values; and between
 * them the curve, at t = 2.5 (s = 3/4, h = (5/32, 3/64, 27/32, -9/64), td = 2):
 *   5/32 v0 + 3/32 b0 + 27/32 v1 - 9/32 a1 = (78.5/32, 7/32, 46/32) = (2.453125, 0.21875, 1.4375). */
GR_PROBE(clamped_ends)
{
    const double t[5] = {0, 1, 3, 10, 2.5};
    for (int i = 0; i < 5; i++) {
        double v[3] = {0, 0, 0};
        gltf_cubic_sample(pair_times, pair_values, 2, 3, t[i], v);
        for (int c = 0; c < 3; c++)
            gr_put(out, v[c]);
    }
}
GR_REFERENCE(clamped_ends)
{
    const double t[4] = {0, 1, 3, 10}, first[3] = {1, 2, -1}, last[3] = {3, 0, 1};
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 3; c++)
            gr_want(ref, i < 2 ? first[c] : last[c], GR_ABS(1e-14), "component %d at t = %g", c, t[i]);
    const double between[3] = {2.453125, 0.21875, 1.4375};
    for (int c = 0; c < 3; c++)
        gr_want(ref, between[c], GR_TOL(1e-14, 1e-14), "component %d at t = 2.5, between the keys", c);
}

const gr_case gr_visible[] = {
    GR_CASE(basis, "the Hermite basis at s = 0, 1, 1/2 and 1/4, by hand"),
    GR_CASE(seed_errata, "the keyframe tutorial's examples, corrected: 5.875 and (2.5, 1.875, 0); and s = 1/4"),
    GR_CASE(tangent_scaling, "the keyframe tutorial's bouncing ball: tangents scaled by the key interval"),
    GR_CASE(two_keys, "two keys 2 s apart, three moving components, by hand"),
    GR_CASE(clamped_ends, "before the first key, at the keys, after the last key, and between"),
};
GR_COUNT_OF(gr_visible);
