/* tui's private interface between tui.c (the lab shell), tui_keys.c (input, the help) and tui_menu.c (the
 * launcher's screens). */
#ifndef NUMLAB_TUI_INTERNAL_H
#define NUMLAB_TUI_INTERNAL_H

#include <curses.h>
#include <stdbool.h>

/* Enters curses mode: locale, cbreak, keypad, colors (unless NO_COLOR or none), mouse, and the signal handlers
 * that restore the terminal. Returns whether colors are on. */
bool tui_open(void);

/* The help over the screen: the shell's keys, then the lab's (extra_keys, may be NULL). */
void tui_draw_help(const char *extra_keys);

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
