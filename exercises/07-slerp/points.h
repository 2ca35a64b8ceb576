/* Exercise 07: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_07_POINTS_H
#define EXERCISE_07_POINTS_H

#define GR_POINTS_quarter_turn      2   /* visible */
#define GR_POINTS_ends              1   /* visible */
#define GR_POINTS_shorter_arc       2   /* visible */
#define GR_POINTS_unit_and_uniform  2   /* visible */
#define GR_POINTS_one_axis          2   /* hidden */
#define GR_POINTS_relative_power    2   /* hidden */
#define GR_POINTS_nearly_equal      1   /* hidden */
#define GR_POINTS_negated_target    1   /* hidden */
#define GR_POINTS_half_turn         1   /* hidden */

#endif
