/* plot: where the legend goes, cell by cell, against the plot area the chart reports (plot_chart_area). Each corner
 * by name, and the automatic choice of the corner with the fewest lit cells. Before this suite only the golden
 * files noticed a legend that moved; the rule placed here (plot.h, PLOT_LEGEND_*):
 *   - the block is the entries' rows by 3 + the widest text (two sample cells, a space, the text), inside the plot
 *     area, flush with the named corner: a right corner ends each line at the area's last column, a bottom
 *     corner puts the last entry on the area's last row;
 *   - entries are left-aligned in the block, in the order series, reference lines, markers;
 *   - AUTO takes a corner whose block would hide no lit cell; when every corner would hide some, the entries go
 *     side by side ("sample text", two spaces between) on a row above the plot area, which gives that row up. */
#include "numlab/plot.h"
#include "helpers/check_main.h"

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int col, row, cols, rows;
} area;

static uint32_t at(const plot_grid *g, int col, int row)
{
    return g->cells[row * g->cols + col].ch;
}

/* Where the ASCII text s starts in the grid; fails the test when it is not there exactly once. */
static void find_text(const plot_grid *g, const char *s, int *col, int *row)
{
    const int len = (int)strlen(s);
    int found = 0;
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c + len <= g->cols; c++) {
            int k = 0;
            while (k < len && at(g, c + k, r) == (uint32_t)(unsigned char)s[k])
                k++;
            if (k == len)
                *col = c, *row = r, found++;
        }
    ck_assert_msg(found == 1, "'%s' found %d times", s, found);
}

/* A 60 x 16 ASCII chart with the legend entries "sine" (a line series) and "a longer name" (a labelled horizontal
 * reference line), and points lit at the corners listed in `lit` (bit 0 top right, 1 top left, 2 bottom right,
 * 3 bottom left: the order of plot_legend). */
static plot_chart *chart_with(unsigned lit)
{
    static double xs[4], ys[4];
    static const double corner_x[4] = {1.0, 0.0, 1.0, 0.0}, corner_y[4] = {1.0, 1.0, 0.0, 0.0};
    size_t n = 0;
    for (int k = 0; k < 4; k++)
        if (lit & (1u << k))
            xs[n] = corner_x[k], ys[n] = corner_y[k], n++;
    plot_chart *ch = plot_chart_new(60, 16, PLOT_ASCII);
    ck_assert_ptr_nonnull(ch);
    /* fixed ranges: the corner points land on the area's corner cells, and the legend does not depend on them */
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_X, 0.0, 1.0), 0);
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, 0.0, 1.0), 0);
    ck_assert_int_ge(plot_chart_add_series(ch, &(plot_series){.name = "sine", .x = xs, .y = ys, .n = n,
                                                               .style = PLOT_POINTS}), 0);
    ck_assert_int_eq(plot_chart_add_hline(ch, 0.5, 2, "a longer name"), 0);
    return ch;
}

static area area_of(const plot_chart *ch)
{
    area a;
    ck_assert_int_eq(plot_chart_area(ch, &a.col, &a.row, &a.cols, &a.rows), 0);
    ck_assert(a.cols > 20 && a.rows > 4);
    return a;
}

/* The cell where the legend's first entry (its sample) starts when the block sits in `corner`. */
static void expected_corner(area a, plot_legend corner, int *col, int *row)
{
    const int width = 3 + (int)strlen("a longer name"), count = 2;
    const bool right = corner == PLOT_LEGEND_TOP_RIGHT || corner == PLOT_LEGEND_BOTTOM_RIGHT;
    const bool bottom = corner == PLOT_LEGEND_BOTTOM_RIGHT || corner == PLOT_LEGEND_BOTTOM_LEFT;
    *col = right ? a.col + a.cols - width : a.col;
    *row = bottom ? a.row + a.rows - count : a.row;
}

static void check_legend_at(const plot_grid *g, area a, plot_legend corner)
{
    int want_col, want_row, col, row;
    expected_corner(a, corner, &want_col, &want_row);
    find_text(g, "sine", &col, &row);
    ck_assert_msg(col - 3 == want_col && row == want_row, "corner %d: first entry at (%d, %d), expected (%d, %d)",
                  (int)corner, col - 3, row, want_col, want_row);
    ck_assert_uint_eq(at(g, col - 3, row), '*');  /* a points series of color 1: its glyph, then a blank */
    ck_assert_uint_eq(at(g, col - 2, row), ' ');
    find_text(g, "a longer name", &col, &row);
    ck_assert_int_eq(col - 3, want_col);
    ck_assert_int_eq(row, want_row + 1);
}

START_TEST(each_named_corner)
{
    static const plot_legend corners[4] = {PLOT_LEGEND_TOP_RIGHT, PLOT_LEGEND_TOP_LEFT, PLOT_LEGEND_BOTTOM_RIGHT,
                                           PLOT_LEGEND_BOTTOM_LEFT};
    for (int k = 0; k < 4; k++) {
        plot_chart *ch = chart_with(0xf);  /* points in every corner: a named corner covers its point */
        plot_chart_set_legend(ch, corners[k]);
        const plot_grid *g = plot_chart_render(ch);
        check_legend_at(g, area_of(ch), corners[k]);
        plot_chart_free(ch);
    }
}
END_TEST

START_TEST(auto_takes_the_empty_corner)
{
    static const plot_legend corners[4] = {PLOT_LEGEND_TOP_RIGHT, PLOT_LEGEND_TOP_LEFT, PLOT_LEGEND_BOTTOM_RIGHT,
                                           PLOT_LEGEND_BOTTOM_LEFT};
    for (int empty = 0; empty < 4; empty++) {
        plot_chart *ch = chart_with(0xfu & ~(1u << empty));
        const plot_grid *g = plot_chart_render(ch);  /* the default is PLOT_LEGEND_AUTO */
        const area a = area_of(ch);
        check_legend_at(g, a, corners[empty]);
        /* the three points elsewhere are still there: the legend hid none of them */
        int points = 0;
        for (int r = a.row; r < a.row + a.rows; r++)
            for (int c = a.col; c < a.col + a.cols; c++)
                points += at(g, c, r) == '*';
        ck_assert_int_eq(points, 3 + 1);  /* and the legend's own sample */
        plot_chart_free(ch);
    }
}
END_TEST

START_TEST(auto_goes_above_when_every_corner_is_lit)
{
    plot_chart *ch = chart_with(0x0);  /* nothing lit: a corner, and the area's rows for reference */
    plot_chart_render(ch);
    const area free_area = area_of(ch);
    plot_chart_free(ch);
    ch = chart_with(0xf);
    const plot_grid *g = plot_chart_render(ch);
    const area a = area_of(ch);
    ck_assert_int_eq(a.row, free_area.row + 1);  /* one row given up, above the area */
    ck_assert_int_eq(a.rows, free_area.rows - 1);
    int col, row;
    find_text(g, "sine", &col, &row);
    ck_assert_int_eq(row, a.row - 1);
    ck_assert_int_eq(col - 3, a.col);  /* from the area's first column */
    int col2, row2;
    find_text(g, "a longer name", &col2, &row2);
    ck_assert_int_eq(row2, row);
    ck_assert_int_eq(col2 - 3, col + (int)strlen("sine") + 2);  /* side by side, two spaces between */
    /* all four points show */
    int points = 0;
    for (int r = a.row; r < a.row + a.rows; r++)
        for (int c = a.col; c < a.col + a.cols; c++)
            points += at(g, c, r) == '*';
    ck_assert_int_eq(points, 4);
    plot_chart_free(ch);
}
END_TEST

START_TEST(no_legend_and_too_small)
{
    plot_chart *ch = chart_with(0xf);
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    const plot_grid *g = plot_chart_render(ch);
    char text[4096];
    plot_grid_text(g, text, sizeof text, 0);
    ck_assert_ptr_null(strstr(text, "sine"));
    /* a chart narrower than the widest entry shows no legend rather than a cut one */
    ck_assert_int_eq(plot_chart_resize(ch, 20, 16), 0);
    plot_chart_set_legend(ch, PLOT_LEGEND_TOP_RIGHT);
    g = plot_chart_render(ch);
    plot_grid_text(g, text, sizeof text, 0);
    ck_assert_ptr_null(strstr(text, "a longer"));
    plot_chart_free(ch);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("plot_legend");
    TCase *tc = tcase_create("legend");
    tcase_add_test(tc, each_named_corner);
    tcase_add_test(tc, auto_takes_the_empty_corner);
    tcase_add_test(tc, auto_goes_above_when_every_corner_is_lit);
    tcase_add_test(tc, no_legend_and_too_small);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
