/* numlab: the launcher. Lists the labs, starts the one chosen, and comes back to the menu when it quits. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "numlab/cli.h"

typedef struct {
    const char *name, *what;
} lab_entry;

static const lab_entry lab_list[] = {
    {"spring-lab", "one damped spring: Euler explodes, semi-implicit holds, RK4 is exact enough"},
    {"network-lab", "masses, springs and dampers in 2-D: the same methods, normal modes, dragging"},
    {"keyframe-lab", "Hermite curves, glTF tracks, quaternions"},
    {"bowl-lab", "two spheres in a bowl and the sound they make, to WAV"},
};
#define N_LABS (int)(sizeof lab_list / sizeof lab_list[0])

/* The directory this program was started from: the labs sit next to it. */
static void own_dir(char *dir, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", dir, size - 1);
    if (n <= 0) {
        snprintf(dir, size, ".");
        return;
    }
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
}

static int run_lab(const char *path)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        ;
    return status;
}

static const char usage[] =
    "usage: numlab            the menu of labs (needs a terminal)\n"
    "       numlab --list     the labs, one a line\n";

int main(int argc, char **argv)
{
    cli_set_program("numlab");
    char dir[PATH_MAX], path[PATH_MAX + 32];
    own_dir(dir, sizeof dir);
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        fputs(usage, stdout);
        return CLI_OK;
    }
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (int i = 0; i < N_LABS; i++)
            printf("%s\t%s\n", lab_list[i].name, lab_list[i].what);
        return CLI_OK;
    }
    if (argc > 1)
        return cli_error("unknown argument '%s' (see --help)", argv[1]);
    if (!cli_have_terminal())
        return cli_error("the menu needs a terminal; run a lab directly, e.g. spring-lab --csv (see --help)");

    for (;;) {
        printf("\nnumlab: a terminal laboratory for the numerics of animation and sound\n\n");
        for (int i = 0; i < N_LABS; i++) {
            snprintf(path, sizeof path, "%s/%s", dir, lab_list[i].name);
            printf("  %d  %-13s %s%s\n", i + 1, lab_list[i].name, lab_list[i].what,
                   access(path, X_OK) == 0 ? "" : "  (not built)");
        }
        printf("  q  quit\n\nchoice> ");
        fflush(stdout);
        char line[64];
        if (!fgets(line, sizeof line, stdin) || line[0] == 'q')
            return CLI_OK;
        int choice = atoi(line);
        if (choice < 1 || choice > N_LABS)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, lab_list[choice - 1].name);
        if (run_lab(path) < 0)
            fprintf(stderr, "numlab: cannot start %s\n", path);
    }
}
