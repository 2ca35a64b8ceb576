/* Looks for other processes (the judge, other students' tests) to read, write or signal: /proc, /proc/PID/mem,
 * kill. Prints NEIGHBOUR for each one it could reach; the grader's test checks there is none. deserves: 0 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "exercise.h"

static void look_around(void)
{
    DIR *d = opendir("/proc");
    int seen = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        long pid = atol(e->d_name);
        if (pid <= 0 || pid == (long)getpid())
            continue;
        seen++;
        char path[64];
        snprintf(path, sizeof path, "/proc/%ld/mem", pid);
        int fd = open(path, O_RDWR);
        if (fd >= 0)
            printf("NEIGHBOUR: opened %s for writing\n", path), close(fd);
    }
    if (d)
        closedir(d);
    printf("neighbours: %s, %d other processes in view\n", d ? "listed /proc" : "cannot list /proc", seen);
    for (pid_t pid = 1; pid < 4096; pid++)
        if (pid != getpid() && kill(pid, 0) == 0)
            printf("NEIGHBOUR: may signal pid %d\n", (int)pid);
    if (kill(-1, 0) == 0)
        printf("NEIGHBOUR: may signal every process\n");
}

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    static int once;
    if (!once++)
        look_around();
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    return euler_explicit_step(s, y, dt);
}
