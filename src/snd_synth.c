/* sound: the synthesizer, controls and hits in, samples out (levels 3 to 6 and the mix). See snd_internal.h. */
#include "snd_internal.h"

#include "numlab/common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DC_CUTOFF 10.0          /* Hz: the DC blocker's corner */
#define LIMIT_RELEASE 0.05      /* s: the limiter lets go with this time constant */
#define RELAX_FLOOR 1e-6        /* below this detuning the spheres' bank plays its own frequencies again */
#define MAX_LOAD 4.0            /* L / L_ref beyond this adds nothing to the rates */

/* Work buffers, each SND_MAX_BLOCK long. */
enum {
    W_GRAIN0, W_GRAIN1, W_GRAIN2, /* the contacts' forces: sphere 0, sphere 1, the pair */
    W_BOWL_IN0, W_BOWL_IN1, W_BALL_IN0, W_BALL_IN1, W_BODY, W_MIX0, W_MIX1, W_COUNT
};

static double *work(const snd_synth *s, int which)
{
    return s->work + (size_t)which * SND_MAX_BLOCK;
}

/* Constant-power pan; a mono synth takes everything at gain 1. */
static double pan_gain(const snd_synth *s, double pan, size_t ch)
{
    if (s->channels == 1)
        return 1.0;
    pan = pan < -1.0 ? -1.0 : pan > 1.0 ? 1.0 : pan;
    double angle = (pan + 1.0) * NUMLAB_PI / 4.0;
    return ch == 0 ? cos(angle) : sin(angle);
}

/* The names snd_params_check reports for the body modes. */
#define BODY_NAMES(i) {"body[" #i "].freq", "body[" #i "].decay", "body[" #i "].couple", "body[" #i "].drive", \
                       "body[" #i "].gain"}
static const char *const body_names[SND_MAX_BODY_MODES][5] = {
    BODY_NAMES(0), BODY_NAMES(1), BODY_NAMES(2), BODY_NAMES(3), BODY_NAMES(4), BODY_NAMES(5), BODY_NAMES(6),
    BODY_NAMES(7),
};
_Static_assert(SND_MAX_BODY_MODES == 8, "body_names has a row per body mode");

static bool nonneg(double x)
{
    return isfinite(x) && x >= 0.0;
}

static bool positive(double x)
{
    return isfinite(x) && x > 0.0;
}

/* The first problem's member name, or NULL. A family's and a body mode's decays must be >= 0 here, so that the
 * banks and the body layer, which refuse them too, never fail on what this check let through. */
static const char *first_bad(const snd_params *p)
{
#define RULE(ok, name)  \
    if (!(ok))          \
        return name;
    RULE(nonneg(p->rub_density), "rub_density");
    RULE(nonneg(p->rub_amp), "rub_amp");
    RULE(positive(p->rub_grain.width) && p->rub_grain.width <= 0.01, "rub_grain.width");
    RULE(positive(p->rub_grain.shape), "rub_grain.shape");
    RULE(nonneg(p->pair_density), "pair_density");
    RULE(nonneg(p->pair_magnet), "pair_magnet");
    RULE(nonneg(p->pair_amp), "pair_amp");
    RULE(positive(p->pair_grain.width) && p->pair_grain.width <= 0.01, "pair_grain.width");
    RULE(positive(p->pair_grain.shape), "pair_grain.shape");
    RULE(positive(p->rate_max), "rate_max");
    RULE(positive(p->bright_lo), "bright_lo");
    RULE(positive(p->bright_hi), "bright_hi");
    RULE(p->bright_hi >= p->bright_lo, "bright_lo/bright_hi");
    RULE(positive(p->bright_speed), "bright_speed");
    const struct {
        const snd_family *fam;
        const char *names[6];
    } families[] = {
        {&p->bowl, {"bowl.f1", "bowl.split", "bowl.d0", "bowl.d1", "bowl.d2", "bowl.tilt"}},
        {&p->ball, {"ball.f1", "ball.split", "ball.d0", "ball.d1", "ball.d2", "ball.tilt"}},
    };
    for (size_t i = 0; i < 2; i++) {
        const snd_family *f = families[i].fam;
        RULE(positive(f->f1), families[i].names[0]);
        RULE(nonneg(f->split), families[i].names[1]);
        RULE(nonneg(f->d0), families[i].names[2]);
        RULE(nonneg(f->d1), families[i].names[3]);
        RULE(nonneg(f->d2), families[i].names[4]);
        RULE(isfinite(f->tilt), families[i].names[5]);
    }
    RULE(positive(p->ball_radius), "ball_radius");
    RULE(positive(p->impact_ref), "impact_ref");
    RULE(nonneg(p->relax_depth) && p->relax_depth < 0.05, "relax_depth");
    RULE(positive(p->relax_time), "relax_time");
    RULE(p->n_body >= 1 && p->n_body <= SND_MAX_BODY_MODES, "n_body");
    for (size_t m = 0; m < p->n_body; m++) {
        const snd_body_mode *b = &p->body[m];
        RULE(positive(b->freq), body_names[m][0]);
        RULE(nonneg(b->decay), body_names[m][1]);
        RULE(isfinite(b->couple), body_names[m][2]);
        RULE(isfinite(b->drive), body_names[m][3]);
        RULE(isfinite(b->gain), body_names[m][4]);
    }
    RULE(nonneg(p->body_alpha), "body_alpha");
    RULE(positive(p->body_beta), "body_beta");
    RULE(positive(p->body_ref), "body_ref");
    RULE(nonneg(p->body_from_spheres), "body_from_spheres");
    RULE(isfinite(p->gain_bowl), "gain_bowl");
    RULE(isfinite(p->gain_ball), "gain_ball");
    RULE(isfinite(p->gain_body), "gain_body");
    RULE(isfinite(p->gain_force), "gain_force");
    RULE(p->limit > 0.0 && p->limit < 1.0, "limit");
#undef RULE
    return NULL;
}

int snd_params_check(const snd_params *p, const char **what)
{
    const char *bad = first_bad(p);
    if (what)
        *what = bad;
    return bad ? NUMLAB_ERR_INPUT : NUMLAB_OK;
}

int snd_synth_init(snd_synth *s, const snd_params *p, const double ball_radius[2], double rate, size_t channels,
                   unsigned layers, unsigned long seed)
{
    memset(s, 0, sizeof *s);
    if (snd_params_check(p, NULL) || channels < 1 || channels > 2 || !(rate > 0.0 && isfinite(rate)) ||
        !(ball_radius[0] > 0.0 && ball_radius[1] > 0.0))
        return NUMLAB_ERR_INPUT;
    s->p = *p;
    s->rate = rate;
    s->channels = channels;
    s->layers = layers;

    snd_mode modes[2 * SND_MAX_BALL_MODES > SND_MAX_BOWL_MODES ? 2 * SND_MAX_BALL_MODES : SND_MAX_BOWL_MODES];
    size_t n = snd_family_modes(&p->bowl, modes, SND_MAX_BOWL_MODES);
    int rc = snd_bank_init(&s->bowl, modes, n, rate, channels);
    /* each sphere rings at the ball family scaled to its size: f ~ 1 / radius */
    size_t n_first = 0;
    n = 0;
    for (int i = 0; i < 2; i++) {
        snd_family fam = p->ball;
        fam.f1 = p->ball.f1 * p->ball_radius / ball_radius[i];
        n += snd_family_modes(&fam, modes + n, SND_MAX_BALL_MODES);
        if (i == 0)
            n_first = n;
    }
    rc = rc || snd_bank_init(&s->ball, modes, n, rate, channels);
    rc = rc || snd_body_init(&s->body, p->body, p->n_body, p->body_alpha, p->body_beta, rate);
    /* every stream its own generator, so one layer's randomness never shifts another's */
    rc = rc || snd_stream_init(&s->rub[0], &p->rub_grain, rate, seed * 8 + 1);
    rc = rc || snd_stream_init(&s->rub[1], &p->rub_grain, rate, seed * 8 + 2);
    rc = rc || snd_stream_init(&s->pair, &p->pair_grain, rate, seed * 8 + 3);
    s->ball_owner = malloc((s->ball.modes ? s->ball.modes : 1) * sizeof *s->ball_owner);
    s->strike_amp = malloc((s->ball.modes ? s->ball.modes : 1) * sizeof *s->strike_amp);
    s->work = calloc((size_t)W_COUNT * SND_MAX_BLOCK, sizeof *s->work);
    if (rc || !s->ball_owner || !s->strike_amp || !s->work) {
        snd_synth_destroy(s);
        return NUMLAB_ERR_NOMEM;  /* every parameter passed its check above, and the parts check no more */
    }
    for (size_t k = 0; k < s->ball.modes; k++)
        s->ball_owner[k] = s->ball.source[k] < n_first ? 0 : 1;
    s->dc_r = exp(-2.0 * NUMLAB_PI * DC_CUTOFF / rate);
    s->lim_release = exp(-1.0 / (LIMIT_RELEASE * rate));
    return NUMLAB_OK;
}

void snd_synth_destroy(snd_synth *s)
{
    snd_bank_destroy(&s->bowl);
    snd_bank_destroy(&s->ball);
    snd_body_destroy(&s->body);
    snd_stream_destroy(&s->rub[0]);
    snd_stream_destroy(&s->rub[1]);
    snd_stream_destroy(&s->pair);
    free(s->ball_owner);
    free(s->strike_amp);
    free(s->work);
    memset(s, 0, sizeof *s);
}

/* dst{0,1} += scale pan_gain grain; *fresh: the destination still holds last block's data (zero it first). */
static void mix_into(const snd_synth *s, const double *grain, size_t n, double pan, double scale, double *dst0,
                     double *dst1, bool *fresh)
{
    if (fresh && *fresh) {
        memset(dst0, 0, n * sizeof *dst0);
        if (s->channels == 2)
            memset(dst1, 0, n * sizeof *dst1);
        *fresh = false;
    }
    double g0 = scale * pan_gain(s, pan, 0), g1 = scale * pan_gain(s, pan, 1);
    for (size_t i = 0; i < n; i++)
        dst0[i] += g0 * grain[i];
    if (s->channels == 2)
        for (size_t i = 0; i < n; i++)
            dst1[i] += g1 * grain[i];
}

static double load_factor(double load)
{
    return load <= 0.0 ? 0.0 : load >= MAX_LOAD ? MAX_LOAD : load;
}

/* The contact layers: each sphere's rubbing into the bowl bank's input, the pair's into the ball bank's, the
 * layer gains folded into the inputs (the banks are linear). Level 3 for the three contacts, then their gesture
 * filters side by side (three independent recurrences in one loop: each alone waits on its own latency), then the
 * mix in the contacts' order. A contact is silent (skipped by the mix, its grain all zero) when its stream added
 * nothing and its filter's state is 0. */
static void render_contacts(snd_synth *s, const snd_control *c, size_t n, bool *bowl_in, bool *ball_in)
{
    const snd_params *p = &s->p;
    snd_stream *const stream[3] = {&s->rub[0], &s->rub[1], &s->pair};
    snd_lowpass *const lp[3] = {&s->lp[0], &s->lp[1], &s->lp_pair};
    const snd_contact *const k[3] = {&c->sphere[0], &c->sphere[1], &c->pair};
    double *const grain[3] = {work(s, W_GRAIN0), work(s, W_GRAIN1), work(s, W_GRAIN2)};
    double *const cutoff[3] = {&s->meters.cutoff[0], &s->meters.cutoff[1], &s->meters.pair_cutoff};
    double lambda[3], amp[3];
    bool wanted[3], live[3];
    for (int i = 0; i < 2; i++) {
        double load = load_factor(k[i]->load), speed = k[i]->speed > 0.0 ? k[i]->speed : 0.0;
        lambda[i] = fmin(p->rate_max, k[i]->gate * p->rub_density * speed * sqrt(load));
        amp[i] = p->rub_amp * sqrt(load);
        s->meters.rate[i] = lambda[i];
        wanted[i] = s->layers & (SND_LAYER_RUB | SND_LAYER_FORCE);
    }
    const double magnet = 1.0 + p->pair_magnet * bowl_smoothstep(0.0, 1.0, c->magnet);
    lambda[2] = fmin(p->rate_max, k[2]->gate * p->pair_density * (k[2]->speed > 0.0 ? k[2]->speed : 0.0) * magnet);
    amp[2] = p->pair_amp * magnet;
    s->meters.pair_rate = lambda[2];
    wanted[2] = s->layers & SND_LAYER_PAIR;
    for (int i = 0; i < 3; i++) {
        memset(grain[i], 0, n * sizeof *grain[i]);
        live[i] = false;
        if (!wanted[i])
            continue;
        double speed = k[i]->speed > 0.0 ? k[i]->speed : 0.0;
        *cutoff[i] = p->bright_lo + (p->bright_hi - p->bright_lo) * speed / (speed + p->bright_speed);
        live[i] = snd_stream_render(stream[i], lambda[i], amp[i], n, grain[i], NULL) || lp[i]->z != 0.0;
        if (live[i])
            snd_lowpass_set(lp[i], *cutoff[i], s->rate);
    }
    /* a silent contact's filter runs on zeros from state 0: it stays exactly 0 */
    snd_lowpass_run3(lp, grain, n);
    bool bowl_fresh = true, ball_fresh = true;
    for (int i = 0; i < 2; i++) {
        if (!live[i])
            continue;
        if (s->layers & SND_LAYER_RUB)
            mix_into(s, grain[i], n, k[i]->pan, p->gain_bowl, work(s, W_BOWL_IN0), work(s, W_BOWL_IN1),
                     &bowl_fresh);
        if (s->layers & SND_LAYER_FORCE)
            mix_into(s, grain[i], n, k[i]->pan, p->gain_force, work(s, W_MIX0), work(s, W_MIX1), NULL);
    }
    *bowl_in = !bowl_fresh;
    if (live[2])
        mix_into(s, grain[2], n, k[2]->pan, p->gain_ball, work(s, W_BALL_IN0), work(s, W_BALL_IN1), &ball_fresh);
    *ball_in = live[2];
}

/* A collision's strike amplitudes: the family's gains, brighter for harder hits (up to (f_k / f_1)^0.5 more). */
static void strike_amplitudes(snd_synth *s, double strength)
{
    const snd_bank *bk = &s->ball;
    double lift = 0.5 * strength / (1.0 + strength);
    double f1[2] = {INFINITY, INFINITY};
    for (size_t k = 0; k < bk->modes; k++)
        f1[s->ball_owner[k]] = fmin(f1[s->ball_owner[k]], bk->mode[k].freq);
    for (size_t k = 0; k < bk->modes; k++)
        s->strike_amp[k] = bk->mode[k].gain * pow(bk->mode[k].freq / f1[s->ball_owner[k]], lift);
}

/* The ball bank over the block, struck at each sphere-sphere hit's sample. */
static void render_ball(snd_synth *s, const snd_hit *hits, size_t n_hits, size_t n, bool has_input)
{
    const bool impacts = s->layers & SND_LAYER_IMPACT;
    for (size_t ch = 0; ch < s->channels; ch++) {
        const double *in = has_input ? work(s, ch ? W_BALL_IN1 : W_BALL_IN0) : NULL;
        double *out = work(s, ch ? W_MIX1 : W_MIX0);
        const double scale = s->p.gain_ball;
        size_t done = 0;
        for (size_t h = 0; h < n_hits && impacts; h++) {
            if (hits[h].kind != SND_HIT_SPHERES || hits[h].strength <= 0.0)
                continue;
            size_t upto = hits[h].offset + 1;  /* the strike is an impulse at sample `offset` */
            snd_bank_process(&s->ball, ch, in ? in + done : NULL, upto - done, out + done);
            done = upto;
            strike_amplitudes(s, hits[h].strength);
            snd_bank_strike(&s->ball, ch, s->strike_amp, scale * hits[h].strength * pan_gain(s, hits[h].pan, ch));
        }
        snd_bank_process(&s->ball, ch, in ? in + done : NULL, n - done, out + done);
    }
}

/* The body layer into W_BODY; returns false when it was silent all block. */
static bool render_body(snd_synth *s, const snd_hit *hits, size_t n_hits, size_t n)
{
    double *out = work(s, W_BODY);
    if (!s->body.active && n_hits == 0)
        return false;
    memset(out, 0, n * sizeof *out);
    size_t done = 0;
    for (size_t h = 0; h < n_hits; h++) {
        double v = hits[h].strength * (hits[h].kind == SND_HIT_SPHERES ? s->p.body_from_spheres : 1.0);
        if (v <= 0.0)
            continue;
        snd_body_process(&s->body, hits[h].offset - done, out + done);
        done = hits[h].offset;
        snd_body_kick(&s->body, v);
    }
    snd_body_process(&s->body, n - done, out + done);
    return true;
}

/* The micro frequency relaxation: a hit raises the spheres' modes by relax_depth min(1, strength), relaxing back
 * with relax_time; the bank is retuned once a block (20 samples in the engine). */
static void relax_ball(snd_synth *s, const snd_hit *hits, size_t n_hits, size_t n)
{
    for (size_t h = 0; h < n_hits; h++)
        if (hits[h].kind == SND_HIT_SPHERES && (s->layers & SND_LAYER_IMPACT))
            s->relax = fmax(s->relax, s->p.relax_depth * fmin(1.0, hits[h].strength));
    if (s->relax != s->retuned) {
        snd_bank_retune(&s->ball, 1.0 + s->relax);
        s->retuned = s->relax;
    }
    s->meters.relax = s->relax;
    if (s->relax > 0.0)
        s->relax *= exp(-(double)n / (s->p.relax_time * s->rate));
    if (s->relax < RELAX_FLOOR)
        s->relax = 0.0;
}

/* DC blocker (y = x - x1 + R y1) and a peak limiter with instant attack: env >= |sample| always, so limit / env
 * keeps every sample within the ceiling; it lets go with LIMIT_RELEASE. nc (channels) is a constant in each caller:
 * no test of it per sample. */
static inline __attribute__((always_inline)) void finish_channels(snd_synth *s, size_t n, double *out, size_t nc)
{
    const double limit = s->p.limit, release = s->lim_release, r = s->dc_r;
    const double *mix0 = work(s, W_MIX0), *mix1 = work(s, W_MIX1);
    double env = s->lim_env, peak = 0.0, sum = 0.0;
    double x0 = s->dc_x[0], y0 = s->dc_y[0], x1 = s->dc_x[1], y1 = s->dc_y[1];
    unsigned long long limited = 0;
    for (size_t i = 0; i < n; i++) {
        double a = mix0[i] - x0 + r * y0, b = 0.0;
        x0 = mix0[i];
        y0 = a;
        double level = fabs(a);
        if (nc == 2) {
            b = mix1[i] - x1 + r * y1;
            x1 = mix1[i];
            y1 = b;
            level = fabs(b) > level ? fabs(b) : level;
        }
        env *= release;
        env = level > env ? level : env;
        if (env > limit) {
            double gain = limit / env;
            /* y / env * limit may round one ulp past the ceiling */
            a = fmin(fmax(a * gain, -limit), limit);
            b = fmin(fmax(b * gain, -limit), limit);
            level *= gain;
            limited++;
        }
        if (nc == 2) {
            out[2 * i] = a;
            out[2 * i + 1] = b;
            sum += a + b;
        } else {
            out[i] = a;
            sum += a;
        }
        peak = level > peak ? level : peak;
    }
    s->dc_x[0] = x0, s->dc_y[0] = y0, s->dc_x[1] = x1, s->dc_y[1] = y1;
    s->lim_env = env;
    s->meters.peak = peak;
    s->stats.peak = peak > s->stats.peak ? peak : s->stats.peak;
    s->stats.sum += sum;
    s->stats.limited += limited;
}

static void finish(snd_synth *s, size_t n, double *out)
{
    if (s->channels == 2)
        finish_channels(s, n, out, 2);
    else
        finish_channels(s, n, out, 1);
}

/* One block of n <= SND_MAX_BLOCK frames; the hits' offsets are within it. */
static void synth_block(snd_synth *s, const snd_control *c, const snd_hit *hits, size_t n_hits, size_t n,
                        double *out)
{
    for (size_t ch = 0; ch < s->channels; ch++)
        memset(work(s, ch ? W_MIX1 : W_MIX0), 0, n * sizeof(double));

    bool bowl_in, ball_in;
    render_contacts(s, c, n, &bowl_in, &ball_in);
    for (size_t ch = 0; ch < s->channels; ch++)
        snd_bank_process(&s->bowl, ch, bowl_in ? work(s, ch ? W_BOWL_IN1 : W_BOWL_IN0) : NULL, n,
                         work(s, ch ? W_MIX1 : W_MIX0));
    relax_ball(s, hits, n_hits, n);
    render_ball(s, hits, n_hits, n, ball_in);
    if ((s->layers & SND_LAYER_BODY) && render_body(s, hits, n_hits, n)) {
        const double g = s->p.gain_body * (s->channels == 2 ? sqrt(0.5) : 1.0);
        const double *body = work(s, W_BODY);
        for (size_t ch = 0; ch < s->channels; ch++) {
            double *mix = work(s, ch ? W_MIX1 : W_MIX0);
            for (size_t i = 0; i < n; i++)
                mix[i] += g * body[i];
        }
    }
    for (size_t h = 0; h < n_hits; h++) {
        s->stats.hits_spheres += hits[h].kind == SND_HIT_SPHERES;
        s->stats.hits_bowl += hits[h].kind == SND_HIT_BOWL;
    }
    finish(s, n, out);
    s->stats.frames += n;
    s->stats.mode_samples = s->bowl.mode_samples + s->ball.mode_samples + s->body.mode_samples;
    s->stats.micro_impacts = s->rub[0].events + s->rub[1].events + s->pair.events;
}

void snd_synth_step(snd_synth *s, const snd_control *c, const snd_hit *hits, size_t n_hits, size_t n, double *out)
{
    /* longer requests in blocks of SND_MAX_BLOCK, each with its own hits (offsets made relative, a few at a time) */
    snd_hit local[32];
    size_t done = 0, h = 0;
    while (done < n) {
        size_t len = n - done < SND_MAX_BLOCK ? n - done : SND_MAX_BLOCK, k = 0;
        while (h < n_hits && k < 32 && (hits[h].offset < done + len || done + len == n)) {
            local[k] = hits[h++];
            local[k].offset = local[k].offset >= done ? local[k].offset - done : 0;
            if (local[k].offset >= len)
                local[k].offset = len - 1;
            k++;
        }
        if (k == 32 && h < n_hits && hits[h].offset < done + len)
            len = local[31].offset + 1;  /* more hits than fit: end this block at the last one taken */
        synth_block(s, c, local, k, len, out + done * s->channels);
        done += len;
    }
}
