/* errmsg: how the library's file modules (outset, wav) fill a caller's message buffer. Private to src/. */
#ifndef NUMLAB_ERRMSG_INTERNAL_H
#define NUMLAB_ERRMSG_INTERNAL_H

#include <stddef.h>

/* Writes the printf-style message into err (when err and errlen are given) and returns code. */
int errmsg(int code, char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
