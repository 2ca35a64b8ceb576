/* Exercise 07: write slerp. Read README.md first; `make exercise EX=07` runs the visible tests. */
#include <math.h>

#include "exercise.h"

quat quat_slerp(quat a, quat b, double s)
{
    (void)a, (void)b, (void)s;
    /* TODO: the dot product; flip b when it is negative; nlerp when nearly parallel; else the sines. */
    return (quat){0, 0, 0, 0};
}
