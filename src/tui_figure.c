/* tui: the figure key and the state key. f writes the charts on the screen (the current step's panes, as the lab
 * renders them) as SVG, PNG and CSV into a new numbered folder, without the lab's help: the panes are rendered
 * once more under a plot capture (plot.h), which keeps a copy of every chart drawn. S writes the screen's state
 * line (state.h) into numlab-states.txt and on the status line. */
#include "numlab/figure.h"
#include "numlab/lang.h"
#include "numlab/state.h"
#include "numlab/tui.h"
#include "tui_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FIGURE_DIR "numlab-figures"
#define STATES_FILE "numlab-states.txt"

/* The screen's state line into buf; false when the app has none. */
static bool screen_state(const tui_app *app, int step, const tui_step *shown, char *buf, size_t size)
{
    buf[0] = '\0';
    if (app->state)
        app->state(app->state_ctx, step, shown, buf, size);
    return buf[0] != '\0';
}

void tui_figures_write(const tui_app *app, int step, const tui_step *shown, const int *pane_w, int pane_h,
                       char *note, size_t size)
{
    char state[STATE_MAX];
    figure_set_state(screen_state(app, step, shown, state, sizeof state) ? state : NULL);
    plot_chart *charts[FIGURE_MAX_CHARTS];
    plot_capture_start();
    for (int p = 0; p < shown->n_panes; p++)
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

void tui_state_write(const tui_app *app, int step, const tui_step *shown, char *note, size_t size)
{
    char line[STATE_MAX + 1];
    if (!screen_state(app, step, shown, line, sizeof line - 1)) {
        snprintf(note, size, "%s", _("no state line for this screen"));
        return;
    }
    const size_t len = strlen(line);
    line[len] = '\n';
    /* one write of the whole line onto the end: whole or not at all, whoever else appends */
    const int fd = open(STATES_FILE, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    const ssize_t wrote = fd >= 0 ? write(fd, line, len + 1) : -1;
    int error = fd < 0 || wrote < 0 ? errno : wrote != (ssize_t)(len + 1) ? ENOSPC : 0;  /* short: a full disk */
    if (fd >= 0 && close(fd) != 0 && !error)
        error = errno;
    line[len] = '\0';
    if (error)
        /* TRANSLATORS: the status line after S when the file could not be written */
        snprintf(note, size, _("state not saved to %s (%s): %s"), STATES_FILE, lang_strerror(error), line);
    else
        /* TRANSLATORS: the status line after S: the state line first (cut to the screen's width when it is
         * wider), then the file it was added to */
        snprintf(note, size, _("%s  (saved to %s)"), line, STATES_FILE);
}
