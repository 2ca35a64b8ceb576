/* tui: the ncurses shell every lab uses (the only module that includes ncurses).
 *
 * A lab describes itself with a tui_app: its guided steps, the parameters and method toggles of each step, and
 * callbacks that render its plot panes into plot grids (see plot.h), advance its animation and take its own keys.
 * tui_run owns the terminal: layout, keys, mouse, resize, colors, the too-small screen, and restoring the terminal
 * (the alternate screen left, the settings as before) on q, Ctrl-C, Ctrl-\, SIGTERM, SIGHUP and every other signal
 * that ends the process (tui_signal.c). A terminal curses cannot drive (TERM unset or unknown) is said up front.
 *
 *   +-- spring-lab - step 1/6: Explicit Euler explodes -----------------------------------------+
 *   | pane 0                                    | pane 1                                       |
 *   +-------------------------------------------+----------------------------------------------+
 *   | the guided text of the step               | parameters (tab, arrows)  | methods (1-9)    |
 *   | notes (live numbers)                      |                           |                  |
 *   +-------------------------------------------------------------------------------------------+
 *   | keys                                                                                      |
 *
 * Nothing is cut: the panel's columns fit the step's parameter and toggle names; the text pane pages when the text
 * and notes do not fit (] and [, with a "more" sign on the pane and the status line: tui_text_page), t gives it the
 * panes' rows; the status line keeps whole keys (? lists all).
 *
 * Idle costs nothing: while paused, or when tick says the animation is over, tui_run blocks on input and does
 * not redraw. While animating it calls tick at the display rate with the measured frame time and redraws only
 * the panes (wnoutrefresh per window, one doupdate a frame). Keys come in batches: all that wait are read before
 * the next redraw, a batch's edits tell `changed` once, what a frame has no time for waits for the next one (none
 * is dropped), and a q among them answers at once: a paste never holds the screen and q always answers within a
 * frame (tick must keep a frame short: a lab too slow for real time slows its clock down instead). */
#ifndef NUMLAB_TUI_H
#define NUMLAB_TUI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "numlab/common.h"
#include "numlab/plot.h"

#define TUI_MAX_PARAMS 8
#define TUI_MAX_TOGGLES 9
#define TUI_MAX_STATED 4
#define TUI_MAX_PANES 2

typedef struct {
    const char *name;      /* "k" */
    const char *unit;      /* "N/m", or "" */
    double *value;         /* the lab's variable, changed in place */
    double min, max;
    double step;           /* one arrow press: added, or a factor when log_scale */
    double big_step;       /* shift-arrow or PgUp/PgDn */
    bool log_scale;        /* steps multiply/divide by step and big_step */
    const char *option;    /* the lab's long option that sets it ("eps-x"), for the state line; NULL: none */
} tui_param;

typedef struct {
    const char *name;      /* "explicit" */
    int color;             /* plot color 1..PLOT_COLORS shown next to it */
    bool *enabled;         /* the lab's flag, toggled in place by keys 1-9 */
} tui_toggle;

/* An option whose value a lab states for the screen it shows (the state line), in place of the one given: bowl-lab's
 * --set, the instrument as its sliders left it. value is the lab's, current after each change; "" states none. */
typedef struct {
    const char *option;
    const char *value;
} tui_stated;

/* What one step shows: its parameters, its toggles and how many panes. */
typedef struct {
    const char *title;
    const char *text;      /* a few lines; '\n' separates paragraphs, lines are word-wrapped */
    tui_param params[TUI_MAX_PARAMS];
    int n_params;
    tui_toggle toggles[TUI_MAX_TOGGLES];
    int n_toggles;
    const char *toggles_name;  /* what this step's toggles are, translated (NULL: the app's toggles_name) */
    int n_panes;           /* 1 or 2 */
    const char *toggles_option;  /* the lab's option whose list the shown toggles' names make, "method" (the state
                                  * line: the toggles are then named as the option names them); NULL: none */
    tui_stated stated[TUI_MAX_STATED];  /* options the lab states itself (the state line) */
    int n_stated;
} tui_step;

/* What tui_run, tui_menu, tui_pager and tui_walk_write return: common.h's codes. */
typedef enum {
    TUI_OK = NUMLAB_OK,
    TUI_ERR_NO_TERMINAL = NUMLAB_ERR_DEVICE,  /* stdin or stdout is not a terminal: nothing done, nothing said */
    TUI_ERR_TERM = NUMLAB_ERR_INPUT,          /* TERM is unset, unknown or cannot move the cursor (said on stderr:
                                               * which program, what is wrong and what to do) */
    TUI_ERR_IO = NUMLAB_ERR_IO,               /* writing the walk as text failed (NUMLAB_WALK_TEXT) */
} tui_error;

typedef enum {
    TUI_ENTER_STEP,        /* the walk arrived at a step (also at start) */
    TUI_RESTART,           /* r: replay the animation, keep the parameters */
    TUI_EDITED             /* a parameter or toggle changed */
} tui_change;

typedef enum {
    TUI_MOUSE_PRESS,
    TUI_MOUSE_DRAG,        /* motion while the button is held */
    TUI_MOUSE_RELEASE
} tui_mouse_kind;

typedef struct {
    const char *name;      /* the program: "spring-lab" */
    void *ctx;             /* passed to every callback */
    int n_steps;
    int min_cols, min_rows;
    double frame_hz;       /* display rate while animating (default 30) */
    /* The two texts below are marked N_() by the lab and translated by the shell where shown (lang.h); every other
     * text the lab gives (titles, texts, names of parameters and toggles, units) it translates itself. */
    const char *extra_keys;  /* the lab's own keys for the status line (cut to fit) and the help, e.g. "g gap" */
    const char *toggles_name;/* what the toggles are, for their panel and the status line (NULL: "methods") */

    /* Fills *out for step i (0-based). Called when the step changes and after every change. */
    void (*describe)(void *ctx, int step, tui_step *out);
    /* Something changed: recompute. TUI_ENTER_STEP also starts (it may set the step's default parameters). */
    void (*changed)(void *ctx, int step, tui_change what);
    /* Renders pane p into a cols x rows grid the lab owns (valid until the next call). */
    const plot_grid *(*render)(void *ctx, int step, int pane, int cols, int rows);
    /* Live numbers under the text (divergence, errors, rates): writes into buf. May be NULL. */
    void (*notes)(void *ctx, int step, char *buf, size_t size);
    /* Advances the animation by frame_dt seconds; returns true while there is more to animate. May be NULL. */
    bool (*tick)(void *ctx, int step, double frame_dt);
    /* The lab's own keys; returns true when it used the key (then the screen is redrawn). May be NULL. */
    bool (*key)(void *ctx, int step, int key);
    /* Mouse in pane p, at cell (col, row) of the pane; returns true when used. May be NULL. The pane a press
     * lands in captures the pointer: the drags and the release that follow go to it even outside it, with
     * (col, row) then outside 0..cols-1 x 0..rows-1 (even negative). */
    bool (*mouse)(void *ctx, int step, int pane, int col, int row, tui_mouse_kind kind);
    /* Space paused (true) or resumed (false) the animation: a lab whose sound plays in a thread of its own pauses
     * it here. May be NULL. */
    void (*paused)(void *ctx, int step, bool paused);
    /* --plain (tui_plain_run): one sentence of what the step's result says now, from the lab's model, after every
     * key that changed something ("explicit grows x1.35 a step, diverged at step 31; semi bounded"). May be NULL:
     * the notes then. */
    void (*summary)(void *ctx, int step, char *buf, size_t size);
    /* --plain's l key: the series to hear (borrowed until the next callback) and what it is ("energy of explicit"),
     * 0; or -1 when the step has none of its own. May be NULL. Without one l plays the first chart's first series. */
    int (*listen)(void *ctx, int step, plot_series *out, char *what, size_t size);

    /* States (labcli_walk_run sets these): the step to open at (0-based), whether the walk as text is that one
     * step only, and the state line of a screen (S writes it, f puts it in the figures, the walk as text shows
     * it), from state_ctx; state NULL: no state line. */
    int first_step;
    bool one_step;
    void (*state)(const void *state_ctx, int step, const tui_step *shown, char *buf, size_t size);
    const void *state_ctx;

    /* What a callback asks of the shell (tui_go_to_step, tui_say), taken once the callback returns: the shell's,
     * left zero by the lab. */
    bool go_requested;
    int go_step;
    char said[512];
} tui_app;

/* The walk as text, without a terminal: each step as n reaches it (describe, then changed(TUI_ENTER_STEP), then
 * notes, before any tick): "=== step I/N: TITLE", "--- panes: P", a line "--- parameter: NAME [UNIT]" for each parameter (no brackets without a unit) and
 * "--- TOGGLES: NAME" for each toggle (TOGGLES the app's toggles_name), "--- values: NAME = V, ..." (the values the
 * step starts from), "--- shown: NAME, ..." (the toggles on; no line when none is), "--- state: LINE" (when the app
 * has a state line: app->state), the text, and after a line
 * "--- notes" the notes.
 * What the text pane shows before the animation starts (or after r while paused). tui_run writes it to stdout
 * instead of opening the terminal when the environment variable NUMLAB_WALK_TEXT is set and not empty: every lab's
 * lesson, readable and testable headless; with app->one_step, only step app->first_step (a state's). Returns TUI_OK, or TUI_ERR_IO when writing failed. */
int tui_walk_write(tui_app *app, FILE *f);

/* Runs the app until q or a quit signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT: tui_signal() says which) and returns
 * TUI_OK. Needs a terminal: TUI_ERR_NO_TERMINAL when stdin or stdout is not one, TUI_ERR_TERM when TERM cannot be
 * used; TUI_ERR_IO when the walk as text (NUMLAB_WALK_TEXT) could not be written. The terminal is restored in every
 * case. labcli_walk_status turns the code into the lab's exit status. */
int tui_run(tui_app *app);

/* From the key or mouse callback: go to step `step` (0-based) once the callback returns, as n and p do (steps
 * that do not exist are ignored). For jumps n/p cannot make, e.g. to the next group of steps. */
void tui_go_to_step(tui_app *app, int step);

/* --- menus and pages (tui_menu.c): the launcher's screens ------------------------------------------------- */

typedef struct {
    const char *label;     /* "spring-lab" */
    const char *detail;    /* one line of description */
} tui_item;

/* A full-screen list: arrows/j/k move, Enter or the item's number chooses, q or Esc leaves. Returns TUI_OK with
 * *choice the chosen index, or -1 when the user left (or a quit signal came: tui_signal() says which);
 * TUI_ERR_NO_TERMINAL or TUI_ERR_TERM (said on stderr, as tui_run does). Restores the terminal before returning. */
int tui_menu(const char *title, const char *subtitle, const tui_item *items, int n_items, int selected, int *choice);
/* Shows text (lines separated by '\n', wrapped to the width) with scrolling (arrows, PgUp/PgDn, space, Home, End)
 * until q or Esc. Returns TUI_OK, TUI_ERR_NO_TERMINAL or TUI_ERR_TERM (said on stderr). */
int tui_pager(const char *title, const char *text);

/* The quit signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that ended the last tui_run, tui_menu or tui_pager, or 0. */
int tui_signal(void);

/* From a callback: text for the status line in place of the keys until the next key (what a key did: "w: wrote
 * bowl-session-1.wav"), so that it is seen whatever page the text pane is on. */
void tui_say(tui_app *app, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* --- the screen-reader mode (tui_plain.c) ------------------------------------------------------------------ *
 * The same walk, keys and parameters as lines of plain UTF-8 for a screen reader or a braille display: no cursor
 * addressing, no escapes, no curses. A step is said whole when the walk arrives at it (its title, text, parameters,
 * toggles, notes, and each chart said in words: plot_describe.h); every key after that answers with one line of what
 * changed ("dt 0.022 s: " and the step's summary); d says the charts again, t gives their numbers as a short table,
 * l plays a series as a tone whose pitch follows it (sonify.h), i says the step again, ? lists the keys as
 * sentences. Nothing animates: each change runs the animation to its end at once, so the charts show the whole run.
 * Keys are read one byte at a time (a pipe works; on a terminal the line discipline is set to give each key as it
 * is pressed, and put back however the program ends). */

/* Turns the mode on (labcli's --plain: NUMLAB_PLAIN=1 is then set for the programs it starts, the launcher's labs)
 * and names the WAV the l key writes instead of playing (NULL: play). tui_menu and tui_pager then say their items
 * and pages as lines too (a number and Enter choose). */
void tui_set_plain(bool on, const char *tone_wav);
/* Whether tui_run runs the walk in lines: tui_set_plain, or NUMLAB_PLAIN set in the environment, not empty and not
 * "0". */
bool tui_plain(void);
/* The walk in lines, keys from in, lines to out, until q, the end of in or a quit signal. Returns TUI_OK, or
 * TUI_ERR_IO when out could not be written. */
int tui_plain_run(tui_app *app, FILE *in, FILE *out);

/* Restores the terminal if tui_run left it in curses mode (idempotent; safe to call from atexit). */
void tui_restore(void);

/* Helpers for the callbacks. tui_add_param appends a parameter to a step's description (none past
 * TUI_MAX_PARAMS). tui_append writes printf-style text at buf + used (the notes) and returns the new length, like
 * snprintf: past size the text is cut, and later calls add nothing. */
void tui_add_param(tui_step *d, const char *name, const char *unit, double *value, double min, double max,
                   double step, double big_step, bool log_scale);
/* Names the long option that sets the parameter tui_add_param added last (tui_param.option): the state line. */
void tui_param_option(tui_step *d, const char *option);
size_t tui_append(char *buf, size_t size, size_t used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The value after one step of a parameter, clamped to [min, max]; direction +-1, big selects big_step.
 * (Pure arithmetic, exported for the tests.) */
double tui_param_stepped(const tui_param *p, int direction, bool big);

/* Word-wraps text into lines of at most width display columns (UTF-8; a code point takes wcwidth columns in the
 * current locale: 0 for a combining accent, 2 for a wide character, 1 when the locale does not know it): calls emit
 * for each line. '\n' ends a paragraph; a word is cut only when it is wider than the line. A relation sign that
 * stands as a word ("=", "<", "<=", "~", ...) binds the words on either side, and a number the word before it unless
 * that word ends a clause (",;:.)"): "x = -5590.544" and "rk4 -2.2" are never split over two lines unless wider than
 * one. Returns the number of lines. (Exported for the tests.) */
int tui_wrap(const char *text, int width, void (*emit)(void *arg, const char *line, int len), void *arg);
/* text in at most cols display columns, into out (size bytes with the NUL): whole when it fits, else the words that
 * fit, cut between two words, and an ellipsis ("\u2026" when utf8, else "..."); a first word wider than that is cut
 * at a character. Returns the columns written (0, an empty out, when not even the ellipsis fits). Every line the
 * shell cuts to the screen's width goes through it. (Pure, exported for the tests.) */
int tui_text_fit(const char *text, int cols, bool utf8, char *out, size_t size);
/* The toggles' window title in the language shown: the step's, else the app's, else "methods". */
const char *tui_toggles_title(const tui_app *app, const tui_step *step);
/* The display columns of len bytes of UTF-8 text (len < 0: all of it up to its NUL; s NULL: 0), counted as
 * tui_wrap counts them. */
int tui_text_columns(const char *s, int len);

/* The text pane shows the step's text (text_lines wrapped lines), a blank line and its notes (note_lines) in `rows`
 * rows. When they do not fit it pages, and the row below what pages carries the sign that more is there ("] more
 * 1/3", or "[ back 3/3" on the last page): notes of at most half the rows stay pinned to the last rows on every page
 * (the live numbers stay in sight) and the text pages above them; longer notes page with the text. The keys ] and [
 * turn the pages, t shows the text in place of the charts. (Pure, exported for the tests.) */
typedef struct {
    int page, pages;       /* 0-based page (`page` clamped to 0 .. pages - 1), and how many (1 when all fits) */
    int first, count;      /* the lines shown in the rows from the top: the text's when pinned, else the document's
                            * (the text, the blank line, the notes) */
    int sign_row;          /* the row of the sign, or -1 (all fits, or a pane of one row: the status line says it) */
    bool pinned;           /* the notes take the last note_lines rows */
} tui_page;
tui_page tui_text_page(int text_lines, int note_lines, int rows, int page);

/* Markdown for a pager that wraps (tui_wrap): joins each paragraph's lines, and a list item's with its own, into one
 * line, in place; fenced code blocks, headings, table rows, list items and blank lines keep their own lines. */
void tui_reflow(char *text);

#endif
