/* keyframe-lab: step / linear / cubic-spline keyframes, the Hermite basis, quaternions, glTF 2.0 animations.
 * Parses the options and runs one mode: a headless output (csv.c, demo.c, gltf_csv.c), the interactive guided walk
 * (walk.c, walk_panes.c) or a file's animations played (player.c), both on the shared TUI. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "keyframe-lab/lab.h"
#include "numlab/cli.h"
#include "numlab/lang.h"

static const char usage[] =
    "usage: keyframe-lab [--ascii]                          the interactive guided walk (needs a terminal)\n"
    "       keyframe-lab [--ascii] FILE.gltf|FILE.glb        play a file's animations (needs a terminal)\n"
    "       keyframe-lab --csv --gltf FILE [--times A:B:STEP] [--animation NAME|INDEX]\n"
    "       keyframe-lab --csv --demo basis|balls|bounce|rotation [--times A:B:STEP]\n"
    "       keyframe-lab --list FILE\n"
    "       keyframe-lab --plot STEP [--at T] [--width W] [--height H] [--ascii]\n"
    "\n"
    "Keyframes as glTF 2.0 plays them: STEP holds, LINEAR interpolates (rotations by slerp along the shortest\n"
    "path), CUBICSPLINE is a cubic Hermite curve whose tangents are scaled by the key interval (rotations are\n"
    "normalized afterwards). Before the first key the first value, after the last key the last value.\n"
    "\n"
    "  --csv               print CSV instead of opening the lab\n"
    "  --gltf FILE         a .gltf (embedded or external buffers) or .glb file: prints\n"
    "                      animation,node,path,t,v0,v1,v2[,v3] for every channel at every time\n"
    "  --times A:B:STEP    sample at A, A+STEP, ... up to B (0 <= A <= B, STEP > 0; at most 1000000 samples);\n"
    "                      default for --gltf: 0 to the longest animation at 30 samples a second\n"
    "  --animation NAME    only the animation of that name (or index)\n"
    "  --demo NAME         the seed's curves: basis (Hermite basis functions and derivatives), balls (the\n"
    "                      three balls: step, linear, cubic on the same keys), bounce (the bouncing ball with\n"
    "                      squash and stretch and its volume), rotation (slerp, nlerp and normalized cubic)\n"
    "  --list FILE         list the file's animations, channels, key counts and interpolations\n"
    "  --plot STEP         print the two panes and the notes of the walk's step 1..6 as text (what the lab shows,\n"
    "                      without a terminal): 1 basis, 2 balls, 3 key edit, 4 bounce, 5 rotations, 6 glTF vs seed\n"
    "  --at T              the clip time --plot shows, >= 0 (default: half way through the clip)\n"
    "  --width W           columns of each pane, 20..1000 (default 80)\n"
    "  --height H          rows of each pane, 8..500 (default 24)\n"
    "  --ascii             ASCII instead of braille (also when the locale is not UTF-8)\n"
    "  --help              this text\n"
    "\n"
    "Exit status: 0 ok, 1 runtime failure, 2 bad usage or a bad file.\n";

enum {
    OPT_CSV = 256, OPT_GLTF, OPT_TIMES, OPT_ANIMATION, OPT_DEMO, OPT_LIST, OPT_ASCII, OPT_PLOT, OPT_AT, OPT_WIDTH,
    OPT_HEIGHT, OPT_HELP
};

static int run(int argc, char **argv)
{
    static const struct option options[] = {
        {"csv", no_argument, NULL, OPT_CSV},           {"gltf", required_argument, NULL, OPT_GLTF},
        {"times", required_argument, NULL, OPT_TIMES}, {"animation", required_argument, NULL, OPT_ANIMATION},
        {"demo", required_argument, NULL, OPT_DEMO},   {"list", required_argument, NULL, OPT_LIST},
        {"ascii", no_argument, NULL, OPT_ASCII},       {"plot", required_argument, NULL, OPT_PLOT},
        {"at", required_argument, NULL, OPT_AT},       {"width", required_argument, NULL, OPT_WIDTH},
        {"height", required_argument, NULL, OPT_HEIGHT}, {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    bool csv = false, ascii = false;
    const char *gltf = NULL, *demo = NULL, *list = NULL, *animation = NULL;
    lab_times times = {0};
    long long plot = 0, width = 80, height = 24;
    double at = -1.0;
    bool sized = false;
    if (cli_check_options(argc, argv, "", options))
        return CLI_USAGE;
    opterr = 0;
    for (int opt; (opt = getopt_long(argc, argv, ":", options, NULL)) != -1;) {
        switch (opt) {
        case OPT_CSV: csv = true; break;
        case OPT_GLTF: gltf = optarg; break;
        case OPT_DEMO: demo = optarg; break;
        case OPT_LIST: list = optarg; break;
        case OPT_ASCII: ascii = true; break;
        case OPT_PLOT:
            if (cli_count("--plot", optarg, 1, LAB_WALK_STEPS, &plot))
                return CLI_USAGE;
            break;
        case OPT_AT:
            if (cli_range("--at", optarg, 0.0, 1e6, &at))
                return CLI_USAGE;
            break;
        case OPT_WIDTH:
        case OPT_HEIGHT:
            if (opt == OPT_WIDTH ? cli_count("--width", optarg, 20, 1000, &width)
                                 : cli_count("--height", optarg, 8, 500, &height))
                return CLI_USAGE;
            sized = true;
            break;
        case OPT_ANIMATION: animation = optarg; break;
        case OPT_TIMES:
            if (cli_time_range("--times", optarg, LAB_MAX_SAMPLES, &times.a, &times.b, &times.step))
                return CLI_USAGE;
            times.given = true;
            break;
        case OPT_HELP: fputs(usage, stdout); return CLI_OK;
        default: return cli_error("unknown option (see --help)");  /* cli_check_options named it */
        }
    }
    const char *file = optind < argc ? argv[optind] : NULL;
    if (optind + 1 < argc)
        return cli_error("'%s': only one file at a time (see --help)", cli_cut(argv[optind + 1]));

    if (ascii && (csv || list))
        return cli_error("--ascii goes with the interactive lab or --plot, not --csv or --list (see --help)");
    if ((at >= 0.0 || sized) && !plot)
        return cli_error("--at, --width and --height go with --plot (see --help)");
    if (plot) {
        if (csv || list || gltf || demo || file || times.given || animation)
            return cli_error("--plot STEP takes only --at, --width, --height and --ascii (see --help)");
        return lab_walk_plot((int)plot - 1, at, (int)width, (int)height, ascii);
    }
    if (list) {
        if (csv || gltf || demo || file || times.given || animation)
            return cli_error("--list FILE takes no other options or files (see --help)");
        return lab_gltf_list(list);
    }
    if (csv) {
        if (!gltf == !demo)
            return cli_error("--csv needs exactly one of --gltf FILE or --demo NAME (see --help)");
        if (file)
            return cli_error("'%s': with --csv give the file as --gltf FILE", cli_cut(file));
        if (demo && animation)
            return cli_error("--animation goes with --gltf, not --demo");
        return gltf ? lab_gltf_csv(gltf, animation, &times) : lab_demo(demo, &times);
    }
    if (gltf || demo || times.given || animation)
        return cli_error("--gltf, --demo, --times and --animation go with --csv (see --help)");
    if (file)
        return lab_play(file, ascii);  /* a bad file is reported as such, terminal or not */
    if (!cli_have_terminal())
        return lab_no_terminal(NULL);
    return lab_walk(ascii);
}

int main(int argc, char **argv)
{
    cli_set_program(argv[0]);
    lang_init();  /* LC_CTYPE from the environment (braille), numbers always with a '.' */
    return cli_finish(run(argc, argv));
}
