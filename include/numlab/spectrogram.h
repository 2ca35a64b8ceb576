/* spectrogram: the short-time spectrum of a signal, frame by frame, for the bowl lab's renders: the modal lines
 * (steady horizontal lines at the modes' frequencies) and the micro-impact noise (broadband vertical streaks).
 *
 * Each frame is `frame` samples (a power of two, 64..65536) under a Hann window, transformed by GSL's radix-2 real
 * FFT (snd_spectrum, sound.h), frames `hop` samples apart: frame f covers samples [f hop, f hop + frame) and its
 * centre is at (f hop + frame / 2) / rate seconds. Level in dB relative to full scale: a sine of amplitude A on a
 * bin reads 20 log10 A there (0 dB for a full-scale sine); silence reads -200 dB, never -inf. Bin k is k rate / frame
 * Hz, k = 0..frame/2.
 *
 * Samples are pushed as they are made (an interleaved block of any length, channels averaged), so a render of any
 * length needs no copy of itself: memory is one frame of samples and (frame/2 + 1) floats a finished frame. */
#ifndef NUMLAB_SPECTROGRAM_H
#define NUMLAB_SPECTROGRAM_H

#include <stddef.h>

#include "numlab/common.h"

typedef struct spectrogram spectrogram;

/* frame a power of two in 64..65536, hop in 1..frame, rate > 0. NULL for bad values or out of memory. */
spectrogram *spectrogram_new(size_t frame, size_t hop, double rate);
void spectrogram_free(spectrogram *s);
/* Feeds n frames of `channels` interleaved samples (their mean is analysed); computes every frame completed.
 * Returns 0, or NUMLAB_ERR_NOMEM (the frames so far stay). */
int spectrogram_push(spectrogram *s, const double *x, size_t n, size_t channels);

/* A rolling spectrogram (a live view): keeps only the last max_frames frames (>= 1; 0: all, the default), the
 * oldest dropped as new ones come. Frame 0 is then the oldest kept; frame_time counts the dropped ones in. */
void spectrogram_keep(spectrogram *s, size_t max_frames);

size_t spectrogram_frames(const spectrogram *s);
size_t spectrogram_bins(const spectrogram *s);             /* frame / 2 + 1 */
/* frames x bins levels in dB, db[f * bins + k]; NULL before the first frame. */
const float *spectrogram_db(const spectrogram *s);
double spectrogram_bin_hz(const spectrogram *s);            /* rate / frame */
double spectrogram_hop_seconds(const spectrogram *s);       /* hop / rate */
/* The centre of frame f, seconds from the first sample. */
double spectrogram_frame_time(const spectrogram *s, size_t f);

#endif
