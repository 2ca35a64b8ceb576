/* bowl-lab: --spectrogram, the render's spectrogram as a figure or as text. The modal lines are the steady
 * horizontal lines (the bowl's and the spheres' modes), the micro-impact noise the broadband speckle under them,
 * and each strike a vertical streak. */
#include "lab.h"

#include "numlab/cli.h"
#include "numlab/outset.h"
#include "numlab/plot_heat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FRAME 2048              /* 42.7 ms at 48 kHz: bins of 23.4 Hz, enough to part the modes */
#define MAX_FRAMES 4096         /* a long render takes a longer hop instead of more memory */
#define TEXT_COLS 100
#define TEXT_ROWS 30

/* Before the render's outputs are committed: the chart as text on stdout (a heat map in colour on a terminal:
 * plot_heat.h), or as a figure into the render's output
 * set (committed with the WAV and the CSVs, or none of them); then the summary and stdout flushed. */
static int chart_before_commit(const bl_options *o, outset *set, const char *summary)
{
    const bool text = strcmp(o->spectrogram, "-") == 0;
    const spectrogram *sg = o->spectrogram_sink;
    float *values = malloc(spectrogram_frames(sg) * spectrogram_bins(sg) * sizeof *values);
    plot_chart *ch = values ? plot_chart_new(TEXT_COLS, TEXT_ROWS, o->glyphs) : NULL;
    int rc = ch ? CLI_OK : cli_fail(_("--spectrogram: out of memory"));
    if (rc == CLI_OK) {
        char title[PLOT_TITLE_MAX];
        snprintf(title, sizeof title, _("spectrogram: %s, seed %lu, %g s (dB, Hann %d)"), o->preset->name, o->seed,
                 o->seconds, FRAME);
        bl_chart_spectrogram(ch, sg, values, title);
        figure_options fo = o->figure;
        fo.out = o->spectrogram, fo.force = o->replace;
        if (!text)
            rc = figure_output_into(set, &ch, 1, &fo);
        else if (plot_heat_write(ch, stdout, plot_heat_depth_from_env()) == NUMLAB_ERR_INPUT)
            plot_chart_write(ch, stdout, 0);  /* too narrow for the colour bar; a write error stays in ferror */
    }
    plot_chart_free(ch);
    free(values);
    return rc == CLI_OK ? bl_say_summary(o, summary) : rc;
}

int bl_spectrogram(const bl_options *o)
{
    const bool text = strcmp(o->spectrogram, "-") == 0;
    figure_format format;
    if (!text && figure_format_from_path(o->spectrogram, &format))
        return cli_error(_("--spectrogram: '%s' is not a figure file (allowed: FILE.png, .svg, .pdf, or - for text)"),
                         cli_cut(o->spectrogram));
    struct stat st;
    if (!text && !o->replace && lstat(o->spectrogram, &st) == 0)  /* refused before the render, not after it */
        return cli_error(_("--spectrogram: '%s' already exists (give --force to replace it)"), cli_cut(o->spectrogram));
    const double samples = o->seconds * SND_RATE;
    const size_t hop = 256 * (size_t)fmax(1.0, ceil(samples / (256.0 * MAX_FRAMES)));
    if (samples < FRAME)
        return cli_error(_("--spectrogram: --seconds %g is shorter than one frame (allowed: at least %.3f s)"),
                         o->seconds, FRAME / (double)SND_RATE);
    bl_options run = *o;
    run.spectrogram_sink = spectrogram_new(FRAME, hop, SND_RATE);
    if (!run.spectrogram_sink)
        return cli_fail(_("--spectrogram: out of memory"));
    run.quiet = o->quiet || text;  /* the text chart alone on stdout */
    run.before_commit = chart_before_commit;
    int rc = bl_render(&run);
    if (rc == CLI_OK && !text) {
        figure_options fo = o->figure;
        fo.out = o->spectrogram;
        figure_output_written(1, &fo);
    }
    spectrogram_free(run.spectrogram_sink);
    return rc;
}
