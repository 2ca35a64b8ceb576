/* bowl-lab: --spectrogram, the render's spectrogram as a figure or as text. The modal lines are the steady
 * horizontal lines (the bowl's and the spheres' modes), the micro-impact noise the broadband speckle under them,
 * and each strike a vertical streak. */
#include "bowl_lab.h"

#include "numlab/cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FRAME 2048              /* 42.7 ms at 48 kHz: bins of 23.4 Hz, enough to part the modes */
#define MAX_FRAMES 4096         /* a long render takes a longer hop instead of more memory */
#define RANGE_DB 100.0          /* the colour scale: the loudest level (rounded up to 10 dB) and 100 dB below */
#define TEXT_COLS 100
#define TEXT_ROWS 30

void bowl_lab_chart_spectrogram(plot_chart *ch, const spectrogram *sg, float *values, const char *title)
{
    const size_t frames = spectrogram_frames(sg), bins = spectrogram_bins(sg);
    plot_chart_clear(ch);
    plot_chart_set_title(ch, title);
    if (frames == 0)
        return;
    const float *db = spectrogram_db(sg);
    double top = -200.0;
    for (size_t f = 0; f < frames; f++)
        for (size_t k = 0; k < bins; k++) {
            values[k * frames + f] = db[f * bins + k];
            top = fmax(top, db[f * bins + k]);
        }
    top = 10.0 * ceil(top / 10.0);
    const double hz = spectrogram_bin_hz(sg), half_hop = 0.5 * spectrogram_hop_seconds(sg);
    plot_chart_set_labels(ch, "t [s]", "f [Hz]");
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    plot_chart_set_log(ch, PLOT_Y, true);
    plot_chart_set_range(ch, PLOT_Y, 20.0, 0.5 * (double)SND_RATE);
    const double t0 = spectrogram_frame_time(sg, 0) - half_hop, t1 = spectrogram_frame_time(sg, frames - 1) + half_hop;
    plot_chart_set_range(ch, PLOT_X, t0, t1);
    plot_chart_set_image(ch, &(plot_image){.values = values, .nx = (int)frames, .ny = (int)bins, .x0 = t0, .x1 = t1,
                                           .y0 = -0.5 * hz, .y1 = ((double)bins - 0.5) * hz, .lo = top - RANGE_DB,
                                           .hi = top, .unit = "dB"});
}

int bowl_lab_spectrogram(const bowl_lab_options *o)
{
    const bool text = strcmp(o->spectrogram, "-") == 0;
    figure_format format;
    if (!text && figure_format_from_path(o->spectrogram, &format))
        return cli_error("--spectrogram: '%s' is not a figure file (allowed: FILE.png, .svg, .pdf, or - for text)",
                         cli_cut(o->spectrogram));
    struct stat st;
    if (!text && !o->replace && lstat(o->spectrogram, &st) == 0)  /* refused before the render, not after it */
        return cli_error("--spectrogram: '%s' already exists (give --force to replace it)", cli_cut(o->spectrogram));
    const double samples = o->seconds * SND_RATE;
    const size_t hop = 256 * (size_t)fmax(1.0, ceil(samples / (256.0 * MAX_FRAMES)));
    if (samples < FRAME)
        return cli_error("--spectrogram: --seconds %g is shorter than one frame (allowed: at least %.3f s)",
                         o->seconds, FRAME / (double)SND_RATE);
    bowl_lab_options run = *o;
    run.spectrogram_sink = spectrogram_new(FRAME, hop, SND_RATE);
    if (!run.spectrogram_sink)
        return cli_fail("--spectrogram: out of memory");
    run.quiet = o->quiet || text;  /* the text chart alone on stdout */
    int rc = bowl_lab_render(&run);
    const spectrogram *sg = run.spectrogram_sink;
    float *values = rc == CLI_OK ? malloc(spectrogram_frames(sg) * spectrogram_bins(sg) * sizeof *values) : NULL;
    plot_chart *ch = values ? plot_chart_new(TEXT_COLS, TEXT_ROWS, plot_mode_from_locale()) : NULL;
    if (rc == CLI_OK && !ch)
        rc = cli_fail("--spectrogram: out of memory");
    if (rc == CLI_OK) {
        char title[PLOT_TITLE_MAX];
        snprintf(title, sizeof title, "spectrogram: %s, seed %lu, %g s (dB, Hann %d)", o->preset->name, o->seed,
                 o->seconds, FRAME);
        bowl_lab_chart_spectrogram(ch, sg, values, title);
        figure_options fo = o->figure;
        fo.out = text ? NULL : o->spectrogram, fo.force = o->replace;
        rc = figure_output(&ch, 1, &fo, 0);
    }
    plot_chart_free(ch);
    free(values);
    spectrogram_free(run.spectrogram_sink);
    return rc;
}
