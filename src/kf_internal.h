/* Private helpers shared by keyframe.c, kf_quat.c and kf_mixer.c. */
#ifndef NUMLAB_KF_INTERNAL_H
#define NUMLAB_KF_INTERNAL_H

#include "numlab/keyframe.h"

static inline kf_quat kf_quat_load(const double *q)
{
    return (kf_quat){q[0], q[1], q[2], q[3]};
}

static inline void kf_quat_store(kf_quat q, double *out)
{
    out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
}

/* The index of name in names[count] (exact, case-sensitive), or -1. */
int kf_name_index(const char *const *names, int count, const char *name);

/* d/ds of kf_quat_slerp(a, b, s) and of kf_quat_nlerp(a, b, s). */
kf_quat kf_quat_slerp_deriv(kf_quat a, kf_quat b, double s);
kf_quat kf_quat_nlerp_deriv(kf_quat a, kf_quat b, double s);
/* The derivative of p / |p| given p and p': (p' - q (q . p')) / |p| with q = p / |p|; 0 when p = 0. */
kf_quat kf_quat_normalize_deriv(kf_quat p, kf_quat dp);

#endif
