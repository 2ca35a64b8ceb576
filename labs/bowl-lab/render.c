/* bowl-lab, headless: render a preset to WAV, with the event log and the per-frame trace the interactive lab shows.
 * Every output is written atomically (wav.h): a bad path or an interrupted render leaves nothing behind. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bowl_lab.h"
#include "numlab/cli.h"

#define FRAME_HZ 60.0   /* the UI's frame rate: offline renders feed the accumulator the same frames */
#define SPECTRUM_N 8192 /* the last window the UI's spectrum shows: 0.17 s, bins of 5.9 Hz */

volatile int bowl_lab_interrupted;

static void on_signal(int sig)
{
    (void)sig;
    bowl_lab_interrupted = 1;
}

/* A CSV output: an atomic file, or stdout for "-". */
typedef struct {
    const char *option;
    wav_target target;
    FILE *f;
    bool is_stdout;
} csv_out;

static int open_error(const char *option, const char *path, wav_error code, const char *err)
{
    if (code == WAV_ERR_EXISTS)
        return cli_error("%s: '%s' already exists (allowed: a new file, or add --force to replace it)", option,
                         path);
    if (code == WAV_ERR_PATH || code == WAV_ERR_FORMAT)
        return cli_error("%s: %s", option, err);
    return cli_fail("%s: %s", option, err);
}

static int csv_open(csv_out *c, const char *option, const char *path, bool replace)
{
    *c = (csv_out){.option = option, .target = {.fd = -1}};
    if (!path)
        return CLI_OK;
    if (strcmp(path, "-") == 0) {
        c->f = stdout;
        c->is_stdout = true;
        return CLI_OK;
    }
    char err[512];
    wav_error code = wav_target_open(&c->target, path, replace, err, sizeof err);
    if (code != WAV_OK)
        return open_error(option, path, code, err);
    c->f = wav_target_stream(&c->target);
    if (!c->f) {
        wav_target_abort(&c->target);
        return cli_fail("%s: '%s': out of memory", option, path);
    }
    return CLI_OK;
}

static void csv_abort(csv_out *c)
{
    if (c->f && !c->is_stdout)
        fclose(c->f);
    c->f = NULL;
    wav_target_abort(&c->target);
}

static int csv_commit(csv_out *c)
{
    if (!c->f)
        return CLI_OK;
    if (c->is_stdout)
        return fflush(stdout) == 0 ? CLI_OK : cli_fail("%s: cannot write to stdout", c->option);
    bool ok = !ferror(c->f);
    ok = fclose(c->f) == 0 && ok;
    c->f = NULL;
    if (!ok) {
        wav_target_abort(&c->target);
        return cli_fail("%s: cannot write the file", c->option);
    }
    char err[512];
    wav_error code = wav_target_commit(&c->target, err, sizeof err);
    return code == WAV_OK ? CLI_OK : cli_fail("%s: %s", c->option, err);
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

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void summary(FILE *f, const bowl_lab_options *o, const snd_engine *e, double seconds, double elapsed)
{
    const snd_stats *st = snd_engine_stats(e);
    double peak_db = st->peak > 0.0 ? 20.0 * log10(st->peak) : -INFINITY;
    fprintf(f, "%s%s%s%.3f s of %s, seed %lu, %d Hz %s %s: peak %.1f dBFS; collisions %lu, bowl impacts %lu, "
               "micro-impacts %llu (%.0fx real time)\n",
            o->wav ? "wrote " : "rendered ", o->wav ? o->wav : "", o->wav ? ": " : "", seconds, o->preset->name,
            o->seed, (int)SND_RATE, o->channels == 2 ? "stereo" : "mono",
            o->wav ? wav_format_name(o->format) : "(no WAV)", peak_db, st->hits_spheres, st->hits_bowl,
            st->micro_impacts, elapsed > 0.0 ? seconds / elapsed : 0.0);
}

int bowl_lab_render(const bowl_lab_options *o)
{
    snd_options so = {.seed = o->seed, .rate = SND_RATE, .channels = o->channels, .layers = o->layers,
                      .gesture = &o->gesture};
    snd_error serr;
    snd_engine *e = snd_engine_new(o->preset, &so, &serr);
    if (!e)
        return serr == SND_ERR_NOMEM ? cli_fail("out of memory") : cli_fail("preset '%s' is invalid", o->preset->name);

    const double step = o->preset->bowl.step;
    const size_t frames_per_step = snd_engine_step_frames(e);
    const long long total = llround(o->seconds / step);
    /* a frame feeds at most the accumulator's cap (0.1 s) worth of steps */
    const size_t max_steps = (size_t)ceil(TS_DEFAULT_CAP / step) + 2;
    double *buf = malloc(max_steps * frames_per_step * o->channels * sizeof *buf);
    if (!buf) {
        snd_engine_free(e);
        return cli_fail("out of memory");
    }

    double *ring = calloc(SPECTRUM_N, sizeof *ring);
    size_t ring_at = 0;
    if (!ring) {
        free(buf);
        snd_engine_free(e);
        return cli_fail("out of memory");
    }
    int rc = CLI_OK;
    wav_file *wav = NULL;
    csv_out events, trace, spectrum;
    char err[512];
    if (o->wav) {
        wav_error code;
        wav = wav_open(o->wav, (int)o->channels, (int)SND_RATE, o->format, o->replace, &code, err, sizeof err);
        if (!wav)
            rc = open_error("--wav", o->wav, code, err);
    }
    if (rc == CLI_OK)
        rc = csv_open(&events, "--events", o->events, o->replace);
    else
        events = (csv_out){.target = {.fd = -1}};
    if (rc == CLI_OK)
        rc = csv_open(&trace, "--trace", o->trace, o->replace);
    else
        trace = (csv_out){.target = {.fd = -1}};
    if (rc == CLI_OK)
        rc = csv_open(&spectrum, "--spectrum", o->spectrum, o->replace);
    else
        spectrum = (csv_out){.target = {.fd = -1}};

    struct sigaction sa = {.sa_handler = on_signal}, old_int, old_term;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);

    if (rc == CLI_OK && events.f)
        fputs("t,event,sphere,value,impulse,x,y,z\n", events.f);
    if (rc == CLI_OK && trace.f) {
        fputs("frame,t,x0,y0,z0,x1,y1,z1,speed0,speed1,gate0,gate1,load0,load1,rate0,rate1,pair_rate,latch,"
              "distance,energy,tilt_x,tilt_y,acc_x,acc_y,peak\n", trace.f);
        write_trace(trace.f, 0, e, 0.0);
    }
    double start = now();
    long long done = 0;
    for (long frame = 1; rc == CLI_OK && done < total; frame++) {
        double dt = fmin(1.0 / FRAME_HZ, (double)(total - done) * step);
        long long due = snd_engine_due(e, dt);
        if (due > total - done)
            due = total - done;
        if (due == 0 && (double)(total - done) * step <= 1.0 / FRAME_HZ)
            due = 1;  /* the last sliver: never stall on the accumulator's rounding */
        double peak = 0.0;
        for (long long k = 0; k < due; k++) {
            double *out = buf + (size_t)k * frames_per_step * o->channels;
            snd_engine_step(e, out);
            if (events.f)
                write_events(events.f, snd_engine_bowl(e));
            for (size_t i = 0; i < frames_per_step; i++) {
                double mono = 0.0;
                for (size_t c = 0; c < o->channels; c++) {
                    peak = fmax(peak, fabs(out[i * o->channels + c]));
                    mono += out[i * o->channels + c] / (double)o->channels;
                }
                ring[ring_at] = mono;
                ring_at = (ring_at + 1) % SPECTRUM_N;
            }
        }
        done += due;
        if (wav && wav_write(wav, buf, (size_t)due * frames_per_step, err, sizeof err) != WAV_OK)
            rc = cli_fail("--wav: %s", err);
        if (trace.f)
            write_trace(trace.f, frame, e, peak);
        if (bowl_lab_interrupted)
            rc = cli_fail("interrupted at %.3f s: nothing written", (double)done * step);
    }
    double elapsed = now() - start;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);

    if (rc == CLI_OK && wav) {
        wav_error code = wav_commit(wav, err, sizeof err);
        wav = NULL;
        if (code != WAV_OK)
            rc = cli_fail("--wav: %s", err);
    }
    if (rc == CLI_OK)
        rc = csv_commit(&events);
    if (rc == CLI_OK)
        rc = csv_commit(&trace);
    if (rc == CLI_OK && spectrum.f && write_spectrum(spectrum.f, ring, ring_at))
        rc = cli_fail("--spectrum: out of memory");
    if (rc == CLI_OK)
        rc = csv_commit(&spectrum);
    if (rc != CLI_OK) {
        wav_abort(wav);
        csv_abort(&events);
        csv_abort(&trace);
        csv_abort(&spectrum);
    } else if (!o->quiet) {
        bool stdout_busy = events.is_stdout || trace.is_stdout || spectrum.is_stdout;
        summary(stdout_busy ? stderr : stdout, o, e, (double)total * step, elapsed);
    }
    free(ring);
    free(buf);
    snd_engine_free(e);
    return rc;
}
