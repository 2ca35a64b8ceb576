/* tui: the figure key. Writes the charts on the screen (the current step's panes, as the lab renders them) as SVG,
 * PNG and CSV into a new numbered folder, without the lab's help: the panes are rendered once more under a plot
 * capture (plot.h), which keeps a copy of every chart drawn. */
#include "numlab/figure.h"
#include "numlab/lang.h"
#include "numlab/tui.h"
#include "tui_internal.h"

#include <stdio.h>

#define FIGURE_DIR "numlab-figures"

void tui_figures_write(const tui_app *app, int step, int n_panes, const int *pane_w, int pane_h, char *note,
                       size_t size)
{
    plot_chart *charts[FIGURE_MAX_CHARTS];
    plot_capture_start();
    for (int p = 0; p < n_panes; p++)
        if (pane_w[p] > 0)
            app->render(app->ctx, step, p, pane_w[p], pane_h);
    const int n = plot_capture_stop(charts, FIGURE_MAX_CHARTS);
    char where[2048];
    if (figure_folder_write(charts, n, FIGURE_DIR, app->name, step + 1, where, sizeof where) == 0)
        snprintf(note, size,
                 P_("wrote %s/: %d chart as SVG, PNG and CSV", "wrote %s/: %d charts as SVG, PNG and CSV", n), where,
                 n);
    else
        snprintf(note, size, _("figures not written: %s"), where);
    for (int k = 0; k < n; k++)
        plot_chart_free(charts[k]);
}
