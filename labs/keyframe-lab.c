/* keyframe-lab: step / linear / cubic-spline keyframes, the Hermite basis, quaternions, glTF 2.0 animations.
 * The options (labcli.h), then one mode: a headless output (csv.c, demo.c, gltf_csv.c), the interactive guided walk
 * (walk.c, walk_panes.c) or a file's animations played (player.c), both on the shared TUI. */
#include <stdio.h>

#include "keyframe-lab/lab.h"
#include "numlab/cli.h"
#include "numlab/figure.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

typedef struct {
    const char *gltf, *demo, *list, *animation;
    lab_times times;
    int plot, width, height;
    double at;
    bool ascii;
    figure_options figure;
} front;

enum { CSV = 1, LIST, PLOT };
#define AT(field) LABCLI_AT(front, field)

static int parse_times(void *opts, void *field, const char *opt, const char *text)
{
    (void)opts;
    lab_times *t = field;
    t->given = true;
    return cli_time_range(opt, text, LAB_MAX_SAMPLES, &t->a, &t->b, &t->step);
}

static const labcli_option options[] = {
    {"csv", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL, "print CSV instead of opening the lab", .mode = CSV},
    {"gltf", LABCLI_TEXT, "FILE", AT(gltf), 0, 0, NULL, "a .gltf (embedded or external buffers) or .glb file: prints\n"
     "animation,node,path,t,v0,v1,v2[,v3] for every channel at every time", .with = LABCLI_IN(CSV)},
    {"times", LABCLI_PARSE, "A:B:STEP", AT(times), 0, 0, NULL, "sample at A, A+STEP, ... up to B (0 <= A <= B, STEP > 0; at\n"
     "most 1000000 samples); default for --gltf: 0 to the longest animation at 30 samples a second",
     .with = LABCLI_IN(CSV), .parse = parse_times},
    {"animation", LABCLI_TEXT, "NAME", AT(animation), 0, 0, NULL, "only the animation of that name (or index)",
     .with = LABCLI_IN(CSV)},
    {"demo", LABCLI_TEXT, "NAME", AT(demo), 0, 0, NULL, "the tutorial's curves: basis (Hermite basis functions and\n"
     "derivatives), balls (the three balls: step, linear, cubic on the same keys), bounce (the bouncing\n"
     "ball with squash and stretch and its volume), rotation (slerp, nlerp and normalized cubic), hop (the\n"
     "take-off tangent against the thrown ball), spin (angular velocity), hemisphere (a key stored as -q,\n"
     "as stored and aligned)",
     .with = LABCLI_IN(CSV)},
    {"list", LABCLI_TEXT, "FILE", AT(list), 0, 0, NULL, "list the file's animations, channels, key counts and\n"
     "interpolations", .mode = LIST},
    {"plot", LABCLI_COUNT, "STEP", AT(plot), 1, LAB_WALK_STEPS, NULL, "print the two panes, the text and the notes of\n"
     "the walk's step (what the lab shows, without a terminal): 1 basis, 2 balls, 3 key edit, 4 bounce,\n"
     "5 take-off, 6 rotations, 7 glTF vs the tutorial, 8 angular velocity, 9 q and -q", .mode = PLOT},
    {"at", LABCLI_NUMBER, "T", AT(at), 0, 1e6, NULL, "the clip time --plot shows (default: half way through the clip)",
     .with = LABCLI_IN(PLOT)},
    {"width", LABCLI_COUNT, "W", AT(width), 20, 1000, "80", "columns of each pane", .with = LABCLI_IN(PLOT)},
    {"height", LABCLI_COUNT, "H", AT(height), 8, 500, "24", "rows of each pane", .with = LABCLI_IN(PLOT)},
    {"ascii", LABCLI_FLAG, NULL, AT(ascii), 0, 0, NULL, "ASCII instead of braille (also when the locale is not UTF-8)",
     .with = LABCLI_IN(0) | LABCLI_IN(PLOT)},
    FIGURE_LABCLI_OPTIONS(front, figure, PLOT, "force"),
};

static const labcli_lab lab;

static int check(void *opts, const labcli_result *r)
{
    const front *f = opts;
    if (r->operand && r->mode != 0)
        return cli_error("'%s': a file to play goes with the interactive lab (with --csv give it as --gltf FILE, "
                         "with --list as --list FILE)", cli_cut(r->operand));
    if (r->mode == CSV && !f->gltf == !f->demo)
        return cli_error("--csv needs exactly one of --gltf FILE or --demo NAME (see --help)");
    if (f->demo && f->animation)
        return cli_error("--animation goes with --gltf, not --demo (see --help)");
    return figure_output_check(&f->figure, r->mode == PLOT);
}

static int run(void *opts, const labcli_result *r)
{
    front *f = opts;
    if (r->mode == PLOT)
        return lab_walk_plot(f->plot - 1, labcli_given(&lab, r, "at") ? f->at : -1.0, f->width, f->height, f->ascii,
                             &f->figure);
    if (r->mode == LIST)
        return lab_gltf_list(f->list);
    if (r->mode == CSV)
        return f->gltf ? lab_gltf_csv(f->gltf, f->animation, &f->times) : lab_demo(f->demo, &f->times);
    return r->operand ? lab_play(r->operand, f->ascii) : lab_walk(f->ascii);  /* a bad file is said as such, terminal or not */
}

static const labcli_lab lab = {
    LABCLI_LAB(3, "keyframe-lab", "Hermite curves, glTF tracks, quaternions"),
    .usage = "usage: keyframe-lab [--ascii]                          the interactive guided walk (needs a terminal)\n"
             "       keyframe-lab [--ascii] FILE.gltf|FILE.glb        play a file's animations (needs a terminal)\n"
             "       keyframe-lab --csv --gltf FILE [--times A:B:STEP] [--animation NAME|INDEX]\n"
             "       keyframe-lab --csv --demo basis|balls|bounce|rotation|hop|spin|hemisphere [--times A:B:STEP]\n"
             "       keyframe-lab --list FILE\n"
             "       keyframe-lab --plot STEP [--at T] [--width W] [--height H] [--ascii] [--out FILE [--size WxH]]",
    .about = "Keyframes as glTF 2.0 plays them: STEP holds, LINEAR interpolates (rotations by slerp along the shortest\n"
             "path), CUBICSPLINE is a cubic Hermite curve whose tangents are scaled by the key interval (rotations are\n"
             "normalized afterwards). Before the first key the first value, after the last key the last value.",
    .footer = "Exit status: 0 ok, 1 runtime failure, 2 bad usage or a bad file.\n",
    .options = options, .n_options = sizeof options / sizeof options[0],
    .operand = "FILE", .interactive = N_("the interactive lab"), .check = check, .run = run,
};

int main(int argc, char **argv)
{
    front f = {0};
    return labcli_main(&lab, &f, argc, argv);
}
