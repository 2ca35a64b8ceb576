/* keyframe-lab without a terminal: --csv --demo NAME (the keyframe tutorial's curves, the numbers the interactive
 * lab plots), --csv --gltf FILE (a glTF file's animations sampled), --list FILE, and --plot STEP (the walk's panes
 * as text). Numbers (fields: text_csv_field) and the no-terminal message are shared here.
 *
 * The demos are the model's (model_demos.c): this file prints their rows.
 *
 * A name of the file that is missing or empty prints as the index (animation 0, node 3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/gltf.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "numlab/text.h"

void kl_print_number(FILE *out, double v)
{
    fprintf(out, "%.9g", v == 0 ? 0.0 : v);
}

/* --- --plot: the walk's panes as text --------------------------------------------------------------------------- */

int kl_plot(int step, double at, int width, int height, plot_mode glyphs, const figure_options *figure,
            const kl_walk_given *given)
{
    static kl_walk w;
    int st = CLI_OK;
    if (kl_walk_init(&w, glyphs)) {
        st = cli_fail("%s", _("out of memory"));
        goto done;
    }
    w.given = given;
    kl_walk_changed(&w, step, TUI_ENTER_STEP);
    kl_clock_seek(&w.clock, at >= 0.0 ? at : 0.5 * w.clock.duration);
    printf(_("keyframe-lab step %d/%d: %s\n"), step + 1, KL_STEPS, kl_step_title(step));
    for (int pane = 0; pane < 2; pane++) {
        const plot_grid *g = kl_walk_render(&w, step, pane, width, height);
        if (!g) {
            st = cli_fail("%s", _("out of memory"));
            goto done;
        }
        if (!figure->out)
            plot_grid_write(g, stdout, 0);
    }
    char notes[1024];
    puts(w.text);
    kl_walk_notes(&w, step, notes, sizeof notes);
    puts(notes);
    if (figure->out)  /* after the text on stdout: committed once it is written */
        st = figure_output(w.chart, 2, figure, 0);
done:
    kl_walk_destroy(&w);
    return st;
}

/* --- the demos (model_demos.c computes them, row by row) ---------------------------------------------------------- */

static void print_row(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            putchar(',');
        kl_print_number(stdout, v[i]);
    }
    putchar('\n');
}

const char *kl_demo_names(void)
{
    return "basis, balls, bounce, rotation, hop, spin, hemisphere";
}

int kl_demo(const char *name, const kl_times *times)
{
    int which = 0;
    while (which < KL_DEMO_COUNT && strcmp(name, kl_demo_name((kl_demo_kind)which)) != 0)
        which++;
    if (which == KL_DEMO_COUNT)
        return labcli_not_a("--demo", name, N_("demo"), kl_demo_names());
    const kl_demo_params p = {.demo = (kl_demo_kind)which, .times = *times};
    kl_demo_model d;
    if (kl_demo_init(&d, &p))
        return cli_fail("%s", _("out of memory"));
    puts(kl_demo_header(p.demo));
    for (size_t i = 0; i < d.rows; i++) {
        kl_demo_row row;
        kl_model_compute(&d, i, &row);
        if (row.label)
            printf("%s,", row.label);
        print_row(row.v, row.n);
    }
    kl_demo_free(&d);
    return CLI_OK;
}

/* --- glTF files --------------------------------------------------------------------------------------------------- */

int kl_gltf_load(const char *path, gltf_doc *doc)
{
    gltf_error err;
    gltf_status st = gltf_load(path, doc, &err);
    if (st == GLTF_OK)
        return CLI_OK;
    return st == GLTF_ERR_NOMEM ? cli_fail("%s", err.message) : cli_error("%s", err.message);
}

const char *kl_label(const char *name, size_t index, char *buf, size_t size)
{
    if (name && *name)
        return name;
    snprintf(buf, size, "%zu", index);
    return buf;
}

const char *kl_shown(const char *name, size_t index, char *buf, size_t size)
{
    if (!name || !*name)
        return kl_label(name, index, buf, size);
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
        if (strcmp(which, kl_label(doc->animations[i].name, i, buf, sizeof buf)) == 0) {
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
        return cli_error(_("--animation: '%s': %s has no animations"), cli_cut(which), cli_cut(path));
    return cli_error(_("--animation: '%s' is not an animation of %s (allowed: a name or an index from 0 to %zu)"),
                     cli_cut(which), cli_cut(path), doc->animation_count - 1);
}

int kl_gltf_csv(const char *path, const char *animation, const kl_times *given)
{
    gltf_doc doc;
    size_t first, last, width = 3;
    int st = kl_gltf_load(path, &doc);
    if (st || (st = select_animations(&doc, path, animation, &first, &last)))
        goto done;
    /* default times: 30 samples a second over the longest selected animation */
    kl_times times = {0, 0, 1.0 / 30, true};
    for (size_t a = first; a < last; a++) {
        times.b = fmax(times.b, doc.animations[a].duration);
        for (size_t c = 0; c < doc.animations[a].channel_count; c++)
            width = doc.animations[a].channels[c].track.components > width
                        ? doc.animations[a].channels[c].track.components : width;
    }
    if (given->given)
        times = *given;
    else if (times.b / times.step >= KL_MAX_SAMPLES) {
        /* TRANSLATORS: never 1 sample: the limit is a million */
        st = cli_error(_("%s: the longest animation lasts %.9g s, too long for 30 samples a second: give --times "
                         "(at most %d samples)"), path, times.b, KL_MAX_SAMPLES);
        goto done;
    }
    if (first == last) {
        fprintf(stderr, "%s: ", cli_program());
        text_fputs(path, stderr);
        fprintf(stderr, "%s\n", _(" has no animations"));
    }
    double *v = malloc(width * sizeof *v);
    if (!v) {
        st = cli_fail("%s", _("out of memory"));
        goto done;
    }
    fputs("animation,node,path,t", stdout);
    for (size_t i = 0; i < width; i++)
        printf(",v%zu", i);
    putchar('\n');
    for (size_t a = first; a < last; a++) {
        const kf_clip *clip = &doc.animations[a];
        char abuf[32], nbuf[32];
        const char *aname = kl_label(clip->name, a, abuf, sizeof abuf);
        for (size_t c = 0; c < clip->channel_count; c++) {
            const kf_channel *ch = &clip->channels[c];
            const char *nname = kl_label(doc.nodes[ch->node].name, ch->node, nbuf, sizeof nbuf);
            kf_cursor cursor = KF_CURSOR_INIT;
            for (size_t i = 0, n = kl_times_count(&times); i < n; i++) {
                double t = kl_times_at(&times, i);
                kf_track_sample_cursor(&ch->track, &cursor, t, v);
                text_csv_field(aname, stdout);  /* names escaped, quoted per RFC 4180 where needed */
                putchar(',');
                text_csv_field(nname, stdout);
                printf(",%s,", kf_path_name(ch->path));
                kl_print_number(stdout, t);
                for (size_t k = 0; k < ch->track.components; k++) {
                    putchar(',');
                    kl_print_number(stdout, v[k]);
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

int kl_gltf_list(const char *path)
{
    gltf_doc doc;
    int st = kl_gltf_load(path, &doc);
    if (st)
        return st;
    text_fputs(path, stdout);
    printf(": glTF 2.0 (%s), ", doc.binary ? "GLB" : "JSON");
    printf(P_("%zu node", "%zu nodes", doc.node_count), doc.node_count);
    printf(", ");
    printf(P_("%zu animation", "%zu animations", doc.animation_count), doc.animation_count);
    putchar('\n');
    for (size_t a = 0; a < doc.animation_count; a++) {
        const kf_clip *clip = &doc.animations[a];
        printf(_("animation %zu"), a);
        if (clip->name)
            print_name(clip->name);
        printf(": ");
        printf(P_("%zu channel", "%zu channels", clip->channel_count), clip->channel_count);
        printf(", %.9g s\n", clip->duration);
        for (size_t c = 0; c < clip->channel_count; c++) {
            const kf_channel *ch = &clip->channels[c];
            const kf_track *t = &ch->track;
            printf(_("  node %zu"), ch->node);
            if (doc.nodes[ch->node].name)
                print_name(doc.nodes[ch->node].name);
            printf(" %s: %s, ", kf_path_name(ch->path), kf_interp_name(t->interp));
            printf(P_("%zu key", "%zu keys", t->count), t->count);
            printf(", ");
            printf(P_("%zu component", "%zu components", t->components), t->components);
            printf(", t = %.9g .. %.9g", kf_track_start(t), kf_track_end(t));
            size_t flips = cubic_hemisphere_changes(t);
            if (flips)
                printf(P_(", %zu key in the other hemisphere (played the long way)",
                          ", %zu keys in the other hemisphere (played the long way)", flips), flips);
            putchar('\n');
        }
    }
    if (doc.skipped_channels)
        printf(P_("(%zu channel without target.node skipped)\n", "(%zu channels without target.node skipped)\n",
                  doc.skipped_channels), doc.skipped_channels);
    gltf_doc_destroy(&doc);
    return CLI_OK;
}
