/* cli: option values parsed and validated the same way in every program.
 *
 * Every error names the option, the value and what is allowed, on stderr, prefixed by the program's name:
 *   spring-lab: --k: 'abc' is not a number (allowed: a finite number > 0)
 * The message is escaped for the terminal (text.h: ESC shows as \x1b), whatever it quotes from files or arguments.
 * The functions return 0 on success and CLI_USAGE (2, the exit status for bad usage) on error, so a main can
 * write `if (cli_positive("--k", optarg, &p.k)) return CLI_USAGE;`. They never exit the process. */
#ifndef NUMLAB_CLI_H
#define NUMLAB_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/text.h"

#define CLI_OK 0
#define CLI_FAILURE 1   /* a runtime failure */
#define CLI_USAGE 2     /* bad usage or bad input */

/* The name errors are prefixed with (default "numlab"). */
void cli_set_program(const char *name);
const char *cli_program(void);

/* Prints "PROGRAM: message" to stderr; returns CLI_USAGE. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "PROGRAM: message" to stderr; returns CLI_FAILURE. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "PROGRAM: message" to stderr, a note that is no error ("wrote FILE"), escaped the same way. */
void cli_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Values in messages: whole up to CLI_CUT_MAX bytes, else the head, "...", and the tail (cut between UTF-8
 * characters), so that a long value never hides the reason after it. Returns one of 8 rotating buffers: up to 8
 * cut values fit in one message. NULL shows as "". */
#define CLI_CUT_MAX TEXT_CUT_MAX
const char *cli_cut(const char *text);
/* msg (from a module that names a file in its messages) with the first occurrence of a long value in it cut as
 * cli_cut does; the module's buffer must hold the whole message (a path of PATH_MAX and the reason after it). */
const char *cli_cut_in(const char *msg, const char *value);

/* Before getopt_long reads argv, checks it the same way (arguments permuted, "--" ends the options): an
 * unknown option, an abbreviated one (options are never abbreviated: the message names the full options it may
 * mean, every one when it is ambiguous), a value given to an option that takes none, a missing value, and an
 * unknown letter in a cluster of short options ("-xk": names '-x'). Prints the message, returns CLI_USAGE; after
 * CLI_OK getopt_long finds no error. shortopts as for getopt_long (a leading ':' is ignored). */
struct option;
int cli_check_options(int argc, char *const argv[], const char *shortopts, const struct option *longopts);
/* "unexpected argument 'ARG' (see --help)": returns CLI_USAGE. */
int cli_unexpected(const char *arg);

/* Each parses a whole string as a finite double in the one number grammar (common.h's numlab_number: decimal, no
 * hexadecimal, no space around it); NaN, inf, trailing junk and values beyond +-DBL_MAX are errors;
 * values too small for a double (1e-320, 1e-400) are finite: they are kept as the nearest double (a subnormal, or
 * 0) and checked against the range like any other. cli_number_problem is the same rule without a message: NULL
 * and *out set, or what is wrong ("is empty", "is not a number", "is not a finite number", "is out of range"). */
const char *cli_number_problem(const char *text, double *out);
int cli_positive(const char *opt, const char *text, double *out);    /* > 0 */
int cli_positive_max(const char *opt, const char *text, double hi, double *out);  /* 0 < x <= hi */
int cli_range(const char *opt, const char *text, double lo, double hi, double *out);  /* lo <= x <= hi */
/* A whole decimal number in [lo, hi] (numlab_whole: an optional sign and digits, no fraction, no exponent). */
int cli_count(const char *opt, const char *text, long long lo, long long hi, long long *out);
/* A time range A:B:STEP with 0 <= A <= B and STEP > 0, at most max_points samples. */
int cli_time_range(const char *opt, const char *text, size_t max_points, double *a, double *b, double *step);

/* The work a combination of options asks for, checked before any is done: amount (in unit) above limit prints
 * "OPTIONS ask for AMOUNT UNIT (allowed: at most LIMIT UNIT; HINT)" and returns CLI_USAGE. */
int cli_work(const char *options, double amount, double limit, const char *unit, const char *hint);

/* Flushes stdout: CLI_OK, or when it could not be written (now or before: a full disk, /dev/full, a closed stdout)
 * "cannot write to stdout: REASON" and CLI_FAILURE; when its reader went away, cli_end_on_broken_pipe. A program
 * that commits output files (outset.h) calls it first, after everything it prints to stdout: a run that cannot
 * write its stdout fails, and a run that fails leaves nothing. */
int cli_flush_stdout(void);
/* A write that failed because the reader went away (EPIPE: `| head -1`) ends every program the same way, for every
 * output: as SIGPIPE's default action does, quietly (no message) and leaving nothing (outset's temporaries are
 * removed first), even where SIGPIPE was ignored so that a render could stop cleanly. Never returns. */
_Noreturn void cli_end_on_broken_pipe(void);
/* Whether fd is a pipe, FIFO or socket whose reader went away (what EPIPE said, asked after the write failed). */
bool cli_reader_gone(int fd);
/* Descriptors 0, 1 and 2 that are closed (`>&-`) are held by /dev/null opened the other way round, so that reading
 * stdin or writing stdout and stderr still fails (EBADF) as on a closed descriptor, and no file the program opens
 * takes their number (a temporary on descriptor 1 would receive stdout). labcli_main calls it first. */
void cli_hold_std_streams(void);
/* True once a write to stdout failed (keeping errno for cli_flush_stdout's message): a long output stops there
 * instead of computing the rest for nobody. */
bool cli_stdout_broken(void);
/* The exit status of a program whose run returned rc: rc when it says failure (its message is out), else
 * cli_flush_stdout(). Every main returns through it, so that no output is lost behind an exit status 0. */
int cli_finish(int rc);

/* True when stdin and stdout are terminals (interactive mode is possible), or when NUMLAB_WALK_TEXT asks tui_run
 * for the walk as text (tui.h: tui_walk_write) or NUMLAB_PLAIN (set, not empty, not "0"; --plain sets it) for the
 * walk in lines (tui_plain_run), which need none. */
int cli_have_terminal(void);

#endif
