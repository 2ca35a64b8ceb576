/* plot: deep copies of charts (clones) and the capture that collects the charts a program renders, so that a
 * figure can be written of whatever is on the screen. See include/numlab/plot.h. */
#include "plot_internal.h"

#include <stdlib.h>
#include <string.h>

double plot_image_at(const plot_image *im, double x, double y)
{
    if (!im->values || !(x >= fmin(im->x0, im->x1) && x <= fmax(im->x0, im->x1)) ||
        !(y >= fmin(im->y0, im->y1) && y <= fmax(im->y0, im->y1)))
        return NAN;
    int ix = (int)((x - im->x0) / (im->x1 - im->x0) * im->nx), iy = (int)((y - im->y0) / (im->y1 - im->y0) * im->ny);
    ix = ix < 0 ? 0 : ix >= im->nx ? im->nx - 1 : ix;  /* the far edge belongs to the last sample */
    iy = iy < 0 ? 0 : iy >= im->ny ? im->ny - 1 : iy;
    return im->values[(size_t)iy * (size_t)im->nx + (size_t)ix];
}

plot_chart *plot_chart_clone(const plot_chart *ch)
{
    size_t doubles = 0;
    for (int s = 0; s < ch->nseries; s++)
        doubles += 2 * ch->series[s].data.n;
    const size_t pixels = ch->image.values ? (size_t)ch->image.nx * (size_t)ch->image.ny : 0;
    plot_chart *c = plot_chart_new(ch->grid.cols, ch->grid.rows, ch->mode);
    void *owned = malloc(doubles * sizeof(double) + pixels * sizeof(float) + 1);
    if (!c || !owned) {
        plot_chart_free(c);
        free(owned);
        return NULL;
    }
    /* the settings and entries as they are; then the pointers that must not be shared */
    plot_canvas *canvas = c->canvas;
    plot_grid grid = c->grid;
    size_t capacity = c->capacity;
    *c = *ch;
    c->canvas = canvas, c->grid = grid, c->capacity = capacity, c->owned = owned, c->rendered = false;
    double *d = owned;
    for (int s = 0; s < c->nseries; s++) {
        plot_series *dst = &c->series[s].data;
        const plot_series *src = &ch->series[s].data;
        for (size_t i = 0; i < src->n; i++) {
            d[2 * i] = src->x ? src->x[i * src->stride] : (double)i;
            d[2 * i + 1] = src->y[i * src->stride];
        }
        dst->name = c->series[s].name;
        dst->x = d, dst->y = d + 1, dst->stride = 2;
        d += 2 * src->n;
    }
    if (pixels) {
        float *v = (float *)d;
        memcpy(v, ch->image.values, pixels * sizeof *v);
        c->image.values = v;
    }
    c->image.unit = c->image_unit;
    return c;
}

/* --- capture ------------------------------------------------------------------------------------------------- */

#define CAPTURE_MAX 16

static struct {
    bool on;
    int count;
    const plot_chart *source[CAPTURE_MAX];
    plot_chart *clone[CAPTURE_MAX];
} capture;

void plot_capture_start(void)
{
    plot_capture_stop(NULL, 0);
    capture.on = true;
}

void plot_capture_note(const plot_chart *ch)
{
    if (!capture.on)
        return;
    int k = 0;
    while (k < capture.count && capture.source[k] != ch)
        k++;
    if (k == CAPTURE_MAX)
        return;
    plot_chart *c = plot_chart_clone(ch);
    if (!c)
        return;  /* out of memory: that chart is left out, the caller sees fewer */
    if (k == capture.count)
        capture.source[capture.count++] = ch;
    else
        plot_chart_free(capture.clone[k]);
    capture.clone[k] = c;
}

int plot_capture_stop(plot_chart **charts, int max)
{
    int n = 0;
    for (int k = 0; k < capture.count; k++) {
        if (n < max)
            charts[n++] = capture.clone[k];
        else
            plot_chart_free(capture.clone[k]);
    }
    capture.on = false, capture.count = 0;
    return n;
}
