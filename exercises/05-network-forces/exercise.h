/* Exercise 05: the forces of a network of masses joined by springs and dampers, in 2-D (the network post).
 *
 * For a link between masses i and j, with d = pos[j] - pos[i], L = |d| and u = d / L:
 *   f = ( k (L - rest) + c ((vel[j] - vel[i]) . u) ) u     acts on mass i, and -f on mass j.
 * Hooke's law pulls a stretched spring together and pushes a compressed one apart; the damper resists only the
 * part of the relative velocity along the link. Two masses at the same place (L = 0) exert no force on each other. */
/* ES: Ejercicio 05: las fuerzas de una red de masas unidas por resortes y amortiguadores, en 2-D (la entrada sobre
 * redes).
 *
 * Para un enlace entre las masas i y j, con d = pos[j] - pos[i], L = |d| y u = d / L:
 *   f = ( k (L - rest) + c ((vel[j] - vel[i]) . u) ) u     actúa sobre la masa i, y -f sobre la masa j.
 * La ley de Hooke contrae un resorte estirado y separa uno comprimido; el amortiguador resiste solo la parte de la
 * velocidad relativa a lo largo del enlace. Dos masas en el mismo lugar (L = 0) no ejercen fuerza entre sí. */
#ifndef EXERCISE_05_H
#define EXERCISE_05_H

#include <stddef.h>

typedef struct {
    double x, y;
} vec2;

typedef struct {
    int i, j;       /* the masses it joins, 0 <= i, j < n_masses, i != j */
                    /* ES: las masas que une, 0 <= i, j < n_masses, i != j */
    double k;       /* stiffness, >= 0 */               /* ES: rigidez, >= 0 */
    double rest;    /* rest length, > 0 */              /* ES: longitud de reposo, > 0 */
    double c;       /* damping along the link, >= 0 */  /* ES: amortiguamiento a lo largo del enlace, >= 0 */
} spring_link;

/* Sets force[0 .. n_masses) to the total force of all links on each mass (whatever force held before). */
/* ES: Pone en force[0 .. n_masses) la fuerza total de todos los enlaces sobre cada masa (tuviera force lo que
 * tuviera antes). */
void network_forces(size_t n_masses, const vec2 *pos, const vec2 *vel, size_t n_links, const spring_link *links,
                    vec2 *force);

#endif
