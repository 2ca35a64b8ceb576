/* bowl-lab's sampling charts (a study of model_sampling.c): the spectrum of a resonator past Nyquist with the folded
 * frequency marked, the schemes' warping in cents, the float and double errors in dB. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab.h"

static const int series_colors[BL_STUDY_MAX_SERIES] = {PLOT_CYAN, PLOT_MAGENTA, PLOT_YELLOW, PLOT_GREEN};

/* The series' names in the legend (translated; --series keeps the keys). */
static const char *legend(const char *key)
{
    static const struct {
        const char *key, *name;
    } names[] = {{"impulse-invariance", N_("impulse invariance")}, {"bilinear", N_("bilinear")},
                 {"body", N_("body scheme")}, {"float", N_("float")}, {"double", N_("double")}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(key, names[i].key) == 0)
            return _(names[i].name);
    return NULL;
}

void bl_chart_study(plot_chart *ch, const bl_study *st)
{
    char title[PLOT_TITLE_MAX];
    plot_chart_clear(ch);
    plot_chart_set_labels(ch, NULL, NULL);
    switch (st->kind) {
    case BL_STUDY_ALIAS:
        snprintf(title, sizeof title, _("%g Hz at %g Hz, heard at %.0f Hz (dB, Hz)"), st->freq, st->rate,
                 st->folded);
        plot_chart_set_log(ch, PLOT_X, false);
        plot_chart_set_range(ch, PLOT_X, 0.0, 0.5 * st->rate);
        plot_chart_set_range(ch, PLOT_Y, -120.0, 0.0);
        plot_chart_set_legend(ch, PLOT_LEGEND_NONE);
        plot_chart_add_vline(ch, st->folded, PLOT_YELLOW, "|f - k fs|");
        break;
    case BL_STUDY_WARP:
        snprintf(title, sizeof title, _("frequency warping at %g Hz (cents, Hz)"), st->rate);
        plot_chart_set_log(ch, PLOT_X, true);
        plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
        plot_chart_set_legend(ch, PLOT_LEGEND_BOTTOM_LEFT);
        break;
    default:
        snprintf(title, sizeof title, _("error against long double, 1 s, decay %g/s (dB, Hz)"), st->decay);
        plot_chart_set_log(ch, PLOT_X, true);
        plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
        plot_chart_set_legend(ch, PLOT_LEGEND_AUTO);
        break;
    }
    plot_chart_set_title(ch, title);
    for (int i = 0; i < st->n; i++)
        plot_chart_add_series(ch, &(plot_series){.name = legend(st->s[i].key), .x = st->s[i].x, .y = st->s[i].y,
                                                 .n = st->s[i].n, .color = series_colors[i]});
}
