/* Exercise 12, the hidden tests: other norms, other orders, a third-order pair, no growth right after a rejection,
 * growth held to facmax from a tiny first step. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "pairs.h"
#include "reference.h"
#include "points.h"
#include "runs.h"

/* atol 0 (purely relative), y_new larger than y, negative components: max(|y|, |y_new|) of each, and the signs
 * squared away. */
GR_PROBE(norm_relative_and_signs)
{
    gr_put(out, error_norm((state){-0.5, 3}, (state){-2, 1}, (state){-0.01, 0.02}, 0, 1e-2));
    gr_put(out, error_norm((state){0, 0}, (state){0, 0}, (state){2e-8, -1e-8}, 1e-8, 1e-3));
}
GR_REFERENCE(norm_relative_and_signs)
{
    gr_want(ref, ref_norm((state){-0.5, 3}, (state){-2, 1}, (state){-0.01, 0.02}, 0, 1e-2), GR_REL(1e-12),
            "relative only, the larger of |y| and |y_new|");
    gr_want(ref, ref_norm((state){0, 0}, (state){0, 0}, (state){2e-8, -1e-8}, 1e-8, 1e-3), GR_REL(1e-12),
            "at the origin: atol alone");
}

/* The exponents follow q: 1/3 for q = 2, 1/6 for q = 5; PI 0.7/3 and 0.4/3 for q = 2. */
GR_PROBE(controllers_other_orders)
{
    gr_put(out, next_step(0.3, 0.05, 2, 0));
    gr_put(out, next_step(0.3, 3, 5, 0));
    gr_put(out, next_step(0.3, 1e-4, 5, 0));
    gr_put(out, next_step_pi(0.3, 0.8, 0.05, 2));
    gr_put(out, next_step_pi(0.3, 0.02, 0.9, 2));
}
GR_REFERENCE(controllers_other_orders)
{
    gr_want(ref, 0.3 * ref_factor(0.05, 0, 2, 0, 0), GR_REL(1e-12), "q = 2, err 0.05");
    gr_want(ref, 0.3 * ref_factor(3, 0, 5, 0, 0), GR_REL(1e-12), "q = 5, err 3 (rejected)");
    gr_want(ref, 0.3 * ref_factor(1e-4, 0, 5, 0, 0), GR_REL(1e-12), "q = 5, err 1e-4");
    gr_want(ref, 0.3 * ref_factor(0.8, 0.05, 2, 1, 0), GR_REL(1e-12), "PI q = 2, err 0.8 after 0.05");
    gr_want(ref, 0.3 * ref_factor(0.02, 0.9, 2, 1, 0), GR_REL(1e-12), "PI q = 2, err 0.02 after 0.9");
}

static const spring other = {27, 1.8, 3, -1};

/* Bogacki-Shampine 3(2) (q = 2) on k = 27, c = 1.8, m = 3, target -1, from (0, 2) to t = 1.7 at tol 1e-7. */
GR_PROBE(driver_third_order_pair)
{
    send_run(out, adaptive_run(bogacki_shampine, 2, other, (state){0, 2}, 1.7, 0.2, 1e-7));
}
GR_REFERENCE(driver_third_order_pair)
{
    expect_run(ref, "Bogacki-Shampine, tol 1e-7", ref_run(bogacki_shampine, 2, other, (state){0, 2}, 1.7, 0.2, 1e-7));
}

/* From a first step of 1 s at tol 1e-2 and 1e-3: the steps right after each rejection do not grow. A driver that
 * lets them grow takes the same number of steps here, but other ones: the end state differs by 5e-4 and 5e-8. */
GR_PROBE(no_growth_after_rejection)
{
    send_run(out, adaptive_run(bogacki_shampine, 2, other, (state){0, 2}, 1.7, 1, 1e-2));
    send_run(out, adaptive_run(bogacki_shampine, 2, other, (state){0, 2}, 1.7, 1, 1e-3));
}
GR_REFERENCE(no_growth_after_rejection)
{
    expect_run(ref, "h0 = 1, tol 1e-2", ref_run(bogacki_shampine, 2, other, (state){0, 2}, 1.7, 1, 1e-2));
    expect_run(ref, "h0 = 1, tol 1e-3", ref_run(bogacki_shampine, 2, other, (state){0, 2}, 1.7, 1, 1e-3));
}

/* A first step of 1e-9 s grows at most tenfold a step: the run's first steps are 1e-9, 1e-8, 1e-7, ... */
GR_PROBE(growth_held_to_facmax)
{
    send_run(out, adaptive_run(heun_euler, 1, (spring){8, 2, 2, 1}, (state){2, 0}, 0.5, 1e-9, 1e-5));
}
GR_REFERENCE(growth_held_to_facmax)
{
    expect_run(ref, "h0 = 1e-9", ref_run(heun_euler, 1, (spring){8, 2, 2, 1}, (state){2, 0}, 0.5, 1e-9, 1e-5));
}

const gr_case gr_hidden[] = {
    GR_CASE(norm_relative_and_signs, "the scaled error: relative only, signs, the larger of |y| and |y_new|"),
    GR_CASE(controllers_other_orders, "both controllers for pairs of other orders"),
    GR_CASE(driver_third_order_pair, "the driver with a third-order pair (Bogacki-Shampine)"),
    GR_CASE(no_growth_after_rejection, "no growth right after a rejected step"),
    GR_CASE(growth_held_to_facmax, "a tiny first step grows at most tenfold a step"),
};
GR_COUNT_OF(gr_hidden);
