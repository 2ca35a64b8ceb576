/* spring-lab's answers to --plain (tui.h): the line after each key, from the model's result (sl_result: each shown
 * method's growth a step, its divergence, its energy over the run), and the series the l key plays (the energy of
 * the first method shown other than the exact one: explicit Euler's climbs in pitch, semi-implicit's stays). */
#include <math.h>
#include <stdio.h>

#include "numlab/lang.h"
#include "lab.h"

/* One method's clause: "explicit grows x1.28 a step, diverged at step 31" or "semi bounded, energy 0.98..1.02 E0". */
static size_t method_clause(const sl_result *r, spring_method m, char *buf, size_t size, size_t used)
{
    const char *name = labcli_method_label(spring_method_name(m));
    used = tui_append(buf, size, used, "%s", used ? "; " : "");
    if (m == SPRING_EXPLICIT && r->zeta == 0.0)
        /* TRANSLATORS: explicit Euler's amplification of the undamped spring: "explicit grows x1.28 a step, " */
        used = tui_append(buf, size, used, _("%s grows x%.3g a step, "), name, r->explicit_growth);
    else
        used = tui_append(buf, size, used, "%s ", name);
    if (r->status[m].diverged)
        return tui_append(buf, size, used, _("diverged at step %zu"), r->status[m].diverged_step);
    if (r->status[m].solver_failed)
        return tui_append(buf, size, used, "%s", _("its solver gave up"));
    const double e0 = r->count[m] ? r->samples[m][0].energy : 0.0;
    if (!(e0 > 0.0))
        return tui_append(buf, size, used, "%s", _("ran"));
    const double lo = r->energy_lo[m] / e0, hi = r->energy_hi[m] / e0;
    const double end = r->samples[m][r->count[m] - 1].energy / e0;
    if (hi > 2.0)
        /* TRANSLATORS: a method's energy over its run, as a multiple of the start's E0 */
        return tui_append(buf, size, used, _("energy grows to x%.3g E0"), hi);
    if (end < 0.5)
        return tui_append(buf, size, used, _("energy decays to x%.3g E0"), end);
    return tui_append(buf, size, used, _("bounded, energy %.3g..%.3g E0"), lo, hi);
}

void sl_walk_summary(void *ctx, int step, char *buf, size_t size)
{
    const sl_walk *w = ctx;
    buf[0] = '\0';
    if (w->out_of_memory) {
        snprintf(buf, size, "%s", _("out of memory: fewer steps, please"));
        return;
    }
    if (!sl_walk_shows_runs(step))
        return;  /* the shell says the notes: the studies' and the frame loop's numbers */
    size_t used = 0;
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        if (w->shown[m] && m != SPRING_EXACT && w->runs.count[m] > 0)
            used = method_clause(&w->runs, (spring_method)m, buf, size, used);
    if (used == 0)
        snprintf(buf, size, "%s", _("no method shown but the exact solution"));
}

int sl_walk_listen(void *ctx, int step, plot_series *out, char *what, size_t size)
{
    const sl_walk *w = ctx;
    if (!sl_walk_shows_runs(step) || w->out_of_memory)
        return -1;
    for (int m = 0; m < SPRING_METHOD_COUNT; m++)
        if (w->shown[m] && m != SPRING_EXACT && w->runs.count[m] > 1) {
            const spring_sample *s = w->runs.samples[m];
            *out = (plot_series){.x = &s[0].t, .y = &s[0].energy, .n = w->runs.count[m],
                                 .stride = sizeof s[0] / sizeof(double)};
            /* TRANSLATORS: what the l key plays: "energy of explicit" */
            snprintf(what, size, _("energy of %s"), labcli_method_label(spring_method_name((spring_method)m)));
            return 0;
        }
    return -1;
}
