/* Exercise 03: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_03_POINTS_H
#define EXERCISE_03_POINTS_H

#define GR_POINTS_exact_frames             1   /* visible */
#define GR_POINTS_remainder_carried        2   /* visible */
#define GR_POINTS_cap_after_gap            2   /* visible */
#define GR_POINTS_negative_frame           1   /* visible */
#define GR_POINTS_frame_rate_independence  2   /* visible */
#define GR_POINTS_jittered_frames          2   /* hidden */
#define GR_POINTS_ten_minute_gap           1   /* hidden */
#define GR_POINTS_alpha_sequence           1   /* hidden */
#define GR_POINTS_cap_between_steps        1   /* hidden */

#endif
