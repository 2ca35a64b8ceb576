/* Exercise 12, the visible tests: the scaled error and both controllers by hand, the driver on two springs (its
 * counts and end state printed to 17 digits from the judge's reference, once), a step that must be rejected, the
 * landing on t_end, and the end against the closed form. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "pairs.h"
#include "points.h"
#include "runs.h"

/* y = (1, -2), y_new = (1.5, -1), e = (1e-3, -2e-3), atol 1e-3, rtol 1e-2: sc = (1e-3 + 1e-2 * 1.5, 1e-3 + 1e-2 * 2)
 * = (0.016, 0.021), so sqrt(((1e-3 / 0.016)^2 + (2e-3 / 0.021)^2) / 2) = sqrt((0.00390625 + 0.0090703) / 2)
 * = 0.080550. With rtol 0 and atol 1e-6, e = (3e-6, 4e-6): sqrt((9 + 16) / 2) = 3.5355339. */
GR_PROBE(error_norm_by_hand)
{
    gr_put(out, error_norm((state){1, -2}, (state){1.5, -1}, (state){1e-3, -2e-3}, 1e-3, 1e-2));
    gr_put(out, error_norm((state){1, -2}, (state){1.5, -1}, (state){3e-6, 4e-6}, 1e-6, 0));
}
GR_REFERENCE(error_norm_by_hand)
{
    gr_want(ref, 0.08054981311145451, GR_REL(1e-12), "scaled error, atol 1e-3 and rtol 1e-2");
    gr_want(ref, sqrt(12.5), GR_REL(1e-12), "scaled error, atol 1e-6 alone");
}

/* h = 0.1: q = 4, err 0.5: 0.1 * 0.9 * 0.5^(-1/5) = 0.10338285; q = 1, err 0.25: 0.9 * 0.25^(-1/2) = 1.8 (0.18);
 * err 4 (rejected), q = 1: 0.9 / 2 = 0.45 (0.045); err 0.01 right after a rejection: 0.9 * 100^(1/5) = 2.26, but
 * at most 1 (0.1); the bounds: err 1e-12 grows by 10 at most (1), err 1e6 shrinks by 0.2 at most (0.02); err 0: 1. */
GR_PROBE(standard_controller_by_hand)
{
    gr_put(out, next_step(0.1, 0.5, 4, 0));
    gr_put(out, next_step(0.1, 0.25, 1, 0));
    gr_put(out, next_step(0.1, 4, 1, 0));
    gr_put(out, next_step(0.1, 0.01, 4, 1));
    gr_put(out, next_step(0.1, 1e-12, 4, 0));
    gr_put(out, next_step(0.1, 1e6, 1, 0));
    gr_put(out, next_step(0.1, 0, 4, 0));
}
GR_REFERENCE(standard_controller_by_hand)
{
    gr_want(ref, 0.10338285194973316, GR_REL(1e-12), "q = 4, err 0.5");
    gr_want(ref, 0.18, GR_REL(1e-12), "q = 1, err 0.25");
    gr_want(ref, 0.045, GR_REL(1e-12), "q = 1, err 4 (rejected)");
    gr_want(ref, 0.1, GR_REL(1e-12), "err 0.01 right after a rejection: no growth");
    gr_want(ref, 1.0, GR_REL(1e-12), "err 1e-12: facmax");
    gr_want(ref, 0.02, GR_REL(1e-12), "err 1e6: facmin");
    gr_want(ref, 1.0, GR_REL(1e-12), "err 0: facmax");
}

/* h = 1: q = 4, err 0.5 after 0.25: 0.9 0.5^(-0.14) 0.25^(0.08) = 0.88761 (the error grew: the step shrinks though
 * err < 1); q = 1, err 0.1 after 0.4: 0.9 0.1^(-0.35) 0.4^(0.2) = 1.6775; err 1e-9 after 1: facmax 10. */
GR_PROBE(pi_controller_by_hand)
{
    gr_put(out, next_step_pi(1, 0.5, 0.25, 4));
    gr_put(out, next_step_pi(1, 0.1, 0.4, 1));
    gr_put(out, next_step_pi(1, 1e-9, 1, 4));
}
GR_REFERENCE(pi_controller_by_hand)
{
    gr_want(ref, 0.8876094340440233, GR_REL(1e-12), "PI, q = 4, err 0.5 after 0.25");
    gr_want(ref, 1.6774690179540999, GR_REL(1e-12), "PI, q = 1, err 0.1 after 0.4");
    gr_want(ref, 10.0, GR_REL(1e-12), "PI, err 1e-9: facmax");
}

static const spring damped = {8, 2, 2, 1};  /* zeta = c / (2 sqrt(k m)) = 0.25, target 1 */

/* A literal run: the counts, the end state, t. */
static inline run ended(int accepted, int rejected, double x, double v, double t)
{
    return (run){.y = {x, v}, .t = t, .accepted = accepted, .rejected = rejected};
}

/* Heun-Euler on the damped spring from x = 2 at rest to t = 2, tol 1e-4, a first step of 0.1 (two rejected). */
GR_PROBE(driver_heun_euler)
{
    send_run(out, adaptive_run(heun_euler, 1, damped, (state){2, 0}, 2, 0.1, 1e-4));
}
GR_REFERENCE(driver_heun_euler)
{
    expect_run(ref, "h0 = 0.1", ended(196, 2, 0.66287389914344852, 0.50755601720760912, 2));
}

/* A first step of 1.5 s cannot pass at tol 1e-4: rejected, cut, rejected, ... (4 in all); a first step of 1 s
 * past t_end = 0.3 is cut to land on it (then rejected once and landed in 4 steps). */
GR_PROBE(driver_rejects_and_lands)
{
    send_run(out, adaptive_run(heun_euler, 1, damped, (state){2, 0}, 2, 1.5, 1e-4));
    send_run(out, adaptive_run(heun_euler, 1, (spring){2, 0, 2, 0.5}, (state){1.5, 0}, 0.3, 1, 1e-3));
}
GR_REFERENCE(driver_rejects_and_lands)
{
    expect_run(ref, "h0 = 1.5", ended(196, 4, 0.66287390442201333, 0.50755601840035758, 2));
    expect_run(ref, "h0 = 1 > t_end = 0.3", ended(4, 1, 1.4552685646014225, -0.29579323892744969, 0.3));
}

/* Undamped (k = 2, m = 2: w0 = 1) around 0.5 from 1.5 for 3 s at tol 1e-6: within 1e-5 of 0.5 + cos 3, the closed
 * form, in 1487 steps. */
GR_PROBE(driver_follows_closed_form)
{
    run r = adaptive_run(heun_euler, 1, (spring){2, 0, 2, 0.5}, (state){1.5, 0}, 3, 0.05, 1e-6);
    gr_put(out, r.y.x);
    gr_put(out, r.accepted);
}
GR_REFERENCE(driver_follows_closed_form)
{
    gr_want(ref, undamped_x((spring){2, 0, 2, 0.5}, (state){1.5, 0}, 3), GR_ABS(1e-5), "x(3) against 0.5 + cos 3");
    gr_want(ref, 1487, GR_EXACT, "accepted steps at tol 1e-6");
}

const gr_case gr_visible[] = {
    GR_CASE(error_norm_by_hand, "the scaled error of a step, by hand"),
    GR_CASE(standard_controller_by_hand,
            "the standard controller by hand: growth, shrinking, bounds, after a rejection"),
    GR_CASE(pi_controller_by_hand, "the PI controller by hand"),
    GR_CASE(driver_heun_euler, "the driver with Heun-Euler on a damped spring: steps, rejections, the end"),
    GR_CASE(driver_rejects_and_lands, "a first step too long is rejected; a step past t_end lands on it"),
    GR_CASE(driver_follows_closed_form, "the driver on the undamped spring against the closed form"),
};
GR_COUNT_OF(gr_visible);
