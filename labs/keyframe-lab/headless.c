/* keyframe-lab without a terminal: --csv --demo NAME (the keyframe tutorial's curves, the numbers the interactive
 * lab plots), --csv --gltf FILE (a glTF file's animations sampled), --list FILE, and --plot STEP (the walk's panes
 * as text). Sample times, numbers (fields: text_csv_field) and the no-terminal message are shared here.
 *
 * The demos:
 *   basis     s, the four Hermite basis functions and their derivatives
 *   balls     the tutorial's three balls (STEP, LINEAR, CUBICSPLINE on the same keys): height and vertical velocity
 *   bounce    the bouncing ball: height, velocity, the tutorial's squash-and-stretch scale and its volume, and the
 *             volume-preserving variant sx = sz = 1 / sqrt(sy)
 *   rotation  the tutorial's rotation keys by slerp (glTF LINEAR), nlerp, and glTF CUBICSPLINE (normalized)
 *   hop       the bounce's first hop with the tutorial's take-off tangent and the ballistic 2h/T, and the thrown ball
 *   spin      angular velocity about y of slerp, the tutorial's cubic and the constant-rate cubic (exact and by a
 *             difference quotient), and the angle turned
 *   hemisphere  a cubic whose second key is stored as -q, as stored and aligned (kf_track_align_hemispheres), and
 *             slerp: the angle turned about y and the blend's |p|
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

size_t kl_times_count(const kl_times *t)
{
    /* B is included when (B - A) / STEP is whole up to rounding (0:1:0.1 gives 11 samples) */
    return (size_t)floor((t->b - t->a) / t->step + 1e-9) + 1;
}

double kl_times_at(const kl_times *t, size_t i)
{
    return t->a + (double)i * t->step;  /* not accumulated: no drift over many steps */
}

void kl_print_number(FILE *out, double v)
{
    fprintf(out, "%.9g", v == 0 ? 0.0 : v);
}

int kl_no_terminal(const char *file)
{
    return labcli_no_terminal(file);
}

/* --- --plot: the walk's panes as text --------------------------------------------------------------------------- */

int kl_plot(int step, double at, int width, int height, bool ascii, const figure_options *figure)
{
    static kl_walk w;
    int st = CLI_OK;
    if (kl_walk_init(&w, ascii)) {
        st = cli_fail("%s", _("out of memory"));
        goto done;
    }
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

/* --- the demos ---------------------------------------------------------------------------------------------------- */

static const kl_times basis_times = {0, 1, 0.05, true}, balls_times = {0, 2, 0.1, true},
                       bounce_times = {0, 2, 0.05, true}, rotation_times = {0, 1, 0.1, true},
                       unit_times = {0, 1, 0.05, true};
#define DEMO_TURN 90.0  /* the tutorial's rotation keys: 90 degrees about y in 1 s, tangents (0, 1, 0, 0) */
#define DEMO_FLIP 60.0  /* the hemisphere demo's turn */

static void print_row(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            putchar(',');
        kl_print_number(stdout, v[i]);
    }
    putchar('\n');
}

static int demo_basis(const kl_times *times)
{
    puts("s,h00,h10,h01,h11,dh00,dh10,dh01,dh11");
    for (size_t i = 0, n = kl_times_count(times); i < n; i++) {
        double s = kl_times_at(times, i);
        kf_basis b = kf_hermite_basis(s), d = kf_hermite_basis_deriv(s);
        print_row((double[]){s, b.h00, b.h10, b.h01, b.h11, d.h00, d.h10, d.h01, d.h11}, 9);
    }
    return CLI_OK;
}

static int demo_balls(const kl_times *times)
{
    kf_track balls[3];
    if (kl_tutorial_balls(balls))
        return cli_fail("%s", _("out of memory"));
    puts("t,step_y,linear_y,cubic_y,step_vy,linear_vy,cubic_vy");
    for (size_t i = 0, n = kl_times_count(times); i < n; i++) {
        double t = kl_times_at(times, i), row[7] = {t}, v[3];
        for (int b = 0; b < 3; b++) {
            kf_track_sample(&balls[b], t, v);
            row[1 + b] = v[1];
            kf_track_velocity(&balls[b], t, v);
            row[4 + b] = v[1];
        }
        print_row(row, 7);
    }
    for (int b = 0; b < 3; b++)
        kf_track_destroy(&balls[b]);
    return CLI_OK;
}

/* Volume: the keyframe tutorial's keys scale the ball by sx sy sz, 1.152 at take-off and 1.183 on landing. The variant
 * keeps the keyed height stretch sy and sets sx = sz = 1 / sqrt(sy), so that sx sy sz = 1: squash and stretch without
 * the ball gaining or losing volume, the animators' rule. */
static int demo_bounce(const kl_times *times)
{
    kf_track position, scale;
    if (kl_tutorial_bounce(&position, &scale))
        return cli_fail("%s", _("out of memory"));
    puts("t,y,vy,sx,sy,sz,volume,sx_preserving,sz_preserving");
    for (size_t i = 0, n = kl_times_count(times); i < n; i++) {
        double t = kl_times_at(times, i), p[3], v[3], s[3];
        kf_track_sample(&position, t, p);
        kf_track_velocity(&position, t, v);
        kf_track_sample(&scale, t, s);
        double keep = 1.0 / sqrt(s[1]);
        print_row((double[]){t, p[1], v[1], s[0], s[1], s[2], s[0] * s[1] * s[2], keep, keep}, 9);
    }
    kf_track_destroy(&position);
    kf_track_destroy(&scale);
    return CLI_OK;
}

static int demo_rotation(const kl_times *times)
{
    kf_track linear, cubic;
    if (kl_tutorial_rotation(&linear, &cubic))
        return cli_fail("%s", _("out of memory"));
    puts("method,t,x,y,z,w,angle_deg");
    const char *methods[3] = {"slerp", "nlerp", "cubic"};
    for (int m = 0; m < 3; m++) {
        kf_track *t = m == 2 ? &cubic : &linear;
        t->kind = m == 1 ? KF_QUATERNION_NLERP : KF_QUATERNION;
        for (size_t i = 0, n = kl_times_count(times); i < n; i++) {
            double time = kl_times_at(times, i), q[4];
            kf_track_sample(t, time, q);
            double angle = kf_quat_angle((kf_quat){q[0], q[1], q[2], q[3]}) * 180.0 / NUMLAB_PI;
            printf("%s,", methods[m]);
            print_row((double[]){time, q[0], q[1], q[2], q[3], angle}, 6);
        }
    }
    kf_track_destroy(&linear);
    kf_track_destroy(&cubic);
    return CLI_OK;
}

static int demo_hop(const kl_times *times)
{
    kl_hop hop;
    kf_track tracks[2];
    if (kl_hop_init(&hop, &tracks[0]))
        return cli_fail("%s", _("out of memory"));
    if (kl_hop_init(&hop, &tracks[1])) {
        kf_track_destroy(&tracks[0]);
        return cli_fail("%s", _("out of memory"));
    }
    kl_hop_set_tangent(&tracks[1], hop.v0);
    puts("t,y_tutorial,y_ballistic,y_thrown,vy_tutorial,vy_ballistic,vy_thrown");
    for (size_t i = 0, n = kl_times_count(times); i < n; i++) {
        double t = kl_times_at(times, i), row[7] = {t};
        for (int k = 0; k < 2; k++) {
            kf_track_sample(&tracks[k], t, &row[1 + k]);
            kf_track_velocity(&tracks[k], t, &row[4 + k]);
        }
        row[3] = kl_hop_parabola(&hop, t, &row[6]);
        print_row(row, 7);
    }
    kf_track_destroy(&tracks[0]);
    kf_track_destroy(&tracks[1]);
    return CLI_OK;
}

/* Two-key rotation tracks about y: LINEAR (slerp) and two CUBICSPLINE; st is KF_OK or KF_ERR_NOMEM. */
static int rotation_tracks(kf_track t[3])
{
    static const double times[2] = {0, 1};
    int st = KF_OK;
    for (int k = 0; k < 3 && !st; k++)
        if ((st = kf_track_init(&t[k], k == 0 ? KF_LINEAR : KF_CUBICSPLINE, KF_QUATERNION, 4, 2, times, NULL)))
            for (int j = 0; j < k; j++)
                kf_track_destroy(&t[j]);
    return st;
}

static int demo_spin(const kl_times *times)
{
    static const char *const names[3] = {"slerp", "tutorial", "rate"};
    kf_track t[3];
    if (rotation_tracks(t))
        return cli_fail("%s", _("out of memory"));
    for (int k = 0; k < 3; k++)
        kl_spin_keys(&t[k], DEMO_TURN, 1.0, 1.0);
    kl_spin_rate_tangents(&t[2], DEMO_TURN, 1.0);
    puts("method,t,angle_deg,wy,wy_difference");
    for (int k = 0; k < 3; k++) {
        double near = 0.0;
        for (size_t i = 0, n = kl_times_count(times); i < n; i++) {
            /* the velocity inside the clip (at its end the segment's, not the held key's 0), and the difference
             * quotient never reaching past a key */
            const double h = 1e-6, time = kl_times_at(times, i);
            double w[3];
            kf_track_angular_velocity(&t[k], fmin(time, 1.0 - 1e-12), w);
            near = kl_turn_y(&t[k], time, near);
            printf("%s,", names[k]);
            print_row((double[]){time, near, w[1], kl_spin_fd(&t[k], fmin(fmax(time, h), 1.0 - h), h)}, 4);
        }
    }
    for (int k = 0; k < 3; k++)
        kf_track_destroy(&t[k]);
    return CLI_OK;
}

static int demo_hemisphere(const kl_times *times)
{
    static const char *const names[3] = {"slerp", "stored", "aligned"};
    kf_track t[3];
    if (rotation_tracks(t))
        return cli_fail("%s", _("out of memory"));
    for (int k = 0; k < 3; k++) {
        kl_spin_keys(&t[k], DEMO_FLIP, 1.0, 0.0);
        double *q1 = kf_track_value(&t[k], 1);
        for (int i = 0; i < 4; i++)
            q1[i] = -q1[i];  /* the same rotation, stored as -q */
    }
    kf_track_align_hemispheres(&t[2]);
    puts("variant,t,x,y,z,w,angle_y_deg,blend_norm");
    for (int k = 0; k < 3; k++) {
        double near = 0.0;
        for (size_t i = 0, n = kl_times_count(times); i < n; i++) {
            double time = kl_times_at(times, i), q[4];
            kf_track_sample(&t[k], time, q);
            near = kl_turn_y(&t[k], time, near);
            printf("%s,", names[k]);
            print_row((double[]){time, q[0], q[1], q[2], q[3], near, k ? kl_blend_norm(&t[k], time) : 1.0}, 7);
        }
    }
    for (int k = 0; k < 3; k++)
        kf_track_destroy(&t[k]);
    return CLI_OK;
}

static const struct {
    const char *name;
    int (*run)(const kl_times *times);
    const kl_times *times;
} demos[] = {
    {"basis", demo_basis, &basis_times},
    {"balls", demo_balls, &balls_times},
    {"bounce", demo_bounce, &bounce_times},
    {"rotation", demo_rotation, &rotation_times},
    {"hop", demo_hop, &unit_times},
    {"spin", demo_spin, &unit_times},
    {"hemisphere", demo_hemisphere, &unit_times},
};

const char *kl_demo_names(void)
{
    return "basis, balls, bounce, rotation, hop, spin, hemisphere";
}

int kl_demo(const char *name, const kl_times *times)
{
    for (size_t i = 0; i < sizeof demos / sizeof *demos; i++)
        if (strcmp(name, demos[i].name) == 0)
            return demos[i].run(times->given ? times : demos[i].times);
    return labcli_not_a("--demo", name, N_("demo"), kl_demo_names());
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
