/* tui's private interface between tui.c (the lab shell), tui_keys.c (input, the help) and tui_menu.c (the
 * launcher's screens). */
#ifndef NUMLAB_TUI_INTERNAL_H
#define NUMLAB_TUI_INTERNAL_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "numlab/tui.h"

#include "numlab/tui.h"

/* --- the lab shell's state (tui.c lays out and runs, tui_panel.c draws the panel and the lines) --- */

enum { WIN_HEADER, WIN_PANE0, WIN_PANE1, WIN_TEXT, WIN_PARAMS, WIN_TOGGLES, WIN_STATUS, WIN_COUNT };

typedef struct {
    tui_app *app;
    WINDOW *win[WIN_COUNT];
    bool dirty[WIN_COUNT];
    int pane_x[TUI_MAX_PANES], pane_y, pane_w[TUI_MAX_PANES], pane_h;
    int param_w, toggle_w; /* the panel's columns for this step's parameters and toggles (0: none) */
    int step;
    tui_step desc;
    int selected;          /* parameter index */
    int mouse_pane;        /* the pane a button press captured until its release, or -1 */
    int page;              /* the text pane's page (] and [) */
    tui_page shown;        /* what the text pane showed last: the status line says when text is hidden */
    bool text_view;        /* t: the text in place of the charts */
    bool paused, animating, help, too_small, color;
    bool heat;                  /* heat maps in colour: tui_heat_colors */
    bool change_pending;   /* a change the model has not been told of yet: keys in one batch coalesce */
    tui_change pending;
    char note[512];        /* what the figure key did, on the status line until the next key */
} tui_state;

/* The columns the step's parameters and toggles need (0 when it has none). */
void tui_panel_widths(const tui_state *s, int *param_w, int *toggle_w);
/* The header, the text pane (paged, with the "more" sign), the parameters, the toggles and the status line. */
void tui_draw_header(tui_state *s);
void tui_draw_text(tui_state *s);
void tui_draw_params(tui_state *s);
void tui_draw_toggles(tui_state *s);
void tui_draw_status(tui_state *s);
/* Writes text at w's cursor in at most cols columns, cut between words with an ellipsis when it is longer
 * (tui_text_fit, "…" or "..." by the terminal's character set). */
void tui_add_fitted(WINDOW *w, const char *text, int cols);

/* --- signals and the terminal (tui_signal.c) --- */

/* Saves the terminal settings, then installs on_quit for SIGINT, SIGTERM, SIGHUP and SIGQUIT and, for every other
 * signal that ends a process, a handler that restores the terminal (async-signal-safe) and dies of the signal. */
void tui_signal_install(void (*on_quit)(int));
/* Once curses is open: takes the terminal's restore strings from terminfo for that handler. */
void tui_signal_ready(void);
/* After endwin: the handler has nothing to restore. */
void tui_signal_done(void);
/* The async-signal-safe restore itself (the strings, then the saved settings). */
void tui_signal_restore_raw(void);
/* Whether curses can drive this terminal (TERM set, known to terminfo, able to move the cursor). When not, says
 * so on stderr, naming program, what is wrong and what to do, and returns false. */
bool tui_terminal_usable(const char *program);

/* Enters curses mode: locale, cbreak, keypad, colors (unless NO_COLOR or none), mouse, and the signal handlers
 * that restore the terminal. Returns whether colors are on. */
bool tui_open(void);
/* A heat map's colours (viridis in xterm's 256, TUI_HEAT_COLORS of them) as colour pairs of an upper and a lower
 * pixel, where the terminal has 256 colours and the pairs; returns whether they are set. Without them a heat map
 * keeps its shading characters. */
#define TUI_HEAT_COLORS 16
bool tui_heat_colors(void);

/* The help over the screen: the shell's keys, then the lab's (extra_keys, may be NULL). */
void tui_draw_help(const char *extra_keys, const char *toggles_name);  /* toggles_name: translated */
const char *tui_toggles_name(const tui_state *s);  /* the current step's toggles title (tui_toggles_title) */

/* The figure key (tui_figure.c): renders the step's panes (shown->n_panes, pane_w[p] x pane_h; 0 wide: not shown)
 * under a plot capture and writes their charts into a new folder numlab-figures/PROGRAM-stepS-NNN/, each file
 * with the screen's state line (figure_set_state); what happened, for the status line, in note. */
void tui_figures_write(const tui_app *app, int step, const tui_step *shown, const int *pane_w, int pane_h,
                       char *note, size_t size);
/* The state key (tui_figure.c): the screen's state line appended whole to numlab-states.txt (one write, O_APPEND:
 * two labs in one folder never interleave) and shown on the status line through note. */
void tui_state_write(const tui_app *app, int step, const tui_step *shown, char *note, size_t size);

/* --plain (tui_plain.c, tui_listen.c): the quit signals caught as tui_run catches them (tui_signal() says which);
 * the l key, which plays the step's series as a tone (app->listen's, else the first chart's first series) or writes
 * it to the WAV `wav` (when not NULL), and says what it did in note. */
void tui_catch_quit(void);
void tui_listen(const tui_app *app, int step, int n_panes, const char *wav, char *note, size_t size);
/* tui_menu and tui_pager in --plain (tui_plain_menu.c): the items or the page as lines, a number and Enter choose. */
int tui_plain_menu(const char *title, const char *subtitle, const tui_item *items, int n_items, int selected,
                   int *choice);
int tui_plain_pager(const char *title, const char *text);

/* CLOCK_MONOTONIC in seconds. */
double tui_now(void);

/* Takes input in batches: holds `first` (ERR: none) and every key already waiting behind the keys held from the
 * last call, then hands them to handle(arg, key, mouse) in order (mouse: the event of a KEY_MOUSE, else NULL) until
 * one returns false (quit, or leave the screen) or `deadline` (tui_now seconds) passes; the keys left are held for
 * the next call (the next screen's, after a false), none dropped, but a q or Q among them quits at once (the keys
 * before it are then dropped): a paste or a burst never holds the screen or q back for more than a frame. Leaves
 * curses' timeout at 0. Returns false when a key asked to quit or leave. */
bool tui_take_keys(int first, double deadline, bool (*handle)(void *arg, int key, const MEVENT *mouse), void *arg);
/* True while keys are held for the next call: the caller then must not block on input. */
bool tui_keys_held(void);

#endif
