/* bowl-lab, headless: the preset listing and --describe; render a preset to WAV, with the event log and the
 * per-frame trace the interactive lab shows, under the preset's scripted gesture or a recorded one (--gesture). Every
 * output is written atomically (wav.h): a bad path or an interrupted render leaves nothing behind. Errors come back
 * as text, so that the interactive lab can render too (its `w` key) and say what happened in its notes. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/lang.h"
#include "numlab/outset.h"
#include "numlab/text.h"

#define SPECTRUM_N BL_SPECTRUM_N

volatile int bl_interrupted;

static void on_signal(int sig)
{
    (void)sig;
    bl_interrupted = 1;
}

/* Where errors go: the message buffer of bl_run. */
typedef struct {
    char *msg;
    size_t len;
} report;

static int say(const report *r, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int say(const report *r, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, r->len, fmt, ap);
    va_end(ap);
    return rc;
}

/* The messages name paths cut to a readable length (cli_cut), so a long path never hides the reason after it. */
static int open_error(const report *r, const char *option, const char *path, outset_error code, const char *err)
{
    if (code == OUTSET_ERR_EXISTS)
        return say(r, CLI_USAGE, _("%s: '%s' already exists (allowed: a new file, or add --force to replace it)"),
                   option, cli_cut(path));
    return say(r, code == OUTSET_ERR_PATH ? CLI_USAGE : CLI_FAILURE, "%s: %s", option, cli_cut_in(err, path));
}

static void write_events(FILE *f, const bowl *b)
{
    for (size_t k = 0; k < b->n_events; k++) {
        const bowl_event *ev = &b->events[k];
        char sphere[8];
        snprintf(sphere, sizeof sphere, ev->sphere < 0 ? "both" : "%d", ev->sphere);
        fprintf(f, "%.6f,%s,%s,%.6g,%.6g,%.5f,%.5f,%.5f\n", ev->t, bowl_event_name(ev->kind), sphere, ev->value,
                ev->impulse, ev->where.x, ev->where.y, ev->where.z);
    }
}

static void write_trace(FILE *f, long frame, const snd_engine *e, double peak)
{
    const bowl *b = snd_engine_bowl(e);
    const snd_meters *m = snd_engine_meters(e);
    bowl_gesture g = snd_engine_gesture(e);
    fprintf(f, "%ld,%.6f", frame, b->t);
    for (int i = 0; i < 2; i++)
        fprintf(f, ",%.6f,%.6f,%.6f", b->s[i].p.x, b->s[i].p.y, b->s[i].p.z);
    for (int i = 0; i < 2; i++) {
        const bowl_vec v = b->s[i].v;
        fprintf(f, ",%.5f", sqrt(v.x * v.x + v.y * v.y + v.z * v.z));
    }
    fprintf(f, ",%.4f,%.4f,%.4f,%.4f,%.1f,%.1f,%.1f,%.4f,%.6f,%.6g,%.5f,%.5f,%.4f,%.4f,%.5f\n", b->s[0].gate,
            b->s[1].gate, b->s[0].load / b->p.load_ref, b->s[1].load / b->p.load_ref, m->rate[0], m->rate[1],
            m->pair_rate, b->latch, b->distance, bowl_energy(b, &g), g.tilt_x, g.tilt_y, g.acc_x, g.acc_y, peak);
}

/* The spectrum of the last SPECTRUM_N samples (channels averaged), ring[] holding them from `at` on. */
static int write_spectrum(FILE *f, const double *ring, size_t at)
{
    double *x = malloc(SPECTRUM_N * sizeof *x), *db = malloc((SPECTRUM_N / 2 + 1) * sizeof *db);
    int rc = x && db ? 0 : -1;
    if (rc == 0) {
        for (size_t i = 0; i < SPECTRUM_N; i++)
            x[i] = ring[(at + i) % SPECTRUM_N];
        rc = snd_spectrum(x, SPECTRUM_N, db);
    }
    if (rc == 0) {
        fputs("freq,db\n", f);
        for (size_t k = 0; k <= SPECTRUM_N / 2; k++)
            fprintf(f, "%.3f,%.2f\n", (double)k * SND_RATE / SPECTRUM_N, db[k]);
    }
    free(x);
    free(db);
    return rc;
}

static void summary(const report *r, const bl_options *o, const snd_engine *e, double seconds,
                    double elapsed)
{
    const snd_stats *st = snd_engine_stats(e);
    char peak[64], head[1024], what[96];
    if (st->peak > 0.0)
        snprintf(peak, sizeof peak, _("peak %.1f dBFS"), 20.0 * log10(st->peak));
    else
        snprintf(peak, sizeof peak, "%s", _("silent"));
    if (o->wav)
        snprintf(head, sizeof head, _("wrote %s: %.3f s of %s, seed %lu"), o->wav, seconds, o->preset->name, o->seed);
    else
        snprintf(head, sizeof head, _("rendered %.3f s of %s, seed %lu"), seconds, o->preset->name, o->seed);
    snprintf(what, sizeof what, "%d Hz %s %s", (int)SND_RATE, o->channels == 2 ? _("stereo") : _("mono"),
             o->wav ? wav_format_name(o->format) : _("(no WAV)"));
    say(r, CLI_OK, _("%s, %s: %s; collisions %lu, bowl impacts %lu, micro-impacts %llu (%.0fx real time)"), head,
        what, peak, st->hits_spheres, st->hits_bowl, st->micro_impacts, elapsed > 0.0 ? seconds / elapsed : 0.0);
}

/* The outputs of one render: one output set, opened before the first sample and committed (or dropped) whole. */
enum { OUT_WAV, OUT_EVENTS, OUT_TRACE, OUT_SPECTRUM, OUT_GESTURE, N_OUT };

typedef struct {
    outset *set;
    wav_file *wav;
    FILE *f[N_OUT];           /* the CSV streams (owned by the set), NULL when not asked for */
    const char *path[N_OUT];
} outputs;

static const char *const out_option[N_OUT] = {"--wav", "--events", "--trace", "--spectrum", "the gesture"};

static int open_outputs(const report *r, const bl_options *o, outputs *out)
{
    const char *paths[N_OUT] = {o->wav, o->events, o->trace, o->spectrum, o->replay_out};
    int index[N_OUT];
    if (!(out->set = outset_new()))
        return say(r, CLI_FAILURE, _("out of memory"));
    for (int k = 0; k < N_OUT; k++) {
        if (!paths[k])
            continue;
        /* CSVs may stream to stdout, a FIFO or a device; the WAV and the gesture are files */
        unsigned flags = k == OUT_GESTURE ? 0 : k == OUT_WAV ? (o->replace ? OUTSET_REPLACE : 0)
                       : OUTSET_STREAM | (o->replace ? OUTSET_REPLACE : 0);
        char err[PATH_MAX + 256];   /* a whole path and the reason: cut when shown */
        outset_error code;
        int other = -1;
        index[k] = outset_add(out->set, paths[k], flags, &code, &other, err, sizeof err);
        if (index[k] < 0 && code == OUTSET_ERR_SAME) {
            int j = 0;
            while (j < k && !(paths[j] && index[j] == other))
                j++;
            return strcmp(paths[j], "-") == 0 && strcmp(paths[k], "-") == 0
                       ? say(r, CLI_USAGE, _("%s and %s cannot both go to stdout (allowed: at most one '-')"),
                             out_option[j], out_option[k])
                       : say(r, CLI_USAGE, _("%s: '%s' is also the %s file '%s' (allowed: different files)"),
                             out_option[j], cli_cut(paths[j]), out_option[k], cli_cut(paths[k]));
        }
        if (index[k] < 0)
            return open_error(r, out_option[k], paths[k], code, err);
        out->path[k] = paths[k];
        if (k != OUT_WAV && !(out->f[k] = outset_stream(out->set, index[k])))
            return say(r, CLI_FAILURE, _("%s: '%s': out of memory"), out_option[k], cli_cut(paths[k]));
    }
    if (o->wav) {
        char err[PATH_MAX + 256];   /* a whole path and the reason: cut when shown */
        wav_error code;
        out->wav = wav_open_fd(outset_fd(out->set, index[OUT_WAV]), o->wav, (int)o->channels, (int)SND_RATE,
                               o->format, &code, err, sizeof err);
        if (!out->wav)
            return say(r, code == WAV_ERR_FORMAT ? CLI_USAGE : CLI_FAILURE, "--wav: %s", cli_cut_in(err, o->wav));
    }
    return CLI_OK;
}

static void abort_outputs(outputs *out)
{
    wav_abort(out->wav);
    outset_abort(out->set);
    *out = (outputs){0};
}

static void abort_outputs(outputs *out);

/* A CSV that cannot be written any more (a full disk, a closed stdout): say which, and stop. A reader that went away
 * (`--trace - | head -1`) ends the program as in every lab (cli_end_on_broken_pipe), the outputs dropped first. */
static int check_streams(const report *r, outputs *out)
{
    for (int k = 0; k < N_OUT; k++)
        if (out->f[k] && ferror(out->f[k])) {
            if (cli_reader_gone(fileno(out->f[k]))) {
                abort_outputs(out);
                cli_end_on_broken_pipe();
            }
            if (strcmp(out->path[k], "-") == 0)
                return say(r, CLI_FAILURE, _("%s: cannot write to stdout (closed or full)"), out_option[k]);
            return say(r, CLI_FAILURE, _("%s: cannot write to '%s'"), out_option[k], cli_cut(out->path[k]));
        }
    return CLI_OK;
}

/* Everything but the renames: the WAV's header, the spectrum, the gesture, the streams checked, then
 * o->before_commit; then the commit. On success the summary stays in r's message. */
static int commit_outputs(const report *r, const bl_options *o, outputs *out, const double *ring,
                          size_t ring_at, const snd_engine *e, double elapsed)
{
    int rc = CLI_OK;
    char err[PATH_MAX + 256];   /* a whole path and the reason: cut when shown */
    if (out->wav) {
        wav_error code = wav_finish(out->wav, err, sizeof err);
        out->wav = NULL;
        if (code != WAV_OK)
            rc = say(r, CLI_FAILURE, "--wav: %s", cli_cut_in(err, o->wav));
    }
    if (rc == CLI_OK && out->f[OUT_SPECTRUM] && write_spectrum(out->f[OUT_SPECTRUM], ring, ring_at))
        rc = say(r, CLI_FAILURE, _("--spectrum: out of memory"));
    if (rc == CLI_OK && out->f[OUT_GESTURE] && bl_gesture_write(out->f[OUT_GESTURE], o->replay,
                                                                      o->replay_comment) != 0)
        rc = say(r, CLI_FAILURE, _("cannot write '%s'"), o->replay_out);
    for (int k = 0; rc == CLI_OK && k < N_OUT; k++)
        if (out->f[k])
            fflush(out->f[k]);  /* a write error shows now, before the commit (check_streams) */
    if (rc == CLI_OK)
        rc = check_streams(r, out);
    if (rc != CLI_OK)
        return rc;
    const double seconds = (double)llround(o->seconds / o->preset->bowl.step) * o->preset->bowl.step;
    summary(r, o, e, seconds, elapsed);
    if (o->before_commit && (rc = o->before_commit(o, out->set, r->msg)) != CLI_OK) {
        r->msg[0] = '\0';  /* said */
        return rc;
    }
    outset_error code = outset_commit(out->set, err, sizeof err);
    *out = (outputs){0};
    if (code != OUTSET_OK)
        return say(r, CLI_FAILURE, "%s", err);
    return CLI_OK;
}

/* The render's sink: the outputs written as the model steps (model_render.c). */
typedef struct {
    const report *r;
    const bl_options *o;
    outputs out;
    const bl_result *res;
} render_sink;

static int sink_start(void *arg, const snd_engine *e)
{
    render_sink *k = arg;
    int rc = open_outputs(k->r, k->o, &k->out);
    if (rc == CLI_OK && k->out.f[OUT_EVENTS])
        fputs("t,event,sphere,value,impulse,x,y,z\n", k->out.f[OUT_EVENTS]);
    if (rc == CLI_OK && k->out.f[OUT_TRACE]) {
        fputs("frame,t,x0,y0,z0,x1,y1,z1,speed0,speed1,gate0,gate1,load0,load1,rate0,rate1,pair_rate,latch,"
              "distance,energy,tilt_x,tilt_y,acc_x,acc_y,peak\n", k->out.f[OUT_TRACE]);
        write_trace(k->out.f[OUT_TRACE], 0, e, 0.0);
    }
    return rc;
}

static void sink_step(void *arg, const snd_engine *e)
{
    render_sink *k = arg;
    if (k->out.f[OUT_EVENTS])
        write_events(k->out.f[OUT_EVENTS], snd_engine_bowl(e));
}

static int sink_frame(void *arg, long frame, const snd_engine *e, const double *samples, size_t frames, double peak)
{
    render_sink *k = arg;
    const bl_options *o = k->o;
    int rc = CLI_OK;
    if (o->spectrogram_sink && spectrogram_push(o->spectrogram_sink, samples, frames, o->channels))
        rc = say(k->r, CLI_FAILURE, _("--spectrogram: out of memory"));
    char err[PATH_MAX + 256];   /* a whole path and the reason: cut when shown */
    if (k->out.wav && wav_write(k->out.wav, samples, frames, err, sizeof err) != WAV_OK)
        rc = say(k->r, CLI_FAILURE, "--wav: %s", cli_cut_in(err, o->wav));
    if (k->out.f[OUT_TRACE])
        write_trace(k->out.f[OUT_TRACE], frame, e, peak);
    if (rc == CLI_OK)
        rc = check_streams(k->r, &k->out);
    if (bl_interrupted)
        rc = say(k->r, CLI_FAILURE, _("interrupted at %.3f s: nothing written"),
                 (double)k->res->steps * o->preset->bowl.step);
    return rc;
}

int bl_run(const bl_options *o, char *msg, size_t len)
{
    const report r = {msg, len};
    if (!(o->seconds <= BL_MAX_RENDER_S))  /* every way of setting the length is checked before; this is the last */
        return say(&r, CLI_USAGE, _("a render of %g s is refused (allowed: at most %d s)"), o->seconds,
                   BL_MAX_RENDER_S);
    /* These stop the render cleanly (a closed pipe shows as a write error: check_streams). Installed before the
     * outputs, whose own handlers run first: they remove the temporaries at once, then hand the signal on. */
    bl_interrupted = 0;
    const int stops[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    struct sigaction old[4];
    for (int i = 0; i < 4; i++) {
        struct sigaction sa = {.sa_handler = stops[i] == SIGPIPE ? SIG_IGN : on_signal};
        sigemptyset(&sa.sa_mask);
        sigaction(stops[i], &sa, &old[i]);
    }
    const bl_render_params p = {.preset = o->preset, .seed = o->seed, .channels = o->channels, .layers = o->layers,
                         .gesture = o->gesture, .replay = o->replay, .seconds = o->seconds,
                         .peaks = o->trace != NULL, .spectrum = o->spectrum != NULL};
    bl_result res;
    render_sink k = {.r = &r, .o = o, .res = &res};
    const bl_sink sink = {.arg = &k, .start = sink_start, .step = sink_step, .frame = sink_frame};
    int rc = bl_model_compute(&p, &sink, &res);
    if (rc == NUMLAB_ERR_NOMEM)
        rc = say(&r, CLI_FAILURE, _("out of memory"));
    else if (rc == NUMLAB_ERR_INPUT)
        rc = say(&r, CLI_USAGE, _("preset '%s': its parameters are invalid together (see --describe)"),
                 o->preset->name);
    if (rc == CLI_OK)
        rc = commit_outputs(&r, o, &k.out, res.ring, res.ring_at, res.e, res.elapsed);
    if (rc != CLI_OK)
        abort_outputs(&k.out);
    for (int i = 0; i < 4; i++)
        sigaction(stops[i], &old[i], NULL);
    bl_result_free(&res);
    return rc;
}

/* --- the gesture file ---------------------------------------------------------------------------------------- */

int bl_gesture_write(FILE *f, const bl_gesture *g, const char *comment)
{
    if (comment)
        fprintf(f, "# %s\n", comment);
    fputs(BL_GESTURE_HEADER "\n", f);
    for (size_t i = 0; i < g->n; i++) {
        const bl_gesture_row *r = &g->rows[i];
        fprintf(f, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", r->t, r->c.tilt_x_deg, r->c.tilt_y_deg, r->c.stir_hz,
                r->c.stir_radius, r->strike);
    }
    return ferror(f) ? -1 : 0;
}

/* --- --list-presets, --describe ---------------------------------------------------------------------------- */

void bl_list_presets(void)
{
    for (size_t i = 0; i < snd_preset_count(); i++) {
        const snd_preset *p = snd_preset_at(i);
        printf("%-20s %s\n", p->name, _(p->summary));
    }
}

void bl_describe(const snd_preset *p)
{
    printf("# %s: %s\n", p->name, p->summary);  /* a table of --set keys: machine output, English */
    printf("# every key below can be changed with --set KEY=VALUE\n");
    for (size_t i = 0; i < bl_n_params; i++) {
        const bl_param *f = &bl_params[i];
        if (f->section)
            printf("# %s\n", f->section);
        printf("%-22s %-12.6g # %s\n", f->key, bl_param_get(p, f), f->meaning);
    }
    printf("# fixed: step %.6g s (20 samples at 48 kHz); bowl_modes: a hemispherical shell's bending series "
           "(Rayleigh); ball_modes: an audible stand-in chosen by ear, not a steel ball's physics (a real one "
           "this size rings ultrasonically)\n", p->bowl.step);
    const snd_params *s = &p->sound;
    for (size_t m = 0; m < s->n_body; m++)
        printf("# fixed: body_mode%zu %g Hz, sigma %g/s, c %g, drive %g, gain %g\n", m, s->body[m].freq,
               s->body[m].decay, s->body[m].couple, s->body[m].drive, s->body[m].gain);
}

/* --- the command line's render ------------------------------------------------------------------------------ */

/* The summary line, on stdout (on stderr when a CSV goes to stdout), and stdout flushed: what can fail before the
 * outputs are committed, so that a run that cannot say what it did leaves nothing. */
static int say_summary(const bl_options *o, const char *summary)
{
    if (!o->quiet) {
        const char *paths[] = {o->events, o->trace, o->spectrum};
        bool stdout_busy = false;
        for (int i = 0; i < 3; i++)
            stdout_busy = stdout_busy || (paths[i] && outset_same_file(paths[i], "-"));  /* "-", /dev/stdout */
        FILE *f = stdout_busy ? stderr : stdout;   /* the paths in it are the user's: shown escaped */
        if ((text_fputs(summary, f) == EOF || fputc('\n', f) == EOF) && f == stderr)
            return cli_fail(_("cannot write the summary: %s"), lang_strerror(errno));
    }
    return cli_flush_stdout();
}

static int summary_before_commit(const bl_options *o, outset *set, const char *summary)
{
    (void)set;
    return say_summary(o, summary);
}

int bl_say_summary(const bl_options *o, const char *summary)
{
    return say_summary(o, summary);
}

int bl_render(const bl_options *o)
{
    if (o->spectrogram && !o->spectrogram_sink)
        return bl_spectrogram(o);
    bl_options run = *o;
    if (!run.before_commit)
        run.before_commit = summary_before_commit;
    char msg[1024];
    int rc = bl_run(&run, msg, sizeof msg);
    if (rc != CLI_OK && msg[0])
        return rc == CLI_USAGE ? cli_error("%s", msg) : cli_fail("%s", msg);
    return rc;
}
