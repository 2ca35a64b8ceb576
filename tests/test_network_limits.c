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
#include <gsl/gsl_eigen.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/network.h"
#include "helpers/check_main.h"

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
    double complex lambda[128];
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

int main(void)
{
    Suite *s = suite_create("network_limits");
    TCase *tc = tcase_create("coupled");
    tcase_add_test(tc, four_with_a_stiff_damped_diagonal);
    tcase_add_test(tc, one_mass_at_a_double_eigenvalue);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
