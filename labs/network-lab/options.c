/* network-lab's options that the table (labs/network-lab.c) cannot check alone: --pull's three numbers, the
 * combination of options, the network they build and the work it asks for. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"

/* --pull I,DX,DY: a mass index and a displacement in metres (the index is checked against the network later). */
int lab_parse_pull(void *opts, void *field, const char *opt, const char *arg)
{
    (void)field;  /* the mass and the displacement */
    lab_options *o = opts;
    char buf[3][64];
    const char *p = arg;
    for (int f = 0; f < 3; f++) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof buf[f] || (f < 2 && p[len] != ',') || (f == 2 && p[len] != '\0'))
            return cli_error("%s: '%s' is not I,DX,DY (a mass index and a displacement in m, e.g. 2,0.3,0.1)",
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

int lab_options_check(lab_options *o)
{
    const bool interactive = !o->csv && !o->modes && !o->plot;
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

/* The work done in silence, before the next line of output: --csv's steps between two printed rows (--every),
 * --plot's whole run. One unit is one mass or spring evaluated once; a step costs (masses + springs) units times the
 * method's factor (its force evaluations relative to semi-implicit Euler's, as measured on the 500 x 500 grid:
 * about 6e7 units a second). */
#define MAX_SILENT_WORK 1e9

static int check_work(const net_network *net, const lab_options *o)
{
    static const double factor[NET_METHOD_COUNT] = {
        [NET_EXPLICIT] = 1, [NET_SEMI] = 1, [NET_RK4] = 2, [NET_GSL_RK4] = 4, [NET_GSL_RKF45] = 4,
        [NET_GSL_RK8PD] = 8, [NET_GSL_MSBDF] = 20, [NET_VERLET] = 2,
        [NET_BACKWARD_EULER] = 250,  /* GMRES: measured 200 to 240 on the default grids of 30 and 100 at 1/240 s */
    };
    double per_step = 0.0;
    for (int m = 0; m < NET_METHOD_COUNT; m++)
        if (o->methods[m])
            per_step += factor[m] * (double)(net->n_masses + net->n_springs);
    const long long silent = o->csv ? (o->every < o->steps ? o->every : o->steps) : o->plot ? o->steps : 0;
    char what[160];
    if (o->csv)
        snprintf(what, sizeof what, "--every %lld of --steps %lld on %zu masses and %zu springs", o->every,
                 o->steps, net->n_masses, net->n_springs);
    else
        snprintf(what, sizeof what, "--plot after --steps %lld on %zu masses and %zu springs", o->steps,
                 net->n_masses, net->n_springs);
    return cli_work(what, (double)silent * per_step, MAX_SILENT_WORK, "mass-and-spring evaluations",
                    o->csv ? "the steps between two printed rows run in silence: a smaller --every, fewer --steps "
                             "or a smaller network"
                           : "--plot prints after the last step: fewer --steps or a smaller network");
}

int lab_network_build(const lab_options *o, net_network **out)
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
