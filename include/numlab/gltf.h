/* gltf: the animations of glTF 2.0 files, as keyframe clips.
 *
 * Reads .gltf (JSON, with buffers embedded as base64 data: URIs or in files next to it) and .glb (binary container,
 * buffer 0 in its BIN chunk). The JSON is parsed by libcjson. Animation samplers become kf_tracks exactly as the
 * specification lays them out (appendix C): key times from the input accessor, values (and for CUBICSPLINE the
 * [in-tangent, value, out-tangent] triples) from the output accessor, accessors read through their bufferView's
 * byteOffset and byteStride, sparse substitution applied, and normalized integer outputs decoded as the
 * specification says (signed byte c: max(c / 127, -1), unsigned byte c / 255, signed short max(c / 32767, -1),
 * unsigned short c / 65535).
 *
 * Everything a track is built from is validated, and a broken file gives one message naming the file and the
 * broken part, e.g. "walk.gltf: animations[0].samplers[2].output: accessors[7]: count 10 but the input has 4 keys
 * (LINEAR needs 4 x 1 elements)". No input, however malformed, reads outside the data it was given.
 *
 * External buffers are files below the asset's folder: a uri is %-decoded and resolved against it after ".." and
 * after symbolic links, and one that leaves it is refused (infile_open_below); the asset and its buffers must be
 * regular files (infile.h). Messages escape what they quote from the file (text.h).
 *
 * Limits: an accessor may hold at most GLTF_MAX_ELEMENTS elements and a file at most GLTF_MAX_FILE_BYTES (checked
 * from its size, before it is read).
 * Channels without target.node (defined by extensions such as KHR_animation_pointer) are skipped and counted.
 * Buffers and accessors no animation uses are not read. Ownership: gltf_load fills a gltf_doc the caller releases
 * with gltf_doc_destroy (also after a failed load). */
#ifndef NUMLAB_GLTF_H
#define NUMLAB_GLTF_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/common.h"
#include "numlab/keyframe.h"

#define GLTF_MAX_ELEMENTS (1u << 22)
#define GLTF_MAX_FILE_BYTES (1ull << 30)

typedef struct {
    char *name;             /* owned; NULL when the file gives none */
    double translation[3];  /* the rest pose: the node's own TRS, or (0,0,0), (0,0,0,1), (1,1,1) */
    double rotation[4];
    double scale[3];
    bool has_matrix;        /* the node gives a matrix instead: the TRS above are the defaults */
} gltf_node;

typedef struct {
    gltf_node *nodes;
    size_t node_count;
    kf_clip *animations;          /* channel i of a clip is the file's channel i, minus skipped ones */
    size_t animation_count;
    size_t skipped_channels;      /* channels without target.node, ignored */
    bool binary;                  /* it was a .glb */
} gltf_doc;

typedef enum {
    GLTF_OK = NUMLAB_OK,
    GLTF_ERR_IO = NUMLAB_ERR_IO,          /* a file could not be opened or read */
    GLTF_ERR_FORMAT = NUMLAB_ERR_FORMAT,  /* not a valid glTF 2.0 file (or uses something not supported here) */
    GLTF_ERR_NOMEM = NUMLAB_ERR_NOMEM,
} gltf_status;  /* common.h's codes under this module's names; err's message says what and where */

typedef struct {
    char message[768];  /* "FILE: where: what", one line */
} gltf_error;

/* Loads path (.gltf or .glb: told apart by the GLB magic, not the extension); external buffers are looked up next
 * to it. On failure doc is empty and err says why. */
gltf_status gltf_load(const char *path, gltf_doc *doc, gltf_error *err);
/* The same from memory: name is used in messages; external buffer files are resolved against base_dir and must be
 * regular files below it (see above), and are an error when base_dir is NULL. */
gltf_status gltf_load_memory(const void *data, size_t size, const char *name, const char *base_dir, gltf_doc *doc,
                             gltf_error *err);
void gltf_doc_destroy(gltf_doc *doc);

#endif
