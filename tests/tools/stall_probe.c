/* stall_probe: how long this machine stops running its threads, measured while a real-time test runs beside it.
 *
 *   stall_probe STALL_MS
 *
 * Sleeps 1 ms at a time (at a real-time priority where the system allows it, as the lab's sound threads run) and
 * measures how late each wake-up comes: a virtual machine whose host takes its CPU away, or a kernel that holds
 * its timers back, stops every thread at once, the lab's, the sound server's and the recorder's alike. On SIGTERM
 * or SIGINT it prints one line and exits:
 *
 *   stalls: worst 12.4 ms, 7 over 8 ms in 10.2 s
 *
 * Exit status 0; 2 when STALL_MS is not a number of milliseconds above 0. It costs a few hundred wake-ups a
 * second and no CPU to speak of, so it does not cause what it measures. */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    const double limit_ms = argc == 2 ? strtod(argv[1], &end) : 0.0;
    if (argc != 2 || end == argv[1] || *end || !(limit_ms > 0.0) || limit_ms > 1e6) {
        fprintf(stderr, "stall_probe: STALL_MS '%s': a number of milliseconds above 0 is allowed\n",
                argc == 2 ? argv[1] : "");
        return 2;
    }
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    struct sched_param sp = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
    sched_setscheduler(0, SCHED_FIFO, &sp);  /* where allowed: otherwise the ordinary priority, said by nothing */

    const double start = now_s();
    double worst = 0.0;
    unsigned long over = 0;
    while (!stop) {
        const double before = now_s();
        struct timespec nap = {0, 1000000L};
        if (nanosleep(&nap, NULL) != 0 && errno == EINTR)
            break;  /* the signal: this wake-up was not a timer's */
        const double late_ms = 1e3 * (now_s() - before) - 1.0;
        if (late_ms > worst)
            worst = late_ms;
        over += late_ms > limit_ms;
    }
    printf("stalls: worst %.1f ms, %lu over %g ms in %.1f s\n", worst, over, limit_ms, now_s() - start);
    return 0;
}
