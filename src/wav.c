/* wav: atomic output files and WAV through libsndfile. See include/numlab/wav.h. */
#include "numlab/wav.h"
#include "numlab/outset.h"
#include "errmsg.h"

#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- atomic output files ------------------------------------------------------------------------------- */

static wav_error from_outset(outset_error code)
{
    return code == OUTSET_OK ? WAV_OK : code == OUTSET_EXISTS ? WAV_ERR_EXISTS : code == OUTSET_IO ? WAV_ERR_IO
         : code == OUTSET_NOMEM ? WAV_ERR_NOMEM : WAV_ERR_PATH;
}

wav_error wav_target_open(wav_target *t, const char *path, bool replace, char *err, size_t errlen)
{
    *t = (wav_target){.fd = -1};
    if (!(t->set = outset_new()))
        return errmsg(WAV_ERR_NOMEM, err, errlen, "'%s': out of memory", path);
    outset_error code;
    int i = outset_add(t->set, path, replace ? OUTSET_REPLACE : 0, &code, NULL, err, errlen);
    if (i < 0) {
        wav_target_abort(t);
        return from_outset(code);
    }
    t->fd = outset_fd(t->set, i);
    return WAV_OK;
}

FILE *wav_target_stream(wav_target *t)
{
    int fd = dup(t->fd);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "w");
    if (!f)
        close(fd);
    return f;
}

wav_error wav_target_commit(wav_target *t, char *err, size_t errlen)
{
    if (!t->set)
        return errmsg(WAV_ERR_IO, err, errlen, "nothing to commit");
    wav_error code = from_outset(outset_commit(t->set, err, errlen));
    *t = (wav_target){.fd = -1};
    return code;
}

void wav_target_abort(wav_target *t)
{
    outset_abort(t->set);
    *t = (wav_target){.fd = -1};
}

/* --- WAV ---------------------------------------------------------------------------------------------------- */

struct wav_file {
    wav_target target;  /* wav_open's own file; unused (set NULL) under wav_open_fd */
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
    return errmsg(WAV_ERR_FORMAT, err, errlen, "'%s': no WAV with %d channels at %d Hz", name, channels, rate);
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
        *code = errmsg(WAV_ERR_NOMEM, err, errlen, "'%s': out of memory", name);
        return NULL;
    }
    w->target = (wav_target){.fd = -1};
    w->sf = sf_open_fd(fd, SFM_WRITE, &info, SF_FALSE);
    if (!w->sf) {
        *code = errmsg(WAV_ERR_IO, err, errlen, "cannot write '%s': %s", name, sf_strerror(NULL));
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

wav_file *wav_open(const char *path, int channels, int rate, wav_format format, bool replace, wav_error *code,
                   char *err, size_t errlen)
{
    wav_error dummy;
    code = code ? code : &dummy;
    SF_INFO info;
    if ((*code = check_format(&info, path, channels, rate, format, err, errlen)) != WAV_OK)
        return NULL;  /* before any file is made */
    wav_target t;
    if ((*code = wav_target_open(&t, path, replace, err, errlen)) != WAV_OK)
        return NULL;
    wav_file *w = wav_open_fd(t.fd, path, channels, rate, format, code, err, errlen);
    if (!w)
        wav_target_abort(&t);
    else
        w->target = t;
    return w;
}

wav_error wav_write(wav_file *w, const double *frames, size_t n_frames, char *err, size_t errlen)
{
    sf_count_t done = sf_writef_double(w->sf, frames, (sf_count_t)n_frames);
    if (done != (sf_count_t)n_frames)
        return errmsg(WAV_ERR_IO, err, errlen, "cannot write '%s': %s", w->name, sf_strerror(w->sf));
    return WAV_OK;
}

wav_error wav_finish(wav_file *w, char *err, size_t errlen)
{
    int rc = sf_close(w->sf);
    wav_error code = rc == 0 ? WAV_OK : errmsg(WAV_ERR_IO, err, errlen, "cannot write '%s': %s", w->name,
                                             sf_error_number(rc));
    free(w->name);
    free(w);
    return code;
}

wav_error wav_commit(wav_file *w, char *err, size_t errlen)
{
    wav_target t = w->target;
    wav_error code = wav_finish(w, err, errlen);
    if (code == WAV_OK)
        return wav_target_commit(&t, err, errlen);
    wav_target_abort(&t);
    return code;
}

void wav_abort(wav_file *w)
{
    if (!w)
        return;
    if (w->sf)
        sf_close(w->sf);
    wav_target_abort(&w->target);
    free(w->name);
    free(w);
}
