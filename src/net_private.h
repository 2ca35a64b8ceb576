/* network's private helpers, shared by src/network.c and src/net_*.c (not installed). */
#ifndef NUMLAB_NET_PRIVATE_H
#define NUMLAB_NET_PRIVATE_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

#include "numlab/network.h"

/* The acceleration of a mass: force / mass plus gravity, or 0 for a pinned or held mass (inv_mass 0). The rhs and
 * the fused step both use exactly this expression. */
static inline double net_accel(double force, double inv_mass, double g)
{
    return force * inv_mass + (inv_mass > 0.0 ? g : 0.0);
}

/* The fast kernel's index (net_kernel.c): built lazily, dropped when the topology changes. */
int net_runs_build(net_network *net);
void net_runs_invalidate(net_network *net);
void net_runs_free(net_runs *runs);
/* Hooke forces through the index (which must be built). */
void net_forces_fast(const net_network *net, const double *y, double *force);

/* The damped step limits (net_limits.c) from the mass-weighted stiffness K and damping C about rest (dofs x dofs,
 * net_modes.c builds them) and out's omega2, omega_max: fills out->damping, zeta_top and limit[]. K and C are left
 * as they were. NET_OK or NET_ERR_MEMORY. */
int net_limits_compute(const net_network *net, const gsl_matrix *K, const gsl_matrix *C, net_modes *out);

#endif
