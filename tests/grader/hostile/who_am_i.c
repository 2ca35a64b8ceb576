/* Reports who its code runs as (the grader's test checks: a sandbox uid of its own, never root, no supplementary
 * groups, not dumpable) and earns nothing. deserves: 0 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "exercise.h"

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    printf("whoami: uid=%d euid=%d gid=%d groups=%d dumpable=%d\n", (int)getuid(), (int)geteuid(), (int)getgid(),
           getgroups(0, NULL), prctl(PR_GET_DUMPABLE, 0, 0, 0, 0));
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    return euler_explicit_step(s, y, dt);
}
