/* sound, level 6: the acrylic body layer, modes coupled by a bounded tanh non-linearity, integrated with a
 * discrete-gradient scheme whose energy never grows without input. The scheme and its energy are in sound.h. */
#include "numlab/sound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SND_PI 3.14159265358979323846
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

/* Series of atanh(t tanh d) / d in d (t = tanh u): c_k(t) d^k for k = 0, 2, .., 10, each c_k an odd polynomial in t,
 * here as coefficients of t, t^3, .., t^11 (computed with sympy). For |d| < 0.02 the first dropped term is below
 * 0.02^12 = 4e-21 relative: the series is exact in double precision and costs one tanh. */
static const double series[6][6] = {
    {1.0, 0, 0, 0, 0, 0},
    {-1.0 / 3.0, 1.0 / 3.0, 0, 0, 0, 0},
    {2.0 / 15.0, -1.0 / 3.0, 1.0 / 5.0, 0, 0, 0},
    {-17.0 / 315.0, 11.0 / 45.0, -1.0 / 3.0, 1.0 / 7.0, 0, 0},
    {62.0 / 2835.0, -88.0 / 567.0, 16.0 / 45.0, -1.0 / 3.0, 1.0 / 9.0, 0},
    {-1382.0 / 155925.0, 1282.0 / 14175.0, -289.0 / 945.0, 7.0 / 15.0, -1.0 / 3.0, 1.0 / 11.0},
};
#define SERIES_REACH 0.02

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
            double d2 = d * d, D = 0.0, dDdt = 0.0, dDdd = 0.0;
            for (int k = 5; k >= 0; k--) {
                double c = 0.0, dc = 0.0;  /* c_k(t) / t and d c_k / dt, by Horner in t^2 */
                for (int j = 5; j >= 0; j--) {
                    dc = dc * t2 + (2.0 * j + 1.0) * series[k][j];
                    c = c * t2 + series[k][j];
                }
                D = D * d2 + c * t;
                dDdt = dDdt * d2 + dc;
                if (k > 0)
                    dDdd = dDdd * d2 + 2.0 * k * c * t;
            }
            *slope = 0.5 * ((1.0 - t2) * dDdt + dDdd * d);
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
    if (n == 0 || !(rate > 0.0 && isfinite(rate)) || !(alpha >= 0.0 && isfinite(alpha)) ||
        !(beta > 0.0 && isfinite(beta)))
        return -1;
    for (size_t m = 0; m < n; m++)
        if (!(modes[m].freq > 0.0 && modes[m].decay >= 0.0 && isfinite(modes[m].freq) &&
              isfinite(modes[m].decay) && isfinite(modes[m].couple) && isfinite(modes[m].drive) &&
              isfinite(modes[m].gain)))
            return -1;
    const size_t arrays = 9;
    b->mem = calloc(arrays * n, sizeof(double));
    if (!b->mem)
        return -1;
    double *p = b->mem;
    double **slots[] = {&b->q, &b->q1, &b->c, &b->drive, &b->out_w, &b->w2, &b->A, &b->C, &b->sigma};
    for (size_t i = 0; i < arrays; i++, p += n)
        *slots[i] = p;
    b->n = n;
    b->k = 1.0 / rate;
    b->alpha = alpha;
    b->beta = beta;
    b->silence = 1e-10;
    const double k = b->k;
    for (size_t m = 0; m < n; m++) {
        double w = 2.0 * SND_PI * modes[m].freq;
        b->c[m] = modes[m].couple;
        b->drive[m] = modes[m].drive;
        b->out_w[m] = modes[m].gain * w;
        b->w2[m] = w * w;
        b->sigma[m] = modes[m].decay;
        b->A[m] = 1.0 / (k * k) + modes[m].decay / k + 0.5 * w * w;
        b->C[m] = 1.0 / (k * k) - modes[m].decay / k + 0.5 * w * w;
    }
    return 0;
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
    const size_t nm = b->n;
    const double two_k2 = 2.0 / (b->k * b->k);
    double K = 0.0;
    for (size_t m = 0; m < nm; m++)
        K += b->c[m] * b->c[m] / b->A[m];
    for (size_t i = 0; i < n; i++) {
        /* the linear part of q^{n+1}, then the one scalar the non-linearity depends on */
        double s0 = 0.0;
        for (size_t m = 0; m < nm; m++) {
            double pred = (two_k2 * b->q[m] - b->C[m] * b->q1[m]) / b->A[m];
            b->q1[m] = b->q[m];
            b->q[m] = pred;
            s0 += b->c[m] * pred;
        }
        double g;
        solve_coupling(b, s0, K, &g);
        double y = 0.0;
        for (size_t m = 0; m < nm; m++) {
            b->q[m] -= b->c[m] * g / b->A[m];
            y += b->out_w[m] * b->q[m];
        }
        b->s1 = b->s;
        b->s = coupled(b, b->q);
        out[i] += y;
    }
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
