/* lang: the locale every numlab program runs under.
 *
 * Only the character set (LC_CTYPE: UTF-8 for braille, wide characters for curses) and the language of messages
 * (LC_MESSAGES, for a translation) come from the environment; every other category stays "C", LC_NUMERIC above
 * all: numbers on screen, in files and in machine output always have a '.', whatever LANG or LC_ALL say (a file a
 * lab writes under de_DE.UTF-8 reads back anywhere). Every program calls lang_init first; the terminal shell
 * (tui) calls it again when it opens curses, so nothing can set the whole locale behind its back. */
#ifndef NUMLAB_LANG_H
#define NUMLAB_LANG_H

/* Sets the locale as above. Idempotent. */
void lang_init(void);

#endif
