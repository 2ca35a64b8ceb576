/* spring-lab without a terminal UI: --csv, --csv --animate and --stability. Every number the interactive lab
 * shows comes from the same model calls, so these outputs are what the tests and the students' reports use. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/common.h"
#include "numlab/cli.h"
#include "numlab/lang.h"
#include "lab.h"

/* %.17g: every double printed round-trips exactly. */
#define NUM "%.17g"

int sl_csv(const sl_options *o)
{
    printf("method,step,t,x,v,energy\n");
    for (int m = 0; m < SPRING_METHOD_COUNT && !cli_stdout_broken(); m++) {
        if (!o->p.methods[m])
            continue;
        if (m == SPRING_DOPRI5) {  /* its own steps: a row each (headless_adaptive.c) */
            const int rc = sl_csv_adaptive(o);
            if (rc != CLI_OK)
                return rc;
            continue;
        }
        const char *name = spring_method_name((spring_method)m);
        spring_runner r;
        if (spring_runner_init(&r, &o->p.spring, (spring_method)m, o->p.s0, o->p.dt, o->p.tol)) {
            spring_runner_destroy(&r);
            return cli_fail(_("%s: out of memory"), name);
        }
        for (long long n = 0; n <= o->p.steps && !cli_stdout_broken(); n++) {  /* a write error ends the run */
            if (n > 0 && spring_runner_step(&r))
                break;
            spring_sample s = spring_runner_sample(&r);
            printf("%s,%lld," NUM "," NUM "," NUM "," NUM "\n", name, n, s.t, s.x, s.v, s.energy);
        }
        if (r.status.diverged)
            printf("# %s: diverged at step %zu (t = %g)\n", name, r.status.diverged_step, r.status.diverged_t);
        else if (r.status.solver_failed)
            printf("# %s: the solver gave up at step %zu (t = %g)\n", name, r.step + 1,
                   (double)(r.step + 1) * o->p.dt);
        spring_runner_destroy(&r);
    }
    return cli_flush_stdout();
}

static bool print_frame(void *arg, const sl_frame *f)
{
    (void)arg;
    printf("%lld," NUM "," NUM "," NUM ",%u\n", f->frame, f->t, f->x, f->v, f->substeps);
    return !cli_stdout_broken();  /* a write error stops the loop */
}

/* The spring article's frame loop: feed each frame's dt to the accumulator, take its fixed steps, test for rest,
 * snap. */
int sl_animate(const sl_options *o)
{
    int chosen = 0;
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        chosen += o->p.methods[m];
    sl_loop loop = sl_loop_from_params(&o->p);
    const bool steps = spring_method_ode(loop.method) < ODE_METHOD_COUNT || loop.method == SPRING_EXACT;
    if (o->p.method_given && (chosen != 1 || !steps))
        return cli_error(_("--method: --animate takes one method (allowed: exact or a hand-written one: %s)"),
                         sl_stepper_names());
    printf("frame,t,x,v,substeps\n");
    sl_frame last;
    switch (sl_run_loop(&o->p.spring, o->p.s0, &loop, print_frame, NULL, &last)) {
    case SL_LOOP_DIVERGED:
        printf("# %s: diverged at frame %lld (t = %g)\n", spring_method_name(loop.method), last.frame, last.t);
        break;
    case SL_LOOP_NO_MEMORY:
        return cli_fail(_("out of memory"));
    case SL_LOOP_GAVE_UP:
        return cli_fail(P_("not at rest after %lld frame (--max-frames); with c = %g the spring may never settle",
                           "not at rest after %lld frames (--max-frames); with c = %g the spring may never settle",
                           o->p.max_frames),
                        o->p.max_frames, o->p.spring.c);
    default:
        break;
    }
    return cli_flush_stdout();
}

static void print_operating(const sl_result *r, spring_method m)
{
    const sl_operating *at = &r->at[m];
    printf("%s," NUM "," NUM "," NUM "," NUM "," NUM ",%s\n", spring_method_name(m), r->zeta, at->limit, at->dt_max,
           r->w0dt, at->rho, at->stable ? "yes" : "no");
}

int sl_stability(const sl_options *o)
{
    const spring_method shown[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_RK4, SPRING_GSL_RK4,
                                   SPRING_BACKWARD_EULER, SPRING_MIDPOINT, SPRING_EXACT};
    sl_params p = o->p;
    memset(p.methods, 0, sizeof p.methods);  /* the step matrices alone: no run */
    sl_result r = {0};
    if (sl_model_compute(&p, &r))
        return cli_fail(_("out of memory"));
    printf("method,zeta,w0dt_max,dt_max,w0dt,spectral_radius,stable\n");
    /* the article's order, then any other method with a step matrix (a new row of the method table) */
    const size_t n_shown = sizeof shown / sizeof shown[0];
    for (size_t i = 0; i < n_shown; i++)
        print_operating(&r, shown[i]);
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        double M[4];
        bool listed = false;
        for (size_t i = 0; i < n_shown; i++)
            listed |= shown[i] == (spring_method)m;
        if (!listed && spring_amplification(&p.spring, (spring_method)m, p.dt, M) == 0)
            print_operating(&r, (spring_method)m);
    }
    sl_result_free(&r);
    return cli_flush_stdout();
}

/* --plot KIND --series: a study's series as CSV. */
static void study_csv(const sl_study *st)
{
    printf("series,x,y\n");
    for (int i = 0; i < st->n; i++)
        for (size_t k = 0; k < st->s[i].n; k++)
            printf("%s," NUM "," NUM "\n", st->s[i].key, st->s[i].x[k], st->s[i].y[k]);
}

/* The studies' work before their first line: the order study runs 8 grids up to 16 steps each, the drift study
 * 1000 periods at dt. */
#define MAX_STUDY_STEPS 2e7

static int plot_study(const sl_options *o, sl_chart_kind kind)
{
    char options[96];
    int rc = CLI_OK;
    if (kind == SL_CHART_ORDER || kind == SL_CHART_COST) {
        snprintf(options, sizeof options, _("--plot %s and --steps %lld"), o->plot, o->p.steps);
        rc = cli_work(options, 32.0 * (double)o->p.steps, MAX_STUDY_STEPS, _("steps a method"),
                      _("the study runs 8 grids from steps/8 to 16 steps: give fewer steps"));
    } else if (kind == SL_CHART_STEPS || kind == SL_CHART_WORK) {
        /* dopri5 takes about w0 t_end tol^(-1/5) / 10 steps (the spring k = 200: 3000 a simulated second at 1e-12,
         * measured), the work study at tol 1e-12 and 16 x steps of each fixed method */
        const double w0t = spring_omega0(&o->p.spring) * o->p.dt * (double)o->p.steps;
        snprintf(options, sizeof options, _("--plot %s, --k %g, --m %g, --dt %g and --steps %lld"), o->plot,
                 o->p.spring.k, o->p.spring.m, o->p.dt, o->p.steps);
        rc = cli_work(options, fmax(w0t * 0.1 * pow(kind == SL_CHART_WORK ? 1e-12 : o->p.tol, -0.2),
                                    kind == SL_CHART_WORK ? 32.0 * (double)o->p.steps : 0.0),
                      MAX_STUDY_STEPS, _("steps a method"), _("give a shorter run, a softer spring or a larger --tol"));
    } else if (kind == SL_CHART_DRIFT || kind == SL_CHART_PHASE_LAG) {
        const spring_params *p = &o->p.spring;
        snprintf(options, sizeof options, _("--plot %s, --k %g, --m %g and --dt %g"), o->plot, p->k, p->m, o->p.dt);
        rc = cli_work(options, 2000.0 * NUMLAB_PI / (spring_omega0(p) * o->p.dt), MAX_STUDY_STEPS,
                      _("steps a method"), _("1000 periods at dt: give a larger dt or a softer spring"));
    }
    if (rc == CLI_OK && o->plot_csv && o->figure.out)
        rc = cli_error(_("--out goes with a chart, not with --series (see --help)"));
    if (rc != CLI_OK)
        return rc;
    sl_study st = {0};
    if (sl_study_build(&st, sl_chart_study(kind), &o->p))
        return cli_fail(_("out of memory"));
    if (o->plot_csv) {
        study_csv(&st);
    } else {
        plot_chart *ch = plot_chart_new(o->width, o->height, o->ascii ? PLOT_ASCII : plot_mode_from_locale());
        if (!ch) {
            sl_study_free(&st);
            return cli_fail(_("out of memory"));
        }
        sl_study_chart(ch, &st);
        rc = figure_output(&ch, 1, &o->figure, 0);  /* the text chart, or --out's figure (once ignored) */
        plot_chart_free(ch);
    }
    sl_study_free(&st);
    return rc != CLI_OK ? rc : cli_flush_stdout();
}

/* --plot KIND: the chart the interactive lab shows, printed once to stdout like gnuplot's dumb terminal. */
int sl_plot(const sl_options *o)
{
    sl_chart_kind kind;
    if (sl_chart_parse(o->plot, &kind))
        return cli_error(_("--plot: '%s' is not a plot (allowed: %s)"), cli_cut(o->plot), sl_chart_names());
    if (kind >= SL_CHART_FIRST_STUDY)
        return plot_study(o, kind);
    if (o->plot_csv)
        return cli_error(_("--series: --plot %s draws what --csv prints (--series is for the studies: %s)"), o->plot,
                         "order, cost, drift, phase-lag, spiral, steps, work-precision");
    /* a chart keeps every sample in memory (about 100 bytes a step and method) and cannot show more dots anyway */
    if (o->p.steps > 1000000)
        return cli_error(_("--steps: '%lld' is too many for --plot (allowed: at most 1000000)"), o->p.steps);
    sl_params p = o->p;
    if (!p.method_given) {
        memset(p.methods, 0, sizeof p.methods);
        p.methods[SPRING_EXPLICIT] = p.methods[SPRING_SEMI] = p.methods[SPRING_RK4] = p.methods[SPRING_EXACT] = true;
    }
    plot_mode mode = o->ascii ? PLOT_ASCII : plot_mode_from_locale();
    plot_chart *ch = plot_chart_new(o->width, o->height, mode);
    sl_result runs = {0};
    if (!ch || sl_model_compute(&p, &runs)) {
        plot_chart_free(ch);
        return cli_fail(_("out of memory"));
    }
    sl_chart_build(ch, kind, &p, &runs, p.methods, INFINITY);
    /* the notes after the chart on stdout; before a figure, which is committed once stdout is written */
    int rc = o->figure.out ? CLI_OK : figure_output(&ch, 1, &o->figure, 0);  /* a write error stays in ferror */
    for (int m = 0; m < SPRING_METHOD_COUNT && kind != SL_CHART_STABILITY; m++)
        if (runs.status[m].diverged)
            printf("# %s: diverged at step %zu (t = %g)\n", spring_method_name((spring_method)m),
                   runs.status[m].diverged_step, runs.status[m].diverged_t);
    if (o->figure.out)
        rc = figure_output(&ch, 1, &o->figure, 0);
    sl_result_free(&runs);
    plot_chart_free(ch);
    return rc != CLI_OK ? rc : cli_flush_stdout();
}
