/* plot_canvas_series against its definition: a polyline lights exactly the dots (and leaves exactly the colours) of
 * its segments drawn one at a time with plot_canvas_line (Bresenham, each segment clipped to the view), in every
 * glyph set, for dense series (many points a dot column: the fast path for a straight vertical run), series that
 * leave the view and come back, and series broken by NaN. */
#include "numlab/plot.h"
#include "helpers/check_main.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

enum { POINTS = 3000, COLS = 37, ROWS = 11 };

static double x[POINTS], y[POINTS];

/* A reproducible series (xorshift32): x rising by less than a dot column a point, y a random walk of up to three
 * dots a point, with `outside` points pushed past the view and `holes` NaNs. */
static void make_series(uint32_t seed, int outside, int holes)
{
    uint32_t s = seed;
    double v = 0.5;
    for (int i = 0; i < POINTS; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        v += ((double)(s % 1001) / 1000.0 - 0.5) * 0.05;
        v = v < -0.2 ? -0.2 : v > 1.2 ? 1.2 : v;  /* past [0, 1] now and then: clipped */
        x[i] = (double)i / (POINTS - 1);
        y[i] = v;
    }
    for (int k = 0; k < outside; k++)
        y[(k * 7919) % POINTS] = 3.0;
    for (int k = 0; k < holes; k++)
        y[(k * 104729 + 11) % POINTS] = NAN;
}

/* The same series as its segments, each drawn on its own (a NaN ends a run, as in the series). */
static void draw_segments(plot_canvas *c, int color)
{
    for (int i = 1; i < POINTS; i++)
        plot_canvas_line(c, x[i - 1], y[i - 1], x[i], y[i], color);
    for (int i = 0; i < POINTS; i++)  /* a point alone between two NaNs is one dot */
        if (!isnan(y[i]) && (i == 0 || isnan(y[i - 1])) && (i == POINTS - 1 || isnan(y[i + 1])))
            plot_canvas_point(c, x[i], y[i], color);
}

static void assert_same_cells(plot_canvas *a, plot_canvas *b, const char *what)
{
    const plot_grid *ga = plot_canvas_grid(a), *gb = plot_canvas_grid(b);
    for (int i = 0; i < COLS * ROWS; i++)
        ck_assert_msg(ga->cells[i].ch == gb->cells[i].ch && ga->cells[i].color == gb->cells[i].color,
                      "%s: cell %d is U+%04X colour %d, its segments make U+%04X colour %d", what, i,
                      (unsigned)ga->cells[i].ch, ga->cells[i].color, (unsigned)gb->cells[i].ch, gb->cells[i].color);
}

START_TEST(series_lights_the_dots_of_its_segments)
{
    static const plot_mode modes[] = {PLOT_BRAILLE, PLOT_OCTANT, PLOT_SEXTANT, PLOT_QUADRANT, PLOT_HALF, PLOT_ASCII};
    static const int shapes[][2] = {{0, 0}, {40, 0}, {0, 25}, {40, 25}};  /* points outside, NaNs */
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            plot_canvas *series = plot_canvas_new(COLS, ROWS, modes[m]), *segments = plot_canvas_new(COLS, ROWS, modes[m]);
            ck_assert(series && segments);
            ck_assert_int_eq(plot_canvas_set_view(series, 0.0, 1.0, 0.0, 1.0), 0);
            ck_assert_int_eq(plot_canvas_set_view(segments, 0.0, 1.0, 0.0, 1.0), 0);
            /* two series over each other: the second's colour where they share a cell, in both */
            for (int color = 1; color <= 2; color++) {
                make_series(2463534242u + (uint32_t)(color + 10 * (int)k), shapes[k][0], shapes[k][1]);
                plot_canvas_polyline(series, x, y, POINTS, 1, color);
                draw_segments(segments, color);
            }
            assert_same_cells(series, segments, "a polyline");
            plot_canvas_free(series);
            plot_canvas_free(segments);
        }
}
END_TEST

/* The vertical run's edges: a series straight down a dot column, up again, and a point repeated (a run of none). */
START_TEST(vertical_runs_by_hand)
{
    plot_canvas *c = plot_canvas_new(4, 4, PLOT_BRAILLE);  /* 8 x 16 dots */
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, 7.0, 0.0, 15.0), 0);
    const double px[] = {2, 2, 2, 2, 5}, py[] = {15, 15, 3, 12, 12};  /* dot rows 0, 0, 12, 3, then across */
    plot_canvas_polyline(c, px, py, 5, 1, 1);
    for (int row = 0; row < 16; row++)
        ck_assert_int_eq(plot_canvas_dot(c, 2, row), row <= 12);  /* rows 0..12 down, 12..3 up again */
    for (int col = 3; col <= 5; col++)
        ck_assert(plot_canvas_dot(c, col, 3));  /* then the row across to (5, 3) */
    int lit = 0;
    for (int row = 0; row < 16; row++)
        for (int col = 0; col < 8; col++)
            lit += plot_canvas_dot(c, col, row);
    ck_assert_int_eq(lit, 13 + 3);
    plot_canvas_free(c);
}
END_TEST

static Suite *plot_series_suite(void)
{
    Suite *s = suite_create("plot_series");
    TCase *tc = tcase_create("series");
    tcase_add_test(tc, series_lights_the_dots_of_its_segments);
    tcase_add_test(tc, vertical_runs_by_hand);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(plot_series_suite());
}
