/* keyframe-lab: step / linear / cubic-spline keyframes, the Hermite basis, quaternions, glTF 2.0 animations.
 * What the lab is and which function runs each mode; the files of labs/keyframe-lab/ are listed in its lab.h. */
#include "keyframe-lab/lab.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

static const labcli_lab lab;

static int run(void *opts, const labcli_result *r)
{
    kl_options *o = opts;
    switch (r->mode) {
    case KL_PLOT:
        return kl_plot(o->plot - 1, labcli_given(&lab, r, "at") ? o->at : -1.0, o->width, o->height, o->glyphs,
                       &o->figure, &o->walk);
    case KL_LIST:
        return kl_gltf_list(o->list);
    case KL_CSV:
        return o->gltf ? kl_gltf_csv(o->gltf, o->animation, &o->times) : kl_demo(o->demo, &o->times);
    default:  /* a bad file is said as such, terminal or not */
        return r->operand ? kl_play(r, r->operand, o->glyphs) : kl_walk_run(r, o->glyphs, &o->walk);
    }
}

static const labcli_lab lab = {
    LABCLI_LAB(3, "keyframe-lab", N_("Hermite curves, glTF tracks, quaternions")),
    .usage = N_("usage: keyframe-lab [--ascii]                          the interactive guided walk (needs a terminal)\n"
             "       keyframe-lab [--ascii] FILE.gltf|FILE.glb        play a file's animations (needs a terminal)\n"
             "       keyframe-lab --csv --gltf FILE [--times A:B:STEP] [--animation NAME|INDEX]\n"
             "       keyframe-lab --csv --demo basis|balls|bounce|rotation|hop|spin|hemisphere [--times A:B:STEP]\n"
             "       keyframe-lab --list FILE\n"
             "       keyframe-lab --plot STEP [--at T] [--width W] [--height H] [--ascii] [--out FILE [--size WxH]]"),
    .about = N_("Keyframes as glTF 2.0 plays them: STEP holds, LINEAR interpolates (rotations by slerp along the shortest\n"
             "path), CUBICSPLINE is a cubic Hermite curve whose tangents are scaled by the key interval (rotations are\n"
             "normalized afterwards). Before the first key the first value, after the last key the last value."),
    .footer = N_("Exit status: 0 ok, 1 runtime failure, 2 bad usage or a bad file.\n"),
    .options = kl_option_table, .n_options = KL_OPTION_COUNT,
    .operand = "FILE", .interactive = N_("the interactive lab"), .check = kl_check, .run = run,
    .walk_steps = KL_STEPS,
};

int main(int argc, char **argv)
{
    kl_options o = {0};
    return labcli_main(&lab, &o, argc, argv);
}
