/* network-lab's words for XPBD's two walk steps: the equal budget of "Small Steps" (Macklin et al. 2019) with the
 * damping model the cloth uses, and plain PBD against XPBD (Macklin, Mueller, Chentanez 2016); a run's label with its
 * split, and the notes' live strains. Every number is computed from the walk's network as it is. */
#include <math.h>
#include <stdio.h>

#include "lab.h"
#include "numlab/lang.h"
#include "numlab/tui.h"

/* The method's name (words: its legend label) and, for xpbd and pbd, its split S x I. */
static const char *run_name(const nl_run *r, char *buf, size_t size, bool words)
{
    int substeps, iterations;
    const char *name = net_method_name(r->method);
    if (!net_integrator_xpbd(r->it, &substeps, &iterations))
        return words ? labcli_method_label(name) : name;
    snprintf(buf, size, "%s %dx%d", name, substeps, iterations);
    return buf;
}

const char *nl_run_label(const nl_run *r, char *buf, size_t size)
{
    return run_name(r, buf, size, true);
}

const char *nl_run_name(const nl_run *r, char *buf, size_t size)
{
    return run_name(r, buf, size, false);
}

int nl_run_color(const nl_run *r)
{
    return nl_method_color((net_method)((int)r->method + r->variant));
}

/* One spring of the walk's k and m from a pin, stretched, at rest: a step of dt keeps the fraction
 * r = at / (at + w) of the stretch (at = 1 / (k dt^2), w = 1/m), backward Euler's 1 / (1 + dt^2 k / m), and XPBD's
 * at every iteration count; PBD keeps r^I, which backward Euler would keep with k_eff = m (r^-I - 1) / dt^2. */
double nl_pbd_stiffness(double k, double m, double dt, int iterations)
{
    const double at = 1.0 / (k * dt * dt), w = 1.0 / m, r = at / (at + w);
    return m * (pow(r, -iterations) - 1.0) / (dt * dt);
}

void nl_budget_text(char *buf, size_t size, const nl_step_facts *f)
{
    char h[32], hs[32];
    nl_format_seconds(h, sizeof h, f->dt);
    nl_format_seconds(hs, sizeof hs, f->dt / f->budget);
    double ck = NAN, wmax = NAN;
    if (f->net && f->net->n_springs)
        ck = f->net->damp[0] / f->net->k[0];
    if (f->modes)
        wmax = f->modes->omega_max;
    /* TRANSLATORS: XPBD's equal budget; the budget N, the substep and the frame step, then c/k, the top mode's
     * damping ratio and w_max */
    snprintf(buf, size, _("One budget, N = %d projections a spring a frame: 1 substep x N iterations, or N substeps "
                          "(of %s, frame %s) x 1 iteration, beside backward Euler. XPBD makes each spring a distance "
                          "constraint of compliance 1/k, solved by Gauss-Seidel sweeps. Substeps follow the truth; "
                          "iterations land near backward Euler. About rest the dampers are C = (c/k) K, Rayleigh "
                          "damping proportional to stiffness (c/k = %.3g s): a mode's ratio zeta = (c/k) w/2 grows "
                          "with w, about %.2g at w_max = %.0f rad/s. XPBD damps the same way (beta = c)."),
             f->budget, hs, h, ck, ck * wmax / 2.0, wmax);
}

void nl_pbd_text(char *buf, size_t size, const nl_step_facts *f)
{
    double k = NAN, m = NAN;
    if (f->net && f->net->n_springs) {
        k = f->net->k[0];
        m = f->net->mass[f->net->sj[0]];
    }
    const double keff = nl_pbd_stiffness(k, m, f->dt, f->iterations);
    /* TRANSLATORS: plain PBD against XPBD; the iteration count I, then one spring's k, its PBD stiffness and their
     * ratio */
    snprintf(buf, size, _("With I = %d, one spring of k = %.3g N/m from a pin acts as k = %.3g N/m under PBD (%.3gx), "
                          "and as k under XPBD at any I: the backward Euler step it converges to. Plain PBD forgets "
                          "the multiplier between iterations, so every sweep pulls each spring closer again and its "
                          "stiffness grows with the iteration count; XPBD's compliance term (alpha/dt^2) lambda holds "
                          "it at k. Change the iterations."),
             f->iterations, k, keff, keff / k);
}

size_t nl_note_strains(char *buf, size_t size, size_t used, const nl_sim *s, const bool *shown)
{
    used = tui_append(buf, size, used, "%s", _("longest strain:"));
    for (int k = 0; k < s->n_runs; k++) {
        const nl_run *r = &s->run[k];
        if (!shown[k] || r->stopped)
            continue;
        char label[48];
        used = tui_append(buf, size, used, " %s %.3g;", nl_run_name(r, label, sizeof label),
                          nl_max_strain(s->net, r->y));
    }
    return tui_append(buf, size, used, " ");
}
