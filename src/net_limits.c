/* network: each method's largest stable step with the dampers, from the exact step matrices of the network
 * linearised about rest.
 *
 * In mass-weighted coordinates the linearised network is z'' = -K z - C z' (K, C symmetric, net_modes.c), a first-
 * order system y' = A y with A = [[0, I], [-K, -C]]. One step of a method is y <- M(h) y with
 *     explicit Euler   M = I + hA
 *     semi-implicit    M = [[I - h^2 K, h (I - h C)], [-h K, I - h C]]   (v first, then x with the new v)
 *     RK4              M = R(hA), R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24
 *     gsl-rk4          M = R(hA/2)^2 (GSL's rk4 returns the result of two half steps)
 * and a run stays bounded while the spectral radius rho(M) < 1, or = 1 with distinct eigenvalues on the circle (a
 * Jordan block there, as semi-implicit at h w = 2 undamped, grows linearly). The limit is found by scanning h upwards
 * for the first step where rho(M) > 1 + tiny and bisecting back to it (ode_stability_edge).
 *
 * Where C is diagonal in K's eigenvectors (always when every spring is at rest length and c/k is the same for all:
 * C = (c/k) K, Rayleigh damping), M is block diagonal, one 2x2 block per mode with w^2 = K's eigenvalue and
 * 2 zeta w = C's: exactly the method table's step matrix of the mode (ode.h), w2 = w^2, g = 2 zeta w. Otherwise the
 * step matrix of all the modes but the rigid motions (reduce_coupled) is built and its eigenvalues taken by GSL
 * (gsl_eigen_nonsymm), up to NET_COUPLED_MAX_DOF coordinates (tests/test_network_limits.c checks its limits against
 * A's eigenvalues).
 *
 * Closed forms the tests check these against (tests/test_network_lab_claims.c): per mode, explicit Euler is stable while
 * |1 + h lambda| <= 1 for both roots lambda = w (-zeta +- i sqrt(1 - zeta^2)), i.e. h w <= 2 zeta (under-damped),
 * 0 when undamped; semi-implicit while h w <= 2 (sqrt(1 + zeta^2) - zeta) (the Jury condition 1 + tr M + det M >= 0,
 * with tr M = 2 - h^2 w^2 - 2 zeta w h and det M = 1 - 2 zeta w h: 4 - (h w)^2 - 4 zeta (h w) >= 0). */
#include "net_internal.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <math.h>
#include <stdlib.h>

#define MODAL_TINY 1e-12    /* the slack of the 2x2 blocks' Jury conditions (their entries are accurate to rounding) */
#define COUPLED_TINY 1e-12  /* for the 2n x 2n matrix without rigid motions: its rounding (a few ulp of rho) */
#define RIGID_TINY 1e-9     /* a mode whose w2 and damping are this small against the largest is a rigid motion */

const char *net_damping_name(net_damping d)
{
    static const char *const names[] = {"undamped", "modal", "coupled", "unknown"};
    return d <= NET_DAMPING_UNKNOWN ? names[d] : "?";
}

/* --- one step's spectral radius ----------------------------------------------------------------------------- */

typedef struct {
    /* modal: w2[i], g[i] (g = 2 zeta w) of each mode */
    size_t count;
    double *w2, *g;
    /* coupled: K and C in K's eigenvectors with the rigid motions left out (owned), the work space of the step
     * matrix */
    gsl_matrix *K, *C;
    gsl_matrix *M, *T, *U;
    gsl_vector_complex *eval;
    gsl_eigen_nonsymm_workspace *ws;
} limit_work;

/* The 2x2 step matrix (row-major, acting on (x, v)) of one mode x'' = -w2 x - g x' under `method`: the method
 * table's (ode.h). */
static void mode_matrix(net_method method, double w2, double g, double h, double M[4])
{
    net_method_about(method)->mode_matrix(w2, g, h, M);
}

/* All modes' 2x2 step matrices have both eigenvalues in the closed unit disc, by the Jury conditions |det M| <= 1
 * and |tr M| <= 1 + det M (to MODAL_TINY). Not by rho(M) from the quadratic formula: at h w ~ 1e-8 its
 * discriminant (tr/2)^2 - det is a difference of two numbers near 1 and its rounding makes rho look 1 + 1e-8. */
static bool modal_stable(const limit_work *lw, net_method method, double h)
{
    for (size_t i = 0; i < lw->count; i++) {
        double M[4];
        mode_matrix(method, lw->w2[i], lw->g[i], h, M);
        const double det = M[0] * M[3] - M[1] * M[2], tr = M[0] + M[3];
        if (!(fabs(det) <= 1.0 + MODAL_TINY && fabs(tr) <= 1.0 + det + MODAL_TINY))
            return false;
    }
    return true;
}

/* M = I + hA / j * M (Horner's step), with the half blocks of A = [[0, I], [-K, -C]]; T is work space. */
static void horner_step(const limit_work *lw, double hj, gsl_matrix *M, gsl_matrix *T)
{
    const size_t n = lw->K->size1;
    gsl_matrix_view Mt = gsl_matrix_submatrix(M, 0, 0, n, 2 * n), Mb = gsl_matrix_submatrix(M, n, 0, n, 2 * n);
    gsl_matrix_view Tt = gsl_matrix_submatrix(T, 0, 0, n, 2 * n), Tb = gsl_matrix_submatrix(T, n, 0, n, 2 * n);
    gsl_matrix_memcpy(&Tt.matrix, &Mb.matrix);                       /* top rows of A M: the bottom rows of M */
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, -1.0, lw->K, &Mt.matrix, 0.0, &Tb.matrix);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, -1.0, lw->C, &Mb.matrix, 1.0, &Tb.matrix);
    gsl_matrix_scale(T, hj);
    gsl_matrix_memcpy(M, T);
    for (size_t q = 0; q < 2 * n; q++)
        *gsl_matrix_ptr(M, q, q) += 1.0;
}

/* Velocity Verlet's M, column by column from M = I = [X; V]: A0 = -K X - C V, X1 = X + h V + h^2/2 A0,
 * A1 = -K X1 - C (V + h A0), V1 = V + h/2 (A0 + A1). A0 in T's top rows, A1 in its bottom rows. */
static void verlet_step_matrix(const limit_work *lw, double h, gsl_matrix *M, gsl_matrix *T)
{
    const size_t n = lw->K->size1;
    gsl_matrix_view X = gsl_matrix_submatrix(M, 0, 0, n, 2 * n), V = gsl_matrix_submatrix(M, n, 0, n, 2 * n);
    gsl_matrix_view A0 = gsl_matrix_submatrix(T, 0, 0, n, 2 * n), A1 = gsl_matrix_submatrix(T, n, 0, n, 2 * n);
    gsl_matrix_set_identity(M);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, -1.0, lw->K, &X.matrix, 0.0, &A0.matrix);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, -1.0, lw->C, &V.matrix, 1.0, &A0.matrix);
    for (size_t r = 0; r < n; r++)
        for (size_t c = 0; c < 2 * n; c++)
            *gsl_matrix_ptr(M, r, c) += h * gsl_matrix_get(M, n + r, c) + 0.5 * h * h * gsl_matrix_get(T, r, c);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, -1.0, lw->K, &X.matrix, 0.0, &A1.matrix);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, -1.0, lw->C, &V.matrix, 1.0, &A1.matrix);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, -h, lw->C, &A0.matrix, 1.0, &A1.matrix);
    gsl_matrix_add(&A1.matrix, &A0.matrix);
    gsl_matrix_scale(&A1.matrix, 0.5 * h);
    gsl_matrix_add(&V.matrix, &A1.matrix);
}

/* The methods build_step_matrix writes out; another's coupled limit is unknown (NAN) until it is written here. */
static bool coupled_matrix_known(net_method method)
{
    return method == NET_EXPLICIT || method == NET_SEMI || method == NET_RK4 || method == NET_GSL_RK4 ||
           method == NET_VERLET;
}

static void build_step_matrix(const limit_work *lw, net_method method, double h, gsl_matrix *M)
{
    const size_t n = lw->K->size1;
    if (method == NET_VERLET) {
        verlet_step_matrix(lw, h, M, lw->T);
        return;
    }
    gsl_matrix_set_identity(M);
    if (method == NET_RK4 || method == NET_GSL_RK4) {
        const double hh = method == NET_RK4 ? h : h / 2.0;
        for (int j = 4; j >= 1; j--)
            horner_step(lw, hh / j, M, lw->T);
        if (method == NET_GSL_RK4) {
            gsl_matrix_memcpy(lw->T, M);
            gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, lw->T, lw->T, 0.0, M);
        }
        return;
    }
    /* explicit: [[I, hI], [-hK, I - hC]]; semi: its bottom rows first, then x' = x + h v' */
    for (size_t r = 0; r < n; r++) {
        gsl_matrix_set(M, r, n + r, h);
        for (size_t c = 0; c < n; c++) {
            gsl_matrix_set(M, n + r, c, -h * gsl_matrix_get(lw->K, r, c));
            gsl_matrix_set(M, n + r, n + c, (r == c) - h * gsl_matrix_get(lw->C, r, c));
        }
    }
    if (method == NET_SEMI)
        for (size_t r = 0; r < n; r++)
            for (size_t c = 0; c < 2 * n; c++)
                gsl_matrix_set(M, r, c, (r == c) + h * gsl_matrix_get(M, n + r, c));
}

static double coupled_radius(limit_work *lw, net_method method, double h)
{
    build_step_matrix(lw, method, h, lw->M);
    if (gsl_eigen_nonsymm(lw->M, lw->eval, lw->ws) != GSL_SUCCESS)
        return INFINITY;
    double rho = 0.0;
    for (size_t q = 0; q < lw->eval->size; q++)
        rho = fmax(rho, gsl_complex_abs(gsl_vector_complex_get(lw->eval, q)));
    return rho;
}

typedef struct {
    limit_work *lw;
    net_method method;
} limit_ray;

static bool stable_at(void *ctx, double h)
{
    const limit_ray *ray = ctx;
    return ray->lw->count ? modal_stable(ray->lw, ray->method, h)
                          : coupled_radius(ray->lw, ray->method, h) <= 1.0 + COUPLED_TINY;
}

/* --- which damping ---------------------------------------------------------------------------------------------- */

/* C = alpha K exactly: every spring at its rest length (no geometric stiffness) with the same c/k. */
static bool rayleigh(const net_network *net, double *alpha)
{
    *alpha = net->n_springs ? net->damp[0] / net->k[0] : 0.0;
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double l = hypot(net->rest_x[j] - net->rest_x[i], net->rest_y[j] - net->rest_y[i]);
        if (fabs(l - net->rest[s]) > 1e-12 * l || fabs(net->damp[s] / net->k[s] - *alpha) > 1e-12 * *alpha)
            return false;
    }
    return true;
}

/* The coupled system in K's eigenvectors Q: diag(w2) and Q^T C Q, without the rigid motions (a mode with w2 = 0 that
 * no damper touches: its column of Q^T C Q is 0). A rigid motion is a Jordan block of every step matrix at the
 * eigenvalue 1 (its position grows linearly with its velocity), which an eigensolver perturbs by ~sqrt(eps) and
 * which would force a slack on rho(M) <= 1 that moves the limit by slack / (2 zeta^2) for a lightly damped mode; it
 * takes no part in the stability of the others (K v = C v = 0 for it, so the other modes never excite it). */
static int reduce_coupled(const gsl_vector *ev, const gsl_matrix *QCQ, limit_work *lw)
{
    const size_t n = ev->size;
    double w2_max = 0.0, c_max = 0.0;
    for (size_t q = 0; q < n; q++) {
        w2_max = fmax(w2_max, fabs(gsl_vector_get(ev, q)));
        for (size_t r = 0; r < n; r++)
            c_max = fmax(c_max, fabs(gsl_matrix_get(QCQ, r, q)));
    }
    size_t keep[NET_COUPLED_MAX_DOF], kept = 0;
    for (size_t q = 0; q < n && n <= NET_COUPLED_MAX_DOF; q++) {
        double column = 0.0;
        for (size_t r = 0; r < n; r++)
            column = fmax(column, fabs(gsl_matrix_get(QCQ, r, q)));
        if (fabs(gsl_vector_get(ev, q)) > RIGID_TINY * w2_max || column > RIGID_TINY * c_max)
            keep[kept++] = q;
    }
    if (kept == 0 || n > NET_COUPLED_MAX_DOF)
        return NET_OK;  /* nothing moves (limit +inf), or too large: NET_DAMPING_UNKNOWN */
    lw->K = gsl_matrix_calloc(kept, kept), lw->C = gsl_matrix_alloc(kept, kept);
    if (!lw->K || !lw->C)
        return NET_ERR_MEMORY;
    for (size_t r = 0; r < kept; r++) {
        gsl_matrix_set(lw->K, r, r, gsl_vector_get(ev, keep[r]));
        for (size_t c = 0; c < kept; c++)
            gsl_matrix_set(lw->C, r, c, gsl_matrix_get(QCQ, keep[r], keep[c]));
    }
    return NET_OK;
}

/* g[i] = the diagonal of Q^T C Q (Q: K's eigenvectors, in the order of w2) when the rest of it is 0 to 1e-10;
 * otherwise the coupled system without its rigid motions in lw (reduce_coupled). */
static int modal_damping(const gsl_matrix *K, const gsl_matrix *C, double *w2, double *g, bool *modal,
                         limit_work *lw)
{
    const size_t n = K->size1;
    gsl_matrix *A = gsl_matrix_alloc(n, n), *Q = gsl_matrix_alloc(n, n), *CQ = gsl_matrix_alloc(n, n);
    gsl_vector *ev = gsl_vector_alloc(n);
    gsl_eigen_symmv_workspace *ws = gsl_eigen_symmv_alloc(n);
    int rc = NET_ERR_MEMORY;
    *modal = false;
    if (A && Q && CQ && ev && ws) {
        rc = NET_OK;
        gsl_matrix_memcpy(A, K);
        if (gsl_eigen_symmv(A, ev, Q, ws) == GSL_SUCCESS) {
            gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, C, Q, 0.0, CQ);
            gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, Q, CQ, 0.0, A);  /* A = Q^T C Q */
            double diag = 0.0, off = 0.0;
            for (size_t r = 0; r < n; r++)
                for (size_t c = 0; c < n; c++)
                    *(r == c ? &diag : &off) = fmax(r == c ? diag : off, fabs(gsl_matrix_get(A, r, c)));
            *modal = off <= 1e-10 * diag;
            for (size_t q = 0; q < n; q++)
                w2[q] = gsl_vector_get(ev, q), g[q] = gsl_matrix_get(A, q, q);
            if (!*modal)
                rc = reduce_coupled(ev, A, lw);
        }
    }
    gsl_matrix_free(A), gsl_matrix_free(Q), gsl_matrix_free(CQ), gsl_vector_free(ev);
    if (ws)
        gsl_eigen_symmv_free(ws);
    return rc;
}

static int coupled_alloc(limit_work *lw, size_t n)
{
    lw->M = gsl_matrix_alloc(2 * n, 2 * n), lw->T = gsl_matrix_alloc(2 * n, 2 * n);
    lw->eval = gsl_vector_complex_alloc(2 * n);
    lw->ws = gsl_eigen_nonsymm_alloc(2 * n);
    return lw->M && lw->T && lw->eval && lw->ws ? NET_OK : NET_ERR_MEMORY;
}

static void work_free(limit_work *lw)
{
    free(lw->w2), free(lw->g);
    gsl_matrix_free(lw->K), gsl_matrix_free(lw->C);
    gsl_matrix_free(lw->M), gsl_matrix_free(lw->T);
    gsl_vector_complex_free(lw->eval);
    if (lw->ws)
        gsl_eigen_nonsymm_free(lw->ws);
}

int net_limits_compute(const net_network *net, const gsl_matrix *K, const gsl_matrix *C, net_modes *out)
{
    const size_t n = K->size1;
    limit_work lw = {.w2 = malloc(n * sizeof *lw.w2), .g = malloc(n * sizeof *lw.g)};
    int rc = lw.w2 && lw.g ? NET_OK : NET_ERR_MEMORY;
    double alpha = 0.0, cmax = 0.0;
    bool modal = true;
    for (size_t s = 0; s < net->n_springs; s++)
        cmax = fmax(cmax, net->damp[s]);
    if (rc == NET_OK && rayleigh(net, &alpha)) {
        for (size_t q = 0; q < n; q++)
            lw.w2[q] = out->omega2[q], lw.g[q] = alpha * fmax(out->omega2[q], 0.0);
    } else if (rc == NET_OK) {
        rc = modal_damping(K, C, lw.w2, lw.g, &modal, &lw);
    }
    out->damping = cmax == 0.0 ? NET_DAMPING_NONE : modal ? NET_DAMPING_MODAL
                 : n <= NET_COUPLED_MAX_DOF ? NET_DAMPING_COUPLED : NET_DAMPING_UNKNOWN;
    out->zeta_top = NAN;
    bool undamped_mode = false;  /* a mode that oscillates without damping: explicit Euler grows at every h */
    if (modal && rc == NET_OK && n > 0) {
        size_t top = 0;  /* the stiffest mode (the last of equals) */
        for (size_t q = 0; q < n; q++) {
            top = lw.w2[q] >= lw.w2[top] ? q : top;
            undamped_mode |= lw.w2[q] > 0.0 && !(lw.g[q] > 0.0);
        }
        if (lw.w2[top] > 0.0)
            out->zeta_top = lw.g[top] / (2.0 * sqrt(lw.w2[top]));
    }
    if (rc == NET_OK && out->damping == NET_DAMPING_COUPLED && lw.K)
        rc = coupled_alloc(&lw, lw.K->size1);
    lw.count = modal ? n : 0;
    /* the time scale: 1 / (the fastest rate): omega_max plus C's spectral radius (bounded by its row sums) */
    double rate = out->omega_max;
    for (size_t r = 0, c; r < n; r++) {
        double row = 0.0;
        for (c = 0; c < n; c++)
            row += fabs(gsl_matrix_get(C, r, c));
        rate = fmax(rate, out->omega_max + row);
    }
    for (int m = 0; m < NET_METHOD_COUNT; m++) {
        if (!net_method_fixed_step((net_method)m) || !(rate > 0.0))
            out->limit[m] = INFINITY;
        else if (rc != NET_OK || out->damping == NET_DAMPING_UNKNOWN)
            out->limit[m] = NAN;
        else if (net_method_about((net_method)m)->implicit)  /* on the linear network */
            /* z'' = -K z - C z' with K and C positive semidefinite loses energy (dE/dt = -z'^T C z' <= 0), so every
             * eigenvalue of A has Re lambda <= 0 and |1 / (1 - h lambda)| <= 1 for every h (the midpoint rule's
             * |(1 + h lambda/2) / (1 - h lambda/2)| <= 1 too): no limit. A negative
             * omega^2 (a pre-stressed file) is a growing motion no step cures. */
            out->limit[m] = out->omega2[0] >= 0.0 ? INFINITY : 0.0;
        else if (!modal && !lw.K)
            out->limit[m] = INFINITY;  /* every mode a rigid motion: nothing to destabilise */
        else if (!modal && !coupled_matrix_known((net_method)m))
            out->limit[m] = NAN;
        else if (m == NET_EXPLICIT && undamped_mode)
            out->limit[m] = 0.0;  /* |1 +- i h w| > 1 for every h > 0 */
        else
            out->limit[m] = modal ? ode_stability_edge(stable_at, &(limit_ray){&lw, (net_method)m}, 1e-6 / rate, 1.01,
                                                       1e9, 1e-12)
                                  : ode_stability_edge(stable_at, &(limit_ray){&lw, (net_method)m}, 1e-3 / rate, 1.25,
                                                       1e9, 1e-9);
    }
    work_free(&lw);
    return rc;
}
