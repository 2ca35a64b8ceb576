/* ode: stability functions and region boundaries (src/ode_region.c) against the methods' stability functions written
 * out here by hand, as polynomials and rationals in z (not from the step matrices ode_region.c reads). */
#include <check.h>
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/ode.h"
#include "helpers/check_main.h"

/* The closed forms on y' = lambda y, z = h lambda:
 *   explicit Euler   1 + z
 *   RK4              1 + z + z^2/2 + z^3/6 + z^4/24
 *   gsl-rk4          two RK4 steps of z/2
 *   backward Euler   1 / (1 - z)          (its first Newton iterate alone: the same on a linear system)
 *   midpoint         (1 + z/2) / (1 - z/2)
 *   TR-BDF2          (1 + (sqrt 2 - 1) z) / (1 - (1 - sqrt 2/2) z)^2   (tests/test_ode_tr_bdf2.c derives it) */
static double complex rk4_poly(double complex z)
{
    return 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
}

static double complex by_hand(ode_method m, double complex z)
{
    const double d = 1.0 - sqrt(2.0) / 2.0;
    switch (m) {
    case ODE_EXPLICIT_EULER:    return 1.0 + z;
    case ODE_RK4:               return rk4_poly(z);
    case ODE_BACKWARD_EULER:
    case ODE_LINEARISED_EULER:  return 1.0 / (1.0 - z);
    case ODE_IMPLICIT_MIDPOINT: return (1.0 + z / 2.0) / (1.0 - z / 2.0);
    case ODE_TR_BDF2:           return (1.0 + (sqrt(2.0) - 1.0) * z) / ((1.0 - d * z) * (1.0 - d * z));
    default:                    return NAN;
    }
}

static const ode_method with_r[] = {ODE_EXPLICIT_EULER, ODE_RK4, ODE_BACKWARD_EULER, ODE_LINEARISED_EULER,
                                    ODE_IMPLICIT_MIDPOINT, ODE_TR_BDF2};
#define N_WITH_R (sizeof with_r / sizeof with_r[0])

START_TEST(stability_functions_are_the_closed_forms)
{
    for (size_t q = 0; q < N_WITH_R; q++) {
        const ode_method_info *info = ode_method_about(with_r[q]);
        for (double x = -7.0; x <= 5.0; x += 0.37)
            for (double y = -6.0; y <= 6.0; y += 0.41) {
                double re, im;
                ck_assert_int_eq(ode_stability_function(info, x, y, &re, &im), 0);
                const double complex r = by_hand(with_r[q], x + I * y);
                /* relative to |R|: near TR-BDF2's double pole at 3.414 (|R| ~ 1e3) both forms lose digits */
                ck_assert_msg(cabs(re + I * im - r) <= 1e-12 * fmax(1.0, cabs(r)),
                              "%s at %g%+gi: %g%+gi, by hand %g%+gi", info->name, x, y, re, im, creal(r), cimag(r));
            }
    }
    /* gsl-rk4: two half steps */
    double re, im;
    ck_assert_int_eq(ode_stability_function(ode_gsl_about(ODE_GSL_RK4), -1.5, 2.0, &re, &im), 0);
    const double complex half = rk4_poly((-1.5 + 2.0 * I) / 2.0);
    ck_assert(cabs(re + I * im - half * half) < 1e-14);
    /* semi and Verlet have no stability function (their step treats x and v apart); the adaptive rows no matrix */
    ck_assert_int_eq(ode_stability_function(ode_method_about(ODE_SEMI_IMPLICIT), -1.0, 0.5, &re, &im), -1);
    ck_assert(isnan(re) && isnan(im));
    ck_assert(isnan(ode_amplification_at(ode_gsl_about(ODE_GSL_RKF45), -1.0, 0.5)));
    /* semi-implicit Euler on the undamped mode of roots +-iy has det M = 1 and trace 2 - y^2: modulus 1 up to y = 2
     * (its undamped limit), and beyond it the larger real eigenvalue |tr|/2 + sqrt(tr^2/4 - 1): at y = 2.5,
     * 2.125 + sqrt(2.125^2 - 1) = 4 */
    ck_assert_double_eq_tol(ode_amplification_at(ode_method_about(ODE_SEMI_IMPLICIT), 0.0, 1.9), 1.0, 1e-14);
    ck_assert_double_eq_tol(ode_amplification_at(ode_method_about(ODE_SEMI_IMPLICIT), 0.0, 2.5), 4.0, 1e-13);
}
END_TEST

START_TEST(boundary_points_are_on_the_unit_level)
{
    /* every traced point of each method's boundary in [-8, 6] x [-5, 5] has |R(z)| = 1 to 1e-9, with R by hand; and
     * there are enough of them to draw (a grid of 140 x 100 cells crosses each curve many times) */
    const double box[4] = {-8.0, 6.0, -5.0, 5.0};
    static ode_point pts[20000];
    static const size_t least[] = {40, 80, 40, 40, 100, 60};  /* the curves' lengths over the 0.1 spacing, halved */
    for (size_t q = 0; q < N_WITH_R; q++) {
        const ode_method_info *info = ode_method_about(with_r[q]);
        const size_t n = ode_region_boundary(info, box, 140, 100, pts, 20000);
        ck_assert_msg(n >= least[q] && n <= 20000, "%s: %zu points", info->name, n);
        for (size_t k = 0; k < n; k++) {
            const double a = cabs(by_hand(with_r[q], pts[k].x + I * pts[k].y));
            ck_assert_msg(fabs(a - 1.0) <= 1e-9, "%s at %.17g%+.17gi: |R| = %.17g", info->name, pts[k].x, pts[k].y, a);
        }
    }
}
END_TEST

START_TEST(explicit_euler_is_the_unit_disk_about_minus_one)
{
    /* |1 + z| = 1: each point's distance from -1 is 1, and the circle is covered (points in every quadrant about -1) */
    const double box[4] = {-3.0, 1.0, -2.0, 2.0};
    static ode_point pts[4000];
    const size_t n = ode_region_boundary(ode_method_about(ODE_EXPLICIT_EULER), box, 80, 80, pts, 4000);
    ck_assert(n >= 100 && n <= 4000);
    int quadrants = 0;
    for (size_t k = 0; k < n; k++) {
        ck_assert_double_eq_tol(hypot(pts[k].x + 1.0, pts[k].y), 1.0, 1e-12);
        quadrants |= 1 << ((pts[k].x > -1.0) + 2 * (pts[k].y > 0.0));
    }
    ck_assert_int_eq(quadrants, 15);
}
END_TEST

START_TEST(rk4_crosses_the_axes_where_the_books_say)
{
    /* On a grid with a column at x = 0 and a row at y = 0 (box [-4, 4]^2, 80 cells), RK4's boundary meets the
     * imaginary axis at +-2 sqrt 2 = +-2.8284271 (|R(iy)|^2 = 1 - y^6/72 + y^8/576) and the real axis at -2.7852935
     * (1 + x + x^2/2 + x^3/6 + x^4/24 = 1 on (-3, -2): the root of x^3/24 + x^2/6 + x/2 + 1 = 0, Hairer and Wanner
     * II, fig. IV.2.1). The origin is on every consistent method's boundary (|R(0)| = 1): it is excluded below. */
    const double box[4] = {-4.0, 4.0, -4.0, 4.0};
    static ode_point pts[8000];
    const size_t n = ode_region_boundary(ode_method_about(ODE_RK4), box, 80, 80, pts, 8000);
    ck_assert(n > 0 && n <= 8000);
    int on_imaginary = 0, on_real = 0;
    for (size_t k = 0; k < n; k++) {
        if (pts[k].x == 0.0 && fabs(pts[k].y) > 0.5) {
            ck_assert_double_eq_tol(fabs(pts[k].y), 2.8284271, 1e-7);
            ck_assert_double_eq_tol(fabs(pts[k].y), 2.0 * sqrt(2.0), 1e-12);
            on_imaginary++;
        }
        if (pts[k].y == 0.0 && fabs(pts[k].x) > 0.5) {
            ck_assert_double_eq_tol(pts[k].x, -2.7852935, 1e-7);
            on_real++;
        }
    }
    ck_assert_int_eq(on_imaginary, 2);  /* +2.83i and -2.83i */
    ck_assert_int_eq(on_real, 1);
}
END_TEST

START_TEST(the_implicit_regions)
{
    /* backward Euler's boundary is the circle |1 - z| = 1 (its region is the outside); the midpoint rule's the
     * imaginary axis (|1 + z/2| = |1 - z/2| iff Re z = 0); TR-BDF2's crosses the real axis at 0 and at
     * (2d + c) / d^2 = 1 / (3/2 - sqrt 2) = 11.657 (1 + c x = (1 - d x)^2, c = sqrt 2 - 1, d = 1 - sqrt 2/2): its
     * unstable set is a bounded piece of the right half plane about the double pole 1/d = 3.414 */
    static ode_point pts[8000];
    const double box[4] = {-4.0, 14.0, -6.0, 6.0};
    size_t n = ode_region_boundary(ode_method_about(ODE_BACKWARD_EULER), box, 90, 60, pts, 8000);
    ck_assert(n >= 30);  /* a circle of diameter 2 on cells of 0.2: about 4 x 2 / 0.2 edges cross it */
    for (size_t k = 0; k < n; k++)
        ck_assert_double_eq_tol(hypot(pts[k].x - 1.0, pts[k].y), 1.0, 1e-12);
    n = ode_region_boundary(ode_method_about(ODE_IMPLICIT_MIDPOINT), box, 90, 60, pts, 8000);
    ck_assert(n >= 60);
    for (size_t k = 0; k < n; k++)
        ck_assert(fabs(pts[k].x) < 1e-12);
    n = ode_region_boundary(ode_method_about(ODE_TR_BDF2), box, 90, 60, pts, 8000);
    double right = 0.0;
    for (size_t k = 0; k < n; k++) {
        ck_assert(pts[k].x > -1e-12);  /* A-stable: the whole left half plane is inside */
        if (pts[k].y == 0.0)
            right = fmax(right, pts[k].x);
    }
    ck_assert_double_eq_tol(right, 1.0 / (1.5 - sqrt(2.0)), 1e-10);
    ck_assert_double_eq_tol(right, 11.656854, 1e-6);
    /* max is respected and the count says how many there were */
    ck_assert_uint_eq(ode_region_boundary(ode_method_about(ODE_TR_BDF2), box, 90, 60, pts, 3), n);
    ck_assert_uint_eq(ode_region_boundary(ode_method_about(ODE_TR_BDF2), (double[]){1, 0, 0, 1}, 9, 9, pts, 3), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ode_region");
    TCase *tc = tcase_create("region");
    tcase_add_test(tc, stability_functions_are_the_closed_forms);
    tcase_add_test(tc, boundary_points_are_on_the_unit_level);
    tcase_add_test(tc, explicit_euler_is_the_unit_disk_about_minus_one);
    tcase_add_test(tc, rk4_crosses_the_axes_where_the_books_say);
    tcase_add_test(tc, the_implicit_regions);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
