/* keyframe-lab's parts: the seed's keyframes, the demos and the glTF outputs (headless), and the interactive
 * guided walk and file player on the shared TUI (walk.h, player.c). */
#ifndef KEYFRAME_LAB_H
#define KEYFRAME_LAB_H

#include <stdbool.h>
#include <stdio.h>

#include "numlab/figure.h"
#include "numlab/gltf.h"
#include "numlab/keyframe.h"

/* --times A:B:STEP, or the default of each output when not given. */
typedef struct {
    double a, b, step;
    bool given;
} lab_times;

#define LAB_MAX_SAMPLES 1000000

/* The sample times A, A + STEP, ... up to B (inclusive within rounding): how many, and the i-th. */
size_t lab_times_count(const lab_times *t);
double lab_times_at(const lab_times *t, size_t i);
/* A number as the CSV prints it: %.9g, and never "-0". */
void lab_print_number(FILE *out, double v);

/* The seed's keyframes (seed 001), in the glTF layout; each returns KF_OK or KF_ERR_NOMEM. */
int seed_balls(kf_track balls[3]);                        /* STEP, LINEAR, CUBICSPLINE on keys t = 0, 1, 2 */
int seed_bounce(kf_track *position, kf_track *scale);     /* the bouncing ball, CUBICSPLINE, t = 0 .. 2 */
int seed_rotation(kf_track *linear, kf_track *cubic);     /* identity -> 90 degrees about y, t = 0 .. 1 */

/* The outputs; each returns the exit status (0, 1 runtime failure, 2 bad input) after any message. */
int lab_demo(const char *name, const lab_times *times);
const char *lab_demo_names(void);
int lab_gltf_csv(const char *path, const char *animation, const lab_times *times);
int lab_gltf_list(const char *path);
/* Loads a glTF file; on failure prints the loader's message and returns 2 (bad file) or 1 (out of memory). */
int lab_gltf_load(const char *path, gltf_doc *doc);
/* name, or the index as text when name is NULL or empty (buf holds it). */
const char *lab_label(const char *name, size_t index, char *buf, size_t size);
/* The same escaped for a terminal (text.h), always in buf (cut to fit). */
const char *lab_shown(const char *name, size_t index, char *buf, size_t size);

/* The interactive lab (needs a terminal): the guided walk, or a file's animations played (the file is loaded and
 * checked first). ascii: no braille. */
int lab_walk(bool ascii);
int lab_play(const char *path, bool ascii);
/* --plot: the two panes of the walk's step (0-based), each width x height, and its notes, at clip time `at` (< 0:
 * half way through the clip), printed as text; with figure->out the two panes as one figure instead. Returns the
 * exit status. */
#define LAB_WALK_STEPS 6
int lab_walk_plot(int step, double at, int width, int height, bool ascii, const figure_options *figure);
/* "[FILE: ]the interactive lab needs a terminal; without one use ...": returns 2. */
int lab_no_terminal(const char *file);

#endif
