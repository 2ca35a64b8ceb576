/* Exercise 08: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_08_POINTS_H
#define EXERCISE_08_POINTS_H

#define GR_POINTS_impulse_response  3   /* visible */
#define GR_POINTS_after_t60         1   /* visible */
#define GR_POINTS_nyquist           1   /* visible */
#define GR_POINTS_bank              2   /* visible */
#define GR_POINTS_linearity         1   /* visible */
#define GR_POINTS_low_and_long      1   /* hidden */
#define GR_POINTS_bank_drops_alias  1   /* hidden */
#define GR_POINTS_two_at_once       1   /* hidden */
#define GR_POINTS_coefficients      1   /* hidden */
#define GR_POINTS_reinit            1   /* hidden */

#endif
