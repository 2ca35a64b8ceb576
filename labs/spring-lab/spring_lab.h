/* spring-lab: the options every mode shares, and the modes (headless and interactive). */
#ifndef SPRING_LAB_H
#define SPRING_LAB_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/spring.h"
#include "numlab/timestep.h"

typedef struct {
    spring_params params;
    spring_state s0;
    double dt;
    long long steps;
    double tol;
    bool methods[SPRING_METHOD_COUNT];  /* --method LIST */
    bool method_given;

    /* --animate */
    double frame_hz, frame_jitter, gap, step, cap;
    long long gap_frame, max_frames;
    unsigned long seed;
    bool interpolate;
    ts_rest rest;
    ts_rest_rule rest_rule;

    /* --plot */
    const char *plot;
    int width, height;
    bool ascii;
} spring_lab_options;

int spring_lab_csv(const spring_lab_options *o);
int spring_lab_animate(const spring_lab_options *o);
int spring_lab_stability(const spring_lab_options *o);

#endif
