/* labcli: a lab's options from its table; every message worded once. See include/numlab/labcli.h. */
#include "numlab/labcli.h"
#include "labcli_internal.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/cli.h"
#include "numlab/lang.h"
#include "numlab/tui.h"

#define OPT_BASE 256    /* getopt_long's value for options[i]: OPT_BASE + i */
#define OPT_PLAIN 'P'   /* every lab's own options, beside --help */
#define OPT_TONE_WAV 'W'
#define HELP_COLUMN 22  /* where the help lines start */
#define HELP_WIDTH 110  /* and where they end */


/* A text of the lab's table (marked N_() there) in the reader's language; "" stays "" (gettext's "" is the
 * catalogue's header), NULL gives "". */
static const char *tr(const char *text)
{
    return text && *text ? _(text) : "";
}

int labcli_not_a(const char *opt, const char *text, const char *noun, const char *allowed)
{
    /* TRANSLATORS: "--plot: 'pie' is not a chart (allowed: network, energy)"; the third %s is a noun of the lab's
     * table ("chart", "method"), translated alone */
    return cli_error(_("%s: '%s' is not a %s (allowed: %s)"), opt, cli_cut(text), tr(noun), allowed);
}

int labcli_list(const char *opt, const char *text, const char *noun, int (*index)(const char *name),
                const char *allowed, bool all, bool *chosen, size_t n, int *first)
{
    memset(chosen, 0, n * sizeof *chosen);
    if (all && strcmp(text, "all") == 0) {
        for (size_t i = 0; i < n; i++)
            chosen[i] = true;
        if (first)
            *first = 0;
        return CLI_OK;
    }
    const bool several = strchr(text, ',') != NULL;
    for (const char *p = text;; p += strcspn(p, ",") + 1) {
        char name[64];
        const size_t len = strcspn(p, ",");
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
        const int i = len < sizeof name ? index(name) : -1;
        if (i < 0 || (size_t)i >= n) {
            char list[600];
            /* TRANSLATORS: %s is the list of names ("explicit, semi, rk4") */
            snprintf(list, sizeof list, all ? _("all, or a comma-separated list of %s")
                                            : _("a comma-separated list of %s"), allowed);
            const char *bad = cli_cut(len < sizeof name ? name : text);
            if (!several)
                return labcli_not_a(opt, bad, noun, list);
            /* TRANSLATORS: "--method: 'x' is not a method in 'rk4,x' (allowed: ...)" */
            return cli_error(_("%s: '%s' is not a %s in '%s' (allowed: %s)"), opt, bad, tr(noun), cli_cut(text),
                             list);
        }
        if (chosen[i])
            return cli_error(_("%s: '%s' is listed twice in '%s'"), opt, name, cli_cut(text));
        if (first && p == text)
            *first = i;
        chosen[i] = true;
        if (p[len] == '\0')
            return CLI_OK;
    }
}

/* "a, b or c" into buf: the texts, each with a prefix. */
static void join_list(const char *const *items, size_t n, const char *prefix, const char *last, char *buf,
                      size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s%s", i == 0 ? "" : i + 1 == n ? last : ", ", prefix,
                                 items[i]);
}

static void choice_names(const labcli_option *o, char *buf, size_t size)
{
    size_t n = 0;
    while (o->names[n])
        n++;
    join_list(o->names, n, "", ", ", buf, size);
}

/* Puts the value at v (size bytes) into the option's field; nothing when it has none. */
static void put(const labcli_option *o, void *opts, const void *v)
{
    if (o->size > 0)
        memcpy((char *)opts + o->offset, v, o->size);
}

/* A whole number into the option's int, or its 8-byte field (long, long long, size_t, unsigned long: the ranges
 * keep the value representable in each). */
static void put_whole(const labcli_option *o, void *opts, long long n)
{
    if (o->size == sizeof(int)) {
        const int v = (int)n;
        put(o, opts, &v);
    } else {
        put(o, opts, &n);
    }
}

/* The field size a kind writes (0: any); false when the table gives another. */
static bool size_fits(const labcli_option *o)
{
    if (o->size == 0)
        return true;
    switch (o->kind) {
    case LABCLI_FLAG:     return o->size == sizeof(bool);
    case LABCLI_NUMBER:
    case LABCLI_POSITIVE: return o->size == sizeof(double);
    case LABCLI_SET:
    case LABCLI_CHOICE:
    case LABCLI_COUNT:    return o->size == sizeof(int) || o->size == sizeof(long long);
    case LABCLI_TEXT:
    case LABCLI_FILE:
    case LABCLI_NAME:     return o->size == sizeof(const char *);
    default:              return true;
    }
}

/* One option's value into opts; CLI_OK or CLI_USAGE (said). */
static int take(const labcli_option *o, void *opts, const char *text)
{
    char opt[64];
    snprintf(opt, sizeof opt, "--%s", o->name);
    double x;
    long long n;
    switch (o->kind) {
    case LABCLI_FLAG: {
        const bool yes = true;
        put(o, opts, &yes);
        return CLI_OK;
    }
    case LABCLI_SET:
        put_whole(o, opts, (long long)o->lo);
        return CLI_OK;
    case LABCLI_NUMBER:
    case LABCLI_POSITIVE:
        if (o->kind == LABCLI_NUMBER ? cli_range(opt, text, o->lo, o->hi, &x)
            : o->hi > 0.0        ? cli_positive_max(opt, text, o->hi, &x)
                                 : cli_positive(opt, text, &x))
            return CLI_USAGE;
        put(o, opts, &x);
        return CLI_OK;
    case LABCLI_COUNT:
        if (cli_count(opt, text, (long long)o->lo, (long long)o->hi, &n))
            return CLI_USAGE;
        put_whole(o, opts, n);
        return CLI_OK;
    case LABCLI_FILE:
        if (!*text)
            return cli_error(_("%s: an empty file name (allowed: a file name)"), opt);
        /* fall through */
    case LABCLI_TEXT:
        put(o, opts, &text);
        return CLI_OK;
    case LABCLI_CHOICE:
    case LABCLI_NAME:
        for (int i = 0; o->names[i]; i++)
            if (strcmp(text, o->names[i]) == 0) {
                if (o->kind == LABCLI_CHOICE)
                    put_whole(o, opts, i);
                else
                    put(o, opts, &o->names[i]);
                return CLI_OK;
            }
        char allowed[512];
        choice_names(o, allowed, sizeof allowed);
        return labcli_not_a(opt, text, o->noun ? o->noun : N_("choice"), allowed);
    case LABCLI_PARSE:
        return o->parse(opts, o->size ? (char *)opts + o->offset : NULL, opt, text);
    default:
        return CLI_OK;
    }
}

/* A default: as a value, but "A/B" for a number is A / B (1/240 reads better than 0.004166...). */
static int take_default(const labcli_option *o, void *opts)
{
    const char *slash = strchr(o->def, '/');
    if ((o->kind == LABCLI_NUMBER || o->kind == LABCLI_POSITIVE) && slash) {
        const double a = strtod(o->def, NULL), b = strtod(slash + 1, NULL);
        char quotient[64];
        snprintf(quotient, sizeof quotient, "%.17g", a / b);
        return take(o, opts, quotient);
    }
    return take(o, opts, o->def);
}

/* The names of the mode options in mask (LABCLI_IN), each with its value ("--plot KIND"), and "the interactive
 * lab" for mode 0: "A, B or C". */
static void mode_names(const labcli_lab *lab, unsigned mask, bool values, char *buf, size_t size)
{
    char names[LABCLI_MAX_OPTIONS + 1][64];  /* the call's: joined into buf before it returns */
    const char *items[LABCLI_MAX_OPTIONS + 1];
    size_t n = 0;
    if (mask & LABCLI_IN(0))
        items[n++] = tr(lab->interactive ? lab->interactive : N_("the interactive lab"));
    for (size_t i = 0; i < lab->n_options; i++) {
        const labcli_option *o = &lab->options[i];
        if (o->mode > 0 && (mask & LABCLI_IN(o->mode))) {
            snprintf(names[n], sizeof names[n], "--%s%s%s", o->name, values && o->value ? " " : "",
                     values && o->value ? o->value : "");
            items[n] = names[n];
            n++;
        }
    }
    join_list(items, n, "", _(" or "), buf, size);
}

int labcli_no_terminal(const labcli_result *r, const char *file)
{
    const labcli_lab *current = r->lab;
    char headless[512] = "";
    if (current)
        mode_names(current, ~LABCLI_IN(0), true, headless, sizeof headless);
    /* TRANSLATORS: "[FILE: ]the interactive lab needs a terminal; without one use --csv, --plot KIND or --modes" */
    return cli_error(_("%s%s%s needs a terminal; without one use %s (see --help)"), file ? cli_cut(file) : "",
                     file ? ": " : "",
                     tr(current && current->interactive ? current->interactive : N_("the interactive lab")), headless);
}

int labcli_walk_status(const labcli_result *r, int tui_code, const char *file)
{
    switch (tui_code) {
    case TUI_OK:
        return tui_signal() ? 128 + tui_signal() : CLI_OK;
    case TUI_ERR_NO_TERMINAL:
        return labcli_no_terminal(r, file);
    case TUI_ERR_TERM:
        return CLI_USAGE;  /* said */
    default:
        return CLI_FAILURE;  /* TUI_ERR_IO: stdout cannot be written, nothing more to say there */
    }
}

/* The table's own errors (a field too small for its kind, too many options): a bug, said as a runtime failure. */
static int check_table(const labcli_lab *lab)
{
    if (lab->n_options > LABCLI_MAX_OPTIONS)
        return cli_fail(_("internal error: %zu options (at most %d)"), lab->n_options, LABCLI_MAX_OPTIONS);
    for (size_t i = 0; i < lab->n_options; i++) {
        const labcli_option *o = &lab->options[i];
        if (o->kind != LABCLI_LINE && (!o->name || !size_fits(o) || ((o->kind == LABCLI_CHOICE || o->kind == LABCLI_NAME) && !o->names) ||
                                       (o->kind == LABCLI_PARSE && !o->parse) || o->mode >= 32))
            return cli_fail(_("internal error: the option table's entry %zu (--%s) does not fit its kind"), i,
                            o->name ? o->name : "?");
    }
    return CLI_OK;
}

/* Which mode the given options chose, and whether each goes with it. */
static int check_modes(const labcli_lab *lab, labcli_result *r)
{
    const labcli_option *first = NULL;
    for (size_t i = 0; i < lab->n_options; i++) {
        const labcli_option *o = &lab->options[i];
        if (!r->given[i] || o->mode <= 0)
            continue;
        if (first && first->mode != o->mode)
            return cli_error(_("--%s and --%s are separate modes: give one (see --help)"), first->name, o->name);
        first = first ? first : o;
    }
    r->mode = first ? first->mode : 0;
    for (size_t i = 0; i < lab->n_options; i++) {
        const labcli_option *o = &lab->options[i];
        if (r->given[i] && o->with && !(o->with & LABCLI_IN(r->mode))) {
            char modes[512];
            mode_names(lab, o->with, false, modes, sizeof modes);
            return cli_error(_("--%s goes with %s (see --help)"), o->name, modes);
        }
    }
    return CLI_OK;
}

int labcli_parse(const labcli_lab *lab, void *opts, int argc, char **argv, labcli_result *r)
{
    memset(r, 0, sizeof *r);
    r->lab = lab;
    if (check_table(lab))
        return CLI_FAILURE;
    if (labcli_expand_state(lab, &argc, &argv, r))
        return CLI_USAGE;
    struct option longopts[LABCLI_MAX_OPTIONS + 4];  /* getopt_long reads it only during this call */
    size_t n = 0;
    for (size_t i = 0; i < lab->n_options; i++) {
        const labcli_option *o = &lab->options[i];
        if (o->kind == LABCLI_LINE)
            continue;
        const bool flag = o->kind == LABCLI_FLAG || o->kind == LABCLI_SET;
        longopts[n++] = (struct option){o->name, flag ? no_argument : required_argument, NULL, OPT_BASE + (int)i};
        if (o->def && take_default(o, opts))
            return CLI_USAGE;
    }
    longopts[n++] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[n++] = (struct option){"plain", no_argument, NULL, OPT_PLAIN};
    longopts[n++] = (struct option){"tone-wav", required_argument, NULL, OPT_TONE_WAV};
    longopts[n] = (struct option){NULL, 0, NULL, 0};
    if (cli_check_options(argc, argv, "h", longopts))
        return CLI_USAGE;
    opterr = 0;  /* cli_check_options said it all */
    optind = 0;  /* a fresh scan, also when called again (tests) */
    for (int opt; (opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1;) {
        if (opt == 'h') {
            labcli_help(lab, stdout);
            r->help = true;
            return CLI_OK;
        }
        if (opt == OPT_PLAIN) {
            r->plain = true;
            continue;
        }
        if (opt == OPT_TONE_WAV) {
            if (!*optarg)
                return cli_error(_("%s: an empty file name (allowed: a file name)"), "--tone-wav");
            r->tone_wav = optarg;
            continue;
        }
        if (opt < OPT_BASE)
            return cli_error(_("unknown option (see --help)"));  /* not reached: cli_check_options named it */
        const size_t i = (size_t)(opt - OPT_BASE);
        r->given[i] = true;
        r->texts[i] = optarg;
        if (take(&lab->options[i], opts, optarg))
            return CLI_USAGE;
    }
    if (optind < argc && lab->operand)
        r->operand = argv[optind++];
    if (optind < argc)
        return cli_unexpected(argv[optind]);
    int rc = check_modes(lab, r);
    if (rc == CLI_OK && r->tone_wav && !r->plain)
        return cli_error(_("--%s goes with %s (see --help)"), "tone-wav", "--plain");
    if (rc == CLI_OK && r->plain && r->mode != 0) {
        char modes[512];
        mode_names(lab, LABCLI_IN(0), false, modes, sizeof modes);
        return cli_error(_("--%s goes with %s (see --help)"), "plain", modes);
    }
    if (rc != CLI_OK)
        return rc;
    if (r->mode != 0 && !lab->no_states) {  /* a figure of --plot carries the options the walk would open with */
        state_writer w;
        labcli_state_of(r, -1, NULL, &w);
        figure_set_state(w.overflow ? NULL : w.buf);
    }
    return CLI_OK;
}

bool labcli_given(const labcli_lab *lab, const labcli_result *r, const char *name)
{
    for (size_t i = 0; i < lab->n_options; i++)
        if (lab->options[i].name && strcmp(lab->options[i].name, name) == 0)
            return r->given[i];
    fprintf(stderr, "labcli_given: --%s is not an option of %s\n", name, lab->name);
    abort();  /* a typo in the lab's code, found by its first test */
}

/* The range and default of an option, as the end of its help line: " (1e-12..1e+12; default 200)". */
static void help_tail(const labcli_option *o, char *buf, size_t size)
{
    char range[512] = "";
    if (o->kind == LABCLI_NUMBER)
        snprintf(range, sizeof range, "%g..%g", o->lo, o->hi);
    else if (o->kind == LABCLI_POSITIVE)
        snprintf(range, sizeof range, o->hi > 0.0 ? "> 0, <= %g" : "> 0", o->hi);
    else if (o->kind == LABCLI_COUNT)
        snprintf(range, sizeof range, "%lld..%lld", (long long)o->lo, (long long)o->hi);
    else if (o->kind == LABCLI_CHOICE || o->kind == LABCLI_NAME)
        choice_names(o, range, sizeof range);
    if (!range[0] && !o->def)
        buf[0] = '\0';
    else
        /* TRANSLATORS: the end of an option's --help line: " (1..10; default 200)" */
        snprintf(buf, size, " (%s%s%s%s)", range, range[0] && o->def ? "; " : "", o->def ? _("default ") : "",
                 o->def ? o->def : "");
}

/* text then tail, its words (separated by spaces or line breaks) filled into lines up to HELP_WIDTH, each line after
 * the first indented to HELP_COLUMN. */
static void wrap(const char *text, const char *tail, FILE *out)
{
    char words[2048];
    snprintf(words, sizeof words, "%s%s", text, tail);
    int col = HELP_COLUMN;
    bool first = true;
    for (char *w = strtok(words, " \n"); w; w = strtok(NULL, " \n")) {
        int len = 0;  /* in characters: a translation's accents take two bytes and one column */
        for (const char *c = w; *c; c++)
            len += ((unsigned char)*c & 0xC0) != 0x80;
        if (!first && col + 1 + len > HELP_WIDTH) {
            fprintf(out, "\n%*s", HELP_COLUMN, "");
            col = HELP_COLUMN;
        } else if (!first) {
            fputc(' ', out);
            col++;
        }
        fputs(w, out);
        col += len;
        first = false;
    }
    fputc('\n', out);
}

void labcli_help(const labcli_lab *lab, FILE *out)
{
    fprintf(out, "%s\n", tr(lab->usage));
    if (lab->about)
        fprintf(out, "\n%s\n", tr(lab->about));
    fputc('\n', out);
    for (size_t i = 0; i < lab->n_options; i++) {
        const labcli_option *o = &lab->options[i];
        if (o->kind == LABCLI_LINE) {
            fprintf(out, "%s\n", tr(o->help));
            continue;
        }
        char head[96], tail[600];
        int w = snprintf(head, sizeof head, "  --%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
        help_tail(o, tail, sizeof tail);
        fputs(head, out);
        if (w >= HELP_COLUMN - 1)
            fprintf(out, "\n%*s", HELP_COLUMN, "");
        else
            fprintf(out, "%*s", HELP_COLUMN - w, "");
        wrap(tr(o->help), tail, out);
    }
    fprintf(out, "  --plain%*s", HELP_COLUMN - 9, "");
    wrap(_("the walk as lines for a screen reader or a braille display: each key answers with a line, charts are "
           "said in words, ? lists the keys (also NUMLAB_PLAIN=1)"), "", out);
    fprintf(out, "  --tone-wav FILE%*s", HELP_COLUMN - 17, "");
    wrap(_("with --plain: the l key writes its tone to FILE (a WAV) instead of playing it"), "", out);
    if (!lab->no_states) {
        fprintf(out, "  --state STATE%*s", HELP_COLUMN - 15, "");
        wrap(_("open the screen a state line describes (S in the lab writes one), the options above in one line: "
               "numlab:network-lab/1?k=20&c=0.5 (docs/states.md)"), "", out);
    }
    fprintf(out, "  --help%*s%s\n", HELP_COLUMN - 8, "", _("this text"));
    if (lab->footer)
        fprintf(out, "\n%s", tr(lab->footer));
    if (out == stdout)
        cli_stdout_broken();  /* why a write failed, while errno still says it (a help longer than stdio's buffer) */
}

int labcli_main(const labcli_lab *lab, void *opts, int argc, char **argv)
{
    cli_hold_std_streams();
    cli_set_program(lab->name);
    lang_init();  /* LC_CTYPE from the environment (braille), numbers always with a '.' */
    labcli_result r;
    int rc = labcli_parse(lab, opts, argc, argv, &r);
    if (rc != CLI_OK || r.help)
        return cli_finish(rc);
    if (lab->check && (rc = lab->check(lab, opts, &r)) != CLI_OK)
        return cli_finish(rc);
    if (r.plain)
        tui_set_plain(true, r.tone_wav);
    if (r.mode == 0 && lab->interactive && !r.operand && !cli_have_terminal())
        return cli_finish(labcli_no_terminal(&r, NULL));
    return cli_finish(lab->run(opts, &r));
}

/* A glyph set beyond ASCII needs a locale whose characters are multibyte: plot_mode_from_locale's braille. */
static bool locale_has_utf8(void)
{
    return plot_mode_from_locale() != PLOT_ASCII;
}

int labcli_glyphs_field(void *opts, void *field, const char *opt, const char *text)
{
    (void)opts;
    char allowed[128];
    snprintf(allowed, sizeof allowed, "auto, %s", plot_mode_list);
    plot_mode mode = plot_mode_from_locale();
    if (strcmp(text, "auto") == 0) {
        const char *env = getenv("NUMLAB_GLYPHS");
        if (env && *env && strcmp(env, "auto") != 0) {
            if (plot_mode_parse(env, &mode))
                return labcli_not_a("NUMLAB_GLYPHS", env, N_("glyph set"), allowed);
            if (!locale_has_utf8())
                mode = PLOT_ASCII;  /* a preference of the environment, which this locale cannot show */
        }
    } else if (plot_mode_parse(text, &mode)) {
        return labcli_not_a(opt, text, N_("glyph set"), allowed);
    } else if (mode != PLOT_ASCII && !locale_has_utf8()) {
        /* TRANSLATORS: "--glyphs: 'octant' needs a UTF-8 locale (allowed in this one: auto, ascii)" */
        return cli_error(_("%s: '%s' needs a UTF-8 locale (allowed in this one: auto, ascii)"), opt, text);
    }
    memcpy(field, &mode, sizeof mode);
    return CLI_OK;
}

/* The methods whose option names are English words (ode_table.c's rows), with what each is called in words. In
 * English a legend keeps the option name, the word a reader types after --method: the words are shown only where a
 * catalogue translates them. */
static const struct {
    const char *name, *label;
} method_labels[] = {
    /* TRANSLATORS: a chart's legend entry for the method --method explicit; keep it short (a legend is ~20 columns) */
    {"explicit", N_("explicit Euler")},
    {"semi", N_("semi-implicit Euler")},
    /* TRANSLATORS: the closed-form solution, --method exact */
    {"exact", N_("exact solution")},
    {"verlet", N_("velocity Verlet")},
    {"backward-euler", N_("backward Euler")},
    {"backward-euler-1", N_("linearised backward Euler")},
    {"midpoint", N_("implicit midpoint")},
    /* TRANSLATORS: --method xpbd, position-based dynamics with compliance (the springs' 1/k) */
    {"xpbd", N_("compliant XPBD")},
    {"pbd", N_("plain PBD")},
};

const char *labcli_method_label(const char *name)
{
    for (size_t i = 0; i < sizeof method_labels / sizeof method_labels[0]; i++) {
        if (strcmp(method_labels[i].name, name) != 0)
            continue;
        const char *label = _(method_labels[i].label);
        return label == method_labels[i].label ? name : label;  /* gettext hands back its argument untranslated */
    }
    return name;
}
