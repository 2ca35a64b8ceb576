/* network's private helpers, shared by src/network.c and src/net_*.c (not installed). */
#ifndef NUMLAB_NET_INTERNAL_H
#define NUMLAB_NET_INTERNAL_H

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

/* The Jacobian of the accelerations, one 2x2 block at a time (net_integrate.c): for each spring, the blocks
 * d a_row / d p_col (velocity 0) and d a_row / d v_col (velocity 1) are scale * B, B row-major over the axes (x, y),
 * scale = +-1/m_row (0 for a pinned or held mass). Blocks for the same (row, col) arrive several times: the sink adds
 * them up. net_jacobian (dense, for msbdf) and the backward Euler step (sparse) are both built from it. */
typedef void (*net_block_sink)(void *ctx, size_t row, size_t col, int velocity, double scale, const double B[4]);
void net_jacobian_blocks(const net_network *net, const double *y, net_block_sink sink, void *ctx);

/* Backward Euler and TR-BDF2 (net_implicit.c): the sparse matrix and GMRES work space, kept between steps. method:
 * ODE_BACKWARD_EULER, ODE_LINEARISED_EULER (backward-euler-1: the first, linearised iterate only) or ODE_TR_BDF2
 * (two backward Euler solves a step). */
typedef struct net_implicit net_implicit;
net_implicit *net_implicit_new(net_network *net, ode_method method);  /* NULL when out of memory or another method */
void net_implicit_free(net_implicit *im);
void net_implicit_reset(net_implicit *im);          /* forgets the last step's solution (the next first guess) */
/* One step of h: 0, -1 when a linear solve (GMRES) did not converge, or NET_IMPLICIT_NO_CONVERGENCE when Newton's
 * iteration did not meet the step's equations, even on h / 256; y is unchanged on failure. */
int net_implicit_step(net_implicit *im, double h, double *y);
#define NET_IMPLICIT_NO_CONVERGENCE (-3)
net_newton_stats net_implicit_last(const net_implicit *im);

/* XPBD and PBD (net_xpbd.c): memory true for XPBD (the multipliers accumulate), false for plain PBD. */
typedef struct net_xpbd net_xpbd;
net_xpbd *net_xpbd_new(net_network *net, bool memory);  /* NULL when out of memory */
void net_xpbd_free(net_xpbd *x);
int net_xpbd_configure(net_xpbd *x, int substeps, int iterations);  /* NET_OK or NET_ERR_INPUT (out of range) */
void net_xpbd_settings(const net_xpbd *x, int *substeps, int *iterations);
void net_xpbd_step(net_xpbd *x, double h, double *y);
/* Their rows (name "xpbd" or "pbd", order 1, no step matrix: Gauss-Seidel couples the modes). */
const ode_method_info *net_xpbd_about(bool memory);

/* The tangent stiffness K (the Hessian of the spring energy) and the dampers' matrix C (sum c u u^T; C may be
 * NULL) at the positions of state y, over the free coordinates dof[i], dof[i] + 1 of mass i (SIZE_MAX: pinned),
 * divided by sqrt(m_a m_b) when weighted (net_modes.c). NET_ERR_INPUT with a message where a spring of nonzero
 * rest length joins coincident masses. */
int net_tangent_matrices(const net_network *net, const double *y, const size_t *dof, bool weighted, gsl_matrix *K,
                         gsl_matrix *C, char *err, size_t errlen);

/* The damped step limits (net_limits.c) from the mass-weighted stiffness K and damping C at state y (dofs x dofs,
 * net_modes.c builds them) and out's omega2, omega_max: fills out->damping, zeta_top and limit[]. K and C are left
 * as they were. NET_OK or NET_ERR_MEMORY. */
int net_limits_compute(const net_network *net, const double *y, const gsl_matrix *K, const gsl_matrix *C,
                       net_modes *out);

#endif
