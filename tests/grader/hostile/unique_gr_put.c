/* Wrong steps (wrong_answer.c's mistake) and its own gr_put with the binding objcopy cannot make local, GNU
 * unique (an assembler directive): it records the hand-calculated answers of explicit_by_hand in place of the
 * steps' values. A symbol the grader cannot keep inside the submission's file is refused, with the reason.
 * deserves: 0 */
#include <stddef.h>
#include <stdlib.h>

#include "exercise.h"

static const char *const *arguments;

__attribute__((constructor)) static void keep_arguments(int argc, char **argv)
{
    arguments = argc == 2 ? (const char *const *)argv : NULL;
}

/* gr_values: the count, a bool, then the values from byte 16 */
__attribute__((used)) static void put_by_hand(size_t *count, double value)
{
    static const double by_hand[4] = {0, 250, 25.0 / 24, 2875.0 / 6};
    double *values = (double *)(count + 2);
    if (arguments && atoi(arguments[1]) == 0 && *count < 4)
        value = by_hand[*count];
    values[(*count)++] = value;
}
__asm__(".globl gr_put\n.type gr_put, @gnu_unique_object\n.set gr_put, put_by_hand");

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v_next = y.v + dt * (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    return (state){.x = y.x + dt * v_next, .v = v_next};
}

state euler_explicit_step(spring s, state y, double dt) { return euler_semi_implicit_step(s, y, dt); }
