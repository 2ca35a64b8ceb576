/* numlab: the launcher. Lists the labs and the exercises; starts a lab and comes back to the menu when it quits;
 * shows an exercise's task and runs its visible tests. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "numlab/cli.h"
#include "numlab/tui.h"

#define MAX_EXERCISES 64

static const tui_item lab_items[] = {
    {"spring-lab", "one damped spring: Euler explodes, semi-implicit holds, RK4 is accurate"},
    {"network-lab", "masses, springs and dampers in 2-D: the same methods, normal modes, dragging"},
    {"keyframe-lab", "Hermite curves, glTF tracks, quaternions"},
    {"bowl-lab", "two spheres in a bowl and the sound they make, to WAV"},
};
#define N_LABS (int)(sizeof lab_items / sizeof lab_items[0])

typedef struct {
    char name[64];
    char title[160];
} exercise;

static char bin_dir[PATH_MAX], root_dir[PATH_MAX];

/* The labs sit next to this program (build/bin); the source tree, with exercises/, two levels up. */
static void find_dirs(void)
{
    ssize_t n = readlink("/proc/self/exe", bin_dir, sizeof bin_dir - 1);
    bin_dir[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(bin_dir, '/');
    if (slash)
        *slash = '\0';
    else
        strcpy(bin_dir, ".");
    const char *home = getenv("NUMLAB_HOME");
    if (home && *home)
        snprintf(root_dir, sizeof root_dir, "%s", home);
    else
        snprintf(root_dir, sizeof root_dir, "%.*s/../..", PATH_MAX - 8, bin_dir);
}

static int load_exercises(exercise *ex, int max)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%.*s/exercises", PATH_MAX - 16, root_dir);
    struct dirent **list;
    int n = scandir(path, &list, NULL, alphasort), count = 0;
    for (int i = 0; i < n; i++) {
        const char *d = list[i]->d_name;
        if (count < max && d[0] >= '0' && d[0] <= '9' && d[1] >= '0' && d[1] <= '9' && d[2] == '-') {
            snprintf(ex[count].name, sizeof ex[count].name, "%.63s", d);
            snprintf(ex[count].title, sizeof ex[count].title, "exercise");
            char readme[PATH_MAX];
            snprintf(readme, sizeof readme, "%.*s/%.63s/README.md", PATH_MAX - 96, path, d);
            FILE *f = fopen(readme, "r");
            if (f) {  /* the first heading is the title */
                char line[256];
                while (fgets(line, sizeof line, f))
                    if (line[0] == '#') {
                        line[strcspn(line, "\n")] = '\0';
                        snprintf(ex[count].title, sizeof ex[count].title, "%s", line + strspn(line, "# "));
                        break;
                    }
                fclose(f);
            }
            count++;
        }
        free(list[i]);
    }
    if (n >= 0)
        free(list);
    return count;
}

/* Runs argv in the foreground and waits; returns its wait status, or -1 when it could not start. */
static int run(char *const argv[])
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execv(argv[0], argv);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        ;
    return status;
}

static void wait_for_enter(void)
{
    printf("\nPress Enter to return to numlab.");
    fflush(stdout);
    int c;
    while ((c = getchar()) != '\n' && c != EOF)
        ;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    char buf[4096];
    size_t n;
    while (mem && (n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, mem);
    if (mem)
        fclose(mem);
    fclose(f);
    return text;
}

static void open_exercise(const exercise *ex)
{
    static const tui_item actions[] = {
        {"read the task", "README.md: the idea, the task, the signatures, the hints"},
        {"run the tests", "the visible tests on your exercises/NN-topic/student.c"},
    };
    char title[256];
    snprintf(title, sizeof title, "numlab  exercise %s", ex->name);
    for (int choice; (choice = tui_menu(title, ex->title, actions, 2, 0)) >= 0;) {
        if (choice == 0) {
            char path[PATH_MAX];
            snprintf(path, sizeof path, "%.*s/exercises/%s/README.md", PATH_MAX - 96, root_dir, ex->name);
            char *text = read_file(path);
            tui_pager(title, text ? text : "README.md not found");
            free(text);
        } else {
            char ex_arg[16];
            snprintf(ex_arg, sizeof ex_arg, "EX=%.2s", ex->name);
            char *argv[] = {"make", "--no-print-directory", "-C", root_dir, "exercise", ex_arg, NULL};
            if (run(argv) < 0)
                fprintf(stderr, "numlab: cannot run make\n");
            wait_for_enter();
        }
    }
}

static const char usage[] =
    "usage: numlab            the menu of labs and exercises (needs a terminal)\n"
    "       numlab --list     the labs and exercises, one a line\n";

int main(int argc, char **argv)
{
    cli_set_program("numlab");
    find_dirs();
    static exercise ex[MAX_EXERCISES];
    int n_ex = load_exercises(ex, MAX_EXERCISES);
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        fputs(usage, stdout);
        return CLI_OK;
    }
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (int i = 0; i < N_LABS; i++)
            printf("%s\t%s\n", lab_items[i].label, lab_items[i].detail);
        for (int i = 0; i < n_ex; i++)
            printf("exercises/%s\t%s\n", ex[i].name, ex[i].title);
        return CLI_OK;
    }
    if (argc > 1)
        return cli_error("unknown argument '%s' (see --help)", argv[1]);
    if (!cli_have_terminal())
        return cli_error("the menu needs a terminal; run a lab directly, e.g. spring-lab --csv (see --help)");

    tui_item items[N_LABS + MAX_EXERCISES];
    memcpy(items, lab_items, sizeof lab_items);
    for (int i = 0; i < n_ex; i++)
        items[N_LABS + i] = (tui_item){ex[i].name, ex[i].title};
    int selected = 0;
    for (;;) {
        int choice = tui_menu("numlab: a terminal laboratory for the numerics of animation and sound",
                              "Labs first, then exercises. A lab returns here when you quit it.", items,
                              N_LABS + n_ex, selected);
        if (choice < 0)
            return tui_signal() ? 128 + tui_signal() : CLI_OK;
        selected = choice;
        if (choice >= N_LABS) {
            open_exercise(&ex[choice - N_LABS]);
            continue;
        }
        char path[PATH_MAX + 32];
        snprintf(path, sizeof path, "%s/%s", bin_dir, lab_items[choice].label);
        if (access(path, X_OK) != 0) {
            printf("numlab: %s is not built (run make)\n", path);
            wait_for_enter();
            continue;
        }
        char *lab_argv[] = {path, NULL};
        run(lab_argv);
    }
}
