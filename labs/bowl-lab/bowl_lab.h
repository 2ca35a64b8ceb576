/* bowl-lab's parts: the options main() parsed, the headless render (render.c), the preset's parameters by name
 * (describe.c), the player's gesture, its recording and its replay (gesture.c), the event timeline (timeline.c), the
 * live session the interactive lab steps (session.c), its charts (view.c) and the guided walk (walk.c). */
#ifndef BOWL_LAB_H
#define BOWL_LAB_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "numlab/audio.h"
#include "numlab/figure.h"
#include "numlab/plot.h"
#include "numlab/spectrogram.h"
#include "numlab/sound.h"
#include "numlab/wav.h"

#define BOWL_LAB_FRAME_HZ 60.0      /* the frames offline renders feed the accumulator (the trace's rows) */
#define BOWL_LAB_SPECTRUM_N 8192    /* the last window the spectrum shows: 0.17 s, bins of 5.9 Hz */
#define BOWL_LAB_MAX_GESTURE_S 3600 /* the longest gesture file or session a render takes, s */

/* --- the player's gesture (gesture.c) ----------------------------------------------------------------------- */

/* What the player holds: the bowl's tilt and its stir. */
typedef struct {
    double tilt_x_deg, tilt_y_deg;  /* the bowl turned by tilt_y about y, then by tilt_x about x (bowl.h), degrees */
    double stir_hz;                 /* the bowl circles at this rate, counter-clockwise from above (< 0: clockwise) */
    double stir_radius;             /* m: the radius of that circle */
} bowl_lab_controls;

#define BOWL_LAB_TILT_MAX 60.0      /* degrees */
#define BOWL_LAB_STIR_MAX 10.0      /* Hz */
#define BOWL_LAB_STIR_RADIUS_MAX 0.05  /* m */
#define BOWL_LAB_STRIKE_MAX 10.0

/* A gesture file's row: from time t on, the controls; and a strike of that strength at t (0: none). */
typedef struct {
    double t;
    bowl_lab_controls c;
    double strike;
} bowl_lab_gesture_row;

/* A recorded gesture: rows in time order. The last row's time is where the recording ends. */
typedef struct {
    bowl_lab_gesture_row *rows;
    size_t n, cap;
} bowl_lab_gesture;

#define BOWL_LAB_GESTURE_HEADER "t,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike"

/* Appends a row. 0, or -1 when out of memory (g unchanged). */
int bowl_lab_gesture_add(bowl_lab_gesture *g, const bowl_lab_gesture_row *row);
void bowl_lab_gesture_free(bowl_lab_gesture *g);
/* Parses a gesture file's size bytes: '#' comment lines and blank lines anywhere, then the header line, then rows
 * of six numbers (t nondecreasing in [0, BOWL_LAB_MAX_GESTURE_S], tilts within +-60 degrees, stir within +-10 Hz,
 * radius 0..0.05 m, strike 0..10); lines of at most 1023 characters, no NUL bytes. Returns 0, or 2 with msg
 * "NAME:LINE: what is wrong (allowed: ...)" (g emptied), or 1 when memory ran out. The file itself is read with
 * infile_read (a regular file of at most BOWL_LAB_MAX_GESTURE_BYTES). */
#define BOWL_LAB_MAX_GESTURE_BYTES (64u << 20)
int bowl_lab_gesture_parse(const char *data, size_t size, const char *name, bowl_lab_gesture *g, char *msg,
                           size_t len);
/* Writes the header and every row, exact to the bit (%.17g); a comment line first unless NULL. 0, or -1. */
int bowl_lab_gesture_write(FILE *f, const bowl_lab_gesture *g, const char *comment);

/* The player's state while stepping: the controls, the stir's angle, a strike waiting for the next step. */
typedef struct {
    bowl_lab_controls c;
    double phase;           /* rad: the bowl's centre is at A (cos phase, sin phase) on its stir circle */
    double strike;
} bowl_lab_player;

/* The gesture of one step of h seconds: the tilt in radians and the stir's acceleration -A w^2 (cos phase,
 * sin phase) at the step's start, w = 2 pi stir_hz; then the phase advances by w h. */
bowl_gesture bowl_lab_player_gesture(bowl_lab_player *p, double h);
/* One engine step under the player: its gesture, its pending strike (then cleared), snd_engine_step into out. */
void bowl_lab_player_step(bowl_lab_player *p, snd_engine *e, double *out);

/* The tilt that puts the bowl's lowest point at (dx, dy) R seen from above (R the bowl's radius; |(dx, dy)| is
 * the sine of the tilt, clamped to sin(max_deg)): effective gravity then points along (dx, dy, -...). */
void bowl_lab_tilt_toward(double dx, double dy, double max_deg, double *tilt_x_deg, double *tilt_y_deg);

/* Playing a recorded gesture back: before each step, the rows due at the engine's current step (the step nearest
 * to their t) set the controls (the last one wins) and add their strikes. */
typedef struct {
    const bowl_lab_gesture *g;
    size_t next;
    bowl_lab_player player;
} bowl_lab_replay;

void bowl_lab_replay_init(bowl_lab_replay *r, const bowl_lab_gesture *g);
void bowl_lab_replay_step(bowl_lab_replay *r, snd_engine *e, double *out);

/* --- the preset's parameters by name (describe.c) ---------------------------------------------------------- */

/* One line a preset: its name, then what it should sound like. */
void bowl_lab_list_presets(void);
/* Every parameter of a preset, one "key value  # meaning" a line (the keys --set takes). */
void bowl_lab_describe(const snd_preset *p);
/* Sets one parameter of p from "KEY=VALUE" (a key of --describe, a finite number in its range). Returns 0, or 2
 * with msg naming the assignment and what is allowed. */
int bowl_lab_set(snd_preset *p, const char *assignment, char *msg, size_t len);
/* " --set key=value" for each parameter in which p differs from base (exact: %.17g), like snprintf. */
size_t bowl_lab_set_args(const snd_preset *base, const snd_preset *p, char *buf, size_t size);
/* True when no settable parameter differs. */
bool bowl_lab_same_params(const snd_preset *a, const snd_preset *b);
/* Layer lists: "rub,pair,impact", "default", "all", "none". Returns 0, or 2 with msg. */
int bowl_lab_parse_layers(const char *text, unsigned *layers, char *msg, size_t len);
/* The shortest list naming the layers ("none" for 0), like snprintf. */
size_t bowl_lab_layers_text(unsigned layers, char *buf, size_t size);

/* --- headless render (render.c) ------------------------------------------------------------------------------ */

typedef struct {
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
    const bowl_lab_gesture *replay; /* --gesture: played instead of the scripted gesture */
    const char *replay_out;   /* NULL, or a new file to write the replayed gesture to (the lab's w key) ... */
    const char *replay_comment; /* ... with this comment line */
    bool quiet;
} bowl_lab_options;

/* Renders o->seconds (whole steps) to the outputs asked for, one output set (outset.h): all are committed together
 * once complete, or none. Returns 0 with the summary line in msg, or 1 (runtime failure: a write, a signal, a
 * broken pipe) or 2 (an output cannot be created: exists without replace, no such directory, not writable, a
 * special file, the same file as another output) with the error in msg; nothing is left behind on failure.
 * Prints only CSV asked for on stdout ("-"). */
int bowl_lab_run(const bowl_lab_options *o, char *msg, size_t len);
/* The spectrogram chart (spectrogram.c): time across, frequency up on a log axis from 20 Hz to Nyquist, the levels
 * as a heat map in dB from the loudest (rounded up to 10 dB) down 100 dB. values gets the levels transposed (a row
 * a bin), as plot_image wants them: it must hold frames x bins floats and stay until the render. Nothing but the
 * title without a frame. */
void bowl_lab_chart_spectrogram(plot_chart *ch, const spectrogram *sg, float *values, const char *title);
/* --spectrogram (spectrogram.c): renders as bowl_lab_render does, feeding a spectrogram (Hann, GSL FFT, frames of
 * 2048 samples), then writes it as a figure (time against log frequency, dB in viridis) or, for "-", as a text chart
 * on stdout. Returns the exit status. */
int bowl_lab_spectrogram(const bowl_lab_options *o);

/* bowl_lab_run for the command line: the error on stderr, the summary on stdout (stderr when a CSV goes to
 * stdout) unless quiet. Returns the exit status. */
int bowl_lab_render(const bowl_lab_options *o);

/* Interrupted by SIGINT/SIGTERM/SIGHUP (set by the handler the render installs). */
extern volatile int bowl_lab_interrupted;

/* --- the event timeline (timeline.c) ------------------------------------------------------------------------- */

enum { BOWL_LAB_LANE_HIT, BOWL_LAB_LANE_WALL, BOWL_LAB_LANE_GATE0, BOWL_LAB_LANE_GATE1, BOWL_LAB_LANE_LATCH,
       BOWL_LAB_LANES };
#define BOWL_LAB_TIMELINE_CAP 1024

typedef struct {
    double t;
    int lane;
    bool on;                /* a state lane's new state; true for the instants (hits) */
    double value;
} bowl_lab_mark;

/* The last BOWL_LAB_TIMELINE_CAP events; the states (gates, latch) before the oldest one kept. */
typedef struct {
    bowl_lab_mark ring[BOWL_LAB_TIMELINE_CAP];
    size_t start, n;
    bool base[BOWL_LAB_LANES];
    unsigned long count[BOWL_LAB_LANES]; /* every mark ever added, per lane */
} bowl_lab_timeline;

/* Empty, with the gates' and the latch's states taken from b. */
void bowl_lab_timeline_init(bowl_lab_timeline *tl, const bowl *b);
void bowl_lab_timeline_add(bowl_lab_timeline *tl, const bowl_event *ev);
const char *bowl_lab_lane_name(int lane);
/* What the timeline shows over [from, to]: span(lane, a, b) for each stretch a state lane was on (clipped to the
 * window), point(lane, t) for each instant inside it; in time order per lane. */
void bowl_lab_timeline_walk(const bowl_lab_timeline *tl, double from, double to,
                            void (*span)(void *arg, int lane, double a, double b),
                            void (*point)(void *arg, int lane, double t), void *arg);

/* --- the live session (session.c): what the interactive lab steps, records and renders ------------------------ */

#define BOWL_LAB_TRAIL 48           /* trail points a sphere (one every BOWL_LAB_TRAIL_EVERY steps: 0.5 s) */
#define BOWL_LAB_TRAIL_EVERY 25

typedef struct {
    snd_preset preset;
    unsigned long seed;
    unsigned layers;
    snd_engine *e;
    bowl_lab_player player;   /* the controls the next steps use (the lab changes them between frames) */
    bowl_lab_gesture rec;     /* every change of the controls, and every strike, at its step's time */
    bool rec_failed;          /* out of memory while recording: the session cannot be rendered */
    bowl_lab_timeline timeline;
    double *buf;              /* the last step's samples (mono) */
    double *ring;             /* the last BOWL_LAB_SPECTRUM_N samples, oldest at ring_at */
    size_t ring_at;
    unsigned long ring_version; /* changes whenever the ring does */
    double peak;              /* largest |sample| since the last frame */
    double trail[2][BOWL_LAB_TRAIL][2]; /* x, y of each sphere, oldest at trail_at */
    size_t trail_at, trail_n;
    spectrogram *sg;          /* the last BOWL_LAB_SPECTROGRAM_S seconds' spectrogram (the g view); NULL: none */
} bowl_lab_session;

/* the g view's spectrogram: 2048-sample frames every 1024 samples (21 ms), the last 4 s */
#define BOWL_LAB_SPECTROGRAM_S 4.0
#define BOWL_LAB_SPECTROGRAM_HOP 1024
#define BOWL_LAB_SPECTROGRAM_FRAMES ((size_t)(BOWL_LAB_SPECTROGRAM_S * SND_RATE / BOWL_LAB_SPECTROGRAM_HOP))
#define BOWL_LAB_SPECTROGRAM_BINS (2048 / 2 + 1)

/* A mono session of the preset (copied) from t = 0 under controls c. SND_OK or the engine's error. */
int bowl_lab_session_init(bowl_lab_session *s, const snd_preset *preset, unsigned long seed, unsigned layers,
                          const bowl_lab_controls *c);
void bowl_lab_session_destroy(bowl_lab_session *s);
/* Takes n steps under s->player, recording each change of the controls and each strike. */
void bowl_lab_session_steps(bowl_lab_session *s, unsigned n);
/* One display frame of frame_dt seconds: the accumulator's steps. Returns how many. */
unsigned bowl_lab_session_frame(bowl_lab_session *s, double frame_dt);
/* Still something to show: a sphere moving, the bowl stirred, or sound ringing. */
bool bowl_lab_session_active(const bowl_lab_session *s);
/* The recording so far with its end row (the session's time, the controls now). 0, or -1 (out of memory). */
int bowl_lab_session_gesture(const bowl_lab_session *s, bowl_lab_gesture *out);
/* The command line that replays a recording as FILE.csv (with the preset's changes from its named preset). */
size_t bowl_lab_command(const snd_preset *preset, unsigned long seed, unsigned layers, const char *csv, char *buf,
                        size_t size);
/* Writes the recording and its render as DIR/bowl-session-N.csv and .wav, N the first number for which neither
 * exists (never replacing a file), through the headless render: both committed together, or neither. Returns 0
 * with msg naming the files, or 1/2 with the error; *wav_name gets the WAV's name (without DIR). */
int bowl_lab_session_save(const bowl_lab_session *s, const char *dir, char *msg, size_t len, char *wav_name,
                          size_t name_len);
/* The same for a recording taken from a session (bowl_lab_session_gesture): what the live lab saves once it has
 * let go of the session, so that the render never holds up the sound. g stays the caller's. */
int bowl_lab_save(const snd_preset *preset, unsigned long seed, unsigned layers, const bowl_lab_gesture *g,
                  const char *dir, char *msg, size_t len, char *wav_name, size_t name_len);

/* --- the live sound (live.c) ------------------------------------------------------------------------------------ */

/* The sound device and the lock the lab's thread and the synthesis thread share the session under. */
typedef struct {
    pthread_mutex_t lock;
    bowl_lab_session *s;     /* what the synthesis thread steps; NULL: none (it plays silence) */
    audio_out *out;          /* NULL: no sound (none asked for, or no device): the lab steps the session itself */
    char status[96];         /* why there is no sound, for the notes */
} bowl_lab_live;

/* --audio DEVICE: "none" (no sound), NULL or "auto" (the default device; none at all is fine and said in status),
 * or a device's name (which must open). Returns the exit status: CLI_OK, or 2 (no such device) or 1 (the device
 * failed) with the error said on stderr. bowl_lab_live_close in every case. */
int bowl_lab_live_open(bowl_lab_live *l, const char *device);
void bowl_lab_live_close(bowl_lab_live *l);
/* The source audio's synthesis thread calls (audio.h): whole steps of l->s, as 16-bit PCM. */
size_t bowl_lab_live_source(void *arg, int16_t *out, size_t max);
/* One line for the notes: the device's lead and underruns, muted, or why there is no sound. */
size_t bowl_lab_live_text(const bowl_lab_live *l, char *buf, size_t size);

/* --- charts (view.c) ------------------------------------------------------------------------------------------ */

enum { BOWL_LAB_COLOR_SPHERE0 = PLOT_CYAN, BOWL_LAB_COLOR_SPHERE1 = PLOT_MAGENTA, BOWL_LAB_COLOR_LOW = PLOT_YELLOW,
       BOWL_LAB_COLOR_RIM = PLOT_WHITE };

/* The bowl from above (mm, equal aspect): rim, trails, spheres, the low point of effective gravity. */
void bowl_lab_chart_bowl(plot_chart *ch, const bowl_lab_session *s);
/* The bowl point (m) under a cell of that chart after a render, the cell clamped into the plot area first.
 * 0, or -1 when the chart was too small. */
int bowl_lab_cell_to_bowl(const plot_chart *ch, int col, int row, double *x, double *y);
/* The spectrum of db[0..BOWL_LAB_SPECTRUM_N/2] (dB against Hz, log frequency). */
void bowl_lab_chart_spectrum(plot_chart *ch, const double *freq, const double *db);
/* Draws the timeline's last `window` seconds up to `now` into rows [row, row + 7) of grid: a title, five lanes
 * (labels, then a canvas), a time axis. The canvas: 5 rows, at most grid->cols - 8 columns. */
void bowl_lab_draw_timeline(plot_grid *grid, int row, plot_canvas *lanes, const bowl_lab_timeline *tl,
                            double now, double window);
/* A meter: width cells, the first round(value * width) full ('#' or a block), the rest light ('.' or a dot). */
size_t bowl_lab_bar(char *buf, size_t size, double value, int width, bool unicode);

/* --- the interactive walk (walk.c) ----------------------------------------------------------------------------- */

/* The guided walk through the six levels of the bowl note's synthesis chain, then free play, heard live on the --audio device
 * (bowl_lab_live_open). Returns the exit status. */
int bowl_lab_interactive(const snd_preset *preset, unsigned long seed, const char *audio);

/* --- the options the table cannot check alone (options.c) ----------------------------------------------------- */

/* Each "KEY=VALUE" of --set into p, then the whole preset checked (a mechanics or sound parameter that does not fit
 * the others, e.g. spheres too large for the bowl, is named when the module can name it); CLI_OK or CLI_USAGE. */
int bowl_lab_apply_sets(snd_preset *p, const char *const *sets, int n);
/* Every output a different file, and at most one on stdout; CLI_OK or CLI_USAGE (said). */
int bowl_lab_check_outputs(const bowl_lab_options *o);
/* --gesture PATH read and validated whole, then rendered with o (its length when !have_seconds); the exit status. */
int bowl_lab_render_replay(bowl_lab_options *o, const char *path, bool have_seconds);

#endif
