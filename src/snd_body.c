/* sound, level 6: the acrylic body layer, modes coupled by a bounded tanh non-linearity, integrated with a
 * discrete-gradient scheme whose energy never grows without input. The scheme and its energy are in snd_internal.h. */
#include "snd_internal.h"

#include "numlab/common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NEWTON_MAX 30
#define CHECK_EVERY 240  /* samples between silence checks */

/* ln cosh x, accurate everywhere: log1p(2 sinh^2(x/2)) near 0 (where |x| + log1p(e^{-2|x|}) - ln 2 would cancel),
 * that form beyond 1 (where sinh could overflow). */
static double ln_cosh(double x)
{
    double a = fabs(x);
    if (a < 1.0) {
        double sh = sinh(0.5 * a);
        return log1p(2.0 * sh * sh);
    }
    return a + log1p(exp(-2.0 * a)) - 0.69314718055994530942;
}

/* Series of atanh(t tanh d) / d in d (t = tanh u): sum_k t P_k(t^2) d^{2k}, k = 0..4, with (from sympy)
 *   P_0 = 1, P_1 = (t^2 - 1)/3, P_2 = 2/15 - t^2/3 + t^4/5, P_3 = -17/315 + 11 t^2/45 - t^4/3 + t^6/7,
 *   P_4 = 62/2835 - 88 t^2/567 + 16 t^4/45 - t^6/3 + t^8/9.
 * For |d| < 0.01 the first dropped term is below 0.01^10 = 1e-20 relative: exact in double precision, one tanh. */
#define SERIES_REACH 0.01

/* The divided difference D = (ln cosh x - ln cosh y) / (x - y) and its x-derivative (for Newton), with
 * u = (x + y)/2, d = (x - y)/2 and t = tanh u:
 *   |d| < 0.02:   the series above; dD/dx = (dD/du + dD/dd)/2 with dD/du = (1 - t^2) dD/dt;
 *   |d| <= 1/2:   atanh(t tanh d) / d, from cosh(u + d)/cosh(u - d) = (1 + tanh u tanh d)/(1 - tanh u tanh d):
 *                 no cancellation;
 *   farther:      the plain difference, which is then accurate. */
static double divided_difference(double x, double y, double *slope)
{
    double u = 0.5 * (x + y), d = 0.5 * (x - y);
    if (fabs(d) <= 0.5) {
        double t = tanh(u), t2 = t * t;
        if (fabs(d) < SERIES_REACH) {
            /* c[k] = P_k(t^2), dc[k] = d(t P_k(t^2))/dt = P_k + 2 t^2 P_k' */
            const double c[5] = {
                1.0,
                (t2 - 1.0) / 3.0,
                2.0 / 15.0 + t2 * (-1.0 / 3.0 + t2 / 5.0),
                -17.0 / 315.0 + t2 * (11.0 / 45.0 + t2 * (-1.0 / 3.0 + t2 / 7.0)),
                62.0 / 2835.0 + t2 * (-88.0 / 567.0 + t2 * (16.0 / 45.0 + t2 * (-1.0 / 3.0 + t2 / 9.0))),
            };
            const double dc[5] = {
                1.0,
                (3.0 * t2 - 1.0) / 3.0,
                2.0 / 15.0 + t2 * (-1.0 + t2),
                -17.0 / 315.0 + t2 * (11.0 / 15.0 + t2 * (-5.0 / 3.0 + t2)),
                62.0 / 2835.0 + t2 * (-88.0 / 189.0 + t2 * (16.0 / 9.0 + t2 * (-7.0 / 3.0 + t2))),
            };
            double d2 = d * d;
            double D = t * (c[0] + d2 * (c[1] + d2 * (c[2] + d2 * (c[3] + d2 * c[4]))));
            double dDdt = dc[0] + d2 * (dc[1] + d2 * (dc[2] + d2 * (dc[3] + d2 * dc[4])));
            double dDdd = t * d * (2.0 * c[1] + d2 * (4.0 * c[2] + d2 * (6.0 * c[3] + d2 * 8.0 * c[4])));
            *slope = 0.5 * ((1.0 - t2) * dDdt + dDdd);  /* dD/dx = (dD/du + dD/dd) / 2, dt/du = 1 - t^2 */
            return D;
        }
        double T = tanh(d), z = t * T;
        double D = atanh(z) / d;
        *slope = 0.5 * ((T * (1.0 - t2) + t * (1.0 - T * T)) / ((1.0 - z * z) * d) - D / d);
        return D;
    }
    double D = (ln_cosh(x) - ln_cosh(y)) / (x - y);
    *slope = (tanh(x) - D) / (x - y);
    return D;
}

int snd_body_init(snd_body *b, const snd_body_mode *modes, size_t n, double alpha, double beta, double rate)
{
    memset(b, 0, sizeof *b);
    if (n == 0 || n > SND_MAX_BODY_MODES || !(rate > 0.0 && isfinite(rate)) || !(alpha >= 0.0 && isfinite(alpha)) ||
        !(beta > 0.0 && isfinite(beta)))
        return NUMLAB_ERR_INPUT;
    for (size_t m = 0; m < n; m++)
        if (!(modes[m].freq > 0.0 && modes[m].decay >= 0.0 && isfinite(modes[m].freq) &&
              isfinite(modes[m].decay) && isfinite(modes[m].couple) && isfinite(modes[m].drive) &&
              isfinite(modes[m].gain)))
            return NUMLAB_ERR_INPUT;
    const size_t arrays = 9;
    b->mem = calloc(arrays * n, sizeof(double));
    if (!b->mem)
        return NUMLAB_ERR_NOMEM;
    double *p = b->mem;
    double **slots[] = {&b->q, &b->q1, &b->c, &b->drive, &b->out_w, &b->w2, &b->inv_a, &b->C, &b->sigma};
    for (size_t i = 0; i < arrays; i++, p += n)
        *slots[i] = p;
    b->n = n;
    b->k = 1.0 / rate;
    b->alpha = alpha;
    b->beta = beta;
    b->silence = 1e-8;
    const double k = b->k;
    for (size_t m = 0; m < n; m++) {
        double w = 2.0 * NUMLAB_PI * modes[m].freq;
        b->c[m] = modes[m].couple;
        b->drive[m] = modes[m].drive;
        b->out_w[m] = modes[m].gain * w;
        b->w2[m] = w * w;
        b->sigma[m] = modes[m].decay;
        b->inv_a[m] = 1.0 / (1.0 / (k * k) + modes[m].decay / k + 0.5 * w * w);
        b->C[m] = 1.0 / (k * k) - modes[m].decay / k + 0.5 * w * w;
    }
    return NUMLAB_OK;
}

void snd_body_destroy(snd_body *b)
{
    free(b->mem);
    memset(b, 0, sizeof *b);
}

static double coupled(const snd_body *b, const double *q)
{
    double s = 0.0;
    for (size_t m = 0; m < b->n; m++)
        s += b->c[m] * q[m];
    return s;
}

void snd_body_kick(snd_body *b, double velocity)
{
    if (velocity == 0.0 || !isfinite(velocity))
        return;
    for (size_t m = 0; m < b->n; m++)
        b->q1[m] -= b->k * velocity * b->drive[m];  /* (q^n - q^{n-1})/k grows by velocity drive_m */
    b->s1 = coupled(b, b->q1);
    b->active = true;
}

double snd_body_energy(const snd_body *b)
{
    double e = 0.0;
    for (size_t m = 0; m < b->n; m++) {
        double v = (b->q[m] - b->q1[m]) / b->k;
        e += 0.5 * v * v + 0.25 * b->w2[m] * (b->q[m] * b->q[m] + b->q1[m] * b->q1[m]);
    }
    return e + 0.5 * b->alpha / b->beta * (ln_cosh(b->beta * b->s) + ln_cosh(b->beta * b->s1));
}

/* Solves s - s0 + K alpha D(beta s, beta s1) = 0 for s = s^{n+1}. The left side increases with s (ln cosh is
 * convex, so D does) and |D| <= 1 brackets the root in [s0 - K alpha, s0 + K alpha]. Newton, from the force
 * extrapolated from the last two steps; K alpha beta is small (~1e-3 at 48 kHz), so the guess is close. Once a
 * Newton step is tiny (beta |step| <= 1e-6) the root is one linear step away and its force is
 * g + alpha beta D'(x) (-step), exact to O((beta step)^2) ~ 1e-12 of g: one evaluation of D a sample, usually. A step
 * that would leave the bracket bisects instead. Returns s and its force *g = alpha D. */
static double solve_coupling(snd_body *b, double s0, double K, double *g_out)
{
    const double alpha = b->alpha, beta = b->beta, y = beta * b->s1;
    double lo = s0 - K * alpha, hi = s0 + K * alpha;
    double s = s0 - K * (2.0 * b->g1 - b->g2);
    if (!(s > lo && s < hi))
        s = 0.5 * (lo + hi);
    double g = 0.0;
    for (int it = 0; it < NEWTON_MAX; it++) {
        b->newton_iterations++;
        double slope;
        g = alpha * divided_difference(beta * s, y, &slope);
        double f = s - s0 + K * g;
        double step = f / (1.0 + K * alpha * beta * slope);
        if (beta * fabs(step) <= 1e-6) {
            s -= step;
            g -= alpha * beta * slope * step;
            break;
        }
        if (f > 0.0)
            hi = s;
        else
            lo = s;
        double next = s - step;
        s = next > lo && next < hi ? next : 0.5 * (lo + hi);
    }
    b->g2 = b->g1;
    b->g1 = g;
    *g_out = g;
    return s;
}

void snd_body_process(snd_body *b, size_t n, double *out)
{
    if (!b->active)
        return;
    /* the state in locals for the block (at most SND_MAX_BODY_MODES modes): no aliasing through b */
    const size_t nm = b->n;
    const double two_k2 = 2.0 / (b->k * b->k);
    double q[SND_MAX_BODY_MODES], q1[SND_MAX_BODY_MODES], K = 0.0;
    for (size_t m = 0; m < nm; m++) {
        q[m] = b->q[m];
        q1[m] = b->q1[m];
        K += b->c[m] * b->c[m] * b->inv_a[m];
    }
    const double *c = b->c, *inv_a = b->inv_a, *C = b->C, *out_w = b->out_w;
    for (size_t i = 0; i < n; i++) {
        /* the linear part of q^{n+1}, then the one scalar the non-linearity depends on */
        double s0 = 0.0;
        for (size_t m = 0; m < nm; m++) {
            double pred = (two_k2 * q[m] - C[m] * q1[m]) * inv_a[m];
            q1[m] = q[m];
            q[m] = pred;
            s0 += c[m] * pred;
        }
        double g;
        solve_coupling(b, s0, K, &g);
        double y = 0.0, s = 0.0;
        for (size_t m = 0; m < nm; m++) {
            q[m] -= c[m] * g * inv_a[m];
            y += out_w[m] * q[m];
            s += c[m] * q[m];
        }
        b->s1 = b->s;
        b->s = s;
        out[i] += y;
    }
    memcpy(b->q, q, nm * sizeof *q);
    memcpy(b->q1, q1, nm * sizeof *q1);
    b->mode_samples += (unsigned long long)nm * n;
    b->since_check += n;
    if (b->since_check < CHECK_EVERY)
        return;
    b->since_check = 0;
    if (snd_body_energy(b) < b->silence) {
        memset(b->q, 0, nm * sizeof *b->q);
        memset(b->q1, 0, nm * sizeof *b->q1);
        b->s = b->s1 = b->g1 = b->g2 = 0.0;
        b->active = false;
    }
}
