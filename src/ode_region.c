/* ode: stability functions and stability regions in the complex plane z = h lambda, from the method table's step
 * matrices (ode_table.c). See include/numlab/ode.h.
 *
 * Every row's step matrix is of the mode x'' = -w2 x - g x', y' = A y with A = [[0, 1], [-w2, -g]], whose roots are
 * the eigenvalues of A. Taking w2 = |z|^2 and g = -2 Re z (h = 1) makes them z and conj z. A method defined on any
 * first-order system is a function of hA on a linear one (it commutes with a change of variables), M = R(A), and
 * A's eigenvector for z is (1, z): M (1, z) = R(z) (1, z), so R(z) = M[0] + M[1] z, exactly, with no eigenvalue
 * solve (which would lose half the digits where the two roots meet, on the real axis). */
#include "numlab/ode.h"

#include <math.h>

static bool mode_matrix_at(const ode_method_info *info, double re, double im, double M[4])
{
    if (!info || !info->mode_matrix)
        return false;
    info->mode_matrix(re * re + im * im, -2.0 * re, 1.0, M);
    return true;
}

int ode_stability_function(const ode_method_info *info, double re, double im, double *r_re, double *r_im)
{
    double M[4];
    if (!(info && (info->applies & ODE_APPLIES_FIRST_ORDER)) || !mode_matrix_at(info, re, im, M)) {
        *r_re = *r_im = NAN;
        return -1;
    }
    *r_re = M[0] + M[1] * re;
    *r_im = M[1] * im;
    return 0;
}

double ode_amplification_at(const ode_method_info *info, double re, double im)
{
    double r_re, r_im, M[4];
    if (ode_stability_function(info, re, im, &r_re, &r_im) == 0)
        return isfinite(r_re) && isfinite(r_im) ? hypot(r_re, r_im) : INFINITY;
    if (!mode_matrix_at(info, re, im, M))
        return NAN;
    /* semi, Verlet: the larger eigenvalue modulus, from the trace and the determinant */
    const double tr = M[0] + M[3], det = M[0] * M[3] - M[1] * M[2], disc = 0.25 * tr * tr - det;
    if (!isfinite(disc))
        return INFINITY;
    return disc < 0.0 ? sqrt(det) : 0.5 * fabs(tr) + sqrt(disc);
}

/* Outside the region: grows (a NAN, which only a pole's inf - inf makes, counts as growing). */
static bool grows(const ode_method_info *info, double x, double y)
{
    return !(ode_amplification_at(info, x, y) <= 1.0);
}

/* The crossing on the segment from a to b, whose ends lie on either side of the boundary, by bisection. */
static ode_point bisect(const ode_method_info *info, ode_point a, ode_point b, double tol)
{
    const bool a_grows = grows(info, a.x, a.y);
    while (fabs(b.x - a.x) + fabs(b.y - a.y) > tol) {
        const ode_point mid = {0.5 * (a.x + b.x), 0.5 * (a.y + b.y)};
        if (mid.x == a.x && mid.y == a.y)
            break;  /* the two ends are adjacent doubles */
        if (grows(info, mid.x, mid.y) == a_grows)
            a = mid;
        else
            b = mid;
    }
    return (ode_point){0.5 * (a.x + b.x), 0.5 * (a.y + b.y)};
}

static ode_point vertex(const double box[4], int nx, int ny, int i, int j)
{
    return (ode_point){box[0] + (box[1] - box[0]) * i / nx, box[2] + (box[3] - box[2]) * j / ny};
}

size_t ode_region_boundary(const ode_method_info *info, const double box[4], int nx, int ny, ode_point *out,
                           size_t max)
{
    if (!info || !info->mode_matrix || nx < 1 || ny < 1 || nx > 100000 || ny > 100000 || !(box[1] > box[0]) ||
        !(box[3] > box[2]) || !isfinite(box[1] - box[0]) || !isfinite(box[3] - box[2]))
        return 0;
    const double tol = 1e-15 * fmax(box[1] - box[0], box[3] - box[2]);
    size_t n = 0;
    /* horizontal edges, then vertical ones, each row by row: the vertices' verdicts are recomputed per edge (a few
     * flops each) rather than stored */
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j <= ny - (pass == 1); j++)
            for (int i = 0; i <= nx - (pass == 0); i++) {
                const ode_point a = vertex(box, nx, ny, i, j);
                const ode_point b = pass == 0 ? vertex(box, nx, ny, i + 1, j) : vertex(box, nx, ny, i, j + 1);
                if (grows(info, a.x, a.y) == grows(info, b.x, b.y))
                    continue;
                if (n < max)
                    out[n] = bisect(info, a, b, tol);
                n++;
            }
    return n;
}
