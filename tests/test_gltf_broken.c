/* Broken glTF files: each case breaks one thing in the standard fixture (or writes raw bytes) and expects the
 * loader to refuse with the right status and a message naming the file and the broken part. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers/gltf_fixture.h"
#include "numlab/gltf.h"
#include "helpers/check_main.h"


/* --- ways to break a fixture ---------------------------------------------------------------------------------- */

static cJSON *accessor(fx_doc *d, int i)
{
    return fx_at(d->root, "accessors", i);
}

static cJSON *channel(fx_doc *d, int animation, int i)
{
    return fx_at(fx_at(d->root, "animations", animation), "channels", i);
}

static cJSON *target(fx_doc *d, int animation, int i)
{
    return cJSON_GetObjectItemCaseSensitive(channel(d, animation, i), "target");
}

static void set_float(fx_doc *d, size_t offset, float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    for (int i = 0; i < 4; i++)
        d->bin.data[offset + i] = (unsigned char)(u >> 8 * i);
}

/* The standard fixture's layout: accessors 0, 1 key times (views 0, 1), 2 and 3 translation and scale interleaved
 * in view 2 (stride 24, 96 bytes), 4 rotations (view 3), 5 to 7 the cubic outputs; animations 0 STEP, 1 LINEAR,
 * 2 CUBICSPLINE, channels translation (node 0), rotation (node 1), scale (node 2). */
static void scale_offset_past_view(fx_doc *d) { fx_set_number(accessor(d, 3), "byteOffset", 24); }
static void view_past_buffer(fx_doc *d) { fx_set_number(fx_at(d->root, "bufferViews", 0), "byteLength", 100000); }
static void decreasing_times(fx_doc *d) { set_float(d, 8, 0.125f); }  /* key 2: 1.0 -> 0.125 < 0.25 */
static void equal_times(fx_doc *d) { set_float(d, 4, 0.0f); }         /* key 1: 0.25 -> 0 */
static void negative_time(fx_doc *d) { set_float(d, 0, -1.0f); }
static void nan_value(fx_doc *d) { set_float(d, 32 + 24 + 4, NAN); }  /* translation key 1, y */
static void linear_count(fx_doc *d) { fx_set_number(accessor(d, 4), "count", 3); }
static void cubic_count(fx_doc *d) { fx_set_number(accessor(d, 5), "count", 4); }
static void unknown_interp(fx_doc *d)
{
    fx_set_string(fx_at(fx_at(d->root, "animations", 0), "samplers", 0), "interpolation", "CUBIC");
}
static void lowercase_interp(fx_doc *d)
{
    fx_set_string(fx_at(fx_at(d->root, "animations", 1), "samplers", 0), "interpolation", "linear");
}
static void times_not_float(fx_doc *d) { fx_set_number(accessor(d, 0), "componentType", 5123); }
static void rotation_not_normalized(fx_doc *d) { fx_set_number(accessor(d, 4), "componentType", 5122); }
static void normalized_float(fx_doc *d) { cJSON_AddTrueToObject(accessor(d, 4), "normalized"); }
static void bad_component_type(fx_doc *d) { fx_set_number(accessor(d, 4), "componentType", 5124); }
static void matrix_type(fx_doc *d) { fx_set_string(accessor(d, 4), "type", "MAT4"); }
static void path_mismatch(fx_doc *d) { fx_set_number(channel(d, 0, 0), "sampler", 1); }
static void unknown_path(fx_doc *d) { fx_set_string(target(d, 0, 0), "path", "position"); }
static void node_out_of_range(fx_doc *d) { fx_set_number(target(d, 0, 0), "node", 7); }
static void sampler_out_of_range(fx_doc *d) { fx_set_number(channel(d, 1, 2), "sampler", 9); }
static void accessor_out_of_range(fx_doc *d)
{
    fx_set_number(fx_at(fx_at(d->root, "animations", 2), "samplers", 1), "output", 40);
}
static void duplicate_target(fx_doc *d)
{
    fx_set_number(channel(d, 0, 2), "sampler", 0);
    fx_set_number(target(d, 0, 2), "node", 0);
    fx_set_string(target(d, 0, 2), "path", "translation");
}
static void bad_stride(fx_doc *d) { fx_set_number(fx_at(d->root, "bufferViews", 2), "byteStride", 6); }
static void stride_below_element(fx_doc *d) { fx_set_number(fx_at(d->root, "bufferViews", 2), "byteStride", 8); }
static void misaligned_offset(fx_doc *d) { fx_set_number(accessor(d, 3), "byteOffset", 13); }
static void fractional_count(fx_doc *d) { fx_set_number(accessor(d, 0), "count", 2.5); }
static void negative_offset(fx_doc *d) { fx_set_number(accessor(d, 3), "byteOffset", -4); }
static void huge_count(fx_doc *d) { fx_set_number(accessor(d, 0), "count", 1e12); }
static void string_count(fx_doc *d)
{
    cJSON_DeleteItemFromObjectCaseSensitive(accessor(d, 0), "count");
    cJSON_AddStringToObject(accessor(d, 0), "count", "4");
}
static void empty_channels(fx_doc *d)
{
    cJSON *a = fx_at(d->root, "animations", 1);
    cJSON_DeleteItemFromObjectCaseSensitive(a, "channels");
    cJSON_AddArrayToObject(a, "channels");
}
static void missing_samplers(fx_doc *d)
{
    cJSON_DeleteItemFromObjectCaseSensitive(fx_at(d->root, "animations", 2), "samplers");
}
static void version_1(fx_doc *d)
{
    fx_set_string(cJSON_GetObjectItemCaseSensitive(d->root, "asset"), "version", "1.0");
}
static void no_asset(fx_doc *d) { cJSON_DeleteItemFromObjectCaseSensitive(d->root, "asset"); }
static void bad_node_rotation(fx_doc *d)
{
    cJSON_AddItemToObject(fx_at(d->root, "nodes", 1), "rotation", cJSON_CreateDoubleArray((double[]){0, 0, 1}, 3));
}

/* --- raw changes after writing -------------------------------------------------------------------------------- */

static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    unsigned char *data = malloc(1 << 20);
    *size = fread(data, 1, 1 << 20, f);
    fclose(f);
    return data;
}

static void patch(const char *path, size_t offset, uint32_t value)
{
    size_t size;
    unsigned char *data = slurp(path, &size);
    for (int i = 0; i < 4; i++)
        data[offset + i] = (unsigned char)(value >> 8 * i);
    FILE *f = fopen(path, "wb");
    fwrite(data, 1, size, f);
    fclose(f);
    free(data);
}

static void rewrite(const char *path, size_t keep, const char *append, size_t append_len)
{
    size_t size;
    unsigned char *data = slurp(path, &size);
    FILE *f = fopen(path, "wb");
    fwrite(data, 1, keep < size ? keep : size, f);
    fwrite(append, 1, append_len, f);
    fclose(f);
    free(data);
}

static char *sibling(const char *path, const char *name)
{
    char *s = malloc(strlen(path) + strlen(name) + 1);
    strcpy(s, path);
    strcpy(strrchr(s, '/') + 1, name);
    return s;
}

static void remove_bin(const char *path)
{
    char *bin = sibling(path, "case data.bin");
    unlink(bin);
    free(bin);
}

static void truncate_bin(const char *path)
{
    char *bin = sibling(path, "case data.bin");
    rewrite(bin, 100, "", 0);
    free(bin);
}

static void glb_magic(const char *path) { patch(path, 0, 0x58546C67); }     /* "glTX" */
static void glb_version(const char *path) { patch(path, 4, 1); }
static void glb_length(const char *path) { patch(path, 8, 99999); }
static void glb_json_length(const char *path) { patch(path, 12, 0x7FFFFFF0); }
static void glb_json_type(const char *path) { patch(path, 16, 0x004E4942); }
static void glb_empty_json(const char *path) { patch(path, 12, 0); }
static void glb_truncated(const char *path) { rewrite(path, 10, "", 0); }
static void glb_stray_bytes(const char *path)
{
    size_t size;
    free(slurp(path, &size));
    rewrite(path, size, "\0\0\0\0", 4);
    patch(path, 8, (uint32_t)size + 4);
}
/* The BIN chunk's type becomes unknown: buffers[0] (no uri) then has no data. */
static void glb_no_bin(const char *path)
{
    size_t size;
    unsigned char *data = slurp(path, &size);
    uint32_t json_len = data[12] | data[13] << 8 | data[14] << 16 | (uint32_t)data[15] << 24;
    free(data);
    patch(path, 20 + json_len + 4, 0x58585858);
}
static void bad_json(const char *path)
{
    const char *text = "{\"asset\": {\"version\": \"2.0\"},\n \"nodes\": [}";
    rewrite(path, 0, text, strlen(text));
}
static void empty_file(const char *path) { rewrite(path, 0, "", 0); }
static void json_array(const char *path) { rewrite(path, 0, "[1, 2]", 6); }
static void trailing_text(const char *path)
{
    size_t size;
    free(slurp(path, &size));
    rewrite(path, size, "\n}", 2);
}

static void bad_base64(fx_doc *d)
{
    fx_set_string(fx_at(d->root, "buffers", 0), "uri", "data:application/octet-stream;base64,AAA*");
}
static void short_data_uri(fx_doc *d)
{
    fx_set_string(fx_at(d->root, "buffers", 0), "uri", "data:application/octet-stream;base64,AAAAAAAA");
}
static void http_uri(fx_doc *d) { fx_set_string(fx_at(d->root, "buffers", 0), "uri", "http://example.com/x.bin"); }
static void absolute_uri(fx_doc *d) { fx_set_string(fx_at(d->root, "buffers", 0), "uri", "/etc/passwd"); }
static void not_base64_uri(fx_doc *d)
{
    fx_set_string(fx_at(d->root, "buffers", 0), "uri", "data:application/octet-stream,abc");
}
static void bad_escape_uri(fx_doc *d) { fx_set_string(fx_at(d->root, "buffers", 0), "uri", "case%2"); }

/* --- the table ------------------------------------------------------------------------------------------------ */

typedef struct {
    const char *name;
    fx_variant variant;
    void (*before)(fx_doc *d);        /* before the buffer is described and the file written */
    void (*after_json)(fx_doc *d);    /* after buffers[0] exists: rewrites the file */
    void (*after)(const char *path);  /* raw changes to the written file */
    gltf_status status;
    const char *expect[3];            /* substrings of the message, after the file name */
} broken_case;

static const broken_case cases[] = {
    {"accessor past its bufferView", FX_GLB, scale_offset_past_view, NULL, NULL, GLTF_ERR_FORMAT,
     {"accessors[3]", "need 108 bytes, but bufferViews[2] has 96"}},
    {"bufferView past its buffer", FX_EMBEDDED, view_past_buffer, NULL, NULL, GLTF_ERR_FORMAT,
     {"bufferViews[0]", "past the end of buffers[0]"}},
    {"decreasing key times", FX_EXTERNAL, decreasing_times, NULL, NULL, GLTF_ERR_FORMAT,
     {"animations[0]: samplers[0]: input", "key 2 at t = 0.125 follows key 1 at t = 0.25"}},
    {"equal key times", FX_GLB, equal_times, NULL, NULL, GLTF_ERR_FORMAT, {"increase strictly", "key 1 at t = 0"}},
    {"negative key time", FX_GLB, negative_time, NULL, NULL, GLTF_ERR_FORMAT, {"key 0 has time -1", ">= 0"}},
    {"NaN output", FX_GLB, nan_value, NULL, NULL, GLTF_ERR_FORMAT,
     {"samplers[0]: output: accessors[2]", "element 1, component 1 is not a finite number"}},
    {"LINEAR output count", FX_EMBEDDED, linear_count, NULL, NULL, GLTF_ERR_FORMAT,
     {"samplers[1]: output", "count 3, but the input has 4 keys", "(STEP needs 1 x 4 = 4)"}},
    {"CUBICSPLINE output count", FX_EMBEDDED, cubic_count, NULL, NULL, GLTF_ERR_FORMAT,
     {"animations[2]: samplers[0]", "accessors[5]: count 4", "CUBICSPLINE needs 3 x 4 = 12"}},
    {"unknown interpolation", FX_EMBEDDED, unknown_interp, NULL, NULL, GLTF_ERR_FORMAT,
     {"animations[0]: samplers[0]", "interpolation 'CUBIC'", "STEP, LINEAR, CUBICSPLINE"}},
    {"lower-case interpolation", FX_EMBEDDED, lowercase_interp, NULL, NULL, GLTF_ERR_FORMAT,
     {"interpolation 'linear'"}},
    {"key times not float", FX_EMBEDDED, times_not_float, NULL, NULL, GLTF_ERR_FORMAT,
     {"input", "must be SCALAR floats"}},
    {"integer rotation not normalized", FX_EMBEDDED, rotation_not_normalized, NULL, NULL, GLTF_ERR_FORMAT,
     {"accessors[4]: componentType 5122 without normalized"}},
    {"normalized float", FX_EMBEDDED, normalized_float, NULL, NULL, GLTF_ERR_FORMAT,
     {"accessors[4]", "normalized is true for componentType 5126"}},
    {"unknown componentType", FX_EMBEDDED, bad_component_type, NULL, NULL, GLTF_ERR_FORMAT,
     {"accessors[4]: componentType 5124"}},
    {"matrix output", FX_EMBEDDED, matrix_type, NULL, NULL, GLTF_ERR_FORMAT, {"accessors[4]: type 'MAT4'"}},
    {"path needs another type", FX_EMBEDDED, path_mismatch, NULL, NULL, GLTF_ERR_FORMAT,
     {"channels[0]", "target.path 'translation' needs VEC3 float outputs, but samplers[1] gives VEC4"}},
    {"unknown path", FX_EMBEDDED, unknown_path, NULL, NULL, GLTF_ERR_FORMAT, {"channels[0]", "'position'"}},
    {"node out of range", FX_EMBEDDED, node_out_of_range, NULL, NULL, GLTF_ERR_FORMAT,
     {"animations[0]: channels[0]", "node 7: there is no nodes[7] (there are 3)"}},
    {"sampler out of range", FX_EMBEDDED, sampler_out_of_range, NULL, NULL, GLTF_ERR_FORMAT,
     {"animations[1]: channels[2]", "there is no samplers[9]"}},
    {"accessor out of range", FX_EMBEDDED, accessor_out_of_range, NULL, NULL, GLTF_ERR_FORMAT,
     {"samplers[1]", "output 40: there is no accessors[40] (there are 8)"}},
    {"one target twice", FX_EMBEDDED, duplicate_target, NULL, NULL, GLTF_ERR_FORMAT,
     {"channels[0] and channels[2] both animate nodes[0].translation"}},
    {"byteStride not a multiple of 4", FX_EMBEDDED, bad_stride, NULL, NULL, GLTF_ERR_FORMAT,
     {"bufferViews[2]", "byteStride 6"}},
    {"byteStride below the element", FX_EMBEDDED, stride_below_element, NULL, NULL, GLTF_ERR_FORMAT,
     {"bufferViews[2].byteStride 8 is less than one element (12 bytes)"}},
    {"misaligned byteOffset", FX_EMBEDDED, misaligned_offset, NULL, NULL, GLTF_ERR_FORMAT,
     {"accessors[3]", "byteOffset 13", "not a multiple of the component size"}},
    {"fractional count", FX_EMBEDDED, fractional_count, NULL, NULL, GLTF_ERR_FORMAT, {"accessors[0]", "count is 2.5"}},
    {"negative byteOffset", FX_EMBEDDED, negative_offset, NULL, NULL, GLTF_ERR_FORMAT, {"byteOffset is -4"}},
    {"huge count", FX_EMBEDDED, huge_count, NULL, NULL, GLTF_ERR_FORMAT,
     {"count is 1000000000000 (allowed: a whole number from 1 to 4194304)"}},
    {"count as a string", FX_EMBEDDED, string_count, NULL, NULL, GLTF_ERR_FORMAT, {"count is '4'"}},
    {"empty channels", FX_EMBEDDED, empty_channels, NULL, NULL, GLTF_ERR_FORMAT,
     {"animations[1]", "channels is an empty array"}},
    {"missing samplers", FX_EMBEDDED, missing_samplers, NULL, NULL, GLTF_ERR_FORMAT,
     {"animations[2]", "samplers is missing"}},
    {"glTF 1.0", FX_EMBEDDED, version_1, NULL, NULL, GLTF_ERR_FORMAT, {"asset: version '1.0' (allowed: 2.x)"}},
    {"no asset", FX_GLB, no_asset, NULL, NULL, GLTF_ERR_FORMAT, {"asset is missing"}},
    {"node rotation of 3 numbers", FX_EMBEDDED, bad_node_rotation, NULL, NULL, GLTF_ERR_FORMAT,
     {"nodes[1]", "rotation is not an array of 4 finite numbers"}},
    {"bad base64", FX_EMBEDDED, NULL, bad_base64, NULL, GLTF_ERR_FORMAT,
     {"buffers[0]", "bad base64 at character 3 of the data ('*')"}},
    {"data: URI shorter than byteLength", FX_EMBEDDED, NULL, short_data_uri, NULL, GLTF_ERR_FORMAT,
     {"buffers[0]", "the data: URI holds only 6 bytes"}},
    {"data: URI without base64", FX_EMBEDDED, NULL, not_base64_uri, NULL, GLTF_ERR_FORMAT, {"without ';base64,'"}},
    {"http URI", FX_EMBEDDED, NULL, http_uri, NULL, GLTF_ERR_FORMAT,
     {"buffers[0]", "'http://example.com/x.bin' is neither a relative file path nor a data: URI"}},
    {"absolute path URI", FX_EMBEDDED, NULL, absolute_uri, NULL, GLTF_ERR_FORMAT, {"'/etc/passwd' is neither"}},
    {"bad %-escape", FX_EMBEDDED, NULL, bad_escape_uri, NULL, GLTF_ERR_FORMAT, {"'case%2' has a bad %-escape"}},
    {"missing .bin", FX_EXTERNAL, NULL, NULL, remove_bin, GLTF_ERR_IO,
     {"buffers[0]", "cannot read '", "case data.bin': No such file or directory"}},
    {"short .bin", FX_EXTERNAL, NULL, NULL, truncate_bin, GLTF_ERR_FORMAT,
     {"buffers[0]", "case data.bin' has 100 bytes, but byteLength says"}},
    {"GLB magic", FX_GLB, NULL, NULL, glb_magic, GLTF_ERR_FORMAT, {"does not start with the magic 'glTF'"}},
    {"GLB version", FX_GLB, NULL, NULL, glb_version, GLTF_ERR_FORMAT, {"GLB header: version 1 (allowed: 2)"}},
    {"GLB length", FX_GLB, NULL, NULL, glb_length, GLTF_ERR_FORMAT, {"GLB header: length 99999, but the file has"}},
    {"GLB chunk length", FX_GLB, NULL, NULL, glb_json_length, GLTF_ERR_FORMAT,
     {"GLB chunk 0: length 2147483632 at offset 12 runs past the end"}},
    {"GLB chunk type", FX_GLB, NULL, NULL, glb_json_type, GLTF_ERR_FORMAT, {"GLB chunk 0: type 0x004E4942"}},
    {"GLB empty JSON chunk", FX_GLB, NULL, NULL, glb_empty_json, GLTF_ERR_FORMAT,
     {"GLB chunk 0: the JSON chunk is empty"}},
    {"GLB truncated", FX_GLB, NULL, NULL, glb_truncated, GLTF_ERR_FORMAT, {"the file has 10 bytes"}},
    {"GLB stray bytes", FX_GLB, NULL, NULL, glb_stray_bytes, GLTF_ERR_FORMAT, {"a chunk header needs 8"}},
    {"GLB without BIN", FX_GLB, NULL, NULL, glb_no_bin, GLTF_ERR_FORMAT,
     {"buffers[0]", "only buffers[0] of a .glb with a BIN chunk"}},
    {"bad JSON", FX_EMBEDDED, NULL, NULL, bad_json, GLTF_ERR_FORMAT, {"bad JSON at line 2, column 12"}},
    {"empty file", FX_EMBEDDED, NULL, NULL, empty_file, GLTF_ERR_FORMAT, {"the file is empty"}},
    {"JSON array", FX_EMBEDDED, NULL, NULL, json_array, GLTF_ERR_FORMAT, {"the JSON is not an object"}},
    {"text after the JSON", FX_EMBEDDED, NULL, NULL, trailing_text, GLTF_ERR_FORMAT, {"text after the end"}},
};

enum { CASES = sizeof cases / sizeof *cases };

START_TEST(broken_file_is_refused)
{
    const broken_case *bc = &cases[_i];
    fx_doc d;
    fx_standard(&d);
    if (bc->before)
        bc->before(&d);
    char *path = fx_write(fx_dir, "case", &d, bc->variant);
    if (bc->after_json) {
        bc->after_json(&d);
        char *json = cJSON_Print(d.root);
        free(fx_write_bytes(fx_dir, "case.gltf", json, strlen(json)));
        free(json);
    }
    if (bc->after)
        bc->after(path);
    gltf_doc doc;
    gltf_error err;
    gltf_status st = gltf_load(path, &doc, &err);
    ck_assert_msg(st == bc->status, "%s: status %d, expected %d (%s)", bc->name, st, bc->status, err.message);
    ck_assert_msg(strncmp(err.message, path, strlen(path)) == 0 && err.message[strlen(path)] == ':',
                  "%s: the message does not start with the file name: %s", bc->name, err.message);
    for (int i = 0; i < 3 && bc->expect[i]; i++)
        ck_assert_msg(strstr(err.message, bc->expect[i]), "%s: '%s' not in: %s", bc->name, bc->expect[i],
                      err.message);
    ck_assert_ptr_null(doc.animations);  /* nothing half-loaded is left behind */
    ck_assert_ptr_null(doc.nodes);
    free(path);
    fx_doc_free(&d);
}
END_TEST

START_TEST(missing_file_and_directory)
{
    gltf_doc doc;
    gltf_error err;
    char *path = malloc(strlen(fx_dir) + 16);
    sprintf(path, "%s/nothing.gltf", fx_dir);
    ck_assert_int_eq(gltf_load(path, &doc, &err), GLTF_ERR_IO);
    ck_assert_msg(strstr(err.message, "nothing.gltf: cannot read: No such file or directory"), "%s", err.message);
    ck_assert_int_eq(gltf_load(fx_dir, &doc, &err), GLTF_ERR_IO);
    ck_assert_msg(strstr(err.message, ": is a directory (allowed: a regular file of at most 1 GiB)"), "%s",
                  err.message);
    free(path);
}
END_TEST

START_TEST(external_buffer_needs_a_file)
{
    fx_doc d;
    fx_standard(&d);
    free(fx_write(fx_dir, "mem", &d, FX_EXTERNAL));
    char *json = cJSON_PrintUnformatted(d.root);
    gltf_doc doc;
    gltf_error err;
    ck_assert_int_eq(gltf_load_memory(json, strlen(json), "memory.gltf", NULL, &doc, &err), GLTF_ERR_FORMAT);
    ck_assert_msg(strstr(err.message, "memory.gltf: animations[0]") && strstr(err.message, "buffers[0]: uri") &&
                      strstr(err.message, "not loaded from a file"),
                  "%s", err.message);
    free(json);
    fx_doc_free(&d);
}
END_TEST

static Suite *broken_suite(void)
{
    Suite *s = suite_create("gltf-broken");
    TCase *tc = tcase_create("broken");
    tcase_add_checked_fixture(tc, fx_dir_setup, fx_dir_teardown);
    tcase_add_loop_test(tc, broken_file_is_refused, 0, CASES);
    tcase_add_test(tc, missing_file_and_directory);
    tcase_add_test(tc, external_buffer_needs_a_file);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(broken_suite());
}
