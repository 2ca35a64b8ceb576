/* spring-lab's walk, step 13: "A-stable but not L-stable". Step 9's stiff spring struck so that its fast mode moves;
 * the left pane is the stability regions in the complex plane with the spring's two dt lambda marked (they move as
 * dt changes), the right one x(t): the midpoint rule rings on the fast mode, TR-BDF2 damps it. Every number in the
 * text and notes is the model's (sl_result, sl_region), checked in tests/test_spring_lab_walk_claims.c. */
#include <math.h>
#include <stdio.h>

#include "numlab/lang.h"
#include "lab.h"

void sl_walk_region_defaults(sl_walk *w)
{
    sl_options *o = &w->o;
    /* step 9's spring (modes -10.1 and -989.9 1/s), struck at v0 = -1000 m/s: the fast mode's amplitude is
     * (v0 - lambda_slow x0) / (lambda_fast - lambda_slow) = 1.01 of x0's, the slow one's -0.01 */
    o->p.spring = (spring_params){.k = 10000.0, .c = 1000.0, .m = 1.0, .target = 0.0};
    o->p.s0 = (spring_state){1.0, -1000.0};
    o->p.dt = 0.01, w->steps = 30;
    w->shown[SPRING_BACKWARD_EULER] = w->shown[SPRING_MIDPOINT] = w->shown[SPRING_TR_BDF2] = true;
    w->shown[SPRING_EXACT] = true;
}

int sl_walk_region_compute(sl_walk *w)
{
    return sl_region_build(&w->region, &w->o.p, w->shown) == -1 ? -1 : 0;
}

void sl_text_region(char *buf, size_t size, const sl_result *r)
{
    /* TRANSLATORS: never 1 step: SL_RING_STEPS, 10 */
    snprintf(buf, size, _("A-stable is not enough. Step 9's spring, struck: its fast mode sits at dt lambda = %.3g "
             "(stiffness ratio %.3g), inside every A-stable region (left). The midpoint rule multiplies it by R = "
             "%.3f a step: it rings, %.2g left after %d steps. TR-BDF2 is L-stable, R(-inf) = 0: R = %.3f, %.2g "
             "left."), r->dt * r->fast_rate, r->stiffness_ratio, r->fast_midpoint, r->fast_midpoint_after,
             SL_RING_STEPS, r->fast_tr_bdf2, r->fast_tr_bdf2_after);
}

size_t sl_walk_region_notes(const sl_walk *w, char *buf, size_t size, size_t used)
{
    const sl_result *r = &w->runs;
    const sl_region *rg = &w->region;
    if (rg->root_im[0] != 0.0)
        used = tui_append(buf, size, used, _("dt lambda = %.3g +- %.3gi. "), rg->root_re[0], fabs(rg->root_im[0]));
    else
        used = tui_append(buf, size, used, _("dt lambda = %.3g and %.3g. "), rg->root_re[0], rg->root_re[1]);
    return tui_append(buf, size, used, _("R on the fast mode: backward-euler %.3f, midpoint %.3f, tr-bdf2 %.3f. "),
                      r->fast_backward, r->fast_midpoint, r->fast_tr_bdf2);
}
