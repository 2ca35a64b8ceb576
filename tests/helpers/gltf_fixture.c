/* glTF fixtures for the tests. See gltf_fixture.h. Any failure here is a broken test machine: abort loudly. */
#include "gltf_fixture.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *must(void *p)
{
    if (!p) {
        fprintf(stderr, "gltf_fixture: out of memory\n");
        abort();
    }
    return p;
}

/* --- blob ----------------------------------------------------------------------------------------------------- */

void fx_blob_bytes(fx_blob *b, const void *bytes, size_t n)
{
    if (b->size + n > b->cap) {
        b->cap = (b->size + n) * 2 + 64;
        b->data = must(realloc(b->data, b->cap));
    }
    memcpy(b->data + b->size, bytes, n);
    b->size += n;
}

static void blob_le(fx_blob *b, uint32_t v, size_t n)
{
    unsigned char bytes[4] = {v & 0xff, v >> 8 & 0xff, v >> 16 & 0xff, v >> 24 & 0xff};
    fx_blob_bytes(b, bytes, n);
}

void fx_blob_f32(fx_blob *b, float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    blob_le(b, u, 4);
}

void fx_blob_u16(fx_blob *b, unsigned v)
{
    blob_le(b, v, 2);
}

void fx_blob_u8(fx_blob *b, unsigned v)
{
    blob_le(b, v, 1);
}

void fx_blob_align(fx_blob *b, size_t alignment)
{
    while (b->size % alignment)
        fx_blob_u8(b, 0);
}

void fx_blob_free(fx_blob *b)
{
    free(b->data);
    *b = (fx_blob){0};
}

/* --- document ------------------------------------------------------------------------------------------------- */

static size_t append(cJSON *root, const char *key, cJSON *item)
{
    cJSON *array = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!array)
        array = must(cJSON_AddArrayToObject(root, key));
    cJSON_AddItemToArray(array, item);
    return (size_t)cJSON_GetArraySize(array) - 1;
}

size_t fx_view(cJSON *root, size_t offset, size_t length, size_t stride)
{
    cJSON *v = must(cJSON_CreateObject());
    cJSON_AddNumberToObject(v, "buffer", 0);
    cJSON_AddNumberToObject(v, "byteOffset", (double)offset);
    cJSON_AddNumberToObject(v, "byteLength", (double)length);
    if (stride)
        cJSON_AddNumberToObject(v, "byteStride", (double)stride);
    return append(root, "bufferViews", v);
}

size_t fx_accessor(cJSON *root, int view, size_t offset, unsigned component_type, bool normalized, size_t count,
                   const char *type)
{
    cJSON *a = must(cJSON_CreateObject());
    if (view >= 0) {
        cJSON_AddNumberToObject(a, "bufferView", view);
        cJSON_AddNumberToObject(a, "byteOffset", (double)offset);
    }
    cJSON_AddNumberToObject(a, "componentType", component_type);
    if (normalized)
        cJSON_AddTrueToObject(a, "normalized");
    cJSON_AddNumberToObject(a, "count", (double)count);
    cJSON_AddStringToObject(a, "type", type);
    return append(root, "accessors", a);
}

cJSON *fx_animation(cJSON *root, const char *name)
{
    cJSON *a = must(cJSON_CreateObject());
    if (name)
        cJSON_AddStringToObject(a, "name", name);
    append(root, "animations", a);
    return a;
}

size_t fx_sampler(cJSON *animation, size_t input, size_t output, const char *interpolation)
{
    cJSON *s = must(cJSON_CreateObject());
    cJSON_AddNumberToObject(s, "input", (double)input);
    cJSON_AddNumberToObject(s, "output", (double)output);
    if (interpolation)
        cJSON_AddStringToObject(s, "interpolation", interpolation);
    return append(animation, "samplers", s);
}

void fx_channel(cJSON *animation, size_t sampler, size_t node, const char *path)
{
    cJSON *c = must(cJSON_CreateObject()), *target = must(cJSON_AddObjectToObject(c, "target"));
    cJSON_AddNumberToObject(c, "sampler", (double)sampler);
    cJSON_AddNumberToObject(target, "node", (double)node);
    cJSON_AddStringToObject(target, "path", path);
    append(animation, "channels", c);
}

size_t fx_node(cJSON *root, const char *name)
{
    cJSON *n = must(cJSON_CreateObject());
    if (name)
        cJSON_AddStringToObject(n, "name", name);
    return append(root, "nodes", n);
}

cJSON *fx_at(cJSON *root, const char *key, int index)
{
    return must(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, key), index));
}

void fx_set_number(cJSON *obj, const char *key, double value)
{
    cJSON_DeleteItemFromObjectCaseSensitive(obj, key);
    if (!isnan(value))
        cJSON_AddNumberToObject(obj, key, value);
}

void fx_set_string(cJSON *obj, const char *key, const char *value)
{
    cJSON_DeleteItemFromObjectCaseSensitive(obj, key);
    cJSON_AddStringToObject(obj, key, value);
}

/* --- the standard fixture ------------------------------------------------------------------------------------- */

const float fx_times_linear[FX_KEYS] = {0.0f, 0.25f, 1.0f, 2.5f};
const float fx_times_cubic[FX_KEYS] = {0.5f, 0.75f, 1.5f, 3.0f};
const float fx_translation[FX_KEYS][3] = {{0, 0, 0}, {1, 2, -1}, {1.5f, -0.5f, 2}, {4, 1, 0.25f}};
const float fx_scale[FX_KEYS][3] = {{1, 1, 1}, {2, 0.5f, 1}, {0.25f, 3, 1.5f}, {1, 1, 1}};
/* identity; 90 degrees about z; 120 degrees about x; a quaternion whose dot with the previous one is negative */
const float fx_rotation[FX_KEYS][4] = {
    {0, 0, 0, 1}, {0, 0, 0.70710678f, 0.70710678f}, {0.8660254f, 0, 0, 0.5f}, {-0.5f, 0.5f, -0.5f, -0.5f}};
/* The first in-tangent and the last out-tangent are never used: 9 proves it. */
const float fx_translation_tangents[FX_KEYS][2][3] = {
    {{9, 9, 9}, {1, 0, -2}}, {{0.5f, 1, 0}, {0.5f, 1, 0}}, {{-1, 2, 0.75f}, {3, -2, 1}}, {{0, 0.5f, -1}, {9, 9, 9}}};
const float fx_rotation_tangents[FX_KEYS][2][4] = {{{9, 9, 9, 9}, {0, 0, 0.5f, 0}},
                                                   {{0.25f, 0, 0, -0.25f}, {0, 0.5f, 0.25f, 0}},
                                                   {{-0.5f, 0, 0, 0.25f}, {0, 0, 0, 0}},
                                                   {{0.125f, -0.25f, 0, 0}, {9, 9, 9, 9}}};
const float fx_scale_tangents[FX_KEYS][2][3] = {
    {{9, 9, 9}, {0, 0, 0}}, {{1, -1, 0}, {-1, 1, 0}}, {{0, 0, 0}, {2, -3, 0.5f}}, {{0.5f, 0.5f, 0.5f}, {9, 9, 9}}};

static void blob_floats(fx_blob *b, const float *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fx_blob_f32(b, v[i]);
}

/* A CUBICSPLINE output: per key [in, value, out], n components each. */
static void blob_cubic(fx_blob *b, const float *values, const float *tangents, size_t n)
{
    for (size_t k = 0; k < FX_KEYS; k++) {
        blob_floats(b, tangents + k * 2 * n, n);
        blob_floats(b, values + k * n, n);
        blob_floats(b, tangents + k * 2 * n + n, n);
    }
}

void fx_standard(fx_doc *d)
{
    d->root = must(cJSON_CreateObject());
    d->bin = (fx_blob){0};
    cJSON *asset = must(cJSON_AddObjectToObject(d->root, "asset"));
    cJSON_AddStringToObject(asset, "version", "2.0");
    cJSON_AddStringToObject(asset, "generator", "numlab tests");
    fx_node(d->root, "mover");
    fx_node(d->root, "spinner");
    fx_node(d->root, "grower");
    cJSON *r = d->root;
    fx_blob *b = &d->bin;

    size_t start = b->size;
    blob_floats(b, fx_times_linear, FX_KEYS);
    size_t times_linear = fx_accessor(r, (int)fx_view(r, start, b->size - start, 0), 0, 5126, false, FX_KEYS, "SCALAR");
    start = b->size;
    blob_floats(b, fx_times_cubic, FX_KEYS);
    size_t times_cubic = fx_accessor(r, (int)fx_view(r, start, b->size - start, 0), 0, 5126, false, FX_KEYS, "SCALAR");

    /* interleaved translation and scale: [t.x t.y t.z s.x s.y s.z] per key */
    start = b->size;
    for (size_t k = 0; k < FX_KEYS; k++) {
        blob_floats(b, fx_translation[k], 3);
        blob_floats(b, fx_scale[k], 3);
    }
    int interleaved = (int)fx_view(r, start, b->size - start, 24);
    size_t translation = fx_accessor(r, interleaved, 0, 5126, false, FX_KEYS, "VEC3");
    size_t scale = fx_accessor(r, interleaved, 12, 5126, false, FX_KEYS, "VEC3");
    start = b->size;
    blob_floats(b, &fx_rotation[0][0], FX_KEYS * 4);
    size_t rotation = fx_accessor(r, (int)fx_view(r, start, b->size - start, 0), 0, 5126, false, FX_KEYS, "VEC4");

    size_t cubic[3];
    const float *values[3] = {&fx_translation[0][0], &fx_rotation[0][0], &fx_scale[0][0]};
    const float *tangents[3] = {&fx_translation_tangents[0][0][0], &fx_rotation_tangents[0][0][0],
                                &fx_scale_tangents[0][0][0]};
    for (int i = 0; i < 3; i++) {
        size_t n = i == 1 ? 4 : 3;
        start = b->size;
        blob_cubic(b, values[i], tangents[i], n);
        cubic[i] = fx_accessor(r, (int)fx_view(r, start, b->size - start, 0), 0, 5126, false, 3 * FX_KEYS,
                               n == 4 ? "VEC4" : "VEC3");
    }

    const char *names[3] = {"steps", "lines", "curves"}, *interps[3] = {"STEP", "LINEAR", "CUBICSPLINE"};
    for (int i = 0; i < 3; i++) {
        cJSON *a = fx_animation(r, names[i]);
        size_t input = i == 2 ? times_cubic : times_linear;
        size_t outputs[3] = {i == 2 ? cubic[0] : translation, i == 2 ? cubic[1] : rotation, i == 2 ? cubic[2] : scale};
        const char *paths[3] = {"translation", "rotation", "scale"};
        for (int j = 0; j < 3; j++) {
            /* the LINEAR rotation sampler relies on the default interpolation */
            fx_sampler(a, input, outputs[j], i == 1 && j == 1 ? NULL : interps[i]);
            fx_channel(a, (size_t)j, (size_t)j, paths[j]);
        }
    }
}

void fx_doc_free(fx_doc *d)
{
    cJSON_Delete(d->root);
    fx_blob_free(&d->bin);
}

/* --- containers ----------------------------------------------------------------------------------------------- */

static char *base64(const unsigned char *data, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = must(malloc(4 * ((n + 2) / 3) + 1)), *p = out;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)data[i] << 16 | (i + 1 < n ? (uint32_t)data[i + 1] << 8 : 0) |
                     (i + 2 < n ? data[i + 2] : 0);
        *p++ = digits[v >> 18 & 63];
        *p++ = digits[v >> 12 & 63];
        *p++ = i + 1 < n ? digits[v >> 6 & 63] : '=';
        *p++ = i + 2 < n ? digits[v & 63] : '=';
    }
    *p = '\0';
    return out;
}

static char *concat(const char *a, const char *b, const char *c)
{
    char *s = must(malloc(strlen(a) + strlen(b) + strlen(c) + 1));
    return strcat(strcat(strcpy(s, a), b), c);
}

char *fx_write_bytes(const char *dir, const char *name, const void *bytes, size_t size)
{
    char *path = concat(dir, "/", name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, size, f) != size || fclose(f) != 0) {
        fprintf(stderr, "gltf_fixture: cannot write %s\n", path);
        abort();
    }
    return path;
}

static void set_buffer(fx_doc *d, const char *uri)
{
    cJSON_DeleteItemFromObjectCaseSensitive(d->root, "buffers");
    cJSON *buffer = must(cJSON_CreateObject());
    cJSON_AddNumberToObject(buffer, "byteLength", (double)d->bin.size);
    if (uri)
        cJSON_AddStringToObject(buffer, "uri", uri);
    append(d->root, "buffers", buffer);
}

unsigned char *fx_glb_bytes(fx_doc *d, size_t *size)
{
    set_buffer(d, NULL);
    char *json = must(cJSON_PrintUnformatted(d->root));
    fx_blob glb = {0}, chunk = {0};
    fx_blob_bytes(&chunk, json, strlen(json));
    while (chunk.size % 4)
        fx_blob_u8(&chunk, ' ');
    size_t bin_size = (d->bin.size + 3) / 4 * 4;
    fx_blob_bytes(&glb, "glTF", 4);
    blob_le(&glb, 2, 4);
    blob_le(&glb, (uint32_t)(12 + 8 + chunk.size + 8 + bin_size), 4);
    blob_le(&glb, (uint32_t)chunk.size, 4);
    fx_blob_bytes(&glb, "JSON", 4);
    fx_blob_bytes(&glb, chunk.data, chunk.size);
    blob_le(&glb, (uint32_t)bin_size, 4);
    fx_blob_bytes(&glb, "BIN", 4);  /* "BIN\0": the terminator is the fourth byte */
    fx_blob_bytes(&glb, d->bin.data, d->bin.size);
    fx_blob_align(&glb, 4);
    free(json);
    fx_blob_free(&chunk);
    *size = glb.size;
    return glb.data;
}

char *fx_write(const char *dir, const char *name, fx_doc *d, fx_variant variant)
{
    char *path, *json;
    if (variant == FX_GLB) {
        size_t size;
        unsigned char *bytes = fx_glb_bytes(d, &size);
        char *file = concat(name, ".glb", "");
        path = fx_write_bytes(dir, file, bytes, size);
        free(file);
        free(bytes);
        return path;
    }
    if (variant == FX_EMBEDDED) {
        char *encoded = base64(d->bin.data, d->bin.size);
        char *uri = must(malloc(strlen(encoded) + 64));
        sprintf(uri, "data:application/octet-stream;base64,%s", encoded);
        set_buffer(d, uri);
        free(uri);
        free(encoded);
    } else {
        char *uri = concat(name, "%20data.bin", ""), *bin = concat(name, " data.bin", "");
        set_buffer(d, uri);
        free(fx_write_bytes(dir, bin, d->bin.data, d->bin.size));
        free(uri);
        free(bin);
    }
    json = must(cJSON_Print(d->root));
    char *file = concat(name, ".gltf", "");
    path = fx_write_bytes(dir, file, json, strlen(json));
    free(file);
    free(json);
    return path;
}

char *fx_temp_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    char *dir = concat(tmp && *tmp ? tmp : "/tmp", "/", "numlab-gltf-XXXXXX");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "gltf_fixture: cannot create %s\n", dir);
        abort();
    }
    return dir;
}

void fx_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            char *path = concat(dir, "/", e->d_name);
            if (unlink(path) != 0 && errno == EISDIR)  /* a folder of the test's own: emptied first */
                fx_remove_dir(path);
            free(path);
        }
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

char *fx_dir;

void fx_dir_setup(void)
{
    fx_dir = fx_temp_dir();
}

void fx_dir_teardown(void)
{
    fx_remove_dir(fx_dir);
    free(fx_dir);
    fx_dir = NULL;
}
