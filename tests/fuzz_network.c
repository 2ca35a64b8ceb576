/* fuzz_network: libFuzzer target for the network file parser (make fuzz-network).
 *
 * Any bytes: the parser either refuses them with a "fuzz.net:LINE: ..." message or returns a network. A network it
 * accepts is within the format's bounds, so at rest its forces (both kernels), Jacobian, energies and, when small,
 * its normal modes must all be finite; one RK4 step must not crash. Anything else aborts the run. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/network.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok)
        abort();
}

static int all_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

static void exercise(net_network *net)
{
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y), *f = malloc(dim * sizeof *f);
    require(y && f);
    net_rest_state(net, y);
    net_forces(net, y, f);
    require(all_finite(f, 2 * net->n_masses));
    net_forces_reference(net, y, f);
    require(all_finite(f, 2 * net->n_masses));
    net_energy e = net_energies(net, y);
    require(isfinite(e.total));
    if (net->n_masses <= 16) {
        double *jac = malloc(dim * dim * sizeof *jac);
        require(jac != NULL);
        net_jacobian(0.0, y, jac, f, net);
        require(all_finite(jac, dim * dim));
        free(jac);
        net_modes modes;
        char err[256];
        if (net_modes_compute(net, &modes, err, sizeof err) == NET_OK) {
            require(all_finite(modes.omega2, modes.count));
            net_modes_destroy(&modes);
        }
    }
    net_integrator *it = net_integrator_new(net, NET_RK4, 1e-3, 1e-8);
    require(it != NULL);
    double t = 0.0;
    net_integrator_step(it, &t, y);
    net_integrator_free(it);
    free(y), free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* small limits keep each input fast; the checks are the same at any size */
    const net_limits lim = {.max_masses = 4096, .max_springs = 16384, .max_line = 4096, .max_bytes = 1 << 20};
    net_network *net = NULL;
    char err[512] = "";
    int rc = net_parse("fuzz.net", (const char *)data, size, &lim, &net, err, sizeof err);
    if (rc == NET_OK) {
        require(net != NULL && net->n_masses > 0);
        exercise(net);
        net_free(net);
    } else {
        require(rc == NET_ERR_INPUT && net == NULL && strncmp(err, "fuzz.net:", 9) == 0);
    }
    return 0;
}
