/* Exercise 05: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_05_POINTS_H
#define EXERCISE_05_POINTS_H

#define GR_POINTS_stretched       1   /* visible */
#define GR_POINTS_compressed      1   /* visible */
#define GR_POINTS_chain           1   /* visible */
#define GR_POINTS_damper          2   /* visible */
#define GR_POINTS_coincident      1   /* visible */
#define GR_POINTS_third_law       1   /* hidden */
#define GR_POINTS_minus_gradient  2   /* hidden */
#define GR_POINTS_damper_power    1   /* hidden */
#define GR_POINTS_hooke_not_unit  1   /* hidden */

#endif
