/* plot: the chart's legend (the entries, shared with the figure back end, and where the terminal puts them). See
 * include/numlab/plot.h. */
#include "plot_internal.h"

/* --- legend ---------------------------------------------------------------------------------------------- */

bool plot_legend_at(const plot_chart *ch, int k, plot_legend_entry *e)
{
    const plot_glyph_set *g = plot_frame_glyphs(ch->mode);
    for (int s = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        if (!d->name[0] || k--)
            continue;
        bool lines = d->style == PLOT_LINES;
        uint32_t glyph = (uint32_t)plot_ascii_glyph(d->color);
        uint32_t sample = lines ? g->lines_sample : g->points_sample;
        *e = (plot_legend_entry){{sample ? sample : glyph, lines ? (sample ? sample : glyph) : ' '}, d->color, 0,
                                 d->name, lines ? PLOT_KEY_LINES : PLOT_KEY_POINTS, s};
        return true;
    }
    for (int r = 0; r < ch->nrefs; r++) {
        const plot_ref_entry *ref = &ch->refs[r];
        if (!ref->label[0] || k--)
            continue;
        bool h = ref->axis == PLOT_Y;
        *e = (plot_legend_entry){{h ? g->hline_sample : g->vline_sample, h ? g->hline_sample : ' '}, ref->color,
                                 PLOT_ATTR_DIM, ref->label, h ? PLOT_KEY_HLINE : PLOT_KEY_VLINE, r};
        return true;
    }
    for (int m = 0; m < ch->nmarkers; m++) {
        const plot_marker_entry *mk = &ch->markers[m];
        if (!mk->label[0] || k--)
            continue;
        *e = (plot_legend_entry){{g->marker, ' '}, mk->color, PLOT_ATTR_BOLD, mk->label, PLOT_KEY_MARKER, m};
        return true;
    }
    return false;
}

/* The non-blank cells of the grid in a rectangle: what a legend there would hide. */
static int covered(const plot_chart *ch, int col, int row, int cols, int rows)
{
    int n = 0;
    for (int r = row; r < row + rows; r++)
        for (int c = col; c < col + cols; c++)
            n += ch->grid.cells[r * ch->grid.cols + c].ch != ' ';
    return n;
}

int plot_draw_legend(plot_chart *ch, int left, int top, int area_cols, int area_rows, bool probe)
{
    if (!probe)
        ch->legend_corner = -1;
    if (ch->legend == PLOT_LEGEND_NONE)
        return -1;
    int count = 0, text = 0;
    plot_legend_entry e;
    for (; plot_legend_at(ch, count, &e); count++) {
        int w = plot_utf8_length(e.text);
        text = w > text ? w : text;
    }
    const int width = 3 + text;  /* two sample cells, a space, the text */
    if (count == 0 || count > area_rows || width > area_cols)
        return -1;
    /* a blank column and row on the inner sides, when there is room, so curves do not touch the text */
    const int block_w = width + (width < area_cols), block_h = count + (count < area_rows);
    const int right = left + area_cols - block_w, bottom = top + area_rows - block_h;
    const int corner_col[4] = {right, left, right, left}, corner_row[4] = {top, top, bottom, bottom};
    int best = 0, least = -1;
    if (ch->legend == PLOT_LEGEND_AUTO) {
        for (int k = 0; k < 4; k++) {
            int n = covered(ch, corner_col[k], corner_row[k], block_w, block_h);
            if (least < 0 || n < least)
                least = n, best = k;
        }
    } else {
        best = ch->legend - PLOT_LEGEND_TOP_RIGHT;
    }
    if (probe)
        return least;
    ch->legend_corner = best;
    const int col = corner_col[best], row = corner_row[best];
    for (int r = row; r < row + block_h; r++)
        for (int c = col; c < col + block_w; c++)
            plot_chart_put_cell(ch, c, r, ' ', 0, 0);
    const int text_col = col + (col == right ? block_w - width : 0);
    const int text_row = row + (row == bottom ? block_h - count : 0);
    for (int k = 0; plot_legend_at(ch, k, &e); k++) {
        plot_chart_put_cell(ch, text_col, text_row + k, e.sample[0], e.color, e.attr);
        plot_chart_put_cell(ch, text_col + 1, text_row + k, e.sample[1], e.color, e.attr);
        plot_chart_put_text(ch, text_col + 3, text_row + k, e.text, text, 0);
    }
    return least;
}

int plot_legend_flow(plot_chart *ch, int first, int row, bool draw)
{
    int col = first, rows = 0;
    plot_legend_entry e;
    for (int k = 0; plot_legend_at(ch, k, &e); k++) {
        int w = 3 + plot_utf8_length(e.text);
        if (first + w > ch->grid.cols)
            return 0;
        if (col > first && col + 2 + w > ch->grid.cols)
            col = first, rows++;
        else if (col > first)
            col += 2;
        if (draw) {
            plot_chart_put_cell(ch, col, row + rows, e.sample[0], e.color, e.attr);
            plot_chart_put_cell(ch, col + 1, row + rows, e.sample[1], e.color, e.attr);
            plot_chart_put_text(ch, col + 3, row + rows, e.text, w - 3, 0);
        }
        col += w;
    }
    return col > first ? rows + 1 : 0;
}
