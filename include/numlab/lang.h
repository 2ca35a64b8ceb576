/* lang: the locale every numlab program runs under, and the language it speaks.
 *
 * Only the character set (LC_CTYPE: UTF-8 for braille, wide characters for curses) and the language of messages
 * (LC_MESSAGES) come from the environment; every other category stays "C", LC_NUMERIC above all: numbers on
 * screen, in files and in machine output always have a '.', whatever LANG or LC_ALL say (a file a lab writes under
 * es_ES.UTF-8 reads back anywhere). Every program calls lang_init first; the terminal shell (tui) calls it again
 * when it opens curses, so nothing can set the whole locale behind its back.
 *
 * Messages are translated with GNU gettext (domain "numlab"). The catalogues are looked up beside the program:
 * PROGRAM_DIR/../share/locale, which is build/share/locale in the build tree and PREFIX/share/locale once
 * installed. The language follows the usual variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); when the locale they
 * name is not installed on this machine (es_AR.UTF-8 on a system with only C.UTF-8), the language is still used:
 * messages follow it and the character set is UTF-8 when the name says so. A language asked for where no locale
 * names a character set (LANGUAGE=es without LANG: a program run directly) gets C.UTF-8 for LC_CTYPE, the
 * terminal's character set in practice; and under any C or POSIX LC_CTYPE, gettext is asked for UTF-8 (numlab's
 * messages and the C library's, strerror), never converting an accented letter to '?'. English is the default.
 *
 * Marking: _("text") translates at the point of use; N_("text") marks a string in a static table, translated
 * where it is shown (with _() on the table entry). Machine output (CSV, JSON, --stability tables, WAV metadata)
 * is never translated. */
#ifndef NUMLAB_LANG_H
#define NUMLAB_LANG_H

#include <libintl.h>

#define NUMLAB_TEXT_DOMAIN "numlab"
#define _(text) dgettext(NUMLAB_TEXT_DOMAIN, text)
#define N_(text) (text)
/* singular or plural by n, as the language counts */
#define P_(one, many, n) dngettext(NUMLAB_TEXT_DOMAIN, one, many, (unsigned long)(n))

/* Sets the locale and the message catalogue as above. Idempotent. */
void lang_init(void);
/* strerror(code) in the reader's language: numlab's catalogue for the errors a student meets (a missing file, a
 * full disk, a permission), whose Spanish is Latin America's ("archivo"), else the C library's message. Every
 * message numlab prints with an errno goes through it. */
const char *lang_strerror(int code);

#endif
