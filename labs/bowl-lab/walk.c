/* bowl-lab's interactive guided walk on the shared tui shell: the six levels of the bowl note's synthesis chain, one a
 * step (each adds its sound layer to the ones before), then free play with the presets. The bowl runs in real time
 * (model.c); the player tilts it (h/j/k/l, or a mouse drag: its lowest point goes under the pointer), stirs it
 * (s starts and stops, v reverses, the stir parameters) and strikes the spheres (x); w renders the session so far to
 * a WAV and its gesture to a CSV that `bowl-lab --gesture` plays back to the same bytes. With a sound device the
 * session is heard as it is played (live.c): it then steps in the synthesis thread, and every callback here
 * holds the live lock while it touches the session. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/common.h"
#include "numlab/labcli.h"
#include "numlab/tui.h"

enum { N_LAYERS = 5 };

#define TILT_STEP 2.0         /* degrees a key press */
#define TIMELINE_ROWS 7
#define TIMELINE_WINDOW 5.0   /* s */
#define OPEN_FILTER 1e6       /* Hz: a one-pole low-pass this high passes every sample unchanged (coef 1) */

static const struct {
    const char *name;
    unsigned bit;
    int color;
} layers[N_LAYERS] = {{N_("rub"), SND_LAYER_RUB, PLOT_CYAN}, {N_("pair"), SND_LAYER_PAIR, PLOT_MAGENTA},
                      {N_("impact"), SND_LAYER_IMPACT, PLOT_YELLOW}, {N_("body"), SND_LAYER_BODY, PLOT_GREEN},
                      {N_("force"), SND_LAYER_FORCE, PLOT_BLUE}};

/* What each step sounds like: the layers up to its level. */
static const unsigned step_layers[BL_N_STEPS] = {
    0, 0, SND_LAYER_FORCE, SND_LAYER_FORCE, SND_LAYER_RUB | SND_LAYER_PAIR, SND_LAYERS_DEFAULT, SND_LAYERS_DEFAULT,
    SND_LAYERS_DEFAULT, SND_LAYERS_DEFAULT, SND_LAYERS_DEFAULT,
};

/* The study a step shows (BL_STUDY_*), or -1. */
static int step_study(int step)
{
    return step >= BL_STEP_ALIAS && step <= BL_STEP_PRECISION ? BL_STUDY_ALIAS + (step - BL_STEP_ALIAS) : -1;
}

typedef struct {
    plot_mode mode;
    plot_chart *bowl_chart, *spec_chart, *sgram_chart;
    float *sgram_values;                /* the spectrogram view's heat map (g), frames x bins */
    bool show_spectrogram;
    plot_canvas *lanes;
    plot_grid pane;                     /* the right pane: timeline over spectrum */
    size_t pane_cap;
    double freq[BL_SPECTRUM_N / 2 + 1], db[BL_SPECTRUM_N / 2 + 1], window[BL_SPECTRUM_N];
    unsigned long spectrum_of;          /* the ring_version the spectrum was computed for */
    const snd_preset *start;            /* the command line's preset (with its --set changes and gesture) */
    const unsigned *typed_layers;       /* --layers, every level's; NULL: each level's own */
    /* the parameters */
    snd_preset preset;                  /* the step's instrument */
    double preset_no, seed;
    bool layer_on[N_LAYERS];
    bl_controls c;                /* tilt and stir; the radius comes from stir_mm */
    double stir_mm, last_stir;
    /* what the session was built from */
    bool have_session;
    bl_session s;
    snd_preset built;
    double built_no, built_seed;
    unsigned built_layers;
    char problem[256], saved[512];
    char stated_set[STATE_MAX], stated_preset[64], stated_layers[128];  /* the state line's (walk_describe) */
    bl_live live;
    double peak;                        /* the session's output peak over the last frame */
    tui_app *app;                       /* the shell running the walk (tui_say) */
    /* the sampling steps' study (the main thread's alone: the synthesis thread never reads it) */
    plot_chart *study_chart;
    bl_study study;
    bool have_study;
    double study_freq, study_rate, study_decay, built_study[4];
    const bl_study_given *study_given;  /* --freq, --rate, --decay as given, or NULL */
} walk;

static void lock(walk *w)
{
    pthread_mutex_lock(&w->live.lock);
}

static void unlock(walk *w)
{
    pthread_mutex_unlock(&w->live.lock);
}

/* --- the model ------------------------------------------------------------------------------------------------ */

static unsigned layer_bits(const walk *w)
{
    unsigned bits = 0;
    for (int k = 0; k < N_LAYERS; k++)
        bits |= w->layer_on[k] ? layers[k].bit : 0;
    return bits;
}

static const snd_preset *base_preset(const walk *w)
{
    size_t i = (size_t)w->preset_no - 1;
    const snd_preset *p = snd_preset_at(i < snd_preset_count() ? i : 0);
    return strcmp(p->name, w->start->name) == 0 ? w->start : p;
}

/* A step's instrument from a preset: at level 3 the gesture filter wide open (it comes at level 4). */
static snd_preset step_preset(const snd_preset *p, int step)
{
    snd_preset out = *p;
    if (step == BL_STEP_FORCE)
        out.sound.bright_lo = out.sound.bright_hi = OPEN_FILTER;
    return out;
}

static void load_preset(walk *w, int step)
{
    w->preset = step_preset(base_preset(w), step);
}

/* What the state line says of the screen beyond its sliders' options: the instrument's parameters that differ from
 * the preset's own (given with --set, or moved here: --set), the preset when another than the first, the layers
 * when not the step's own. */
static void update_stated(walk *w, int step)
{
    const size_t i = (size_t)w->preset_no - 1;
    const snd_preset *table = snd_preset_at(i < snd_preset_count() ? i : 0);
    const snd_preset base = step_preset(table, step);
    bl_controls c = w->c;
    c.stir_radius = w->stir_mm / 1000.0;
    bl_walk_set_list(&base, &w->preset, &c, w->stated_set, sizeof w->stated_set);
    snprintf(w->stated_preset, sizeof w->stated_preset, "%s", i == 0 ? "" : table->name);
    w->stated_layers[0] = '\0';
    if (layer_bits(w) != step_layers[step])  /* given with --layers, or toggled here */
        bl_layers_text(layer_bits(w), w->stated_layers, sizeof w->stated_layers);
}

static void sync_controls(walk *w)
{
    w->c.stir_radius = w->stir_mm / 1000.0;
    if (w->have_session)
        w->s.player.c = w->c;
}

/* Under the lock: the synthesis thread steps the new session from its next call on. */
static void rebuild(walk *w)
{
    w->live.s = NULL;
    if (w->have_session)
        bl_session_destroy(&w->s);
    w->have_session = false;
    w->problem[0] = '\0';
    sync_controls(w);
    const unsigned bits = layer_bits(w);
    int rc = bl_session_init(&w->s, &w->preset, (unsigned long)w->seed, bits, &w->c);
    w->built = w->preset, w->built_no = w->preset_no, w->built_seed = w->seed, w->built_layers = bits;
    w->spectrum_of = (unsigned long)-1;
    if (rc == SND_OK) {
        w->have_session = true;
        w->live.s = &w->s;
        return;
    }
    const char *what = NULL;
    if (rc == SND_ERR_NOMEM)
        snprintf(w->problem, sizeof w->problem, "%s", _("out of memory"));
    else
        snprintf(w->problem, sizeof w->problem, _("these parameters do not fit together (%s): change one back"),
                 bowl_params_check(&w->preset.bowl, &what) || snd_params_check(&w->preset.sound, &what) ? what
                                                                                                      : _("the rate"));
}

/* The sampling steps' sliders: f and fs (alias, warp), f and decay (precision), each in [lo, hi]. */
typedef struct {
    double *value;
    const char *name, *unit, *option;
    double lo, hi;
} study_slider;

static int study_sliders(walk *w, int step, study_slider out[2])
{
    if (step == BL_STEP_ALIAS || step == BL_STEP_WARP) {
        out[0] = (study_slider){&w->study_freq, "f", "Hz", "freq", 20.0, 384000.0};
        out[1] = (study_slider){&w->study_rate, "fs", "Hz", "rate", 1000.0, 384000.0};
        return 2;
    }
    if (step == BL_STEP_PRECISION) {
        out[0] = (study_slider){&w->study_freq, "f", "Hz", "freq", 1.0, 20000.0};
        out[1] = (study_slider){&w->study_decay, N_("decay"), "1/s", "decay", 0.01, 1000.0};
        return 2;
    }
    return 0;
}

/* The options given into a sampling step just set to its own values, each where its slider's range holds it. */
static void study_given(walk *w, int step)
{
    const bl_study_given *g = w->study_given;
    study_slider sl[2];
    const int n = g ? study_sliders(w, step, sl) : 0;
    for (int i = 0; i < n; i++) {
        const bool have = sl[i].value == &w->study_freq ? g->have_freq
                        : sl[i].value == &w->study_rate ? g->have_rate : g->have_decay;
        const double v = sl[i].value == &w->study_freq ? g->freq : sl[i].value == &w->study_rate ? g->rate : g->decay;
        if (have && v >= sl[i].lo && v <= sl[i].hi)
            *sl[i].value = v;
    }
}

/* A sampling step's study, built again when its parameters changed. */
static void update_study(walk *w, int step, tui_change what)
{
    const int kind = step_study(step);
    if (kind < 0)
        return;
    if (what == TUI_ENTER_STEP) {
        bl_study_defaults(kind, &w->study_freq, &w->study_rate, &w->study_decay);
        study_given(w, step);
    }
    w->study_rate = round(w->study_rate);  /* whole hertz, as --rate takes it: the slider's steps are x 2^(1/12) */
    const double want[4] = {kind, w->study_freq, w->study_rate, w->study_decay};
    if (w->have_study && memcmp(want, w->built_study, sizeof want) == 0)
        return;
    if (w->have_study)
        bl_study_free(&w->study);
    w->have_study = bl_study_build(&w->study, kind, w->study_freq, w->study_rate, w->study_decay) == NUMLAB_OK;
    memcpy(w->built_study, want, sizeof want);
}

static void walk_changed(void *ctx, int step, tui_change what)
{
    walk *w = ctx;
    update_study(w, step, what);
    lock(w);
    if (what == TUI_ENTER_STEP) {
        for (int k = 0; k < N_LAYERS; k++)
            w->layer_on[k] = (w->typed_layers ? *w->typed_layers : step_layers[step]) & layers[k].bit;
        load_preset(w, step);
    } else if (what == TUI_EDITED && w->preset_no != w->built_no) {
        load_preset(w, step);
    }
    if (what != TUI_EDITED || !w->have_session || w->preset_no != w->built_no || w->seed != w->built_seed ||
        layer_bits(w) != w->built_layers || !bl_same_params(&w->preset, &w->built))
        rebuild(w);
    else
        sync_controls(w);  /* the gesture plays on */
    update_stated(w, step);
    unlock(w);
}

static bool walk_tick(void *ctx, int step, double frame_dt)
{
    (void)step;
    walk *w = ctx;
    lock(w);
    bool active = w->have_session;
    if (active) {
        sync_controls(w);
        if (!w->live.out)  /* without sound the frame's clock steps the session; with it, the device's */
            bl_session_frame(&w->s, frame_dt);
        active = bl_session_active(&w->s);
        w->peak = w->s.peak;
        if (w->live.out)
            w->s.peak = 0.0;
    }
    unlock(w);
    return active;
}

static void walk_paused(void *ctx, int step, bool paused)
{
    (void)step;
    walk *w = ctx;
    if (w->live.out)
        audio_set_paused(w->live.out, paused);  /* fades out; the session stands still until space again */
}

/* w: the session so far to a WAV and its gesture, rendered after the lock is let go (the sound plays on). */
static bool save_session(walk *w)
{
    lock(w);
    if (!w->have_session) {
        unlock(w);
        return false;
    }
    const snd_preset preset = w->s.preset;
    const unsigned long seed = w->s.seed;
    const unsigned bits = w->s.layers;
    bl_gesture g;
    const int rc = bl_session_gesture(&w->s, &g);
    unlock(w);
    char name[128];
    if (rc)
        snprintf(w->saved, sizeof w->saved, "%s", _("out of memory: the session cannot be rendered"));
    else
        bl_save(&preset, seed, bits, &g, ".", w->saved, sizeof w->saved, name, sizeof name);
    bl_gesture_free(&g);
    tui_say(w->app, "w: %s", w->saved);
    return true;
}

/* --- the player ------------------------------------------------------------------------------------------------- */

static double clamp_tilt(double deg)
{
    return fmax(-BL_TILT_MAX, fmin(BL_TILT_MAX, deg));
}

static bool walk_key(void *ctx, int step, int key)
{
    (void)step;
    walk *w = ctx;
    if (key == 'w')
        return save_session(w);
    if (key == 'm') {
        if (w->live.out)
            audio_set_muted(w->live.out, !audio_muted(w->live.out));
        return true;
    }
    lock(w);
    switch (key) {
    /* effective gravity leans along (cos tx sin ty, -sin tx): l/h move the low point right/left, k/j up/down */
    case 'h': w->c.tilt_y_deg = clamp_tilt(w->c.tilt_y_deg - TILT_STEP); break;
    case 'l': w->c.tilt_y_deg = clamp_tilt(w->c.tilt_y_deg + TILT_STEP); break;
    case 'k': w->c.tilt_x_deg = clamp_tilt(w->c.tilt_x_deg - TILT_STEP); break;
    case 'j': w->c.tilt_x_deg = clamp_tilt(w->c.tilt_x_deg + TILT_STEP); break;
    case 'c': w->c.tilt_x_deg = w->c.tilt_y_deg = 0.0; break;
    case 's':
        if (w->c.stir_hz != 0.0)
            w->last_stir = w->c.stir_hz, w->c.stir_hz = 0.0;
        else
            w->c.stir_hz = w->last_stir != 0.0 ? w->last_stir : 1.5;
        break;
    case 'v':
        w->c.stir_hz = -w->c.stir_hz, w->last_stir = -w->last_stir;
        break;
    case 'g':
        w->show_spectrogram = !w->show_spectrogram;
        unlock(w);
        return true;
    case 'x':  /* strikes pressed between two steps add up, to what a gesture file allows */
        if (w->have_session)
            w->s.player.strike = fmin(w->s.player.strike + 1.0, BL_STRIKE_MAX);
        break;
    default:
        unlock(w);
        return false;
    }
    sync_controls(w);
    unlock(w);
    return true;
}

static bool walk_mouse(void *ctx, int step, int pane, int col, int row, tui_mouse_kind kind)
{
    walk *w = ctx;
    double x, y;
    if (pane != 0 || step_study(step) >= 0 || !w->have_session || kind == TUI_MOUSE_RELEASE ||
        bl_cell_to_bowl(w->bowl_chart, col, row, &x, &y))
        return false;
    /* the bowl's lowest point goes under the pointer */
    const double R = w->preset.bowl.bowl_radius;
    bl_tilt_toward(x / R, y / R, BL_TILT_MAX, &w->c.tilt_x_deg, &w->c.tilt_y_deg);
    lock(w);
    sync_controls(w);
    unlock(w);
    return true;
}

/* --- the view ----------------------------------------------------------------------------------------------------- */

static void update_spectrum(walk *w)
{
    const bl_session *s = &w->s;
    if (w->spectrum_of == s->ring_version)
        return;
    for (size_t i = 0; i < BL_SPECTRUM_N; i++)
        w->window[i] = s->ring[(s->ring_at + i) % BL_SPECTRUM_N];
    if (snd_spectrum(w->window, BL_SPECTRUM_N, w->db) == 0)
        w->spectrum_of = s->ring_version;
}

static const plot_grid *right_pane(walk *w, int cols, int rows)
{
    const size_t need = (size_t)cols * (size_t)rows;
    if (need > w->pane_cap) {
        plot_cell *cells = realloc(w->pane.cells, need * sizeof *cells);
        if (!cells)
            return NULL;
        w->pane.cells = cells, w->pane_cap = need;
    }
    w->pane.cols = cols, w->pane.rows = rows;
    for (size_t i = 0; i < need; i++)
        w->pane.cells[i] = (plot_cell){.ch = ' '};
    if (!w->have_session || cols < 20 || rows < TIMELINE_ROWS)
        return &w->pane;
    if (plot_canvas_resize(w->lanes, cols - bl_timeline_label_cols() - 1, BL_LANES) == 0)
        bl_draw_timeline(&w->pane, 0, w->lanes, &w->s.timeline, snd_engine_bowl(w->s.e)->t, TIMELINE_WINDOW);
    const int spec_rows = rows - TIMELINE_ROWS;
    if (spec_rows < 5 || plot_chart_resize(w->spec_chart, cols, spec_rows))
        return &w->pane;
    plot_chart *chart = w->show_spectrogram ? w->sgram_chart : w->spec_chart;
    if (w->show_spectrogram && plot_chart_resize(chart, cols, spec_rows) == 0) {
        char title[PLOT_TITLE_MAX];
        snprintf(title, sizeof title, _("spectrogram, last %g s (dB, Hz)"), BL_SPECTROGRAM_S);
        bl_chart_spectrogram(chart, w->s.sg, w->sgram_values, title);
    } else {
        chart = w->spec_chart;
        update_spectrum(w);
        bl_chart_spectrum(chart, w->freq, w->db);
    }
    const plot_grid *g = plot_chart_render(chart);
    memcpy(w->pane.cells + (size_t)TIMELINE_ROWS * (size_t)cols, g->cells,
           (size_t)g->cols * (size_t)g->rows * sizeof *g->cells);
    return &w->pane;
}

static const plot_grid *render_locked(walk *w, int step, int pane, int cols, int rows)
{
    if (pane == 1)
        return right_pane(w, cols, rows);
    if (step_study(step) >= 0) {  /* the sampling steps: their study where the bowl was */
        if (plot_chart_resize(w->study_chart, cols, rows))
            return NULL;
        plot_chart_clear(w->study_chart);
        if (w->have_study)
            bl_chart_study(w->study_chart, &w->study);
        return plot_chart_render(w->study_chart);
    }
    if (plot_chart_resize(w->bowl_chart, cols, rows))
        return NULL;
    plot_chart_clear(w->bowl_chart);
    if (!w->have_session) {
        plot_chart_set_title(w->bowl_chart, "");
        return plot_chart_render(w->bowl_chart);
    }
    bl_chart_bowl(w->bowl_chart, &w->s);
    return plot_chart_render(w->bowl_chart);
}

static const plot_grid *walk_render(void *ctx, int step, int pane, int cols, int rows)
{
    walk *w = ctx;
    lock(w);
    const plot_grid *g = render_locked(w, step, pane, cols, rows);
    unlock(w);
    return g;
}

static size_t meter(const walk *w, char *buf, size_t size, size_t used, const char *label, double value,
                    const char *rest)
{
    /* the labels (lane names, as shown) padded alike, so the bars line up in any language */
    int pad = 0;
    for (int lane = BL_LANE_GATE0; lane <= BL_LANE_LATCH; lane++) {
        const char *name = bl_lane_name(lane);
        const int n = tui_text_columns(name, (int)strlen(name));
        pad = n > pad ? n : pad;
    }
    char bar[64];
    bl_bar(bar, sizeof bar, value, 10, w->mode != PLOT_ASCII);
    const int gap = pad + 1 - tui_text_columns(label, (int)strlen(label));
    return tui_append(buf, size, used, "\n%s%*s%s %4.2f %s", label, gap, "", bar, value, rest);
}

/* Six short lines, so that a step's text of four lines and its notes fill one page of the
 * text pane at 100 x 30: time and level; the gesture; each sphere's gate and micro-impact rate (and what the step
 * studies: the load, the filter's cutoff); the latch and the pair's rate; the sound. What w wrote is said on the
 * status line (tui_say), seen on every page. */
static void notes_locked(walk *w, int step, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    if (w->problem[0])
        used = tui_append(buf, size, used, "%s\n", w->problem);
    if (!w->have_session)
        return;
    const bowl *b = snd_engine_bowl(w->s.e);
    const snd_meters *m = snd_engine_meters(w->s.e);
    if (step_study(step) >= 0 && w->have_study) {  /* what the study found, then the time and the sound */
        char found[512];
        bl_study_text(&w->study, found, sizeof found);
        used = tui_append(buf, size, used, "%s\n", found);
    }
    used = tui_append(buf, size, used, _("t %.1f s, "), b->t);
    if (w->peak > 0.0)
        used = tui_append(buf, size, used, _("peak %.1f dBFS"), 20.0 * log10(w->peak));
    else
        used = tui_append(buf, size, used, "%s", _("silent"));
    if (step_study(step) >= 0) {
        char sound[128];
        bl_live_text(&w->live, sound, sizeof sound);
        tui_append(buf, size, used, "\n%s", sound);
        return;
    }
    used = tui_append(buf, size, used, _("\ntilt %.1f %.1f deg, stir %.1f Hz"), w->c.tilt_x_deg, w->c.tilt_y_deg,
                      w->c.stir_hz);
    char rest[64];
    for (int i = 0; i < 2; i++) {
        int n = snprintf(rest, sizeof rest, "%6.0f/s", m->rate[i]);
        if (step == BL_STEP_GATE)
            snprintf(rest + n, sizeof rest - (size_t)n, "  L %.2f L_ref", b->s[i].load / b->p.load_ref);
        else if (step == BL_STEP_FILTER)
            snprintf(rest + n, sizeof rest - (size_t)n, _("  cutoff %.0f Hz"), m->cutoff[i]);
        used = meter(w, buf, size, used, bl_lane_name(i ? BL_LANE_GATE1 : BL_LANE_GATE0), b->s[i].gate, rest);
    }
    snprintf(rest, sizeof rest, _("pair %.0f/s"), m->pair_rate);
    used = meter(w, buf, size, used, bl_lane_name(BL_LANE_LATCH), b->latch, rest);
    char sound[128];
    bl_live_text(&w->live, sound, sizeof sound);
    tui_append(buf, size, used, "\n%s", sound);
}

static void walk_notes(void *ctx, int step, char *buf, size_t size)
{
    walk *w = ctx;
    lock(w);
    notes_locked(w, step, buf, size);
    unlock(w);
}

static void walk_describe(void *ctx, int step, tui_step *d)
{
    walk *w = ctx;
    bowl_params *b = &w->preset.bowl;
    snd_params *s = &w->preset.sound;
    d->title = _(bl_step_titles[step]);
    d->text = _(bl_step_texts[step]);
    d->n_panes = 2;
    for (int k = 0; k < N_LAYERS; k++)
        d->toggles[d->n_toggles++] = (tui_toggle){_(layers[k].name), layers[k].color, &w->layer_on[k]};
    d->stated[d->n_stated++] = (tui_stated){"preset", w->stated_preset};
    d->stated[d->n_stated++] = (tui_stated){"layers", w->stated_layers};
    d->stated[d->n_stated++] = (tui_stated){"set", w->stated_set};
    switch (step) {
    case BL_STEP_MECHANICS:
        tui_add_param(d, _("drag"), "1/s", &b->surface_drag, 0.0, 20.0, 0.05, 0.5, false);
        tui_add_param(d, "e", "", &b->restitution, 0.0, 1.0, 0.05, 0.2, false);
        tui_add_param(d, _("magnet"), "mu", &b->magnet, 0.0, 1.0, 0.1, 0.5, false);
        break;
    case BL_STEP_GATE:
        tui_add_param(d, _("gate a"), "L_ref", &b->gate_lo, 0.0, 2.0, 0.05, 0.2, false);
        tui_add_param(d, _("gate b"), "L_ref", &b->gate_hi, 0.0, 2.0, 0.05, 0.2, false);
        tui_add_param(d, "L_ref", "N", &b->load_ref, 1e-4, 10.0, 1.25, 2.0, true);
        break;
    case BL_STEP_FORCE:
        tui_add_param(d, "D", "/m", &s->rub_density, 10.0, 1e6, 1.25, 4.0, true);
        tui_add_param(d, _("width"), "s", &s->rub_grain.width, 1e-5, 0.005, 1.25, 2.0, true);
        tui_add_param(d, _("shape"), "k", &s->rub_grain.shape, 0.05, 50.0, 1.25, 2.0, true);
        break;
    case BL_STEP_FILTER:
        /* TRANSLATORS: the gesture filter's cutoff at rest (lo) and at high speed (hi); short parameter names */
        tui_add_param(d, _("lo"), "Hz", &s->bright_lo, 20.0, 24000.0, 1.25, 2.0, true);
        tui_add_param(d, _("hi"), "Hz", &s->bright_hi, 20.0, 24000.0, 1.25, 2.0, true);
        tui_add_param(d, _("v half"), "m/s", &s->bright_speed, 0.01, 10.0, 1.25, 2.0, true);
        break;
    case BL_STEP_BANKS:
        tui_add_param(d, _("bowl f1"), "Hz", &s->bowl.f1, 20.0, 5000.0, 1.0594630943592953, 1.5, true);
        tui_add_param(d, _("bowl d1"), "1/s/Hz", &s->bowl.d1, 1e-4, 1.0, 1.25, 2.0, true);
        tui_add_param(d, _("ball f1"), "Hz", &s->ball.f1, 200.0, 20000.0, 1.0594630943592953, 1.5, true);
        break;
    case BL_STEP_EVENTS:
        tui_add_param(d, "e", "", &b->restitution, 0.0, 1.0, 0.05, 0.2, false);
        tui_add_param(d, _("magnet"), "mu", &b->magnet, 0.0, 1.0, 0.1, 0.5, false);
        tui_add_param(d, _("body a"), "alpha", &s->body_alpha, 1.0, 1e5, 1.5, 4.0, true);
        break;
    case BL_STEP_ALIAS:
    case BL_STEP_WARP:
    case BL_STEP_PRECISION: {
        study_slider sl[2];
        for (int i = 0, n = study_sliders(w, step, sl); i < n; i++) {
            const bool decay = sl[i].value == &w->study_decay;  /* a semitone a press, the decay by 1.25 */
            tui_add_param(d, _(sl[i].name), sl[i].unit, sl[i].value, sl[i].lo, sl[i].hi,
                          decay ? 1.25 : 1.0594630943592953, decay ? 4.0 : 2.0, true);
            tui_param_option(d, sl[i].option);
        }
        break;
    }
    default:
        tui_add_param(d, _("seed"), "", &w->seed, 0.0, 1e6, 1.0, 10.0, false);
        tui_param_option(d, "seed");
        tui_add_param(d, _("magnet"), "mu", &b->magnet, 0.0, 1.0, 0.1, 0.5, false);
        break;
    }
    /* TRANSLATORS: parameter names are at most about 9 columns; "deg" is the unit degrees */
    tui_add_param(d, _("tilt x"), _("deg"), &w->c.tilt_x_deg, -BL_TILT_MAX, BL_TILT_MAX, 1.0, 5.0, false);
    tui_add_param(d, _("tilt y"), _("deg"), &w->c.tilt_y_deg, -BL_TILT_MAX, BL_TILT_MAX, 1.0, 5.0, false);
    tui_add_param(d, _("stir"), "Hz", &w->c.stir_hz, -BL_STIR_MAX, BL_STIR_MAX, 0.1, 0.5, false);
    tui_add_param(d, _("stir r"), "mm", &w->stir_mm, 0.0, 1000.0 * BL_STIR_RADIUS_MAX, 1.0, 5.0, false);
    tui_add_param(d, _("preset"), "1-5", &w->preset_no, 1.0, (double)snd_preset_count(), 1.0, 1.0, false);
}

int bl_interactive(const labcli_result *r, plot_mode glyphs, const snd_preset *preset, unsigned long seed,
                   const char *audio, const unsigned *typed_layers, const bl_study_given *study)
{
    static walk w;  /* the spectrum's buffers are large: not on the stack */
    w = (walk){.start = preset, .seed = (double)seed, .preset_no = 1, .typed_layers = typed_layers,
               .study_given = study};
    int rc = bl_live_open(&w.live, audio);  /* before the screen: a device named but missing is an error */
    if (rc != CLI_OK) {
        bl_live_close(&w.live);
        return rc;
    }
    for (size_t i = 0; i < snd_preset_count(); i++)
        if (strcmp(snd_preset_at(i)->name, preset->name) == 0)
            w.preset_no = (double)(i + 1);
    w.c = (bl_controls){.tilt_x_deg = clamp_tilt(preset->gesture.tilt * 180.0 / NUMLAB_PI),
                        .tilt_y_deg = clamp_tilt(preset->gesture.tilt_y * 180.0 / NUMLAB_PI),
                        .stir_hz = preset->gesture.stir_hz};
    w.stir_mm = 1000.0 * preset->gesture.stir_radius;
    w.last_stir = w.c.stir_hz;
    for (size_t k = 0; k <= BL_SPECTRUM_N / 2; k++)
        w.freq[k] = (double)k * SND_RATE / BL_SPECTRUM_N;
    w.mode = plot_mode_drawable(glyphs);  /* what curses can draw */
    w.bowl_chart = plot_chart_new(40, 12, w.mode);
    w.spec_chart = plot_chart_new(40, 8, w.mode);
    w.sgram_chart = plot_chart_new(40, 8, w.mode);
    w.study_chart = plot_chart_new(40, 12, w.mode);
    w.sgram_values = malloc(BL_SPECTROGRAM_FRAMES * BL_SPECTROGRAM_BINS * sizeof *w.sgram_values);
    w.lanes = plot_canvas_new(32, BL_LANES, w.mode);
    if (!w.bowl_chart || !w.spec_chart || !w.sgram_chart || !w.study_chart || !w.sgram_values || !w.lanes) {
        rc = cli_fail("%s", _("out of memory"));
    } else {
        tui_app app = {
            .name = "bowl-lab", .ctx = &w, .n_steps = BL_N_STEPS, .min_cols = 80, .min_rows = 24, .frame_hz = 30,
            .extra_keys = N_("hjkl tilt  c level  s stir  v reverse  x strike  w WAV  m mute  g spectrogram"),
            .toggles_name = N_("layers"),
            .describe = walk_describe, .changed = walk_changed, .render = walk_render, .notes = walk_notes,
            .tick = walk_tick, .key = walk_key, .mouse = walk_mouse, .paused = walk_paused,
        };
        w.app = &app;
        rc = labcli_walk_run(r, &app, NULL);
    }
    bl_live_close(&w.live);  /* the synthesis thread ends before the session goes */
    if (w.have_session)
        bl_session_destroy(&w.s);
    free(w.pane.cells);
    plot_chart_free(w.bowl_chart);
    plot_chart_free(w.spec_chart);
    plot_chart_free(w.sgram_chart);
    plot_chart_free(w.study_chart);
    if (w.have_study)
        bl_study_free(&w.study);
    free(w.sgram_values);
    plot_canvas_free(w.lanes);
    return rc;
}
