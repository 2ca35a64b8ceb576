/* Exercise 13: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_13_POINTS_H
#define EXERCISE_13_POINTS_H

#define GR_POINTS_residual_by_hand          1   /* visible */
#define GR_POINTS_first_update_by_hand      1   /* visible */
#define GR_POINTS_linear_in_two             1   /* visible */
#define GR_POINTS_duffing_root_by_hand      2   /* visible */
#define GR_POINTS_not_converged_said        1   /* visible */
#define GR_POINTS_roots_of_the_cubic        2   /* hidden */
#define GR_POINTS_energy_never_rises        1   /* hidden */
#define GR_POINTS_digits_double             1   /* hidden */
#define GR_POINTS_huge_step                 1   /* hidden */
#define GR_POINTS_nan_not_converged         1   /* hidden */

#endif
