/* keyframe-lab --csv --demo NAME: the keyframe tutorial's curves as CSV, the numbers the interactive lab plots.
 *   basis     s, the four Hermite basis functions and their derivatives
 *   balls     the tutorial's three balls (STEP, LINEAR, CUBICSPLINE on the same keys): height and vertical velocity
 *   bounce    the bouncing ball: height, velocity, the tutorial's squash-and-stretch scale and its volume, and the
 *             volume-preserving variant sx = sz = 1 / sqrt(sy)
 *   rotation  the keyframe tutorial's rotation keys by slerp (glTF LINEAR), nlerp, and glTF CUBICSPLINE (normalized) */
#include <math.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"

static const lab_times basis_times = {0, 1, 0.05, true}, balls_times = {0, 2, 0.1, true},
                       bounce_times = {0, 2, 0.05, true}, rotation_times = {0, 1, 0.1, true};

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

static const struct {
    const char *name;
    int (*run)(const lab_times *times);
    const lab_times *times;
} demos[] = {
    {"basis", demo_basis, &basis_times},
    {"balls", demo_balls, &balls_times},
    {"bounce", demo_bounce, &bounce_times},
    {"rotation", demo_rotation, &rotation_times},
};

const char *lab_demo_names(void)
{
    return "basis, balls, bounce, rotation";
}

int lab_demo(const char *name, const lab_times *times)
{
    for (size_t i = 0; i < sizeof demos / sizeof *demos; i++)
        if (strcmp(name, demos[i].name) == 0)
            return demos[i].run(times->given ? times : demos[i].times);
    return cli_error("--demo: '%s' is not a demo (allowed: %s)", cli_cut(name), lab_demo_names());
}
