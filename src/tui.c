/* tui: the ncurses shell of every lab. See include/numlab/tui.h.
 * The screen is a few windows (header, panes, text, parameters, toggles, status), each redrawn only when its
 * dirty flag is set; one doupdate a frame. Input is blocking while nothing animates. */
#include "numlab/tui.h"
#include "numlab/lang.h"
#include "numlab/plot_heat.h"
#include "tui_internal.h"

#include <curses.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KEY_ESC 27
#define KEY_TAB '\t'
#define CTRL_L 12

static volatile sig_atomic_t quit_signal;
static bool curses_active;

/* --- terminal restore ------------------------------------------------------------------------------------- */

void tui_restore(void)
{
    if (!curses_active)
        return;
    curses_active = false;
    fputs("\033[?1002l", stdout);  /* stop reporting mouse motion */
    fflush(stdout);
    endwin();
    tui_signal_done();
}

static void on_quit_signal(int sig)
{
    quit_signal = sig;  /* the input loop sees it when getch returns ERR (EINTR) */
}

/* --- layout ----------------------------------------------------------------------------------------------- */

static void destroy_windows(tui_state *s)
{
    for (int i = 0; i < WIN_COUNT; i++)
        if (s->win[i]) {
            delwin(s->win[i]);
            s->win[i] = NULL;
        }
}

static void mark_all_dirty(tui_state *s)
{
    for (int i = 0; i < WIN_COUNT; i++)
        s->dirty[i] = true;
}

static void layout(tui_state *s)
{
    destroy_windows(s);
    erase();
    wnoutrefresh(stdscr);
    s->too_small = COLS < s->app->min_cols || LINES < s->app->min_rows;
    mark_all_dirty(s);
    if (s->too_small)
        return;
    /* the panes keep 16 rows when they can; the text panel takes the rest, 8 to 14 rows, and a row more than the
     * step has parameters or toggles (the panes keep 10). t gives the panes' rows to the text. */
    int list_rows = 1 + (s->desc.n_params > s->desc.n_toggles ? s->desc.n_params : s->desc.n_toggles);
    int panel_h = LINES - 2 - 16;
    panel_h = panel_h < 8 ? 8 : panel_h > 14 ? 14 : panel_h;
    panel_h = panel_h < list_rows ? (list_rows < LINES - 12 ? list_rows : LINES - 12) : panel_h;
    if (s->text_view)
        panel_h = LINES - 2;
    s->pane_y = 1;
    s->pane_h = LINES - 2 - panel_h;
    int n = s->desc.n_panes < 1 ? 1 : s->desc.n_panes > TUI_MAX_PANES ? TUI_MAX_PANES : s->desc.n_panes;
    if (s->text_view)
        n = 0;
    int x = 0;
    for (int p = 0; p < n; p++) {
        int w = (COLS - (n - 1)) / n + (p == n - 1 ? (COLS - (n - 1)) % n : 0);
        s->pane_x[p] = x;
        s->pane_w[p] = w;
        s->win[WIN_PANE0 + p] = newwin(s->pane_h, w, s->pane_y, x);
        x += w + 1;  /* one column for the separator */
    }
    for (int p = n; p < TUI_MAX_PANES; p++)
        s->pane_w[p] = 0;
    int panel_y = 1 + s->pane_h;
    tui_panel_widths(s, &s->param_w, &s->toggle_w);
    int text_w = COLS - s->param_w - s->toggle_w;
    s->win[WIN_HEADER] = newwin(1, COLS, 0, 0);
    s->win[WIN_TEXT] = newwin(panel_h, text_w, panel_y, 0);
    if (s->param_w)
        s->win[WIN_PARAMS] = newwin(panel_h, s->param_w, panel_y, text_w);
    if (s->toggle_w)
        s->win[WIN_TOGGLES] = newwin(panel_h, s->toggle_w, panel_y, text_w + s->param_w);
    s->win[WIN_STATUS] = newwin(1, COLS, LINES - 1, 0);
    /* the separators live on stdscr */
    for (int p = 1; p < n; p++)
        mvvline_set(s->pane_y, s->pane_x[p] - 1, WACS_VLINE, s->pane_h);
    wnoutrefresh(stdscr);
}

/* --- drawing ---------------------------------------------------------------------------------------------- */

/* The heat map's pairs follow the series' colours: upper colour u over lower colour d. */
static int heat_pair(int u, int d)
{
    return PLOT_COLORS + 1 + u * TUI_HEAT_COLORS + d;
}

bool tui_heat_colors(void)
{
    if (COLORS < 256 || COLOR_PAIRS <= heat_pair(TUI_HEAT_COLORS - 1, TUI_HEAT_COLORS - 1))
        return false;
    short color[TUI_HEAT_COLORS];
    for (int k = 0; k < TUI_HEAT_COLORS; k++) {
        uint8_t rgb[3];
        plot_viridis((k + 0.5) / TUI_HEAT_COLORS, rgb);  /* the middle of the values each colour stands for */
        color[k] = (short)plot_xterm256(rgb);
    }
    for (int u = 0; u < TUI_HEAT_COLORS; u++)
        for (int d = 0; d < TUI_HEAT_COLORS; d++)
            if (init_pair((short)heat_pair(u, d), color[u], color[d]) == ERR)
                return false;
    return true;
}

static void draw_grid(tui_state *s, WINDOW *w, const plot_grid *g)
{
    werase(w);
    if (!g)
        return;
    int rows = g->rows < getmaxy(w) ? g->rows : getmaxy(w);
    int cols = g->cols < getmaxx(w) ? g->cols : getmaxx(w);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            const plot_cell *cell = &g->cells[r * g->cols + c];
            const bool heat = s->heat && (cell->attr & PLOT_ATTR_IMAGE) && cell->heat[0] && cell->heat[1];
            if (cell->ch == ' ' && !heat)
                continue;
            attr_t attr = (cell->attr & PLOT_ATTR_BOLD ? A_BOLD : 0) | (cell->attr & PLOT_ATTR_DIM ? A_DIM : 0);
            short pair = s->color ? (short)cell->color : 0;
            wchar_t wc[2] = {(wchar_t)cell->ch, L'\0'};
            if (heat) {  /* the upper pixel in the foreground of U+2580, the lower one behind it */
                wc[0] = 0x2580;
                pair = (short)heat_pair(plot_heat_color_of(cell->heat[0], TUI_HEAT_COLORS),
                                        plot_heat_color_of(cell->heat[1], TUI_HEAT_COLORS));
            }
            cchar_t cc;
            setcchar(&cc, wc, attr, pair, NULL);
            mvwadd_wch(w, r, c, &cc);
        }
}

typedef struct {
    int row, count;
} centered_lines;

static void emit_centered(void *arg, const char *line, int len)
{
    centered_lines *c = arg;
    int x = (COLS - len) / 2;
    mvaddnstr(c->row + c->count++, x > 0 ? x : 0, line, len);
}

static void draw_too_small(tui_state *s)
{
    erase();
    char msg[256];
    snprintf(msg, sizeof msg, _("terminal too small:\nneed %d x %d\n(have %d x %d)"), s->app->min_cols,
             s->app->min_rows, COLS, LINES);
    /* wrapped and centred: it must be readable in the smallest window */
    centered_lines c = {LINES / 2 - 1, 0};
    tui_wrap(msg, COLS, emit_centered, &c);
    wnoutrefresh(stdscr);
}

static void redraw(tui_state *s)
{
    if (s->too_small) {
        if (s->dirty[WIN_HEADER])
            draw_too_small(s);
        memset(s->dirty, 0, sizeof s->dirty);
        doupdate();
        return;
    }
    if (s->dirty[WIN_HEADER])
        tui_draw_header(s);
    for (int p = 0; p < TUI_MAX_PANES; p++)
        if (s->dirty[WIN_PANE0 + p] && s->win[WIN_PANE0 + p])
            draw_grid(s, s->win[WIN_PANE0 + p],
                      s->app->render(s->app->ctx, s->step, p, s->pane_w[p], s->pane_h));
    if (s->dirty[WIN_TEXT])
        tui_draw_text(s);
    if (s->dirty[WIN_PARAMS])
        tui_draw_params(s);
    if (s->dirty[WIN_TOGGLES])
        tui_draw_toggles(s);
    if (s->dirty[WIN_STATUS])
        tui_draw_status(s);
    for (int i = 0; i < WIN_COUNT; i++)
        if (s->dirty[i] && s->win[i])
            wnoutrefresh(s->win[i]);
    if (s->help)
        tui_draw_help(s->app->extra_keys, tui_toggles_name(s));
    memset(s->dirty, 0, sizeof s->dirty);
    doupdate();
}

/* --- state changes ---------------------------------------------------------------------------------------- */

static void describe_step(tui_state *s)
{
    int old_panes = s->desc.n_panes;
    memset(&s->desc, 0, sizeof s->desc);
    s->app->describe(s->app->ctx, s->step, &s->desc);
    if (s->selected >= s->desc.n_params)
        s->selected = 0;
    int param_w, toggle_w;
    tui_panel_widths(s, &param_w, &toggle_w);
    if (s->desc.n_panes != old_panes || param_w != s->param_w || toggle_w != s->toggle_w)
        layout(s);
}

/* Tells the model of the change held back, if any (before anything reads the model, and after a batch of keys). */
static void flush_change(tui_state *s)
{
    if (!s->change_pending)
        return;
    s->change_pending = false;
    s->app->changed(s->app->ctx, s->step, s->pending);
    s->animating = s->app->tick != NULL;
    mark_all_dirty(s);
}

/* Something the model depends on changed: recompute, restart the animation, redraw the lot. Edits and restarts
 * wait for the end of the batch of keys (a hundred + in a paste are one recomputation); entering a step is told
 * at once (the model sets the step's defaults before any edit). */
static void model_changed(tui_state *s, tui_change what)
{
    if (s->change_pending && s->pending != what)
        flush_change(s);
    s->change_pending = true;
    s->pending = what;
    if (what == TUI_ENTER_STEP)
        flush_change(s);
    mark_all_dirty(s);
}

static void go_to_step(tui_state *s, int step)
{
    if (step < 0 || step >= s->app->n_steps || step == s->step)
        return;
    flush_change(s);
    s->step = step;
    s->selected = 0;
    s->page = 0;
    describe_step(s);
    model_changed(s, TUI_ENTER_STEP);
}

void tui_go_to_step(tui_app *app, int step)
{
    app->go_requested = true;
    app->go_step = step;
}

/* A callback used an event: redraw, animate again, and make the step jump it may have asked for. */
static void callback_used(tui_state *s)
{
    s->animating = s->app->tick != NULL;
    mark_all_dirty(s);
    const bool go = s->app->go_requested;
    s->app->go_requested = false;
    if (go && s->app->go_step >= 0)
        go_to_step(s, s->app->go_step);
}

static void change_param(tui_state *s, int direction, bool big)
{
    if (s->desc.n_params == 0)
        return;
    tui_param *p = &s->desc.params[s->selected];
    double v = tui_param_stepped(p, direction, big);
    if (v != *p->value) {
        *p->value = v;
        model_changed(s, TUI_EDITED);
    }
}

static void handle_mouse(tui_state *s, const MEVENT *mouse)
{
    if (!mouse || s->too_small)
        return;
    const MEVENT ev = *mouse;
    tui_mouse_kind kind = ev.bstate & BUTTON1_RELEASED                          ? TUI_MOUSE_RELEASE
                          : ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED) ? TUI_MOUSE_PRESS
                                                                                : TUI_MOUSE_DRAG;
    int py = 0, px = 0;
    if (s->win[WIN_PARAMS])
        getbegyx(s->win[WIN_PARAMS], py, px);
    if (kind == TUI_MOUSE_PRESS && s->win[WIN_PARAMS] && ev.x >= px && ev.x < px + s->param_w && ev.y > py &&
        ev.y - py - 1 < s->desc.n_params) {
        s->selected = ev.y - py - 1;
        s->dirty[WIN_PARAMS] = true;
        return;
    }
    if (!s->app->mouse)
        return;
    flush_change(s);
    /* The pane under a press captures the pointer: its drags and its release go to it wherever they happen
     * (a mass dragged past the pane's edge is still let go), with coordinates relative to it. */
    int pane = s->mouse_pane;
    if (kind == TUI_MOUSE_PRESS || pane < 0 || s->pane_w[pane] == 0) {
        pane = -1;
        for (int p = 0; p < TUI_MAX_PANES; p++)
            if (s->pane_w[p] && ev.x >= s->pane_x[p] && ev.x < s->pane_x[p] + s->pane_w[p] && ev.y >= s->pane_y &&
                ev.y < s->pane_y + s->pane_h)
                pane = p;
    }
    s->mouse_pane = kind == TUI_MOUSE_RELEASE ? -1 : kind == TUI_MOUSE_PRESS ? pane : s->mouse_pane;
    if (pane >= 0 && s->app->mouse(s->app->ctx, s->step, pane, ev.x - s->pane_x[pane], ev.y - s->pane_y, kind))
        callback_used(s);
}

/* ] and [: the text pane's next and previous page (tui_draw_text clamps it). */
static void turn_page(tui_state *s, int direction)
{
    s->page += direction;
    s->page = s->page < 0 ? 0 : s->page >= s->shown.pages ? s->shown.pages - 1 : s->page;
    s->dirty[WIN_TEXT] = s->dirty[WIN_STATUS] = true;
}

void tui_say(tui_app *app, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->said, sizeof app->said, fmt, ap);  /* taken by handle_key after the lab's key callback */
    va_end(ap);
}

/* Returns false when the user asked to quit. */
static bool handle_key(tui_state *s, int ch, const MEVENT *mouse)
{
    if (s->note[0]) {  /* any key takes the figure key's note off the status line */
        s->note[0] = '\0';
        s->dirty[WIN_STATUS] = true;
    }
    if (s->help) {  /* any key closes the help */
        s->help = false;
        layout(s);
        return true;
    }
    switch (ch) {
    case 'q': case 'Q':                  return false;
    case KEY_RESIZE:                     layout(s); break;
    case CTRL_L:                         clearok(curscr, TRUE); layout(s); break;
    case '?':                            s->help = true; break;
    case ' ':
        s->paused = !s->paused;
        s->dirty[WIN_HEADER] = true;
        if (s->app->paused)
            s->app->paused(s->app->ctx, s->step, s->paused);
        break;
    case 'n':                            go_to_step(s, s->step + 1); break;
    case 'p':                            go_to_step(s, s->step - 1); break;
    case 'r':                            model_changed(s, TUI_RESTART); break;
    case ']':                            turn_page(s, +1); break;
    case '[':                            turn_page(s, -1); break;
    case 't':                            s->text_view = !s->text_view; layout(s); break;
    case 'f':
        if (tui_keys_held())
            break;  /* an f inside a paste writes no figures: only one pressed on its own */
        flush_change(s);
        tui_figures_write(s->app, s->step, &s->desc, s->pane_w, s->pane_h, s->note, sizeof s->note);
        mark_all_dirty(s);
        break;
    case 'S':
        if (tui_keys_held())
            break;  /* as f: only an S pressed on its own */
        flush_change(s);
        tui_state_write(s->app, s->step, &s->desc, s->note, sizeof s->note);
        s->dirty[WIN_STATUS] = true;
        break;
    case KEY_TAB: case KEY_DOWN:
        if (s->desc.n_params)
            s->selected = (s->selected + 1) % s->desc.n_params;
        s->dirty[WIN_PARAMS] = true;
        break;
    case KEY_BTAB: case KEY_UP:
        if (s->desc.n_params)
            s->selected = (s->selected + s->desc.n_params - 1) % s->desc.n_params;
        s->dirty[WIN_PARAMS] = true;
        break;
    case KEY_RIGHT: case '+': case '=':  change_param(s, +1, false); break;
    case KEY_LEFT: case '-': case '_':   change_param(s, -1, false); break;
    case KEY_SRIGHT: case KEY_PPAGE:     change_param(s, +1, true); break;
    case KEY_SLEFT: case KEY_NPAGE:      change_param(s, -1, true); break;
    case KEY_MOUSE:                      handle_mouse(s, mouse); break;
    default:
        if (ch >= '1' && ch <= '9' && ch - '1' < s->desc.n_toggles) {
            bool *flag = s->desc.toggles[ch - '1'].enabled;
            *flag = !*flag;
            model_changed(s, TUI_EDITED);
        } else if (s->app->key) {
            flush_change(s);
            if (s->app->key(s->app->ctx, s->step, ch))
                callback_used(s);
            if (s->app->said[0]) {
                snprintf(s->note, sizeof s->note, "%s", s->app->said);
                s->app->said[0] = '\0';
                s->dirty[WIN_STATUS] = true;
            }
        }
    }
    return true;
}

static bool take_key(void *arg, int ch, const MEVENT *mouse)
{
    return handle_key(arg, ch, mouse);
}

bool tui_open(void)
{
    quit_signal = 0;
    tui_signal_install(on_quit_signal);
    lang_init();  /* never the whole locale: numbers keep their '.' */
    initscr();
    curses_active = true;
    tui_signal_ready();
    static bool registered;
    if (!registered)
        atexit(tui_restore);
    registered = true;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    const char *no_color = getenv("NO_COLOR");
    bool color = has_colors() && !(no_color && *no_color);
    if (color) {
        start_color();
        use_default_colors();
        for (int c = 1; c <= PLOT_COLORS; c++) {
            int term = plot_color_terminal(c);
            init_pair((short)c, (short)(COLORS >= 16 ? term : term & 7), -1);
        }
    }
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | REPORT_MOUSE_POSITION, NULL);
    mouseinterval(0);
    fputs("\033[?1002h", stdout);  /* xterm: report motion while a button is held */
    fflush(stdout);
    return color;
}

void tui_catch_quit(void)
{
    quit_signal = 0;
    tui_signal_install(on_quit_signal);
}

int tui_run(tui_app *app)
{
    const char *walk_text = getenv("NUMLAB_WALK_TEXT");
    if (walk_text && *walk_text)
        return tui_walk_write(app, stdout);
    if (tui_plain())
        return tui_plain_run(app, stdin, stdout);
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return TUI_ERR_NO_TERMINAL;
    if (!tui_terminal_usable(app->name))
        return TUI_ERR_TERM;
    tui_state s = {.app = app, .mouse_pane = -1,
                   .step = app->first_step > 0 && app->first_step < app->n_steps ? app->first_step : 0};
    app->go_requested = false;
    app->said[0] = '\0';
    if (app->frame_hz <= 0)
        app->frame_hz = 30;
    s.color = tui_open();
    s.heat = s.color && tui_heat_colors();
    describe_step(&s);
    layout(&s);
    model_changed(&s, TUI_ENTER_STEP);

    const int frame_ms = (int)(1000.0 / app->frame_hz);
    double last = tui_now();
    bool running = true;
    while (running && !quit_signal) {
        redraw(&s);
        bool live = s.animating && !s.paused && !s.too_small && !s.help;
        const bool held = tui_keys_held();  /* keys a frame had no time for: never block while they wait */
        timeout(held ? 0 : live ? frame_ms : -1);  /* idle: block until a key, a resize or a signal */
        int ch = getch();
        if (quit_signal)
            break;
        double t = tui_now();
        if (ch != ERR || held) {  /* this key and all that wait behind it, then one recomputation and one redraw */
            running = tui_take_keys(ch, t + 1.0 / app->frame_hz, take_key, &s);
            flush_change(&s);
        }
        if (live && t - last >= 0.5 / app->frame_hz) {
            /* a frame: feed the measured time (at most a second: a suspended process skips, not catches up) */
            double dt = t - last;
            s.animating = app->tick(app->ctx, s.step, dt > 1.0 ? 1.0 : dt);
            for (int p = 0; p < TUI_MAX_PANES; p++)
                s.dirty[WIN_PANE0 + p] = true;
            s.dirty[WIN_TEXT] = true;
            if (!s.animating)
                s.dirty[WIN_HEADER] = true;
            last = t;
        } else if (!live) {
            last = t;
        }
    }
    destroy_windows(&s);
    tui_restore();
    return TUI_OK;  /* q, or a quit signal: tui_signal() */
}

int tui_signal(void)
{
    return quit_signal;
}
