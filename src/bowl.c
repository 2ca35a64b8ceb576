/* bowl: the reduced mechanics of two spheres in a bowl. See include/numlab/bowl.h for the model. */
#include "numlab/bowl.h"
#include "numlab/common.h"

#include <math.h>
#include <string.h>

/* Below these speeds a touch is resting contact, not an event (and not a sound). */
#define BOWL_EVENT_MIN_SPEED 0.002  /* m/s */
/* Hysteresis of the gate and latch events: on above 0.55, off below 0.45, so a value hovering at 0.5 does not
 * flood the log. */
#define BOWL_ON_LEVEL 0.55
#define BOWL_OFF_LEVEL 0.45
/* Overlap left after separating two spheres (m): far below anything audible or visible. */
#define BOWL_SEPARATION_TOL 1e-12

/* --- small vector algebra ------------------------------------------------------------------------------- */

static bowl_vec vadd(bowl_vec a, bowl_vec b) { return (bowl_vec){a.x + b.x, a.y + b.y, a.z + b.z}; }
static bowl_vec vsub(bowl_vec a, bowl_vec b) { return (bowl_vec){a.x - b.x, a.y - b.y, a.z - b.z}; }
static bowl_vec vscale(bowl_vec a, double s) { return (bowl_vec){a.x * s, a.y * s, a.z * s}; }
static double vdot(bowl_vec a, bowl_vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static double vnorm(bowl_vec a) { return sqrt(vdot(a, a)); }
/* P_T(x) = x - (x.n) n for a unit n. */
static bowl_vec tangent(bowl_vec x, bowl_vec n) { return vsub(x, vscale(n, vdot(x, n))); }

static double shell_radius(const bowl_params *p, int i)
{
    return p->bowl_radius - p->sphere[i].radius;
}

static double contact_distance(const bowl_params *p)
{
    return p->sphere[0].radius + p->sphere[1].radius;
}

/* --- parameters ----------------------------------------------------------------------------------------- */

bowl_params bowl_default_params(void)
{
    const double r = 0.008, steel = 7850.0;
    const double m = steel * 4.0 / 3.0 * NUMLAB_PI * r * r * r;  /* 16.8 g */
    return (bowl_params){
        .bowl_radius = 0.10, .gravity = 9.81,
        .sphere = {{r, m}, {r, m}},
        .surface_drag = 0.25, .contact_loss = 0.02, .contact_eps = 0.002,
        .restitution = 0.85, .pair_friction = 0.1,
        .magnet = 0.0, .magnet_force = 0.5, .latch_range = 0.004,
        .gate_lo = 0.15, .gate_hi = 0.5, .load_ref = m * 9.81,
        .step = BOWL_DEFAULT_STEP,
    };
}

static bool finite_in(double x, double lo, double hi)
{
    return isfinite(x) && x >= lo && x <= hi;
}

int bowl_params_check(const bowl_params *p, const char **what)
{
    const double contact = contact_distance(p);
    const struct {
        bool ok;
        const char *name;
    } rules[] = {
        {finite_in(p->sphere[0].radius, 1e-4, 1.0), "sphere[0].radius"},
        {finite_in(p->sphere[1].radius, 1e-4, 1.0), "sphere[1].radius"},
        {finite_in(p->sphere[0].mass, 1e-6, 100.0), "sphere[0].mass"},
        {finite_in(p->sphere[1].mass, 1e-6, 100.0), "sphere[1].mass"},
        {finite_in(p->bowl_radius, 2.0 * contact, 10.0), "bowl_radius"},
        {finite_in(p->gravity, 0.0, 1000.0), "gravity"},
        {finite_in(p->surface_drag, 0.0, 1e3), "surface_drag"},
        {finite_in(p->contact_loss, 0.0, 1e3), "contact_loss"},
        {finite_in(p->contact_eps, 1e-9, 10.0), "contact_eps"},
        {finite_in(p->restitution, 0.0, 1.0), "restitution"},
        {finite_in(p->pair_friction, 0.0, 1.0), "pair_friction"},
        {finite_in(p->magnet, 0.0, 1.0), "magnet"},
        {finite_in(p->magnet_force, 0.0, 1e3), "magnet_force"},
        {finite_in(p->latch_range, 1e-6, 1.0), "latch_range"},
        {finite_in(p->gate_lo, 0.0, 10.0) && finite_in(p->gate_hi, p->gate_lo + 1e-9, 10.0), "gate_lo/gate_hi"},
        {finite_in(p->load_ref, 1e-9, 1e6), "load_ref"},
        {finite_in(p->step, 1e-7, 0.01), "step"},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (!rules[i].ok) {
            if (what)
                *what = rules[i].name;
            return NUMLAB_ERR_INPUT;
        }
    if (what)
        *what = NULL;
    return NUMLAB_OK;
}

/* --- the model's formulas ------------------------------------------------------------------------------- */

double bowl_smoothstep(double a, double b, double x)
{
    double s = (x - a) / (b - a);
    s = s < 0.0 ? 0.0 : s > 1.0 ? 1.0 : s;
    return s * s * (3.0 - 2.0 * s);
}

double bowl_latch(const bowl_params *p, double r)
{
    double reach = (r - contact_distance(p)) / p->latch_range;
    reach = reach < 0.0 ? 0.0 : reach > 1.0 ? 1.0 : reach;
    return bowl_smoothstep(0.0, 1.0, p->magnet) * (1.0 - reach);
}

double bowl_restitution_eff(const bowl_params *p, double lambda)
{
    double e = p->restitution * (1.0 - p->pair_friction) * (1.0 - lambda);
    return e < 0.0 ? 0.0 : e > 1.0 ? 1.0 : e;
}

double bowl_collide(double m_a, double m_b, double e, bowl_vec n, bowl_vec *v_a, bowl_vec *v_b)
{
    double vn = vdot(vsub(*v_a, *v_b), n);
    if (vn >= 0.0)
        return 0.0;
    double j = -(1.0 + e) * vn / (1.0 / m_a + 1.0 / m_b);
    *v_a = vadd(*v_a, vscale(n, j / m_a));
    *v_b = vsub(*v_b, vscale(n, j / m_b));
    return j;
}

bowl_vec bowl_effective_gravity(const bowl_params *p, const bowl_gesture *g)
{
    bowl_vec w = {0.0, 0.0, -p->gravity};
    if (!g)
        return w;
    /* In the accelerating bowl a mass feels g - a_bowl (world frame); then into the bowl's rotated frame:
     * g_b = R^T w with R = Rx(tilt_x) Ry(tilt_y), i.e. Ry(-tilt_y) Rx(-tilt_x) w. */
    w = (bowl_vec){w.x - g->acc_x, w.y - g->acc_y, w.z - g->acc_z};
    if (g->tilt_x == 0.0 && g->tilt_y == 0.0)
        return w;
    double cx = cos(g->tilt_x), sx = sin(g->tilt_x), cy = cos(g->tilt_y), sy = sin(g->tilt_y);
    bowl_vec u = {w.x, w.y * cx + w.z * sx, -w.y * sx + w.z * cx};
    return (bowl_vec){u.x * cy - u.z * sy, u.y, u.x * sy + u.z * cy};
}

double bowl_gate(const bowl_params *p, double load)
{
    return bowl_smoothstep(p->gate_lo, p->gate_hi, load / p->load_ref);
}

static double load_under(const bowl *b, int i, bowl_vec geff)
{
    const bowl_sphere_state *s = &b->s[i];
    double rho = shell_radius(&b->p, i);
    bowl_vec n = vscale(s->p, 1.0 / rho);
    return b->p.sphere[i].mass * (vdot(s->v, s->v) / rho + vdot(geff, n));
}

double bowl_load(const bowl *b, int i, const bowl_gesture *g)
{
    return load_under(b, i, bowl_effective_gravity(&b->p, g));
}

double bowl_energy(const bowl *b, const bowl_gesture *g)
{
    bowl_vec geff = bowl_effective_gravity(&b->p, g);
    double e = 0.0;
    for (int i = 0; i < 2; i++) {
        double m = b->p.sphere[i].mass;
        e += 0.5 * m * vdot(b->s[i].v, b->s[i].v) - m * vdot(geff, b->s[i].p);
    }
    return e;
}

/* --- the step ------------------------------------------------------------------------------------------- */

static void add_event(bowl *b, bowl_event_kind kind, double t, int sphere, double value, double impulse,
                      bowl_vec where)
{
    if (b->n_events == BOWL_MAX_EVENTS) {
        b->events_dropped++;
        return;
    }
    /* keep time order: collisions are interpolated back into the step, the rest happen at its end */
    size_t k = b->n_events++;
    while (k > 0 && b->events[k - 1].t > t) {
        b->events[k] = b->events[k - 1];
        k--;
    }
    b->events[k] = (bowl_event){kind, t, sphere, value, impulse, where};
}

/* Puts p back on its shell and v back into its tangent plane. */
static void project(bowl *b, int i)
{
    double rho = shell_radius(&b->p, i);
    bowl_sphere_state *s = &b->s[i];
    s->p = vscale(s->p, rho / vnorm(s->p));
    s->v = tangent(s->v, vscale(s->p, 1.0 / rho));
}

/* Pushes overlapping spheres apart along the line of centres, by inverse mass, and back onto their shells. */
static void separate(bowl *b)
{
    const double ia = 1.0 / b->p.sphere[0].mass, ib = 1.0 / b->p.sphere[1].mass;
    for (int iter = 0; iter < 8; iter++) {
        bowl_vec d = vsub(b->s[0].p, b->s[1].p);
        double r = vnorm(d);
        double overlap = contact_distance(&b->p) - r;
        if (overlap <= BOWL_SEPARATION_TOL)
            return;
        /* coincident centres (only from a bad start): pick a direction along the shell */
        bowl_vec n = r > 0.0 ? vscale(d, 1.0 / r) : (bowl_vec){1.0, 0.0, 0.0};
        /* push a little past contact: the projection back onto the shells eats part of the push */
        double push = overlap * 1.001 + BOWL_SEPARATION_TOL;
        b->s[0].p = vadd(b->s[0].p, vscale(n, push * ia / (ia + ib)));
        b->s[1].p = vsub(b->s[1].p, vscale(n, push * ib / (ia + ib)));
        project(b, 0);
        project(b, 1);
    }
}

/* Semi-implicit force kick, implicit drag, and the geodesic move of sphere i. */
static void move_sphere(bowl *b, int i, bowl_vec force_accel)
{
    const bowl_params *p = &b->p;
    const double h = p->step, rho = shell_radius(p, i);
    bowl_sphere_state *s = &b->s[i];
    bowl_vec n = vscale(s->p, 1.0 / rho);

    s->v = tangent(vadd(s->v, vscale(force_accel, h)), n);
    double speed = vnorm(s->v);
    s->v = vscale(s->v, 1.0 / (1.0 + h * (p->surface_drag + p->contact_loss / (speed + p->contact_eps))));

    speed = vnorm(s->v);
    if (speed == 0.0)
        return;
    /* great circle: p(phi) = rho (n cos phi + u sin phi), v(phi) = speed (u cos phi - n sin phi), u = v/|v| */
    bowl_vec u = vscale(s->v, 1.0 / speed);
    double phi = speed * h / rho, c, sn;
    if (phi < 1e-2) {
        /* Taylor to the last bit: the next terms are phi^8/8! and phi^7/7! < 1e-18 */
        double p2 = phi * phi;
        c = 1.0 - p2 / 2.0 * (1.0 - p2 / 12.0 * (1.0 - p2 / 30.0));
        sn = phi * (1.0 - p2 / 6.0 * (1.0 - p2 / 20.0 * (1.0 - p2 / 42.0)));
    } else {
        c = cos(phi);
        sn = sin(phi);
    }
    s->p = vscale(vadd(vscale(n, c), vscale(u, sn)), rho);
    s->v = vscale(vsub(vscale(u, c), vscale(n, sn)), speed);
    project(b, i);  /* rounding only: keeps |p| = rho to the last bit over millions of steps */
}

/* The velocity part a collision pushed into the wall is absorbed by the bowl: a re-impact (an event above
 * min_speed). */
static void absorb_into_wall(bowl *b, int i, double t, double min_speed)
{
    bowl_sphere_state *s = &b->s[i];
    double rho = shell_radius(&b->p, i);
    bowl_vec n = vscale(s->p, 1.0 / rho);
    double vn = vdot(s->v, n);  /* > 0: into the wall */
    s->v = tangent(s->v, n);
    if (vn > min_speed)
        add_event(b, BOWL_EV_BOWL_IMPACT, t, i, vn, b->p.sphere[i].mass * vn,
                  vscale(n, b->p.bowl_radius));
}

/* press: the approach speed the magnet alone gives in one step; a latched pair "collides" at about that speed every
 * step (resting contact under the pull), which is not an event. */
static void collide_spheres(bowl *b, double t_end, double press)
{
    const bowl_params *p = &b->p;
    bowl_vec d = vsub(b->s[0].p, b->s[1].p);
    double r = vnorm(d), overlap = contact_distance(p) - r;
    if (overlap <= 0.0 || r == 0.0)
        return;
    bowl_vec n = vscale(d, 1.0 / r);
    double vn = vdot(vsub(b->s[0].v, b->s[1].v), n);
    if (vn >= 0.0)
        return;
    /* the touch began overlap / |vn| ago (at most a step) */
    double back = overlap / -vn;
    double t = t_end - (back < p->step ? back : p->step);
    double e = bowl_restitution_eff(p, bowl_latch(p, r));
    double j = bowl_collide(p->sphere[0].mass, p->sphere[1].mass, e, n, &b->s[0].v, &b->s[1].v);
    const double min_speed = BOWL_EVENT_MIN_SPEED + 2.0 * press;
    if (-vn > min_speed)
        add_event(b, BOWL_EV_COLLISION, t, -1, -vn, j,
                  vadd(b->s[1].p, vscale(n, p->sphere[1].radius)));
    absorb_into_wall(b, 0, t, min_speed);
    absorb_into_wall(b, 1, t, min_speed);
}

/* v_{A,B} <- (1 - lambda) v_{A,B} + lambda (v_shared +- v_spin): with v_rel = v_A - v_B split into its part along the
 * line of centres and the rest (the spin), v_A = v_shared + (m_B/M) v_rel and v_B = v_shared - (m_A/M) v_rel;
 * the latch blends a separating v_rel towards its spin part alone. At lambda = 1 the spheres cannot part but keep
 * spinning about each other; the pair's momentum is unchanged at every lambda. An approaching pair is left to the
 * collision (e_eff falls with lambda: the magnets clack and stick). */
static void apply_latch(bowl *b, double lambda)
{
    const double ma = b->p.sphere[0].mass, mb = b->p.sphere[1].mass, m = ma + mb;
    bowl_vec d = vsub(b->s[0].p, b->s[1].p);
    double r = vnorm(d);
    if (r == 0.0)
        return;
    bowl_vec n = vscale(d, 1.0 / r);
    bowl_vec rel = vsub(b->s[0].v, b->s[1].v);
    double parting = vdot(rel, n);
    if (parting <= 0.0)
        return;
    /* removing lambda of the parting speed is exactly the blend above */
    bowl_vec dv = vscale(n, lambda * parting);
    b->s[0].v = vsub(b->s[0].v, vscale(dv, mb / m));
    b->s[1].v = vadd(b->s[1].v, vscale(dv, ma / m));
}

static void update_gates(bowl *b, bowl_vec geff)
{
    for (int i = 0; i < 2; i++) {
        bowl_sphere_state *s = &b->s[i];
        s->load = load_under(b, i, geff);
        s->gate = bowl_gate(&b->p, s->load);
        if (!s->gate_open && s->gate >= BOWL_ON_LEVEL) {
            s->gate_open = true;
            add_event(b, BOWL_EV_GATE_OPEN, b->t, i, s->gate, 0.0, s->p);
        } else if (s->gate_open && s->gate <= BOWL_OFF_LEVEL) {
            s->gate_open = false;
            add_event(b, BOWL_EV_GATE_CLOSE, b->t, i, s->gate, 0.0, s->p);
        }
    }
}

static void update_latch(bowl *b)
{
    b->distance = vnorm(vsub(b->s[0].p, b->s[1].p));
    b->latch = bowl_latch(&b->p, b->distance);
    bowl_vec mid = vscale(vadd(b->s[0].p, b->s[1].p), 0.5);
    if (!b->latched && b->latch >= BOWL_ON_LEVEL) {
        b->latched = true;
        add_event(b, BOWL_EV_LATCH_ON, b->t, -1, b->latch, 0.0, mid);
    } else if (b->latched && b->latch <= BOWL_OFF_LEVEL) {
        b->latched = false;
        add_event(b, BOWL_EV_LATCH_OFF, b->t, -1, b->latch, 0.0, mid);
    }
}

void bowl_step(bowl *b, const bowl_gesture *g)
{
    const bowl_params *p = &b->p;
    b->n_events = 0;
    bowl_vec geff = bowl_effective_gravity(p, g);

    /* magnetic attraction along the line of centres, F0 smoothstep(mu) (contact / r)^4 */
    bowl_vec d = vsub(b->s[0].p, b->s[1].p);
    double r = vnorm(d);
    bowl_vec pull = {0.0, 0.0, 0.0};
    double press = 0.0;
    if (p->magnet > 0.0 && r > 0.0) {
        double q = contact_distance(p) / r;
        double f = p->magnet_force * bowl_smoothstep(0.0, 1.0, p->magnet) * q * q * q * q;
        pull = vscale(d, -f / r);  /* on sphere 0, towards sphere 1 */
        press = p->step * f * (1.0 / p->sphere[0].mass + 1.0 / p->sphere[1].mass);
    }
    move_sphere(b, 0, vadd(geff, vscale(pull, 1.0 / p->sphere[0].mass)));
    move_sphere(b, 1, vsub(geff, vscale(pull, 1.0 / p->sphere[1].mass)));

    b->t = (double)(++b->steps) * p->step;
    collide_spheres(b, b->t, press);
    separate(b);
    double lambda = bowl_latch(p, vnorm(vsub(b->s[0].p, b->s[1].p)));
    if (lambda > 0.0) {
        apply_latch(b, lambda);
        project(b, 0);  /* blending velocities of two tangent planes leaves a little normal part */
        project(b, 1);
    }
    update_latch(b);
    update_gates(b, geff);
}

unsigned bowl_frame(bowl *b, double frame_dt)
{
    return ts_accumulator_feed(&b->acc, frame_dt);
}

int bowl_init(bowl *b, const bowl_params *p, const double theta[2], const double phi[2])
{
    if (bowl_params_check(p, NULL))
        return NUMLAB_ERR_INPUT;
    memset(b, 0, sizeof *b);
    b->p = *p;
    /* the cap: a UI frame never feeds more than 0.1 s (timestep.h's default) */
    if (ts_accumulator_init(&b->acc, p->step, TS_DEFAULT_CAP > p->step ? TS_DEFAULT_CAP : p->step))
        return NUMLAB_ERR_INPUT;
    for (int i = 0; i < 2; i++) {
        double rho = shell_radius(p, i);
        b->s[i].p = (bowl_vec){rho * sin(theta[i]) * cos(phi[i]), rho * sin(theta[i]) * sin(phi[i]),
                               -rho * cos(theta[i])};
        if (!(isfinite(b->s[i].p.x) && isfinite(b->s[i].p.y) && isfinite(b->s[i].p.z)))
            return NUMLAB_ERR_INPUT;
    }
    separate(b);
    b->distance = vnorm(vsub(b->s[0].p, b->s[1].p));
    b->latch = bowl_latch(p, b->distance);
    b->latched = b->latch >= BOWL_ON_LEVEL;
    for (int i = 0; i < 2; i++) {
        b->s[i].load = bowl_load(b, i, NULL);
        b->s[i].gate = bowl_gate(p, b->s[i].load);
        b->s[i].gate_open = b->s[i].gate >= BOWL_ON_LEVEL;
    }
    return NUMLAB_OK;
}

/* --- gestures and names --------------------------------------------------------------------------------- */

bowl_gesture bowl_script_at(const bowl_script *s, double t)
{
    double env = s->ramp > 0.0 ? bowl_smoothstep(0.0, s->ramp, t) : (t >= 0.0);
    if (s->stop > 0.0)
        env *= 1.0 - (s->ramp > 0.0 ? bowl_smoothstep(s->stop, s->stop + s->ramp, t) : (t >= s->stop));
    /* the bowl's centre circles as c(t) = A (cos wt, sin wt, 0): its acceleration is -A w^2 (cos wt, sin wt, 0) */
    /* The angle runs forward, or back and forth when the stir reverses every `reverse` seconds: it goes
     * w * (t - kT) during even periods k and w * (T - (t - kT)) during odd ones, continuous at each turn. */
    double w = 2.0 * NUMLAB_PI * s->stir_hz;
    double travel = t;
    if (s->reverse > 0.0 && t > 0.0) {
        double k = floor(t / s->reverse), into = t - k * s->reverse;
        travel = fmod(k, 2.0) == 0.0 ? into : s->reverse - into;
    }
    double a = env * s->stir_radius * w * w, angle = w * travel;
    return (bowl_gesture){
        .tilt_x = env * s->tilt, .tilt_y = env * s->tilt_y,
        .acc_x = -a * cos(angle), .acc_y = -a * sin(angle), .acc_z = 0.0,
    };
}

const char *bowl_event_name(bowl_event_kind kind)
{
    static const char *const names[BOWL_EV_KIND_COUNT] = {
        "collision", "bowl_impact", "gate_open", "gate_close", "latch_on", "latch_off",
    };
    return kind < BOWL_EV_KIND_COUNT ? names[kind] : "?";
}
