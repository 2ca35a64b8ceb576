/* cli: option values parsed and validated the same way in every program.
 *
 * Every error names the option, the value and what is allowed, on stderr, prefixed by the program's name:
 *   spring-lab: --k: 'abc' is not a number (allowed: a finite number > 0)
 * The message is escaped for the terminal (text.h: ESC shows as \x1b), whatever it quotes from files or arguments.
 * The functions return 0 on success and CLI_USAGE (2, the exit status for bad usage) on error, so a main can
 * write `if (cli_positive("--k", optarg, &p.k)) return CLI_USAGE;`. They never exit the process. */
#ifndef NUMLAB_CLI_H
#define NUMLAB_CLI_H

#include <stddef.h>

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

/* Parses a whole string as a finite double; NaN, inf, trailing junk and out-of-range values are errors. */
int cli_finite(const char *opt, const char *text, double *out);
int cli_positive(const char *opt, const char *text, double *out);    /* > 0 */
int cli_nonnegative(const char *opt, const char *text, double *out); /* >= 0 */
int cli_range(const char *opt, const char *text, double lo, double hi, double *out);  /* lo <= x <= hi */
/* A whole decimal number in [lo, hi] (no sign unless lo < 0, no fraction, no exponent). */
int cli_count(const char *opt, const char *text, long long lo, long long hi, long long *out);
/* A time range A:B:STEP with 0 <= A <= B and STEP > 0, at most max_points samples. */
int cli_time_range(const char *opt, const char *text, size_t max_points, double *a, double *b, double *step);

/* True when stdin and stdout are terminals (interactive mode is possible). */
int cli_have_terminal(void);

#endif
