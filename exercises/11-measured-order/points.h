/* Exercise 11: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_11_POINTS_H
#define EXERCISE_11_POINTS_H

#define GR_POINTS_power_laws                1   /* visible */
#define GR_POINTS_least_squares_by_hand     2   /* visible */
#define GR_POINTS_errors_from_closed_forms  2   /* visible */
#define GR_POINTS_orders_end_to_end         2   /* visible */
#define GR_POINTS_least_squares_five        1   /* hidden */
#define GR_POINTS_error_is_a_distance       1   /* hidden */
#define GR_POINTS_one_step_to_odd_end       1   /* hidden */
#define GR_POINTS_orders_semi_and_heun      1   /* hidden */
#define GR_POINTS_slope_any_scale           1   /* hidden */

#endif
