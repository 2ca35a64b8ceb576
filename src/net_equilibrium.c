/* network: the static equilibrium the network runs at, by Newton's method on its tangent stiffness.
 *
 * A network under gravity does not move about its rest configuration: a cloth sags until its springs, stretched,
 * carry its weight, and it oscillates about that sagged shape. Its small motions, and so its step limits, are
 * those of the tangent stiffness there (net_modes.c), which the stretch changes: the geometric term k (1 - L/l) P
 * of each stretched spring adds stiffness across it. The equilibrium is where the free masses' forces vanish,
 *     f(q) = F_springs(q) + M g = 0,   q: the free masses' positions (the pinned ones stay where they are),
 * which is where the potential energy E(q) = sum k (l - L)^2 / 2 - sum m g . q is stationary: f = -grad E and the
 * tangent stiffness K(q) = -df/dq is E's Hessian. Newton's step solves K dq = f; far from the equilibrium K can be
 * indefinite (a compressed spring, a chain across gravity with no sideways stiffness at rest length), so it solves
 * (K + sigma I) dq = f with the least shift sigma (0, then growing by 4) that makes the matrix positive definite (its
 * Cholesky factorisation exists): dq is then a descent direction of E, and the step dq is halved until E falls by at
 * least 1e-4 of what its slope predicts (Armijo's backtracking), or, once E's change is at its rounding, until |f|
 * falls. Near the equilibrium K is positive definite, the full step is taken and the convergence is quadratic. It
 * stops when |f| <= EQ_TOL times the size of the forces that cancel there (per free mass its weight and, over its
 * springs, k (l + L): what f's rounding scales with), and the minimum it finds is the stable equilibrium nearest the
 * start in the energy's descent.
 *
 * Nothing pinned: uniform gravity accelerates every mass alike and strains nothing, so in the falling frame the
 * network moves as it would without gravity; its equilibrium is the springs' alone (NET_STATE_FALLING). A network
 * with pins whose free part could fall forever (a component joined to no pin) has no equilibrium: E falls without
 * bound, and the search says so. The matrices are dense (at most NET_MODES_MAX_DOF free coordinates, the modes'
 * limit). */
#include "net_internal.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/lang.h"

#define EQ_TOL 1e-12         /* |f| <= EQ_TOL x the forces' size: about 4000 times f's rounding */
#define EQ_MAX_ITERATIONS 200
#define EQ_HALVINGS 40       /* the line search's shortest try: dq / 2^40 */
#define EQ_SHIFTS 80         /* sigma grows by 4 up to 4^80 times its first try */
#define EQ_FAR 1e6           /* a free mass this many network sizes away: it is falling, there is no equilibrium */

const char *net_state_name(net_state state)
{
    static const char *const names[] = {"rest", "equilibrium", "falling"};
    return state <= NET_STATE_FALLING ? names[state] : "?";
}

typedef struct {
    const net_network *net;
    size_t n, dofs;
    size_t *dof;            /* n: the free coordinate of mass i's x (its y is the next), or SIZE_MAX when pinned */
    double gx, gy;          /* the gravity the equilibrium is under (0 when falling) */
    double *force;          /* 4 n: net_forces' work space */
    double *f, *f_try;      /* dofs: the residual at y and at a trial */
    double *dq;             /* dofs */
    double *y_try;          /* 4 n */
    gsl_matrix *K, *A;      /* the tangent stiffness, and its shifted copy (factorised) */
} eq_work;

/* The residual f of the free coordinates at y into f; returns |f| and sets *scale (the forces' size, 2-norm). */
static double residual(eq_work *w, const double *y, double *f, double *scale)
{
    const net_network *net = w->net;
    const size_t n = w->n;
    net_forces(net, y, w->force);
    double gross2 = 0.0, ff = 0.0;
    double *size = w->force + 2 * n;  /* the second half: free here (no velocities) */
    for (size_t i = 0; i < n; i++)
        size[i] = hypot(w->gx, w->gy) * net->mass[i];
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double l = hypot(y[j] - y[i], y[n + j] - y[n + i]), g = net->k[s] * (l + net->rest[s]);
        size[i] += g, size[j] += g;
    }
    for (size_t i = 0; i < n; i++) {
        if (w->dof[i] == SIZE_MAX)
            continue;
        const size_t q = w->dof[i];
        f[q] = w->force[i] + net->mass[i] * w->gx;
        f[q + 1] = w->force[n + i] + net->mass[i] * w->gy;
        ff += f[q] * f[q] + f[q + 1] * f[q + 1];
        gross2 += 2.0 * size[i] * size[i];
    }
    *scale = sqrt(gross2);
    return sqrt(ff);
}

/* The potential energy at y (the springs', and gravity's on the free masses when not falling), and in *round the
 * size of its terms (its rounding is eps times that). */
static double energy(const eq_work *w, const double *y, double *round)
{
    const net_network *net = w->net;
    const size_t n = w->n;
    double e = 0.0, size = 0.0;
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double l = hypot(y[j] - y[i], y[n + j] - y[n + i]), stretch = l - net->rest[s];
        e += 0.5 * net->k[s] * stretch * stretch;
        size += 0.5 * net->k[s] * (l + net->rest[s]) * (l + net->rest[s]);
    }
    for (size_t i = 0; i < n; i++)
        if (w->dof[i] != SIZE_MAX) {
            const double g = -net->mass[i] * (w->gx * y[i] + w->gy * y[n + i]);
            e += g, size += fabs(g);
        }
    *round = size;
    return e;
}

/* dq = (K + sigma I)^-1 f for the least sigma in {0, s0, 4 s0, ...} whose matrix is positive definite; -1 when none
 * is (a non-finite K). */
static int shifted_solve(eq_work *w)
{
    double diag = 0.0;
    for (size_t q = 0; q < w->dofs; q++)
        diag = fmax(diag, fabs(gsl_matrix_get(w->K, q, q)));
    double sigma = 0.0;
    for (int t = 0; t <= EQ_SHIFTS; t++, sigma = sigma > 0.0 ? 4.0 * sigma : 1e-10 * diag) {
        gsl_matrix_memcpy(w->A, w->K);
        for (size_t q = 0; q < w->dofs; q++)
            *gsl_matrix_ptr(w->A, q, q) += sigma;
        if (gsl_linalg_cholesky_decomp1(w->A) != GSL_SUCCESS)
            continue;
        gsl_vector_const_view f = gsl_vector_const_view_array(w->f, w->dofs);
        gsl_vector_view dq = gsl_vector_view_array(w->dq, w->dofs);
        if (gsl_linalg_cholesky_solve(w->A, &f.vector, &dq.vector) == GSL_SUCCESS)
            return 0;
    }
    return -1;
}

/* y + alpha dq in the free coordinates into out (pinned masses and velocities as in y). */
static void advance(const eq_work *w, const double *y, double alpha, double *out)
{
    memcpy(out, y, 4 * w->n * sizeof *out);
    for (size_t i = 0; i < w->n; i++)
        if (w->dof[i] != SIZE_MAX) {
            out[i] += alpha * w->dq[w->dof[i]];
            out[w->n + i] += alpha * w->dq[w->dof[i] + 1];
        }
}

/* The network's size: the extent of its rest configuration (at least 1 m). */
static double extent(const net_network *net)
{
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (size_t i = 0; i < net->n_masses; i++) {
        lo[0] = fmin(lo[0], net->rest_x[i]), hi[0] = fmax(hi[0], net->rest_x[i]);
        lo[1] = fmin(lo[1], net->rest_y[i]), hi[1] = fmax(hi[1], net->rest_y[i]);
    }
    return fmax(1.0, fmax(hi[0] - lo[0], hi[1] - lo[1]));
}

static bool too_far(const eq_work *w, const double *y, double size)
{
    for (size_t i = 0; i < w->n; i++)
        if (!(fabs(y[i] - w->net->rest_x[i]) <= EQ_FAR * size &&
              fabs(y[w->n + i] - w->net->rest_y[i]) <= EQ_FAR * size))
            return true;
    return false;
}

/* Newton's iteration from y (the rest state) to the equilibrium, in place; 0, or -1 with a message. */
static int newton(eq_work *w, double *y, net_equilibrium_info *info, char *err, size_t errlen)
{
    const double size = extent(w->net);
    double scale, norm = residual(w, y, w->f, &scale), round;
    double e = energy(w, y, &round);
    info->iterations = 0;
    while (!(norm <= EQ_TOL * scale)) {
        if (info->iterations == EQ_MAX_ITERATIONS || !isfinite(norm))
            break;
        char dummy[1];
        if (net_tangent_matrices(w->net, y, w->dof, false, w->K, NULL, dummy, sizeof dummy) || shifted_solve(w))
            break;
        double slope = 0.0;  /* -dE/dalpha at alpha = 0: f . dq > 0 (a descent direction) */
        for (size_t q = 0; q < w->dofs; q++)
            slope += w->f[q] * w->dq[q];
        double alpha = 1.0, trial_norm = INFINITY, trial_scale = 0.0, trial_e = 0.0, trial_round = 0.0;
        bool accepted = false;
        for (int h = 0; h <= EQ_HALVINGS && !accepted; h++, alpha *= 0.5) {
            advance(w, y, alpha, w->y_try);
            trial_e = energy(w, w->y_try, &trial_round);
            trial_norm = residual(w, w->y_try, w->f_try, &trial_scale);
            const bool descends = trial_e <= e - 1e-4 * alpha * slope;
            /* at the energy's rounding its change says nothing: the residual decides */
            const bool flat = fabs(trial_e - e) <= 1e-12 * fmax(round, trial_round) && trial_norm < norm;
            accepted = isfinite(trial_e) && isfinite(trial_norm) && (descends || flat);
        }
        if (!accepted)
            break;
        memcpy(y, w->y_try, 4 * w->n * sizeof *y);
        memcpy(w->f, w->f_try, w->dofs * sizeof *w->f);
        norm = trial_norm, scale = trial_scale, e = trial_e, round = trial_round;
        info->iterations++;
        if (too_far(w, y, size)) {
            snprintf(err, errlen, "%s", _("the network has no static equilibrium under its gravity: a part of it "
                                          "joined to no pinned mass falls for ever"));
            return -1;
        }
    }
    info->residual = scale > 0.0 ? norm / scale : 0.0;
    if (!(norm <= EQ_TOL * scale)) {
        snprintf(err, errlen,
                 P_("Newton's method found no static equilibrium (after %d iteration the forces cancel only to %.3g "
                    "of their size)",
                    "Newton's method found no static equilibrium (after %d iterations the forces cancel only to %.3g "
                    "of their size)", info->iterations),
                 info->iterations, info->residual);
        return -1;
    }
    return 0;
}

int net_equilibrium(const net_network *net, double *y, net_equilibrium_info *info, char *err, size_t errlen)
{
    *info = (net_equilibrium_info){.state = NET_STATE_REST};
    net_rest_state(net, y);
    size_t free_masses = 0;
    bool any_pinned = false;
    for (size_t i = 0; i < net->n_masses; i++)
        free_masses += !net->pinned[i], any_pinned |= net->pinned[i];
    if (net->law != NET_LAW_HOOKE || free_masses == 0 || 2 * free_masses > NET_MODES_MAX_DOF) {
        /* TRANSLATORS: never 1 mass: the limit is hundreds */
        snprintf(err, errlen, _("a static equilibrium needs Hooke's law and 1 to %u free masses"),
                 NET_MODES_MAX_DOF / 2);
        return NET_ERR_INPUT;
    }
    gsl_set_error_handler_off();
    const size_t n = net->n_masses, dofs = 2 * free_masses;
    const bool falling = !any_pinned && (net->gravity_x != 0.0 || net->gravity_y != 0.0);
    eq_work w = {.net = net, .n = n, .dofs = dofs, .gx = falling ? 0.0 : net->gravity_x,
                 .gy = falling ? 0.0 : net->gravity_y, .dof = malloc(n * sizeof *w.dof),
                 .force = malloc(4 * n * sizeof *w.force), .f = malloc(dofs * sizeof *w.f),
                 .f_try = malloc(dofs * sizeof *w.f_try), .dq = malloc(dofs * sizeof *w.dq),
                 .y_try = malloc(4 * n * sizeof *w.y_try), .K = gsl_matrix_alloc(dofs, dofs),
                 .A = gsl_matrix_alloc(dofs, dofs)};
    int rc = NET_ERR_MEMORY;
    if (w.dof && w.force && w.f && w.f_try && w.dq && w.y_try && w.K && w.A) {
        for (size_t i = 0, f = 0; i < n; i++)
            w.dof[i] = net->pinned[i] ? SIZE_MAX : 2 * f++;
        /* the rest configuration's stiffness first: a spring whose masses coincide there has no direction */
        rc = net_tangent_matrices(net, y, w.dof, false, w.K, NULL, err, errlen);
        if (rc == NET_OK)
            rc = newton(&w, y, info, err, errlen) ? NET_ERR_INPUT : NET_OK;
        info->state = falling ? NET_STATE_FALLING : info->iterations > 0 ? NET_STATE_EQUILIBRIUM : NET_STATE_REST;
    }
    free(w.dof), free(w.force), free(w.f), free(w.f_try), free(w.dq), free(w.y_try);
    gsl_matrix_free(w.K), gsl_matrix_free(w.A);
    return rc;
}
