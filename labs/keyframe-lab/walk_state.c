/* keyframe-lab: the walk's parameters as options, so that a state line holds the screen (lab.h, docs/states.md). */
#include "lab.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/cli.h"
#include "numlab/lang.h"
#include "numlab/state.h"

#define STEP(s) (1u << (s))
#define EVERY_STEP (((1u << KL_STEPS) - 1u) & ~STEP(KL_STEP_BASIS))  /* step 1 has no clip to play */
#define PARAM(name, steps, field) {name, steps, offsetof(kl_walk, field), offsetof(kl_walk_given, field)}

const kl_walk_param kl_walk_params[KL_WALK_OPTIONS] = {
    PARAM("s", STEP(KL_STEP_BASIS), s),
    PARAM("p0", STEP(KL_STEP_BASIS), p0),
    PARAM("m0", STEP(KL_STEP_BASIS), m0),
    PARAM("p1", STEP(KL_STEP_BASIS), p1),
    PARAM("m1", STEP(KL_STEP_BASIS), m1),
    PARAM("key", STEP(KL_STEP_EDIT), key),
    PARAM("probe", STEP(KL_STEP_EDIT), probe),
    PARAM("hop-m", STEP(KL_STEP_HOP), hop_m),
    PARAM("angle", STEP(KL_STEP_ROTATION) | STEP(KL_STEP_SPIN) | STEP(KL_STEP_FLIP), angle),
    PARAM("tangent", STEP(KL_STEP_ROTATION) | STEP(KL_STEP_GLTF) | STEP(KL_STEP_SPIN), tangent),
    PARAM("interval", STEP(KL_STEP_GLTF), interval),
    PARAM("speed", EVERY_STEP, speed),
};

/* The curves a step's toggles show, by the names --show gives them (one name, one bit, on every step it is on). */
const char *const kl_toggle_names[] = {"keep-volume", "on-floor", "slerp", "nlerp", "cubic", "source-cubic",
                                       "rate-cubic", "stored", "aligned", NULL};
enum { KEEP_VOLUME, ON_FLOOR, SLERP, NLERP, CUBIC, SOURCE_CUBIC, RATE_CUBIC, STORED, ALIGNED };

static const struct {
    int step, name;
    size_t at;  /* the toggle's bool in kl_walk */
} toggles[] = {
    {KL_STEP_BOUNCE, KEEP_VOLUME, offsetof(kl_walk, keep_volume)},
    {KL_STEP_BOUNCE, ON_FLOOR, offsetof(kl_walk, pivot_floor)},
    {KL_STEP_ROTATION, SLERP, offsetof(kl_walk, rot_shown[KL_ROT_SLERP])},
    {KL_STEP_ROTATION, NLERP, offsetof(kl_walk, rot_shown[KL_ROT_NLERP])},
    {KL_STEP_ROTATION, CUBIC, offsetof(kl_walk, rot_shown[KL_ROT_CUBIC])},
    {KL_STEP_SPIN, SLERP, offsetof(kl_walk, spin_shown[KL_SPIN_SLERP])},
    {KL_STEP_SPIN, SOURCE_CUBIC, offsetof(kl_walk, spin_shown[KL_SPIN_SOURCE])},
    {KL_STEP_SPIN, RATE_CUBIC, offsetof(kl_walk, spin_shown[KL_SPIN_RATE])},
    {KL_STEP_FLIP, STORED, offsetof(kl_walk, flip_shown[KL_FLIP_STORED])},
    {KL_STEP_FLIP, ALIGNED, offsetof(kl_walk, flip_shown[KL_FLIP_ALIGNED])},
    {KL_STEP_FLIP, SLERP, offsetof(kl_walk, flip_shown[KL_FLIP_SLERP])},
};
#define N_TOGGLES (sizeof toggles / sizeof toggles[0])

static double *walk_number(kl_walk *w, const kl_walk_param *p)
{
    return (double *)((char *)w + p->in_walk);
}

static bool *toggle_flag(kl_walk *w, size_t i)
{
    return (bool *)((char *)w + toggles[i].at);
}

void kl_walk_apply_given(kl_walk *w, int step)
{
    const kl_walk_given *g = w->given;
    if (!g)
        return;
    for (size_t i = 0; i < KL_WALK_OPTIONS; i++)
        if (g->given[i] && (kl_walk_params[i].steps & STEP(step)))
            *walk_number(w, &kl_walk_params[i]) = *(const double *)((const char *)g + kl_walk_params[i].in_given);
    if (!g->have_shown)
        return;
    /* a list that names none of this step's curves leaves the step's own, unless it is "none" */
    bool names_one = false;
    for (size_t i = 0; i < N_TOGGLES; i++)
        if (toggles[i].step == step && (g->shown & (1u << toggles[i].name)))
            names_one = true;
    for (size_t i = 0; i < N_TOGGLES; i++)
        if (toggles[i].step == step && (names_one || g->shown == 0))
            *toggle_flag(w, i) = (g->shown >> toggles[i].name) & 1u;
}

void kl_walk_state_update(kl_walk *w, int step)
{
    size_t used = 0;
    w->stated_keys[0] = w->stated_shown[0] = '\0';
    if (step == KL_STEP_EDIT) {
        kf_track *t = &w->balls[KL_BALL_CUBIC];
        for (size_t k = 0; k < t->count && k < KL_KEYS; k++) {
            const double v[3] = {kf_track_value(t, k)[1], kf_track_in_tangent(t, k)[1], kf_track_out_tangent(t, k)[1]};
            for (int j = 0; j < 3; j++) {
                char number[32];
                state_number(v[j], number, sizeof number);
                used = tui_append(w->stated_keys, sizeof w->stated_keys, used, "%s%s", k || j ? (j ? ":" : ",") : "",
                                  number);
            }
        }
    }
    used = 0;
    for (size_t i = 0; i < N_TOGGLES; i++)
        if (toggles[i].step == step && *toggle_flag(w, i))
            used = tui_append(w->stated_shown, sizeof w->stated_shown, used, "%s%s", used ? "," : "",
                              kl_toggle_names[toggles[i].name]);
    if (!used)
        snprintf(w->stated_shown, sizeof w->stated_shown, "none");
}

void kl_walk_state_describe(kl_walk *w, int step, tui_step *d)
{
    for (int p = 0; p < d->n_params; p++)
        for (size_t i = 0; i < KL_WALK_OPTIONS; i++)
            if ((kl_walk_params[i].steps & STEP(step)) && d->params[p].value == walk_number(w, &kl_walk_params[i]))
                d->params[p].option = kl_walk_params[i].option;
    if (step == KL_STEP_EDIT)
        d->stated[d->n_stated++] = (tui_stated){"keys", w->stated_keys};
    if (d->n_toggles)
        d->stated[d->n_stated++] = (tui_stated){"show", w->stated_shown};
}

/* --- the parsers (options.c's table) --------------------------------------------------------------------------- */

int kl_parse_keys(kl_walk_given *given, const char *opt, const char *text)
{
    /* KL_KEYS items V:IN:OUT, each number in the one number grammar (cli.h), V within the value's limit, IN and
     * OUT the tangent's */
    char allowed[160], piece[64];
    _Static_assert(KL_KEYS == 3, "the message below says three keys");
    snprintf(allowed, sizeof allowed, _("a list of three keys VALUE:IN:OUT, comma-separated, each value from %g to %g, "
                                        "each tangent from %g to %g"),
             -KL_VALUE_LIMIT, KL_VALUE_LIMIT, -KL_TANGENT_LIMIT, KL_TANGENT_LIMIT);
    const char *at = text;
    for (int k = 0; k < KL_KEYS; k++) {
        for (int j = 0; j < 3; j++) {
            const char want = j < 2 ? ':' : k < KL_KEYS - 1 ? ',' : '\0';
            const size_t n = strcspn(at, ":,");
            if (at[n] != want || n >= sizeof piece)
                return cli_error(_("%s: '%s' is not %s"), opt, cli_cut(text), allowed);
            memcpy(piece, at, n);
            piece[n] = '\0';
            double v;
            const double limit = j ? KL_TANGENT_LIMIT : KL_VALUE_LIMIT;
            const char *problem = cli_number_problem(piece, &v);
            if (!problem && !(v >= -limit && v <= limit))
                problem = _("is out of range");
            if (problem)
                /* TRANSLATORS: "--keys: 'x' in 'x:0:5,...' is not a number (allowed: ...)" */
                return cli_error(_("%s: '%s' in '%s' %s (allowed: %s)"), opt, cli_cut(piece), cli_cut(text), problem,
                                 allowed);
            given->keys[k][j] = v;
            at += n + (want != '\0');
        }
    }
    given->have_keys = true;
    return CLI_OK;
}

int kl_parse_shown(kl_walk_given *given, const char *opt, const char *text)
{
    unsigned shown = 0;
    if (strcmp(text, "none") != 0) {
        for (const char *item = text;;) {
            const size_t n = strcspn(item, ",");
            int found = -1;
            for (int i = 0; kl_toggle_names[i]; i++)
                if (strlen(kl_toggle_names[i]) == n && strncmp(item, kl_toggle_names[i], n) == 0)
                    found = i;
            if (found < 0) {
                char name[64];
                snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), item);
                return cli_error(_("%s: '%s' is not a curve a step shows (allowed: a comma-separated list of "
                                   "keep-volume, on-floor, slerp, nlerp, cubic, source-cubic, rate-cubic, stored, "
                                   "aligned, or none)"),
                                 opt, cli_cut(name));
            }
            shown |= 1u << found;
            if (!item[n])
                break;
            item += n + 1;
        }
    }
    given->shown = shown;
    given->have_shown = true;
    return CLI_OK;
}
