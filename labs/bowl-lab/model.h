/* bowl-lab's model: the player's gesture, how a step feels it, its recording and its replay (model_gesture.c); the
 * preset's parameters by name and the layers' names (model_params.c); the event timeline (model_timeline.c); the
 * live session the interactive lab steps (model.c); and the render every output is made from (model_render.c):
 * bl_render_params in, bl_model_compute stepping the engine frame by frame into a sink, a bl_result out (the engine after
 * the render, its stats, the last samples for the spectrum); and the sampling studies (model_sampling.c). Numerics
 * only: no terminal, plot, option table or figure here, and nothing printed (docs/lab-map.md); the files, the sound
 * device and the words are the shell's (headless.c, save.c, live.c, texts.c). Every name starts with bl_ or BL_. */
#ifndef BL_MODEL_H
#define BL_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "numlab/sound.h"
#include "numlab/spectrogram.h"

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
/* Sets the parameter f of p to v (within [f->lo, f->hi], whole for a count: the caller checks). */
void bl_param_set(snd_preset *p, const bl_param *f, double v);
/* " --set key=value" for each parameter in which p differs from base (exact: %.17g), like snprintf. */
size_t bl_set_args(const snd_preset *base, const snd_preset *p, char *buf, size_t size);
/* True when no settable parameter differs. */
bool bl_same_params(const snd_preset *a, const snd_preset *b);
/* The bits of one name of a layer list ("rub", ..., or "default", "all", "none"): 0, or -1 for no such name. */
int bl_layer_bits(const char *name, unsigned *bits);
/* The shortest list naming the layers ("none" for 0), like snprintf. */
size_t bl_layers_text(unsigned layers, char *buf, size_t size);

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
/* --- the render (model_render.c): params -> compute -> result ---------------------------------------------------- */

typedef struct {
    const snd_preset *preset;  /* with --set applied */
    unsigned long seed;
    size_t channels;
    unsigned layers;
    bowl_script gesture;       /* the scripted gesture ... */
    const bl_gesture *replay;  /* ... or a recorded one played back instead (NULL: none) */
    double seconds;            /* rendered in whole steps */
    bool peaks;                /* each frame's largest |sample| (the trace's column): per-sample work, when asked */
    bool spectrum;             /* the last BL_SPECTRUM_N samples, channels averaged (the spectrum's window) */
} bl_render_params;

/* What the render feeds as it goes (each may be NULL). A nonzero return stops the render with that value. */
typedef struct {
    void *arg;
    int (*start)(void *arg, const snd_engine *e);  /* before the first step (frame 0) */
    void (*step)(void *arg, const snd_engine *e);  /* after every step (its events: snd_engine_bowl(e)->events) */
    /* after each display frame (from 1) of BL_FRAME_HZ: its steps' samples (frames x channels) and their peak */
    int (*frame)(void *arg, long frame, const snd_engine *e, const double *samples, size_t frames, double peak);
} bl_sink;

typedef struct {
    snd_engine *e;             /* the engine after the render: snd_engine_stats, snd_engine_bowl */
    double *ring;              /* p->spectrum: the last BL_SPECTRUM_N mono samples, oldest at ring_at */
    size_t ring_at;
    long long steps;           /* the steps taken */
    double elapsed;            /* the wall-clock seconds the steps took */
} bl_result;

/* Renders p into the sink. Returns 0 (rendered whole), NUMLAB_ERR_NOMEM, NUMLAB_ERR_INPUT (the preset's parameters
 * do not fit together: snd_engine_new refused them), or the nonzero value a sink callback returned. r is the
 * caller's to free with bl_result_free in every case. */
int bl_model_compute(const bl_render_params *p, const bl_sink *sink, bl_result *r);
void bl_result_free(bl_result *r);

/* --- the sampling studies (model_sampling.c) --------------------------------------------------------------------- */

enum { BL_STUDY_ALIAS, BL_STUDY_WARP, BL_STUDY_PRECISION, BL_N_STUDIES };
#define BL_STUDY_MAX_SERIES 4

typedef struct {
    const char *key;          /* the series' name in --series (machine output: English) */
    double *x, *y;
    size_t n;
} bl_series;

/* A study of one resonator of freq Hz at rate Hz with decay 1/s, and what the walk states about it. */
typedef struct {
    int kind;
    double freq, rate, decay;
    bl_series s[BL_STUDY_MAX_SERIES];
    int n;
    /* alias: "spectrum" (Hz, dB) of 8192 samples of the impulse-invariant resonator with no Nyquist guard */
    double folded;            /* |f - k fs| */
    int folds;                /* k */
    double peak, bin;         /* the spectrum's interpolated peak and its bin width, Hz */
    /* warp: a series a scheme (snd_map_name): cents against Hz, 50 Hz to 0.45 rate; at freq: */
    double cents[SND_MAP_COUNT], closed[SND_MAP_COUNT];   /* measured from a render, and the closed form */
    /* precision: "float", "double": dB of error against long double over 1 s, against Hz; at freq: */
    double error_db[2], longest[2];  /* float, double: the error, and the longest decay time constant, s */
} bl_study;

/* "alias", "warp", "precision"; bl_study_find: the kind, or -1. */
const char *bl_study_name(int kind);
int bl_study_find(const char *name);
/* NUMLAB_OK, NUMLAB_ERR_INPUT (a frequency or rate <= 0, a negative decay, no such kind) or NUMLAB_ERR_NOMEM;
 * bl_study_free in every case (nothing is held after a failure). */
int bl_study_build(bl_study *st, int kind, double freq, double rate, double decay);
void bl_study_free(bl_study *st);
/* A study's defaults, where --plot and the walk start: alias 30 kHz (decay 10/s), warp 1290 Hz (3/s, the bowl's
 * slower modes), precision 100 Hz (1/s); 48 kHz. */
void bl_study_defaults(int kind, double *freq, double *rate, double *decay);

#endif
