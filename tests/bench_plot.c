/* Benchmark: one frame of 4 series x 2,000 points into a 200 x 60 braille canvas (goal: under 1 ms a frame).
 *
 * Printed as `name: X us/frame (ratio R x reference)`. The reference, run in the same process on the same data,
 * is the least any renderer must do: clear a 400 x 240 dot bitmap and map every point to its dot and set it
 * (no lines, clipping, cells or text). The ratio is what lines without gaps, clipping and braille cells cost on
 * top of touching the data once. Also measured: the whole chart (frame, ticks, legend) at 200 x 60 and its text
 * output (what --plot prints). Each figure is the median of 7 batches of about 50 ms of the thread's CPU time.
 *
 * The figures (figure.h) of the same chart, 640 x 400, written to /dev/null (no disk in the timing) as SVG, PDF and
 * PNG, are reported as ratios against the terminal render of that chart plus its text (plot-chart + plot-text):
 * what a figure for a report costs beside what the terminal does every frame. */
#include "numlab/figure.h"
#include "numlab/plot.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SERIES = 4, POINTS = 2000, COLS = 200, ROWS = 60, BATCHES = 7 };

static double t[POINTS], y[SERIES][POINTS];
static plot_canvas *canvas;
static plot_chart *chart;
static char text[COLS * ROWS * 4 + ROWS + 1];
static volatile unsigned sink;  /* keeps the reference's work observable */

/* The thread's CPU time: other processes' time slices on a busy machine do not stretch it. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* The reference: a plain dot bitmap, every point mapped to its nearest dot with the canvas's mapping. */
static void frame_reference(void)
{
    static uint8_t dots[ROWS * 4][COLS * 2];
    memset(dots, 0, sizeof dots);
    const double sx = (COLS * 2 - 1) / 10.0, sy = (ROWS * 4 - 1) / 2.4;
    for (int s = 0; s < SERIES; s++)
        for (int i = 0; i < POINTS; i++) {
            int dx = (int)floor(t[i] * sx + 0.5), dy = (int)floor((1.2 - y[s][i]) * sy + 0.5);
            dots[dy][dx] = (uint8_t)(s + 1);
        }
    sink += dots[ROWS * 2][COLS];
}

static void frame_canvas(void)
{
    plot_canvas_clear(canvas);
    for (int s = 0; s < SERIES; s++)
        plot_canvas_polyline(canvas, t, y[s], POINTS, 1, s + 1);
    sink += plot_canvas_grid(canvas)->cells[0].ch;
}

static void frame_chart(void)
{
    static const char *const names[SERIES] = {"explicit", "semi", "rk4", "exact"};
    plot_chart_clear(chart);
    for (int s = 0; s < SERIES; s++)
        plot_chart_add_series(chart, &(plot_series){.name = names[s], .x = t, .y = y[s], .n = POINTS});
    plot_chart_add_hline(chart, 0.0, 0, "rest");
    plot_chart_add_marker(chart, t[POINTS / 2], y[0][POINTS / 2], 1, "now");
    sink += plot_chart_render(chart)->cells[0].ch;
}

static void frame_text(void)
{
    sink += (unsigned)plot_grid_text(plot_chart_render(chart), text, sizeof text, 0);
}

static FILE *devnull;
static figure_format format;

static void frame_figure(void)
{
    char err[128];
    rewind(devnull);
    sink += (unsigned)figure_write(&chart, 1, format, 640, 400, devnull, err, sizeof err);
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y2 = *(const double *)b;
    return (x > y2) - (x < y2);
}

/* Microseconds a frame: the median of BATCHES batches, each about 50 ms long. */
static double per_frame(void (*frame)(void))
{
    long n = 1;
    double start = now();
    frame();
    double once = now() - start;
    if (once > 0.0)
        n = (long)(0.05 / once) + 1;
    double batch[BATCHES];
    for (int b = 0; b < BATCHES; b++) {
        start = now();
        for (long i = 0; i < n; i++)
            frame();
        batch[b] = (now() - start) / (double)n;
    }
    qsort(batch, BATCHES, sizeof batch[0], compare);
    return 1e6 * batch[BATCHES / 2];
}

int main(void)
{
    /* four damped oscillations in [-1.2, 1.2] over t in [0, 10]: about 16 dots of vertical travel a point */
    for (int i = 0; i < POINTS; i++) {
        t[i] = 10.0 * i / (POINTS - 1);
        for (int s = 0; s < SERIES; s++)
            y[s][i] = exp(-0.05 * (s + 1) * t[i]) * cos((3.0 + 2.0 * s) * t[i] + s);
    }
    canvas = plot_canvas_new(COLS, ROWS, PLOT_BRAILLE);
    chart = plot_chart_new(COLS, ROWS, PLOT_BRAILLE);
    if (!canvas || !chart || plot_canvas_set_view(canvas, 0.0, 10.0, -1.2, 1.2)) {
        fprintf(stderr, "bench_plot: out of memory\n");
        return 1;
    }
    plot_chart_set_title(chart, "benchmark");
    plot_chart_set_labels(chart, "t [s]", "x [m]");

    double reference = per_frame(frame_reference);
    double canvas_us = per_frame(frame_canvas);
    double chart_us = per_frame(frame_chart);
    double text_us = per_frame(frame_text) - chart_us;
    printf("plot-render: %.1f us/frame (ratio %.2f x reference)\n", canvas_us, canvas_us / reference);
    printf("plot-chart: %.1f us/frame (ratio %.2f x reference)\n", chart_us, chart_us / reference);
    printf("plot-text: %.1f us/frame (ratio %.2f x reference)\n", text_us, text_us / reference);
    printf("  reference (clear a %dx%d dot bitmap, set one dot per point, %d points): %.1f us/frame\n",
           COLS * 2, ROWS * 4, SERIES * POINTS, reference);
    printf("  goal: plot-render and plot-chart under 1000 us/frame: %s\n",
           canvas_us < 1000.0 && chart_us < 1000.0 ? "met" : "MISSED");
    if ((devnull = fopen("/dev/null", "wb"))) {
        const double terminal = chart_us + text_us;  /* the same chart as --plot prints it */
        for (int k = 0; k < 3; k++) {
            format = (figure_format)k;
            double us = per_frame(frame_figure);
            printf("figure-%s: %.0f us/figure (ratio %.1f x the terminal render of the same chart, %.1f us)\n",
                   figure_format_name(format), us, us / terminal, terminal);
        }
        fclose(devnull);
    }
    plot_canvas_free(canvas);
    plot_chart_free(chart);
    return 0;
}
