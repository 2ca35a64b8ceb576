/* phase: each claim against a reference of the test's own. The shoelace formula on regular polygons (n sin(2 pi/n)
 * / 2); the period by the arithmetic-geometric mean and by its series; a disc's area ratio on the linear spring
 * against det(M)^n written out by hand for each method; on the pendulum against the product of each step's Jacobian
 * determinant, in closed form (explicit and backward Euler) or by the test's own RK4 and differences; and Verlet's
 * energy and shadow energy errors, whose orders (2 and 4) are measured at two steps. */
#include <check.h>
#include <math.h>

#include "numlab/common.h"
#include "numlab/phase.h"
#include "numlab/spring.h"
#include "helpers/check_main.h"

START_TEST(shoelace_of_regular_polygons)
{
    /* a regular n-gon inscribed in the unit circle: n sin(2 pi / n) / 2; clockwise is negative; centred at
     * (1e6, -1e6), no digits lost */
    for (size_t n = 3; n <= 200; n += 37) {
        double x[200], v[200];
        for (size_t i = 0; i < n; i++)
            x[i] = 1e6 + cos(2.0 * NUMLAB_PI * (double)i / (double)n), v[i] = -1e6 + sin(2.0 * NUMLAB_PI * (double)i / (double)n);
        const double want = 0.5 * (double)n * sin(2.0 * NUMLAB_PI / (double)n);
        ck_assert_double_eq_tol(phase_shoelace(x, v, n), want, 1e-9);
        for (size_t i = 0; i < n / 2; i++) {
            double t = v[i];
            v[i] = v[n - 1 - i], v[n - 1 - i] = t;
            t = x[i], x[i] = x[n - 1 - i], x[n - 1 - i] = t;
        }
        ck_assert_double_eq_tol(phase_shoelace(x, v, n), -want, 1e-9);
    }
}
END_TEST

/* K(k) = pi / (2 AGM(1, sqrt(1 - k^2))), the arithmetic-geometric mean of Gauss. */
static double own_ellint_k(double modulus)
{
    double a = 1.0, b = sqrt(1.0 - modulus * modulus);
    for (int i = 0; i < 40; i++) {
        const double next = 0.5 * (a + b);
        b = sqrt(a * b), a = next;
    }
    return NUMLAB_PI / (2.0 * a);
}

START_TEST(pendulum_energy_and_period)
{
    const phase_pendulum p = {.k = 8.0, .c = 0.0, .m = 2.0, .target = 0.5};  /* w0 = 2 */
    /* E = m v^2/2 + k (1 - cos u): at u = pi, v = 0 the top, 2 k */
    ck_assert_double_eq_tol(phase_pendulum_energy(&p, 0.5 + NUMLAB_PI, 0.0), 16.0, 1e-12);
    ck_assert_double_eq_tol(phase_pendulum_energy(&p, 1.5, 3.0), 9.0 + 8.0 * (1.0 - cos(1.0)), 1e-12);
    /* small swings: 2 pi / w0 (1 + A^2/16 + 11 A^4 / 3072), the next term O(A^6) ~ 1e-9 at A = 0.1 */
    const double a = 0.1;
    ck_assert_double_eq_tol(phase_pendulum_period(&p, a), NUMLAB_PI * (1.0 + a * a / 16.0 + 11.0 * pow(a, 4) / 3072.0),
                            1e-8);
    for (double amp = 0.5; amp < 3.1; amp += 0.5)
        ck_assert_double_eq_tol(phase_pendulum_period(&p, amp), 4.0 * own_ellint_k(sin(amp / 2.0)) / 2.0, 1e-12);
    ck_assert(isinf(phase_pendulum_period(&p, NUMLAB_PI)));
}
END_TEST

/* The ratio of a disc's area after n steps of h on the system to its start. */
static double area_ratio(ode_method method, const ode_system *sys, double h, const double centre[2],
                         const double radius[2], size_t n, size_t *points)
{
    phase_disc d;
    ck_assert_int_eq(phase_disc_init(&d, method, sys, h, centre, radius, 64, 8192), 0);
    for (size_t k = 0; k < n; k++)
        ck_assert_int_eq(phase_disc_advance(&d), 0);
    ck_assert(!d.full);
    const double ratio = phase_disc_area(&d) / phase_disc_start_area(&d);
    if (points)
        *points = d.n;
    phase_disc_destroy(&d);
    return ratio;
}

START_TEST(linear_spring_area_is_det_to_the_n)
{
    /* the undamped spring w = 2, h = 0.1 (y = w h = 0.2), 150 steps: a linear step maps the disc's splined boundary
     * onto the spline of the mapped points, so the ratio is det(M)^n to rounding. det by hand: explicit Euler
     * [[1, h], [-w^2 h, 1]] is 1 + y^2; backward Euler its inverse's, 1 / (1 + y^2); RK4's R(A) has det |R(iy)|^2 =
     * (1 - y^2/2 + y^4/24)^2 + (y - y^3/6)^2 = 1 - y^6/72 + y^8/576; semi (two shears), Verlet (three) and the
     * midpoint rule (a Cayley transform of a skew matrix) 1 */
    const spring_params s = {.k = 8.0, .c = 0.0, .m = 2.0, .target = 0.25};
    const ode_system sys = spring_system(&s);
    const double y = 0.2, n = 150.0, centre[2] = {1.25, -0.5}, radius[2] = {0.3, 0.6};
    const struct { ode_method method; double det; } rows[] = {
        {ODE_EXPLICIT_EULER, 1.0 + y * y}, {ODE_BACKWARD_EULER, 1.0 / (1.0 + y * y)},
        {ODE_RK4, 1.0 - pow(y, 6) / 72.0 + pow(y, 8) / 576.0}, {ODE_SEMI_IMPLICIT, 1.0}, {ODE_VERLET, 1.0},
        {ODE_IMPLICIT_MIDPOINT, 1.0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        size_t points;
        const double got = area_ratio(rows[i].method, &sys, 0.1, centre, radius, (size_t)n, &points);
        const double want = pow(rows[i].det, n);
        ck_assert_msg(fabs(got / want - 1.0) < 1e-11, "%s: %.15g, det^n %.15g", ode_method_about(rows[i].method)->name,
                      got, want);
        if (rows[i].method == ODE_EXPLICIT_EULER)
            ck_assert_msg(points > 64, "explicit Euler's disc stretched (x %.3g) and gained points", want);
    }
}
END_TEST

/* The test's own RK4 step on u'' = -w2 sin u. */
static void own_rk4(double w2, double h, double y[2])
{
    double k[4][2], s[2] = {y[0], y[1]};
    for (int i = 0; i < 4; i++) {
        k[i][0] = s[1], k[i][1] = -w2 * sin(s[0]);
        const double c = i < 2 ? 0.5 * h : h;
        s[0] = y[0] + c * k[i][0], s[1] = y[1] + c * k[i][1];
    }
    y[0] += h / 6.0 * (k[0][0] + 2.0 * k[1][0] + 2.0 * k[2][0] + k[3][0]);
    y[1] += h / 6.0 * (k[0][1] + 2.0 * k[1][1] + 2.0 * k[2][1] + k[3][1]);
}

/* det of the Jacobian of own_rk4's step, by differences of 1e-5 (error O(1e-10)). */
static double own_rk4_det(double w2, double h, const double y[2])
{
    double col[2][2];
    for (int j = 0; j < 2; j++) {
        double a[2] = {y[0], y[1]}, b[2] = {y[0], y[1]};
        a[j] += 1e-5, b[j] -= 1e-5;
        own_rk4(w2, h, a), own_rk4(w2, h, b);
        col[j][0] = (a[0] - b[0]) / 2e-5, col[j][1] = (a[1] - b[1]) / 2e-5;
    }
    return col[0][0] * col[1][1] - col[1][0] * col[0][1];
}

START_TEST(pendulum_area_follows_the_step_determinant)
{
    /* w0 = 1, h = 0.1, a disc of radius 0.25 about (1, 0), 190 steps (about three periods): the area ratio against the
     * product of det J along the disc's centre, which it is to O(radius^2) of log det (the disc averages det over
     * its states). det J in closed form: explicit Euler [[1, h], [-h w2 cos u, 1]] has 1 + h^2 w2 cos u at the
     * step's start; backward Euler solves x' = x + h v', v' = v - h w2 sin x', so J = [[1, -h], [h w2 cos x', 1]]^-1,
     * det 1 / (1 + h^2 w2 cos x') at its end; RK4's by the test's own step and differences */
    const phase_pendulum p = {.k = 1.0, .c = 0.0, .m = 1.0, .target = 0.0};
    const ode_system sys = phase_pendulum_system(&p);
    const double h = 0.1, centre[2] = {1.0, 0.0}, radius[2] = {0.25, 0.25};
    const size_t n = 190;
    double log_explicit = 0.0, log_backward = 0.0, log_rk4 = 0.0;
    double ye[2] = {1.0, 0.0}, yb[2] = {1.0, 0.0}, yr[2] = {1.0, 0.0};
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_BACKWARD_EULER, 2), 0);
    for (size_t k = 0; k < n; k++) {
        log_explicit += log1p(h * h * cos(ye[0]));
        const double xe = ye[0];
        ye[0] += h * ye[1], ye[1] -= h * sin(xe);
        ck_assert_int_eq(ode_stepper_apply(&st, &sys, 0.0, h, yb), 0);
        log_backward -= log1p(h * h * cos(yb[0]));
        log_rk4 += log(own_rk4_det(1.0, h, yr));
        own_rk4(1.0, h, yr);
    }
    ode_stepper_destroy(&st);
    const double explicit_ratio = area_ratio(ODE_EXPLICIT_EULER, &sys, h, centre, radius, n, NULL);
    const double backward_ratio = area_ratio(ODE_BACKWARD_EULER, &sys, h, centre, radius, n, NULL);
    const double rk4_ratio = area_ratio(ODE_RK4, &sys, h, centre, radius, n, NULL);
    ck_assert_msg(explicit_ratio > 2.0, "explicit Euler grows the disc: %g", explicit_ratio);
    ck_assert_msg(fabs(log(explicit_ratio) / log_explicit - 1.0) < 0.05, "explicit %g, prod det %g", explicit_ratio,
                  exp(log_explicit));
    ck_assert_msg(backward_ratio < 0.25, "backward Euler shrinks it: %g", backward_ratio);
    ck_assert_msg(fabs(log(backward_ratio) / log_backward - 1.0) < 0.05, "backward %g, prod det %g", backward_ratio,
                  exp(log_backward));
    /* RK4 shrinks it by about 1e-6: the det's own O(h^6) defect, far above the symplectic methods' 1e-7 below */
    ck_assert_msg(rk4_ratio < 1.0 - 5e-7, "rk4 %.12g", rk4_ratio);
    ck_assert_msg(fabs(log(rk4_ratio) / log_rk4 - 1.0) < 0.3, "rk4 %.12g, prod det %.12g", rk4_ratio, exp(log_rk4));
    /* the symplectic steps: det J = 1, and the ratio is 1 to the area quadrature's error */
    const ode_method symplectic[] = {ODE_SEMI_IMPLICIT, ODE_VERLET, ODE_IMPLICIT_MIDPOINT};
    for (size_t i = 0; i < 3; i++) {
        const double ratio = area_ratio(symplectic[i], &sys, h, centre, radius, n, NULL);
        ck_assert_msg(fabs(ratio - 1.0) < 2e-7, "%s: %.12g", ode_method_about(symplectic[i])->name, ratio);
    }
}
END_TEST

START_TEST(step_det_against_closed_forms)
{
    /* phase_step_det at a few states of the pendulum w0^2 = 4 (k = 8, m = 2), h = 0.15, against the closed forms of
     * the test above; the symplectic steps 1 */
    const phase_pendulum p = {.k = 8.0, .c = 0.0, .m = 2.0, .target = 0.0};
    const ode_system sys = phase_pendulum_system(&p);
    const double h = 0.15, w2 = 4.0;
    for (double u = -2.5; u < 3.0; u += 0.7) {
        const double y[2] = {u, 0.8 - 0.3 * u};
        double det;
        ck_assert_int_eq(phase_step_det(ODE_EXPLICIT_EULER, &sys, 0.0, h, y, &det), 0);
        ck_assert_double_eq_tol(det, 1.0 + h * h * w2 * cos(u), 1e-9);
        double end[2] = {y[0], y[1]};
        ode_stepper st;
        ck_assert_int_eq(ode_stepper_init(&st, ODE_BACKWARD_EULER, 2), 0);
        ck_assert_int_eq(ode_stepper_apply(&st, &sys, 0.0, h, end), 0);
        ode_stepper_destroy(&st);
        ck_assert_int_eq(phase_step_det(ODE_BACKWARD_EULER, &sys, 0.0, h, y, &det), 0);
        ck_assert_double_eq_tol(det, 1.0 / (1.0 + h * h * w2 * cos(end[0])), 1e-8);
        const ode_method symplectic[] = {ODE_SEMI_IMPLICIT, ODE_VERLET, ODE_IMPLICIT_MIDPOINT};
        for (size_t i = 0; i < 3; i++) {
            ck_assert_int_eq(phase_step_det(symplectic[i], &sys, 0.0, h, y, &det), 0);
            ck_assert_double_eq_tol(det, 1.0, 1e-8);
        }
    }
}
END_TEST

/* The largest |f - f(start)| over `periods` small-swing periods of Verlet at h from (u0, 0): of the energy
 * (shadow false) or of its shadow energy. */
static double verlet_spread(const phase_pendulum *p, double h, double u0, double seconds, bool shadow)
{
    const ode_system sys = phase_pendulum_system(p);
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_VERLET, 2), 0);
    double y[2] = {u0, 0.0}, most = 0.0;
    const double f0 = shadow ? phase_verlet_shadow(p, h, y[0], y[1]) : phase_pendulum_energy(p, y[0], y[1]);
    for (long k = 0; k < lround(seconds / h); k++) {
        ck_assert_int_eq(ode_stepper_apply(&st, &sys, 0.0, h, y), 0);
        const double f = shadow ? phase_verlet_shadow(p, h, y[0], y[1]) : phase_pendulum_energy(p, y[0], y[1]);
        most = fmax(most, fabs(f - f0));
    }
    ode_stepper_destroy(&st);
    return most;
}

START_TEST(shadow_energy_is_kept_to_fourth_order)
{
    /* backward error analysis: Verlet keeps H~ = H + h^2 (V'' p^2 / (12 m^2) - V'^2 / (24 m)) to O(h^4), H itself
     * to O(h^2): halving h divides their spreads over 100 s by 16 and by 4 (slopes measured at h = 0.1 and 0.05 and
     * at 0.05 and 0.025); a wrong sign or coefficient leaves H~ at second order */
    const phase_pendulum p = {.k = 8.0, .c = 0.0, .m = 2.0, .target = 0.0};
    for (double h = 0.1; h > 0.04; h /= 2.0) {
        const double energy = log2(verlet_spread(&p, h, 2.0, 100.0, false) / verlet_spread(&p, h / 2, 2.0, 100.0, false));
        const double shadow = log2(verlet_spread(&p, h, 2.0, 100.0, true) / verlet_spread(&p, h / 2, 2.0, 100.0, true));
        ck_assert_msg(fabs(energy - 2.0) < 0.1, "h %g: energy slope %.3f", h, energy);
        ck_assert_msg(fabs(shadow - 4.0) < 0.2, "h %g: shadow slope %.3f", h, shadow);
    }
    /* on the linear spring's limit (small swings) it is the exact invariant m v^2/2 + (1 - (w h)^2/4) k u^2/2 times
     * 1 + (w h)^2/6, to O(h^4): at u = 1e-4 (sin u = u to 1e-12 relative), w = 2, h = 0.1 */
    const double u = 1e-4, v = 3e-4, h = 0.1, y2 = 0.04;
    const double invariant = 0.5 * 2.0 * v * v + (1.0 - y2 / 4.0) * 0.5 * 8.0 * u * u;
    ck_assert_double_eq_tol(phase_verlet_shadow(&p, h, u, v) / (invariant * (1.0 + y2 / 6.0)), 1.0, 2.0 * y2 * y2);
}
END_TEST

START_TEST(disc_refuses_bad_input)
{
    const phase_pendulum p = {.k = 1.0, .m = 1.0};
    const ode_system sys = phase_pendulum_system(&p);
    phase_disc d;
    const double c[2] = {0.0, 0.0}, r[2] = {0.1, 0.1}, flat[2] = {0.1, 0.0};
    ck_assert_int_eq(phase_disc_init(&d, ODE_VERLET, &sys, 0.1, c, r, 4, 64), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(phase_disc_init(&d, ODE_VERLET, &sys, 0.1, c, r, 64, 32), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(phase_disc_init(&d, ODE_VERLET, &sys, 0.1, c, flat, 64, 64), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(phase_disc_init(&d, ODE_VERLET, &sys, 0.0, c, r, 64, 64), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(phase_disc_init(&d, ODE_METHOD_COUNT, &sys, 0.1, c, r, 64, 64), NUMLAB_ERR_INPUT);
    /* the start's area is the ellipse's, pi rx rv, to the splines' O(dtheta^4): 2.6e-7 at 64 points, 16 times less
     * at 128 (the polygon's shoelace would be O(dtheta^2): 1.6e-3) */
    const double ellipse[2] = {0.3, 0.7};
    double error[2];
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(phase_disc_init(&d, ODE_VERLET, &sys, 0.1, c, ellipse, 64u << i, 128), 0);
        error[i] = fabs(phase_disc_start_area(&d) / (NUMLAB_PI * 0.21) - 1.0);
        phase_disc_destroy(&d);
    }
    ck_assert_msg(error[0] < 1e-6 && fabs(log2(error[0] / error[1]) - 4.0) < 0.3, "%g, %g", error[0], error[1]);
}
END_TEST

static Suite *phase_suite(void)
{
    Suite *s = suite_create("phase");
    TCase *tc = tcase_create("phase");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, shoelace_of_regular_polygons);
    tcase_add_test(tc, pendulum_energy_and_period);
    tcase_add_test(tc, linear_spring_area_is_det_to_the_n);
    tcase_add_test(tc, pendulum_area_follows_the_step_determinant);
    tcase_add_test(tc, step_det_against_closed_forms);
    tcase_add_test(tc, shadow_energy_is_kept_to_fourth_order);
    tcase_add_test(tc, disc_refuses_bad_input);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(phase_suite());
}
