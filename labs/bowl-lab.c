/* bowl-lab: two spheres in a bowl and their sound (seed 003). Parses and validates the options, then lists or
 * describes presets, renders headless to WAV / CSV (a scripted gesture or a recorded one), or runs the interactive
 * lab (labs/bowl-lab/walk.c). */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bowl-lab/bowl_lab.h"
#include "numlab/cli.h"
#include "numlab/infile.h"
#include "numlab/lang.h"

static const char usage[] =
    "usage: bowl-lab [options] --wav FILE     render a preset to a WAV file\n"
    "       bowl-lab --list-presets            one preset a line: its name, then what it should sound like\n"
    "       bowl-lab --describe NAME           every parameter of a preset\n"
    "       bowl-lab [--preset NAME] [--seed N] [--set KEY=VALUE]\n"
    "                                          the interactive lab (needs a terminal): tilt and stir the bowl,\n"
    "                                          walk through the six levels of the sound, render your gesture\n"
    "\n"
    "Two spheres ride the inside of an acrylic bowl; a scripted gesture swirls or tilts the bowl. Their sound:\n"
    "micro-impact streams (rubbing, scratching) through the bowl's and the spheres' modal banks, metallic strikes\n"
    "and an acrylic body knock at each collision, mixed, DC-blocked and limited (never clipped), 48 kHz.\n"
    "\n"
    "  --preset NAME      steel-pair, rubbing, scratching, heavy-light, neodymium-spin-lock (default steel-pair)\n"
    "  --seconds S        length, 0 < S <= 600 (default 5); whole mechanics steps of 1/2400 s\n"
    "  --seed N           0..4294967295 (default 1): the start and every random stream; same seed, same bytes\n"
    "  --wav FILE         write the render (an existing FILE is an error and stays untouched ...)\n"
    "  --force            (... unless --force: the finished render then replaces it in one rename; only a\n"
    "                     regular file is replaced, never a FIFO or a device)\n"
    "  --mono | --stereo  channels (default mono); stereo pans each sound by its position in the bowl\n"
    "  --pcm16 | --float  16-bit PCM (default) or 32-bit float samples\n"
    "  --events FILE.csv  t,event,sphere,value,impulse,x,y,z: collision (value: approach speed, m/s),\n"
    "                     bowl_impact (normal speed), gate_open/gate_close (gate), latch_on/latch_off (lambda)\n"
    "  --trace FILE.csv   one row per 1/60 s frame, what the interactive lab shows: positions, speeds, gates,\n"
    "                     loads, micro-impact rates, latch, distance, energy, gesture, output peak\n"
    "  --spectrum FILE.csv  freq,db of the last 8192 samples (Hann, GSL FFT; 0 dB = a full-scale sine), the\n"
    "                     spectrum the interactive lab shows\n"
    "                     (FILE - writes a CSV to stdout; the summary line then goes to stderr; a FIFO or a\n"
    "                     device, e.g. /dev/null, is written as it is)\n"
    "  --layers LIST      comma-separated: rub, pair, impact, body, force (the bare contact force), or\n"
    "                     default (rub,pair,impact,body), all, or none (silence: the mechanics alone)\n"
    "  --set KEY=VALUE    change one parameter of the preset (the keys --describe lists); repeatable\n"
    "  --quiet            no summary line\n"
    "\n"
    "The gesture (defaults from the preset; see --describe):\n"
    "  --stir HZ          the bowl circles horizontally at HZ, 0..10 (0: no stir)\n"
    "  --stir-radius M    radius of that circle, 0..0.05 m\n"
    "  --reverse S        the stir changes direction every S seconds, 0..600 (0: never)\n"
    "  --tilt DEG         a steady tilt of the bowl, -60..60 degrees\n"
    "  --stop S           the gesture stops at S seconds and the bowl rings out, 0..600 (0: never)\n"
    "  --gesture FILE.csv a recorded gesture instead (what the interactive lab's w key writes next to its WAV):\n"
    "                     '#' comments, the header " BOWL_LAB_GESTURE_HEADER ",\n"
    "                     then rows: from t on the bowl is tilted and stirred so (degrees, Hz, m), and struck\n"
    "                     with that strength at t (0: not); the render lasts until the last row's t unless\n"
    "                     --seconds is given\n"
    "\n"
    "Every output is written to a temporary beside it; all are put in place together once complete, or none.\n"
    "Exit status: 0 ok, 1 runtime failure (nothing is left behind), 2 bad usage.\n";

enum {
    OPT_PRESET = 256, OPT_SECONDS, OPT_SEED, OPT_WAV, OPT_FORCE, OPT_MONO, OPT_STEREO, OPT_PCM16, OPT_FLOAT,
    OPT_EVENTS, OPT_TRACE, OPT_LAYERS, OPT_QUIET, OPT_STIR, OPT_STIR_RADIUS, OPT_REVERSE, OPT_TILT, OPT_STOP,
    OPT_LIST, OPT_DESCRIBE, OPT_SPECTRUM, OPT_SET, OPT_GESTURE, OPT_HELP,
};

static const struct option long_options[] = {
    {"preset", required_argument, 0, OPT_PRESET},   {"seconds", required_argument, 0, OPT_SECONDS},
    {"seed", required_argument, 0, OPT_SEED},       {"wav", required_argument, 0, OPT_WAV},
    {"force", no_argument, 0, OPT_FORCE},           {"mono", no_argument, 0, OPT_MONO},
    {"stereo", no_argument, 0, OPT_STEREO},         {"pcm16", no_argument, 0, OPT_PCM16},
    {"float", no_argument, 0, OPT_FLOAT},           {"events", required_argument, 0, OPT_EVENTS},
    {"trace", required_argument, 0, OPT_TRACE},     {"layers", required_argument, 0, OPT_LAYERS},
    {"quiet", no_argument, 0, OPT_QUIET},           {"stir", required_argument, 0, OPT_STIR},
    {"stir-radius", required_argument, 0, OPT_STIR_RADIUS},
    {"reverse", required_argument, 0, OPT_REVERSE}, {"tilt", required_argument, 0, OPT_TILT},
    {"stop", required_argument, 0, OPT_STOP},       {"list-presets", no_argument, 0, OPT_LIST},
    {"describe", required_argument, 0, OPT_DESCRIBE}, {"spectrum", required_argument, 0, OPT_SPECTRUM},
    {"set", required_argument, 0, OPT_SET},         {"gesture", required_argument, 0, OPT_GESTURE},
    {"help", no_argument, 0, OPT_HELP},
    {0, 0, 0, 0},
};

static int parse_preset(const char *opt, const char *text, const snd_preset **out)
{
    *out = snd_preset_find(text);
    if (!*out)
        return cli_error("%s: '%s' is not a preset (allowed: %s)", opt, cli_cut(text), snd_preset_names());
    return CLI_OK;
}

#define MAX_SETS 64

static int parse_layers(const char *text, unsigned *layers)
{
    char msg[512];
    return bowl_lab_parse_layers(text, layers, msg, sizeof msg) ? cli_error("%s", msg) : CLI_OK;
}

/* --gesture FILE: read and validated whole before anything is rendered. */
static int read_gesture(const char *path, bowl_lab_gesture *g)
{
    if (!*path)
        return cli_error("--gesture: an empty file name (allowed: a gesture CSV file)");
    /* a regular file within the limit, checked before it is read: a FIFO or /dev/zero never blocks or spins */
    infile_data text;
    infile_error e;
    char msg[PATH_MAX + 1024];  /* the whole message: the path is cut in it, never the reason after it */
    if (infile_read(path, BOWL_LAB_MAX_GESTURE_BYTES, true, &text, &e) != INFILE_OK) {
        infile_message(&e, "--gesture", path, msg, sizeof msg);
        return e.status == INFILE_ERR_NOMEM ? cli_fail("%s", msg) : cli_error("%s", msg);
    }
    int rc = bowl_lab_gesture_parse(text.data, text.size, path, g, msg, sizeof msg);
    infile_data_free(&text);
    const char *shown = rc ? cli_cut_in(msg, path) : "";
    return rc == 0 ? CLI_OK : rc == 2 ? cli_error("--gesture: %s", shown) : cli_fail("--gesture: %s", shown);
}

/* Each "KEY=VALUE" into p, then the whole preset checked (a mechanics or sound parameter that does not fit the
 * others, e.g. spheres too large for the bowl, is named when the module can name it). */
static int apply_sets(snd_preset *p, const char *const *sets, int n)
{
    char msg[512];
    for (int i = 0; i < n; i++)
        if (bowl_lab_set(p, sets[i], msg, sizeof msg))
            return cli_error("%s", msg);
    const char *what = NULL;
    if (n > 0 && bowl_params_check(&p->bowl, &what))
        return cli_error("--set: the mechanics do not fit together: '%s' is out of range for the others (see "
                         "--describe %s)", what, p->name);
    if (n > 0 && snd_params_check(&p->sound))
        return cli_error("--set: the sound parameters do not fit together (e.g. bright_hi below bright_lo; see "
                         "--describe %s)", p->name);
    return CLI_OK;
}

static int run(int argc, char **argv)
{
    bowl_lab_options o = {
        .preset = snd_preset_default(), .seconds = 5.0, .seed = 1, .channels = 1, .format = WAV_PCM16,
        .layers = SND_LAYERS_DEFAULT,
    };
    const snd_preset *describe = NULL;
    bool list = false, have_seconds = false;
    long long seed = 1;
    const char *sets[MAX_SETS], *gesture_path = NULL;
    int n_sets = 0;
    /* gesture options apply to the chosen preset's gesture after parsing, whatever the order */
    double stir = -1.0, stir_radius = -1.0, reverse = -1.0, tilt_deg = 1e9, stop = -1.0;

    if (cli_check_options(argc, argv, "", long_options))
        return CLI_USAGE;
    opterr = 0;
    int opt, rc = CLI_OK;
    while (rc == CLI_OK && (opt = getopt_long(argc, argv, ":", long_options, NULL)) != -1) {
        switch (opt) {
        case OPT_PRESET:  rc = parse_preset("--preset", optarg, &o.preset); break;
        case OPT_SECONDS:
            rc = cli_range("--seconds", optarg, 0.0, 600.0, &o.seconds);
            if (rc == CLI_OK && !(o.seconds >= 1.0 / 2400.0))
                rc = cli_error("--seconds: '%s' is shorter than one step of 1/2400 s (allowed: 0 < S <= 600)",
                               cli_cut(optarg));
            have_seconds = true;
            break;
        case OPT_SEED:    rc = cli_count("--seed", optarg, 0, 4294967295LL, &seed); break;
        case OPT_WAV:
            o.wav = optarg;
            if (strcmp(optarg, "-") == 0)
                rc = cli_error("--wav: '-' is not a file (allowed: a file name; a WAV cannot be streamed to a pipe)");
            else if (!*optarg)
                rc = cli_error("--wav: an empty file name (allowed: a file name)");
            break;
        case OPT_FORCE:   o.replace = true; break;
        case OPT_MONO:    o.channels = 1; break;
        case OPT_STEREO:  o.channels = 2; break;
        case OPT_PCM16:   o.format = WAV_PCM16; break;
        case OPT_FLOAT:   o.format = WAV_FLOAT; break;
        case OPT_EVENTS:
            o.events = optarg;
            if (!*optarg)
                rc = cli_error("--events: an empty file name (allowed: a file name, or - for stdout)");
            break;
        case OPT_TRACE:
            o.trace = optarg;
            if (!*optarg)
                rc = cli_error("--trace: an empty file name (allowed: a file name, or - for stdout)");
            break;
        case OPT_SPECTRUM:
            o.spectrum = optarg;
            if (!*optarg)
                rc = cli_error("--spectrum: an empty file name (allowed: a file name, or - for stdout)");
            break;
        case OPT_LAYERS:  rc = parse_layers(optarg, &o.layers); break;
        case OPT_QUIET:   o.quiet = true; break;
        case OPT_STIR:    rc = cli_range("--stir", optarg, 0.0, 10.0, &stir); break;
        case OPT_STIR_RADIUS: rc = cli_range("--stir-radius", optarg, 0.0, 0.05, &stir_radius); break;
        case OPT_REVERSE: rc = cli_range("--reverse", optarg, 0.0, 600.0, &reverse); break;
        case OPT_TILT:    rc = cli_range("--tilt", optarg, -60.0, 60.0, &tilt_deg); break;
        case OPT_STOP:    rc = cli_range("--stop", optarg, 0.0, 600.0, &stop); break;
        case OPT_LIST:    list = true; break;
        case OPT_DESCRIBE: rc = parse_preset("--describe", optarg, &describe); break;
        case OPT_SET:
            if (n_sets == MAX_SETS)
                rc = cli_error("--set: more than %d of them (allowed: at most %d)", MAX_SETS, MAX_SETS);
            else
                sets[n_sets++] = optarg;
            break;
        case OPT_GESTURE: gesture_path = optarg; break;
        case OPT_HELP:    fputs(usage, stdout); return CLI_OK;
        default:          rc = cli_error("unknown option (see --help)"); break;  /* cli_check_options named it */
        }
    }
    if (rc != CLI_OK)
        return rc;
    if (optind < argc)
        return cli_unexpected(argv[optind]);
    if (list && describe)
        return cli_error("--list-presets and --describe are separate: give one (see --help)");
    if (list) {
        bowl_lab_list_presets();
        return CLI_OK;
    }
    /* --set applies to the preset described, rendered or played, after parsing, whatever the order */
    snd_preset chosen = describe ? *describe : *o.preset;
    if ((rc = apply_sets(&chosen, sets, n_sets)) != CLI_OK)
        return rc;
    if (describe) {
        bowl_lab_describe(&chosen);
        return CLI_OK;
    }

    o.preset = &chosen;
    o.seed = (unsigned long)seed;
    o.gesture = o.preset->gesture;
    if (stir >= 0.0)
        o.gesture.stir_hz = stir;
    if (stir_radius >= 0.0)
        o.gesture.stir_radius = stir_radius;
    if (reverse >= 0.0)
        o.gesture.reverse = reverse;
    if (tilt_deg < 1e9)
        o.gesture.tilt = tilt_deg * 3.14159265358979323846 / 180.0;
    if (stop >= 0.0)
        o.gesture.stop = stop;
    /* every output a different file, and at most one on stdout */
    const char *names[] = {"--wav", "--events", "--trace", "--spectrum"};
    const char *paths[] = {o.wav, o.events, o.trace, o.spectrum};
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (paths[i] && paths[j] && strcmp(paths[i], paths[j]) == 0)
                return strcmp(paths[i], "-") == 0
                           ? cli_error("%s and %s cannot both go to stdout (allowed: at most one '-')", names[i],
                                       names[j])
                           : cli_error("%s: '%s' is also the %s file (allowed: different files)", names[i],
                                       cli_cut(paths[i]), names[j]);

    bool outputs = o.wav || o.events || o.trace || o.spectrum;
    if (gesture_path) {
        if (stir >= 0.0 || stir_radius >= 0.0 || reverse >= 0.0 || tilt_deg < 1e9 || stop >= 0.0)
            return cli_error("--gesture: a recorded gesture replaces --stir, --stir-radius, --reverse, --tilt and "
                             "--stop (allowed: one or the other)");
        if (!outputs)
            return cli_error("--gesture: nothing to render it to (allowed: with --wav FILE, --events, --trace or "
                             "--spectrum)");
        bowl_lab_gesture g;
        if ((rc = read_gesture(gesture_path, &g)) != CLI_OK)
            return rc;
        const double end = g.rows[g.n - 1].t;
        if (!have_seconds)
            o.seconds = end;
        o.replay = &g;
        if (!(o.seconds >= 0.5 * o.preset->bowl.step))
            rc = cli_error("--gesture: '%s' ends at t = %g s: nothing to render (allowed: a last row after t = 0, "
                           "or --seconds)", cli_cut(gesture_path), end);
        else
            rc = bowl_lab_render(&o);
        bowl_lab_gesture_free(&g);
        return rc;
    }
    if (outputs)
        return bowl_lab_render(&o);
    if (!cli_have_terminal())
        return cli_error("no --wav FILE and no terminal for the interactive lab: to render headless use "
                         "--wav FILE (or --events/--trace FILE.csv); see --help");
    return bowl_lab_interactive(&chosen, o.seed);
}

int main(int argc, char **argv)
{
    cli_set_program("bowl-lab");
    lang_init();  /* LC_CTYPE from the environment, numbers always with a '.' */
    return cli_finish(run(argc, argv));
}
