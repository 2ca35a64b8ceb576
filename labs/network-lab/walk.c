/* network-lab's interactive guided walk: six steps through the network post on the shared tui shell, or a free run of
 * the user's own network. Three integrators run side by side in real time (model.c: fixed steps through the
 * accumulator), drawn over each other in the left pane, their energies in the right one (view.c); the words are in
 * texts.c. A mass is
 * grabbed with the mouse (press, drag, release) or the keyboard (m selects, g grabs, h/j/k/l move). The view
 * follows the masses (nl_view_follow) until z/Z zoom by hand; v follows again. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/labcli.h"
#include "numlab/lang.h"
#include "numlab/tui.h"

enum { N_RUNS = NL_WALK_RUNS };
/* The three runs of each step, unless --method names others (a free run of your own network: the first row's). */
static const net_method step_methods[NL_STEPS][N_RUNS] = {
    [NL_STEP_SEED] = {NET_EXPLICIT, NET_SEMI, NET_RK4},     [NL_STEP_SEMI] = {NET_EXPLICIT, NET_SEMI, NET_RK4},
    [NL_STEP_RK4] = {NET_EXPLICIT, NET_SEMI, NET_RK4},      [NL_STEP_STIFF] = {NET_EXPLICIT, NET_SEMI, NET_RK4},
    [NL_STEP_CLOTH] = {NET_EXPLICIT, NET_SEMI, NET_RK4},    [NL_STEP_IMPLICIT] = {NET_SEMI, NET_RK4, NET_BACKWARD_EULER},
    [NL_STEP_BUDGET] = {NET_XPBD, NET_XPBD, NET_BACKWARD_EULER}, [NL_STEP_PBD] = {NET_PBD, NET_XPBD, NET_BACKWARD_EULER},
};

#define PULL_DX 0.3           /* the pulled corner starts moved by (0.3, 0.1) m, as if dragged there and let go */
#define PULL_DY 0.1
#define MOVE_FRACTION 0.025   /* one h/j/k/l press moves the held mass by this much of the rest view's width */
#define FRAME_HZ 60           /* the display rate while animating */
#define ZOOM_STEP 1.25        /* z shows 1/1.25 of the view, Z 1.25 times it */

/* Everything the network and the runs are built from: when it changes, they are rebuilt (toggles are not in it). */
typedef struct {
    double dt, k, m, c, k_stiff, side, kick;
    double budget, iterations;  /* steps 7 and 8: XPBD's budget N, PBD's and XPBD's iterations */
} physics;

typedef struct {
    net_network *custom;      /* the user's network (--preset/--file), or NULL for the walk */
    const nl_options *o;
    plot_mode mode;
    plot_chart *chart[TUI_MAX_PANES];
    physics p, built;         /* the parameters, and those the network and the runs were built with */
    int built_step;           /* -1: nothing built */
    net_method methods[N_RUNS];  /* the step's runs: its own, or --method's */
    int n_runs;
    bool shown[N_RUNS];
    net_network *net;         /* owned when it is not `custom` */
    nl_sim sim;
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
    nl_network_view view;
    char problem[160];        /* out of memory: said in the notes */
    char text[1000];          /* the step's text (texts.c), with the network's numbers */
} walk;

/* --- model --------------------------------------------------------------------------------------------------- */

/* The runs of a step into methods[0..N_RUNS): its own three, or --method's (in the table's order). Returns how many. */
static int step_runs(const walk *w, int step, net_method methods[N_RUNS])
{
    if (!w->o->have_method) {
        memcpy(methods, step_methods[w->custom ? 0 : step], N_RUNS * sizeof methods[0]);
        return N_RUNS;
    }
    /* --method's: those of the step's own runs in their order first, then the others in the table's, so that a
     * state line (which lists the runs as shown) opens the same runs in the same order */
    const net_method *own = step_methods[w->custom ? 0 : step];
    bool taken[NET_METHOD_COUNT] = {false};
    int n = 0;
    for (int k = 0; k < N_RUNS && n < N_RUNS; k++)
        if (w->o->methods[own[k]] && !taken[own[k]])
            taken[own[k]] = true, methods[n++] = own[k];
    for (int m = 0; m < NET_METHOD_COUNT && n < N_RUNS; m++)
        if (w->o->methods[m] && !taken[m])
            methods[n++] = (net_method)m;
    return n;
}

/* What the command line typed, over the step's own values: the walk takes what you type (a network of your own
 * takes --k, --m and --c when it is built). */
static void take_typed(walk *w, int step)
{
    const nl_options *o = w->o;
    w->n_runs = step_runs(w, step, w->methods);
    if (o->have_method)
        for (int k = 0; k < w->n_runs; k++)
            w->shown[k] = true;
    if (w->custom)
        return;
    if (o->have_k)
        w->p.k = o->params.k;
    if (o->have_m)
        w->p.m = o->params.m;
    if (o->have_c)
        w->p.c = o->params.c;
    if (o->have_dt)
        w->p.dt = o->dt;
    if (o->have_kick)
        w->p.kick = o->kick;
    if (o->have_split)  /* step 7's budget N = S x I, step 8's iterations I */
        w->p.budget = (double)o->substeps * o->iterations, w->p.iterations = o->iterations;
    if (o->have_budget)
        w->p.budget = o->budget;
    if (o->have_k_stiff && step == NL_STEP_STIFF)
        w->p.k_stiff = o->k_stiff;
    if (o->have_n && step >= NL_STEP_CLOTH)
        w->p.side = (double)o->params.n;
}

static void set_step_defaults(walk *w, int step)
{
    w->p = (physics){.dt = 1.0 / 60.0, .k = 10.0, .m = 1.0, .c = 0.0, .k_stiff = 10.0, .side = 6, .kick = 0.0,
                     .budget = NL_XPBD_BUDGET, .iterations = NL_XPBD_BUDGET};
    w->shown[0] = w->shown[1] = w->shown[2] = true;
    switch (step) {
    case NL_STEP_SEED:
        w->shown[1] = w->shown[2] = false;
        break;
    case NL_STEP_SEMI:
        w->shown[2] = false;
        break;
    case NL_STEP_STIFF:
        w->p.k_stiff = 2000.0;  /* w_max about sqrt(2 k / m) = 63 rad/s: dt is half the semi-implicit limit */
        w->shown[0] = false;
        break;
    case NL_STEP_CLOTH: {
        net_preset_params g;
        net_preset_defaults("grid", &g);
        w->p.dt = 1.0 / 240.0, w->p.k = g.k, w->p.m = g.m, w->p.c = g.c;
        break;
    }
    case NL_STEP_BUDGET:  /* the preset's cloth, one step a frame at 60 Hz, as a game steps it */
    case NL_STEP_PBD: {
        net_preset_params g;
        net_preset_defaults("grid", &g);
        w->p.dt = 1.0 / FRAME_HZ, w->p.k = g.k, w->p.m = g.m, w->p.c = g.c, w->p.side = (double)g.n;
        break;
    }
    case NL_STEP_IMPLICIT:  /* one step a frame on a cloth whose explicit limits are a fraction of a millisecond */
        w->p.dt = 1.0 / FRAME_HZ, w->p.k = NL_STIFF_K, w->p.m = NL_STIFF_M, w->p.c = NL_STIFF_C;
        w->p.side = NL_STIFF_SIDE;
        break;
    default:
        break;
    }
    if (w->custom) {
        w->p.dt = w->o->dt, w->p.kick = w->o->kick;
        w->shown[0] = w->shown[1] = w->shown[2] = true;
    }
    take_typed(w, step);
}

static void drop_runs(walk *w)
{
    if (w->have_sim)
        nl_sim_destroy(&w->sim);
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
    snprintf(w->problem, sizeof w->problem, _("%s: a smaller network, please"),
             rc == NET_ERR_MEMORY ? _("out of memory") : _("cannot build the network"));
}

/* XPBD's and PBD's runs' splits: step 7's budget as 1 x N iterations and N x 1 substeps, step 8's iterations;
 * elsewhere (--method xpbd) --substeps and --iterations. */
static void split_runs(walk *w, int step)
{
    const int budget = (int)w->p.budget, iterations = (int)w->p.iterations;
    for (int k = 0, sub, its; k < w->sim.n_runs; k++) {
        if (!net_integrator_xpbd(w->sim.run[k].it, &sub, &its))
            continue;
        if (!w->o->have_method && step == NL_STEP_BUDGET && !w->custom) {
            w->sim.run[k].variant = k == 1;  /* the second xpbd run in the next method's color */
            nl_sim_set_xpbd(&w->sim, k, k == 0 ? 1 : budget, k == 0 ? budget : 1);
        } else if (!w->o->have_method && step == NL_STEP_PBD && !w->custom) {
            nl_sim_set_xpbd(&w->sim, k, 1, iterations);
        } else {
            nl_sim_set_xpbd(&w->sim, k, w->o->substeps, w->o->iterations);
        }
    }
}

/* The three runs from the start state, with the step dt; the network stays. */
static void start_runs(walk *w, int step)
{
    drop_runs(w);
    w->problem[0] = '\0';
    double *y0 = malloc(net_dim(w->net) * sizeof *y0);
    int rc = y0 ? NET_OK : NET_ERR_MEMORY;
    if (rc == NET_OK) {
        const size_t pulled = step >= NL_STEP_CLOTH ? w->net->n_masses : NL_PULLED_MASS;
        nl_start start = w->custom ? nl_start_from_options(w->net, w->o)
                                   : (nl_start){.pull_mass = pulled, .pull_dx = PULL_DX, .pull_dy = PULL_DY,
                                                .seed = (unsigned long)w->o->seed};
        start.kick = w->p.kick;
        rc = nl_start_state(w->net, &start, y0);
    }
    if (rc == NET_OK)
        rc = nl_sim_init(&w->sim, w->net, w->methods, w->n_runs, w->p.dt, w->o->tol, y0);
    if (rc == NET_OK)
        split_runs(w, step);
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
        rc = net_preset(step >= NL_STEP_CLOTH ? "grid" : "four", &p, &w->net);
        if (rc == NET_OK && step == NL_STEP_STIFF)
            w->net->k[NL_STIFF_SPRING] = w->p.k_stiff;
    }
    double *rest = rc == NET_OK ? malloc(net_dim(w->net) * sizeof *rest) : NULL;
    if (!rest) {
        say_problem(w, rc == NET_OK ? NET_ERR_MEMORY : rc);
        drop_network(w);
        return;
    }
    net_rest_state(w->net, rest);
    nl_world_box(w->net, rest, w->rest_box);
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

/* The step's text, with the numbers of the walk as it is now (texts.c). */
static void step_text(walk *w, int step)
{
    const nl_step_facts f = {.net = w->net, .modes = w->have_modes ? &w->modes : NULL, .dt = w->p.dt,
                             .frame_hz = FRAME_HZ, .pulled = NL_PULLED_MASS, .stiff_spring = NL_STIFF_SPRING,
                             .budget = (int)w->p.budget, .iterations = (int)w->p.iterations};
    nl_step_text(w->text, sizeof w->text, step, &f);
}

static void walk_changed(void *ctx, int step, tui_change what)
{
    walk *w = ctx;
    if (what == TUI_ENTER_STEP)
        set_step_defaults(w, step);
    if (what == TUI_ENTER_STEP || step != w->built_step || !w->net || !same_network(&w->p, &w->built))
        rebuild(w, step);
    else if (w->p.dt != w->built.dt || w->p.kick != w->built.kick || w->p.budget != w->built.budget ||
             w->p.iterations != w->built.iterations || !w->have_sim)
        start_runs(w, step);
    else if (what == TUI_RESTART && nl_sim_restart(&w->sim) != NET_OK)
        say_problem(w, NET_ERR_MEMORY);
    if (what == TUI_RESTART) {  /* the replay starts from the first view too */
        memcpy(w->box, w->rest_box, sizeof w->box);
        w->zoomed = w->have_visible = false;
    }
    /* a toggle alone changes nothing but what is drawn: the runs go on */
    if (!w->custom)  /* steps 4 to 6 state the limits of the network as it is now */
        step_text(w, step);
}

static bool walk_tick(void *ctx, int step, double frame_dt)
{
    (void)step;
    walk *w = ctx;
    if (!w->have_sim)
        return false;
    nl_sim_frame(&w->sim, frame_dt);
    return nl_sim_active(&w->sim);
}

/* --- the drag ------------------------------------------------------------------------------------------------ */

/* Where mass i is now (in the first live run). */
static bool mass_position(const walk *w, size_t i, double *x, double *y)
{
    const nl_run *r = w->have_sim ? nl_sim_first_live(&w->sim) : NULL;
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
        nl_zoom(w->box, key == 'z' ? 1.0 / ZOOM_STEP : ZOOM_STEP);
        w->zoomed = true, w->have_visible = false;
        return true;
    case 'v':  /* follow the masses again, refit now */
        w->zoomed = w->have_visible = false;
        nl_view_fit(&w->sim, w->shown, w->box);
        return true;
    case 'm': case 'M':  /* the next (previous) mass; letting go of a held one */
        nl_sim_release(&w->sim);
        w->selected = w->selected >= n ? (key == 'm' ? 0 : n - 1) : (w->selected + (key == 'm' ? 1 : n - 1)) % n;
        return true;
    case 'g':
        if (holding(w))
            nl_sim_release(&w->sim);
        else if (mass_position(w, w->selected, &x, &y))
            nl_sim_hold(&w->sim, w->selected, x, y);
        return true;
    case 'h': case 'j': case 'k': case 'l':
        if (w->selected >= n)
            w->selected = 0;
        if (!mass_position(w, w->selected, &x, &y))
            return false;
        nl_sim_hold(&w->sim, w->selected, x + dx, y + dy);  /* grabs it if it was free */
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
    if (pane != 0 || !w->have_sim || nl_cell_to_world(w->chart[0], col, row, &x, &y))
        return false;
    const nl_run *r = nl_sim_first_live(&w->sim);
    switch (kind) {
    case TUI_MOUSE_PRESS:
        if (!r)
            return false;
        w->selected = net_nearest_mass(w->net, r->y, x, y);
        nl_sim_hold(&w->sim, w->selected, x, y);
        return true;
    case TUI_MOUSE_DRAG:
        if (!holding(w))
            return false;
        nl_sim_hold(&w->sim, w->sim.held, x, y);
        return true;
    default:
        if (!holding(w))
            return false;
        nl_sim_release(&w->sim);
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
        nl_chart_energy(ch, &w->sim, w->shown);
        return plot_chart_render(ch);
    }
    char title[PLOT_TITLE_MAX], h[32];
    nl_format_seconds(h, sizeof h, w->sim.h);
    snprintf(title, sizeof title, P_("t = %.1f s, dt = %s, %zu mass", "t = %.1f s, dt = %s, %zu masses",
                                     w->net->n_masses), nl_sim_time(&w->sim), h, w->net->n_masses);
    w->view.sim = &w->sim;
    w->view.shown = w->shown;
    w->view.alpha = ts_accumulator_alpha(&w->sim.acc);
    w->view.selected = w->selected;
    if (!w->zoomed && !holding(w))  /* the view holds still under a dragged mass */
        nl_view_follow(&w->sim, w->shown, w->box, w->have_visible ? w->visible : NULL);  /* with hysteresis */
    w->view.box = w->box;
    w->view.title = title;
    if (nl_chart_network(ch, &w->view, w->mode))
        snprintf(w->problem, sizeof w->problem, "%s", _("out of memory for the drawing"));
    const plot_grid *grid = plot_chart_render(ch);
    w->have_visible = plot_chart_range(ch, PLOT_X, &w->visible[0], &w->visible[1]) == 0 &&
                      plot_chart_range(ch, PLOT_Y, &w->visible[2], &w->visible[3]) == 0;
    return grid;
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
        used = nl_note_mass(buf, size, used, w->selected, holding(w), x, y);
    if (!w->custom && step >= NL_STEP_BUDGET)  /* XPBD's steps: how far each run's springs stretch, live */
        used = nl_note_strains(buf, size, used, &w->sim, w->shown);
    else if (w->custom || step >= NL_STEP_STIFF) {
        char gauge[320];
        if (w->have_modes)
            nl_gauge(gauge, sizeof gauge, w->sim.h, &w->modes);
        else
            snprintf(gauge, sizeof gauge, _("no step limit: %s"), w->modes_err);
        used = tui_append(buf, size, used, "%s. ", gauge);
    }
    nl_note_energies(buf, size, used, &w->sim, w->shown);
}

/* --- description of each step --------------------------------------------------------------------------------- */

static void walk_describe(void *ctx, int step, tui_step *d)
{
    walk *w = ctx;
    physics *p = &w->p;
    d->n_panes = 2;
    net_method methods[N_RUNS];  /* described before walk_changed builds the step: its runs from the options */
    const int n_runs = step_runs(w, step, methods);
    /* step 7's two xpbd runs by how they spend the budget, the second in the next method's color (nl_run_color) */
    static const char *const budget_names[N_RUNS] = {N_("xpbd, iterations"), N_("xpbd, substeps"), NULL};
    const bool budget = step == NL_STEP_BUDGET && !w->custom && !w->o->have_method;
    if (!budget)  /* the toggles are named as --method names them (the state line); step 7's are two xpbd runs */
        d->toggles_option = "method";
    for (int k = 0; k < n_runs; k++)
        d->toggles[d->n_toggles++] = (tui_toggle){
            budget && budget_names[k] ? _(budget_names[k]) : net_method_name(methods[k]),
            nl_method_color((net_method)((int)methods[k] + (budget && k == 1))), &w->shown[k]};
    if (w->custom) {
        static char title[PLOT_TITLE_MAX];
        nl_free_title(title, sizeof title, w->o->file ? w->o->file : w->o->preset);
        d->title = title;
        d->text = nl_free_text();
        tui_add_param(d, "dt", "s", &p->dt, 1e-5, 0.5, 1.25, 2.0, true);
        tui_param_option(d, "dt");
        tui_add_param(d, _("kick"), "m/s", &p->kick, 0.0, 100.0, 0.1, 1.0, false);
        tui_param_option(d, "kick");
        return;
    }
    d->title = nl_step_title(step);
    step_text(w, step);
    d->text = w->text;  /* written again by walk_changed once the step's network and modes are built */
    /* each slider names the option that sets it (the state line) */
    if (step == NL_STEP_STIFF) {
        tui_add_param(d, _("k stiff"), "N/m", &p->k_stiff, 1.0, 1e8, 1.25, 2.0, true);
        tui_param_option(d, "k-stiff");
    }
    if (step == NL_STEP_BUDGET) {
        /* TRANSLATORS: XPBD's budget N: projections a spring a frame */
        tui_add_param(d, "N", _("projections"), &p->budget, 1, 200, 1, 5, false);
        tui_param_option(d, "budget");
    }
    if (step == NL_STEP_PBD) {
        tui_add_param(d, _("iterations"), "", &p->iterations, 1, 200, 1, 5, false);
        tui_param_option(d, "iterations");
    }
    if (step >= NL_STEP_CLOTH) {
        /* TRANSLATORS: the unit of the cloth's n: masses a side */
        tui_add_param(d, "n", _("side"), &p->side, 2, NL_WALK_MAX_SIDE, 1, 4, false);
        tui_param_option(d, "n");
    }
    tui_add_param(d, "dt", "s", &p->dt, 1e-5, 0.5, 1.25, 2.0, true);
    tui_param_option(d, "dt");
    tui_add_param(d, "k", "N/m", &p->k, 1e-2, 1e6, 1.25, 2.0, true);
    tui_param_option(d, "k");
    tui_add_param(d, "m", "kg", &p->m, 1e-3, 1e3, 1.25, 2.0, true);
    tui_param_option(d, "m");
    tui_add_param(d, "c", "N s/m", &p->c, 0.0, 100.0, step == NL_STEP_CLOTH ? 0.01 : 0.1, 1.0, false);
    tui_param_option(d, "c");
}

int nl_interactive(net_network *net, const nl_options *o, const labcli_result *r)
{
    static walk w;  /* the notes and the title outlive no call, but the strokes are large: not on the stack */
    w = (walk){.custom = net, .o = o, .built_step = -1};
    w.mode = plot_mode_drawable(o->glyphs);  /* what curses can draw */
    int rc = CLI_OK;
    for (int p = 0; p < TUI_MAX_PANES; p++)
        if (!(w.chart[p] = plot_chart_new(40, 12, w.mode)))
            rc = cli_fail("%s", _("out of memory"));
    if (rc == CLI_OK) {
        tui_app app = {
            .name = "network-lab", .ctx = &w, .n_steps = net ? 1 : NL_STEPS, .min_cols = 80, .min_rows = 24,
            .frame_hz = FRAME_HZ, .extra_keys = N_("m mass  g grab  hjkl move  z/Z zoom  v follow"),
            .describe = walk_describe,
            .changed = walk_changed, .render = walk_render, .notes = walk_notes, .tick = walk_tick,
            .key = walk_key, .mouse = walk_mouse,
        };
        rc = labcli_walk_run(r, &app, NULL);
    }
    drop_network(&w);
    for (int k = 0; k < NL_MAX_RUNS; k++)
        nl_strokes_free(&w.view.strokes[k]);
    for (int p = 0; p < TUI_MAX_PANES; p++)
        plot_chart_free(w.chart[p]);
    return rc;
}
