/* keyframe-lab --csv --gltf FILE and --list FILE: a glTF file's animations sampled as CSV, or listed.
 * A name that is missing or empty prints as the index (animation 0, node 3). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/gltf.h"
#include "numlab/text.h"

int lab_gltf_load(const char *path, gltf_doc *doc)
{
    gltf_error err;
    gltf_status st = gltf_load(path, doc, &err);
    if (st == GLTF_OK)
        return CLI_OK;
    return st == GLTF_ERR_NOMEM ? cli_fail("%s", err.message) : cli_error("%s", err.message);
}

const char *lab_label(const char *name, size_t index, char *buf, size_t size)
{
    if (name && *name)
        return name;
    snprintf(buf, size, "%zu", index);
    return buf;
}

const char *lab_shown(const char *name, size_t index, char *buf, size_t size)
{
    if (!name || !*name)
        return lab_label(name, index, buf, size);
    text_escape(name, buf, size);
    return buf;
}

/* --animation NAME or INDEX: the range [*first, *last) of animations to print. */
static int select_animations(const gltf_doc *doc, const char *path, const char *which, size_t *first, size_t *last)
{
    *first = 0, *last = doc->animation_count;
    if (!which)
        return CLI_OK;
    for (size_t i = 0; i < doc->animation_count; i++) {
        char buf[32];
        if (strcmp(which, lab_label(doc->animations[i].name, i, buf, sizeof buf)) == 0) {
            *first = i, *last = i + 1;
            return CLI_OK;
        }
    }
    char *end;
    unsigned long long index = strtoull(which, &end, 10);
    if (*which >= '0' && *which <= '9' && !*end && index < doc->animation_count) {
        *first = (size_t)index, *last = (size_t)index + 1;
        return CLI_OK;
    }
    if (!doc->animation_count)
        return cli_error("--animation: '%s': %s has no animations", cli_cut(which), cli_cut(path));
    return cli_error("--animation: '%s' is not an animation of %s (allowed: a name or an index from 0 to %zu)",
                     cli_cut(which), cli_cut(path), doc->animation_count - 1);
}

int lab_gltf_csv(const char *path, const char *animation, const lab_times *given)
{
    gltf_doc doc;
    size_t first, last, width = 3;
    int st = lab_gltf_load(path, &doc);
    if (st || (st = select_animations(&doc, path, animation, &first, &last)))
        goto done;
    /* default times: 30 samples a second over the longest selected animation */
    lab_times times = {0, 0, 1.0 / 30, true};
    for (size_t a = first; a < last; a++) {
        times.b = fmax(times.b, doc.animations[a].duration);
        for (size_t c = 0; c < doc.animations[a].channel_count; c++)
            width = doc.animations[a].channels[c].track.components > width
                        ? doc.animations[a].channels[c].track.components : width;
    }
    if (given->given)
        times = *given;
    else if (times.b / times.step >= LAB_MAX_SAMPLES) {
        st = cli_error("%s: the longest animation lasts %.9g s, too long for 30 samples a second: give --times "
                       "(at most %d samples)", path, times.b, LAB_MAX_SAMPLES);
        goto done;
    }
    if (first == last) {
        fprintf(stderr, "%s: ", cli_program());
        text_fputs(path, stderr);
        fputs(" has no animations\n", stderr);
    }
    double *v = malloc(width * sizeof *v);
    if (!v) {
        st = cli_fail("out of memory");
        goto done;
    }
    fputs("animation,node,path,t", stdout);
    for (size_t i = 0; i < width; i++)
        printf(",v%zu", i);
    putchar('\n');
    for (size_t a = first; a < last; a++) {
        const kf_clip *clip = &doc.animations[a];
        char abuf[32], nbuf[32];
        const char *aname = lab_label(clip->name, a, abuf, sizeof abuf);
        for (size_t c = 0; c < clip->channel_count; c++) {
            const kf_channel *ch = &clip->channels[c];
            const char *nname = lab_label(doc.nodes[ch->node].name, ch->node, nbuf, sizeof nbuf);
            kf_cursor cursor = KF_CURSOR_INIT;
            for (size_t i = 0, n = lab_times_count(&times); i < n; i++) {
                double t = lab_times_at(&times, i);
                kf_track_sample_cursor(&ch->track, &cursor, t, v);
                text_csv_field(aname, stdout);  /* names escaped, quoted per RFC 4180 where needed */
                putchar(',');
                text_csv_field(nname, stdout);
                printf(",%s,", kf_path_name(ch->path));
                lab_print_number(stdout, t);
                for (size_t k = 0; k < ch->track.components; k++) {
                    putchar(',');
                    lab_print_number(stdout, v[k]);
                }
                putchar('\n');
            }
        }
    }
    free(v);
done:
    gltf_doc_destroy(&doc);
    return st;
}

/* ' "NAME"', the name escaped for the terminal. */
static void print_name(const char *name)
{
    fputs(" \"", stdout);
    text_fputs(name, stdout);
    putchar('"');
}

/* Keys of a CUBICSPLINE rotation whose stored value has a negative dot product with the previous key's: glTF
 * blends the stored components, so each sends the rotation the long way round (docs/keyframe.md, "q and -q"). */
static size_t cubic_hemisphere_changes(const kf_track *t)
{
    size_t n = 0;
    if (t->kind == KF_VECTOR || t->interp != KF_CUBICSPLINE)
        return 0;
    for (size_t k = 1; k < t->count; k++) {
        const double *a = kf_track_value_const(t, k - 1), *b = kf_track_value_const(t, k);
        n += a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0.0;
    }
    return n;
}

int lab_gltf_list(const char *path)
{
    gltf_doc doc;
    int st = lab_gltf_load(path, &doc);
    if (st)
        return st;
    text_fputs(path, stdout);
    printf(": glTF 2.0 (%s), %zu node%s, %zu animation%s\n", doc.binary ? "GLB" : "JSON", doc.node_count,
           doc.node_count == 1 ? "" : "s", doc.animation_count, doc.animation_count == 1 ? "" : "s");
    for (size_t a = 0; a < doc.animation_count; a++) {
        const kf_clip *clip = &doc.animations[a];
        printf("animation %zu", a);
        if (clip->name)
            print_name(clip->name);
        printf(": %zu channel%s, %.9g s\n", clip->channel_count, clip->channel_count == 1 ? "" : "s", clip->duration);
        for (size_t c = 0; c < clip->channel_count; c++) {
            const kf_channel *ch = &clip->channels[c];
            const kf_track *t = &ch->track;
            printf("  node %zu", ch->node);
            if (doc.nodes[ch->node].name)
                print_name(doc.nodes[ch->node].name);
            printf(" %s: %s, %zu key%s, %zu component%s, t = %.9g .. %.9g", kf_path_name(ch->path),
                   kf_interp_name(t->interp), t->count, t->count == 1 ? "" : "s", t->components,
                   t->components == 1 ? "" : "s", kf_track_start(t), kf_track_end(t));
            size_t flips = cubic_hemisphere_changes(t);
            if (flips)
                printf(", %zu key%s in the other hemisphere (played the long way)", flips, flips == 1 ? "" : "s");
            putchar('\n');
        }
    }
    if (doc.skipped_channels)
        printf("(%zu channel%s without target.node skipped)\n", doc.skipped_channels,
               doc.skipped_channels == 1 ? "" : "s");
    gltf_doc_destroy(&doc);
    return CLI_OK;
}
