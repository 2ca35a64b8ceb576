/* sound: the spectrum the lab shows, of the last window of output (GSL's radix-2 real FFT). See sound.h. */
#include "numlab/common.h"
#include "numlab/sound.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fft_real.h>
#include <math.h>
#include <stdlib.h>

#define FLOOR_DB -200.0  /* what silence reads: never -inf on screen */

int snd_spectrum(const double *x, size_t n, double *db)
{
    if (n < 64 || n > 65536 || (n & (n - 1)) != 0)
        return NUMLAB_ERR_INPUT;
    double *buf = malloc(n * sizeof *buf);
    if (!buf)
        return NUMLAB_ERR_NOMEM;
    for (size_t i = 0; i < n; i++)
        buf[i] = x[i] * (0.5 - 0.5 * cos(2.0 * NUMLAB_PI * (double)i / (double)n));
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int rc = gsl_fft_real_radix2_transform(buf, 1, n);
    gsl_set_error_handler(old);
    if (rc != GSL_SUCCESS) {
        free(buf);
        return NUMLAB_ERR_INPUT;  /* radix-2 refused n: not reached for the n checked above */
    }
    /* a sine of amplitude A on bin k gives |X_k| = A n / 4 under the Hann window (coherent gain 1/2) */
    const double scale = 4.0 / (double)n;
    for (size_t k = 0; k <= n / 2; k++) {
        double re = buf[k], im = k == 0 || k == n / 2 ? 0.0 : buf[n - k];
        double mag = scale * sqrt(re * re + im * im);
        db[k] = mag > 0.0 ? fmax(FLOOR_DB, 20.0 * log10(mag)) : FLOOR_DB;
    }
    free(buf);
    return NUMLAB_OK;
}
