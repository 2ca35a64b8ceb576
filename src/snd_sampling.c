/* sound: the resonators' numbers under sampling (see sound.h): a mode past Nyquist folded, the pole maps of three
 * discretisations and the pole each one's output really has, and a resonator in float, double and long double.
 *
 * The maps of an analog pole s = -sigma + i w at T = 1/fs (Oppenheim & Schafer, Discrete-Time Signal Processing,
 * 3rd ed., sections 7.2 and 7.3; Smith, Introduction to Digital Filters, "Two-pole" and "Bilinear transformation"):
 *   impulse invariance  z = e^{sT}:  r = e^{-sigma T}, theta = w T, exact below Nyquist, folded above it;
 *   bilinear            z = (1 + sT/2) / (1 - sT/2): theta = atan2(wT/2, 1 - sigma T/2) + atan2(wT/2, 1 + sigma T/2),
 *                       = 2 atan(wT/2) undamped (the inverse of the prewarp w = (2/T) tan(theta/2)): always lower;
 *   the body layer      (snd_internal.h) A z^2 - (2/T^2) z + C = 0, A, C = 1/T^2 +- sigma/T + w^2/2:
 *                       cos theta = 1 / (1 + (wT)^2/2) undamped: lower too, by about 5 (wT)^2/24 relative. */
#include "snd_internal.h"

#include "numlab/common.h"
#include "numlab/sound.h"

#include <math.h>
#include <stdlib.h>

#define PI_L 3.14159265358979323846264338327950288L

const char *snd_map_name(snd_map m)
{
    static const char *const names[SND_MAP_COUNT] = {"impulse-invariance", "bilinear", "body"};
    return (unsigned)m < SND_MAP_COUNT ? names[m] : "?";
}

double snd_alias_frequency(double f, double rate)
{
    return fabs(f - rate * nearbyint(f / rate));
}

int snd_map_pole(snd_map m, double freq, double decay, double rate, double *r, double *theta)
{
    if (!(rate > 0.0 && freq > 0.0 && decay >= 0.0 && isfinite(freq) && isfinite(decay) && isfinite(rate)))
        return NUMLAB_ERR_INPUT;
    const double T = 1.0 / rate, w = 2.0 * NUMLAB_PI * freq;
    switch (m) {
    case SND_MAP_IMPULSE:  /* as snd_bank's set_coefficients rounds them: the render is the bank's to the bit */
        *r = exp(-decay / rate);
        *theta = w / rate;
        return NUMLAB_OK;
    case SND_MAP_BILINEAR: {
        const double h = 0.5 * T, re_num = 1.0 - decay * h, re_den = 1.0 + decay * h, im = w * h;
        *r = hypot(re_num, im) / hypot(re_den, im);
        *theta = atan2(im, re_num) + atan2(im, re_den);
        return NUMLAB_OK;
    }
    case SND_MAP_BODY: {
        const double k2 = 1.0 / (T * T), A = k2 + decay / T + 0.5 * w * w, C = k2 - decay / T + 0.5 * w * w;
        const double rr = sqrt(C / A), c = k2 / (A * rr);  /* z^2 - (2 k2/A) z + C/A: r^2 = C/A, 2 r cos = 2 k2/A */
        if (!(C > 0.0) || !(fabs(c) < 1.0))
            return NUMLAB_ERR_INPUT;  /* over-damped at this rate: real poles */
        *r = rr;
        *theta = acos(c);
        return NUMLAB_OK;
    }
    default:
        return NUMLAB_ERR_INPUT;
    }
}

/* The recurrence y[j] = a1 y[j-1] + a2 y[j-2] from y[-1] = 0, y[0] = y0 (the bank's strike, so that
 * y[j] = r^{j+1} sin((j+1) theta): impulse invariance's samples of e^{-sigma t} sin(w t) at t = (j+1) T), in the
 * type's own arithmetic from the coefficients given (rounded to the type once). */
#define RUN_RECURRENCE(type, a1_, a2_, y0_, n, out)                                  \
    do {                                                                             \
        const type c1_ = (type)(a1_), c2_ = (type)(a2_);                             \
        type now = (type)(y0_), before = 0;                                          \
        for (size_t j = 0; j < (n); j++) {                                           \
            (out)[j] = (double)now;                                                  \
            const type next = c1_ * now + c2_ * before;                              \
            before = now;                                                            \
            now = next;                                                              \
        }                                                                            \
    } while (0)

int snd_resonator_render(snd_map m, snd_precision p, double freq, double decay, double rate, size_t n, double *out)
{
    double r, theta;
    int rc = snd_map_pole(m, freq, decay, rate, &r, &theta);
    if (rc != NUMLAB_OK || n == 0)
        return rc != NUMLAB_OK ? rc : NUMLAB_ERR_INPUT;
    if (m == SND_MAP_BODY) {  /* the body layer itself, one linear mode (alpha = 0), kicked once */
        if (p != SND_DOUBLE)
            return NUMLAB_ERR_INPUT;
        snd_body b;
        const snd_body_mode mode = {.freq = freq, .decay = decay, .couple = 0.0, .drive = 1.0, .gain = 1.0};
        if ((rc = snd_body_init(&b, &mode, 1, 0.0, 1.0, rate)) != NUMLAB_OK)
            return rc;
        b.silence = 0.0;  /* ring to the end: the fit wants every sample */
        snd_body_kick(&b, 1.0);
        for (size_t j = 0; j < n; j++)
            out[j] = 0.0;
        snd_body_process(&b, n, out);
        snd_body_destroy(&b);
        return NUMLAB_OK;
    }
    if (p == SND_LONG_DOUBLE) {
        /* the reference: the pole in long double from the mode itself, not from its double r and theta (a theta
         * rounded to double is off by ~1e-16 of it, a phase error of ~1e-11 rad after a second at 20 kHz, as large
         * as the double recurrence's own) */
        const long double lr = m == SND_MAP_IMPULSE ? expl(-(long double)decay / rate) : r;
        const long double lt = m == SND_MAP_IMPULSE ? 2.0L * PI_L * freq / rate : theta;
        RUN_RECURRENCE(long double, 2.0L * lr * cosl(lt), -lr * lr, lr * sinl(lt), n, out);
        return NUMLAB_OK;
    }
    /* the bank's coefficients, as snd_bank computes them (set_coefficients, in double), so that the double render is
     * the bank's to the bit; the float one rounds them to float: a float bank */
    const double a1 = 2.0 * r * cos(theta), a2 = -r * r, y0 = r * sin(theta);
    if (p == SND_FLOAT)
        RUN_RECURRENCE(float, a1, a2, y0, n, out);
    else
        RUN_RECURRENCE(double, a1, a2, y0, n, out);
    return NUMLAB_OK;
}

int snd_fit_pole(const double *y, size_t n, double *r, double *theta)
{
    if (n < 4)
        return NUMLAB_ERR_INPUT;
    /* least squares for y[j] = a1 y[j-1] + a2 y[j-2], j = 2..n-1: the 2 x 2 normal equations in long double */
    long double s11 = 0, s12 = 0, s22 = 0, b1 = 0, b2 = 0;
    for (size_t j = 2; j < n; j++) {
        const long double u = y[j - 1], v = y[j - 2], t = y[j];
        s11 += u * u, s12 += u * v, s22 += v * v, b1 += u * t, b2 += v * t;
    }
    const long double det = s11 * s22 - s12 * s12;
    if (!(det > 0) || !isfinite((double)det))
        return NUMLAB_ERR_INPUT;
    const long double a1 = (b1 * s22 - b2 * s12) / det, a2 = (s11 * b2 - s12 * b1) / det;
    const long double rr = -a2, disc = 4 * rr - a1 * a1;  /* (2 r sin theta)^2 */
    if (!(rr > 0) || !(disc > 0))
        return NUMLAB_ERR_INPUT;  /* no complex pair: not a resonance */
    *r = (double)sqrtl(rr);
    *theta = (double)atan2l(sqrtl(disc), a1);
    return NUMLAB_OK;
}

int snd_measured_cents(snd_map m, double freq, double decay, double rate, size_t n, double *cents)
{
    double *y = malloc((n ? n : 1) * sizeof *y);
    if (!y)
        return NUMLAB_ERR_NOMEM;
    double r, theta;
    int rc = snd_resonator_render(m, SND_DOUBLE, freq, decay, rate, n, y);
    if (rc == NUMLAB_OK)
        rc = snd_fit_pole(y, n, &r, &theta);
    free(y);
    if (rc == NUMLAB_OK)
        *cents = 1200.0 * log2(theta * rate / (2.0 * NUMLAB_PI * freq));
    return rc;
}

double snd_longest_decay(snd_precision p, double rate)
{
    /* the largest value below 1 the type holds, 1 - eps/2 (IEEE 754 binary32: 1 - 2^-24, binary64: 1 - 2^-53), as
     * the pole radius r: its time constant -1 / (fs ln r) ~ 2 / (eps fs) */
    const long double below = p == SND_FLOAT ? (long double)nextafterf(1.0f, 0.0f)
                              : p == SND_DOUBLE ? (long double)nextafter(1.0, 0.0)
                                                : nextafterl(1.0L, 0.0L);
    return (double)(-1.0L / ((long double)rate * log1pl(below - 1.0L)));
}

int snd_precision_error_db(snd_precision p, double freq, double decay, double rate, size_t n, double *db)
{
    double *got = malloc((n ? 2 * n : 1) * sizeof *got);
    if (!got)
        return NUMLAB_ERR_NOMEM;
    double *ref = got + n;
    int rc = snd_resonator_render(SND_MAP_IMPULSE, p, freq, decay, rate, n, got);
    if (rc == NUMLAB_OK)
        rc = snd_resonator_render(SND_MAP_IMPULSE, SND_LONG_DOUBLE, freq, decay, rate, n, ref);
    if (rc == NUMLAB_OK) {
        long double err = 0, sig = 0;
        for (size_t j = 0; j < n; j++) {
            const long double d = (long double)got[j] - ref[j];
            err += d * d, sig += (long double)ref[j] * ref[j];
        }
        *db = sig > 0 ? (err > 0 ? (double)(10.0L * log10l(err / sig)) : -400.0) : 0.0;
    }
    free(got);
    return rc;
}
