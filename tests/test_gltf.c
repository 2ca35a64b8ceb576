/* Tests of the glTF loader on fixtures the tests write: every interpolation x translation/rotation/scale on
 * non-uniform key times, in the embedded, .bin and .glb containers, sampled against the specification's formulas
 * (glTF 2.0, appendix C) written out again below, plus normalized integer outputs, sparse accessors and the
 * document's structure. Broken files are in test_gltf_broken.c.
 *
 *   test_gltf --write-fixtures DIR   writes the fixtures into DIR and exits (for the CLI test and the fuzz corpus) */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers/gltf_fixture.h"
#include "numlab/common.h"
#include "numlab/gltf.h"
#include "helpers/check_main.h"


/* --- the specification's formulas, independently of src/ ----------------------------------------------------- */

/* Samples keys (values[k][n], tangents[k][in/out][n]) at t by appendix C: clamp outside, find k by a linear scan,
 * then STEP holds, LINEAR lerps (slerps rotations, with the sign flip for the short way) and CUBICSPLINE evaluates
 *   (2s^3 - 3s^2 + 1) v_k + t_d (s^3 - 2s^2 + s) b_k + (-2s^3 + 3s^2) v_{k+1} + t_d (s^3 - s^2) a_{k+1},
 * normalized for rotations. */
static void spec_sample(const char *interp, const float *times, const float *values, const float *tangents, int n,
                        bool rotation, double t, double *out)
{
    int last = FX_KEYS - 1, k = 0;
    if (t <= times[0] || t >= times[last]) {
        for (int i = 0; i < n; i++)
            out[i] = values[(t <= times[0] ? 0 : last) * n + i];
        return;
    }
    while (!(t < times[k + 1]))
        k++;
    double td = (double)times[k + 1] - times[k], s = (t - times[k]) / td;
    const float *v0 = values + k * n, *v1 = values + (k + 1) * n;
    if (strcmp(interp, "STEP") == 0) {
        for (int i = 0; i < n; i++)
            out[i] = v0[i];
    } else if (strcmp(interp, "LINEAR") == 0 && !rotation) {
        for (int i = 0; i < n; i++)
            out[i] = (1 - s) * v0[i] + s * v1[i];
    } else if (strcmp(interp, "LINEAR") == 0) {
        double d = 0;
        for (int i = 0; i < 4; i++)
            d += (double)v0[i] * v1[i];
        double a = acos(fabs(d)), sign = d / fabs(d);
        for (int i = 0; i < 4; i++)
            out[i] = sin(a * (1 - s)) / sin(a) * v0[i] + sign * sin(a * s) / sin(a) * v1[i];
    } else {
        const float *b0 = tangents + (k * 2 + 1) * n, *a1 = tangents + (k + 1) * 2 * n;
        double s2 = s * s, s3 = s2 * s, norm = 0;
        for (int i = 0; i < n; i++) {
            out[i] = (2 * s3 - 3 * s2 + 1) * v0[i] + td * (s3 - 2 * s2 + s) * b0[i] + (-2 * s3 + 3 * s2) * v1[i] +
                     td * (s3 - s2) * a1[i];
            norm += out[i] * out[i];
        }
        for (int i = 0; i < n && rotation; i++)
            out[i] /= sqrt(norm);
    }
}

static const double sample_times[] = {-0.5, 0, 0.1, 0.25, 0.3, 0.5, 0.625, 0.75, 0.9, 1.0, 1.3, 1.5, 1.75,
                                      2.0, 2.49, 2.5, 2.7, 3.0, 4.0};

static gltf_doc load_ok(const char *path)
{
    gltf_doc doc;
    gltf_error err;
    gltf_status st = gltf_load(path, &doc, &err);
    ck_assert_msg(st == GLTF_OK, "%s", err.message);
    return doc;
}

static void check_standard(const gltf_doc *doc)
{
    ck_assert_uint_eq(doc->node_count, 3);
    ck_assert_str_eq(doc->nodes[1].name, "spinner");
    ck_assert_uint_eq(doc->animation_count, 3);
    const char *names[3] = {"steps", "lines", "curves"}, *interps[3] = {"STEP", "LINEAR", "CUBICSPLINE"};
    const float *values[3] = {&fx_translation[0][0], &fx_rotation[0][0], &fx_scale[0][0]};
    const float *tangents[3] = {&fx_translation_tangents[0][0][0], &fx_rotation_tangents[0][0][0],
                                &fx_scale_tangents[0][0][0]};
    for (int a = 0; a < 3; a++) {
        const kf_clip *clip = &doc->animations[a];
        ck_assert_str_eq(clip->name, names[a]);
        ck_assert_uint_eq(clip->channel_count, 3);
        ck_assert_double_eq(clip->duration, a == 2 ? 3.0 : 2.5);
        const float *times = a == 2 ? fx_times_cubic : fx_times_linear;
        for (int c = 0; c < 3; c++) {
            const kf_channel *ch = &clip->channels[c];
            int n = c == 1 ? 4 : 3;
            ck_assert_uint_eq(ch->node, (size_t)c);
            ck_assert_int_eq(ch->path, c == 0 ? KF_PATH_TRANSLATION : c == 1 ? KF_PATH_ROTATION : KF_PATH_SCALE);
            ck_assert_str_eq(kf_interp_name(ch->track.interp), interps[a]);
            ck_assert_int_eq(ch->track.kind, c == 1 ? KF_QUATERNION : KF_VECTOR);
            ck_assert_uint_eq(ch->track.count, FX_KEYS);
            ck_assert_uint_eq(ch->track.components, (size_t)n);
            for (size_t i = 0; i < sizeof sample_times / sizeof *sample_times; i++) {
                double got[4], want[4];
                kf_track_sample(&ch->track, sample_times[i], got);
                spec_sample(interps[a], times, values[c], tangents[c], n, c == 1, sample_times[i], want);
                for (int j = 0; j < n; j++)
                    ck_assert_msg(fabs(got[j] - want[j]) < 1e-12, "%s channel %d t=%g [%d]: %.17g, spec %.17g",
                                  names[a], c, sample_times[i], j, got[j], want[j]);
            }
        }
    }
}

static void standard_variant(fx_variant variant)
{
    fx_doc d;
    fx_standard(&d);
    char *path = fx_write(fx_dir, "standard", &d, variant);
    gltf_doc doc = load_ok(path);
    ck_assert(doc.binary == (variant == FX_GLB));
    check_standard(&doc);
    gltf_doc_destroy(&doc);
    free(path);
    fx_doc_free(&d);
}

START_TEST(embedded_base64_matches_the_specification)
{
    standard_variant(FX_EMBEDDED);
}
END_TEST

START_TEST(external_bin_matches_the_specification)
{
    standard_variant(FX_EXTERNAL);
}
END_TEST

START_TEST(glb_matches_the_specification)
{
    standard_variant(FX_GLB);
}
END_TEST

static void sample(const gltf_doc *doc, int animation, int channel, double t, double *out)
{
    kf_track_sample(&doc->animations[animation].channels[channel].track, t, out);
}

/* A few values worked by hand, which also check spec_sample above. */
START_TEST(hand_calculated_values)
{
    fx_doc d;
    fx_standard(&d);
    char *path = fx_write(fx_dir, "hand", &d, FX_EMBEDDED);
    gltf_doc doc = load_ok(path);
    double v[4];
    /* lines, translation, t = 0.625: key 1 (t = 0.25) to key 2 (t = 1), s = 0.375 / 0.75 = 1/2:
     * ((1 + 1.5)/2, (2 - 0.5)/2, (-1 + 2)/2) = (1.25, 0.75, 0.5) */
    sample(&doc, 1, 0, 0.625, v);
    ck_assert(v[0] == 1.25 && v[1] == 0.75 && v[2] == 0.5);
    /* steps, scale: key 1 holds until t = 1, where key 2 takes over */
    sample(&doc, 0, 2, 0.999, v);
    ck_assert(v[0] == 2 && v[1] == 0.5 && v[2] == 1);
    sample(&doc, 0, 2, 1.0, v);
    ck_assert(v[0] == 0.25 && v[1] == 3 && v[2] == 1.5);
    /* curves, translation, t = 0.625: t_d = 0.25, s = 1/2, basis (1/2, 1/8, 1/2, -1/8):
     * x = 0.25 (1/8) 1 + 1/2 + 0.25 (-1/8) 0.5 = 0.03125 + 0.5 - 0.015625 = 0.515625
     * y = 2/2 + 0.25 (-1/8) 1 = 0.96875;  z = 0.25 (1/8)(-2) + (-1)/2 = -0.5625 */
    sample(&doc, 2, 0, 0.625, v);
    ck_assert_double_eq_tol(v[0], 0.515625, 1e-15);
    ck_assert_double_eq_tol(v[1], 0.96875, 1e-15);
    ck_assert_double_eq_tol(v[2], -0.5625, 1e-15);
    /* lines, rotation, t = 0.125: halfway from the identity to 90 degrees about z is 45 degrees about z */
    sample(&doc, 1, 1, 0.125, v);
    ck_assert_double_eq_tol(v[2], sin(NUMLAB_PI / 8), 1e-7);
    ck_assert_double_eq_tol(v[3], cos(NUMLAB_PI / 8), 1e-7);
    /* lines, rotation, t = 1.75 (s = 1/2 from key 2 to key 3, whose dot is negative): the short-way midpoint is
     * q2 - q3 normalized, (1.3660254, -0.5, 0.5, 1) / 1.8346732 */
    sample(&doc, 1, 1, 1.75, v);
    double m[4], norm = 0;
    for (int i = 0; i < 4; i++)
        m[i] = (double)fx_rotation[2][i] - fx_rotation[3][i], norm += m[i] * m[i];
    for (int i = 0; i < 4; i++)
        ck_assert_double_eq_tol(v[i], m[i] / sqrt(norm), 1e-7);
    ck_assert_double_eq_tol(v[0], 1.3660254 / 1.8346732, 1e-6);
    gltf_doc_destroy(&doc);
    free(path);
    fx_doc_free(&d);
}
END_TEST

/* Nodes n, m, o and keys at t = 0 and t = 2 (so t = 1 is s = 1/2), one of each normalized integer type:
 *   n.rotation SHORT LINEAR, m.rotation BYTE STEP, n.weights UNSIGNED_BYTE CUBICSPLINE (two targets),
 *   m.weights SHORT LINEAR, o.weights UNSIGNED_SHORT LINEAR, and n.translation sparse with no bufferView. */
static void write_integer_fixture(fx_doc *d)
{
    d->root = cJSON_CreateObject();
    d->bin = (fx_blob){0};
    cJSON_AddStringToObject(cJSON_AddObjectToObject(d->root, "asset"), "version", "2.0");
    fx_node(d->root, "n");
    fx_node(d->root, "m");
    fx_node(d->root, "o");
    cJSON *r = d->root;
    fx_blob *b = &d->bin;
    fx_blob_f32(b, 0), fx_blob_f32(b, 2);
    size_t times = fx_accessor(r, (int)fx_view(r, 0, 8, 0), 0, 5126, false, 2, "SCALAR");
    /* (0, 0, 0, 32767) and (0, 0, 23170, 23170): decoded (0, 0, 0, 1) and (0, 0, c, c), c = 23170/32767 */
    const int shorts[8] = {0, 0, 0, 32767, 0, 0, 23170, 23170};
    for (int i = 0; i < 8; i++)
        fx_blob_u16(b, (unsigned)shorts[i]);
    size_t rot_short = fx_accessor(r, (int)fx_view(r, 8, 16, 0), 0, 5122, true, 2, "VEC4");
    /* (-128, 0, 0, 0) decodes to (-1, 0, 0, 0), not -128/127; (0, 0, 0, 127) to (0, 0, 0, 1) */
    const int bytes[8] = {-128, 0, 0, 0, 0, 0, 0, 127};
    for (int i = 0; i < 8; i++)
        fx_blob_u8(b, (unsigned)(bytes[i] & 0xff));
    size_t rot_byte = fx_accessor(r, (int)fx_view(r, 24, 8, 0), 0, 5120, true, 2, "VEC4");
    /* [a(2), v(2), b(2)] per key: a0 (0,0) v0 (0,255) b0 (51,102) a1 (255,0) v1 (255,0) b1 (0,0) */
    const unsigned ubytes[12] = {0, 0, 0, 255, 51, 102, 255, 0, 255, 0, 0, 0};
    for (int i = 0; i < 12; i++)
        fx_blob_u8(b, ubytes[i]);
    size_t weights_ubyte = fx_accessor(r, (int)fx_view(r, 32, 12, 0), 0, 5121, true, 12, "SCALAR");
    fx_blob_u16(b, 0x8000), fx_blob_u16(b, 32767);  /* SHORT -32768 and 32767 */
    size_t weights_short = fx_accessor(r, (int)fx_view(r, 44, 4, 0), 0, 5122, true, 2, "SCALAR");
    fx_blob_u16(b, 0), fx_blob_u16(b, 65535);
    size_t weights_ushort = fx_accessor(r, (int)fx_view(r, 48, 4, 0), 0, 5123, true, 2, "SCALAR");
    /* sparse: element 1 := (3, 4, 5), element 0 stays zero */
    fx_blob_u8(b, 1), fx_blob_align(b, 4);
    fx_blob_f32(b, 3), fx_blob_f32(b, 4), fx_blob_f32(b, 5);
    size_t sparse_indices = fx_view(r, 52, 1, 0), sparse_values = fx_view(r, 56, 12, 0);
    size_t translation = fx_accessor(r, -1, 0, 5126, false, 2, "VEC3");
    cJSON *sparse = cJSON_AddObjectToObject(fx_at(r, "accessors", (int)translation), "sparse");
    cJSON_AddNumberToObject(sparse, "count", 1);
    cJSON *ind = cJSON_AddObjectToObject(sparse, "indices"), *val = cJSON_AddObjectToObject(sparse, "values");
    cJSON_AddNumberToObject(ind, "bufferView", (double)sparse_indices);
    cJSON_AddNumberToObject(ind, "componentType", 5121);
    cJSON_AddNumberToObject(val, "bufferView", (double)sparse_values);

    cJSON *a = fx_animation(r, NULL);
    fx_channel(a, fx_sampler(a, times, rot_short, "LINEAR"), 0, "rotation");
    fx_channel(a, fx_sampler(a, times, rot_byte, "STEP"), 1, "rotation");
    fx_channel(a, fx_sampler(a, times, weights_ubyte, "CUBICSPLINE"), 0, "weights");
    fx_channel(a, fx_sampler(a, times, weights_short, "LINEAR"), 1, "weights");
    fx_channel(a, fx_sampler(a, times, weights_ushort, "LINEAR"), 2, "weights");
    fx_channel(a, fx_sampler(a, times, translation, "LINEAR"), 0, "translation");
}

START_TEST(normalized_integers_and_sparse_accessors)
{
    fx_doc d;
    write_integer_fixture(&d);
    char *path = fx_write(fx_dir, "integers", &d, FX_GLB);
    gltf_doc doc = load_ok(path);
    ck_assert_ptr_null(doc.animations[0].name);
    ck_assert_uint_eq(doc.animations[0].channel_count, 6);
    double v[4];
    /* SHORT rotation at t = 1, by the slerp formula with q0 = (0,0,0,1), q1 = (0,0,c,c), c = 23170/32767:
     * d = c, a = acos(c), both weights sin(a/2)/sin(a): z = c k, w = (1 + c) k */
    double c = 23170.0 / 32767, a = acos(c), k = sin(a / 2) / sin(a);
    sample(&doc, 0, 0, 1.0, v);
    ck_assert_double_eq_tol(v[2], c * k, 1e-12);
    ck_assert_double_eq_tol(v[3], (1 + c) * k, 1e-12);
    sample(&doc, 0, 1, 0.5, v);
    ck_assert_double_eq(v[0], -1.0);            /* -128 -> max(-128/127, -1) = -1 */
    sample(&doc, 0, 1, 2.0, v);
    ck_assert_double_eq(v[3], 1.0);             /* 127/127 */
    /* CUBICSPLINE weights at t = 1: t_d = 2, s = 1/2, basis (1/2, 1/8, 1/2, -1/8); 51/255 = 0.2, 102/255 = 0.4:
     * w0 = 0 + 2 (1/8) 0.2 + 1/2 + 2 (-1/8) 1 = 0.05 + 0.5 - 0.25 = 0.3
     * w1 = 1/2 + 2 (1/8) 0.4 + 0 + 0 = 0.6 */
    ck_assert_uint_eq(doc.animations[0].channels[2].track.components, 2);
    sample(&doc, 0, 2, 1.0, v);
    ck_assert_double_eq_tol(v[0], 0.3, 1e-15);
    ck_assert_double_eq_tol(v[1], 0.6, 1e-15);
    sample(&doc, 0, 3, 0.0, v);                 /* -32768 -> max(-32768/32767, -1) = -1 */
    ck_assert_double_eq(v[0], -1.0);
    sample(&doc, 0, 3, 1.0, v);                 /* halfway from -1 to 1 */
    ck_assert_double_eq_tol(v[0], 0.0, 1e-15);
    sample(&doc, 0, 4, 1.0, v);                 /* 0 to 65535/65535 = 1, halfway */
    ck_assert_double_eq_tol(v[0], 0.5, 1e-15);
    sample(&doc, 0, 5, 1.0, v);                 /* (0,0,0) to the sparse (3,4,5), halfway */
    ck_assert(v[0] == 1.5 && v[1] == 2 && v[2] == 2.5);
    gltf_doc_destroy(&doc);
    free(path);
    fx_doc_free(&d);
}
END_TEST

START_TEST(rest_pose_skipped_channels_and_no_animations)
{
    fx_doc d;
    fx_standard(&d);
    cJSON *node = fx_at(d.root, "nodes", 1);
    cJSON_AddItemToObject(node, "rotation", cJSON_CreateDoubleArray((double[]){0, 1, 0, 0}, 4));
    cJSON_AddItemToObject(node, "translation", cJSON_CreateDoubleArray((double[]){1, 2, 3}, 3));
    cJSON_AddItemToObject(fx_at(d.root, "nodes", 2), "matrix",
                          cJSON_CreateDoubleArray((double[]){1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, 16));
    /* a channel aimed by an extension (no target.node) is skipped, not an error */
    cJSON *channel = fx_at(fx_at(d.root, "animations", 2), "channels", 1);
    cJSON_DeleteItemFromObjectCaseSensitive(cJSON_GetObjectItemCaseSensitive(channel, "target"), "node");
    fx_set_string(cJSON_GetObjectItemCaseSensitive(channel, "target"), "path", "pointer");
    char *path = fx_write(fx_dir, "rest", &d, FX_EXTERNAL);
    gltf_doc doc = load_ok(path);
    ck_assert(doc.nodes[1].rotation[1] == 1 && doc.nodes[1].translation[2] == 3 && doc.nodes[1].scale[0] == 1);
    ck_assert(doc.nodes[0].rotation[3] == 1 && !doc.nodes[0].has_matrix && doc.nodes[2].has_matrix);
    ck_assert_uint_eq(doc.skipped_channels, 1);
    ck_assert_uint_eq(doc.animations[2].channel_count, 2);
    ck_assert_int_eq(doc.animations[2].channels[1].path, KF_PATH_SCALE);
    gltf_doc_destroy(&doc);
    free(path);

    cJSON_DeleteItemFromObjectCaseSensitive(d.root, "animations");
    path = fx_write(fx_dir, "still", &d, FX_EMBEDDED);
    doc = load_ok(path);
    ck_assert_uint_eq(doc.animation_count, 0);
    ck_assert_uint_eq(doc.node_count, 3);
    gltf_doc_destroy(&doc);
    free(path);
    fx_doc_free(&d);
}
END_TEST

static Suite *gltf_suite(void)
{
    Suite *s = suite_create("gltf");
    TCase *tc = tcase_create("load");
    tcase_add_checked_fixture(tc, fx_dir_setup, fx_dir_teardown);
    tcase_add_test(tc, embedded_base64_matches_the_specification);
    tcase_add_test(tc, external_bin_matches_the_specification);
    tcase_add_test(tc, glb_matches_the_specification);
    tcase_add_test(tc, hand_calculated_values);
    tcase_add_test(tc, normalized_integers_and_sparse_accessors);
    tcase_add_test(tc, rest_pose_skipped_channels_and_no_animations);
    suite_add_tcase(s, tc);
    return s;
}

static int write_fixtures(const char *out)
{
    fx_doc d;
    const char *names[3] = {"embedded", "external", "binary"};
    for (int v = 0; v < 3; v++) {
        fx_standard(&d);
        free(fx_write(out, names[v], &d, (fx_variant)v));
        fx_doc_free(&d);
    }
    write_integer_fixture(&d);
    free(fx_write(out, "integers", &d, FX_GLB));
    fx_doc_free(&d);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-fixtures") == 0)
        return write_fixtures(argv[2]);
    return run_suite(gltf_suite());
}
