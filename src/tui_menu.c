/* tui_menu: the launcher's full-screen list and the text pager, on the same terminal handling as tui_run. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/cli.h"
#include "numlab/lang.h"
#include "numlab/tui.h"
#include "tui_internal.h"

#define KEY_ESC 27
#define MENU_FRAME (1.0 / 30.0)  /* the time a batch of keys may take before the rest waits for the next redraw */

static bool have_terminal(void)
{
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

static void title_bar(int row, const char *text)
{
    attron(A_REVERSE);
    mvhline(row, 0, ' ', COLS);
    move(row, 1);
    tui_add_fitted(stdscr, text, COLS - 2);
    attroff(A_REVERSE);
}

typedef struct {
    int selected, n_items, choice;
    bool done;             /* a key chose an item or left */
} menu_state;

/* One key of the menu; false when it chose or left. */
static bool menu_key(void *arg, int ch, const MEVENT *mouse)
{
    (void)mouse;
    menu_state *m = arg;
    if (ch == 'q' || ch == KEY_ESC) {
        m->done = true;
    } else if ((ch == KEY_UP || ch == 'k') && m->selected > 0) {
        m->selected--;
    } else if ((ch == KEY_DOWN || ch == 'j') && m->selected < m->n_items - 1) {
        m->selected++;
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        m->choice = m->selected, m->done = true;
    } else if (ch >= '1' && ch <= '9' && ch - '1' < m->n_items) {
        m->choice = ch - '1', m->done = true;
    }
    return !m->done;
}

int tui_menu(const char *title, const char *subtitle, const tui_item *items, int n_items, int selected, int *choice)
{
    *choice = -1;
    if (tui_plain())
        return tui_plain_menu(title, subtitle, items, n_items, selected, choice);
    if (!have_terminal())
        return TUI_ERR_NO_TERMINAL;
    if (!tui_terminal_usable(cli_program()))
        return TUI_ERR_TERM;
    tui_open();
    int label_cols = 14;   /* the labels' column: the longest label, and two spaces before the details */
    for (int i = 0; i < n_items; i++) {
        int cols = tui_text_columns(items[i].label, -1);
        label_cols = cols > label_cols ? cols : label_cols;
    }
    menu_state m = {.selected = selected, .n_items = n_items, .choice = -1};
    for (;;) {
        erase();
        title_bar(0, title);
        move(2, 2);
        tui_add_fitted(stdscr, subtitle ? subtitle : "", COLS - 4);
        int detail_x = 2 + 4 + label_cols + 2;
        for (int i = 0; i < n_items && 4 + i < LINES - 2; i++) {
            if (i == m.selected)
                attron(A_REVERSE);
            mvprintw(4 + i, 2, "%2d  ", i + 1);
            tui_add_fitted(stdscr, items[i].label, COLS - 7);
            for (int x = getcurx(stdscr); x < detail_x && x < COLS - 1; x++)
                addch(' ');   /* up to the details' column (highlighted too when selected) */
            if (detail_x < COLS - 1)
                tui_add_fitted(stdscr, items[i].detail ? items[i].detail : "", COLS - 1 - detail_x);
            if (i == m.selected)
                attroff(A_REVERSE);
        }
        title_bar(LINES - 1, _("up/down choose  Enter open  q quit"));
        refresh();
        const bool held = tui_keys_held();
        timeout(held ? 0 : -1);
        int ch = getch();
        /* this key and all that wait behind it (a paste is one redraw); false: chosen or left */
        if ((ch == ERR && (!held || tui_signal())) || !tui_take_keys(ch, tui_now() + MENU_FRAME, menu_key, &m))
            break;
    }
    tui_restore();
    *choice = tui_signal() ? -1 : m.choice;
    return TUI_OK;
}

typedef struct {
    const char **line;
    int *len;
    int n, cap;
} wrapped;

static void keep_line(void *arg, const char *line, int len)
{
    wrapped *w = arg;
    if (w->n == w->cap) {
        int cap = w->cap ? 2 * w->cap : 256;
        const char **nl = realloc(w->line, (size_t)cap * sizeof *nl);
        int *nlen = realloc(w->len, (size_t)cap * sizeof *nlen);
        if (!nl || !nlen) {
            free(nl ? (void *)nl : (void *)w->line);
            free(nlen ? nlen : w->len);
            *w = (wrapped){0};
            return;
        }
        w->line = nl, w->len = nlen, w->cap = cap;
    }
    if (w->line) {
        w->line[w->n] = line;
        w->len[w->n++] = len;
    }
}

typedef struct {
    int top, page, last_top;
} pager_state;

/* One key of the pager; false when it leaves. */
static bool pager_key(void *arg, int ch, const MEVENT *mouse)
{
    (void)mouse;
    pager_state *p = arg;
    switch (ch) {
    case 'q': case KEY_ESC:              return false;
    case KEY_UP: case 'k':               p->top--; break;
    case KEY_DOWN: case 'j': case '\n':  p->top++; break;
    case KEY_PPAGE: case 'b':            p->top -= p->page; break;
    case KEY_NPAGE: case ' ':            p->top += p->page; break;
    case KEY_HOME: case 'g':             p->top = 0; break;
    case KEY_END: case 'G':              p->top = p->last_top; break;
    default:                             break;
    }
    return true;
}

int tui_pager(const char *title, const char *text)
{
    if (tui_plain())
        return tui_plain_pager(title, text);
    if (!have_terminal())
        return TUI_ERR_NO_TERMINAL;
    if (!tui_terminal_usable(cli_program()))
        return TUI_ERR_TERM;
    tui_open();
    int top = 0;
    wrapped w = {0};
    int width = -1;
    for (;;) {
        if (width != COLS - 2) {  /* (re)wrap on the first draw and after a resize */
            width = COLS - 2;
            free(w.line);
            free(w.len);
            w = (wrapped){0};
            tui_wrap(text, width, keep_line, &w);
        }
        int page = LINES - 2;
        int last_top = w.n - page > 0 ? w.n - page : 0;
        top = top < 0 ? 0 : top > last_top ? last_top : top;
        erase();
        title_bar(0, title);
        for (int i = 0; i < page && top + i < w.n; i++)
            mvaddnstr(1 + i, 1, w.line[top + i], w.len[top + i]);
        title_bar(LINES - 1, _("up/down PgUp/PgDn scroll  q back"));
        refresh();
        const bool held = tui_keys_held();
        timeout(held ? 0 : -1);
        int ch = getch();
        pager_state ps = {.top = top, .page = page, .last_top = last_top};
        if ((ch == ERR && (!held || tui_signal())) || !tui_take_keys(ch, tui_now() + MENU_FRAME, pager_key, &ps))
            break;
        top = ps.top;
    }
    free(w.line);
    free(w.len);
    tui_restore();
    return TUI_OK;
}
