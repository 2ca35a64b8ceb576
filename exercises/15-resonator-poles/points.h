/* Exercise 15: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_15_POINTS_H
#define EXERCISE_15_POINTS_H

#define GR_POINTS_impulse_by_hand           1   /* visible */
#define GR_POINTS_past_nyquist_folds        1   /* visible */
#define GR_POINTS_bilinear_by_hand          2   /* visible */
#define GR_POINTS_warp_at_the_bowls_mode    1   /* visible */
#define GR_POINTS_prewarp_lands_on_freq     1   /* visible */
#define GR_POINTS_maps_against_complex      2   /* hidden */
#define GR_POINTS_every_fold                1   /* hidden */
#define GR_POINTS_bilinear_never_folds      1   /* hidden */
#define GR_POINTS_warp_grows_with_freq      1   /* hidden */
#define GR_POINTS_prewarp_everywhere        1   /* hidden */

#endif
