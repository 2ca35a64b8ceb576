/* labcli's own: what labcli.c and labcli_state.c share. Not for the labs. */
#ifndef NUMLAB_LABCLI_INTERNAL_H
#define NUMLAB_LABCLI_INTERNAL_H

#include "numlab/labcli.h"

/* A state line on the command line (--state STATE, --state=STATE, or STATE as an argument) replaced by the options
 * it holds (labcli.h), in *argc and *argv (static storage, kept for the program's life: the options' values point
 * into it); r->state_step set. CLI_OK (also when there is none) or CLI_USAGE, said. */
int labcli_expand_state(const labcli_lab *lab, int *argc, char ***argv, labcli_result *r);

/* Whether option o is part of a state line: an option with a value or a flag, that goes with the interactive lab,
 * selects no mode and is not local. */
bool labcli_in_state(const labcli_option *o);

#endif
