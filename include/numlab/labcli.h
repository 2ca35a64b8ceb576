/* labcli: a lab's front door. A lab declares what it is (its name, a one-line summary, its synopsis) and a table of
 * its options (name, kind, range, default, help line, the mode it selects or the modes it goes with); labcli_main
 * then sets the program's name and the locale (lang.h), prints --help from the table, parses argv with the cli
 * helpers (cli.h: unknown, abbreviated and misspelt options, missing values; each value range-checked), checks the
 * modes, lets the lab check what the table cannot say, checks for a terminal before the interactive lab, runs the
 * lab and returns through cli_finish.
 *
 * The texts a person reads (.summary, .usage, .about, .footer, .interactive, each option's .help and .noun, a LINE's
 * text) are marked N_("...") in the lab's table and translated with _() where they are printed (lang.h): here, and
 * in the launcher for the summaries (its list is made from LABCLI_LAB lines whose summary is "..." or N_("...")).
 * Names (of the lab, its options, their values, the choices) are never translated.
 *
 * Every message is worded once, here or in cli.c:
 *   PROG: --csv and --plot are separate modes: give one (see --help)
 *   PROG: --at goes with --plot (see --help)
 *   PROG: --plot: 'pie' is not a chart (allowed: network, energy)
 *   PROG: the interactive lab needs a terminal; without one use --csv, --plot KIND or --modes (see --help)
 *
 * Modes: an option with .mode = N (N >= 1) selects mode N; several options may select the same mode (bowl-lab's
 * outputs all render). Options of two different modes are an error. No mode option: mode 0, the interactive lab.
 * An option with .with set goes only with those modes (LABCLI_IN(0) is the interactive lab). */
#ifndef NUMLAB_LABCLI_H
#define NUMLAB_LABCLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "numlab/figure.h"
#include "numlab/state.h"
#include "numlab/tui.h"

typedef enum {
    LABCLI_LINE,     /* no option: a line of --help (name NULL), e.g. a section's heading */
    LABCLI_FLAG,     /* --NAME: a bool set true (or no storage: size 0) */
    LABCLI_SET,      /* --NAME: a whole number (as COUNT's) set to lo: --mono and --stereo set one field */
    LABCLI_NUMBER,   /* a finite double, lo <= x <= hi (cli_range) */
    LABCLI_POSITIVE, /* a finite double, 0 < x <= hi (cli_positive_max) */
    LABCLI_COUNT,    /* a whole number, lo <= n <= hi, into an int or an 8-byte integer (cli_count) */
    LABCLI_TEXT,     /* a const char *, as given */
    LABCLI_FILE,     /* a const char *, a file name: not empty */
    LABCLI_CHOICE,   /* one of names: its index into an int (or an enum) */
    LABCLI_NAME,     /* one of names: the name into a const char * */
    LABCLI_PARSE,    /* the lab's own parser: parse(opts, field, "--NAME", text) prints its message */
} labcli_kind;

/* A PARSE option's parser: text into field (the option's place in opts, NULL when it has none) or anywhere in opts;
 * CLI_OK, or the exit status with the message said. */
typedef int labcli_parse_fn(void *opts, void *field, const char *opt, const char *text);

typedef struct {
    const char *name;         /* without "--"; NULL for a LABCLI_LINE */
    labcli_kind kind;
    const char *value;        /* the value's name in --help ("K", "LIST"); NULL for a flag */
    size_t offset, size;      /* where the value goes in the lab's options (LABCLI_AT); size 0: nowhere */
    double lo, hi;            /* NUMBER, COUNT: the range; POSITIVE: hi; SET: the value set */
    const char *def;          /* the default, parsed like a value before argv ("A/B" for a number: A / B) and shown
                               * in --help; NULL: none (the lab's options keep what they hold) */
    const char *help;         /* one line of --help ('\n' starts another); a LINE's text */
    int mode;                 /* >= 1: this option selects mode `mode` */
    unsigned with;            /* nonzero: goes only with these modes (LABCLI_IN) */
    const char *const *names; /* CHOICE, NAME: the allowed names, NULL-terminated */
    const char *noun;         /* CHOICE, NAME: "'X' is not a NOUN" */
    labcli_parse_fn *parse;   /* PARSE */
    bool local;               /* never in a state line (state.h): a device or a display preference of this machine */
} labcli_option;

/* Where a field of the lab's options struct is: LABCLI_AT(spring_front, o.params.k). */
#define LABCLI_AT(type, field) .offset = offsetof(type, field), .size = sizeof(((type *)0)->field)
/* A mode in .with: LABCLI_IN(0) | LABCLI_IN(2). */
#define LABCLI_IN(mode) (1u << (mode))
/* A lab's name, its place in the launcher's menu and its one line there. The launcher's list is made from these
 * lines of labs/ *.c (the Makefile collects them), so it is written once, where the lab is. */
#define LABCLI_LAB(order, lab_name, lab_summary) .name = lab_name, .summary = lab_summary

#define LABCLI_MAX_OPTIONS 96

typedef struct {
    const struct labcli_lab *lab;       /* the lab that read the command line */
    int mode;                           /* 0: the interactive lab (no mode option given) */
    const char *operand;                /* the lab's one operand, or NULL */
    bool help;                          /* --help was printed: nothing else to do */
    bool given[LABCLI_MAX_OPTIONS];     /* given[i]: options[i] was on the command line */
    /* every lab's --plain (the walk as lines for a screen reader: tui.h) and --tone-wav FILE (its l key writes the
     * tone there instead of playing it); labcli_main hands them to tui_set_plain */
    bool plain;
    const char *tone_wav;
    const char *texts[LABCLI_MAX_OPTIONS]; /* texts[i]: the value it was given (NULL for a flag) */
    int state_step;                     /* the step (1-based) of the state line given (--state), or 0 */
} labcli_result;

typedef struct labcli_lab {
    const char *name, *summary;
    const char *usage;                  /* the synopsis, "usage: " and the lines after it */
    const char *about;                  /* what the lab is, a paragraph after the synopsis */
    const char *footer;                 /* after the options: notes, the exit status */
    const labcli_option *options;
    size_t n_options;
    const char *operand;                /* "FILE": one operand is allowed, with this name; NULL: none */
    const char *interactive;            /* what mode 0 is (N_("the interactive lab"), N_("the menu"): lang.h),
                                         * when it needs a terminal; NULL: mode 0 needs none */
    /* Checks the options together (what the table cannot say) and completes them; CLI_OK or the exit status
     * (said). It is given the lab, to ask labcli_given. May be NULL. The terminal is checked after it, so that a bad option is named before "needs a
     * terminal". */
    int (*check)(const struct labcli_lab *lab, void *opts, const labcli_result *r);
    /* Runs the lab: the exit status (cli.h). */
    int (*run)(void *opts, const labcli_result *r);
    bool no_states;                     /* takes no --state (the launcher reads a state line itself) */
    int walk_steps;                     /* the walk's steps: a state's step past them is refused (0: unchecked) */
} labcli_lab;

/* The whole program: main is `return labcli_main(&lab, &opts, argc, argv);`. */
int labcli_main(const labcli_lab *lab, void *opts, int argc, char **argv);

/* States (state.h): `--state STATE` (or STATE as an argument) stands for the options the line holds, in its place
 * on the command line: numlab:spring-lab/3?k=400&method=semi,rk4 is `--k 400 --method semi,rk4`, and the walk
 * opens at step 3. Each field is refused as its option would be (the same message, naming it); a field that is no
 * option of the lab, a mode option (a state opens the interactive lab), a state of another lab, or a step past the
 * walk's last (labcli_walk_run) are refused too: exit status 2. */

/* The first steps of labcli_main: the defaults into opts, argv (--help printed: r->help), the modes. CLI_OK or
 * CLI_USAGE (said). labcli_main then calls the lab's check, checks for a terminal when mode 0 needs one and no
 * operand is given (the operand, a file, is checked first by the lab), and runs the lab. */
int labcli_parse(const labcli_lab *lab, void *opts, int argc, char **argv, labcli_result *r);
/* --help, from the lab and its table, on out. */
void labcli_help(const labcli_lab *lab, FILE *out);

/* Whether the option called name was given (name must be in the lab's table). */
bool labcli_given(const labcli_lab *lab, const labcli_result *r, const char *name);

/* "[FILE: ]the interactive lab needs a terminal; without one use --csv, --plot KIND or --modes (see --help)", for
 * the lab that read r (its mode options, in the table's order): returns CLI_USAGE. file may be NULL. */
int labcli_no_terminal(const labcli_result *r, const char *file);
/* The lab's exit status for what tui_run returned (tui.h): 0 after q, 128 + the quit signal that ended it, CLI_USAGE
 * without a terminal (labcli_no_terminal(file) says so) or with a TERM that cannot be used (tui_run said why),
 * CLI_FAILURE when the walk as text could not be written. */
int labcli_walk_status(const labcli_result *r, int tui_code, const char *file);

/* The interactive walk of r's lab: runs app (tui_run) from the state's step, with the state line of each screen
 * (the S key, the walk as text, the figures' metadata: tui.h) made by labcli_state_of; returns labcli_walk_status.
 * A state's step past app->n_steps is refused (exit status 2) before the terminal is opened. */
int labcli_walk_run(const labcli_result *r, tui_app *app, const char *file);
/* The state line of the lab that read r at step (0-based; < 0: no step) showing *shown (NULL: none): every option
 * that goes with the interactive lab and is not local, in the table's order: a parameter on the screen whose
 * .option names it with its value now, the option named by the step's toggles_option with the toggles shown,
 * else the option as given. Into w (w->overflow when it does not fit). */
void labcli_state_of(const labcli_result *r, int step, const tui_step *shown, state_writer *w);

/* "--OPT: 'TEXT' is not a NOUN (allowed: ALLOWED)": returns CLI_USAGE. noun is translated here (mark it N_("method")
 * at the call); allowed, a list of names, is not. */
int labcli_not_a(const char *opt, const char *text, const char *noun, const char *allowed);

/* A comma-separated list of names (a LABCLI_PARSE option's parser calls it): index(name) is 0..n-1, or -1 when
 * name is none; chosen[0..n) says which were listed; *first (when not NULL) the first listed. all: "all" lists
 * every one. A name not known ("--method: 'x' is not a method (allowed: a comma-separated list of ALLOWED)") or
 * listed twice is an error: CLI_USAGE, said. noun as for labcli_not_a. */
int labcli_list(const char *opt, const char *text, const char *noun, int (*index)(const char *name),
                const char *allowed, bool all, bool *chosen, size_t n, int *first);

/* The three lines of a lab's option table for its --plot's figure (figure.h): --out FILE, --size WxH and the option
 * that replaces an existing file (force_name: "force", or "replace" where --force means something else), into the
 * figure_options `field` of the lab's options `type`, going with mode plot_mode. */
#define LABCLI_FIGURE_OPTIONS(type, field, plot_mode, force_name)                                                 \
    {"out", LABCLI_FILE, "FILE", LABCLI_AT(type, field.out), 0, 0, NULL,                                          \
     N_("write the chart as a figure instead: FILE.svg, .pdf or .png"), .with = LABCLI_IN(plot_mode)},                \
    {"size", LABCLI_PARSE, "WxH", LABCLI_AT(type, field), 0, 0, NULL,                                             \
     N_("the figure's size, points (SVG, PDF) or pixels (PNG) (default 640x400)"), .with = LABCLI_IN(plot_mode),      \
     .parse = figure_size_field},                                                                                 \
    {force_name, LABCLI_FLAG, NULL, LABCLI_AT(type, field.force), 0, 0, NULL,                                     \
     N_("replace an existing --out FILE (a regular file)"), .with = LABCLI_IN(plot_mode)}
/* The two lines of a lab's option table that choose its charts' glyph set (plot.h) into the plot_mode `field` of the
 * lab's options `type`, going with the modes `with` (LABCLI_IN; 0: with every mode): --glyphs SET, and --ascii, the same as --glyphs ascii. The default, auto, is the set
 * NUMLAB_GLYPHS names when it is set (ascii in a locale without UTF-8), else braille in a UTF-8 locale and ascii
 * otherwise. A set that is not one is refused by name (the option or NUMLAB_GLYPHS, the value, the sets), and so is
 * a set beyond ASCII asked for by --glyphs in a locale without UTF-8. */
#define LABCLI_GLYPH_OPTIONS(type, field, modes)                                                                   \
    {"glyphs", LABCLI_PARSE, "SET", LABCLI_AT(type, field), 0, 0, "auto",                                         \
     N_("the charts' glyphs: braille (2 x 4 dots a cell), octant (2 x 4 blocks, Unicode 16), sextant (2 x 3),\n"  \
        "quadrant (2 x 2), half (1 x 2) or ascii; auto: NUMLAB_GLYPHS, else braille in a UTF-8 locale (numlab\n"  \
        "--glyphs-test shows each)"), .with = (modes), .parse = labcli_glyphs_field, .local = true},                \
    {"ascii", LABCLI_SET, NULL, LABCLI_AT(type, field), PLOT_ASCII, 0, NULL, N_("the same as --glyphs ascii"),     \
     .with = (modes), .local = true}
/* --glyphs's parser (a labcli_parse_fn): "auto" or a set's name into the plot_mode at field. */
int labcli_glyphs_field(void *opts, void *field, const char *opt, const char *text);

/* What a chart's legend calls the method named NAME (the method table's name, ode.h): its words in the language of
 * the run ("Euler explícito" for "explicit" in Spanish), or NAME itself for a method that has no words of its own
 * (rk4, the GSL solvers, a method added to the table later). Only legends and text read by a person: --method, the
 * CSV columns and every other machine output keep NAME. */
const char *labcli_method_label(const char *name);

#endif
