/* figure: formats, the data behind a chart as CSV, and the ways out: a headless --plot's --out and the interactive
 * lab's folder of figures. See include/numlab/figure.h. */
#include "numlab/figure.h"
#include "numlab/cli.h"
#include "numlab/lang.h"
#include "numlab/outset.h"
#include "numlab/text.h"
#include "plot_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static const char *const format_names[] = {"svg", "pdf", "png"};

int figure_format_from_path(const char *path, figure_format *format)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot || strchr(dot, '/'))
        return -1;
    for (int k = 0; k < 3; k++)
        if (strcasecmp(dot + 1, format_names[k]) == 0) {
            *format = (figure_format)k;
            return 0;
        }
    return -1;
}

const char *figure_format_name(figure_format format)
{
    return format_names[format];
}

/* --- CSV ----------------------------------------------------------------------------------------------------- */

int figure_write_csv(const plot_chart *ch, FILE *f)
{
    if (figure_meta_csv(f))
        return -1;
    fputs(ch->image.values ? "series,x,y,value\n" : "series,x,y\n", f);
    char name[PLOT_NAME_MAX + 16];
    for (int s = 0; s < ch->nseries; s++) {
        const plot_series *d = &ch->series[s].data;
        if (d->name[0])
            snprintf(name, sizeof name, "%s", d->name);
        else
            snprintf(name, sizeof name, "series %d", s + 1);
        for (size_t i = 0; i < d->n; i++) {
            text_csv_field(name, f);  /* RFC 4180, control characters escaped */
            fprintf(f, ",%.17g,%.17g\n", d->x ? d->x[i * d->stride] : (double)i, d->y[i * d->stride]);
        }
    }
    for (int r = 0; r < ch->nrefs; r++) {
        const plot_ref_entry *ref = &ch->refs[r];
        snprintf(name, sizeof name, "%s %s", ref->axis == PLOT_Y ? "hline" : "vline", ref->label);
        text_csv_field(name, f);
        if (ref->axis == PLOT_Y)
            fprintf(f, ",,%.17g\n", ref->value);
        else
            fprintf(f, ",%.17g,\n", ref->value);
    }
    for (int m = 0; m < ch->nmarkers; m++) {
        snprintf(name, sizeof name, "marker %s", ch->markers[m].label);
        text_csv_field(name, f);
        fprintf(f, ",%.17g,%.17g\n", ch->markers[m].x, ch->markers[m].y);
    }
    const plot_image *im = &ch->image;
    for (int iy = 0; im->values && iy < im->ny; iy++)
        for (int ix = 0; ix < im->nx; ix++) {  /* each sample at its centre */
            double x = im->x0 + (ix + 0.5) / im->nx * (im->x1 - im->x0);
            double y = im->y0 + (iy + 0.5) / im->ny * (im->y1 - im->y0);
            fprintf(f, "image,%.17g,%.17g,%.9g\n", x, y, (double)im->values[(size_t)iy * (size_t)im->nx + (size_t)ix]);
        }
    return ferror(f) ? -1 : 0;
}

/* --- the command line ---------------------------------------------------------------------------------------- */

int figure_size_option(const char *opt, const char *text, figure_options *o)
{
    char *end;
    errno = 0;
    long w = text[0] >= '0' && text[0] <= '9' ? strtol(text, &end, 10) : -1;
    long h = w >= 0 && (*end == 'x' || *end == 'X') && end[1] >= '0' && end[1] <= '9' ? strtol(end + 1, &end, 10)
                                                                                       : -1;
    if (h < 0 || *end || errno || w < FIGURE_MIN || w > FIGURE_MAX || h < FIGURE_MIN || h > FIGURE_MAX)
        /* TRANSLATORS: WxH is the value's name in --help: keep it */
        return cli_error(_("%s: '%s' is not a figure size (allowed: WxH, whole points or pixels, each %d..%d, e.g. "
                           "%dx%d)"), opt, cli_cut(text), FIGURE_MIN, FIGURE_MAX, FIGURE_WIDTH, FIGURE_HEIGHT);
    o->width = (double)w, o->height = (double)h, o->size_given = true;
    return CLI_OK;
}

int figure_size_field(void *opts, void *field, const char *opt, const char *text)
{
    (void)opts;
    return figure_size_option(opt, text, field);
}

int figure_output_check(const figure_options *o, bool plotting)
{
    figure_format format;
    const char *force = o->force_option ? o->force_option : "--force";
    if ((o->out || o->size_given || o->force) && !plotting)
        return cli_error(_("--out, --size and %s go with --plot (see --help)"), force);
    if (o->out && figure_format_from_path(o->out, &format))
        return cli_error(_("--out: '%s' is not a figure file (allowed: a name ending in .svg, .pdf or .png)"),
                         cli_cut(o->out));
    if (!o->out && (o->size_given || o->force))
        return cli_error(_("%s goes with --out FILE.svg|pdf|png (see --help)"), o->size_given ? "--size" : force);
    return CLI_OK;
}

/* Adds path to set and writes the figure into it (committed with the rest of the set, by its caller). */
static outset_error write_into(outset *set, plot_chart *const *charts, int n, figure_format format, double w,
                               double h, const char *path, unsigned flags, char *err, size_t errlen)
{
    outset_error code;
    int other;
    int k = outset_add(set, path, flags, &code, &other, err, errlen);
    if (k < 0)
        return code;
    FILE *f = outset_stream(set, k);
    char why[128];
    if (!f || figure_write(charts, n, format, w, h, f, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", path, f ? why : _("out of memory"));
        return OUTSET_ERR_IO;
    }
    return OUTSET_OK;
}

/* Writes the figure to path through an outset of its own: atomic, an existing file kept unless flags has
 * OUTSET_REPLACE. */
static outset_error write_file(plot_chart *const *charts, int n, figure_format format, double w, double h,
                               const char *path, unsigned flags, char *err, size_t errlen)
{
    outset *set = outset_new();
    if (!set) {
        snprintf(err, errlen, _("%s: out of memory"), path);
        return OUTSET_ERR_NOMEM;
    }
    outset_error code = write_into(set, charts, n, format, w, h, path, flags, err, errlen);
    if (code != OUTSET_OK) {
        outset_abort(set);
        return code;
    }
    return outset_commit(set, err, errlen);
}

/* The status and the message of an outset error for --out. */
static int out_error(const figure_options *o, outset_error code, const char *err)
{
    if (code == OUTSET_ERR_EXISTS)
        return cli_error(_("--out: %s (give %s to replace it)"), cli_cut_in(err, o->out),
                         o->force_option ? o->force_option : "--force");
    if (code == OUTSET_ERR_PATH || code == OUTSET_ERR_SAME)
        return cli_error("--out: %s", cli_cut_in(err, o->out));
    return cli_fail("--out: %s", cli_cut_in(err, o->out));
}

static void figure_size(const figure_options *o, double *w, double *h)
{
    *w = o->width > 0 ? o->width : FIGURE_WIDTH;
    *h = o->height > 0 ? o->height : FIGURE_HEIGHT;
}

int figure_output_into(outset *set, plot_chart *const *charts, int n, const figure_options *o)
{
    figure_format format;
    if (figure_output_check(o, true) || figure_format_from_path(o->out, &format))
        return CLI_USAGE;
    double w, h;
    figure_size(o, &w, &h);
    char err[4096 + 256];
    outset_error code = write_into(set, charts, n, format, w, h, o->out, o->force ? OUTSET_REPLACE : 0, err,
                                   sizeof err);
    return code == OUTSET_OK ? CLI_OK : out_error(o, code, err);
}

void figure_output_written(int n, const figure_options *o)
{
    figure_format format = FIGURE_SVG;
    figure_format_from_path(o->out, &format);
    double w, h;
    figure_size(o, &w, &h);
    /* TRANSLATORS: "spring-lab: wrote a.svg: 2 charts, svg, 480 x 360 pt" (the program's name is put before it) */
    cli_note(P_("wrote %s: %d chart, %s, %g x %g %s", "wrote %s: %d charts, %s, %g x %g %s", n), cli_cut(o->out), n,
             figure_format_name(format), w, h, format == FIGURE_PNG ? "px" : "pt");
}

int figure_output(plot_chart *const *charts, int n, const figure_options *o, unsigned text_flags)
{
    if (!o->out) {
        for (int k = 0; k < n; k++)
            plot_grid_write(plot_chart_render(charts[k]), stdout, text_flags);  /* errors stay in ferror */
        return CLI_OK;
    }
    outset *set = outset_new();
    if (!set)
        return cli_fail(_("%s: out of memory"), cli_cut(o->out));
    int rc = figure_output_into(set, charts, n, o);
    if (rc == CLI_OK)
        rc = cli_flush_stdout();  /* what the lab printed before: a run that cannot say it leaves no figure */
    if (rc != CLI_OK) {
        outset_abort(set);
        return rc;
    }
    char err[4096 + 256];
    outset_error code = outset_commit(set, err, sizeof err);
    if (code != OUTSET_OK)
        return out_error(o, code, err);
    figure_output_written(n, o);
    return CLI_OK;
}

/* --- the interactive lab's folder of figures ---------------------------------------------------------------- */

static int write_csv_file(const plot_chart *ch, const char *path, char *err, size_t errlen)
{
    outset *set = outset_new();
    outset_error code = OUTSET_ERR_NOMEM;
    int other, k = set ? outset_add(set, path, 0, &code, &other, err, errlen) : -1;
    FILE *f = k >= 0 ? outset_stream(set, k) : NULL;
    if (!f || figure_write_csv(ch, f)) {
        if (k >= 0)
            snprintf(err, errlen, _("%s: cannot write"), path);
        outset_abort(set);
        return -1;
    }
    return outset_commit(set, err, errlen) == OUTSET_OK ? 0 : -1;
}

int figure_folder_write(plot_chart *const *charts, int n, const char *dir, const char *program, int step,
                        char *where, size_t wherelen)
{
    if (n < 1) {
        snprintf(where, wherelen, "%s", _("no chart on the screen to write"));
        return -1;
    }
    if (mkdir(dir, 0777) && errno != EEXIST) {
        snprintf(where, wherelen, _("cannot create %s: %s"), dir, lang_strerror(errno));
        return -1;
    }
    char folder[1024];
    int number = 1;
    for (;; number++) {  /* the first free number: mkdir is the test, so two labs never share a folder */
        snprintf(folder, sizeof folder, "%s/%s-step%d-%03d", dir, program, step, number);
        if (mkdir(folder, 0777) == 0)
            break;
        if (errno != EEXIST || number == 999) {
            snprintf(where, wherelen, _("cannot create %s: %s"), folder, lang_strerror(errno));
            return -1;
        }
    }
    char path[1200], err[2048];
    for (int k = 0; k < n; k++) {
        static const figure_format formats[2] = {FIGURE_SVG, FIGURE_PNG};
        for (int j = 0; j < 2; j++) {
            snprintf(path, sizeof path, "%s/chart-%d.%s", folder, k + 1, figure_format_name(formats[j]));
            if (write_file(&charts[k], 1, formats[j], FIGURE_WIDTH, FIGURE_HEIGHT, path, 0, err, sizeof err)) {
                snprintf(where, wherelen, "%s", err);
                return -1;
            }
        }
        snprintf(path, sizeof path, "%s/chart-%d.csv", folder, k + 1);
        if (write_csv_file(charts[k], path, err, sizeof err)) {
            snprintf(where, wherelen, "%s", err);
            return -1;
        }
    }
    snprintf(where, wherelen, "%s", folder);
    return 0;
}
