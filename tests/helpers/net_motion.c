/* See net_motion.h. */
#include "net_motion.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/ode.h"

static double motion_energy(const net_network *net, const double *y, const double *y_eq, bool free_body)
{
    const net_energy e = net_energies(net, y), e_eq = net_energies(net, y_eq);
    if (!free_body)
        return e.total - e_eq.total;
    const size_t n = net->n_masses;
    double p[2], mass = 0.0;
    net_momentum(net, y, p);
    for (size_t i = 0; i < n; i++)
        mass += net->mass[i];
    return e.kinetic - 0.5 * (p[0] * p[0] + p[1] * p[1]) / mass + e.spring - e_eq.spring;
}

net_motion net_motion_run(net_network *net, const double *y_eq, net_method method, double h, long steps, double kick,
                          unsigned long seed)
{
    const size_t dim = net_dim(net);
    bool free_body = true;
    for (size_t i = 0; i < net->n_masses; i++)
        free_body &= !net->pinned[i];
    double *y = malloc(dim * sizeof *y), t = 0.0;
    ck_assert_ptr_nonnull(y);
    memcpy(y, y_eq, dim * sizeof *y);
    ck_assert_int_eq(net_kick(net, y, kick, seed), NET_OK);
    const double limit = net_divergence_limit(y, dim), e0 = motion_energy(net, y, y_eq, free_body);
    ck_assert_msg(e0 > 0.0, "the kick's energy %g", e0);
    net_integrator *it = net_integrator_new(net, method, h, 1e-8);
    ck_assert_ptr_nonnull(it);
    net_motion r = {.grew = false};
    for (; r.steps < steps && !r.grew; r.steps++) {
        const int rc = net_integrator_step(it, &t, y);
        const double e = rc || ode_state_diverged(y, dim, limit) ? INFINITY : motion_energy(net, y, y_eq, free_body);
        r.peak = fmax(r.peak, e / e0), r.last = e / e0;
        r.grew = !(e <= 1e3 * e0);
    }
    net_integrator_free(it);
    free(y);
    return r;
}
