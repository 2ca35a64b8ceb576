/* network: backward (implicit) Euler, solved by Newton's method.
 *
 * Backward Euler takes y1 = y0 + h f(y1): with dv = v1 - v0 and p1 = p0 + h v1, the step's equations are
 *     R(dv) = dv - h a(p0 + h (v0 + dv), v0 + dv) = 0.
 * The first iterate linearises the accelerations about the step's start, with J_p = da/dp and J_v = da/dv the lower
 * blocks of the Jacobian (net_jacobian_blocks, which also gives GSL's msbdf its Jacobian), as Baraff and Witkin,
 * "Large steps in cloth simulation", SIGGRAPH 1998:
 *     dv = h (a0 + J_p (p1 - p0) + J_v dv),  p1 - p0 = h (v0 + dv)
 *  => (I - h J_v - h^2 J_p) dv = h (a0 + h J_p v0).
 * For a linear network (small motion about rest) that is backward Euler exactly: each mode's step matrix is
 * (I - hA)^{-1}, whose eigenvalues 1 / (1 - h lambda) lie inside the unit circle for every h > 0 when Re lambda
 * <= 0: unconditionally stable, and it damps what it cannot resolve. On a nonlinear network (a spring stretched
 * far from rest, its direction turning within the step) one such solve is not backward Euler, and it can gain
 * energy a damped network cannot have. So Newton's method goes on from it: with the Jacobian at the iterate
 * (J_p with its geometric term (1 - L/l) P, dR/d(dv) = I - h J_v - h^2 J_p),
 *     (I - h J_v - h^2 J_p) delta = -R(dv),  dv <- dv + lambda delta,
 * lambda = 1, 1/2, 1/4 ... until |R| decreases (a backtracking line search: a full Newton step far from the solution
 * can overshoot), until |R| <= NEWTON_TOL (|dv| + h |a|). A step that does not converge in NEWTON_MAX iterations
 * is split in two halves (split_step), and one that fails at h / 256 is reported, never taken. net_implicit_last
 * tells the last step's iterations, substeps and residual.
 *
 * TR-BDF2 (ode.h's ODE_TR_BDF2) takes the same solve twice: each of its stages is u = w + d h f(u) for a known w, and
 * with w = (p_w, v_w), dv = u_v - v_w that is R(dv) = dv - d h a(p_w + d h (v_w + dv), v_w + dv) = 0: backward
 * Euler's equations for a step of d h from the state w (which need not be one the network passes through). Stage 1
 * starts from w = y + d h f(y), stage 2 from w = y_g + b (y_g - y) (a y_g - b y with a = 1 + b: the pinned masses'
 * positions stay exact).
 *
 * The matrix is 2n x 2n with a 2x2 block per spring end, so it is sparse (a cloth's row holds at most 18 entries):
 * a gsl_spmatrix in compressed columns, its pattern fixed at creation, solved by GSL's restarted GMRES (the matrix
 * is not symmetric: the damper's blocks are not, and rows are scaled by 1/m), the first iterate warm-started from
 * the last step's dv. Each row is divided by its diagonal first (Jacobi preconditioning by hand: GSL's GMRES takes
 * none). Pinned and held masses have 1/m = 0: their rows are the identity with a zero right-hand side, and their
 * dv is set to 0 exactly afterwards (GMRES stops at a tolerance). */
#include "net_internal.h"

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
#define GMRES_BREAKDOWN 1e3 /* ... or when a cycle's residual grew this much over the least before it */
#define NEWTON_TOL 1e-12    /* |R| <= NEWTON_TOL (|dv| + h |a| + h gross): about 4000 times R's rounding */
#define NEWTON_MAX 20       /* iterations before a step is split (quadratic convergence needs far fewer) */
#define LINE_HALVINGS 12    /* the line search's shortest try: delta / 4096 */
#define NEWTON_SPLITS 8     /* a step Newton cannot take is halved, down to h / 256 */

struct net_implicit {
    net_network *net;
    size_t rows;            /* 2 n: dv, x components first (the state's layout) */
    gsl_spmatrix *A;        /* compressed columns, the pattern of the network's springs */
    gsl_vector *b, *dv;     /* dv: the solution, and the next step's first guess */
    gsl_vector *delta;      /* a Newton correction */
    double *a;              /* 4 n: the rhs (accelerations in the second half) */
    double *y1, *trial;     /* 4 n each: the state at the iterate, and at a trial of the line search */
    double *dv_try;         /* 2 n: the line search's trial dv */
    double *gross;          /* n: work space of gross_acceleration */
    double *start;          /* 4 n: the state at the step's start, restored when the step fails */
    double *diag;           /* 2 n: 1 / A's diagonal */
    gsl_splinalg_itersolve *gmres;
    double *stage;          /* 4 n: TR-BDF2's step start, then its stage 2 start w */
    ode_method method;      /* ODE_BACKWARD_EULER, ODE_LINEARISED_EULER (the first iterate only) or ODE_TR_BDF2 */
    net_newton_stats stats;
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

net_implicit *net_implicit_new(net_network *net, ode_method method)
{
    if (method != ODE_BACKWARD_EULER && method != ODE_LINEARISED_EULER && method != ODE_TR_BDF2)
        return NULL;
    gsl_set_error_handler_off();
    net_implicit *im = calloc(1, sizeof *im);
    if (!im)
        return NULL;
    const size_t rows = 2 * net->n_masses;
    *im = (net_implicit){.net = net, .rows = rows, .method = method, .A = pattern(net), .b = gsl_vector_alloc(rows),
                         .dv = gsl_vector_calloc(rows), .delta = gsl_vector_alloc(rows),
                         .a = malloc(2 * rows * sizeof *im->a), .y1 = malloc(2 * rows * sizeof *im->y1),
                         .trial = malloc(2 * rows * sizeof *im->trial),
                         .dv_try = malloc(rows * sizeof *im->dv_try),
                         .start = malloc(2 * rows * sizeof *im->start),
                         .stage = malloc(2 * rows * sizeof *im->stage),
                         .gross = malloc((net->n_masses ? net->n_masses : 1) * sizeof *im->gross), .diag = malloc(rows * sizeof *im->diag),
                         .gmres = gsl_splinalg_itersolve_alloc(gsl_splinalg_itersolve_gmres, rows,
                                                               rows < GMRES_KRYLOV ? rows : GMRES_KRYLOV)};
    if (!im->A || !im->b || !im->dv || !im->delta || !im->a || !im->y1 || !im->trial || !im->dv_try || !im->gross ||
        !im->start || !im->stage || !im->diag || !im->gmres) {
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
    if (im->delta)
        gsl_vector_free(im->delta);
    if (im->gmres)
        gsl_splinalg_itersolve_free(im->gmres);
    free(im->a);
    free(im->y1);
    free(im->trial);
    free(im->dv_try);
    free(im->gross);
    free(im->start);
    free(im->stage);
    free(im->diag);
    free(im);
}

void net_implicit_reset(net_implicit *im)
{
    gsl_vector_set_zero(im->dv);
}

net_newton_stats net_implicit_last(const net_implicit *im)
{
    return im->stats;
}

typedef struct {
    net_implicit *im;
    double h;
    const double *v;  /* the first iterate: the velocities at the step's start (b += h^2 J_p v0); else NULL */
} assembly;

/* A -= h J_v (velocity blocks) or h^2 J_p (position blocks); b += h^2 J_p v0 for the first iterate. */
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
            if (!velocity && as->v)
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

/* A = I - h J_v - h^2 J_p at the state y (rows divided by the diagonal, and b with them): b must hold the
 * right-hand side; v0 as assembly.v. */
static void assemble(net_implicit *im, double h, const double *y, const double *v0)
{
    memset(im->A->data, 0, im->A->nz * sizeof *im->A->data);
    for (size_t r = 0; r < im->rows; r++)
        *gsl_spmatrix_ptr(im->A, r, r) = 1.0;
    net_jacobian_blocks(im->net, y, add_block, &(assembly){im, h, v0});
    scale_rows(im);
}

/* Solves A x = b by GMRES from x's current value; 0, or -1 when it did not converge. Pinned and held masses' x is
 * set to 0 exactly. */
static int solve(net_implicit *im, gsl_vector *x)
{
    const size_t n = im->net->n_masses;
    if (gsl_blas_dnrm2(im->b) == 0.0) {
        gsl_vector_set_zero(x);  /* GMRES could not meet a relative tolerance of 0 */
        return 0;
    }
    int rc = -1;
    double least = INFINITY;  /* the least residual after a cycle so far */
    for (int cycle = 0; cycle < GMRES_CYCLES && rc; cycle++) {
        if (gsl_splinalg_itersolve_iterate(im->A, im->b, GMRES_TOL, x, im->gmres) == GSL_SUCCESS) {
            rc = 0;
            break;
        }
        /* each cycle minimises the residual over its Krylov space, so in exact arithmetic it never grows: one that
         * grew a thousandfold is rounding taking over (a matrix of entries near 1e160, springs of length near 0),
         * and the remaining cycles would only grow it further */
        const double r = gsl_splinalg_itersolve_normr(im->gmres);
        if (!(r <= GMRES_BREAKDOWN * least))
            break;
        least = fmin(least, r);
    }
    if (rc || !isfinite(gsl_blas_dnrm2(x)))
        return -1;
    for (size_t i = 0; i < n; i++)
        if (im->net->inv_mass[i] == 0.0)
            x->data[i] = x->data[n + i] = 0.0;  /* exactly still, not to a tolerance */
    return 0;
}

/* The size of the numbers whose sums and differences make the acceleration at y: per free mass |g| plus, over its
 * springs, k (l + L) (the force k (l - L) is a difference of those) and c (|v_i| + |v_j|) (the damper's), divided by
 * m; as a 2-norm over both axes. R's rounding is eps h times this, however small the motion: a cloth hanging at
 * rest has a = 0 from forces of m g each, and a network near rest a = 0 from lengths of l ~ L. */
static double gross_acceleration(const net_network *net, const double *y, double *work)
{
    const size_t n = net->n_masses;
    const double g = hypot(net->gravity_x, net->gravity_y);
    for (size_t i = 0; i < n; i++)
        work[i] = g * net->mass[i];
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double l = hypot(y[j] - y[i], y[n + j] - y[n + i]);
        const double speeds = hypot(y[2 * n + i], y[3 * n + i]) + hypot(y[2 * n + j], y[3 * n + j]);
        const double f = net->k[s] * (l + net->rest[s]) + net->damp[s] * speeds;
        work[i] += f, work[j] += f;
    }
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        const double w = work[i] * net->inv_mass[i];  /* 0 for a pinned or held mass */
        sum += 2.0 * w * w;                            /* both axes */
    }
    return sqrt(sum);
}

/* The state at dv (p1 = p0 + h (v0 + dv), v1 = v0 + dv) into out, and the residual R = dv - h a(out) into r (2 n);
 * returns |R| and sets *scale = |dv| + h |a| + h gross (2-norms): what R is measured against. */
static double residual(net_implicit *im, double h, const double *y, const double *dv, double *out, double *r,
                       double *scale)
{
    const size_t rows = im->rows;
    for (size_t q = 0; q < rows; q++) {
        out[rows + q] = y[rows + q] + dv[q];
        out[q] = y[q] + h * out[rows + q];
    }
    net_rhs(0.0, out, im->a, im->net);
    double rr = 0.0, dd = 0.0, aa = 0.0;
    for (size_t q = 0; q < rows; q++) {
        const double ha = h * im->a[rows + q];
        r[q] = dv[q] - ha;
        rr += r[q] * r[q], dd += dv[q] * dv[q], aa += ha * ha;
    }
    *scale = sqrt(dd) + sqrt(aa) + h * gross_acceleration(im->net, out, im->gross);
    return sqrt(rr);
}

/* One backward Euler step of h from y by Newton's method (the header): 0, -1 (a linear solve failed) or
 * NET_IMPLICIT_NO_CONVERGENCE; y is unchanged on failure. Adds its iterations to im->stats. */
static int newton_step(net_implicit *im, double h, double *y)
{
    const size_t rows = im->rows;
    /* the first iterate: Baraff and Witkin's one solve, linearised about the step's start */
    net_rhs(0.0, y, im->a, im->net);
    for (size_t r = 0; r < rows; r++)
        gsl_vector_set(im->b, r, h * im->a[rows + r]);  /* h a0 */
    assemble(im, h, y, y + rows);
    if (solve(im, im->dv)) {
        gsl_vector_set_zero(im->dv);
        return -1;
    }
    double *dv = im->dv->data, scale;
    double norm = residual(im, h, y, dv, im->y1, im->b->data, &scale);
    int iterations = 1;
    if (im->method == ODE_LINEARISED_EULER) {  /* backward-euler-1: this iterate is the step, whatever its residual */
        im->stats.iterations = 1;
        im->stats.residual = scale > 0.0 ? norm / scale : 0.0;
        memcpy(y, im->y1, 2 * rows * sizeof *y);
        return 0;
    }
    while (isfinite(norm) && norm > NEWTON_TOL * scale) {
        if (iterations == NEWTON_MAX)
            break;
        /* the Newton system at the iterate: b = -R */
        for (size_t q = 0; q < rows; q++)
            im->b->data[q] = -im->b->data[q];
        assemble(im, h, im->y1, NULL);
        gsl_vector_set_zero(im->delta);
        if (solve(im, im->delta))
            break;
        /* backtracking: the largest lambda = 2^-j whose iterate has a smaller residual */
        double lambda = 1.0, trial_norm = INFINITY, trial_scale = 0.0;
        int halvings = 0;
        for (; halvings <= LINE_HALVINGS; halvings++, lambda *= 0.5) {
            for (size_t q = 0; q < rows; q++)
                im->dv_try[q] = dv[q] + lambda * im->delta->data[q];
            trial_norm = residual(im, h, y, im->dv_try, im->trial, im->b->data, &trial_scale);
            if (trial_norm < norm)
                break;
        }
        if (!(trial_norm < norm))
            break;  /* no descent along Newton's direction: give up below */
        memcpy(dv, im->dv_try, rows * sizeof *dv);
        /* the state and residual at the accepted dv (b already holds R there: the last trial was this one) */
        memcpy(im->y1, im->trial, 2 * rows * sizeof *im->y1);
        norm = trial_norm, scale = trial_scale;
        im->stats.halvings += halvings;
        iterations++;
    }
    im->stats.iterations += iterations;  /* a failed attempt's too: they are the step's cost */
    if (!(isfinite(norm) && norm <= NEWTON_TOL * scale)) {
        gsl_vector_set_zero(im->dv);
        return NET_IMPLICIT_NO_CONVERGENCE;
    }
    im->stats.residual = fmax(im->stats.residual, scale > 0.0 ? norm / scale : 0.0);  /* of the steps taken */
    memcpy(y, im->y1, 2 * rows * sizeof *y);
    return 0;
}

/* One TR-BDF2 step of h (the header): its two stages as backward Euler steps of d h from w; y is unchanged on
 * failure. */
static int tr_bdf2_step(net_implicit *im, double h, double *y)
{
    const size_t dim = 2 * im->rows;
    const double dh = ODE_TR_BDF2_D * h;
    double *start = im->stage;
    memcpy(start, y, dim * sizeof *start);
    net_rhs(0.0, y, im->a, im->net);
    for (size_t q = 0; q < dim; q++)
        y[q] += dh * im->a[q];         /* stage 1's w */
    int rc = newton_step(im, dh, y);   /* y_g */
    if (rc == 0) {
        for (size_t q = 0; q < dim; q++)
            y[q] += ODE_TR_BDF2_B * (y[q] - start[q]);  /* stage 2's w */
        rc = newton_step(im, dh, y);
    }
    if (rc)
        memcpy(y, start, dim * sizeof *y);
    return rc;
}

static int one_step(net_implicit *im, double h, double *y)
{
    return im->method == ODE_TR_BDF2 ? tr_bdf2_step(im, h, y) : newton_step(im, h, y);
}

/* A step Newton cannot take (the equations of a large step on a strongly nonlinear network, a spring buckling
 * within it, can have no solution near the start: Newton stalls at a minimum of |R| that is not a root; or a
 * linear solve GMRES cannot finish, the matrix I - h J_v - h^2 J_p far from I at a large step) is taken
 * as two backward Euler steps of h/2, and so on, at most NEWTON_SPLITS levels deep: the step size control of an
 * implicit integrator, reported (stats.substeps), never hidden. */
static int split_step(net_implicit *im, double h, double *y, int depth)
{
    const int rc = one_step(im, h, y);
    if (rc == 0 || depth == NEWTON_SPLITS)
        return rc;
    im->stats.substeps += 1;  /* one more step than asked for */
    const int first = split_step(im, 0.5 * h, y, depth + 1);
    return first ? first : split_step(im, 0.5 * h, y, depth + 1);
}

int net_implicit_step(net_implicit *im, double h, double *y)
{
    im->stats = (net_newton_stats){.substeps = 1};
    const size_t dim = 2 * im->rows;
    double *start = im->start;
    memcpy(start, y, dim * sizeof *start);
    const int rc = split_step(im, h, y, 0);
    if (rc)
        memcpy(y, start, dim * sizeof *y);  /* a failed step leaves y as it was, even after some of its halves */
    return rc;
}
