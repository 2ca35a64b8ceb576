/* bowl-lab's shell around its model (model.h: the gesture, the parameters by name, the timeline, the live session
 * and the render). The shell's files: the command line (options.c, which turns options into the model's params),
 * the headless outputs (headless.c, headless_spectrogram.c, headless_sampling.c), a session saved (save.c), the
 * live sound (live.c); the charts (view.c, view_sampling.c), the guided walk (walk.c) and its words (texts.c), each
 * formatting what the model computed. */
#ifndef BL_LAB_H
#define BL_LAB_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "numlab/audio.h"
#include "numlab/figure.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "numlab/plot.h"
#include "numlab/spectrogram.h"
#include "numlab/sound.h"
#include "numlab/wav.h"
#include "model.h"

/* --- headless render (headless.c) --------------------------------------------------------------------------------- */

struct outset;
typedef struct bl_options_ {
    const snd_preset *preset; /* with --set applied */
    double seconds;
    unsigned long seed;
    const char *wav;          /* NULL: no WAV */
    const char *events;       /* NULL: none; "-": stdout */
    const char *trace;        /* NULL: none; "-": stdout */
    const char *spectrum;     /* NULL: none; "-": stdout */
    const char *spectrogram;  /* --spectrogram: NULL: none; "-": as text on stdout; else a figure file */
    figure_options figure;    /* --size of that figure */
    plot_mode glyphs;         /* --glyphs, --ascii: the charts' glyph set, on screen and --spectrogram - */
    spectrogram *spectrogram_sink; /* fed every sample of the render when not NULL */
    bool replace;             /* --force */
    size_t channels;
    wav_format format;
    unsigned layers;
    bowl_script gesture;      /* the preset's, changed by --stir, --tilt, ... */
    const bl_gesture *replay; /* --gesture: played instead of the scripted gesture */
    const char *replay_out;   /* NULL, or a new file to write the replayed gesture to (the lab's w key) ... */
    const char *replay_comment; /* ... with this comment line */
    bool quiet;
    /* NULL, or what must succeed before the outputs are committed (bl_render: the summary on stdout, stdout
     * flushed; --spectrogram: its figure, added to the set): CLI_OK, or the exit status with its message said */
    int (*before_commit)(const struct bl_options_ *o, struct outset *set, const char *summary);
} bl_options;

/* Renders o->seconds (whole steps) to the outputs asked for, one output set (outset.h): all are committed together
 * once complete and once o->before_commit succeeded, or none. Returns 0 with the summary line in msg, or 1 (runtime
 * failure: a write, a signal) or 2 (an output cannot be created: exists without replace, no such directory, not
 * writable, a special file, the same file as another output; a render longer than BL_MAX_RENDER_S) with the error
 * in msg (empty when before_commit said it); nothing is left behind on failure. A reader of a streamed output that
 * went away ends the program (cli_end_on_broken_pipe). Prints only CSV asked for on stdout ("-"). */
int bl_run(const bl_options *o, char *msg, size_t len);
/* The spectrogram chart (view.c): time across, frequency up on a log axis from 20 Hz to Nyquist, the levels
 * as a heat map in dB from the loudest (rounded up to 10 dB) down 100 dB. values gets the levels transposed (a row
 * a bin), as plot_image wants them: it must hold frames x bins floats and stay until the render. Nothing but the
 * title without a frame. */
void bl_chart_spectrogram(plot_chart *ch, const spectrogram *sg, float *values, const char *title);
/* --spectrogram (headless_spectrogram.c): renders as bl_render does, feeding a spectrogram (Hann, GSL FFT, frames of
 * 2048 samples), then writes it as a figure (time against log frequency, dB in viridis) or, for "-", as a text chart
 * on stdout. Returns the exit status. */
int bl_spectrogram(const bl_options *o);
/* bl_render's last step before the commit: the summary on stdout (stderr when a CSV is on stdout) unless o->quiet,
 * then stdout flushed (cli_flush_stdout). CLI_OK or the status, said. */
int bl_say_summary(const bl_options *o, const char *summary);

/* Writes the header and every row, exact to the bit (%.17g); a comment line first unless NULL. 0, or -1. */
int bl_gesture_write(FILE *f, const bl_gesture *g, const char *comment);

/* One line a preset: its name, then what it should sound like. */
void bl_list_presets(void);
/* Every parameter of a preset, one "key value  # meaning" a line (the keys --set takes). */
void bl_describe(const snd_preset *p);

/* bl_run for the command line: the error on stderr, the summary on stdout (stderr when a CSV goes to
 * stdout) unless quiet. Returns the exit status. */
int bl_render(const bl_options *o);

/* Interrupted by SIGINT/SIGTERM/SIGHUP (set by the handler the render installs). */
extern volatile int bl_interrupted;

/* --- saving a session (save.c): its recording and its render ------------------------------------------------- */

/* Writes the recording and its render as DIR/bowl-session-N.csv and .wav, N the first number for which neither
 * exists (never replacing a file), through the headless render: both committed together, or neither. Returns 0
 * with msg naming the files, or 1/2 with the error; *wav_name gets the WAV's name (without DIR). */
int bl_session_save(const bl_session *s, const char *dir, char *msg, size_t len, char *wav_name,
                          size_t name_len);
/* The same for a recording taken from a session (bl_session_gesture): what the live lab saves once it has
 * let go of the session, so that the render never holds up the sound. g stays the caller's. */
int bl_save(const snd_preset *preset, unsigned long seed, unsigned layers, const bl_gesture *g,
                  const char *dir, char *msg, size_t len, char *wav_name, size_t name_len);

/* --- the live sound (live.c) -------------------------------------------------------------------------------- */

/* The sound device and the lock the lab's thread and the synthesis thread share the session under. */
typedef struct {
    pthread_mutex_t lock;
    bl_session *s;     /* what the synthesis thread steps; NULL: none (it plays silence) */
    audio_out *out;          /* NULL: no sound (none asked for, or no device): the lab steps the session itself */
    char status[96];         /* why there is no sound, for the notes */
} bl_live;

/* --audio DEVICE: "none" (no sound), NULL or "auto" (the default device; none at all is fine and said in status),
 * or a device's name (which must open). Returns the exit status: CLI_OK, or 2 (no such device) or 1 (the device
 * failed) with the error said on stderr. bl_live_close in every case. */
int bl_live_open(bl_live *l, const char *device);
void bl_live_close(bl_live *l);
/* The source audio's synthesis thread calls (audio.h): whole steps of l->s, as 16-bit PCM. */
size_t bl_live_source(void *arg, int16_t *out, size_t max);
/* One line for the notes: the device's lead and underruns, muted, or why there is no sound. */
size_t bl_live_text(const bl_live *l, char *buf, size_t size);

/* --- charts (view.c) ---------------------------------------------------------------------------------------------- */

enum { BL_COLOR_SPHERE0 = PLOT_CYAN, BL_COLOR_SPHERE1 = PLOT_MAGENTA, BL_COLOR_LOW = PLOT_YELLOW,
       BL_COLOR_RIM = PLOT_WHITE };

/* The bowl from above (mm, equal aspect): rim, trails, spheres, the low point of effective gravity. */
void bl_chart_bowl(plot_chart *ch, const bl_session *s);
/* The bowl point (m) under a cell of that chart after a render, the cell clamped into the plot area first.
 * 0, or -1 when the chart was too small. */
int bl_cell_to_bowl(const plot_chart *ch, int col, int row, double *x, double *y);
/* The spectrum of db[0..BL_SPECTRUM_N/2] (dB against Hz, log frequency). */
void bl_chart_spectrum(plot_chart *ch, const double *freq, const double *db);
/* Draws the timeline's last `window` seconds up to `now` into rows [row, row + 7) of grid: a title, five lanes
 * (labels, then a canvas), a time axis. The canvas: 5 rows, at most grid->cols - bl_timeline_label_cols()
 * columns. */
void bl_draw_timeline(plot_grid *grid, int row, plot_canvas *lanes, const bl_timeline *tl, double now,
                      double window);
/* The columns before the timeline's canvas: the widest lane name (in the language shown) and a blank either side. */
int bl_timeline_label_cols(void);
/* A meter: width cells, the first round(value * width) full ('#' or a block), the rest light ('.' or a dot). */
size_t bl_bar(char *buf, size_t size, double value, int width, bool unicode);

/* --- the interactive walk (walk.c) and its words (texts.c) -------------------------------------------------------- */

/* The guided walk through the six levels of the bowl note's synthesis chain, then free play, heard live on the
 * --audio device (bl_live_open). It starts from the preset's gesture (with --stir, --stir-radius, --tilt); every
 * level plays *typed_layers when not NULL (--layers); its charts in glyphs (--glyphs). r: the command line (the lab that read it, for "needs a
 * terminal"). Returns the exit status. */
/* The sampling steps' --freq, --rate and --decay as given (the state line): each step takes a value its slider's
 * range holds, and keeps its own otherwise. */
typedef struct {
    double freq, rate, decay;
    bool have_freq, have_rate, have_decay;
} bl_study_given;

int bl_interactive(const labcli_result *r, plot_mode glyphs, const snd_preset *preset, unsigned long seed,
                   const char *audio, const unsigned *typed_layers, const bl_study_given *study);

/* The walk's steps: the six levels, free play, then the resonators under sampling (a study of model_sampling.c
 * each, on the left pane, while the bowl plays on). */
enum { BL_STEP_MECHANICS, BL_STEP_GATE, BL_STEP_FORCE, BL_STEP_FILTER, BL_STEP_BANKS, BL_STEP_EVENTS, BL_STEP_PLAY,
       BL_STEP_ALIAS, BL_STEP_WARP, BL_STEP_PRECISION, BL_N_STEPS };
/* One or two sentences of what a study found (translated), like snprintf. */
size_t bl_study_text(const bl_study *st, char *buf, size_t size);
/* The study's chart (view_sampling.c): its series (legends translated), titled with its parameters. The arrays are
 * the study's: it must stay until the render. */
void bl_chart_study(plot_chart *ch, const bl_study *st);
extern const char *const bl_step_titles[BL_N_STEPS];
extern const char *const bl_step_texts[BL_N_STEPS];

/* --- the command line (options.c) --------------------------------------------------------------------------------- */

enum { BL_LIST = 1, BL_DESCRIBE, BL_RENDER, BL_PLOT };  /* the modes; 0 is the interactive lab */
#define BL_MAX_SETS 64

/* What the command line gives. */
typedef struct {
    bl_options o;
    const snd_preset *describe;
    const char *sets[BL_MAX_SETS], *gesture_path, *audio;
    int n_sets;
    double stir, stir_radius, reverse, tilt_deg, stop;  /* the gesture's, when given */
    bool have_seconds;  /* --seconds given (else a recorded gesture lasts until its last row) */
    bool layers_given;  /* --layers given: the interactive lab's every level plays them */
    snd_preset chosen;  /* the preset described, rendered or played, with --set applied */
    /* --plot NAME: a sampling study (model_sampling.c) */
    int plot;            /* BL_STUDY_* */
    bool series;         /* --series: its series as CSV */
    double study_freq, study_decay;  /* --freq, --decay (default: the study's) */
    int rate_hz;         /* --rate (default 48000) */
    bl_study_given walk_study;  /* the same for the walk's sampling steps */
    const char *listen;  /* --listen FILE.wav (with --plot alias): the resonator to hear */
    int width, height;   /* the text chart */
} bl_front;

/* The option table and its length. */
extern const labcli_option bl_option_table[];
extern const size_t bl_n_options;
/* The lab's check (labcli_lab.check): --set applied to the chosen preset, the gesture options, the outputs. */
int bl_check(const labcli_lab *lab, void *opts, const labcli_result *r);
/* Sets parameters of p from "KEY=VALUE" or a comma-separated list of them (each a key of --describe, a finite
 * number in its range), in order. Returns 0, or 2 with msg naming the first bad assignment and what is allowed. */
int bl_set(snd_preset *p, const char *assignments, char *msg, size_t len);
/* The walk's instrument as a --set list for its state line: "KEY=VALUE,..." (each number exact and short: state.h)
 * for each parameter in which now differs from the step's own base, the controls' tilts, stir (below 0: run
 * backwards) and its radius among them. "" when none differs. */
void bl_walk_set_list(const snd_preset *base, const snd_preset *now, const bl_controls *c, char *buf, size_t size);
/* Layer lists: "rub,pair,impact", "default", "all", "none". Returns 0, or 2 with msg. */
int bl_parse_layers(const char *text, unsigned *layers, char *msg, size_t len);
/* Each "KEY=VALUE" of --set into p, then the whole preset checked (a mechanics or sound parameter that does not fit
 * the others, e.g. spheres too large for the bowl, is named when the module can name it); CLI_OK or CLI_USAGE. */
int bl_apply_sets(snd_preset *p, const char *const *sets, int n);
/* Every output a different file, and at most one on stdout; CLI_OK or CLI_USAGE (said). */
int bl_check_outputs(const bl_options *o);
/* --plot NAME [--series]: the study's chart as text on stdout, then what it found; or its series as CSV
 * (series,x,y) with the numbers as '#' lines. The exit status. */
int bl_plot(const bl_front *f);
/* --gesture PATH read and validated whole, then rendered with o (its length when !have_seconds); the exit status. */
int bl_render_replay(bl_options *o, const char *path, bool have_seconds);

#endif
