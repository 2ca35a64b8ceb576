/* plot's glyph sets (src/plot_glyphs.c) against the Unicode Character Database: every dot pattern of every set is
 * drawn by a distinct code point whose name, as UnicodeData.txt gives it (tests/data/unicode-blocks.txt), describes
 * exactly those dots ("BLOCK OCTANT-1235", "QUADRANT UPPER LEFT AND LOWER RIGHT", "LEFT HALF UPPER ONE QUARTER
 * BLOCK"); braille against its dot numbering. Then the canvas in each set: dots by hand, equal aspect, the names. */
#include "numlab/plot.h"
#include "helpers/check_main.h"

#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* A cell's area as 2 columns x 12 rows of sub-squares (12 = lcm(2, 3, 4): halves, thirds and quarters of the height
 * fall on its rows), bit (row * 2 + col). */
typedef unsigned long long area;

static area block(int col_lo, int col_hi, int row_lo, int row_hi)
{
    area a = 0;
    for (int r = row_lo; r <= row_hi; r++)
        for (int c = col_lo; c <= col_hi; c++)
            a |= 1ull << (r * 2 + c);
    return a;
}

/* What a name says the character fills; 0 for a name this test does not read. */
static area area_of_name(const char *name)
{
    int numbered = 0, rows = 0;
    if (strncmp(name, "BLOCK SEXTANT-", 14) == 0)
        numbered = 14, rows = 3;
    else if (strncmp(name, "BLOCK OCTANT-", 13) == 0)
        numbered = 13, rows = 4;
    if (numbered) {  /* cells numbered 1 2 / 3 4 / ... left to right, top to bottom */
        area a = 0;
        const int h = 12 / rows;
        for (const char *d = name + numbered; *d; d++) {
            const int k = *d - '1', col = k % 2, row = k / 2;
            a |= block(col, col, row * h, row * h + h - 1);
        }
        return a;
    }
    if (strncmp(name, "QUADRANT ", 9) == 0) {
        area a = 0;
        static const char *const quads[4] = {"UPPER LEFT", "UPPER RIGHT", "LOWER LEFT", "LOWER RIGHT"};
        for (int q = 0; q < 4; q++) {
            const char *at = strstr(name, quads[q]);
            /* "UPPER LEFT" must not be read inside "UPPER LEFT AND ..."'s other parts: each part is a whole word pair */
            if (at && (at == name + 9 || at[-1] == ' ') && (at[strlen(quads[q])] == '\0' || at[strlen(quads[q])] == ' '))
                a |= block(q % 2, q % 2, q / 2 * 6, q / 2 * 6 + 5);
        }
        return a;
    }
    if (!strstr(name, "BLOCK"))
        return 0;
    int c0 = 0, c1 = 1, r0 = 0, r1 = 11;
    if (strstr(name, "LEFT HALF") || strstr(name, "MIDDLE LEFT"))
        c1 = 0;
    if (strstr(name, "RIGHT HALF") || strstr(name, "MIDDLE RIGHT"))
        c0 = 1;
    if (strstr(name, "UPPER ONE QUARTER"))
        r1 = 2;
    else if (strstr(name, "LOWER ONE QUARTER") && !strstr(name, "MIDDLE"))
        r0 = 9;
    else if (strstr(name, "UPPER THREE QUARTERS"))
        r1 = 8;
    else if (strstr(name, "LOWER THREE QUARTERS"))
        r0 = 3;
    else if (strstr(name, "UPPER HALF"))
        r1 = 5;
    else if (strstr(name, "LOWER HALF"))
        r0 = 6;
    if (strstr(name, "MIDDLE"))
        r0 = 3, r1 = 8;
    return block(c0, c1, r0, r1);
}

/* The area a set's dots cover: dot (col, row) of a W x H cell is its columns' and rows' share of the 2 x 12. */
static area area_of_pattern(int w, int h, unsigned pattern)
{
    area a = 0;
    for (int k = 0; k < w * h; k++)
        if (pattern >> k & 1u) {
            const int col = k % w, row = k / w;
            a |= block(w == 1 ? 0 : col, w == 1 ? 1 : col, row * 12 / h, (row + 1) * 12 / h - 1);
        }
    return a;
}

#define MAX_NAMES 512
static struct {
    unsigned long cp;
    char name[80];
} names[MAX_NAMES];
static int n_names;

static void load_names(void)
{
    if (n_names)
        return;
    FILE *f = fopen("tests/data/unicode-blocks.txt", "r");
    ck_assert_msg(f != NULL, "tests/data/unicode-blocks.txt: run from the top directory");
    char line[160];
    while (fgets(line, sizeof line, f) && n_names < MAX_NAMES) {
        if (line[0] == '#')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char *semi = strchr(line, ';');
        ck_assert_ptr_nonnull(semi);
        names[n_names].cp = strtoul(line, NULL, 16);
        snprintf(names[n_names].name, sizeof names[n_names].name, "%s", semi + 1);
        n_names++;
    }
    fclose(f);
    /* Block Elements' 17 used here, 60 sextants, 4 quarter blocks, 230 octants, 4 from the supplement */
    ck_assert_int_eq(n_names, 17 + 60 + 4 + 230 + 4);
}

static const char *name_of(unsigned long cp)
{
    for (int i = 0; i < n_names; i++)
        if (names[i].cp == cp)
            return names[i].name;
    return NULL;
}

static unsigned long cp_named(const char *name)
{
    for (int i = 0; i < n_names; i++)
        if (strcmp(names[i].name, name) == 0)
            return names[i].cp;
    ck_abort_msg("no character named %s", name);
    return 0;
}

START_TEST(block_sets_match_the_unicode_names)
{
    load_names();
    const plot_mode sets[4] = {PLOT_OCTANT, PLOT_SEXTANT, PLOT_QUADRANT, PLOT_HALF};
    const int patterns[4] = {256, 64, 16, 4};
    for (int s = 0; s < 4; s++) {
        int w, h;
        plot_mode_cell(sets[s], &w, &h);
        ck_assert_int_eq(1 << (w * h), patterns[s]);
        static uint32_t seen[256];
        for (unsigned p = 0; p < (unsigned)patterns[s]; p++) {
            const uint32_t cp = plot_mode_glyph(sets[s], p);
            seen[p] = cp;
            if (p == 0) {
                ck_assert_uint_eq(cp, ' ');
                continue;
            }
            const char *name = name_of(cp);
            ck_assert_msg(name != NULL, "%s pattern %u: U+%04X is not a block character of the UCD excerpt",
                          plot_mode_name(sets[s]), p, (unsigned)cp);
            ck_assert_msg(area_of_name(name) == area_of_pattern(w, h, p), "%s pattern %u: U+%04X %s draws other dots",
                          plot_mode_name(sets[s]), p, (unsigned)cp, name);
            for (unsigned q = 0; q < p; q++)
                ck_assert_msg(seen[q] != cp, "%s: patterns %u and %u share U+%04X", plot_mode_name(sets[s]), q, p,
                              (unsigned)cp);
        }
    }
    /* every octant of U+1CD00..U+1CDE5 and every sextant of U+1FB00..U+1FB3B is used: 230 + 26 = 256, 60 + 4 = 64 */
    int octants = 0, sextants = 0;
    for (unsigned p = 0; p < 256; p++)
        octants += plot_mode_glyph(PLOT_OCTANT, p) >= 0x1CD00 && plot_mode_glyph(PLOT_OCTANT, p) <= 0x1CDE5;
    for (unsigned p = 0; p < 64; p++)
        sextants += plot_mode_glyph(PLOT_SEXTANT, p) >= 0x1FB00 && plot_mode_glyph(PLOT_SEXTANT, p) <= 0x1FB3B;
    ck_assert_int_eq(octants, 230);
    ck_assert_int_eq(sextants, 60);
}
END_TEST

/* Braille's dots are numbered 1 2 3 7 down the left column and 4 5 6 8 down the right, dot k being bit k - 1 of
 * the code point's offset from U+2800 (the Unicode braille block; "BRAILLE PATTERN DOTS-1237"). */
START_TEST(braille_matches_its_dot_numbering)
{
    static const int dot_number[4][2] = {{1, 4}, {2, 5}, {3, 6}, {7, 8}};
    for (unsigned p = 1; p < 256; p++) {
        unsigned want = 0;
        for (int k = 0; k < 8; k++)
            if (p >> k & 1u)
                want |= 1u << (dot_number[k / 2][k % 2] - 1);
        ck_assert_uint_eq(plot_mode_glyph(PLOT_BRAILLE, p), 0x2800u + want);
    }
    ck_assert_uint_eq(plot_mode_glyph(PLOT_BRAILLE, 0), ' ');
}
END_TEST

START_TEST(names_and_cells)
{
    const char *want[PLOT_MODE_COUNT] = {"braille", "octant", "sextant", "quadrant", "half", "ascii"};
    const int cells[PLOT_MODE_COUNT][2] = {{2, 4}, {2, 4}, {2, 3}, {2, 2}, {1, 2}, {1, 1}};
    for (int k = 0; k < PLOT_MODE_COUNT; k++) {
        plot_mode m;
        ck_assert_str_eq(plot_mode_name(plot_mode_at(k)), want[k]);
        ck_assert_int_eq(plot_mode_parse(want[k], &m), 0);
        ck_assert_int_eq(m, plot_mode_at(k));
        int w, h;
        plot_mode_cell(m, &w, &h);
        ck_assert_int_eq(w, cells[k][0]);
        ck_assert_int_eq(h, cells[k][1]);
    }
    plot_mode m = PLOT_HALF;
    ck_assert_int_eq(plot_mode_parse("Braille", &m), -1);
    ck_assert_int_eq(plot_mode_parse("", &m), -1);
    ck_assert_int_eq(m, PLOT_HALF);
    ck_assert_str_eq(plot_mode_list, "braille, octant, sextant, quadrant, half, ascii");
}
END_TEST

/* Dots by hand in each block set: the cells' glyphs are the characters named for the dots lit. */
START_TEST(canvas_dots_by_hand)
{
    load_names();
    plot_canvas *c = plot_canvas_new(2, 1, PLOT_QUADRANT);  /* 4 x 2 dots */
    ck_assert_int_eq(plot_canvas_dot_width(c), 4);
    ck_assert_int_eq(plot_canvas_dot_height(c), 2);
    plot_canvas_set_dot(c, 0, 0, 1);
    plot_canvas_set_dot(c, 3, 1, 2);
    plot_canvas_set_dot(c, 2, 1, 2);
    const plot_grid *g = plot_canvas_grid(c);
    ck_assert_uint_eq(g->cells[0].ch, cp_named("QUADRANT UPPER LEFT"));
    ck_assert_uint_eq(g->cells[1].ch, cp_named("LOWER HALF BLOCK"));
    ck_assert_int_eq(g->cells[1].color, 2);
    ck_assert(plot_canvas_dot(c, 3, 1) && plot_canvas_dot(c, 2, 1) && !plot_canvas_dot(c, 2, 0));

    plot_canvas_set_mode(c, PLOT_SEXTANT);  /* 4 x 3 dots: the bottom row of the second cell, its top left */
    plot_canvas_set_dot(c, 2, 2, 1);
    plot_canvas_set_dot(c, 3, 2, 1);
    plot_canvas_set_dot(c, 2, 0, 1);
    ck_assert_uint_eq(g->cells[0].ch, ' ');
    ck_assert_uint_eq(g->cells[1].ch, cp_named("BLOCK SEXTANT-156"));

    plot_canvas_set_mode(c, PLOT_OCTANT);  /* 4 x 4 dots: a diagonal in the first cell */
    for (int k = 0; k < 4; k++)
        plot_canvas_set_dot(c, k % 2, k, 1);
    ck_assert_uint_eq(g->cells[0].ch, cp_named("BLOCK OCTANT-1458"));
    plot_canvas_clear(c);
    plot_canvas_set_dot(c, 1, 3, 1);
    ck_assert_uint_eq(g->cells[0].ch, cp_named("RIGHT HALF LOWER ONE QUARTER BLOCK"));

    plot_canvas_set_mode(c, PLOT_HALF);  /* 2 x 2 dots */
    ck_assert_int_eq(plot_canvas_dot_width(c), 2);
    plot_canvas_set_dot(c, 1, 0, 1);
    plot_canvas_set_dot(c, 1, 1, 1);
    ck_assert_uint_eq(g->cells[1].ch, cp_named("FULL BLOCK"));
    plot_canvas_free(c);
}
END_TEST

/* A line across a sextant canvas: one dot each column (Bresenham), every cell's glyph a sextant or block. */
START_TEST(lines_in_block_sets)
{
    load_names();
    plot_canvas *c = plot_canvas_new(10, 4, PLOT_SEXTANT);  /* 20 x 12 dots */
    plot_canvas_set_view(c, 0, 19, 0, 11);
    plot_canvas_line(c, 0, 0, 19, 11, 3);
    int lit = 0;
    for (int x = 0; x < 20; x++)
        for (int y = 0; y < 12; y++)
            lit += plot_canvas_dot(c, x, y);
    ck_assert_int_eq(lit, 20);  /* x-major: one dot a column */
    ck_assert(plot_canvas_dot(c, 0, 11) && plot_canvas_dot(c, 19, 0));
    const plot_grid *g = plot_canvas_grid(c);
    for (int i = 0; i < 40; i++)
        ck_assert(g->cells[i].ch == ' ' || name_of(g->cells[i].ch) != NULL);
    plot_canvas_free(c);
}
END_TEST

/* Equal aspect in a sextant cell (2 x 3 dots in a cell twice as tall as wide: a dot 4/3 as tall as wide), 40 x 10
 * cells: 80 x 30 dots, 79 x 29 pitches; the unit box needs u = max(1/79, 1/(29 * 4/3)) = 3/116, x spans 79 * 3/116. */
START_TEST(equal_aspect_sextant_by_hand)
{
    double r[4];
    plot_equal_aspect((double[4]){0, 1, 0, 1}, 40, 10, PLOT_SEXTANT, r);
    ck_assert_double_eq_tol(r[1] - r[0], 79.0 * 3.0 / 116.0, 1e-14);
    ck_assert_double_eq_tol(r[3] - r[2], 1.0, 1e-14);
    /* half blocks, 1 x 2 dots: square dots, 40 x 20 dots, 39 x 19 pitches: u = 1/19, x spans 39/19 */
    plot_equal_aspect((double[4]){0, 1, 0, 1}, 40, 10, PLOT_HALF, r);
    ck_assert_double_eq_tol(r[1] - r[0], 39.0 / 19.0, 1e-14);
}
END_TEST

/* A chart in each block set: the frame is box drawing, the marker a full block, nothing braille. */
START_TEST(charts_in_block_sets_have_no_braille)
{
    const double x[5] = {0, 1, 2, 3, 4}, y[5] = {0, 1, 4, 9, 16};
    const plot_mode sets[4] = {PLOT_OCTANT, PLOT_SEXTANT, PLOT_QUADRANT, PLOT_HALF};
    for (int s = 0; s < 4; s++) {
        plot_chart *ch = plot_chart_new(40, 12, sets[s]);
        plot_chart_add_series(ch, &(plot_series){.name = "square", .x = x, .y = y, .n = 5});
        plot_chart_add_series(ch, &(plot_series){.name = "points", .x = x, .y = x, .n = 5, .style = PLOT_POINTS});
        plot_chart_add_marker(ch, 2, 4, 3, "here");
        const plot_grid *g = plot_chart_render(ch);
        int blocks = 0, full = 0;
        for (int i = 0; i < g->cols * g->rows; i++) {
            const uint32_t cp = g->cells[i].ch;
            ck_assert_msg(!(cp >= 0x2800 && cp <= 0x28FF), "%s: braille U+%04X", plot_mode_name(sets[s]), (unsigned)cp);
            blocks += (cp >= 0x2580 && cp <= 0x259F) || (cp >= 0x1FB00 && cp <= 0x1FBFF) || (cp >= 0x1CC00 && cp <= 0x1CEBF);
            full += cp == 0x2588 && (g->cells[i].attr & PLOT_ATTR_BOLD);
        }
        ck_assert_int_gt(blocks, 8);
        ck_assert_int_ge(full, 1);
        plot_chart_free(ch);
    }
}
END_TEST

/* What curses can draw: each set whose glyphs the C library measures one column, else the next coarser. Block
 * Elements (Unicode 1.1) and the sextants (13.0) are known to any library of this decade; the octants (16.0) only to
 * the newest (glibc 2.36, Debian 12's, measures U+1CD00 -1: sextants then). */
START_TEST(drawable_sets)
{
    ck_assert_ptr_nonnull(setlocale(LC_CTYPE, "C.UTF-8"));
    ck_assert_int_eq(plot_mode_drawable(PLOT_BRAILLE), PLOT_BRAILLE);
    ck_assert_int_eq(plot_mode_drawable(PLOT_ASCII), PLOT_ASCII);
    ck_assert_int_eq(plot_mode_drawable(PLOT_QUADRANT), PLOT_QUADRANT);
    ck_assert_int_eq(plot_mode_drawable(PLOT_HALF), PLOT_HALF);
    ck_assert_int_eq(plot_mode_drawable(PLOT_SEXTANT), PLOT_SEXTANT);
    const bool unicode16 = wcwidth(0x1CD00) == 1 && wcwidth(0x1CEA0) == 1;
    ck_assert_int_eq(plot_mode_drawable(PLOT_OCTANT), unicode16 ? PLOT_OCTANT : PLOT_SEXTANT);
    /* in a locale without UTF-8 nothing but ASCII has a width */
    setlocale(LC_CTYPE, "C");
    ck_assert_int_eq(plot_mode_drawable(PLOT_QUADRANT), PLOT_ASCII);
    setlocale(LC_CTYPE, "C.UTF-8");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("plot_glyphs");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, block_sets_match_the_unicode_names);
    tcase_add_test(tc, braille_matches_its_dot_numbering);
    tcase_add_test(tc, names_and_cells);
    tcase_add_test(tc, canvas_dots_by_hand);
    tcase_add_test(tc, lines_in_block_sets);
    tcase_add_test(tc, equal_aspect_sextant_by_hand);
    tcase_add_test(tc, charts_in_block_sets_have_no_braille);
    tcase_add_test(tc, drawable_sets);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(suite());
}
