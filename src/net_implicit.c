/* network: backward (implicit) Euler, one linear solve a step.
 *
 * Backward Euler takes y1 = y0 + h f(y1). Linearising the accelerations about the step's start (one Newton step,
 * as Baraff and Witkin, "Large steps in cloth simulation", SIGGRAPH 1998), with J_p = da/dp and J_v = da/dv the
 * lower blocks of the Jacobian net_jacobian also gives GSL's msbdf (built here from the same per-spring blocks,
 * net_jacobian_blocks), and dv = v1 - v0:
 *     dv = h (a0 + J_p (p1 - p0) + J_v dv),  p1 - p0 = h (v0 + dv)
 *  => (I - h J_v - h^2 J_p) dv = h (a0 + h J_p v0),  then v1 = v0 + dv, p1 = p0 + h v1.
 * For a linear network (small motion about rest) this is backward Euler exactly: each mode's step matrix is
 * (I - hA)^{-1}, whose eigenvalues 1 / (1 - h lambda) lie inside the unit circle for every h > 0 when Re lambda
 * <= 0, i.e. for any stiffness and damping: unconditionally stable, and it damps what it cannot resolve.
 *
 * The matrix is 2n x 2n with a 2x2 block per spring end, so it is sparse (a cloth's row holds at most 18 entries):
 * a gsl_spmatrix in compressed columns, its pattern fixed at creation, solved by GSL's restarted GMRES (the matrix
 * is not symmetric: the damper's blocks are not, and rows are scaled by 1/m), warm-started from the last step's dv.
 * Each row is divided by its diagonal first (Jacobi preconditioning by hand: GSL's GMRES takes none). Pinned and
 * held masses have 1/m = 0: their rows are the identity with a zero right-hand side, and their dv is set to 0
 * exactly afterwards (GMRES stops at a tolerance). */
#include "net_private.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_splinalg.h>
#include <gsl/gsl_spmatrix.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GMRES_TOL 1e-10     /* |A dv - b| <= GMRES_TOL |b| */
#define GMRES_KRYLOV 30     /* the restart length (memory: 30 vectors of 2n) */
#define GMRES_CYCLES 400    /* restarts before giving up */

struct net_implicit {
    net_network *net;
    size_t rows;            /* 2 n: dv, x components first (the state's layout) */
    gsl_spmatrix *A;        /* compressed columns, the pattern of the network's springs */
    gsl_vector *b, *dv;     /* dv: the solution, and the next step's first guess */
    double *a;              /* 4 n: the rhs (accelerations in the second half) */
    double *diag;           /* 2 n: 1 / A's diagonal */
    gsl_splinalg_itersolve *gmres;
};

/* The entries (row, col) of the rows of masses `row` and the columns of mass `col`, both axes. */
static int mark(gsl_spmatrix *T, size_t n, size_t row, size_t col)
{
    for (size_t r = 0; r < 2; r++)
        for (size_t c = 0; c < 2; c++)
            if (gsl_spmatrix_set(T, r * n + row, c * n + col, 1.0))
                return -1;
    return 0;
}

static gsl_spmatrix *pattern(const net_network *net)
{
    const size_t n = net->n_masses;
    gsl_spmatrix *T = gsl_spmatrix_alloc_nzmax(2 * n, 2 * n, 4 * n + 16 * net->n_springs, GSL_SPMATRIX_COO);
    if (!T)
        return NULL;
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        rc = mark(T, n, i, i);
    for (size_t s = 0; s < net->n_springs && !rc; s++)
        rc = mark(T, n, net->si[s], net->sj[s]) || mark(T, n, net->sj[s], net->si[s]);
    gsl_spmatrix *A = rc ? NULL : gsl_spmatrix_compress(T, GSL_SPMATRIX_CSC);
    gsl_spmatrix_free(T);
    return A;
}

net_implicit *net_implicit_new(net_network *net)
{
    gsl_set_error_handler_off();
    net_implicit *im = calloc(1, sizeof *im);
    if (!im)
        return NULL;
    const size_t rows = 2 * net->n_masses;
    *im = (net_implicit){.net = net, .rows = rows, .A = pattern(net), .b = gsl_vector_alloc(rows),
                         .dv = gsl_vector_calloc(rows), .a = malloc(2 * rows * sizeof *im->a),
                         .diag = malloc(rows * sizeof *im->diag),
                         .gmres = gsl_splinalg_itersolve_alloc(gsl_splinalg_itersolve_gmres, rows,
                                                               rows < GMRES_KRYLOV ? rows : GMRES_KRYLOV)};
    if (!im->A || !im->b || !im->dv || !im->a || !im->diag || !im->gmres) {
        net_implicit_free(im);
        return NULL;
    }
    return im;
}

void net_implicit_free(net_implicit *im)
{
    if (!im)
        return;
    if (im->A)
        gsl_spmatrix_free(im->A);
    if (im->b)
        gsl_vector_free(im->b);
    if (im->dv)
        gsl_vector_free(im->dv);
    if (im->gmres)
        gsl_splinalg_itersolve_free(im->gmres);
    free(im->a);
    free(im->diag);
    free(im);
}

void net_implicit_reset(net_implicit *im)
{
    gsl_vector_set_zero(im->dv);
}

typedef struct {
    net_implicit *im;
    double h;
    const double *v;  /* the velocities at the step's start */
} assembly;

/* A -= h J_v (velocity blocks) or h^2 J_p (position blocks); b += h^2 J_p v0. */
static void add_block(void *ctx, size_t row, size_t col, int velocity, double scale, const double B[4])
{
    const assembly *as = ctx;
    if (scale == 0.0)
        return;  /* a pinned or held mass's row stays the identity */
    const size_t n = as->im->net->n_masses;
    const double w = (velocity ? as->h : as->h * as->h) * scale;
    for (size_t r = 0; r < 2; r++)
        for (size_t c = 0; c < 2; c++) {
            *gsl_spmatrix_ptr(as->im->A, r * n + row, c * n + col) -= w * B[2 * r + c];
            if (!velocity)
                *gsl_vector_ptr(as->im->b, r * n + row) += w * B[2 * r + c] * as->v[c * n + col];
        }
}

/* Divides each row of A and b by A's diagonal (1 + O(h^2 k / m) for a free mass, 1 for a fixed one). */
static void scale_rows(net_implicit *im)
{
    gsl_spmatrix *A = im->A;
    for (size_t r = 0; r < im->rows; r++)
        im->diag[r] = 1.0 / *gsl_spmatrix_ptr(A, r, r);
    for (size_t k = 0; k < A->nz; k++)  /* compressed columns: entry k sits in row A->i[k] */
        A->data[k] *= im->diag[A->i[k]];
    for (size_t r = 0; r < im->rows; r++)
        im->b->data[r] *= im->diag[r];
}

int net_implicit_step(net_implicit *im, double h, double *y)
{
    net_network *net = im->net;
    const size_t n = net->n_masses, rows = im->rows;
    net_rhs(0.0, y, im->a, net);
    memset(im->A->data, 0, im->A->nz * sizeof *im->A->data);
    for (size_t r = 0; r < rows; r++) {
        *gsl_spmatrix_ptr(im->A, r, r) = 1.0;
        gsl_vector_set(im->b, r, h * im->a[rows + r]);  /* h a0 */
    }
    net_jacobian_blocks(net, y, add_block, &(assembly){im, h, y + rows});
    scale_rows(im);
    int rc = 0;
    if (gsl_blas_dnrm2(im->b) == 0.0) {
        gsl_vector_set_zero(im->dv);  /* at rest in equilibrium: GMRES could not meet a relative tolerance of 0 */
    } else {
        rc = -1;
        for (int cycle = 0; cycle < GMRES_CYCLES && rc; cycle++)
            if (gsl_splinalg_itersolve_iterate(im->A, im->b, GMRES_TOL, im->dv, im->gmres) == GSL_SUCCESS)
                rc = 0;
    }
    if (rc || !isfinite(gsl_blas_dnrm2(im->dv))) {
        gsl_vector_set_zero(im->dv);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (net->inv_mass[i] == 0.0)
            im->dv->data[i] = im->dv->data[n + i] = 0.0;  /* exactly still, not to a tolerance */
    for (size_t q = 0; q < rows; q++) {
        y[rows + q] += im->dv->data[q];
        y[q] += h * y[rows + q];
    }
    return 0;
}
