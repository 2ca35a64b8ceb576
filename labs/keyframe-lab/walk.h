/* keyframe-lab's interactive guided walk through the keyframe tutorial, shared between walk.c (the tui callbacks:
 * steps, parameters, keys, mouse, notes, the clock) and walk_panes.c (what each pane draws). */
#ifndef KEYFRAME_LAB_WALK_H
#define KEYFRAME_LAB_WALK_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "numlab/common.h"
#include "lab.h"
#include "numlab/keyframe.h"
#include "numlab/plot.h"
#include "numlab/tui.h"
#include "scene.h"

enum {
    STEP_BASIS, STEP_BALLS, STEP_EDIT, STEP_BOUNCE, STEP_HOP, STEP_ROTATION, STEP_GLTF, STEP_SPIN, STEP_FLIP, WALK_STEPS
};
_Static_assert(WALK_STEPS == LAB_WALK_STEPS, "lab.h and walk.h count the same steps");
enum { BALL_STEP, BALL_LINEAR, BALL_CUBIC, BALLS };
enum { ROT_SLERP, ROT_NLERP, ROT_CUBIC, ROTS };
enum { HOP_KEYED, HOP_BALLISTIC, HOPS };
enum { SPIN_SLERP, SPIN_SOURCE, SPIN_RATE, SPINS };
enum { FLIP_STORED, FLIP_ALIGNED, FLIP_SLERP, FLIPS };
enum { DRAG_NONE, DRAG_VALUE, DRAG_IN, DRAG_OUT };

#define WALK_BALL_RADIUS 0.5              /* the bounce's sphere (the tutorial's) */
#define WALK_SAMPLES 401                    /* curve samples over a clip (or s in [0, 1]) */
#define BALL_CHORDS 40
#define BALL_OUTLINE 48
#define BALL_POINTS (3 * BALL_CHORDS + BALL_OUTLINE + 1)
#define TRIAD_POINTS 9                      /* an axis of up to three triads: (origin, tip, pen lift) each */

/* Plot colors (plot.h: 1 cyan, 2 magenta, 3 yellow, 4 green, 5 red, 6 blue, 7 white) */
enum {
    COLOR_STEP = PLOT_RED, COLOR_LINEAR = PLOT_GREEN, COLOR_CUBIC = PLOT_CYAN, COLOR_KEY = PLOT_YELLOW,
    COLOR_SELECTED = PLOT_MAGENTA, COLOR_PLAIN = PLOT_WHITE
};

typedef struct {
    plot_mode mode;
    plot_chart *chart[2];
    scene_clock clock;
    double speed;
    bool loop;
    kf_quat view;                                    /* the camera of the triads */

    /* step 1: where the basis is read, and the keyframe tutorial's cubicSpline(s, p0, m0, p1, m1) */
    double s, p0, m0, p1, m1;
    double grid_s[WALK_SAMPLES];
    double basis[8][WALK_SAMPLES];                   /* h00, h10, h01, h11, then their derivatives */

    /* steps 2 and 3: the keyframe tutorial's three balls (3 components; y moves); step 3 edits the cubic one */
    kf_track balls[BALLS];
    double grid_t[WALK_SAMPLES];                     /* times over the clip of the current step */
    double ball_y[BALLS][WALK_SAMPLES], ball_v[BALLS][WALK_SAMPLES];
    double key, value, in, out, probe;               /* step 3's parameters: key index, its numbers, a probe time */
    size_t loaded_key;                               /* the key whose numbers the parameters hold */
    int drag;                                        /* DRAG_* while the mouse button is held */
    double drag_range[2];                            /* the dragged pane's y range, held still during the drag */
    double handles[2 * 3 * 3 * 2];                   /* tangent handles: per key in and out, (x, y) with pen lifts */

    /* step 4: the bouncing ball */
    kf_track bounce, squash;
    bool keep_volume, pivot_floor;
    double bounce_x[WALK_SAMPLES], bounce_y[WALK_SAMPLES];
    double scale_x[WALK_SAMPLES], scale_y[WALK_SAMPLES], volume[WALK_SAMPLES], kept_x[WALK_SAMPLES];

    /* steps 5 and 6: two rotation keys, the identity and `angle` degrees about y */
    double angle, tangent, interval;
    bool rot_shown[ROTS];
    kf_track rot[ROTS];                              /* slerp (LINEAR), nlerp, normalized cubic (CUBICSPLINE) */
    double rot_angle[ROTS][WALK_SAMPLES];            /* degrees turned from the first key */
    double rot_diff[WALK_SAMPLES];                   /* step 6: degrees between the cubic and the slerp */

    /* step 5: the bounce's first hop with take-off tangent `hop_m` and with the ballistic 2h/T, the thrown ball */
    lab_hop hop;
    lab_hop_stats hop_source;                        /* the hop at the tutorial's take-off tangent */
    double hop_m;
    kf_track hops[HOPS];
    double hop_y[HOPS + 1][WALK_SAMPLES], hop_speed[HOPS + 1][WALK_SAMPLES];  /* the last: the parabola */

    /* step 8: angular velocity about y (rad/s) of slerp, the source's cubic and the constant-rate cubic */
    kf_track spin[SPINS];
    bool spin_shown[SPINS];
    double spin_w[SPINS][WALK_SAMPLES], spin_fd[WALK_SAMPLES], spin_turn[SPINS][WALK_SAMPLES];

    /* step 9: the second key stored as -q: the cubic as stored, after kf_track_align_hemispheres, and slerp */
    kf_track flip[FLIPS];
    bool flip_shown[FLIPS];
    double flip_turn[FLIPS][WALK_SAMPLES], flip_norm[2][WALK_SAMPLES];

    char text[640];                                  /* the step's text, formatted with its live numbers */

    /* scratch for the scene panes, rebuilt at each render */
    double ball_xy[BALLS][2 * BALL_POINTS];
    double triad_xy[3][2 * TRIAD_POINTS];
    char title[PLOT_TITLE_MAX];
} walk;

/* walk.c */
#define DEG (NUMLAB_PI / 180.0)
/* The walk's tracks and charts (-1 when out of memory: walk_destroy then frees what was made), freed by
 * walk_destroy. The tui callbacks, also what --plot and tests/test_keyframe_lab_claims.c drive: walk_changed
 * recomputes a step (TUI_ENTER_STEP also sets its defaults), walk_notes writes its live numbers. */
int walk_init(walk *w, bool ascii);
void walk_destroy(walk *w);
void walk_changed(void *ctx, int step, tui_change what);
void walk_notes(void *ctx, int step, char *buf, size_t size);
double walk_now(const walk *w);                      /* the clip time shown */
double walk_bounce_x(double t);                      /* where the bounce has slid to at t */
kf_quat walk_rotation(const walk *w, int which, double t);  /* rotation track ROT_* at t */

/* walk_texts.c: the step's text with its numbers formatted from the walk's tracks. */
void walk_text(const walk *w, int step, char *buf, size_t size);

/* walk_motion.c: steps 5, 8 and 9 (the hop, angular velocity, hemispheres). */
int walk_motion_init(walk *w);                       /* the tracks: KF_OK or KF_ERR_NOMEM */
void walk_motion_destroy(walk *w);
void walk_motion_defaults(walk *w, int step);
double walk_motion_length(const walk *w, int step);  /* the clip's length */
void walk_motion_sample(walk *w, int step);
void walk_motion_notes(const walk *w, int step, char *buf, size_t size);
void walk_motion_describe(walk *w, int step, tui_step *d);
void walk_motion_render(walk *w, int step, int pane, plot_chart *ch);

/* walk_panes.c: pane p of step `step` into the walk's chart p, rendered (NULL when it cannot be sized). */
const plot_grid *walk_render(void *ctx, int step, int pane, int cols, int rows);

/* A curve pane started afresh (title, axis labels, autoscaled, legend), and a sampled curve over WALK_SAMPLES. */
void walk_chart_start(plot_chart *ch, const char *title, const char *xlabel, const char *ylabel);
void walk_add_curve(plot_chart *ch, const char *name, const double *x, const double *y, int color);

/* Shared by the walk and the file player (walk_panes.c). */
/* Renders a scene: the chart with equal units across and up over (at least) the box [x0, x1] x [y0, y1], no
 * legend, and the labels (if any) in the title row, each centred over its x. */
const plot_grid *walk_render_scene(plot_chart *ch, double x0, double x1, double y0, double y1,
                                   const char *const *labels, const double *label_x, int n_labels);
/* Adds triads (rotations q[i] drawn around centres cx[i], cy = 0, axes of length `size`) as three series x, y, z
 * into the chart; xy holds 3 x 2 x TRIAD_POINTS doubles. n <= 3. */
void walk_add_triads(plot_chart *ch, kf_quat view, const kf_quat *q, const double *cx, int n, double size,
                     double xy[3][2 * TRIAD_POINTS]);

#endif
