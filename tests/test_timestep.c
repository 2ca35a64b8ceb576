/* timestep: the accumulator is frame-rate independent, the cap bounds the work, alpha interpolates, and the
 * spring article's spring comes to rest at the frames the spring article's loop gives, exactly on its target. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/spring.h"
#include "numlab/timestep.h"
#include "helpers/check_main.h"

static const spring_params seed_spring = {.k = 200.0, .c = 20.0, .m = 1.0, .target = 300.0};

/* Runs `frames` frames of 1/hz through a fresh accumulator, semi-implicit steps of 1/240. */
static spring_state run_frames(double hz, int frames, unsigned long *substeps)
{
    ts_accumulator a;
    ck_assert_int_eq(ts_accumulator_init(&a, TS_DEFAULT_STEP, TS_DEFAULT_CAP), 0);
    spring_state s = {0.0, 0.0};
    *substeps = 0;
    for (int f = 0; f < frames; f++) {
        unsigned n = ts_accumulator_feed(&a, 1.0 / hz);
        for (unsigned i = 0; i < n; i++)
            s = spring_step_semi(&seed_spring, s, TS_DEFAULT_STEP);
        *substeps += n;
    }
    return s;
}

START_TEST(same_states_at_common_times)
{
    /* 60, 120 and 144 Hz frames meet every 1/12 s (5, 10 and 12 frames), where 20 steps of 1/240 fit exactly:
     * the states must be identical to the bit. */
    for (int k = 1; k <= 24; k++) {
        unsigned long n60, n120, n144;
        spring_state a = run_frames(60.0, 5 * k, &n60);
        spring_state b = run_frames(120.0, 10 * k, &n120);
        spring_state c = run_frames(144.0, 12 * k, &n144);
        ck_assert_uint_eq(n60, 20UL * (unsigned long)k);
        ck_assert_uint_eq(n120, n60);
        ck_assert_uint_eq(n144, n60);
        ck_assert(a.x == b.x && a.x == c.x && a.v == b.v && a.v == c.v);
    }
}
END_TEST

START_TEST(cap_bounds_a_long_frame)
{
    /* A 600 s frame (ten minutes in a background tab) costs at most cap/step = 24 substeps, not 144,000. */
    ts_accumulator a;
    ts_accumulator_init(&a, TS_DEFAULT_STEP, TS_DEFAULT_CAP);
    unsigned n = ts_accumulator_feed(&a, 600.0);
    ck_assert_uint_le(n, (unsigned)(TS_DEFAULT_CAP / TS_DEFAULT_STEP + 0.5));
    ck_assert_uint_ge(n, 23);
    ck_assert_double_eq_tol(a.skipped, 600.0 - TS_DEFAULT_CAP, 1e-9);
    /* without a cap (cap huge) the same frame costs them all */
    ts_accumulator_init(&a, TS_DEFAULT_STEP, 1e300);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 600.0), 144000);
}
END_TEST

START_TEST(bad_frames_and_init)
{
    ts_accumulator a;
    ck_assert_int_ne(ts_accumulator_init(&a, 0.0, 0.1), 0);
    ck_assert_int_ne(ts_accumulator_init(&a, 0.1, 0.05), 0);
    ck_assert_int_ne(ts_accumulator_init(&a, NAN, 0.1), 0);
    ck_assert_int_ne(ts_accumulator_init(&a, 0.1, NAN), 0);
    /* no cap: every second of a frame is simulated (100 s at 0.01: 10000 steps) */
    ck_assert_int_eq(ts_accumulator_init(&a, 0.01, INFINITY), 0);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 100.0), 10000);
    ts_accumulator_init(&a, 0.01, 0.1);
    ck_assert_uint_eq(ts_accumulator_feed(&a, -5.0), 0);
    ck_assert_uint_eq(ts_accumulator_feed(&a, NAN), 0);
    ck_assert_uint_eq(ts_accumulator_feed(&a, INFINITY), 0);
    ck_assert_double_eq(a.acc, 0.0);
}
END_TEST

START_TEST(alpha_interpolates)
{
    /* 1/60 + 1/480 s = 4.5 steps of 1/240: 4 steps now, alpha = 0.5. */
    ts_accumulator a;
    ts_accumulator_init(&a, TS_DEFAULT_STEP, TS_DEFAULT_CAP);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 1.0 / 60.0 + 1.0 / 480.0), 4);
    ck_assert_double_eq_tol(ts_accumulator_alpha(&a), 0.5, 1e-9);
    ck_assert_double_eq_tol(ts_lerp(10.0, 20.0, ts_accumulator_alpha(&a)), 15.0, 1e-7);
    /* alpha stays in [0, 1) */
    ts_accumulator_feed(&a, 1.0 / 480.0 - 1e-15);
    ck_assert_double_lt(ts_accumulator_alpha(&a), 1.0);
    ck_assert_double_ge(ts_accumulator_alpha(&a), 0.0);
}
END_TEST

/* The spring article's loop: frames of 1/hz, rest when |x - 300| < 0.5 and |v| < 1, then snap. Returns the rest
 * frame. */
static int frames_to_rest(double hz, spring_state *final)
{
    ts_accumulator a;
    ts_accumulator_init(&a, TS_DEFAULT_STEP, TS_DEFAULT_CAP);
    const ts_rest rest = ts_rest_scaled(1.0);
    spring_state s = {0.0, 0.0};
    for (int frame = 1; frame < 10000; frame++) {
        unsigned n = ts_accumulator_feed(&a, 1.0 / hz);
        for (unsigned i = 0; i < n; i++)
            s = spring_step_semi(&seed_spring, s, TS_DEFAULT_STEP);
        if (ts_at_rest(&rest, TS_REST_BOTH, s.x, s.v, seed_spring.target)) {
            *final = (spring_state){seed_spring.target, 0.0};
            return frame;
        }
    }
    return -1;
}

START_TEST(seed_example_rests)
{
    /* 0 -> 300, k 200, c 20, m 1 comes to rest at frame 38 at 60 Hz and 75 at 120 Hz. */
    spring_state s;
    ck_assert_int_eq(frames_to_rest(60.0, &s), 38);
    ck_assert(s.x == 300.0 && s.v == 0.0);
    ck_assert_int_eq(frames_to_rest(120.0, &s), 75);
    ck_assert(s.x == 300.0 && s.v == 0.0);
}
END_TEST

START_TEST(rest_rules)
{
    const ts_rest r = ts_rest_scaled(1.0);
    /* crossing the target at full speed: near but fast */
    ck_assert(ts_at_rest(&r, TS_REST_DISTANCE_ONLY, 300.1, 250.0, 300.0));
    ck_assert(!ts_at_rest(&r, TS_REST_BOTH, 300.1, 250.0, 300.0));
    /* the top of a bounce: slow but far */
    ck_assert(ts_at_rest(&r, TS_REST_SPEED_ONLY, 320.0, 0.0, 300.0));
    ck_assert(!ts_at_rest(&r, TS_REST_BOTH, 320.0, 0.0, 300.0));
    ck_assert(ts_at_rest(&r, TS_REST_BOTH, 300.4, -0.9, 300.0));
    /* an opacity animated over 100 px worth of travel: thresholds 0.005 and 0.01 */
    const ts_rest o = ts_rest_scaled(0.01);
    ck_assert_double_eq_tol(o.eps_x, 0.005, 1e-15);
    ck_assert(!ts_at_rest(&o, TS_REST_BOTH, 0.994, 0.0, 1.0));
    ck_assert(ts_at_rest(&o, TS_REST_BOTH, 0.996, 0.0, 1.0));
    /* the energy rule is the ellipse (dx/0.5)^2 + (dv/1)^2 < 1: (0.3, 0.7) is inside both boxes but outside it
     * (0.36 + 0.49 = 0.85 < 1 inside; (0.4, 0.7): 0.64 + 0.49 = 1.13 outside), and never at a crossing or a top */
    ck_assert(ts_at_rest(&r, TS_REST_ENERGY, 300.3, 0.7, 300.0));
    ck_assert(!ts_at_rest(&r, TS_REST_ENERGY, 300.4, 0.7, 300.0));
    ck_assert(ts_at_rest(&r, TS_REST_BOTH, 300.4, 0.7, 300.0));
    ck_assert(!ts_at_rest(&r, TS_REST_ENERGY, 300.1, 250.0, 300.0));
    ck_assert(!ts_at_rest(&r, TS_REST_ENERGY, 320.0, 0.0, 300.0));
    /* the names, from one table */
    ts_rest_rule rule;
    for (int i = 0; i < TS_REST_RULE_COUNT; i++) {
        ck_assert_int_eq(ts_rest_rule_parse(ts_rest_rule_name((ts_rest_rule)i), &rule), 0);
        ck_assert_int_eq(rule, i);
    }
    ck_assert_int_eq(ts_rest_rule_parse("never", &rule), -1);
    ck_assert_str_eq(ts_rest_rule_names(), "both, distance, speed, energy");
}
END_TEST

START_TEST(rounding_slack_keeps_whole_steps)
{
    /* Step 0.1 and a 0.3 s frame: 0.3 / 0.1 is 2.9999999999999996 in doubles, yet the frame holds exactly three
     * steps (0.1 + 0.1 + 0.1 is how 0.3 came about). Likewise 0.7 / 0.1 = 6.999999999999999: seven. */
    ts_accumulator a;
    ck_assert_int_eq(ts_accumulator_init(&a, 0.1, 1.0), 0);
    ck_assert(0.3 / 0.1 < 3.0);  /* the premise: the division rounds down */
    ck_assert_uint_eq(ts_accumulator_feed(&a, 0.3), 3);
    ck_assert_double_eq_tol(a.acc, 0.0, 1e-15);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 0.7), 7);
    ck_assert_double_eq_tol(a.acc, 0.0, 1e-15);
    /* a frame of 3.5 steps: three now, half a step kept (alpha 0.5) */
    ck_assert_uint_eq(ts_accumulator_feed(&a, 0.35), 3);
    ck_assert_double_eq_tol(ts_accumulator_alpha(&a), 0.5, 1e-12);
}
END_TEST

START_TEST(cap_and_alpha_at_another_step)
{
    /* step 0.1, cap 0.25: a 10 s frame feeds 0.25 s, floor(2.5) = 2 steps now, 9.75 s skipped, 0.05 s kept */
    ts_accumulator a;
    ck_assert_int_eq(ts_accumulator_init(&a, 0.1, 0.25), 0);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 10.0), 2);
    ck_assert_double_eq_tol(a.skipped, 9.75, 1e-12);
    ck_assert_double_eq_tol(a.acc, 0.05, 1e-12);
    ck_assert_double_eq_tol(ts_accumulator_alpha(&a), 0.5, 1e-12);
    /* lerp between states that differ by 4 at alpha 0.25: prev + 1 */
    ck_assert_double_eq_tol(ts_lerp(-3.0, 1.0, 0.25), -2.0, 1e-15);
}
END_TEST

START_TEST(rest_thresholds_scale_together)
{
    /* scale 0.01: eps_x = 0.005 and eps_v = 0.01 (the spring article's 0.5 px and 1 px/s times 0.01) */
    const ts_rest o = ts_rest_scaled(0.01);
    ck_assert_double_eq_tol(o.eps_v, 0.01, 1e-15);
    ck_assert(ts_at_rest(&o, TS_REST_BOTH, 1.0, 0.009, 1.0));
    ck_assert(!ts_at_rest(&o, TS_REST_BOTH, 1.0, 0.011, 1.0));
    ck_assert(!ts_at_rest(&o, TS_REST_SPEED_ONLY, 5.0, -0.011, 1.0));
    /* scale 4: 2 px and 4 px/s */
    const ts_rest big = ts_rest_scaled(4.0);
    ck_assert(ts_at_rest(&big, TS_REST_BOTH, 301.9, -3.9, 300.0));
    ck_assert(!ts_at_rest(&big, TS_REST_BOTH, 302.1, 0.0, 300.0));
    ck_assert(!ts_at_rest(&big, TS_REST_BOTH, 300.0, 4.1, 300.0));
}
END_TEST

START_TEST(exact_cap_and_capped_frames_add_up)
{
    /* step 1/8 and cap 1/4 (exact in binary, so every sum below is exact): a frame of exactly the cap runs its two
     * steps and skips nothing; one step more is skipped, not run */
    ts_accumulator a;
    ck_assert_int_eq(ts_accumulator_init(&a, 0.125, 0.25), 0);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 0.25), 2);
    ck_assert(a.skipped == 0.0 && a.acc == 0.0);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 0.375), 2);
    ck_assert(a.skipped == 0.125 && a.acc == 0.0);
    /* half a step over the cap: skipped too (not kept for the next frame) */
    ck_assert_uint_eq(ts_accumulator_feed(&a, 0.3125), 2);
    ck_assert(a.skipped == 0.1875 && a.acc == 0.0);
    /* two capped frames in a row, with a remainder carried between them: cap 0.3125 (5/16). Frame 1 of 1 s keeps
     * 5/16, skips 11/16, runs 2 steps and carries 1/16; frame 2 of 1/2 s: 1/16 + 1/2 = 9/16 is capped to 5/16,
     * skipping 1/4 more (the carried time counts: 1/2 - 5/16 = 3/16 would be the bug), 2 steps, 1/16 carried.
     * Skipped in all: 11/16 + 4/16 = 15/16 (a skip that overwrote instead of adding would say 1/4). */
    ck_assert_int_eq(ts_accumulator_init(&a, 0.125, 0.3125), 0);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 1.0), 2);
    ck_assert(a.skipped == 0.6875 && a.acc == 0.0625);
    ck_assert_uint_eq(ts_accumulator_feed(&a, 0.5), 2);
    ck_assert(a.skipped == 0.9375 && a.acc == 0.0625);
}
END_TEST

START_TEST(time_is_conserved_over_many_frames)
{
    /* Over any run of frames, the time fed = the steps run x step + the time skipped + the time kept (each call's
     * books balance, so their sum does), and no frame runs more than floor(cap / step) + 1 steps. 2000 frames of
     * 0 to 0.3 s (a fixed LCG: some capped, some of zero steps) at the lab's step and cap. */
    ts_accumulator a;
    ck_assert_int_eq(ts_accumulator_init(&a, TS_DEFAULT_STEP, TS_DEFAULT_CAP), 0);
    unsigned long long lcg = 12345, steps = 0;
    double fed = 0.0;
    unsigned most = 0, capped = 0;
    for (int f = 0; f < 2000; f++) {
        lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
        const double dt = 0.3 * (double)(lcg >> 11) / 9007199254740992.0;
        const double skipped_before = a.skipped;
        const unsigned n = ts_accumulator_feed(&a, dt);
        capped += a.skipped > skipped_before;
        most = n > most ? n : most;
        steps += n, fed += dt;
        ck_assert_double_eq_tol((double)steps * TS_DEFAULT_STEP + a.skipped + a.acc, fed, 1e-9);
        ck_assert(a.acc >= 0.0 && a.acc < TS_DEFAULT_STEP);
    }
    ck_assert_uint_le(most, (unsigned)(TS_DEFAULT_CAP / TS_DEFAULT_STEP) + 1);
    ck_assert_uint_ge(capped, 100);  /* the premise: frames over 0.1 s (about 2/3 of them) were capped */
}
END_TEST

START_TEST(spiral_runs_a_frame_of_exactly_max_substeps)
{
    /* step 1/8, no cap, no render time, a step costing 1/4 s (twice what it simulates), a first frame of 1/2 s:
     * the frames take 4, 8, 16, 32 steps (each lasts its steps x 1/4 s). With max_substeps 16 the third frame, of
     * exactly 16, runs and the fourth (32) does not: 3 frames; with 15, only 2. */
    ts_spiral_frame out[8];
    ck_assert_uint_eq(ts_spiral_run(0.125, INFINITY, 0.0, 0.25, 0.5, 8, 16, out), 3);
    ck_assert_uint_eq(out[0].substeps, 4);
    ck_assert_uint_eq(out[1].substeps, 8);
    ck_assert_uint_eq(out[2].substeps, 16);
    ck_assert(out[2].sim_t == 3.5 && out[2].wall_t == 0.5 + 1.0 + 2.0);
    ck_assert_uint_eq(ts_spiral_run(0.125, INFINITY, 0.0, 0.25, 0.5, 8, 15, out), 2);
    /* the time carried over counts: a first frame of 4.5 steps runs 4 and keeps 1/16 s; the next lasts 4 x 0.140625
     * = 4.5 steps' worth, which with the 1/16 kept is 5 steps, over a max_substeps of 4 (4.5 alone would be 4) */
    ck_assert_uint_eq(ts_spiral_run(0.125, INFINITY, 0.0, 0.140625, 0.5625, 8, 4, out), 1);
    /* the cap ends it: cap 1 s runs every frame at 8 steps after the first (the skipped time is the slowdown) */
    ck_assert_uint_eq(ts_spiral_run(0.125, 1.0, 0.0, 0.25, 0.5, 8, 16, out), 8);
    ck_assert_uint_eq(out[7].substeps, 8);
    ck_assert(out[7].sim_t == 0.5 + 7 * 1.0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("timestep");
    TCase *tc = tcase_create("accumulator");
    tcase_add_test(tc, same_states_at_common_times);
    tcase_add_test(tc, cap_bounds_a_long_frame);
    tcase_add_test(tc, bad_frames_and_init);
    tcase_add_test(tc, alpha_interpolates);
    tcase_add_test(tc, rounding_slack_keeps_whole_steps);
    tcase_add_test(tc, cap_and_alpha_at_another_step);
    tcase_add_test(tc, exact_cap_and_capped_frames_add_up);
    tcase_add_test(tc, time_is_conserved_over_many_frames);
    tcase_add_test(tc, spiral_runs_a_frame_of_exactly_max_substeps);
    suite_add_tcase(s, tc);
    TCase *rest = tcase_create("rest");
    tcase_add_test(rest, seed_example_rests);
    tcase_add_test(rest, rest_rules);
    tcase_add_test(rest, rest_thresholds_scale_together);
    suite_add_tcase(s, rest);
    return run_suite(s);
}
