/* bowl-lab's one private header. The lab's files: the command line (options.c), the live session the interactive
 * lab steps (model.c) with the preset's parameters by name (model_params.c), the player's gesture, its recording and
 * its replay (model_gesture.c), the event timeline (model_timeline.c) and the live sound (model_live.c); the
 * headless outputs (headless.c, headless_spectrogram.c); the charts (view.c), the guided walk (walk.c) and its
 * words (texts.c). */
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

#define BL_FRAME_HZ 60.0      /* the frames offline renders feed the accumulator (the trace's rows) */
#define BL_SPECTRUM_N 8192    /* the last window the spectrum shows: 0.17 s, bins of 5.9 Hz */
#define BL_MAX_GESTURE_S 3600 /* the last time a gesture file may hold, s (--seconds may render a part of it) */
#define BL_MAX_RENDER_S 600   /* the longest render, s, whatever sets its length: --seconds, a gesture file's last
                               * row, a session of the interactive lab (bl_run refuses more) */

/* --- the player's gesture (model_gesture.c) ----------------------------------------------------------------------- */

/* What the player holds: the bowl's tilt and its stir. */
typedef struct {
    double tilt_x_deg, tilt_y_deg;  /* the bowl turned by tilt_y about y, then by tilt_x about x (bowl.h), degrees */
    double stir_hz;                 /* the bowl circles at this rate, counter-clockwise from above (< 0: clockwise) */
    double stir_radius;             /* m: the radius of that circle */
} bl_controls;

#define BL_TILT_MAX 60.0      /* degrees */
#define BL_STIR_MAX 10.0      /* Hz */
#define BL_STIR_RADIUS_MAX 0.05  /* m */
#define BL_STRIKE_MAX 10.0

/* A gesture file's row: from time t on, the controls; and a strike of that strength at t (0: none). */
typedef struct {
    double t;
    bl_controls c;
    double strike;
} bl_gesture_row;

/* A recorded gesture: rows in time order. The last row's time is where the recording ends. */
typedef struct {
    bl_gesture_row *rows;
    size_t n, cap;
} bl_gesture;

#define BL_GESTURE_HEADER "t,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike"

/* Appends a row. 0, or -1 when out of memory (g unchanged). */
int bl_gesture_add(bl_gesture *g, const bl_gesture_row *row);
void bl_gesture_free(bl_gesture *g);
/* Parses a gesture file's size bytes: '#' comment lines and blank lines anywhere, then the header line, then rows
 * of six numbers (t nondecreasing in [0, BL_MAX_GESTURE_S], tilts within +-60 degrees, stir within +-10 Hz,
 * radius 0..0.05 m, strike 0..10); lines of at most 1023 characters, no NUL bytes. Returns 0, or 2 with msg
 * "NAME:LINE: what is wrong (allowed: ...)" (g emptied), or 1 when memory ran out. The file itself is read with
 * infile_read (a regular file of at most BL_MAX_GESTURE_BYTES). */
#define BL_MAX_GESTURE_BYTES (64u << 20)
int bl_gesture_parse(const char *data, size_t size, const char *name, bl_gesture *g, char *msg,
                           size_t len);
/* Writes the header and every row, exact to the bit (%.17g); a comment line first unless NULL. 0, or -1. */
int bl_gesture_write(FILE *f, const bl_gesture *g, const char *comment);

/* The player's state while stepping: the controls, the stir's angle, a strike waiting for the next step. */
typedef struct {
    bl_controls c;
    double phase;           /* rad: the bowl's centre is at A (cos phase, sin phase) on its stir circle */
    double strike;
} bl_player;

/* The gesture of one step of h seconds: the tilt in radians and the stir's acceleration -A w^2 (cos phase,
 * sin phase) at the step's start, w = 2 pi stir_hz; then the phase advances by w h. */
bowl_gesture bl_player_gesture(bl_player *p, double h);
/* One engine step under the player: its gesture, its pending strike (then cleared), snd_engine_step into out. */
void bl_player_step(bl_player *p, snd_engine *e, double *out);

/* The tilt that puts the bowl's lowest point at (dx, dy) R seen from above (R the bowl's radius; |(dx, dy)| is
 * the sine of the tilt, clamped to sin(max_deg)): effective gravity then points along (dx, dy, -...). */
void bl_tilt_toward(double dx, double dy, double max_deg, double *tilt_x_deg, double *tilt_y_deg);

/* Playing a recorded gesture back: before each step, the rows due at the engine's current step (the step nearest
 * to their t) set the controls (the last one wins) and add their strikes. */
typedef struct {
    const bl_gesture *g;
    size_t next;
    bl_player player;
} bl_replay;

void bl_replay_init(bl_replay *r, const bl_gesture *g);
void bl_replay_step(bl_replay *r, snd_engine *e, double *out);

/* --- the preset's parameters by name (model_params.c) ------------------------------------------------------------- */

/* One settable parameter: a double (or, for a mode count, a size_t) at `offset` in snd_preset, within [lo, hi]. */
typedef struct {
    const char *section;     /* printed as a comment before the first key of a section */
    const char *key;
    size_t offset;
    bool count;
    double lo, hi;
    const char *meaning;
} bl_param;

extern const bl_param bl_params[];
extern const size_t bl_n_params;
double bl_param_get(const snd_preset *p, const bl_param *f);
/* Sets one parameter of p from "KEY=VALUE" (a key of --describe, a finite number in its range). Returns 0, or 2
 * with msg naming the assignment and what is allowed. */
int bl_set(snd_preset *p, const char *assignment, char *msg, size_t len);
/* " --set key=value" for each parameter in which p differs from base (exact: %.17g), like snprintf. */
size_t bl_set_args(const snd_preset *base, const snd_preset *p, char *buf, size_t size);
/* True when no settable parameter differs. */
bool bl_same_params(const snd_preset *a, const snd_preset *b);
/* Layer lists: "rub,pair,impact", "default", "all", "none". Returns 0, or 2 with msg. */
int bl_parse_layers(const char *text, unsigned *layers, char *msg, size_t len);
/* The shortest list naming the layers ("none" for 0), like snprintf. */
size_t bl_layers_text(unsigned layers, char *buf, size_t size);

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

/* One line a preset: its name, then what it should sound like. */
void bl_list_presets(void);
/* Every parameter of a preset, one "key value  # meaning" a line (the keys --set takes). */
void bl_describe(const snd_preset *p);

/* bl_run for the command line: the error on stderr, the summary on stdout (stderr when a CSV goes to
 * stdout) unless quiet. Returns the exit status. */
int bl_render(const bl_options *o);

/* Interrupted by SIGINT/SIGTERM/SIGHUP (set by the handler the render installs). */
extern volatile int bl_interrupted;

/* --- the event timeline (model_timeline.c) ------------------------------------------------------------------------ */

enum { BL_LANE_HIT, BL_LANE_WALL, BL_LANE_GATE0, BL_LANE_GATE1, BL_LANE_LATCH,
       BL_LANES };
#define BL_TIMELINE_CAP 1024

typedef struct {
    double t;
    int lane;
    bool on;                /* a state lane's new state; true for the instants (hits) */
    double value;
} bl_mark;

/* The last BL_TIMELINE_CAP events; the states (gates, latch) before the oldest one kept. */
typedef struct {
    bl_mark ring[BL_TIMELINE_CAP];
    size_t start, n;
    bool base[BL_LANES];
    unsigned long count[BL_LANES]; /* every mark ever added, per lane */
} bl_timeline;

/* Empty, with the gates' and the latch's states taken from b. */
void bl_timeline_init(bl_timeline *tl, const bowl *b);
void bl_timeline_add(bl_timeline *tl, const bowl_event *ev);
/* A lane's name as shown (translated). */
const char *bl_lane_name(int lane);
/* What the timeline shows over [from, to]: span(lane, a, b) for each stretch a state lane was on (clipped to the
 * window), point(lane, t) for each instant inside it; in time order per lane. */
void bl_timeline_walk(const bl_timeline *tl, double from, double to,
                            void (*span)(void *arg, int lane, double a, double b),
                            void (*point)(void *arg, int lane, double t), void *arg);

/* --- the live session (model.c): what the interactive lab steps, records and renders ------------------------------ */

#define BL_TRAIL 48           /* trail points a sphere (one every BL_TRAIL_EVERY steps: 0.5 s) */
#define BL_TRAIL_EVERY 25

typedef struct {
    snd_preset preset;
    unsigned long seed;
    unsigned layers;
    snd_engine *e;
    bl_player player;   /* the controls the next steps use (the lab changes them between frames) */
    bl_gesture rec;     /* every change of the controls, and every strike, at its step's time */
    bool rec_failed;          /* out of memory while recording: the session cannot be rendered */
    bl_timeline timeline;
    double *buf;              /* the last step's samples (mono) */
    double *ring;             /* the last BL_SPECTRUM_N samples, oldest at ring_at */
    size_t ring_at;
    unsigned long ring_version; /* changes whenever the ring does */
    double peak;              /* largest |sample| since the last frame */
    double trail[2][BL_TRAIL][2]; /* x, y of each sphere, oldest at trail_at */
    size_t trail_at, trail_n;
    spectrogram *sg;          /* the last BL_SPECTROGRAM_S seconds' spectrogram (the g view); NULL: none */
} bl_session;

/* the g view's spectrogram: 2048-sample frames every 1024 samples (21 ms), the last 4 s */
#define BL_SPECTROGRAM_S 4.0
#define BL_SPECTROGRAM_HOP 1024
#define BL_SPECTROGRAM_FRAMES ((size_t)(BL_SPECTROGRAM_S * SND_RATE / BL_SPECTROGRAM_HOP))
#define BL_SPECTROGRAM_BINS (2048 / 2 + 1)

/* A mono session of the preset (copied) from t = 0 under controls c. SND_OK or the engine's error. */
int bl_session_init(bl_session *s, const snd_preset *preset, unsigned long seed, unsigned layers,
                          const bl_controls *c);
void bl_session_destroy(bl_session *s);
/* Takes n steps under s->player, recording each change of the controls and each strike. */
void bl_session_steps(bl_session *s, unsigned n);
/* One display frame of frame_dt seconds: the accumulator's steps. Returns how many. */
unsigned bl_session_frame(bl_session *s, double frame_dt);
/* Still something to show: a sphere moving, the bowl stirred, or sound ringing. */
bool bl_session_active(const bl_session *s);
/* The recording so far with its end row (the session's time, the controls now). 0, or -1 (out of memory). */
int bl_session_gesture(const bl_session *s, bl_gesture *out);
/* The command line that replays a recording as FILE.csv (with the preset's changes from its named preset). */
size_t bl_command(const snd_preset *preset, unsigned long seed, unsigned layers, const char *csv, char *buf,
                        size_t size);
/* Writes the recording and its render as DIR/bowl-session-N.csv and .wav, N the first number for which neither
 * exists (never replacing a file), through the headless render: both committed together, or neither. Returns 0
 * with msg naming the files, or 1/2 with the error; *wav_name gets the WAV's name (without DIR). */
int bl_session_save(const bl_session *s, const char *dir, char *msg, size_t len, char *wav_name,
                          size_t name_len);
/* The same for a recording taken from a session (bl_session_gesture): what the live lab saves once it has
 * let go of the session, so that the render never holds up the sound. g stays the caller's. */
int bl_save(const snd_preset *preset, unsigned long seed, unsigned layers, const bl_gesture *g,
                  const char *dir, char *msg, size_t len, char *wav_name, size_t name_len);

/* --- the live sound (model_live.c) -------------------------------------------------------------------------------- */

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
 * level plays *typed_layers when not NULL (--layers). Returns the exit status. */
int bl_interactive(const snd_preset *preset, unsigned long seed, const char *audio, const unsigned *typed_layers);

/* The walk's steps: the six levels, then free play. */
enum { BL_STEP_MECHANICS, BL_STEP_GATE, BL_STEP_FORCE, BL_STEP_FILTER, BL_STEP_BANKS, BL_STEP_EVENTS, BL_STEP_PLAY,
       BL_N_STEPS };
extern const char *const bl_step_titles[BL_N_STEPS];
extern const char *const bl_step_texts[BL_N_STEPS];

/* --- the command line (options.c) --------------------------------------------------------------------------------- */

enum { BL_LIST = 1, BL_DESCRIBE, BL_RENDER };  /* the modes; 0 is the interactive lab */
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
} bl_front;

/* The option table and its length. */
extern const labcli_option bl_option_table[];
extern const size_t bl_n_options;
/* The lab's check (labcli_lab.check): --set applied to the chosen preset, the gesture options, the outputs. */
int bl_check(void *opts, const labcli_result *r);
/* Each "KEY=VALUE" of --set into p, then the whole preset checked (a mechanics or sound parameter that does not fit
 * the others, e.g. spheres too large for the bowl, is named when the module can name it); CLI_OK or CLI_USAGE. */
int bl_apply_sets(snd_preset *p, const char *const *sets, int n);
/* Every output a different file, and at most one on stdout; CLI_OK or CLI_USAGE (said). */
int bl_check_outputs(const bl_options *o);
/* --gesture PATH read and validated whole, then rendered with o (its length when !have_seconds); the exit status. */
int bl_render_replay(bl_options *o, const char *path, bool have_seconds);

#endif
