/* wav: WAV through libsndfile, into a descriptor the caller commits. See include/numlab/wav.h. */
#include "numlab/wav.h"
#include "errmsg_internal.h"

#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/lang.h"

/* --- WAV ---------------------------------------------------------------------------------------------------- */

struct wav_file {
    char *name;
    SNDFILE *sf;
};

const char *wav_format_name(wav_format format)
{
    return format == WAV_FLOAT ? "32-bit float" : "16-bit PCM";
}

/* Fills info; WAV_OK, or WAV_ERR_FORMAT with err naming the file. */
static wav_error check_format(SF_INFO *info, const char *name, int channels, int rate, wav_format format, char *err,
                              size_t errlen)
{
    *info = (SF_INFO){
        .samplerate = rate,
        .channels = channels,
        .format = SF_FORMAT_WAV | (format == WAV_FLOAT ? SF_FORMAT_FLOAT : SF_FORMAT_PCM_16),
    };
    if (channels >= 1 && channels <= 2 && rate >= 1 && sf_format_check(info))
        return WAV_OK;
    return errmsg(WAV_ERR_FORMAT, err, errlen, _("'%s': no WAV with %d channels at %d Hz"), name, channels, rate);
}

wav_file *wav_open_fd(int fd, const char *name, int channels, int rate, wav_format format, wav_error *code,
                      char *err, size_t errlen)
{
    wav_error dummy;
    code = code ? code : &dummy;
    SF_INFO info;
    if ((*code = check_format(&info, name, channels, rate, format, err, errlen)) != WAV_OK)
        return NULL;
    wav_file *w = calloc(1, sizeof *w);
    if (!w || !(w->name = strdup(name))) {
        free(w);
        *code = errmsg(WAV_ERR_NOMEM, err, errlen, _("'%s': out of memory"), name);
        return NULL;
    }
    w->sf = sf_open_fd(fd, SFM_WRITE, &info, SF_FALSE);
    if (!w->sf) {
        *code = errmsg(WAV_ERR_IO, err, errlen, _("cannot write '%s': %s"), name, sf_strerror(NULL));
        free(w->name);
        free(w);
        return NULL;
    }
    /* a PEAK chunk carries a time stamp: without it, equal samples give equal files */
    sf_command(w->sf, SFC_SET_ADD_PEAK_CHUNK, NULL, SF_FALSE);
    sf_command(w->sf, SFC_SET_CLIPPING, NULL, SF_TRUE);
    *code = WAV_OK;
    return w;
}

wav_error wav_write(wav_file *w, const double *frames, size_t n_frames, char *err, size_t errlen)
{
    sf_count_t done = sf_writef_double(w->sf, frames, (sf_count_t)n_frames);
    if (done != (sf_count_t)n_frames)
        return errmsg(WAV_ERR_IO, err, errlen, _("cannot write '%s': %s"), w->name, sf_strerror(w->sf));
    return WAV_OK;
}

wav_error wav_finish(wav_file *w, char *err, size_t errlen)
{
    int rc = sf_close(w->sf);
    wav_error code = rc == 0 ? WAV_OK : errmsg(WAV_ERR_IO, err, errlen, _("cannot write '%s': %s"), w->name,
                                             sf_error_number(rc));
    free(w->name);
    free(w);
    return code;
}

void wav_abort(wav_file *w)
{
    if (!w)
        return;
    if (w->sf)
        sf_close(w->sf);
    free(w->name);
    free(w);
}
