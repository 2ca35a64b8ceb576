/* Tests for plot: dots and lines against hand-worked braille bits, clipping, ticks, charts, and golden charts.
 *
 * Golden files (tests/golden/plot_*.txt) hold whole charts as text, reviewed by eye. After a deliberate change,
 * regenerate them with NUMLAB_UPDATE_GOLDEN=1 make check, look at each (cat tests/golden/plot_*.txt), commit. */
#include "numlab/common.h"
#include "numlab/plot.h"
#include "helpers/check_main.h"

#include <check.h>
#include <float.h>
#include <gsl/gsl_rng.h>
#include <locale.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLANK 0x20u
#define BRAILLE(bits) (0x2800u + (bits))

/* The braille dot numbers of Unicode's "Braille Patterns" block, by (column, row) in a cell: dots 1-3 and 7 go
 * down the left column, 4-6 and 8 down the right; dot n is bit n - 1 of the offset from U+2800. */
static const int dot_number[4][2] = {{1, 4}, {2, 5}, {3, 6}, {7, 8}};

static unsigned dot_bit(int col, int row)
{
    return 1u << (dot_number[row][col] - 1);
}

static uint32_t cell_at(const plot_grid *g, int col, int row)
{
    return g->cells[row * g->cols + col].ch;
}

/* The grid as text, in a static buffer (big enough for every grid here). */
static const char *text_of(const plot_grid *g)
{
    static char buf[1 << 16];
    size_t n = plot_grid_text(g, buf, sizeof buf, 0);
    ck_assert_uint_lt(n, sizeof buf);
    return buf;
}

/* A braille canvas whose view puts data (x, y) on dot (x, 7 - y): 4 x 2 cells, 8 x 8 dots. */
static plot_canvas *canvas_8x8(plot_mode mode)
{
    plot_canvas *c = plot_canvas_new(mode == PLOT_BRAILLE ? 4 : 8, mode == PLOT_BRAILLE ? 2 : 8, mode);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, 7.0, 0.0, 7.0), 0);
    return c;
}

static int lit_count(const plot_canvas *c)
{
    int n = 0;
    for (int y = 0; y < plot_canvas_dot_height(c); y++)
        for (int x = 0; x < plot_canvas_dot_width(c); x++)
            n += plot_canvas_dot(c, x, y);
    return n;
}

/* --- dots and lines -------------------------------------------------------------------------------------- */

START_TEST(test_each_dot_sets_its_unicode_bit)
{
    plot_canvas *c = plot_canvas_new(1, 1, PLOT_BRAILLE);
    ck_assert_int_eq(plot_canvas_dot_width(c), 2);
    ck_assert_int_eq(plot_canvas_dot_height(c), 4);
    ck_assert_uint_eq(cell_at(plot_canvas_grid(c), 0, 0), BLANK);  /* blank is a space, not U+2800 */
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 2; col++) {
            plot_canvas_clear(c);
            plot_canvas_set_dot(c, col, row, 3);
            const plot_grid *g = plot_canvas_grid(c);
            ck_assert_uint_eq(cell_at(g, 0, 0), BRAILLE(dot_bit(col, row)));
            ck_assert_int_eq(g->cells[0].color, 3);
            ck_assert_int_eq(lit_count(c), 1);
            ck_assert(plot_canvas_dot(c, col, row));
        }
    plot_canvas_clear(c);
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 2; col++)
            plot_canvas_set_dot(c, col, row, 1);
    ck_assert_uint_eq(cell_at(plot_canvas_grid(c), 0, 0), 0x28FFu);  /* all eight dots */
    plot_canvas_set_dot(c, -1, 0, 1);  /* outside: ignored */
    plot_canvas_set_dot(c, 2, 0, 1);
    plot_canvas_set_dot(c, 0, 4, 1);
    ck_assert(!plot_canvas_dot(c, 2, 0));
    plot_canvas_free(c);
}
END_TEST

START_TEST(test_horizontal_lines_light_one_dot_row)
{
    plot_canvas *c = canvas_8x8(PLOT_BRAILLE);
    /* y = 4 is dot row 7 - 4 = 3: the bottom dots (7 and 8) of the top cells, nothing below */
    plot_canvas_line(c, 0.0, 4.0, 7.0, 4.0, 1);
    unsigned bottom = dot_bit(0, 3) | dot_bit(1, 3);
    ck_assert_uint_eq(bottom, 0xC0u);
    for (int col = 0; col < 4; col++) {
        ck_assert_uint_eq(cell_at(plot_canvas_grid(c), col, 0), BRAILLE(bottom));
        ck_assert_uint_eq(cell_at(plot_canvas_grid(c), col, 1), BLANK);
    }
    ck_assert_str_eq(text_of(plot_canvas_grid(c)), "⣀⣀⣀⣀\n\n");
    /* y = 7 is dot row 0: dots 1 and 4 */
    plot_canvas_clear(c);
    plot_canvas_line(c, 7.0, 7.0, 0.0, 7.0, 1);
    ck_assert_str_eq(text_of(plot_canvas_grid(c)), "⠉⠉⠉⠉\n\n");
    ck_assert_int_eq(lit_count(c), 8);
    plot_canvas_free(c);
}
END_TEST

START_TEST(test_diagonal_line_lights_the_diagonal)
{
    plot_canvas *c = canvas_8x8(PLOT_BRAILLE);
    plot_canvas_line(c, 0.0, 7.0, 7.0, 0.0, 2);  /* dots (k, k), k = 0..7 */
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            ck_assert_int_eq(plot_canvas_dot(c, x, y), x == y);
    /* cell (0,0) holds dots (0,0) and (1,1); cell (1,0) holds (2,2) and (3,3) at (0,2) and (1,3) in the cell */
    unsigned first = dot_bit(0, 0) | dot_bit(1, 1), second = dot_bit(0, 2) | dot_bit(1, 3);
    ck_assert_uint_eq(first, 0x11u);
    ck_assert_uint_eq(second, 0x84u);
    const plot_grid *g = plot_canvas_grid(c);
    ck_assert_uint_eq(cell_at(g, 0, 0), BRAILLE(first));
    ck_assert_uint_eq(cell_at(g, 1, 0), BRAILLE(second));
    ck_assert_uint_eq(cell_at(g, 2, 1), BRAILLE(first));
    ck_assert_uint_eq(cell_at(g, 3, 1), BRAILLE(second));
    ck_assert_str_eq(text_of(g), "⠑⢄\n  ⠑⢄\n");
    plot_canvas_free(c);
}
END_TEST

/* A line from dot (0, 0) to (x1, 39) on a 20 x 40 dot canvas whose view is the dot grid (y flipped). */
static void steep_line(plot_canvas *c, int x1)
{
    plot_canvas_clear(c);
    plot_canvas_line(c, 0.0, 39.0, x1, 0.0, 1);
}

START_TEST(test_steep_lines_have_no_gaps)
{
    plot_canvas *c = plot_canvas_new(10, 10, PLOT_BRAILLE);
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, 19.0, 0.0, 39.0), 0);
    for (int x1 = 0; x1 < 20; x1++) {
        steep_line(c, x1);
        /* Bresenham lights exactly max(|dx|, |dy|) + 1 dots: one in every row */
        ck_assert_int_eq(lit_count(c), 40);
        int prev = 0;
        for (int y = 0; y < 40; y++) {
            int in_row = 0, x_lit = -1;
            for (int x = 0; x < 20; x++)
                if (plot_canvas_dot(c, x, y))
                    in_row++, x_lit = x;
            ck_assert_int_eq(in_row, 1);
            ck_assert_int_le(abs(x_lit - prev), 1);  /* 8-connected to the row above */
            prev = x_lit;
        }
        ck_assert_int_eq(prev, x1);
    }
    steep_line(c, 0);  /* the vertical line: the whole left dot column */
    for (int y = 0; y < 40; y++)
        ck_assert(plot_canvas_dot(c, 0, y));
    plot_canvas_free(c);
}
END_TEST

/* The canvas after one line, as text. */
static const char *after_line(double x0, double y0, double x1, double y1)
{
    static char text[2][256];
    static int which;
    plot_canvas *c = canvas_8x8(PLOT_BRAILLE);
    plot_canvas_line(c, x0, y0, x1, y1, 1);
    which ^= 1;
    plot_grid_text(plot_canvas_grid(c), text[which], sizeof text[which], 0);
    plot_canvas_free(c);
    return text[which];
}

START_TEST(test_clipped_lines_light_exactly_their_visible_part)
{
    ck_assert_str_eq(after_line(-1000.0, 3.5, 1000.0, 3.5), after_line(0.0, 3.5, 7.0, 3.5));
    ck_assert_str_eq(after_line(-10.0, -10.0, 17.0, 17.0), after_line(0.0, 0.0, 7.0, 7.0));
    ck_assert_str_eq(after_line(-1e12, -1e12, 1e12, 1e12), after_line(0.0, 0.0, 7.0, 7.0));
    ck_assert_str_eq(after_line(3.5, 3.5, 1e300, 3.5), after_line(3.5, 3.5, 7.0, 3.5));
    ck_assert_str_eq(after_line(2.0, -50.0, 2.0, 50.0), after_line(2.0, 0.0, 2.0, 7.0));
    /* fully outside: beside the view, and across its bounding box's corner without touching it */
    ck_assert_str_eq(after_line(8.0, 0.0, 8.0, 7.0), "\n\n");
    ck_assert_str_eq(after_line(-5.0, 3.0, 3.0, -5.0), "\n\n");   /* x + y = -2 */
    ck_assert_str_eq(after_line(-1.0, 20.0, 20.0, -1.0), "\n\n");  /* x + y = 19 > 7 + 7 */
    ck_assert_str_eq(after_line(-1e308, -1e308, -1e300, 1e308), "\n\n");
}
END_TEST

/* Endpoints near DBL_MAX: the parametric clip cannot place the visible part better than 1e-16 of the segment's
 * length (here 1e292 data units), but it neither overflows nor draws off the line's side of the view. */
START_TEST(test_extreme_endpoints_stay_finite)
{
    plot_canvas *c = canvas_8x8(PLOT_BRAILLE);
    plot_canvas_line(c, -1e308, -1e308, 1e308, 1e308, 1);
    plot_canvas_line(c, -DBL_MAX, -DBL_MAX, DBL_MAX, DBL_MAX, 1);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            ck_assert(!plot_canvas_dot(c, x, y) || x + y == 7);  /* only on the diagonal y = x */
    plot_canvas_free(c);
}
END_TEST

START_TEST(test_nonfinite_points_break_the_line)
{
    plot_canvas *c = plot_canvas_new(8, 2, PLOT_BRAILLE);  /* 16 x 8 dots */
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, 15.0, 0.0, 7.0), 0);
    double x[16], y[16];
    for (int i = 0; i < 16; i++)
        x[i] = i, y[i] = 3.0;  /* dot row 4 */
    y[5] = NAN, y[10] = INFINITY, x[13] = -INFINITY;
    plot_canvas_polyline(c, x, y, 16, 1, 1);
    for (int i = 0; i < 16; i++)
        ck_assert_msg(plot_canvas_dot(c, i, 4) == (i != 5 && i != 10 && i != 13), "dot %d", i);
    ck_assert_int_eq(lit_count(c), 13);
    /* an isolated point between NaNs is drawn alone; NULL x means x = index; stride 2 skips the NaNs */
    plot_canvas_clear(c);
    const double lone[5] = {NAN, NAN, 2.0, NAN, NAN};
    plot_canvas_polyline(c, NULL, lone, 5, 1, 1);
    ck_assert_int_eq(lit_count(c), 1);
    ck_assert(plot_canvas_dot(c, 2, 5));
    plot_canvas_clear(c);
    const double strided[6] = {0.0, NAN, 4.0, NAN, 0.0, NAN};  /* y = 0, 4, 0 at x = 0, 1, 2 */
    plot_canvas_polyline(c, NULL, strided, 3, 2, 1);
    ck_assert(plot_canvas_dot(c, 0, 7) && plot_canvas_dot(c, 1, 3) && plot_canvas_dot(c, 2, 7));
    /* single calls with a non-finite coordinate draw nothing */
    plot_canvas_clear(c);
    plot_canvas_line(c, NAN, 1.0, 3.0, 3.0, 1);
    plot_canvas_line(c, 0.0, 1.0, 3.0, INFINITY, 1);
    plot_canvas_point(c, NAN, NAN, 1);
    plot_canvas_hline(c, NAN, 1);
    plot_canvas_vline(c, INFINITY, 1);
    ck_assert_int_eq(lit_count(c), 0);
    plot_canvas_free(c);
}
END_TEST

START_TEST(test_ascii_mode_has_a_glyph_per_series)
{
    plot_canvas *c = plot_canvas_new(8, 4, PLOT_ASCII);
    ck_assert_int_eq(plot_canvas_dot_width(c), 8);
    ck_assert_int_eq(plot_canvas_dot_height(c), 4);
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, 7.0, 0.0, 3.0), 0);
    plot_canvas_vline(c, 3.0, 0);       /* reference lines first ... */
    plot_canvas_hline(c, 1.0, 0);
    plot_canvas_line(c, 0.0, 3.0, 7.0, 3.0, 1);  /* ... then data over them */
    plot_canvas_line(c, 0.0, 0.0, 7.0, 0.0, 2);
    ck_assert_str_eq(text_of(plot_canvas_grid(c)), "********\n   :\n- -:- -\noooooooo\n");
    ck_assert_int_eq(plot_canvas_grid(c)->cells[0].color, 1);
    ck_assert_int_eq(plot_canvas_grid(c)->cells[3 * 8].color, 2);
    /* every series color its own glyph, none a frame or reference glyph */
    for (int i = 1; i <= PLOT_COLORS; i++) {
        ck_assert(strchr("|-+:@ ", plot_ascii_glyph(i)) == NULL);
        for (int j = 1; j < i; j++)
            ck_assert_int_ne(plot_ascii_glyph(i), plot_ascii_glyph(j));
    }
    plot_canvas_free(c);
}
END_TEST

START_TEST(test_canvas_views_and_sizes)
{
    plot_canvas *c = plot_canvas_new(10, 10, PLOT_BRAILLE);
    ck_assert_int_eq(plot_canvas_set_view(c, 1.0, 1.0, 0.0, 1.0), -1);
    ck_assert_int_eq(plot_canvas_set_view(c, 2.0, 1.0, 0.0, 1.0), -1);
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, 1.0, NAN, 1.0), -1);
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, INFINITY, 0.0, 1.0), -1);
    ck_assert_int_eq(plot_canvas_set_view(c, -DBL_MAX, DBL_MAX, 0.0, 1.0), -1);  /* the span overflows */
    ck_assert_int_eq(plot_canvas_set_view(c, 0.0, 1e-300, 0.0, 1.0), -1);  /* dots per unit would overflow */
    ck_assert_int_eq(plot_canvas_set_view(c, -1.0, 1.0, -1e300, 1e300), 0);
    const plot_cell *cells = plot_canvas_grid(c)->cells;
    ck_assert_int_eq(plot_canvas_resize(c, 5, 4), 0);  /* smaller: the same buffer */
    ck_assert_ptr_eq(plot_canvas_grid(c)->cells, cells);
    ck_assert_int_eq(plot_canvas_grid(c)->cols, 5);
    ck_assert_int_eq(plot_canvas_dot_height(c), 16);
    ck_assert_int_eq(plot_canvas_resize(c, 0, 4), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(plot_canvas_resize(c, 20, 20), 0);
    plot_canvas_set_mode(c, PLOT_ASCII);
    ck_assert_int_eq(plot_canvas_mode(c), PLOT_ASCII);
    ck_assert_int_eq(plot_canvas_dot_width(c), 20);
    ck_assert_ptr_null(plot_canvas_new(0, 1, PLOT_ASCII));
    ck_assert_ptr_null(plot_canvas_new(1 << 15, 1 << 15, PLOT_ASCII));
    plot_canvas_free(c);
    plot_canvas_free(NULL);
}
END_TEST

START_TEST(test_mode_follows_the_locale)
{
    if (!setlocale(LC_ALL, "C"))
        ck_abort_msg("no C locale");
    ck_assert_int_eq(plot_mode_from_locale(), PLOT_ASCII);
    if (setlocale(LC_ALL, "C.UTF-8"))
        ck_assert_int_eq(plot_mode_from_locale(), PLOT_BRAILLE);
    setlocale(LC_ALL, "C");
}
END_TEST

/* --- text output ----------------------------------------------------------------------------------------- */

START_TEST(test_text_is_trimmed_and_snprintf_like)
{
    plot_canvas *c = canvas_8x8(PLOT_BRAILLE);
    plot_canvas_set_dot(c, 0, 0, 1);  /* "⠁" then three blank cells, then a blank row */
    const plot_grid *g = plot_canvas_grid(c);
    char small[4], exact[6];
    ck_assert_uint_eq(plot_grid_text(g, NULL, 0, 0), 5);  /* 3 bytes of U+2801, '\n', '\n' */
    ck_assert_uint_eq(plot_grid_text(g, small, sizeof small, 0), 5);
    ck_assert_str_eq(small, "⠁");
    ck_assert_uint_eq(plot_grid_text(g, exact, sizeof exact, 0), 5);
    ck_assert_str_eq(exact, "⠁\n\n");
    /* colors: series 1 is cyan (36), reset before the line ends */
    char colored[64];
    plot_grid_text(g, colored, sizeof colored, PLOT_TEXT_COLOR);
    ck_assert_str_eq(colored, "\033[0;36m⠁\033[0m\n\n");
    ck_assert_int_eq(plot_color_terminal(1), 6);
    ck_assert_int_eq(plot_color_terminal(0), -1);
    FILE *f = tmpfile();
    ck_assert_int_eq(plot_grid_write(g, f, 0), 0);
    ck_assert_int_eq(ftell(f), 5);
    fclose(f);
    f = fopen("/dev/full", "w");  /* a write that fails is reported */
    if (f) {
        setvbuf(f, NULL, _IONBF, 0);
        ck_assert_int_eq(plot_grid_write(g, f, 0), NUMLAB_ERR_IO);
        fclose(f);
    }
    plot_canvas_free(c);
}
END_TEST

/* --- ticks ----------------------------------------------------------------------------------------------- */

static void expect_ticks(const plot_ticks *t, int count, const double *values, const char *const *labels)
{
    ck_assert_int_eq(t->count, count);
    for (int i = 0; i < count; i++) {
        ck_assert_msg(t->value[i] == values[i], "tick %d: %.17g, expected %.17g", i, t->value[i], values[i]);
        ck_assert_str_eq(t->label[i], labels[i]);
    }
}

START_TEST(test_linear_ticks_are_nice)
{
    plot_ticks t;
    plot_ticks_linear(0.0, 1.0, 6, &t);
    expect_ticks(&t, 6, (double[]){0, 0.2, 0.4, 0.6, 0.8, 1}, (const char *[]){"0", "0.2", "0.4", "0.6", "0.8", "1"});
    plot_ticks_linear(0.0, 1.0, 5, &t);  /* 0.25 is not a 1-2-5 step */
    expect_ticks(&t, 3, (double[]){0, 0.5, 1}, (const char *[]){"0", "0.5", "1"});
    plot_ticks_linear(0.0, 1.0, 2, &t);
    expect_ticks(&t, 2, (double[]){0, 1}, (const char *[]){"0", "1"});
    plot_ticks_linear(0.0, 1.0, 1, &t);  /* step 2: only 0 */
    expect_ticks(&t, 1, (double[]){0}, (const char *[]){"0"});
    plot_ticks_linear(-3.7, 12.1, 5, &t);
    expect_ticks(&t, 3, (double[]){0, 5, 10}, (const char *[]){"0", "5", "10"});
    plot_ticks_linear(12.1, -3.7, 8, &t);  /* either order */
    expect_ticks(&t, 8, (double[]){-2, 0, 2, 4, 6, 8, 10, 12},
                 (const char *[]){"-2", "0", "2", "4", "6", "8", "10", "12"});
    plot_ticks_linear(-0.5, -0.1, 5, &t);
    expect_ticks(&t, 5, (double[]){-0.5, -0.4, -0.3, -0.2, -0.1},
                 (const char *[]){"-0.5", "-0.4", "-0.3", "-0.2", "-0.1"});
    plot_ticks_linear(0.0, 0.3, 4, &t);  /* 3 x 0.1 is 0.3 here, not 0.30000000000000004 */
    expect_ticks(&t, 4, (double[]){0, 0.1, 0.2, 0.3}, (const char *[]){"0", "0.1", "0.2", "0.3"});
    plot_ticks_linear(-40.0, 250.0, 7, &t);
    expect_ticks(&t, 6, (double[]){0, 50, 100, 150, 200, 250}, (const char *[]){"0", "50", "100", "150", "200", "250"});
}
END_TEST

START_TEST(test_ticks_of_tiny_and_huge_ranges)
{
    plot_ticks t;
    plot_ticks_linear(0.0, 1e-10, 6, &t);
    expect_ticks(&t, 6, (double[]){0, 2e-11, 4e-11, 6e-11, 8e-11, 1e-10},
                 (const char *[]){"0", "2e-11", "4e-11", "6e-11", "8e-11", "1e-10"});
    plot_ticks_linear(0.0, 1e6, 6, &t);  /* a tick >= 1e6: the whole axis in exponent form */
    expect_ticks(&t, 6, (double[]){0, 2e5, 4e5, 6e5, 8e5, 1e6},
                 (const char *[]){"0", "2e5", "4e5", "6e5", "8e5", "1e6"});
    plot_ticks_linear(0.0, 1e300, 3, &t);
    expect_ticks(&t, 3, (double[]){0, 5e299, 1e300}, (const char *[]){"0", "5e299", "1e300"});
    plot_ticks_linear(0.0, 999999.0, 3, &t);  /* below 1e6: plain */
    ck_assert_str_eq(t.label[1], "500000");
    /* a range 1e-12 wide around 1: step 2e-13, labels with the 13 decimals that tell the ticks apart */
    plot_ticks_linear(1.0, 1.0 + 1e-12, 6, &t);
    ck_assert_int_eq(t.count, 6);
    ck_assert_str_eq(t.label[0], "1");
    ck_assert_str_eq(t.label[1], "1.0000000000002");
    ck_assert_str_eq(t.label[5], "1.000000000001");
    for (int i = 0; i < t.count; i++)
        ck_assert_double_eq_tol(strtod(t.label[i], NULL), 1.0 + 2e-13 * i, 1e-16);
    /* ranges a few ulps wide: a coarser step, never an endless loop over indices past 2^53 */
    ck_assert_int_ge(plot_ticks_linear(1.0, 1.0 + 4.4e-16, 6, &t), 1);
    ck_assert_int_ge(plot_ticks_linear(1e17, 1e17 + 64.0, 6, &t), 1);
    for (int i = 1; i < t.count; i++)
        ck_assert_double_gt(t.value[i], t.value[i - 1]);
    /* the whole double range does not overflow */
    plot_ticks_linear(-DBL_MAX, DBL_MAX, 5, &t);
    ck_assert_int_ge(t.count, 1);
    for (int i = 0; i < t.count; i++)
        ck_assert(isfinite(t.value[i]));
}
END_TEST

START_TEST(test_degenerate_and_invalid_tick_ranges)
{
    plot_ticks t;
    ck_assert_int_eq(plot_ticks_linear(5.0, 5.0, 6, &t), 1);
    expect_ticks(&t, 1, (double[]){5}, (const char *[]){"5"});
    plot_ticks_linear(0.1, 0.1, 6, &t);
    expect_ticks(&t, 1, (double[]){0.1}, (const char *[]){"0.1"});  /* the shortest text that reads back */
    plot_ticks_linear(-2.5e-7, -2.5e-7, 6, &t);
    ck_assert_str_eq(t.label[0], "-2.5e-7");
    ck_assert_int_eq(plot_ticks_linear(NAN, 1.0, 6, &t), 0);
    ck_assert_int_eq(t.count, 0);
    ck_assert_int_eq(plot_ticks_linear(0.0, INFINITY, 6, &t), 0);
    ck_assert_int_eq(plot_ticks_log(0.0, 10.0, 6, &t), 0);
    ck_assert_int_eq(plot_ticks_log(-1.0, 10.0, 6, &t), 0);
    ck_assert_int_eq(plot_ticks_log(1.0, NAN, 6, &t), 0);
    /* max_count is clamped to 1..PLOT_MAX_TICKS */
    ck_assert_int_eq(plot_ticks_linear(0.0, 1000.0, 1000, &t), 21);  /* step 50: 21; step 20 would be 51 */
    ck_assert_int_eq(plot_ticks_linear(0.0, 1.0, 0, &t), 1);
}
END_TEST

START_TEST(test_log_ticks)
{
    plot_ticks t;
    plot_ticks_log(1e-12, 1.0, 7, &t);  /* 13 decades: every second one */
    expect_ticks(&t, 7, (double[]){1e-12, 1e-10, 1e-8, 1e-6, 1e-4, 1e-2, 1},
                 (const char *[]){"1e-12", "1e-10", "1e-8", "1e-6", "1e-4", "1e-2", "1"});
    plot_ticks_log(1e-12, 1.0, 5, &t);  /* every fifth */
    expect_ticks(&t, 3, (double[]){1e-10, 1e-5, 1}, (const char *[]){"1e-10", "1e-5", "1"});
    ck_assert_int_eq(plot_ticks_log(1e-12, 1.0, 13, &t), 13);
    plot_ticks_log(1.0, 1000.0, 8, &t);
    expect_ticks(&t, 4, (double[]){1, 10, 100, 1000}, (const char *[]){"1", "10", "100", "1000"});
    plot_ticks_log(0.05, 2.0, 8, &t);  /* two decade marks */
    expect_ticks(&t, 2, (double[]){0.1, 1}, (const char *[]){"0.1", "1"});
    plot_ticks_log(2.0, 30.0, 8, &t);  /* one decade mark: 1, 2, 5 x 10^k */
    expect_ticks(&t, 4, (double[]){2, 5, 10, 20}, (const char *[]){"2", "5", "10", "20"});
    plot_ticks_log(3.0, 4.0, 6, &t);  /* no 1-2-5 mark at all: linear */
    expect_ticks(&t, 6, (double[]){3, 3.2, 3.4, 3.6, 3.8, 4}, (const char *[]){"3", "3.2", "3.4", "3.6", "3.8", "4"});
}
END_TEST

/* --- charts ---------------------------------------------------------------------------------------------- */

static void expect_range(const plot_chart *ch, plot_axis axis, double lo, double hi)
{
    double min, max;
    ck_assert_int_eq(plot_chart_range(ch, axis, &min, &max), 0);
    ck_assert_double_eq_tol(min, lo, 1e-12 * fmax(1.0, fabs(lo)));
    ck_assert_double_eq_tol(max, hi, 1e-12 * fmax(1.0, fabs(hi)));
}

START_TEST(test_autoscale_and_fixed_ranges)
{
    plot_chart *ch = plot_chart_new(60, 20, PLOT_BRAILLE);
    double min, max;
    ck_assert_int_eq(plot_chart_range(ch, PLOT_X, &min, &max), -1);  /* before the first render */
    const double x[5] = {0.0, 1.0, 2.0, 3.0, 4.0}, y[5] = {-5.0, 1.0, 2.0, 3.0, 10.0};
    plot_chart_add_series(ch, &(plot_series){.x = x, .y = y, .n = 5});
    plot_chart_render(ch);
    expect_range(ch, PLOT_X, 0.0, 4.0);      /* x: no padding by default */
    expect_range(ch, PLOT_Y, -5.75, 10.75);  /* y: 5% of the span 15 on each side */
    plot_chart_set_autoscale(ch, PLOT_Y, 0.0);
    plot_chart_set_autoscale(ch, PLOT_X, 0.25);
    plot_chart_render(ch);
    expect_range(ch, PLOT_X, -1.0, 5.0);
    expect_range(ch, PLOT_Y, -5.0, 10.0);
    /* a fixed x range: y autoscales over the points inside it only (x = 1, 2, 3) */
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_X, 0.5, 3.5), 0);
    plot_chart_render(ch);
    expect_range(ch, PLOT_X, 0.5, 3.5);
    expect_range(ch, PLOT_Y, 1.0, 3.0);
    /* reference lines and markers count too */
    plot_chart_add_hline(ch, 20.0, 0, NULL);
    plot_chart_add_marker(ch, 2.0, -2.0, 1, NULL);
    plot_chart_add_marker(ch, 9.0, -50.0, 1, NULL);  /* outside the fixed x range: ignored */
    plot_chart_render(ch);
    expect_range(ch, PLOT_Y, -2.0, 20.0);
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, 1.0, 1.0), -1);
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, NAN, 1.0), -1);
    plot_chart_free(ch);
}
END_TEST

START_TEST(test_single_values_and_empty_charts)
{
    plot_chart *ch = plot_chart_new(60, 20, PLOT_BRAILLE);
    plot_chart_render(ch);  /* nothing at all: [0, 1] on both */
    expect_range(ch, PLOT_X, 0.0, 1.0);
    expect_range(ch, PLOT_Y, 0.0, 1.0);
    const double fives[4] = {5.0, 5.0, 5.0, 5.0}, zeros[2] = {0.0, 0.0};
    plot_chart_add_series(ch, &(plot_series){.y = fives, .n = 4});
    plot_chart_render(ch);
    expect_range(ch, PLOT_X, 0.0, 3.0);  /* NULL x: the indices */
    expect_range(ch, PLOT_Y, 4.5, 5.5);  /* 5 +- 10% */
    plot_chart_clear(ch);
    plot_chart_add_series(ch, &(plot_series){.y = zeros, .n = 2});
    plot_chart_render(ch);
    expect_range(ch, PLOT_Y, -1.0, 1.0);
    /* a single value on a log axis: a decade either side */
    plot_chart_set_log(ch, PLOT_Y, true);
    plot_chart_clear(ch);
    plot_chart_add_series(ch, &(plot_series){.y = fives, .n = 4});
    plot_chart_render(ch);
    expect_range(ch, PLOT_Y, 0.5, 50.0);
    plot_chart_free(ch);
}
END_TEST

START_TEST(test_log_axis_skips_nonpositive_values)
{
    plot_chart *ch = plot_chart_new(60, 20, PLOT_BRAILLE);
    ck_assert_int_eq(plot_chart_set_log(ch, PLOT_Y, true), 0);
    const double y[6] = {1.0, 0.0, -1.0, 100.0, NAN, 10.0};
    plot_chart_add_series(ch, &(plot_series){.y = y, .n = 6});
    const char *text = text_of(plot_chart_render(ch));
    /* two decades, padded by 5% of them: 0.1 decade each side */
    expect_range(ch, PLOT_Y, pow(10.0, -0.1), pow(10.0, 2.1));
    ck_assert_ptr_nonnull(strstr(text, "100 ┤"));
    ck_assert_ptr_nonnull(strstr(text, " 10 ┤"));
    ck_assert_ptr_nonnull(strstr(text, "  1 ┤"));
    /* a fixed log range must be positive */
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, 0.0, 10.0), -1);
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, 1e-3, 10.0), 0);
    plot_chart_set_log(ch, PLOT_Y, false);
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, -1.0, 10.0), 0);
    ck_assert_int_eq(plot_chart_set_log(ch, PLOT_Y, true), -1);  /* not with min <= 0 */
    plot_chart_free(ch);
}
END_TEST

START_TEST(test_huge_and_nonfinite_data_never_break_the_chart)
{
    plot_chart *ch = plot_chart_new(50, 15, PLOT_BRAILLE);
    const double y[7] = {0.0, 1.0, 1e308, -DBL_MAX, NAN, INFINITY, 0.5};
    plot_chart_add_series(ch, &(plot_series){.name = "wild", .y = y, .n = 7});
    const char *text = text_of(plot_chart_render(ch));
    expect_range(ch, PLOT_Y, -0.05, 1.05);  /* values past 1e300 are drawn, clipped, but do not stretch y */
    ck_assert_ptr_null(strstr(text, "nan"));
    ck_assert_ptr_null(strstr(text, "inf"));
    /* values closer than any view can be narrow: treated as one value, 0 */
    plot_chart_clear(ch);
    const double tiny[2] = {0.0, 1e-300};
    plot_chart_add_series(ch, &(plot_series){.y = tiny, .n = 2});
    plot_chart_render(ch);
    expect_range(ch, PLOT_Y, -1.0, 1.0);
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, -DBL_MAX, DBL_MAX), -1);
    ck_assert_int_eq(plot_chart_set_range(ch, PLOT_Y, 0.0, 1e-300), -1);
    plot_chart_clear(ch);
    const double nans[3] = {NAN, NAN, NAN};
    plot_chart_add_series(ch, &(plot_series){.x = nans, .y = nans, .n = 3});
    plot_chart_render(ch);
    expect_range(ch, PLOT_Y, 0.0, 1.0);
    ck_assert_int_eq(plot_chart_add_hline(ch, NAN, 0, "x"), -1);
    ck_assert_int_eq(plot_chart_add_marker(ch, 1.0, INFINITY, 1, "x"), -1);
    ck_assert_int_eq(plot_chart_add_series(ch, &(plot_series){.y = NULL, .n = 3}), -1);
    ck_assert_int_eq(plot_chart_add_series(ch, &(plot_series){.y = nans, .n = 3, .color = 9}), -1);
    plot_chart_free(ch);
}
END_TEST

/* A value from a mix that breaks naive plotting: ordinary, huge, tiny, zero, negative, NaN, infinite. */
static double wild_value(gsl_rng *rng)
{
    static const double special[] = {0.0, -0.0, 1e-300, -1e-300, 1e300, -1e300, DBL_MAX, -DBL_MAX,
                                     DBL_MIN, NAN, INFINITY, -INFINITY, 1.0, 1.0 + DBL_EPSILON};
    if (gsl_rng_uniform(rng) < 0.2)
        return special[gsl_rng_uniform_int(rng, sizeof special / sizeof special[0])];
    double magnitude = pow(10.0, gsl_rng_uniform(rng) * 40.0 - 20.0);
    return (gsl_rng_uniform(rng) < 0.5 ? -1.0 : 1.0) * magnitude * gsl_rng_uniform(rng);
}

START_TEST(test_random_charts_render_safely)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 20240601);
    static double x[64], y[64];
    plot_chart *ch = plot_chart_new(120, 40, PLOT_BRAILLE);
    for (int round = 0; round < 400; round++) {
        plot_mode mode = gsl_rng_uniform(rng) < 0.5 ? PLOT_BRAILLE : PLOT_ASCII;
        plot_chart_set_mode(ch, mode);
        ck_assert_int_eq(plot_chart_resize(ch, 1 + (int)gsl_rng_uniform_int(rng, 120),
                                           1 + (int)gsl_rng_uniform_int(rng, 40)), 0);
        plot_chart_clear(ch);
        for (plot_axis a = PLOT_X; a <= PLOT_Y; a++) {
            plot_chart_set_autoscale(ch, a, gsl_rng_uniform(rng));
            plot_chart_set_log(ch, a, gsl_rng_uniform(rng) < 0.3);
            if (gsl_rng_uniform(rng) < 0.3)
                plot_chart_set_range(ch, a, wild_value(rng), wild_value(rng));  /* may be refused */
        }
        size_t n = gsl_rng_uniform_int(rng, 64);
        for (size_t i = 0; i < n; i++)
            x[i] = gsl_rng_uniform(rng) < 0.5 ? (double)i : wild_value(rng), y[i] = wild_value(rng);
        plot_chart_add_series(ch, &(plot_series){.name = "wild", .x = x, .y = y, .n = n});
        plot_chart_add_series(ch, &(plot_series){.y = y, .n = n, .style = PLOT_POINTS});
        plot_chart_add_hline(ch, wild_value(rng), 0, "h");
        plot_chart_add_marker(ch, wild_value(rng), wild_value(rng), 1, "m");
        plot_chart_set_title(ch, gsl_rng_uniform(rng) < 0.5 ? "a title" : NULL);
        const plot_grid *g = plot_chart_render(ch);
        int bad = 0;  /* counted, then asserted once: every Check assertion costs a write */
        for (int i = 0; i < g->cols * g->rows; i++) {
            uint32_t c = g->cells[i].ch;
            bad += c < 0x20 || c == 0x7F || (mode == PLOT_ASCII && c >= 0x80) || c == 0x2800u /* blank is ' ' */ ||
                   g->cells[i].color > PLOT_COLORS;
        }
        ck_assert_int_eq(bad, 0);
        const char *text = text_of(g);
        ck_assert_ptr_null(strstr(text, "nan"));
        ck_assert_ptr_null(strstr(text, "inf"));
    }
    plot_chart_free(ch);
    gsl_rng_free(rng);
}
END_TEST

START_TEST(test_marker_cell_and_mouse_mapping)
{
    plot_chart *ch = plot_chart_new(40, 12, PLOT_BRAILLE);
    plot_chart_set_range(ch, PLOT_X, 0.0, 10.0);
    plot_chart_set_range(ch, PLOT_Y, 0.0, 10.0);
    plot_chart_add_marker(ch, 3.0, 7.0, 4, NULL);
    const plot_grid *g = plot_chart_render(ch);
    int col0, row0, cols, rows, found = 0;
    ck_assert_int_eq(plot_chart_area(ch, &col0, &row0, &cols, &rows), 0);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            const plot_cell *cell = &g->cells[r * g->cols + c];
            if (cell->ch != 0x28FFu)
                continue;
            found++;
            ck_assert_int_eq(cell->color, 4);
            ck_assert(cell->attr & PLOT_ATTR_BOLD);
            double x, y;
            ck_assert_int_eq(plot_chart_cell_to_data(ch, c, r, &x, &y), 0);
            /* the cell's centre is within one cell of the point: 2 (4) dots of 10 / (dots - 1) data units */
            ck_assert_double_le(fabs(x - 3.0), 2.0 * 10.0 / (2 * cols - 1));
            ck_assert_double_le(fabs(y - 7.0), 4.0 * 10.0 / (4 * rows - 1));
        }
    ck_assert_int_eq(found, 1);
    int mc, mr;
    ck_assert_int_eq(plot_chart_data_to_cell(ch, 3.0, 7.0, &mc, &mr), 0);
    ck_assert_uint_eq(cell_at(g, mc, mr), 0x28FFu);
    ck_assert_int_eq(plot_chart_data_to_cell(ch, 11.0, 7.0, &mc, &mr), -1);
    double x, y;
    ck_assert_int_eq(plot_chart_cell_to_data(ch, col0 - 1, row0, &x, &y), -1);  /* the axis */
    ck_assert_int_eq(plot_chart_cell_to_data(ch, col0, row0 + rows, &x, &y), -1);
    ck_assert_int_eq(plot_chart_cell_to_data(ch, col0, row0, &x, &y), 0);  /* top left: near (0, 10) */
    ck_assert_double_lt(x, 0.5);
    ck_assert_double_gt(y, 9.0);
    /* clamped: a cell past the area maps like the nearest cell inside it */
    double xc, yc, xe, ye;
    ck_assert_int_eq(plot_chart_cell_to_data_clamped(ch, col0 - 9, row0 - 3, &xc, &yc), 0);
    ck_assert(xc == x && yc == y);
    ck_assert_int_eq(plot_chart_cell_to_data_clamped(ch, col0 + cols + 40, row0 + 2, &xc, &yc), 0);
    ck_assert_int_eq(plot_chart_cell_to_data(ch, col0 + cols - 1, row0 + 2, &xe, &ye), 0);
    ck_assert(xc == xe && yc == ye);
    plot_chart_free(ch);
}
END_TEST

START_TEST(test_small_sizes_and_resizes)
{
    plot_chart *ch = plot_chart_new(8, 3, PLOT_BRAILLE);
    const double y[2] = {0.0, 1.0};
    plot_chart_add_series(ch, &(plot_series){.name = "a", .y = y, .n = 2});
    ck_assert_str_eq(text_of(plot_chart_render(ch)), "plot too\n\n\n");
    int c, r, w, h;
    ck_assert_int_eq(plot_chart_area(ch, &c, &r, &w, &h), -1);
    ck_assert_int_eq(plot_chart_resize(ch, 1, 1), 0);
    ck_assert_str_eq(text_of(plot_chart_render(ch)), "p\n");
    ck_assert_int_eq(plot_chart_resize(ch, 0, 1), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(plot_chart_resize(ch, 1 << 13, 1 << 12), NUMLAB_ERR_INPUT);  /* 2^25 cells: past 2^24 */
    ck_assert_int_eq(plot_chart_resize(ch, 30, 10), 0);
    const plot_grid *g = plot_chart_render(ch);
    ck_assert_int_eq(g->cols, 30);
    ck_assert_int_eq(plot_chart_area(ch, &c, &r, &w, &h), 0);
    const plot_cell *cells = g->cells;
    ck_assert_int_eq(plot_chart_resize(ch, 20, 8), 0);  /* smaller: the same buffer */
    ck_assert_ptr_eq(plot_chart_render(ch)->cells, cells);
    ck_assert_ptr_null(plot_chart_new(0, 5, PLOT_BRAILLE));
    plot_chart_free(ch);
    plot_chart_free(NULL);
}
END_TEST

/* Allocation counting: outside AddressSanitizer (which owns malloc), this program's malloc family wraps glibc's, so
 * a test can see that a frame allocates nothing, not even a buffer it frees again. */
#ifdef __SANITIZE_ADDRESS__
#define COUNTS_ALLOCATIONS 0
static size_t allocations;
#else
#define COUNTS_ALLOCATIONS 1
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
static volatile size_t allocations;

void *malloc(size_t size)
{
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    allocations++;
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    allocations++;
    return __libc_realloc(p, size);
}
#endif

START_TEST(test_rendering_does_not_allocate)
{
    double t[500], y[500];
    for (int i = 0; i < 500; i++)
        t[i] = i * 0.01, y[i] = sin(t[i]);
    size_t at_start = allocations;
    plot_chart *ch = plot_chart_new(100, 30, PLOT_BRAILLE);
    ck_assert(!COUNTS_ALLOCATIONS || allocations > at_start);  /* the counter works: setup allocates */
    plot_chart_set_title(ch, "frames");
    const plot_cell *cells = plot_chart_render(ch)->cells;
    struct mallinfo2 before = mallinfo2();
    size_t counted = allocations;
    for (int frame = 0; frame < 50; frame++) {
        plot_chart_clear(ch);
        plot_chart_add_series(ch, &(plot_series){.name = "sin", .x = t, .y = y, .n = 500});
        plot_chart_add_hline(ch, 0.5, 0, "half");
        plot_chart_add_marker(ch, t[frame], y[frame], 2, "now");
        plot_chart_set_mode(ch, frame % 2 ? PLOT_ASCII : PLOT_BRAILLE);
        plot_chart_resize(ch, 100 - frame % 7, 30 - frame % 3);  /* shrinking and back: within the capacity */
        plot_chart_render(ch);
    }
    ck_assert_uint_eq(allocations, counted);
    ck_assert_uint_eq(mallinfo2().uordblks, before.uordblks);  /* bytes in use: the same */
    ck_assert_ptr_eq(plot_chart_render(ch)->cells, cells);
    plot_chart_free(ch);
}
END_TEST

START_TEST(test_chart_texts_legend_and_ascii)
{
    plot_chart *ch = plot_chart_new(50, 14, PLOT_ASCII);
    plot_chart_set_title(ch, "ω0·dt\n");  /* non-ASCII and a control character: '?' in ASCII mode */
    plot_chart_set_labels(ch, "t [s]", "x [m]");
    const double y1[3] = {0.0, 1.0, 0.0}, y2[3] = {1.0, 0.0, 1.0};
    plot_chart_add_series(ch, &(plot_series){.name = "up", .y = y1, .n = 3});
    plot_chart_add_series(ch, &(plot_series){.name = "down", .y = y2, .n = 3, .style = PLOT_POINTS});
    plot_chart_add_vline(ch, 1.0, 0, "middle");
    plot_chart_add_marker(ch, 1.0, 1.0, 3, "top");
    const char *text = text_of(plot_chart_render(ch));
    for (const char *p = text; *p; p++)
        ck_assert_msg((unsigned char)*p < 0x80, "non-ASCII byte in ASCII mode");
    ck_assert_ptr_nonnull(strstr(text, "?0?dt?"));
    ck_assert_ptr_nonnull(strstr(text, "** up"));
    ck_assert_ptr_nonnull(strstr(text, "o  down"));
    ck_assert_ptr_nonnull(strstr(text, ":  middle"));
    ck_assert_ptr_nonnull(strstr(text, "@  top"));
    ck_assert_ptr_nonnull(strstr(text, "t [s]"));
    ck_assert_ptr_nonnull(strstr(text, "x [m]"));
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    ck_assert_int_eq(lines, 14);
    ck_assert_ptr_null(strstr(text, " \n"));  /* trailing spaces trimmed */
    char written[4096];  /* plot_chart_write prints the same text */
    FILE *f = tmpfile();
    ck_assert_int_eq(plot_chart_write(ch, f, 0), 0);
    rewind(f);
    written[fread(written, 1, sizeof written - 1, f)] = '\0';
    fclose(f);
    ck_assert_str_eq(written, text);
    plot_chart_set_mode(ch, PLOT_BRAILLE);
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    text = text_of(plot_chart_render(ch));
    ck_assert_ptr_nonnull(strstr(text, "ω0·dt"));
    ck_assert_ptr_null(strstr(text, "up"));
    plot_chart_set_legend(ch, PLOT_LEGEND_BOTTOM_LEFT);
    text = text_of(plot_chart_render(ch));
    ck_assert_ptr_nonnull(strstr(text, "── up"));
    ck_assert_ptr_nonnull(strstr(text, "│── up"));  /* against the y axis */
    plot_chart_free(ch);
}
END_TEST

/* --- golden charts --------------------------------------------------------------------------------------- */

/* Compares a chart's text with tests/golden/NAME, or writes it there when NUMLAB_UPDATE_GOLDEN=1. */
static void check_golden(const char *name, const plot_grid *g)
{
    char path[256], expected[1 << 16];
    snprintf(path, sizeof path, "tests/golden/%s", name);
    const char *actual = text_of(g);
    const char *update = getenv("NUMLAB_UPDATE_GOLDEN");
    if (update && strcmp(update, "1") == 0) {
        FILE *f = fopen(path, "w");
        ck_assert_msg(f != NULL, "cannot write %s", path);
        fputs(actual, f);
        ck_assert_int_eq(fclose(f), 0);
        return;
    }
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s (run from the top directory)", path);
    size_t n = fread(expected, 1, sizeof expected - 1, f);
    fclose(f);
    expected[n] = '\0';
    if (strcmp(actual, expected) != 0) {
        fprintf(stderr, "--- %s differs; the chart now is:\n%s", path, actual);
        int line = 1;
        for (size_t i = 0; actual[i] == expected[i]; i++)
            line += actual[i] == '\n';
        ck_abort_msg("%s differs from line %d (NUMLAB_UPDATE_GOLDEN=1 regenerates, then review it)", path, line);
    }
}

START_TEST(test_golden_time_plot)
{
    enum { N = 240 };
    double t[N], s[N], c[N];
    for (int i = 0; i < N; i++) {
        t[i] = 2.0 * NUMLAB_PI * i / (N - 1);
        s[i] = sin(t[i]), c[i] = cos(t[i]);
    }
    plot_chart *ch = plot_chart_new(72, 20, PLOT_BRAILLE);
    plot_chart_set_title(ch, "sine and cosine");
    plot_chart_set_labels(ch, "t [s]", "x [m]");
    plot_chart_add_series(ch, &(plot_series){.name = "sin t", .x = t, .y = s, .n = N});
    plot_chart_add_series(ch, &(plot_series){.name = "cos t", .x = t, .y = c, .n = N});
    check_golden("plot_time.txt", plot_chart_render(ch));
    plot_chart_free(ch);
}
END_TEST

/* x'' = -w^2 x from x = 1, v = 0, three ways; the error against cos(w t) (explicit Euler grows like
 * t (w^2 dt / 2), semi-implicit stays bounded, RK4 is ~ (w dt)^4 smaller). */
static void spring_errors(double w, double dt, int steps, double *t, double err[3][301])
{
    double x[3] = {1.0, 1.0, 1.0}, v[3] = {0.0, 0.0, 0.0};
    const double w2 = w * w;
    for (int i = 0; i <= steps; i++) {
        t[i] = i * dt;
        for (int m = 0; m < 3; m++)
            err[m][i] = fabs(x[m] - cos(w * t[i]));
        double xe = x[0] + dt * v[0], ve = v[0] - dt * w2 * x[0];  /* explicit Euler */
        x[0] = xe, v[0] = ve;
        v[1] -= dt * w2 * x[1], x[1] += dt * v[1];  /* semi-implicit */
        double k1x = v[2], k1v = -w2 * x[2];  /* RK4 */
        double k2x = v[2] + dt / 2 * k1v, k2v = -w2 * (x[2] + dt / 2 * k1x);
        double k3x = v[2] + dt / 2 * k2v, k3v = -w2 * (x[2] + dt / 2 * k2x);
        double k4x = v[2] + dt * k3v, k4v = -w2 * (x[2] + dt * k3x);
        x[2] += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
        v[2] += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    }
}

START_TEST(test_golden_log_error_plot)
{
    static double t[301], err[3][301];
    spring_errors(10.0, 0.01, 300, t, err);
    plot_chart *ch = plot_chart_new(72, 22, PLOT_BRAILLE);
    plot_chart_set_title(ch, "error against the closed form, w0 = 10 rad/s, dt = 10 ms");
    plot_chart_set_labels(ch, "t [s]", "|x - cos(w0 t)| [m]");
    plot_chart_set_log(ch, PLOT_Y, true);
    const char *names[3] = {"explicit", "semi", "rk4"};
    for (int m = 0; m < 3; m++)  /* err = 0 at t = 0 is skipped on the log axis */
        plot_chart_add_series(ch, &(plot_series){.name = names[m], .x = t, .y = err[m], .n = 301});
    check_golden("plot_error_logy.txt", plot_chart_render(ch));
    plot_chart_free(ch);
}
END_TEST

/* |amplification| per step of the undamped spring against y = w0 dt: explicit sqrt(1 + y^2);
 * semi-implicit 1 up to y = 2, then the larger |root| of l^2 - (2 - y^2) l + 1; RK4 |R(iy)| with
 * |R(iy)|^2 = 1 - y^6/72 + y^8/576. */
static void stability_curves(int n, double *y, double amp[3][351])
{
    for (int i = 0; i < n; i++) {
        double h = y[i] = 3.5 * i / (n - 1);
        amp[0][i] = sqrt(1.0 + h * h);
        amp[1][i] = h <= 2.0 ? 1.0 : (h * h - 2.0 + h * sqrt(h * h - 4.0)) / 2.0;
        amp[2][i] = sqrt(1.0 - pow(h, 6) / 72.0 + pow(h, 8) / 576.0);
    }
}

static plot_chart *stability_chart(plot_mode mode)
{
    static double y[351], amp[3][351];
    stability_curves(351, y, amp);
    plot_chart *ch = plot_chart_new(72, 22, mode);
    plot_chart_set_title(ch, "stability: |amplification| per step, undamped");
    plot_chart_set_labels(ch, "w0*dt", "|A|");
    plot_chart_set_range(ch, PLOT_Y, 0.0, 2.5);
    const char *names[3] = {"explicit", "semi-implicit", "rk4"};
    for (int m = 0; m < 3; m++)
        plot_chart_add_series(ch, &(plot_series){.name = names[m], .x = y, .y = amp[m], .n = 351});
    plot_chart_add_hline(ch, 1.0, 0, "|A| = 1");
    plot_chart_add_vline(ch, 2.0, 2, "semi bound 2");
    plot_chart_add_vline(ch, 2.0 * sqrt(2.0), 3, "rk4 bound 2.83");
    plot_chart_add_marker(ch, 0.8, 1.0, 2, "w0*dt = 0.8");  /* semi-implicit: |A| = 1 below 2 */
    return ch;
}

START_TEST(test_golden_stability_braille)
{
    plot_chart *ch = stability_chart(PLOT_BRAILLE);
    check_golden("plot_stability_braille.txt", plot_chart_render(ch));
    plot_chart_free(ch);
}
END_TEST

START_TEST(test_golden_stability_ascii)
{
    plot_chart *ch = stability_chart(PLOT_ASCII);
    check_golden("plot_stability_ascii.txt", plot_chart_render(ch));
    plot_chart_free(ch);
}
END_TEST

static Suite *plot_suite(void)
{
    Suite *s = suite_create("plot");
    TCase *canvas = tcase_create("canvas");
    tcase_add_test(canvas, test_each_dot_sets_its_unicode_bit);
    tcase_add_test(canvas, test_horizontal_lines_light_one_dot_row);
    tcase_add_test(canvas, test_diagonal_line_lights_the_diagonal);
    tcase_add_test(canvas, test_steep_lines_have_no_gaps);
    tcase_add_test(canvas, test_clipped_lines_light_exactly_their_visible_part);
    tcase_add_test(canvas, test_extreme_endpoints_stay_finite);
    tcase_add_test(canvas, test_nonfinite_points_break_the_line);
    tcase_add_test(canvas, test_ascii_mode_has_a_glyph_per_series);
    tcase_add_test(canvas, test_canvas_views_and_sizes);
    tcase_add_test(canvas, test_mode_follows_the_locale);
    tcase_add_test(canvas, test_text_is_trimmed_and_snprintf_like);
    suite_add_tcase(s, canvas);
    TCase *ticks = tcase_create("ticks");
    tcase_add_test(ticks, test_linear_ticks_are_nice);
    tcase_add_test(ticks, test_ticks_of_tiny_and_huge_ranges);
    tcase_add_test(ticks, test_degenerate_and_invalid_tick_ranges);
    tcase_add_test(ticks, test_log_ticks);
    suite_add_tcase(s, ticks);
    TCase *chart = tcase_create("chart");
    tcase_add_test(chart, test_autoscale_and_fixed_ranges);
    tcase_add_test(chart, test_single_values_and_empty_charts);
    tcase_add_test(chart, test_log_axis_skips_nonpositive_values);
    tcase_add_test(chart, test_huge_and_nonfinite_data_never_break_the_chart);
    tcase_add_test(chart, test_random_charts_render_safely);
    tcase_add_test(chart, test_marker_cell_and_mouse_mapping);
    tcase_add_test(chart, test_small_sizes_and_resizes);
    tcase_add_test(chart, test_rendering_does_not_allocate);
    tcase_add_test(chart, test_chart_texts_legend_and_ascii);
    suite_add_tcase(s, chart);
    TCase *golden = tcase_create("golden");
    tcase_add_test(golden, test_golden_time_plot);
    tcase_add_test(golden, test_golden_log_error_plot);
    tcase_add_test(golden, test_golden_stability_braille);
    tcase_add_test(golden, test_golden_stability_ascii);
    suite_add_tcase(s, golden);
    return s;
}

int main(void)
{
    return run_suite(plot_suite());
}
