/* spring-lab's walk, step 15: adaptive steps. dopri5's step sizes over time (its two controllers) and the
 * work-precision diagram, the model's steps and work studies (model_adaptive.c); the text (texts_adaptive.c) says
 * why an adaptive step is wrong for a game loop and right for an offline reference, from their numbers. */
#include "numlab/lang.h"
#include "lab.h"

#define WALK_TOL 1e-6  /* loose enough that the steps swing and a few are rejected */

void sl_walk_adaptive_defaults(sl_walk *w)
{
    sl_options *o = &w->o;
    /* step 3's spring (w0 = 10, zeta = 0.1) from x = 1 over 3 s: about 5 periods as the swing decays */
    o->p.spring = (spring_params){.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0};
    o->p.dt = 0.01, w->steps = 300;
    o->p.tol = o->typed.tol ? w->cli.p.tol : WALK_TOL;
    o->p.controller = w->cli.p.controller;
}

void sl_walk_adaptive_compute(sl_walk *w)
{
    w->out_of_memory = sl_study_build(&w->study[0], SL_STUDY_STEPS, &w->o.p) != 0 ||
                       sl_study_build(&w->study[1], SL_STUDY_WORK, &w->o.p) != 0;
}

/* "standard 109 steps, 4 rejected, 680 evaluations" */
static size_t run_notes(const sl_adaptive_end *a, const char *name, char *buf, size_t size, size_t used)
{
    used = tui_append(buf, size, used, " %s ", name);
    used = tui_append(buf, size, used, P_("%lu step", "%lu steps", a->accepted), a->accepted);
    used = tui_append(buf, size, used, P_(", %lu rejected", ", %lu rejected", a->rejected), a->rejected);
    /* TRANSLATORS: never 1 evaluation: a dopri5 run takes at least 8 */
    return tui_append(buf, size, used, _(", %lu evaluations."), a->evals);
}

size_t sl_walk_adaptive_notes(const sl_walk *w, char *buf, size_t size, size_t used)
{
    const sl_adaptive_end *a = w->study[0].adaptive;
    used = tui_append(buf, size, used, "tol %.0e:", w->o.p.tol);
    used = run_notes(&a[ODE_CONTROLLER_STANDARD], "standard", buf, size, used);
    return run_notes(&a[ODE_CONTROLLER_PI], "PI", buf, size, used);
}

void sl_walk_adaptive_describe(sl_walk *w, tui_step *d)
{
    sl_options *o = &w->o;
    tui_add_param(d, "tol", "", &o->p.tol, 1e-12, 1e-2, 3.1622776601683795, 10.0, true);
    tui_param_option(d, "tol");
    tui_add_param(d, "k", "N/m", &o->p.spring.k, 1.0, 1e4, 1.1, 2.0, true);
    tui_param_option(d, "k");
    tui_add_param(d, "c", "N s/m", &o->p.spring.c, 0.0, 100.0, 0.5, 5.0, false);
    tui_param_option(d, "c");
}
