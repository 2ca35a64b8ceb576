/* spring-lab's walk text of step 15 (texts.c has the others): every number a field of the steps and work studies
 * (model_adaptive.c), checked in tests/test_spring_lab_adaptive.c. */
#include <stdio.h>

#include "numlab/lang.h"
#include "lab.h"

void sl_text_adaptive(char *buf, size_t size, const sl_study *steps, const sl_study *work)
{
    const sl_adaptive_end *a = &steps->adaptive[ODE_CONTROLLER_STANDARD];
    char taken[64], rejected[64];
    snprintf(taken, sizeof taken, P_("%lu step", "%lu steps", a->accepted), a->accepted);
    snprintf(rejected, sizeof rejected, P_("%lu rejected", "%lu rejected", a->rejected), a->rejected);
    /* TRANSLATORS: never 1 evaluation: a dopri5 run takes at least 8 */
    snprintf(buf, size, _("An adaptive step is chosen for accuracy, not for the clock: dopri5 estimates each step's error "
             "(y5 - y4) and takes %s to t = %.3g s (%s), from %.3g to %.3g ms. A %g Hz frame would hold %d to %d of "
             "them, so the work a frame jumps, and landing a step on every frame costs %lu evaluations, not %lu. "
             "Landing on %g Hz or on %g Hz frames ends %.1e apart: a replay at another rate is another trajectory; the "
             "accumulator's fixed step is the same steps at every rate. Offline nothing waits: at tol %.0e dopri5 is "
             "within %.1e of the closed form after %.0f evaluations; RK4 at about that cost (%.0f), %.1e."),
             taken, steps->t_end, rejected, 1e3 * a->h_min, 1e3 * a->h_max, SL_GAME_HZ, steps->frame_steps_lo,
             steps->frame_steps_hi, steps->landing_evals, a->evals, SL_REPLAY_HZ_LO, SL_REPLAY_HZ_HI,
             steps->replay_gap, SL_REF_TOL, work->ref_error, work->ref_evals, work->rk4_evals, work->rk4_error);
}
