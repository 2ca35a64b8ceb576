/* Tries to leave things behind that outlive its test: files, a FIFO and a symbolic link in /tmp, /var/tmp and
 * /dev/shm, POSIX and System V shared memory, disk reserved with fallocate. The grader's test looks for each one
 * afterwards. deserves: 0 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exercise.h"

static void leave(void)
{
    const char *dirs[] = {"/tmp", "/var/tmp", "/dev/shm", "."};
    for (int i = 0; i < 4; i++) {
        char path[64];
        snprintf(path, sizeof path, "%s/numlab-leftover-file", dirs[i]);
        int fd = open(path, O_WRONLY | O_CREAT, 0666);
        if (fd >= 0) {
            printf("left %s\n", path);
            if (fallocate(fd, 0, 0, 1 << 20) == 0)
                printf("reserved 1 MiB in %s\n", path);
            close(fd);
        }
        snprintf(path, sizeof path, "%s/numlab-leftover-fifo", dirs[i]);
        if (mkfifo(path, 0666) == 0)
            printf("left %s\n", path);
        snprintf(path, sizeof path, "%s/numlab-leftover-link", dirs[i]);
        if (symlink("/etc/passwd", path) == 0)
            printf("left %s\n", path);
    }
    int fd = shm_open("/numlab-leftover-shm", O_RDWR | O_CREAT, 0666);
    if (fd >= 0)
        printf("left POSIX shared memory\n"), close(fd);
    if (shmget(0x6e756d6c, 1 << 20, IPC_CREAT | 0666) >= 0)
        printf("left System V shared memory\n");
}

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    static int once;
    if (!once++)
        leave();
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    return euler_explicit_step(s, y, dt);
}
