/* spring-lab's walk texts that state numbers: each formats the live values of the step it describes (issue 17: no
 * number typed into a lesson). tests/test_spring_lab_claims.c checks every claim they make against a closed form or a
 * run. */
#include <math.h>
#include <stdio.h>

#include "spring_lab.h"

double spring_semi_modified_energy(const spring_params *p, double dt, spring_state s)
{
    /* per unit mass, x from the target: constant along semi-implicit Euler's undamped steps, to rounding */
    return spring_modified_energy(p, SPRING_SEMI, dt, s);
}

void spring_text_explicit(char *buf, size_t size, const spring_params *p, double dt)
{
    const double w0 = spring_omega0(p), y = w0 * dt;
    snprintf(buf, size, "Explicit Euler moves x with the OLD velocity, so each step follows the tangent of the "
             "ellipse, which points outward: every step adds energy. Its amplification is sqrt(1 + (w0 dt)^2) > 1 for "
             "every dt: at w0 = %.3g rad/s and %.3g ms, %+.0f%% a step. A smaller dt only explodes later.", w0,
             1e3 * dt, 100.0 * (sqrt(1.0 + y * y) - 1.0));
}

void spring_text_semi(char *buf, size_t size, const spring_params *p, double dt, const spring_sample *s, size_t n)
{
    const double y = spring_omega0(p) * dt;
    double lo = INFINITY, hi = -INFINITY;  /* the modified energy's spread, relative to its start */
    for (size_t i = 0; i < n; i++) {
        const double e = spring_semi_modified_energy(p, dt, (spring_state){s[i].x, s[i].v});
        lo = fmin(lo, e), hi = fmax(hi, e);
    }
    const double e0 = n ? spring_semi_modified_energy(p, dt, (spring_state){s[0].x, s[0].v}) : 0.0;
    char kept[64];
    if (p->c > 0.0)
        snprintf(kept, sizeof kept, "when c = 0; here c > 0 and it decays");
    else if (n > 1 && e0 > 0.0)
        snprintf(kept, sizeof kept, "here to %.0e", (hi - lo) / e0);
    else
        snprintf(kept, sizeof kept, "to rounding");
    snprintf(buf, size, "v first, then x with the NEW v: same cost, symplectic. Conserved exactly (%s) is a modified "
             "energy v^2/2 + w0^2 x^2/2 - (dt w0^2/2) x v; the energy swings by (1 + y/2)/(1 - y/2) = %.3g at y = w0 "
             "dt = %.3g: an O(w0 dt) error, bounded. Explicit Euler's grows x(1 + y^2) a step.", kept,
             (1.0 + y / 2.0) / (1.0 - y / 2.0), y);
}

void spring_text_rk4(char *buf, size_t size, double rk4_evals, double gsl_rk4_evals)
{
    char gsl[64] = "";
    if (gsl_rk4_evals > 0.0)
        snprintf(gsl, sizeof gsl, ", %.3g evaluations a step", gsl_rk4_evals);
    snprintf(buf, size, "RK4 evaluates the force %.3g times a step; its error falls as dt^4, Euler's as dt: on the "
             "log scale RK4 is orders of magnitude closer. gsl-rk8pd (tol 1e-12) is the truth. gsl-rk4 takes a full "
             "step and two half steps and returns the half steps' result (the difference is its error "
             "estimate)%s. Halve dt: RK4's error drops 16x.", rk4_evals, gsl);
}

void spring_text_stability(char *buf, size_t size, const spring_params *p, double dt)
{
    double M[4];
    spring_amplification(p, SPRING_RK4, dt, M);
    const double rho = spring_spectral_radius(M);
    snprintf(buf, size, "A step multiplies (x - T, v) by the step matrix M (exercise 09): bounded while rho(M) < 1, "
             "or = 1 with distinct eigenvalues (semi at w0 dt = 2: -1 twice, linear growth). Undamped: explicit > 1 "
             "at any dt, semi 1 below 2, RK4 < 1 to 2.83: it damps, here rho = %.3f (energy %+.0f%% a step).", rho,
             100.0 * (rho * rho - 1.0));
}

void spring_text_accumulator(char *buf, size_t size, const double rest_t[3], double step, double gap,
                             double advanced)
{
    snprintf(buf, size, "Spend the frames' time in fixed steps of %.3g ms: at 30, 60 and 144 Hz with jitter the steps "
             "are the same motion, but the rest test runs once a frame, so they stop at %.3g, %.3g and %.3g s. The "
             "cap bounds a gap's work: after a %.3g s gap the capped spring moves on by %.3g s, not by the gap.",
             1e3 * step, rest_t[0], rest_t[1], rest_t[2], gap, advanced);
}
