/* tui: the keys. Input is taken in batches: everything already typed or pasted is read before the next redraw and
 * handled for up to a frame's time, the rest held for the next frames (none dropped, mouse events kept with their
 * keys), so that a paste of 100 KB costs a redraw a frame, not one a byte, and q answers within a frame however
 * much is waiting. And the help that lists the keys. */
#include "numlab/lang.h"
#include "numlab/tui.h"
#include "tui_internal.h"

#include <curses.h>
#include <string.h>
#include <time.h>

/* The help: each key and what it does, the keys in one column. Both are translated (the names of keys too:
 * "space", "mouse"); the key column is as wide as the widest key in the language shown. */
typedef struct {
    const char *keys, *what;
} help_entry;

static const help_entry help_entries[] = {
    {N_("tab, up/down"), N_("select a parameter")},
    {N_("left/right, -/+"), N_("change it (shift or PgUp/PgDn: big steps)")},
    /* TRANSLATORS: %s is the name of the toggles' panel: "methods", "layers" */
    {"1-9", N_("show or hide an entry of %s")},
    {N_("space"), N_("pause / resume the animation")},
    {"n / p", N_("next / previous step of the walk")},
    {"r", N_("reset the animation")},
    {"] / [", N_("the text's next / previous page (when it says more)")},
    {"t", N_("the text in place of the charts, and back")},
    {"f", N_("write the step's charts (SVG, PNG, CSV) to numlab-figures/")},
    {"S", N_("the screen as a state line, added to numlab-states.txt (numlab LINE opens it)")},
    {N_("mouse"), N_("click a parameter; drag where a lab allows")},
    {"Ctrl-L", N_("redraw the screen")},
    {"q", N_("quit")},
};
#define HELP_ENTRIES ((int)(sizeof help_entries / sizeof help_entries[0]))

typedef struct {
    WINDOW *win;
    int row, x;
} help_target;

static void help_line(void *arg, const char *line, int len)
{
    help_target *t = arg;
    if (t->win)
        mvwaddnstr(t->win, t->row, t->x, line, len);
    t->row++;
}

/* Writes (win NULL: counts) the help's rows from row 1; returns the row after the last. */
static int help_rows(WINDOW *win, int width, int key_w, const char *lab_keys, const char *toggles_name)
{
    help_target t = {win, 3, 2 + key_w};
    if (win)
        mvwaddstr(win, 1, 2, _("keys"));
    for (int i = 0; i < HELP_ENTRIES; i++) {
        if (win)
            mvwaddstr(win, t.row, 2, _(help_entries[i].keys));
        char what[160];
        if (strstr(help_entries[i].what, "%s"))
            snprintf(what, sizeof what, _(help_entries[i].what), toggles_name);
        else
            snprintf(what, sizeof what, "%s", _(help_entries[i].what));
        tui_wrap(what, width - key_w, help_line, &t);
    }
    if (lab_keys) {  /* the lab's own keys, before the closing line */
        const char *label = _("this lab:");
        if (win)
            mvwaddstr(win, t.row, 2, label);
        tui_wrap(lab_keys, width - key_w, help_line, &t);
    }
    t.row++;
    if (win)
        mvwaddstr(win, t.row, 2, _("any key closes this help"));
    return t.row + 1;
}

void tui_draw_help(const char *extra_keys, const char *toggles_name)
{
    const char *lab_keys = extra_keys && *extra_keys ? _(extra_keys) : NULL;
    int w = COLS - 4 < 76 ? COLS - 4 : 76, key_w = tui_text_columns(_("this lab:"), -1) + 2;
    for (int i = 0; i < HELP_ENTRIES; i++) {
        int c = tui_text_columns(_(help_entries[i].keys), -1) + 2;
        key_w = c > key_w ? c : key_w;
    }
    int h = help_rows(NULL, w - 4, key_w, lab_keys, toggles_name) + 1;
    WINDOW *win = newwin(h < LINES ? h : LINES, w, h < LINES ? (LINES - h) / 2 : 0, (COLS - w) / 2);
    if (!win)
        return;
    box_set(win, WACS_VLINE, WACS_HLINE);  /* the wide set, as the panes: line drawing in UTF-8 */
    help_rows(win, w - 4, key_w, lab_keys, toggles_name);
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
