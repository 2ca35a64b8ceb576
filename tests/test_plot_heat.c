/* plot_heat: viridis against matplotlib's published table, the xterm 256-colour palette by hand, the depth a terminal
 * asks for, the mono shades (the chart's own), and a heat map written in each depth: its colours, its bar, its ticks. */
#define _GNU_SOURCE
#include "numlab/plot_heat.h"
#include "helpers/check_main.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* matplotlib's _viridis_data (van der Walt and Smith, SciPy 2015): entry 0 (0.267004, 0.004874, 0.329415), entry 64
 * (0.229739, 0.322361, 0.545706), entry 255 (0.993248, 0.906157, 0.143936); times 255, rounded: (68, 1, 84),
 * (59, 82, 139) = #3b528b, (253, 231, 37) = #fde725. Entries 127 (0.128729, 0.563265, 0.551229) and 128 (0.127568,
 * 0.566949, 0.550556) straddle t = 0.5: their mean times 255 is (32.7, 144.1, 140.5); matplotlib's hex #21918c is
 * (33, 145, 140). */
START_TEST(viridis_published_values)
{
    uint8_t c[3];
    plot_viridis(0.0, c);
    ck_assert(c[0] == 68 && c[1] == 1 && c[2] == 84);
    plot_viridis(64.0 / 255.0, c);
    ck_assert(c[0] == 59 && c[1] == 82 && c[2] == 139);
    plot_viridis(1.0, c);
    ck_assert(c[0] == 253 && c[1] == 231 && c[2] == 37);
    plot_viridis(0.5, c);
    ck_assert(abs(c[0] - 33) <= 1 && abs(c[1] - 145) <= 1 && abs(c[2] - 140) <= 1);
    /* clamped, and NaN as the start */
    uint8_t d[3];
    plot_viridis(-3.0, d);
    ck_assert(d[0] == 68 && d[1] == 1 && d[2] == 84);
    plot_viridis(7.0, d);
    ck_assert(d[0] == 253 && d[1] == 231 && d[2] == 37);
    plot_viridis(NAN, d);
    ck_assert(d[0] == 68 && d[1] == 1 && d[2] == 84);
    /* its point: lightness rises all the way (relative luminance, Rec. 709 weights), so order reads without hue */
    double prev = -1.0;
    for (int i = 0; i <= 64; i++) {
        plot_viridis(i / 64.0, c);
        const double y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
        ck_assert_msg(y > prev, "luminance falls at t = %g", i / 64.0);
        prev = y;
    }
}
END_TEST

/* The cube's levels are 0, 95, 135, 175, 215, 255 (16 + 36 r + 6 g + b), the grays 8 + 10 k (232 + k). */
START_TEST(xterm256_by_hand)
{
    ck_assert_int_eq(plot_xterm256((uint8_t[3]){0, 0, 0}), 16);
    ck_assert_int_eq(plot_xterm256((uint8_t[3]){255, 255, 255}), 231);
    ck_assert_int_eq(plot_xterm256((uint8_t[3]){255, 0, 0}), 196);
    ck_assert_int_eq(plot_xterm256((uint8_t[3]){95, 135, 175}), 16 + 36 * 1 + 6 * 2 + 3);
    ck_assert_int_eq(plot_xterm256((uint8_t[3]){128, 128, 128}), 232 + 12);  /* gray 128 exactly; the cube's 135 is 7 off */
    /* viridis's start (68, 1, 84): the cube's (95, 0, 95) is 27^2 + 1 + 11^2 = 851 away, the nearest gray (48) 3905 */
    ck_assert_int_eq(plot_xterm256((uint8_t[3]){68, 1, 84}), 16 + 36 + 1);
}
END_TEST

START_TEST(depth_from_the_terminal)
{
    ck_assert_int_eq(plot_heat_depth_for(false, "truecolor"), PLOT_HEAT_MONO);
    ck_assert_int_eq(plot_heat_depth_for(true, "truecolor"), PLOT_HEAT_TRUECOLOR);
    ck_assert_int_eq(plot_heat_depth_for(true, "24bit"), PLOT_HEAT_TRUECOLOR);
    ck_assert_int_eq(plot_heat_depth_for(true, NULL), PLOT_HEAT_256);
    ck_assert_int_eq(plot_heat_depth_for(true, "yes"), PLOT_HEAT_256);
    setenv("NO_COLOR", "1", 1);
    setenv("CLICOLOR_FORCE", "1", 1);
    ck_assert_int_eq(plot_heat_depth_from_env(), PLOT_HEAT_MONO);  /* NO_COLOR wins */
    unsetenv("NO_COLOR");
    setenv("COLORTERM", "truecolor", 1);
    ck_assert_int_eq(plot_heat_depth_from_env(), PLOT_HEAT_TRUECOLOR);
    setenv("CLICOLOR_FORCE", "0", 1);  /* "0" forces nothing; stdout here is not a terminal */
    ck_assert_int_eq(plot_heat_depth_from_env(), PLOT_HEAT_MONO);
    unsetenv("CLICOLOR_FORCE");
    unsetenv("COLORTERM");
}
END_TEST

/* A chart 40 x 12 whose image is 0 on the left half and 1 on the right, written in `depth` and `mode`. */
static char *heat_text(plot_mode mode, plot_heat_depth depth)
{
    static const float values[2] = {0.0f, 1.0f};
    plot_chart *ch = plot_chart_new(40, 12, mode);
    plot_chart_set_range(ch, PLOT_X, 0.0, 2.0);
    plot_chart_set_range(ch, PLOT_Y, 0.0, 1.0);
    const plot_image im = {.values = values, .nx = 2, .ny = 1, .x0 = 0, .x1 = 2, .y0 = 0, .y1 = 1, .lo = 0, .hi = 1,
                           .unit = "dB"};
    ck_assert_int_eq(plot_chart_set_image(ch, &im), 0);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    ck_assert_int_eq(plot_heat_write(ch, f, depth), 0);
    fclose(f);
    /* the chart keeps its size */
    const plot_grid *g = plot_chart_render(ch);
    ck_assert_int_eq(g->cols, 40);
    plot_chart_free(ch);
    return text;
}

START_TEST(heat_map_in_each_depth)
{
    char *t = heat_text(PLOT_BRAILLE, PLOT_HEAT_TRUECOLOR);
    /* half blocks in the left half's colour (68, 1, 84) on itself, and the right half's (253, 231, 37) */
    ck_assert_ptr_nonnull(strstr(t, "\033[0;38;2;68;1;84;48;2;68;1;84m\u2580"));
    ck_assert_ptr_nonnull(strstr(t, "\033[0;38;2;253;231;37;48;2;253;231;37m\u2580"));
    ck_assert_ptr_nonnull(strstr(t, "dB"));
    /* the bar's ticks: 1 at its top row (with the unit: no row above the bar for it), 0 at its bottom one */
    int lines = 0, first_bar = -1, last_bar = -1;
    for (char *line = t; *line; line = strchr(line, '\n') + 1, lines++) {
        const size_t len = strcspn(line, "\n");
        char row[2048];
        snprintf(row, sizeof row, "%.*s", (int)len, line);
        char *end = row + strlen(row);
        if (len > 4 && strcmp(end - 5, " 1 dB") == 0 && first_bar < 0)
            first_bar = lines;
        if (len > 4 && strcmp(end - 2, " 0") == 0)
            last_bar = lines;
    }
    ck_assert_int_eq(lines, 12);
    ck_assert_int_eq(first_bar, 0);  /* the plot area's first row: no title */
    ck_assert_int_eq(last_bar, 9);    /* its last: 12 rows less the axis and its labels */
    free(t);

    t = heat_text(PLOT_BRAILLE, PLOT_HEAT_256);  /* (68, 1, 84) is 53 and (253, 231, 37) 220 */
    ck_assert_ptr_nonnull(strstr(t, "\033[0;38;5;53;48;5;53m\u2580"));
    ck_assert_ptr_nonnull(strstr(t, "38;5;220;48;5;220m"));
    ck_assert_ptr_null(strstr(t, ";2;"));
    free(t);

    t = heat_text(PLOT_BRAILLE, PLOT_HEAT_MONO);  /* the chart's shades, no escapes: full blocks right, blank left */
    ck_assert_ptr_null(strchr(t, '\033'));
    ck_assert_ptr_nonnull(strstr(t, "\u2588\u2588\u2588"));
    ck_assert_ptr_null(strstr(t, "\u2580"));
    free(t);

    t = heat_text(PLOT_ASCII, PLOT_HEAT_TRUECOLOR);  /* ASCII: the ramp, whatever the terminal's colours */
    for (const char *p = t; *p; p++)
        ck_assert_msg((unsigned char)*p < 0x80 && *p != '\033', "non-ASCII byte 0x%02x", (unsigned char)*p);
    ck_assert_ptr_nonnull(strstr(t, "@@@"));
    free(t);
}
END_TEST

/* The shades without colour are the chart's (plot.h's plot_image: blank, U+2591..U+2593, U+2588; ASCII's ramp), by
 * the value's fraction of the scale: k = (int)(t (levels - 1) + 0.5), at least 1 above 0. */
START_TEST(mono_shades_by_hand)
{
    const double xs[2] = {0.0, 1.0}, ys[2] = {0.0, 1.0};
    static const float values[4] = {0.0f, 0.01f, 0.5f, 1.0f};
    plot_chart *ch = plot_chart_new(40, 10, PLOT_ASCII);
    plot_chart_add_series(ch, &(plot_series){.x = xs, .y = ys, .n = 0});
    plot_chart_set_range(ch, PLOT_X, 0.0, 4.0);
    plot_chart_set_range(ch, PLOT_Y, 0.0, 1.0);
    plot_chart_set_image(ch, &(plot_image){.values = values, .nx = 4, .ny = 1, .x0 = 0, .x1 = 4, .y0 = 0, .y1 = 1,
                                           .lo = 0, .hi = 1});
    const plot_grid *g = plot_chart_render(ch);
    int col, row, cols, rows;
    ck_assert_int_eq(plot_chart_area(ch, &col, &row, &cols, &rows), 0);
    const plot_cell *mid = &g->cells[(row + rows / 2) * g->cols + col];
    /* the four quarters: 0 blank (but the map's), 0.01 the ramp's first mark, 0.5 -> k = 5 '+', 1 -> '@' */
    ck_assert_uint_eq(mid[1].ch, ' ');
    ck_assert(mid[1].attr & PLOT_ATTR_IMAGE);
    ck_assert_uint_eq(mid[cols * 3 / 8].ch, '.');
    ck_assert_uint_eq(mid[cols * 5 / 8].ch, '+');
    ck_assert_uint_eq(mid[cols - 2].ch, '@');
    plot_chart_set_mode(ch, PLOT_OCTANT);
    g = plot_chart_render(ch);
    ck_assert_int_eq(plot_chart_area(ch, &col, &row, &cols, &rows), 0);
    mid = &g->cells[(row + rows / 2) * g->cols + col];
    ck_assert_uint_eq(mid[cols * 5 / 8].ch, 0x2592);  /* k = (int)(0.5 * 4 + 0.5) = 2: medium shade */
    ck_assert_uint_eq(mid[cols - 2].ch, 0x2588);
    plot_chart_free(ch);
}
END_TEST

/* A cell's two pixels as a screen paints them (plot_cell.heat): 1 + 254 t rounded, 0 for none; a screen of n colours
 * takes (level - 1) n / 255. By hand: t = 0.75 is 1 + 190.5 -> 192, t = 0.25 is 1 + 63.5 -> 65 (lround: away). */
START_TEST(cell_levels_by_hand)
{
    ck_assert_uint_eq(plot_heat_level(NAN), 0);
    ck_assert_uint_eq(plot_heat_level(0.0), 1);
    ck_assert_uint_eq(plot_heat_level(-3.0), 1);
    ck_assert_uint_eq(plot_heat_level(1.0), 255);
    ck_assert_uint_eq(plot_heat_level(7.0), 255);
    ck_assert_uint_eq(plot_heat_level(0.75), 192);
    ck_assert_uint_eq(plot_heat_level(0.25), 65);
    ck_assert_int_eq(plot_heat_color_of(0, 16), -1);
    ck_assert_int_eq(plot_heat_color_of(1, 16), 0);
    ck_assert_int_eq(plot_heat_color_of(255, 16), 15);
    ck_assert_int_eq(plot_heat_color_of(128, 16), 7);  /* 127 * 16 / 255 = 7.97 */
    ck_assert_int_eq(plot_heat_color_of(129, 16), 8);  /* 128 * 16 / 255 = 8.03 */

    /* an image of two rows, 0.25 below y = 0.5 and 0.75 above: down each column of the area the pixels read 0.75 to
     * the middle and 0.25 after it, never back, exactly half of each: y = 0.5 lies between the pixels 2 rows - 1 and
     * 2 rows from the top (the axis puts lo and hi on the first and last dots' centres), inside the middle cell when
     * the area's rows are odd, whose upper pixel is then 0.75 and its lower one 0.25; the columns left of the image
     * (x < 0) have none */
    static const float values[2] = {0.25f, 0.75f};
    bool odd = false;
    for (int height = 11; height <= 12; height++) {
        plot_chart *ch = plot_chart_new(40, height, PLOT_BRAILLE);
        plot_chart_set_range(ch, PLOT_X, -1.0, 1.0);
        plot_chart_set_range(ch, PLOT_Y, 0.0, 1.0);
        plot_chart_set_image(ch, &(plot_image){.values = values, .nx = 1, .ny = 2, .x0 = 0, .x1 = 1, .y0 = 0,
                                               .y1 = 1, .lo = 0, .hi = 1});
        const plot_grid *g = plot_chart_render(ch);
        int col, row, cols, rows;
        ck_assert_int_eq(plot_chart_area(ch, &col, &row, &cols, &rows), 0);
        odd |= rows % 2 == 1;
        for (int c = 1; c < cols - 1; c++) {
            const bool left = c < cols / 2 - 1, right = c > cols / 2;
            if (!left && !right)
                continue;  /* the column at x = 0 may hold either */
            int high = 0, low = 0, last = 192;
            for (int r = 0; r < rows; r++) {
                const plot_cell *cell = &g->cells[(row + r) * g->cols + col + c];
                for (int k = 0; k < 2; k++) {
                    if (left) {
                        ck_assert_uint_eq(cell->heat[k], 0);
                        continue;
                    }
                    ck_assert_msg(cell->heat[k] == 192 || cell->heat[k] == 65, "level %d", cell->heat[k]);
                    ck_assert_msg(cell->heat[k] <= last, "0.75 after 0.25 at row %d", r);
                    last = cell->heat[k];
                    high += cell->heat[k] == 192, low += cell->heat[k] == 65;
                }
            }
            if (right) {
                ck_assert_msg(high == rows && low == rows, "%d high, %d low of %d", high, low, 2 * rows);
            }
        }
        plot_chart_free(ch);
    }
    ck_assert_msg(odd, "neither height gave the area an odd number of rows");
}
END_TEST

START_TEST(too_narrow_for_a_bar)
{
    static const float v[1] = {1.0f};
    plot_chart *ch = plot_chart_new(24, 10, PLOT_BRAILLE);
    plot_chart_set_image(ch, &(plot_image){.values = v, .nx = 1, .ny = 1, .x0 = 0, .x1 = 1, .y0 = 0, .y1 = 1,
                                           .lo = 0, .hi = 1000});
    FILE *f = fopen("/dev/null", "w");
    ck_assert_int_eq(plot_heat_write(ch, f, PLOT_HEAT_TRUECOLOR), NUMLAB_ERR_INPUT);
    fclose(f);
    plot_chart_free(ch);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("plot_heat");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, viridis_published_values);
    tcase_add_test(tc, xterm256_by_hand);
    tcase_add_test(tc, depth_from_the_terminal);
    tcase_add_test(tc, heat_map_in_each_depth);
    tcase_add_test(tc, mono_shades_by_hand);
    tcase_add_test(tc, cell_levels_by_hand);
    tcase_add_test(tc, too_narrow_for_a_bar);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(suite());
}
