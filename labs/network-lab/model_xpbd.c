/* network-lab's XPBD studies (model.h): the equal budget of "Small Steps in Physics Simulation" (Macklin, Storey, Lu,
 * Terdiman, Chentanez, Jeschke, Mueller, SCA 2019) and plain PBD against XPBD as the iterations grow (Macklin,
 * Mueller, Chentanez, MIG 2016). Both run nl_sim's runs side by side and measure each state; numerics only. */
#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double nl_max_strain(const net_network *net, const double *y)
{
    const size_t n = net->n_masses;
    double most = 0.0;
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double l = hypot(y[j] - y[i], y[n + j] - y[n + i]), L = net->rest[s];
        most = fmax(most, L > 0.0 ? (l - L) / L : l);
    }
    return most;
}

/* The RMS over the springs of (l - l_ref) / L: how far each spring's length is from the reference's. */
static double length_error(const net_network *net, const double *y, const double *ref)
{
    const size_t n = net->n_masses;
    double sum = 0.0;
    for (size_t s = 0; s < net->n_springs; s++) {
        const size_t i = net->si[s], j = net->sj[s];
        const double l = hypot(y[j] - y[i], y[n + j] - y[n + i]);
        const double lr = hypot(ref[j] - ref[i], ref[n + j] - ref[n + i]);
        const double e = (l - lr) / (net->rest[s] > 0.0 ? net->rest[s] : 1.0);
        sum += e * e;
    }
    return net->n_springs ? sqrt(sum / (double)net->n_springs) : 0.0;
}

void nl_budget_free(nl_budget *b)
{
    free(b->t);
    for (int r = 0; r < NL_BUDGET_RUNS; r++)
        for (int q = 0; q < NL_MEASURES; q++)
            free(b->value[r][q]);
    memset(b, 0, sizeof *b);
}

static void measure(const nl_sim *s, nl_budget *b, size_t at)
{
    const double *truth = s->run[NL_BUDGET_TRUTH].y;
    b->t[at] = nl_sim_time(s);
    for (int r = 0; r < NL_BUDGET_RUNS; r++) {
        const double *y = s->run[r].y;
        b->value[r][NL_MEASURE_STRAIN][at] = nl_max_strain(s->net, y);
        b->value[r][NL_MEASURE_ENERGY][at] = net_energies(s->net, y).total;
        b->value[r][NL_MEASURE_ERROR][at] = length_error(s->net, y, truth);
    }
}

int nl_budget_compute(net_network *net, const nl_start *start, int budget, double dt, double tol, long long steps,
                      nl_budget *out)
{
    memset(out, 0, sizeof *out);
    if (budget < 1 || budget > NET_XPBD_MAX_ITERATIONS || budget > NET_XPBD_MAX_SUBSTEPS || steps < 0)
        return NET_ERR_INPUT;
    out->budget = budget;
    const size_t count = (size_t)steps + 1;
    out->t = malloc(count * sizeof *out->t);
    bool ok = out->t != NULL;
    for (int r = 0; r < NL_BUDGET_RUNS && ok; r++)
        for (int q = 0; q < NL_MEASURES && ok; q++)
            ok = (out->value[r][q] = malloc(count * sizeof *out->value[r][q])) != NULL;
    double *y0 = ok ? malloc(net_dim(net) * sizeof *y0) : NULL;
    int rc = y0 ? nl_start_state(net, start, y0) : NET_ERR_MEMORY;
    static const net_method methods[NL_BUDGET_RUNS] = {
        [NL_BUDGET_ITERATIONS] = NET_XPBD, [NL_BUDGET_SUBSTEPS] = NET_XPBD,
        [NL_BUDGET_BACKWARD] = NET_BACKWARD_EULER, [NL_BUDGET_TRUTH] = NET_GSL_RK8PD,
    };
    nl_sim sim;
    if (rc == NET_OK)
        rc = nl_sim_init(&sim, net, methods, NL_BUDGET_RUNS, dt, tol, y0);
    free(y0);
    if (rc != NET_OK) {
        nl_budget_free(out);
        return rc;
    }
    sim.run[NL_BUDGET_SUBSTEPS].variant = 1;
    nl_sim_set_xpbd(&sim, NL_BUDGET_ITERATIONS, 1, budget);
    nl_sim_set_xpbd(&sim, NL_BUDGET_SUBSTEPS, budget, 1);
    measure(&sim, out, 0);
    out->n = 1;
    for (long long step = 1; step <= steps; step++) {
        nl_sim_steps(&sim, 1);
        bool stopped = false;
        for (int r = 0; r < NL_BUDGET_RUNS; r++)
            stopped = stopped || sim.run[r].stopped;
        if (stopped)
            break;  /* the series end where a run did (backward Euler giving up, the truth's solver too) */
        measure(&sim, out, out->n++);
    }
    nl_sim_destroy(&sim);
    return NET_OK;
}

int nl_compliance_compute(net_network *net, const nl_start *start, double dt, long long steps, int max_iterations,
                          nl_compliance *out)
{
    memset(out, 0, sizeof *out);
    if (max_iterations < 1 || max_iterations > NET_XPBD_MAX_ITERATIONS || steps < 0)
        return NET_ERR_INPUT;
    double *y0 = malloc(net_dim(net) * sizeof *y0);
    int rc = y0 ? nl_start_state(net, start, y0) : NET_ERR_MEMORY;
    const net_method methods[3] = {NET_PBD, NET_XPBD, NET_BACKWARD_EULER};
    for (int its = 1; rc == NET_OK && its <= max_iterations && out->n < NL_COMPLIANCE_MAX; its *= 2) {
        nl_sim sim;
        rc = nl_sim_init(&sim, net, methods, out->n == 0 ? 3 : 2, dt, 0.0, y0);
        if (rc != NET_OK)
            break;
        nl_sim_set_xpbd(&sim, 0, 1, its);
        nl_sim_set_xpbd(&sim, 1, 1, its);
        nl_sim_steps(&sim, steps > 0 ? (unsigned)steps : 0);
        out->iterations[out->n] = its;
        out->pbd[out->n] = sim.run[0].stopped ? NAN : nl_max_strain(net, sim.run[0].y);
        out->xpbd[out->n] = sim.run[1].stopped ? NAN : nl_max_strain(net, sim.run[1].y);
        if (out->n == 0)
            out->backward = sim.run[2].stopped ? NAN : nl_max_strain(net, sim.run[2].y);
        out->n++;
        nl_sim_destroy(&sim);
    }
    free(y0);
    return rc;
}
