/* cli: shared option parsing and error messages. See include/numlab/cli.h. */
#include "numlab/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/common.h"
#include "numlab/lang.h"
#include "numlab/outset.h"
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

void cli_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
}

const char *cli_cut(const char *text)
{
    static char ring[8][TEXT_CUT_SIZE];  /* 8 cut values in one message */
    static unsigned next;
    if (!text || strlen(text) <= CLI_CUT_MAX)
        return text ? text : "";
    return text_cut(text, ring[next++ % 8], sizeof ring[0]);
}

const char *cli_cut_in(const char *msg, const char *value)
{
    static char out[1024];
    const char *at = value && strlen(value) > CLI_CUT_MAX ? strstr(msg, value) : NULL;
    if (!at)
        return msg;
    const char *after = at + strlen(value);
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - msg), msg, cli_cut(value), after);
    return out;
}

int cli_unexpected(const char *arg)
{
    return cli_error(_("unexpected argument '%s' (see --help)"), cli_cut(arg));
}

const char *cli_number_problem(const char *text, double *out)
{
    switch (numlab_number(text, out)) {  /* the one number grammar (common.h) */
    case NUMLAB_NUMBER_OK:
        return NULL;
    case NUMLAB_NUMBER_EMPTY:
        return _("is empty");
    case NUMLAB_NUMBER_NOT_FINITE:
        return _("is not a finite number");
    case NUMLAB_NUMBER_RANGE:
        return _("is out of range");
    case NUMLAB_NUMBER_SYNTAX:
        break;
    }
    return _("is not a number");
}

/* Parses text as a double; on failure reports with `allowed` describing the valid values. */
static int parse_double(const char *opt, const char *text, const char *allowed, double *out)
{
    const char *problem = cli_number_problem(text, out);
    if (problem)
        /* TRANSLATORS: "--k: 'abc' is not a number (allowed: a number from 1 to 10)"; the third %s is a phrase
         * such as "is not a number" */
        return cli_error(_("%s: '%s' %s (allowed: %s)"), opt, cli_cut(text), problem, allowed);
    return CLI_OK;
}

int cli_positive(const char *opt, const char *text, double *out)
{
    const char *allowed = _("a finite number > 0");
    double v;
    if (parse_double(opt, text, allowed, &v))
        return CLI_USAGE;
    if (!(v > 0.0))
        return cli_error(_("%s: '%s' is out of range (allowed: %s)"), opt, cli_cut(text), allowed);
    *out = v;
    return CLI_OK;
}

int cli_positive_max(const char *opt, const char *text, double hi, double *out)
{
    char allowed[96];
    snprintf(allowed, sizeof allowed, _("a number > 0 and <= %g"), hi);
    double v;
    if (parse_double(opt, text, allowed, &v))
        return CLI_USAGE;
    if (!(v > 0.0 && v <= hi))
        return cli_error(_("%s: '%s' is out of range (allowed: %s)"), opt, cli_cut(text), allowed);
    *out = v;
    return CLI_OK;
}

int cli_range(const char *opt, const char *text, double lo, double hi, double *out)
{
    char allowed[96];
    snprintf(allowed, sizeof allowed, _("a number from %g to %g"), lo, hi);
    double v;
    if (parse_double(opt, text, allowed, &v))
        return CLI_USAGE;
    if (!(v >= lo && v <= hi))
        return cli_error(_("%s: '%s' is out of range (allowed: %s)"), opt, cli_cut(text), allowed);
    *out = v;
    return CLI_OK;
}

int cli_count(const char *opt, const char *text, long long lo, long long hi, long long *out)
{
    char allowed[96];
    snprintf(allowed, sizeof allowed, _("a whole number from %lld to %lld"), lo, hi);
    if (!text || !*text)
        return cli_error(_("%s: '' is empty (allowed: %s)"), opt, allowed);
    long long v = 0;
    numlab_number_status st = numlab_whole(text, &v);  /* the one number grammar (common.h) */
    if (st == NUMLAB_NUMBER_SYNTAX || st == NUMLAB_NUMBER_NOT_FINITE)
        return cli_error(_("%s: '%s' is not a whole number (allowed: %s)"), opt, cli_cut(text), allowed);
    if (st != NUMLAB_NUMBER_OK || v < lo || v > hi)
        return cli_error(_("%s: '%s' is out of range (allowed: %s)"), opt, cli_cut(text), allowed);
    *out = v;
    return CLI_OK;
}

int cli_time_range(const char *opt, const char *text, size_t max_points, double *a, double *b, double *step)
{
    /* TRANSLATORS: A:B:STEP is the value's name in --help: keep it */
    const char *allowed = _("A:B:STEP with 0 <= A <= B and STEP > 0, finite numbers");
    char buf[256];
    if (!text || strlen(text) >= sizeof buf)
        return cli_error(_("%s: '%s' is not a time range (allowed: %s)"), opt, cli_cut(text), allowed);
    strcpy(buf, text);
    char *parts[3];
    char *rest = buf;
    for (int i = 0; i < 3; i++) {
        parts[i] = rest;
        char *colon = strchr(rest, ':');
        if ((i < 2) != (colon != NULL))
            return cli_error(_("%s: '%s' is not a time range (allowed: %s)"), opt, cli_cut(text), allowed);
        if (colon) {
            *colon = '\0';
            rest = colon + 1;
        }
    }
    double v[3];
    for (int i = 0; i < 3; i++)
        if (cli_number_problem(parts[i], &v[i]))
            return cli_error(_("%s: '%s' is not a time range (allowed: %s)"), opt, cli_cut(text), allowed);
    if (!(v[0] >= 0.0 && v[1] >= v[0] && v[2] > 0.0))
        return cli_error(_("%s: '%s' is out of range (allowed: %s)"), opt, cli_cut(text), allowed);
    if ((v[1] - v[0]) / v[2] >= (double)max_points)
        /* TRANSLATORS: never 1 sample: the limit is a million */
        return cli_error(_("%s: '%s' asks for more than %zu samples (allowed: %s, at most %zu samples)"), opt,
                         cli_cut(text), max_points, allowed, max_points);
    *a = v[0], *b = v[1], *step = v[2];
    return CLI_OK;
}

int cli_work(const char *options, double amount, double limit, const char *unit, const char *hint)
{
    if (amount <= limit)
        return CLI_OK;
    /* TRANSLATORS: "--steps 1e+09 on 3 methods ask for 3e+09 steps a method (allowed: at most 1e+08 steps a method;
     * fewer --steps)": the options, the amount and its unit, the limit, a hint */
    return cli_error(_("%s ask for %.3g %s (allowed: at most %.3g %s; %s)"), options, amount, unit, limit, unit, hint);
}

static int stdout_errno;  /* why stdout failed, as seen by cli_stdout_broken right after the failed write */

bool cli_stdout_broken(void)
{
    if (!ferror(stdout))
        return false;
    if (!stdout_errno)
        stdout_errno = errno;
    return true;
}

bool cli_reader_gone(int fd)
{
    /* a pipe's or a socket's writer end polls POLLERR once no reader is left (Linux, the BSDs) */
    struct pollfd p = {.fd = fd, .events = POLLOUT};
    return poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

_Noreturn void cli_end_on_broken_pipe(void)
{
    outset_remove_temporaries();
    signal(SIGPIPE, SIG_DFL);
    sigset_t pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigprocmask(SIG_UNBLOCK, &pipe_only, NULL);
    raise(SIGPIPE);
    _exit(128 + SIGPIPE);  /* not reached: SIGPIPE's default action ends the process */
}

void cli_hold_std_streams(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            int held = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);  /* the lowest free number: fd */
            if (held >= 0 && held != fd)
                close(held);  /* not reached: fd was the lowest closed one */
        }
}

int cli_flush_stdout(void)
{
    cli_stdout_broken();  /* a write that failed just before (the last lines of a --help) keeps its reason */
    errno = 0;
    int flushed = fflush(stdout);
    int err = errno ? errno : stdout_errno;
    if (flushed == 0 && !ferror(stdout))
        return CLI_OK;
    if (err == EPIPE || cli_reader_gone(STDOUT_FILENO))
        cli_end_on_broken_pipe();
    return err ? cli_fail(_("cannot write to stdout: %s"), lang_strerror(err)) : cli_fail(_("cannot write to stdout"));
}

int cli_finish(int rc)
{
    if (rc != CLI_OK) {  /* its message is out; stdout may have failed too, but it says no more */
        fflush(stdout);
        return rc;
    }
    return cli_flush_stdout();
}

int cli_have_terminal(void)
{
    const char *walk_text = getenv("NUMLAB_WALK_TEXT"), *plain = getenv("NUMLAB_PLAIN");
    return (walk_text && *walk_text) || (plain && *plain && strcmp(plain, "0") != 0) ||
           (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO));
}
