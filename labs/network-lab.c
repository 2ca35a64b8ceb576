/* network-lab: 2-D networks of masses, springs and dampers (the network post). The option table (labcli.h) and the
 * dispatch here; the checks the table cannot make in labs/network-lab/options.c, the runs side by side in sim.c, the
 * charts in view.c, the headless outputs in headless.c, the guided walk in walk.c. */
#include <stdio.h>

#include "network-lab/lab.h"
#include "numlab/cli.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

enum { CSV = 1, PLOT, MODES };
#define AT(field) LABCLI_AT(lab_options, field)

static int method_index(const char *name)
{
    net_method m;
    return net_method_parse(name, &m) ? -1 : (int)m;
}

/* --method LIST: comma-separated names, each once; the first is the CSV's one method. */
static int parse_methods(void *opts, void *field, const char *opt, const char *text)
{
    (void)field;  /* o->methods, and o->method and o->n_methods with them */
    lab_options *o = opts;
    int first = 0, rc = labcli_list(opt, text, "method", method_index, net_method_names(), false, o->methods,
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
    return net_law_parse(text, law) ? labcli_not_a(opt, text, "force law", "hooke, seed-elongation") : CLI_OK;
}

static const char *const charts[] = {"network", "energy", NULL};

static const labcli_option options[] = {
    {"csv", LABCLI_FLAG, NULL, AT(csv), 0, 0, NULL, "print step,t,kinetic,potential,total,x0,y0,x1,y1,... for steps 0..S",
     .mode = CSV},
    {"plot", LABCLI_NAME, "KIND", AT(plot), 0, 0, NULL, "after S steps, print a chart as text: network (the\n"
     "masses and springs of every method, to scale) or energy (each method's total energy against time)",
     .mode = PLOT, .names = charts, .noun = "chart"},
    {"modes", LABCLI_FLAG, NULL, AT(modes), 0, 0, NULL, "print the normal-mode angular frequencies (ascending) about\n"
     "the rest configuration and each method's largest stable step with the dampers (from the damped step\n"
     "matrices), beside the undamped ones: semi-implicit 2/w_max, RK4 2 sqrt(2)/w_max; backward-euler: none",
     .mode = MODES},
    {"preset", LABCLI_TEXT, "NAME", AT(preset), 0, 0, NULL, "four (the post's braced square), chain (N masses between\n"
     "two anchors), grid (an N x N cloth pinned at two corners, with gravity)"},
    {"file", LABCLI_TEXT, "FILE", AT(file), 0, 0, NULL, "a network in the text format of docs/network.md (mass / spring /\n"
     "gravity lines)"},
    {"n", LABCLI_COUNT, "N", AT(params.n), 1, 100000, NULL, "chain: 1..100000 masses (default 5); grid: side 2..500\n"
     "(default 10)"},
    {"k", LABCLI_POSITIVE, "K", AT(params.k), 0, 1e12, NULL, "stiffness of every spring, N/m"},
    {"m", LABCLI_NUMBER, "M", AT(params.m), 1e-9, 1e9, NULL, "every mass, kg"},
    {"c", LABCLI_NUMBER, "C", AT(params.c), 0, 1e12, NULL, "damping of every spring, N s/m\n"
     "(defaults of --k --m --c: four 10 1 0, chain 1 1 0, grid 20 (N-1)/9 0.01 0.0894 sqrt((N-1)/9);\n"
     "with --file they override it)"},
    {"method", LABCLI_PARSE, "M", 0, 0, 0, 0, NULL, "explicit, semi (default), rk4, gsl-rk4 (a full and two half steps),\n"
     "gsl-rkf45, gsl-rk8pd (the truth), gsl-msbdf (implicit, Jacobian; at most 400 masses), verlet,\n"
     "backward-euler (one sparse solve a step);\n"
     "--plot takes a comma-separated list (default explicit,semi,rk4)", .parse = parse_methods},
    {"dt", LABCLI_NUMBER, "H", AT(dt), 1e-9, 1e3, "1/240", "the step in seconds"},
    {"steps", LABCLI_COUNT, "S", AT(steps), 0, 1e9, "240", "the number of steps"},
    {"every", LABCLI_COUNT, "K", AT(every), 1, 1e9, "1", "print only every K-th step, and the last"},
    {"kick", LABCLI_NUMBER, "V", AT(kick), 0, 1e6, NULL, "give every free mass a reproducible velocity, each\n"
     "component uniform in [-V, V]"},
    {"seed", LABCLI_COUNT, "N", AT(seed), 0, 4294967295.0, "1", "the kick's random seed"},
    {"pull", LABCLI_PARSE, "I,DX,DY", 0, 0, 0, 0, NULL, "start with mass I moved by (DX, DY) m from rest (as if\n"
     "dragged there and let go)", .parse = lab_parse_pull},
    {"force", LABCLI_PARSE, "LAW", AT(law), 0, 0, NULL, "hooke (default) or seed-elongation: the post's PITFALL, a unit\n"
     "'elongation' vector whose force does not grow with the stretch", .parse = parse_law},
    {"tol", LABCLI_NUMBER, "T", AT(tol), 1e-14, 1e-2, "1e-10", "absolute and relative tolerance of gsl-rkf45/rk8pd/msbdf"},
    {"width", LABCLI_COUNT, "W", AT(width), 20, 1000, "100", "--plot's width in characters", .with = LABCLI_IN(PLOT)},
    {"height", LABCLI_COUNT, "H", AT(height), 8, 500, "30", "--plot's height in characters", .with = LABCLI_IN(PLOT)},
    {"ascii", LABCLI_FLAG, NULL, AT(ascii), 0, 0, NULL, "--plot in 7-bit ASCII instead of braille"},
    FIGURE_LABCLI_OPTIONS(lab_options, figure, PLOT, "replace"),  /* --force is the force law here */
};

static const labcli_lab lab;

static int check(void *opts, const labcli_result *r)
{
    lab_options *o = opts;
    o->have_n = labcli_given(&lab, r, "n"), o->have_k = labcli_given(&lab, r, "k");
    o->have_m = labcli_given(&lab, r, "m"), o->have_c = labcli_given(&lab, r, "c");
    o->have_pull = labcli_given(&lab, r, "pull");
    o->figure.force_option = "--replace";
    if (figure_output_check(&o->figure, r->mode == PLOT))
        return CLI_USAGE;
    return lab_options_check(o);
}

static int run(void *opts, const labcli_result *r)
{
    (void)r;  /* o->csv, o->plot and o->modes say the mode */
    lab_options *o = opts;
    if (!o->csv && !o->modes && !o->plot && !o->preset && !o->file)
        return lab_interactive(NULL, o);
    net_network *net = NULL;
    int rc = lab_network_build(o, &net);
    if (rc)
        return rc;
    rc = o->csv ? lab_csv(net, o) : o->modes ? lab_modes(net) : o->plot ? lab_plot(net, o) : lab_interactive(net, o);
    net_free(net);
    return rc;
}

static const labcli_lab lab = {
    LABCLI_LAB(2, "network-lab", "masses, springs and dampers in 2-D: the same methods, normal modes, dragging"),
    .usage = "usage: network-lab                 the guided walk (needs a terminal)\n"
             "       network-lab (--preset NAME [--n N] | --file FILE) [...]   your network, interactive\n"
             "       network-lab --csv (--preset NAME [--n N] | --file FILE) [--k K --m M --c C] [--method M] [--dt H]\n"
             "                   [--steps S] [--every K] [--kick V] [--seed N] [--pull I,DX,DY] [--force LAW] [--tol T]\n"
             "       network-lab --plot network|energy (--preset NAME | --file FILE) [--method LIST] [...]\n"
             "                   [--width W] [--height H] [--ascii] [--out FILE [--size WxH] [--replace]]\n"
             "       network-lab --modes (--preset NAME [--n N] | --file FILE) [--k K --m M --c C]\n"
             "       network-lab --help",
    .about = "Masses joined by springs and dampers in the plane, integrated by the methods the lab compares.",
    .footer = "A diverging run ends with the line '# METHOD: diverged at step N (t = T)'; no NaN is ever printed.\n"
              "The work done before the next line of output (--every steps of --csv, all of --plot's) is at most 1e9\n"
              "mass-and-spring evaluations, (masses + springs) x steps x 1 (explicit, semi) to 250 (backward-euler).\n"
              "Interactive, a network too large for real time runs slower: a frame steps for at most half a frame.\n"
              "Without --csv, --plot or --modes network-lab is interactive, which needs a terminal.\n"
              "Exit status: 0 ok, 1 runtime failure, 2 bad usage or a bad network file.\n",
    .options = options, .n_options = sizeof options / sizeof options[0],
    .interactive = N_("the interactive lab"), .check = check, .run = run,
};

int main(int argc, char **argv)
{
    lab_options o = {.method = NET_SEMI, .law = NET_LAW_HOOKE};
    return labcli_main(&lab, &o, argc, argv);
}
