/* spring-lab's phase-space charts (view.c draws them): a disc's area over time, its boundaries, the shadow energy
 * and the swing near the separatrix. Their words; the numbers are the studies' (model_phase.c). */
#include <stdio.h>

#include "numlab/common.h"
#include "numlab/lang.h"
#include "lab.h"

void sl_study_phase_labels(const sl_study *st, char *title, size_t size, const char **xlabel, const char **ylabel)
{
    switch (st->kind) {
    case SL_STUDY_AREA:
        snprintf(title, size, _("pendulum: a disc's area / its start's (radius %.3g rad); det J = 1 keeps it 1"),
                 st->radius);
        *xlabel = "t [s]", *ylabel = _("area ratio");
        break;
    case SL_STUDY_DISC:
        snprintf(title, size, _("pendulum: a disc of states (radius %.3g rad) after the run, each method's"),
                 st->radius);
        *xlabel = "x", *ylabel = "v";
        break;
    case SL_STUDY_SHADOW:
        snprintf(title, size, _("pendulum, w0 dt = %.3g: E / E0, and Verlet's shadow energy H~ / H~0"), st->w0dt);
        *xlabel = _("periods"), *ylabel = "E / E0";
        break;
    default:
        snprintf(title, size, _("pendulum near the separatrix, w0 dt = %.3g: u(t); over the top past +-pi"), st->w0dt);
        *xlabel = "t [s]", *ylabel = "u [rad]";
        break;
    }
}

void sl_study_phase_marks(plot_chart *ch, const sl_study *st)
{
    if (st->kind == SL_STUDY_AREA)
        plot_chart_add_hline(ch, 1.0, 0, NULL);
    if (st->kind == SL_STUDY_SEPARATRIX) {
        plot_chart_add_hline(ch, NUMLAB_PI, 0, _("the top"));
        plot_chart_add_hline(ch, -NUMLAB_PI, 0, NULL);
        /* a swing that goes over the top leaves the chart there, instead of squashing the others into a line */
        plot_chart_set_range(ch, PLOT_Y, -1.5 * NUMLAB_PI, 1.5 * NUMLAB_PI);
    }
}
