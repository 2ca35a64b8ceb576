/* plot_heat: a chart's heat map (plot.h's plot_image: a spectrogram, the stability regions) on a terminal in colour,
 * two pixels a cell: the upper half block U+2580 in the upper pixel's colour on the lower pixel's, with a colour bar
 * and its ticks at the right. The colours are viridis, the perceptually uniform map that colour-blind readers and
 * gray print read in order (matplotlib's default: S. van der Walt and N. Smith, "A better default colormap for
 * Matplotlib", SciPy 2015; its data public domain, CC0), as 24-bit SGR (38;2;R;G;B) where the terminal says it has
 * them (COLORTERM=truecolor or 24bit) and as the nearest of the xterm 256-colour palette otherwise. Without colour (not
 * a terminal, NO_COLOR) or glyphs (ascii), the cells are a ramp of characters, " .:-=+*#%@", lightest lowest, and the
 * bar the same ramp. The chart's curves, markers, frame and texts are drawn as plot_chart_write draws them. */
#ifndef NUMLAB_PLOT_HEAT_H
#define NUMLAB_PLOT_HEAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "numlab/plot.h"

typedef enum {
    PLOT_HEAT_MONO,             /* a character ramp, no escape sequences */
    PLOT_HEAT_256,              /* xterm's 256 colours (SGR 38;5;N / 48;5;N) */
    PLOT_HEAT_TRUECOLOR         /* 24-bit colour (SGR 38;2;R;G;B / 48;2;R;G;B) */
} plot_heat_depth;

#define PLOT_HEAT_RAMP " .:-=+*#%@"

/* Viridis at t (0 the lowest value, 1 the highest; clamped, NaN as 0) in 8-bit sRGB: piecewise linear between every
 * 16th of matplotlib's 256 entries (t = k / 255, k = 0, 16, ..., 240, and 255), which it passes through exactly. */
void plot_viridis(double t, uint8_t rgb[3]);
/* The xterm 256-colour palette's entry nearest to rgb (squared distance in sRGB): one of the 6 x 6 x 6 cube (16 + 36 r
 * + 6 g + b, levels 0, 95, 135, 175, 215, 255) or the 24 grays (232 + k, 8 + 10 k). */
int plot_xterm256(const uint8_t rgb[3]);

/* A heat map's value as a cell keeps it (plot_cell.heat): 1 + 254 t rounded, t its fraction of the map's scale (0..1,
 * clamped); 0 for none (NaN). And the colour of the n a screen paints with (0..n-1) for a level, -1 for none. */
uint8_t plot_heat_level(double t);
int plot_heat_color_of(uint8_t level, int n);

/* The depth for a terminal: MONO unless colour is wanted (color), else TRUECOLOR when colorterm is "truecolor" or
 * "24bit" (the convention terminals and tmux set in COLORTERM), else 256. */
plot_heat_depth plot_heat_depth_for(bool color, const char *colorterm);
/* The same for stdout from the environment: colour when stdout is a terminal or CLICOLOR_FORCE is set (not "0"), and
 * NO_COLOR is not set (no-color.org); COLORTERM then decides the depth. */
plot_heat_depth plot_heat_depth_from_env(void);

/* Renders ch (its size, less the colour bar's columns at the right) and writes it to f with its image as a heat map
 * in depth (mono in PLOT_ASCII: U+2580 is not ASCII), from image.lo (the map's start) to image.hi (its end); cells
 * the image does not cover (NaN) stay blank. A chart without an image is plot_chart_write's (in colour unless MONO).
 * 0, or NUMLAB_ERR_IO when writing failed; NUMLAB_ERR_INPUT when the chart is too narrow for a bar (under 24 columns). */
int plot_heat_write(plot_chart *ch, FILE *f, plot_heat_depth depth);

#endif
