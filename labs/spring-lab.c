/* spring-lab: one damped spring, m x'' + c x' + k (x - target) = 0, integrated every way the lab compares. The
 * options (labs/spring-lab/options.c), then one mode: --csv, --csv --animate, --stability, --plot
 * (labs/spring-lab/headless.c), or the interactive guided walk (labs/spring-lab/walk.c). */
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "spring-lab/lab.h"

static int run(void *opts, const labcli_result *r)
{
    sl_front *f = opts;
    sl_options *o = &f->o;
    return r->mode == SL_PLOT ? sl_plot(o) : r->mode == SL_STABILITY ? sl_stability(o)
         : r->mode == SL_CSV  ? (f->animate ? sl_animate(o) : sl_csv(o))
                              : sl_interactive(o, r);
}

static labcli_lab lab = {
    LABCLI_LAB(1, "spring-lab", N_("a damped spring: explicit, semi-implicit Euler, RK4")),
    .usage = N_("usage: spring-lab [options]                       the interactive guided walk (needs a terminal)\n"
             "       spring-lab --csv [--method LIST] [spring options] [--dt H --steps N]\n"
             "       spring-lab --csv --animate [--frame-hz F] [frame options] [spring options]\n"
             "       spring-lab --stability [spring options] [--dt H]\n"
             "       spring-lab --plot KIND [--method LIST] [spring options] [--width W --height H --ascii]\n"
             "                  [--out FILE.svg|pdf|png [--size WxH] [--force]]"),
    .footer = N_("Exit status: 0 ok, 1 runtime failure, 2 bad usage.\n"),
    .options = sl_option_table,  /* .n_options: sl_n_options, set in main (not a constant expression) */
    .interactive = N_("the interactive lab"), .check = sl_check, .run = run,
    .walk_steps = SL_N_STEPS,
};

int main(int argc, char **argv)
{
    sl_front f = {0};
    lab.n_options = sl_n_options;
    return labcli_main(&lab, &f, argc, argv);
}
