/* bowl-lab --plot NAME: a sampling study (model_sampling.c) as a text chart and what it found, or with --series its
 * series as CSV and its numbers as '#' lines (machine output: English, exact to the bit); with --plot alias
 * --listen FILE.wav, the resonator past Nyquist to hear. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/outset.h"

#define NUM "%.17g"
#define LISTEN_S 2.0      /* s of --listen's WAV */
#define LISTEN_PEAK 0.5   /* its largest sample */

/* --listen FILE.wav: LISTEN_S of the study's resonator as the bank would play it without its guard (at f past Nyquist:
 * heard at |f - k fs|), at the study's rate, 16-bit PCM mono, written to a temporary beside FILE and renamed into place
 * once whole (an existing FILE is kept unless --force). Opened before anything is printed: a bad path prints
 * nothing. */
static int open_listen(const bl_front *f, outset **set, wav_file **wav)
{
    outset_error code;
    int other;
    char err[PATH_MAX + 256];
    if (!(*set = outset_new()))
        return cli_fail("%s", _("out of memory"));
    const int at = outset_add(*set, f->listen, f->o.replace ? OUTSET_REPLACE : 0, &code, &other, err, sizeof err);
    if (at < 0) {
        outset_abort(*set);
        if (code == OUTSET_ERR_EXISTS)
            return cli_error(_("%s: '%s' already exists (allowed: a new file, or add --force to replace it)"),
                             "--listen", cli_cut(f->listen));
        return code == OUTSET_ERR_PATH ? cli_error("--listen: %s", cli_cut_in(err, f->listen))
                                       : cli_fail("--listen: %s", cli_cut_in(err, f->listen));
    }
    wav_error wcode;
    *wav = wav_open_fd(outset_fd(*set, at), f->listen, 1, f->rate_hz, WAV_PCM16, &wcode, err, sizeof err);
    if (!*wav) {
        outset_abort(*set);
        return cli_fail("--listen: %s", cli_cut_in(err, f->listen));
    }
    return CLI_OK;
}

static int write_listen(const bl_front *f, const bl_study *st, outset *set, wav_file *wav)
{
    const size_t n = (size_t)(LISTEN_S * st->rate);
    double *y = malloc(n * sizeof *y);
    int rc = y ? snd_resonator_render(SND_MAP_IMPULSE, SND_DOUBLE, st->freq, st->decay, st->rate, n, y)
               : NUMLAB_ERR_NOMEM;
    char err[PATH_MAX + 256];
    if (rc == NUMLAB_OK) {
        double peak = 0.0;
        for (size_t j = 0; j < n; j++)
            peak = fmax(peak, fabs(y[j]));
        for (size_t j = 0; j < n && peak > 0.0; j++)
            y[j] *= LISTEN_PEAK / peak;
        rc = wav_write(wav, y, n, err, sizeof err) == WAV_OK ? NUMLAB_OK : NUMLAB_ERR_IO;
    }
    free(y);
    if (rc == NUMLAB_ERR_NOMEM) {
        wav_abort(wav), outset_abort(set);
        return cli_fail("%s", _("out of memory"));
    }
    if (rc == NUMLAB_OK && wav_finish(wav, err, sizeof err) != WAV_OK)
        rc = NUMLAB_ERR_IO;
    else if (rc != NUMLAB_OK)
        wav_abort(wav);
    if (rc == NUMLAB_OK && cli_flush_stdout() != CLI_OK)  /* the chart or the CSV first: all or nothing */
        rc = NUMLAB_ERR_IO, err[0] = '\0';
    if (rc == NUMLAB_OK && outset_commit(set, err, sizeof err) == OUTSET_OK) {
        cli_note(_("wrote %s: %g s of a %g Hz resonator at %d Hz, heard at %.1f Hz"), cli_cut(f->listen), LISTEN_S,
                 st->freq, f->rate_hz, st->folded);
        return CLI_OK;
    }
    outset_abort(set);
    return err[0] ? cli_fail("--listen: %s", cli_cut_in(err, f->listen)) : CLI_FAILURE;
}

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
    outset *set = NULL;
    wav_file *wav = NULL;
    int rc = f->listen ? open_listen(f, &set, &wav) : CLI_OK;
    if (rc != CLI_OK)
        return rc;
    bl_study st;
    const int built = bl_study_build(&st, f->plot, f->study_freq, (double)f->rate_hz, f->study_decay);
    if (built != NUMLAB_OK) {
        if (wav)
            wav_abort(wav), outset_abort(set);
        /* the table's ranges keep every input valid: the body over-damped is a NAN in its series, not this */
        return built == NUMLAB_ERR_NOMEM ? cli_fail("%s", _("out of memory"))
                                         : cli_fail(_("--plot %s: the study failed (%s)"), bl_study_name(f->plot),
                                                    numlab_strerror(built));
    }
    if (f->series) {
        printf("series,x,y\n");
        for (int i = 0; i < st.n; i++)
            for (size_t k = 0; k < st.s[i].n; k++)
                printf("%s," NUM "," NUM "\n", st.s[i].key, st.s[i].x[k], st.s[i].y[k]);
        numbers_csv(&st);
    } else {
        plot_chart *ch = plot_chart_new(f->width, f->height, plot_mode_from_locale());
        if (ch) {
            bl_chart_study(ch, &st);
            figure_output(&ch, 1, &(figure_options){0}, 0);  /* text on stdout: its errors show at the flush */
            plot_chart_free(ch);
            char text[512];
            bl_study_text(&st, text, sizeof text);
            printf("%s\n", text);
        } else {
            rc = cli_fail("%s", _("out of memory"));
        }
    }
    if (wav && rc == CLI_OK)
        rc = write_listen(f, &st, set, wav);
    else if (wav)
        wav_abort(wav), outset_abort(set);
    bl_study_free(&st);
    return rc != CLI_OK ? rc : cli_flush_stdout();
}
