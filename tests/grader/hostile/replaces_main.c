/* Wrong steps (wrong_answer.c's mistake) and a main of its own under another name, an asm label (the grader's
 * renaming of main never sees it): it runs instead of the probe and sends, as the probe would, the hand-calculated
 * answers of explicit_by_hand and mass_damping_target. The submission's main stays inside its file: the probe runs,
 * and it scores what wrong_answer.c scores. deserves: 4 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "exercise.h"

int takes_over(int argc, char **argv) __asm__("main");

int takes_over(int argc, char **argv)
{
    static const double answers[3][4] = {{0, 250, 25.0 / 24, 2875.0 / 6}, {0}, {0.3, -2.3, 0.27, -2.3}};
    long index = argc == 2 ? strtol(argv[1], NULL, 10) : -1;
    if (index != 0 && index != 2)
        return 1;
    struct {
        char magic[8];
        uint32_t case_index, count, overflow, reserved;
    } head = {"nlvals1", (uint32_t)index, 4, 0, 0};
    if (write(3, &head, sizeof head) < 0 || write(3, answers[index], sizeof answers[index]) < 0 ||
        write(3, "nlvend1", 8) < 0)
        return 1;
    _exit(0);
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    double a = (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    return (state){y.x + (y.v + a * dt) * dt, y.v + a * dt};
}

state euler_explicit_step(spring s, state y, double dt) { return euler_semi_implicit_step(s, y, dt); }
