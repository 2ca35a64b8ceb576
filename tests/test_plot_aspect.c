/* plot: equal aspect, the view of a world picture (a network, the bowl from above, a keyframe scene), by hand: the
 * view spans (dots - 1) dot pitches each way; braille dots are square (2 x 4 a cell), an ASCII cell is one dot twice
 * as tall as wide. And the chart's mode: what it shows has a data unit as long across as up. */
#include "numlab/plot.h"
#include "helpers/check_main.h"

#include <check.h>
#include <math.h>

START_TEST(equal_aspect_by_hand)
{
    double r[4];
    /* braille, 40 x 10 cells: 80 x 40 dots, 79 x 39 pitches. The unit box needs u = max(1/79, 1/39) = 1/39 a
     * pitch: x spans 79/39 = 2.025641..., centred on 0.5; y spans exactly 1 (with cell counts taken for dots,
     * 40 x 10 "dots", x would span 39/9) */
    plot_equal_aspect((double[4]){0, 1, 0, 1}, 40, 10, PLOT_BRAILLE, r);
    ck_assert_double_eq_tol(r[0], 0.5 - 0.5 * 79.0 / 39.0, 1e-15);
    ck_assert_double_eq_tol(r[1], 0.5 + 0.5 * 79.0 / 39.0, 1e-15);
    ck_assert_double_eq_tol(r[2], 0.0, 1e-15);
    ck_assert_double_eq_tol(r[3], 1.0, 1e-15);
    /* ASCII, 40 x 10 cells, dots twice as tall as wide: u = max(1/39, 1/(9 * 2)) = 1/18; x spans 39/18, y 1 */
    plot_equal_aspect((double[4]){0, 1, 0, 1}, 40, 10, PLOT_ASCII, r);
    ck_assert_double_eq_tol(r[1] - r[0], 39.0 / 18.0, 1e-14);
    ck_assert_double_eq_tol(r[3] - r[2], 1.0, 1e-14);
    /* a wide box, braille 40 x 10: x binds (u = 4/79), y grows to u * 39 = 156/79 about its centre 0.05 */
    plot_equal_aspect((double[4]){0, 4, 0, 0.1}, 40, 10, PLOT_BRAILLE, r);
    ck_assert_double_eq_tol(r[0], 0.0, 1e-15);
    ck_assert_double_eq_tol(r[1], 4.0, 1e-15);
    ck_assert_double_eq_tol(r[2], 0.05 - 0.5 * 156.0 / 79.0, 1e-14);
    ck_assert_double_eq_tol(r[3], 0.05 + 0.5 * 156.0 / 79.0, 1e-14);
    /* nothing to fit: copied */
    plot_equal_aspect((double[4]){0, 1, 2, 2}, 40, 10, PLOT_BRAILLE, r);
    ck_assert(r[0] == 0 && r[1] == 1 && r[2] == 2 && r[3] == 2);
    plot_equal_aspect((double[4]){0, 1, 0, 1}, 0, 10, PLOT_BRAILLE, r);
    ck_assert(r[0] == 0 && r[1] == 1 && r[2] == 0 && r[3] == 1);
}
END_TEST

/* The chart's mode, for each mode and a fixed or autoscaled box: after a render the ranges it showed give a data unit
 * the same screen length across as up, (x1 - x0) / (dots_x - 1) = (y1 - y0) / (a (dots_y - 1)) on the plot area it
 * reports, and they still hold the box. Off, the fixed ranges are shown as given. */
START_TEST(chart_mode_shows_equal_units)
{
    const plot_mode modes[2] = {PLOT_BRAILLE, PLOT_ASCII};
    const double xs[3] = {-3, 0, 5}, ys[3] = {0, 1, 0.5};
    for (int m = 0; m < 2; m++)
        for (int fixed = 0; fixed < 2; fixed++) {
            plot_chart *ch = plot_chart_new(60, 20, modes[m]);
            ck_assert_ptr_nonnull(ch);
            plot_chart_add_series(ch, &(plot_series){.x = xs, .y = ys, .n = 3});
            if (fixed) {
                plot_chart_set_range(ch, PLOT_X, -3, 5);
                plot_chart_set_range(ch, PLOT_Y, 0, 1);
            }
            plot_chart_set_equal_aspect(ch, true);
            plot_chart_render(ch);
            int col, row, cols, rows;
            double x0, x1, y0, y1;
            ck_assert_int_eq(plot_chart_area(ch, &col, &row, &cols, &rows), 0);
            plot_chart_range(ch, PLOT_X, &x0, &x1);
            plot_chart_range(ch, PLOT_Y, &y0, &y1);
            const bool braille = modes[m] == PLOT_BRAILLE;
            const double a = braille ? 1.0 : 2.0;
            const int dx = braille ? 2 * cols : cols, dy = braille ? 4 * rows : rows;
            ck_assert_double_eq_tol((x1 - x0) / (dx - 1), (y1 - y0) / (a * (dy - 1)), 1e-12 * (x1 - x0));
            ck_assert(x0 <= -3 && x1 >= 5 && y0 <= 0 && y1 >= 1);
            plot_chart_set_equal_aspect(ch, false);
            if (fixed) {
                plot_chart_render(ch);
                plot_chart_range(ch, PLOT_Y, &y0, &y1);
                ck_assert(y0 == 0 && y1 == 1);
            }
            plot_chart_free(ch);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("plot_aspect");
    TCase *tc = tcase_create("equal aspect");
    tcase_add_test(tc, equal_aspect_by_hand);
    tcase_add_test(tc, chart_mode_shows_equal_units);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
