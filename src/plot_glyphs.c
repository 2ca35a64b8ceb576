/* plot: the glyph sets of the dot raster (the dot patterns of a cell and the code point that draws each), their
 * names, and the frame glyphs of each set. See include/numlab/plot.h.
 *
 * The patterns' code points, from the Unicode Character Database (UnicodeData.txt) and its charts:
 *   Block Elements U+2580..U+259F (Unicode 1.1): the half blocks, the quadrants, the full block, and the quarter
 *     blocks U+2582 (LOWER ONE QUARTER) and U+2586 (LOWER THREE QUARTERS);
 *   Symbols for Legacy Computing U+1FB00..U+1FBFF (Unicode 13.0): "BLOCK SEXTANT-N..." U+1FB00..U+1FB3B, the 60
 *     patterns of 2 x 3 that Block Elements lacks, in increasing order of their bits (sextant k is bit k - 1,
 *     numbered 1 2 / 3 4 / 5 6); U+1FB82 UPPER ONE QUARTER, U+1FB85 UPPER THREE QUARTERS and U+1FBE6/U+1FBE7
 *     MIDDLE LEFT/RIGHT ONE QUARTER BLOCK;
 *   Symbols for Legacy Computing Supplement U+1CC00..U+1CEBF (Unicode 16.0): "BLOCK OCTANT-N..." U+1CD00..U+1CDE5,
 *     the 230 patterns of 2 x 4 not drawn by a character above, likewise in increasing order (octants 1 2 / 3 4 /
 *     5 6 / 7 8), and the single octants 1, 2, 7, 8 as U+1CEA8 LEFT HALF UPPER, U+1CEAB RIGHT HALF UPPER, U+1CEA3
 *     LEFT HALF LOWER and U+1CEA0 RIGHT HALF LOWER ONE QUARTER BLOCK.
 * tests/test_plot_glyphs.c checks every pattern of every set against the characters' names in
 * tests/data/unicode-blocks.txt (those UnicodeData.txt lines). */
#include "plot_internal.h"

#include <string.h>
#include <wchar.h>

#define BRAILLE_BASE 0x2800u
#define SEXTANT_BASE 0x1FB00u
#define OCTANT_BASE 0x1CD00u
#define FULL_BLOCK 0x2588u

/* In the order --glyphs lists them: the finest first, ascii last. */
static const struct {
    plot_mode mode;
    const char *name;
    int w, h;
} sets[PLOT_MODE_COUNT] = {
    {PLOT_BRAILLE, "braille", 2, 4}, {PLOT_OCTANT, "octant", 2, 4},   {PLOT_SEXTANT, "sextant", 2, 3},
    {PLOT_QUADRANT, "quadrant", 2, 2}, {PLOT_HALF, "half", 1, 2}, {PLOT_ASCII, "ascii", 1, 1},
};

const char plot_mode_list[] = "braille, octant, sextant, quadrant, half, ascii";

static int set_index(plot_mode m)
{
    for (int i = 0; i < PLOT_MODE_COUNT; i++)
        if (sets[i].mode == m)
            return i;
    return 0;
}

const char *plot_mode_name(plot_mode m)
{
    return sets[set_index(m)].name;
}

int plot_mode_parse(const char *name, plot_mode *m)
{
    for (int i = 0; i < PLOT_MODE_COUNT; i++)
        if (strcmp(name, sets[i].name) == 0) {
            *m = sets[i].mode;
            return 0;
        }
    return -1;
}

plot_mode plot_mode_at(int k)
{
    return sets[k >= 0 && k < PLOT_MODE_COUNT ? k : 0].mode;
}

void plot_mode_cell(plot_mode m, int *w, int *h)
{
    *w = sets[set_index(m)].w;
    *h = sets[set_index(m)].h;
}

/* The braille bit of the dot at (column, row) in its cell: the Unicode layout in plot.h. */
static const uint8_t braille_bit[4][2] = {{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}};

static uint32_t braille(unsigned p)
{
    unsigned bits = 0;
    for (int k = 0; k < 8; k++)
        if (p >> k & 1u)
            bits |= braille_bit[k / 2][k % 2];
    return BRAILLE_BASE + bits;
}

/* 2 x 2: bit 0 upper left, 1 upper right, 2 lower left, 3 lower right. */
static const uint32_t quadrant[16] = {
    ' ',    0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
    0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, FULL_BLOCK,
};

static const uint32_t half[4] = {' ', 0x2580, 0x2584, FULL_BLOCK};

/* 2 x 3: the four patterns Block Elements draws, the rest in order from U+1FB00. */
static uint32_t sextant(unsigned p)
{
    switch (p) {
    case 0:  return ' ';
    case 21: return 0x258C;     /* sextants 1, 3, 5: LEFT HALF BLOCK */
    case 42: return 0x2590;     /* 2, 4, 6: RIGHT HALF BLOCK */
    case 63: return FULL_BLOCK;
    default: return SEXTANT_BASE + p - 1 - (p > 21) - (p > 42);
    }
}

/* 2 x 4: the 26 patterns drawn by older characters (ascending), the rest in order from U+1CD00. */
static const struct {
    uint8_t pattern;
    uint32_t cp;
} octant_elsewhere[26] = {
    {0, ' '},       {1, 0x1CEA8},   {2, 0x1CEAB},   {3, 0x1FB82},   {5, 0x2598},    {10, 0x259D},   {15, 0x2580},
    {20, 0x1FBE6},  {40, 0x1FBE7},  {63, 0x1FB85},  {64, 0x1CEA3},  {80, 0x2596},   {85, 0x258C},   {90, 0x259E},
    {95, 0x259B},   {128, 0x1CEA0}, {160, 0x2597},  {165, 0x259A},  {170, 0x2590},  {175, 0x259C},  {192, 0x2582},
    {240, 0x2584},  {245, 0x2599},  {250, 0x259F},  {252, 0x2586},  {255, FULL_BLOCK},
};

static uint32_t octant(unsigned p)
{
    unsigned below = 0;
    for (int k = 0; k < 26 && octant_elsewhere[k].pattern <= p; k++, below++)
        if (octant_elsewhere[k].pattern == p)
            return octant_elsewhere[k].cp;
    return OCTANT_BASE + p - below;
}

uint32_t plot_mode_glyph(plot_mode m, unsigned pattern)
{
    int w, h;
    plot_mode_cell(m, &w, &h);
    pattern &= (1u << (w * h)) - 1u;
    if (pattern == 0)
        return ' ';
    switch (m) {
    case PLOT_BRAILLE:  return braille(pattern);
    case PLOT_OCTANT:   return octant(pattern);
    case PLOT_SEXTANT:  return sextant(pattern);
    case PLOT_QUADRANT: return quadrant[pattern];
    case PLOT_HALF:     return half[pattern];
    default:            return '*';
    }
}

/* Whether the C library gives every glyph of a set one column. */
static bool glyphs_known(plot_mode mode)
{
    int w, h;
    plot_mode_cell(mode, &w, &h);
    for (unsigned p = 1; p < 1u << (w * h); p++)
        if (wcwidth((wchar_t)plot_mode_glyph(mode, p)) != 1)
            return false;
    return true;
}

plot_mode plot_mode_drawable(plot_mode mode)
{
    static const plot_mode coarser[4] = {PLOT_OCTANT, PLOT_SEXTANT, PLOT_QUADRANT, PLOT_HALF};
    int k = 0;
    while (k < 4 && coarser[k] != mode)
        k++;
    if (k == 4)
        return mode;  /* braille (Unicode 3.0) and ascii: every library knows them */
    for (; k < 4; k++)
        if (glyphs_known(coarser[k]))
            return coarser[k];
    return PLOT_ASCII;
}

/* --- the frame and the legend ------------------------------------------------------------------------------ */

/* vertical, y tick, horizontal, x tick, corner, marker; the samples of lines, points, hlines, vlines. The block sets
 * keep to box drawing and their own glyphs (no braille: a font without it is why they are chosen); a points sample is
 * the set's lower right dot. */
#define BOX_FRAME 0x2502, 0x2524, 0x2500, 0x252C, 0x2514
static const plot_glyph_set frames[PLOT_MODE_COUNT] = {
    [PLOT_BRAILLE] = {BOX_FRAME, 0x28FF, 0x2500, 0x2836, 0x2504, 0x2506},
    [PLOT_ASCII] = {'|', '+', '-', '+', '+', '@', 0, 0, '-', ':'},
    [PLOT_OCTANT] = {BOX_FRAME, FULL_BLOCK, 0x2500, 0x1CEA0, 0x2504, 0x2506},
    [PLOT_SEXTANT] = {BOX_FRAME, FULL_BLOCK, 0x2500, 0x1FB1E, 0x2504, 0x2506},
    [PLOT_QUADRANT] = {BOX_FRAME, FULL_BLOCK, 0x2500, 0x2597, 0x2504, 0x2506},
    [PLOT_HALF] = {BOX_FRAME, FULL_BLOCK, 0x2500, 0x2584, 0x2504, 0x2506},
};

const plot_glyph_set *plot_frame_glyphs(plot_mode m)
{
    return &frames[(unsigned)m < PLOT_MODE_COUNT ? m : PLOT_BRAILLE];
}
