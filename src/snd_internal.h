/* sound's private parts, shared by src/snd_*.c (not installed; the tests of the banks, streams and body layer
 * include it): the modal banks, the micro-impact streams, the gesture filter, the body layer and the synthesizer
 * that the engine drives. include/numlab/sound.h has the chain they make up. */
#ifndef NUMLAB_SND_INTERNAL_H
#define NUMLAB_SND_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/sound.h"

#define SND_LANES 4          /* modes per vector: one AVX register of doubles, two SSE2 registers */

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
/* The bank's kernels: groups of 2, 4 or 8 vectors kept in registers (src/snd_bank.c), all giving the same bits. */
typedef enum { SND_KERNEL_SSE2, SND_KERNEL_AVX, SND_KERNEL_AVX512 } snd_kernel;

typedef struct {
    size_t modes;            /* modes kept */
    size_t lanes;            /* array length: modes rounded up to 2 SND_LANES (padding lanes stay 0) */
    size_t channels;         /* 1 or 2 */
    double rate;
    double silence;          /* amplitude below which a mode is zeroed (default 1e-10) */
    snd_kernel kernel;       /* the widest the processor runs (snd_bank_init); snd_bank_use_kernel may narrow it */
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

/* NUMLAB_OK, NUMLAB_ERR_INPUT (channels not 1 or 2, a negative decay, rate <= 0) or NUMLAB_ERR_NOMEM. n may be 0. */
int snd_bank_init(snd_bank *bk, const snd_mode *modes, size_t n, double rate, size_t channels);
void snd_bank_destroy(snd_bank *bk);
/* Adds n samples of channel ch's output to out[0..n); in (NULL: silence) is the input x[0..n). */
void snd_bank_process(snd_bank *bk, size_t ch, const double *in, size_t n, double *out);
/* An impulse at the last processed sample: amp[k] (per kept mode; NULL: the modes' gains) times scale, so the
 * following outputs are scale amp_k r^j sin(theta j), j = 1, 2, ... */
void snd_bank_strike(snd_bank *bk, size_t ch, const double *amp, double scale);
/* Runs the bank through kernel k, or the widest the processor runs if that is narrower (the tests compare them). */
void snd_bank_use_kernel(snd_bank *bk, snd_kernel k);
/* Plays every mode at factor times its frequency (decays unchanged); 1 restores them. */
void snd_bank_retune(snd_bank *bk, double factor);

/* The modes of a family: writes up to cap modes (count of them if cap allows); returns how many. */
size_t snd_family_modes(const snd_family *fam, snd_mode *out, size_t cap);

/* --- level 3 and 4: micro-impact streams and the gesture filter ----------------------------------------- */

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

/* NUMLAB_OK, NUMLAB_ERR_INPUT (a bad grain or rate) or NUMLAB_ERR_NOMEM. */
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
/* Three filters over three distinct buffers x[i][0..n) at once, each exactly as snd_lowpass_run would (three
 * independent recurrences in one loop run about as fast as one alone). */
void snd_lowpass_run3(snd_lowpass *const lp[3], double *const x[3], size_t n);

/* --- level 6: the acrylic body layer ---------------------------------------------------------------------- */

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

/* NUMLAB_OK, NUMLAB_ERR_INPUT (n == 0 or above SND_MAX_BODY_MODES, bad values) or NUMLAB_ERR_NOMEM. */
int snd_body_init(snd_body *b, const snd_body_mode *modes, size_t n, double alpha, double beta, double rate);
void snd_body_destroy(snd_body *b);
/* Adds velocity * drive_m to every mode's velocity (an impulse). */
void snd_body_kick(snd_body *b, double velocity);
/* Adds n samples of output into out[0..n). */
void snd_body_process(snd_body *b, size_t n, double *out);
/* H^{n-1/2}, between the last two states. */
double snd_body_energy(const snd_body *b);

/* --- the synthesizer: controls in, samples out ------------------------------------------------------------ */

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

/* NUMLAB_OK, NUMLAB_ERR_INPUT (bad parameters, channels not 1 or 2) or NUMLAB_ERR_NOMEM. ball_radius[i]: the
 * spheres' radii. */
int snd_synth_init(snd_synth *s, const snd_params *p, const double ball_radius[2], double rate, size_t channels,
                   unsigned layers, unsigned long seed);
void snd_synth_destroy(snd_synth *s);
/* Renders n frames (interleaved, channels each) under the controls, with the hits (sorted by offset; an offset
 * past the end counts as the last frame). The engine calls it with one step's 20 frames. */
void snd_synth_step(snd_synth *s, const snd_control *c, const snd_hit *hits, size_t n_hits, size_t n, double *out);

/* The engine's synthesizer (its banks and counters, for the tests). */
const snd_synth *snd_engine_synth(const snd_engine *e);

#endif
