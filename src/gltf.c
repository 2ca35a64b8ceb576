/* gltf: glTF 2.0 animations into keyframe clips: the GLB container, the JSON document, nodes, animation samplers
 * and channels. Buffers and accessors are in gltf_accessor.c. See include/numlab/gltf.h. */
#include "gltf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/infile.h"
#include "numlab/lang.h"

/* --- GLB (glTF 2.0, section 4.4) ------------------------------------------------------------------------------ */

#define GLB_MAGIC 0x46546C67u       /* "glTF" */
#define GLB_CHUNK_JSON 0x4E4F534Au  /* "JSON" */
#define GLB_CHUNK_BIN 0x004E4942u   /* "BIN\0" */

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Finds the JSON chunk (first) and the BIN chunk (second, optional); later chunks of unknown type are ignored. */
static gltf_status parse_glb(gltf_ctx *c, const unsigned char *data, size_t size, const char **json, size_t *json_len)
{
    if (size < 12)
        return gltf_fail(c, GLTF_ERR_FORMAT, P_("GLB header: the file has %zu byte, the header alone needs 12",
                                                          "GLB header: the file has %zu bytes, the header alone needs 12", size),
                         size);
    if (le32(data + 4) != 2)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB header: version %u (allowed: 2)"), le32(data + 4));
    if (le32(data + 8) != size)
        return gltf_fail(c, GLTF_ERR_FORMAT, P_("GLB header: length %u, but the file has %zu byte",
                                                          "GLB header: length %u, but the file has %zu bytes", size),
                         le32(data + 8), size);
    size_t offset = 12;
    for (unsigned chunk = 0; offset < size; chunk++) {
        if (size - offset < 8)
            return gltf_fail(c, GLTF_ERR_FORMAT, P_("GLB chunk %u: %zu byte left at offset %zu, a chunk header needs 8",
                                                              "GLB chunk %u: %zu bytes left at offset %zu, a chunk header needs 8",
                                                              size - offset),
                             chunk, size - offset, offset);
        uint32_t length = le32(data + offset), type = le32(data + offset + 4);
        if (length > size - offset - 8)
            /* TRANSLATORS: never 1 byte: the file has its 12-byte header */
            return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB chunk %u: length %u at offset %zu runs past the end of the file "
                             "(%zu bytes)"), chunk, length, offset, size);
        if (length % 4 != 0)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB chunk %u: length %u is not a multiple of 4"), chunk, length);
        const unsigned char *body = data + offset + 8;
        if (chunk == 0 && type != GLB_CHUNK_JSON)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB chunk 0: type 0x%08X (allowed: JSON, 0x4E4F534A)"), type);
        if (chunk == 0 && length == 0)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB chunk 0: the JSON chunk is empty"));
        if (chunk == 0)
            *json = (const char *)body, *json_len = length;
        else if (type == GLB_CHUNK_JSON)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB chunk %u: a second JSON chunk"), chunk);
        else if (type == GLB_CHUNK_BIN && chunk != 1)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB chunk %u: a BIN chunk must be chunk 1"), chunk);
        else if (type == GLB_CHUNK_BIN)
            c->bin = body, c->bin_size = length;
        offset += 8 + (size_t)length;
    }
    if (offset == 12)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("GLB: no JSON chunk after the header"));
    return GLTF_OK;
}

/* --- JSON ----------------------------------------------------------------------------------------------------- */

static void line_and_column(const char *text, const char *at, size_t *line, size_t *column)
{
    *line = 1, *column = 1;
    for (const char *p = text; p < at; p++) {
        if (*p == '\n')
            ++*line, *column = 1;
        else
            ++*column;
    }
}

static gltf_status parse_json(gltf_ctx *c, const char *text, size_t len, cJSON **root)
{
    const char *end = NULL;
    size_t line, column;
    if (len == 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("the file is empty"));
    *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (!*root) {
        if (!end || end < text || end > text + len)
            end = text + len;
        line_and_column(text, end, &line, &column);
        return gltf_fail(c, GLTF_ERR_FORMAT, _("bad JSON at line %zu, column %zu"), line, column);
    }
    /* after the value only white space (or the NULs some GLB writers pad with) */
    for (const char *p = end; p < text + len; p++)
        if (*p != '\0' && !strchr(" \t\r\n", *p)) {
            line_and_column(text, p, &line, &column);
            return gltf_fail(c, GLTF_ERR_FORMAT, _("bad JSON: text after the end at line %zu, column %zu"), line,
                             column);
        }
    if (!cJSON_IsObject(*root))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("the JSON is not an object"));
    return GLTF_OK;
}

static gltf_status check_asset(gltf_ctx *c, const cJSON *root)
{
    const cJSON *asset = cJSON_GetObjectItemCaseSensitive(root, "asset");
    if (!cJSON_IsObject(asset))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("asset is missing or not an object (a glTF 2.0 file needs asset.version)"));
    size_t mark = gltf_push(c, "asset");
    const char *version, *min_version;
    gltf_status st;
    if ((st = gltf_json_string(c, asset, "version", true, &version)) ||
        (st = gltf_json_string(c, asset, "minVersion", false, &min_version)))
        return st;
    if (strncmp(version, "2.", 2) != 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("version '%.20s' (allowed: 2.x)"), version);
    if (min_version && strcmp(min_version, "2.0") != 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("minVersion '%.20s' (this reader implements 2.0)"), min_version);
    gltf_pop(c, mark);
    return GLTF_OK;
}

static char *copy_string(const char *s)
{
    if (!s)
        return NULL;
    size_t len = strlen(s) + 1;
    char *copy = malloc(len);
    return copy ? memcpy(copy, s, len) : NULL;
}

static gltf_status load_nodes(gltf_ctx *c, gltf_doc *doc)
{
    if (!c->nodes.count)
        return GLTF_OK;
    if (!(doc->nodes = calloc(c->nodes.count, sizeof *doc->nodes)))
        return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory for %zu nodes"), c->nodes.count);
    doc->node_count = c->nodes.count;
    for (size_t i = 0; i < c->nodes.count; i++) {
        gltf_node *n = &doc->nodes[i];
        *n = (gltf_node){.rotation = {0, 0, 0, 1}, .scale = {1, 1, 1}};
        size_t mark = gltf_push(c, "nodes[%zu]", i);
        const cJSON *obj;
        const char *name;
        double matrix[16];
        bool present;
        gltf_status st;
        if ((st = gltf_json_object(c, &c->nodes, "nodes", i, &obj)) ||
            (st = gltf_json_string(c, obj, "name", false, &name)) ||
            (st = gltf_json_numbers(c, obj, "translation", 3, &present, n->translation)) ||
            (st = gltf_json_numbers(c, obj, "rotation", 4, &present, n->rotation)) ||
            (st = gltf_json_numbers(c, obj, "scale", 3, &present, n->scale)) ||
            (st = gltf_json_numbers(c, obj, "matrix", 16, &n->has_matrix, matrix)))
            return st;
        if (name && !(n->name = copy_string(name)))
            return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
        gltf_pop(c, mark);
    }
    return GLTF_OK;
}

/* --- animation samplers --------------------------------------------------------------------------------------- */

typedef struct {
    kf_track track;          /* the decoded sampler, KF_VECTOR until a channel says otherwise */
    gltf_accessor output;    /* for the per-path checks */
} sampler;

static const char *interp_names = "STEP, LINEAR, CUBICSPLINE";

static gltf_status check_times(gltf_ctx *c, const kf_track *t)
{
    for (size_t k = 0; k < t->count; k++) {
        if (t->times[k] < 0)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("key %zu has time %.9g (allowed: >= 0)"), k, t->times[k]);
        if (k > 0 && !(t->times[k] > t->times[k - 1]))
            return gltf_fail(c, GLTF_ERR_FORMAT, _("key times must increase strictly, but key %zu at t = %.9g follows "
                             "key %zu at t = %.9g"), k, t->times[k], k - 1, t->times[k - 1]);
    }
    return GLTF_OK;
}

/* The output's component type and type, whatever the path: floats or normalized 8/16-bit integers; scalars (weights),
 * VEC3 (translation, scale) or VEC4 (rotation). */
static gltf_status check_output_type(gltf_ctx *c, const gltf_accessor *out)
{
    if (out->component_type != GLTF_FLOAT && !out->normalized)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("accessors[%zu]: componentType %u without normalized (allowed: 5126 "
                         "float, or normalized 5120, 5121, 5122, 5123)"), out->index, out->component_type);
    if (out->components == 2)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("accessors[%zu]: type VEC2 (allowed: SCALAR, VEC3, VEC4)"), out->index);
    return GLTF_OK;
}

static gltf_status load_sampler(gltf_ctx *c, const gltf_array *samplers, size_t index, sampler *s)
{
    size_t mark = gltf_push(c, "samplers[%zu]", index);
    const cJSON *obj;
    const char *interp_name;
    size_t input_id, output_id;
    gltf_accessor in;
    kf_interp interp = KF_LINEAR;
    gltf_status st;
    if ((st = gltf_json_object(c, samplers, "samplers", index, &obj)) ||
        (st = gltf_json_index(c, obj, "input", &c->accessors, "accessors", NULL, &input_id)) ||
        (st = gltf_json_index(c, obj, "output", &c->accessors, "accessors", NULL, &output_id)) ||
        (st = gltf_json_string(c, obj, "interpolation", false, &interp_name)))
        return st;
    if (interp_name && kf_interp_parse(interp_name, &interp) != 0)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("interpolation '%.40s' (allowed: %s)"), interp_name, interp_names);

    size_t inner = gltf_push(c, "input");
    if ((st = gltf_accessor_parse(c, input_id, &in)))
        return st;
    if (in.component_type != GLTF_FLOAT || in.components != 1)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("accessors[%zu]: key times must be SCALAR floats (componentType 5126), "
                         "not %s of componentType %u"), input_id, in.type, in.component_type);
    gltf_pop(c, inner);

    inner = gltf_push(c, "output");
    if ((st = gltf_accessor_parse(c, output_id, &s->output)) || (st = check_output_type(c, &s->output)))
        return st;
    size_t per_key = interp == KF_CUBICSPLINE ? 3 : 1, elements = in.count * per_key;
    size_t components = s->output.components;
    if (components == 1) {  /* weights: N targets a key, N found by division */
        if (s->output.count % elements != 0)
            return gltf_fail(c, GLTF_ERR_FORMAT, P_("accessors[%zu]: count %zu is not a multiple of %zu (%s, %zu key)",
                                                              "accessors[%zu]: count %zu is not a multiple of %zu (%s, %zu keys)",
                                                              in.count),
                             output_id, s->output.count, elements, kf_interp_name(interp), in.count);
        components = s->output.count / elements;
    } else if (s->output.count != elements) {
        return gltf_fail(c, GLTF_ERR_FORMAT,
                         P_("accessors[%zu]: count %zu, but the input has %zu key (%s needs %zu x %zu = %zu)",
                            "accessors[%zu]: count %zu, but the input has %zu keys (%s needs %zu x %zu = %zu)", in.count),
                         output_id, s->output.count, in.count, kf_interp_name(interp), per_key, in.count, elements);
    }
    gltf_pop(c, inner);

    if (kf_track_init(&s->track, interp, KF_VECTOR, components, in.count, NULL, NULL) != KF_OK)
        /* TRANSLATORS: never 1 key: memory runs out only for millions */
        return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory for %zu keys"), in.count);
    inner = gltf_push(c, "input");
    if ((st = gltf_accessor_read(c, &in, s->track.times)) || (st = check_times(c, &s->track)))
        return st;
    gltf_pop(c, inner);
    inner = gltf_push(c, "output");
    if ((st = gltf_accessor_read(c, &s->output, s->track.values)))
        return st;
    gltf_pop(c, mark);
    return GLTF_OK;
}

/* --- channels ------------------------------------------------------------------------------------------------- */

/* What a path needs of its sampler's output accessor (glTF 2.0, 5.7.3 "animation.channel.target"). */
static gltf_status check_path(gltf_ctx *c, kf_path path, const sampler *s, size_t sampler_id)
{
    const gltf_accessor *out = &s->output;
    bool ok = path == KF_PATH_ROTATION ? out->components == 4
            : path == KF_PATH_WEIGHTS  ? out->components == 1
                                       : out->components == 3 && out->component_type == GLTF_FLOAT;
    if (!ok)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("target.path '%s' needs %s outputs, but samplers[%zu] gives %s%s "
                         "(accessors[%zu])"), kf_path_name(path),
                         path == KF_PATH_ROTATION ? "VEC4" : path == KF_PATH_WEIGHTS ? "SCALAR" : "VEC3 float",
                         sampler_id, out->type, out->component_type == GLTF_FLOAT ? " float" : " integer", out->index);
    return GLTF_OK;
}

typedef struct {
    size_t node, sampler, channel;
    kf_path path;
} target;

static int compare_targets(const void *a, const void *b)
{
    const target *x = a, *y = b;
    if (x->node != y->node)
        return x->node < y->node ? -1 : 1;
    if (x->path != y->path)
        return x->path < y->path ? -1 : 1;
    return x->channel < y->channel ? -1 : x->channel > y->channel;
}

/* Parses every channel into targets (skipping those without a node) and rejects a (node, path) used twice. */
static gltf_status load_targets(gltf_ctx *c, const gltf_array *channels, const gltf_array *samplers,
                                const sampler *decoded, target *targets, size_t *count, size_t *skipped)
{
    *count = 0;
    for (size_t i = 0; i < channels->count; i++) {
        size_t mark = gltf_push(c, "channels[%zu]", i);
        const cJSON *obj, *target_obj;
        const char *path_name;
        target t = {.channel = i};
        bool has_node;
        gltf_status st;
        if ((st = gltf_json_object(c, channels, "channels", i, &obj)) ||
            (st = gltf_json_index(c, obj, "sampler", samplers, "samplers", NULL, &t.sampler)))
            return st;
        if (!cJSON_IsObject(target_obj = cJSON_GetObjectItemCaseSensitive(obj, "target")))
            return gltf_fail(c, GLTF_ERR_FORMAT, _("target is missing or not an object"));
        if ((st = gltf_json_index(c, target_obj, "node", &c->nodes, "nodes", &has_node, &t.node)) ||
            (st = gltf_json_string(c, target_obj, "path", true, &path_name)))
            return st;
        if (!has_node) {  /* the target is defined by an extension: not ours to play */
            ++*skipped;
            gltf_pop(c, mark);
            continue;
        }
        if (kf_path_parse(path_name, &t.path) != 0)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("target.path '%.40s' (allowed: translation, rotation, scale, weights)"),
                             path_name);
        if ((st = check_path(c, t.path, &decoded[t.sampler], t.sampler)))
            return st;
        targets[(*count)++] = t;
        gltf_pop(c, mark);
    }
    target *sorted = malloc((*count ? *count : 1) * sizeof *sorted);
    if (!sorted)
        return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
    memcpy(sorted, targets, *count * sizeof *sorted);
    qsort(sorted, *count, sizeof *sorted, compare_targets);
    for (size_t i = 1; i < *count; i++)
        if (sorted[i].node == sorted[i - 1].node && sorted[i].path == sorted[i - 1].path) {
            target a = sorted[i - 1], b = sorted[i];
            free(sorted);
            return gltf_fail(c, GLTF_ERR_FORMAT, _("channels[%zu] and channels[%zu] both animate nodes[%zu].%s"),
                             a.channel, b.channel, a.node, kf_path_name(a.path));
        }
    free(sorted);
    return GLTF_OK;
}

static gltf_status load_animation(gltf_ctx *c, const cJSON *obj, gltf_doc *doc, kf_clip *clip)
{
    const char *name;
    gltf_array samplers = {0}, channels = {0};
    sampler *decoded = NULL;
    target *targets = NULL;
    size_t count = 0;
    gltf_status st;
    if ((st = gltf_json_string(c, obj, "name", false, &name)) ||
        (st = gltf_json_array(c, obj, "channels", true, &channels)) ||
        (st = gltf_json_array(c, obj, "samplers", true, &samplers)))
        goto done;
    decoded = calloc(samplers.count, sizeof *decoded);
    targets = calloc(channels.count, sizeof *targets);
    if (!decoded || !targets) {
        st = gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
        goto done;
    }
    for (size_t i = 0; i < samplers.count; i++)
        if ((st = load_sampler(c, &samplers, i, &decoded[i])))
            goto done;
    if ((st = load_targets(c, &channels, &samplers, decoded, targets, &count, &doc->skipped_channels)))
        goto done;
    if (kf_clip_init(clip, name, count) != KF_OK) {
        st = gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
        goto done;
    }
    for (size_t i = 0; i < count; i++) {
        kf_channel *ch = &clip->channels[i];
        const kf_track *src = &decoded[targets[i].sampler].track;
        kf_kind kind = targets[i].path == KF_PATH_ROTATION ? KF_QUATERNION : KF_VECTOR;
        ch->node = targets[i].node, ch->path = targets[i].path;
        if (kf_track_init(&ch->track, src->interp, kind, src->components, src->count, src->times, src->values)) {
            st = gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
            goto done;
        }
    }
    kf_clip_update_duration(clip);
done:
    for (size_t i = 0; decoded && i < samplers.count; i++)
        kf_track_destroy(&decoded[i].track);
    free(decoded);
    free(targets);
    gltf_array_free(&samplers);
    gltf_array_free(&channels);
    return st;
}

static gltf_status load_animations(gltf_ctx *c, const cJSON *root, gltf_doc *doc)
{
    gltf_array animations;
    gltf_status st = gltf_json_array(c, root, "animations", false, &animations);
    if (st || !animations.count)
        return st;
    if (!(doc->animations = calloc(animations.count, sizeof *doc->animations))) {
        gltf_array_free(&animations);
        return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
    }
    for (size_t i = 0; i < animations.count && !st; i++) {
        size_t mark = gltf_push(c, "animations[%zu]", i);
        const cJSON *obj;
        doc->animation_count = i + 1;  /* so that gltf_doc_destroy frees a half-built clip too */
        if (!(st = gltf_json_object(c, &animations, "animations", i, &obj)) &&
            !(st = load_animation(c, obj, doc, &doc->animations[i])))
            gltf_pop(c, mark);
    }
    gltf_array_free(&animations);
    return st;
}

/* --- the document --------------------------------------------------------------------------------------------- */

static gltf_status load_document(gltf_ctx *c, const cJSON *root, gltf_doc *doc)
{
    gltf_status st;
    if ((st = check_asset(c, root)) ||
        (st = gltf_json_array(c, root, "buffers", false, &c->buffers)) ||
        (st = gltf_json_array(c, root, "bufferViews", false, &c->views)) ||
        (st = gltf_json_array(c, root, "accessors", false, &c->accessors)) ||
        (st = gltf_json_array(c, root, "nodes", false, &c->nodes)))
        return st;
    if (c->buffers.count && !(c->buffer_data = calloc(c->buffers.count, sizeof *c->buffer_data)))
        return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
    if ((st = load_nodes(c, doc)))
        return st;
    return load_animations(c, root, doc);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

gltf_status gltf_load_memory(const void *data, size_t size, const char *name, const char *base_dir, gltf_doc *doc,
                             gltf_error *err)
{
    memset(doc, 0, sizeof *doc);
    err->message[0] = '\0';
    gltf_ctx c = {.name = name, .base_dir = base_dir, .err = err};
    const unsigned char *bytes = data;
    const char *json = data;
    size_t json_len = size;
    cJSON *root = NULL;
    gltf_status st = GLTF_OK;
    if (size >= 4 && le32(bytes) == GLB_MAGIC) {
        doc->binary = true;
        st = parse_glb(&c, bytes, size, &json, &json_len);
    } else if (ends_with(name, ".glb")) {
        st = gltf_fail(&c, GLTF_ERR_FORMAT, _("GLB header: the file does not start with the magic 'glTF'"));
    }
    if (!st && !(st = parse_json(&c, json, json_len, &root)))
        st = load_document(&c, root, doc);
    cJSON_Delete(root);
    for (size_t i = 0; c.buffer_data && i < c.buffers.count; i++)
        free(c.buffer_data[i].owned);
    free(c.buffer_data);
    gltf_array_free(&c.buffers);
    gltf_array_free(&c.views);
    gltf_array_free(&c.accessors);
    gltf_array_free(&c.nodes);
    if (st)
        gltf_doc_destroy(doc);
    return st;
}

gltf_status gltf_load(const char *path, gltf_doc *doc, gltf_error *err)
{
    memset(doc, 0, sizeof *doc);
    /* a regular file within the limit, checked before a byte is read; a FIFO or device is never waited on */
    infile_data file;
    infile_error e;
    if (infile_read(path, GLTF_MAX_FILE_BYTES, false, &file, &e) != INFILE_OK) {
        infile_message(&e, NULL, path, err->message, sizeof err->message);
        return e.status == INFILE_ERR_NOMEM ? GLTF_ERR_NOMEM : e.status == INFILE_ERR_SIZE ? GLTF_ERR_FORMAT
                                                                                              : GLTF_ERR_IO;
    }
    unsigned char *data = (unsigned char *)file.data;
    size_t got = file.size;
    /* external buffers live next to the file */
    const char *slash = strrchr(path, '/');
    char *dir = !slash ? copy_string(".") : slash == path ? copy_string("/") : malloc((size_t)(slash - path) + 1);
    if (!dir) {
        free(data);
        infile_error e_nomem = {.status = INFILE_ERR_NOMEM};
        snprintf(e_nomem.problem, sizeof e_nomem.problem, "%s", _("out of memory"));
        infile_message(&e_nomem, NULL, path, err->message, sizeof err->message);
        return GLTF_ERR_NOMEM;
    }
    if (slash && slash != path) {
        memcpy(dir, path, (size_t)(slash - path));
        dir[slash - path] = '\0';
    }
    gltf_status st = gltf_load_memory(data, got, path, dir, doc, err);
    free(dir);
    free(data);
    return st;
}

void gltf_doc_destroy(gltf_doc *doc)
{
    for (size_t i = 0; i < doc->node_count; i++)
        free(doc->nodes[i].name);
    free(doc->nodes);
    for (size_t i = 0; i < doc->animation_count; i++)
        kf_clip_destroy(&doc->animations[i]);
    free(doc->animations);
    memset(doc, 0, sizeof *doc);
}
