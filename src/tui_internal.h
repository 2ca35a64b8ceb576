/* tui's private interface between tui.c (the lab shell) and tui_menu.c (the launcher's screens). */
#ifndef NUMLAB_TUI_INTERNAL_H
#define NUMLAB_TUI_INTERNAL_H

#include <stdbool.h>

/* Enters curses mode: locale, cbreak, keypad, colors (unless NO_COLOR or none), mouse, and the signal handlers
 * that restore the terminal. Returns whether colors are on. */
bool tui_open(void);

#endif
