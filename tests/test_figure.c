/* figure: the files read back as a reader would. A PNG is opened again with cairo and its pixels sampled against the
 * plot area figure_chart_area reports: a known series lies where its data says, inside the area, and nothing of it
 * outside; a log axis draws 10^x as a straight line, as the terminal does. An SVG is parsed by xmllint and its
 * paths counted (one a visible series, plus the grid and the axes); a PDF has one page of the size asked (pdfinfo).
 * The CSV holds the data behind the chart, number for number. */
#include "numlab/common.h"
#include "numlab/figure.h"
#include "helpers/check_main.h"
#include "helpers/scratch.h"

#include <cairo.h>
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 201

static double xs[N], line_y[N], wild_y[N], exp_y[N];

static void fill_data(void)
{
    for (int i = 0; i < N; i++) {
        xs[i] = i / (N - 1.0);
        line_y[i] = 0.25;
        /* a series that leaves the view by far: 1e300 and -1e300 every other point, NaN in between */
        wild_y[i] = i % 3 == 0 ? NAN : i % 2 ? 1e300 : -1e300;
        exp_y[i] = pow(10.0, 3.0 * xs[i]);  /* 1 .. 1000: a straight line on a log y axis */
    }
}

/* A fresh scratch directory, path = a file name in it, and an empty 80 x 24 chart. */
static plot_chart *scratch_chart(char *dir, char *path, const char *name)
{
    fresh_dir(dir);
    snprintf(path, 128, "%s/%s", dir, name);
    plot_chart *ch = plot_chart_new(80, 24, PLOT_BRAILLE);
    ck_assert_ptr_nonnull(ch);
    return ch;
}

static void write_figure(plot_chart *ch, figure_format format, double w, double h, const char *path)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    char err[256];
    ck_assert_int_eq(figure_write(&ch, 1, format, w, h, f, err, sizeof err), 0);
    ck_assert_int_eq(fclose(f), 0);
}

typedef struct {
    unsigned char *data;
    int w, h, stride;
    cairo_surface_t *s;
} image;

static image read_png(const char *path)
{
    image im = {.s = cairo_image_surface_create_from_png(path)};
    ck_assert_int_eq(cairo_surface_status(im.s), CAIRO_STATUS_SUCCESS);
    cairo_surface_flush(im.s);
    im.data = cairo_image_surface_get_data(im.s);
    im.w = cairo_image_surface_get_width(im.s), im.h = cairo_image_surface_get_height(im.s);
    im.stride = cairo_image_surface_get_stride(im.s);
    return im;
}

/* Whether pixel (x, y) shows the warm vermillion (0xD55E00: red well above blue) or the cool blue (0x0072B2: blue
 * well above red) of the palette. Antialiased edges mix them with white, which keeps the sign of red - blue; the
 * grays of the grid, axes and text have red = blue. */
enum { WARM, COOL };
static bool pixel_is(const image *im, int x, int y, int tint)
{
    uint32_t px;
    memcpy(&px, im->data + (size_t)y * (size_t)im->stride + 4 * (size_t)x, 4);
    int d = (int)(px >> 16 & 0xFF) - (int)(px & 0xFF);
    return tint == WARM ? d > 40 : d < -40;
}

/* A series y = 0.25 on [0, 1] x [0, 1] in colour 5 (vermillion, 0xD55E00 in the figure's palette) and a wild one in
 * colour 6 (blue, 0x0072B2) that is never inside the view: the PNG has the asked size, the line's pixels lie on the
 * row a quarter up the area (y = 0.25) across the whole area, and no pixel of either series is outside the area. */
START_TEST(png_series_inside_the_area)
{
    char dir[64], path[128];
    plot_chart *ch = scratch_chart(dir, path, "line.png");
    plot_chart_set_title(ch, "a known chart");
    plot_chart_set_labels(ch, "x", "y");
    plot_chart_set_range(ch, PLOT_X, 0.0, 1.0);
    plot_chart_set_range(ch, PLOT_Y, 0.0, 1.0);
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    plot_chart_add_series(ch, &(plot_series){.x = xs, .y = line_y, .n = N, .color = 5});
    plot_chart_add_series(ch, &(plot_series){.x = xs, .y = wild_y, .n = N, .color = 6});
    write_figure(ch, FIGURE_PNG, 500, 300, path);
    double a[4];
    ck_assert_int_eq(figure_chart_area(&ch, 1, 0, 500, 300, a), 0);
    image im = read_png(path);
    ck_assert_int_eq(im.w, 500);
    ck_assert_int_eq(im.h, 300);
    /* the area is a sensible part of the figure: axes and labels take margins, not the figure */
    ck_assert(a[0] > 10 && a[1] > 10 && a[2] > 300 && a[3] > 150);
    ck_assert(a[0] + a[2] < 500 && a[1] + a[3] < 300);
    const double want_row = a[1] + 0.75 * a[3];  /* y = 0.25 of [0, 1], rows counted from the top */
    int lit = 0, min_x = 1 << 30, max_x = -1;
    for (int y = 0; y < im.h; y++)
        for (int x = 0; x < im.w; x++) {
            ck_assert_msg(!pixel_is(&im, x, y, COOL), "the never-visible series drew at (%d, %d)", x, y);
            if (!pixel_is(&im, x, y, WARM))
                continue;
            lit++;
            ck_assert_msg(x >= a[0] - 1 && x <= a[0] + a[2] + 1 && y >= a[1] - 1 && y <= a[1] + a[3] + 1,
                          "series pixel (%d, %d) outside the area %g %g %g %g", x, y, a[0], a[1], a[2], a[3]);
            ck_assert_msg(fabs(y + 0.5 - want_row) <= 2.0, "series pixel at row %d, want %g", y, want_row);
            min_x = x < min_x ? x : min_x, max_x = x > max_x ? x : max_x;
        }
    ck_assert_int_gt(lit, 300);
    ck_assert(fabs(min_x - a[0]) <= 3.0 && fabs(max_x - (a[0] + a[2])) <= 3.0);  /* from x = 0 to x = 1 */
    cairo_surface_destroy(im.s);
    plot_chart_free(ch);
    remove_dir(dir);
}
END_TEST

/* On a log y axis, y = 10^(3x) over [0, 1] is the straight line from the bottom left to the top right of the area
 * when the range is [1, 1000]: every lit column's pixels sit at row a[1] + a[3] (1 - u), u its fraction across. */
START_TEST(png_log_axis_straight)
{
    char dir[64], path[128];
    plot_chart *ch = scratch_chart(dir, path, "log.png");
    plot_chart_set_log(ch, PLOT_Y, true);
    plot_chart_set_range(ch, PLOT_X, 0.0, 1.0);
    plot_chart_set_range(ch, PLOT_Y, 1.0, 1000.0);
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    plot_chart_add_series(ch, &(plot_series){.x = xs, .y = exp_y, .n = N, .color = 5});
    write_figure(ch, FIGURE_PNG, 400, 400, path);
    double a[4];
    ck_assert_int_eq(figure_chart_area(&ch, 1, 0, 400, 400, a), 0);
    image im = read_png(path);
    int columns = 0;
    for (int x = (int)a[0] + 3; x < a[0] + a[2] - 3; x++) {
        const double u = (x + 0.5 - a[0]) / a[2], want = a[1] + a[3] * (1.0 - u);
        bool lit = false;
        for (int y = 0; y < im.h; y++)
            if (pixel_is(&im, x, y, WARM)) {
                ck_assert_msg(fabs(y + 0.5 - want) <= 3.0, "column %d: pixel at row %d, want %g", x, y, want);
                lit = true;
            }
        columns += lit;
    }
    ck_assert_int_gt(columns, (int)(0.8 * (a[2] - 6)));
    cairo_surface_destroy(im.s);
    plot_chart_free(ch);
    remove_dir(dir);
}
END_TEST

/* A picture of the world keeps its shape on paper: with equal aspect on, a unit circle drawn on a wide figure and
 * on a tall one is as wide as it is high (its vermillion pixels' bounding box, within 2 px; the line width adds the
 * same to both), while with it off the same circle is stretched to the plot area (at least 1.5 times as wide). */
static void circle_box(bool equal, double w, double h, int *box_w, int *box_h)
{
    enum { M = 721 };
    static double cx[M], cy[M];
    for (int i = 0; i < M; i++)
        cx[i] = cos(2.0 * NUMLAB_PI * i / (M - 1)), cy[i] = sin(2.0 * NUMLAB_PI * i / (M - 1));
    char dir[64], path[128];
    plot_chart *ch = scratch_chart(dir, path, "circle.png");
    plot_chart_set_equal_aspect(ch, equal);
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    plot_chart_add_series(ch, &(plot_series){.x = cx, .y = cy, .n = M, .color = 5});
    write_figure(ch, FIGURE_PNG, w, h, path);
    image im = read_png(path);
    int x0 = im.w, x1 = -1, y0 = im.h, y1 = -1;
    for (int y = 0; y < im.h; y++)
        for (int x = 0; x < im.w; x++)
            if (pixel_is(&im, x, y, WARM))
                x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1, y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
    *box_w = x1 - x0 + 1, *box_h = y1 - y0 + 1;
    cairo_surface_destroy(im.s);
    plot_chart_free(ch);
    remove_dir(dir);
}

START_TEST(png_equal_aspect_round)
{
    int bw, bh;
    circle_box(true, 800, 300, &bw, &bh);
    ck_assert_msg(abs(bw - bh) <= 2 && bh > 150, "wide figure: the circle is %d x %d px", bw, bh);
    circle_box(true, 300, 700, &bw, &bh);
    ck_assert_msg(abs(bw - bh) <= 2 && bw > 120, "tall figure: the circle is %d x %d px", bw, bh);
    circle_box(false, 800, 300, &bw, &bh);
    ck_assert_msg(bw > 1.5 * bh, "equal aspect off: the circle is %d x %d px", bw, bh);
}
END_TEST

/* The first line of a command's output. */
static void run(const char *cmd, char *out, size_t size)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    if (!fgets(out, (int)size, p))
        out[0] = '\0';
    ck_assert_int_eq(pclose(p), 0);
    out[strcspn(out, "\n")] = '\0';
}

static int svg_count(const char *path, const char *xpath)
{
    char cmd[512], out[64];
    snprintf(cmd, sizeof cmd, "xmllint --xpath 'count(%s)' %s", xpath, path);
    run(cmd, out, sizeof out);
    return atoi(out);
}

#define OUTSIDE_DEFS "[not(ancestor::*[local-name()=\"defs\"])]"
#define PATHS "//*[local-name()=\"path\"]" OUTSIDE_DEFS

/* Three named series with the legend off: paths outside <defs> (glyph outlines and clip paths live there) are the
 * three series, the grid (one path) and the axes with their ticks (one path): 5. Each series colour strokes exactly
 * one path. With the legend on, each series also has a sample (3 more) and the legend its box (1): 9. */
START_TEST(svg_paths)
{
    char dir[64], path[128], cmd[256], out[64];
    plot_chart *ch = scratch_chart(dir, path, "three.svg");
    plot_chart_set_range(ch, PLOT_Y, 0.0, 1.2);
    plot_chart_add_series(ch, &(plot_series){.name = "one", .x = xs, .y = line_y, .n = N, .color = 1});
    plot_chart_add_series(ch, &(plot_series){.name = "two", .x = xs, .y = xs, .n = N, .color = 4});
    plot_chart_add_series(ch, &(plot_series){.name = "three", .x = xs, .y = exp_y, .n = N, .color = 5});
    plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
    write_figure(ch, FIGURE_SVG, 640, 400, path);
    snprintf(cmd, sizeof cmd, "xmllint --noout %s && echo parsed", path);
    run(cmd, out, sizeof out);
    ck_assert_str_eq(out, "parsed");
    ck_assert_int_eq(svg_count(path, PATHS), 5);
    /* cairo writes colours as percentages: 0x56B4E9 = (33.72549%, 70.588235%, 91.372549%) */
    ck_assert_int_eq(svg_count(path, PATHS "[contains(@style,\"stroke:rgb(33.72549%,70.588235%,91.372549%)\")]"), 1);
    ck_assert_int_eq(svg_count(path, PATHS "[contains(@style,\"stroke:rgb(0%,61.960784%,45.098039%)\")]"), 1);
    ck_assert_int_eq(svg_count(path, PATHS "[contains(@style,\"stroke:rgb(83.529412%,36.862745%,0%)\")]"), 1);
    plot_chart_set_legend(ch, PLOT_LEGEND_AUTO);
    write_figure(ch, FIGURE_SVG, 640, 400, path);
    ck_assert_int_eq(svg_count(path, PATHS), 9);
    /* the size in points */
    ck_assert_int_eq(svg_count(path, "/*[local-name()=\"svg\"][@width=\"640pt\"][@height=\"400pt\"]"), 1);
    plot_chart_free(ch);
    remove_dir(dir);
}
END_TEST

#define TEXTS "//*[local-name()=\"text\"]"

/* Text is SVG text, not glyph outlines: the title (with characters XML escapes), the axis labels, the legend's
 * names and the tick labels are <text> elements that read back as given, the y label turned a quarter left; no
 * glyph is placed with <use>. */
START_TEST(svg_real_text)
{
    char dir[64], path[128], out[256];
    plot_chart *ch = scratch_chart(dir, path, "text.svg");
    plot_chart_set_title(ch, "a<b & \"c\" > d, año");
    plot_chart_set_labels(ch, "x [m]", "v");
    plot_chart_set_range(ch, PLOT_X, 0.0, 1.0);
    plot_chart_set_range(ch, PLOT_Y, 0.0, 1.2);
    plot_chart_add_series(ch, &(plot_series){.name = "one", .x = xs, .y = line_y, .n = N, .color = 1});
    plot_chart_add_series(ch, &(plot_series){.name = "two", .x = xs, .y = xs, .n = N, .color = 4});
    write_figure(ch, FIGURE_SVG, 640, 400, path);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "xmllint --xpath 'string(" TEXTS "[1])' %s", path);
    run(cmd, out, sizeof out);
    ck_assert_str_eq(out, "a<b & \"c\" > d, año");
    ck_assert_int_eq(svg_count(path, TEXTS "[.=\"x [m]\"]"), 1);
    ck_assert_int_eq(svg_count(path, TEXTS "[.=\"v\"][starts-with(@transform,\"rotate(-90\")]"), 1);
    ck_assert_int_eq(svg_count(path, TEXTS "[.=\"one\"]"), 1);
    ck_assert_int_eq(svg_count(path, TEXTS "[.=\"two\"]"), 1);
    /* ticks on [0, 1] and [0, 1.2]: 0 on both axes, 1 on x at least */
    ck_assert_int_ge(svg_count(path, TEXTS "[.=\"0\"]"), 2);
    ck_assert_int_eq(svg_count(path, "//*[local-name()=\"use\"]"), 0);
    plot_chart_free(ch);
    remove_dir(dir);
}
END_TEST

START_TEST(pdf_one_page)
{
    char dir[64], path[128], cmd[256], out[128];
    plot_chart *ch = scratch_chart(dir, path, "one.pdf");
    plot_chart_set_title(ch, "one page");
    plot_chart_add_series(ch, &(plot_series){.name = "line", .x = xs, .y = xs, .n = N});
    write_figure(ch, FIGURE_PDF, 500, 320, path);
    snprintf(cmd, sizeof cmd, "pdfinfo %s | sed -n 's/^Pages: *//p'", path);
    run(cmd, out, sizeof out);
    ck_assert_str_eq(out, "1");
    snprintf(cmd, sizeof cmd, "pdfinfo %s | sed -n 's/^Page size: *//p'", path);
    run(cmd, out, sizeof out);
    ck_assert_str_eq(out, "500 x 320 pts");
    snprintf(cmd, sizeof cmd, "pdfinfo %s | sed -n 's/^Title: *//p'", path);
    run(cmd, out, sizeof out);
    ck_assert_str_eq(out, "one page");
    plot_chart_free(ch);
    remove_dir(dir);
}
END_TEST

/* The CSV: every point of every series in order, %.17g, so that the numbers read back exactly. */
START_TEST(csv_data)
{
    char dir[64], path[128];
    plot_chart *ch = scratch_chart(dir, path, "data.csv");
    plot_chart_add_series(ch, &(plot_series){.name = "a, quoted", .x = xs, .y = exp_y, .n = N});
    plot_chart_add_hline(ch, 0.5, 0, "half");
    plot_chart_add_marker(ch, 0.25, 2.0, 3, "op");
    FILE *f = fopen(path, "w");
    ck_assert_int_eq(figure_write_csv(ch, f), 0);
    fclose(f);
    f = fopen(path, "r");
    char line[256];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "series,x,y\n");
    for (int i = 0; i < N; i++) {
        ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
        ck_assert(strncmp(line, "\"a, quoted\",", 12) == 0);
        char *end;
        double x = strtod(line + 12, &end), y = strtod(end + 1, NULL);
        ck_assert(x == xs[i] && y == exp_y[i]);
    }
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "hline half,,0.5\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "marker op,0.25,2\n");
    ck_assert_ptr_null(fgets(line, sizeof line, f));
    fclose(f);
    plot_chart_free(ch);
    remove_dir(dir);
    /* RFC 4180 for every name a chart holds: a series, a reference line's label and a marker's with a double quote
     * (doubled inside a quoted field), a line break (escaped: one record stays one line) and an escape sequence
     * (never raw in a file a terminal may show) */
    ch = scratch_chart(dir, path, "data.csv");
    plot_chart_add_series(ch, &(plot_series){.name = "say \"hi\"", .x = xs, .y = exp_y, .n = 1});
    plot_chart_add_hline(ch, 0.5, 0, "two\nlines");
    plot_chart_add_marker(ch, 0.25, 2.0, 3, "\x1b[2J\"op\"");
    f = fopen(path, "w");
    ck_assert_int_eq(figure_write_csv(ch, f), 0);
    fclose(f);
    f = fopen(path, "r");
    const char *want[] = {"series,x,y\n", "\"say \"\"hi\"\"\",", "hline two\\x0alines,,0.5\n",
                          "\"marker \\x1b[2J\"\"op\"\"\",0.25,2\n"};
    for (int i = 0; i < 4; i++) {
        ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
        ck_assert_msg(strncmp(line, want[i], strlen(want[i])) == 0, "line %d: %s (want %s)", i, line, want[i]);
    }
    ck_assert_ptr_null(fgets(line, sizeof line, f));
    fclose(f);
    plot_chart_free(ch);
    remove_dir(dir);
}
END_TEST

/* The state line (figure_set_state) in each format: the CSV's first line a comment, the header after it; SVG's
 * <metadata> with XML's '&' escaped; PNG a tEXt chunk "numlab-state" right after IHDR (PNG 11.2.2: IHDR first; the
 * chunk's CRC is checked by pngcheck in tests/cli_states.sh), the image still one cairo reads; none once cleared. */
START_TEST(state_in_every_format)
{
    char dir[64], path[128];
    plot_chart *ch = scratch_chart(dir, path, "state.csv");
    plot_chart_add_series(ch, &(plot_series){.name = "a", .x = xs, .y = exp_y, .n = N});
    figure_set_state("numlab:spring-lab/1?k=400&c=0");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(figure_write_csv(ch, f), 0);
    fclose(f);
    ck_assert(strncmp(buf, "# numlab-state: numlab:spring-lab/1?k=400&c=0\nseries,x,y\n", 57) == 0);
    free(buf);
    char err[128];
    f = open_memstream(&buf, &len);
    ck_assert_int_eq(figure_write(&ch, 1, FIGURE_SVG, 320, 200, f, err, sizeof err), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "<metadata id=\"numlab-state\">numlab:spring-lab/1?k=400&amp;c=0</metadata>"));
    free(buf);
    f = open_memstream(&buf, &len);
    ck_assert_int_eq(figure_write(&ch, 1, FIGURE_PNG, 320, 200, f, err, sizeof err), 0);
    fclose(f);
    /* 8 signature bytes, IHDR (13 data bytes: 25 in all), then length 42 = "numlab-state" 12 + NUL + the line 29 */
    static const unsigned char text_head[] = {0, 0, 0, 42, 't', 'E', 'X', 't'};
    ck_assert(len > 33 + 8 + 42 + 4 && memcmp(buf + 12, "IHDR", 4) == 0 && memcmp(buf + 33, text_head, 8) == 0);
    ck_assert(memcmp(buf + 41, "numlab-state\0numlab:spring-lab/1?k=400&c=0", 42) == 0);
    snprintf(path, sizeof path, "%s/state.png", dir);
    FILE *png = fopen(path, "wb");
    ck_assert(fwrite(buf, 1, len, png) == len);
    fclose(png);
    free(buf);
    cairo_surface_t *back = cairo_image_surface_create_from_png(path);
    ck_assert_int_eq(cairo_surface_status(back), CAIRO_STATUS_SUCCESS);
    ck_assert_int_eq(cairo_image_surface_get_width(back), 320);
    cairo_surface_destroy(back);
    figure_set_state(NULL);
    f = open_memstream(&buf, &len);
    ck_assert_int_eq(figure_write(&ch, 1, FIGURE_SVG, 320, 200, f, err, sizeof err), 0);
    fclose(f);
    ck_assert_ptr_null(strstr(buf, "<metadata"));
    free(buf);
    plot_chart_free(ch);
}
END_TEST

int main(void)
{
    fill_data();
    Suite *s = suite_create("figure");
    TCase *tc = tcase_create("files");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, png_series_inside_the_area);
    tcase_add_test(tc, png_log_axis_straight);
    tcase_add_test(tc, svg_paths);
    tcase_add_test(tc, svg_real_text);
    tcase_add_test(tc, png_equal_aspect_round);
    tcase_add_test(tc, pdf_one_page);
    tcase_add_test(tc, csv_data);
    tcase_add_test(tc, state_in_every_format);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
