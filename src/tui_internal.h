/* tui's private interface between tui.c (the lab shell), tui_keys.c (input, the help) and tui_menu.c (the
 * launcher's screens). */
#ifndef NUMLAB_TUI_INTERNAL_H
#define NUMLAB_TUI_INTERNAL_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "numlab/tui.h"

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

/* The help over the screen: the shell's keys, then the lab's (extra_keys, may be NULL). */
void tui_draw_help(const char *extra_keys);

/* The figure key (tui_figure.c): renders the step's panes (pane_w[p] x pane_h; 0 wide: not shown) under a plot
 * capture and writes their charts into a new folder numlab-figures/PROGRAM-stepS-NNN/; what happened, for the
 * status line, in note. */
void tui_figures_write(const tui_app *app, int step, int n_panes, const int *pane_w, int pane_h, char *note,
                       size_t size);

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
