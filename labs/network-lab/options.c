/* network-lab's options: the table (labcli.h) and what it cannot check alone: --method's list, --pull's three
 * numbers, the combination of options, the network they build and the work it asks for. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/lang.h"

#define AT(field) LABCLI_AT(nl_options, field)

/* --pull I,DX,DY: a mass index and a displacement in metres (the index is checked against the network later). */
static int parse_pull(void *opts, void *field, const char *opt, const char *arg)
{
    (void)field;  /* the mass and the displacement */
    nl_options *o = opts;
    char buf[3][64];
    const char *p = arg;
    for (int f = 0; f < 3; f++) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof buf[f] || (f < 2 && p[len] != ',') || (f == 2 && p[len] != '\0'))
            return cli_error(_("%s: '%s' is not I,DX,DY (a mass index and a displacement in m, e.g. 2,0.3,0.1)"),
                             opt, cli_cut(arg));
        memcpy(buf[f], p, len), buf[f][len] = '\0';
        p += len + 1;
    }
    o->have_pull = true;
    if (cli_count(opt, buf[0], 0, NET_MAX_MASSES - 1, &o->pull_mass) ||
        cli_range(opt, buf[1], -1e6, 1e6, &o->pull_dx) || cli_range(opt, buf[2], -1e6, 1e6, &o->pull_dy))
        return CLI_USAGE;
    return CLI_OK;
}

static int method_index(const char *name)
{
    net_method m;
    return net_method_parse(name, &m) ? -1 : (int)m;
}

/* --method LIST: comma-separated names, each once; the first is the CSV's one method. */
static int parse_methods(void *opts, void *field, const char *opt, const char *text)
{
    (void)field;  /* o->methods, and o->method and o->n_methods with them */
    nl_options *o = opts;
    int first = 0, rc = labcli_list(opt, text, _("method"), method_index, net_method_names(), false, o->methods,
                                    NET_METHOD_COUNT, &first);
    o->method = (net_method)first;
    o->n_methods = 0;
    for (int m = 0; m < NET_METHOD_COUNT; m++)
        o->n_methods += o->methods[m];
    return rc;
}

static int parse_law(void *opts, void *law, const char *opt, const char *text)
{
    (void)opts;
    return net_law_parse(text, law) ? labcli_not_a(opt, text, N_("force law"), "hooke, unit-elongation") : CLI_OK;
}

static const char *const charts[] = {"network", "energy", "budget", "budget-energy", "budget-error", "compliance",
                                     NULL};

const labcli_option nl_option_table[] = {
    {"csv", LABCLI_FLAG, NULL, AT(csv), 0, 0, NULL, N_("print step,t,kinetic,potential,total,x0,y0,x1,y1,... for steps 0..S"),
     .mode = NL_MODE_CSV},
    {"plot", LABCLI_NAME, "KIND", AT(plot), 0, 0, NULL, N_("after S steps, print a chart as text: network (the\n"
     "masses and springs of every method, to scale), energy (each method's total energy against time), or XPBD's\n"
     "studies: budget, budget-energy, budget-error (\"Small Steps\": one budget as iterations or substeps) and\n"
     "compliance (pbd against xpbd as the iterations grow)"),
     .mode = NL_MODE_PLOT, .names = charts, .noun = N_("chart")},
    {"series", LABCLI_FLAG, NULL, AT(series), 0, 0, NULL, N_("--plot's series as CSV (series,x,y) instead of the chart;\n"
     "budget: the longest spring's strain of xpbd 1 x N iterations, N x 1 substeps (N = S x I), backward-euler and\n"
     "gsl-rk8pd against t (budget-energy: total energy; budget-error: the springs' length error against gsl-rk8pd);\n"
     "compliance: the longest strain after --steps of pbd and xpbd at I = 1, 2, 4, ... --iterations"),
     .with = LABCLI_IN(NL_MODE_PLOT)},
    {"modes", LABCLI_FLAG, NULL, AT(modes), 0, 0, NULL, N_("print the normal-mode angular frequencies (ascending) about\n"
     "the state the network runs at and each method's largest stable step with the dampers (from the damped step\n"
     "matrices), beside the undamped ones: semi-implicit 2/w_max, RK4 2 sqrt(2)/w_max; backward-euler: none;\n"
     "then that state: rest, equilibrium (sagged under gravity, by Newton's method from rest) or falling"),
     .mode = NL_MODE_MODES},
    {"preset", LABCLI_TEXT, "NAME", AT(preset), 0, 0, NULL, N_("four (the post's braced square), chain (N masses between\n"
     "two anchors), grid (an N x N cloth pinned at two corners, with gravity)")},
    {"file", LABCLI_TEXT, "FILE", AT(file), 0, 0, NULL, N_("a network in the text format of docs/network.md (mass / spring /\n"
     "gravity lines)")},
    {"n", LABCLI_COUNT, "N", AT(params.n), 1, 100000, NULL, N_("chain: 1..100000 masses (default 5); grid: side 2..500\n"
     "(default 10); the walk's cloths (steps 5 to 8): side 2..16")},
    {"k", LABCLI_POSITIVE, "K", AT(params.k), 0, 1e12, NULL, N_("stiffness of every spring, N/m")},
    {"m", LABCLI_NUMBER, "M", AT(params.m), 1e-9, 1e9, NULL, N_("every mass, kg")},
    {"c", LABCLI_NUMBER, "C", AT(params.c), 0, 1e12, NULL, N_("damping of every spring, N s/m\n"
     "(defaults of --k --m --c: four 10 1 0, chain 1 1 0, grid 20 (N-1)/9 0.01 0.0894 sqrt((N-1)/9);\n"
     "with --file they override it)")},
    {"method", LABCLI_PARSE, "M", 0, 0, 0, 0, NULL, N_("explicit, semi (default), rk4, gsl-rk4 (a full and two half steps),\n"
     "gsl-rkf45, gsl-rk8pd (the truth), gsl-msbdf (implicit, Jacobian; at most 400 masses), verlet,\n"
     "backward-euler (Newton's method: sparse solves to convergence),\n"
     "backward-euler-1 (one linearised sparse solve a step),\n"
     "midpoint (implicit, dense Jacobian; at most 400 masses),\n"
     "tr-bdf2 (L-stable, second order: two sparse Newton solves a step),\n"
     "xpbd (position-based dynamics with compliance 1/k: --substeps, --iterations),\n"
     "pbd (the same without the multiplier's memory: stiffer with every iteration);\n"
     "--plot takes a comma-separated list (default explicit,semi,rk4)"), .parse = parse_methods},
    {"dt", LABCLI_NUMBER, "H", AT(dt), 1e-9, 1e3, "1/240", N_("the step in seconds")},
    {"substeps", LABCLI_COUNT, "S", AT(substeps), 1, NET_XPBD_MAX_SUBSTEPS, "1", N_("xpbd and pbd: substeps a step\n"
     "(Macklin et al. 2019, \"Small Steps\")")},
    {"iterations", LABCLI_COUNT, "I", AT(iterations), 1, NET_XPBD_MAX_ITERATIONS, "20", N_("xpbd and pbd: Gauss-Seidel\n"
     "sweeps over the springs a substep")},
    {"steps", LABCLI_COUNT, "S", AT(steps), 0, 1e9, "240", N_("the number of steps"),
     .with = LABCLI_IN(NL_MODE_CSV) | LABCLI_IN(NL_MODE_PLOT)},  /* the interactive lab runs until you stop it */
    {"every", LABCLI_COUNT, "K", AT(every), 1, 1e9, "1", N_("print only every K-th step, and the last"),
     .with = LABCLI_IN(NL_MODE_CSV)},
    {"k-stiff", LABCLI_POSITIVE, "K", AT(k_stiff), 0, 1e8, NULL, N_("the walk's step 4: the stiff spring's stiffness, N/m\n"
     "(default 2000)"), .with = LABCLI_IN(0)},
    {"budget", LABCLI_COUNT, "N", AT(budget), 1, 200, NULL, N_("the walk's step 7: XPBD's projections a spring a frame,\n"
     "spent as iterations or as substeps (default 20)"), .with = LABCLI_IN(0)},
    {"kick", LABCLI_NUMBER, "V", AT(kick), 0, 1e6, NULL, N_("give every free mass a reproducible velocity, each\n"
     "component uniform in [-V, V]")},
    {"seed", LABCLI_COUNT, "N", AT(seed), 0, 4294967295.0, "1", N_("the kick's random seed")},
    {"pull", LABCLI_PARSE, "I,DX,DY", 0, 0, 0, 0, NULL, N_("start with mass I moved by (DX, DY) m from rest (as if\n"
     "dragged there and let go)"), .parse = parse_pull},
    {"force", LABCLI_PARSE, "LAW", AT(law), 0, 0, NULL, N_("hooke (default) or unit-elongation: the post's PITFALL, a unit\n"
     "'elongation' vector whose force does not grow with the stretch"), .parse = parse_law},
    {"tol", LABCLI_NUMBER, "T", AT(tol), 1e-14, 1e-2, "1e-10", N_("absolute and relative tolerance of gsl-rkf45/rk8pd/msbdf")},
    {"width", LABCLI_COUNT, "W", AT(width), 20, 1000, "100", N_("--plot's width in characters"), .with = LABCLI_IN(NL_MODE_PLOT)},
    {"height", LABCLI_COUNT, "H", AT(height), 8, 500, "30", N_("--plot's height in characters"), .with = LABCLI_IN(NL_MODE_PLOT)},
    LABCLI_GLYPH_OPTIONS(nl_options, glyphs, 0),
    LABCLI_FIGURE_OPTIONS(nl_options, figure, NL_MODE_PLOT, "replace"),  /* --force is the force law here */
};

const size_t nl_option_count = sizeof nl_option_table / sizeof nl_option_table[0];



static int options_check(nl_options *o)
{
    const bool interactive = !o->csv && !o->modes && !o->plot;
    if (o->csv && o->n_methods > 1)
        return cli_error("%s", _("--method: --csv runs one method (a list goes with --plot)"));
    if (o->n_methods == 0) {  /* the defaults: semi for --csv, the walk's three for the charts */
        o->methods[NET_SEMI] = true, o->n_methods = 1, o->method = NET_SEMI;
        if (!o->csv) {
            o->methods[NET_EXPLICIT] = o->methods[NET_RK4] = true, o->n_methods = 3;
            o->method = NET_EXPLICIT;
        }
    }
    if (interactive && !o->preset && !o->file)
        return CLI_OK;  /* the guided walk picks its own networks */
    if (!o->preset == !o->file)
        return cli_error("%s", o->file ? _("--preset and --file: choose one")
                                         : _("a network is needed: --preset NAME (four, chain, grid) or --file FILE"));
    if (o->file && o->have_n)
        return cli_error(_("--n: sizes a preset, not --file '%s'"), cli_cut(o->file));
    if (o->preset) {
        net_preset_params defaults;
        long lo, hi;
        if (net_preset_defaults(o->preset, &defaults))
            return labcli_not_a("--preset", o->preset, N_("preset"), net_preset_names());
        net_preset_n_range(o->preset, &lo, &hi);
        if (o->have_n && hi == 0)
            return cli_error(_("--n: the preset '%s' has a fixed size (allowed with chain and grid)"), cli_cut(o->preset));
        if (o->have_n && (o->params.n < lo || o->params.n > hi))
            return cli_error(_("--n: '%ld' is out of range for the preset '%s' (allowed: a whole number from %ld "
                               "to %ld)"), o->params.n, o->preset, lo, hi);
        if (!o->have_n)
            o->params.n = defaults.n;
        net_preset_defaults_at(o->preset, o->params.n, &defaults);  /* a larger grid is stiffer */
        if (!o->have_k)
            o->params.k = defaults.k;
        if (!o->have_m)
            o->params.m = defaults.m;
        if (!o->have_c)
            o->params.c = defaults.c;
    }
    return CLI_OK;
}

int nl_check(const labcli_lab *lab, void *opts, const labcli_result *r)
{
    nl_options *o = opts;
    o->have_n = labcli_given(lab, r, "n"), o->have_k = labcli_given(lab, r, "k");
    o->have_m = labcli_given(lab, r, "m"), o->have_c = labcli_given(lab, r, "c");
    o->have_pull = labcli_given(lab, r, "pull");
    o->have_dt = labcli_given(lab, r, "dt"), o->have_kick = labcli_given(lab, r, "kick");
    o->have_method = labcli_given(lab, r, "method");
    o->have_split = labcli_given(lab, r, "substeps") || labcli_given(lab, r, "iterations");
    o->have_k_stiff = labcli_given(lab, r, "k-stiff"), o->have_budget = labcli_given(lab, r, "budget");
    if (r->mode == 0 && !o->preset && !o->file && o->have_n && (o->params.n < 2 || o->params.n > NL_WALK_MAX_SIDE))
        /* the walk's cloths (steps 5 to 8) take their side from --n, as their slider does */
        return cli_error(_("--n: '%ld' is out of range for the guided walk's cloths (allowed: a whole number from 2 "
                           "to %d)"), o->params.n, NL_WALK_MAX_SIDE);
    if (r->mode == 0 && !o->preset && !o->file) {  /* the walk's own networks: these would be dropped */
        static const char *const building[] = {"pull", "force"};
        for (size_t i = 0; i < sizeof building / sizeof building[0]; i++)
            if (labcli_given(lab, r, building[i]))
                return cli_error(_("--%s: the guided walk builds its own networks (allowed with --preset NAME or "
                                   "--file FILE)"), building[i]);
    }
    if (r->mode == 0 && o->n_methods > NL_WALK_RUNS)
        /* TRANSLATORS: never 1 method: the lab runs several */
        return cli_error(_("--method: the interactive lab runs at most %d methods side by side (given: %d)"),
                         NL_WALK_RUNS, o->n_methods);
    if (o->series && o->figure.out)
        return cli_error("%s", _("--out goes with a chart, not with --series (see --help)"));
    o->figure.force_option = "--replace";
    if (figure_output_check(&o->figure, r->mode == NL_MODE_PLOT))
        return CLI_USAGE;
    return options_check(o);
}

/* The work done in silence, before the next line of output: --csv's steps between two printed rows (--every),
 * --plot's whole run. One unit is one mass or spring evaluated once; a step costs (masses + springs) units times the
 * method's factor (its force evaluations relative to semi-implicit Euler's, as measured on the 500 x 500 grid:
 * about 6e7 units a second). */
#define MAX_SILENT_WORK 1e9

static int check_work(const net_network *net, const nl_options *o)
{
    static const double factor[NET_METHOD_COUNT] = {
        [NET_EXPLICIT] = 1, [NET_SEMI] = 1, [NET_RK4] = 2, [NET_GSL_RK4] = 4, [NET_GSL_RKF45] = 4,
        [NET_GSL_RK8PD] = 8, [NET_GSL_MSBDF] = 20, [NET_VERLET] = 2,
        [NET_BACKWARD_EULER] = 750,    /* two or three Newton iterations of backward-euler-1's cost */
        [NET_BACKWARD_EULER_1] = 250,  /* GMRES: measured 200 to 240 on the default grids of 30 and 100 at 1/240 s */
        [NET_TR_BDF2] = 1125,          /* two backward Euler stages: measured 1.5 x backward-euler's time (grid of 30,
                                        * 1/240 s, kick 0.5: 4 iterations a step against 2) */
    };
    double per_step = 0.0;
    for (int m = 0; m < NET_METHOD_COUNT; m++)
        if (o->methods[m])
            per_step += factor[m] * (double)(net->n_masses + net->n_springs);
    /* the midpoint rule's Newton step factors the dense 4n x 4n Jacobian: measured 0.03 to 0.04 units times dim^3
     * on grids of 10 and 20 (0.04 s and 1.8 s a step) */
    const double dim = 4.0 * (double)net->n_masses;
    if (o->methods[NET_MIDPOINT])
        per_step += 0.04 * dim * dim * dim;
    for (int m = NET_XPBD; m <= NET_PBD; m++)  /* a projection a spring a sweep: about one force evaluation */
        if (o->methods[m])
            per_step += (double)o->substeps * o->iterations * (double)(net->n_masses + net->n_springs);
    if (o->plot && nl_plot_is_study(o->plot)) {  /* its own runs, not --method's */
        const double units = (double)(net->n_masses + net->n_springs);
        per_step = strcmp(o->plot, "compliance") == 0 ? 4.0 * o->iterations * units + factor[NET_BACKWARD_EULER] * units
                   : (2.0 * o->substeps * o->iterations + factor[NET_BACKWARD_EULER] + factor[NET_GSL_RK8PD]) * units;
    }
    const long long silent = o->csv ? (o->every < o->steps ? o->every : o->steps) : o->plot ? o->steps : 0;
    char what[160];
    if (o->csv)
        snprintf(what, sizeof what, _("--every %lld of --steps %lld on a network (masses: %zu, springs: %zu)"), o->every,
                 o->steps, net->n_masses, net->n_springs);
    else
        snprintf(what, sizeof what, _("--plot after --steps %lld on a network (masses: %zu, springs: %zu)"), o->steps,
                 net->n_masses, net->n_springs);
    return cli_work(what, (double)silent * per_step, MAX_SILENT_WORK, _("mass-and-spring evaluations"),
                    o->csv ? _("the steps between two printed rows run in silence: a smaller --every, fewer --steps "
                               "or a smaller network")
                           : _("--plot prints after the last step: fewer --steps or a smaller network"));
}

int nl_network_build(const nl_options *o, net_network **out)
{
    char err[PATH_MAX + 1024];  /* the whole message: the path is cut in it, never the reason after it */
    int rc = o->preset ? net_preset(o->preset, &o->params, out) : net_load_as("--file", o->file, out, err, sizeof err);
    if (rc == NET_ERR_MEMORY)
        return cli_fail("%s", _("out of memory building the network"));
    if (rc)
        return o->preset ? cli_error(_("--preset %s: cannot build it"), cli_cut(o->preset))
                         : cli_error("%s", cli_cut_in(err, o->file));
    net_network *net = *out;
    if (o->file) {
        if (o->have_k)
            net_set_all_stiffness(net, o->params.k);
        if (o->have_m)
            net_set_all_masses(net, o->params.m);
        if (o->have_c)
            net_set_all_damping(net, o->params.c);
    }
    net->law = o->law;
    rc = CLI_OK;
    int dense = -1;  /* a method on a dense Jacobian, if one was asked for */
    for (int m = 0; m < NET_METHOD_COUNT && dense < 0; m++)
        dense = o->methods[m] && net_method_dense((net_method)m) ? m : -1;
    if (dense >= 0 && net->n_masses > NET_DENSE_MAX_MASSES)
        /* TRANSLATORS: never 1 mass: the limit is hundreds */
        rc = cli_error(_("--method %s: its dense Jacobian allows at most %u masses (this network has %zu)"),
                       net_method_name((net_method)dense), NET_DENSE_MAX_MASSES, net->n_masses);
    else if (o->have_pull && (size_t)o->pull_mass >= net->n_masses)
        rc = cli_error(_("--pull: mass %lld does not exist (allowed: 0 to %zu)"), o->pull_mass, net->n_masses - 1);
    else
        rc = check_work(net, o);
    if (rc) {
        net_free(net);
        *out = NULL;
    }
    return rc;
}

nl_start nl_start_from_options(const net_network *net, const nl_options *o)
{
    return (nl_start){
        .pull_mass = o->have_pull ? (size_t)o->pull_mass : net->n_masses,
        .pull_dx = o->pull_dx, .pull_dy = o->pull_dy, .kick = o->kick, .seed = (unsigned long)o->seed,
    };
}

nl_params nl_params_from_options(net_network *net, const nl_options *o, bool first_method_only)
{
    nl_params p = {.net = net, .start = nl_start_from_options(net, o), .dt = o->dt, .tol = o->tol,
                   .steps = o->steps, .substeps = o->substeps, .iterations = o->iterations};
    if (first_method_only)
        p.methods[p.n_methods++] = o->method;
    else
        for (int m = 0; m < NET_METHOD_COUNT; m++)
            if (o->methods[m])
                p.methods[p.n_methods++] = (net_method)m;
    return p;
}
