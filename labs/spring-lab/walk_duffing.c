/* spring-lab's walk, step 14: a hardening (Duffing) spring, where the linear stability chart stops being the whole
 * story. The force is k u + k3 u^3; its stiffness is the tangent k + 3 k3 u^2, so a step matrix is of the
 * linearisation about one state. The student raises k3 and sees the chart about rest stay put while the tangent at
 * the amplitude, and the run on the spring itself, leave it. Every number is the model's (model_duffing.c), checked
 * in tests/test_spring_lab_duffing.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/lang.h"
#include "lab.h"

/* The methods this step shows: the fixed-step ones, and the reference (no closed form once k3 > 0). */
static const spring_method duffing_methods[] = {SPRING_SEMI, SPRING_VERLET, SPRING_RK4, SPRING_BACKWARD_EULER,
                                                SPRING_MIDPOINT, SPRING_GSL_RK8PD};

void sl_walk_duffing_defaults(sl_walk *w)
{
    sl_options *o = &w->o;
    o->p.method_given = false;
    /* w0 = 10 rad/s, undamped, from u = 1: w0 dt = 0.5 about rest; k3 starts at 0 (the linear spring) */
    o->p.spring = (spring_params){.k = 100.0, .c = 0.0, .m = 1.0, .target = 0.0, .k3 = 0.0};
    o->p.s0 = (spring_state){1.0, 0.0};
    o->p.dt = 0.05, w->steps = 400;
    for (size_t i = 0; i < sizeof duffing_methods / sizeof duffing_methods[0]; i++)
        w->shown[duffing_methods[i]] = true;
}

int sl_walk_duffing_compute(sl_walk *w)
{
    return sl_duffing_compute(&w->o.p, &w->duffing);
}

/* "stays bounded" or "diverges at step N": what the run on the spring itself did. */
static void run_verdict(char *buf, size_t size, const sl_duffing *d, spring_method m)
{
    if (d->run[m].diverged)
        snprintf(buf, size, _("diverges at step %zu"), d->run[m].diverged_step);
    else
        snprintf(buf, size, "%s", d->run[m].newton_failed ? _("stops: Newton does not converge") : _("stays bounded"));
}

void sl_text_duffing(char *buf, size_t size, const sl_duffing *d)
{
    char run[64];
    run_verdict(run, sizeof run, d, SPRING_SEMI);
    snprintf(buf, size, _("The force is k u + k3 u^3: the stiffness is the tangent k + 3 k3 u^2, and a linear chart "
             "holds about one state. About rest semi's w0 dt is %.3g (%s); at the amplitude %.3g, %.3g (%s). On the "
             "spring itself semi %s. Raise k3: the chart about rest stays put."),
             d->w0dt_rest, d->rest[SPRING_SEMI].stable ? _("stable") : _("unstable"), d->amplitude, d->w0dt_peak,
             d->peak[SPRING_SEMI].stable ? _("stable") : _("unstable"), run);
}

size_t sl_walk_duffing_notes(const sl_walk *w, char *buf, size_t size, size_t used)
{
    const sl_duffing *d = &w->duffing;
    const spring_params *p = &w->o.p.spring;
    used = tui_append(buf, size, used, _("Tangent k %.4g at rest, %.4g at u = A; period %.4g s (linear %.4g s). "),
                      d->k_rest, d->k_peak, spring_duffing_period(p, d->amplitude), spring_duffing_period(p, 0.0));
    const spring_newton *n = &d->newton[SPRING_BACKWARD_EULER];
    if (n->solves > 0)
        used = tui_append(buf, size, used, _("backward-euler: %.3g Newton iterations a step (at most %u). "),
                          (double)n->iterations / (double)n->solves, n->most);
    if (w->shown[SPRING_EXACT] && p->k3 != 0.0)
        used = tui_append(buf, size, used, "%s", _("exact: no closed form with k3 > 0 (gsl-rk8pd is the reference). "));
    if (d->broken < SPRING_METHOD_COUNT)
        used = tui_append(buf, size, used, _("%s: stable about rest, diverged on the spring. "),
                          spring_method_name(d->broken));
    return used;
}

void sl_walk_duffing_params(sl_walk *w, tui_step *d)
{
    sl_options *o = &w->o;
    tui_add_param(d, "k3", "N/m^3", &o->p.spring.k3, 0.0, 1e5, 50.0, 500.0, false);
    tui_param_option(d, "k3");
    tui_add_param(d, "x0", "m", &o->p.s0.x, 0.01, 100.0, 1.1, 2.0, true);
    tui_param_option(d, "x0");
}

void sl_walk_duffing_marks(const sl_walk *w, plot_chart *ch)
{
    /* the stability chart is of the linearisation about rest (its markers at w0 dt about rest); mark each shown
     * method's radius at the amplitude's w0 dt, with the tangent k + 3 k3 A^2 */
    const sl_duffing *d = &w->duffing;
    plot_chart_set_range(ch, PLOT_X, 0.0, fmax(SL_STABILITY_MAX_W0DT, 1.05 * d->w0dt_peak));
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        if (w->shown[m] && d->peak[m].has_matrix)
            plot_chart_add_marker(ch, d->w0dt_peak, fmin(d->peak[m].rho, 2.0), sl_method_color((spring_method)m),
                                  m == SPRING_SEMI ? "A" : NULL);
}
