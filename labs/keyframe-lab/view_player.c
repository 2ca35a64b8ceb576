/* keyframe-lab FILE.gltf: a glTF file's animations played on the shared tui shell. Every channel of every
 * animation is a step (n/p: next/previous channel, crossing into the next animation; a/A: the next/previous
 * animation). The left pane plots the channel's components over the animation with its keys and a time cursor;
 * the right one shows a rotation as an axis triad and any other path as the components' velocities. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/lang.h"
#include "numlab/text.h"
#include "numlab/tui.h"
#include "lab.h"

#define PLAYER_SAMPLES 1001
#define MAX_SHOWN 6              /* components plotted (a weights channel may have more) */
#define MAX_KEY_POINTS 512       /* keys drawn as points; denser tracks show the curve only */

typedef struct {
    size_t animation, channel;
} channel_ref;

typedef struct {
    const char *path;
    gltf_doc doc;
    channel_ref *steps;          /* every channel of every animation, in file order */
    size_t n_steps;
    plot_mode mode;
    plot_chart *chart[2];
    kl_clock clock;
    double speed;
    bool loop;
    size_t clock_animation;      /* the animation the clock plays (switching channels within it keeps the time) */
    kf_quat view;

    /* the current channel */
    const kf_clip *clip;
    const kf_channel *channel;
    size_t shown_count;          /* components plotted: min(components, MAX_SHOWN) */
    bool shown[MAX_SHOWN];
    double grid_t[PLAYER_SAMPLES];
    double value[MAX_SHOWN][PLAYER_SAMPLES], velocity[MAX_SHOWN][PLAYER_SAMPLES];
    double keys_xy[2 * MAX_KEY_POINTS * MAX_SHOWN];
    size_t key_points;
    double triad_xy[3][2 * KL_TRIAD_POINTS];
    double *sample;              /* 2 x components numbers for kf_track_sample and _velocity (NULL: out of memory) */
    char title[160], text[1024];
    tui_app *app;                /* the shell playing it (tui_go_to_step) */
} player;

static const char *component_name(const kf_channel *c, size_t i, char *buf, size_t size)
{
    static const char *const xyzw[4] = {"x", "y", "z", "w"};
    if (c->path != KF_PATH_WEIGHTS && i < 4)
        return xyzw[i];
    snprintf(buf, size, "w%zu", i);
    return buf;
}

/* --- the model ------------------------------------------------------------------------------------------------ */

static void select_channel(player *pl, int step)
{
    const channel_ref *ref = &pl->steps[step];
    pl->clip = &pl->doc.animations[ref->animation];
    pl->channel = &pl->clip->channels[ref->channel];
    const kf_track *t = &pl->channel->track;
    pl->shown_count = t->components < MAX_SHOWN ? t->components : MAX_SHOWN;
    for (size_t i = 0; i < MAX_SHOWN; i++)
        pl->shown[i] = i < pl->shown_count;

    double length = pl->clip->duration > 0.0 ? pl->clip->duration : 1.0;
    free(pl->sample);  /* sized for this channel once, so that drawing a frame allocates nothing */
    double *v = pl->sample = malloc(t->components * 2 * sizeof *v);
    kf_cursor cursor = KF_CURSOR_INIT;
    for (int i = 0; i < PLAYER_SAMPLES; i++) {
        double time = length * i / (PLAYER_SAMPLES - 1);
        pl->grid_t[i] = time;
        if (v) {
            kf_track_sample_cursor(t, &cursor, time, v);
            kf_track_velocity(t, time, v + t->components);
        }
        for (size_t c = 0; c < pl->shown_count; c++) {
            pl->value[c][i] = v ? v[c] : NAN;
            pl->velocity[c][i] = v ? v[t->components + c] : NAN;
        }
    }
    /* the keys as points: (t_k, v_k[c]) for every shown component */
    pl->key_points = 0;
    if (t->count <= MAX_KEY_POINTS)
        for (size_t k = 0; k < t->count; k++)
            for (size_t c = 0; c < pl->shown_count; c++) {
                pl->keys_xy[2 * pl->key_points] = t->times[k];
                pl->keys_xy[2 * pl->key_points + 1] = kf_track_value_const(t, k)[c];
                pl->key_points++;
            }
}

static void player_changed(void *ctx, int step, tui_change what)
{
    player *pl = ctx;
    if (what == TUI_ENTER_STEP) {
        select_channel(pl, step);
        pl->speed = pl->speed > 0.0 ? pl->speed : 1.0;
        if (pl->steps[step].animation == pl->clock_animation && pl->clock.duration == pl->clip->duration)
            return;  /* another channel of the animation that plays: keep its time */
        pl->clock_animation = pl->steps[step].animation;
    }
    if (what == TUI_EDITED) {
        pl->clock.speed = pl->speed;
        return;
    }
    kl_clock_start(&pl->clock, pl->clip->duration, pl->speed, pl->loop);
}

static bool player_tick(void *ctx, int step, double frame_dt)
{
    (void)step;
    player *pl = ctx;
    return kl_clock_tick(&pl->clock, frame_dt);
}

/* The first step of the animation `delta` away from the current one's (wrapping around). */
static int animation_step(const player *pl, int step, int delta)
{
    size_t count = pl->doc.animation_count, a = pl->steps[step].animation;
    for (size_t tries = 0; tries < count; tries++) {
        a = (a + count + (size_t)(delta > 0 ? 1 : count - 1)) % count;
        for (size_t s = 0; s < pl->n_steps; s++)
            if (pl->steps[s].animation == a)
                return (int)s;
    }
    return step;
}

static bool player_key(void *ctx, int step, int key)
{
    player *pl = ctx;
    switch (key) {
    case 'a':
    case 'A':
        tui_go_to_step(pl->app, animation_step(pl, step, key == 'a' ? +1 : -1));
        return true;
    case 'l':
        pl->loop = pl->clock.loop = !pl->loop;
        if (pl->loop && pl->clock.done)
            kl_clock_start(&pl->clock, pl->clock.duration, pl->speed, true);
        return true;
    default:
        return false;
    }
}

/* --- the view ------------------------------------------------------------------------------------------------- */

static const plot_grid *player_render(void *ctx, int step, int pane, int cols, int rows)
{
    (void)step;
    player *pl = ctx;
    plot_chart *ch = pl->chart[pane];
    if (plot_chart_resize(ch, cols, rows))
        return NULL;
    const kf_track *t = &pl->channel->track;
    double now = kl_clock_now(&pl->clock), *v = pl->sample;
    plot_chart_clear(ch);
    plot_chart_set_equal_aspect(ch, false);  /* a curve, unless the triad's scene below */
    plot_chart_set_legend(ch, PLOT_LEGEND_AUTO);
    plot_chart_set_autoscale(ch, PLOT_X, 0.0);
    plot_chart_set_autoscale(ch, PLOT_Y, 0.05);
    plot_chart_set_labels(ch, "t [s]", "");
    if (pane == 1 && pl->channel->path == KF_PATH_ROTATION && v) {
        kf_track_sample(t, now, v);
        kf_quat q = {v[0], v[1], v[2], v[3]};
        const double centre = 0.0;
        const char *label = _("the node's axes");
        plot_chart_set_labels(ch, _("axes: x red, y green, z blue"), "");
        kl_walk_add_triads(ch, pl->view, &q, &centre, 1, 1.0, pl->triad_xy);
        return kl_walk_render_scene(ch, -1.3, 1.3, -1.2, 1.2, &label, &centre, 1);
    }
    plot_chart_set_title(ch, pane == 0 ? pl->title : _("velocity d/dt"));
    plot_chart_add_vline(ch, now, 0, NULL);
    if (v) {
        if (pane == 0)
            kf_track_sample(t, now, v);
        else
            kf_track_velocity(t, now, v);
    }
    for (size_t c = 0; c < pl->shown_count; c++) {
        if (!pl->shown[c])
            continue;
        char buf[16];
        plot_series s = {.name = component_name(pl->channel, c, buf, sizeof buf), .x = pl->grid_t,
                         .y = pane == 0 ? pl->value[c] : pl->velocity[c], .n = PLAYER_SAMPLES,
                         .color = (int)c + 1};
        plot_chart_add_series(ch, &s);
        if (v)
            plot_chart_add_marker(ch, now, v[c], (int)c + 1, NULL);  /* ignored when not finite */
    }
    if (pane == 0 && pl->key_points) {
        plot_series keys = {.name = _("keyframes"), .x = &pl->keys_xy[0], .y = &pl->keys_xy[1], .n = pl->key_points,
                            .stride = 2, .color = KL_COLOR_PLAIN, .style = PLOT_POINTS};
        plot_chart_add_series(ch, &keys);
    }
    return plot_chart_render(ch);
}

static void player_notes(void *ctx, int step, char *buf, size_t size)
{
    (void)step;
    player *pl = ctx;
    const kf_track *t = &pl->channel->track;
    double now = kl_clock_now(&pl->clock), *v = pl->sample;
    if (!v) {
        snprintf(buf, size, "%s", _("out of memory"));
        return;
    }
    kf_track_sample(t, now, v);
    int used = snprintf(buf, size, _("t = %.3f of %.3f s:"), now, pl->clip->duration);
    for (size_t c = 0; c < t->components && c < 8 && used > 0 && (size_t)used < size; c++) {
        char name[16];
        used += snprintf(buf + used, size - (size_t)used, " %s %.4g", component_name(pl->channel, c, name,
                                                                                      sizeof name), v[c]);
    }
    if (pl->channel->path == KF_PATH_ROTATION && used > 0 && (size_t)used < size)
        snprintf(buf + used, size - (size_t)used, _(" (turned %.2f deg)"),
                 kf_quat_angle(kf_quat_normalize((kf_quat){v[0], v[1], v[2], v[3]})) * 180.0 / NUMLAB_PI);
}

static void player_describe(void *ctx, int step, tui_step *d)
{
    player *pl = ctx;
    const channel_ref *ref = &pl->steps[step];
    const kf_clip *clip = &pl->doc.animations[ref->animation];
    const kf_channel *c = &clip->channels[ref->channel];
    const gltf_doc *doc = &pl->doc;
    char abuf[64], nbuf[64], shown_path[256];  /* what came from the file (and its name), escaped for the screen */
    const char *aname = kl_shown(clip->name, ref->animation, abuf, sizeof abuf);
    const char *nname = kl_shown(doc->nodes[c->node].name, c->node, nbuf, sizeof nbuf);
    text_escape(pl->path, shown_path, sizeof shown_path);
    snprintf(pl->title, sizeof pl->title, "%s (%zu/%zu): %s %s", aname, ref->animation + 1, doc->animation_count,
             nname, kf_path_name(c->path));
    int used = snprintf(pl->text, sizeof pl->text,
                        _("%s: %s, channel %zu/%zu of this animation: %s, keys: %zu, components: %zu, t = %.4g .. %.4g "
                          "s. n/p: channel, a/A: animation, l: loop.\n"),
                        shown_path, kf_interp_name(c->track.interp), ref->channel + 1, clip->channel_count,
                        kf_path_name(c->path), c->track.count, c->track.components, kf_track_start(&c->track),
                        kf_track_end(&c->track));
    if (used > 0 && (size_t)used < sizeof pl->text)
        used += snprintf(pl->text + used, sizeof pl->text - (size_t)used,
                         P_("%zu animation:", "%zu animations:", doc->animation_count), doc->animation_count);
    for (size_t a = 0; a < doc->animation_count && used > 0 && (size_t)used < sizeof pl->text; a++)
        used += snprintf(pl->text + used, sizeof pl->text - (size_t)used, _(" %s%s (%zu ch, %.3g s)%s"),
                         a == ref->animation ? ">" : "", kl_shown(doc->animations[a].name, a, abuf, sizeof abuf),
                         doc->animations[a].channel_count, doc->animations[a].duration,
                         a + 1 < doc->animation_count ? "," : "");
    d->title = pl->title;
    d->text = pl->text;
    d->n_panes = 2;
    tui_add_param(d, _("speed"), "x", &pl->speed, 0.05, 10.0, 1.25, 2.0, true);
    /* the toggles point at the shown flags; select_channel sets them when the step is entered */
    size_t n = c->track.components < MAX_SHOWN ? c->track.components : MAX_SHOWN;
    static char names[MAX_SHOWN][16];
    for (size_t i = 0; i < n; i++)
        d->toggles[d->n_toggles++] =
            (tui_toggle){component_name(c, i, names[i], sizeof names[i]), (int)i + 1, &pl->shown[i]};
}

/* --- the app -------------------------------------------------------------------------------------------------- */

int kl_play(const labcli_result *r, const char *path, plot_mode glyphs)
{
    static player pl;  /* large (sample buffers): not on the stack */
    memset(&pl, 0, sizeof pl);
    pl.path = path;
    int st = kl_gltf_load(path, &pl.doc);
    if (st)
        return st;
    if (!cli_have_terminal()) {
        gltf_doc_destroy(&pl.doc);
        return labcli_no_terminal(r, path);
    }
    for (size_t a = 0; a < pl.doc.animation_count; a++)
        pl.n_steps += pl.doc.animations[a].channel_count;
    if (pl.n_steps == 0 || pl.n_steps > 1000000) {
        gltf_doc_destroy(&pl.doc);
        return cli_error(pl.n_steps ? _("%s: too many (over 1000000) animation channels to play (--list FILE shows "
                                        "what it holds)")
                                    : _("%s: no animation channels to play (--list FILE shows what it holds)"), path);
    }
    pl.steps = malloc(pl.n_steps * sizeof *pl.steps);
    pl.mode = plot_mode_drawable(glyphs);  /* what curses can draw */
    pl.view = kl_scene_view(-35.0 * NUMLAB_PI / 180.0, 20.0 * NUMLAB_PI / 180.0);
    pl.speed = 1.0;
    pl.clock_animation = (size_t)-1;
    for (int p = 0; p < 2; p++)
        pl.chart[p] = plot_chart_new(40, 12, pl.mode);
    if (!pl.steps || !pl.chart[0] || !pl.chart[1]) {
        st = cli_fail("%s", _("out of memory"));
        goto done;
    }
    size_t s = 0;
    for (size_t a = 0; a < pl.doc.animation_count; a++)
        for (size_t c = 0; c < pl.doc.animations[a].channel_count; c++)
            pl.steps[s++] = (channel_ref){a, c};
    tui_app app = {
        .name = "keyframe-lab", .ctx = &pl, .n_steps = (int)pl.n_steps, .min_cols = 80, .min_rows = 24,
        .frame_hz = 30, .extra_keys = N_("a anim  l loop"), .describe = player_describe, .changed = player_changed,
        .render = player_render, .notes = player_notes, .tick = player_tick, .key = player_key,
    };
    pl.app = &app;
    st = labcli_walk_status(r, tui_run(&app), path);
done:
    for (int p = 0; p < 2; p++)
        plot_chart_free(pl.chart[p]);
    free(pl.steps);
    free(pl.sample);
    gltf_doc_destroy(&pl.doc);
    return st;
}
