/* network-lab's model: one network under several integrators side by side, in fixed steps through the accumulator
 * (the spring article), with the energy history the charts draw and the mouse drag of the network post's demo. Every
 * run starts from the same state and steps on the same time grid as the CSV (t = step h), so the walk shows the
 * numbers `--csv` prints. */
#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int nl_start_state(const net_network *net, const nl_start *start, double *y)
{
    const size_t n = net->n_masses;
    net_rest_state(net, y);
    if (start->pull_mass < n) {
        y[start->pull_mass] += start->pull_dx;
        y[n + start->pull_mass] += start->pull_dy;
    }
    return start->kick > 0.0 ? net_kick(net, y, start->kick, start->seed) : NET_OK;
}

static void free_run(nl_run *r)
{
    net_integrator_free(r->it);
    free(r->y);
    free(r->prev);
    free(r->energy);
    memset(r, 0, sizeof *r);
}

void nl_sim_destroy(nl_sim *s)
{
    for (int i = 0; i < s->n_runs; i++)
        free_run(&s->run[i]);
    if (s->net && s->held < s->net->n_masses)
        net_release(s->net, s->held);
    free(s->y0);
    free(s->hist_t);
    memset(s, 0, sizeof *s);
}

int nl_sim_init(nl_sim *s, net_network *net, const net_method *methods, int n, double h, double tol,
                 const double *y0)
{
    memset(s, 0, sizeof *s);
    if (n < 1 || n > NL_MAX_RUNS || !(h > 0.0) || net->n_masses == 0)
        return NET_ERR_INPUT;
    s->net = net;
    s->dim = net_dim(net);
    s->h = h, s->tol = tol;
    s->held = net->n_masses;
    s->n_runs = n;
    const size_t bytes = s->dim * sizeof(double);
    s->y0 = malloc(bytes);
    s->hist_t = malloc(NL_HISTORY * sizeof *s->hist_t);
    bool ok = s->y0 && s->hist_t;
    for (int i = 0; i < n && ok; i++) {
        nl_run *r = &s->run[i];
        r->method = methods[i];
        r->y = malloc(bytes);
        r->prev = malloc(bytes);
        r->energy = malloc(NL_HISTORY * sizeof *r->energy);
        r->it = net_integrator_new(net, methods[i], h, tol);
        ok = r->y && r->prev && r->energy && r->it;
    }
    if (!ok) {
        nl_sim_destroy(s);
        return NET_ERR_MEMORY;
    }
    memcpy(s->y0, y0, bytes);
    s->limit = net_divergence_limit(y0, s->dim);
    return nl_sim_restart(s);
}

int nl_sim_restart(nl_sim *s)
{
    if (s->held < s->net->n_masses)
        net_release(s->net, s->held);
    s->held = s->net->n_masses;
    ts_accumulator_init(&s->acc, s->h, fmax(TS_DEFAULT_CAP, s->h));
    s->step = 0;
    s->n_hist = 0;
    s->hist_every = 1, s->hist_tick = 0;
    s->recorded_step = -1;
    s->moving = true;
    int rc = NET_OK;
    for (int i = 0; i < s->n_runs; i++) {
        nl_run *r = &s->run[i];
        memcpy(r->y, s->y0, s->dim * sizeof *r->y);
        memcpy(r->prev, s->y0, s->dim * sizeof *r->prev);
        r->stopped = r->gave_up = false;
        r->n_energy = 0;
        r->energy0 = net_energies(s->net, s->y0).total;
        if (net_integrator_reset(r->it) != NET_OK)
            rc = NET_ERR_MEMORY;
    }
    nl_sim_record(s);
    return rc;
}

int nl_sim_set_xpbd(nl_sim *s, int k, int substeps, int iterations)
{
    return k >= 0 && k < s->n_runs ? net_integrator_set_xpbd(s->run[k].it, substeps, iterations) : NET_ERR_INPUT;
}

double nl_sim_time(const nl_sim *s)
{
    return (double)s->step * s->h;
}

void nl_sim_steps(nl_sim *s, unsigned count)
{
    bool moving = false;
    for (unsigned k = 0; k < count; k++) {
        s->step++;
        const double t_end = nl_sim_time(s);
        bool live = false;
        for (int i = 0; i < s->n_runs; i++) {
            nl_run *r = &s->run[i];
            if (r->stopped)
                continue;
            memcpy(r->prev, r->y, s->dim * sizeof *r->y);
            double t = (double)(s->step - 1) * s->h;
            int rc = net_integrator_step(r->it, &t, r->y);
            if (ode_state_diverged(r->y, s->dim, s->limit) || rc) {
                /* a lesson, not an error: stop this run where it happened; the others go on */
                r->stopped = true;
                r->gave_up = rc != 0 && !ode_state_diverged(r->y, s->dim, s->limit);
                r->stop_step = s->step, r->stop_t = t_end;
                memcpy(r->y, r->prev, s->dim * sizeof *r->y);  /* keep the last finite state */
                continue;
            }
            live = true;
            if (k + 1 == count)
                moving = moving || memcmp(r->prev, r->y, s->dim * sizeof *r->y) != 0;
        }
        if (!live)
            break;
    }
    if (count > 0)
        s->moving = moving;
}

/* Keeps every other sample (0, 2, 4, ...) and halves the sampling rate: the history always reaches back to t = 0
 * in at most NL_HISTORY points, and nothing is allocated while running. */
static void halve_history(nl_sim *s)
{
    for (size_t i = 0; 2 * i < s->n_hist; i++)
        s->hist_t[i] = s->hist_t[2 * i];
    for (int r = 0; r < s->n_runs; r++) {
        nl_run *run = &s->run[r];
        for (size_t i = 0; 2 * i < run->n_energy; i++)
            run->energy[i] = run->energy[2 * i];
        run->n_energy = (run->n_energy + 1) / 2;
    }
    s->n_hist = (s->n_hist + 1) / 2;
    s->hist_every *= 2;
}

void nl_sim_record(nl_sim *s)
{
    if (s->step == s->recorded_step)
        return;
    if (s->hist_tick++ % s->hist_every != 0)
        return;
    if (s->n_hist == NL_HISTORY)
        halve_history(s);
    s->recorded_step = s->step;
    s->hist_t[s->n_hist] = nl_sim_time(s);
    for (int i = 0; i < s->n_runs; i++) {
        nl_run *r = &s->run[i];
        /* a stopped run's samples end where it stopped: its count stays behind the shared times */
        if (!r->stopped && r->n_energy == s->n_hist)
            r->energy[r->n_energy++] = net_energies(s->net, r->y).total;
    }
    s->n_hist++;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

unsigned nl_sim_frame(nl_sim *s, double frame_dt)
{
    unsigned steps = ts_accumulator_feed(&s->acc, frame_dt);
    if (s->budget > 0.0 && steps > 1) {
        const double end = now_seconds() + s->budget;
        unsigned taken = 0;
        do
            nl_sim_steps(s, 1);
        while (++taken < steps && now_seconds() < end);
        steps = taken;
    } else {
        nl_sim_steps(s, steps);
    }
    if (steps > 0)
        nl_sim_record(s);
    return steps;
}

void nl_sim_hold(nl_sim *s, size_t i, double x, double y)
{
    const size_t n = s->net->n_masses;
    if (i >= n || !isfinite(x) || !isfinite(y))
        return;
    if (s->held < n && s->held != i)
        nl_sim_release(s);
    s->held = i;
    for (int k = 0; k < s->n_runs; k++) {
        nl_run *r = &s->run[k];
        if (r->stopped)
            continue;
        net_hold(s->net, r->y, i, x, y);
        net_hold(s->net, r->prev, i, x, y);  /* no interpolation from where it was */
        net_integrator_reset(r->it);          /* GSL forgets the trajectory (a no-op for the one-step methods) */
    }
    s->moving = true;
}

void nl_sim_release(nl_sim *s)
{
    if (s->held >= s->net->n_masses)
        return;
    net_release(s->net, s->held);
    s->held = s->net->n_masses;
    for (int k = 0; k < s->n_runs; k++)
        if (!s->run[k].stopped)
            net_integrator_reset(s->run[k].it);
    s->moving = true;
}

bool nl_sim_active(const nl_sim *s)
{
    if (!nl_sim_first_live(s))
        return false;
    return s->moving || s->held < s->net->n_masses;
}

const nl_run *nl_sim_first_live(const nl_sim *s)
{
    for (int i = 0; i < s->n_runs; i++)
        if (!s->run[i].stopped)
            return &s->run[i];
    return NULL;
}

double nl_undamped_limit(const net_modes *m, net_method method)
{
    switch (method) {
    case NET_SEMI:
    case NET_VERLET:  /* the leapfrog: the same step matrix's trace, 2 - (h w)^2 */
        return m->semi_limit;
    case NET_RK4:
        return m->rk4_limit;
    case NET_GSL_RK4:
        return 2.0 * m->rk4_limit;  /* two RK4 half steps */
    case NET_EXPLICIT:
        return 0.0;
    case NET_XPBD:
    case NET_PBD:
        return NAN;  /* no step matrix a mode (net_modes.limit is NAN too) */
    default:  /* backward Euler and the adaptive methods */
        return INFINITY;
    }
}

void nl_result_free(nl_result *r)
{
    if (r->have_sim)
        nl_sim_destroy(&r->sim);
    if (r->have_modes)
        net_modes_destroy(&r->modes);
    r->have_sim = r->have_modes = false;
}

int nl_model_compute(const nl_params *p, nl_result *r)
{
    *r = (nl_result){.have_sim = false};
    for (int k = 0; k < NET_METHOD_COUNT; k++)
        r->limit[k] = r->undamped_limit[k] = NAN;
    if (p->modes) {
        int rc = net_modes_compute(p->net, &r->modes, r->modes_err, sizeof r->modes_err);
        if (rc)
            return rc;
        r->have_modes = true;
        for (int k = 0; k < NET_METHOD_COUNT; k++)
            if (net_method_fixed_step((net_method)k)) {
                r->limit[k] = r->modes.limit[k];
                r->undamped_limit[k] = nl_undamped_limit(&r->modes, (net_method)k);
            }
    }
    if (p->n_methods == 0)
        return NET_OK;
    double *y0 = malloc(net_dim(p->net) * sizeof *y0);
    int rc = y0 ? nl_start_state(p->net, &p->start, y0) : NET_ERR_MEMORY;
    if (rc == NET_OK)
        rc = nl_sim_init(&r->sim, p->net, p->methods, p->n_methods, p->dt, p->tol, y0);
    free(y0);
    if (rc) {
        nl_sim_destroy(&r->sim);  /* safe on the zeroed sim too; restart's failure leaves one allocated */
        nl_result_free(r);
        return rc;
    }
    r->have_sim = true;
    for (int k = 0, sub, its; k < r->sim.n_runs && p->substeps > 0; k++)  /* the xpbd and pbd runs' split */
        if (net_integrator_xpbd(r->sim.run[k].it, &sub, &its) &&
            nl_sim_set_xpbd(&r->sim, k, p->substeps, p->iterations) != NET_OK) {
            nl_result_free(r);
            return NET_ERR_INPUT;
        }
    for (long long step = 0; step < p->steps && nl_sim_first_live(&r->sim); step++) {
        nl_sim_steps(&r->sim, 1);
        nl_sim_record(&r->sim);
    }
    return NET_OK;
}
