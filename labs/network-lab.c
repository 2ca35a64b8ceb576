/* network-lab: 2-D networks of masses, springs and dampers (seed 004). Options here; the runs side by side in
 * labs/network-lab/sim.c, the charts in view.c, the headless outputs in headless.c, the guided walk in walk.c. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "network-lab/lab.h"
#include "numlab/cli.h"
#include "numlab/lang.h"

static const char usage[] =
    "usage: network-lab                 the guided walk (needs a terminal)\n"
    "       network-lab (--preset NAME [--n N] | --file FILE) [...]   your network, interactive\n"
    "       network-lab --csv (--preset NAME [--n N] | --file FILE) [--k K --m M --c C] [--method M] [--dt H]\n"
    "                   [--steps S] [--every K] [--kick V] [--seed N] [--pull I,DX,DY] [--force LAW] [--tol T]\n"
    "       network-lab --plot network|energy (--preset NAME | --file FILE) [--method LIST] [...]\n"
    "                   [--width W] [--height H] [--ascii]\n"
    "       network-lab --modes (--preset NAME [--n N] | --file FILE) [--k K --m M --c C]\n"
    "       network-lab --help\n"
    "\n"
    "Masses joined by springs and dampers in the plane, integrated by the methods the lab compares.\n"
    "\n"
    "  --csv           print step,t,kinetic,potential,total,x0,y0,x1,y1,... for steps 0..S\n"
    "  --plot KIND     after S steps, print a chart as text: network (the masses and springs of every\n"
    "                  method, to scale) or energy (each method's total energy against time)\n"
    "  --modes         print the normal-mode angular frequencies (ascending) about the rest configuration\n"
    "                  and each method's largest stable step with the dampers (from the damped step\n"
    "                  matrices), beside the undamped ones: semi-implicit 2/w_max, RK4 2 sqrt(2)/w_max\n"
    "  --preset NAME   four (the seed's braced square), chain (N masses between two anchors),\n"
    "                  grid (an N x N cloth pinned at two corners, with gravity)\n"
    "  --file FILE     a network in the text format of docs/network.md (mass / spring / gravity lines)\n"
    "  --n N           chain: 1..100000 masses (default 5); grid: side 2..500 (default 10)\n"
    "  --k K --m M --c C   stiffness N/m (0 < K <= 1e12), mass kg (1e-9 <= M <= 1e9), damping N s/m\n"
    "                  (0 <= C <= 1e12) of every spring and mass\n"
    "                  (defaults: four 10 1 0, chain 1 1 0, grid 20 0.01 0.0894; with --file they override it)\n"
    "  --method M      explicit, semi (default), rk4, gsl-rk4 (a full and two half steps), gsl-rkf45,\n"
    "                  gsl-rk8pd (the truth), gsl-msbdf (implicit, Jacobian; at most 400 masses);\n"
    "                  --plot takes a comma-separated list (default explicit,semi,rk4)\n"
    "  --dt H          the step in seconds, 1e-9..1000 (default 1/240)\n"
    "  --steps S       the number of steps, 0..1000000000 (default 240)\n"
    "  --every K       print only every K-th step, and the last (default 1)\n"
    "  --kick V        give every free mass a reproducible velocity, each component uniform in [-V, V]\n"
    "  --seed N        the kick's random seed, 0..4294967295 (default 1)\n"
    "  --pull I,DX,DY  start with mass I moved by (DX, DY) m from rest (as if dragged there and let go)\n"
    "  --force LAW     hooke (default) or seed-elongation: the seed's PITFALL, a unit 'elongation' vector\n"
    "                  whose force does not grow with the stretch\n"
    "  --tol T         absolute and relative tolerance of gsl-rkf45/rk8pd/msbdf, 1e-14..1e-2 (default 1e-10)\n"
    "  --width W --height H   --plot's size in characters (default 100 x 30)\n"
    "  --ascii         --plot in 7-bit ASCII instead of braille\n"
    "\n"
    "A diverging run ends with the line '# METHOD: diverged at step N (t = T)'; no NaN is ever printed.\n"
    "The work done before the next line of output (--every steps of --csv, all of --plot's) is at most 1e9\n"
    "mass-and-spring evaluations, (masses + springs) x steps x 1 (explicit, semi) to 20 (gsl-msbdf).\n"
    "Interactive, a network too large for real time runs slower: a frame steps for at most half a frame.\n"
    "Without --csv, --plot or --modes network-lab is interactive, which needs a terminal.\n"
    "Exit status: 0 ok, 1 runtime failure, 2 bad usage or a bad network file.\n";

enum { OPT_CSV = 256, OPT_MODES, OPT_PRESET, OPT_FILE, OPT_N, OPT_K, OPT_M, OPT_C, OPT_METHOD, OPT_DT,
       OPT_STEPS, OPT_EVERY, OPT_KICK, OPT_SEED, OPT_FORCE, OPT_TOL, OPT_PLOT, OPT_PULL, OPT_WIDTH, OPT_HEIGHT,
       OPT_ASCII };

static const struct option long_options[] = {
    {"help", no_argument, NULL, 'h'},       {"csv", no_argument, NULL, OPT_CSV},
    {"modes", no_argument, NULL, OPT_MODES}, {"preset", required_argument, NULL, OPT_PRESET},
    {"file", required_argument, NULL, OPT_FILE}, {"n", required_argument, NULL, OPT_N},
    {"k", required_argument, NULL, OPT_K},   {"m", required_argument, NULL, OPT_M},
    {"c", required_argument, NULL, OPT_C},   {"method", required_argument, NULL, OPT_METHOD},
    {"dt", required_argument, NULL, OPT_DT}, {"steps", required_argument, NULL, OPT_STEPS},
    {"every", required_argument, NULL, OPT_EVERY}, {"kick", required_argument, NULL, OPT_KICK},
    {"seed", required_argument, NULL, OPT_SEED}, {"force", required_argument, NULL, OPT_FORCE},
    {"tol", required_argument, NULL, OPT_TOL}, {"plot", required_argument, NULL, OPT_PLOT},
    {"pull", required_argument, NULL, OPT_PULL}, {"width", required_argument, NULL, OPT_WIDTH},
    {"height", required_argument, NULL, OPT_HEIGHT}, {"ascii", no_argument, NULL, OPT_ASCII}, {NULL, 0, NULL, 0},
};

/* --method LIST: comma-separated names, each once. */
static int parse_methods(const char *arg, lab_options *o)
{
    memset(o->methods, 0, sizeof o->methods);
    o->n_methods = 0;
    const char *p = arg;
    for (;;) {
        size_t len = strcspn(p, ",");
        char name[32];
        net_method m;
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), p);
        if (len >= sizeof name || net_method_parse(name, &m))
            return cli_error("--method: '%.*s%s' is not a method (allowed: %s)", (int)(len > 64 ? 64 : len), p,
                             len > 64 ? "..." : "", net_method_names());
        if (o->methods[m])
            return cli_error("--method: '%s' is listed twice in '%s'", name, cli_cut(arg));
        if (o->n_methods == 0)
            o->method = m;
        o->methods[m] = true, o->n_methods++;
        if (p[len] == '\0')
            return CLI_OK;
        p += len + 1;
    }
}

/* --pull I,DX,DY: a mass index and a displacement in metres (the index is checked against the network later). */
static int parse_pull(const char *arg, lab_options *o)
{
    char buf[3][64];
    const char *p = arg;
    for (int f = 0; f < 3; f++) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof buf[f] || (f < 2 && p[len] != ',') || (f == 2 && p[len] != '\0'))
            return cli_error("--pull: '%s' is not I,DX,DY (a mass index and a displacement in m, e.g. 2,0.3,0.1)",
                             cli_cut(arg));
        memcpy(buf[f], p, len), buf[f][len] = '\0';
        p += len + 1;
    }
    o->have_pull = true;
    if (cli_count("--pull", buf[0], 0, NET_MAX_MASSES - 1, &o->pull_mass) ||
        cli_range("--pull", buf[1], -1e6, 1e6, &o->pull_dx) || cli_range("--pull", buf[2], -1e6, 1e6, &o->pull_dy))
        return CLI_USAGE;
    return CLI_OK;
}

/* One option's value into o; CLI_OK or CLI_USAGE (the message is printed). */
static int take_option(int opt, const char *arg, lab_options *o)
{
    long long n;
    switch (opt) {
    case OPT_CSV:    o->csv = true; return CLI_OK;
    case OPT_MODES:  o->modes = true; return CLI_OK;
    case OPT_PRESET: o->preset = arg; return CLI_OK;
    case OPT_FILE:   o->file = arg; return CLI_OK;
    case OPT_N:
        if (cli_count("--n", arg, 1, 100000, &n))
            return CLI_USAGE;
        o->params.n = (long)n, o->have_n = true;
        return CLI_OK;
    case OPT_K:      o->have_k = true; return cli_positive_max("--k", arg, 1e12, &o->params.k);
    case OPT_M:      o->have_m = true; return cli_range("--m", arg, 1e-9, 1e9, &o->params.m);
    case OPT_C:      o->have_c = true; return cli_range("--c", arg, 0.0, 1e12, &o->params.c);
    case OPT_DT:     return cli_range("--dt", arg, 1e-9, 1e3, &o->dt);
    case OPT_STEPS:  return cli_count("--steps", arg, 0, 1000000000, &o->steps);
    case OPT_EVERY:  return cli_count("--every", arg, 1, 1000000000, &o->every);
    case OPT_KICK:   return cli_range("--kick", arg, 0.0, 1e6, &o->kick);
    case OPT_SEED:   return cli_count("--seed", arg, 0, 4294967295LL, &o->seed);
    case OPT_TOL:    return cli_range("--tol", arg, 1e-14, 1e-2, &o->tol);
    case OPT_METHOD: return parse_methods(arg, o);
    case OPT_PULL:   return parse_pull(arg, o);
    case OPT_PLOT:
        if (strcmp(arg, "network") != 0 && strcmp(arg, "energy") != 0)
            return cli_error("--plot: '%s' is not a chart (allowed: network, energy)", cli_cut(arg));
        o->plot = arg;
        return CLI_OK;
    case OPT_WIDTH:  return cli_count("--width", arg, 20, 1000, &n) ? CLI_USAGE : (o->width = (int)n, CLI_OK);
    case OPT_HEIGHT: return cli_count("--height", arg, 8, 500, &n) ? CLI_USAGE : (o->height = (int)n, CLI_OK);
    case OPT_ASCII:  o->ascii = true; return CLI_OK;
    case OPT_FORCE:
        if (net_law_parse(arg, &o->law))
            return cli_error("--force: '%s' is not a force law (allowed: hooke, seed-elongation)", cli_cut(arg));
        return CLI_OK;
    default:  /* '?' or ':': cli_check_options named it */
        return cli_error("unknown option (see --help)");
    }
}

/* Checks the combination of options; CLI_OK or CLI_USAGE. */
static int check_options(lab_options *o)
{
    if (o->csv + o->modes + (o->plot != NULL) > 1)
        return cli_error("--csv, --plot and --modes are separate modes: give one (see --help)");
    const bool interactive = !o->csv && !o->modes && !o->plot;
    if (interactive && !cli_have_terminal())
        return cli_error("the interactive lab needs a terminal: use --csv, --plot or --modes (see --help)");
    if (o->csv && o->n_methods > 1)
        return cli_error("--method: --csv runs one method (a list goes with --plot)");
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
        return cli_error("%s", o->file ? "--preset and --file: choose one" : "a network is needed: --preset NAME "
                                                                              "(four, chain, grid) or --file FILE");
    if (o->file && o->have_n)
        return cli_error("--n: sizes a preset, not --file '%s'", cli_cut(o->file));
    if (o->preset) {
        net_preset_params defaults;
        long lo, hi;
        if (net_preset_defaults(o->preset, &defaults))
            return cli_error("--preset: '%s' is not a preset (allowed: %s)", cli_cut(o->preset), net_preset_names());
        net_preset_n_range(o->preset, &lo, &hi);
        if (o->have_n && hi == 0)
            return cli_error("--n: the preset '%s' has a fixed size (allowed with chain and grid)", cli_cut(o->preset));
        if (o->have_n && (o->params.n < lo || o->params.n > hi))
            return cli_error("--n: '%ld' is out of range for the preset '%s' (allowed: a whole number from %ld to "
                             "%ld)", o->params.n, o->preset, lo, hi);
        if (!o->have_n)
            o->params.n = defaults.n;
        if (!o->have_k)
            o->params.k = defaults.k;
        if (!o->have_m)
            o->params.m = defaults.m;
        if (!o->have_c)
            o->params.c = defaults.c;
    }
    return CLI_OK;
}

/* The work done in silence, before the next line of output: --csv's steps between two printed rows (--every),
 * --plot's whole run. One unit is one mass or spring evaluated once; a step costs (masses + springs) units times the
 * method's factor (its force evaluations relative to semi-implicit Euler's, as measured on the 500 x 500 grid:
 * about 6e7 units a second). */
#define MAX_SILENT_WORK 1e9

static int check_work(const net_network *net, const lab_options *o)
{
    static const double factor[NET_METHOD_COUNT] = {
        [NET_EXPLICIT] = 1, [NET_SEMI] = 1, [NET_RK4] = 2, [NET_GSL_RK4] = 4, [NET_GSL_RKF45] = 4,
        [NET_GSL_RK8PD] = 8, [NET_GSL_MSBDF] = 20,
    };
    double per_step = 0.0;
    for (int m = 0; m < NET_METHOD_COUNT; m++)
        if (o->methods[m])
            per_step += factor[m] * (double)(net->n_masses + net->n_springs);
    const long long silent = o->csv ? (o->every < o->steps ? o->every : o->steps) : o->plot ? o->steps : 0;
    char options[160];
    if (o->csv)
        snprintf(options, sizeof options, "--every %lld of --steps %lld on %zu masses and %zu springs", o->every,
                 o->steps, net->n_masses, net->n_springs);
    else
        snprintf(options, sizeof options, "--plot after --steps %lld on %zu masses and %zu springs", o->steps,
                 net->n_masses, net->n_springs);
    return cli_work(options, (double)silent * per_step, MAX_SILENT_WORK, "mass-and-spring evaluations",
                    o->csv ? "the steps between two printed rows run in silence: a smaller --every, fewer --steps "
                             "or a smaller network"
                           : "--plot prints after the last step: fewer --steps or a smaller network");
}

/* Builds the network the options describe; CLI_OK, CLI_USAGE (bad file) or CLI_FAILURE. */
static int build_network(const lab_options *o, net_network **out)
{
    char err[PATH_MAX + 1024];  /* the whole message: the path is cut in it, never the reason after it */
    int rc = o->preset ? net_preset(o->preset, &o->params, out) : net_load_as("--file", o->file, out, err, sizeof err);
    if (rc == NET_ERR_MEMORY)
        return cli_fail("out of memory building the network");
    if (rc)
        return o->preset ? cli_error("--preset %s: cannot build it", cli_cut(o->preset))
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
    if (o->methods[NET_GSL_MSBDF] && net->n_masses > NET_MSBDF_MAX_MASSES)
        rc = cli_error("--method gsl-msbdf: its dense Jacobian allows at most %u masses (this network has %zu)",
                       NET_MSBDF_MAX_MASSES, net->n_masses);
    else if (o->have_pull && (size_t)o->pull_mass >= net->n_masses)
        rc = cli_error("--pull: mass %lld does not exist (allowed: 0 to %zu)", o->pull_mass, net->n_masses - 1);
    else
        rc = check_work(net, o);
    if (rc) {
        net_free(net);
        *out = NULL;
    }
    return rc;
}

static int run(int argc, char **argv)
{
    lab_options o = {.method = NET_SEMI, .law = NET_LAW_HOOKE, .dt = 1.0 / 240.0, .tol = 1e-10, .steps = 240,
                     .every = 1, .seed = 1, .width = 100, .height = 30};
    if (cli_check_options(argc, argv, "h", long_options))
        return CLI_USAGE;
    opterr = 0;  /* our own messages */
    int opt;
    while ((opt = getopt_long(argc, argv, ":h", long_options, NULL)) != -1) {
        if (opt == 'h') {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (take_option(opt, optarg, &o))
            return CLI_USAGE;
    }
    if (optind < argc)
        return cli_unexpected(argv[optind]);
    if (check_options(&o))
        return CLI_USAGE;
    net_network *net = NULL;
    if (!o.csv && !o.modes && !o.plot && !o.preset && !o.file)
        return lab_interactive(NULL, &o);
    int rc = build_network(&o, &net);
    if (rc)
        return rc;
    rc = o.csv ? lab_csv(net, &o) : o.modes ? lab_modes(net) : o.plot ? lab_plot(net, &o) : lab_interactive(net, &o);
    net_free(net);
    return rc;
}

int main(int argc, char **argv)
{
    cli_set_program(argv[0]);
    lang_init();  /* LC_CTYPE from the environment (braille), numbers always with a '.' */
    return cli_finish(run(argc, argv));
}
