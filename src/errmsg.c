/* errmsg: a message into the caller's buffer, the code back. See errmsg_internal.h. */
#include "errmsg_internal.h"

#include <stdarg.h>
#include <stdio.h>

int errmsg(int code, char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}
