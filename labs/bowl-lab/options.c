/* bowl-lab's options that the table (labs/bowl-lab.c) cannot check alone: --set's changes to the preset, the
 * outputs together, and a recorded gesture (--gesture) read and rendered. */
#include <limits.h>
#include <string.h>

#include "bowl_lab.h"
#include "numlab/cli.h"
#include "numlab/infile.h"

/* --gesture FILE: read and validated whole before anything is rendered. */
static int read_gesture(const char *path, bowl_lab_gesture *g)
{
    if (!*path)
        return cli_error("--gesture: an empty file name (allowed: a gesture CSV file)");
    /* a regular file within the limit, checked before it is read: a FIFO or /dev/zero never blocks or spins */
    infile_data text;
    infile_error e;
    char msg[PATH_MAX + 1024];  /* the whole message: the path is cut in it, never the reason after it */
    if (infile_read(path, BOWL_LAB_MAX_GESTURE_BYTES, true, &text, &e) != INFILE_OK) {
        infile_message(&e, "--gesture", path, msg, sizeof msg);
        return e.status == INFILE_ERR_NOMEM ? cli_fail("%s", msg) : cli_error("%s", msg);
    }
    int rc = bowl_lab_gesture_parse(text.data, text.size, path, g, msg, sizeof msg);
    infile_data_free(&text);
    const char *shown = rc ? cli_cut_in(msg, path) : "";
    return rc == 0 ? CLI_OK : rc == 2 ? cli_error("--gesture: %s", shown) : cli_fail("--gesture: %s", shown);
}

int bowl_lab_apply_sets(snd_preset *p, const char *const *sets, int n)
{
    char msg[512];
    for (int i = 0; i < n; i++)
        if (bowl_lab_set(p, sets[i], msg, sizeof msg))
            return cli_error("%s", msg);
    const char *what = NULL;
    if (n > 0 && bowl_params_check(&p->bowl, &what))
        return cli_error("--set: the mechanics do not fit together: '%s' is out of range for the others (see "
                         "--describe %s)", what, p->name);
    if (n > 0 && snd_params_check(&p->sound, &what))
        return cli_error("--set: the sound parameters do not fit together: '%s' is out of range for the others (see "
                         "--describe %s)", what, p->name);
    return CLI_OK;
}

int bowl_lab_check_outputs(const bowl_lab_options *o)
{
    if (o->figure.size_given && !o->spectrogram)
        return cli_error("--size goes with --spectrogram FILE (see --help)");
    const char *names[] = {"--wav", "--events", "--trace", "--spectrum", "--spectrogram"};
    const char *paths[] = {o->wav, o->events, o->trace, o->spectrum, o->spectrogram};
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (paths[i] && paths[j] && strcmp(paths[i], paths[j]) == 0)
                return strcmp(paths[i], "-") == 0
                           ? cli_error("%s and %s cannot both go to stdout (allowed: at most one '-')", names[i],
                                       names[j])
                           : cli_error("%s: '%s' is also the %s file (allowed: different files)", names[i],
                                       cli_cut(paths[i]), names[j]);
    return CLI_OK;
}

int bowl_lab_render_replay(bowl_lab_options *o, const char *path, bool have_seconds)
{
    bowl_lab_gesture g;
    int rc = read_gesture(path, &g);
    if (rc != CLI_OK)
        return rc;
    const double end = g.rows[g.n - 1].t;
    if (!have_seconds)
        o->seconds = end;
    o->replay = &g;
    if (!(o->seconds >= 0.5 * o->preset->bowl.step))
        rc = cli_error("--gesture: '%s' ends at t = %g s: nothing to render (allowed: a last row after t = 0, or "
                       "--seconds)", cli_cut(path), end);
    else
        rc = bowl_lab_render(o);
    bowl_lab_gesture_free(&g);
    return rc;
}
