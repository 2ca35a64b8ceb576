/* Exercise 01, the visible tests: hand calculations and the numbers printed in the spring article. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"
#include "probes.h"

/* The spring article's spring (k = 200, c = 20, m = 1, from 0 to 300) at its fixed step of 1/240 s, written with m = 2:
 * k = 400 and c = 40 give the same motion, to the last bit, but only to a step that divides by the mass. */
static const spring seed_spring = {400, 40, 2, 300};
/* The spring article's stiff undamped spring (k = 1600, m = 1: w0 = 40 rad/s), here with m = 2 and k = 3200 (the same
 * w0) and around a target of 0.5: its positions are the spring article's plus 0.5. */
static const spring stiff = {3200, 0, 2, 0.5};
/* The same with damping c = 16 (zeta = c / (2 m w0) = 0.1): the spring article does not print it, the power of the step
 * matrix does. */
static const spring stiff_damped = {3200, 16, 2, 0.5};

/* What the damped twin's runs below must send: x and v after `steps` steps of `dt` from x = 1.5 at rest, the powers
 * of each method's step matrix applied to [1, 0], plus the target (computed once, outside the students' copy, and
 * printed to 17 digits here). */
typedef struct {
    const char *method;
    double dt;
    int steps;
    double x, v;
} damped_run;

static const damped_run explicit_40 = {"explicit", 0.02, 40, -2523.7238138367193, 25871.509543919565};
static const damped_run table_runs[4] = {
    {"explicit", 0.04, 5, 11.43886208, 574.09191935999979},
    {"explicit", 0.04, 10, -85.829753816268507, 14207.732313615283},
    {"semi-implicit", 0.04, 5, 0.95715875839999986, 33.131560959999987},
    {"semi-implicit", 0.04, 10, 0.24247148943219643, -8.1267450629618345},
};

static void want_damped(gr_values *ref, const damped_run *r)
{
    gr_want_n(ref, r->x, GR_TOL(1e-9, 1e-12), r->steps,
              "%s x after %d step of %g s (k = 3200, c = 16, m = 2, target 0.5)",
              "%s x after %d steps of %g s (k = 3200, c = 16, m = 2, target 0.5)", r->method, r->steps, r->dt);
    gr_want_n(ref, r->v, GR_TOL(1e-9, 1e-12), r->steps, "%s v after %d step of %g s", "%s v after %d steps of %g s",
              r->method, r->steps, r->dt);
}

/* Two steps of 1/240 s of the spring article's spring from rest at 0: x and v after each. */
static void put_two_steps(gr_values *out, state (*step)(spring, state, double))
{
    state y = {0, 0};
    for (int i = 0; i < 2; i++) {
        y = step(seed_spring, y, 1.0 / 240);
        gr_put(out, y.x);
        gr_put(out, y.v);
    }
}

/* Two explicit steps of 1/240 s from rest at 0:
 *   a0 = (-400 (0 - 300) - 40 * 0) / 2 = 60000;   x1 = 0 + 0 * dt = 0;        v1 = 0 + 60000 / 240 = 250
 *   a1 = 60000 - 20 * 250 = 55000;          x2 = 250 / 240 = 25/24;     v2 = 250 + 55000 / 240 = 2875/6 */
GR_PROBE(explicit_by_hand) { put_two_steps(out, euler_explicit_step); }
GR_REFERENCE(explicit_by_hand)
{
    gr_want(ref, 0.0, GR_TOL(1e-12, 1e-12), "x after 1 step");
    gr_want(ref, 250.0, GR_REL(1e-12), "v after 1 step");
    gr_want(ref, 25.0 / 24, GR_REL(1e-12), "x after 2 steps");
    gr_want(ref, 2875.0 / 6, GR_REL(1e-12), "v after 2 steps");
}

/* Two semi-implicit steps, same spring:
 *   v1 = 0 + 60000 / 240 = 250;   x1 = 0 + 250 / 240 = 25/24
 *   a1 = (-400 (25/24 - 300) - 40 * 250) / 2 = 164375/3;   v2 = 250 + a1 / 240 = 344375/720;
 *   x2 = 25/24 + v2 / 240 = 524375/172800 */
GR_PROBE(semi_by_hand) { put_two_steps(out, euler_semi_implicit_step); }
GR_REFERENCE(semi_by_hand)
{
    gr_want(ref, 25.0 / 24, GR_REL(1e-12), "x after 1 step");
    gr_want(ref, 250.0, GR_REL(1e-12), "v after 1 step");
    gr_want(ref, 524375.0 / 172800, GR_REL(1e-12), "x after 2 steps");
    gr_want(ref, 344375.0 / 720, GR_REL(1e-12), "v after 2 steps");
}

/* Mass, damping and target all matter: k = 8, c = 3, m = 2, target = -1, from x = 0.5, v = -2, dt = 0.1:
 *   a = (-8 (0.5 + 1) - 3 (-2)) / 2 = -3
 *   explicit: x = 0.5 + (-2)(0.1) = 0.3,  v = -2 + (-3)(0.1) = -2.3
 *   semi:     v = -2.3,                   x = 0.5 + (-2.3)(0.1) = 0.27 */
GR_PROBE(mass_damping_target)
{
    const spring s = {8, 3, 2, -1};
    state e = euler_explicit_step(s, (state){0.5, -2}, 0.1);
    state m = euler_semi_implicit_step(s, (state){0.5, -2}, 0.1);
    gr_put(out, e.x), gr_put(out, e.v), gr_put(out, m.x), gr_put(out, m.v);
}
GR_REFERENCE(mass_damping_target)
{
    gr_want(ref, 0.3, GR_REL(1e-12), "explicit x");
    gr_want(ref, -2.3, GR_REL(1e-12), "explicit v");
    gr_want(ref, 0.27, GR_REL(1e-12), "semi-implicit x");
    gr_want(ref, -2.3, GR_REL(1e-12), "semi-implicit v");
}

/* The spring article: "with w0 = 40 rad/s and a step of 20 ms the amplitude grows 28% a step": from 1 away from the
 * target, 40 explicit steps end at -5590.544 from it (printed to three decimals), and each step multiplies the
 * amplitude sqrt((x - target)^2 + (v/w0)^2) by exactly sqrt(1 + (w0 dt)^2) = sqrt(1.64). A step that only scales the
 * state to that growth is not a step: the same 40 steps with damping end where the power of the step matrix says. */
GR_PROBE(seed_explicit_explodes)
{
    state y = {1.5, 0};
    double amplitude[41];
    for (int i = 0; i <= 40; i++) {
        amplitude[i] = hypot(y.x - 0.5, y.v / 40);
        if (i < 40)
            y = euler_explicit_step(stiff, y, 0.02);
    }
    gr_put(out, y.x);
    gr_put(out, amplitude[40] / amplitude[39]);
    put_steps(out, euler_explicit_step, stiff_damped, (state){1.5, 0}, 0.02, 40, 40);
}
GR_REFERENCE(seed_explicit_explodes)
{
    gr_want(ref, 0.5 - 5590.544, GR_ABS(5e-4), "x after 40 steps (the spring article, plus the target 0.5)");
    gr_want(ref, sqrt(1.64), GR_REL(1e-12), "amplitude growth of step 40");
    want_damped(ref, &explicit_40);
}

/* The spring article's table: the same stiff spring at 40 ms, ten steps of each method from 1 away from the target,
 * printed to two decimals (plus the target 0.5 here), row 1 after the first step, row 10 after the tenth; then the
 * damped twin's ten steps of each, against the matrix power. */
GR_PROBE(seed_table)
{
    state e = {1.5, 0}, m = {1.5, 0};
    for (int i = 0; i < 10; i++) {
        e = euler_explicit_step(stiff, e, 0.04);
        m = euler_semi_implicit_step(stiff, m, 0.04);
        gr_put(out, e.x);
        gr_put(out, m.x);
    }
    put_steps(out, euler_explicit_step, stiff_damped, (state){1.5, 0}, 0.04, 10, 5);
    put_steps(out, euler_semi_implicit_step, stiff_damped, (state){1.5, 0}, 0.04, 10, 5);
}
GR_REFERENCE(seed_table)
{
    static const double explicit_x[10] = {1.00, -1.56, -6.68, -7.81, 8.17, 44.13, 59.18, -38.74, -288.15, -438.38};
    static const double semi_x[10] = {-1.56, -0.13, 1.63, -0.79, -1.19, 1.45, 0.38, -1.66, 0.56, 1.35};
    for (int i = 0; i < 10; i++) {
        gr_want(ref, 0.5 + explicit_x[i], GR_ABS(0.005),
                "explicit x after step %d (the spring article's row %d, plus 0.5)", i + 1, i + 1);
        gr_want(ref, 0.5 + semi_x[i], GR_ABS(0.005),
                "semi-implicit x after step %d (the spring article's row %d, plus 0.5)", i + 1, i + 1);
    }
    for (int i = 0; i < 4; i++)
        want_damped(ref, &table_runs[i]);
}

const gr_case gr_visible[] = {
    GR_CASE(explicit_by_hand, "explicit Euler: two steps of the spring article's spring (as m = 2), by hand"),
    GR_CASE(semi_by_hand, "semi-implicit Euler: two steps of the spring article's spring (as m = 2), by hand"),
    GR_CASE(mass_damping_target, "both steps with m = 2, c = 3 and target = -1, by hand"),
    GR_CASE(seed_explicit_explodes, "the spring article: explicit Euler at w0 = 40, dt = 20 ms ends at -5590.544"),
    GR_CASE(seed_table, "the spring article: the ten-row table at dt = 40 ms, both methods, and with damping"),
};
GR_COUNT_OF(gr_visible);
