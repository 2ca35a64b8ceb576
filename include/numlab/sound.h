/* sound: the bowl's sound, levels 3 to 6 of the bowl note's synthesis chain, rendered offline.
 *
 *   y(t) = sum_k (f * h_k)(t) + y_impact(t) + y_body(t)
 *
 * level 3  contact force f(t) = sum_n A_n phi_n(t - t_n): a Poisson stream of micro-impacts per contact (sphere on
 *          bowl, sphere on sphere) whose rate follows speed, load gate and magnetization; dense = rubbing, sparse =
 *          scratching. Times and amplitudes come from GSL's mt19937, seeded.         (snd_stream, src/snd_stream.c)
 * level 4  a gesture filter: a one-pole low-pass whose cutoff rises with the sliding speed.     (snd_lowpass)
 * level 5  modal banks h_k: impulse-invariant two-pole resonators, one per mode, the bowl's (acrylic shell) and
 *          the spheres' (steel), as structure of arrays in lanes of SND_LANES modes.   (snd_bank, src/snd_bank.c)
 * level 6  hard collisions strike the spheres' bank (sum A_k e^{-a_k t} sin(2 pi f_k t), with a micro frequency
 *          relaxation of a few milliseconds, no chirp) and kick the acrylic body layer: a few modes coupled by a
 *          bounded non-linearity q_m'' + 2 s_m q_m' + w_m^2 q_m + alpha c_m tanh(beta sum_k c_k q_k) = 0, integrated
 *          with an energy-conserving scheme.                                            (snd_body, src/snd_body.c)
 * then     mix, DC blocker, a peak limiter that never lets a sample past its ceiling, mono or stereo (pan by position).
 *
 * the synthesizer (src/snd_synth.c) turns per-step controls (speeds, gates, hits) into samples; snd_engine
 * (src/snd_engine.c) couples it to the bowl mechanics (bowl.h) and a scripted or recorded gesture; snd_preset holds
 * the named instruments (src/snd_presets.c); snd_spectrum is the lab's spectrum (src/snd_spectrum.c). The parts
 * named in parentheses are private to src/ (src/snd_internal.h); this header has what a program needs: the
 * parameters, the presets, the engine and what it measures. Nothing here prints or allocates per sample. */
#ifndef NUMLAB_SOUND_H
#define NUMLAB_SOUND_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/bowl.h"
#include "numlab/common.h"

#define SND_RATE 48000.0     /* the lab's sample rate */
#define SND_MAX_BLOCK 4096   /* most samples one step of the engine renders */

/* --- the parameters ----------------------------------------------------------------------------------------- */

/* Mode families the presets are built from. */
typedef enum {
    SND_SHELL,   /* a hemispherical shell's bending modes, f_n ~ n(n^2 - 1)/sqrt(n^2 + 1), n = 2, 3, ... (Rayleigh) */
    SND_BALL,    /* a steel ball's audible stand-in: an inharmonic series chosen by ear (the real modes of a
                  * centimetre ball are ultrasonic) */
} snd_family_kind;

typedef struct {
    snd_family_kind kind;
    double f1;        /* Hz: the lowest mode */
    size_t count;     /* modes; they come in doublets (split by imperfect symmetry: slow beating) */
    double split;     /* relative frequency split of a doublet */
    double d0, d1, d2;/* decay a = d0 + d1 f + d2 (f / 1 kHz)^2, 1/s (d1 = pi eta for a loss factor eta) */
    double tilt;      /* gain_k = (f1 / f_k)^tilt */
} snd_family;

typedef struct {
    double width;      /* s: length of the contact window phi, a Hann pulse of unit area (short = bright) */
    double shape;      /* k of the amplitude law Gamma(k, 1/k), mean 1: large k even grains, small k spiky */
} snd_grain;

typedef struct {
    double freq;    /* Hz */
    double decay;   /* sigma, 1/s */
    double couple;  /* c_m */
    double drive;   /* velocity each mode gets from a unit kick */
    double gain;    /* output weight: the linear mode's amplitude after a unit kick */
} snd_body_mode;

enum {
    SND_LAYER_RUB = 1,     /* spheres on the bowl: micro-impacts -> gesture filter -> bowl bank */
    SND_LAYER_PAIR = 2,    /* sphere on sphere while touching or latched -> spheres' bank */
    SND_LAYER_IMPACT = 4,  /* collisions -> metallic strike of the spheres' bank */
    SND_LAYER_BODY = 8,    /* collisions and re-impacts -> the acrylic body layer */
    SND_LAYER_FORCE = 16,  /* the filtered contact force itself, unresonated (level 4 alone, for study) */
    SND_LAYERS_DEFAULT = 15,
    SND_LAYERS_ALL = 31,
};

#define SND_MAX_BOWL_MODES 48
#define SND_MAX_BALL_MODES 24   /* per sphere */
#define SND_MAX_BODY_MODES 8

typedef struct {
    /* level 3 */
    double rub_density;      /* micro-impacts per metre slid on the bowl, at gate 1 and load L_ref */
    double rub_amp;          /* their mean amplitude */
    snd_grain rub_grain;
    double pair_density;     /* per metre of relative sliding at the sphere-sphere contact, at mu = 0 */
    double pair_magnet;      /* the pair's rate and amplitude grow by 1 + pair_magnet smoothstep(mu) */
    double pair_amp;
    snd_grain pair_grain;
    double rate_max;         /* events/s: no stream goes faster */
    /* level 4 */
    double bright_lo, bright_hi; /* Hz: the gesture filter's cutoff at rest and at high speed */
    double bright_speed;     /* m/s: the speed at which the cutoff is halfway */
    /* level 5 */
    snd_family bowl;         /* the acrylic shell */
    snd_family ball;         /* f1 for a sphere of radius ball_radius; scaled by ball_radius / r_i per sphere */
    double ball_radius;      /* m */
    /* level 6 */
    double impact_ref;       /* N s: the collision impulse that strikes at strength 1 */
    double relax_depth;      /* relative frequency excess at a strength-1 impact, relaxing ... */
    double relax_time;       /* ... with this time constant, s */
    snd_body_mode body[SND_MAX_BODY_MODES];
    size_t n_body;
    double body_alpha, body_beta;
    double body_ref;         /* N s: the normal impulse into the wall that kicks the body at velocity 1 */
    double body_from_spheres;/* share of a sphere-sphere collision's strength the body feels */
    /* mix */
    double gain_bowl, gain_ball, gain_body, gain_force;
    double limit;            /* the limiter's ceiling, < 1 (0.891 = -1 dBFS) */
} snd_params;

/* NUMLAB_OK, or NUMLAB_ERR_INPUT with *what (may be NULL) naming the first member out of its range, as this header
 * spells it ("rub_grain.width", "bowl.f1", "body[2].freq", "bright_lo/bright_hi" when the two do not fit together):
 * rates, widths, amplitudes and gains finite and >= 0, frequencies and reference impulses > 0, limit in (0, 1). */
int snd_params_check(const snd_params *p, const char **what);

/* --- what a render measures ------------------------------------------------------------------------------- */

typedef struct {
    double rate[2], pair_rate;    /* micro-impact rates of the last block, events/s */
    double cutoff[2], pair_cutoff;/* gesture filter cutoffs, Hz */
    double peak;                  /* largest |sample| of the last block */
    double relax;                 /* the spheres' bank's current relative detuning */
} snd_meters;

typedef struct {
    unsigned long long frames;        /* frames written */
    unsigned long long mode_samples;  /* modes x samples computed, every bank and channel */
    unsigned long long micro_impacts;
    unsigned long hits_spheres, hits_bowl;
    unsigned long long limited;       /* samples the limiter turned down */
    double peak;                      /* largest |sample| */
    double sum;                       /* sum of all samples (DC) */
} snd_stats;

/* --- the spectrum the lab shows ------------------------------------------------------------------------- */

/* The magnitude spectrum of x[0..n) (n a power of two, 64..65536) under a Hann window, in dB relative to full scale:
 * a sine of amplitude A on a bin reads 20 log10 A there (0 dB for a full-scale sine); silence reads -200 dB, never
 * -inf. db[k], k = 0..n/2, is the bin at k rate / n Hz. NUMLAB_OK, NUMLAB_ERR_INPUT (bad n) or NUMLAB_ERR_NOMEM. */
int snd_spectrum(const double *x, size_t n, double *db);

/* --- the resonators under sampling (src/snd_sampling.c) ---------------------------------------------------- */

/* Three ways to turn the analog resonator e^{-sigma t} sin(w t) (a pole s = -sigma + i w) into a recurrence. */
typedef enum {
    SND_MAP_IMPULSE,   /* impulse invariance, z = e^{sT}: the modal banks' (snd_bank) */
    SND_MAP_BILINEAR,  /* the bilinear transform, z = (1 + sT/2) / (1 - sT/2) */
    SND_MAP_BODY,      /* the body layer's energy-conserving scheme (snd_body), alpha = 0 */
    SND_MAP_COUNT
} snd_map;

typedef enum { SND_FLOAT, SND_DOUBLE, SND_LONG_DOUBLE } snd_precision;

/* "impulse-invariance", "bilinear", "body". */
const char *snd_map_name(snd_map m);
/* Where a mode of f Hz is heard at sample rate fs: |f - k fs|, k the nearest whole number to f / fs (in [0, fs/2]). */
double snd_alias_frequency(double f, double rate);
/* The pole r e^{i theta} map m gives a mode of freq Hz and decay sigma 1/s at rate (no Nyquist guard: theta may pass
 * pi). NUMLAB_OK, or NUMLAB_ERR_INPUT (freq or rate <= 0, decay < 0, or, for the body, real poles). */
int snd_map_pole(snd_map m, double freq, double decay, double rate, double *r, double *theta);
/* n samples of that mode's impulse response, out[j] = r^{j+1} sin((j+1) theta) for the two maps (the bank's
 * recurrence y[j] = 2 r cos theta y[j-1] - r^2 y[j-2] from its strike, in p's arithmetic, past Nyquist too: what the
 * bank would play if it kept such a mode), or snd_body's own output for the body (double only). NUMLAB_OK,
 * NUMLAB_ERR_INPUT (as snd_map_pole, n == 0, the body in another precision) or NUMLAB_ERR_NOMEM. */
int snd_resonator_render(snd_map m, snd_precision p, double freq, double decay, double rate, size_t n, double *out);
/* The pole of a two-pole recurrence measured from its output y[0..n): order-2 linear prediction by least squares
 * (Prony's method), r = sqrt(-a2), theta = atan2(sqrt(4 r^2 - a1^2), a1). NUMLAB_OK, or NUMLAB_ERR_INPUT (n < 4,
 * silence, or no complex pair). */
int snd_fit_pole(const double *y, size_t n, double *r, double *theta);
/* The frequency warping of map m at freq: 1200 log2(f_measured / freq), f_measured the pole snd_fit_pole finds in n
 * samples of snd_resonator_render. NUMLAB_OK or its errors. */
int snd_measured_cents(snd_map m, double freq, double decay, double rate, size_t n, double *cents);
/* s: the time constant -1 / (rate ln r) of the largest pole radius r below 1 that p holds (1 - 2^-24 in float). */
double snd_longest_decay(snd_precision p, double rate);
/* The error of n samples of the impulse-invariant resonator computed in p against the same in long double:
 * 10 log10(sum err^2 / sum ref^2), dB. NUMLAB_OK or snd_resonator_render's errors. */
int snd_precision_error_db(snd_precision p, double freq, double decay, double rate, size_t n, double *db);

/* --- presets ---------------------------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    const char *summary;     /* one line: what it should sound like (marked N_(): shown with _(), lang.h) */
    bowl_params bowl;
    snd_params sound;
    bowl_script gesture;     /* the scripted gesture a render uses unless told otherwise */
    double theta[2], phi[2]; /* start, rad (jittered by the seed) */
} snd_preset;

size_t snd_preset_count(void);
const snd_preset *snd_preset_at(size_t i);
/* NULL when no preset has that name. */
const snd_preset *snd_preset_find(const char *name);
/* "name1, name2, ...", for error messages. */
const char *snd_preset_names(void);
/* The default preset (steel-pair). */
const snd_preset *snd_preset_default(void);

/* --- the engine: mechanics + gesture + synthesizer ---------------------------------------------------------- */

typedef struct {
    unsigned long seed;      /* start jitter and every stream's generator */
    double rate;             /* Hz; the bowl step must be a whole number of samples (48000: 20) */
    size_t channels;         /* 1 or 2 */
    unsigned layers;         /* SND_LAYER_* */
    const bowl_script *gesture; /* NULL: the preset's */
} snd_options;

typedef struct snd_engine snd_engine;

/* The library's codes (common.h) under sound's names. */
typedef enum { SND_OK = NUMLAB_OK, SND_ERR_PARAMS = NUMLAB_ERR_INPUT, SND_ERR_NOMEM = NUMLAB_ERR_NOMEM } snd_error;

/* Returns NULL and sets *err (may be NULL) on failure: SND_ERR_PARAMS when a parameter fails bowl_params_check or
 * snd_params_check, o->channels is not 1 or 2, or the bowl's step is not a whole number of samples at o->rate
 * (1 to SND_MAX_BLOCK of them); SND_ERR_NOMEM. The preset is copied. */
snd_engine *snd_engine_new(const snd_preset *preset, const snd_options *o, snd_error *err);
void snd_engine_free(snd_engine *e);
/* Frames one mechanics step renders. */
size_t snd_engine_step_frames(const snd_engine *e);
/* One mechanics step and its samples: writes snd_engine_step_frames() frames into out. */
void snd_engine_step(snd_engine *e, double *out);
/* Feeds a frame's elapsed time (a UI frame, or 1/60 s offline) to the bowl's fixed-step accumulator and returns how
 * many steps are due now; the caller runs snd_engine_step that many times (and reads each step's events). */
unsigned snd_engine_due(snd_engine *e, double frame_dt);
/* The gesture of the next steps: g (copied), or NULL to go back to the script. */
void snd_engine_set_gesture(snd_engine *e, const bowl_gesture *g);
/* The gesture in use at the current time. */
bowl_gesture snd_engine_gesture(const snd_engine *e);
/* A collision of the given strength at the start of the next step (the UI's strike key; tests). */
void snd_engine_strike(snd_engine *e, double strength);

const bowl *snd_engine_bowl(const snd_engine *e);
const snd_meters *snd_engine_meters(const snd_engine *e);
const snd_stats *snd_engine_stats(const snd_engine *e);

#endif
