/* bowl-lab: two spheres in a bowl and their sound (the bowl note). One mode a run: list or describe presets, render
 * headless to WAV / CSV / a spectrogram (a scripted gesture or a recorded one), or the interactive lab, the guided
 * walk through the six levels of the sound. The option table and its checks are in labs/bowl-lab/options.c. */
#include "bowl-lab/lab.h"
#include "numlab/cli.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

static int run(void *opts, const labcli_result *r)
{
    bl_front *f = opts;
    switch (r->mode) {
    case BL_LIST:
        bl_list_presets();
        return CLI_OK;
    case BL_DESCRIBE:
        bl_describe(&f->chosen);
        return CLI_OK;
    case BL_PLOT:
        return bl_plot(f);
    case BL_RENDER:
        return f->gesture_path ? bl_render_replay(&f->o, f->gesture_path, f->have_seconds) : bl_render(&f->o);
    default:
        return bl_interactive(r, f->o.glyphs, &f->chosen, f->o.seed, f->audio, f->layers_given ? &f->o.layers : NULL,
                              &f->walk_study);
    }
}

static labcli_lab lab = {  /* n_options set in main: the table is in options.c */
    LABCLI_LAB(4, "bowl-lab", N_("two spheres in a bowl and their sound, to WAV")),
    .usage = N_("usage: bowl-lab [options] --wav FILE     render a preset to a WAV file\n"
                "       bowl-lab --list-presets            one preset a line: its name, then what it should sound "
                "like\n"
                "       bowl-lab --describe NAME           every parameter of a preset\n"
                "       bowl-lab --plot alias|warp|precision [--series] [--freq HZ] [--rate HZ] [--decay 1/S]\n"
                "                                          a resonator under sampling: a chart, or its series as "
                "CSV\n"
                "       bowl-lab [--preset NAME] [--seed N] [--set KEY=VALUE]\n"
                "                                          the interactive lab (needs a terminal): tilt and stir the "
                "bowl,\n"
                "                                          walk through the six levels of the sound, render your "
                "gesture"),
    .about = N_("Two spheres ride the inside of an acrylic bowl; a scripted gesture swirls or tilts the bowl. Their "
                "sound:\nmicro-impact streams (rubbing, scratching) through the bowl's and the spheres' modal banks, "
                "metallic strikes\nand an acrylic body knock at each collision, mixed, DC-blocked and limited (never "
                "clipped), 48 kHz."),
    .footer = N_("Every output is written to a temporary beside it; all are put in place together once complete, or "
                 "none.\nExit status: 0 ok, 1 runtime failure (nothing is left behind), 2 bad usage.\n"),
    .options = bl_option_table,
    .interactive = N_("the interactive lab"), .check = bl_check, .run = run,
    .walk_steps = BL_N_STEPS,
};

int main(int argc, char **argv)
{
    bl_front f = {.o = {.preset = snd_preset_default(), .seconds = 5.0, .channels = 1, .format = WAV_PCM16,
                        .layers = SND_LAYERS_DEFAULT}};
    lab.n_options = bl_n_options;
    return labcli_main(&lab, &f, argc, argv);
}
