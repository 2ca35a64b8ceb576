/* numlab: the launcher. Lists the labs and the exercises; starts a lab and comes back to the menu when it quits;
 * shows an exercise's task and runs its visible tests. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "numlab/cli.h"
#include "numlab/infile.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "numlab/plot.h"
#include "numlab/state.h"
#include "numlab/text.h"
#include "numlab/tui.h"

#define MAX_EXERCISES 64

/* The labs, each as it declares itself (its LABCLI_LAB line: labcli.h), collected by the Makefile
 * (tools/labs_list.sh); the summaries as written there, translated where the menu shows them. */
static const tui_item lab_items[] = {
#include "numlab_labs.inc"
};
#define N_LABS (int)(sizeof lab_items / sizeof lab_items[0])

typedef struct {
    char name[64];     /* the folder, as it is */
    char label[64];    /* the folder's name as shown: escaped (text.h) */
    char title[160];   /* the README's first heading, escaped; "" when it has none */
} exercise;

#define README_MAX_BYTES (1u << 20)

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

/* An exercise's title as the menu shows it, and as --list writes it (machine output: never translated). */
static const char *exercise_title(const exercise *ex, bool translated)
{
    return ex->title[0] ? ex->title : translated ? _("exercise") : "exercise";
}

/* An exercise's README in the language shown: README.es.md in Spanish (the catalogue's translation of
 * "README.md", as make exercise has it), else README.md. */
static void readme_path(const char *exercises_dir, const char *name, char *out, size_t size)
{
    /* TRANSLATORS: the file of an exercise's README in this language (README.es.md) */
    snprintf(out, size, "%.*s/%.63s/%s", PATH_MAX - 96, exercises_dir, name, _("README.md"));
    if (access(out, R_OK) != 0)
        snprintf(out, size, "%.*s/%.63s/README.md", PATH_MAX - 96, exercises_dir, name);
}

/* The first heading of a README, escaped for the screen; "" when there is none or it cannot be read (a regular
 * text file of at most README_MAX_BYTES: infile.h). */
static void readme_title(const char *path, char *title, size_t size)
{
    title[0] = '\0';
    infile_data text;
    infile_error e;
    if (infile_read(path, README_MAX_BYTES, true, &text, &e) != INFILE_OK)
        return;
    for (char *line = text.data; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (line[0] == '#') {
            line[strcspn(line, "\n")] = '\0';
            text_escape(line + strspn(line, "# "), title, size);
            break;
        }
    infile_data_free(&text);
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
            text_escape(ex[count].name, ex[count].label, sizeof ex[count].label);
            char readme[PATH_MAX];
            readme_path(path, d, readme, sizeof readme);
            readme_title(readme, ex[count].title, sizeof ex[count].title);
            count++;
        }
        free(list[i]);
    }
    if (n >= 0)
        free(list);
    return count;
}

/* Runs argv in the foreground and waits; returns its wait status, or -1 when it could not start or be waited for.
 * SIGCHLD is set to its default first: a numlab started with it ignored (inherited through exec) would otherwise
 * have its children reaped by the kernel, and waitpid would fail with ECHILD instead of returning their status. */
static int run(char *const argv[])
{
    signal(SIGCHLD, SIG_DFL);
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
        if (errno != EINTR)
            return -1;
    return status;
}

static void wait_for_enter(void)
{
    printf("\n%s", _("Press Enter to return to numlab."));
    fflush(stdout);
    int c;
    while ((c = getchar()) != '\n' && c != EOF)
        ;
}

/* Text for the pager: each line of data[0 .. size) escaped for the screen, the line breaks kept. */
static char *escaped_lines(char *data, size_t size)
{
    size_t cap = 4 * size + 1, used = 0;  /* \xHH for every byte at the most */
    char *out = malloc(cap);
    for (char *line = data; out && line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        used += text_escape(line, out + used, cap - used);
        if (nl)
            out[used++] = '\n';
        line = nl ? nl + 1 : NULL;
    }
    if (out)
        out[used] = '\0';
    return out;
}

/* A README for the pager: its paragraphs joined into lines the pager wraps to the screen (code blocks and lists
 * kept as they are: tui_reflow), escaped; or why it cannot be shown. */
static char *readme_text(const char *path)
{
    infile_data text;
    infile_error e;
    if (infile_read(path, README_MAX_BYTES, true, &text, &e) != INFILE_OK) {
        char msg[1024];
        infile_message(&e, NULL, path, msg, sizeof msg);
        return strdup(msg);
    }
    tui_reflow(text.data);
    char *out = escaped_lines(text.data, strlen(text.data));
    infile_data_free(&text);
    return out;
}

#define OUTPUT_MAX_BYTES (1u << 20)

/* Runs argv with its output and errors into a string for the pager (escaped; at most OUTPUT_MAX_BYTES, the rest
 * read and dropped), the lines fitted to the terminal's width less the pager's margins (COLUMNS, which the check
 * runner follows); NULL when it could not start. */
static char *run_captured(char *const argv[])
{
    int fds[2];
    if (pipe(fds) != 0)
        return NULL;
    struct winsize ws;
    int cols = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 42 ? ws.ws_col - 2 : 78;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]), close(fds[1]);
        return NULL;
    }
    if (pid == 0) {
        char columns[16];
        snprintf(columns, sizeof columns, "%d", cols);
        setenv("COLUMNS", columns, 1);
        dup2(fds[1], STDOUT_FILENO), dup2(fds[1], STDERR_FILENO);
        close(fds[0]), close(fds[1]);
        execvp(argv[0], argv);
        fprintf(stderr, _("numlab: cannot run %s"), argv[0]);
        fputc('\n', stderr);
        _exit(127);
    }
    close(fds[1]);
    char *buf = malloc(OUTPUT_MAX_BYTES + 1), drop[4096];
    size_t used = 0;
    for (ssize_t n = 1; n > 0;) {
        bool room = buf && used < OUTPUT_MAX_BYTES;
        n = read(fds[0], room ? buf + used : drop, room ? OUTPUT_MAX_BYTES - used : sizeof drop);
        if (n > 0 && room)
            used += (size_t)n;
    }
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        ;
    if (!buf)
        return NULL;
    buf[used] = '\0';
    char *out = escaped_lines(buf, used);
    free(buf);
    return out;
}

static void open_exercise(const exercise *ex)
{
    const tui_item actions[] = {
        {_("read the task"), _("README.md: the idea, the task, the signatures, the hints")},
        {_("run the tests"), _("the visible tests on your student.c, in a pager")},
    };
    char file[PATH_MAX], file_label[PATH_MAX + 64], subtitle[PATH_MAX + 96], root[PATH_MAX];
    if (!realpath(root_dir, root))
        snprintf(root, sizeof root, "%s", root_dir);
    snprintf(file, sizeof file, "%.*s/exercises/%s/student.c", PATH_MAX - 96, root, ex->name);
    text_escape(file, file_label, sizeof file_label);
    /* TRANSLATORS: %s is the student's file, exercises/NN-topic/student.c */
    snprintf(subtitle, sizeof subtitle, _("Your answer: %s"), file_label);
    char title[256];
    /* TRANSLATORS: the exercise page's title bar; %s is the exercise's title */
    snprintf(title, sizeof title, _("numlab  exercise %s"), exercise_title(ex, true));
    for (int choice; tui_menu(title, subtitle, actions, 2, 0, &choice) == TUI_OK && choice >= 0;) {
        if (choice == 0) {
            char path[PATH_MAX], dir[PATH_MAX];
            snprintf(dir, sizeof dir, "%.*s/exercises", PATH_MAX - 96, root_dir);
            readme_path(dir, ex->name, path, sizeof path);
            char *text = readme_text(path);
            tui_pager(title, text ? text : _("out of memory"));
            free(text);
        } else {
            char ex_arg[16];
            snprintf(ex_arg, sizeof ex_arg, "EX=%.2s", ex->name);
            char *argv[] = {"make", "--no-print-directory", "-C", root_dir, "exercise", ex_arg, NULL};
            printf(_("numlab: running the visible tests of %s (make exercise %s)...\n"), ex->label, ex_arg);
            fflush(stdout);
            char *text = run_captured(argv), page_title[256], no_make[128];
            /* TRANSLATORS: the test pager's title bar; %s is the exercise's folder, 05-network-forces */
            snprintf(page_title, sizeof page_title, _("numlab  exercise %s: the visible tests"), ex->label);
            snprintf(no_make, sizeof no_make, _("numlab: cannot run %s"), "make");
            tui_pager(page_title, text ? text : no_make);
            free(text);
        }
    }
}

enum { LIST = 1, GLYPHS_TEST };

typedef struct {
    plot_mode glyphs;
} launcher_options;

static const labcli_option options[] = {
    {"list", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL, N_("the labs and exercises, one a line"), .mode = LIST},
    {"glyphs-test", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL,
     N_("a sample chart in each glyph set (or in --glyphs SET), to see which your font draws"), .mode = GLYPHS_TEST},
    LABCLI_GLYPH_OPTIONS(launcher_options, glyphs, 0),
};

/* What each set is, in the order of plot_mode_at. */
static const char *const glyph_about[PLOT_MODE_COUNT] = {
    N_("2 x 4 dots a cell (U+2800..U+28FF); some fonts draw the unset dots too, some have no braille"),
    N_("2 x 4 blocks a cell (Unicode 16's octants, U+1CD00..U+1CDE5): the finest blocks, in few fonts yet"),
    N_("2 x 3 blocks a cell (Unicode 13's sextants, U+1FB00..U+1FB3B)"),
    N_("2 x 2 blocks a cell (Block Elements: in every terminal font)"),
    N_("1 x 2 blocks a cell (Block Elements: in every terminal font)"),
    N_("one character a cell, a glyph each series: any terminal, any locale"),
};

/* One sample chart: a sine, a steeper line and a marker, drawn in `mode`. */
static int glyph_sample(plot_mode mode, int k)
{
    enum { SAMPLES = 121 };
    static double x[SAMPLES], sine[SAMPLES], line[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
        x[i] = 2.0 * NUMLAB_PI * i / (SAMPLES - 1);
        sine[i] = sin(x[i]);
        line[i] = x[i] / NUMLAB_PI - 1.0;
    }
    plot_chart *ch = plot_chart_new(72, 12, mode);
    if (!ch)
        return cli_fail(_("out of memory"));
    plot_chart_add_series(ch, &(plot_series){.name = "sin x", .x = x, .y = sine, .n = SAMPLES});
    plot_chart_add_series(ch, &(plot_series){.name = "x/pi - 1", .x = x, .y = line, .n = SAMPLES, .style = PLOT_POINTS});
    plot_chart_add_marker(ch, NUMLAB_PI / 2.0, 1.0, PLOT_YELLOW, NULL);
    plot_chart_add_hline(ch, 0.0, 0, NULL);
    printf("%s: %s\n", plot_mode_name(mode), _(glyph_about[k]));  /* the set's name as --glyphs takes it */
    if (plot_mode_drawable(mode) != mode)
        /* TRANSLATORS: %s is a glyph set's name, "sextant" */
        printf(_("  (this system's C library does not know these characters yet: the interactive labs draw %s)\n"),
               plot_mode_name(plot_mode_drawable(mode)));
    const int rc = plot_chart_write(ch, stdout, 0);
    plot_chart_free(ch);
    putchar('\n');
    return rc ? cli_fail(_("cannot write to stdout")) : CLI_OK;
}

/* --glyphs-test: every set (the Unicode ones only in a UTF-8 locale), or the one --glyphs names, each with its name,
 * on stdout without curses: the glyph set a font draws is the one whose curves look whole. */
static int glyphs_test(const launcher_options *o, const labcli_result *r)
{
    const bool one = labcli_given(r->lab, r, "glyphs") || labcli_given(r->lab, r, "ascii");
    const bool unicode = plot_mode_from_locale() != PLOT_ASCII;
    for (int k = 0; k < PLOT_MODE_COUNT; k++) {
        const plot_mode m = plot_mode_at(k);
        if ((one && m != o->glyphs) || (!unicode && m != PLOT_ASCII))
            continue;
        const int rc = glyph_sample(m, k);
        if (rc != CLI_OK)
            return rc;
    }
    if (!unicode && !one)
        printf("%s\n", _("The other sets (braille, octant, sextant, quadrant, half) need a UTF-8 locale."));
    printf("%s\n", _("Choose one with --glyphs SET in any lab, or NUMLAB_GLYPHS=SET for all of them."));
    return cli_flush_stdout();
}

/* numlab STATE: the lab the line names, with --state STATE, in place of the launcher (its exit status is numlab's). */
static int open_state(const char *text)
{
    static state_line line;
    if (state_parse(text, &line))
        return CLI_USAGE;
    int lab = -1;
    char names[512] = "";
    for (int i = 0, used = 0; i < N_LABS; i++) {
        used += snprintf(names + used, sizeof names - (size_t)used, "%s%s", i ? ", " : "", lab_items[i].label);
        if (strcmp(lab_items[i].label, line.lab) == 0)
            lab = i;
    }
    if (lab < 0)
        return cli_error(_("state: lab: '%s' is not a lab (allowed: %s)"), line.lab, names);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", bin_dir, lab_items[lab].label);
    char *lab_argv[] = {path, "--state", (char *)text, NULL};
    fflush(NULL);
    execv(path, lab_argv);
    return cli_fail(_("cannot run %s: %s"), cli_cut(path), lang_strerror(errno));
}

static int menu(void *opts, const labcli_result *r)
{
    const launcher_options *o = opts;
    if (r->mode == GLYPHS_TEST)
        return glyphs_test(o, r);
    if (labcli_given(r->lab, r, "glyphs") || labcli_given(r->lab, r, "ascii"))
        setenv("NUMLAB_GLYPHS", plot_mode_name(o->glyphs), 1);  /* the labs the menu starts draw in it too */
    find_dirs();
    static exercise ex[MAX_EXERCISES];
    int n_ex = load_exercises(ex, MAX_EXERCISES);
    if (r->mode == LIST) {
        for (int i = 0; i < N_LABS; i++)
            printf("%s\t%s\n", lab_items[i].label, lab_items[i].detail);
        for (int i = 0; i < n_ex; i++)
            printf("exercises/%s\t%s\n", ex[i].label, exercise_title(&ex[i], false));
        return CLI_OK;
    }
    tui_item items[N_LABS + MAX_EXERCISES];
    for (int i = 0; i < N_LABS; i++)
        items[i] = (tui_item){lab_items[i].label, _(lab_items[i].detail)};
    for (int i = 0; i < n_ex; i++)
        items[N_LABS + i] = (tui_item){ex[i].label, exercise_title(&ex[i], true)};
    int selected = 0;
    for (;;) {
        int choice;
        int rc = tui_menu(_("numlab: a terminal laboratory for the numerics of animation and sound"),
                          _("Labs first, then exercises. A lab returns here when you quit it."), items, N_LABS + n_ex,
                          selected, &choice);
        if (rc == TUI_ERR_TERM)
            return CLI_USAGE;  /* TERM unusable: tui_menu said why */
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
            char line[sizeof path + 64];  /* the folder's name is the user's: shown escaped */
            snprintf(line, sizeof line, _("numlab: %s is not built (run make)"), path);
            text_fputs(line, stdout);
            putchar('\n');
            wait_for_enter();
            continue;
        }
        char *lab_argv[] = {path, NULL};
        run(lab_argv);
    }
}

static const labcli_lab lab = {
    .name = "numlab", .summary = N_("the launcher: the labs and the exercises"),
    /* TRANSLATORS: keep the commands and the columns; "usage:" as in the labs' --help */
    .usage = N_("usage: numlab            the menu of labs and exercises (needs a terminal)\n"
                "       numlab --list     the labs and exercises, one a line\n"
                "       numlab --glyphs-test  a sample chart in each glyph set (--glyphs SET: the labs' charts)\n"
                "       numlab STATE      the screen a state line describes (S in a lab writes one:\n"
                "                         numlab:network-lab/1?k=20&c=0.5, docs/states.md)\n"
                "       numlab --help     this text"),
    .options = options, .n_options = sizeof options / sizeof options[0],
    .interactive = N_("the menu"), .run = menu,
    .no_states = true,
};

int main(int argc, char **argv)
{
    if (argc == 2 && state_is_line(argv[1])) {  /* numlab STATE: the lab's own front door checks the rest */
        cli_hold_std_streams();
        cli_set_program(lab.name);
        lang_init();
        find_dirs();
        return cli_finish(open_state(argv[1]));
    }
    static launcher_options opts;
    return labcli_main(&lab, &opts, argc, argv);
}
