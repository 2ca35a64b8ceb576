/* A macro that expands to 10^10 tokens: the preprocessor's output would fill the disk. Its file-size and time
 * limits stop it. deserves: 0 */
#include "exercise.h"

#define A0 y.x +
#define A1 A0 A0 A0 A0 A0 A0 A0 A0 A0 A0
#define A2 A1 A1 A1 A1 A1 A1 A1 A1 A1 A1
#define A3 A2 A2 A2 A2 A2 A2 A2 A2 A2 A2
#define A4 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3
#define A5 A4 A4 A4 A4 A4 A4 A4 A4 A4 A4
#define A6 A5 A5 A5 A5 A5 A5 A5 A5 A5 A5
#define A7 A6 A6 A6 A6 A6 A6 A6 A6 A6 A6
#define A8 A7 A7 A7 A7 A7 A7 A7 A7 A7 A7
#define A9 A8 A8 A8 A8 A8 A8 A8 A8 A8 A8
#define A10 A9 A9 A9 A9 A9 A9 A9 A9 A9 A9

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    y.x = A10 0;
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    return euler_explicit_step(s, y, dt);
}
