/* figure: the plot module's charts as figures for a report (SVG, PDF, PNG), drawn with cairo.
 *
 * The chart is the one the terminal shows (plot.h): the same series, ranges (autoscaled the same way, log axes as
 * on screen), 1-2-5 ticks, labels, reference lines, markers, heat map and legend (in the corner the terminal
 * chose). Only the drawing differs (src/plot_cairo.c): lines instead of braille dots, real text (PDF embeds the
 * font; cairo's SVG draws glyphs as outlines), and a palette that reads for colour-blind readers and in grayscale:
 * Okabe and Ito's colours (Color Universal Design, 2002) for the terminal's hues, and a dash pattern of its own for
 * each series, so that print in gray keeps them apart. A heat map is drawn in viridis (dark to light, monotone in
 * lightness, so gray print keeps its order) with a colour bar.
 *
 * Several charts make one figure side by side (the two panes of a lab's step). Sizes are in points for SVG and
 * PDF and in pixels for PNG (1 pt = 1 px: 640 x 400 is the same drawing in each).
 *
 * Writing a file goes through outset (outset.h): atomic, an existing file kept unless forced. Nothing here prints
 * except figure_output and figure_output_check, which report errors through cli (cli.h), naming the option and the
 * file. */
#ifndef NUMLAB_FIGURE_H
#define NUMLAB_FIGURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "numlab/lang.h"
#include "numlab/plot.h"

typedef enum { FIGURE_SVG, FIGURE_PDF, FIGURE_PNG } figure_format;

#define FIGURE_WIDTH 640        /* the default size, pt or px */
#define FIGURE_HEIGHT 400
#define FIGURE_MIN 64           /* each side, pt or px */
#define FIGURE_MAX 8000
#define FIGURE_MAX_CHARTS 4

/* The format named by a file's extension (.svg, .pdf, .png, any case). 0, or -1 for another extension. */
int figure_format_from_path(const char *path, figure_format *format);
const char *figure_format_name(figure_format format);

/* Draws charts[0..n-1] side by side into a width x height figure and writes it to f. Each chart is rendered
 * (plot_chart_render, at its own grid size) first, for its ranges and its legend's corner. 0, or -1 with a reason in
 * err when cairo failed (out of memory) or writing failed. */
int figure_write(plot_chart *const *charts, int n, figure_format format, double width, double height, FILE *f,
                 char *err, size_t errlen);

/* Where figure_write puts chart k's plot area (the rectangle inside the axes; x, y from the top left, w, h; pt or
 * px). 0, or -1 when k is out of range or the chart shows no plot area. For tests and annotations. */
int figure_chart_area(plot_chart *const *charts, int n, int k, double width, double height, double area[4]);

/* The data behind a chart as CSV: its state line as a comment first when one is set (figure_set_state), then
 * "series,x,y" rows, the series in order (its legend name, or "series N"), then
 * reference lines ("hline NAME"/"vline NAME", the value in y or x) and markers ("marker NAME", x, y); a heat map
 * as "image,x,y,value" rows at its samples' centres. Numbers with 17 significant digits and a '.'. 0, or -1 when
 * writing failed. */
int figure_write_csv(const plot_chart *ch, FILE *f);

/* The state line (state.h) every figure and CSV written from now on carries, so that it can be reopened: SVG a
 * <metadata id="numlab-state"> element, PNG a tEXt chunk "numlab-state", PDF the document's Subject (Keywords
 * "numlab-state"), and figure_write_csv a first line "# numlab-state: LINE" (a comment: a CSV reader that takes '#'
 * lines as comments, as pandas' comment='#' and gnuplot do, reads the same rows). NULL: none (the default). The
 * line is copied. labcli sets it from the options of a --plot (labcli_parse), the walk's f from its screen. */
void figure_set_state(const char *line);
const char *figure_state(void);

/* --- the command line: --out FILE, --size WxH, --force of every headless --plot ---------------------------- */

typedef struct {
    const char *out;            /* NULL: the chart as text on stdout */
    double width, height;       /* 0: FIGURE_WIDTH x FIGURE_HEIGHT */
    bool force;                 /* replace an existing regular file */
    bool size_given;
    const char *force_option;   /* how the program spells force in messages (NULL: "--force") */
} figure_options;

/* --size WxH: two whole numbers in FIGURE_MIN..FIGURE_MAX. CLI_OK, or CLI_USAGE with the message printed. */
int figure_size_option(const char *opt, const char *text, figure_options *o);
/* The same as a lab's option parser (labcli.h, LABCLI_PARSE; LABCLI_FIGURE_OPTIONS): field is the lab's
 * figure_options. */
int figure_size_field(void *opts, void *field, const char *opt, const char *text);
/* Before any work: the options go with a --plot (plotting), --out's extension names a format, and --size and
 * --force go with --out. CLI_OK or CLI_USAGE. */
int figure_output_check(const figure_options *o, bool plotting);
/* What a headless --plot does once its charts are built: without --out, each chart as text on stdout (text_flags
 * for plot_grid_write); with it, one figure of the charts written atomically to o->out, committed only once stdout
 * is flushed (cli_flush_stdout: whatever the lab prints goes before), and "wrote FILE: ..." on stderr (escaped).
 * CLI_OK, CLI_USAGE (the file exists: --force), or CLI_FAILURE, the message said; on failure no figure is left. */
int figure_output(plot_chart *const *charts, int n, const figure_options *o, unsigned text_flags);
/* The same figure into an output set of the caller's (outset.h), to be committed with its other outputs:
 * CLI_OK, or the status with the message said (the set is the caller's to abort). After the commit,
 * figure_output_written says "wrote FILE: ..." on stderr. */
struct outset;
int figure_output_into(struct outset *set, plot_chart *const *charts, int n, const figure_options *o);
void figure_output_written(int n, const figure_options *o);

/* The interactive lab's figure key: a new folder DIR/PROGRAM-stepS-NNN (NNN the first number not taken) holding,
 * for each chart k (1-based), chart-k.svg, chart-k.png and chart-k.csv. On success 0 and the folder's path in
 * where; else -1 and the reason in where. */
int figure_folder_write(plot_chart *const *charts, int n, const char *dir, const char *program, int step,
                        char *where, size_t wherelen);

#endif
