/* network: the coupled step limits (the 2n x 2n step matrix, net_limits.c) against an independent computation.
 *
 * Where the dampers couple the modes, net_limits.c scans and bisects h on the spectral radius of each method's
 * step matrix M(h), with a slack of 1e-6 on rho. Explicit Euler and RK4 have M(h) = R(hA) for their stability
 * polynomial R (1 + z; 1 + z + z^2/2 + z^3/6 + z^4/24), so rho(M) <= 1 exactly when |R(h lambda)| <= 1 for every
 * eigenvalue lambda of A = [[0, I], [-M^-1 K, -M^-1 C]]. Here K and C are assembled from the geometry (sum of
 * k u u^T and c u u^T over the springs, at rest length), A's eigenvalues taken once by GSL's nonsymmetric solver
 * (an eigenproblem of A, not of M(h)), and rho(M(h)) = max |R(h lambda)| evaluated at the limits the code prints.
 * The slack's effect on the limit is slack / (h d rho/dh): 5e-7 relative for a real lambda, but 1e-6 / (2 zeta^2)
 * for a lightly damped mode (2e-4 at zeta = 0.05), which is why the contract is stated on rho, not on h. */
#include <check.h>
#include <complex.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/network.h"
#include "numlab/ode.h"
#include "helpers/check_main.h"
#include "helpers/net_motion.h"

/* A's eigenvalues for the free masses of net, linearised about rest; returns how many (2 x 2 x free masses). */
static size_t eigenvalues_of_a(const net_network *net, double complex *lambda)
{
    size_t index[64], n = 0;
    for (size_t i = 0; i < net->n_masses; i++)
        index[i] = net->pinned[i] ? SIZE_MAX : n++;
    const size_t dof = 2 * n;
    gsl_matrix *A = gsl_matrix_calloc(2 * dof, 2 * dof);
    for (size_t r = 0; r < dof; r++)
        gsl_matrix_set(A, r, dof + r, 1.0);
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t a = net->si[s], b = net->sj[s];
        const double dx = net->rest_x[b] - net->rest_x[a], dy = net->rest_y[b] - net->rest_y[a];
        const double len = hypot(dx, dy), u[2] = {dx / len, dy / len};
        for (int p = 0; p < 2; p++)
            for (int q = 0; q < 2; q++)
                for (int side = 0; side < 2; side++) {  /* the force on a from (x_a - x_b), and on b likewise */
                    const size_t me = side ? b : a, other = side ? a : b;
                    if (index[me] == SIZE_MAX)
                        continue;
                    const size_t row = dof + 2 * index[me] + (size_t)p;
                    const double kk = net->k[s] * u[p] * u[q] / net->mass[me];
                    const double cc = net->damp[s] * u[p] * u[q] / net->mass[me];
                    *gsl_matrix_ptr(A, row, 2 * index[me] + (size_t)q) -= kk;
                    *gsl_matrix_ptr(A, row, dof + 2 * index[me] + (size_t)q) -= cc;
                    if (index[other] != SIZE_MAX) {
                        *gsl_matrix_ptr(A, row, 2 * index[other] + (size_t)q) += kk;
                        *gsl_matrix_ptr(A, row, dof + 2 * index[other] + (size_t)q) += cc;
                    }
                }
    }
    gsl_vector_complex *eval = gsl_vector_complex_alloc(2 * dof);
    gsl_eigen_nonsymm_workspace *ws = gsl_eigen_nonsymm_alloc(2 * dof);
    ck_assert_int_eq(gsl_eigen_nonsymm(A, eval, ws), 0);
    for (size_t i = 0; i < 2 * dof; i++) {
        const gsl_complex z = gsl_vector_complex_get(eval, i);
        lambda[i] = GSL_REAL(z) + GSL_IMAG(z) * I;
    }
    gsl_eigen_nonsymm_free(ws);
    gsl_vector_complex_free(eval);
    gsl_matrix_free(A);
    return 2 * dof;
}

/* The stability polynomials: explicit Euler 1 + z, RK4's Taylor polynomial, and GSL's rk4 (two half steps). */
static double complex rk4_r(double complex z)
{
    return 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
}

static double modulus(net_method method, double complex z)
{
    switch (method) {
    case NET_EXPLICIT: return cabs(1.0 + z);
    case NET_RK4:      return cabs(rk4_r(z));
    default:           return cabs(rk4_r(z / 2.0) * rk4_r(z / 2.0));  /* NET_GSL_RK4 */
    }
}

typedef struct {
    double complex lambda[256];
    size_t count;
    double gap;  /* the least relative distance between two of them: how close A is to a Jordan block */
} spectrum;

/* A's eigenvalues without the rigid motions (|lambda| ~ 0: they bound nothing) */
static spectrum spectrum_of(const net_network *net)
{
    spectrum sp = {.gap = INFINITY};
    double complex all[128];
    const size_t count = eigenvalues_of_a(net, all);
    double scale = 0.0;
    for (size_t i = 0; i < count; i++)
        scale = fmax(scale, cabs(all[i]));
    for (size_t i = 0; i < count; i++)
        if (cabs(all[i]) >= 1e-6 * scale)
            sp.lambda[sp.count++] = all[i];
    for (size_t i = 0; i < sp.count; i++)
        for (size_t j = i + 1; j < sp.count; j++)
            sp.gap = fmin(sp.gap, cabs(sp.lambda[i] - sp.lambda[j]) / cabs(sp.lambda[i]));
    return sp;
}

/* rho(R(hA)) = max |R(h lambda)| */
static double rho(const spectrum *sp, net_method method, double h)
{
    double r = 0.0;
    for (size_t i = 0; i < sp->count; i++)
        r = fmax(r, modulus(method, h * sp->lambda[i]));
    return r;
}

/* The first h at which |R(h lambda)| > 1 along lambda's ray: a scan in steps of 1/4000 of 6/|lambda| (every
 * crossing of these three is below 5.6/|lambda|: gsl-rk4's real-axis edge), then bisection to 1e-15. */
static double edge_on_ray(net_method method, double complex lambda)
{
    const double top = 6.0 / cabs(lambda);
    double lo = 0.0, hi = top;
    for (int i = 1; i <= 4000; i++) {
        hi = top * i / 4000.0;
        if (modulus(method, hi * lambda) > 1.0)
            break;
        lo = hi;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
        const double mid = 0.5 * (lo + hi);
        *(modulus(method, mid * lambda) > 1.0 ? &hi : &lo) = mid;
    }
    return lo;
}

/* The least edge over the spectrum: explicit Euler's in closed form, -2 Re(lambda) / |lambda|^2; the others' by
 * edge_on_ray. */
static double least_edge(const spectrum *sp, net_method method)
{
    double edge = INFINITY;
    for (size_t i = 0; i < sp->count; i++)
        edge = fmin(edge, method == NET_EXPLICIT
                              ? -2.0 * creal(sp->lambda[i]) / (cabs(sp->lambda[i]) * cabs(sp->lambda[i]))
                              : edge_on_ray(method, sp->lambda[i]));
    return edge;
}

/* network.h's contract: stable for h below the limit, and the limit is the edge. Independently: the least edge over
 * A's eigenvalues, to 1e-6 relative (the code bisects to 1e-9; a slack eps on rho moves the limit by about
 * eps / (2 zeta^2), 1e-5 for eps = 1e-8 at zeta = 0.02: the lightly damped modes here), and rho at the printed
 * limit at most 1 + 1e-8 (the eigensolver's error near a double eigenvalue, ~sqrt(eps)). With the rigid motions'
 * Jordan blocks left in, the code needed a slack of 1e-6 and printed limits up to 0.1% past the edge here. Explicit
 * Euler's edge is also the closed form -2 Re(lambda) / |lambda|^2, which checks the scan. */
static void check_limits(const net_network *net)
{
    char err[256];
    net_modes m;
    ck_assert_msg(net_modes_compute(net, &m, err, sizeof err) == NET_OK, "%s", err);
    ck_assert_int_eq(m.damping, NET_DAMPING_COUPLED);
    const spectrum sp = spectrum_of(net);
    const net_method methods[] = {NET_EXPLICIT, NET_RK4, NET_GSL_RK4};
    for (size_t q = 0; q < sizeof methods / sizeof methods[0]; q++) {
        double edge = INFINITY, closed = INFINITY;
        for (size_t i = 0; i < sp.count; i++) {
            edge = fmin(edge, edge_on_ray(methods[q], sp.lambda[i]));
            closed = fmin(closed, -2.0 * creal(sp.lambda[i]) / (cabs(sp.lambda[i]) * cabs(sp.lambda[i])));
        }
        if (methods[q] == NET_EXPLICIT)
            ck_assert_msg(fabs(edge / closed - 1.0) < 1e-12, "the scan: %.15g, the closed form %.15g", edge, closed);
        const double h = m.limit[methods[q]], at = rho(&sp, methods[q], h);
        ck_assert_msg(fabs(h / edge - 1.0) < 1e-6, "%s: limit %.12g, the edge %.12g (c %g)",
                      net_method_name(methods[q]), h, edge, net->damp[0]);
        ck_assert_msg(at <= 1.0 + 1e-8, "%s: rho(M(%.12g)) = 1 + %.3g (c %g)", net_method_name(methods[q]), h,
                      at - 1.0, net->damp[0]);
    }
    net_modes_destroy(&m);
}

START_TEST(four_with_a_stiff_damped_diagonal)
{
    /* the network post's four masses, free, every spring k = 10 and c = 10 but the diagonal 0-2 at k = 2000: c/k
     * differs, so C is not proportional to K (network-lab's step 4 with dampers) */
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults("four", &p), 0);
    p.k = 10.0, p.c = 10.0;
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("four", &p, &net), NET_OK);
    net->k[4] = 2000.0;
    check_limits(net);
    net_free(net);
}
END_TEST

/* One mass (m = 1) at the origin held by two springs to pinned anchors at 0 and 60 degrees, k1 = 100, k2 = 300,
 * damped by c along the first only (C = c u1 u1^T does not commute with K). */
static net_network *two_anchors(double c)
{
    net_network *net = net_new();
    ck_assert_ptr_nonnull(net);
    ck_assert_int_eq(net_add_mass(net, 0.0, 0.0, 1.0, false), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 1.0, 0.0, 1.0, true), NET_OK);
    ck_assert_int_eq(net_add_mass(net, 0.5, sqrt(0.75), 1.0, true), NET_OK);
    ck_assert_int_eq(net_add_spring(net, 0, 1, 100.0, 1.0, c), NET_OK);
    ck_assert_int_eq(net_add_spring(net, 0, 2, 300.0, 1.0, 0.0), NET_OK);
    return net;
}

START_TEST(one_mass_at_a_double_eigenvalue)
{
    /* As c grows, the pair of A's eigenvalues of the mode along the damper (-9.5 +- 0.9i at c = 22.2) meets on the
     * real axis (its critical damping: a double eigenvalue, a Jordan block, where an eigensolver's error grows like
     * sqrt(eps)) and parts again. The scan brackets the meeting (the least relative gap over c = 1 .. 400 in steps
     * of 0.1), a ternary search on the gap narrows it to a gap under 1e-3; the limits are checked there, around it
     * and at a light and a heavy damping. (The four's free translations are the other Jordan block: lambda = 0,
     * x growing linearly with v, the one the slack is for.) */
    double closest = INFINITY, c_closest = 0.0;
    for (int i = 0; i <= 3990; i++) {
        const double c = 1.0 + 0.1 * i;
        net_network *net = two_anchors(c);
        const double gap = spectrum_of(net).gap;
        if (gap < closest)
            closest = gap, c_closest = c;
        net_free(net);
    }
    double lo = c_closest - 0.1, hi = c_closest + 0.1;
    for (int i = 0; i < 80; i++) {
        const double a = lo + (hi - lo) / 3.0, b = hi - (hi - lo) / 3.0;
        net_network *na = two_anchors(a), *nb = two_anchors(b);
        *(spectrum_of(na).gap < spectrum_of(nb).gap ? &hi : &lo) = spectrum_of(na).gap < spectrum_of(nb).gap ? b : a;
        net_free(na), net_free(nb);
    }
    const double c_meet = 0.5 * (lo + hi);
    net_network *meet = two_anchors(c_meet);
    closest = spectrum_of(meet).gap;
    net_free(meet);
    ck_assert_msg(closest < 1e-3, "the premise: a double eigenvalue at c = %.9g (gap %g)", c_meet, closest);
    const double cs[] = {c_meet, c_meet - 1e-4, c_meet + 1e-4, c_meet - 0.1, c_meet + 0.1, 2.0, 300.0};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        net_network *net = two_anchors(cs[i]);
        check_limits(net);
        net_free(net);
    }
}
END_TEST

/* --- at the state the network runs at ----------------------------------------------------------------------- */

static net_network *preset_at(const char *name, long n, double c_scale, int gravity)
{
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults_at(name, n, &p), 0);
    if (!(p.c > 0.0))
        p.c = 0.02 * sqrt(p.k * p.m);  /* four and chain are undamped by default: a damping ratio of 0.01 */
    p.c *= c_scale;
    net_network *net = NULL;
    ck_assert_int_eq(net_preset(name, &p, &net), NET_OK);
    if (gravity >= 0)
        net_set_gravity(net, 0.0, gravity ? -9.81 : 0.0);
    return net;
}

/* The state's coordinates of the free masses (positions, then velocities) into a new array of *count. */
static size_t *free_coordinates(const net_network *net, size_t *count)
{
    const size_t n = net->n_masses;
    size_t *coord = malloc(4 * n * sizeof *coord);
    ck_assert_ptr_nonnull(coord);
    *count = 0;
    for (size_t part = 0; part < 4; part++)
        for (size_t i = 0; i < n; i++)
            if (!net->pinned[i])
                coord[(*count)++] = part * n + i;
    return coord;
}

/* The free coordinates' part of the step of `method` linearised about y_eq, by central differences on the real
 * integrator (eps 1e-6: its error ~1e-11 against the rho margins of 1e-6 checked below), and its spectral radius
 * (balanced GSL nonsymmetric eigensolver). */
static double integrator_radius(net_network *net, const double *y_eq, net_method method, double h)
{
    const size_t dim = net_dim(net);
    size_t count, *coord = free_coordinates(net, &count);
    gsl_matrix *M = gsl_matrix_alloc(count, count);
    double *plus = malloc(dim * sizeof *plus), *minus = malloc(dim * sizeof *minus);
    const double eps = 1e-6;
    for (size_t c = 0; c < count; c++) {
        double *ys[2] = {plus, minus};
        for (int side = 0; side < 2; side++) {
            memcpy(ys[side], y_eq, dim * sizeof *plus);
            ys[side][coord[c]] += side ? -eps : eps;
            net_integrator *it = net_integrator_new(net, method, h, 1e-8);
            double t = 0.0;
            ck_assert_int_eq(net_integrator_step(it, &t, ys[side]), 0);
            net_integrator_free(it);
        }
        for (size_t r = 0; r < count; r++)
            gsl_matrix_set(M, r, c, (plus[coord[r]] - minus[coord[r]]) / (2.0 * eps));
    }
    gsl_vector_complex *eval = gsl_vector_complex_alloc(count);
    gsl_eigen_nonsymm_workspace *ws = gsl_eigen_nonsymm_alloc(count);
    gsl_eigen_nonsymm_params(0, 1, ws);
    ck_assert_int_eq(gsl_eigen_nonsymm(M, eval, ws), 0);
    double rho = 0.0;
    for (size_t q = 0; q < count; q++)
        rho = fmax(rho, gsl_complex_abs(gsl_vector_complex_get(eval, q)));
    gsl_eigen_nonsymm_free(ws), gsl_vector_complex_free(eval), gsl_matrix_free(M);
    free(plus), free(minus), free(coord);
    return rho;
}

/* A's eigenvalues over the free masses at y, from net_jacobian (net_integrate.c's blocks, with their geometric
 * term: other code than net_modes.c's Hessian) */
static spectrum spectrum_at(net_network *net, const double *y)
{
    const size_t dim = net_dim(net);
    size_t count, *coord = free_coordinates(net, &count);
    ck_assert_uint_le(count, 256);
    double *J = malloc(dim * dim * sizeof *J), *dfdt = malloc(dim * sizeof *dfdt);
    net_jacobian(0.0, y, J, dfdt, net);
    gsl_matrix *A = gsl_matrix_alloc(count, count);
    for (size_t r = 0; r < count; r++)
        for (size_t c = 0; c < count; c++)
            gsl_matrix_set(A, r, c, J[coord[r] * dim + coord[c]]);
    gsl_vector_complex *eval = gsl_vector_complex_alloc(count);
    gsl_eigen_nonsymm_workspace *ws = gsl_eigen_nonsymm_alloc(count);
    gsl_eigen_nonsymm_params(0, 1, ws);
    ck_assert_int_eq(gsl_eigen_nonsymm(A, eval, ws), 0);
    spectrum sp = {.gap = INFINITY};
    for (size_t q = 0; q < count; q++) {
        const gsl_complex z = gsl_vector_complex_get(eval, q);
        sp.lambda[sp.count++] = GSL_REAL(z) + GSL_IMAG(z) * I;
    }
    gsl_eigen_nonsymm_free(ws), gsl_vector_complex_free(eval), gsl_matrix_free(A);
    free(J), free(dfdt), free(coord);
    return sp;
}

START_TEST(limits_at_the_sagged_cloth)
{
    /* The 6 x 6 cloth (--preset grid --n 6) hangs at its static equilibrium, its springs stretched: the geometric
     * stiffness couples the modes. Each printed limit is the edge of its method there: explicit Euler's the least
     * -2 Re(lambda) / |lambda|^2, rk4's and gsl-rk4's the least edge of |R(h lambda)| <= 1 over A's eigenvalues
     * (from net_jacobian at the equilibrium), to 1e-6; and for all five fixed-step methods the step of the real
     * integrator, linearised about the equilibrium by central differences, has rho <= 1 at 0.99 of the limit and
     * rho > 1 + 1e-6 at 1.01 (semi-implicit's and Verlet's limits come from their mu = -1 crossing, this checks
     * that no pair leaves the circle elsewhere first). */
    net_network *net = preset_at("grid", 6, 1.0, -1);
    net_modes m;
    char err[256];
    ck_assert_msg(net_modes_compute(net, &m, err, sizeof err) == NET_OK, "%s", err);
    ck_assert_int_eq(m.at.state, NET_STATE_EQUILIBRIUM);
    ck_assert_int_eq(m.damping, NET_DAMPING_COUPLED);
    const spectrum sp = spectrum_at(net, m.y);
    const net_method by_roots[] = {NET_EXPLICIT, NET_RK4, NET_GSL_RK4};
    for (size_t q = 0; q < 3; q++) {
        const double edge = least_edge(&sp, by_roots[q]);
        ck_assert_msg(fabs(m.limit[by_roots[q]] / edge - 1.0) < 1e-6, "%s: limit %.12g, the edge %.12g",
                      net_method_name(by_roots[q]), m.limit[by_roots[q]], edge);
    }
    const net_method fixed[] = {NET_EXPLICIT, NET_SEMI, NET_RK4, NET_GSL_RK4, NET_VERLET};
    for (size_t q = 0; q < 5; q++) {
        const double h = m.limit[fixed[q]];
        const double below = integrator_radius(net, m.y, fixed[q], 0.99 * h);
        const double above = integrator_radius(net, m.y, fixed[q], 1.01 * h);
        ck_assert_msg(below <= 1.0 && above > 1.0 + 1e-6, "%s: rho %.12g at 0.99 x %g s, %.12g at 1.01 x",
                      net_method_name(fixed[q]), below, h, above);
    }
    net_modes_destroy(&m);
    net_free(net);
}
END_TEST

START_TEST(the_reported_case)
{
    /* The case found by trying the lab: `network-lab --csv --preset grid --n 6 --dt 0.005700000000019 --kick 0.5 --steps 20000 --method
     * explicit` diverged at step 16892, at 0.95 of the 6.000 ms limit printed about rest (c/k, Rayleigh there).
     * The limit now printed is the sagged equilibrium's, 3.21 ms; the same run (from rest, the lab's kick of 0.5 m/s,
     * seed 1) stays bounded at 0.95 of it, and from the equilibrium plus a small kick the motion grows at 1.05 and
     * at the old 0.95 x 6 ms. Verlet, bounded at 1.05 of its old limit, grows at 1.05 of the new one. */
    net_network *net = preset_at("grid", 6, 1.0, -1);
    net_modes m;
    char err[256];
    ck_assert_msg(net_modes_compute(net, &m, err, sizeof err) == NET_OK, "%s", err);
    const double h = m.limit[NET_EXPLICIT];
    ck_assert_msg(h > 0.0031 && h < 0.0033, "explicit's limit %g", h);
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y);
    const double steps_dt[2] = {0.005700000000019, 0.95 * h};
    long diverged_at[2];
    for (int k = 0; k < 2; k++) {
        net_rest_state(net, y);
        ck_assert_int_eq(net_kick(net, y, 0.5, 1), NET_OK);
        const double limit = net_divergence_limit(y, dim);
        net_integrator *it = net_integrator_new(net, NET_EXPLICIT, steps_dt[k], 0.0);
        double t = 0.0;
        diverged_at[k] = 0;
        for (long s = 1; s <= 20000 && !diverged_at[k]; s++) {
            ck_assert_int_eq(net_integrator_step(it, &t, y), 0);
            if (ode_state_diverged(y, dim, limit))
                diverged_at[k] = s;
        }
        net_integrator_free(it);
    }
    ck_assert_int_eq(diverged_at[0], 16892);  /* the run, as the lab does it */
    ck_assert_int_eq(diverged_at[1], 0);
    free(y);
    ck_assert(!net_motion_run(net, m.y, NET_EXPLICIT, 0.95 * h, 200000, 1e-3, 7).grew);
    ck_assert(net_motion_run(net, m.y, NET_EXPLICIT, 1.05 * h, 200000, 1e-3, 7).grew);
    ck_assert(net_motion_run(net, m.y, NET_EXPLICIT, 0.0057, 200000, 1e-3, 7).grew);
    ck_assert(net_motion_run(net, m.y, NET_VERLET, 1.05 * m.limit[NET_VERLET], 20000, 1e-3, 7).grew);
    net_modes_destroy(&m);
    net_free(net);
}
END_TEST

/* Every printed positive limit of the five fixed-step methods holds at 0.95 and fails at 1.05 in a long run of the
 * nonlinear network from the state the limits hold at plus a small kick (net_motion.h). How long: at 1.05 the
 * critical mode's energy grows by rho^2 a step, rho the spectral radius of the real integrator's step linearised
 * there (integrator_radius; a free body's rigid motions make that 1 + noise, so its runs take the defaults);
 * ln(1e8) / (2 ln rho) steps let it grow from a share of 1e-5 of the kick's energy past 1000 times the kick's, and
 * a run takes at least that (at least 20,000 steps; explicit Euler's critical mode, lightly damped, needs about
 * 10^5). Where that is over 2,000,000 steps (explicit Euler on a hanging chain: its swinging modes barely stretch
 * the springs, so their dampers barely act, and the limit 2 zeta / w is microseconds, where rho(1.05 h) - 1 is
 * under the differences' error) no run shows the growth; there the edge of |R(h lambda)| <= 1 over A's eigenvalues
 * (from net_jacobian) stands for it, and the run at 0.95 must still hold.
 * A limit of 0 (explicit Euler with an undamped mode) has no 0.95 to run. */
static void long_runs_confirm(const char *name, long n, double c_scale, int gravity)
{
    net_network *net = preset_at(name, n, c_scale, gravity);
    net_modes m;
    char err[256];
    ck_assert_msg(net_modes_compute(net, &m, err, sizeof err) == NET_OK, "%s", err);
    bool free_body = true;
    for (size_t i = 0; i < net->n_masses; i++)
        free_body &= !net->pinned[i];
    const net_method fixed[] = {NET_EXPLICIT, NET_SEMI, NET_RK4, NET_GSL_RK4, NET_VERLET};
    for (size_t q = 0; q < 5; q++) {
        const double h = m.limit[fixed[q]];
        ck_assert_msg(h >= 0.0 && isfinite(h), "%s %ld (c x %g, gravity %d): %s's limit %g", name, n, c_scale,
                      gravity, net_method_name(fixed[q]), h);
        if (h == 0.0)
            continue;
        long steps = fixed[q] == NET_EXPLICIT ? 200000 : 20000;
        bool observable = true;
        if (!free_body) {
            const double rho_above = integrator_radius(net, m.y, fixed[q], 1.05 * h);
            const double rho_below = integrator_radius(net, m.y, fixed[q], 0.95 * h);
            /* undamped, rho is 1 at 0.95 (a pair on the circle): to the differences' error, 1e-8 */
            ck_assert_msg(rho_below <= 1.0 + 1e-8, "%s %ld: %s linearised: rho %.15g at 0.95", name, n,
                          net_method_name(fixed[q]), rho_below);
            const double needed = rho_above > 1.0 + 1e-8 ? log(1e8) / (2.0 * log(rho_above)) : INFINITY;
            observable = needed <= 2e6;
            if (observable && needed > (double)steps)
                steps = (long)needed + 1;
        }
        if (!observable) {
            /* growth too slow for a run and for the differences: the edge of |R(h lambda)| <= 1 over A's
             * eigenvalues there (net_jacobian), for a method with M = R(hA) */
            ck_assert_msg(fixed[q] == NET_EXPLICIT || fixed[q] == NET_RK4 || fixed[q] == NET_GSL_RK4,
                          "%s %ld: %s's growth at 1.05 is too slow to see", name, n, net_method_name(fixed[q]));
            const spectrum sp = spectrum_at(net, m.y);
            const double edge = least_edge(&sp, fixed[q]);
            ck_assert_msg(fabs(h / edge - 1.0) < 1e-6, "%s %ld: %s's limit %.12g, the edge %.12g", name, n,
                          net_method_name(fixed[q]), h, edge);
        }
        const net_motion below = net_motion_run(net, m.y, fixed[q], 0.95 * h, steps, 1e-3, 7);
        const net_motion above = observable ? net_motion_run(net, m.y, fixed[q], 1.05 * h, steps, 1e-3, 7)
                                            : (net_motion){.grew = true};
        ck_assert_msg(!below.grew && above.grew,
                      "%s %ld (c x %g, gravity %d, %s): %s, limit %g s, %ld steps: at 0.95 %s (peak %g), at 1.05 %s "
                      "(peak %g)", name, n, c_scale, gravity, net_state_name(m.at.state), net_method_name(fixed[q]), h,
                      steps, below.grew ? "grew" : "held", below.peak, above.grew ? "grew" : "held", above.peak);
    }
    net_modes_destroy(&m);
    net_free(net);
}

START_TEST(long_runs_at_the_state)
{
    long_runs_confirm("grid", 6, 0.0, -1);  /* the cloth sagged, undamped */
    long_runs_confirm("chain", 8, 1.0, 1);  /* a chain sagging under gravity, damped: coupled */
    long_runs_confirm("four", 0, 1.0, 1);   /* the four falling, damped */
}
END_TEST

/* NUMLAB_SLOW=1: every preset with and without gravity and damping (a few minutes; docs/testing.md) */
START_TEST(long_runs_every_preset)
{
    static const struct {
        const char *name;
        long n;
    } presets[] = {{"four", 0}, {"chain", 8}, {"grid", 6}, {"grid", 10}};
    for (size_t p = 0; p < sizeof presets / sizeof presets[0]; p++)
        for (int gravity = 0; gravity <= 1; gravity++)
            for (int damped = 0; damped <= 1; damped++)
                long_runs_confirm(presets[p].name, presets[p].n, damped, gravity);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("network_limits");
    TCase *tc = tcase_create("coupled");
    tcase_add_test(tc, four_with_a_stiff_damped_diagonal);
    tcase_add_test(tc, one_mass_at_a_double_eigenvalue);
    suite_add_tcase(s, tc);
    TCase *state = tcase_create("state");
    tcase_set_timeout(state, 240);  /* 10^5-step runs, also under the sanitizers */
    tcase_add_test(state, limits_at_the_sagged_cloth);
    tcase_add_test(state, the_reported_case);
    tcase_add_test(state, long_runs_at_the_state);
    suite_add_tcase(s, state);
    const char *slow = getenv("NUMLAB_SLOW");
    if (slow && strcmp(slow, "1") == 0) {
        TCase *every = tcase_create("every preset");
        tcase_set_timeout(every, 3600);
        tcase_add_test(every, long_runs_every_preset);
        suite_add_tcase(s, every);
    }
    return run_suite(s);
}
