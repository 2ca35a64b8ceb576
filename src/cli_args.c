/* cli: argv checked before getopt_long reads it, so that every message names the argument at fault and no
 * option is ever taken from an abbreviation. See include/numlab/cli.h. */
#include "numlab/cli.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "numlab/lang.h"

#define MAX_SUGGESTIONS 4

/* The edit distance of a and b (insertions, deletions, substitutions), or a large number past 31 bytes. */
static size_t distance(const char *a, size_t la, const char *b)
{
    size_t lb = strlen(b);
    if (la > 31 || lb > 31)
        return 99;
    size_t row[32];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* The options name (len bytes, no "--") may have meant: the ones it abbreviates, else the ones a typo away. */
static int suggest(const char *name, size_t len, const struct option *longopts, const char *out[MAX_SUGGESTIONS],
                   bool *abbreviated)
{
    int n = 0;
    *abbreviated = false;
    for (const struct option *o = longopts; o->name && len > 0; o++)
        if (strncmp(o->name, name, len) == 0 && n < MAX_SUGGESTIONS)
            out[n++] = o->name;
    if (n > 0) {
        *abbreviated = true;
        return n;
    }
    const size_t most = len <= 3 ? 1 : 2;
    for (const struct option *o = longopts; o->name && len > 0; o++)
        if (distance(name, len, o->name) <= most && n < MAX_SUGGESTIONS)
            out[n++] = o->name;
    return n;
}

static int unknown_long(const char *arg, const char *name, size_t len, const struct option *longopts)
{
    const char *cand[MAX_SUGGESTIONS];
    bool abbreviated;
    int n = suggest(name, len, longopts, cand, &abbreviated);
    if (n == 0)
        return cli_error(_("unknown option '%s' (see --help)"), cli_cut(arg));
    char list[256];
    size_t used = 0;
    for (int i = 0; i < n && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s--%s", i == 0 ? "" : i + 1 == n ? _(" or ") : ", ",
                                 cand[i]);
    return cli_error(abbreviated ? _("unknown option '%s' (options are not abbreviated: did you mean %s?)")
                                 : _("unknown option '%s' (did you mean %s?)"),
                     cli_cut(arg), list);
}

/* One "--name[=value]" argument; *takes_next when its value is the next argument. */
static int check_long(const char *arg, const struct option *longopts, bool *takes_next)
{
    const char *name = arg + 2;
    const char *eq = strchr(name, '=');
    const size_t len = eq ? (size_t)(eq - name) : strlen(name);
    *takes_next = false;
    for (const struct option *o = longopts; o->name; o++) {
        if (strlen(o->name) != len || strncmp(o->name, name, len) != 0)
            continue;
        if (o->has_arg == no_argument && eq)
            return cli_error(_("--%s takes no value (given '%s')"), o->name, cli_cut(arg));
        *takes_next = o->has_arg == required_argument && !eq;
        return CLI_OK;
    }
    return unknown_long(arg, name, len, longopts);
}

/* One "-abc" cluster; *takes_next when its last letter's value is the next argument. */
static int check_short(const char *arg, const char *shortopts, bool *takes_next)
{
    *takes_next = false;
    for (const char *c = arg + 1; *c; c++) {
        const char *spec = *c == ':' ? NULL : strchr(shortopts, *c);
        if (!spec) {
            if (strlen(arg) > 2)
                return cli_error(_("unknown option '-%c' in '%s' (see --help)"), *c, cli_cut(arg));
            return cli_error(_("unknown option '%s' (see --help)"), arg);
        }
        if (spec[1] == ':') {
            *takes_next = c[1] == '\0';
            return CLI_OK;
        }
    }
    return CLI_OK;
}

int cli_check_options(int argc, char *const argv[], const char *shortopts, const struct option *longopts)
{
    shortopts += strspn(shortopts, "+-:");
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0)
            return CLI_OK;
        if (arg[0] != '-' || arg[1] == '\0')
            continue;  /* an operand */
        bool takes_next;
        int rc = arg[1] == '-' ? check_long(arg, longopts, &takes_next) : check_short(arg, shortopts, &takes_next);
        if (rc != CLI_OK)
            return rc;
        if (takes_next) {
            if (i + 1 >= argc)
                return cli_error(_("%s needs a value (see --help)"), arg);
            i++;
        }
    }
    return CLI_OK;
}
