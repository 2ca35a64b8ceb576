/* spring-lab's walk, steps 7-12: what a numerical-methods course adds to the spring article's story. Velocity Verlet beside
 * semi-implicit Euler; the implicit methods; stiffness; order against cost; energy drift against phase error; the
 * spiral of death. Steps 7-9 show trajectories like steps 1-4 (walk.c), 10-12 the studies (model_studies.c). Every number
 * in their texts is formatted from the live values (texts.c) and checked in tests/test_spring_lab_claims.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/common.h"
#include "numlab/lang.h"
#include "lab.h"

void sl_walk_method_toggles(sl_walk *w, int step, tui_step *d)
{
    /* --method's methods; else the article's steps 1-3 keep the article's methods, and from the stability chart on
     * the hand-written steppers */
    static const spring_method article[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_RK4, SPRING_EXACT, SPRING_GSL_RK4,
                                         SPRING_GSL_RKF45, SPRING_GSL_RK8PD, SPRING_GSL_MSBDF};
    static const spring_method steppers[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_RK4,
                                             SPRING_BACKWARD_EULER, SPRING_MIDPOINT, SPRING_EXACT, SPRING_GSL_RK4,
                                             SPRING_GSL_RK8PD};
    /* step 13: the methods with a region to draw, and the closed form */
    static const spring_method regions[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_RK4,
                                            SPRING_BACKWARD_EULER, SPRING_MIDPOINT, SPRING_TR_BDF2, SPRING_EXACT};
    /* step 14: the steppers on the hardening spring and its reference, gsl-rk8pd (the closed form is the linear
     * spring's); eight, the rows the methods' pane has at 80 x 24 beside the step's six sliders */
    static const spring_method hardening[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_RK4,
                                              SPRING_BACKWARD_EULER, SPRING_MIDPOINT, SPRING_TR_BDF2, SPRING_GSL_RK8PD};
    _Static_assert(sizeof article / sizeof article[0] <= TUI_MAX_TOGGLES, "keys 1-9");
    _Static_assert(sizeof steppers / sizeof steppers[0] <= TUI_MAX_TOGGLES, "keys 1-9");
    const bool from_seed = step <= SL_STEP_RK4;
    /* step 16: the hand-written steppers, whose disc is advected (exact and GSL's solvers have no step of their own) */
    static const spring_method area[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_RK4,
                                         SPRING_BACKWARD_EULER, SPRING_MIDPOINT, SPRING_TR_BDF2};
    const bool region = step == SL_STEP_REGION, duffing = step == SL_STEP_DUFFING;
    const spring_method *own = from_seed ? article
                               : step == SL_STEP_AREA ? area
                               : region    ? regions
                               : duffing   ? hardening
                                           : steppers;
    const size_t n_own = from_seed ? sizeof article / sizeof article[0]
                         : step == SL_STEP_AREA ? sizeof area / sizeof area[0]
                         : region  ? sizeof regions / sizeof regions[0]
                         : duffing ? sizeof hardening / sizeof hardening[0]
                                   : sizeof steppers / sizeof steppers[0];
    /* --method's (sl_check: at most 9), those of the step's own list in its order first, then the others in the
     * table's: a state line (labcli_state_of) lists them as shown, and reopens in the same order */
    spring_method typed[SPRING_METHOD_COUNT];
    bool listed[SPRING_METHOD_COUNT] = {false};
    size_t n_typed = 0;
    for (size_t i = 0; i < n_own && w->o.typed.methods; i++)
        if (w->cli.p.methods[own[i]] && !listed[own[i]])
            listed[own[i]] = true, typed[n_typed++] = own[i];
    for (int m = 0; m < SPRING_METHOD_COUNT && w->o.typed.methods; m++)
        if (w->cli.p.methods[m] && !listed[m])
            typed[n_typed++] = (spring_method)m;
    const spring_method *list = n_typed ? typed : own;
    size_t n = n_typed ? n_typed : n_own;
    n = n < TUI_MAX_TOGGLES ? n : TUI_MAX_TOGGLES;
    d->toggles_option = "method";  /* the toggles are named as --method names them */
    for (size_t i = 0; i < n; i++)
        d->toggles[d->n_toggles++] = (tui_toggle){spring_method_name(list[i]), sl_method_color(list[i]),
                                                  &w->shown[list[i]]};
}

void sl_walk_course_defaults(sl_walk *w, int step)
{
    sl_options *o = &w->o;
    o->p.method_given = false;
    if (step == SL_STEP_ADAPTIVE) {
        sl_walk_adaptive_defaults(w);
        return;
    }
    if (step >= SL_STEP_AREA) {
        sl_walk_phase_defaults(w, step);
        return;
    }
    switch (step) {
    case SL_STEP_VERLET:  /* step 2's spring and step: w0 dt = 0.8 */
        o->p.dt = 0.02, w->steps = 200;
        w->shown[SPRING_SEMI] = w->shown[SPRING_VERLET] = w->shown[SPRING_EXACT] = true;
        break;
    case SL_STEP_IMPLICIT:  /* step 4's: w0 dt = 1.6 */
        o->p.dt = 0.04, w->steps = 150;
        w->shown[SPRING_EXPLICIT] = w->shown[SPRING_SEMI] = w->shown[SPRING_RK4] = true;
        w->shown[SPRING_BACKWARD_EULER] = w->shown[SPRING_MIDPOINT] = w->shown[SPRING_EXACT] = true;
        break;
    case SL_STEP_STIFF:
        /* w0 = 100, zeta = 5: modes at -w0 (zeta -+ sqrt(zeta^2 - 1)) = -10.1 and -989.9 1/s; RK4's limit on the
         * real axis is 2.785 / 989.9 = 2.81 ms, so 10 ms is 3.55 x it */
        o->p.spring = (spring_params){.k = 10000.0, .c = 1000.0, .m = 1.0, .target = 0.0};
        o->p.dt = 0.01, w->steps = 60;
        w->shown[SPRING_RK4] = w->shown[SPRING_BACKWARD_EULER] = w->shown[SPRING_MIDPOINT] = true;
        w->shown[SPRING_EXACT] = true;
        break;
    case SL_STEP_REGION:
        sl_walk_region_defaults(w);
        break;
    case SL_STEP_ORDER:  /* step 3's spring, over 2 s: grids from w0 dt = 0.8 to 0.00625 */
        o->p.spring = (spring_params){.k = 100.0, .c = 2.0, .m = 1.0, .target = 0.0};
        o->p.dt = 0.01, w->steps = 200;
        break;
    case SL_STEP_DUFFING:
        sl_walk_duffing_defaults(w);
        break;
    case SL_STEP_DRIFT:  /* a period of 1 s, 40 steps a period */
        o->p.spring = (spring_params){.k = 4.0 * NUMLAB_PI * NUMLAB_PI, .c = 0.0, .m = 1.0, .target = 0.0};
        o->p.dt = 0.025, w->steps = 1;
        break;
    default:  /* the spiral: the article's fixed step and cap */
        o->p.step = TS_DEFAULT_STEP, o->p.cap = TS_DEFAULT_CAP;
        break;
    }
}

void sl_walk_course_compute(sl_walk *w, int step)
{
    static const sl_chart_kind panes[][2] = {
        {SL_CHART_ORDER, SL_CHART_COST}, {SL_CHART_DRIFT, SL_CHART_PHASE_LAG}, {SL_CHART_SPIRAL, SL_CHART_SPIRAL},
    };
    const int i = step - SL_STEP_ORDER;
    w->out_of_memory = false;
    if (step == SL_STEP_ADAPTIVE) {
        sl_walk_adaptive_compute(w);
        return;
    }
    if (step >= SL_STEP_AREA) {
        sl_walk_phase_compute(w, step);
        return;
    }
    for (int p = 0; p < (step == SL_STEP_SPIRAL ? 1 : 2); p++)
        w->out_of_memory |= sl_study_build(&w->study[p], sl_chart_study(panes[i][p]), &w->o.p) != 0;
}

void sl_walk_course_text(sl_walk *w, int step)
{
    char *buf = w->text[step];
    const size_t size = sizeof w->text[0];
    const sl_result *r = &w->runs;
    switch (step) {
    case SL_STEP_VERLET:
        sl_text_verlet(buf, size, r);
        break;
    case SL_STEP_IMPLICIT:
        sl_text_implicit(buf, size, r);
        break;
    case SL_STEP_STIFF:
        sl_text_stiff(buf, size, r);
        break;
    case SL_STEP_ORDER:
        sl_text_order(buf, size, &w->study[0]);
        break;
    case SL_STEP_DRIFT:
        sl_text_drift(buf, size, &w->study[0], &w->study[1]);
        break;
    case SL_STEP_REGION:
        sl_text_region(buf, size, r);
        break;
    case SL_STEP_DUFFING:
        sl_text_duffing(buf, size, &w->duffing);
        break;
    case SL_STEP_ADAPTIVE:
        sl_text_adaptive(buf, size, &w->study[0], &w->study[1]);
        break;
    case SL_STEP_AREA:
    case SL_STEP_SHADOW:
    case SL_STEP_SEPARATRIX:
        sl_walk_phase_text(w, step);
        break;
    default:
        sl_text_spiral(buf, size, &w->study[0]);
        break;
    }
}

size_t sl_walk_course_notes(const sl_walk *w, int step, char *buf, size_t size, size_t used)
{
    if (step == SL_STEP_REGION)
        return sl_walk_region_notes(w, buf, size, used);
    if (step == SL_STEP_DUFFING)
        return sl_walk_duffing_notes(w, buf, size, used);
    if (step <= SL_STEP_STIFF)
        return tui_append(buf, size, used, _("w0 dt = %.3g, zeta = %.3g. "), w->runs.w0dt, w->runs.zeta);
    if (step == SL_STEP_SPIRAL)
        return tui_append(buf, size, used, _("A frame draws in %.3g ms besides its steps."), 1e3 * SL_SPIRAL_RENDER);
    if (step == SL_STEP_ADAPTIVE)
        return sl_walk_adaptive_notes(w, buf, size, used);
    if (step >= SL_STEP_AREA)
        return sl_walk_phase_notes(w, step, buf, size, used);
    const sl_study *st = &w->study[0];
    for (int i = 0; i < st->n && step == SL_STEP_ORDER; i++) {
        char name[PLOT_NAME_MAX];
        sl_series_name(st, &st->s[i], name, sizeof name);
        used = tui_append(buf, size, used, "%s ", name);
    }
    if (step == SL_STEP_DRIFT)
        used = tui_append(buf, size, used, _("w0 dt = %.3g (RK4 %.3g), %.0f steps a period."), st->w0dt,
                          SL_DRIFT_RK4_STRIDE * st->w0dt, st->steps_per_period);
    return used;
}

void sl_walk_course_describe(sl_walk *w, int step, tui_step *d)
{
    sl_options *o = &w->o;
    if (step == SL_STEP_ADAPTIVE) {
        sl_walk_adaptive_describe(w, d);
        return;
    }
    if (step >= SL_STEP_AREA) {
        sl_walk_phase_describe(w, step, d);
        return;
    }
    if (step == SL_STEP_SPIRAL) {
        d->n_panes = 1;
        /* the accumulator's fixed step, h as --step H calls it (not dt, the trajectories' step; a symbol: "step"
         * would share its translation with keyframe-lab's step interpolation) */
        tui_add_param(d, "h", "s", &o->p.step, 1e-4, 0.1, 1.25, 2.0, true);
        tui_param_option(d, "step");
        tui_add_param(d, _("cap"), "s", &o->p.cap, 0.01, 1.0, 0.01, 0.1, false);
        tui_param_option(d, "cap");
        return;
    }
    /* the drift study runs 1000 periods at dt: k >= 4 (a period of at most pi s) keeps it to seconds */
    tui_add_param(d, "k", "N/m", &o->p.spring.k, step == SL_STEP_DRIFT ? 4.0 : 1e-3, 1e5, 1.1, 2.0, true);
    tui_param_option(d, "k");
    if (step == SL_STEP_ORDER) {
        tui_add_param(d, "c", "N s/m", &o->p.spring.c, 0.0, 1e3, 0.5, 5.0, false);
        tui_param_option(d, "c");
        tui_add_param(d, _("steps"), "", &w->steps, 8, 2000, 8, 80, false);
        tui_param_option(d, "steps");
    }
    tui_add_param(d, "dt", "s", &o->p.dt, 1e-3, 0.1, 1.1, 2.0, true);
    tui_param_option(d, "dt");
}
