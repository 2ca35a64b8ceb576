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

static int parse_keys(void *opts, void *field, const char *opt, const char *text)
{
    (void)field;
    return kl_parse_keys(&((kl_options *)opts)->walk, opt, text);
}

static int parse_key(void *opts, void *field, const char *opt, const char *text)
{
    (void)opts;
    long long k;
    int rc = cli_count(opt, text, 0, KL_KEYS - 1, &k);
    if (rc == CLI_OK)
        *(double *)field = (double)k;  /* the walk's slider is a number */
    return rc;
}

static int parse_shown(void *opts, void *field, const char *opt, const char *text)
{
    (void)field;
    return kl_parse_shown(&((kl_options *)opts)->walk, opt, text);
}

/* The walk's options (the state line: each step's sliders, step 3's keys, the curves shown), with --plot too. */
#define WALK (LABCLI_IN(0) | LABCLI_IN(KL_PLOT))
#define WALK_NUMBER(name, field, lo, hi, help) \
    {name, LABCLI_NUMBER, "X", AT(walk.field), lo, hi, NULL, help, .with = WALK}

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
    {NULL, LABCLI_LINE, .help = N_("The walk's parameters (the interactive lab and --plot; default: each step's own):")},
    WALK_NUMBER("s", s, 0, 1, N_("step 1: where the basis is read, 0 to 1")),
    WALK_NUMBER("p0", p0, -20, 20, N_("step 1: cubicSpline's p0, the first value, -20 to 20")),
    WALK_NUMBER("m0", m0, -20, 20, N_("step 1: cubicSpline's m0, the first tangent, -20 to 20")),
    WALK_NUMBER("p1", p1, -20, 20, N_("step 1: cubicSpline's p1, the second value, -20 to 20")),
    WALK_NUMBER("m1", m1, -20, 20, N_("step 1: cubicSpline's m1, the second tangent, -20 to 20")),
    {"key", LABCLI_PARSE, "K", AT(walk.key), 0, 0, NULL, N_("step 3: the key selected, 0 to 2"), .with = WALK,
     .parse = parse_key},
    {"keys", LABCLI_PARSE, "V:IN:OUT,...", 0, 0, 0, 0, NULL, N_("step 3: the cubic ball's three keys, each its value\n"
     "(-10 to 10), in and out tangent (-50 to 50)"), .with = WALK, .parse = parse_keys},
    WALK_NUMBER("probe", probe, 0, 2, N_("step 3: the probe's time t, 0 to 2 s")),
    WALK_NUMBER("hop-m", hop_m, -KL_HOP_LIMIT, KL_HOP_LIMIT, N_("step 5: the take-off tangent m, -40 to 40 /s")),
    WALK_NUMBER("angle", angle, 1, 179, N_("steps 6, 8 and 9: the second key's angle, 1 to 179 degrees")),
    WALK_NUMBER("tangent", tangent, 0, 5, N_("steps 6, 7 and 8: the rotation's tangent m, 0 to 5 /s")),
    WALK_NUMBER("interval", interval, 0.1, 10, N_("step 7: the key interval T, 0.1 to 10 s")),
    WALK_NUMBER("speed", speed, 0.05, 10, N_("steps 2 to 9: the clip's speed, 0.05 to 10 x")),
    {"show", LABCLI_PARSE, "LIST", 0, 0, 0, 0, NULL, N_("the curves shown (a step's toggles), comma-separated:\n"
     "keep-volume, on-floor (step 4), slerp, nlerp, cubic (6), source-cubic, rate-cubic (8), stored, aligned (9),\n"
     "or none; a step keeps its own when the list names none of its curves"), .with = WALK, .parse = parse_shown},
    LABCLI_GLYPH_OPTIONS(kl_options, glyphs, LABCLI_IN(0) | LABCLI_IN(KL_PLOT)),
    LABCLI_FIGURE_OPTIONS(kl_options, figure, KL_PLOT, "force"),
};
_Static_assert(sizeof kl_option_table / sizeof kl_option_table[0] == KL_OPTION_COUNT, "lab.h counts the options");

int kl_check(const labcli_lab *lab, void *opts, const labcli_result *r)
{
    const kl_options *o = opts;
    if (r->operand && r->mode != 0)
        return cli_error(_("'%s': a file to play goes with the interactive lab (with --csv give it as --gltf FILE, "
                           "with --list as --list FILE)"), cli_cut(r->operand));
    if (r->mode == KL_CSV && !o->gltf == !o->demo)
        return cli_error("%s", _("--csv needs exactly one of --gltf FILE or --demo NAME (see --help)"));
    kl_options *walk = opts;
    for (size_t i = 0; i < KL_WALK_OPTIONS; i++)
        walk->walk.given[i] = labcli_given(lab, r, kl_walk_params[i].option);
    if (o->demo && o->animation)
        return cli_error("%s", _("--animation goes with --gltf, not --demo (see --help)"));
    return figure_output_check(&o->figure, r->mode == KL_PLOT);
}
