/* tui_panel: what the lab shell writes in words: the header, the text pane (the step's text and notes, paged, with
 * the "more" sign), the parameters, the toggles and the status line. Nothing here cuts a word: what does not fit is
 * paged (the text), left out whole (the lab name, the animation state, a key of the status line: the help lists
 * them all), was given room by the layout (parameters, toggles: tui_panel_widths) or, a title or a note, ends
 * between two words with an ellipsis (tui_add_fitted). */
#include "numlab/lang.h"
#include "numlab/plot.h"
#include "numlab/tui.h"
#include "tui_internal.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

void tui_add_fitted(WINDOW *w, const char *text, int cols)
{
    char fitted[1024];
    tui_text_fit(text, cols, plot_mode_from_locale() == PLOT_BRAILLE, fitted, sizeof fitted);
    waddstr(w, fitted);
}

const char *tui_toggles_name(const tui_state *s)
{
    return tui_toggles_title(s->app, &s->desc);
}

void tui_panel_widths(const tui_state *s, int *param_w, int *toggle_w)
{
    int name = 0, unit = 0, toggle = 0;
    for (int i = 0; i < s->desc.n_params; i++) {
        int n = tui_text_columns(s->desc.params[i].name, -1);
        int u = tui_text_columns(s->desc.params[i].unit, -1);
        name = n > name ? n : name;
        unit = u > unit ? u : unit;
    }
    for (int i = 0; i < s->desc.n_toggles; i++) {
        int n = tui_text_columns(s->desc.toggles[i].name, -1);
        toggle = n > toggle ? n : toggle;
    }
    /* "> name  value unit" and "1[x] name" (with the color's glyph in front when there are no colors); the
     * window's title fits too */
    int pw = 2 + name + 1 + 9 + 1 + unit + 2, tw = 5 + (s->color ? 0 : 2) + toggle + 1;
    int pt = tui_text_columns(_("parameters"), -1) + 5, tt = tui_text_columns(tui_toggles_name(s), -1) + 5;
    *param_w = s->desc.n_params ? (pw > pt ? pw : pt) : 0;
    *toggle_w = s->desc.n_toggles ? (tw > tt ? tw : tt) : 0;
}

/* --- the header -------------------------------------------------------------------------------------------- */

void tui_draw_header(tui_state *s)
{
    WINDOW *w = s->win[WIN_HEADER];
    werase(w);
    wbkgd(w, A_REVERSE);
    const char *state = s->paused ? _("[paused]") : s->animating ? _("[running]") : "";
    char step[64];
    /* TRANSLATORS: the header's "step 3/12: " before the step's title */
    snprintf(step, sizeof step, _("step %d/%d: "), s->step + 1, s->app->n_steps);
    const char *title = s->desc.title ? s->desc.title : "";
    int need = tui_text_columns(step, -1) + tui_text_columns(title, -1), room = COLS - 2;
    /* the title whole first: the lab's name, then the state, go when the line is short */
    bool with_state = need + 2 + tui_text_columns(state, -1) <= room;
    bool with_name =
        need + 2 + tui_text_columns(s->app->name, -1) + (with_state ? 2 + tui_text_columns(state, -1) : 0) <= room;
    wmove(w, 0, 1);
    if (with_name)
        wprintw(w, "%s  ", s->app->name);
    wprintw(w, "%s", step);
    const int name_cols = with_name ? tui_text_columns(s->app->name, -1) + 2 : 0;
    tui_add_fitted(w, title, room - name_cols - tui_text_columns(step, -1));
    if (with_state && *state)
        mvwprintw(w, 0, COLS - tui_text_columns(state, -1) - 1, "%s", state);
}

/* --- the text pane ----------------------------------------------------------------------------------------- */

typedef struct {
    WINDOW *w;
    int index, first, count;  /* the wrapped line coming next, and the lines to show */
    int row;                  /* where line `first` goes */
    attr_t attr;
} page_target;

static void emit_page_line(void *arg, const char *line, int len)
{
    page_target *t = arg;
    if (t->index >= t->first && t->index < t->first + t->count) {
        wattron(t->w, t->attr);
        mvwaddnstr(t->w, t->row + t->index - t->first, 1, line, len);
        wattroff(t->w, t->attr);
    }
    t->index++;
}

static void count_line(void *arg, const char *line, int len)
{
    (void)arg, (void)line, (void)len;
}

/* The sign on the row below what pages: where more text is and the key that shows it. */
static void draw_more_sign(WINDOW *w, const tui_page *pg)
{
    bool utf8 = plot_mode_from_locale() == PLOT_BRAILLE;
    bool last = pg->page == pg->pages - 1;
    char sign[96];
    /* TRANSLATORS: the sign below paged text: "] more 1/3" (] shows the next page), "[ back 3/3" (the first) */
    snprintf(sign, sizeof sign, "%s %s %d/%d", last ? (utf8 ? "\u25b2" : "^") : (utf8 ? "\u25bc" : "v"),
             last ? _("[ back") : _("] more"), pg->page + 1, pg->pages);
    int cols = tui_text_columns(sign, -1), x = getmaxx(w) - cols - 1;
    wattron(w, A_REVERSE);
    mvwaddstr(w, 1 + pg->sign_row, x > 0 ? x : 0, sign);
    wattroff(w, A_REVERSE);
}

/* The step's text, a blank line, then the notes (bold), paged when the pane is short (tui_text_page). The pane's
 * rule carries the step's title when it fits whole (the header always has it). */
void tui_draw_text(tui_state *s)
{
    WINDOW *w = s->win[WIN_TEXT];
    const int width = getmaxx(w) - 2, rows = getmaxy(w) - 1;
    werase(w);
    mvwhline_set(w, 0, 0, WACS_HLINE, getmaxx(w));
    const char *title = s->desc.title ? s->desc.title : "";
    if (*title && width > 2) {  /* whole when it fits, else its first words and an ellipsis */
        wattron(w, A_BOLD);
        mvwaddstr(w, 0, 1, " ");
        tui_add_fitted(w, title, width - 2);
        waddstr(w, " ");
        wattroff(w, A_BOLD);
    }
    char notes[2048] = "";
    if (s->app->notes)
        s->app->notes(s->app->ctx, s->step, notes, sizeof notes);
    const char *text = s->desc.text ? s->desc.text : "";
    int text_lines = tui_wrap(text, width, count_line, NULL);
    int note_lines = *notes ? tui_wrap(notes, width, count_line, NULL) : 0;
    tui_page pg = tui_text_page(text_lines, note_lines, rows, s->page);
    s->page = pg.page;
    page_target t = {w, 0, pg.first, pg.count, 1, A_NORMAL};
    tui_wrap(text, width, emit_page_line, &t);
    if (pg.pinned)  /* the notes on the last rows */
        t = (page_target){w, 0, 0, note_lines, 1 + rows - note_lines, A_NORMAL};
    else
        t.index += text_lines && note_lines;  /* the blank line */
    t.attr = A_BOLD;
    if (note_lines)
        tui_wrap(notes, width, emit_page_line, &t);
    if (pg.sign_row >= 0)
        draw_more_sign(w, &pg);
    if (pg.page != s->shown.page || pg.pages != s->shown.pages) {
        s->shown = pg;
        s->dirty[WIN_STATUS] = true;  /* it says whether text is hidden */
    }
}

/* --- parameters and toggles -------------------------------------------------------------------------------- */

void tui_draw_params(tui_state *s)
{
    WINDOW *w = s->win[WIN_PARAMS];
    if (!w)
        return;
    werase(w);
    mvwhline_set(w, 0, 0, WACS_HLINE, getmaxx(w));
    mvwprintw(w, 0, 1, " %s ", _("parameters"));
    int name_w = 0;
    for (int i = 0; i < s->desc.n_params; i++) {
        int n = tui_text_columns(s->desc.params[i].name, -1);
        name_w = n > name_w ? n : name_w;
    }
    for (int i = 0; i < s->desc.n_params && i + 1 < getmaxy(w); i++) {
        const tui_param *p = &s->desc.params[i];
        bool sel = i == s->selected;
        if (sel)
            wattron(w, A_REVERSE);
        mvwprintw(w, i + 1, 1, "%c %s%*s %9.4g %s", sel ? '>' : ' ', p->name,
                  name_w - tui_text_columns(p->name, -1), "",
                  *p->value, p->unit ? p->unit : "");
        if (sel)
            wattroff(w, A_REVERSE);
    }
}

void tui_draw_toggles(tui_state *s)
{
    WINDOW *w = s->win[WIN_TOGGLES];
    if (!w)
        return;
    werase(w);
    mvwhline_set(w, 0, 0, WACS_HLINE, getmaxx(w));
    mvwprintw(w, 0, 1, " %s ", tui_toggles_name(s));
    for (int i = 0; i < s->desc.n_toggles && i + 1 < getmaxy(w); i++) {
        const tui_toggle *t = &s->desc.toggles[i];
        mvwprintw(w, i + 1, 0, "%d[%c] ", i + 1, *t->enabled ? 'x' : ' ');
        if (s->color)
            wattron(w, COLOR_PAIR(t->color));
        else
            waddch(w, (chtype)plot_ascii_glyph(t->color)), waddch(w, ' ');
        waddstr(w, t->name);
        if (s->color)
            wattroff(w, COLOR_PAIR(t->color));
    }
}

/* --- the status line --------------------------------------------------------------------------------------- */

#define STATUS_ITEMS 24

typedef struct {
    const char *text;
    int len, cols, rank;  /* bytes, columns; rank: the order in which items keep their place when the line is short
                           * (0 first) */
} status_item;

/* An item: len bytes of text (-1: all of it). */
static int add_item(status_item *items, int n, const char *text, int len, int rank)
{
    len = len < 0 ? (int)strlen(text) : len;
    if (n < STATUS_ITEMS && len > 0)
        items[n++] = (status_item){text, len, tui_text_columns(text, len), rank};
    return n;
}

/* The keys, whole: when the line is short the items of the highest rank are left out (the help lists every key).
 * When the text pane hides text, the first item says so and which key shows it. */
void tui_draw_status(tui_state *s)
{
    WINDOW *w = s->win[WIN_STATUS];
    werase(w);
    wbkgd(w, A_REVERSE);
    if (s->note[0]) {  /* what the figure key did, until the next key */
        wmove(w, 0, 1);
        tui_add_fitted(w, s->note, COLS - 2);
        return;
    }
    char more[96] = "", toggles[96];
    /* TRANSLATORS: the key line's items are "KEY what" with the key first, as typed */
    if (s->shown.pages > 1)
        snprintf(more, sizeof more, "%s %d/%d",
                 s->shown.page < s->shown.pages - 1 ? _("] more text") : _("[ text back"), s->shown.page + 1,
                 s->shown.pages);
    snprintf(toggles, sizeof toggles, "1-9 %s", tui_toggles_name(s));
    status_item items[STATUS_ITEMS];
    int n = 0;
    n = add_item(items, n, more, -1, 0);
    if (s->desc.n_params)
        n = add_item(items, n, _("tab/arrows param"), -1, 5);
    n = add_item(items, n, _("space pause"), -1, 4);
    n = add_item(items, n, _("n/p step"), -1, 2);
    n = add_item(items, n, _("r reset"), -1, 7);
    if (s->desc.n_toggles)
        n = add_item(items, n, toggles, -1, 6);
    n = add_item(items, n, s->text_view ? _("t charts") : _("t text"), -1, 3);
    n = add_item(items, n, _("f figures"), -1, 8);
    /* the lab's keys: groups separated by two spaces ("o opacity  g gap"), marked N_() by the lab */
    const char *k = s->app->extra_keys ? _(s->app->extra_keys) : "";
    for (int rank = 9; *k; rank++) {
        k += strspn(k, " ");
        const char *end = strstr(k, "  ");
        int len = end ? (int)(end - k) : (int)strlen(k);
        n = add_item(items, n, k, len, rank);
        k += len;
    }
    n = add_item(items, n, _("? help"), -1, 1);
    n = add_item(items, n, _("q quit"), -1, 1);
    bool keep[STATUS_ITEMS] = {false};
    int used = 0;
    for (int rank = 0; rank < 8 + STATUS_ITEMS; rank++)
        for (int i = 0; i < n; i++)
            if (items[i].rank == rank && used + items[i].cols + (used ? 2 : 0) <= COLS - 2) {
                keep[i] = true;
                used += items[i].cols + (used ? 2 : 0);
            }
    wmove(w, 0, 1);
    bool first = true;
    for (int i = 0; i < n; i++)
        if (keep[i]) {
            wprintw(w, "%s%.*s", first ? "" : "  ", items[i].len, items[i].text);
            first = false;
        }
}
