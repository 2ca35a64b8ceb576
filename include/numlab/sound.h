/* sound: the bowl's sound, levels 3 to 6 of seed 003's synthesis chain, rendered offline.
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
 * snd_synth turns per-step controls (speeds, gates, hits) into samples; snd_engine couples it to the bowl mechanics
 * (bowl.h) and a scripted or recorded gesture; snd_preset holds the named instruments (src/snd_presets.c).
 * Nothing here prints or allocates per sample. */
#ifndef NUMLAB_SOUND_H
#define NUMLAB_SOUND_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/bowl.h"

#define SND_RATE 48000.0     /* the lab's sample rate */
#define SND_LANES 4          /* modes per vector: one AVX register of doubles, two SSE2 registers */
#define SND_MAX_BLOCK 4096   /* most samples one snd_synth_step renders */

/* --- level 5: modal banks ------------------------------------------------------------------------------- */

typedef struct {
    double freq;   /* Hz */
    double decay;  /* a, 1/s: the envelope is e^{-a t}; bandwidth a/pi Hz, T60 = 6.908/a */
    double gain;   /* amplitude of the mode's impulse response */
} snd_mode;

/* A bank of two-pole resonators. Mode k, r = e^{-a/fs}, theta = 2 pi f/fs:
 *   y_k[n+1] = 2 r cos(theta) y_k[n] - r^2 y_k[n-1] + g r sin(theta) x[n],     out[n] = sum_k y_k[n],
 * so a unit impulse at sample 0 gives exactly g r^n sin(theta n) (impulse invariance: the sampled
 * g e^{-a t} sin(2 pi f t)). The textbook form, y[n] = ... + g sin(theta) x[n], answers g r^n sin(theta (n+1)): the
 * same filter one sample early and 1/r louder; here the input enters one sample late instead.
 * Modes at or above Nyquist (and f <= 0) are dropped. Each channel has its own state. A mode whose amplitude falls
 * below `silence` is set to exactly 0 (no denormals); a channel whose modes are all 0 is inactive and costs nothing
 * until input or a strike arrives. */
typedef struct {
    size_t modes;            /* modes kept */
    size_t lanes;            /* array length: modes rounded up to 2 SND_LANES (padding lanes stay 0) */
    size_t channels;         /* 1 or 2 */
    double rate;
    double silence;          /* amplitude below which a mode is zeroed (default 1e-10) */
    snd_mode *mode;          /* the kept modes, in the order given */
    size_t *source;          /* index in the caller's list of each kept mode */
    double *a1, *a2;         /* 2 r cos(theta), -r^2 */
    double *unit;            /* r sin(theta): a unit impulse's kick */
    double *b;               /* gain * unit: the input coefficient */
    double *inv_sin2;        /* 1 / sin^2(theta): the amplitude estimate */
    double *y1[2], *y2[2];   /* y[n], y[n-1] per channel */
    bool active[2];
    size_t since_check[2];
    unsigned long long mode_samples;  /* work done: kept modes x samples computed, all channels */
    void *mem;
} snd_bank;

/* Returns 0, or -1 (out of memory, channels not 1 or 2, a negative decay, rate <= 0). n may be 0. */
int snd_bank_init(snd_bank *bk, const snd_mode *modes, size_t n, double rate, size_t channels);
void snd_bank_destroy(snd_bank *bk);
/* Adds n samples of channel ch's output to out[0..n); in (NULL: silence) is the input x[0..n). */
void snd_bank_process(snd_bank *bk, size_t ch, const double *in, size_t n, double *out);
/* An impulse at the last processed sample: amp[k] (per kept mode; NULL: the modes' gains) times scale, so the
 * following outputs are scale amp_k r^j sin(theta j), j = 1, 2, ... */
void snd_bank_strike(snd_bank *bk, size_t ch, const double *amp, double scale);
/* Plays every mode at factor times its frequency (decays unchanged); 1 restores them. */
void snd_bank_retune(snd_bank *bk, double factor);
/* The largest mode amplitude of channel ch (estimated from the last two states). */
double snd_bank_amplitude(const snd_bank *bk, size_t ch);

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

/* Writes up to cap modes (count of them if cap allows); returns how many. */
size_t snd_family_modes(const snd_family *fam, snd_mode *out, size_t cap);

/* --- level 3 and 4: micro-impact streams and the gesture filter ----------------------------------------- */

typedef struct {
    double width;      /* s: length of the contact window phi, a Hann pulse of unit area (short = bright) */
    double shape;      /* k of the amplitude law Gamma(k, 1/k), mean 1: large k even grains, small k spiky */
} snd_grain;

/* A Poisson stream of micro-impacts. Its rate may change every block: the gaps are unit exponentials measured in
 * operational time (the integral of the rate), so the stream is an exact inhomogeneous Poisson process for any
 * piecewise-constant rate, and cutting a window into blocks differently gives the same events. */
typedef struct {
    void *rng;         /* gsl_rng (mt19937), owned */
    double rate;       /* sample rate */
    double shape;
    double next;       /* operational time left to the next event */
    double *pulse;     /* phi, sum 1 */
    size_t width;      /* samples */
    double *tail;      /* what pulses spill past the end of a block */
    bool tail_live;
    unsigned long long events;
} snd_stream;

/* Returns 0, or -1 (out of memory, bad grain). */
int snd_stream_init(snd_stream *st, const snd_grain *g, double rate, unsigned long seed);
void snd_stream_destroy(snd_stream *st);
/* The next n samples of the stream at lambda events/s, mean amplitude amp, added into out[0..n). Returns whether
 * anything was added; *events (may be NULL) gets the number of micro-impacts that began. */
bool snd_stream_render(snd_stream *st, double lambda, double amp, size_t n, double *out, size_t *events);

typedef struct {
    double z, coef;
} snd_lowpass;

/* y += coef (x - y), coef = 1 - e^{-2 pi fc/fs}. */
void snd_lowpass_set(snd_lowpass *lp, double cutoff, double rate);
/* Filters x[0..n) in place. Once the state falls below 1e-15 it is set to exactly 0: a block with no input and
 * lp->z == 0 is silent, and the caller may skip it. */
void snd_lowpass_run(snd_lowpass *lp, double *x, size_t n);

/* --- level 6: the acrylic body layer ---------------------------------------------------------------------- */

typedef struct {
    double freq;    /* Hz */
    double decay;   /* sigma, 1/s */
    double couple;  /* c_m */
    double drive;   /* velocity each mode gets from a unit kick */
    double gain;    /* output weight: the linear mode's amplitude after a unit kick */
} snd_body_mode;

/* q_m'' + 2 sigma_m q_m' + w_m^2 q_m + alpha c_m tanh(beta s) = 0, s = sum_k c_k q_k, discretized (k = 1/fs) as
 *   (q^{n+1} - 2q^n + q^{n-1})/k^2 + sigma (q^{n+1} - q^{n-1})/k + w^2 (q^{n+1} + q^{n-1})/2
 *       + c_m alpha (V(s^{n+1}) - V(s^{n-1})) / (s^{n+1} - s^{n-1}) = 0,        V(s) = ln cosh(beta s) / beta,
 * solved for the one scalar s^{n+1} (monotone, bracketed Newton). It conserves exactly (up to rounding) the energy
 *   H^{n+1/2} = sum_m [ ((q^{n+1} - q^n)/k)^2 / 2 + w_m^2 ((q^{n+1})^2 + (q^n)^2) / 4 ]
 *               + alpha (V(s^{n+1}) + V(s^n)) / 2
 * but for the damping: H^{n+1/2} - H^{n-1/2} = -k sum_m 2 sigma_m ((q^{n+1} - q^{n-1})/(2k))^2 <= 0, for any
 * step: without input the energy never grows. Output sum_m gain_m w_m q_m. */
typedef struct {
    size_t n;
    double k, alpha, beta;
    double *q, *q1;          /* q^n, q^{n-1} */
    double *c, *drive, *out_w, *w2, *sigma;
    double *inv_a, *C;       /* 1 / (1/k^2 + sigma/k + w^2/2) and 1/k^2 - sigma/k + w^2/2 */
    double s, s1;            /* s^n, s^{n-1} */
    double g1, g2;           /* the coupling force of the last two steps (Newton's first guess) */
    double silence;          /* energy below which the layer is zeroed (default 1e-8: a unit kick gives ~1.4,
                              * so the cut is ~100 dB below it) */
    bool active;
    size_t since_check;
    unsigned long long mode_samples;
    unsigned long newton_iterations;
    void *mem;
} snd_body;

/* Returns 0, or -1 (out of memory, n == 0, bad values). */
int snd_body_init(snd_body *b, const snd_body_mode *modes, size_t n, double alpha, double beta, double rate);
void snd_body_destroy(snd_body *b);
/* Adds velocity * drive_m to every mode's velocity (an impulse). */
void snd_body_kick(snd_body *b, double velocity);
/* Adds n samples of output into out[0..n). */
void snd_body_process(snd_body *b, size_t n, double *out);
/* H^{n-1/2}, between the last two states. */
double snd_body_energy(const snd_body *b);

/* --- the synthesizer: controls in, samples out ------------------------------------------------------------ */

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

/* One contact's state for one block. */
typedef struct {
    double speed;  /* m/s: sliding speed */
    double gate;   /* contact gate in [0, 1] */
    double load;   /* L / L_ref (clamped to [0, 4] for the rates) */
    double pan;    /* -1 left .. 1 right */
} snd_contact;

typedef struct {
    snd_contact sphere[2];   /* each sphere against the bowl */
    snd_contact pair;        /* sphere against sphere: speed = relative tangential speed, gate = touch or latch */
    double magnet;           /* mu */
} snd_control;

typedef enum { SND_HIT_SPHERES, SND_HIT_BOWL } snd_hit_kind;

typedef struct {
    snd_hit_kind kind;
    size_t offset;     /* sample in the block */
    double strength;   /* spheres: j / impact_ref; bowl: m v_n / body_ref */
    double pan;
} snd_hit;

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

typedef struct {
    snd_params p;
    double rate;
    size_t channels;
    unsigned layers;
    snd_bank bowl, ball;
    size_t *ball_owner;      /* sphere (0, 1) of each kept mode of the ball bank */
    double *strike_amp;      /* work: per-mode strike amplitudes */
    snd_body body;
    snd_stream rub[2], pair;
    snd_lowpass lp[2], lp_pair;
    double relax, retuned;   /* detuning now, and the one the bank plays */
    double dc_r, dc_x[2], dc_y[2];
    double lim_env, lim_release;
    double *work;            /* block buffers (one allocation) */
    snd_meters meters;
    snd_stats stats;
} snd_synth;

/* Returns 0, or -1 when a parameter is out of its range (rates, widths, gains finite and >= 0, limit in (0, 1)). */
int snd_params_check(const snd_params *p);
/* Returns 0, or -1 (out of memory, channels not 1 or 2, bad parameters). ball_radius[i]: the spheres' radii. */
int snd_synth_init(snd_synth *s, const snd_params *p, const double ball_radius[2], double rate, size_t channels,
                   unsigned layers, unsigned long seed);
void snd_synth_destroy(snd_synth *s);
/* Renders n frames (interleaved, channels each) under the controls, with the hits (sorted by offset; an offset
 * past the end counts as the last frame). The engine calls it with one step's 20 frames. */
void snd_synth_step(snd_synth *s, const snd_control *c, const snd_hit *hits, size_t n_hits, size_t n, double *out);

/* --- the spectrum the lab shows ------------------------------------------------------------------------- */

/* The magnitude spectrum of x[0..n) (n a power of two, 64..65536) under a Hann window, in dB relative to full scale:
 * a sine of amplitude A on a bin reads 20 log10 A there (0 dB for a full-scale sine); silence reads -200 dB, never
 * -inf. db[k], k = 0..n/2, is the bin at k rate / n Hz. Returns 0, or -1 (bad n, out of memory). */
int snd_spectrum(const double *x, size_t n, double *db);

/* --- presets ---------------------------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    const char *summary;     /* one line: what it should sound like */
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

typedef enum { SND_OK = 0, SND_ERR_PARAMS = -1, SND_ERR_RATE = -2, SND_ERR_NOMEM = -3 } snd_error;

/* Returns NULL and sets *err (may be NULL) on failure. The preset is copied. */
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
const snd_synth *snd_engine_synth(const snd_engine *e);
const snd_meters *snd_engine_meters(const snd_engine *e);
const snd_stats *snd_engine_stats(const snd_engine *e);

#endif
