/* bowl-lab --plot NAME: a sampling study (model_sampling.c) as a text chart and what it found, or with --series its
 * series as CSV and its numbers as '#' lines (machine output: English, exact to the bit). */
#include <stdio.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"

#define NUM "%.17g"

static void numbers_csv(const bl_study *st)
{
    printf("# %s: freq " NUM " Hz, rate " NUM " Hz, decay " NUM " 1/s\n", bl_study_name(st->kind), st->freq, st->rate,
           st->decay);
    switch (st->kind) {
    case BL_STUDY_ALIAS:
        printf("# k %d, folded " NUM " Hz (|f - k fs|), peak " NUM " Hz, bin " NUM " Hz\n", st->folds, st->folded,
               st->peak, st->bin);
        break;
    case BL_STUDY_WARP:
        for (int m = 0; m < SND_MAP_COUNT; m++)
            printf("# %s: measured " NUM " cents, closed form " NUM " cents\n", snd_map_name((snd_map)m),
                   st->cents[m], st->closed[m]);
        break;
    default:
        printf("# error against long double over 1 s: float " NUM " dB, double " NUM " dB\n", st->error_db[0],
               st->error_db[1]);
        printf("# longest decay time constant: float " NUM " s, double " NUM " s\n", st->longest[0], st->longest[1]);
        break;
    }
}

int bl_plot(const bl_front *f)
{
    bl_study st;
    const int built = bl_study_build(&st, f->plot, f->study_freq, f->study_rate, f->study_decay);
    if (built == NUMLAB_ERR_NOMEM)
        return cli_fail("%s", _("out of memory"));
    if (built != NUMLAB_OK)  /* the table's ranges keep every input valid: the body over-damped is a NAN, not this */
        return cli_fail(_("--plot %s: the study failed (%s)"), bl_study_name(f->plot), numlab_strerror(built));
    int rc = CLI_OK;
    if (f->series) {
        printf("series,x,y\n");
        for (int i = 0; i < st.n; i++)
            for (size_t k = 0; k < st.s[i].n; k++)
                printf("%s," NUM "," NUM "\n", st.s[i].key, st.s[i].x[k], st.s[i].y[k]);
        numbers_csv(&st);
    } else {
        plot_chart *ch = plot_chart_new(f->width, f->height, plot_mode_from_locale());
        if (!ch) {
            bl_study_free(&st);
            return cli_fail("%s", _("out of memory"));
        }
        bl_chart_study(ch, &st);
        rc = figure_output(&ch, 1, &(figure_options){0}, 0);
        plot_chart_free(ch);
        char text[512];
        bl_study_text(&st, text, sizeof text);
        if (rc == CLI_OK)
            printf("%s\n", text);
    }
    bl_study_free(&st);
    return rc != CLI_OK ? rc : cli_flush_stdout();
}
