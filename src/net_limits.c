/* network: each method's largest stable step with the dampers, from the exact step matrices of the network
 * linearised about the state it runs at (its static equilibrium, net_modes.c).
 *
 * In mass-weighted coordinates the linearised network is z'' = -K z - C z' (K, C symmetric, net_modes.c), a first-
 * order system y' = A y with A = [[0, I], [-K, -C]]. One step of a method is y <- M(h) y with
 *     explicit Euler   M = I + hA
 *     semi-implicit    M = [[I - h^2 K, h (I - h C)], [-h K, I - h C]]   (v first, then x with the new v)
 *     RK4              M = R(hA), R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24
 *     gsl-rk4          M = R(hA/2)^2 (GSL's rk4 returns the result of two half steps)
 * and a run stays bounded while the spectral radius rho(M) < 1, or = 1 with distinct eigenvalues on the circle (a
 * Jordan block there, as semi-implicit at h w = 2 undamped, grows linearly). The limit is the first h where
 * rho(M) > 1 + tiny, found by a scan upwards and bisection back to it (ode_stability_edge), three ways:
 *
 * Where C is diagonal in K's eigenvectors (always when every spring is at rest length and c/k is the same for all:
 * C = (c/k) K, Rayleigh damping), M is block diagonal, one 2x2 block per mode with w^2 = K's eigenvalue and
 * 2 zeta w = C's: exactly the method table's step matrix of the mode (ode.h), w2 = w^2, g = 2 zeta w.
 *
 * Otherwise (a stretched spring's geometric stiffness at a sagged equilibrium is not proportional to its damper)
 * the modes are coupled, with the rigid motions left out (reduce_coupled):
 *   - a method that applies to any first-order system (explicit, rk4, gsl-rk4: ode_method_info.applies) has
 *     M = R(hA) for its stability function R, whose eigenvalues are R(h lambda) over A's eigenvalues lambda. So A's
 *     eigenvalues are taken once (gsl_eigen_nonsymm on the 2n x 2n matrix, balanced) and each pair lambda,
 *     conj(lambda) becomes the mode with the same roots (w2 = |lambda|^2, g = -2 Re lambda; a real lambda the mode
 *     with the double root lambda), whose 2x2 step matrix from the method table has the eigenvalues R(h lambda):
 *     exact for any C, at the cost of one eigenproblem;
 *   - semi-implicit Euler: an eigenvalue mu of M with eigenvector (x, v) has v = (mu - 1) x / (h mu) and
 *     [(mu - 1)^2 I + h (mu - 1) C + h^2 mu K] x = 0. With |x| = 1, c = x^H C x >= 0 and k = x^H K x, mu is a root
 *     of the real quadratic (mu - 1)^2 + h c (mu - 1) + h^2 k mu, whose roots multiply to 1 - h c: a non-real mu on
 *     the unit circle needs c = 0, i.e. C x = 0, an undamped eigenvector of K (its pair stays on the circle until
 *     h w = 2, mu = -1). So rho(M) first passes 1 at mu = -1 (mu = 1 needs K x = 0: a rigid motion), where
 *     4I - 2hC - h^2 K is singular: the limit is the first h at which that symmetric matrix stops being positive
 *     definite, and as it only decreases with h (its derivative -2C - 2hK <= 0), a bisection on its Cholesky
 *     factorisation between 4 / (c_max + sqrt(c_max^2 + 4 w_max^2)) (positive definite) and 2 / w_max (not) finds
 *     it exactly, at the cost of n x n factorisations;
 *   - velocity Verlet: its dampers at the predicted velocity make M a polynomial in both K and C, with no such
 *     bound on where a pair leaves the circle; but at mu = -1 the products cancel: with D = hC/2, E = h^2 K/2 its
 *     eigen-equations (I + D)(2I - E) x + (I - D)(2I - 4D - E) x = 0 reduce to 4I - 2hC + h^2 (C^2 - K) singular.
 *     The first h at which that stops being positive definite (scanned in steps of 2%, bisected) is the limit when
 *     the 2n x 2n step matrix just below it has rho <= 1 (gsl_eigen_nonsymm: no pair left elsewhere first);
 *     otherwise rho itself is scanned and bisected. Up to NET_VERLET_MAX_DOF coordinates (NAN beyond).
 * Explicit Euler's edge over the modes, of either kind, is in closed form (explicit_limit: it can be far below
 * 1 / w_max, where the 2x2 matrices' rounding hides it).
 * tests/test_network_limits.c checks these against A's eigenvalues from net_jacobian, the real integrators' steps
 * linearised by differences, and long runs of the nonlinear network at its equilibrium.
 *
 * Closed forms the tests check these against (tests/test_network_lab_claims.c): per mode, explicit Euler is stable
 * while |1 + h lambda| <= 1 for both roots lambda = w (-zeta +- i sqrt(1 - zeta^2)), i.e. h w <= 2 zeta (under-damped),
 * 0 when undamped; semi-implicit while h w <= 2 (sqrt(1 + zeta^2) - zeta) (the Jury condition 1 + tr M + det M >= 0,
 * with tr M = 2 - h^2 w^2 - 2 zeta w h and det M = 1 - 2 zeta w h: 4 - (h w)^2 - 4 zeta (h w) >= 0). */
#include "net_internal.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_linalg.h>
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
    /* the modes modal_stable tests, w2[i], g[i] (g = 2 zeta w): the normal modes when the damping is modal; when it
     * couples them, the modes with the roots of A's eigenvalues (pseudo_modes), for the methods with M = R(hA) */
    size_t count;
    double *w2, *g;
    /* coupled: K and C in K's eigenvectors with the rigid motions left out (owned), the work space of the step
     * matrices (Verlet's, 2n x 2n) and of semi-implicit's 4I - 2hC - h^2 K (B, n x n) */
    gsl_matrix *K, *C;
    gsl_matrix *M, *T, *B, *C2;
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

/* The largest |eigenvalue| of M (destroyed); +inf when the eigensolver fails. */
static double spectral_radius(limit_work *lw, gsl_matrix *M)
{
    if (gsl_eigen_nonsymm(M, lw->eval, lw->ws) != GSL_SUCCESS)
        return INFINITY;
    double rho = 0.0;
    for (size_t q = 0; q < lw->eval->size; q++)
        rho = fmax(rho, gsl_complex_abs(gsl_vector_complex_get(lw->eval, q)));
    return rho;
}

/* Semi-implicit Euler's coupled test (the header): 4I - 2hC - h^2 K positive definite; with verlet, Verlet's
 * 4I - 2hC + h^2 (C^2 - K) (lw->C2 = C^2). */
static bool minus_one_definite(limit_work *lw, double h, bool verlet)
{
    const size_t n = lw->K->size1;
    for (size_t r = 0; r < n; r++)
        for (size_t c = 0; c < n; c++)
            gsl_matrix_set(lw->B, r, c, 4.0 * (r == c) - 2.0 * h * gsl_matrix_get(lw->C, r, c) -
                                            h * h * (gsl_matrix_get(lw->K, r, c) -
                                                     (verlet ? gsl_matrix_get(lw->C2, r, c) : 0.0)));
    return gsl_linalg_cholesky_decomp1(lw->B) == GSL_SUCCESS;
}

typedef enum {
    TEST_MODES,        /* modal_stable on lw's modes (the normal modes, or A's roots) */
    TEST_SEMI,         /* minus_one_definite: semi-implicit's */
    TEST_VERLET_MINUS_ONE,  /* minus_one_definite: Verlet's */
    TEST_STEP_MATRIX,  /* rho of Verlet's 2n x 2n step matrix */
} stability_test;

typedef struct {
    limit_work *lw;
    net_method method;
    stability_test test;
} limit_ray;

static bool stable_at(void *ctx, double h)
{
    const limit_ray *ray = ctx;
    switch (ray->test) {
    case TEST_MODES:
        return modal_stable(ray->lw, ray->method, h);
    case TEST_SEMI:
    case TEST_VERLET_MINUS_ONE:
        return minus_one_definite(ray->lw, h, ray->test == TEST_VERLET_MINUS_ONE);
    default:
        verlet_step_matrix(ray->lw, h, ray->lw->M, ray->lw->T);
        return spectral_radius(ray->lw, ray->lw->M) <= 1.0 + COUPLED_TINY;
    }
}

/* --- which damping ---------------------------------------------------------------------------------------------- */

/* C = alpha K exactly: every spring at its rest length in state y (no geometric stiffness) with the same c/k. */
static bool rayleigh(const net_network *net, const double *y, double *alpha)
{
    const size_t n = net->n_masses;
    *alpha = net->n_springs ? net->damp[0] / net->k[0] : 0.0;
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double l = hypot(y[j] - y[i], y[n + j] - y[n + i]);
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

/* The modes with the roots of A's eigenvalues (the header), for modal_stable: A = [[0, I], [-K, -C]] of the
 * reduced system, balanced (its blocks differ by w_max^2). An eigenvalue under RIGID_TINY of the largest is a
 * rigid motion's rounding: 0. */
static int pseudo_modes(limit_work *lw)
{
    const size_t n = lw->K->size1;
    gsl_matrix *A = gsl_matrix_calloc(2 * n, 2 * n);
    gsl_vector_complex *eval = gsl_vector_complex_alloc(2 * n);
    gsl_eigen_nonsymm_workspace *ws = gsl_eigen_nonsymm_alloc(2 * n);
    free(lw->w2), free(lw->g);
    lw->w2 = malloc(2 * n * sizeof *lw->w2), lw->g = malloc(2 * n * sizeof *lw->g);
    lw->count = 0;
    int rc = NET_ERR_MEMORY;
    if (A && eval && ws && lw->w2 && lw->g) {
        for (size_t r = 0; r < n; r++) {
            gsl_matrix_set(A, r, n + r, 1.0);
            for (size_t c = 0; c < n; c++) {
                gsl_matrix_set(A, n + r, c, -gsl_matrix_get(lw->K, r, c));
                gsl_matrix_set(A, n + r, n + c, -gsl_matrix_get(lw->C, r, c));
            }
        }
        gsl_eigen_nonsymm_params(0, 1, ws);
        rc = gsl_eigen_nonsymm(A, eval, ws) == GSL_SUCCESS ? NET_OK : NET_ERR_INPUT;
        double top = 0.0;
        for (size_t q = 0; rc == NET_OK && q < 2 * n; q++)
            top = fmax(top, gsl_complex_abs(gsl_vector_complex_get(eval, q)));
        for (size_t q = 0; rc == NET_OK && q < 2 * n; q++) {
            const gsl_complex z = gsl_vector_complex_get(eval, q);
            const double re = gsl_complex_abs(z) <= RIGID_TINY * top ? 0.0 : GSL_REAL(z), im = GSL_IMAG(z);
            if (im < 0.0)
                continue;  /* its conjugate's mode has it */
            lw->w2[lw->count] = im > 0.0 ? re * re + im * im : re * re;
            lw->g[lw->count++] = -2.0 * re;
        }
    }
    gsl_matrix_free(A), gsl_vector_complex_free(eval);
    if (ws)
        gsl_eigen_nonsymm_free(ws);
    return rc;
}

static int coupled_alloc(limit_work *lw, size_t n, bool with_verlet)
{
    lw->B = gsl_matrix_alloc(n, n);
    if (!lw->B)
        return NET_ERR_MEMORY;
    if (!with_verlet)
        return NET_OK;
    lw->C2 = gsl_matrix_alloc(n, n);
    if (!lw->C2)
        return NET_ERR_MEMORY;
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, lw->C, lw->C, 0.0, lw->C2);
    lw->M = gsl_matrix_alloc(2 * n, 2 * n), lw->T = gsl_matrix_alloc(2 * n, 2 * n);
    lw->eval = gsl_vector_complex_alloc(2 * n);
    lw->ws = gsl_eigen_nonsymm_alloc(2 * n);
    if (lw->ws)
        gsl_eigen_nonsymm_params(0, 1, lw->ws);  /* balanced: the step matrix's blocks differ by h w_max^2 */
    return lw->M && lw->T && lw->eval && lw->ws ? NET_OK : NET_ERR_MEMORY;
}

static void work_free(limit_work *lw)
{
    free(lw->w2), free(lw->g);
    gsl_matrix_free(lw->K), gsl_matrix_free(lw->C);
    gsl_matrix_free(lw->M), gsl_matrix_free(lw->T), gsl_matrix_free(lw->B), gsl_matrix_free(lw->C2);
    gsl_vector_complex_free(lw->eval);
    if (lw->ws)
        gsl_eigen_nonsymm_free(lw->ws);
}

/* Semi-implicit Euler's coupled limit (the header): the first h where 4I - 2hC - h^2 K is not positive definite,
 * bisected to 1e-12 between 4 / (c_max + sqrt(c_max^2 + 4 w2_max)) (c_max: C's largest row sum, at least its
 * largest eigenvalue), below which it is, and 2 / w_max, where it is not. */
static double semi_coupled_limit(limit_work *lw)
{
    const size_t n = lw->K->size1;
    double w2_max = 0.0, c_max = 0.0;
    for (size_t r = 0; r < n; r++) {
        double row = 0.0;
        for (size_t c = 0; c < n; c++)
            row += fabs(gsl_matrix_get(lw->C, r, c));
        c_max = fmax(c_max, row), w2_max = fmax(w2_max, gsl_matrix_get(lw->K, r, r));
    }
    if (!(w2_max > 0.0))
        return INFINITY;  /* only damped motions without stiffness: mu = 1 - h c in [-1, 1] until h c = 2 */
    const double lo = 0.999 * 4.0 / (c_max + sqrt(c_max * c_max + 4.0 * w2_max)), hi = 2.0 / sqrt(w2_max);
    return ode_stability_edge(stable_at, &(limit_ray){lw, NET_SEMI, TEST_SEMI}, lo, 1.0001 * hi / lo, 1e9, 1e-12);
}

/* Explicit Euler's limit over lw's modes: |1 + h lambda|^2 = 1 - h g + h^2 w2 <= 1 for both roots while
 * h <= g / w2 (a real root pair's mode w2 = lambda^2, g = -2 lambda gives -2 / lambda: the same), 2 / g for a mode
 * without stiffness, 0 for an undamped one. In closed form because that edge, 2 zeta / w, can be microseconds
 * where h w is tiny (a hanging chain's swinging modes barely stretch the springs, and their dampers barely act),
 * and there 1 - det M, of the order (h w)^2, is lost in the rounding of the 2x2 step matrix's entries. */
static double explicit_limit(const limit_work *lw)
{
    double h = INFINITY;
    for (size_t i = 0; i < lw->count; i++)
        h = fmin(h, lw->w2[i] > 0.0 ? (lw->g[i] > 0.0 ? lw->g[i] / lw->w2[i] : 0.0)
                                    : (lw->g[i] > 0.0 ? 2.0 / lw->g[i] : INFINITY));
    return h;
}

/* Velocity Verlet's coupled limit (the header): where it passes mu = -1, the first h at which
 * 4I - 2hC + h^2 (C^2 - K) stops being positive definite (scanned up in steps of 2%, bisected to 1e-12), when its
 * step matrix just below it has rho <= 1 (no pair left the unit circle elsewhere first); otherwise the scan and
 * bisection of rho itself (to 1e-9). */
static double verlet_coupled_limit(limit_work *lw, double rate)
{
    const double at_minus_one = ode_stability_edge(stable_at, &(limit_ray){lw, NET_VERLET, TEST_VERLET_MINUS_ONE},
                                                   1e-3 / rate, 1.02, 1e9, 1e-12);
    if (isfinite(at_minus_one) && stable_at(&(limit_ray){lw, NET_VERLET, TEST_STEP_MATRIX}, at_minus_one * (1 - 1e-9)))
        return at_minus_one;
    return ode_stability_edge(stable_at, &(limit_ray){lw, NET_VERLET, TEST_STEP_MATRIX}, 1e-3 / rate, 1.25, 1e9, 1e-9);
}

/* The coupled limit of `method`: by A's roots, semi-implicit's matrix or Verlet's step matrix (the header); NAN for
 * a method none of these covers, and for Verlet past NET_VERLET_MAX_DOF. */
static double coupled_limit(limit_work *lw, net_method method, double rate)
{
    if (method == NET_EXPLICIT)
        return lw->count ? explicit_limit(lw) : NAN;
    if (net_method_about(method)->applies & ODE_APPLIES_FIRST_ORDER)  /* M = R(hA) */
        return lw->count ? ode_stability_edge(stable_at, &(limit_ray){lw, method, TEST_MODES}, 1e-6 / rate, 1.01,
                                              1e9, 1e-12)
                         : NAN;
    if (method == NET_SEMI)
        return semi_coupled_limit(lw);
    if (method == NET_VERLET && lw->M)
        return verlet_coupled_limit(lw, rate);
    return NAN;
}

int net_limits_compute(const net_network *net, const double *y, const gsl_matrix *K, const gsl_matrix *C,
                       net_modes *out)
{
    const size_t n = K->size1;
    limit_work lw = {.w2 = malloc(n * sizeof *lw.w2), .g = malloc(n * sizeof *lw.g)};
    int rc = lw.w2 && lw.g ? NET_OK : NET_ERR_MEMORY;
    double alpha = 0.0, cmax = 0.0;
    bool modal = true;
    for (size_t s = 0; s < net->n_springs; s++)
        cmax = fmax(cmax, net->damp[s]);
    if (rc == NET_OK && rayleigh(net, y, &alpha)) {
        for (size_t q = 0; q < n; q++)
            lw.w2[q] = out->omega2[q], lw.g[q] = alpha * fmax(out->omega2[q], 0.0);
    } else if (rc == NET_OK) {
        rc = modal_damping(K, C, lw.w2, lw.g, &modal, &lw);
    }
    out->damping = cmax == 0.0 ? NET_DAMPING_NONE : modal ? NET_DAMPING_MODAL
                 : n <= NET_COUPLED_MAX_DOF ? NET_DAMPING_COUPLED : NET_DAMPING_UNKNOWN;
    out->zeta_top = NAN;
    if (modal && rc == NET_OK && n > 0) {
        size_t top = 0;  /* the stiffest mode (the last of equals) */
        for (size_t q = 0; q < n; q++)
            top = lw.w2[q] >= lw.w2[top] ? q : top;
        if (lw.w2[top] > 0.0)
            out->zeta_top = lw.g[top] / (2.0 * sqrt(lw.w2[top]));
    }
    lw.count = modal ? n : 0;
    if (rc == NET_OK && out->damping == NET_DAMPING_COUPLED && lw.K) {
        rc = coupled_alloc(&lw, lw.K->size1, lw.K->size1 <= NET_VERLET_MAX_DOF);
        if (rc == NET_OK)
            rc = pseudo_modes(&lw);
    }
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
        else if (!net_method_about((net_method)m)->mode_matrix)
            out->limit[m] = NAN;  /* xpbd, pbd: Gauss-Seidel's sweeps couple the modes; no step matrix a mode */
        else if (net_method_about((net_method)m)->implicit)  /* on the linear network */
            /* z'' = -K z - C z' with K and C positive semidefinite loses energy (dE/dt = -z'^T C z' <= 0), so every
             * eigenvalue of A has Re lambda <= 0 and |1 / (1 - h lambda)| <= 1 for every h (the midpoint rule's
             * |(1 + h lambda/2) / (1 - h lambda/2)| <= 1 too): no limit. A negative
             * omega^2 (a pre-stressed file) is a growing motion no step cures. */
            out->limit[m] = out->omega2[0] >= 0.0 ? INFINITY : 0.0;
        else if (!modal && !lw.K)
            out->limit[m] = INFINITY;  /* every mode a rigid motion: nothing to destabilise */
        else if (out->omega2[0] < 0.0)
            out->limit[m] = 0.0;  /* an unstable state (a negative stiffness): every step grows */
        else if (!modal)
            out->limit[m] = coupled_limit(&lw, (net_method)m, rate);
        else if (m == NET_EXPLICIT)
            out->limit[m] = explicit_limit(&lw);  /* 0 with an undamped mode: |1 +- i h w| > 1 for every h */
        else
            out->limit[m] = ode_stability_edge(stable_at, &(limit_ray){&lw, (net_method)m, TEST_MODES}, 1e-6 / rate,
                                               1.01, 1e9, 1e-12);
    }
    work_free(&lw);
    return rc == NET_ERR_INPUT ? NET_OK : rc;
}
