/* Exercise 04: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_04_POINTS_H
#define EXERCISE_04_POINTS_H

#define GR_POINTS_truth_table        2   /* visible */
#define GR_POINTS_scaled_thresholds  1   /* visible */
#define GR_POINTS_seed_animation     3   /* visible */
#define GR_POINTS_opacity_animation  1   /* visible */
#define GR_POINTS_gives_up           1   /* visible */
#define GR_POINTS_underdamped_120hz  2   /* hidden */
#define GR_POINTS_downwards_30hz     1   /* hidden */
#define GR_POINTS_already_at_rest    1   /* hidden */
#define GR_POINTS_strict_thresholds  1   /* hidden */

#endif
