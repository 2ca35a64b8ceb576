/* labcli: a lab's option table parsed, range-checked and printed as --help; every message compared whole, as the
 * labs' users read it (the reference is the wording in include/numlab/labcli.h and include/numlab/cli.h). */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/cli.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "numlab/network.h"
#include "numlab/spring.h"
#include "helpers/check_main.h"

typedef struct {
    double k, dt, eps;
    long long steps;
    int width, rule;
    size_t channels;
    unsigned long seed;
    const char *plot, *out, *name;
    bool ascii, methods[3];
} demo;

enum { CSV = 1, PLOT, RENDER };
#define AT(field) LABCLI_AT(demo, field)

static const char *const rules[] = {"both", "distance", "speed", NULL};
static const char *const charts[] = {"phase", "energy", NULL};

static int method_index(const char *name)
{
    static const char *const names[] = {"explicit", "semi", "rk4"};
    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

static int parse_methods(void *opts, void *methods, const char *opt, const char *text)
{
    ck_assert_ptr_eq(methods, ((demo *)opts)->methods);  /* the field the table names */
    return labcli_list(opt, text, "method", method_index, "explicit, semi, rk4", true, methods, 3, NULL);
}

static const labcli_option options[] = {
    {.help = "The spring:"},
    {"k", LABCLI_NUMBER, "K", AT(k), 1e-12, 1e12, "200", "stiffness"},
    {"dt", LABCLI_POSITIVE, "H", AT(dt), 0, 1e3, "1/240", "step, s"},
    {"eps", LABCLI_POSITIVE, "E", AT(eps), 0, 0, NULL, "a threshold"},
    {"steps", LABCLI_COUNT, "N", AT(steps), 0, 1e8, "240", "steps"},
    {"seed", LABCLI_COUNT, "N", AT(seed), 0, 4294967295.0, "1", "seed"},
    {"width", LABCLI_COUNT, "W", AT(width), 20, 1000, "80", "columns", .with = LABCLI_IN(PLOT)},
    {"rest-rule", LABCLI_CHOICE, "R", AT(rule), 0, 0, "both", "the rest test", .names = rules, .noun = "rule"},
    {"stereo", LABCLI_SET, NULL, AT(channels), 2, 0, NULL, "two channels"},
    {"method", LABCLI_PARSE, "LIST", AT(methods), 0, 0, "all", "methods", .parse = parse_methods},
    {"name", LABCLI_TEXT, "NAME", AT(name), 0, 0, NULL, "a name"},
    {"csv", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL, "print CSV", .mode = CSV},
    {"plot", LABCLI_NAME, "KIND", AT(plot), 0, 0, NULL, "a chart", .mode = PLOT, .names = charts, .noun = "chart"},
    {"out", LABCLI_FILE, "FILE", AT(out), 0, 0, NULL, "write the render", .mode = RENDER},
    {"ascii", LABCLI_FLAG, NULL, AT(ascii), 0, 0, NULL, "words long enough to need a second line of help: one two three "
     "four five six seven eight nine ten eleven twelve thirteen fourteen fifteen", .with = LABCLI_IN(0) | LABCLI_IN(PLOT),
     .local = true},
};

static int ran_mode = -1;
static int run(void *opts, const labcli_result *r)
{
    (void)opts;
    ran_mode = r->mode;
    return CLI_OK;
}

static const labcli_lab lab = {
    LABCLI_LAB(9, "demo-lab", "a lab for the tests"),
    .usage = "usage: demo-lab [options]", .about = "A demo.", .footer = "Exit status: 0 ok.\n",
    .options = options, .n_options = sizeof options / sizeof options[0], .operand = "FILE",
    .interactive = "the interactive lab", .run = run,
};

/* stderr of the calls between capture_begin and capture_end, with its last newline cut. */
static FILE *cap;
static int saved_fd;
static char err[4096];
static void capture_begin(void)
{
    fflush(stderr);
    cap = tmpfile();
    ck_assert_ptr_nonnull(cap);
    saved_fd = dup(STDERR_FILENO);
    dup2(fileno(cap), STDERR_FILENO);
}
static const char *capture_end(void)
{
    fflush(stderr);
    dup2(saved_fd, STDERR_FILENO);
    close(saved_fd);
    rewind(cap);
    size_t n = fread(err, 1, sizeof err - 1, cap);
    fclose(cap);
    err[n] = '\0';
    if (n > 0 && err[n - 1] == '\n')
        err[n - 1] = '\0';
    return err;
}

/* Parses the arguments (NULL-terminated) into *d; the status, and stderr in err. */
static int parse(demo *d, labcli_result *r, const char *first, ...)
{
    char *argv[32] = {"demo-lab"};
    int argc = 1;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a && argc < 31; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    memset(d, 0, sizeof *d);
    cli_set_program("demo-lab");
    capture_begin();
    int rc = labcli_parse(&lab, d, argc, argv, r);
    capture_end();
    return rc;
}

/* The message parse gives for the arguments: it must fail with CLI_USAGE. */
#define EXPECT_ERROR(want, ...)                                                                                       \
    do {                                                                                                              \
        demo d_;                                                                                                      \
        labcli_result r_;                                                                                             \
        ck_assert_int_eq(parse(&d_, &r_, __VA_ARGS__, (const char *)NULL), CLI_USAGE);                                \
        ck_assert_str_eq(err, want);                                                                                  \
    } while (0)

/* labcli_main gives the lab's check the lab itself, to ask labcli_given (no stand-in lab built for it). */
static const labcli_lab *checked_lab;
static bool checked_k_given;

static int record_check(const labcli_lab *l, void *opts, const labcli_result *r)
{
    (void)opts;
    checked_lab = l;
    checked_k_given = labcli_given(l, r, "k");
    return CLI_OK;
}

static int run_nothing(void *opts, const labcli_result *r)
{
    (void)opts, (void)r;
    return CLI_OK;
}

START_TEST(check_receives_the_lab)
{
    labcli_lab checked = lab;
    checked.check = record_check, checked.run = run_nothing, checked.interactive = NULL;
    char *argv[] = {"demo-lab", "--k", "3", NULL};
    demo d = {0};
    cli_set_program("demo-lab");
    ck_assert_int_eq(labcli_main(&checked, &d, 3, argv), CLI_OK);
    ck_assert_ptr_eq(checked_lab, &checked);
    ck_assert(checked_k_given);
    ck_assert(d.k == 3.0);
}
END_TEST

START_TEST(defaults_and_values)
{
    demo d;
    labcli_result r;
    ck_assert_int_eq(parse(&d, &r, (const char *)NULL), CLI_OK);
    ck_assert_str_eq(err, "");
    /* the table's defaults, each parsed like a value: 1/240 is the double nearest 1/240 */
    ck_assert(d.k == 200.0 && d.dt == 1.0 / 240.0 && d.steps == 240 && d.seed == 1 && d.width == 80);
    ck_assert(d.rule == 0 && d.methods[0] && d.methods[1] && d.methods[2] && d.eps == 0.0 && !d.plot);
    ck_assert_int_eq(r.mode, 0);
    ck_assert(!labcli_given(&lab, &r, "k") && !labcli_given(&lab, &r, "method"));

    ck_assert_int_eq(parse(&d, &r, "--k", "1e-12", "--dt=0.5", "--eps", "1e-320", "--steps", "100000000", "--seed",
                           "4294967295", "--rest-rule", "speed", "--stereo", "--method", "rk4,explicit", "--name", "",
                           "--plot", "energy", "--width", "1000", "--ascii", "file.gltf", (const char *)NULL),
                     CLI_OK);
    ck_assert_str_eq(err, "");
    ck_assert(d.k == 1e-12 && d.dt == 0.5 && d.eps > 0.0 && d.eps < 1e-319 && d.steps == 100000000);
    ck_assert(d.seed == 4294967295UL && d.rule == 2 && d.channels == 2 && d.width == 1000 && d.ascii);
    ck_assert(d.methods[0] && !d.methods[1] && d.methods[2]);
    ck_assert_str_eq(d.name, "");
    ck_assert_ptr_eq(d.plot, charts[1]);  /* the table's own string */
    ck_assert_int_eq(r.mode, PLOT);
    ck_assert_str_eq(r.operand, "file.gltf");
    ck_assert(labcli_given(&lab, &r, "k") && labcli_given(&lab, &r, "method") && !labcli_given(&lab, &r, "csv"));
}
END_TEST

START_TEST(range_and_number_errors)
{
    EXPECT_ERROR("demo-lab: --k: '0' is out of range (allowed: a number from 1e-12 to 1e+12)", "--k", "0");
    EXPECT_ERROR("demo-lab: --k: '2e12' is out of range (allowed: a number from 1e-12 to 1e+12)", "--k", "2e12");
    EXPECT_ERROR("demo-lab: --k: 'abc' is not a number (allowed: a number from 1e-12 to 1e+12)", "--k", "abc");
    EXPECT_ERROR("demo-lab: --k: 'nan' is not a finite number (allowed: a number from 1e-12 to 1e+12)", "--k", "nan");
    EXPECT_ERROR("demo-lab: --dt: '0' is out of range (allowed: a number > 0 and <= 1000)", "--dt", "0");
    EXPECT_ERROR("demo-lab: --eps: '-1' is out of range (allowed: a finite number > 0)", "--eps", "-1");
    EXPECT_ERROR("demo-lab: --steps: '1.5' is not a whole number (allowed: a whole number from 0 to 100000000)",
                 "--steps", "1.5");
    EXPECT_ERROR("demo-lab: --steps: '100000001' is out of range (allowed: a whole number from 0 to 100000000)",
                 "--steps", "100000001");
    EXPECT_ERROR("demo-lab: --seed: '-1' is out of range (allowed: a whole number from 0 to 4294967295)", "--seed",
                 "-1");
}
END_TEST

START_TEST(name_and_list_errors)
{
    EXPECT_ERROR("demo-lab: --rest-rule: 'x' is not a rule (allowed: both, distance, speed)", "--rest-rule", "x");
    EXPECT_ERROR("demo-lab: --plot: 'pie' is not a chart (allowed: phase, energy)", "--plot", "pie");
    EXPECT_ERROR("demo-lab: --out: an empty file name (allowed: a file name)", "--out", "");
    EXPECT_ERROR("demo-lab: --method: 'x' is not a method (allowed: all, or a comma-separated list of explicit, semi, "
                 "rk4)", "--method", "x");
    EXPECT_ERROR("demo-lab: --method: '' is not a method in 'semi,,' (allowed: all, or a comma-separated list of "
                 "explicit, semi, rk4)", "--method", "semi,,");
    EXPECT_ERROR("demo-lab: --method: 'semi' is listed twice in 'semi,rk4,semi'", "--method", "semi,rk4,semi");
}
END_TEST

START_TEST(argument_errors)
{
    EXPECT_ERROR("demo-lab: unknown option '--frobnicate' (see --help)", "--frobnicate");
    EXPECT_ERROR("demo-lab: unknown option '--ste' (options are not abbreviated: did you mean --steps or --stereo?)",
                 "--ste");
    EXPECT_ERROR("demo-lab: --k needs a value (see --help)", "--k");
    EXPECT_ERROR("demo-lab: --csv takes no value (given '--csv=1')", "--csv=1");
    EXPECT_ERROR("demo-lab: unexpected argument 'b' (see --help)", "a", "b");
}
END_TEST

/* A state line (state.h) is the options it holds, given as --state LINE or as the line alone, in its place on the
 * command line; its step is the result's. A screen's line comes from the table, in its order: a parameter shown with
 * its value now, the toggles shown for the option they name, the other options as given; never an option of a
 * headless mode only (--width), a mode (--csv) or a local one (--ascii). */
START_TEST(states_as_options)
{
    demo d;
    labcli_result r;
    ck_assert_int_eq(parse(&d, &r, "--state", "numlab:demo-lab/2?k=400&method=semi,rk4&stereo&name=a%20b", "--seed",
                           "7", "--ascii", (const char *)NULL), CLI_OK);
    ck_assert_str_eq(err, "");
    ck_assert(d.k == 400.0 && d.channels == 2 && !d.methods[0] && d.methods[1] && d.methods[2] && d.seed == 7);
    ck_assert_str_eq(d.name, "a b");
    ck_assert_int_eq(r.state_step, 2);
    ck_assert_int_eq(r.mode, 0);
    ck_assert(labcli_given(&lab, &r, "k") && labcli_given(&lab, &r, "stereo") && !labcli_given(&lab, &r, "dt"));
    /* on screen: k edited to 512.5 (a double written exactly in 4 digits), explicit shown, rk4 hidden, step 5 */
    double k_now = 512.5;
    bool on[2] = {true, false};
    tui_step shown = {.n_params = 1, .n_toggles = 2, .toggles_option = "method"};
    shown.params[0] = (tui_param){"k", "", &k_now, 1, 1e4, 1.1, 2, true, "k"};
    shown.toggles[0] = (tui_toggle){"explicit", 1, &on[0]};
    shown.toggles[1] = (tui_toggle){"rk4", 2, &on[1]};
    state_writer w;
    labcli_state_of(&r, 4, &shown, &w);
    ck_assert(!w.overflow);
    ck_assert_str_eq(w.buf, "numlab:demo-lab/5?k=512.5&seed=7&stereo&method=explicit&name=a%20b");
    /* no toggle shown: the option as given; no screen (a --plot's figure): no step, the options as given */
    on[0] = false;
    labcli_state_of(&r, 4, &shown, &w);
    ck_assert_str_eq(w.buf, "numlab:demo-lab/5?k=512.5&seed=7&stereo&method=semi,rk4&name=a%20b");
    labcli_state_of(&r, -1, NULL, &w);
    ck_assert_str_eq(w.buf, "numlab:demo-lab?k=400&seed=7&stereo&method=semi,rk4&name=a%20b");
    /* the line alone is a state too, and what comes after it is taken after it; a headless option stays out */
    ck_assert_int_eq(parse(&d, &r, "numlab:demo-lab?k=400", "--k", "500", "--plot", "phase", "--width", "30",
                           (const char *)NULL), CLI_OK);
    ck_assert(d.k == 500.0 && r.state_step == 0 && r.mode == PLOT);
    labcli_state_of(&r, -1, NULL, &w);
    ck_assert_str_eq(w.buf, "numlab:demo-lab?k=500");
    /* a value that looks like a line is the option's value, not a state */
    ck_assert_int_eq(parse(&d, &r, "--name", "numlab:demo-lab/3", (const char *)NULL), CLI_OK);
    ck_assert_str_eq(d.name, "numlab:demo-lab/3");
    ck_assert_int_eq(r.state_step, 0);
    /* each field refused as its option is, or as no option of the lab */
    EXPECT_ERROR("demo-lab: --k: 'abc' is not a number (allowed: a number from 1e-12 to 1e+12)", "--state",
                 "numlab:demo-lab/1?k=abc");
    EXPECT_ERROR("demo-lab: --width goes with --plot (see --help)", "numlab:demo-lab/1?width=30");
    EXPECT_ERROR("demo-lab: state: csv: a state opens the interactive lab, not the mode --csv (see --help)", "--state",
                 "numlab:demo-lab?csv");
    EXPECT_ERROR("demo-lab: state: frame: not an option of demo-lab (see --help)", "--state=numlab:demo-lab?frame=1");
    EXPECT_ERROR("demo-lab: state: the line is spring-lab's, not demo-lab's (open it with numlab STATE or spring-lab "
                 "--state STATE)", "--state", "numlab:spring-lab/1");
    EXPECT_ERROR("demo-lab: --state: a second state line (allowed: one)", "numlab:demo-lab", "--state",
                 "numlab:demo-lab/2");
    EXPECT_ERROR("demo-lab: --state: no state line (allowed: numlab:LAB/STEP?KEY=VALUE&..., see --help)", "--state");
}
END_TEST

START_TEST(modes)
{
    EXPECT_ERROR("demo-lab: --csv and --plot are separate modes: give one (see --help)", "--plot", "phase", "--csv");
    EXPECT_ERROR("demo-lab: --csv and --out are separate modes: give one (see --help)", "--csv", "--out", "x.wav");
    EXPECT_ERROR("demo-lab: --width goes with --plot (see --help)", "--csv", "--width", "30");
    EXPECT_ERROR("demo-lab: --width goes with --plot (see --help)", "--width", "30");
    EXPECT_ERROR("demo-lab: --ascii goes with the interactive lab or --plot (see --help)", "--csv", "--ascii");
    demo d;
    labcli_result r;
    ck_assert_int_eq(parse(&d, &r, "--csv", "--csv", (const char *)NULL), CLI_OK);  /* one mode, given twice */
    ck_assert_int_eq(r.mode, CSV);
    ck_assert_int_eq(parse(&d, &r, "--out", "a.wav", "--ascii", (const char *)NULL), CLI_USAGE);
    ck_assert_int_eq(parse(&d, &r, "--ascii", (const char *)NULL), CLI_OK);
    ck_assert_int_eq(r.mode, 0);
}
END_TEST

START_TEST(no_terminal)
{
    demo d;
    labcli_result r;
    parse(&d, &r, "--csv", (const char *)NULL);  /* labcli_no_terminal words it for the lab that read r */
    ck_assert_ptr_eq(r.lab, &lab);
    capture_begin();
    ck_assert_int_eq(labcli_no_terminal(&r, NULL), CLI_USAGE);
    ck_assert_str_eq(capture_end(), "demo-lab: the interactive lab needs a terminal; without one use --csv, "
                                    "--plot KIND or --out FILE (see --help)");
    capture_begin();
    labcli_no_terminal(&r, "a.gltf");
    ck_assert_str_eq(capture_end(), "demo-lab: a.gltf: the interactive lab needs a terminal; without one use --csv, "
                                    "--plot KIND or --out FILE (see --help)");
}
END_TEST

/* --help from the table: the synopsis, each option with its value, range and default, wrapped at 110 columns. */
START_TEST(help_text)
{
    FILE *f = tmpfile();
    labcli_help(&lab, f);
    rewind(f);
    static char text[8192];
    text[fread(text, 1, sizeof text - 1, f)] = '\0';
    fclose(f);
    const char *head = "usage: demo-lab [options]\n\nA demo.\n\nThe spring:\n";
    ck_assert(strncmp(text, head, strlen(head)) == 0);
    ck_assert_ptr_nonnull(strstr(text, "\n  --k K               stiffness (1e-12..1e+12; default 200)\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n  --dt H              step, s (> 0, <= 1000; default 1/240)\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n  --eps E             a threshold (> 0)\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n  --rest-rule R       the rest test (both, distance, speed; default both)\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n  --method LIST       methods (default all)\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n  --csv               print CSV\n"));
    /* 22 columns, then 87 of words up to "eight": 109; " nine" would end at 114 > 110 */
    ck_assert_ptr_nonnull(strstr(text, "\n  --ascii             words long enough to need a second line of help: one two "
                                       "three four five six seven eight\n"
                                       "                      nine ten eleven twelve thirteen fourteen fifteen\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n  --state STATE       open the screen a state line describes (S in the lab "
                                       "writes one), the options above in\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n  --help              this text\n\nExit status: 0 ok.\n"));
    for (char *line = text; *line; line += strcspn(line, "\n") + 1)
        ck_assert_uint_le(strcspn(line, "\n"), 110);
}
END_TEST

/* The texts of a table are translated where they are printed: under Spanish (the catalogue in build/share/locale,
 * found beside the test as beside a lab: lang.h), a .help that is a catalogue entry ("this text"), the default's
 * word and the noun a CHOICE falls back to come out in Spanish, in the catalogue's words; a text that is no entry
 * stays as written, and an empty LINE stays empty (gettext's "" would be the catalogue's header). */
START_TEST(help_translated)
{
    static const labcli_option es_options[] = {
        {.help = ""},
        {"rest-rule", LABCLI_CHOICE, "R", AT(rule), 0, 0, "both", "this text", .names = rules},
        {"k", LABCLI_NUMBER, "K", AT(k), 0, 10, NULL, "not in the catalogue"},
    };
    static const labcli_lab es_lab = {.name = "es-lab", .usage = "usage: es-lab", .options = es_options,
                                      .n_options = sizeof es_options / sizeof es_options[0], .run = run,
                                      .no_states = true};  /* its table's texts only: no --state line */
    setenv("LANG", "C.UTF-8", 1);
    setenv("LANGUAGE", "es", 1);
    lang_init();
    FILE *f = tmpfile();
    labcli_help(&es_lab, f);
    rewind(f);
    static char text[4096];
    text[fread(text, 1, sizeof text - 1, f)] = '\0';
    fclose(f);
    ck_assert_str_eq(text, "usage: es-lab\n"
                           "\n"
                           "\n"
                           "  --rest-rule R       este texto (both, distance, speed; por defecto both)\n"
                           "  --k K               not in the catalogue (0..10)\n"
                           /* every lab's own --plain and --tone-wav, from the catalogue */
                           "  --plain             el recorrido en líneas para un lector de pantalla o una línea "
                           "braille: cada tecla\n"
                           "                      responde con una línea, los gráficos se dicen en palabras, ? lista "
                           "las teclas (también\n"
                           "                      NUMLAB_PLAIN=1)\n"
                           "  --tone-wav FILE     con --plain: la tecla l escribe su tono en FILE (un WAV) en vez de "
                           "reproducirlo\n"
                           "  --help              este texto\n");
    demo d;
    labcli_result r;
    char *argv[] = {"es-lab", "--rest-rule", "x", NULL};
    cli_set_program("es-lab");
    capture_begin();
    ck_assert_int_eq(labcli_parse(&es_lab, &d, 3, argv, &r), CLI_USAGE);
    ck_assert_str_eq(capture_end(), "es-lab: --rest-rule: 'x' no es válido como opción (se admite: both, distance, speed)");
}
END_TEST

/* A legend's method label: in English the option name itself (what --method takes); under Spanish the catalogue's
 * words for the methods whose names are English words, and the name for the others (rk4, gsl-rk4, a method the
 * table gains later). Every method of both labs whose name is a word (letters and '-' only, not one of GSL's solver
 * names, gsl-...) has Spanish words. */
START_TEST(method_labels)
{
    setenv("LANG", "C.UTF-8", 1);
    unsetenv("LANGUAGE");
    lang_init();
    ck_assert_str_eq(labcli_method_label("explicit"), "explicit");
    ck_assert_str_eq(labcli_method_label("backward-euler"), "backward-euler");
    ck_assert_str_eq(labcli_method_label("dopri5"), "dopri5");
    setenv("LANGUAGE", "es", 1);
    lang_init();
    ck_assert_str_eq(labcli_method_label("explicit"), "Euler explícito");
    ck_assert_str_eq(labcli_method_label("semi"), "Euler semiimplícito");
    ck_assert_str_eq(labcli_method_label("backward-euler"), "Euler implícito");
    ck_assert_str_eq(labcli_method_label("exact"), "solución exacta");
    ck_assert_str_eq(labcli_method_label("rk4"), "rk4");
    ck_assert_str_eq(labcli_method_label("dopri5"), "dopri5");
    for (int pass = 0; pass < 2; pass++) {
        const int n = pass ? NET_METHOD_COUNT : SPRING_METHOD_COUNT;
        for (int m = 0; m < n; m++) {
            const char *name = pass ? net_method_name((net_method)m) : spring_method_name((spring_method)m);
            if (strncmp(name, "gsl-", 4) != 0 && strspn(name, "abcdefghijklmnopqrstuvwxyz-") == strlen(name))
                ck_assert_msg(strcmp(labcli_method_label(name), name) != 0, "%s has no Spanish label", name);
        }
    }
}
END_TEST

START_TEST(main_runs_the_mode)
{
    demo d = {0};
    char *argv[] = {"demo-lab", "--plot", "phase", NULL};
    capture_begin();
    ck_assert_int_eq(labcli_main(&lab, &d, 3, argv), CLI_OK);
    capture_end();
    ck_assert_int_eq(ran_mode, PLOT);
    ck_assert_str_eq(cli_program(), "demo-lab");
}
END_TEST

/* A table whose field does not fit its kind is the lab's bug: said, and a runtime failure, before any parsing. */
START_TEST(table_errors)
{
    static const labcli_option bad[] = {{"k", LABCLI_NUMBER, "K", LABCLI_AT(demo, width), 0, 1, NULL, "k"}};
    const labcli_lab bad_lab = {.name = "bad-lab", .usage = "usage: bad-lab", .options = bad, .n_options = 1};
    demo d = {0};
    labcli_result r;
    char *argv[] = {"bad-lab", NULL};
    cli_set_program("bad-lab");
    capture_begin();
    ck_assert_int_eq(labcli_parse(&bad_lab, &d, 1, argv, &r), CLI_FAILURE);
    ck_assert_str_eq(capture_end(), "bad-lab: internal error: the option table's entry 0 (--k) does not fit its kind");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("labcli");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, defaults_and_values);
    tcase_add_test(tc, check_receives_the_lab);
    tcase_add_test(tc, range_and_number_errors);
    tcase_add_test(tc, name_and_list_errors);
    tcase_add_test(tc, argument_errors);
    tcase_add_test(tc, states_as_options);
    tcase_add_test(tc, modes);
    tcase_add_test(tc, no_terminal);
    tcase_add_test(tc, help_text);
    tcase_add_test(tc, help_translated);
    tcase_add_test(tc, method_labels);
    tcase_add_test(tc, main_runs_the_mode);
    tcase_add_test(tc, table_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(suite());
}
