/* Exercise 06: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_06_POINTS_H
#define EXERCISE_06_POINTS_H

#define GR_POINTS_basis            1   /* visible */
#define GR_POINTS_seed_errata      1   /* visible */
#define GR_POINTS_tangent_scaling  2   /* visible */
#define GR_POINTS_two_keys         2   /* visible */
#define GR_POINTS_clamped_ends     1   /* visible */
#define GR_POINTS_slopes_at_key    1   /* hidden */
#define GR_POINTS_thousand_keys    2   /* hidden */
#define GR_POINTS_rotation_track   1   /* hidden */
#define GR_POINTS_single_key       1   /* hidden */

#endif
