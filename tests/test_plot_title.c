/* plot: a chart's title never loses a word without a sign. One that fits is one centred row; a wider one breaks
 * between words over two rows (the plot area gives up a row); what the second row cannot hold ends in an ellipsis
 * ("..." in ASCII) after the last whole word. Read back from the rendered grid, row by row. */
#include "numlab/plot.h"
#include "helpers/check_main.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

/* Row r of the chart's text (plot_grid_text), trailing spaces dropped, leading ones too. */
static void grid_row(const plot_grid *g, int r, char *out, size_t size)
{
    static char text[65536];
    plot_grid_text(g, text, sizeof text, 0);
    const char *p = text;
    for (int i = 0; i < r && p; i++)
        p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
    ck_assert_ptr_nonnull(p);
    p += strspn(p, " ");
    size_t n = strcspn(p, "\n");
    n = n < size - 1 ? n : size - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

static plot_chart *chart(int width, plot_mode mode, const char *title)
{
    static const double y[3] = {0, 1, 0.5};
    plot_chart *ch = plot_chart_new(width, 12, mode);
    ck_assert_ptr_nonnull(ch);
    plot_chart_set_title(ch, title);
    plot_chart_add_series(ch, &(plot_series){.y = y, .n = 3});
    return ch;
}

START_TEST(title_that_fits_is_one_row)
{
    plot_chart *ch = chart(40, PLOT_ASCII, "position x(t)");
    char row[128];
    const plot_grid *g = plot_chart_render(ch);
    grid_row(g, 0, row, sizeof row);
    ck_assert_str_eq(row, "position x(t)");
    int col, r, cols, rows;
    plot_chart_area(ch, &col, &r, &cols, &rows);
    ck_assert_int_eq(r, 1);  /* the area starts below the one title row */
    plot_chart_free(ch);
}
END_TEST

START_TEST(wide_title_breaks_between_words)
{
    /* 52 characters on a 36-column chart: "|x - T| and |v| against the" (27) fits, adding " thresholds" (38) would
     * not; the rest, "thresholds (eps_x, eps_v)" (25), fits the second row */
    plot_chart *ch = chart(36, PLOT_ASCII, "|x - T| and |v| against the thresholds (eps_x, eps_v)");
    char row[128];
    const plot_grid *g = plot_chart_render(ch);
    grid_row(g, 0, row, sizeof row);
    ck_assert_str_eq(row, "|x - T| and |v| against the");
    grid_row(g, 1, row, sizeof row);
    ck_assert_str_eq(row, "thresholds (eps_x, eps_v)");
    int col, r, cols, rows;
    plot_chart_area(ch, &col, &r, &cols, &rows);
    ck_assert_int_eq(r, 2);
    plot_chart_free(ch);
}
END_TEST

START_TEST(what_two_rows_cannot_hold_ends_in_an_ellipsis)
{
    /* 20 columns: row 1 "alpha beta gamma" (16; "+ delta" is 22); the rest "delta epsilon zeta eta" (22) does not
     * fit: whole words up to 20 - 3 = 17 columns, "delta epsilon" (13; "+ zeta" is 18), then "..." */
    plot_chart *ch = chart(20, PLOT_ASCII, "alpha beta gamma delta epsilon zeta eta");
    char row[128];
    const plot_grid *g = plot_chart_render(ch);
    grid_row(g, 0, row, sizeof row);
    ck_assert_str_eq(row, "alpha beta gamma");
    grid_row(g, 1, row, sizeof row);
    ck_assert_str_eq(row, "delta epsilon...");
    plot_chart_free(ch);
    /* braille mode: one cell, U+2026, so 19 columns for words: "delta epsilon zeta" (18) */
    ch = chart(20, PLOT_BRAILLE, "alpha beta gamma delta epsilon zeta eta");
    g = plot_chart_render(ch);
    grid_row(g, 1, row, sizeof row);
    ck_assert_str_eq(row, "delta epsilon zeta\u2026");
    plot_chart_free(ch);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("plot_title");
    TCase *tc = tcase_create("title");
    tcase_add_test(tc, title_that_fits_is_one_row);
    tcase_add_test(tc, wide_title_breaks_between_words);
    tcase_add_test(tc, what_two_rows_cannot_hold_ends_in_an_ellipsis);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
