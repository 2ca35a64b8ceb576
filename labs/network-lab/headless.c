/* network-lab without a terminal UI: the CSV of a run, the normal modes, and the walk's charts as text. */
#include "lab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/cli.h"
#include "numlab/lang.h"

/* A row: the energies and positions, then for backward Euler what its step took (net_newton_stats: Newton's
 * iterations, the substeps, the relative residual; step 0 took none). */
static void print_row(const net_network *net, const net_integrator *it, long long step, double t, const double *y)
{
    const size_t n = net->n_masses;
    net_energy e = net_energies(net, y);
    printf("%lld,%.17g,%.17g,%.17g,%.17g", step, t, e.kinetic, e.spring + e.gravity, e.total);
    for (size_t i = 0; i < n; i++)
        printf(",%.17g,%.17g", y[i], y[n + i]);
    net_newton_stats st;
    if (net_integrator_newton(it, &st))
        printf(",%d,%d,%.3g", step ? st.iterations : 0, step ? st.substeps : 0, step ? st.residual : 0.0);
    putchar('\n');
}

static void print_header(const net_network *net, const net_integrator *it)
{
    fputs("step,t,kinetic,potential,total", stdout);
    for (size_t i = 0; i < net->n_masses; i++)
        printf(",x%zu,y%zu", i, i);
    net_newton_stats st;
    if (net_integrator_newton(it, &st))
        fputs(",newton_iterations,substeps,residual", stdout);
    putchar('\n');
}

static int finish_output(int status)
{
    return cli_flush_stdout() ? CLI_FAILURE : status;
}

int nl_csv(net_network *net, const nl_options *o)
{
    nl_params p = nl_params_from_options(net, o, true);
    p.steps = 0;  /* the CSV streams its rows from the stepping sim: up to --steps of them, more than a result holds */
    nl_result r;
    if (nl_model_compute(&p, &r) != NET_OK)
        return cli_fail(_("out of memory for the %s integrator"), net_method_name(o->method));
    const nl_run *run = &r.sim.run[0];
    int status = CLI_OK;
    print_header(net, run->it);
    print_row(net, run->it, 0, 0.0, run->y);
    for (long long step = 1; step <= o->steps && !cli_stdout_broken(); step++) {  /* a write error ends the run */
        nl_sim_steps(&r.sim, 1);
        const double t = nl_sim_time(&r.sim);  /* every method reports on the same grid */
        if (run->stopped && !run->gave_up) {
            /* a lesson, not an error: say where, print no non-finite number */
            printf("# %s: diverged at step %lld (t = %g)\n", net_method_name(o->method), step, t);
            fprintf(stderr, _("%s: %s diverged at step %lld (t = %g)\n"), cli_program(), net_method_name(o->method),
                    step, t);
            break;
        }
        if (run->stopped) {
            printf("# %s: gave up at step %lld (t = %g)\n", net_method_name(o->method), step, t);
            net_newton_stats st;
            status = net_integrator_newton(run->it, &st)
                         ? cli_fail(_("%s gave up at step %lld (t = %g): Newton's method did not solve the step's "
                                      "equations, even in 256 substeps"), net_method_name(o->method), step, t)
                         : cli_fail(_("%s gave up at step %lld (t = %g): step size underflow or too many steps"),
                                    net_method_name(o->method), step, t);
            break;
        }
        if (step % o->every == 0 || step == o->steps)  /* the last step too: where the run ended */
            print_row(net, run->it, step, t, run->y);
    }
    nl_result_free(&r);
    return finish_output(status);
}

/* A step limit, "none" where there is none (backward Euler: stable at every step; nothing stiff), "unknown". */
static void print_limit(double limit)
{
    if (isinf(limit))
        fputs("none", stdout);
    else if (isnan(limit))
        fputs("unknown", stdout);  /* coupled damping on too many coordinates (net_modes.damping) */
    else
        printf("%.12g", limit);
}

int nl_modes(const net_network *net)
{
    const nl_params p = {.net = (net_network *)net, .modes = true};  /* no runs: the network is only read */
    nl_result r;
    int rc = nl_model_compute(&p, &r);
    if (rc == NET_ERR_MEMORY)
        return cli_fail("%s", _("out of memory for the normal modes"));
    if (rc)
        return cli_error("--modes: %s", r.modes_err);
    const net_modes *m = &r.modes;
    /* omega2 < 0 (only for pre-stressed files) is an unstable direction: omega is printed as 0 there */
    puts("mode,omega2,omega");
    for (size_t q = 0; q < m->count; q++)
        printf("%zu,%.12g,%.12g\n", q + 1, m->omega2[q], m->omega2[q] > 0.0 ? sqrt(m->omega2[q]) : 0.0);
    puts("");
    /* the largest stable fixed step with the dampers (net_limits.c), and without them for semi and rk4 */
    printf("method,dt_limit,damping,undamped_dt_limit\n");
    for (int k = 0; k < NET_METHOD_COUNT; k++)
        if (net_method_fixed_step((net_method)k)) {
            printf("%s,", net_method_name((net_method)k));
            print_limit(r.limit[k]);
            printf(",%s,", net_damping_name(m->damping));
            print_limit(r.undamped_limit[k]);
            putchar('\n');
        }
    /* the state the modes and limits hold at: rest, the static equilibrium (Newton's iterations from rest, and the
     * forces' residual there over their size), or the falling frame (net_equilibrium) */
    printf("\nstate,newton_iterations,residual\n%s,%d,%.3g\n", net_state_name(m->at.state), m->at.iterations,
           m->at.residual);
    nl_result_free(&r);
    return finish_output(CLI_OK);
}

/* --plot network|energy: the walk's charts after S steps of every --method, printed once. */
int nl_plot(net_network *net, const nl_options *o)
{
    if (nl_plot_is_study(o->plot))
        return nl_plot_study(net, o);
    const bool energy = strcmp(o->plot, "energy") == 0;
    bool shown[NL_MAX_RUNS];
    const nl_params p = nl_params_from_options(net, o, false);
    for (int k = 0; k < p.n_methods; k++)
        shown[k] = true;
    const plot_mode mode = o->glyphs;
    plot_chart *ch = plot_chart_new(o->width, o->height, mode);
    double *y0 = malloc(net_dim(net) * sizeof *y0);
    nl_result res;
    int rc = !ch || !y0 ? NET_ERR_MEMORY : nl_model_compute(&p, &res);
    if (rc) {
        plot_chart_free(ch);
        free(y0);
        return cli_fail(P_("out of memory for %zu mass", "out of memory for %zu masses", net->n_masses), net->n_masses);
    }
    const nl_sim *sim = &res.sim;
    char title[PLOT_TITLE_MAX], h[32];
    nl_format_seconds(h, sizeof h, o->dt);
    snprintf(title, sizeof title, "t = %.4g s, dt = %s", nl_sim_time(sim), h);
    double box[4];  /* the rest shape's, refit if the runs left it (a heavy cloth sags out of it) */
    net_rest_state(net, y0);
    nl_world_box(net, y0, box);
    nl_view_follow(sim, shown, box, NULL);
    nl_network_view view = {.sim = sim, .shown = shown, .alpha = 0.0, .selected = net->n_masses, .box = box,
                             .title = title};
    if (energy)
        nl_chart_energy(ch, sim, shown);
    else
        rc = nl_chart_network(ch, &view, mode);
    int status = CLI_OK;
    if (rc)
        status = cli_fail("%s", _("out of memory for the drawing"));
    else if (o->series)
        status = figure_write_csv(ch, stdout) ? CLI_FAILURE : CLI_OK;
    else if (!o->figure.out)  /* text: a write error, finish_output reports it */
        status = figure_output(&ch, 1, &o->figure, 0);
    for (int k = 0; k < sim->n_runs && status == CLI_OK; k++) {
        const nl_run *r = &sim->run[k];
        if (r->stopped)  /* the same line as the CSV's */
            printf("# %s: %s at step %lld (t = %g)\n", net_method_name(r->method), r->gave_up ? "gave up" : "diverged",
                   r->stop_step, r->stop_t);
    }
    if (status == CLI_OK && o->figure.out)  /* after the notes on stdout: committed once they are written */
        status = figure_output(&ch, 1, &o->figure, 0);
    for (int k = 0; k < NL_MAX_RUNS; k++)  /* the chart borrowed them until its render */
        nl_strokes_free(&view.strokes[k]);
    nl_result_free(&res);
    plot_chart_free(ch);
    free(y0);
    return status ? status : finish_output(CLI_OK);
}
