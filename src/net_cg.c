/* network: backward Euler's linear systems by springs, solved by the conjugate gradient method.
 *
 * The Newton matrix of a backward Euler step, its rows multiplied by the masses, is
 *     A = M - h dF/dv - h^2 dF/dp,
 * and a spring s between masses i and j adds G_s = h dF_i/d(dv) + h^2 dF_i/dd (net_spring_jacobian) to the blocks
 * (i, i) and (j, j) and -G_s to (i, j) and (j, i). So A never needs to be stored as a matrix: with w = x_i - x_j,
 *     (A x)_i = m_i x_i + sum over i's springs of +-G_s w,
 * one pass over the spring list, whose order is the pattern (nothing to build, search or index per step).
 * Fixed masses (pinned or held: 1/m = 0) have dv = 0: their rows are the identity and their columns are dropped
 * (they multiply a zero), which keeps A symmetric where G_s is.
 *
 * G_s is symmetric for Hooke's law, k (u u^T + (1 - L/l) P), and for the damper's c u u^T and its (dv.u) P / l
 * term, but not for the damper's u dv^T P / l: a damper whose ends move apart across the spring makes A
 * unsymmetric (by a rank-one term of size h^2 c |dv| / l per spring, small beside m in a cloth). So the solve is
 * iterative refinement on S, A's symmetric part: r = b - A x, S d = r by the conjugate gradient method, x += d,
 * which contracts by |S^-1 (A - S)| an outer iteration; a symmetric A takes one. S is positive definite unless
 * compression's geometric term k (1 - L/l) < 0 outweighs the mass (h^2 k (L/l - 1) > m: a spring squeezed far
 * below its rest length at a large step): then CG breaks down (p.Sp <= 0), and the caller falls back to GMRES,
 * as it does when the refinement does not contract.
 *
 * Preconditioner: Jacobi, 1 / A's diagonal, which also defines the residual's norm: |D^-1 (b - A x)| <=
 * tol |D^-1 b| is the same test GMRES makes on the row-scaled system D^-1 A (net_implicit.c). For a cloth at
 * 1/240 s the preconditioned system's condition number is about 1 + 8 h^2 k / m (the diagonal springs included),
 * so CG's error falls by (sqrt(kappa) - 1) / (sqrt(kappa) + 1) an iteration: 0.33 for the 100 x 100 grid, 0.6 for
 * 500 x 500; the iterations grow with h sqrt(k/m), not with the cloth's size at fixed k/m. */
#include "net_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CG_MAX_ITERATIONS 4000  /* a solve's CG iterations before it gives up (the outer ones' together) */
#define REFINE_MAX 40           /* outer iterations of the refinement */
#define REFINE_ETA 1e-3         /* an inner solve of an unsymmetric system stops at this fraction of its start */
#define REFINE_CONTRACTION 0.5  /* an outer iteration must shrink the residual at least this much */

struct net_cg {
    const net_network *net;
    size_t n;
    double *G;            /* 5 per spring, one array each: G_s's xx, xy, yx, yy, and (xy + yx) / 2 (S's) */
    net_blocks full, sym; /* A's blocks and S's, over G */
    double *inv_diag;     /* 2 n: 1 / A's diagonal (1 for a fixed mass) */
    double *r, *p, *q, *d, *bf;  /* 2 n each (bf: the right-hand side in force units) */
    size_t *fixed;        /* the fixed masses at the assembly, n_fixed of them */
    uint32_t *redo;       /* the springs net_blocks_assemble leaves */
    size_t n_fixed;
    bool symmetric;       /* every G_s is */
    int iterations;       /* CG iterations, since net_cg_take_iterations */
};

net_cg *net_cg_new(const net_network *net)
{
    net_cg *cg = calloc(1, sizeof *cg);
    if (!cg)
        return NULL;
    const size_t n = net->n_masses, rows = 2 * (n ? n : 1);
    *cg = (net_cg){.net = net, .n = n, .G = malloc(5 * (net->n_springs ? net->n_springs : 1) * sizeof *cg->G),
                   .inv_diag = malloc(rows * sizeof(double)), .r = malloc(rows * sizeof(double)),
                   .p = malloc(rows * sizeof(double)),
                   .q = malloc(rows * sizeof(double)), .d = malloc(rows * sizeof(double)),
                   .bf = malloc(rows * sizeof(double)),
                   .fixed = malloc((n ? n : 1) * sizeof(size_t)),
                   .redo = malloc((net->n_springs ? net->n_springs : 1) * sizeof(uint32_t))};
    if (!cg->G || !cg->inv_diag || !cg->r || !cg->p || !cg->q || !cg->d || !cg->bf || !cg->fixed || !cg->redo) {
        net_cg_free(cg);
        return NULL;
    }
    const size_t ns = net->n_springs;
    double *G = cg->G;
    cg->full = (net_blocks){G, G + ns, G + 2 * ns, G + 3 * ns};
    cg->sym = (net_blocks){G, G + 4 * ns, G + 4 * ns, G + 3 * ns};
    return cg;
}

void net_cg_free(net_cg *cg)
{
    if (!cg)
        return;
    free(cg->G), free(cg->inv_diag), free(cg->r), free(cg->p), free(cg->q), free(cg->d);
    free(cg->bf), free(cg->fixed), free(cg->redo);
    free(cg);
}

int net_cg_take_iterations(net_cg *cg)
{
    const int it = cg->iterations;
    cg->iterations = 0;
    return it;
}

/* Spring s's blocks: Hooke's law's inline for a spring of length in sqrt's range (the assembly's hot loop), any
 * other through net_spring_jacobian. */
static inline void hooke_or_any(const net_network *net, size_t s, const double *y, double dfdd[4], double dfddv[4])
{
    const size_t n = net->n_masses, i = net->si[s], j = net->sj[s];
    const double d[2] = {y[j] - y[i], y[n + j] - y[n + i]}, l2 = d[0] * d[0] + d[1] * d[1];
    if (net->law != NET_LAW_HOOKE || !(l2 >= DBL_MIN && l2 <= DBL_MAX)) {
        net_spring_jacobian(net, s, y, dfdd, dfddv);
        return;
    }
    const double inv_l = 1.0 / sqrt(l2);
    const net_hooke hb = net_hooke_blocks(net->k[s], net->rest[s], net->damp[s], d[0] * inv_l, d[1] * inv_l, inv_l,
                                          y[2 * n + j] - y[2 * n + i], y[3 * n + j] - y[3 * n + i]);
    memcpy(dfdd, hb.p, sizeof hb.p);
    memcpy(dfddv, hb.v, sizeof hb.v);
}

/* Spring s's G into the arrays, its diagonal entries into diag, its h^2 dF_i/dd (v_j - v_i) into t: the scalar
 * path, for the springs net_blocks_assemble leaves and for the network post's law. */
static void assemble_one(net_cg *cg, double h, const double *y, size_t s, double *diag, double *t)
{
    const net_network *net = cg->net;
    const size_t n = cg->n, ns = net->n_springs, i = net->si[s], j = net->sj[s];
    double dfdd[4], dfddv[4], G[4];
    hooke_or_any(net, s, y, dfdd, dfddv);
    for (int e = 0; e < 4; e++)
        cg->G[e * ns + s] = G[e] = h * dfddv[e] + h * h * dfdd[e];  /* xx, xy, yx, yy */
    cg->G[4 * ns + s] = 0.5 * (G[1] + G[2]);
    diag[i] += G[0], diag[j] += G[0], diag[n + i] += G[3], diag[n + j] += G[3];
    const double wx = y[2 * n + j] - y[2 * n + i], wy = y[3 * n + j] - y[3 * n + i];
    const double fx = h * h * (dfdd[0] * wx + dfdd[1] * wy), fy = h * h * (dfdd[2] * wx + dfdd[3] * wy);
    t[i] += fx, t[n + i] += fy, t[j] -= fx, t[n + j] -= fy;
}

void net_cg_assemble(net_cg *cg, double h, const double *y, bool first, double *b)
{
    const net_network *net = cg->net;
    const size_t n = cg->n, ns = net->n_springs;
    double *diag = cg->inv_diag;
    for (size_t i = 0; i < n; i++)
        diag[i] = diag[n + i] = net->mass[i];
    /* b's h^2 J_p v, in force units first (cg->r), then divided by the masses */
    double *t = cg->r;
    memset(t, 0, 2 * n * sizeof *t);
    if (net->law == NET_LAW_HOOKE) {
        double *const G[5] = {cg->G, cg->G + ns, cg->G + 2 * ns, cg->G + 3 * ns, cg->G + 4 * ns};
        const size_t n_redo = net_blocks_assemble(net, h, y, G, diag, t, cg->redo);
        for (size_t q = 0; q < n_redo; q++)
            assemble_one(cg, h, y, cg->redo[q], diag, t);
    } else {
        for (size_t s = 0; s < ns; s++)
            assemble_one(cg, h, y, s, diag, t);
    }
    bool symmetric = true;
    for (size_t s = 0; s < ns; s++)
        symmetric &= cg->G[ns + s] == cg->G[2 * ns + s];
    cg->symmetric = symmetric;
    cg->n_fixed = 0;
    for (size_t i = 0; i < n; i++) {
        if (net->inv_mass[i] == 0.0) {
            cg->fixed[cg->n_fixed++] = i;
            diag[i] = diag[n + i] = 1.0;
        }
        diag[i] = 1.0 / diag[i], diag[n + i] = 1.0 / diag[n + i];
        if (first)
            b[i] += net->inv_mass[i] * t[i], b[n + i] += net->inv_mass[i] * t[n + i];
    }
}

void net_cg_entries(const net_cg *cg, size_t s, double G[4])
{
    G[0] = cg->full.xx[s], G[1] = cg->full.xy[s], G[2] = cg->full.yx[s], G[3] = cg->full.yy[s];
}

double net_cg_diagonal(const net_cg *cg, size_t row)
{
    return 1.0 / cg->inv_diag[row];
}

/* out = A x (full) or S x; x's fixed rows are 0 and stay so in out. */
static void apply(const net_cg *cg, const double *restrict x, double *restrict out, bool full)
{
    const size_t n = cg->n;
    const double *restrict m = cg->net->mass;
    for (size_t i = 0; i < n; i++)
        out[i] = m[i] * x[i], out[n + i] = m[i] * x[n + i];
    net_blocks_apply(cg->net, full ? &cg->full : &cg->sym, x, out);
    for (size_t f = 0; f < cg->n_fixed; f++) {
        const size_t i = cg->fixed[f];
        out[i] = x[i], out[n + i] = x[n + i];
    }
}

static double dot(const double *a, const double *b, size_t len)
{
    double sum = 0.0;
    for (size_t q = 0; q < len; q++)
        sum += a[q] * b[q];
    return sum;
}

/* S d = r by Jacobi-preconditioned CG from d = 0 until |D^-1 (r - S d)| <= stop or |M^-1 (r - S d)| <= stop_m;
 * 0, or -1 on a breakdown (S not positive definite, a non-finite number) or after *budget iterations (which it
 * spends). r is overwritten. */
static int inner_cg(net_cg *cg, double *restrict r, double *restrict d, double stop, double stop_m, int *budget)
{
    const size_t n = cg->n, rows = 2 * n;
    double *restrict p = cg->p, *restrict q = cg->q;
    const double *restrict inv = cg->inv_diag, *restrict inv_m = cg->net->inv_mass;
    double rz = 0.0, zz = 0.0, ww = 0.0;
    for (size_t k = 0; k < rows; k++) {
        d[k] = 0.0;
        const double z = inv[k] * r[k];
        p[k] = z;
        const double w = inv_m[k < n ? k : k - n] * r[k];
        rz += r[k] * z, zz += z * z, ww += w * w;
    }
    while (!(sqrt(zz) <= stop || sqrt(ww) <= stop_m)) {
        if (*budget <= 0 || !isfinite(zz))
            return -1;
        --*budget, cg->iterations++;
        apply(cg, p, q, false);
        const double pq = dot(p, q, rows);
        if (!(pq > 0.0))
            return -1;  /* S is not positive definite along p */
        const double alpha = rz / pq;
        double rz_new = 0.0;
        zz = 0.0, ww = 0.0;
        for (int axis = 0; axis < 2; axis++)
            for (size_t i = 0; i < n; i++) {
                const size_t k = axis * n + i;
                d[k] += alpha * p[k];
                r[k] -= alpha * q[k];
                const double z = inv[k] * r[k];
                const double w = inv_m[i] * r[k];
                rz_new += r[k] * z, zz += z * z, ww += w * w;
            }
        const double beta = rz_new / rz;
        rz = rz_new;
        for (size_t k = 0; k < rows; k++)
            p[k] = inv[k] * r[k] + beta * p[k];  /* z, not stored: one stream less */
    }
    return 0;
}

int net_cg_solve(net_cg *cg, const double *b, double *x, double tol, double abs_tol)
{
    const net_network *net = cg->net;
    const size_t n = cg->n, rows = 2 * n;
    const double *inv = cg->inv_diag;
    double *r = cg->r, *d = cg->d, *bf = cg->bf;
    for (size_t f = 0; f < cg->n_fixed; f++)
        x[cg->fixed[f]] = x[n + cg->fixed[f]] = 0.0;
    /* b in force units: A's rows are the Newton rows times the masses (a fixed mass's right-hand side is 0) */
    for (size_t i = 0; i < n; i++) {
        const double m = net->inv_mass[i] == 0.0 ? 0.0 : net->mass[i];
        bf[i] = m * b[i], bf[n + i] = m * b[n + i];
    }
    double bb = 0.0;
    for (size_t k = 0; k < rows; k++)
        bb += (inv[k] * bf[k]) * (inv[k] * bf[k]);
    if (bb == 0.0) {
        memset(x, 0, rows * sizeof *x);
        return 0;
    }
    const double target = tol * sqrt(bb);
    int budget = CG_MAX_ITERATIONS;
    double last = INFINITY;
    for (int outer = 0; outer < REFINE_MAX; outer++) {
        apply(cg, x, r, true);
        double zz = 0.0, ww = 0.0;
        for (int axis = 0; axis < 2; axis++)
            for (size_t i = 0; i < n; i++) {
                const size_t k = axis * n + i;
                r[k] = bf[k] - r[k];
                const double w = net->inv_mass[i] * r[k];
                zz += (inv[k] * r[k]) * (inv[k] * r[k]), ww += w * w;
            }
        const double norm = sqrt(zz);
        if (norm <= target || sqrt(ww) <= abs_tol)
            return 0;
        if (!(norm <= REFINE_CONTRACTION * last))
            return -1;  /* the refinement does not contract (or a number is not finite) */
        last = norm;
        const double stop = cg->symmetric ? target : fmax(target, REFINE_ETA * norm);
        if (inner_cg(cg, r, d, stop, 0.5 * abs_tol, &budget))
            return -1;
        for (size_t k = 0; k < rows; k++)
            x[k] += d[k];
    }
    return -1;
}
