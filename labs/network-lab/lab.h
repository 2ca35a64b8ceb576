/* network-lab's private interface: the options and the headless outputs. */
#ifndef NETWORK_LAB_H
#define NETWORK_LAB_H

#include <stdbool.h>

#include "numlab/network.h"

typedef struct {
    bool csv, modes;
    const char *preset, *file;
    net_preset_params params;
    bool have_n, have_k, have_m, have_c;
    net_method method;
    net_force_law law;
    double dt, kick, tol;
    long long steps, every, seed;
} lab_options;

/* Prints the CSV of one run (lab_options.method) to stdout; returns the exit status (0, 1). */
int lab_csv(net_network *net, const lab_options *o);
/* Prints the normal modes and the step limits to stdout; returns the exit status (0, 1, 2). */
int lab_modes(const net_network *net);

#endif
