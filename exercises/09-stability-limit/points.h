/* Exercise 09: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_09_POINTS_H
#define EXERCISE_09_POINTS_H

#define GR_POINTS_explicit_matrix   1   /* visible */
#define GR_POINTS_semi_matrix       1   /* visible */
#define GR_POINTS_radii             1   /* visible */
#define GR_POINTS_rk4_radius        1   /* visible */
#define GR_POINTS_known_limits      3   /* visible */
#define GR_POINTS_rk4_matrix        1   /* hidden */
#define GR_POINTS_explicit_family   1   /* hidden */
#define GR_POINTS_semi_family       1   /* hidden */
#define GR_POINTS_critical_damping  1   /* hidden */
#define GR_POINTS_past_the_limit    1   /* hidden */

#endif
