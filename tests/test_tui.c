/* tui: the pure parts of the shell (parameter steps, word wrap). The screen itself is tested under tmux
 * (tests/tui_spring.sh). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/tui.h"
#include "helpers/check_main.h"

START_TEST(param_steps_and_clamps)
{
    double v = 1.0;
    tui_param lin = {"c", "", &v, 0.0, 2.0, 0.5, 1.5, false};
    ck_assert_double_eq(tui_param_stepped(&lin, +1, false), 1.5);
    ck_assert_double_eq(tui_param_stepped(&lin, -1, true), 0.0);  /* 1 - 1.5 clamps at 0 */
    ck_assert_double_eq(tui_param_stepped(&lin, +1, true), 2.0);  /* 1 + 1.5 clamps at 2 */
    double k = 1600.0;
    tui_param logp = {"k", "N/m", &k, 1.0, 1e4, 1.1, 2.0, true};
    ck_assert_double_eq_tol(tui_param_stepped(&logp, +1, false), 1760.0, 1e-9);
    ck_assert_double_eq_tol(tui_param_stepped(&logp, -1, true), 800.0, 1e-9);
    k = 9000.0;
    ck_assert_double_eq(tui_param_stepped(&logp, +1, true), 1e4);
}
END_TEST

typedef struct {
    char lines[16][64];
    int n;
} collected;

static void collect(void *arg, const char *line, int len)
{
    collected *c = arg;
    ck_assert_int_lt(c->n, 16);
    memcpy(c->lines[c->n], line, (size_t)len);
    c->lines[c->n][len] = '\0';
    c->n++;
}

START_TEST(wrap_words)
{
    collected c = {0};
    int n = tui_wrap("the quick brown fox jumps\nover", 10, collect, &c);
    ck_assert_int_eq(n, 4);
    ck_assert_str_eq(c.lines[0], "the quick");
    ck_assert_str_eq(c.lines[1], "brown fox");
    ck_assert_str_eq(c.lines[2], "jumps");
    ck_assert_str_eq(c.lines[3], "over");
}
END_TEST

START_TEST(wrap_long_word_and_utf8)
{
    collected c = {0};
    /* a word longer than the line is cut; "ω₀·dt" is 5 columns though 9 bytes */
    tui_wrap("abcdefghijkl ω₀·dt", 5, collect, &c);
    ck_assert_int_eq(c.n, 4);
    ck_assert_str_eq(c.lines[0], "abcde");
    ck_assert_str_eq(c.lines[1], "fghij");
    ck_assert_str_eq(c.lines[2], "kl");
    ck_assert_str_eq(c.lines[3], "ω₀·dt");
    memset(&c, 0, sizeof c);
    tui_wrap("ω₀·dt ab", 5, collect, &c);
    ck_assert_str_eq(c.lines[0], "ω₀·dt");
    ck_assert_str_eq(c.lines[1], "ab");
    ck_assert_int_eq(tui_wrap("anything", 0, collect, &c), 0);
}
END_TEST

START_TEST(append_cuts_like_snprintf)
{
    char buf[12];
    size_t used = tui_append(buf, sizeof buf, 0, "E = %d J", 12);
    ck_assert_uint_eq(used, 8);
    used = tui_append(buf, sizeof buf, used, "; t = %.1f", 2.5);  /* "; t = 2.5" needs 9 more: cut at 11 chars */
    ck_assert_uint_eq(used, 17);
    ck_assert_str_eq(buf, "E = 12 J; t");
    ck_assert_uint_eq(tui_append(buf, sizeof buf, used, "more"), 17);  /* past the end: nothing added */
    ck_assert_str_eq(buf, "E = 12 J; t");
    tui_step d = {0};
    double v = 1.0;
    for (int i = 0; i < TUI_MAX_PARAMS + 2; i++)
        tui_add_param(&d, "k", "N/m", &v, 0.0, 2.0, 0.1, 1.0, false);
    ck_assert_int_eq(d.n_params, TUI_MAX_PARAMS);  /* the rest are dropped, never written past the array */
    ck_assert_ptr_eq(d.params[TUI_MAX_PARAMS - 1].value, &v);
}
END_TEST

/* A README as the launcher shows it: a paragraph's lines and a list item's joined, the rest as written. */
START_TEST(reflow_markdown)
{
    char text[] = "# 01: Title\n"
                  "**The idea.** One\n"
                  "two  three.\n"
                  "\n"
                  "```c\n"
                  "state f(spring s,\n"
                  "        state y);\n"
                  "```\n"
                  "- a list item\n"
                  "  continued\n"
                  "- another\n"
                  "1. numbered\n"
                  "| a | b |\n"
                  "| 1 | 2 |\n"
                  "after the table\n"
                  "and more";
    tui_reflow(text);
    ck_assert_str_eq(text, "# 01: Title\n"
                           "**The idea.** One two  three.\n"
                           "\n"
                           "```c\n"
                           "state f(spring s,\n"
                           "        state y);\n"
                           "```\n"
                           "- a list item continued\n"
                           "- another\n"
                           "1. numbered\n"
                           "| a | b |\n"
                           "| 1 | 2 |\n"
                           "after the table and more");
    char empty[] = "";
    tui_reflow(empty);
    ck_assert_str_eq(empty, "");
    char blanks[] = "\n\nword\n";
    tui_reflow(blanks);
    ck_assert_str_eq(blanks, "\n\nword");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tui");
    TCase *tc = tcase_create("pure");
    tcase_add_test(tc, param_steps_and_clamps);
    tcase_add_test(tc, wrap_words);
    tcase_add_test(tc, wrap_long_word_and_utf8);
    tcase_add_test(tc, append_cuts_like_snprintf);
    tcase_add_test(tc, reflow_markdown);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
