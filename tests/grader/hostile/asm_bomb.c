/* An initialised 3 GiB array: the assembler would write a 3 GiB object file. The compiler's file-size limit stops
 * it at once. deserves: 0 */
#include "exercise.h"

char bomb[3u << 30] = {1};

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    y.x += bomb[y.v > 0 ? 1 : 2];
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    return euler_explicit_step(s, y, dt);
}
