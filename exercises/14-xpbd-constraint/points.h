/* Exercise 14: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_14_POINTS_H
#define EXERCISE_14_POINTS_H

#define GR_POINTS_constraint_by_hand        1   /* visible */
#define GR_POINTS_projection_by_hand        2   /* visible */
#define GR_POINTS_second_projection_zero    2   /* visible */
#define GR_POINTS_damper_by_hand            1   /* visible */
#define GR_POINTS_nothing_to_move           1   /* visible */
#define GR_POINTS_formula_six_pairs         2   /* hidden */
#define GR_POINTS_momentum_kept             1   /* hidden */
#define GR_POINTS_chain_is_backward_euler   2   /* hidden */
#define GR_POINTS_rigid_limit               1   /* hidden */

#endif
