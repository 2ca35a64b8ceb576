/* bowl-lab's command line: the option table (labcli.h), its parsers, and the checks the table cannot make alone:
 * --set's changes to the preset, the gesture options against a recorded gesture, the outputs together; and a
 * recorded gesture (--gesture) read and rendered. */
#include <limits.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/infile.h"
#include "numlab/lang.h"

#define AT(field) LABCLI_AT(bl_front, field)
#define OUTPUT(name, field, help) {name, LABCLI_FILE, "FILE.csv", AT(o.field), 0, 0, NULL, help, .mode = BL_RENDER}
/* with: the modes it goes with (0: every one) */
#define GESTURE(name, value, field, lo, hi, help, modes) \
    {name, LABCLI_NUMBER, value, AT(field), lo, hi, NULL, help, .with = (modes)}
/* What only a render reads: the interactive lab refuses it (by name, exit 2) rather than drop it. */
#define RENDER LABCLI_IN(BL_RENDER)
#define RENDER_ONLY .with = RENDER
#define PLOT_ONLY LABCLI_IN(BL_PLOT)
/* The bowl's options: every mode but --plot, whose studies are of one resonator, not of the bowl */
#define NOT_PLOT (LABCLI_IN(0) | LABCLI_IN(BL_LIST) | LABCLI_IN(BL_DESCRIBE) | LABCLI_IN(BL_RENDER))

static const char *const study_names[] = {"alias", "warp", "precision", NULL};  /* BL_STUDY_* */

static int parse_preset(void *opts, void *preset, const char *opt, const char *text)
{
    (void)opts;
    const snd_preset **out = preset;
    *out = snd_preset_find(text);
    return *out ? CLI_OK : labcli_not_a(opt, text, _("preset"), snd_preset_names());
}

static int parse_seconds(void *opts, void *seconds, const char *opt, const char *text)
{
    (void)opts;
    double *s = seconds;
    if (cli_range(opt, text, 0.0, BL_MAX_RENDER_S, s))
        return CLI_USAGE;
    return *s >= 1.0 / 2400.0 ? CLI_OK : cli_error(_("%s: '%s' is shorter than one step of 1/2400 s (allowed: 0 < S <= "
                                                   "600)"), opt, cli_cut(text));
}

static int parse_wav(void *opts, void *wav, const char *opt, const char *text)
{
    (void)opts;
    if (strcmp(text, "-") == 0)
        return cli_error(_("%s: '-' is not a file (allowed: a file name; a WAV cannot be streamed to a pipe)"), opt);
    if (!*text)
        return cli_error(_("%s: an empty file name (allowed: a file name)"), opt);
    *(const char **)wav = text;
    return CLI_OK;
}

static int parse_layers(void *opts, void *layers, const char *opt, const char *text)
{
    (void)opts, (void)opt;  /* the module's message names it */
    char msg[512];
    return bl_parse_layers(text, layers, msg, sizeof msg) ? cli_error("%s", msg) : CLI_OK;
}

static int parse_set(void *opts, void *field, const char *opt, const char *text)
{
    (void)field;  /* f->sets and f->n_sets */
    bl_front *f = opts;
    if (f->n_sets == BL_MAX_SETS)
        return cli_error(_("%s: more than %d of them (allowed: at most %d)"), opt, BL_MAX_SETS, BL_MAX_SETS);
    f->sets[f->n_sets++] = text;
    return CLI_OK;
}

const labcli_option bl_option_table[] = {
    {"preset", LABCLI_PARSE, "NAME", AT(o.preset), 0, 0, NULL,
     N_("steel-pair (the default), rubbing, scratching, heavy-light,\n"
        "neodymium-spin-lock"), .parse = parse_preset, .with = NOT_PLOT},
    {"seconds", LABCLI_PARSE, "S", AT(o.seconds), 0, 0, NULL,
     N_("length, 0 < S <= 600 (default 5); whole mechanics steps of\n"
        "1/2400 s"), .parse = parse_seconds, RENDER_ONLY},
    {"seed", LABCLI_COUNT, "N", AT(o.seed), 0, 4294967295.0, "1", N_("the start and every random stream; same seed,\n"
     "same bytes"), .with = NOT_PLOT},
    {"wav", LABCLI_PARSE, "FILE", AT(o.wav), 0, 0, NULL, N_("write the render (an existing FILE is an error and stays\n"
     "untouched ...)"), .mode = BL_RENDER, .parse = parse_wav},
    {"force", LABCLI_FLAG, NULL, AT(o.replace), 0, 0, NULL,
     N_("(... unless --force: the finished render then replaces it\n"
        "in one rename; only a regular file is replaced, never a FIFO or a device)"),
     .with = RENDER | PLOT_ONLY},
    {"mono", LABCLI_SET, NULL, AT(o.channels), 1, 0, NULL, N_("one channel (the default)"), RENDER_ONLY},
    {"stereo", LABCLI_SET, NULL, AT(o.channels), 2, 0, NULL, N_("two: each sound panned by its position in the bowl"),
     RENDER_ONLY},
    {"pcm16", LABCLI_SET, NULL, AT(o.format), WAV_PCM16, 0, NULL, N_("16-bit PCM samples (the default)"),
     RENDER_ONLY},
    {"float", LABCLI_SET, NULL, AT(o.format), WAV_FLOAT, 0, NULL, N_("32-bit float samples"), RENDER_ONLY},
    OUTPUT("events", events, N_("t,event,sphere,value,impulse,x,y,z: collision (value: approach speed, m/s),\n"
           "bowl_impact (normal speed), gate_open/gate_close (gate), latch_on/latch_off (lambda)")),
    OUTPUT("trace", trace, N_("one row per 1/60 s frame, what the interactive lab shows: positions, speeds,\n"
           "gates, loads, micro-impact rates, latch, distance, energy, gesture, output peak")),
    OUTPUT("spectrum", spectrum, N_("freq,db of the last 8192 samples (Hann, GSL FFT; 0 dB = a full-scale sine),\n"
           "the spectrum the interactive lab shows")),
    {"spectrogram", LABCLI_FILE, "FILE", AT(o.spectrogram), 0, 0, NULL, N_("the render's spectrogram (Hann, GSL FFT,\n"
     "2048-sample frames; dB, 0 = a full-scale sine) as a figure, FILE.png, .svg or .pdf (kept if it exists:\n"
     "--force); - prints the same chart as text"), .mode = BL_RENDER},
    {"size", LABCLI_PARSE, "WxH", AT(o.figure), 0, 0, NULL, N_("the spectrogram figure's size, points (SVG, PDF) or\n"
     "pixels (PNG) (default 640x400)"), .with = LABCLI_IN(BL_RENDER), .parse = figure_size_field},
    {.help =
     N_("                      (FILE - writes a CSV to stdout; the summary line then goes to stderr; a FIFO or\n"
             "                      a device, e.g. /dev/null, is written as it is)")},
    {"layers", LABCLI_PARSE, "LIST", AT(o.layers), 0, 0, NULL,
     N_("comma-separated: rub, pair, impact, body, force (the bare\n"
        "contact force), or default (rub,pair,impact,body), all, or none (silence: the mechanics alone)"),
     .parse = parse_layers, .with = NOT_PLOT},
    {"set", LABCLI_PARSE, "KEY=VALUE", 0, 0, 0, 0, NULL, N_("change parameters of the preset (the keys --describe\n"
     "lists): KEY=VALUE, or a comma-separated list of them; repeatable"), .parse = parse_set, .with = NOT_PLOT},
    {"quiet", LABCLI_FLAG, NULL, AT(o.quiet), 0, 0, NULL, N_("no summary line"), RENDER_ONLY},
    {"audio", LABCLI_TEXT, "DEVICE", AT(audio), 0, 0, "auto", N_("the interactive lab plays its sound live: auto (the\n"
     "default output device; none at all is fine), none, or a device's name (it must open); m mutes"),
     .with = LABCLI_IN(0), .local = true},
    LABCLI_GLYPH_OPTIONS(bl_front, o.glyphs, 0),
    {"list-presets", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL,
     N_("one preset a line: its name, then what it should sound like"),
     .mode = BL_LIST},
    {"describe", LABCLI_PARSE, "NAME", AT(describe), 0, 0, NULL, N_("every parameter of a preset"), .mode = BL_DESCRIBE,
     .parse = parse_preset},
    {.help = N_("\nThe resonators under sampling (a study of one resonator, as the walk's last three steps):")},
    {"plot", LABCLI_CHOICE, "NAME", AT(plot), 0, 0, NULL, N_("alias (a mode past Nyquist, folded), warp (the schemes'\n"
     "frequency warping, cents) or precision (float and double against long double, dB): a text chart"),
     .mode = BL_PLOT, .names = study_names, .noun = N_("study")},
    {"series", LABCLI_FLAG, NULL, AT(series), 0, 0, NULL, N_("the study's series as CSV (series,x,y), its numbers as\n"
     "'#' lines"), .with = PLOT_ONLY},
    {"freq", LABCLI_NUMBER, "HZ", AT(study_freq), 1, 1e6, NULL, N_("the resonator's frequency, of --plot and of the\n"
     "walk's steps 8 to 10 (default: alias 30000, warp 1290, precision 100)"), .with = PLOT_ONLY | LABCLI_IN(0)},
    {"rate", LABCLI_COUNT, "HZ", AT(rate_hz), 1000, 384000, "48000", N_("the sample rate, whole hertz (--plot, the walk's steps\n"
     "8 and 9)"),
     .with = PLOT_ONLY | LABCLI_IN(0)},
    {"decay", LABCLI_NUMBER, "1/S", AT(study_decay), 0, 1000, NULL, N_("the resonator's decay rate sigma, of --plot and of\n"
     "the walk's step 10 (default: alias 10, warp 3, precision 1)"), .with = PLOT_ONLY | LABCLI_IN(0)},
    {"listen", LABCLI_FILE, "FILE.wav", AT(listen), 0, 0, NULL, N_("with --plot alias: 2 s of the resonator as the\n"
     "bank would play it without its guard, at --rate (kept if it exists: --force)"), .with = PLOT_ONLY},
    {"width", LABCLI_COUNT, "W", AT(width), 20, 1000, "80", N_("the chart's columns"), .with = PLOT_ONLY},
    {"height", LABCLI_COUNT, "H", AT(height), 8, 500, "24", N_("the chart's rows"), .with = PLOT_ONLY},
    {.help = N_("\nThe gesture (defaults from the preset; see --describe):")},
    GESTURE("stir", "HZ", stir, -BL_STIR_MAX, BL_STIR_MAX, N_("the bowl circles horizontally at HZ (0: no stir; below 0:\n"
            "clockwise)"), NOT_PLOT),
    GESTURE("stir-radius", "M", stir_radius, 0, 0.05, N_("radius of that circle, m"), NOT_PLOT),
    /* the interactive lab starts from --stir, --stir-radius and --tilt; v reverses by hand, and nothing stops */
    GESTURE("reverse", "S", reverse, 0, 600, N_("the stir changes direction every S seconds (0: never)"), RENDER),
    GESTURE("tilt", "DEG", tilt_deg, -60, 60, N_("a steady tilt of the bowl, degrees"), NOT_PLOT),
    GESTURE("stop", "S", stop, 0, 600, N_("the gesture stops at S seconds and the bowl rings out (0: never)"),
            RENDER),
    {"gesture", LABCLI_FILE, "FILE.csv", AT(gesture_path), 0, 0, NULL, N_("a recorded gesture instead (what the\n"
     "interactive lab's w key writes next to its WAV): '#' comments, the header\n"
     "t,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike, then rows: from t on the bowl is tilted and\n"
     "stirred so (degrees, Hz, m), and struck with that strength at t (0: not); the render lasts until the\n"
     "last row's t unless --seconds is given"), .with = LABCLI_IN(BL_RENDER)},
};

const size_t bl_n_options = sizeof bl_option_table / sizeof bl_option_table[0];


/* The preset's gesture with the gesture options given; CLI_USAGE when they meet a recorded one. */
static int scripted_gesture(const labcli_lab *lab, bl_front *f, const labcli_result *r)
{
    static const char *const names[] = {"stir", "stir-radius", "reverse", "tilt", "stop"};
    double *const values[] = {&f->o.gesture.stir_hz, &f->o.gesture.stir_radius, &f->o.gesture.reverse,
                              &f->o.gesture.tilt, &f->o.gesture.stop};
    const double given[] = {f->stir, f->stir_radius, f->reverse, f->tilt_deg * NUMLAB_PI / 180.0,
                            f->stop};
    f->o.gesture = f->o.preset->gesture;
    for (int i = 0; i < 5; i++)
        if (labcli_given(lab, r, names[i])) {
            if (f->gesture_path)
                return cli_error(_("--gesture: a recorded gesture replaces --stir, --stir-radius, --reverse, --tilt "
                                 "and --stop (allowed: one or the other)"));
            *values[i] = given[i];
        }
    return CLI_OK;
}

int bl_check(const labcli_lab *lab, void *opts, const labcli_result *r)
{
    bl_front *f = opts;
    f->have_seconds = labcli_given(lab, r, "seconds");
    f->layers_given = labcli_given(lab, r, "layers");
    f->walk_study = (bl_study_given){.freq = f->study_freq, .rate = f->rate_hz, .decay = f->study_decay,
                                     .have_freq = labcli_given(lab, r, "freq"),
                                     .have_rate = labcli_given(lab, r, "rate"),
                                     .have_decay = labcli_given(lab, r, "decay")};
    if (r->mode == BL_LIST)
        return CLI_OK;
    if (r->mode == BL_PLOT) {  /* a study's own defaults for what was not given */
        double freq, rate, decay;
        bl_study_defaults(f->plot, &freq, &rate, &decay);
        f->study_freq = labcli_given(lab, r, "freq") ? f->study_freq : freq;
        (void)rate;  /* --rate's own default: 48000 */
        if (f->listen && f->plot != BL_STUDY_ALIAS)
            return cli_error(_("--listen goes with --plot alias (a resonator to hear; not with --plot %s)"),
                             bl_study_name(f->plot));
        if (f->o.replace && !f->listen)
            return cli_error(_("--force goes with --listen FILE or --wav FILE (see --help)"));
        f->study_decay = labcli_given(lab, r, "decay") ? f->study_decay : decay;
        return CLI_OK;
    }
    if (f->audio && !*f->audio)
        return cli_error(_("--audio: an empty device name (allowed: auto, none, or a device's name)"));
    /* --set applies to the preset described, rendered or played, after parsing, whatever the order */
    f->chosen = r->mode == BL_DESCRIBE ? *f->describe : *f->o.preset;
    f->o.preset = &f->chosen;
    int rc = bl_apply_sets(&f->chosen, f->sets, f->n_sets);
    if (rc == CLI_OK && r->mode != BL_DESCRIBE && (rc = scripted_gesture(lab, f, r)) == CLI_OK)
        rc = bl_check_outputs(&f->o);
    if (r->mode == 0)
        f->chosen.gesture = f->o.gesture;  /* the interactive lab starts from the preset's gesture, as changed */
    return rc;
}

/* --gesture FILE: read and validated whole before anything is rendered. */
static int read_gesture(const char *path, bl_gesture *g)
{
    if (!*path)
        return cli_error(_("--gesture: an empty file name (allowed: a gesture CSV file)"));
    /* a regular file within the limit, checked before it is read: a FIFO or /dev/zero never blocks or spins */
    infile_data text;
    infile_error e;
    char msg[PATH_MAX + 1024];  /* the whole message: the path is cut in it, never the reason after it */
    if (infile_read(path, BL_MAX_GESTURE_BYTES, true, &text, &e) != INFILE_OK) {
        infile_message(&e, "--gesture", path, msg, sizeof msg);
        return e.status == INFILE_ERR_NOMEM ? cli_fail("%s", msg) : cli_error("%s", msg);
    }
    int rc = bl_gesture_parse(text.data, text.size, path, g, msg, sizeof msg);
    infile_data_free(&text);
    const char *shown = rc ? cli_cut_in(msg, path) : "";
    return rc == 0 ? CLI_OK : rc == 2 ? cli_error("--gesture: %s", shown) : cli_fail("--gesture: %s", shown);
}

int bl_apply_sets(snd_preset *p, const char *const *sets, int n)
{
    char msg[512];
    for (int i = 0; i < n; i++)
        if (bl_set(p, sets[i], msg, sizeof msg))
            return cli_error("%s", msg);
    const char *what = NULL;
    if (n > 0 && bowl_params_check(&p->bowl, &what))
        return cli_error(_("--set: the mechanics do not fit together: '%s' is out of range for the others (see "
                         "--describe %s)"), what, p->name);
    if (n > 0 && snd_params_check(&p->sound, &what))
        return cli_error(_("--set: the sound parameters do not fit together: '%s' is out of range for the others (see "
                         "--describe %s)"), what, p->name);
    return CLI_OK;
}

int bl_check_outputs(const bl_options *o)
{
    if (o->figure.size_given && !o->spectrogram)
        return cli_error(_("--size goes with --spectrogram FILE (see --help)"));
    const char *names[] = {"--wav", "--events", "--trace", "--spectrum", "--spectrogram"};
    const char *paths[] = {o->wav, o->events, o->trace, o->spectrum, o->spectrogram};
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (paths[i] && paths[j] && strcmp(paths[i], paths[j]) == 0)
                return strcmp(paths[i], "-") == 0
                           ? cli_error(_("%s and %s cannot both go to stdout (allowed: at most one '-')"), names[i],
                                       names[j])
                           : cli_error(_("%s: '%s' is also the %s file (allowed: different files)"), names[i],
                                       cli_cut(paths[i]), names[j]);
    return CLI_OK;
}

int bl_render_replay(bl_options *o, const char *path, bool have_seconds)
{
    bl_gesture g;
    int rc = read_gesture(path, &g);
    if (rc != CLI_OK)
        return rc;
    const double end = g.rows[g.n - 1].t;
    if (!have_seconds)
        o->seconds = end;
    o->replay = &g;
    if (!have_seconds && end > BL_MAX_RENDER_S)
        rc = cli_error(_("--gesture: '%s' ends at t = %g s, a render that long is refused (allowed: at most %d s; "
                         "give --seconds to render a part)"), cli_cut(path), end, BL_MAX_RENDER_S);
    else if (!(o->seconds >= 0.5 * o->preset->bowl.step))
        rc = cli_error(_("--gesture: '%s' ends at t = %g s: nothing to render (allowed: a last row after t = 0, or "
                       "--seconds)"), cli_cut(path), end);
    else
        rc = bl_render(o);
    bl_gesture_free(&g);
    return rc;
}

/* --- --set and --layers: their words (the table of parameters and the layers' names are the model's) -------- */

/* One KEY=VALUE, the item_len bytes at item (a list's item: not NUL-terminated there). */
static int set_one(snd_preset *p, const char *item, size_t item_len, char *msg, size_t len)
{
    char assignment[256];
    if (item_len >= sizeof assignment)
        item_len = sizeof assignment - 1;  /* no key or number is this long: refused below, named cut */
    memcpy(assignment, item, item_len);
    assignment[item_len] = '\0';
    const char *eq = strchr(assignment, '=');
    size_t klen = eq ? (size_t)(eq - assignment) : strlen(assignment);
    const bl_param *f = NULL;
    for (size_t i = 0; i < bl_n_params && !f; i++)
        if (strlen(bl_params[i].key) == klen && strncmp(bl_params[i].key, assignment, klen) == 0)
            f = &bl_params[i];
    if (!eq || !f) {
        snprintf(msg, len, _("--set: '%s' is not KEY=VALUE with a key of --describe (e.g. magnet=0.5)"),
                 cli_cut(assignment));
        return 2;
    }
    const char *text = eq + 1, *problem;
    double v = 0.0;
    if ((problem = cli_number_problem(text, &v)) != NULL) {
        snprintf(msg, len, _("--set: '%s' %s in '%s' (allowed: %g..%g)"), cli_cut(text), problem, cli_cut(assignment),
                 f->lo, f->hi);
        return 2;
    }
    if (v < f->lo || v > f->hi || (f->count && v != floor(v))) {
        snprintf(msg, len, f->count ? _("--set: '%s' is out of range for %s (allowed: a whole number %g..%g)")
                                    : _("--set: '%s' is out of range for %s (allowed: %g..%g)"),
                 cli_cut(text), f->key, f->lo, f->hi);
        return 2;
    }
    bl_param_set(p, f, v);
    return 0;
}

/* Whether text starts a KEY=VALUE: a '=' before the next comma. */
static bool next_is_assignment(const char *text)
{
    const size_t n = strcspn(text, ",=");
    return text[n] == '=';
}

int bl_set(snd_preset *p, const char *assignments, char *msg, size_t len)
{
    /* a comma-separated list (a state line's one set field): an item ends at the comma before the next KEY=, so a
     * decimal comma ("bowl_radius=1,5") stays in its value and is refused as the number it is not */
    for (const char *item = assignments;;) {
        const char *comma = strchr(item, ',');
        while (comma && !next_is_assignment(comma + 1))
            comma = strchr(comma + 1, ',');
        const size_t n = comma ? (size_t)(comma - item) : strlen(item);
        int rc = set_one(p, item, n, msg, len);
        if (rc || !comma)
            return rc;
        item = comma + 1;
    }
}

int bl_parse_layers(const char *text, unsigned *layers, char *msg, size_t len)
{
    const char *allowed = _("a comma-separated list of rub, pair, impact, body, force, or default, all, none");
    char buf[256];
    if (!*text || strlen(text) >= sizeof buf) {
        snprintf(msg, len, _("--layers: '%s' is not a layer list (allowed: %s)"), cli_cut(text), allowed);
        return 2;
    }
    strcpy(buf, text);
    *layers = 0;
    for (char *name = buf, *comma; name; name = comma ? comma + 1 : NULL) {
        if ((comma = strchr(name, ',')))
            *comma = '\0';
        unsigned bits;
        if (bl_layer_bits(name, &bits)) {
            snprintf(msg, len, _("--layers: '%s' is not a layer in '%s' (allowed: %s)"), cli_cut(name), cli_cut(text),
                     allowed);
            return 2;
        }
        *layers |= bits;
    }
    return 0;
}
