/* keyframe-lab's options: the table labcli reads (--help, parsing, ranges, modes) and what the table cannot
 * check alone. */
#include "lab.h"
#include "numlab/cli.h"
#include "numlab/figure.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

#define AT(field) LABCLI_AT(kl_options, field)

static int parse_times(void *opts, void *field, const char *opt, const char *text)
{
    (void)opts;
    kl_times *t = field;
    t->given = true;
    return cli_time_range(opt, text, KL_MAX_SAMPLES, &t->a, &t->b, &t->step);
}

const labcli_option kl_option_table[] = {
    {"csv", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL, N_("print CSV instead of opening the lab"), .mode = KL_CSV},
    {"gltf", LABCLI_TEXT, "FILE", AT(gltf), 0, 0, NULL, N_("a .gltf (embedded or external buffers) or .glb file: prints\n"
     "animation,node,path,t,v0,v1,v2[,v3] for every channel at every time"), .with = LABCLI_IN(KL_CSV)},
    {"times", LABCLI_PARSE, "A:B:STEP", AT(times), 0, 0, NULL, N_("sample at A, A+STEP, ... up to B (0 <= A <= B, STEP > 0; at\n"
     "most 1000000 samples); default for --gltf: 0 to the longest animation at 30 samples a second"),
     .with = LABCLI_IN(KL_CSV), .parse = parse_times},
    {"animation", LABCLI_TEXT, "NAME", AT(animation), 0, 0, NULL, N_("only the animation of that name (or index)"),
     .with = LABCLI_IN(KL_CSV)},
    {"demo", LABCLI_TEXT, "NAME", AT(demo), 0, 0, NULL, N_("the tutorial's curves: basis (Hermite basis functions and\n"
     "derivatives), balls (the three balls: step, linear, cubic on the same keys), bounce (the bouncing\n"
     "ball with squash and stretch and its volume), rotation (slerp, nlerp and normalized cubic), hop (the\n"
     "take-off tangent against the thrown ball), spin (angular velocity), hemisphere (a key stored as -q,\n"
     "as stored and aligned)"),
     .with = LABCLI_IN(KL_CSV)},
    {"list", LABCLI_TEXT, "FILE", AT(list), 0, 0, NULL, N_("list the file's animations, channels, key counts and\n"
     "interpolations"), .mode = KL_LIST},
    {"plot", LABCLI_COUNT, "STEP", AT(plot), 1, KL_STEPS, NULL, N_("print the two panes, the text and the notes of\n"
     "the walk's step (what the lab shows, without a terminal): 1 basis, 2 balls, 3 key edit, 4 bounce,\n"
     "5 take-off, 6 rotations, 7 glTF vs the tutorial, 8 angular velocity, 9 q and -q"), .mode = KL_PLOT},
    {"at", LABCLI_NUMBER, "T", AT(at), 0, 1e6, NULL, N_("the clip time --plot shows (default: half way through the clip)"),
     .with = LABCLI_IN(KL_PLOT)},
    {"width", LABCLI_COUNT, "W", AT(width), 20, 1000, "80", N_("columns of each pane"), .with = LABCLI_IN(KL_PLOT)},
    {"height", LABCLI_COUNT, "H", AT(height), 8, 500, "24", N_("rows of each pane"), .with = LABCLI_IN(KL_PLOT)},
    {"ascii", LABCLI_FLAG, NULL, AT(ascii), 0, 0, NULL, N_("ASCII instead of braille (also when the locale is not UTF-8)"),
     .with = LABCLI_IN(0) | LABCLI_IN(KL_PLOT), .local = true},
    LABCLI_FIGURE_OPTIONS(kl_options, figure, KL_PLOT, "force"),
};
_Static_assert(sizeof kl_option_table / sizeof kl_option_table[0] == KL_OPTION_COUNT, "lab.h counts the options");

int kl_check(const labcli_lab *lab, void *opts, const labcli_result *r)
{
    (void)lab;
    const kl_options *o = opts;
    if (r->operand && r->mode != 0)
        return cli_error(_("'%s': a file to play goes with the interactive lab (with --csv give it as --gltf FILE, "
                           "with --list as --list FILE)"), cli_cut(r->operand));
    if (r->mode == KL_CSV && !o->gltf == !o->demo)
        return cli_error("%s", _("--csv needs exactly one of --gltf FILE or --demo NAME (see --help)"));
    if (o->demo && o->animation)
        return cli_error("%s", _("--animation goes with --gltf, not --demo (see --help)"));
    return figure_output_check(&o->figure, r->mode == KL_PLOT);
}
