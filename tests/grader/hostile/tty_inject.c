/* Types a command into the grader's terminal: TIOCSTI on /dev/tty and on its standard descriptors. The grader's
 * test runs the judge on a terminal and checks that nothing arrived there. deserves: 0 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "exercise.h"

static void type_into(int fd, const char *where)
{
    char command[] = {'e', 'c', 'h', 'o', ' ', 'I', 'N', 'J', 'E', 'C', 'T', 'E', 'D', '\n', 0};
    for (char *c = command; *c; c++)
        if (ioctl(fd, TIOCSTI, c) != 0) {
            printf("tty: TIOCSTI on %s: %s\n", where, strerror(errno));
            return;
        }
    printf("tty: typed into %s\n", where);
}

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    static int once;
    if (!once++) {
        int fd = open("/dev/tty", O_RDWR);
        if (fd < 0)
            printf("tty: open /dev/tty: %s\n", strerror(errno));
        else
            type_into(fd, "/dev/tty"), close(fd);
        type_into(0, "stdin"), type_into(1, "stdout"), type_into(2, "stderr");
    }
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    return euler_explicit_step(s, y, dt);
}
