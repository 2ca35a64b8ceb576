/* Wrong steps (wrong_answer.c's mistake) and a COMMON symbol named main (an asm label on an uninitialised variable
 * marked common): a linker lets a common symbol stand for a definition, so the program would start in this zeroed
 * data and crash at once, every test with it. Common symbols get space in the submission's own object and stay
 * inside it like any other: the probe's main runs, and it scores what wrong_answer.c scores. deserves: 4 */
#include "exercise.h"

int program_start __asm__("main") __attribute__((common));

state euler_semi_implicit_step(spring s, state y, double dt)
{
    state next = y;
    next.v += dt * (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    next.x += dt * next.v;
    return next;
}

state euler_explicit_step(spring s, state y, double dt) { return euler_semi_implicit_step(s, y, dt); }
