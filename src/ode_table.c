/* ode: the method table, one row per integrator, and each method's step matrix on a mode. See include/numlab/ode.h.
 *
 * The step matrices are of the mode x'' = -w2 x - g x', y = (x, v), y' = A y with A = [[0, 1], [-w2, -g]]:
 *   explicit Euler   I + hA
 *   semi-implicit    v' = -h w2 x + (1 - h g) v, x' = x + h v'
 *   RK4              R(hA), R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24; gsl-rk4 R(hA/2)^2 (two half steps)
 *   velocity Verlet  the columns of one step from (1, 0) and (0, 1) (it is linear in the state)
 *   backward Euler   (I - hA)^{-1} (the linearised Euler's too: on a linear system they are one method)
 *   midpoint         (I - hA/2)^{-1} (I + hA/2)
 *   TR-BDF2          (I - dhA)^{-1} (a (I - dhA)^{-1} (I + dhA) - b I), d, a, b ode.h's ODE_TR_BDF2_*
 * tests/test_ode.c checks each against one step of ode_stepper_apply on that mode. */
#include "numlab/ode.h"
#include "numlab/ode_adaptive.h"

#include <math.h>
#include <string.h>

static void mat2_mul(const double A[4], const double B[4], double out[4])
{
    double r[4] = {
        A[0] * B[0] + A[1] * B[2], A[0] * B[1] + A[1] * B[3],
        A[2] * B[0] + A[3] * B[2], A[2] * B[1] + A[3] * B[3],
    };
    memcpy(out, r, sizeof r);
}

/* R(hA) = I + hA + (hA)^2/2 + (hA)^3/6 + (hA)^4/24, Horner form: I + hA (I + hA/2 (I + hA/3 (I + hA/4))). */
static void rk4_matrix(const double hA[4], double out[4])
{
    double acc[4] = {1, 0, 0, 1};
    for (int j = 4; j >= 1; j--) {
        double scaled[4] = {hA[0] / j, hA[1] / j, hA[2] / j, hA[3] / j};
        mat2_mul(scaled, acc, acc);
        acc[0] += 1.0, acc[3] += 1.0;
    }
    memcpy(out, acc, sizeof acc);
}

static void explicit_matrix(double w2, double g, double h, double M[4])
{
    const double hA[4] = {0.0, h, -w2 * h, -g * h};
    M[0] = 1.0 + hA[0], M[1] = hA[1], M[2] = hA[2], M[3] = 1.0 + hA[3];
}

static void semi_matrix(double w2, double g, double h, double M[4])
{
    M[2] = -w2 * h, M[3] = 1.0 - g * h;
    M[0] = 1.0 + h * M[2], M[1] = h * M[3];
}

static void rk4_mode_matrix(double w2, double g, double h, double M[4])
{
    const double hA[4] = {0.0, h, -w2 * h, -g * h};
    rk4_matrix(hA, M);
}

static void gsl_rk4_matrix(double w2, double g, double h, double M[4])
{
    const double half[4] = {0.0, h / 2, -w2 * h / 2, -g * h / 2};
    double R[4];
    rk4_matrix(half, R);
    mat2_mul(R, R, M);
}

/* One step of velocity Verlet on the mode, as ode.c's step (the last kick's damper at the predicted v + h a0). */
static void verlet_mode(double w2, double g, double h, double x, double v, double out[2])
{
    const double a0 = -w2 * x - g * v, v_half = v + 0.5 * h * a0, x1 = x + h * v_half;
    out[0] = x1, out[1] = v_half + 0.5 * h * (-w2 * x1 - g * (v + h * a0));
}

static void verlet_matrix(double w2, double g, double h, double M[4])
{
    double c0[2], c1[2];  /* the images of (1, 0) and (0, 1): M's columns */
    verlet_mode(w2, g, h, 1.0, 0.0, c0), verlet_mode(w2, g, h, 0.0, 1.0, c1);
    M[0] = c0[0], M[1] = c1[0], M[2] = c0[1], M[3] = c1[1];
}

/* (I - s hA)^{-1} on the mode, I - s hA = [[1, -s h], [s h w2, 1 + s h g]] */
static void implicit_inverse(double w2, double g, double sh, double M[4])
{
    const double det = 1.0 + g * sh + w2 * sh * sh;
    M[0] = (1.0 + g * sh) / det, M[1] = sh / det, M[2] = -w2 * sh / det, M[3] = 1.0 / det;
}

static void backward_euler_matrix(double w2, double g, double h, double M[4])
{
    implicit_inverse(w2, g, h, M);
}

static void midpoint_matrix(double w2, double g, double h, double M[4])
{
    double inv[4];
    implicit_inverse(w2, g, 0.5 * h, inv);
    const double fwd[4] = {1.0, 0.5 * h, -0.5 * w2 * h, 1.0 - 0.5 * g * h};
    mat2_mul(inv, fwd, M);
}

static void tr_bdf2_matrix(double w2, double g, double h, double M[4])
{
    const double dh = ODE_TR_BDF2_D * h, fwd[4] = {1.0, dh, -w2 * dh, 1.0 - g * dh};
    double inv[4], trap[4];
    implicit_inverse(w2, g, dh, inv);
    mat2_mul(inv, fwd, trap);  /* the trapezoidal stage over gamma h */
    const double bdf[4] = {ODE_TR_BDF2_A * trap[0] - ODE_TR_BDF2_B, ODE_TR_BDF2_A * trap[1],
                           ODE_TR_BDF2_A * trap[2], ODE_TR_BDF2_A * trap[3] - ODE_TR_BDF2_B};
    mat2_mul(inv, bdf, M);
}

#define SQRT2 1.4142135623730951  /* the double nearest sqrt(2) */
#define BOTH (ODE_APPLIES_FIRST_ORDER | ODE_APPLIES_SECOND_ORDER)

/* The rows: the hand-written methods at their ode_method, then GSL's at ODE_METHOD_COUNT + kind, the project's own
 * adaptive ones (ode_adaptive.h) after them, then the closed form. The undamped limits are |R(iy)| <= 1: explicit Euler's |1 + iy| > 1 for every y > 0; semi-implicit and
 * Verlet have trace 2 - y^2 and determinant 1 (|tr| <= 2: y <= 2); RK4's |R(iy)|^2 = 1 - y^6/72 + y^8/576
 * (y <= 2 sqrt 2), two half steps double it. */
enum {
    ROW_GSL = ODE_METHOD_COUNT, ROW_ADAPTIVE = ROW_GSL + ODE_GSL_COUNT, ROW_EXACT = ROW_ADAPTIVE + ODE_ADAPTIVE_COUNT,
    ROW_COUNT
};
static const ode_method_info rows[ROW_COUNT] = {
    [ODE_EXPLICIT_EULER]    = {"explicit", 1, 1, BOTH, false, false, false, 0.0, explicit_matrix},
    [ODE_SEMI_IMPLICIT]     = {"semi", 1, 1, ODE_APPLIES_SECOND_ORDER, false, true, false, 2.0, semi_matrix},
    [ODE_RK4]               = {"rk4", 4, 4, BOTH, false, false, false, 2 * SQRT2, rk4_mode_matrix},
    [ODE_VERLET]            = {"verlet", 2, 2, ODE_APPLIES_SECOND_ORDER, false, true, false, 2.0, verlet_matrix},
    [ODE_BACKWARD_EULER]    = {"backward-euler", 1, 2, BOTH, true, false, false, INFINITY, backward_euler_matrix},
    [ODE_IMPLICIT_MIDPOINT] = {"midpoint", 2, 2, BOTH, true, true, false, INFINITY, midpoint_matrix},
    [ODE_LINEARISED_EULER]  = {"backward-euler-1", 1, 1, BOTH, true, false, false, INFINITY, backward_euler_matrix},
    [ODE_TR_BDF2]           = {"tr-bdf2", 2, 5, BOTH, true, false, false, INFINITY, tr_bdf2_matrix},
    [ROW_GSL + ODE_GSL_RK4]   = {"gsl-rk4", 4, 12, BOTH, false, false, false, 4 * SQRT2, gsl_rk4_matrix},
    [ROW_GSL + ODE_GSL_RKF45] = {"gsl-rkf45", 0, 0, BOTH, false, false, true, NAN, NULL},
    [ROW_GSL + ODE_GSL_RK8PD] = {"gsl-rk8pd", 0, 0, BOTH, false, false, true, NAN, NULL},
    [ROW_GSL + ODE_GSL_MSBDF] = {"gsl-msbdf", 0, 0, BOTH, true, false, true, NAN, NULL},
    /* dopri5: 6 evaluations an attempt after the first (FSAL; the first step 7, and the starting step 1 more) */
    [ROW_ADAPTIVE + ODE_ADAPTIVE_DOPRI5] = {"dopri5", 0, 6, BOTH, false, false, true, NAN, NULL},
    [ROW_EXACT]             = {"exact", 0, 0, ODE_APPLIES_SPRING, false, true, false, INFINITY, NULL},
};

const ode_method_info *ode_method_about(ode_method method)
{
    return method < ODE_METHOD_COUNT ? &rows[method] : NULL;
}

const ode_method_info *ode_gsl_about(ode_gsl_kind kind)
{
    return kind < ODE_GSL_COUNT ? &rows[ROW_GSL + kind] : NULL;
}

const ode_method_info *ode_adaptive_about(ode_adaptive_kind kind)
{
    return kind < ODE_ADAPTIVE_COUNT ? &rows[ROW_ADAPTIVE + kind] : NULL;
}

const ode_method_info *ode_closed_form_about(void)
{
    return &rows[ROW_EXACT];
}

const char *ode_gsl_name(ode_gsl_kind kind)
{
    return kind < ODE_GSL_COUNT ? rows[ROW_GSL + kind].name : "?";
}
