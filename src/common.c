/* common: the message of each error code, the enum name tables, the number grammar. See common.h. */
#include "numlab/common.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "numlab/lang.h"

const char *numlab_strerror(int code)
{
    switch (code) {
    case NUMLAB_OK:
        return _("success");
    case NUMLAB_ERR_INPUT:
        return _("invalid argument");
    case NUMLAB_ERR_NOMEM:
        return _("out of memory");
    case NUMLAB_ERR_IO:
        return _("input/output error");
    case NUMLAB_ERR_FORMAT:
        return _("unusable format");
    case NUMLAB_ERR_EXISTS:
        return _("file exists");
    case NUMLAB_ERR_PATH:
        return _("cannot create or read the file there");
    case NUMLAB_ERR_DEVICE:
        return _("no device to use");
    case NUMLAB_ERR_CONVERGE:
        return _("the iteration did not converge");
    case NUMLAB_ERR_SYSTEM:
        return _("the system refused a resource");
    }
    return _("unknown error");
}

int numlab_name_find(numlab_name_fn name_of, int count, const char *name)
{
    for (int i = 0; i < count; i++) {
        const char *n = name_of(i);
        if (n && strcmp(n, name) == 0)
            return i;
    }
    return -1;
}

const char *numlab_name_join(numlab_name_fn name_of, int count, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && used < size; i++) {
        const char *n = name_of(i);
        if (n) {
            int w = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", n);
            used += w > 0 ? (size_t)w : 0;
        }
    }
    return buf;
}

static size_t digits(const char *s)
{
    return strspn(s, "0123456789");
}

/* The length of the decimal number at the start of s (0: none): [+-] (D+ [. D*] | . D+) [(e|E) [+-] D+]. */
static size_t decimal_length(const char *s)
{
    size_t n = (*s == '+' || *s == '-');
    size_t whole = digits(s + n);
    n += whole;
    size_t fraction = 0;
    if (s[n] == '.') {
        fraction = digits(s + n + 1);
        if (whole == 0 && fraction == 0)
            return 0;
        n += 1 + fraction;
    } else if (whole == 0) {
        return 0;
    }
    if (s[n] == 'e' || s[n] == 'E') {
        size_t sign = (s[n + 1] == '+' || s[n + 1] == '-');
        size_t exponent = digits(s + n + 1 + sign);
        if (exponent == 0)
            return 0;  /* "1e" is no number, nor "1e+" */
        n += 1 + sign + exponent;
    }
    return n;
}

static bool names_infinity_or_nan(const char *s)
{
    s += (*s == '+' || *s == '-');
    return strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0 || strncasecmp(s, "nan", 3) == 0;
}

numlab_number_status numlab_number(const char *text, double *out)
{
    if (!text || !*text)
        return NUMLAB_NUMBER_EMPTY;
    if (names_infinity_or_nan(text))
        return NUMLAB_NUMBER_NOT_FINITE;
    size_t n = decimal_length(text);
    if (n == 0 || text[n] != '\0')
        return NUMLAB_NUMBER_SYNTAX;
    errno = 0;
    double v = strtod(text, NULL);  /* the grammar is a subset of strtod's, so strtod reads all of it */
    if (isinf(v))
        return NUMLAB_NUMBER_RANGE;
    *out = v;  /* underflow (ERANGE with a tiny value) is no error */
    return NUMLAB_NUMBER_OK;
}

numlab_number_status numlab_whole(const char *text, long long *out)
{
    if (!text || !*text)
        return NUMLAB_NUMBER_EMPTY;
    const size_t sign = (*text == '+' || *text == '-');
    const size_t n = digits(text + sign);
    if (n == 0 || text[sign + n] != '\0')
        return names_infinity_or_nan(text) ? NUMLAB_NUMBER_NOT_FINITE : NUMLAB_NUMBER_SYNTAX;
    errno = 0;
    long long v = strtoll(text, NULL, 10);
    if (errno == ERANGE)
        return NUMLAB_NUMBER_RANGE;
    *out = v;
    return NUMLAB_NUMBER_OK;
}
