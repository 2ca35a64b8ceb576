/* tui: the keys. Input is taken in batches: everything already typed or pasted is read before the next redraw and
 * handled for up to a frame's time, the rest held for the next frames (none dropped, mouse events kept with their
 * keys), so that a paste of 100 KB costs a redraw a frame, not one a byte, and q answers within a frame however
 * much is waiting. And the help that lists the keys. */
#include "numlab/tui.h"
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
    "] / [            the text's next / previous page (when it says more)",
    "t                the text in place of the charts, and back",
    "f                write the step's charts (SVG, PNG, CSV) to numlab-figures/",
    "mouse            click a parameter; drag where a lab allows",
    "Ctrl-L           redraw the screen",
    "q                quit",
    "",
    "any key closes this help",
};

typedef struct {
    WINDOW *win;
    int row, x;
} help_target;

static void help_line(void *arg, const char *line, int len)
{
    help_target *t = arg;
    mvwaddnstr(t->win, t->row++, t->x, line, len);
}

static void count_line(void *arg, const char *line, int len)
{
    (void)arg, (void)line, (void)len;
}

void tui_draw_help(const char *extra_keys)
{
    int n = (int)(sizeof help_lines / sizeof help_lines[0]);
    const char *lab_keys = extra_keys && *extra_keys ? extra_keys : NULL;
    int w = COLS - 4 < 76 ? COLS - 4 : 76;
    /* the lab's keys after "this lab: ", wrapped: never cut */
    int lab_lines = lab_keys ? tui_wrap(lab_keys, w - 14, count_line, NULL) : 0;
    int h = n + 2 + (lab_keys ? lab_lines + 1 : 0);
    WINDOW *win = newwin(h, w, (LINES - h) / 2, (COLS - w) / 2);
    if (!win)
        return;
    box(win, 0, 0);
    for (int i = 0; i < n - 2; i++)
        mvwaddstr(win, i + 1, 2, help_lines[i]);
    int row = n - 1;
    if (lab_keys) {  /* the lab's own keys, before the closing lines */
        mvwaddstr(win, row, 2, "this lab: ");
        help_target t = {win, row, 12};
        tui_wrap(lab_keys, w - 14, help_line, &t);
        row = t.row + 1;
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

/* The keys read but not yet handled, oldest first: a ring, with each mouse key's event taken from curses when it
 * was read (curses keeps only a few). */
#define HELD_KEYS 131072
#define HELD_MICE 1024
static int held_key[HELD_KEYS];
static MEVENT held_mouse[HELD_MICE];
static size_t key_head, key_count, mouse_head, mouse_count;
static size_t quits_held;  /* q or Q among the held keys */

bool tui_keys_held(void)
{
    return key_count > 0;
}

/* Takes the oldest held key (and its mouse event) off the ring. */
static int next_key(MEVENT *ev)
{
    const int ch = held_key[key_head];
    key_head = (key_head + 1) % HELD_KEYS, key_count--;
    quits_held -= ch == 'q' || ch == 'Q';
    if (ch == KEY_MOUSE)
        *ev = held_mouse[mouse_head], mouse_head = (mouse_head + 1) % HELD_MICE, mouse_count--;
    return ch;
}

/* Holds ch (dropped when the ring is full, or a mouse key whose event curses no longer has). */
static void hold(int ch)
{
    if (key_count == HELD_KEYS)
        return;
    if (ch == KEY_MOUSE) {
        /* Reports that arrive together (a press, a drag and a release read in one go, as under load) come back
         * as one KEY_MOUSE with all of them queued, and getmouse pops the newest first: take them all, and hold
         * them oldest first, one KEY_MOUSE each, so that a press is never lost behind its own release. */
        MEVENT ev[HELD_MICE];
        size_t n = 0;
        while (n < HELD_MICE && getmouse(&ev[n]) == OK)
            n++;
        while (n > 0 && key_count < HELD_KEYS && mouse_count < HELD_MICE) {
            held_mouse[(mouse_head + mouse_count++) % HELD_MICE] = ev[--n];
            held_key[(key_head + key_count++) % HELD_KEYS] = KEY_MOUSE;
        }
        return;
    }
    held_key[(key_head + key_count++) % HELD_KEYS] = ch;
    quits_held += ch == 'q' || ch == 'Q';
}

bool tui_take_keys(int first, double deadline, bool (*handle)(void *arg, int key, const MEVENT *mouse), void *arg)
{
    if (first != ERR)
        hold(first);
    timeout(0);  /* only what is already there: the caller sets its own timeout again */
    for (int ch; (ch = getch()) != ERR;)
        hold(ch);
    bool go_on = true;
    while (go_on && key_count > 0 && (tui_now() <= deadline || !quits_held)) {
        MEVENT ev;
        const int ch = next_key(&ev);
        go_on = handle(arg, ch, ch == KEY_MOUSE ? &ev : NULL);
        if (tui_now() > deadline && !quits_held)
            break;  /* the rest waits for the next frame */
    }
    if (go_on && quits_held) {  /* a q behind keys the frame had no time for: it answers now, they are dropped */
        MEVENT ev;
        for (int ch = 0; ch != 'q' && ch != 'Q';)
            ch = next_key(&ev);
        go_on = false;
    }
    return go_on;  /* keys after the one that left stay held: they go to the next screen, as typed */
}
