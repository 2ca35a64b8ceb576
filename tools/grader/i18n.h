/* i18n: the language of what a student reads from the grader: `make exercise`, the judge's summary and
 * results.json's text (test names, outputs, the messages when nothing could be graded). Numbers, scores,
 * visibility, tags and the JSON's structure never depend on it.
 *
 * gr_lang_init(NULL) follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG as the labs do (lang_init,
 * include/numlab/lang.h); gr_lang_init("es") asks for a language whatever the environment says (a Gradescope
 * package carries its own: its container has no LANG of ours). Two catalogues, both found from the program's own
 * directory DIR (build/grader/NN-topic/judge, build/exercises/NN-topic/check-student), so that a package that
 * ships them needs no setting:
 *   - "numlab" in DIR/../../share/locale (build/share/locale: po/LANG.po, the visible tests' titles and labels
 *     with every other marked string);
 *   - "numlab-hidden" in DIR/locale (exercises/NN-topic/hidden/LANG.po: the hidden tests' titles and labels,
 *     kept out of the students' copy with the hidden tests).
 *
 * Marking, as in lang.h: _("text") where it is used, N_("text") in a table. A test's title (GR_CASE) and a
 * reference's label (gr_want, gr_want_n) need no mark: tools/po.sh extracts them by name. A count beside a noun is
 * P_("%d step", "%d steps", n) (or gr_want_n), never a printf'd "%d steps": Spanish, like English, says "1 paso". */
#ifndef NUMLAB_GRADER_I18N_H
#define NUMLAB_GRADER_I18N_H

#include <stdbool.h>
#include <stddef.h>

#define _(text) gr_text(text)
#define N_(text) (text)
/* singular or plural by n, as the language counts (ngettext) */
#define P_(one, many, n) gr_text_n(one, many, (unsigned long)(n))

#define GR_HIDDEN_DOMAIN "numlab-hidden"

/* The translation of msgid, or msgid itself while no language is set (every program but the judge and the Check
 * runner, and the probe program, which never translates). Defined in values.c. */
const char *gr_text(const char *msgid) __attribute__((format_arg(1)));
/* The form of one/many for the count n in the language set (English: one when n == 1, else many). */
const char *gr_text_n(const char *one, const char *many, unsigned long n) __attribute__((format_arg(1), format_arg(2)));

/* Sets the language as above. Returns 0, or -1 when `language` was asked for and no catalogue of it is found
 * (the directory looked in, in missing); English ("en", "C") needs none. */
int gr_lang_init(const char *language, char *missing, size_t missing_size);

/* true when `language` is a language name: two or three letters, then _ and two capitals or nothing (es, es_AR). */
bool gr_lang_name_ok(const char *language);

#endif
