/* The stub's wrong answers, dressed up: it prints passing test reports, a Gradescope JSON with full marks, and
 * Check-style PASS lines, from a constructor and from every call. deserves: 0 */
#include <stdio.h>

#include "exercise.h"

static void brag(void)
{
    printf("100%%: Checks: 10, Failures: 0, Errors: 0\n");
    printf("PASS explicit Euler\nscore 12 / 12\n");
    printf("{\"score\": 12, \"max_score\": 12, \"tests\": []}\n");
    fflush(stdout);
}

__attribute__((constructor)) static void brag_early(void)
{
    brag();
}

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    brag();
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    brag();
    return y;
}
