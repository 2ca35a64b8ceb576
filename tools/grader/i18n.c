/* i18n: the grader's language and its two catalogues (see i18n.h). */
#define _GNU_SOURCE
#include <ctype.h>
#include <libintl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/lang.h"
#undef _   /* lang.h's, for the labs: the grader's own are i18n.h's */
#undef N_
#undef P_
#include "i18n.h"

extern const char *(*gr_translator)(const char *);   /* values.c: gr_text's hook */
extern const char *(*gr_plural_translator)(const char *, const char *, unsigned long);   /* ... gr_text_n's */

static const char *translate(const char *msgid)
{
    const char *text = dgettext(GR_HIDDEN_DOMAIN, msgid);
    return text != msgid ? text : dgettext(NUMLAB_TEXT_DOMAIN, msgid);
}

/* dngettext returns one of its own arguments when a domain has no translation of them */
static const char *translate_n(const char *one, const char *many, unsigned long n)
{
    const char *text = dngettext(GR_HIDDEN_DOMAIN, one, many, n);
    return text != one && text != many ? text : dngettext(NUMLAB_TEXT_DOMAIN, one, many, n);
}

bool gr_lang_name_ok(const char *language)
{
    size_t n = 0;
    while (n < 4 && islower((unsigned char)language[n]))
        n++;
    if (n < 2 || n > 3)
        return false;
    if (language[n] == '\0')
        return true;
    return language[n] == '_' && isupper((unsigned char)language[n + 1]) &&
           isupper((unsigned char)language[n + 2]) && language[n + 3] == '\0';
}

/* DIR/tail for the directory of this program, or "" when /proc/self/exe cannot be read. */
static void beside_program(const char *tail, char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
    if (!slash || snprintf(out, size, "%.*s/%s", (int)(slash - exe), exe, tail) >= (int)size)
        out[0] = '\0';
}

/* true when dir holds LANG/LC_MESSAGES/numlab.mo for the language or for its part before '_' (es for es_AR). */
static bool has_catalogue(const char *dir, const char *language)
{
    char path[PATH_MAX];
    size_t base = strcspn(language, "_");
    return (snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", dir, language, NUMLAB_TEXT_DOMAIN) <
                (int)sizeof path && access(path, R_OK) == 0) ||
           (snprintf(path, sizeof path, "%s/%.*s/LC_MESSAGES/%s.mo", dir, (int)base, language, NUMLAB_TEXT_DOMAIN) <
                (int)sizeof path && access(path, R_OK) == 0);
}

int gr_lang_init(const char *language, char *missing, size_t missing_size)
{
    char shared[PATH_MAX], hidden[PATH_MAX];
    beside_program("../../share/locale", shared, sizeof shared);
    beside_program("locale", hidden, sizeof hidden);
    bool english = language && (strcmp(language, "en") == 0 || strncmp(language, "en_", 3) == 0 ||
                                strcmp(language, "C") == 0);
    if (language && !english && !has_catalogue(shared, language)) {
        snprintf(missing, missing_size, "%s", shared[0] ? shared : "(the program's directory is unknown)");
        return -1;
    }
    /* LANGUAGE outranks every locale variable in gettext; the sandbox gives the compiler and the tests an
     * environment of their own, so it reaches no submitted code. */
    if (language)
        setenv("LANGUAGE", english ? "en" : language, 1);
    lang_init();
    if (shared[0])
        bindtextdomain(NUMLAB_TEXT_DOMAIN, shared);
    if (hidden[0])
        bindtextdomain(GR_HIDDEN_DOMAIN, hidden);
    /* results.json is UTF-8 whatever LC_CTYPE says, and so is what the grader prints */
    bind_textdomain_codeset(NUMLAB_TEXT_DOMAIN, "UTF-8");
    bind_textdomain_codeset(GR_HIDDEN_DOMAIN, "UTF-8");
    gr_translator = translate;
    gr_plural_translator = translate_n;
    return 0;
}
