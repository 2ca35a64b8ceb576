/* state: the one-line states (docs/states.md) written and read back: percent-encoding as RFC 3986 spells it (the
 * UTF-8 bytes of a character each as %XX, upper-case hex), the shortest decimal that reads back as the same double,
 * and the parts of a line (lab, step, fields, flags) decoded. The messages of the refusals are the shell tests'
 * (tests/cli_states.sh), as a user reads them. */
#include <check.h>
#include <float.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/cli.h"
#include "numlab/state.h"
#include "helpers/check_main.h"

START_TEST(encodes_outside_the_safe_set)
{
    char out[128];
    /* ' ' 0x20, '&' 0x26, '=' 0x3D, '%' 0x25, '?' 0x3F, '#' 0x23; e-acute is U+00E9, UTF-8 C3 A9 */
    ck_assert(state_encode("a b&c=d%e?f#g\xc3\xa9", out, sizeof out));
    ck_assert_str_eq(out, "a%20b%26c%3Dd%25e%3Ff%23g%C3%A9");
    /* the safe set stays as it is: what numbers, lists, times and file names need */
    ck_assert(state_encode("1e-5,rk4:0.5/x+y_z~.", out, sizeof out));
    ck_assert_str_eq(out, "1e-5,rk4:0.5/x+y_z~.");
    /* a newline (0x0A) and an ESC (0x1B) are bytes like any other */
    ck_assert(state_encode("\n\x1b", out, sizeof out));
    ck_assert_str_eq(out, "%0A%1B");
    /* "%26" needs 3 bytes and the NUL a fourth: 4 is enough, 3 is not */
    ck_assert(state_encode("&", out, 4));
    ck_assert(!state_encode("&", out, 3));
}
END_TEST

START_TEST(shortest_numbers)
{
    char buf[40];
    state_number(0.1, buf, sizeof buf);  /* 15 digits give 0.1 back */
    ck_assert_str_eq(buf, "0.1");
    state_number(1.0 / 3.0, buf, sizeof buf);  /* 0.333333333333333 (15) reads as another double; 16 do not */
    ck_assert_str_eq(buf, "0.3333333333333333");
    state_number(400 * 1.1, buf, sizeof buf);  /* 440.00000000000006: one ulp above 440, only 17 digits say it */
    ck_assert_str_eq(buf, "440.00000000000006");
    state_number(240.0, buf, sizeof buf);
    ck_assert_str_eq(buf, "240");
    state_number(-0.0, buf, sizeof buf);
    ck_assert_str_eq(buf, "-0");
    state_number(DBL_MIN / 4, buf, sizeof buf);  /* a subnormal, 2^-1024 */
    ck_assert(strtod(buf, NULL) == DBL_MIN / 4);
    /* any double: the digits read back as it, and one digit fewer would not (when that is 15 or more) */
    srand(31);
    for (int i = 0; i < 2000; i++) {
        const double x = ldexp((double)rand() / RAND_MAX + 0.5, rand() % 200 - 100) * (i % 2 ? -1 : 1);
        state_number(x, buf, sizeof buf);
        ck_assert(strtod(buf, NULL) == x);
        int digits = 0;  /* significant: from the first digit that is not 0 */
        bool leading = true;
        for (const char *c = buf; *c && *c != 'e'; c++) {
            leading = leading && (*c < '1' || *c > '9');
            digits += !leading && *c >= '0' && *c <= '9';
        }
        char shorter[400];
        if (digits > 15) {
            snprintf(shorter, sizeof shorter, "%.*g", digits - 1, x);
            ck_assert_msg(strtod(shorter, NULL) != x, "%s is shorter than %s", shorter, buf);
        }
    }
}
END_TEST

START_TEST(writes_a_line)
{
    state_writer w;
    state_begin(&w, "spring-lab", 3);
    state_add_number(&w, "k", 400);
    state_add(&w, "method", "semi,rk4");
    state_add(&w, "ascii", NULL);
    state_add(&w, "file", "my net.net");
    ck_assert(!w.overflow);
    ck_assert_str_eq(w.buf, "numlab:spring-lab/3?k=400&method=semi,rk4&ascii&file=my%20net.net");
    state_begin(&w, "bowl-lab", 0);  /* no step, no fields */
    ck_assert_str_eq(w.buf, "numlab:bowl-lab");
    /* past STATE_MAX: no line at all, never a cut one */
    static char big[STATE_MAX];
    memset(big, 'x', sizeof big - 1);
    state_begin(&w, "spring-lab", 1);
    state_add(&w, "file", big);
    ck_assert(w.overflow);
}
END_TEST

/* Parses text with stderr to /dev/null (the messages are the shell tests'); the status. */
static int parse_quiet(const char *text, state_line *out)
{
    fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    FILE *null = fopen("/dev/null", "w");
    dup2(fileno(null), STDERR_FILENO);
    const int rc = state_parse(text, out);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    fclose(null);
    return rc;
}

START_TEST(reads_a_line_back)
{
    static state_line s;
    ck_assert_int_eq(parse_quiet("numlab:spring-lab/12?k=400&method=semi,rk4&ascii&file=my%20net%2Enet", &s), CLI_OK);
    ck_assert_str_eq(s.lab, "spring-lab");
    ck_assert_int_eq(s.step, 12);
    ck_assert_int_eq(s.n, 4);
    ck_assert_str_eq(s.key[0], "k");
    ck_assert_str_eq(s.value[0], "400");
    ck_assert_str_eq(s.value[1], "semi,rk4");
    ck_assert_str_eq(s.key[2], "ascii");
    ck_assert_ptr_null(s.value[2]);
    ck_assert_str_eq(s.value[3], "my net.net");  /* %20 a space, %2E a '.' */
    ck_assert_int_eq(parse_quiet("numlab:keyframe-lab", &s), CLI_OK);
    ck_assert_int_eq(s.step, 0);
    ck_assert_int_eq(s.n, 0);
    ck_assert_int_eq(parse_quiet("numlab:bowl-lab/7?", &s), CLI_OK);  /* an empty query: no fields */
    ck_assert_int_eq(s.n, 0);
    ck_assert_int_eq(parse_quiet("numlab:a/1?k=", &s), CLI_OK);  /* an empty value: the option refuses it */
    ck_assert_str_eq(s.value[0], "");
    /* what a writer writes reads back to the same fields */
    state_writer w;
    state_begin(&w, "network-lab", 2);
    state_add(&w, "file", "a&b=c%d?e #f");
    ck_assert_int_eq(parse_quiet(w.buf, &s), CLI_OK);
    ck_assert_str_eq(s.value[0], "a&b=c%d?e #f");
    static const char *const bad[] = {
        "spring-lab/1", "numlab:", "numlab:/1", "numlab:spring lab/1", "numlab:spring-lab/", "numlab:spring-lab/0",
        "numlab:spring-lab/100", "numlab:spring-lab/1x", "numlab:spring-lab/+1", "numlab:spring-lab/1?=4",
        "numlab:spring-lab/1?k=1&k=2", "numlab:spring-lab/1?k=%4", "numlab:spring-lab/1?k=%g0",
        "numlab:spring-lab/1?k=%00", "numlab:spring-lab/1?k%20x=1", "numlab:spring-lab/1?k=1&&c=2",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(parse_quiet(bad[i], &s) == CLI_USAGE, "%s was read", bad[i]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("state");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, encodes_outside_the_safe_set);
    tcase_add_test(tc, shortest_numbers);
    tcase_add_test(tc, writes_a_line);
    tcase_add_test(tc, reads_a_line_back);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(suite());
}
