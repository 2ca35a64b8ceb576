/* Exercise 02: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_02_POINTS_H
#define EXERCISE_02_POINTS_H

#define GR_POINTS_exponential_one_step  1   /* visible */
#define GR_POINTS_cubic_in_time         1   /* visible */
#define GR_POINTS_undamped_spring       2   /* visible */
#define GR_POINTS_fourth_order          2   /* visible */
#define GR_POINTS_two_springs           1   /* visible */
#define GR_POINTS_largest_dimension     1   /* hidden */
#define GR_POINTS_pendulum_gsl          1   /* hidden */
#define GR_POINTS_forced_gsl            1   /* hidden */
#define GR_POINTS_four_evaluations      1   /* hidden */
#define GR_POINTS_damped_spring_series  1   /* hidden */

#endif
