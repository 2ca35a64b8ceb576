/* Private to gltf.c, gltf_accessor.c and gltf_data.c: the loading context, JSON helpers, data decoding. */
#ifndef NUMLAB_GLTF_INTERNAL_H
#define NUMLAB_GLTF_INTERNAL_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "numlab/gltf.h"

/* A top-level array of the JSON ("accessors", ...) as a vector: cJSON arrays are linked lists. */
typedef struct {
    const cJSON **items;
    size_t count;
} gltf_array;

typedef struct {
    bool loaded;
    const unsigned char *data;  /* the buffer's bytes, byteLength of them */
    size_t size;                /* byteLength */
    unsigned char *owned;       /* what must be freed (decoded data: URI or file contents) */
} gltf_buffer;

typedef struct {
    const char *name;        /* the file, for messages */
    const char *base_dir;    /* where external buffers are; NULL: none allowed */
    const unsigned char *bin;  /* the GLB BIN chunk, or NULL */
    size_t bin_size;
    gltf_array buffers, views, accessors, nodes;
    gltf_buffer *buffer_data;  /* buffers.count of them, loaded on first use */
    char where[256];         /* the part being read, e.g. "animations[0].samplers[1].output" */
    gltf_error *err;
} gltf_ctx;

/* Formats "NAME: WHERE: message" into ctx->err and returns status. */
gltf_status gltf_fail(gltf_ctx *c, gltf_status status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Appends ": part" (or the first part) to ctx->where; returns the previous length for gltf_pop. */
size_t gltf_push(gltf_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gltf_pop(gltf_ctx *c, size_t length);

/* JSON members: each fails naming the member when it has the wrong type or range. `present` may be NULL when
 * the member is required. */
gltf_status gltf_json_uint(gltf_ctx *c, const cJSON *obj, const char *key, uint64_t min, uint64_t max,
                           uint64_t fallback, bool required, uint64_t *out);
gltf_status gltf_json_index(gltf_ctx *c, const cJSON *obj, const char *key, const gltf_array *target,
                            const char *target_name, bool *present, size_t *out);
gltf_status gltf_json_string(gltf_ctx *c, const cJSON *obj, const char *key, bool required, const char **out);
/* array->items[index], which must be an object. */
gltf_status gltf_json_object(gltf_ctx *c, const gltf_array *array, const char *array_name, size_t index,
                             const cJSON **out);
/* obj[key] as a vector; glTF arrays are never empty. Free with gltf_array_free. */
gltf_status gltf_json_array(gltf_ctx *c, const cJSON *obj, const char *key, bool required, gltf_array *out);
void gltf_array_free(gltf_array *a);
/* obj[key], when present, must be exactly n finite numbers. */
gltf_status gltf_json_numbers(gltf_ctx *c, const cJSON *obj, const char *key, size_t n, bool *present, double *out);

/* --- accessors (gltf_accessor.c) ---------------------------------------------------------------------------- */

enum {
    GLTF_BYTE = 5120,
    GLTF_UNSIGNED_BYTE = 5121,
    GLTF_SHORT = 5122,
    GLTF_UNSIGNED_SHORT = 5123,
    GLTF_UNSIGNED_INT = 5125,
    GLTF_FLOAT = 5126,
};

typedef struct {
    size_t index;
    unsigned component_type;  /* GLTF_BYTE .. GLTF_FLOAT */
    bool normalized;
    size_t count;             /* elements */
    size_t components;        /* 1 (SCALAR) .. 4 (VEC4); matrices are rejected */
    const char *type;         /* "SCALAR", "VEC3", ... as in the file */
} gltf_accessor;

/* Parses accessors[index] (component type, count, type, normalized) without reading data. */
gltf_status gltf_accessor_parse(gltf_ctx *c, size_t index, gltf_accessor *a);
/* Reads all count * components numbers into out (decoded: floats as they are, normalized integers per the
 * specification), after checking the bufferView, bounds, alignment and sparse substitution. */
gltf_status gltf_accessor_read(gltf_ctx *c, const gltf_accessor *a, double *out);

/* --- data (gltf_data.c) ------------------------------------------------------------------------------------- */

/* Decodes standard base64 (padding optional). Returns the byte count, or -1 at the first bad character, whose
 * offset goes to *bad. out must hold 3 * (len / 4) + 2 bytes. */
long long gltf_base64_decode(const char *text, size_t len, unsigned char *out, size_t *bad);
/* Decodes %XX escapes of a relative URI into a path; NULL for a bad escape or %00 (malloc'd result). */
char *gltf_uri_to_path(const char *uri);

#endif
