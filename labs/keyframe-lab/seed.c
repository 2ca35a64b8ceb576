/* The keyframe tutorial's keyframes ("Paso 5", "Paso 7" and "Rotaciones con Cubic Spline"), as it prints them.
 * Played by the glTF 2.0 rules, not the keyframe tutorial's: CUBICSPLINE tangents are scaled by the key interval, which
 * makes a tangent a velocity in units per second (the bounce's out-tangent 8 leaves the ground at 8 units/s; read as
 * the keyframe tutorial's unscaled per-segment tangent over 0.5 s keys it would be 16 units/s), and the cubic rotation
 * is normalized, not slerped. */
#include "lab.h"

/* Paso 7: the same three keys, (0,0,0) -> (0,3,0) -> (0,0,0); the cubic ball leaves with (0,5,0) and lands with
 * (0,-5,0). */
int seed_balls(kf_track balls[3])
{
    static const double times[3] = {0, 1, 2};
    static const double keys[9] = {0, 0, 0, 0, 3, 0, 0, 0, 0};
    static const double cubic[27] = {0, 0, 0, 0, 0, 0, 0, 5, 0, /**/ 0, 0, 0, 0, 3, 0, 0, 0, 0,
                                     0, -5, 0, 0, 0, 0, 0, 0, 0};
    int st;
    if ((st = kf_track_init(&balls[0], KF_STEP, KF_VECTOR, 3, 3, times, keys)) ||
        (st = kf_track_init(&balls[1], KF_LINEAR, KF_VECTOR, 3, 3, times, keys)) ||
        (st = kf_track_init(&balls[2], KF_CUBICSPLINE, KF_VECTOR, 3, 3, times, cubic))) {
        for (int i = 0; i < 3; i++)
            kf_track_destroy(&balls[i]);
    }
    return st;
}

/* Paso 5: the ball leaves the ground, peaks at 4, lands, bounces to 2 and rests; squashed (1.2, 0.8, 1.2) at take-off,
 * stretched (0.85, 1.3, 0.85) at the top, squashed (1.3, 0.7, 1.3) on landing, (0.9, 1.15, 0.9), then (1, 1, 1). */
int seed_bounce(kf_track *position, kf_track *scale)
{
    static const double times[5] = {0, 0.5, 1.0, 1.5, 2.0};
    static const double moves[45] = {0, 0, 0, 0, 0, 0, 0, 8, 0, /**/ 0, 0, 0, 0, 4, 0, 0, 0, 0,
                                     0, -8, 0, 0, 0, 0, 0, 5, 0, /**/ 0, 0, 0, 0, 2, 0, 0, 0, 0,
                                     0, -3, 0, 0, 0, 0, 0, 0, 0};
    static const double shapes[45] = {0, 0, 0, 1.2, 0.8, 1.2, 0, 0, 0, /**/ 0, 0, 0, 0.85, 1.3, 0.85, 0, 0, 0,
                                      0, 0, 0, 1.3, 0.7, 1.3, 0, 0, 0, /**/ 0, 0, 0, 0.9, 1.15, 0.9, 0, 0, 0,
                                      0, 0, 0, 1, 1, 1, 0, 0, 0};
    int st = kf_track_init(position, KF_CUBICSPLINE, KF_VECTOR, 3, 5, times, moves);
    if (!st && (st = kf_track_init(scale, KF_CUBICSPLINE, KF_VECTOR, 3, 5, times, shapes)))
        kf_track_destroy(position);
    return st;
}

/* The rotation track: identity, then (0, 0.707, 0, 0.707) (90 degrees about y, as the keyframe tutorial rounds it),
 * out-tangent (0, 1, 0, 0) and in-tangent (0, -1, 0, 0); and the same two keys as LINEAR. */
int seed_rotation(kf_track *linear, kf_track *cubic)
{
    static const double times[2] = {0, 1};
    static const double keys[8] = {0, 0, 0, 1, 0, 0.707, 0, 0.707};
    static const double tangents[24] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0,
                                        0, -1, 0, 0, 0, 0.707, 0, 0.707, 0, 0, 0, 0};
    int st = kf_track_init(linear, KF_LINEAR, KF_QUATERNION, 4, 2, times, keys);
    if (!st && (st = kf_track_init(cubic, KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, tangents)))
        kf_track_destroy(linear);
    return st;
}
