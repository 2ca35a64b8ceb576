/* network-lab's words: the walk's step titles and texts, the notes under them (the mass, the gauge of dt against
 * the step limits, the energies) and how a duration reads. The texts that state numbers format them from the
 * network's normal modes (net_modes: the damped step matrices); tests/test_network_lab_claims.c checks what they
 * claim. */
#include <math.h>
#include <stdio.h>

#include "lab.h"
#include "numlab/lang.h"
#include "numlab/text.h"
#include "numlab/tui.h"

static const char *const step_titles[NL_STEPS] = {
    N_("The post's explicit Euler at h = 1/fps"),
    N_("Semi-implicit Euler: swap two lines"),
    N_("RK4, the forums' advice"),
    N_("A stiff spring and the step limit"),
    N_("The cloth"),
    N_("A stiff cloth: backward Euler"),
    N_("XPBD: substeps or iterations"),
    N_("PBD's stiffness and XPBD's compliance"),
};

const char *nl_step_title(int step)
{
    return step >= 0 && step < NL_STEPS ? _(step_titles[step]) : "";
}

void nl_free_title(char *buf, size_t size, const char *name)
{
    /* a file name is shown escaped (text.h), cut to the title */
    int head = snprintf(buf, size, "%s", _("your network: "));
    if (head >= 0 && (size_t)head < size)
        text_escape(name, buf + head, size - (size_t)head);
}

const char *nl_free_text(void)
{
    return _("Your network under three integrators at once. Drag a mass with the mouse, or m (select), g (grab) and "
             "h/j/k/l (move); 1-3 show or hide a method; dt is the fixed step the display frames feed (accumulator).");
}

void nl_format_seconds(char *buf, size_t size, double seconds)
{
    double a = fabs(seconds);
    if (a >= 1.0 || a == 0.0 || !isfinite(a))
        snprintf(buf, size, "%.3g s", seconds);
    else if (a >= 1e-3)
        snprintf(buf, size, "%.3g ms", 1e3 * seconds);
    else if (a >= 1e-6)
        snprintf(buf, size, "%.3g us", 1e6 * seconds);
    else
        snprintf(buf, size, "%.3g ns", 1e9 * seconds);
}

/* Step 1: the post's network under explicit Euler. */
static void seed_text(char *text, size_t size, const nl_step_facts *f)
{
    const net_network *net = f->net;
    if (!net || f->pulled >= net->n_masses) {
        text[0] = '\0';
        return;
    }
    /* TRANSLATORS: never 1 mass or spring: the post's network has 4 and 6 */
    snprintf(text, size, _("The network post: %zu masses joined by %zu springs, moved by Euler with h = 1/fps. Each "
                           "mass moves with its OLD velocity: explicit Euler, which gains energy every step, x(1 + (w "
                           "h)^2) in a mode of frequency w. Corner %zu starts pulled out. Drag a mass: mouse, or m, "
                           "g, h/j/k/l."), net->n_masses, net->n_springs, f->pulled);
}

/* Step 3: RK4 at the walk's step. */
static void rk4_text(char *text, size_t size, const nl_step_facts *f)
{
    char h[32];
    nl_format_seconds(h, sizeof h, f->dt);
    snprintf(text, size, _("RK4 evaluates the forces four times a step; its error falls as h^4. At h = %s it follows "
                           "the true motion closely and loses a little energy (it damps slightly). Raise dt to see "
                           "each method's character."), h);
}

/* Step 4: the four's stiff diagonal and the undamped limits of its modes. */
static void stiff_text(char *text, size_t size, const nl_step_facts *f)
{
    char semi[32] = "?", rk4[32] = "?", ends[64] = "?";
    const net_modes *m = f->modes;
    if (m)
        nl_format_seconds(semi, sizeof semi, m->semi_limit), nl_format_seconds(rk4, sizeof rk4, m->rk4_limit);
    if (f->net && f->stiff_spring < f->net->n_springs)
        snprintf(ends, sizeof ends, "%zu-%zu", (size_t)f->net->si[f->stiff_spring],
                 (size_t)f->net->sj[f->stiff_spring]);
    /* TRANSLATORS: the first %s is a spring's two masses, "0-2" */
    snprintf(text, size, _("The diagonal %s is stiff. The largest normal-mode frequency w_max (from the "
                           "stiffness matrix) sets the step limits: undamped, semi-implicit Euler is stable for h < "
                           "2/w_max (%s), RK4 for h < 2.83/w_max (%s). Raise k stiff until semi-implicit breaks; "
                           "dampers (c) move the limits."), ends, semi, rk4);
}

/* Step 5: the cloth, whose dampers move the limits away from the undamped 2/w_max. */
static void cloth_text(char *text, size_t size, const nl_step_facts *f)
{
    char bare[32] = "?", semi[32] = "?", expl[32] = "?", h[32];
    const net_modes *m = f->modes;
    if (m && m->damping != NET_DAMPING_UNKNOWN) {
        nl_format_seconds(bare, sizeof bare, m->semi_limit);
        nl_format_seconds(semi, sizeof semi, m->limit[NET_SEMI]);
        nl_format_seconds(expl, sizeof expl, m->limit[NET_EXPLICIT]);
    }
    nl_format_seconds(h, sizeof h, f->dt);
    snprintf(text, size, _("A cloth pinned at two corners, under gravity, structural and shear springs with "
                           "dampers: drag a corner. The dampers change the limits: semi-implicit %s, not 2/w_max = "
                           "%s; explicit Euler is stable below %s. Fixed steps of %s, %.3g a frame at %.3g Hz; raise "
                           "dt past them."), semi, bare, expl, h, 1.0 / (f->frame_hz * f->dt), f->frame_hz);
}

/* The slowest motion's angular frequency: the smallest positive omega^2 (0 when there is none). */
static double omega_min(const net_modes *m)
{
    for (size_t q = 0; q < m->count; q++)
        if (m->omega2[q] > 0.0)
            return sqrt(m->omega2[q]);
    return 0.0;
}

int nl_stiff_cloth_text(char *buf, size_t size, double dt, const net_modes *m)
{
    char h[32], semi[32] = "?", rk4[32] = "?", verlet[32] = "?";
    nl_format_seconds(h, sizeof h, dt);
    double wmax = NAN, wmin = NAN;
    if (m && m->damping != NET_DAMPING_UNKNOWN) {
        nl_format_seconds(semi, sizeof semi, m->limit[NET_SEMI]);
        nl_format_seconds(rk4, sizeof rk4, m->limit[NET_RK4]);
        nl_format_seconds(verlet, sizeof verlet, m->limit[NET_VERLET]);
        wmax = m->omega_max, wmin = omega_min(m);
    }
    if (!(wmin > 0.0) || !isfinite(wmax))
        return snprintf(buf, size, "%s", _("Stiff: the fastest mode is many times the slowest, and every explicit "
                                           "method's step is set by the fastest. Backward Euler solves each step's "
                                           "equations by Newton's method and has no limit (this network's modes "
                                           "are not available)."));
    return snprintf(buf, size, _("Stiff: the fastest mode (w_max = %.0f rad/s) is %.0f times the slowest (%.2f "
                                 "rad/s) that you watch, and every explicit method's step is set by w_max: semi %s, "
                                 "rk4 %s, verlet %s, against dt = %s. Backward Euler solves each step's equations by "
                                 "Newton's method (a few sparse linear solves) and has no limit: it is stable at any "
                                 "step, never gains energy, and damps what it cannot resolve."),
                    wmax, wmax / wmin, wmin, semi, rk4, verlet, h);
}

void nl_step_text(char *buf, size_t size, int step, const nl_step_facts *f)
{
    switch (step) {
    case NL_STEP_SEED:
        seed_text(buf, size, f);
        break;
    case NL_STEP_SEMI:
        snprintf(buf, size, "%s", _("Update the velocity first, then move with the NEW one: semi-implicit Euler, at "
                                    "the same cost. It is symplectic: its energy wobbles in a narrow band and never "
                                    "drifts, while explicit Euler's grows without bound. 1-3 show or hide a method."));
        break;
    case NL_STEP_RK4:
        rk4_text(buf, size, f);
        break;
    case NL_STEP_STIFF:
        stiff_text(buf, size, f);
        break;
    case NL_STEP_CLOTH:
        cloth_text(buf, size, f);
        break;
    case NL_STEP_IMPLICIT:
        nl_stiff_cloth_text(buf, size, f->dt, f->modes);
        break;
    case NL_STEP_BUDGET:
        nl_budget_text(buf, size, f);
        break;
    case NL_STEP_PBD:
        nl_pbd_text(buf, size, f);
        break;
    default:
        buf[0] = '\0';
    }
}

/* One method's limit and where dt stands: "semi 12.7 ms, stable (0.33x)"; `what` names an undamped closed form. */
static size_t gauge_method(char *buf, size_t size, size_t used, double dt, const net_modes *m, net_method method,
                           const char *what)
{
    const char *sep = method == NET_EXPLICIT ? "" : "; ";
    char lim[32];
    const double limit = m->limit[method];
    nl_format_seconds(lim, sizeof lim, limit);
    if (!(limit > 0.0))  /* explicit Euler with an undamped mode: unstable at every step */
        /* TRANSLATORS: "; semi 0, UNSTABLE": the separator, a method's name, its step limit 0 */
        return tui_append(buf, size, used, _("%s%s 0, UNSTABLE"), sep, net_method_name(method));
    return tui_append(buf, size, used, "%s%s %s%s, %s (%.2fx)", sep, net_method_name(method), what, lim,
                      dt < limit ? _("stable") : _("UNSTABLE"), dt / limit);
}

int nl_gauge(char *buf, size_t size, double dt, const net_modes *m)
{
    char h[32], semi[32], rk4[32];
    nl_format_seconds(h, sizeof h, dt);
    if (!(m->omega_max > 0.0) || !isfinite(m->omega_max))
        return snprintf(buf, size, _("dt = %s: no stiffness, no step limit"), h);
    if (m->damping == NET_DAMPING_UNKNOWN) {
        nl_format_seconds(semi, sizeof semi, m->semi_limit);
        nl_format_seconds(rk4, sizeof rk4, m->rk4_limit);
        return snprintf(buf, size, _("dt = %s: the dampers couple this network's modes and it has more than %u "
                                     "coordinates: no damped limit (undamped: semi 2/w_max = %s, rk4 2.83/w_max = "
                                     "%s)"), h, NET_COUPLED_MAX_DOF, semi, rk4);
    }
    /* the limits of the damped step matrices (net_limits.c): stable for dt below them */
    size_t used = 0;
    buf[0] = '\0';
    if (m->damping == NET_DAMPING_NONE)
        used = tui_append(buf, size, used, _("dt = %s, undamped limits: "), h);
    else if (m->damping == NET_DAMPING_MODAL)
        used = tui_append(buf, size, used, _("dt = %s, damped limits (top mode's zeta %.2g): "), h, m->zeta_top);
    else
        used = tui_append(buf, size, used, _("dt = %s, damped limits (modes coupled): "), h);
    const bool undamped = m->damping == NET_DAMPING_NONE;
    used = gauge_method(buf, size, used, dt, m, NET_EXPLICIT, "");
    used = gauge_method(buf, size, used, dt, m, NET_SEMI, undamped ? "2/w_max = " : "");
    used = gauge_method(buf, size, used, dt, m, NET_RK4, undamped ? "2.83/w_max = " : "");
    return (int)used;
}

size_t nl_note_mass(char *buf, size_t size, size_t used, size_t i, bool held, double x, double y)
{
    return tui_append(buf, size, used, held ? _("mass %zu held at (%.3f, %.3f). ") : _("mass %zu at (%.3f, %.3f). "), i,
                      x, y);
}

size_t nl_note_energies(char *buf, size_t size, size_t used, const nl_sim *s, const bool *shown)
{
    used = tui_append(buf, size, used, "t = %.1f s. E [J]:", nl_sim_time(s));
    for (int k = 0; k < s->n_runs; k++) {
        const nl_run *r = &s->run[k];
        if (!shown[k])
            continue;
        if (r->stopped) {
            used = tui_append(buf, size, used, r->gave_up ? _(" %s gave up at step %lld (t = %.3g s);")
                                                          : _(" %s diverged at step %lld (t = %.3g s);"),
                              net_method_name(r->method), r->stop_step, r->stop_t);
            continue;
        }
        double e = net_energies(s->net, r->y).total;
        char name[48];
        used = tui_append(buf, size, used, " %s %.3g", nl_run_name(r, name, sizeof name), e);
        if (r->energy0 > 0.0)  /* a ratio means something only for a positive start */
            used = tui_append(buf, size, used, " (x%.3g)", e / r->energy0);
        used = tui_append(buf, size, used, ";");
    }
    return tui_append(buf, size, used, " ");
}
