/* labcli: state lines (state.h) as options: read from the command line, and written for a screen of the walk.
 * See include/numlab/labcli.h. */
#include "labcli_internal.h"

#include <stdio.h>
#include <string.h>

#include "numlab/cli.h"
#include "numlab/lang.h"

#define MAX_ARGS 512

bool labcli_in_state(const labcli_option *o)
{
    return o->kind != LABCLI_LINE && o->name && o->mode <= 0 && (!o->with || (o->with & LABCLI_IN(0))) && !o->local;
}

static const labcli_option *find_option(const labcli_lab *lab, const char *name)
{
    for (size_t i = 0; i < lab->n_options; i++)
        if (lab->options[i].kind != LABCLI_LINE && lab->options[i].name && strcmp(lab->options[i].name, name) == 0)
            return &lab->options[i];
    return NULL;
}

/* Whether argv[i] is an option of the lab whose value is the next argument ("--plot" "numlab:x" is a chart's name). */
static bool takes_next(const labcli_lab *lab, const char *arg)
{
    if (strncmp(arg, "--", 2) != 0 || strchr(arg, '='))
        return false;
    const labcli_option *o = find_option(lab, arg + 2);
    return o && o->kind != LABCLI_FLAG && o->kind != LABCLI_SET;
}

/* Where the state is in argv: its index, the line and how many arguments it takes (1 or 2); -1 when none, -2 (said)
 * for a second one. */
static int find_state(const labcli_lab *lab, int argc, char **argv, const char **line, int *width)
{
    int at = -1;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *text = NULL;
        int w = 1;
        if (takes_next(lab, argv[i])) {
            i++;
            continue;
        }
        if (strcmp(argv[i], "--state") == 0)
            text = i + 1 < argc ? argv[i + 1] : "", w = 2;
        else if (strncmp(argv[i], "--state=", 8) == 0)
            text = argv[i] + 8;
        else if (state_is_line(argv[i]))
            text = argv[i];
        if (!text)
            continue;
        if (at >= 0) {
            cli_error("%s", _("--state: a second state line (allowed: one)"));
            return -2;
        }
        at = i, *line = text, *width = w;
        i += w - 1;
    }
    return at;
}

static int step_past(int step, int last)
{
    /* TRANSLATORS: "state: step: 16 is past the walk's last step (allowed: 1..15)" */
    return cli_error(_("state: step: %d is past the walk's last step (allowed: 1..%d)"), step, last);
}

int labcli_expand_state(const labcli_lab *lab, int *argc, char ***argv, labcli_result *r)
{
    static state_line line;
    static char arena[STATE_MAX + 3 * STATE_MAX_FIELDS];  /* "--KEY=VALUE": the line's text and the dashes */
    static char *args[MAX_ARGS + 1];
    const char *text = NULL;
    int width = 0;
    const int at = lab->no_states ? -1 : find_state(lab, *argc, *argv, &text, &width);
    if (at == -2)
        return CLI_USAGE;
    if (at < 0)
        return CLI_OK;
    if (!*text)
        return cli_error("%s", _("--state: no state line (allowed: numlab:LAB/STEP?KEY=VALUE&..., see --help)"));
    if (state_parse(text, &line))
        return CLI_USAGE;
    if (strcmp(line.lab, lab->name) != 0)
        /* TRANSLATORS: "state: the line is network-lab's, not spring-lab's (open it with numlab STATE or
         * network-lab --state STATE)" */
        return cli_error(_("state: the line is %s's, not %s's (open it with numlab STATE or %s --state STATE)"),
                         line.lab, lab->name, line.lab);
    if (*argc - width + line.n > MAX_ARGS)
        return cli_error(_("state: more than %d arguments"), MAX_ARGS);
    int n = 0;
    size_t used = 0;
    for (int i = 0; i < at; i++)
        args[n++] = (*argv)[i];
    for (int k = 0; k < line.n; k++) {
        const labcli_option *o = find_option(lab, line.key[k]);
        if (!o)
            /* TRANSLATORS: "state: frame-rate: not an option of spring-lab (see --help)" */
            return cli_error(_("state: %s: not an option of %s (see --help)"), line.key[k], lab->name);
        if (o->mode > 0)
            /* TRANSLATORS: "state: csv: a state opens the interactive lab, not the mode --csv (see --help)" */
            return cli_error(_("state: %s: a state opens the interactive lab, not the mode --%s (see --help)"),
                             line.key[k], o->name);
        args[n++] = arena + used;
        used += (size_t)snprintf(arena + used, sizeof arena - used, "--%s%s%s", line.key[k],
                                 line.value[k] ? "=" : "", line.value[k] ? line.value[k] : "") + 1;
    }
    for (int i = at + width; i < *argc; i++)
        args[n++] = (*argv)[i];
    args[n] = NULL;
    *argc = n;
    *argv = args;
    r->state_step = line.step;
    if (lab->walk_steps > 0 && line.step > lab->walk_steps)  /* before "needs a terminal": the line is at fault */
        return step_past(line.step, lab->walk_steps);
    return CLI_OK;
}

void labcli_state_of(const labcli_result *r, int step, const tui_step *shown, state_writer *w)
{
    const labcli_lab *lab = r->lab;
    state_begin(w, lab->name, step >= 0 ? step + 1 : 0);
    for (size_t i = 0; i < lab->n_options; i++) {
        const labcli_option *o = &lab->options[i];
        if (!labcli_in_state(o))
            continue;
        const tui_stated *stated = NULL;
        for (int k = 0; shown && k < shown->n_stated; k++)
            if (strcmp(shown->stated[k].option, o->name) == 0)
                stated = &shown->stated[k];
        if (stated) {  /* the lab's own account of the option for this screen, given or not */
            if (stated->value && *stated->value)
                state_add(w, o->name, stated->value);
            continue;
        }
        const tui_param *param = NULL;
        for (int p = 0; shown && p < shown->n_params; p++)
            if (shown->params[p].option && strcmp(shown->params[p].option, o->name) == 0)
                param = &shown->params[p];
        if (param && o->kind == LABCLI_COUNT) {
            char whole[32];
            snprintf(whole, sizeof whole, "%.0f", *param->value);
            state_add(w, o->name, whole);
        } else if (param) {
            state_add_number(w, o->name, *param->value);
        } else if (shown && shown->n_toggles && shown->toggles_option && strcmp(shown->toggles_option, o->name) == 0) {
            char list[STATE_MAX] = "";
            size_t used = 0;
            for (int t = 0; t < shown->n_toggles; t++)
                if (*shown->toggles[t].enabled && used < sizeof list)
                    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", used ? "," : "",
                                             shown->toggles[t].name);
            if (used)  /* none shown: the option as given, or the step's own */
                state_add(w, o->name, list);
            else if (r->given[i])
                state_add(w, o->name, r->texts[i]);
        } else if (r->given[i]) {
            state_add(w, o->name, o->kind == LABCLI_FLAG || o->kind == LABCLI_SET ? NULL : r->texts[i]);
        }
    }
}

/* The screen's line for the shell (tui_app.state): "" when it does not fit. */
static void screen_state(const void *ctx, int step, const tui_step *shown, char *buf, size_t size)
{
    state_writer w;
    labcli_state_of(ctx, step, shown, &w);
    snprintf(buf, size, "%s", w.overflow ? "" : w.buf);
}

int labcli_walk_run(const labcli_result *r, tui_app *app, const char *file)
{
    if (r->state_step > app->n_steps)  /* a walk shorter than the lab's (network-lab --file: one step) */
        return step_past(r->state_step, app->n_steps);
    app->first_step = r->state_step > 0 ? r->state_step - 1 : 0;
    app->one_step = r->state_step > 0;
    app->state = screen_state;
    app->state_ctx = r;
    return labcli_walk_status(r, tui_run(app), file);
}
