/* spring-lab's adaptive charts (view.c draws them): the step sizes dopri5 chose over time, and the work-precision
 * diagram. Their words; the numbers are the study's (model_adaptive.c). */
#include <stdio.h>

#include "numlab/lang.h"
#include "lab.h"

void sl_study_adaptive_labels(const sl_study *st, char *title, size_t size, const char **xlabel, const char **ylabel)
{
    if (st->kind == SL_STUDY_STEPS) {
        const sl_adaptive_end *a = st->adaptive;
        char rejected[ODE_CONTROLLER_COUNT][48];
        for (int k = 0; k < ODE_CONTROLLER_COUNT; k++)
            snprintf(rejected[k], sizeof rejected[k], P_("%lu rejected", "%lu rejected", a[k].rejected), a[k].rejected);
        snprintf(title, size, _("dopri5's accepted steps to t = %.3g s: standard %lu (%s), PI %lu (%s)"), st->t_end,
                 a[ODE_CONTROLLER_STANDARD].accepted, rejected[ODE_CONTROLLER_STANDARD], a[ODE_CONTROLLER_PI].accepted,
                 rejected[ODE_CONTROLLER_PI]);
        *xlabel = "t [s]", *ylabel = "h [s]";
        return;
    }
    snprintf(title, size, _("|x - x_exact| at t = %.3g s against evaluations: fixed dt, adaptive tol (legend: slope)"),
             st->t_end);
    *xlabel = _("force evaluations"), *ylabel = _("error");
}
