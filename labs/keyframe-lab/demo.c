/* keyframe-lab --csv --demo NAME: the keyframe tutorial's curves as CSV, the numbers the interactive lab plots.
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

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"

static const lab_times basis_times = {0, 1, 0.05, true}, balls_times = {0, 2, 0.1, true},
                       bounce_times = {0, 2, 0.05, true}, rotation_times = {0, 1, 0.1, true},
                       unit_times = {0, 1, 0.05, true};
#define DEMO_TURN 90.0  /* the tutorial's rotation keys: 90 degrees about y in 1 s, tangents (0, 1, 0, 0) */
#define DEMO_FLIP 60.0  /* the hemisphere demo's turn */

static void print_row(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            putchar(',');
        lab_print_number(stdout, v[i]);
    }
    putchar('\n');
}

static int demo_basis(const lab_times *times)
{
    puts("s,h00,h10,h01,h11,dh00,dh10,dh01,dh11");
    for (size_t i = 0, n = lab_times_count(times); i < n; i++) {
        double s = lab_times_at(times, i);
        kf_basis b = kf_hermite_basis(s), d = kf_hermite_basis_deriv(s);
        print_row((double[]){s, b.h00, b.h10, b.h01, b.h11, d.h00, d.h10, d.h01, d.h11}, 9);
    }
    return CLI_OK;
}

static int demo_balls(const lab_times *times)
{
    kf_track balls[3];
    if (seed_balls(balls))
        return cli_fail("out of memory");
    puts("t,step_y,linear_y,cubic_y,step_vy,linear_vy,cubic_vy");
    for (size_t i = 0, n = lab_times_count(times); i < n; i++) {
        double t = lab_times_at(times, i), row[7] = {t}, v[3];
        for (int b = 0; b < 3; b++) {
            kf_track_sample(&balls[b], t, v);
            row[1 + b] = v[1];
            kf_track_velocity(&balls[b], t, v);
            row[4 + b] = v[1];
        }
        print_row(row, 7);
    }
    for (int b = 0; b < 3; b++)
        kf_track_destroy(&balls[b]);
    return CLI_OK;
}

/* Volume: the keyframe tutorial's keys scale the ball by sx sy sz, 1.152 at take-off and 1.183 on landing. The variant
 * keeps the keyed height stretch sy and sets sx = sz = 1 / sqrt(sy), so that sx sy sz = 1: squash and stretch without
 * the ball gaining or losing volume, the animators' rule. */
static int demo_bounce(const lab_times *times)
{
    kf_track position, scale;
    if (seed_bounce(&position, &scale))
        return cli_fail("out of memory");
    puts("t,y,vy,sx,sy,sz,volume,sx_preserving,sz_preserving");
    for (size_t i = 0, n = lab_times_count(times); i < n; i++) {
        double t = lab_times_at(times, i), p[3], v[3], s[3];
        kf_track_sample(&position, t, p);
        kf_track_velocity(&position, t, v);
        kf_track_sample(&scale, t, s);
        double keep = 1.0 / sqrt(s[1]);
        print_row((double[]){t, p[1], v[1], s[0], s[1], s[2], s[0] * s[1] * s[2], keep, keep}, 9);
    }
    kf_track_destroy(&position);
    kf_track_destroy(&scale);
    return CLI_OK;
}

static int demo_rotation(const lab_times *times)
{
    kf_track linear, cubic;
    if (seed_rotation(&linear, &cubic))
        return cli_fail("out of memory");
    puts("method,t,x,y,z,w,angle_deg");
    const char *methods[3] = {"slerp", "nlerp", "cubic"};
    for (int m = 0; m < 3; m++) {
        kf_track *t = m == 2 ? &cubic : &linear;
        t->kind = m == 1 ? KF_QUATERNION_NLERP : KF_QUATERNION;
        for (size_t i = 0, n = lab_times_count(times); i < n; i++) {
            double time = lab_times_at(times, i), q[4];
            kf_track_sample(t, time, q);
            double angle = kf_quat_angle((kf_quat){q[0], q[1], q[2], q[3]}) * 180.0 / NUMLAB_PI;
            printf("%s,", methods[m]);
            print_row((double[]){time, q[0], q[1], q[2], q[3], angle}, 6);
        }
    }
    kf_track_destroy(&linear);
    kf_track_destroy(&cubic);
    return CLI_OK;
}

static int demo_hop(const lab_times *times)
{
    lab_hop hop;
    kf_track tracks[2];
    if (lab_hop_init(&hop, &tracks[0]))
        return cli_fail("out of memory");
    if (lab_hop_init(&hop, &tracks[1])) {
        kf_track_destroy(&tracks[0]);
        return cli_fail("out of memory");
    }
    lab_hop_set_tangent(&tracks[1], hop.v0);
    puts("t,y_seed,y_ballistic,y_thrown,vy_seed,vy_ballistic,vy_thrown");
    for (size_t i = 0, n = lab_times_count(times); i < n; i++) {
        double t = lab_times_at(times, i), row[7] = {t};
        for (int k = 0; k < 2; k++) {
            kf_track_sample(&tracks[k], t, &row[1 + k]);
            kf_track_velocity(&tracks[k], t, &row[4 + k]);
        }
        row[3] = lab_hop_parabola(&hop, t, &row[6]);
        print_row(row, 7);
    }
    kf_track_destroy(&tracks[0]);
    kf_track_destroy(&tracks[1]);
    return CLI_OK;
}

/* Two-key rotation tracks about y: LINEAR (slerp) and two CUBICSPLINE; st is KF_OK or KF_ERR_NOMEM. */
static int rotation_tracks(kf_track t[3])
{
    static const double times[2] = {0, 1};
    int st = KF_OK;
    for (int k = 0; k < 3 && !st; k++)
        if ((st = kf_track_init(&t[k], k == 0 ? KF_LINEAR : KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, NULL)))
            for (int j = 0; j < k; j++)
                kf_track_destroy(&t[j]);
    return st;
}

static int demo_spin(const lab_times *times)
{
    static const char *const names[3] = {"slerp", "seed", "rate"};
    kf_track t[3];
    if (rotation_tracks(t))
        return cli_fail("out of memory");
    for (int k = 0; k < 3; k++)
        lab_spin_keys(&t[k], DEMO_TURN, 1.0, 1.0);
    lab_spin_rate_tangents(&t[2], DEMO_TURN, 1.0);
    puts("method,t,angle_deg,wy,wy_difference");
    for (int k = 0; k < 3; k++) {
        double near = 0.0;
        for (size_t i = 0, n = lab_times_count(times); i < n; i++) {
            /* the velocity inside the clip (at its end the segment's, not the held key's 0), and the difference
             * quotient never reaching past a key */
            const double h = 1e-6, time = lab_times_at(times, i);
            double w[3];
            kf_track_angular_velocity(&t[k], fmin(time, 1.0 - 1e-12), w);
            near = lab_turn_y(&t[k], time, near);
            printf("%s,", names[k]);
            print_row((double[]){time, near, w[1], lab_spin_fd(&t[k], fmin(fmax(time, h), 1.0 - h), h)}, 4);
        }
    }
    for (int k = 0; k < 3; k++)
        kf_track_destroy(&t[k]);
    return CLI_OK;
}

static int demo_hemisphere(const lab_times *times)
{
    static const char *const names[3] = {"slerp", "stored", "aligned"};
    kf_track t[3];
    if (rotation_tracks(t))
        return cli_fail("out of memory");
    for (int k = 0; k < 3; k++) {
        lab_spin_keys(&t[k], DEMO_FLIP, 1.0, 0.0);
        double *q1 = kf_track_value(&t[k], 1);
        for (int i = 0; i < 4; i++)
            q1[i] = -q1[i];  /* the same rotation, stored as -q */
    }
    kf_track_align_hemispheres(&t[2]);
    puts("variant,t,x,y,z,w,angle_y_deg,blend_norm");
    for (int k = 0; k < 3; k++) {
        double near = 0.0;
        for (size_t i = 0, n = lab_times_count(times); i < n; i++) {
            double time = lab_times_at(times, i), q[4];
            kf_track_sample(&t[k], time, q);
            near = lab_turn_y(&t[k], time, near);
            printf("%s,", names[k]);
            print_row((double[]){time, q[0], q[1], q[2], q[3], near, k ? lab_blend_norm(&t[k], time) : 1.0}, 7);
        }
    }
    for (int k = 0; k < 3; k++)
        kf_track_destroy(&t[k]);
    return CLI_OK;
}

static const struct {
    const char *name;
    int (*run)(const lab_times *times);
    const lab_times *times;
} demos[] = {
    {"basis", demo_basis, &basis_times},
    {"balls", demo_balls, &balls_times},
    {"bounce", demo_bounce, &bounce_times},
    {"rotation", demo_rotation, &rotation_times},
    {"hop", demo_hop, &unit_times},
    {"spin", demo_spin, &unit_times},
    {"hemisphere", demo_hemisphere, &unit_times},
};

const char *lab_demo_names(void)
{
    return "basis, balls, bounce, rotation, hop, spin, hemisphere";
}

int lab_demo(const char *name, const lab_times *times)
{
    for (size_t i = 0; i < sizeof demos / sizeof *demos; i++)
        if (strcmp(name, demos[i].name) == 0)
            return demos[i].run(times->given ? times : demos[i].times);
    return cli_error("--demo: '%s' is not a demo (allowed: %s)", cli_cut(name), lab_demo_names());
}
