/* keyframe-lab's shell around its model (model.h: model.c, model_demos.c), shared by its files (every lab has these
 * files with these roles):
 *   options.c       the option table and its check          model.c    the tutorial's keys, the numbers the walk
 *   headless.c      --csv, --list, --plot without a terminal            states, the scene geometry and the clock
 *   walk.c          the guided walk's tui callbacks          model_demos.c  the demos' rows --csv --demo prints
 *   walk_motion.c   the walk's steps 5, 8 and 9              view.c     what each pane of the walk draws
 *   view_player.c   a file's animations played on the tui    texts.c    the steps' titles, texts and notes */
#ifndef KEYFRAME_LAB_H
#define KEYFRAME_LAB_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "numlab/common.h"
#include "numlab/figure.h"
#include "numlab/gltf.h"
#include "numlab/keyframe.h"
#include "numlab/labcli.h"
#include "numlab/plot.h"
#include "numlab/timestep.h"
#include "numlab/tui.h"
#include "model.h"

/* --- the options (options.c) ---------------------------------------------------------------------------------- */

#define KL_WALK_OPTIONS 12  /* the sliders' options: kl_walk_params */

/* The walk's parameters as options (a state line holds them: docs/states.md), each read on the steps that show it:
 * the sliders, step 3's keys (KL_KEYS x value, in and out tangent: the cubic ball's y) and the curves shown. */
#define KL_KEYS 3
typedef struct {
    double s, p0, m0, p1, m1;          /* step 1 */
    double key, probe;                 /* step 3: the key selected, the probe's time */
    double keys[KL_KEYS][3];           /* step 3: --keys, each key's value, in and out tangent */
    double hop_m;                      /* step 5 */
    double angle, tangent, interval;   /* steps 6 to 9 */
    double speed;                      /* every step */
    unsigned shown;                    /* --show: bit i for the i-th name of kl_toggle_names */
    bool given[KL_WALK_OPTIONS];       /* given[i]: kl_walk_params[i]'s option was given */
    bool have_keys, have_shown;
} kl_walk_given;

typedef struct {
    const char *gltf, *demo, *list, *animation;
    kl_times times;
    int plot, width, height;
    double at;
    plot_mode glyphs;
    figure_options figure;
    kl_walk_given walk;
} kl_options;

enum { KL_CSV = 1, KL_LIST, KL_PLOT };  /* the modes; 0 is the interactive lab */
#define KL_STEPS 9                      /* the walk's steps (--plot 1..9) */
#define KL_OPTION_COUNT 32
extern const labcli_option kl_option_table[KL_OPTION_COUNT];
/* What the table cannot check: the operand and the modes' combinations (labcli_lab.check). */
int kl_check(const labcli_lab *lab, void *opts, const labcli_result *r);

/* --- the outputs without a terminal (headless.c) ------------------------------------------------------------- */

/* A number as the CSV prints it: %.9g, and never "-0". */
void kl_print_number(FILE *out, double v);

/* The outputs; each returns the exit status (0, 1 runtime failure, 2 bad input) after any message. */
int kl_demo(const char *name, const kl_times *times);
const char *kl_demo_names(void);
int kl_gltf_csv(const char *path, const char *animation, const kl_times *times);
int kl_gltf_list(const char *path);
/* Loads a glTF file; on failure prints the loader's message and returns 2 (bad file) or 1 (out of memory). */
int kl_gltf_load(const char *path, gltf_doc *doc);
/* name, or the index as text when name is NULL or empty (buf holds it). */
const char *kl_label(const char *name, size_t index, char *buf, size_t size);
/* The same escaped for a terminal (text.h), always in buf (cut to fit). */
const char *kl_shown(const char *name, size_t index, char *buf, size_t size);

/* --plot: the two panes of the walk's step (0-based), each width x height, and its notes, at clip time `at` (< 0:
 * half way through the clip), printed as text; with figure->out the two panes as one figure instead. Returns the
 * exit status. */
int kl_plot(int step, double at, int width, int height, plot_mode glyphs, const figure_options *figure,
            const kl_walk_given *given);

/* --- the guided walk (walk.c, walk_motion.c, view.c, texts.c) ------------------------------------------------ */

enum {
    KL_STEP_BASIS, KL_STEP_BALLS, KL_STEP_EDIT, KL_STEP_BOUNCE, KL_STEP_HOP, KL_STEP_ROTATION, KL_STEP_GLTF,
    KL_STEP_SPIN, KL_STEP_FLIP
};
_Static_assert(KL_STEP_FLIP + 1 == KL_STEPS, "KL_STEPS counts the walk's steps");
enum { KL_BALL_STEP, KL_BALL_LINEAR, KL_BALL_CUBIC, KL_BALLS };
enum { KL_ROT_SLERP, KL_ROT_NLERP, KL_ROT_CUBIC, KL_ROTS };
enum { KL_HOP_KEYED, KL_HOP_BALLISTIC, KL_HOPS };
enum { KL_SPIN_SLERP, KL_SPIN_SOURCE, KL_SPIN_RATE, KL_SPINS };
enum { KL_FLIP_STORED, KL_FLIP_ALIGNED, KL_FLIP_SLERP, KL_FLIPS };
enum { KL_DRAG_NONE, KL_DRAG_VALUE, KL_DRAG_IN, KL_DRAG_OUT };

#define KL_BALL_RADIUS 0.5    /* the bounce's sphere (the tutorial's) */
#define KL_VALUE_LIMIT 10.0   /* step 3: a key's value, either way */
#define KL_TANGENT_LIMIT 50.0 /* step 3: a key's tangent, units/s either way */
#define KL_HOP_LIMIT 40.0     /* step 5: the hop's take-off tangent, units/s either way */
#define KL_SAMPLES 401        /* curve samples over a clip (or s in [0, 1]) */
#define KL_BALL_CHORDS 40
#define KL_BALL_OUTLINE 48
#define KL_BALL_POINTS (3 * KL_BALL_CHORDS + KL_BALL_OUTLINE + 1)
#define KL_TRIAD_POINTS 9     /* an axis of up to three triads: (origin, tip, pen lift) each */

/* Plot colors (plot.h: 1 cyan, 2 magenta, 3 yellow, 4 green, 5 red, 6 blue, 7 white) */
enum {
    KL_COLOR_STEP = PLOT_RED, KL_COLOR_LINEAR = PLOT_GREEN, KL_COLOR_CUBIC = PLOT_CYAN, KL_COLOR_KEY = PLOT_YELLOW,
    KL_COLOR_SELECTED = PLOT_MAGENTA, KL_COLOR_PLAIN = PLOT_WHITE
};

typedef struct {
    plot_mode mode;
    plot_chart *chart[2];
    kl_clock clock;
    double speed;
    bool loop;
    kf_quat view;  /* the camera of the triads */

    /* step 1: where the basis is read, and the keyframe tutorial's cubicSpline(s, p0, m0, p1, m1) */
    double s, p0, m0, p1, m1;
    double grid_s[KL_SAMPLES];
    double basis[8][KL_SAMPLES];  /* h00, h10, h01, h11, then their derivatives */

    /* steps 2 and 3: the keyframe tutorial's three balls (3 components; y moves); step 3 edits the cubic one */
    kf_track balls[KL_BALLS];
    double grid_t[KL_SAMPLES];  /* times over the clip of the current step */
    double ball_y[KL_BALLS][KL_SAMPLES], ball_v[KL_BALLS][KL_SAMPLES];
    double key, value, in, out, probe;  /* step 3's parameters: key index, its numbers, a probe time */
    size_t loaded_key;  /* the key whose numbers the parameters hold */
    int drag;  /* KL_DRAG_* while the mouse button is held */
    double drag_range[2];  /* the dragged pane's y range, held still during the drag */
    double handles[2 * 3 * 3 * 2];  /* tangent handles: per key in and out, (x, y) with pen lifts */

    /* step 4: the bouncing ball */
    kf_track bounce, squash;
    bool keep_volume, pivot_floor;
    double bounce_x[KL_SAMPLES], bounce_y[KL_SAMPLES];
    double scale_x[KL_SAMPLES], scale_y[KL_SAMPLES], volume[KL_SAMPLES], kept_x[KL_SAMPLES];

    /* steps 5 and 6: two rotation keys, the identity and `angle` degrees about y */
    double angle, tangent, interval;
    bool rot_shown[KL_ROTS];
    kf_track rot[KL_ROTS];  /* slerp (LINEAR), nlerp, normalized cubic (CUBICSPLINE) */
    double rot_angle[KL_ROTS][KL_SAMPLES];  /* degrees turned from the first key */
    double rot_diff[KL_SAMPLES];  /* step 6: degrees between the cubic and the slerp */

    /* step 5: the bounce's first hop with take-off tangent `hop_m` and with the ballistic 2h/T, the thrown ball */
    kl_hop hop;
    kl_hop_stats hop_source;  /* the hop at the tutorial's take-off tangent */
    double hop_m;
    kf_track hops[KL_HOPS];
    double hop_y[KL_HOPS + 1][KL_SAMPLES], hop_speed[KL_HOPS + 1][KL_SAMPLES];  /* the last: the parabola */

    /* step 8: angular velocity about y (rad/s) of slerp, the source's cubic and the constant-rate cubic */
    kf_track spin[KL_SPINS];
    bool spin_shown[KL_SPINS];
    double spin_w[KL_SPINS][KL_SAMPLES], spin_fd[KL_SAMPLES], spin_turn[KL_SPINS][KL_SAMPLES];

    /* step 9: the second key stored as -q: the cubic as stored, after kf_track_align_hemispheres, and slerp */
    kf_track flip[KL_FLIPS];
    bool flip_shown[KL_FLIPS];
    double flip_turn[KL_FLIPS][KL_SAMPLES], flip_norm[2][KL_SAMPLES];

    char text[640];  /* the step's text, formatted with its live numbers */
    const kl_walk_given *given;  /* the options the walk's steps start from, or NULL: their own values */
    /* the state line's keys and shown curves (walk_state.c): nine numbers of at most 24 characters (state_number's
     * longest, "-1.0000000000000001e-300") and their eight separators fit in 256 */
    char stated_keys[256], stated_shown[96];

    /* scratch for the scene panes, rebuilt at each render */
    double ball_xy[KL_BALLS][2 * KL_BALL_POINTS];
    double triad_xy[3][2 * KL_TRIAD_POINTS];
    char title[PLOT_TITLE_MAX];
} kl_walk;

/* The interactive lab (needs a terminal): the guided walk (walk.c), or a file's animations played (view_player.c;
 * the file is loaded and checked first). glyphs: the charts' set (--glyphs); given: the walk's options. */
int kl_walk_run(const labcli_result *r, plot_mode glyphs, const kl_walk_given *given);
int kl_play(const labcli_result *r, const char *path, plot_mode glyphs);

/* walk.c: the walk's tracks and charts (-1 when out of memory: kl_walk_destroy then frees what was made), freed by
 * kl_walk_destroy. The tui callbacks, also what --plot and tests/test_keyframe_lab_claims.c drive: kl_walk_changed
 * recomputes a step (TUI_ENTER_STEP also sets its defaults), kl_walk_notes (texts.c) writes its live numbers. */
int kl_walk_init(kl_walk *w, plot_mode glyphs);
void kl_walk_destroy(kl_walk *w);
void kl_walk_changed(void *ctx, int step, tui_change what);
double kl_walk_now(const kl_walk *w);                             /* the clip time shown */
double kl_walk_bounce_x(double t);                                /* where the bounce has slid to at t */
kf_quat kl_walk_rotation(const kl_walk *w, int which, double t);  /* rotation track KL_ROT_* at t */

/* texts.c: the step's title; its text and its notes with their numbers formatted from the walk's tracks (the
 * notes are the tui's notes callback). */
const char *kl_step_title(int step);
void kl_walk_text(const kl_walk *w, int step, char *buf, size_t size);
void kl_walk_notes(void *ctx, int step, char *buf, size_t size);

/* walk_state.c: the walk's parameters as options. kl_walk_params names each slider's option, the steps it is read
 * on and its place in kl_walk and in kl_walk_given; kl_toggle_names the curves --show names (NULL-terminated). */
typedef struct {
    const char *option;
    unsigned steps;               /* bit s: read on step s (0-based) */
    size_t in_walk, in_given;     /* offsets of the double */
} kl_walk_param;
extern const kl_walk_param kl_walk_params[KL_WALK_OPTIONS];
extern const char *const kl_toggle_names[];
/* The options given into a step just set to its own values (after set_step_defaults), when w->given is set. */
void kl_walk_apply_given(kl_walk *w, int step);
/* Names the sliders of d by their options, and states step 3's keys and the curves a step's toggles show
 * (tui_step.stated, from the text kl_walk_state_update keeps current after each change): the step's state line. */
void kl_walk_state_describe(kl_walk *w, int step, tui_step *d);
void kl_walk_state_update(kl_walk *w, int step);
/* --keys V:IN:OUT,... and --show NAME,... into given (options.c's parsers): CLI_OK or CLI_USAGE, said. */
int kl_parse_keys(kl_walk_given *given, const char *opt, const char *text);
int kl_parse_shown(kl_walk_given *given, const char *opt, const char *text);

/* walk_motion.c: steps 5, 8 and 9 (the hop, angular velocity, hemispheres). */
int kl_walk_motion_init(kl_walk *w);                       /* the tracks: KF_OK or KF_ERR_NOMEM */
void kl_walk_motion_destroy(kl_walk *w);
void kl_walk_motion_defaults(kl_walk *w, int step);
double kl_walk_motion_length(const kl_walk *w, int step);  /* the clip's length */
void kl_walk_motion_sample(kl_walk *w, int step);
void kl_walk_motion_describe(kl_walk *w, int step, tui_step *d);
void kl_walk_motion_render(kl_walk *w, int step, int pane, plot_chart *ch);

/* view.c: pane p of step `step` into the walk's chart p, rendered (NULL when it cannot be sized). */
const plot_grid *kl_walk_render(void *ctx, int step, int pane, int cols, int rows);

/* A curve pane started afresh (title, axis labels, autoscaled, legend), and a sampled curve over KL_SAMPLES. */
void kl_walk_chart_start(plot_chart *ch, const char *title, const char *xlabel, const char *ylabel);
void kl_walk_add_curve(plot_chart *ch, const char *name, const double *x, const double *y, int color);

/* Shared by the walk and the file player (view.c). */
/* Renders a scene: the chart with equal units across and up over (at least) the box [x0, x1] x [y0, y1], no
 * legend, and the labels (if any) in the title row, each centred over its x. */
const plot_grid *kl_walk_render_scene(plot_chart *ch, double x0, double x1, double y0, double y1,
                                      const char *const *labels, const double *label_x, int n_labels);
/* Adds triads (rotations q[i] drawn around centres cx[i], cy = 0, axes of length `size`) as three series x, y, z
 * into the chart; xy holds 3 x 2 x KL_TRIAD_POINTS doubles. n <= 3. */
void kl_walk_add_triads(plot_chart *ch, kf_quat view, const kf_quat *q, const double *cx, int n, double size,
                        double xy[3][2 * KL_TRIAD_POINTS]);

#endif
