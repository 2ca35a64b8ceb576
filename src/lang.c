/* lang: LC_CTYPE and LC_MESSAGES from the environment, everything else "C"; the "numlab" catalogue found beside
 * the program. See include/numlab/lang.h. */
#include "numlab/lang.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef NUMLAB_LOCALEDIR
#define NUMLAB_LOCALEDIR "/usr/local/share/locale"
#endif

/* The value a category takes from the environment, by POSIX's order: LC_ALL, then LC_xxx, then LANG. */
static const char *env_locale(const char *category_var)
{
    const char *names[] = {"LC_ALL", category_var, "LANG"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *value = getenv(names[i]);
        if (value && *value)
            return value;
    }
    return NULL;
}

static bool is_c_locale(const char *name)
{
    return !name || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

/* "es_AR.UTF-8@euro" -> "es_AR" in out; false for C, POSIX or an empty name. */
static bool language_of(const char *locale_name, char *out, size_t size)
{
    if (is_c_locale(locale_name) || !*locale_name)
        return false;
    size_t n = strcspn(locale_name, ".@");
    if (n == 0 || n >= size || strncmp(locale_name, "C.", 2) == 0)
        return false;
    memcpy(out, locale_name, n);
    out[n] = '\0';
    return true;
}

static bool names_utf8(const char *locale_name)
{
    return locale_name && (strstr(locale_name, "UTF-8") || strstr(locale_name, "utf-8") ||
                           strstr(locale_name, "UTF8") || strstr(locale_name, "utf8"));
}

/* PROGRAM_DIR/../share/locale when the program's directory can be read (Linux), else the install prefix's. */
static void locale_dir(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
    size_t dir_len = slash ? (size_t)(slash - exe) : 0;
    static const char tail[] = "/../share/locale";
    if (slash && dir_len + sizeof tail <= size) {
        memcpy(out, exe, dir_len);
        memcpy(out + dir_len, tail, sizeof tail);
        return;
    }
    strncpy(out, NUMLAB_LOCALEDIR, size - 1);
    out[size - 1] = '\0';
}

void lang_init(void)
{
    setlocale(LC_ALL, "C");
    const char *ctype = setlocale(LC_CTYPE, "");
    /* The locale named is not installed: its character set is still what the terminal speaks. */
    if (is_c_locale(ctype) && names_utf8(env_locale("LC_CTYPE")))
        setlocale(LC_CTYPE, "C.UTF-8");

    const char *messages = setlocale(LC_MESSAGES, "");
    if (is_c_locale(messages)) {
        /* gettext ignores LANGUAGE under the C locale, and a locale that is not installed falls back to C: the
         * language asked for is kept by naming it in LANGUAGE under C.UTF-8, which gettext does not treat as C. */
        const char *language = getenv("LANGUAGE");
        char wanted[64];
        bool have_language = language && *language;
        if (!have_language && language_of(env_locale("LC_MESSAGES"), wanted, sizeof wanted)) {
            setenv("LANGUAGE", wanted, 1);
            have_language = true;
        }
        if (have_language)
            setlocale(LC_MESSAGES, "C.UTF-8");
        /* a language asked for and no locale naming a character set (LANGUAGE=es, no LANG): the terminal is UTF-8
         * in practice, and the translation's letters (menú, línea) are not ASCII */
        const char *ctype_asked = env_locale("LC_CTYPE");
        if (have_language && is_c_locale(setlocale(LC_CTYPE, NULL)) && (!ctype_asked || !*ctype_asked))
            setlocale(LC_CTYPE, "C.UTF-8");
    }
    /* Under a C or POSIX LC_CTYPE (C.UTF-8 missing, or LC_CTYPE=C asked for), gettext would convert the messages
     * to ASCII, an accented letter to '?': they stay UTF-8, numlab's and the C library's (strerror) alike. */
    if (is_c_locale(setlocale(LC_CTYPE, NULL))) {
        bind_textdomain_codeset(NUMLAB_TEXT_DOMAIN, "UTF-8");
        bind_textdomain_codeset("libc", "UTF-8");
    }

    static bool bound;
    if (!bound) {
        char dir[PATH_MAX + sizeof "/../share/locale"];
        locale_dir(dir, sizeof dir);
        bindtextdomain(NUMLAB_TEXT_DOMAIN, dir);
        bound = true;
    }
}

/* The C library's words for the errors a student meets, in numlab's catalogue: glibc's Spanish is Spain's ("No
 * existe el fichero o el directorio"), and a Latin American reads "archivo". */
static const struct {
    int code;
    const char *text;  /* glibc's English, word for word */
} errno_texts[] = {
    {ENOENT, N_("No such file or directory")},  {EACCES, N_("Permission denied")},
    {EISDIR, N_("Is a directory")},             {ENOTDIR, N_("Not a directory")},
    {ENOSPC, N_("No space left on device")},    {EEXIST, N_("File exists")},
    {EROFS, N_("Read-only file system")},       {ENAMETOOLONG, N_("File name too long")},
    {ELOOP, N_("Too many levels of symbolic links")}, {EPIPE, N_("Broken pipe")},
    {EIO, N_("Input/output error")},            {ENOMEM, N_("Cannot allocate memory")},
    {EDQUOT, N_("Disk quota exceeded")},        {EMFILE, N_("Too many open files")},
    {EFBIG, N_("File too large")},              {ETXTBSY, N_("Text file busy")},
    {EBADF, N_("Bad file descriptor")},
};

const char *lang_strerror(int code)
{
    for (size_t i = 0; i < sizeof errno_texts / sizeof errno_texts[0]; i++) {
        if (errno_texts[i].code != code)
            continue;
        const char *text = _(errno_texts[i].text);
        return text == errno_texts[i].text ? strerror(code) : text;  /* untranslated: the C library's own */
    }
    return strerror(code);
}
