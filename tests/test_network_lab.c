/* network-lab's internals (labs/network-lab/: the runs side by side, the charts' geometry, the gauge), linked from
 * the lab's objects. The screen itself is tested under tmux (tests/tui_network.sh). */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../labs/network-lab/lab.h"
#include "helpers/check_main.h"

static net_network *preset(const char *name, long n)
{
    net_preset_params p;
    ck_assert_int_eq(net_preset_defaults(name, &p), 0);
    if (n)
        p.n = n;
    net_network *net = NULL;
    ck_assert_int_eq(net_preset(name, &p, &net), NET_OK);
    return net;
}

/* --- geometry ------------------------------------------------------------------------------------------------- */

START_TEST(world_box_margins_and_gravity)
{
    net_network *four = preset("four", 0);
    double y[16], box[4];
    net_rest_state(four, y);
    nl_world_box(four, y, box);  /* the unit square, a quarter of its side all round */
    ck_assert_double_eq_tol(box[0], -0.25, 1e-15);
    ck_assert_double_eq_tol(box[1], 1.25, 1e-15);
    ck_assert_double_eq_tol(box[2], -0.25, 1e-15);
    ck_assert_double_eq_tol(box[3], 1.25, 1e-15);
    net_free(four);
    /* a 2 x 2 cloth: x 0..0.1, y -0.1..0, side 0.1; gravity points down: half a side more below */
    net_network *cloth = preset("grid", 2);
    net_rest_state(cloth, y);
    nl_world_box(cloth, y, box);
    ck_assert_double_eq_tol(box[0], -0.025, 1e-15);
    ck_assert_double_eq_tol(box[1], 0.125, 1e-15);
    ck_assert_double_eq_tol(box[2], -0.1 - 0.025 - 0.05, 1e-15);
    ck_assert_double_eq_tol(box[3], 0.025, 1e-15);
    net_free(cloth);
}
END_TEST

/* --- the gauge ------------------------------------------------------------------------------------------------ */

/* A network's modes with only what the gauge reads: undamped limits from w_max by the closed forms. */
static net_modes undamped_modes(double omega_max)
{
    net_modes m = {.omega_max = omega_max, .damping = NET_DAMPING_NONE};
    m.limit[NET_EXPLICIT] = 0.0;
    m.limit[NET_SEMI] = m.semi_limit = 2.0 / omega_max;
    m.limit[NET_RK4] = m.rk4_limit = 2.0 * sqrt(2.0) / omega_max;
    return m;
}

START_TEST(gauge_by_hand)
{
    char buf[320];
    /* w_max = 150 rad/s: 2/150 = 13.33 ms, 2 sqrt 2/150 = 18.86 ms; dt = 1/60 s = 16.67 ms is 1.25x and 0.88x */
    net_modes m = undamped_modes(150.0);
    nl_gauge(buf, sizeof buf, 1.0 / 60.0, &m);
    ck_assert_str_eq(buf, "dt = 16.7 ms, undamped limits: explicit 0, UNSTABLE; semi 2/w_max = 13.3 ms, UNSTABLE "
                          "(1.25x); rk4 2.83/w_max = 18.9 ms, stable (0.88x)");
    /* the four at rest: w_max = sqrt(40) (network-lab --modes --preset four): 2/w = 0.3162 s */
    m = undamped_modes(sqrt(40.0));
    nl_gauge(buf, sizeof buf, 1.0 / 60.0, &m);
    ck_assert_ptr_nonnull(strstr(buf, "2/w_max = 316 ms, stable (0.05x)"));
    /* on the semi-implicit limit itself it is not stable (h < 2/w: a Jordan block at h w = 2) */
    m = undamped_modes(100.0);
    nl_gauge(buf, sizeof buf, 0.02, &m);
    ck_assert_ptr_nonnull(strstr(buf, "20 ms, UNSTABLE (1.00x)"));
    nl_gauge(buf, sizeof buf, 0.999 * 2.0 * sqrt(2.0) / 100.0, &m);
    ck_assert_ptr_nonnull(strstr(buf, "28.3 ms, stable (1.00x)"));
    /* damped (the 6 x 6 cloth's numbers): each method against its own limit, the top mode's zeta named */
    m.damping = NET_DAMPING_MODAL, m.zeta_top = 0.27;
    m.limit[NET_EXPLICIT] = 0.00447, m.limit[NET_SEMI] = 0.0127, m.limit[NET_RK4] = 0.0239;
    nl_gauge(buf, sizeof buf, 0.01, &m);
    ck_assert_str_eq(buf, "dt = 10 ms, damped limits (top mode's zeta 0.27): explicit 4.47 ms, UNSTABLE (2.24x); "
                          "semi 12.7 ms, stable (0.79x); rk4 23.9 ms, stable (0.42x)");
    m = undamped_modes(0.0);
    nl_gauge(buf, sizeof buf, 0.01, &m);
    ck_assert_str_eq(buf, "dt = 10 ms: no stiffness, no step limit");
    nl_format_seconds(buf, sizeof buf, 2.5);
    ck_assert_str_eq(buf, "2.5 s");
    nl_format_seconds(buf, sizeof buf, 4e-5);
    ck_assert_str_eq(buf, "40 us");
}
END_TEST

/* --- the start and the runs ---------------------------------------------------------------------------------- */

START_TEST(start_pull_then_kick)
{
    net_network *net = preset("four", 0);
    double y[16], ref[16];
    nl_start start = {.pull_mass = 2, .pull_dx = 0.3, .pull_dy = -0.1, .kick = 0.0, .seed = 1};
    nl_start_state(net, &start, y);
    net_rest_state(net, ref);
    for (int i = 0; i < 16; i++)  /* mass 2 rests at (1, 1): x2 is y[2], y2 is y[4 + 2] */
        ck_assert_double_eq(y[i], i == 2 ? 1.3 : i == 6 ? 0.9 : ref[i]);
    start.kick = 0.5;
    nl_start_state(net, &start, y);
    ref[2] = 1.3, ref[6] = 0.9;
    net_kick(net, ref, 0.5, 1);
    ck_assert_mem_eq(y, ref, sizeof y);
    net_free(net);
}
END_TEST

static const net_method three[3] = {NET_EXPLICIT, NET_SEMI, NET_RK4};

/* A preset, its start state and runs of some methods from it. */
typedef struct {
    net_network *net;
    double y0[64];  /* up to 16 masses */
    nl_sim s;
} fixture;

static void setup(fixture *f, const char *name, long n, nl_start start, const net_method *methods, int count,
                  double h)
{
    f->net = preset(name, n);
    ck_assert_uint_le(net_dim(f->net), 64);
    nl_start_state(f->net, &start, f->y0);
    ck_assert_int_eq(nl_sim_init(&f->s, f->net, methods, count, h, 1e-10, f->y0), NET_OK);
}

static void teardown(fixture *f)
{
    nl_sim_destroy(&f->s);
    net_free(f->net);
}

/* `count` steps, an energy sample after each, as --plot takes them. */
static void steps_recorded(nl_sim *s, long long count)
{
    for (long long k = 0; k < count; k++) {
        nl_sim_steps(s, 1);
        nl_sim_record(s);
    }
}

static const nl_start pulled_corner = {.pull_mass = 2, .pull_dx = 0.3, .pull_dy = 0.1};
static const nl_start at_rest = {.pull_mass = SIZE_MAX};  /* past every mass: no pull */

/* The four with a pulled corner has zero momentum, and forces in pairs keep it zero under every method: the
 * centre of mass stays put (an independent check that the runs are the physics, not a copy of one another). */
START_TEST(runs_conserve_momentum_and_differ)
{
    fixture f;
    setup(&f, "four", 0, pulled_corner, three, 3, 1.0 / 60.0);
    nl_sim *s = &f.s;
    nl_sim_steps(s, 600);
    ck_assert_int_eq(s->step, 600);
    ck_assert_double_eq_tol(nl_sim_time(s), 10.0, 1e-12);
    for (int k = 0; k < 3; k++) {
        double p[2], cx = 0.0, cy = 0.0;
        net_momentum(f.net, s->run[k].y, p);
        ck_assert_double_le(hypot(p[0], p[1]), 1e-12);
        for (int i = 0; i < 4; i++)
            cx += s->run[k].y[i] / 4.0, cy += s->run[k].y[4 + i] / 4.0;
        ck_assert_double_eq_tol(cx, (0.0 + 1.3 + 1.0 + 0.0) / 4.0, 1e-12);
        ck_assert_double_eq_tol(cy, (0.0 + 0.0 + 1.1 + 1.0) / 4.0, 1e-12);
    }
    /* explicit Euler gains energy (x(1 + (h w)^2) a step in each mode); semi-implicit stays within 5% */
    double e0 = s->run[0].energy0;
    ck_assert_double_gt(net_energies(f.net, s->run[0].y).total, 2.0 * e0);
    ck_assert_double_eq_tol(net_energies(f.net, s->run[1].y).total, e0, 0.05 * e0);
    teardown(&f);
}
END_TEST

/* The history keeps every other sample when full: its times stay on a uniform grid from 0, and each energy is the
 * state's energy at that step (checked against a separate run of the same method). */
START_TEST(history_halves_on_a_uniform_grid)
{
    fixture f;
    setup(&f, "chain", 3, (nl_start){.pull_mass = SIZE_MAX, .kick = 0.2, .seed = 3}, (net_method[]){NET_SEMI}, 1,
          0.05);
    nl_sim *s = &f.s;
    steps_recorded(s, 3000);
    ck_assert_uint_le(s->n_hist, NL_HISTORY);
    ck_assert_uint_ge(s->n_hist, NL_HISTORY / 2);
    ck_assert_int_eq(s->hist_every, 4);  /* 3001 samples: halved twice (1024 -> 512 at every = 2, then at 4) */
    ck_assert_uint_eq(s->run[0].n_energy, s->n_hist);
    double y[20];
    memcpy(y, f.y0, sizeof y);
    net_integrator *it = net_integrator_new(f.net, NET_SEMI, 0.05, 1e-10);
    long long step = 0;
    for (size_t i = 0; i < s->n_hist; i++) {
        const long long at = (long long)i * s->hist_every;
        ck_assert_double_eq_tol(s->hist_t[i], (double)at * 0.05, 1e-9);
        for (double t = 0; step < at; step++)
            net_integrator_step(it, &t, y);
        ck_assert_double_eq(s->run[0].energy[i], net_energies(f.net, y).total);
    }
    net_integrator_free(it);
    teardown(&f);
}
END_TEST

/* A diverging run (explicit Euler on a chain at h = 1: the CSV test's case) stops at the step the CSV names,
 * keeps its last finite state, records nothing after; the others go on. */
static const nl_start kicked_chain = {.pull_mass = SIZE_MAX, .kick = 0.1, .seed = 1};

START_TEST(divergence_stops_one_run)
{
    fixture f;
    setup(&f, "chain", 4, kicked_chain, three, 3, 1.0);
    nl_sim *s = &f.s;
    /* the reference: explicit Euler by hand until the state leaves 1e12 x its scale */
    double y[24];
    memcpy(y, f.y0, sizeof y);
    net_integrator *it = net_integrator_new(f.net, NET_EXPLICIT, 1.0, 1e-10);
    const double limit = net_divergence_limit(f.y0, 24);
    long long diverged = 0;
    for (long long k = 1; k < 100000 && !diverged; k++) {
        double t = 0;
        net_integrator_step(it, &t, y);
        if (ode_state_diverged(y, 24, limit))
            diverged = k;
    }
    net_integrator_free(it);
    ck_assert_int_gt(diverged, 1);
    steps_recorded(s, diverged + 10);
    const nl_run *ex = &s->run[0];
    ck_assert(ex->stopped && !ex->gave_up);
    ck_assert_int_eq(ex->stop_step, diverged);
    ck_assert_double_eq(ex->stop_t, (double)diverged);
    ck_assert(!ode_state_diverged(ex->y, 24, limit));
    ck_assert_uint_eq(ex->n_energy, (size_t)diverged);  /* samples at steps 0 .. diverged - 1 */
    ck_assert(!s->run[1].stopped);
    ck_assert_ptr_eq(nl_sim_first_live(s), &s->run[1]);
    ck_assert_uint_eq(s->run[1].n_energy, s->n_hist);
    teardown(&f);
}
END_TEST

START_TEST(accumulator_and_hold)
{
    fixture f;
    setup(&f, "four", 0, pulled_corner, three, 3, 1.0 / 240.0);
    nl_sim *s = &f.s;
    /* one second of 60 Hz frames is 240 fixed steps (the accumulator carries the rounding) */
    for (int frame = 0; frame < 60; frame++)
        nl_sim_frame(s, 1.0 / 60.0);
    ck_assert_int_ge(s->step, 239);
    ck_assert_int_le(s->step, 240);
    /* a held mass stays exactly where it is put, at rest, in every run, while the others move */
    nl_sim_hold(s, 0, -0.2, 0.4);
    double before[16];
    memcpy(before, s->run[1].y, sizeof before);
    nl_sim_steps(s, 120);
    for (int k = 0; k < 3; k++) {
        const double *y = s->run[k].y;
        ck_assert(y[0] == -0.2 && y[4] == 0.4 && y[8] == 0.0 && y[12] == 0.0);
    }
    ck_assert(s->run[1].y[1] != before[1]);
    ck_assert(nl_sim_active(s));
    /* let go: the springs, stretched and compressed by the drag, move it */
    nl_sim_release(s);
    ck_assert_uint_eq(f.net->held[0], 0);
    nl_sim_steps(s, 10);
    ck_assert(s->run[1].y[0] != -0.2 && s->run[1].y[4] != 0.4);
    /* restart: the start state and one sample again */
    ck_assert_int_eq(nl_sim_restart(s), NET_OK);
    ck_assert_mem_eq(s->run[2].y, f.y0, 16 * sizeof(double));
    ck_assert_uint_eq(s->n_hist, 1);
    teardown(&f);
}
END_TEST

/* At rest (no pull) nothing moves: the display may idle. */
START_TEST(rest_is_idle)
{
    fixture f;
    setup(&f, "four", 0, at_rest, three, 3, 1.0 / 60.0);
    nl_sim_steps(&f.s, 3);
    ck_assert(!nl_sim_active(&f.s));
    nl_sim_hold(&f.s, 1, 1.0, 0.0);  /* held where it rests: still a drag in progress */
    ck_assert(nl_sim_active(&f.s));
    teardown(&f);
}
END_TEST

/* --- the network chart: screen <-> world ---------------------------------------------------------------------- */

/* The network chart of a fixture's runs, rendered at 60 x 20 braille cells. */
typedef struct {
    plot_chart *ch;
    double box[4];
    bool shown[3];
    nl_network_view v;
} drawing;

static void draw(drawing *d, fixture *f, bool explicit_only)
{
    double rest[64];
    net_rest_state(f->net, rest);
    nl_world_box(f->net, rest, d->box);
    d->shown[0] = true, d->shown[1] = d->shown[2] = !explicit_only;
    d->ch = plot_chart_new(60, 20, PLOT_BRAILLE);
    d->v = (nl_network_view){.sim = &f->s, .shown = d->shown, .selected = f->net->n_masses, .box = d->box,
                              .title = "test"};
    ck_assert_int_eq(nl_chart_network(d->ch, &d->v, PLOT_BRAILLE), 0);
    plot_chart_render(d->ch);
}

static void undraw(drawing *d)
{
    plot_chart_free(d->ch);
    for (int k = 0; k < NL_MAX_RUNS; k++)
        nl_strokes_free(&d->v.strokes[k]);
}

START_TEST(chart_maps_cells_to_masses)
{
    fixture f;
    setup(&f, "four", 0, at_rest, three, 3, 1.0 / 60.0);
    drawing d;
    draw(&d, &f, false);
    const double *y0 = f.y0, *box = d.box;
    int c0, r0, cols, rows;
    double x0, x1, yl, yh;
    ck_assert_int_eq(plot_chart_area(d.ch, &c0, &r0, &cols, &rows), 0);
    plot_chart_range(d.ch, PLOT_X, &x0, &x1);
    plot_chart_range(d.ch, PLOT_Y, &yl, &yh);
    /* equal aspect: one dot pitch is the same distance across as up (braille dots are square) */
    ck_assert_double_eq_tol((x1 - x0) / (2 * cols - 1), (yh - yl) / (4 * rows - 1), 1e-12);
    ck_assert(x0 <= box[0] && x1 >= box[1] && yl <= box[2] && yh >= box[3]);
    /* each mass's cell maps back to a point within half a cell of it, nearest to that mass */
    const double half_cell = 0.5 * (x1 - x0) / (cols - 0.5);
    for (size_t i = 0; i < 4; i++) {
        int col, row;
        double x, y;
        ck_assert_int_eq(plot_chart_data_to_cell(d.ch, y0[i], y0[4 + i], &col, &row), 0);
        ck_assert_int_eq(nl_cell_to_world(d.ch, col, row, &x, &y), 0);
        ck_assert_double_le(fabs(x - y0[i]), half_cell * (1 + 1e-9));  /* (a mass may sit on a cell's edge) */
        ck_assert_double_le(fabs(y - y0[4 + i]), 2.0 * half_cell * (1 + 1e-9));  /* a cell is two widths tall */
        ck_assert_uint_eq(net_nearest_mass(f.net, y0, x, y), i);
    }
    /* a pointer past the plot area maps to its edge: far down-left is the bottom-left cell's centre */
    double x, y, xe, ye;
    ck_assert_int_eq(nl_cell_to_world(d.ch, -50, 500, &x, &y), 0);
    ck_assert_int_eq(plot_chart_cell_to_data(d.ch, c0, r0 + rows - 1, &xe, &ye), 0);
    ck_assert(x == xe && y == ye);
    undraw(&d);
    teardown(&f);
}
END_TEST

/* A run that diverged is not drawn (its state is no picture): with only it shown the plot area stays blank. */
START_TEST(chart_skips_stopped_runs)
{
    fixture f;
    setup(&f, "chain", 4, kicked_chain, three, 3, 1.0);
    for (int k = 0; k < 2000 && !f.s.run[0].stopped; k++)
        nl_sim_steps(&f.s, 1);
    ck_assert(f.s.run[0].stopped);
    drawing d;
    draw(&d, &f, true);
    const plot_grid *g = plot_chart_render(d.ch);
    int c0, r0, cols, rows;
    ck_assert_int_eq(plot_chart_area(d.ch, &c0, &r0, &cols, &rows), 0);
    for (int r = r0; r < r0 + rows; r++)
        for (int c = c0; c < c0 + cols; c++)
            ck_assert_uint_eq(g->cells[r * g->cols + c].ch, ' ');
    undraw(&d);
    teardown(&f);
}
END_TEST

/* The view follows what it shows: a soft cloth (k = 0.5 N/m, its weight stretches it several sides) sags out of
 * the box of its rest shape; nl_view_follow refits the box around it, the chart drawn from that box contains every
 * mass, and then the box stays put (hysteresis) until the masses leave it or shrink to under a quarter of it. */
START_TEST(view_follows_a_sagging_cloth)
{
    net_preset_params p = {.n = 8, .k = 0.5, .m = 0.01, .c = 0.01};
    net_network *net = NULL;
    ck_assert_int_eq(net_preset("grid", &p, &net), NET_OK);
    const size_t n = net->n_masses;
    double *y0 = malloc(net_dim(net) * sizeof *y0), box[4];
    net_rest_state(net, y0);
    nl_world_box(net, y0, box);
    nl_sim s;
    const net_method rk4 = NET_RK4;
    ck_assert_int_eq(nl_sim_init(&s, net, &rk4, 1, 1.0 / 240.0, 1e-10, y0), NET_OK);
    nl_sim_steps(&s, 480);
    const double *y = s.run[0].y;
    double lowest = 0.0;
    for (size_t i = 0; i < n; i++)
        lowest = fmin(lowest, y[n + i]);
    ck_assert_msg(lowest < box[2], "the premise: it sags out of the rest box (%g above %g)", lowest, box[2]);
    const bool shown[1] = {true};
    ck_assert(nl_view_follow(&s, shown, box, NULL));
    for (size_t i = 0; i < n; i++)
        ck_assert(y[i] >= box[0] && y[i] <= box[1] && y[n + i] >= box[2] && y[n + i] <= box[3]);
    ck_assert(!nl_view_follow(&s, shown, box, NULL));  /* nothing moved: the box stays */
    /* the chart drawn from it shows every mass */
    plot_chart *ch = plot_chart_new(60, 20, PLOT_BRAILLE);
    nl_network_view v = {.sim = &s, .shown = shown, .selected = n, .box = box, .title = "t"};
    ck_assert_int_eq(nl_chart_network(ch, &v, PLOT_BRAILLE), 0);
    plot_chart_render(ch);
    double x0, x1, yl, yh;
    plot_chart_range(ch, PLOT_X, &x0, &x1);
    plot_chart_range(ch, PLOT_Y, &yl, &yh);
    for (size_t i = 0; i < n; i++)
        ck_assert(y[i] >= x0 && y[i] <= x1 && y[n + i] >= yl && y[n + i] <= yh);
    /* a few more steps inside the box: no refit; zoomed out five times, the cloth fills a fifth of the old side's
     * half: refit, back to its own size */
    nl_sim_steps(&s, 2);
    const double before[4] = {box[0], box[1], box[2], box[3]};
    ck_assert(!nl_view_follow(&s, shown, box, NULL));
    ck_assert(memcmp(before, box, sizeof before) == 0);
    nl_zoom(box, 5.0);
    ck_assert_double_eq_tol(box[1] - box[0], 5.0 * (before[1] - before[0]), 1e-9);
    ck_assert(nl_view_follow(&s, shown, box, NULL));
    ck_assert_double_eq_tol(box[3] - box[2], before[3] - before[2], 0.05 * (before[3] - before[2]));
    plot_chart_free(ch);
    for (int k = 0; k < NL_MAX_RUNS; k++)
        nl_strokes_free(&v.strokes[k]);
    nl_sim_destroy(&s);
    free(y0);
    net_free(net);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("network_lab");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, world_box_margins_and_gravity);
    tcase_add_test(tc, gauge_by_hand);
    tcase_add_test(tc, start_pull_then_kick);
    tcase_add_test(tc, runs_conserve_momentum_and_differ);
    tcase_add_test(tc, history_halves_on_a_uniform_grid);
    tcase_add_test(tc, divergence_stops_one_run);
    tcase_add_test(tc, accumulator_and_hold);
    tcase_add_test(tc, rest_is_idle);
    tcase_add_test(tc, chart_maps_cells_to_masses);
    tcase_add_test(tc, chart_skips_stopped_runs);
    tcase_add_test(tc, view_follows_a_sagging_cloth);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(suite());
}
