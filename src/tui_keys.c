/* tui: the keys. Input is taken in batches: everything already typed or pasted is read before the next redraw, so
 * that a paste of 100 KB costs one redraw, not one per byte, and q answers within a frame however much is waiting.
 * And the help that lists the keys. */
#include "tui_internal.h"

#include <curses.h>
#include <time.h>

static const char *const help_lines[] = {
    "keys",
    "",
    "tab, up/down     select a parameter",
    "left/right, -/+  change it (shift or PgUp/PgDn: big steps)",
    "1-9              show or hide a method",
    "space            pause / resume the animation",
    "n / p            next / previous step of the walk",
    "r                reset the animation",
    "mouse            click a parameter; drag where a lab allows",
    "Ctrl-L           redraw the screen",
    "q                quit",
    "",
    "any key closes this help",
};

void tui_draw_help(const char *extra_keys)
{
    int n = (int)(sizeof help_lines / sizeof help_lines[0]);
    const char *lab_keys = extra_keys && *extra_keys ? extra_keys : NULL;
    int h = n + 2 + (lab_keys ? 2 : 0), w = 64;
    WINDOW *win = newwin(h, w, (LINES - h) / 2, (COLS - w) / 2);
    if (!win)
        return;
    box(win, 0, 0);
    for (int i = 0; i < n - 2; i++)
        mvwaddstr(win, i + 1, 2, help_lines[i]);
    int row = n - 1;
    if (lab_keys) {  /* the lab's own keys, before the closing lines */
        mvwprintw(win, row++, 2, "this lab: %.*s", w - 14, lab_keys);
        row++;
    }
    for (int i = n - 2; i < n; i++)
        mvwaddstr(win, row++, 2, help_lines[i]);
    wnoutrefresh(win);
    delwin(win);
}

double tui_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

bool tui_take_keys(int first, double deadline, bool (*handle)(void *arg, int key), void *arg)
{
    if (!handle(arg, first))
        return false;
    timeout(0);  /* only what is already there: the caller sets its own timeout again */
    for (int ch; (ch = getch()) != ERR;) {
        if (tui_now() <= deadline || ch == KEY_RESIZE) {  /* a resize is never dropped: the layout follows it */
            if (!handle(arg, ch))
                return false;
        } else if (ch == 'q' || ch == 'Q') {
            return false;  /* past the frame's time the rest is dropped, but q still quits */
        }
    }
    return true;
}
