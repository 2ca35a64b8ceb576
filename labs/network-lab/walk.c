/* network-lab's interactive guided walk: five steps through the network post on the shared tui shell, or a free run of
 * the user's own network. Three integrators run side by side in real time (sim.c: fixed steps through the
 * accumulator), drawn over each other in the left pane, their energies in the right one (view.c). A mass is
 * grabbed with the mouse (press, drag, release) or the keyboard (m selects, g grabs, h/j/k/l move). The view
 * follows the masses (lab_view_follow) until z/Z zoom by hand; v follows again. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/labcli.h"
#include "numlab/text.h"
#include "numlab/tui.h"

enum { STEP_SEED, STEP_SEMI, STEP_RK4, STEP_STIFF, STEP_CLOTH, STEP_IMPLICIT, N_STEPS };
enum { N_RUNS = 3 };
/* The three runs of each step (a free run of your own network: the first row's). */
static const net_method step_methods[N_STEPS][N_RUNS] = {
    [STEP_SEED] = {NET_EXPLICIT, NET_SEMI, NET_RK4},     [STEP_SEMI] = {NET_EXPLICIT, NET_SEMI, NET_RK4},
    [STEP_RK4] = {NET_EXPLICIT, NET_SEMI, NET_RK4},      [STEP_STIFF] = {NET_EXPLICIT, NET_SEMI, NET_RK4},
    [STEP_CLOTH] = {NET_EXPLICIT, NET_SEMI, NET_RK4},    [STEP_IMPLICIT] = {NET_SEMI, NET_RK4, NET_BACKWARD_EULER},
};

#define STIFF_SPRING 4        /* the four's diagonal 0-2 (net_presets.c lists the sides, then the diagonals) */
#define PULLED_MASS 2         /* the four starts with corner (1, 1) pulled out ... */
#define PULL_DX 0.3           /* ... by (0.3, 0.1) m, as if dragged there and let go */
#define PULL_DY 0.1
#define MOVE_FRACTION 0.025   /* one h/j/k/l press moves the held mass by this much of the rest view's width */
#define FRAME_HZ 60           /* the display rate while animating */
#define ZOOM_STEP 1.25        /* z shows 1/1.25 of the view, Z 1.25 times it */

/* Everything the network and the runs are built from: when it changes, they are rebuilt (toggles are not in it). */
typedef struct {
    double dt, k, m, c, k_stiff, side, kick;
} physics;

typedef struct {
    net_network *custom;      /* the user's network (--preset/--file), or NULL for the walk */
    const lab_options *o;
    plot_mode mode;
    plot_chart *chart[TUI_MAX_PANES];
    physics p, built;         /* the parameters, and those the network and the runs were built with */
    int built_step;           /* -1: nothing built */
    bool shown[N_RUNS];
    net_network *net;         /* owned when it is not `custom` */
    lab_sim sim;
    bool have_sim;
    double box[4];            /* the world shown */
    double rest_box[4];       /* the rest shape's: r starts from it, h/j/k/l move by a fraction of its width */
    bool zoomed;              /* z/Z set box by hand: it no longer follows the masses (f: follow again) */
    double visible[4];        /* the ranges the network pane drew last */
    bool have_visible;
    net_modes modes;
    bool have_modes;
    char modes_err[160];
    size_t selected;          /* n_masses: none */
    lab_network_view view;
    char problem[160];        /* out of memory: said in the notes */
} walk;

static const char *const step_titles[N_STEPS] = {
    "The post's explicit Euler at h = 1/fps",
    "Semi-implicit Euler: swap two lines",
    "RK4, the forums' advice",
    "A stiff spring and the step limit",
    "The cloth",
    "A stiff cloth: backward Euler",
};

/* Each at most ~280 characters: six lines of the text pane at 100 columns, with room for the notes below. */
static const char *const step_texts[N_STEPS] = {
    "The network post: four masses joined by six springs, moved by Euler with h = 1/fps. Each mass moves with its OLD "
    "velocity: explicit Euler, which gains energy every step, x(1 + (w h)^2) in a mode of frequency w. Corner 2 "
    "starts pulled out. Drag a mass: mouse, or m, g, h/j/k/l.",
    "Update the velocity first, then move with the NEW one: semi-implicit Euler, at the same cost. It is "
    "symplectic: its energy wobbles in a narrow band and never drifts, while explicit Euler's grows without "
    "bound. 1-3 show or hide a method.",
    "RK4 evaluates the forces four times a step; its error falls as h^4. At h = 1/60 s it follows the true motion "
    "closely and loses a little energy (it damps slightly). Raise dt to see each method's character.",
    NULL,  /* formatted with the live limits: stiff_text */
    NULL,  /* cloth_text */
    NULL,  /* lab_stiff_cloth_text */
};

static const char free_text[] =
    "Your network under three integrators at once. Drag a mass with the mouse, or m (select), g (grab) and "
    "h/j/k/l (move); 1-3 show or hide a method; dt is the fixed step the display frames feed (accumulator).";

/* --- model --------------------------------------------------------------------------------------------------- */

static void set_step_defaults(walk *w, int step)
{
    w->p = (physics){.dt = 1.0 / 60.0, .k = 10.0, .m = 1.0, .c = 0.0, .k_stiff = 10.0, .side = 6, .kick = 0.0};
    w->shown[0] = w->shown[1] = w->shown[2] = true;
    switch (step) {
    case STEP_SEED:
        w->shown[1] = w->shown[2] = false;
        break;
    case STEP_SEMI:
        w->shown[2] = false;
        break;
    case STEP_STIFF:
        w->p.k_stiff = 2000.0;  /* w_max about sqrt(2 k / m) = 63 rad/s: dt is half the semi-implicit limit */
        w->shown[0] = false;
        break;
    case STEP_CLOTH: {
        net_preset_params g;
        net_preset_defaults("grid", &g);
        w->p.dt = 1.0 / 240.0, w->p.k = g.k, w->p.m = g.m, w->p.c = g.c;
        break;
    }
    case STEP_IMPLICIT:  /* one step a frame on a cloth whose explicit limits are a fraction of a millisecond */
        w->p.dt = 1.0 / FRAME_HZ, w->p.k = LAB_STIFF_K, w->p.m = LAB_STIFF_M, w->p.c = LAB_STIFF_C;
        w->p.side = LAB_STIFF_SIDE;
        break;
    default:
        break;
    }
    if (w->custom) {
        w->p.dt = w->o->dt, w->p.kick = w->o->kick;
        w->shown[0] = w->shown[1] = w->shown[2] = true;
    }
}

static void drop_runs(walk *w)
{
    if (w->have_sim)
        lab_sim_destroy(&w->sim);
    w->have_sim = false;
}

static void drop_network(walk *w)
{
    drop_runs(w);
    if (w->net && w->net != w->custom)
        net_free(w->net);
    w->net = NULL;
    if (w->have_modes)
        net_modes_destroy(&w->modes);
    w->have_modes = false;
    w->built_step = -1;
}

static void say_problem(walk *w, int rc)
{
    snprintf(w->problem, sizeof w->problem, "%s: a smaller network, please",
             rc == NET_ERR_MEMORY ? "out of memory" : "cannot build the network");
}

/* The three runs from the start state, with the step dt; the network stays. */
static void start_runs(walk *w, int step)
{
    drop_runs(w);
    w->problem[0] = '\0';
    double *y0 = malloc(net_dim(w->net) * sizeof *y0);
    int rc = y0 ? NET_OK : NET_ERR_MEMORY;
    if (rc == NET_OK) {
        lab_start start = w->custom ? lab_start_from_options(w->net, w->o)
                                    : (lab_start){.pull_mass = step >= STEP_CLOTH ? w->net->n_masses : PULLED_MASS,
                                                  .pull_dx = PULL_DX, .pull_dy = PULL_DY, .seed = 1};
        start.kick = w->p.kick;
        rc = lab_start_state(w->net, &start, y0);
    }
    if (rc == NET_OK)
        rc = lab_sim_init(&w->sim, w->net, step_methods[w->custom ? 0 : step], N_RUNS, w->p.dt, w->o->tol, y0);
    w->sim.budget = 0.5 / FRAME_HZ;  /* half a frame of stepping: the rest is drawing and keys */
    free(y0);
    w->have_sim = rc == NET_OK;
    if (rc != NET_OK)
        say_problem(w, rc);
    w->built = w->p;
}

/* The step's network, its box and its normal modes (a dense eigenproblem: only when the network changes), then
 * the runs. */
static void rebuild(walk *w, int step)
{
    drop_network(w);
    int rc = NET_OK;
    if (w->custom) {
        w->net = w->custom;
    } else {
        net_preset_params p = {.n = (long)w->p.side, .k = w->p.k, .m = w->p.m, .c = w->p.c};
        rc = net_preset(step >= STEP_CLOTH ? "grid" : "four", &p, &w->net);
        if (rc == NET_OK && step == STEP_STIFF)
            w->net->k[STIFF_SPRING] = w->p.k_stiff;
    }
    double *rest = rc == NET_OK ? malloc(net_dim(w->net) * sizeof *rest) : NULL;
    if (!rest) {
        say_problem(w, rc == NET_OK ? NET_ERR_MEMORY : rc);
        drop_network(w);
        return;
    }
    net_rest_state(w->net, rest);
    lab_world_box(w->net, rest, w->rest_box);
    memcpy(w->box, w->rest_box, sizeof w->box);
    w->zoomed = w->have_visible = false;
    free(rest);
    w->selected = w->net->n_masses;
    w->have_modes = net_modes_compute(w->net, &w->modes, w->modes_err, sizeof w->modes_err) == NET_OK;
    w->built_step = step;
    start_runs(w, step);
}

static bool same_network(const physics *a, const physics *b)
{
    return a->k == b->k && a->m == b->m && a->c == b->c && a->k_stiff == b->k_stiff && a->side == b->side;
}

static char stiff_buf[400], cloth_buf[400], implicit_buf[600];  /* steps 4 to 6's texts, with computed limits */
static void stiff_text(const walk *w, char *text, size_t size);
static void cloth_text(const walk *w, char *text, size_t size);

static void walk_changed(void *ctx, int step, tui_change what)
{
    walk *w = ctx;
    if (what == TUI_ENTER_STEP)
        set_step_defaults(w, step);
    if (what == TUI_ENTER_STEP || step != w->built_step || !w->net || !same_network(&w->p, &w->built))
        rebuild(w, step);
    else if (w->p.dt != w->built.dt || w->p.kick != w->built.kick || !w->have_sim)
        start_runs(w, step);
    else if (what == TUI_RESTART && lab_sim_restart(&w->sim) != NET_OK)
        say_problem(w, NET_ERR_MEMORY);
    if (what == TUI_RESTART) {  /* the replay starts from the first view too */
        memcpy(w->box, w->rest_box, sizeof w->box);
        w->zoomed = w->have_visible = false;
    }
    /* a toggle alone changes nothing but what is drawn: the runs go on */
    if (step == STEP_STIFF)
        stiff_text(w, stiff_buf, sizeof stiff_buf);
    if (step == STEP_CLOTH)
        cloth_text(w, cloth_buf, sizeof cloth_buf);
    if (step == STEP_IMPLICIT)
        lab_stiff_cloth_text(implicit_buf, sizeof implicit_buf, w->p.dt, w->have_modes ? &w->modes : NULL);
}

static bool walk_tick(void *ctx, int step, double frame_dt)
{
    (void)step;
    walk *w = ctx;
    if (!w->have_sim)
        return false;
    lab_sim_frame(&w->sim, frame_dt);
    return lab_sim_active(&w->sim);
}

/* --- the drag ------------------------------------------------------------------------------------------------ */

/* Where mass i is now (in the first live run). */
static bool mass_position(const walk *w, size_t i, double *x, double *y)
{
    const lab_run *r = w->have_sim ? lab_sim_first_live(&w->sim) : NULL;
    if (!r || i >= w->net->n_masses)
        return false;
    *x = r->y[i], *y = r->y[w->net->n_masses + i];
    return true;
}

static bool holding(const walk *w)
{
    return w->have_sim && w->sim.held < w->net->n_masses;
}

static bool walk_key(void *ctx, int step, int key)
{
    (void)step;
    walk *w = ctx;
    if (!w->have_sim)
        return false;
    const size_t n = w->net->n_masses;
    double x, y, d = MOVE_FRACTION * (w->rest_box[1] - w->rest_box[0]);
    double dx = key == 'h' ? -d : key == 'l' ? d : 0.0, dy = key == 'j' ? -d : key == 'k' ? d : 0.0;
    switch (key) {
    case 'z': case 'Z':  /* zoom about the view's centre; the view stops following */
        lab_zoom(w->box, key == 'z' ? 1.0 / ZOOM_STEP : ZOOM_STEP);
        w->zoomed = true, w->have_visible = false;
        return true;
    case 'v':  /* follow the masses again, refit now */
        w->zoomed = w->have_visible = false;
        lab_view_fit(&w->sim, w->shown, w->box);
        return true;
    case 'm': case 'M':  /* the next (previous) mass; letting go of a held one */
        lab_sim_release(&w->sim);
        w->selected = w->selected >= n ? (key == 'm' ? 0 : n - 1) : (w->selected + (key == 'm' ? 1 : n - 1)) % n;
        return true;
    case 'g':
        if (holding(w))
            lab_sim_release(&w->sim);
        else if (mass_position(w, w->selected, &x, &y))
            lab_sim_hold(&w->sim, w->selected, x, y);
        return true;
    case 'h': case 'j': case 'k': case 'l':
        if (w->selected >= n)
            w->selected = 0;
        if (!mass_position(w, w->selected, &x, &y))
            return false;
        lab_sim_hold(&w->sim, w->selected, x + dx, y + dy);  /* grabs it if it was free */
        return true;
    default:
        return false;
    }
}

static bool walk_mouse(void *ctx, int step, int pane, int col, int row, tui_mouse_kind kind)
{
    (void)step;
    walk *w = ctx;
    double x, y;
    if (pane != 0 || !w->have_sim || lab_cell_to_world(w->chart[0], col, row, &x, &y))
        return false;
    const lab_run *r = lab_sim_first_live(&w->sim);
    switch (kind) {
    case TUI_MOUSE_PRESS:
        if (!r)
            return false;
        w->selected = net_nearest_mass(w->net, r->y, x, y);
        lab_sim_hold(&w->sim, w->selected, x, y);
        return true;
    case TUI_MOUSE_DRAG:
        if (!holding(w))
            return false;
        lab_sim_hold(&w->sim, w->sim.held, x, y);
        return true;
    default:
        if (!holding(w))
            return false;
        lab_sim_release(&w->sim);
        return true;
    }
}

/* --- view ---------------------------------------------------------------------------------------------------- */

static const plot_grid *walk_render(void *ctx, int step, int pane, int cols, int rows)
{
    (void)step;
    walk *w = ctx;
    plot_chart *ch = w->chart[pane];
    if (plot_chart_resize(ch, cols, rows))
        return NULL;
    plot_chart_clear(ch);
    if (!w->have_sim) {
        plot_chart_set_title(ch, "");
        return plot_chart_render(ch);
    }
    if (pane == 1) {
        lab_chart_energy(ch, &w->sim, w->shown);
        return plot_chart_render(ch);
    }
    char title[PLOT_TITLE_MAX], h[32];
    lab_format_seconds(h, sizeof h, w->sim.h);
    snprintf(title, sizeof title, "t = %.1f s, dt = %s, %zu masses", lab_sim_time(&w->sim), h, w->net->n_masses);
    w->view.sim = &w->sim;
    w->view.shown = w->shown;
    w->view.alpha = ts_accumulator_alpha(&w->sim.acc);
    w->view.selected = w->selected;
    if (!w->zoomed && !holding(w))  /* the view holds still under a dragged mass */
        lab_view_follow(&w->sim, w->shown, w->box, w->have_visible ? w->visible : NULL);  /* with hysteresis */
    w->view.box = w->box;
    w->view.title = title;
    if (lab_chart_network(ch, &w->view, w->mode))
        snprintf(w->problem, sizeof w->problem, "out of memory for the drawing");
    const plot_grid *grid = plot_chart_render(ch);
    w->have_visible = plot_chart_range(ch, PLOT_X, &w->visible[0], &w->visible[1]) == 0 &&
                      plot_chart_range(ch, PLOT_Y, &w->visible[2], &w->visible[3]) == 0;
    return grid;
}

static size_t energy_notes(const walk *w, char *buf, size_t size, size_t used)
{
    const lab_sim *s = &w->sim;
    used = tui_append(buf, size, used, "t = %.1f s. E [J]:", lab_sim_time(s));
    for (int k = 0; k < s->n_runs; k++) {
        const lab_run *r = &s->run[k];
        if (!w->shown[k])
            continue;
        if (r->stopped) {
            used = tui_append(buf, size, used, " %s %s at step %lld (t = %.3g s);", net_method_name(r->method),
                              r->gave_up ? "gave up" : "diverged", r->stop_step, r->stop_t);
            continue;
        }
        double e = net_energies(s->net, r->y).total;
        used = tui_append(buf, size, used, " %s %.3g", net_method_name(r->method), e);
        if (r->energy0 > 0.0)  /* a ratio means something only for a positive start */
            used = tui_append(buf, size, used, " (x%.3g)", e / r->energy0);
        used = tui_append(buf, size, used, ";");
    }
    return tui_append(buf, size, used, " ");
}

static void walk_notes(void *ctx, int step, char *buf, size_t size)
{
    walk *w = ctx;
    size_t used = 0;
    buf[0] = '\0';
    if (w->problem[0])
        used = tui_append(buf, size, used, "%s. ", w->problem);
    if (!w->have_sim)
        return;
    double x, y;
    if (mass_position(w, w->selected, &x, &y))
        used = tui_append(buf, size, used, "mass %zu %sat (%.3f, %.3f). ", w->selected, holding(w) ? "held " : "",
                          x, y);
    if (w->custom || step >= STEP_STIFF) {
        char gauge[320];
        if (w->have_modes)
            lab_gauge(gauge, sizeof gauge, w->sim.h, &w->modes);
        else
            snprintf(gauge, sizeof gauge, "no step limit: %s", w->modes_err);
        used = tui_append(buf, size, used, "%s. ", gauge);
    }
    energy_notes(w, buf, size, used);
}

/* --- description of each step --------------------------------------------------------------------------------- */

/* Steps 4 and 5 state the limits of the network on screen, computed (net_modes: the damped step matrices) each time
 * the network changes (walk_changed), into the buffers the step's description points at. */
static void stiff_text(const walk *w, char *text, size_t size)
{
    char semi[32] = "?", rk4[32] = "?";
    if (w->have_modes)
        lab_format_seconds(semi, sizeof semi, w->modes.semi_limit), lab_format_seconds(rk4, sizeof rk4,
                                                                                      w->modes.rk4_limit);
    snprintf(text, size, "The diagonal 0-2 is stiff. The largest normal-mode frequency w_max (from the "
             "stiffness matrix) sets the step limits: undamped, semi-implicit Euler is stable for h < 2/w_max (%s), "
             "RK4 for h < 2.83/w_max (%s). Raise k stiff until semi-implicit breaks; dampers (c) move the limits.",
             semi, rk4);
}

static void cloth_text(const walk *w, char *text, size_t size)
{
    char bare[32] = "?", semi[32] = "?", expl[32] = "?";
    if (w->have_modes && w->modes.damping != NET_DAMPING_UNKNOWN) {
        lab_format_seconds(bare, sizeof bare, w->modes.semi_limit);
        lab_format_seconds(semi, sizeof semi, w->modes.limit[NET_SEMI]);
        lab_format_seconds(expl, sizeof expl, w->modes.limit[NET_EXPLICIT]);
    }
    snprintf(text, size, "A cloth pinned at two corners, under gravity, structural and shear springs with "
             "dampers: drag a corner. The dampers change the limits: semi-implicit %s, not 2/w_max = %s; explicit "
             "Euler is stable below %s. Fixed steps of 1/240 s, four a frame at 60 Hz; raise dt past them.",
             semi, bare, expl);
}

static void walk_describe(void *ctx, int step, tui_step *d)
{
    walk *w = ctx;
    physics *p = &w->p;
    d->n_panes = 2;
    const net_method *methods = step_methods[w->custom ? 0 : step];
    for (int k = 0; k < N_RUNS; k++)
        d->toggles[d->n_toggles++] = (tui_toggle){net_method_name(methods[k]), lab_method_color(methods[k]),
                                                  &w->shown[k]};
    if (w->custom) {
        static char title[PLOT_TITLE_MAX];
        /* a file name is shown escaped (text.h), cut to the title */
        int head = snprintf(title, sizeof title, "your network: ");
        text_escape(w->o->file ? w->o->file : w->o->preset, title + head, sizeof title - (size_t)head);
        d->title = title;
        d->text = free_text;
        tui_add_param(d, "dt", "s", &p->dt, 1e-5, 0.5, 1.25, 2.0, true);
        tui_add_param(d, "kick", "m/s", &p->kick, 0.0, 100.0, 0.1, 1.0, false);
        return;
    }
    d->title = step_titles[step];
    d->text = step == STEP_STIFF ? stiff_buf : step == STEP_CLOTH ? cloth_buf : step == STEP_IMPLICIT ? implicit_buf
                                                                                                : step_texts[step];
    if (step == STEP_STIFF)
        tui_add_param(d, "k stiff", "N/m", &p->k_stiff, 1.0, 1e8, 1.25, 2.0, true);
    if (step >= STEP_CLOTH)
        tui_add_param(d, "n", "side", &p->side, 2, 16, 1, 4, false);
    tui_add_param(d, "dt", "s", &p->dt, 1e-5, 0.5, 1.25, 2.0, true);
    tui_add_param(d, "k", "N/m", &p->k, 1e-2, 1e6, 1.25, 2.0, true);
    tui_add_param(d, "m", "kg", &p->m, 1e-3, 1e3, 1.25, 2.0, true);
    tui_add_param(d, "c", "N s/m", &p->c, 0.0, 100.0, step == STEP_CLOTH ? 0.01 : 0.1, 1.0, false);
}

int lab_interactive(net_network *net, const lab_options *o)
{
    static walk w;  /* the notes and the title outlive no call, but the strokes are large: not on the stack */
    w = (walk){.custom = net, .o = o, .built_step = -1};
    w.mode = o->ascii ? PLOT_ASCII : plot_mode_from_locale();
    int rc = CLI_OK;
    for (int p = 0; p < TUI_MAX_PANES; p++)
        if (!(w.chart[p] = plot_chart_new(40, 12, w.mode)))
            rc = cli_fail("out of memory");
    if (rc == CLI_OK) {
        tui_app app = {
            .name = "network-lab", .ctx = &w, .n_steps = net ? 1 : N_STEPS, .min_cols = 80, .min_rows = 24,
            .frame_hz = FRAME_HZ, .extra_keys = "m mass  g grab  hjkl move  z/Z zoom  v follow", .describe = walk_describe,
            .changed = walk_changed, .render = walk_render, .notes = walk_notes, .tick = walk_tick,
            .key = walk_key, .mouse = walk_mouse,
        };
        rc = tui_run(&app);
        if (rc < 0)
            rc = labcli_no_terminal(NULL);
    }
    drop_network(&w);
    for (int k = 0; k < LAB_MAX_RUNS; k++)
        lab_strokes_free(&w.view.strokes[k]);
    for (int p = 0; p < TUI_MAX_PANES; p++)
        plot_chart_free(w.chart[p]);
    return rc;
}
