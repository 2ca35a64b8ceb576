/* keyframe-lab's demos (model.h): the keyframe tutorial's curves, a row at a time, as --csv --demo prints them.
 *   basis     s, the four Hermite basis functions and their derivatives
 *   balls     the tutorial's three balls (STEP, LINEAR, CUBICSPLINE on the same keys): height and vertical velocity
 *   bounce    the bouncing ball: height, velocity, the tutorial's squash-and-stretch scale and its volume, and the
 *             volume-preserving variant sx = sz = 1 / sqrt(sy)
 *   rotation  the tutorial's rotation keys by slerp (glTF LINEAR), nlerp, and glTF CUBICSPLINE (normalized)
 *   hop       the bounce's first hop with the tutorial's take-off tangent and the ballistic 2h/T, and the thrown ball
 *   spin      angular velocity about y of slerp, the tutorial's cubic and the constant-rate cubic (exact and by a
 *             difference quotient), and the angle turned
 *   hemisphere  a cubic whose second key is stored as -q, as stored and aligned (kf_track_align_hemispheres), and
 *             slerp: the angle turned about y and the blend's |p| */
#include <math.h>
#include <string.h>

#include "model.h"
#include "numlab/common.h"

#define DEMO_TURN 90.0  /* the tutorial's rotation keys: 90 degrees about y in 1 s, tangents (0, 1, 0, 0) */
#define DEMO_FLIP 60.0  /* the hemisphere demo's turn */
#define SPIN_FD_H 1e-6  /* the difference quotient's half step, s */

size_t kl_times_count(const kl_times *t)
{
    /* B is included when (B - A) / STEP is whole up to rounding (0:1:0.1 gives 11 samples) */
    return (size_t)floor((t->b - t->a) / t->step + 1e-9) + 1;
}

double kl_times_at(const kl_times *t, size_t i)
{
    return t->a + (double)i * t->step;  /* not accumulated: no drift over many steps */
}

static const struct {
    const char *name, *header;
    kl_times times;
    const char *labels[3];  /* the curves of a labelled demo, in the order its rows come (NULL: one curve) */
} demos[KL_DEMO_COUNT] = {
    [KL_DEMO_BASIS] = {"basis", "s,h00,h10,h01,h11,dh00,dh10,dh01,dh11", {0, 1, 0.05, true}, {NULL}},
    [KL_DEMO_BALLS] = {"balls", "t,step_y,linear_y,cubic_y,step_vy,linear_vy,cubic_vy", {0, 2, 0.1, true}, {NULL}},
    [KL_DEMO_BOUNCE] = {"bounce", "t,y,vy,sx,sy,sz,volume,sx_preserving,sz_preserving", {0, 2, 0.05, true}, {NULL}},
    [KL_DEMO_ROTATION] = {"rotation", "method,t,x,y,z,w,angle_deg", {0, 1, 0.1, true}, {"slerp", "nlerp", "cubic"}},
    [KL_DEMO_HOP] = {"hop", "t,y_tutorial,y_ballistic,y_thrown,vy_tutorial,vy_ballistic,vy_thrown",
                     {0, 1, 0.05, true}, {NULL}},
    [KL_DEMO_SPIN] = {"spin", "method,t,angle_deg,wy,wy_difference", {0, 1, 0.05, true},
                      {"slerp", "tutorial", "rate"}},
    [KL_DEMO_HEMISPHERE] = {"hemisphere", "variant,t,x,y,z,w,angle_y_deg,blend_norm", {0, 1, 0.05, true},
                            {"slerp", "stored", "aligned"}},
};

const char *kl_demo_name(kl_demo_kind demo)
{
    return demos[demo].name;
}

const char *kl_demo_header(kl_demo_kind demo)
{
    return demos[demo].header;
}

kl_times kl_demo_times(kl_demo_kind demo)
{
    return demos[demo].times;
}

void kl_demo_free(kl_demo_model *d)
{
    for (int k = 0; k < d->n_tracks; k++)
        kf_track_destroy(&d->track[k]);
    d->n_tracks = 0;
}

/* Two-key rotation tracks about y: LINEAR (slerp) and two CUBICSPLINE; KF_OK or KF_ERR_NOMEM. */
static int rotation_tracks(kl_demo_model *d)
{
    static const double times[2] = {0, 1};
    for (int k = 0; k < 3; k++) {
        int st = kf_track_init(&d->track[k], k == 0 ? KF_LINEAR : KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, NULL);
        if (st) {
            kl_demo_free(d);
            return st;
        }
        d->n_tracks = k + 1;
    }
    return KF_OK;
}

static int build_tracks(kl_demo_model *d)
{
    switch (d->p.demo) {
    case KL_DEMO_BASIS:
        return KF_OK;
    case KL_DEMO_BALLS:
        d->n_tracks = 3;
        return kl_tutorial_balls(d->track);
    case KL_DEMO_BOUNCE:
        d->n_tracks = 2;
        return kl_tutorial_bounce(&d->track[0], &d->track[1]);
    case KL_DEMO_ROTATION:
        d->n_tracks = 2;
        return kl_tutorial_rotation(&d->track[0], &d->track[1]);
    case KL_DEMO_HOP:
        if (kl_hop_init(&d->hop, &d->track[0]))
            return KF_ERR_NOMEM;
        d->n_tracks = 1;
        if (kl_hop_init(&d->hop, &d->track[1]))
            return KF_ERR_NOMEM;
        d->n_tracks = 2;
        kl_hop_set_tangent(&d->track[1], d->hop.v0);
        return KF_OK;
    case KL_DEMO_SPIN:
        if (rotation_tracks(d))
            return KF_ERR_NOMEM;
        for (int k = 0; k < 3; k++)
            kl_spin_keys(&d->track[k], DEMO_TURN, 1.0, 1.0);
        kl_spin_rate_tangents(&d->track[2], DEMO_TURN, 1.0);
        return KF_OK;
    case KL_DEMO_HEMISPHERE:
        if (rotation_tracks(d))
            return KF_ERR_NOMEM;
        for (int k = 0; k < 3; k++) {
            kl_spin_keys(&d->track[k], DEMO_FLIP, 1.0, 0.0);
            double *q1 = kf_track_value(&d->track[k], 1);
            for (int i = 0; i < 4; i++)
                q1[i] = -q1[i];  /* the same rotation, stored as -q */
        }
        kf_track_align_hemispheres(&d->track[2]);
        return KF_OK;
    case KL_DEMO_COUNT:
        break;
    }
    return KF_ERR_NOMEM;  /* no such demo: nothing built */
}

int kl_demo_init(kl_demo_model *d, const kl_demo_params *p)
{
    memset(d, 0, sizeof *d);
    d->p = *p;
    if (!d->p.times.given)
        d->p.times = demos[p->demo].times;
    d->times = kl_times_count(&d->p.times);
    d->rows = d->times * (demos[p->demo].labels[0] ? 3 : 1);
    int st = build_tracks(d);
    if (st) {
        /* a track that failed half way is not the builder's to leave behind: kl_tutorial_* free their own */
        if (d->p.demo == KL_DEMO_BALLS || d->p.demo == KL_DEMO_BOUNCE || d->p.demo == KL_DEMO_ROTATION)
            d->n_tracks = 0;
        kl_demo_free(d);
    }
    return st;
}

static void put(kl_demo_row *row, size_t n, const double *v)
{
    memcpy(row->v, v, n * sizeof *v);
    row->n = n;
}

void kl_model_compute(kl_demo_model *d, size_t i, kl_demo_row *row)
{
    const size_t curve = i / d->times, at = i % d->times;
    const double t = kl_times_at(&d->p.times, at);
    row->label = demos[d->p.demo].labels[0] ? demos[d->p.demo].labels[curve] : NULL;
    if (at == 0)
        d->near = 0.0;
    switch (d->p.demo) {
    case KL_DEMO_BASIS: {
        kf_basis b = kf_hermite_basis(t), v = kf_hermite_basis_deriv(t);
        put(row, 9, (double[]){t, b.h00, b.h10, b.h01, b.h11, v.h00, v.h10, v.h01, v.h11});
        break;
    }
    case KL_DEMO_BALLS: {
        double r[7] = {t}, v[3];
        for (int b = 0; b < 3; b++) {
            kf_track_sample(&d->track[b], t, v);
            r[1 + b] = v[1];
            kf_track_velocity(&d->track[b], t, v);
            r[4 + b] = v[1];
        }
        put(row, 7, r);
        break;
    }
    case KL_DEMO_BOUNCE: {
        /* Volume: the keyframe tutorial's keys scale the ball by sx sy sz, 1.152 at take-off and 1.183 on landing.
         * The variant keeps the keyed height stretch sy and sets sx = sz = 1 / sqrt(sy), so that sx sy sz = 1:
         * squash and stretch without the ball gaining or losing volume, the animators' rule. */
        double p[3], v[3], s[3];
        kf_track_sample(&d->track[0], t, p);
        kf_track_velocity(&d->track[0], t, v);
        kf_track_sample(&d->track[1], t, s);
        double keep = 1.0 / sqrt(s[1]);
        put(row, 9, (double[]){t, p[1], v[1], s[0], s[1], s[2], s[0] * s[1] * s[2], keep, keep});
        break;
    }
    case KL_DEMO_ROTATION: {
        kf_track *tr = curve == 2 ? &d->track[1] : &d->track[0];
        tr->kind = curve == 1 ? KF_QUATERNION_NLERP : KF_QUATERNION;
        double q[4];
        kf_track_sample(tr, t, q);
        double angle = kf_quat_angle((kf_quat){q[0], q[1], q[2], q[3]}) * 180.0 / NUMLAB_PI;
        put(row, 6, (double[]){t, q[0], q[1], q[2], q[3], angle});
        break;
    }
    case KL_DEMO_HOP: {
        double r[7] = {t};
        for (int k = 0; k < 2; k++) {
            kf_track_sample(&d->track[k], t, &r[1 + k]);
            kf_track_velocity(&d->track[k], t, &r[4 + k]);
        }
        r[3] = kl_hop_parabola(&d->hop, t, &r[6]);
        put(row, 7, r);
        break;
    }
    case KL_DEMO_SPIN: {
        /* the velocity inside the clip (at its end the segment's, not the held key's 0), and the difference
         * quotient never reaching past a key */
        const double h = SPIN_FD_H;
        kf_track *tr = &d->track[curve];
        double w[3];
        kf_track_angular_velocity(tr, fmin(t, 1.0 - 1e-12), w);
        d->near = kl_turn_y(tr, t, d->near);
        put(row, 4, (double[]){t, d->near, w[1], kl_spin_fd(tr, fmin(fmax(t, h), 1.0 - h), h)});
        break;
    }
    case KL_DEMO_HEMISPHERE: {
        kf_track *tr = &d->track[curve];
        double q[4];
        kf_track_sample(tr, t, q);
        d->near = kl_turn_y(tr, t, d->near);
        put(row, 7, (double[]){t, q[0], q[1], q[2], q[3], d->near, curve ? kl_blend_norm(tr, t) : 1.0});
        break;
    }
    case KL_DEMO_COUNT:
        row->n = 0;
        break;
    }
}
