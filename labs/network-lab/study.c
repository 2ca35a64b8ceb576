/* network-lab's XPBD charts without a terminal: --plot budget, budget-energy, budget-error (the equal budget of
 * "Small Steps", model_xpbd.c) and --plot compliance (PBD against XPBD as the iterations grow), as text, a figure
 * (--out) or their series as CSV (--series). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/lang.h"

bool nl_plot_is_study(const char *kind)
{
    return strncmp(kind, "budget", 6) == 0 || strcmp(kind, "compliance") == 0;
}

/* A run's method as a chart's legend says it (in the reader's language), or as --series writes it: its --method
 * name, the same bytes in every language (machine output). */
static const char *run_name(const char *method, bool words)
{
    return words ? labcli_method_label(method) : method;
}

void nl_budget_label(char *buf, size_t size, int run, int budget, bool words)
{
    if (run == NL_BUDGET_ITERATIONS)
        snprintf(buf, size, "xpbd 1x%d", budget);
    else if (run == NL_BUDGET_SUBSTEPS)
        snprintf(buf, size, "xpbd %dx1", budget);
    else
        snprintf(buf, size, "%s", run_name(run == NL_BUDGET_BACKWARD ? "backward-euler" : "gsl-rk8pd", words));
}

static void budget_chart(plot_chart *ch, const nl_budget *b, int measure, char labels[NL_BUDGET_RUNS][48], bool words)
{
    static const char *const titles[NL_MEASURES] = {
        N_("equal budget: the longest spring's strain"), N_("equal budget: total energy"),
        N_("equal budget: the springs' length error against gsl-rk8pd (RMS of dl / L)"),
    };
    static const char *const units[NL_MEASURES] = {"(l - L) / L", "E [J]", "RMS dl / L"};
    plot_chart_set_title(ch, _(titles[measure]));
    plot_chart_set_labels(ch, "t [s]", units[measure]);
    plot_chart_set_log(ch, PLOT_Y, measure == NL_MEASURE_ERROR);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    static const int colors[NL_BUDGET_RUNS] = {PLOT_RED, PLOT_CYAN, PLOT_YELLOW, PLOT_GREEN};
    for (int r = 0; r < NL_BUDGET_RUNS; r++) {
        if (measure == NL_MEASURE_ERROR && r == NL_BUDGET_TRUTH)
            continue;  /* 0 against itself */
        nl_budget_label(labels[r], sizeof labels[r], r, b->budget, words);
        const size_t skip = measure == NL_MEASURE_ERROR ? 1 : 0;  /* t = 0: every run is the start (error 0) */
        plot_series s = {.name = labels[r], .x = b->t + skip, .y = b->value[r][measure] + skip,
                         .n = b->n > skip ? b->n - skip : 0, .color = colors[r]};
        plot_chart_add_series(ch, &s);
    }
}

static void compliance_chart(plot_chart *ch, const nl_compliance *c, bool words)
{
    plot_chart_set_title(ch, _("PBD's stiffness grows with the iterations; XPBD's compliance holds it"));
    plot_chart_set_labels(ch, _("iterations"), "(l - L) / L");
    plot_chart_set_log(ch, PLOT_X, true);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    plot_series p = {.name = run_name("pbd", words), .x = c->iterations, .y = c->pbd, .n = c->n,
                     .color = nl_method_color(NET_PBD)};
    plot_series x = {.name = run_name("xpbd", words), .x = c->iterations, .y = c->xpbd, .n = c->n,
                     .color = nl_method_color(NET_XPBD)};
    plot_chart_add_series(ch, &p);
    plot_chart_add_series(ch, &x);
    plot_chart_add_hline(ch, c->backward, nl_method_color(NET_BACKWARD_EULER), run_name("backward-euler", words));
}

int nl_plot_study(net_network *net, const nl_options *o)
{
    const plot_mode mode = o->glyphs;
    plot_chart *ch = plot_chart_new(o->width, o->height, mode);
    if (!ch)
        return cli_fail("%s", _("out of memory"));
    const nl_start start = nl_start_from_options(net, o);
    const int budget = o->substeps * o->iterations;
    char labels[NL_BUDGET_RUNS][48];
    nl_budget b;
    nl_compliance c;
    int rc;
    if (strcmp(o->plot, "compliance") == 0) {
        rc = nl_compliance_compute(net, &start, o->dt, o->steps, o->iterations, &c);
        if (rc == NET_OK)
            compliance_chart(ch, &c, !o->series);
    } else {
        const int measure = strcmp(o->plot, "budget-energy") == 0  ? NL_MEASURE_ENERGY
                            : strcmp(o->plot, "budget-error") == 0 ? NL_MEASURE_ERROR
                                                                    : NL_MEASURE_STRAIN;
        rc = nl_budget_compute(net, &start, budget, o->dt, o->tol, o->steps, &b);
        if (rc == NET_OK)
            budget_chart(ch, &b, measure, labels, !o->series);
    }
    int status = CLI_OK;
    if (rc == NET_ERR_INPUT)
        status = cli_error(_("--substeps %d x --iterations %d: a budget of at most %d"), o->substeps, o->iterations,
                           NET_XPBD_MAX_SUBSTEPS);
    else if (rc)
        status = cli_fail("%s", _("out of memory"));
    else if (o->series)
        status = figure_write_csv(ch, stdout) ? CLI_FAILURE : CLI_OK;
    else
        status = figure_output(&ch, 1, &o->figure, 0);
    if (rc == NET_OK && strcmp(o->plot, "compliance") != 0)
        nl_budget_free(&b);
    plot_chart_free(ch);
    return status == CLI_OK ? cli_flush_stdout() : status;
}
