/* glTF fixtures written by the tests themselves: a binary blob, JSON built with libcjson, and the three containers
 * (embedded base64, external .bin, .glb). Used by test_gltf (and its --write-fixtures mode, which the CLI test and
 * the fuzz corpus use). */
#ifndef NUMLAB_TESTS_GLTF_FIXTURE_H
#define NUMLAB_TESTS_GLTF_FIXTURE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    unsigned char *data;
    size_t size, cap;
} fx_blob;

void fx_blob_bytes(fx_blob *b, const void *bytes, size_t n);
void fx_blob_f32(fx_blob *b, float v);   /* little-endian IEEE 754 */
void fx_blob_u16(fx_blob *b, unsigned v);
void fx_blob_u8(fx_blob *b, unsigned v);
void fx_blob_align(fx_blob *b, size_t alignment);  /* zero padding */
void fx_blob_free(fx_blob *b);

/* Appenders to the document; each returns the new element's index. view < 0: no bufferView. stride 0: none. */
size_t fx_view(cJSON *root, size_t offset, size_t length, size_t stride);
size_t fx_accessor(cJSON *root, int view, size_t offset, unsigned component_type, bool normalized, size_t count,
                   const char *type);
cJSON *fx_animation(cJSON *root, const char *name);
size_t fx_sampler(cJSON *animation, size_t input, size_t output, const char *interpolation);  /* NULL: default */
void fx_channel(cJSON *animation, size_t sampler, size_t node, const char *path);
size_t fx_node(cJSON *root, const char *name);
/* The element `index` of root[key] (an array). */
cJSON *fx_at(cJSON *root, const char *key, int index);
/* Sets obj[key] to a number (replacing it) or removes it (NAN). */
void fx_set_number(cJSON *obj, const char *key, double value);
void fx_set_string(cJSON *obj, const char *key, const char *value);

/* The standard fixture: nodes 0 "mover", 1 "spinner", 2 "grower" and animations 0 "steps" (STEP), 1 "lines"
 * (LINEAR, one sampler with the interpolation left to its default), 2 "curves" (CUBICSPLINE), each with a
 * translation, rotation and scale channel on nodes 0, 1, 2. Translation and scale of animations 0 and 1 are
 * interleaved in one bufferView (byteStride 24, the scale accessor at byteOffset 12). */
enum { FX_KEYS = 4 };
extern const float fx_times_linear[FX_KEYS], fx_times_cubic[FX_KEYS];
extern const float fx_translation[FX_KEYS][3], fx_rotation[FX_KEYS][4], fx_scale[FX_KEYS][3];
/* CUBICSPLINE keys [in-tangent, value, out-tangent]; the values are the arrays above. */
extern const float fx_translation_tangents[FX_KEYS][2][3], fx_rotation_tangents[FX_KEYS][2][4],
    fx_scale_tangents[FX_KEYS][2][3];

typedef struct {
    cJSON *root;
    fx_blob bin;
} fx_doc;

void fx_standard(fx_doc *d);
void fx_doc_free(fx_doc *d);

typedef enum { FX_EMBEDDED, FX_EXTERNAL, FX_GLB } fx_variant;
/* Writes DIR/NAME.gltf (embedded), DIR/NAME.gltf + "DIR/NAME data.bin" (uri "NAME%20data.bin") or DIR/NAME.glb.
 * buffers[0] is added (or replaced) to describe the blob. Returns the main file's path (malloc'd). */
char *fx_write(const char *dir, const char *name, fx_doc *d, fx_variant variant);
/* The bytes of a .glb holding root and bin (malloc'd; *size set). */
unsigned char *fx_glb_bytes(fx_doc *d, size_t *size);
/* Writes bytes to DIR/NAME; returns the path (malloc'd). */
char *fx_write_bytes(const char *dir, const char *name, const void *bytes, size_t size);
/* A fresh directory under $TMPDIR (or /tmp), and its removal with the files and folders in it (links are removed,
 * not followed). */
char *fx_temp_dir(void);
void fx_remove_dir(const char *dir);
/* A Check fixture pair: fx_dir is a fresh temporary directory during each test. */
extern char *fx_dir;
void fx_dir_setup(void);
void fx_dir_teardown(void);

#endif
