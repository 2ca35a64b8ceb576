/* network: normal modes about the state the network runs at, and the step limits they give.
 *
 * That state is its static equilibrium p0 (net_equilibrium.c: the rest configuration when nothing strains it, a
 * cloth's sagged shape under gravity). Near it the undamped network obeys M q'' = -K q (q = p - p0 of the free
 * masses), K the Hessian of the potential energy at p0 (gravity's is linear: it adds nothing). With
 * q = M^{-1/2} z this is z'' = -(M^{-1/2} K M^{-1/2}) z: the eigenvalues of the mass-weighted stiffness matrix are
 * the squared angular frequencies. For one spring, d = p_j - p_i, l = |d|, u = d/l, P = I - u u^T, the Hessian of
 * k (l - L)^2 / 2 is H = k (u u^T + (1 - L/l) P) in the blocks (i,i), (j,j) and -H in (i,j), (j,i): at rest length
 * the second term vanishes, and a stretched spring's (the sagged cloth's) adds stiffness across it (the geometric
 * stiffness of its tension). A step h is stable for semi-implicit Euler while h omega < 2 and for RK4 while
 * h omega <= 2 sqrt 2 (the eigenvalues of their undamped step matrices), so omega_max gives both undamped limits.
 * The dampers add M q'' = -K q - C q', C = sum c u u^T in the same blocks (the damper force c (dv.u) u, linear in
 * dv, along the springs' directions at p0): net_limits.c finds each method's damped limit from the step matrices
 * of that system. */
#include "net_internal.h"

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_sort_vector.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/lang.h"

/* The Hessian block of spring s at the positions of state y (x: y[0..n-1], y: y[n..2n-1]); -1 when its masses
 * coincide there and L > 0. */
static int spring_hessian(const net_network *net, const double *y, size_t s, double H[4])
{
    const size_t i = net->si[s], j = net->sj[s], n = net->n_masses;
    const double d[2] = {y[j] - y[i], y[n + j] - y[n + i]};
    const double k = net->k[s], L = net->rest[s], l = hypot(d[0], d[1]);
    if (!(l > 0.0)) {
        if (L > 0.0)
            return -1;
        H[0] = H[3] = k, H[1] = H[2] = 0.0;  /* L = 0: the energy is k |d|^2 / 2 */
        return 0;
    }
    const double u[2] = {d[0] / l, d[1] / l}, geometric = 1.0 - L / l;
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++)
            H[2 * r + c] = k * (u[r] * u[c] + geometric * ((r == c) - u[r] * u[c]));
    return 0;
}

/* The damper's block at the positions of y, c u u^T (0 where the masses coincide: the force has no direction). */
static void damper_block(const net_network *net, const double *y, size_t s, double D[4])
{
    const size_t i = net->si[s], j = net->sj[s], n = net->n_masses;
    const double d[2] = {y[j] - y[i], y[n + j] - y[n + i]}, l = hypot(d[0], d[1]);
    const double u[2] = {l > 0.0 ? d[0] / l : 0.0, l > 0.0 ? d[1] / l : 0.0};
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++)
            D[2 * r + c] = net->damp[s] * u[r] * u[c];
}

/* Adds sign * H into the matrix at free masses (a, b) (index SIZE_MAX: pinned, skipped), weighted by
 * 1/sqrt(m_a m_b) when mass is not NULL. */
static void add_weighted(gsl_matrix *A, const size_t *dof, const double *mass, size_t a, size_t b, double sign,
                         const double H[4])
{
    if (dof[a] == SIZE_MAX || dof[b] == SIZE_MAX)
        return;
    const double w = mass ? sign / sqrt(mass[a] * mass[b]) : sign;
    for (size_t r = 0; r < 2; r++)
        for (size_t c = 0; c < 2; c++) {
            double *e = gsl_matrix_ptr(A, dof[a] + r, dof[b] + c);
            *e += w * H[2 * r + c];
        }
}

int net_tangent_matrices(const net_network *net, const double *y, const size_t *dof, bool weighted, gsl_matrix *K,
                         gsl_matrix *C, char *err, size_t errlen)
{
    const double *mass = weighted ? net->mass : NULL;
    gsl_matrix_set_zero(K);
    if (C)
        gsl_matrix_set_zero(C);
    for (size_t s = 0; s < net->n_springs; s++) {
        double H[4], D[4];
        const size_t i = net->si[s], j = net->sj[s];
        if (spring_hessian(net, y, s, H)) {
            snprintf(err, errlen, _("spring %zu joins masses %zu and %zu, which coincide at rest while its rest length "
                                    "is %g: its stiffness has no direction there"), s, i, j, net->rest[s]);
            return NET_ERR_INPUT;
        }
        add_weighted(K, dof, mass, i, i, 1.0, H), add_weighted(K, dof, mass, j, j, 1.0, H);
        add_weighted(K, dof, mass, i, j, -1.0, H), add_weighted(K, dof, mass, j, i, -1.0, H);
        if (!C)
            continue;
        damper_block(net, y, s, D);
        add_weighted(C, dof, mass, i, i, 1.0, D), add_weighted(C, dof, mass, j, j, 1.0, D);
        add_weighted(C, dof, mass, i, j, -1.0, D), add_weighted(C, dof, mass, j, i, -1.0, D);
    }
    return NET_OK;
}

int net_modes_compute(const net_network *net, net_modes *out, char *err, size_t errlen)
{
    *out = (net_modes){0};
    if (net->law != NET_LAW_HOOKE) {
        snprintf(err, errlen, _("normal modes need Hooke's law: the %s force has no stiffness matrix"),
                 net_law_name(net->law));
        return NET_ERR_INPUT;
    }
    size_t free_masses = 0;
    for (size_t i = 0; i < net->n_masses; i++)
        free_masses += !net->pinned[i];
    const size_t dofs = 2 * free_masses;
    if (dofs == 0 || dofs > NET_MODES_MAX_DOF) {
        /* TRANSLATORS: never 1 mass: the limit is hundreds */
        snprintf(err, errlen, _("normal modes need 1 to %u free masses (a dense %u x %u matrix); this network has %zu"),
                 NET_MODES_MAX_DOF / 2, NET_MODES_MAX_DOF, NET_MODES_MAX_DOF, free_masses);
        return NET_ERR_INPUT;
    }
    gsl_set_error_handler_off();
    out->y = malloc(net_dim(net) * sizeof *out->y);
    if (!out->y)
        return NET_ERR_MEMORY;
    int rc = net_equilibrium(net, out->y, &out->at, err, errlen);
    if (rc) {
        net_modes_destroy(out);
        return rc;
    }
    size_t *dof = malloc(net->n_masses * sizeof *dof);
    gsl_matrix *A = gsl_matrix_alloc(dofs, dofs), *K = gsl_matrix_alloc(dofs, dofs), *C = gsl_matrix_alloc(dofs, dofs);
    gsl_vector *eval = gsl_vector_alloc(dofs);
    gsl_eigen_symm_workspace *ws = gsl_eigen_symm_alloc(dofs);
    rc = NET_ERR_MEMORY;
    if (!dof || !A || !K || !C || !eval || !ws)
        goto done;
    for (size_t i = 0, f = 0; i < net->n_masses; i++)
        dof[i] = net->pinned[i] ? SIZE_MAX : 2 * f++;
    if ((rc = net_tangent_matrices(net, out->y, dof, true, A, C, err, errlen)))
        goto done;
    gsl_matrix_memcpy(K, A);  /* gsl_eigen_symm destroys A */
    if (gsl_eigen_symm(A, eval, ws) != GSL_SUCCESS) {
        snprintf(err, errlen, "%s", _("GSL's symmetric eigen solver did not converge"));
        rc = NET_ERR_INPUT;
        goto done;
    }
    gsl_sort_vector(eval);
    out->omega2 = malloc(dofs * sizeof *out->omega2);
    rc = NET_ERR_MEMORY;
    if (!out->omega2)
        goto done;
    /* eigenvalues within round-off of 0 (rigid motions, sideways chain modes) are reported as exactly 0 */
    const double noise = 1e-12 * fabs(gsl_vector_get(eval, dofs - 1));
    for (size_t q = 0; q < dofs; q++) {
        double w2 = gsl_vector_get(eval, q);
        out->omega2[q] = fabs(w2) <= noise ? 0.0 : w2;
    }
    out->count = dofs;
    out->omega_max = sqrt(fmax(out->omega2[dofs - 1], 0.0));
    out->semi_limit = 2.0 / out->omega_max;             /* +inf when nothing is stiff */
    out->rk4_limit = 2.0 * sqrt(2.0) / out->omega_max;
    rc = net_limits_compute(net, out->y, K, C, out);
done:
    if (rc)
        net_modes_destroy(out);
    free(dof);
    gsl_matrix_free(A);
    gsl_matrix_free(K);
    gsl_matrix_free(C);
    gsl_vector_free(eval);
    if (ws)
        gsl_eigen_symm_free(ws);
    return rc;
}

void net_modes_destroy(net_modes *m)
{
    free(m->omega2);
    free(m->y);
    *m = (net_modes){0};
}
