/* Exercise 01: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_01_POINTS_H
#define EXERCISE_01_POINTS_H

#define GR_POINTS_explicit_by_hand        1   /* visible */
#define GR_POINTS_semi_by_hand            1   /* visible */
#define GR_POINTS_mass_damping_target     1   /* visible */
#define GR_POINTS_seed_explicit_explodes  2   /* visible */
#define GR_POINTS_seed_table              2   /* visible */
#define GR_POINTS_jordan_block            1   /* hidden */
#define GR_POINTS_explicit_energy_gain    1   /* hidden */
#define GR_POINTS_explicit_closed_form    1   /* hidden */
#define GR_POINTS_semi_modified_energy    1   /* hidden */
#define GR_POINTS_semi_damped_matrix      1   /* hidden */

#endif
