/* spring-lab without a terminal UI: --csv, --csv --animate and --stability. Every number the interactive lab
 * shows comes from the same model calls, so these outputs are what the tests and the students' reports use. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/common.h"
#include "numlab/cli.h"
#include "numlab/lang.h"
#include "numlab/plot_heat.h"
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
        if (r.newton.iterations > 0)  /* --k3: the implicit steps' Newton solves, never hidden */
            printf("# %s: Newton took %lu iterations over %lu steps (at most %u in one; update left at most %.3g)\n",
                   name, r.newton.iterations, r.newton.solves, r.newton.most, r.newton.residual);
        if (r.status.diverged)
            printf("# %s: diverged at step %zu (t = %g)\n", name, r.status.diverged_step, r.status.diverged_t);
        else if (r.status.newton_failed)
            printf("# %s: Newton did not converge at step %zu (t = %g) in %d iterations\n", name,
                   r.status.diverged_step, r.status.diverged_t, SPRING_NEWTON_MAX_ITERATIONS);
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
    case SL_LOOP_NEWTON_FAILED:
        printf("# %s: Newton did not converge at frame %lld (t = %g) in %d iterations\n",
               spring_method_name(loop.method), last.frame, last.t, SPRING_NEWTON_MAX_ITERATIONS);
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

/* --stability --k3: the chart of the linearisation about rest and about the amplitude, beside the spring's own run. */
static int duffing_stability(const sl_options *o)
{
    sl_duffing d;
    if (sl_duffing_compute(&o->p, &d))
        return cli_fail(_("out of memory"));
    printf("# --k3 %g: the step matrices are of the linearisation about a state, whose stiffness is the tangent\n"
           "# k + 3 k3 u^2 (u = x - target): rows at rest (u = 0) and at the start's amplitude u = A; nonlinear_run\n"
           "# is this spring's own run of --steps %lld steps of --dt %g from x0, v0\n",
           o->p.spring.k3, o->p.steps, o->p.dt);
    printf("state,u,tangent_k,method,zeta,w0dt_max,dt_max,w0dt,spectral_radius,stable,nonlinear_run,energy_ratio\n");
    for (int state = 0; state < 2; state++)
        for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
            if (!d.has_run[m])
                continue;
            const sl_operating *at = state ? &d.peak[m] : &d.rest[m];
            char run[48];
            if (d.run[m].diverged)
                snprintf(run, sizeof run, "diverged at step %zu", d.run[m].diverged_step);
            else
                snprintf(run, sizeof run, "%s", d.run[m].newton_failed ? "newton failed" : "bounded");
            const double tangent = state ? d.k_peak : d.k_rest;
            printf("%s," NUM "," NUM ",%s," NUM "," NUM "," NUM "," NUM "," NUM ",%s,%s," NUM "\n",
                   state ? "amplitude" : "rest", state ? d.amplitude : 0.0, tangent,
                   spring_method_name((spring_method)m),
                   o->p.spring.c / (2.0 * sqrt(tangent * o->p.spring.m)), at->limit, at->dt_max,
                   state ? d.w0dt_peak : d.w0dt_rest, at->rho, at->stable ? "yes" : "no", run, d.energy_ratio[m]);
        }
    if (d.broken < SPRING_METHOD_COUNT)
        printf("# %s: stable at the linearisation about rest (w0 dt %.4g), diverged at step %zu on the spring: at the\n"
               "# amplitude %g the tangent stiffness is %g and w0 dt %.4g, where the chart says %s\n",
               spring_method_name(d.broken), d.w0dt_rest, d.run[d.broken].diverged_step, d.amplitude, d.k_peak,
               d.w0dt_peak, d.peak[d.broken].stable ? "stable" : "unstable");
    return cli_flush_stdout();
}

int sl_stability(const sl_options *o)
{
    if (o->p.spring.k3 != 0.0)
        return duffing_stability(o);
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
    /* the stiffness ratio |Re lambda_fast| / |Re lambda_slow| of the two modes (1 under-damped, nan undamped): a
     * machine-readable comment, like the divergence lines of --csv */
    printf("# stiffness ratio " NUM " (the modes decay at " NUM " and " NUM " 1/s)\n", r.stiffness_ratio, r.slow_rate,
           r.fast_rate);
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

/* One chart, filled by fill(ch, arg), printed as text or written as --out's figure. */
static int chart_output(const sl_options *o, void (*fill)(plot_chart *ch, const void *arg), const void *arg)
{
    plot_chart *ch = plot_chart_new(o->width, o->height, o->glyphs);
    if (!ch)
        return cli_fail(_("out of memory"));
    fill(ch, arg);
    const int rc = figure_output(&ch, 1, &o->figure, 0);  /* the text chart, or --out's figure (once ignored) */
    plot_chart_free(ch);
    return rc;
}

static void fill_study(plot_chart *ch, const void *study)
{
    sl_study_chart(ch, study);
}

/* The studies' work before their first line: the order study runs 8 grids up to 16 steps each, the drift study
 * 1000 periods at dt. */
#define MAX_STUDY_STEPS 2e7

/* The pendulum studies' checks: no cubic term (the pendulum's force is k sin u), and their work before the first
 * line: the area study advects up to SL_AREA_MAX_POINTS states a step, the shadow study 1e5 periods of two methods. */
static int plot_phase_check(const sl_options *o, sl_chart_kind kind)
{
    char options[96];
    if (o->p.spring.k3 != 0.0)
        return cli_error(_("--plot %s: the pendulum's force is k sin(x - target), with no cubic term (allowed with "
                           "--k3 0 only)"), o->plot);
    bool stepper = false;
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        stepper |= o->p.methods[m] && spring_method_ode((spring_method)m) < ODE_METHOD_COUNT;
    if ((kind == SL_CHART_AREA || kind == SL_CHART_DISC) && o->p.method_given && !stepper)
        return cli_error(_("--method: --plot %s advects the disc with a step of the method's own (allowed: %s)"),
                         o->plot, sl_stepper_names());
    if (kind == SL_CHART_SHADOW) {
        const sl_params *p = &o->p;
        snprintf(options, sizeof options, _("--plot %s, --k %g, --m %g, --x0 %g, --v0 %g and --dt %g"), o->plot,
                 p->spring.k, p->spring.m, p->s0.x, p->s0.v, p->dt);
        return cli_work(options, sl_shadow_steps(p), MAX_STUDY_STEPS, _("steps a method"),
                        _("1e5 periods at dt: give a larger dt, a softer spring or a smaller swing"));
    }
    snprintf(options, sizeof options, _("--plot %s and --steps %lld"), o->plot, o->p.steps);
    return cli_work(options, (double)o->p.steps * (kind == SL_CHART_SEPARATRIX ? 8.0 : SL_AREA_MAX_POINTS),
                    10.0 * MAX_STUDY_STEPS, _("steps a method"), _("give fewer steps"));
}

static int plot_study(const sl_options *o, sl_chart_kind kind)
{
    char options[96];
    int rc = CLI_OK;
    if (kind == SL_CHART_PHASE_LAG && o->p.spring.k3 != 0.0)
        return cli_error(_("--plot phase-lag: the phase is measured against w0 t, the linear spring's (allowed with "
                           "--k3 0 only)"));
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
    } else if (kind >= SL_CHART_AREA && kind <= SL_CHART_SEPARATRIX) {
        rc = plot_phase_check(o, kind);
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
    if (o->plot_csv)
        study_csv(&st);
    else
        rc = chart_output(o, fill_study, &st);
    sl_study_free(&st);
    return rc != CLI_OK ? rc : cli_flush_stdout();
}

typedef struct {
    const sl_region *region;
    double dt;
} region_at;

static void fill_region(plot_chart *ch, const void *arg)
{
    const region_at *at = arg;
    sl_region_chart(ch, at->region, at->dt);
}

/* The regions on stdout, how many methods are stable at each point as a heat map in viridis (plot_heat.h): in colour
 * on a terminal, else by characters; a chart too narrow for the colour bar as plot_chart_write shades it. */
static int region_heat(const sl_options *o, const sl_region *rg)
{
    plot_chart *ch = plot_chart_new(o->width, o->height, o->glyphs);
    if (!ch)
        return cli_fail(_("out of memory"));
    sl_region_chart(ch, rg, o->p.dt);
    if (plot_heat_write(ch, stdout, plot_heat_depth_from_env()) == NUMLAB_ERR_INPUT)
        plot_chart_write(ch, stdout, 0);  /* a write error stays in ferror, for cli_flush_stdout */
    plot_chart_free(ch);
    return CLI_OK;
}

/* --plot region [--series]: the stability regions of --method's steppers (default: sl_region_default_methods). */
static int plot_region(const sl_options *o)
{
    bool methods[SPRING_METHOD_COUNT];
    if (o->p.method_given)
        memcpy(methods, o->p.methods, sizeof methods);
    else
        sl_region_default_methods(methods);
    if (o->plot_csv && o->figure.out)
        return cli_error(_("--out goes with a chart, not with --series (see --help)"));
    sl_region rg = {0};
    const int built = sl_region_build(&rg, &o->p, methods);
    if (built == -1)
        return cli_fail(_("out of memory"));
    if (built == -2 || rg.n == 0) {
        sl_region_free(&rg);
        /* TRANSLATORS: never 1 method: the methods with a region, a dozen */
        return cli_error(_("--method: --plot region draws 1 to %d methods with a step of their own (allowed: %s)"),
                         SL_REGION_MAX_METHODS, sl_stepper_names());
    }
    int rc = CLI_OK;
    if (o->plot_csv)
        sl_region_csv(&rg);
    else if (o->figure.out)
        rc = chart_output(o, fill_region, &(region_at){&rg, o->p.dt});
    else
        rc = region_heat(o, &rg);
    for (int i = 0; i < 2 && !o->plot_csv && !o->figure.out; i++)  /* the box stops 60 from 0 */
        if (rg.root_re[i] < rg.box[0] || fabs(rg.root_im[i]) > rg.box[3])
            printf("# dt lambda = %g%+gi: outside the chart\n", rg.root_re[i], rg.root_im[i]);
    sl_region_free(&rg);
    return rc != CLI_OK ? rc : cli_flush_stdout();
}

/* --plot KIND: the chart the interactive lab shows, printed once to stdout like gnuplot's dumb terminal. */
int sl_plot(const sl_options *o)
{
    sl_chart_kind kind;
    if (sl_chart_parse(o->plot, &kind))
        return cli_error(_("--plot: '%s' is not a plot (allowed: %s)"), cli_cut(o->plot), sl_chart_names());
    if (kind == SL_CHART_REGION)
        return plot_region(o);
    if (kind >= SL_CHART_FIRST_STUDY)
        return plot_study(o, kind);
    if (o->plot_csv)
        return cli_error(_("--series: --plot %s draws what --csv prints (--series is for the studies: %s)"), o->plot,
                         "order, cost, drift, phase-lag, spiral, steps, work-precision, area, disc, shadow, separatrix, region");
    /* a chart keeps every sample in memory (about 100 bytes a step and method) and cannot show more dots anyway */
    if (o->p.steps > 1000000)
        return cli_error(_("--steps: '%lld' is too many for --plot (allowed: at most 1000000)"), o->p.steps);
    sl_params p = o->p;
    if (!p.method_given) {
        memset(p.methods, 0, sizeof p.methods);
        p.methods[SPRING_EXPLICIT] = p.methods[SPRING_SEMI] = p.methods[SPRING_RK4] = true;
        p.methods[p.spring.k3 != 0.0 ? SPRING_GSL_RK8PD : SPRING_EXACT] = true;  /* the reference */
    }
    plot_mode mode = o->glyphs;
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
