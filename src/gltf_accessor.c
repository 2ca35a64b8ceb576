/* gltf_accessor: buffers, buffer views and accessors, every offset and length checked before a byte is read. */
#include "gltf_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/infile.h"
#include "numlab/lang.h"

/* JSON numbers are doubles: offsets and lengths beyond 2^53 cannot even be written exactly. */
#define MAX_JSON_UINT ((uint64_t)1 << 53)

/* --- buffers -------------------------------------------------------------------------------------------------- */

static gltf_status buffer_from_bin(gltf_ctx *c, size_t index, uint64_t byte_length, gltf_buffer *b)
{
    if (index != 0 || !c->bin)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("uri is missing (only buffers[0] of a .glb with a BIN chunk may omit it)"));
    if (byte_length > c->bin_size)
        return gltf_fail(c, GLTF_ERR_FORMAT, P_("byteLength %llu, but the BIN chunk holds only %zu byte",
                                                          "byteLength %llu, but the BIN chunk holds only %zu bytes", c->bin_size),
                         (unsigned long long)byte_length, c->bin_size);
    if (c->bin_size - byte_length > 3)
        /* TRANSLATORS: never 1 byte: it is more than byteLength + 3 */
        return gltf_fail(c, GLTF_ERR_FORMAT, _("byteLength %llu, but the BIN chunk holds %zu bytes (allowed: byteLength "
                         "plus up to 3 bytes of padding)"), (unsigned long long)byte_length, c->bin_size);
    b->data = c->bin;
    return GLTF_OK;
}

static gltf_status buffer_from_data_uri(gltf_ctx *c, const char *uri, uint64_t byte_length, gltf_buffer *b)
{
    const char *comma = strchr(uri, ',');
    if (!comma || comma - uri < 12 || memcmp(comma - 7, ";base64", 7) != 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("uri is a data: URI without ';base64,' (only base64 data is supported)"));
    size_t len = strlen(comma + 1), bad = 0;
    if (!(b->owned = malloc(len / 4 * 3 + 3)))
        /* TRANSLATORS: never 1 byte: memory runs out only for millions */
        return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory for %zu bytes of base64"), len);
    long long n = gltf_base64_decode(comma + 1, len, b->owned, &bad);
    if (n < 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("uri: bad base64 at character %zu of the data ('%c')"), bad,
                         comma[1 + bad] >= 0x20 && comma[1 + bad] < 0x7f ? comma[1 + bad] : '?');
    if ((uint64_t)n < byte_length)
        return gltf_fail(c, GLTF_ERR_FORMAT, P_("byteLength %llu, but the data: URI holds only %lld byte",
                                                          "byteLength %llu, but the data: URI holds only %lld bytes", n),
                         (unsigned long long)byte_length, n);
    b->data = b->owned;
    return GLTF_OK;
}

/* A relative URI has no scheme: no ':' before the first '/' (RFC 3986, section 4.2), and no leading '/'. */
static bool is_relative_path(const char *uri)
{
    size_t first_colon = strcspn(uri, ":"), first_slash = strcspn(uri, "/");
    return *uri && *uri != '/' && first_colon >= first_slash;
}

/* A relative URI, %-decoded, resolved against the asset's folder: a regular file below it (after "..", after
 * symbolic links), at least byte_length bytes long, of which byte_length are read. */
static gltf_status buffer_from_file(gltf_ctx *c, const char *uri, uint64_t byte_length, gltf_buffer *b)
{
    if (!is_relative_path(uri))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("uri '%.200s' is neither a relative file path nor a data: URI"), uri);
    if (!c->base_dir)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("uri '%.200s' names a file, but the data was not loaded from a file"),
                         uri);
    char *relative = gltf_uri_to_path(uri);
    char *path = relative ? malloc(strlen(c->base_dir) + strlen(relative) + 2) : NULL;
    if (!path) {
        free(relative);
        return relative ? gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"))
                        : gltf_fail(c, GLTF_ERR_FORMAT, _("uri '%.200s' has a bad %%-escape"), uri);
    }
    strcat(strcat(strcpy(path, c->base_dir), "/"), relative);
    infile_error e;
    uint64_t size;
    int fd = infile_open_below(c->base_dir, relative, INFILE_NO_LIMIT, &size, &e);
    gltf_status st = GLTF_OK;
    if (fd < 0 && e.status == INFILE_ERR_OUTSIDE)
        st = gltf_fail(c, GLTF_ERR_FORMAT, _("uri '%.200s' %s (allowed: %s)"), uri, e.problem, e.allowed);
    else if (fd < 0 && (e.status == INFILE_ERR_OPEN || e.status == INFILE_ERR_NOMEM))
        st = gltf_fail(c, e.status == INFILE_ERR_NOMEM ? GLTF_ERR_NOMEM : GLTF_ERR_IO, _("cannot read '%.300s': %s"),
                       path, lang_strerror(e.error));
    else if (fd < 0)
        st = gltf_fail(c, GLTF_ERR_IO, _("uri '%.200s': '%.300s' %s (allowed: %s)"), uri, path, e.problem, e.allowed);
    else if (size < byte_length) {
        close(fd);
        st = gltf_fail(c, GLTF_ERR_FORMAT, P_("'%.300s' has %llu byte, but byteLength says %llu",
                                                    "'%.300s' has %llu bytes, but byteLength says %llu", size), path,
                       (unsigned long long)size, (unsigned long long)byte_length);
    } else {
        infile_data data;
        if (infile_read_fd(fd, (size_t)byte_length, false, &data, &e) != INFILE_OK)
            st = gltf_fail(c, e.status == INFILE_ERR_NOMEM ? GLTF_ERR_NOMEM : GLTF_ERR_IO, _("cannot read '%.300s': %s"),
                           path, lang_strerror(e.error));
        b->owned = (unsigned char *)data.data;
    }
    free(relative);
    free(path);
    b->data = b->owned;
    return st;
}

/* The bytes of buffers[index], byteLength of them, loaded on first use. */
static gltf_status buffer_get(gltf_ctx *c, size_t index, const gltf_buffer **out)
{
    gltf_buffer *b = &c->buffer_data[index];
    *out = b;
    if (b->loaded)
        return GLTF_OK;
    size_t mark = gltf_push(c, "buffers[%zu]", index);
    const cJSON *obj;
    const char *uri;
    uint64_t byte_length;
    gltf_status st;
    if ((st = gltf_json_object(c, &c->buffers, "buffers", index, &obj)) ||
        (st = gltf_json_uint(c, obj, "byteLength", 1, GLTF_MAX_FILE_BYTES, 0, true, &byte_length)) ||
        (st = gltf_json_string(c, obj, "uri", false, &uri)))
        return st;
    if (!uri)
        st = buffer_from_bin(c, index, byte_length, b);
    else if (strncmp(uri, "data:", 5) == 0)
        st = buffer_from_data_uri(c, uri, byte_length, b);
    else
        st = buffer_from_file(c, uri, byte_length, b);
    if (st)
        return st;
    b->size = (size_t)byte_length;
    b->loaded = true;
    gltf_pop(c, mark);
    return GLTF_OK;
}

/* --- buffer views --------------------------------------------------------------------------------------------- */

typedef struct {
    size_t index;
    const unsigned char *data;  /* byteLength bytes */
    size_t size;
    size_t offset;              /* its byteOffset in the buffer (for alignment) */
    size_t stride;              /* 0 when not given */
} view;

static gltf_status view_get(gltf_ctx *c, size_t index, view *v)
{
    size_t mark = gltf_push(c, "bufferViews[%zu]", index);
    const cJSON *obj;
    size_t buffer;
    uint64_t offset, length, stride;
    gltf_status st;
    if ((st = gltf_json_object(c, &c->views, "bufferViews", index, &obj)) ||
        (st = gltf_json_index(c, obj, "buffer", &c->buffers, "buffers", NULL, &buffer)) ||
        (st = gltf_json_uint(c, obj, "byteOffset", 0, MAX_JSON_UINT, 0, false, &offset)) ||
        (st = gltf_json_uint(c, obj, "byteLength", 1, MAX_JSON_UINT, 0, true, &length)) ||
        (st = gltf_json_uint(c, obj, "byteStride", 4, 252, 0, false, &stride)))
        return st;
    if (stride % 4 != 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("byteStride %llu (allowed: a multiple of 4 from 4 to 252)"),
                         (unsigned long long)stride);
    const cJSON *ext = cJSON_GetObjectItemCaseSensitive(obj, "extensions");
    if (cJSON_GetObjectItemCaseSensitive(ext, "EXT_meshopt_compression"))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("compressed with EXT_meshopt_compression, which is not supported"));
    const gltf_buffer *b;
    if ((st = buffer_get(c, buffer, &b)))
        return st;
    if (offset > b->size || length > b->size - offset)
        return gltf_fail(c, GLTF_ERR_FORMAT, P_("byteOffset %llu + byteLength %llu is past the end of buffers[%zu] (%zu byte)",
                                                          "byteOffset %llu + byteLength %llu is past the end of buffers[%zu] (%zu bytes)",
                                                          b->size),
                         (unsigned long long)offset, (unsigned long long)length, buffer, b->size);
    *v = (view){index, b->data + offset, (size_t)length, (size_t)offset, (size_t)stride};
    gltf_pop(c, mark);
    return GLTF_OK;
}

/* The start of `count` elements of elem_size bytes, stride apart, from byte_offset in the view: checks the
 * alignment the specification demands and that the last element ends inside the view. */
static gltf_status view_span(gltf_ctx *c, const view *v, uint64_t byte_offset, size_t component_size,
                             size_t elem_size, size_t stride, size_t count, const unsigned char **out)
{
    if (byte_offset % component_size != 0 || (v->offset + byte_offset) % component_size != 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("byteOffset %llu (plus bufferViews[%zu].byteOffset %zu) is not a "
                         "multiple of the component size, %zu"), (unsigned long long)byte_offset, v->index, v->offset,
                         component_size);
    /* count <= GLTF_MAX_ELEMENTS and stride <= 252: no overflow in 64 bits */
    uint64_t need = byte_offset + (uint64_t)stride * (count - 1) + elem_size;
    if (need > v->size)
        return gltf_fail(c, GLTF_ERR_FORMAT, P_("count %zu, element size %zu, stride %zu from byteOffset %llu need %llu byte, but "
                                                          "bufferViews[%zu] has %zu",
                                                          "count %zu, element size %zu, stride %zu from byteOffset %llu need %llu bytes, but "
                                                          "bufferViews[%zu] has %zu", need),
                         count, elem_size, stride,
                         (unsigned long long)byte_offset, (unsigned long long)need, v->index, v->size);
    *out = v->data + byte_offset;
    return GLTF_OK;
}

/* --- accessors ------------------------------------------------------------------------------------------------ */

static size_t component_size(unsigned type)
{
    switch (type) {
    case GLTF_BYTE: case GLTF_UNSIGNED_BYTE: return 1;
    case GLTF_SHORT: case GLTF_UNSIGNED_SHORT: return 2;
    case GLTF_UNSIGNED_INT: case GLTF_FLOAT: return 4;
    default: return 0;
    }
}

/* One little-endian component, decoded (glTF 2.0, 3.11 "Animations", and 3.6.2.3 for normalized integers). */
static double decode(const unsigned char *p, unsigned type, bool normalized)
{
    uint32_t u;
    switch (type) {
    case GLTF_BYTE: {
        int v = p[0] < 128 ? p[0] : p[0] - 256;
        return normalized ? fmax(v / 127.0, -1.0) : v;
    }
    case GLTF_UNSIGNED_BYTE:
        return normalized ? p[0] / 255.0 : p[0];
    case GLTF_SHORT: {
        long v = p[0] | (long)p[1] << 8;
        v = v < 32768 ? v : v - 65536;
        return normalized ? fmax(v / 32767.0, -1.0) : (double)v;
    }
    case GLTF_UNSIGNED_SHORT: {
        unsigned v = p[0] | (unsigned)p[1] << 8;
        return normalized ? v / 65535.0 : v;
    }
    case GLTF_UNSIGNED_INT:
        return (double)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
    default: {
        u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        float f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    }
}

static const struct {
    const char *name;
    size_t components;
} accessor_types[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT2", 0}, {"MAT3", 0}, {"MAT4", 0}};

gltf_status gltf_accessor_parse(gltf_ctx *c, size_t index, gltf_accessor *a)
{
    size_t mark = gltf_push(c, "accessors[%zu]", index);
    const cJSON *obj;
    const char *type;
    uint64_t component_type, count;
    gltf_status st;
    if ((st = gltf_json_object(c, &c->accessors, "accessors", index, &obj)) ||
        (st = gltf_json_uint(c, obj, "componentType", 0, 65535, 0, true, &component_type)) ||
        (st = gltf_json_uint(c, obj, "count", 1, GLTF_MAX_ELEMENTS, 0, true, &count)) ||
        (st = gltf_json_string(c, obj, "type", true, &type)))
        return st;
    if (!component_size((unsigned)component_type))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("componentType %llu (allowed: 5120, 5121, 5122, 5123, 5125, 5126)"),
                         (unsigned long long)component_type);
    const cJSON *normalized = cJSON_GetObjectItemCaseSensitive(obj, "normalized");
    if (normalized && !cJSON_IsBool(normalized))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("normalized is not true or false"));
    *a = (gltf_accessor){.index = index, .component_type = (unsigned)component_type,
                         .normalized = cJSON_IsTrue(normalized), .count = (size_t)count, .type = type};
    if (a->normalized && (a->component_type == GLTF_FLOAT || a->component_type == GLTF_UNSIGNED_INT))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("normalized is true for componentType %u (allowed only for 8- and "
                         "16-bit integers)"), a->component_type);
    for (size_t i = 0; i < sizeof accessor_types / sizeof *accessor_types; i++)
        if (strcmp(type, accessor_types[i].name) == 0)
            a->components = accessor_types[i].components;
    if (!a->components)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("type '%.40s' (allowed for animations: SCALAR, VEC2, VEC3, VEC4)"), type);
    gltf_pop(c, mark);
    return GLTF_OK;
}

/* Reads count elements at p, stride apart, into out (components numbers each). */
static void read_elements(const unsigned char *p, size_t stride, size_t count, const gltf_accessor *a, double *out)
{
    size_t csize = component_size(a->component_type);
    for (size_t i = 0; i < count; i++, p += stride)
        for (size_t j = 0; j < a->components; j++)
            *out++ = decode(p + j * csize, a->component_type, a->normalized);
}

/* accessor.sparse: `count` indices (strictly increasing, each < accessor.count) and the elements that replace them. */
static gltf_status read_sparse(gltf_ctx *c, const cJSON *sparse, const gltf_accessor *a, double *out)
{
    size_t mark = gltf_push(c, "sparse");
    const cJSON *indices = cJSON_GetObjectItemCaseSensitive(sparse, "indices");
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(sparse, "values");
    uint64_t count, index_type, index_offset, value_offset;
    size_t index_view_id, value_view_id;
    gltf_status st;
    if (!cJSON_IsObject(sparse) || !cJSON_IsObject(indices) || !cJSON_IsObject(values))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("sparse, sparse.indices and sparse.values must be objects"));
    if ((st = gltf_json_uint(c, sparse, "count", 1, a->count, 0, true, &count)) ||
        (st = gltf_json_index(c, indices, "bufferView", &c->views, "bufferViews", NULL, &index_view_id)) ||
        (st = gltf_json_uint(c, indices, "byteOffset", 0, MAX_JSON_UINT, 0, false, &index_offset)) ||
        (st = gltf_json_uint(c, indices, "componentType", 0, 65535, 0, true, &index_type)) ||
        (st = gltf_json_index(c, values, "bufferView", &c->views, "bufferViews", NULL, &value_view_id)) ||
        (st = gltf_json_uint(c, values, "byteOffset", 0, MAX_JSON_UINT, 0, false, &value_offset)))
        return st;
    if (index_type != GLTF_UNSIGNED_BYTE && index_type != GLTF_UNSIGNED_SHORT && index_type != GLTF_UNSIGNED_INT)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("indices.componentType %llu (allowed: 5121, 5123, 5125)"),
                         (unsigned long long)index_type);
    view iv, vv;
    const unsigned char *ip, *vp;
    size_t isize = component_size((unsigned)index_type), csize = component_size(a->component_type);
    size_t elem = csize * a->components;
    if ((st = view_get(c, index_view_id, &iv)) || (st = view_get(c, value_view_id, &vv)))
        return st;
    if (iv.stride || vv.stride)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("bufferViews[%zu] has a byteStride (not allowed for sparse data)"),
                         iv.stride ? iv.index : vv.index);
    if ((st = view_span(c, &iv, index_offset, isize, isize, isize, (size_t)count, &ip)) ||
        (st = view_span(c, &vv, value_offset, csize, elem, elem, (size_t)count, &vp)))
        return st;
    gltf_accessor index_accessor = {.component_type = (unsigned)index_type, .components = 1};
    double previous = -1;
    for (size_t i = 0; i < count; i++) {
        double index;
        read_elements(ip + i * isize, isize, 1, &index_accessor, &index);
        if (!(index > previous) || index >= (double)a->count)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("index %zu is %.0f (allowed: increasing, below count %zu)"), i, index,
                             a->count);
        read_elements(vp + i * elem, elem, 1, a, out + (size_t)index * a->components);
        previous = index;
    }
    gltf_pop(c, mark);
    return GLTF_OK;
}

gltf_status gltf_accessor_read(gltf_ctx *c, const gltf_accessor *a, double *out)
{
    size_t mark = gltf_push(c, "accessors[%zu]", a->index);
    const cJSON *obj = c->accessors.items[a->index];
    size_t view_id, csize = component_size(a->component_type), elem = csize * a->components;
    bool has_view;
    uint64_t offset;
    gltf_status st;
    if ((st = gltf_json_index(c, obj, "bufferView", &c->views, "bufferViews", &has_view, &view_id)) ||
        (st = gltf_json_uint(c, obj, "byteOffset", 0, MAX_JSON_UINT, 0, false, &offset)))
        return st;
    if (has_view) {
        view v;
        const unsigned char *p;
        if ((st = view_get(c, view_id, &v)))
            return st;
        if (v.stride && v.stride < elem)
            /* TRANSLATORS: never 1 byte: the element is larger than a stride of at least 1 */
            return gltf_fail(c, GLTF_ERR_FORMAT, _("bufferViews[%zu].byteStride %zu is less than one element (%zu "
                             "bytes)"), view_id, v.stride, elem);
        size_t stride = v.stride ? v.stride : elem;
        if ((st = view_span(c, &v, offset, csize, elem, stride, a->count, &p)))
            return st;
        read_elements(p, stride, a->count, a, out);
    } else {
        if (cJSON_GetObjectItemCaseSensitive(obj, "byteOffset"))
            return gltf_fail(c, GLTF_ERR_FORMAT, _("byteOffset is given without a bufferView"));
        memset(out, 0, a->count * a->components * sizeof *out);  /* the specification: zeros, unless sparse */
    }
    const cJSON *sparse = cJSON_GetObjectItemCaseSensitive(obj, "sparse");
    if (sparse && (st = read_sparse(c, sparse, a, out)))
        return st;
    for (size_t i = 0; i < a->count * a->components; i++)
        if (!isfinite(out[i]))
            return gltf_fail(c, GLTF_ERR_FORMAT, _("element %zu, component %zu is not a finite number"),
                             i / a->components, i % a->components);
    gltf_pop(c, mark);
    return GLTF_OK;
}
