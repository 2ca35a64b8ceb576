/* text: text from files and other programs made safe to show on a terminal, and CSV fields.
 *
 * A glTF node name, a line of a gesture file, a file name: anything not written by numlab itself may hold escape
 * sequences (ESC [ ..., OSC 52 writes the clipboard, a C1 CSI 0x9b) that a terminal would obey. Everything taken
 * from outside and printed (messages, --list, --csv, the TUI) goes through text_escape first:
 *
 *   - C0 control characters (0x00-0x1f, tab and line breaks included), DEL (0x7f) and every byte that is not part
 *     of valid UTF-8 become \xHH (lower-case hex);
 *   - C1 control characters (U+0080-U+009F) become the \xHH of their two UTF-8 bytes (\xc2\x9b);
 *   - the Unicode line and paragraph separators and the bidirectional controls (U+061C, U+200E, U+200F,
 *     U+2028-U+202E, U+2066-U+2069), which reorder or break what follows, become \u061c ... \u2069;
 *   - everything else, printable ASCII and valid UTF-8 alike, is kept as it is (backslashes too: escaping is
 *     idempotent, text_escape of an escaped text is the same text).
 *
 * The grader shows its texts (a compiler's messages, a test's output, file names) with the same rules, keeping only
 * tab and, where a text is shown as lines, newline (text_escape_keeping).
 *
 * text_csv_field writes a field of RFC 4180 CSV: escaped as above (so no line break ever splits a record), then
 * quoted with doubled quotes when it holds a comma or a quote, or starts or ends with a space. */
#ifndef NUMLAB_TEXT_H
#define NUMLAB_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Writes the escaped s into out (at most size bytes with the NUL, cut at a character boundary) and returns the
 * length of the whole escaped text, as snprintf does. out may be NULL when size is 0. */
size_t text_escape(const char *s, char *out, size_t size);
/* The same, but keeping the control characters `keep` names as they are: TEXT_KEEP_TAB, TEXT_KEEP_NEWLINE. */
enum { TEXT_KEEP_TAB = 1u, TEXT_KEEP_NEWLINE = 2u };
size_t text_escape_keeping(const char *s, unsigned keep, char *out, size_t size);
/* A value for a message: s whole when at most TEXT_CUT_MAX bytes, else its first TEXT_CUT_HEAD bytes, "...", and its
 * last TEXT_CUT_TAIL (cut between UTF-8 characters), so that a long value (a path) never hides the reason after
 * it. Written into out (at most size bytes with the NUL: TEXT_CUT_SIZE holds any result); returns out. NULL is "". */
#define TEXT_CUT_MAX 80
#define TEXT_CUT_HEAD 48
#define TEXT_CUT_TAIL 24
#define TEXT_CUT_SIZE (TEXT_CUT_MAX + 1)
char *text_cut(const char *s, char *out, size_t size);
/* The escaped s to f. Returns 0, or EOF on a write error. */
int text_fputs(const char *s, FILE *f);
/* printf-style, the formatted result escaped. Returns 0, or EOF on a write error. */
int text_vfprintf(FILE *f, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* One CSV field (RFC 4180), escaped as above. Returns 0, or EOF on a write error. */
int text_csv_field(const char *s, FILE *f);

#endif
