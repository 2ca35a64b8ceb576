/* bowl-lab's parts: the options main() parsed, the headless render, the preset listings. */
#ifndef BOWL_LAB_H
#define BOWL_LAB_H

#include <stdbool.h>

#include "numlab/sound.h"
#include "numlab/wav.h"

typedef struct {
    const snd_preset *preset;
    double seconds;
    unsigned long seed;
    const char *wav;          /* NULL: no WAV */
    const char *events;       /* NULL: none; "-": stdout */
    const char *trace;        /* NULL: none; "-": stdout */
    const char *spectrum;     /* NULL: none; "-": stdout */
    bool replace;             /* --force */
    size_t channels;
    wav_format format;
    unsigned layers;
    bowl_script gesture;      /* the preset's, changed by --stir, --tilt, ... */
    bool quiet;
} bowl_lab_options;

/* Renders o->seconds of the preset to the outputs asked for. Returns 0, 1 (runtime failure; nothing left behind)
 * or 2 (an output cannot be created: exists without --force, no such directory, not writable). */
int bowl_lab_render(const bowl_lab_options *o);

/* One line a preset: its name, then what it should sound like. */
void bowl_lab_list_presets(void);
/* Every parameter of a preset, one "key value  # meaning" a line. */
void bowl_lab_describe(const snd_preset *p);

/* Interrupted by SIGINT/SIGTERM (set by the handler the render installs). */
extern volatile int bowl_lab_interrupted;

#endif
