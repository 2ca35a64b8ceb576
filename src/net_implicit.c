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
 * The linear systems, (I - h J_v - h^2 J_p) x = b, are solved with their rows multiplied by the masses, where they
 * are symmetric but for a damper term: by conjugate gradients on the springs (net_cg.c; no matrix is built), the
 * first iterate warm-started from the last step's dv, and by GSL's GMRES (net_gmres.c) where CG fails (A not
 * positive definite: springs compressed far below their rest length at a large step) or when asked
 * (net_implicit_use). Both measure the residual alike, |D^-1 (b - A x)| against |D^-1 b| with D A's diagonal; CG
 * may stop earlier where Newton's test is met already (solve's abs_tol: inexact Newton, the test unchanged).
 * Pinned and held masses have 1/m = 0: their rows are the identity with a zero right-hand side, and their dv is 0
 * exactly. */
#include "net_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LINEAR_TOL 1e-10    /* GMRES's relative residual, when it is the solver */
#define CG_TOL 1e-11        /* CG's, and GMRES's where CG fails: backward-euler-1's step is the solve, and at
                             * 1e-10 its error reached 2e-8 on tests/test_network_implicit.c's random network */
#define NEWTON_SHARE 0.1    /* a Newton system's solve may also stop at this share of Newton's tolerance */
#define FIRST_SHARE 0.1     /* ... and the first iterate's at this share of the last step's first miss */
#define NEWTON_TOL 1e-12    /* |R| <= NEWTON_TOL (|dv| + h |a| + h gross): about 4000 times R's rounding */
#define NEWTON_MAX 20       /* iterations before a step is split (quadratic convergence needs far fewer) */
#define LINE_HALVINGS 12    /* the line search's shortest try: delta / 4096 */
#define NEWTON_SPLITS 8     /* a step Newton cannot take is halved, down to h / 256 */

struct net_implicit {
    net_network *net;
    size_t rows;            /* 2 n: dv, x components first (the state's layout) */
    net_cg *cg;             /* the Newton matrix at the last assembly, and its CG solver */
    net_gmres *gmres;       /* GMRES, made at its first use */
    net_linear_solver solver;
    double *b, *dv;         /* 2 n each: the right-hand side; dv: the solution, and the next step's first guess */
    double *delta;          /* 2 n: a Newton correction */
    double *a;              /* 4 n: the rhs (accelerations in the second half) */
    double *y1, *trial;     /* 4 n each: the state at the iterate, and at a trial of the line search */
    double *dv_try;         /* 2 n: the line search's trial dv */
    double *gross;          /* 2 n: work space of gross_acceleration */
    double *start;          /* 4 n: the state at the step's start, restored when the step fails */
    double *stage;          /* 4 n: TR-BDF2's step start, then its stage 2 start w */
    ode_method method;      /* ODE_BACKWARD_EULER, ODE_LINEARISED_EULER (the first iterate only) or ODE_TR_BDF2 */
    double first_miss;      /* |R| / |b| after the last first iterate (0: solve the next one fully) */
    double *guess;          /* 2 n: a solve's first guess, GMRES's too when CG fails */
    net_newton_stats stats;
    net_linear_stats linear;
};

net_implicit *net_implicit_new(net_network *net, ode_method method)
{
    if (method != ODE_BACKWARD_EULER && method != ODE_LINEARISED_EULER && method != ODE_TR_BDF2)
        return NULL;
    net_implicit *im = calloc(1, sizeof *im);
    if (!im || net_runs_build(net) != NET_OK) {  /* CG's matrix-vector product runs through the force kernel's index */
        free(im);
        return NULL;
    }
    const size_t rows = 2 * net->n_masses;
    *im = (net_implicit){.net = net, .rows = rows, .method = method, .cg = net_cg_new(net),
                         .b = malloc(rows * sizeof *im->b), .dv = calloc(rows ? rows : 1, sizeof *im->dv),
                         .delta = malloc(rows * sizeof *im->delta), .a = malloc(2 * rows * sizeof *im->a),
                         .y1 = malloc(2 * rows * sizeof *im->y1), .trial = malloc(2 * rows * sizeof *im->trial),
                         .dv_try = malloc(rows * sizeof *im->dv_try), .start = malloc(2 * rows * sizeof *im->start),
                         .stage = malloc(2 * rows * sizeof *im->stage),
                         .gross = malloc((net->n_masses ? 2 * net->n_masses : 1) * sizeof *im->gross),
                         .guess = malloc((rows ? rows : 1) * sizeof *im->guess)};
    if (!im->cg || !im->b || !im->dv || !im->delta || !im->a || !im->y1 || !im->trial || !im->dv_try ||
        !im->gross || !im->start || !im->stage || !im->guess) {
        net_implicit_free(im);
        return NULL;
    }
    return im;
}

void net_implicit_free(net_implicit *im)
{
    if (!im)
        return;
    net_cg_free(im->cg);
    net_gmres_free(im->gmres);
    free(im->b), free(im->dv), free(im->delta), free(im->a), free(im->y1), free(im->trial), free(im->dv_try);
    free(im->gross), free(im->start), free(im->stage), free(im->guess);
    free(im);
}

void net_implicit_reset(net_implicit *im)
{
    memset(im->dv, 0, im->rows * sizeof *im->dv);
    im->first_miss = 0.0;
}

net_newton_stats net_implicit_last(const net_implicit *im)
{
    return im->stats;
}

void net_implicit_use(net_implicit *im, net_linear_solver solver)
{
    im->solver = solver;
}

net_linear_stats net_implicit_linear(const net_implicit *im)
{
    return im->linear;
}

/* Solves the Newton system at the last assembly, A x = b, from x's current value: CG (which may also stop at a
 * residual of abs_tol in b's units: what Newton's test needs), or GMRES where it fails or when chosen; 0, or -1
 * when neither converged. */
static int solve(net_implicit *im, double *x, double abs_tol)
{
    int rc = -1;
    if (im->solver == NET_LINEAR_CG) {
        memcpy(im->guess, x, im->rows * sizeof *x);
        rc = net_cg_solve(im->cg, im->b, x, CG_TOL, abs_tol);
        im->linear.cg_iterations += net_cg_take_iterations(im->cg);
        if (rc) {
            im->linear.fallbacks++;
            memcpy(x, im->guess, im->rows * sizeof *x);  /* GMRES from the same start as it would have had */
        }
    }
    if (rc) {
        if (!im->gmres && !(im->gmres = net_gmres_new(im->net)))
            return -1;
        rc = net_gmres_solve(im->gmres, im->cg, im->b, x, im->solver == NET_LINEAR_CG ? CG_TOL : LINEAR_TOL);
        im->linear.gmres_cycles += net_gmres_take_iterations(im->gmres);
    }
    return rc;
}

/* The size of the numbers whose sums and differences make the acceleration at y: per free mass |g| plus, over its
 * springs, k (l + L) (the force k (l - L) is a difference of those) and c (|v_i| + |v_j|) (the damper's), divided by
 * m; as a 2-norm over both axes. R's rounding is eps h times this, however small the motion: a cloth hanging at
 * rest has a = 0 from forces of m g each, and a network near rest a = 0 from lengths of l ~ L. */
static double gross_acceleration(const net_network *net, const double *y, double *work)
{
    const size_t n = net->n_masses;
    const double g = hypot(net->gravity_x, net->gravity_y);
    double *speed = work + n;
    for (size_t i = 0; i < n; i++) {
        work[i] = g * net->mass[i];
        speed[i] = sqrt(y[2 * n + i] * y[2 * n + i] + y[3 * n + i] * y[3 * n + i]);
    }
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double dx = y[j] - y[i], dy = y[n + j] - y[n + i];
        const double f = net->k[s] * (sqrt(dx * dx + dy * dy) + net->rest[s]) + net->damp[s] * (speed[i] + speed[j]);
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
        im->b[r] = h * im->a[rows + r];  /* h a0 */
    net_cg_assemble(im->cg, h, y, true, im->b);
    /* backward-euler-1's solve is the step. Newton's first iterate misses the step's equations by the forces'
     * nonlinearity within the step, whatever the linear solve's accuracy: solving it to a tenth of what it missed
     * by at the last step is enough (the next iterate corrects both), and to a share of Newton's tolerance (whose
     * scale is at least h gross at the step's end, taken at its start here) always is */
    double first_tol = 0.0, bb = 0.0;
    if (im->method != ODE_LINEARISED_EULER) {
        for (size_t r = 0; r < rows; r++)
            bb += im->b[r] * im->b[r];
        first_tol = fmax(NEWTON_SHARE * NEWTON_TOL * h * gross_acceleration(im->net, y, im->gross),
                         FIRST_SHARE * im->first_miss * sqrt(bb));
    }
    if (solve(im, im->dv, first_tol)) {
        memset(im->dv, 0, rows * sizeof *im->dv);
        return -1;
    }
    double *dv = im->dv, scale;
    double norm = residual(im, h, y, dv, im->y1, im->b, &scale);
    im->first_miss = bb > 0.0 && isfinite(norm) ? norm / sqrt(bb) : 0.0;
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
            im->b[q] = -im->b[q];
        net_cg_assemble(im->cg, h, im->y1, false, im->b);
        memset(im->delta, 0, rows * sizeof *im->delta);
        if (solve(im, im->delta, NEWTON_SHARE * NEWTON_TOL * scale))
            break;
        /* backtracking: the largest lambda = 2^-j whose iterate has a smaller residual */
        double lambda = 1.0, trial_norm = INFINITY, trial_scale = 0.0;
        int halvings = 0;
        for (; halvings <= LINE_HALVINGS; halvings++, lambda *= 0.5) {
            for (size_t q = 0; q < rows; q++)
                im->dv_try[q] = dv[q] + lambda * im->delta[q];
            trial_norm = residual(im, h, y, im->dv_try, im->trial, im->b, &trial_scale);
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
        memset(im->dv, 0, rows * sizeof *im->dv);
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
 * linear solve neither CG nor GMRES can finish, the matrix I - h J_v - h^2 J_p far from I at a large step) is taken
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
    im->linear = (net_linear_stats){0};
    const size_t dim = 2 * im->rows;
    double *start = im->start;
    memcpy(start, y, dim * sizeof *start);
    const int rc = split_step(im, h, y, 0);
    if (rc)
        memcpy(y, start, dim * sizeof *y);  /* a failed step leaves y as it was, even after some of its halves */
    return rc;
}
