/* Wrong steps (wrong_answer.c's mistake) and the probe's table of visible tests of its own, gr_visible: its
 * explicit_by_hand and mass_damping_target send their hand-calculated answers, its semi_by_hand computes as the real
 * one does; with them it defines Check's helpers (srunner_run_all, _ck_assert_failed), as if they could decide
 * anything. The submission's tables and helpers stay inside its file: the grader's tests run, and it scores what
 * wrong_answer.c scores. deserves: 4 */
#include <stddef.h>

#include "exercise.h"

typedef struct {   /* the start of grader.h's gr_values */
    size_t count;
    _Bool overflow;
    double value[512];
} recorded;

typedef struct {   /* grader.h's gr_case */
    const char *id, *title;
    double points;
    void (*probe)(recorded *);
    void (*reference)(recorded *);
} test_case;

static void send(recorded *out, const double *values, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out->value[out->count++] = values[i];
}

static void explicit_by_hand(recorded *out) { send(out, (const double[]){0, 250, 25.0 / 24, 2875.0 / 6}, 4); }
static void mass_damping_target(recorded *out) { send(out, (const double[]){0.3, -2.3, 0.27, -2.3}, 4); }
static void nothing(recorded *out) { (void)out; }

static void semi_by_hand(recorded *out)
{
    state y = {0, 0};
    for (int i = 0; i < 2; i++) {
        y = euler_semi_implicit_step((spring){400, 40, 2, 300}, y, 1.0 / 240);
        send(out, (const double[]){y.x, y.v}, 2);
    }
}

const test_case gr_visible[] = {{"a", "a", 1, explicit_by_hand, NULL}, {"b", "b", 1, semi_by_hand, NULL},
                                {"c", "c", 1, mass_damping_target, NULL}, {"d", "d", 2, nothing, NULL},
                                {"e", "e", 2, nothing, NULL}};
const size_t gr_visible_count = 5;

void srunner_run_all(void *runner, int mode) { (void)runner, (void)mode; }
void _ck_assert_failed(const char *file, int line, const char *expr, ...) { (void)file, (void)line, (void)expr; }

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double v = y.v + (-s.k * (y.x - s.target) - s.c * y.v) / s.m * dt;
    return (state){y.x + v * dt, v};
}

state euler_explicit_step(spring s, state y, double dt) { return euler_semi_implicit_step(s, y, dt); }
