/* sound: the engine, one bowl and one synthesizer driven by a gesture, step by fixed step. See sound.h. */
#include "snd_internal.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TOUCH_GAP 0.0005   /* m: spheres this close rub against each other */
#define START_JITTER_THETA 0.05  /* rad: the seed moves the start by up to this much ... */
#define START_JITTER_PHI 0.3     /* ... and this much around */

struct snd_engine {
    snd_preset preset;
    bowl bowl;
    snd_synth synth;
    bowl_script script;
    bool manual;
    bowl_gesture gesture;       /* the manual gesture */
    size_t step_frames;
    double pending_strike;
    snd_hit hits[BOWL_MAX_EVENTS + 1];
};

snd_engine *snd_engine_new(const snd_preset *preset, const snd_options *o, snd_error *err)
{
    snd_error dummy;
    err = err ? err : &dummy;
    *err = SND_ERR_PARAMS;
    if (bowl_params_check(&preset->bowl, NULL) || snd_params_check(&preset->sound, NULL) || o->channels < 1 ||
        o->channels > 2)
        return NULL;
    /* the bowl's step must be a whole number of samples, so that samples and steps never drift apart */
    double frames = o->rate * preset->bowl.step;
    if (!(o->rate > 0.0 && isfinite(o->rate) && frames >= 1.0 && frames <= SND_MAX_BLOCK &&
          fabs(frames - round(frames)) < 1e-9 * frames)) {
        *err = SND_ERR_PARAMS;
        return NULL;
    }
    snd_engine *e = calloc(1, sizeof *e);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!e || !rng) {
        free(e);
        if (rng)
            gsl_rng_free(rng);
        *err = SND_ERR_NOMEM;
        return NULL;
    }
    e->preset = *preset;
    e->script = o->gesture ? *o->gesture : preset->gesture;
    e->step_frames = (size_t)round(frames);

    /* the seed moves the start a little: every seed is another take of the same gesture */
    gsl_rng_set(rng, o->seed * 8 + 4);
    double theta[2], phi[2];
    for (int i = 0; i < 2; i++) {
        theta[i] = preset->theta[i] + START_JITTER_THETA * (2.0 * gsl_rng_uniform(rng) - 1.0);
        phi[i] = preset->phi[i] + START_JITTER_PHI * (2.0 * gsl_rng_uniform(rng) - 1.0);
    }
    gsl_rng_free(rng);
    const double radius[2] = {preset->bowl.sphere[0].radius, preset->bowl.sphere[1].radius};
    if (bowl_init(&e->bowl, &preset->bowl, theta, phi)) {
        free(e);
        return NULL;
    }
    if (snd_synth_init(&e->synth, &preset->sound, radius, o->rate, o->channels, o->layers, o->seed)) {
        free(e);
        *err = SND_ERR_NOMEM;  /* every parameter passed its check above */
        return NULL;
    }
    *err = SND_OK;
    return e;
}

void snd_engine_free(snd_engine *e)
{
    if (!e)
        return;
    snd_synth_destroy(&e->synth);
    free(e);
}

size_t snd_engine_step_frames(const snd_engine *e)
{
    return e->step_frames;
}

static double clamp_pan(double x)
{
    return x < -1.0 ? -1.0 : x > 1.0 ? 1.0 : x;
}

/* What the synthesizer needs from the mechanics: speeds, gates, loads, positions. */
static snd_control controls(const bowl *b)
{
    const bowl_params *p = &b->p;
    snd_control c = {.magnet = p->magnet};
    for (int i = 0; i < 2; i++) {
        const bowl_sphere_state *s = &b->s[i];
        c.sphere[i] = (snd_contact){
            .speed = sqrt(s->v.x * s->v.x + s->v.y * s->v.y + s->v.z * s->v.z),
            .gate = s->gate,
            .load = s->load / p->load_ref,
            .pan = clamp_pan(s->p.x / (p->bowl_radius - p->sphere[i].radius)),
        };
    }
    bowl_vec d = {b->s[0].p.x - b->s[1].p.x, b->s[0].p.y - b->s[1].p.y, b->s[0].p.z - b->s[1].p.z};
    bowl_vec rel = {b->s[0].v.x - b->s[1].v.x, b->s[0].v.y - b->s[1].v.y, b->s[0].v.z - b->s[1].v.z};
    double r = b->distance > 0.0 ? b->distance : 1.0;
    double along = (rel.x * d.x + rel.y * d.y + rel.z * d.z) / r;
    double slide2 = rel.x * rel.x + rel.y * rel.y + rel.z * rel.z - along * along;
    double gap = b->distance - (p->sphere[0].radius + p->sphere[1].radius);
    double touch = 1.0 - bowl_smoothstep(0.0, TOUCH_GAP, gap);
    c.pair = (snd_contact){
        .speed = slide2 > 0.0 ? sqrt(slide2) : 0.0,
        .gate = fmax(b->latch, touch),
        .load = 1.0,
        .pan = clamp_pan(0.5 * (b->s[0].p.x + b->s[1].p.x) / p->bowl_radius),
    };
    return c;
}

bowl_gesture snd_engine_gesture(const snd_engine *e)
{
    return e->manual ? e->gesture : bowl_script_at(&e->script, e->bowl.t);
}

void snd_engine_step(snd_engine *e, double *out)
{
    const bowl_params *p = &e->bowl.p;
    const snd_params *sp = &e->preset.sound;
    bowl_gesture g = snd_engine_gesture(e);
    double t0 = e->bowl.t;
    bowl_step(&e->bowl, &g);

    size_t n_hits = 0;
    const double n = (double)e->step_frames;
    if (e->pending_strike > 0.0) {
        e->hits[n_hits++] = (snd_hit){SND_HIT_SPHERES, 0, e->pending_strike, 0.0};
        e->pending_strike = 0.0;
    }
    for (size_t k = 0; k < e->bowl.n_events; k++) {
        const bowl_event *ev = &e->bowl.events[k];
        if (ev->kind != BOWL_EV_COLLISION && ev->kind != BOWL_EV_BOWL_IMPACT)
            continue;
        double at = floor((ev->t - t0) / p->step * n);
        size_t offset = at < 0.0 ? 0 : at >= n ? e->step_frames - 1 : (size_t)at;
        bool spheres = ev->kind == BOWL_EV_COLLISION;
        e->hits[n_hits++] = (snd_hit){
            .kind = spheres ? SND_HIT_SPHERES : SND_HIT_BOWL,
            .offset = offset,
            .strength = ev->impulse / (spheres ? sp->impact_ref : sp->body_ref),
            .pan = clamp_pan(ev->where.x / p->bowl_radius),
        };
    }
    snd_control c = controls(&e->bowl);
    snd_synth_step(&e->synth, &c, e->hits, n_hits, e->step_frames, out);
}

unsigned snd_engine_due(snd_engine *e, double frame_dt)
{
    return bowl_frame(&e->bowl, frame_dt);
}

void snd_engine_set_gesture(snd_engine *e, const bowl_gesture *g)
{
    e->manual = g != NULL;
    if (g)
        e->gesture = *g;
}

void snd_engine_strike(snd_engine *e, double strength)
{
    if (strength > 0.0 && isfinite(strength))
        e->pending_strike += strength;
}

const bowl *snd_engine_bowl(const snd_engine *e)
{
    return &e->bowl;
}

const snd_synth *snd_engine_synth(const snd_engine *e)
{
    return &e->synth;
}

const snd_meters *snd_engine_meters(const snd_engine *e)
{
    return &e->synth.meters;
}

const snd_stats *snd_engine_stats(const snd_engine *e)
{
    return &e->synth.stats;
}
