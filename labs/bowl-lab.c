/* bowl-lab: two spheres in a bowl and their sound (the bowl note). The option table (labcli.h), then one mode: list or
 * describe presets, render headless to WAV / CSV (a scripted gesture or a recorded one), or the interactive lab
 * (labs/bowl-lab/walk.c); the checks the table cannot make in labs/bowl-lab/options.c. */
#include <stdio.h>
#include <string.h>

#include "bowl-lab/bowl_lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

#define MAX_SETS 64

typedef struct {
    bowl_lab_options o;
    const snd_preset *describe;
    const char *sets[MAX_SETS], *gesture_path, *audio;
    int n_sets;
    double stir, stir_radius, reverse, tilt_deg, stop;  /* the gesture's, when given */
    snd_preset chosen;  /* the preset described, rendered or played, with --set applied */
} front;

enum { LIST = 1, DESCRIBE, RENDER };
#define AT(field) LABCLI_AT(front, field)
#define OUTPUT(name, field, help) {name, LABCLI_FILE, "FILE.csv", AT(o.field), 0, 0, NULL, help, .mode = RENDER}
#define GESTURE(name, value, field, lo, hi, help) {name, LABCLI_NUMBER, value, AT(field), lo, hi, NULL, help}

static int parse_preset(void *opts, void *preset, const char *opt, const char *text)
{
    (void)opts;
    const snd_preset **out = preset;
    *out = snd_preset_find(text);
    return *out ? CLI_OK : labcli_not_a(opt, text, "preset", snd_preset_names());
}

static int parse_seconds(void *opts, void *seconds, const char *opt, const char *text)
{
    (void)opts;
    double *s = seconds;
    if (cli_range(opt, text, 0.0, 600.0, s))
        return CLI_USAGE;
    return *s >= 1.0 / 2400.0 ? CLI_OK : cli_error("%s: '%s' is shorter than one step of 1/2400 s (allowed: 0 < S <= "
                                                   "600)", opt, cli_cut(text));
}

static int parse_wav(void *opts, void *wav, const char *opt, const char *text)
{
    (void)opts;
    if (strcmp(text, "-") == 0)
        return cli_error("%s: '-' is not a file (allowed: a file name; a WAV cannot be streamed to a pipe)", opt);
    if (!*text)
        return cli_error("%s: an empty file name (allowed: a file name)", opt);
    *(const char **)wav = text;
    return CLI_OK;
}

static int parse_layers(void *opts, void *layers, const char *opt, const char *text)
{
    (void)opts, (void)opt;  /* the module's message names it */
    char msg[512];
    return bowl_lab_parse_layers(text, layers, msg, sizeof msg) ? cli_error("%s", msg) : CLI_OK;
}

static int parse_set(void *opts, void *field, const char *opt, const char *text)
{
    (void)field;  /* f->sets and f->n_sets */
    front *f = opts;
    if (f->n_sets == MAX_SETS)
        return cli_error("%s: more than %d of them (allowed: at most %d)", opt, MAX_SETS, MAX_SETS);
    f->sets[f->n_sets++] = text;
    return CLI_OK;
}

static const labcli_option options[] = {
    {"preset", LABCLI_PARSE, "NAME", AT(o.preset), 0, 0, NULL, "steel-pair (the default), rubbing, scratching, heavy-light,\n"
     "neodymium-spin-lock", .parse = parse_preset},
    {"seconds", LABCLI_PARSE, "S", AT(o.seconds), 0, 0, NULL, "length, 0 < S <= 600 (default 5); whole mechanics steps of\n"
     "1/2400 s", .parse = parse_seconds},
    {"seed", LABCLI_COUNT, "N", AT(o.seed), 0, 4294967295.0, "1", "the start and every random stream; same seed,\n"
     "same bytes"},
    {"wav", LABCLI_PARSE, "FILE", AT(o.wav), 0, 0, NULL, "write the render (an existing FILE is an error and stays\n"
     "untouched ...)", .mode = RENDER, .parse = parse_wav},
    {"force", LABCLI_FLAG, NULL, AT(o.replace), 0, 0, NULL, "(... unless --force: the finished render then replaces it\n"
     "in one rename; only a regular file is replaced, never a FIFO or a device)"},
    {"mono", LABCLI_SET, NULL, AT(o.channels), 1, 0, NULL, "one channel (the default)"},
    {"stereo", LABCLI_SET, NULL, AT(o.channels), 2, 0, NULL, "two: each sound panned by its position in the bowl"},
    {"pcm16", LABCLI_SET, NULL, AT(o.format), WAV_PCM16, 0, NULL, "16-bit PCM samples (the default)"},
    {"float", LABCLI_SET, NULL, AT(o.format), WAV_FLOAT, 0, NULL, "32-bit float samples"},
    OUTPUT("events", events, "t,event,sphere,value,impulse,x,y,z: collision (value: approach speed, m/s),\n"
           "bowl_impact (normal speed), gate_open/gate_close (gate), latch_on/latch_off (lambda)"),
    OUTPUT("trace", trace, "one row per 1/60 s frame, what the interactive lab shows: positions, speeds,\n"
           "gates, loads, micro-impact rates, latch, distance, energy, gesture, output peak"),
    OUTPUT("spectrum", spectrum, "freq,db of the last 8192 samples (Hann, GSL FFT; 0 dB = a full-scale sine),\n"
           "the spectrum the interactive lab shows"),
    {"spectrogram", LABCLI_FILE, "FILE", AT(o.spectrogram), 0, 0, NULL, "the render's spectrogram (Hann, GSL FFT,\n"
     "2048-sample frames; dB, 0 = a full-scale sine) as a figure, FILE.png, .svg or .pdf (kept if it exists:\n"
     "--force); - prints the same chart as text", .mode = RENDER},
    {"size", LABCLI_PARSE, "WxH", AT(o.figure), 0, 0, NULL, "the spectrogram figure's size, points (SVG, PDF) or\n"
     "pixels (PNG) (default 640x400)", .with = LABCLI_IN(RENDER), .parse = figure_size_field},
    {.help = "                      (FILE - writes a CSV to stdout; the summary line then goes to stderr; a FIFO or\n"
             "                      a device, e.g. /dev/null, is written as it is)"},
    {"layers", LABCLI_PARSE, "LIST", AT(o.layers), 0, 0, NULL, "comma-separated: rub, pair, impact, body, force (the bare\n"
     "contact force), or default (rub,pair,impact,body), all, or none (silence: the mechanics alone)",
     .parse = parse_layers},
    {"set", LABCLI_PARSE, "KEY=VALUE", 0, 0, 0, 0, NULL, "change one parameter of the preset (the keys --describe\n"
     "lists); repeatable", .parse = parse_set},
    {"quiet", LABCLI_FLAG, NULL, AT(o.quiet), 0, 0, NULL, "no summary line"},
    {"audio", LABCLI_TEXT, "DEVICE", AT(audio), 0, 0, "auto", "the interactive lab plays its sound live: auto (the\n"
     "default output device; none at all is fine), none, or a device's name (it must open); m mutes",
     .with = LABCLI_IN(0)},
    {"list-presets", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL, "one preset a line: its name, then what it should sound like",
     .mode = LIST},
    {"describe", LABCLI_PARSE, "NAME", AT(describe), 0, 0, NULL, "every parameter of a preset", .mode = DESCRIBE,
     .parse = parse_preset},
    {.help = "\nThe gesture (defaults from the preset; see --describe):"},
    GESTURE("stir", "HZ", stir, 0, 10, "the bowl circles horizontally at HZ (0: no stir)"),
    GESTURE("stir-radius", "M", stir_radius, 0, 0.05, "radius of that circle, m"),
    GESTURE("reverse", "S", reverse, 0, 600, "the stir changes direction every S seconds (0: never)"),
    GESTURE("tilt", "DEG", tilt_deg, -60, 60, "a steady tilt of the bowl, degrees"),
    GESTURE("stop", "S", stop, 0, 600, "the gesture stops at S seconds and the bowl rings out (0: never)"),
    {"gesture", LABCLI_FILE, "FILE.csv", AT(gesture_path), 0, 0, NULL, "a recorded gesture instead (what the\n"
     "interactive lab's w key writes next to its WAV): '#' comments, the header\n"
     BOWL_LAB_GESTURE_HEADER ", then rows: from t on the bowl is tilted and\n"
     "stirred so (degrees, Hz, m), and struck with that strength at t (0: not); the render lasts until the\n"
     "last row's t unless --seconds is given", .with = LABCLI_IN(RENDER)},
};

static const labcli_lab lab;

/* The preset's gesture with the gesture options given; CLI_USAGE when they meet a recorded one. */
static int scripted_gesture(front *f, const labcli_result *r)
{
    static const char *const names[] = {"stir", "stir-radius", "reverse", "tilt", "stop"};
    double *const values[] = {&f->o.gesture.stir_hz, &f->o.gesture.stir_radius, &f->o.gesture.reverse,
                              &f->o.gesture.tilt, &f->o.gesture.stop};
    const double given[] = {f->stir, f->stir_radius, f->reverse, f->tilt_deg * NUMLAB_PI / 180.0,
                            f->stop};
    f->o.gesture = f->o.preset->gesture;
    for (int i = 0; i < 5; i++)
        if (labcli_given(&lab, r, names[i])) {
            if (f->gesture_path)
                return cli_error("--gesture: a recorded gesture replaces --stir, --stir-radius, --reverse, --tilt "
                                 "and --stop (allowed: one or the other)");
            *values[i] = given[i];
        }
    return CLI_OK;
}

static int check(void *opts, const labcli_result *r)
{
    front *f = opts;
    if (r->mode == LIST)
        return CLI_OK;
    if (f->audio && !*f->audio)
        return cli_error("--audio: an empty device name (allowed: auto, none, or a device's name)");
    /* --set applies to the preset described, rendered or played, after parsing, whatever the order */
    f->chosen = r->mode == DESCRIBE ? *f->describe : *f->o.preset;
    f->o.preset = &f->chosen;
    int rc = bowl_lab_apply_sets(&f->chosen, f->sets, f->n_sets);
    if (rc == CLI_OK && r->mode != DESCRIBE && (rc = scripted_gesture(f, r)) == CLI_OK)
        rc = bowl_lab_check_outputs(&f->o);
    return rc;
}

static int run(void *opts, const labcli_result *r)
{
    front *f = opts;
    if (r->mode == LIST)
        bowl_lab_list_presets();
    else if (r->mode == DESCRIBE)
        bowl_lab_describe(&f->chosen);
    else if (f->gesture_path)
        return bowl_lab_render_replay(&f->o, f->gesture_path, labcli_given(&lab, r, "seconds"));
    else
        return r->mode == RENDER ? bowl_lab_render(&f->o) : bowl_lab_interactive(&f->chosen, f->o.seed, f->audio);
    return CLI_OK;
}

static const labcli_lab lab = {
    LABCLI_LAB(4, "bowl-lab", "two spheres in a bowl and the sound they make, to WAV"),
    .usage = "usage: bowl-lab [options] --wav FILE     render a preset to a WAV file\n"
             "       bowl-lab --list-presets            one preset a line: its name, then what it should sound like\n"
             "       bowl-lab --describe NAME           every parameter of a preset\n"
             "       bowl-lab [--preset NAME] [--seed N] [--set KEY=VALUE]\n"
             "                                          the interactive lab (needs a terminal): tilt and stir the bowl,\n"
             "                                          walk through the six levels of the sound, render your gesture",
    .about = "Two spheres ride the inside of an acrylic bowl; a scripted gesture swirls or tilts the bowl. Their sound:\n"
             "micro-impact streams (rubbing, scratching) through the bowl's and the spheres' modal banks, metallic strikes\n"
             "and an acrylic body knock at each collision, mixed, DC-blocked and limited (never clipped), 48 kHz.",
    .footer = "Every output is written to a temporary beside it; all are put in place together once complete, or none.\n"
              "Exit status: 0 ok, 1 runtime failure (nothing is left behind), 2 bad usage.\n",
    .options = options, .n_options = sizeof options / sizeof options[0],
    .interactive = N_("the interactive lab"), .check = check, .run = run,
};

int main(int argc, char **argv)
{
    front f = {.o = {.preset = snd_preset_default(), .seconds = 5.0, .channels = 1, .format = WAV_PCM16,
                     .layers = SND_LAYERS_DEFAULT}};
    return labcli_main(&lab, &f, argc, argv);
}
