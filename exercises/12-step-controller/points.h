/* Exercise 12: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_12_POINTS_H
#define EXERCISE_12_POINTS_H

#define GR_POINTS_error_norm_by_hand            1   /* visible */
#define GR_POINTS_standard_controller_by_hand   2   /* visible */
#define GR_POINTS_pi_controller_by_hand         1   /* visible */
#define GR_POINTS_driver_heun_euler             2   /* visible */
#define GR_POINTS_driver_rejects_and_lands      2   /* visible */
#define GR_POINTS_driver_follows_closed_form    1   /* visible */
#define GR_POINTS_norm_relative_and_signs       1   /* hidden */
#define GR_POINTS_controllers_other_orders      1   /* hidden */
#define GR_POINTS_driver_third_order_pair       1   /* hidden */
#define GR_POINTS_no_growth_after_rejection     1   /* hidden */
#define GR_POINTS_growth_held_to_facmax         1   /* hidden */

#endif
