/* cli: shared option parsing and error messages. See include/numlab/cli.h. */
#include "numlab/cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/text.h"

static const char *program = "numlab";

void cli_set_program(const char *name)
{
    const char *slash = strrchr(name, '/');
    program = slash ? slash + 1 : name;
}

const char *cli_program(void)
{
    return program;
}

/* Messages quote file names, values and text from files: escaped for the terminal (text.h). */
static void vreport(const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: ", program);
    text_vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    return CLI_USAGE;
}

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    return CLI_FAILURE;
}

/* Parses text as a double; on failure reports with `allowed` describing the valid values. */
static int parse_double(const char *opt, const char *text, const char *allowed, double *out)
{
    if (!text || !*text)
        return cli_error("%s: '' is empty (allowed: %s)", opt, allowed);
    errno = 0;
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end != '\0')
        return cli_error("%s: '%s' is not a number (allowed: %s)", opt, text, allowed);
    if (!isfinite(v) || errno == ERANGE)
        return cli_error("%s: '%s' is not a finite number (allowed: %s)", opt, text, allowed);
    *out = v;
    return CLI_OK;
}

int cli_finite(const char *opt, const char *text, double *out)
{
    return parse_double(opt, text, "a finite number", out);
}

int cli_positive(const char *opt, const char *text, double *out)
{
    const char *allowed = "a finite number > 0";
    double v;
    if (parse_double(opt, text, allowed, &v))
        return CLI_USAGE;
    if (!(v > 0.0))
        return cli_error("%s: '%s' is out of range (allowed: %s)", opt, text, allowed);
    *out = v;
    return CLI_OK;
}

int cli_nonnegative(const char *opt, const char *text, double *out)
{
    const char *allowed = "a finite number >= 0";
    double v;
    if (parse_double(opt, text, allowed, &v))
        return CLI_USAGE;
    if (!(v >= 0.0))
        return cli_error("%s: '%s' is out of range (allowed: %s)", opt, text, allowed);
    *out = v;
    return CLI_OK;
}

int cli_range(const char *opt, const char *text, double lo, double hi, double *out)
{
    char allowed[96];
    snprintf(allowed, sizeof allowed, "a number from %g to %g", lo, hi);
    double v;
    if (parse_double(opt, text, allowed, &v))
        return CLI_USAGE;
    if (!(v >= lo && v <= hi))
        return cli_error("%s: '%s' is out of range (allowed: %s)", opt, text, allowed);
    *out = v;
    return CLI_OK;
}

int cli_count(const char *opt, const char *text, long long lo, long long hi, long long *out)
{
    char allowed[96];
    snprintf(allowed, sizeof allowed, "a whole number from %lld to %lld", lo, hi);
    if (!text || !*text)
        return cli_error("%s: '' is empty (allowed: %s)", opt, allowed);
    const char *digits = text + (text[0] == '-' || text[0] == '+');
    if (!*digits || strspn(digits, "0123456789") != strlen(digits))
        return cli_error("%s: '%s' is not a whole number (allowed: %s)", opt, text, allowed);
    errno = 0;
    long long v = strtoll(text, NULL, 10);
    if (errno == ERANGE || v < lo || v > hi)
        return cli_error("%s: '%s' is out of range (allowed: %s)", opt, text, allowed);
    *out = v;
    return CLI_OK;
}

int cli_time_range(const char *opt, const char *text, size_t max_points, double *a, double *b, double *step)
{
    const char *allowed = "A:B:STEP with 0 <= A <= B and STEP > 0, finite numbers";
    char buf[256];
    if (!text || strlen(text) >= sizeof buf)
        return cli_error("%s: '%s' is not a time range (allowed: %s)", opt, text ? text : "", allowed);
    strcpy(buf, text);
    char *parts[3];
    char *rest = buf;
    for (int i = 0; i < 3; i++) {
        parts[i] = rest;
        char *colon = strchr(rest, ':');
        if ((i < 2) != (colon != NULL))
            return cli_error("%s: '%s' is not a time range (allowed: %s)", opt, text, allowed);
        if (colon) {
            *colon = '\0';
            rest = colon + 1;
        }
    }
    double v[3];
    for (int i = 0; i < 3; i++) {
        char *end;
        errno = 0;
        v[i] = strtod(parts[i], &end);
        if (end == parts[i] || *end || !isfinite(v[i]) || errno == ERANGE)
            return cli_error("%s: '%s' is not a time range (allowed: %s)", opt, text, allowed);
    }
    if (!(v[0] >= 0.0 && v[1] >= v[0] && v[2] > 0.0))
        return cli_error("%s: '%s' is out of range (allowed: %s)", opt, text, allowed);
    if ((v[1] - v[0]) / v[2] >= (double)max_points)
        return cli_error("%s: '%s' asks for more than %zu samples (allowed: %s, at most %zu samples)", opt, text,
                         max_points, allowed, max_points);
    *a = v[0], *b = v[1], *step = v[2];
    return CLI_OK;
}

int cli_have_terminal(void)
{
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}
