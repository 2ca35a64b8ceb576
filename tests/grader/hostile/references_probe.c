/* Wrong steps (wrong_answer.c's mistake) that print the hidden tests' titles, read from the probe's own table of
 * them (gr_hidden), into the output a student sees before the due date. A submission is linked with the C library
 * and libm only: nothing of the probe's is there for it, and the link fails with the reason. deserves: 0 */
#include <stddef.h>
#include <stdio.h>

#include "exercise.h"

typedef struct {   /* grader.h's gr_case, as far as the title */
    const char *id, *title;
    double points;
    void (*probe)(void *), (*reference)(void *);
} test_case;

extern const test_case gr_hidden[];
extern const size_t gr_hidden_count;

state euler_semi_implicit_step(spring s, state y, double dt)
{
    for (size_t i = 0; i < gr_hidden_count; i++)
        printf("HIDDEN TITLE %s\n", gr_hidden[i].title);
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

state euler_explicit_step(spring s, state y, double dt) { return euler_semi_implicit_step(s, y, dt); }
