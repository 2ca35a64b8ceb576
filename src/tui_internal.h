/* tui's private interface between tui.c (the lab shell), tui_keys.c (input, the help) and tui_menu.c (the
 * launcher's screens). */
#ifndef NUMLAB_TUI_INTERNAL_H
#define NUMLAB_TUI_INTERNAL_H

#include <stdbool.h>

/* Enters curses mode: locale, cbreak, keypad, colors (unless NO_COLOR or none), mouse, and the signal handlers
 * that restore the terminal. Returns whether colors are on. */
bool tui_open(void);

/* The help over the screen: the shell's keys, then the lab's (extra_keys, may be NULL). */
void tui_draw_help(const char *extra_keys);

/* CLOCK_MONOTONIC in seconds. */
double tui_now(void);

/* Hands `first` and then every key already waiting to handle(arg, key), in order, until one returns false (quit).
 * Keys still waiting at `deadline` (tui_now seconds) are read and dropped, except q or Q, which quits, and
 * KEY_RESIZE, which is handled: a paste or a burst never holds the screen or q back for more than a frame. Leaves curses' timeout at 0. Returns false when
 * a key asked to quit. */
bool tui_take_keys(int first, double deadline, bool (*handle)(void *arg, int key), void *arg);

#endif
