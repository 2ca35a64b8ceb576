/* gltf_data: the bytes behind glTF buffers: base64 data: URIs and percent-escaped relative paths (the files
 * themselves are opened by infile, below the asset's folder). */
#include "gltf_internal.h"

#include <stdlib.h>
#include <string.h>

static int base64_value(unsigned char ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    if (ch == '+')
        return 62;
    if (ch == '/')
        return 63;
    return -1;
}

long long gltf_base64_decode(const char *text, size_t len, unsigned char *out, size_t *bad)
{
    /* Up to two '=' may end the text, and only where they complete a group of four. */
    size_t data_len = len;
    while (data_len > 0 && len - data_len < 2 && text[data_len - 1] == '=')
        data_len--;
    if (data_len != len && len % 4 != 0) {
        *bad = data_len;
        return -1;
    }
    if (data_len % 4 == 1) {  /* a lone sextet cannot end a byte */
        *bad = data_len - 1;
        return -1;
    }
    size_t n = 0;
    uint32_t acc = 0;
    for (size_t i = 0; i < data_len; i++) {
        int v = base64_value((unsigned char)text[i]);
        if (v < 0) {
            *bad = i;
            return -1;
        }
        acc = acc << 6 | (uint32_t)v;
        if (i % 4 == 3) {
            out[n++] = (unsigned char)(acc >> 16);
            out[n++] = (unsigned char)(acc >> 8);
            out[n++] = (unsigned char)acc;
            acc = 0;
        }
    }
    if (data_len % 4 == 2) {
        out[n++] = (unsigned char)(acc >> 4);
    } else if (data_len % 4 == 3) {
        out[n++] = (unsigned char)(acc >> 10);
        out[n++] = (unsigned char)(acc >> 2);
    }
    return (long long)n;
}

static int hex_value(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

char *gltf_uri_to_path(const char *uri)
{
    size_t len = strlen(uri);
    char *path = malloc(len + 1);
    if (!path)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (uri[i] != '%') {
            path[n++] = uri[i];
            continue;
        }
        /* uri[len] is the terminator, which is no hex digit: neither read passes it */
        int hi = hex_value(uri[i + 1]);
        int lo = hi >= 0 ? hex_value(uri[i + 2]) : -1;
        if (lo < 0 || (hi == 0 && lo == 0)) {
            free(path);
            return NULL;
        }
        path[n++] = (char)(hi << 4 | lo);
        i += 2;
    }
    path[n] = '\0';
    return path;
}
