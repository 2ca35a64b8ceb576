/* common: the message of each error code, and the enum name tables. See common.h. */
#include "numlab/common.h"

#include <stdio.h>
#include <string.h>

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
