/* Exercise 10: every test's points, in one place (the ids are those of GR_CASE in tests.c and hidden/tests.c).
 * The exercise is worth their sum; change them here. `make grade SCALE=N` scales the sum to N. */
#ifndef EXERCISE_10_POINTS_H
#define EXERCISE_10_POINTS_H

#define GR_POINTS_euler_by_hand              1   /* visible */
#define GR_POINTS_midpoint_by_hand           1   /* visible */
#define GR_POINTS_critical_whole_seconds     2   /* visible */
#define GR_POINTS_stiff_backward_euler       2   /* visible */
#define GR_POINTS_midpoint_keeps_energy      1   /* visible */
#define GR_POINTS_euler_damped_power         1   /* hidden */
#define GR_POINTS_midpoint_overdamped_power  1   /* hidden */
#define GR_POINTS_euler_energy_and_state     1   /* hidden */
#define GR_POINTS_midpoint_quarter_turns     1   /* hidden */
#define GR_POINTS_very_stiff                 1   /* hidden */

#endif
