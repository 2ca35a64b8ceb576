/* The long run of the nonlinear network that the step-limit tests share (tests/test_network_limits.c,
 * tests/test_network_lab_claims.c): from the state a network's limits hold at, plus a small kick. */
#ifndef NUMLAB_TESTS_NET_MOTION_H
#define NUMLAB_TESTS_NET_MOTION_H

#include <stdbool.h>

#include "numlab/network.h"

typedef struct {
    bool grew;    /* it diverged, a step failed, or the energy of the motion about the state passed 1000 times the
                   * kick's */
    long steps;   /* the steps taken (fewer than asked when it grew) */
    double peak;  /* the largest energy of the motion over the kick's */
    double last;  /* ... and the last, over the kick's */
} net_motion;

/* Runs `steps` steps of h from y_eq (positions, velocities 0: net_modes.y) plus net_kick(kick, seed). The energy of
 * the motion about y_eq is the total energy's excess over y_eq's; when nothing is pinned (a free body, falling or
 * not) it is the kinetic energy in the frame of the centre of mass plus the springs' excess, since the body's
 * flight is no part of its vibration. A stable run never passes 1000 times the kick's energy (a damped one loses
 * it; an undamped symplectic one moves it between modes, up to (1 + h w / 2) / (1 - h w / 2) = 39 times in one
 * mode at 0.95 of semi-implicit's 2 / w), an unstable one grows without bound until the springs' nonlinearity or
 * the divergence limit stops it. */
net_motion net_motion_run(net_network *net, const double *y_eq, net_method method, double h, long steps, double kick,
                          unsigned long seed);

#endif
