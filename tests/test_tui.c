/* tui: the pure parts of the shell (parameter steps, word wrap) and the codes it returns. The screen itself is
 * tested under tmux (tests/tui_spring.sh). */
#include <check.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/tui.h"
#include "helpers/check_main.h"

START_TEST(param_steps_and_clamps)
{
    double v = 1.0;
    tui_param lin = {"c", "", &v, 0.0, 2.0, 0.5, 1.5, false, NULL};
    ck_assert_double_eq(tui_param_stepped(&lin, +1, false), 1.5);
    ck_assert_double_eq(tui_param_stepped(&lin, -1, true), 0.0);  /* 1 - 1.5 clamps at 0 */
    ck_assert_double_eq(tui_param_stepped(&lin, +1, true), 2.0);  /* 1 + 1.5 clamps at 2 */
    double k = 1600.0;
    tui_param logp = {"k", "N/m", &k, 1.0, 1e4, 1.1, 2.0, true, NULL};
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

/* A relation sign standing as a word binds a label to its value: the walk's "Tras 40 pasos x = -5590.544." at 20
 * columns broke after "x =" (17 columns, the number on the next line); now "x = -5590.544." (14) moves down whole.
 * "rho(M) < 1" stays together the same way, and a name with its number ("backward-euler -2.2"); a group wider than
 * the line still breaks (at its spaces), and a "=" inside a word ("a=b") is no sign. */
START_TEST(wrap_keeps_a_label_with_its_value)
{
    collected c = {0};
    ck_assert_int_eq(tui_wrap("Tras 40 pasos x = -5590.544.", 20, collect, &c), 2);
    ck_assert_str_eq(c.lines[0], "Tras 40 pasos");
    ck_assert_str_eq(c.lines[1], "x = -5590.544.");
    memset(&c, 0, sizeof c);
    tui_wrap("acotado mientras rho(M) < 1, o", 20, collect, &c);
    ck_assert_str_eq(c.lines[0], "acotado mientras");
    ck_assert_str_eq(c.lines[1], "rho(M) < 1, o");
    memset(&c, 0, sizeof c);
    tui_wrap("x = 123456789", 6, collect, &c);  /* 13 columns: wider than the line, so it breaks inside */
    ck_assert_int_eq(c.n, 3);
    ck_assert_str_eq(c.lines[0], "x =");
    ck_assert_str_eq(c.lines[1], "123456");
    ck_assert_str_eq(c.lines[2], "789");
    memset(&c, 0, sizeof c);
    tui_wrap("E: backward-euler -2.2;", 20, collect, &c);  /* 23 columns: "E: backward-euler" (17) was a line */
    ck_assert_str_eq(c.lines[0], "E:");
    ck_assert_str_eq(c.lines[1], "backward-euler -2.2;");
    memset(&c, 0, sizeof c);
    tui_wrap("semi 1.24 ms, 5 steps", 13, collect, &c);  /* after a comma a number may start a line */
    ck_assert_str_eq(c.lines[0], "semi 1.24 ms,");
    ck_assert_str_eq(c.lines[1], "5 steps");
    memset(&c, 0, sizeof c);
    tui_wrap("a=b y c=d", 5, collect, &c);
    ck_assert_str_eq(c.lines[0], "a=b y");
    ck_assert_str_eq(c.lines[1], "c=d");
}
END_TEST

/* A line cut to the screen ends between two words with an ellipsis: the launcher's "... muestra de spline cúbico
 * de glTF" at 48 columns showed "... spline cúbico de gl"; "…" is one column in UTF-8, "..." three without it. By
 * hand: "la regla del punto medio" at 20 columns keeps "la regla del punto" (18) and "…" (19 in all); without UTF-8
 * "la regla del" (12) and "..." (15): "la regla del punto" + "..." would be 21. */
START_TEST(fit_cuts_between_words)
{
    setlocale(LC_CTYPE, "C.UTF-8");
    char out[128];
    ck_assert_int_eq(tui_text_fit("la regla del punto medio", 20, true, out, sizeof out), 19);
    ck_assert_str_eq(out, "la regla del punto\u2026");
    ck_assert_int_eq(tui_text_fit("la regla del punto medio", 20, false, out, sizeof out), 15);
    ck_assert_str_eq(out, "la regla del...");
    ck_assert_int_eq(tui_text_fit("la regla del punto medio", 24, true, out, sizeof out), 24);  /* it fits whole */
    ck_assert_str_eq(out, "la regla del punto medio");
    /* 46 columns up to "spline", 47 with "…"; "cúbico" (the accent one column) would need 53 */
    const char *title = "06: La base de Hermite y una muestra de spline c\u00fabico de glTF";
    ck_assert_int_eq(tui_text_fit(title, 48, true, out, sizeof out), 47);
    ck_assert_str_eq(out, "06: La base de Hermite y una muestra de spline\u2026");
    ck_assert_int_eq(tui_text_fit("abcdefghij", 5, true, out, sizeof out), 5);  /* one long word: characters */
    ck_assert_str_eq(out, "abcd\u2026");
    ck_assert_int_eq(tui_text_fit("p\u00e9ndulo", 4, true, out, sizeof out), 4);  /* never half a character */
    ck_assert_str_eq(out, "p\u00e9n\u2026");
    ck_assert_int_eq(tui_text_fit("abcdef", 2, false, out, sizeof out), 0);  /* not even "..." fits */
    ck_assert_str_eq(out, "");
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

/* Display columns, not bytes or code points: "é" precomposed is 2 bytes, "e" + U+0301 (combining acute) is two code
 * points, each one column; a CJK ideograph is two. Needs a UTF-8 locale (wcwidth); skipped without one. */
START_TEST(columns_and_wrap_by_wcwidth)
{
    if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "en_US.UTF-8"))
        return;
    ck_assert_int_eq(tui_text_columns("canci\u00f3n", 8), 7);
    ck_assert_int_eq(tui_text_columns("cancio\u0301n", 9), 7);
    ck_assert_int_eq(tui_text_columns("\u65e5\u672c", 6), 4);
    /* len < 0: the whole string (the 8 bytes of "canción" + "ñ" are 7 + 1 columns); NULL: none */
    ck_assert_int_eq(tui_text_columns("canci\u00f3n\u00f1", -1), 8);
    ck_assert_int_eq(tui_text_columns(NULL, -1), 0);
    /* "el péndulo" is 10 columns: it fits a line of 10 with either accent (counted in bytes, 11, or in code points
     * with the combining accent, 11, it would not, and "el" would stand alone) */
    collected c = {0};
    tui_wrap("el p\u00e9ndulo oscila", 10, collect, &c);
    ck_assert_int_eq(c.n, 2);
    ck_assert_str_eq(c.lines[0], "el p\u00e9ndulo");
    ck_assert_str_eq(c.lines[1], "oscila");
    memset(&c, 0, sizeof c);
    tui_wrap("el pe\u0301ndulo oscila", 10, collect, &c);
    ck_assert_int_eq(c.n, 2);
    ck_assert_str_eq(c.lines[0], "el pe\u0301ndulo");
    /* two wide characters (4 columns) and a space fill 5: the third goes to the next line */
    memset(&c, 0, sizeof c);
    tui_wrap("\u65e5\u672c \u8a9e", 5, collect, &c);
    ck_assert_int_eq(c.n, 2);
    ck_assert_str_eq(c.lines[1], "\u8a9e");
    setlocale(LC_CTYPE, "C");
}
END_TEST

/* Paging: what fits is one page without the sign. Else the row below what pages is the sign's: 13 lines of text in
 * 7 rows without notes are pages of 6, 6 and 1. Notes of at most half the rows stay on the last rows: text 10 lines
 * and notes 3 in 7 rows leave 4 rows above the notes, 3 of text and the sign, so 4 pages (3, 3, 3, 1). */
START_TEST(text_pages)
{
    tui_page pg = tui_text_page(4, 2, 7, 0);  /* 4 + blank + 2 = 7: fits */
    ck_assert_int_eq(pg.pages, 1);
    ck_assert_int_eq(pg.count, 7);
    ck_assert_int_eq(pg.sign_row, -1);
    pg = tui_text_page(13, 0, 7, 0);
    ck_assert_int_eq(pg.pages, 3);
    ck_assert_int_eq(pg.first, 0);
    ck_assert_int_eq(pg.count, 6);
    ck_assert_int_eq(pg.sign_row, 6);
    ck_assert(!pg.pinned);
    pg = tui_text_page(13, 0, 7, 2);
    ck_assert_int_eq(pg.first, 12);
    ck_assert_int_eq(pg.count, 1);
    pg = tui_text_page(13, 0, 7, 9);  /* past the end: the last page */
    ck_assert_int_eq(pg.page, 2);
    ck_assert_int_eq(pg.first, 12);
    ck_assert_int_eq(tui_text_page(13, 0, 7, -1).page, 0);
    pg = tui_text_page(10, 3, 7, 3);
    ck_assert(pg.pinned);
    ck_assert_int_eq(pg.pages, 4);
    ck_assert_int_eq(pg.first, 9);
    ck_assert_int_eq(pg.count, 1);
    ck_assert_int_eq(pg.sign_row, 3);
    /* notes of 4 lines are more than half of 7 rows: text, blank and notes page together, 15 lines by 6 */
    pg = tui_text_page(10, 4, 7, 1);
    ck_assert(!pg.pinned);
    ck_assert_int_eq(pg.pages, 3);
    ck_assert_int_eq(pg.first, 6);
    ck_assert_int_eq(pg.count, 6);
    /* text that fills the rows above pinned notes exactly: no sign (5 + 2 notes in 7 rows, no blank between) */
    pg = tui_text_page(5, 2, 7, 0);
    ck_assert(pg.pinned);
    ck_assert_int_eq(pg.pages, 1);
    ck_assert_int_eq(pg.count, 5);
    ck_assert_int_eq(pg.sign_row, -1);
    pg = tui_text_page(3, 0, 1, 1);  /* one row: no room for the sign (the status line says it), a line a page */
    ck_assert_int_eq(pg.pages, 3);
    ck_assert_int_eq(pg.first, 1);
    ck_assert_int_eq(pg.sign_row, -1);
    pg = tui_text_page(0, 0, 5, 0);
    ck_assert_int_eq(pg.pages, 1);
    ck_assert_int_eq(pg.count, 0);
}
END_TEST

/* --- the codes the shell returns (common.h's) --------------------------------------------------------------- */

static void one_describe(void *ctx, int step, tui_step *out)
{
    (void)ctx, (void)step;
    out->title = "one";
    out->text = "a step";
    out->n_panes = 1;
}

static void one_changed(void *ctx, int step, tui_change what)
{
    (void)ctx, (void)step, (void)what;
}

static tui_app one_step_app(void)
{
    return (tui_app){.name = "test-lab", .n_steps = 1, .describe = one_describe, .changed = one_changed};
}

/* stdin on /dev/null: not a terminal (each test runs in its own process: nothing to put back) */
static void no_terminal(void)
{
    int fd = open("/dev/null", O_RDONLY);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(dup2(fd, STDIN_FILENO), STDIN_FILENO);
    close(fd);
}

START_TEST(no_terminal_codes)
{
    unsetenv("NUMLAB_WALK_TEXT");
    no_terminal();
    tui_app app = one_step_app();
    ck_assert_int_eq(tui_run(&app), NUMLAB_ERR_DEVICE);
    int choice = 7;
    const tui_item items[1] = {{"a", "the only one"}};
    ck_assert_int_eq(tui_menu("title", NULL, items, 1, 0, &choice), NUMLAB_ERR_DEVICE);
    ck_assert_int_eq(choice, -1);
    ck_assert_int_eq(tui_pager("title", "text"), NUMLAB_ERR_DEVICE);
}
END_TEST

/* The walk as text to a full disk (/dev/full): an I/O error, not an exit status. */
START_TEST(walk_text_write_fails)
{
    setenv("NUMLAB_WALK_TEXT", "1", 1);
    ck_assert_ptr_nonnull(freopen("/dev/full", "w", stdout));
    tui_app app = one_step_app();
    ck_assert_int_eq(tui_run(&app), NUMLAB_ERR_IO);
}
END_TEST

/* The same walk to a file: its text, and TUI_OK. */
START_TEST(walk_text_written)
{
    char path[] = "/tmp/numlab-test-tui-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w+");
    tui_app app = one_step_app();
    ck_assert_int_eq(tui_walk_write(&app, f), TUI_OK);
    rewind(f);
    char line[64];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "=== step 1/1: one\n");
    fclose(f);
    unlink(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tui");
    TCase *tc = tcase_create("pure");
    tcase_add_test(tc, param_steps_and_clamps);
    tcase_add_test(tc, wrap_words);
    tcase_add_test(tc, wrap_long_word_and_utf8);
    tcase_add_test(tc, wrap_keeps_a_label_with_its_value);
    tcase_add_test(tc, fit_cuts_between_words);
    tcase_add_test(tc, append_cuts_like_snprintf);
    tcase_add_test(tc, reflow_markdown);
    tcase_add_test(tc, columns_and_wrap_by_wcwidth);
    tcase_add_test(tc, text_pages);
    suite_add_tcase(s, tc);
    TCase *codes = tcase_create("codes");
    tcase_add_test(codes, no_terminal_codes);
    tcase_add_test(codes, walk_text_write_fails);
    tcase_add_test(codes, walk_text_written);
    suite_add_tcase(s, codes);
    return run_suite(s);
}
