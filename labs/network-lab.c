/* network-lab: 2-D networks of masses, springs and dampers (the network post), under the integrators the lab
 * compares. The options are in labs/network-lab/options.c; each mode runs one function: --csv, --plot and --modes
 * (headless.c), the guided walk or a free run of the user's network (walk.c). */
#include "network-lab/lab.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"

static int run(void *opts, const labcli_result *r)
{
    nl_options *o = opts;
    if (r->mode == 0 && !o->preset && !o->file)
        return nl_interactive(NULL, o, r);
    net_network *net = NULL;
    int rc = nl_network_build(o, &net);
    if (rc)
        return rc;
    rc = r->mode == NL_MODE_CSV ? nl_csv(net, o) : r->mode == NL_MODE_MODES ? nl_modes(net)
         : r->mode == NL_MODE_PLOT ? nl_plot(net, o) : nl_interactive(net, o, r);
    net_free(net);
    return rc;
}

int main(int argc, char **argv)
{
    const labcli_lab lab = {
        LABCLI_LAB(2, "network-lab", N_("2-D masses, springs and dampers: modes, dragging")),
        .usage = N_("usage: network-lab                 the guided walk (needs a terminal)\n"
                 "       network-lab (--preset NAME [--n N] | --file FILE) [...]   your network, interactive\n"
                 "       network-lab --csv (--preset NAME [--n N] | --file FILE) [--k K --m M --c C] [--method M] [--dt H]\n"
                 "                   [--steps S] [--every K] [--kick V] [--seed N] [--pull I,DX,DY] [--force LAW] [--tol T]\n"
                 "       network-lab --plot network|energy (--preset NAME | --file FILE) [--method LIST] [...]\n"
                 "                   [--width W] [--height H] [--ascii] [--out FILE [--size WxH] [--replace]]\n"
                 "       network-lab --modes (--preset NAME [--n N] | --file FILE) [--k K --m M --c C]\n"
                 "       network-lab --help"),
        .about = N_("Masses joined by springs and dampers in the plane, integrated by the methods the lab compares."),
        .footer = N_("A diverging run ends with the line '# METHOD: diverged at step N (t = T)'; no NaN is ever printed.\n"
                  "The work done before the next line of output (--every steps of --csv, all of --plot's) is at most 1e9\n"
                  "mass-and-spring evaluations, (masses + springs) x steps x 1 (explicit, semi) to 250 (backward-euler).\n"
                  "Interactive, a network too large for real time runs slower: a frame steps for at most half a frame.\n"
                  "Without --csv, --plot or --modes network-lab is interactive, which needs a terminal.\n"
                  "Exit status: 0 ok, 1 runtime failure, 2 bad usage or a bad network file.\n"),
        .options = nl_option_table, .n_options = nl_option_count,
        .interactive = N_("the interactive lab"), .check = nl_check, .run = run,
        .walk_steps = NL_STEPS,
    };
    nl_options o = {.method = NET_SEMI, .law = NET_LAW_HOOKE};
    return labcli_main(&lab, &o, argc, argv);
}
