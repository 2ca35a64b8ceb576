/* common: the message of each error code. See common.h. */
#include "numlab/common.h"

const char *numlab_strerror(int code)
{
    switch (code) {
    case NUMLAB_OK:
        return "success";
    case NUMLAB_ERR_INPUT:
        return "invalid argument";
    case NUMLAB_ERR_NOMEM:
        return "out of memory";
    case NUMLAB_ERR_IO:
        return "input/output error";
    case NUMLAB_ERR_FORMAT:
        return "unusable format";
    case NUMLAB_ERR_EXISTS:
        return "file exists";
    case NUMLAB_ERR_PATH:
        return "cannot create the file there";
    }
    return "unknown error";
}
