/* network-lab without a terminal UI: the CSV of a run and the normal modes. */
#include "lab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "numlab/cli.h"

static void print_row(const net_network *net, long long step, double t, const double *y)
{
    const size_t n = net->n_masses;
    net_energy e = net_energies(net, y);
    printf("%lld,%.17g,%.17g,%.17g,%.17g", step, t, e.kinetic, e.spring + e.gravity, e.total);
    for (size_t i = 0; i < n; i++)
        printf(",%.17g,%.17g", y[i], y[n + i]);
    putchar('\n');
}

static void print_header(const net_network *net)
{
    fputs("step,t,kinetic,potential,total", stdout);
    for (size_t i = 0; i < net->n_masses; i++)
        printf(",x%zu,y%zu", i, i);
    putchar('\n');
}

static int finish_output(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("cannot write the output");
    return status;
}

int lab_csv(net_network *net, const lab_options *o)
{
    const size_t dim = net_dim(net);
    double *y = malloc(dim * sizeof *y);
    if (!y)
        return cli_fail("out of memory for %zu masses", net->n_masses);
    net_rest_state(net, y);
    if (o->kick > 0.0 && net_kick(net, y, o->kick, (unsigned long)o->seed) != NET_OK) {
        free(y);
        return cli_fail("out of memory");
    }
    net_integrator *it = net_integrator_new(net, o->method, o->dt, o->tol);
    if (!it) {
        free(y);
        return cli_fail("out of memory for the %s integrator", net_method_name(o->method));
    }
    const double limit = net_divergence_limit(y, dim);
    int status = CLI_OK;
    print_header(net);
    print_row(net, 0, 0.0, y);
    double t = 0.0;
    for (long long step = 1; step <= o->steps; step++) {
        int rc = net_integrator_step(it, &t, y);
        t = (double)step * o->dt;  /* every method reports on the same grid */
        if (ode_state_diverged(y, dim, limit)) {
            /* a lesson, not an error: say where, print no non-finite number */
            printf("# %s: diverged at step %lld (t = %g)\n", net_method_name(o->method), step, t);
            fprintf(stderr, "%s: %s diverged at step %lld (t = %g)\n", cli_program(), net_method_name(o->method),
                    step, t);
            break;
        }
        if (rc) {
            printf("# %s: gave up at step %lld (t = %g)\n", net_method_name(o->method), step, t);
            status = cli_fail("%s gave up at step %lld (t = %g): step size underflow or too many steps",
                              net_method_name(o->method), step, t);
            break;
        }
        if (step % o->every == 0)
            print_row(net, step, t, y);
    }
    net_integrator_free(it);
    free(y);
    return finish_output(status);
}

int lab_modes(const net_network *net)
{
    net_modes m;
    char err[256];
    int rc = net_modes_compute(net, &m, err, sizeof err);
    if (rc == NET_ERR_MEMORY)
        return cli_fail("out of memory for the normal modes");
    if (rc)
        return cli_error("--modes: %s", err);
    /* omega2 < 0 (only for pre-stressed files) is an unstable direction: omega is printed as 0 there */
    puts("mode,omega2,omega");
    for (size_t q = 0; q < m.count; q++)
        printf("%zu,%.12g,%.12g\n", q + 1, m.omega2[q], m.omega2[q] > 0.0 ? sqrt(m.omega2[q]) : 0.0);
    puts("");
    puts("method,dt_limit");
    puts("explicit,0");  /* undamped explicit Euler grows at every step size */
    printf("semi,%.12g\n", m.semi_limit);
    printf("rk4,%.12g\n", m.rk4_limit);
    net_modes_destroy(&m);
    return finish_output(CLI_OK);
}
