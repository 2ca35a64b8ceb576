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

/* A 2x2 block per spring (one array per entry, indexed by spring), and out += its action through the index (which
 * must be built): with w = x_i - x_j, out_i += G_s w and out_j -= G_s w (x and out: 2 n, x components first). */
typedef struct {
    const double *xx, *xy, *yx, *yy;
} net_blocks;
void net_blocks_apply(const net_network *net, const net_blocks *G, const double *x, double *out);

/* Backward Euler's blocks through the index (built; Hooke's law): for every spring in a run, G_s = h dF_i/d(dv) +
 * h^2 dF_i/dd into G[0..3][s] (xx, xy, yx, yy) and (xy + yx) / 2 into G[4][s], G_s's xx and yy added to diag at
 * both ends' rows (2 n), and h^2 dF_i/dd (v_j - v_i) added to t at i's rows and taken from j's. The springs it
 * leaves (outside runs, or of a length outside sqrt's range) go to redo; returns their number. */
size_t net_blocks_assemble(const net_network *net, double h, const double *y, double *const G[5], double *diag,
                           double *t, uint32_t *redo);

/* The Jacobian of the accelerations, one 2x2 block at a time (net_integrate.c): for each spring, the blocks
 * d a_row / d p_col (velocity 0) and d a_row / d v_col (velocity 1) are scale * B, B row-major over the axes (x, y),
 * scale = +-1/m_row (0 for a pinned or held mass). Blocks for the same (row, col) arrive several times: the sink adds
 * them up. net_jacobian (dense, for msbdf) and the backward Euler step (sparse) are both built from it. */
typedef void (*net_block_sink)(void *ctx, size_t row, size_t col, int velocity, double scale, const double B[4]);
void net_jacobian_blocks(const net_network *net, const double *y, net_block_sink sink, void *ctx);
/* Hooke's law's blocks (net_integrate.c derives them) for a spring of direction u, 1 / length inv_l and relative
 * velocity dv: dF_i/dd = k (u u^T + (1 - L/l) P) + c (u dv^T P + (dv.u) P) / l, dF_i/d(dv) = c u u^T, P = I - u u^T,
 * 2x2 row-major. Inline and in scalars, so that the sparse assembly's loop over a run vectorizes (net_kernel.c). */
typedef struct {
    double p[4], v[4];  /* dF_i/dd, dF_i/d(dv) */
} net_hooke;

static inline net_hooke net_hooke_blocks(double k, double L, double c, double ux, double uy, double inv_l,
                                         double dvx, double dvy)
{
    const double pxx = 1.0 - ux * ux, pxy = -ux * uy, pyy = 1.0 - uy * uy;  /* P, symmetric */
    const double dvu = dvx * ux + dvy * uy, geo = 1.0 - L * inv_l;
    const double dvpx = dvx * pxx + dvy * pxy, dvpy = dvx * pxy + dvy * pyy;  /* dv^T P */
    return (net_hooke){
        .p = {k * (ux * ux + geo * pxx) + c * (ux * dvpx + dvu * pxx) * inv_l,
              k * (ux * uy + geo * pxy) + c * (ux * dvpy + dvu * pxy) * inv_l,
              k * (uy * ux + geo * pxy) + c * (uy * dvpx + dvu * pxy) * inv_l,
              k * (uy * uy + geo * pyy) + c * (uy * dvpy + dvu * pyy) * inv_l},
        .v = {c * ux * ux, c * ux * uy, c * uy * ux, c * uy * uy},
    };
}

/* Spring s's blocks at state y: dF_i/dd and dF_i/d(dv), 2x2 row-major, d = p_j - p_i, dv = v_j - v_i. */
void net_spring_jacobian(const net_network *net, size_t s, const double *y, double dfdd[4], double dfddv[4]);

/* Backward Euler's Newton systems by springs, solved by conjugate gradients (net_cg.c). net_cg_assemble sets
 * A = M - h dF/dv - h^2 dF/dp at state y (fixed masses' rows the identity) and, when first, adds the first
 * iterate's h^2 J_p v0 (v0: y's velocities) to b (2 n, in acceleration units: the Newton rows before their masses
 * multiply them).
 * net_cg_solve solves A x = M b from x's value to |D^-1 (M b - A x)| <= tol |D^-1 M b| (D: A's diagonal, fixed
 * rows' b taken as 0) or |b - M^-1 A x| <= abs_tol (the residual in b's units: 0 for none): 0, or -1 when CG broke
 * down or did not converge (x is then not a solution). */
typedef struct net_cg net_cg;
net_cg *net_cg_new(const net_network *net);
void net_cg_free(net_cg *cg);
void net_cg_assemble(net_cg *cg, double h, const double *y, bool first, double *b);
int net_cg_solve(net_cg *cg, const double *b, double *x, double tol, double abs_tol);
/* A's entries for the GMRES path: spring s's G (A_ii += G, A_ij -= G, ...) and A's diagonal at a row. */
void net_cg_entries(const net_cg *cg, size_t s, double G[4]);
double net_cg_diagonal(const net_cg *cg, size_t row);
/* The CG iterations since the last call. */
int net_cg_take_iterations(net_cg *cg);
/* The same systems by GSL's GMRES (net_gmres.c), assembled from net_cg's last assembly: the reference, and the
 * fallback where CG fails. net_gmres_new builds the pattern (NULL when out of memory); net_gmres_solve as
 * net_cg_solve (x: the first guess, then the solution; fixed masses' x exactly 0). */
typedef struct net_gmres net_gmres;
net_gmres *net_gmres_new(const net_network *net);
void net_gmres_free(net_gmres *g);
int net_gmres_solve(net_gmres *g, const net_cg *cg, const double *b, double *x, double tol);
/* GMRES's restart cycles since the last call. */
int net_gmres_take_iterations(net_gmres *g);

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
/* The linear solver of the Newton systems: conjugate gradients, GMRES where CG fails (the default); or GMRES
 * always (the solver before CG, kept for comparison: tests/bench_network.c measures both). */
typedef enum { NET_LINEAR_CG, NET_LINEAR_GMRES } net_linear_solver;
void net_implicit_use(net_implicit *im, net_linear_solver solver);
/* What the linear solves of the last step took: CG iterations, GMRES restart cycles (of up to 30 iterations
 * each), and the solves CG handed to GMRES. */
typedef struct {
    int cg_iterations, gmres_cycles, fallbacks;
} net_linear_stats;
net_linear_stats net_implicit_linear(const net_implicit *im);
/* The same through an integrator of backward-euler, backward-euler-1 or tr-bdf2 (false for another method). */
bool net_integrator_use_solver(net_integrator *it, net_linear_solver solver);
bool net_integrator_linear(const net_integrator *it, net_linear_stats *out);

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
