/* network: backward Euler's linear systems by GSL's restarted GMRES, the reference beside conjugate gradients
 * (net_cg.c) and their fallback where A is not positive definite.
 *
 * The matrix is 2n x 2n with a 2x2 block per spring end, so it is sparse (a cloth's row holds at most 18 entries):
 * a gsl_spmatrix in compressed columns, its pattern built at the first solve, and for every spring the positions
 * of its sixteen entries in it (so an assembly is one pass over the springs, without a search). GMRES needs no
 * symmetry. Each row is divided by its diagonal first (Jacobi preconditioning by hand: GSL's GMRES takes none).
 * Fixed masses' rows are the identity with a zero right-hand side, and their dv is set to 0 exactly afterwards
 * (GMRES stops at a tolerance). */
#include "net_internal.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_splinalg.h>
#include <gsl/gsl_spmatrix.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GMRES_KRYLOV 30     /* the restart length (memory: 30 vectors of 2n) */
#define GMRES_CYCLES 400    /* restarts before giving up */
#define GMRES_BREAKDOWN 1e3 /* ... or when a cycle's residual grew this much over the least before it */

struct net_gmres {
    const net_network *net;
    size_t rows;
    gsl_spmatrix *A;        /* compressed columns, the pattern of the network's springs */
    uint32_t *slot;         /* 16 a spring: the entries of its blocks (i, i), (i, j), (j, i), (j, j), row-major */
    uint32_t *diag_slot;    /* 2 n: the diagonal's entries */
    gsl_vector *b, *x;
    gsl_splinalg_itersolve *solver;
    int iterations;         /* GMRES cycles since net_gmres_take_iterations */
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

static uint32_t slot_of(gsl_spmatrix *A, size_t row, size_t col)
{
    return (uint32_t)(gsl_spmatrix_ptr(A, row, col) - A->data);
}

net_gmres *net_gmres_new(const net_network *net)
{
    gsl_set_error_handler_off();
    const size_t n = net->n_masses, rows = 2 * n;
    if (4 * n + 16 * net->n_springs >= UINT32_MAX)
        return NULL;
    net_gmres *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    *g = (net_gmres){.net = net, .rows = rows, .A = pattern(net),
                     .slot = malloc((16 * net->n_springs + 1) * sizeof *g->slot),
                     .diag_slot = malloc((rows + 1) * sizeof *g->diag_slot), .b = gsl_vector_alloc(rows),
                     .x = gsl_vector_alloc(rows),
                     .solver = gsl_splinalg_itersolve_alloc(gsl_splinalg_itersolve_gmres, rows,
                                                            rows < GMRES_KRYLOV ? rows : GMRES_KRYLOV)};
    if (!g->A || !g->slot || !g->diag_slot || !g->b || !g->x || !g->solver) {
        net_gmres_free(g);
        return NULL;
    }
    for (size_t r = 0; r < rows; r++)
        g->diag_slot[r] = slot_of(g->A, r, r);
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t ends[2] = {net->si[s], net->sj[s]};
        uint32_t *slot = g->slot + 16 * s;
        for (int a = 0; a < 2; a++)
            for (int c = 0; c < 2; c++)
                for (size_t e = 0; e < 4; e++)
                    *slot++ = slot_of(g->A, (e / 2) * n + ends[a], (e % 2) * n + ends[c]);
    }
    return g;
}

void net_gmres_free(net_gmres *g)
{
    if (!g)
        return;
    if (g->A)
        gsl_spmatrix_free(g->A);
    if (g->b)
        gsl_vector_free(g->b);
    if (g->x)
        gsl_vector_free(g->x);
    if (g->solver)
        gsl_splinalg_itersolve_free(g->solver);
    free(g->slot), free(g->diag_slot);
    free(g);
}

int net_gmres_take_iterations(net_gmres *g)
{
    const int it = g->iterations;
    g->iterations = 0;
    return it;
}

/* A (net_cg's, at its last assembly) into the compressed columns, each row divided by its diagonal, and the right-
 * hand side M b with it. */
static void assemble(net_gmres *g, const net_cg *cg, const double *b)
{
    const net_network *net = g->net;
    const size_t n = net->n_masses;
    double *data = g->A->data;
    memset(data, 0, g->A->nz * sizeof *data);
    for (size_t r = 0; r < g->rows; r++)
        data[g->diag_slot[r]] = net->mass[r % n];
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t ends[2] = {net->si[s], net->sj[s]};
        const uint32_t *slot = g->slot + 16 * s;
        double G[4];
        net_cg_entries(cg, s, G);
        for (int a = 0; a < 2; a++)
            for (int c = 0; c < 2; c++, slot += 4) {
                if (net->inv_mass[ends[a]] == 0.0 || net->inv_mass[ends[c]] == 0.0)
                    continue;  /* a fixed mass's row is the identity, and its column multiplies dv = 0 */
                const double sign = a == c ? 1.0 : -1.0;
                for (int e = 0; e < 4; e++)
                    data[slot[e]] += sign * G[e];
            }
    }
    for (size_t r = 0; r < g->rows; r++)
        if (net->inv_mass[r % n] == 0.0)
            data[g->diag_slot[r]] = 1.0;
    for (size_t k = 0; k < g->A->nz; k++)  /* compressed columns: entry k sits in row A->i[k] */
        data[k] /= net_cg_diagonal(cg, (size_t)g->A->i[k]);
    for (size_t r = 0; r < g->rows; r++) {
        const size_t i = r % n;
        g->b->data[r] = net->inv_mass[i] == 0.0 ? 0.0 : net->mass[i] * b[r] / net_cg_diagonal(cg, r);
    }
}

int net_gmres_solve(net_gmres *g, const net_cg *cg, const double *b, double *x, double tol)
{
    const net_network *net = g->net;
    const size_t n = net->n_masses;
    assemble(g, cg, b);
    if (gsl_blas_dnrm2(g->b) == 0.0) {
        memset(x, 0, g->rows * sizeof *x);  /* GMRES could not meet a relative tolerance of 0 */
        return 0;
    }
    memcpy(g->x->data, x, g->rows * sizeof *x);
    int rc = -1;
    double least = INFINITY;  /* the least residual after a cycle so far */
    for (int cycle = 0; cycle < GMRES_CYCLES && rc; cycle++) {
        g->iterations++;
        if (gsl_splinalg_itersolve_iterate(g->A, g->b, tol, g->x, g->solver) == GSL_SUCCESS) {
            rc = 0;
            break;
        }
        /* each cycle minimises the residual over its Krylov space, so in exact arithmetic it never grows: one that
         * grew a thousandfold is rounding taking over (a matrix of entries near 1e160, springs of length near 0),
         * and the remaining cycles would only grow it further */
        const double r = gsl_splinalg_itersolve_normr(g->solver);
        if (!(r <= GMRES_BREAKDOWN * least))
            break;
        least = fmin(least, r);
    }
    if (rc || !isfinite(gsl_blas_dnrm2(g->x)))
        return -1;
    memcpy(x, g->x->data, g->rows * sizeof *x);
    for (size_t i = 0; i < n; i++)
        if (net->inv_mass[i] == 0.0)
            x[i] = x[n + i] = 0.0;  /* exactly still, not to a tolerance */
    return 0;
}
