/* spring-lab's options: the table every mode reads (labcli.h), and the checks it cannot make alone (--cap against
 * --step, the work one frame of --animate may take, a figure's file). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/lang.h"

#define AT(field) LABCLI_AT(sl_front, field)
#define SPRING(name, value, field, lo, hi, def, help) {name, LABCLI_NUMBER, value, AT(o.p.field), lo, hi, def, help}
/* The options only the headless modes read: the interactive walk refuses them (by name, exit 2) rather than drop
 * them; what it takes is what sl_typed lists. */
#define HEADLESS (LABCLI_IN(SL_CSV) | LABCLI_IN(SL_STABILITY) | LABCLI_IN(SL_PLOT))

static int method_index(const char *name)
{
    spring_method m;
    return spring_method_parse(name, &m) ? -1 : (int)m;
}

static int parse_methods(void *opts, void *methods, const char *opt, const char *text)
{
    ((sl_front *)opts)->methods_all = strcmp(text, "all") == 0;  /* all: with --k3, all but exact */
    return labcli_list(opt, text, _("method"), method_index, spring_method_names(), true, methods, SPRING_METHOD_COUNT,
                       NULL);
}

const labcli_option sl_option_table[] = {
    {.help = N_("The spring: m x'' + c x' + k (x - target) = 0, from x(0) = x0, v(0) = v0 (the spring article).")},
    SPRING("k", "K", spring.k, 1e-12, 1e12, "200", N_("stiffness, N/m")),
    SPRING("c", "C", spring.c, 0, 1e12, "20", N_("damping, N s/m")),
    SPRING("m", "M", spring.m, 1e-12, 1e12, "1", N_("mass, kg")),
    {"k3", LABCLI_NUMBER, "K3", AT(o.p.spring.k3), 0, 1e12, "0",
     N_("cubic stiffness, N/m^3: + k3 (x - target)^3, a hardening (Duffing) spring; no exact then, gsl-rk8pd\n"
        "(tol 1e-13) is the reference; backward-euler and midpoint solve each step by Newton; the walk: step 14"),
     .with = HEADLESS | LABCLI_IN(0)},
    SPRING("x0", "X", s0.x, -1e12, 1e12, "0", N_("start position")),
    SPRING("v0", "V", s0.v, -1e12, 1e12, "0", N_("start velocity")),
    SPRING("target", "T", spring.target, -1e12, 1e12, "300", N_("rest position")),
    {.help = N_("\n--csv prints method,step,t,x,v,energy for steps 0..N of each method, in the order given; a method that\n"
             "diverges stops with a line '# METHOD: diverged at step N (t = T)'. dopri5 chooses its own steps to\n"
             "t = dt N: a row an accepted step, then '# dopri5: N accepted steps, R rejected, E evaluations ...'.")},
    {"csv", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL, N_("print CSV (with --animate: the frame loop)"), .mode = SL_CSV},
    {"method", LABCLI_PARSE, "LIST", AT(o.p.methods), 0, 0, "all", N_("comma-separated, or all (--csv --animate: one of exact,\n"
     "explicit, semi, rk4, verlet, backward-euler, midpoint, tr-bdf2, default semi; --plot: explicit,semi,rk4,exact)"), .parse = parse_methods},
    {"dt", LABCLI_POSITIVE, "H", AT(o.p.dt), 0, 1e3, "1/240", N_("step, s")},
    {"steps", LABCLI_COUNT, "N", AT(o.p.steps), 0, 1e8, "240", N_("steps")},
    {"tol", LABCLI_NUMBER, "TOL", AT(o.p.tol), 1e-14, 0.1, "1e-12", N_("tolerance of gsl-rkf45, gsl-rk8pd, gsl-msbdf, dopri5")},
    {"controller", LABCLI_CHOICE, "C", AT(o.p.controller), 0, 0, "standard",
     N_("dopri5's step-size controller: standard or pi"), .names = ode_controller_list, .noun = N_("controller"),
     .with = HEADLESS},
    {.help = N_("\n--csv --animate runs the article's frame loop and prints frame,t,x,v,substeps until rest (frame 0 is the\n"
             "start; t is the frames' clock; the last row is the snap: x = target, v = 0 exactly). One frame may\n"
             "take at most 1e8 substeps: a longer gap needs a cap or a larger step.")},
    {"animate", LABCLI_FLAG, NULL, AT(animate), 0, 0, NULL, N_("the frame loop"), .with = LABCLI_IN(SL_CSV)},
    {"frame-hz", LABCLI_NUMBER, "F", AT(o.p.frame_hz), 1, 1000, "60", N_("display rate"), .with = HEADLESS},
    {"frame-jitter", LABCLI_NUMBER, "J", AT(o.p.frame_jitter), 0, 0.9, "0",
     N_("each frame lasts (1 + J u)/F, u uniform in [-1, 1]")},
    {"seed", LABCLI_COUNT, "N", AT(o.p.seed), 0, 4294967295.0, "1", N_("seed of the jitter")},
    {"gap", LABCLI_NUMBER, "S", AT(o.p.gap), 0, 1e6, NULL, N_("one frame of S seconds (a tab in the background)")},
    {"gap-frame", LABCLI_COUNT, "N", AT(o.p.gap_frame), 1, 1e8, "10", N_("the frame that carries the gap"), .with = HEADLESS},
    {"step", LABCLI_NUMBER, "H", AT(o.p.step), 1e-6, 1, "1/240", N_("the fixed step, s")},
    {"cap", LABCLI_NUMBER, "C", AT(o.p.cap), 1e-6, 1e6, "0.1", N_("the accumulator's cap, s, >= step")},
    {"no-cap", LABCLI_FLAG, NULL, AT(no_cap), 0, 0, NULL, N_("no cap (a long gap costs gap/step substeps)"),
     .with = HEADLESS},
    {"interpolate", LABCLI_FLAG, NULL, AT(o.p.interpolate), 0, 0, NULL, N_("print the rendered x (alpha = accumulator/step)"),
     .with = HEADLESS},
    {"eps-x", LABCLI_POSITIVE, "E", AT(o.p.rest.eps_x), 0, 0, "0.5", N_("rest when |x - target| < E (half a pixel) ...")},
    {"eps-v", LABCLI_POSITIVE, "E", AT(o.p.rest.eps_v), 0, 0, "1", N_("... and |v| < E (a pixel per second)")},
    {"rest-scale", LABCLI_POSITIVE, "S", AT(o.rest_scale), 0, 0, "1",
     N_("scale both thresholds (e.g. 0.01 for an opacity animated over 100 px)")},
    {"rest-rule", LABCLI_CHOICE, "R", AT(o.p.rest_rule), 0, 0, "both",
     N_("the rest test (both is right)"), .names = ts_rest_rule_list,
     .noun = N_("rule"), .with = HEADLESS},
    {"rest-each-substep", LABCLI_FLAG, NULL, AT(o.p.rest_each_substep), 0, 0, NULL,
     N_("test for rest after each step, not each frame"), .with = HEADLESS},
    {"max-frames", LABCLI_COUNT, "N", AT(o.p.max_frames), 1, 1e8, "100000", N_("give up after N frames (exit 1)"),
     .with = HEADLESS},
    {.help = N_("\n--plot KIND prints a chart to stdout: phase, time, energy, error (|x - x_exact|, log scale) or\n"
             "stability (the methods of --method; --csv's spring options and --dt, --steps), or a study:\n"
             "order, cost, drift, phase-lag, spiral, steps (dopri5's step sizes), work-precision (error against\n"
             "evaluations); region: each method's stability region in the complex plane z = dt lambda (default\n"
             "explicit, rk4, backward-euler, midpoint, tr-bdf2), the spring's dt lambda marked. On the pendulum\n"
             "m x'' + c x' + k sin(x - target) = 0: area (a disc of states about x0, v0: its area over time),\n"
             "disc (its boundaries), shadow (Verlet's energy and shadow energy over 1e5 periods, RK4's),\n"
             "separatrix (x - target over time near the top, against gsl-rk8pd at tol 1e-13).")},
    {"plot", LABCLI_TEXT, "KIND", AT(o.plot), 0, 0, NULL, N_("the chart"), .mode = SL_PLOT},
    {"series", LABCLI_FLAG, NULL, AT(o.plot_csv), 0, 0, NULL, N_("a study's series as CSV (series,x,y); region: each boundary\n"
     "|R(z)| = 1 and dt lambda"),
     .with = LABCLI_IN(SL_PLOT)},
    {"width", LABCLI_COUNT, "W", AT(o.width), 20, 1000, "80", N_("columns"), .with = LABCLI_IN(SL_PLOT)},
    {"height", LABCLI_COUNT, "H", AT(o.height), 8, 500, "24", N_("rows"), .with = LABCLI_IN(SL_PLOT)},
    LABCLI_GLYPH_OPTIONS(sl_front, o.glyphs, 0),
    LABCLI_FIGURE_OPTIONS(sl_front, o.figure, SL_PLOT, "force"),
    {.help = N_("\n--stability prints method,zeta,w0dt_max,dt_max,w0dt,spectral_radius,stable: the largest stable w0*dt\n"
             "for the spring's own damping ratio zeta = c / (2 sqrt(k m)) (damped limits; 0, 2 and 2.83 only when\n"
             "c = 0), and the spectral radius rho(M) of the step matrix at --dt (stable: rho(M) < 1, or = 1 with\n"
             "distinct eigenvalues).")},
    {"stability", LABCLI_FLAG, NULL, 0, 0, 0, 0, NULL, N_("print the stability table"), .mode = SL_STABILITY},
};

/* --animate's longest frame (the gap, or a jittered one, held to the cap) may take at most SL_MAX_SUBSTEPS: its steps
 * run before its line is printed, so that is the work done in silence. */
static int check_frame_work(const sl_options *o, bool no_cap)
{
    const double longest_frame = (1.0 + o->p.frame_jitter) / o->p.frame_hz;
    const bool gap = o->p.gap > longest_frame;
    const double held = fmin((gap ? o->p.gap : longest_frame) + o->p.step, o->p.cap);
    char cap[48] = "", what[160];
    if (no_cap || held == o->p.cap)
        snprintf(cap, sizeof cap, no_cap ? ", --no-cap" : ", --cap %g", o->p.cap);
    snprintf(what, sizeof what, gap ? _("--gap %g%s and --step %g") : _("--frame-hz %g%s and --step %g"),
             gap ? o->p.gap : o->p.frame_hz, cap, o->p.step);
    return cli_work(what, floor(held / o->p.step), SL_MAX_SUBSTEPS, _("substeps in one frame"),
                    _("a frame's substeps run before its line is printed: give a cap, a shorter gap or a larger "
                      "step"));
}

const size_t sl_n_options = sizeof sl_option_table / sizeof sl_option_table[0];

int sl_check(const labcli_lab *self, void *opts, const labcli_result *r)
{
    sl_front *f = opts;
    sl_options *o = &f->o;
    o->p.method_given = labcli_given(self, r, "method");
    o->typed = (sl_typed){
        .k = labcli_given(self, r, "k"), .c = labcli_given(self, r, "c"), .m = labcli_given(self, r, "m"),
        .x0 = labcli_given(self, r, "x0"), .v0 = labcli_given(self, r, "v0"),
        .target = labcli_given(self, r, "target"), .dt = labcli_given(self, r, "dt"),
        .steps = labcli_given(self, r, "steps"), .methods = o->p.method_given,
        .jitter = labcli_given(self, r, "frame-jitter"), .gap = labcli_given(self, r, "gap"),
        .step = labcli_given(self, r, "step"), .cap = labcli_given(self, r, "cap"),
        .eps_x = labcli_given(self, r, "eps-x"), .eps_v = labcli_given(self, r, "eps-v"),
        .rest_scale = labcli_given(self, r, "rest-scale"), .tol = labcli_given(self, r, "tol"),
        .k3 = labcli_given(self, r, "k3"),
    };
    size_t n_methods = 0;
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        n_methods += o->p.methods[m];
    if (r->mode == 0 && o->typed.methods && n_methods > TUI_MAX_TOGGLES)
        /* TRANSLATORS: never 1 method: the lab shows several */
        return cli_error(_("--method: the interactive lab shows at most %d methods (keys 1-%d; given: %zu)"),
                         TUI_MAX_TOGGLES, TUI_MAX_TOGGLES, n_methods);
    if (r->mode == 0 && o->typed.steps && (o->p.steps < 1 || o->p.steps > SL_WALK_MAX_STEPS))
        return cli_error(_("--steps: %lld is outside the interactive lab's range (allowed there: 1..%d)"), o->p.steps,
                         SL_WALK_MAX_STEPS);
    o->p.rest.eps_x *= o->rest_scale;
    o->p.rest.eps_v *= o->rest_scale;
    if (o->p.spring.k3 > 0.0 && o->p.methods[SPRING_EXACT]) {
        if (o->p.method_given && !f->methods_all)
            return cli_error(_("--method exact: the closed form is of the linear spring (--k3 0); with --k3 %g "
                               "gsl-rk8pd is the reference"), o->p.spring.k3);
        o->p.methods[SPRING_EXACT] = false;  /* the default (or all): every method that runs on this spring */
    }
    if (f->no_cap)
        o->p.cap = TS_NO_CAP;
    else if (o->p.cap < o->p.step)
        return cli_error(_("--cap: %g is below the step %g (allowed: cap >= step)"), o->p.cap, o->p.step);
    if (figure_output_check(&o->figure, r->mode == SL_PLOT))
        return CLI_USAGE;
    return f->animate ? check_frame_work(o, f->no_cap) : CLI_OK;
}
