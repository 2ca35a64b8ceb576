/* Wrong steps (wrong_answer.c's mistake) and its own gr_put, the function the tests record their values through:
 * in two visible tests it fails (explicit_by_hand and mass_damping_target) it records their hand-calculated answers
 * instead of what the steps returned. A submission's names stay inside its own file, so the tests record through
 * the grader's gr_put and it scores what wrong_answer.c scores. deserves: 4 */
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "exercise.h"

typedef struct {   /* the start of grader.h's gr_values */
    size_t count;
    bool overflow;
    double value[512];
} recorded;

static long case_index = -1;

__attribute__((constructor)) static void which_case(int argc, char **argv)   /* glibc passes main's arguments */
{
    if (argc == 2)
        case_index = strtol(argv[1], NULL, 10);
}

void gr_put(recorded *out, double value)
{
    static const double answers[3][4] = {{0, 250, 25.0 / 24, 2875.0 / 6}, {0}, {0.3, -2.3, 0.27, -2.3}};
    if ((case_index == 0 || case_index == 2) && out->count < 4)
        value = answers[case_index][out->count];
    if (out->count < 512)
        out->value[out->count++] = value;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

state euler_explicit_step(spring s, state y, double dt) { return euler_semi_implicit_step(s, y, dt); }
