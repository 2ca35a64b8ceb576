/* bowl: the mechanics against hand calculations and conservation laws. Without gesture and with drag the energy
 * never grows; the spheres stay on their shells; collisions conserve momentum and restore by e; the load, gate and
 * latch formulas give the bowl note's values; a strong latch brings the spheres together and holds them while they
 * spin; the scripted gesture is the circle it claims; the same start gives the same bits. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "numlab/bowl.h"
#include "numlab/common.h"
#include "numlab/sound.h"
#include "helpers/check_main.h"

/* ck_assert costs a write(2) even when it passes; in per-sample and per-step loops, only a failure reports. */
#define REQUIRE(cond, ...)                \
    do {                                  \
        if (!(cond))                      \
            ck_abort_msg(__VA_ARGS__);    \
    } while (0)


static double norm(bowl_vec a)
{
    return sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

static double dot(bowl_vec a, bowl_vec b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* The pair's momentum, sum m_i v_i. */
static bowl_vec momentum(const bowl *b)
{
    const double m0 = b->p.sphere[0].mass, m1 = b->p.sphere[1].mass;
    return (bowl_vec){m0 * b->s[0].v.x + m1 * b->s[1].v.x, m0 * b->s[0].v.y + m1 * b->s[1].v.y,
                      m0 * b->s[0].v.z + m1 * b->s[1].v.z};
}

static double shell(const bowl_params *p, int i)
{
    return p->bowl_radius - p->sphere[i].radius;
}

START_TEST(smoothstep_and_latch_by_hand)
{
    /* smoothstep(a, b, x) = s^2 (3 - 2s), s = (x - a)/(b - a) clamped */
    ck_assert_double_eq(bowl_smoothstep(0.15, 0.5, 0.1), 0.0);
    ck_assert_double_eq(bowl_smoothstep(0.15, 0.5, 0.7), 1.0);
    ck_assert_double_eq_tol(bowl_smoothstep(0.15, 0.5, 0.325), 0.5, 1e-15);
    ck_assert_double_eq_tol(bowl_smoothstep(0.0, 1.0, 0.25), 0.25 * 0.25 * 2.5, 1e-15);  /* 0.15625 */
    bowl_params p = bowl_default_params();
    const double contact = p.sphere[0].radius + p.sphere[1].radius;
    p.magnet = 1.0;   /* smoothstep(1) = 1 */
    ck_assert_double_eq_tol(bowl_latch(&p, contact), 1.0, 1e-15);
    ck_assert_double_eq_tol(bowl_latch(&p, contact + 0.25 * p.latch_range), 0.75, 1e-12);
    ck_assert_double_eq(bowl_latch(&p, contact + p.latch_range), 0.0);
    ck_assert_double_eq(bowl_latch(&p, contact + 3.0 * p.latch_range), 0.0);
    p.magnet = 0.5;   /* smoothstep(0.5) = 0.5 */
    ck_assert_double_eq_tol(bowl_latch(&p, contact), 0.5, 1e-15);
    p.magnet = 0.0;
    ck_assert_double_eq(bowl_latch(&p, contact), 0.0);
    /* e_eff = e (1 - f)(1 - lambda) */
    p.restitution = 0.8;
    p.pair_friction = 0.25;
    ck_assert_double_eq_tol(bowl_restitution_eff(&p, 0.0), 0.6, 1e-15);
    ck_assert_double_eq_tol(bowl_restitution_eff(&p, 0.5), 0.3, 1e-15);
    ck_assert_double_eq(bowl_restitution_eff(&p, 1.0), 0.0);
}
END_TEST

/* A bowl with one sphere placed at polar angle theta (rad from the bottom), at rest, the other far away. */
static bowl placed(const bowl_params *p, double theta)
{
    bowl b;
    const double th[2] = {theta, 0.3}, ph[2] = {0.0, NUMLAB_PI};
    ck_assert_int_eq(bowl_init(&b, p, th, ph), 0);
    return b;
}

START_TEST(load_and_gate_by_hand)
{
    bowl_params p = bowl_default_params();
    const double m = p.sphere[0].mass, g = p.gravity, rho = shell(&p, 0);
    p.load_ref = m * g;
    /* at the bottom at rest L = m g: L/L_ref = 1, past b = 0.5: the gate is open */
    bowl b = placed(&p, 0.0);
    ck_assert_double_eq_tol(b.s[0].load, m * g, 1e-15);
    ck_assert_double_eq(b.s[0].gate, 1.0);
    /* at 80 degrees at rest L = m g cos 80: L/L_ref = 0.173648, s = (0.173648 - 0.15)/0.35 = 0.067567,
     * gate = s^2 (3 - 2 s) = 0.0130787 */
    b = placed(&p, 80.0 * NUMLAB_PI / 180.0);
    ck_assert_double_eq_tol(b.s[0].load / p.load_ref, 0.17364817766693, 1e-12);
    ck_assert_double_eq_tol(b.s[0].gate, 0.0130787, 1e-7);
    ck_assert(!b.s[0].gate_open);
    /* ... and moving at 1 m/s there: L = m (1/rho + g cos 80); rho = 0.092 m: L/L_ref = 1.10797 + 0.17365 */
    b.s[0].v = (bowl_vec){0.0, 1.0, 0.0};  /* tangent: the sphere sits in the x-z plane */
    ck_assert_double_eq_tol(bowl_load(&b, 0, NULL) / p.load_ref, 1.0 / (rho * g) + 0.17364817766693, 1e-12);
    ck_assert_double_eq(bowl_gate(&p, bowl_load(&b, 0, NULL)), 1.0);
    /* at the rim at rest nothing presses on the surface: the gate is shut, exactly */
    b = placed(&p, NUMLAB_PI / 2.0);
    ck_assert_double_eq_tol(b.s[0].load, 0.0, 1e-15);
    ck_assert_double_eq(b.s[0].gate, 0.0);
}
END_TEST

START_TEST(collision_conserves_momentum_and_restores_by_e)
{
    const double masses[][2] = {{0.0168, 0.0168}, {0.0568, 0.0041}, {0.001, 2.0}};
    const double es[] = {0.0, 0.3, 0.77, 1.0};
    const bowl_vec n0 = {0.3, -0.5, 0.8};
    const bowl_vec n = {n0.x / norm(n0), n0.y / norm(n0), n0.z / norm(n0)};
    for (size_t i = 0; i < 3; i++)
        for (size_t k = 0; k < 4; k++) {
            double ma = masses[i][0], mb = masses[i][1];
            bowl_vec va = {-0.4, 0.9, -0.7}, vb = {0.5, 0.1, 0.6};
            double before = dot((bowl_vec){va.x - vb.x, va.y - vb.y, va.z - vb.z}, n);
            ck_assert(before < 0.0);
            bowl_vec pa = {ma * va.x + mb * vb.x, ma * va.y + mb * vb.y, ma * va.z + mb * vb.z};
            double j = bowl_collide(ma, mb, es[k], n, &va, &vb);
            /* j = -(1 + e)(v_rel.n)/(1/m_A + 1/m_B) */
            ck_assert_double_eq_tol(j, -(1.0 + es[k]) * before / (1.0 / ma + 1.0 / mb), 1e-15);
            bowl_vec pb = {ma * va.x + mb * vb.x, ma * va.y + mb * vb.y, ma * va.z + mb * vb.z};
            ck_assert_double_eq_tol(pb.x, pa.x, 1e-15);
            ck_assert_double_eq_tol(pb.y, pa.y, 1e-15);
            ck_assert_double_eq_tol(pb.z, pa.z, 1e-15);
            double after = dot((bowl_vec){va.x - vb.x, va.y - vb.y, va.z - vb.z}, n);
            ck_assert_double_eq_tol(after, -es[k] * before, 1e-14);
            /* now separating (or, for e = 0, at rest relative to each other up to rounding): no second impulse */
            bowl_vec va2 = va, vb2 = vb;
            ck_assert(bowl_collide(ma, mb, es[k], n, &va2, &vb2) <= 1e-15 * fabs(j));
        }
}
END_TEST

START_TEST(energy_never_grows_without_gesture)
{
    /* Released high on the wall with drag and no gesture, the spheres swing, meet at the bottom and settle. The
     * scheme (kick, implicit drag, exact geodesic drift) loses m h^2 |P_T g|^2 / 2 a step on top of the drag, so
     * the energy is non-increasing step by step (up to rounding, 1e-15 of it) and ends near the minimum. */
    bowl_params p = bowl_default_params();
    bowl b;
    const double th[2] = {1.0, 0.7}, ph[2] = {0.0, 2.0};
    ck_assert_int_eq(bowl_init(&b, &p, th, ph), 0);
    double e0 = bowl_energy(&b, NULL), prev = e0;
    /* the minimum: both at rest as low as they can sit side by side, about -m g rho each */
    double e_min = -p.gravity * (p.sphere[0].mass * shell(&p, 0) + p.sphere[1].mass * shell(&p, 1));
    unsigned long collisions = 0;
    for (int k = 0; k < 2400 * 20; k++) {
        bowl_step(&b, NULL);
        double e = bowl_energy(&b, NULL);
        REQUIRE(e <= prev + 1e-15 * fabs(e0), "energy grew at step %d: %.17g -> %.17g", k, prev, e);
        prev = e;
        for (size_t i = 0; i < b.n_events; i++)
            collisions += b.events[i].kind == BOWL_EV_COLLISION;
    }
    ck_assert(collisions > 0);  /* the collisions are part of the test */
    ck_assert(prev - e_min < 0.02 * (e0 - e_min));
}
END_TEST

START_TEST(spheres_stay_on_the_surface)
{
    /* the neodymium preset under its stir: collisions, latch, spin; every step both centres sit on their shells
     * (to rounding), their velocities lie in the tangent planes, and they never overlap */
    const snd_preset *pre = snd_preset_find("neodymium-spin-lock");
    ck_assert_ptr_nonnull(pre);
    const bowl_params *p = &pre->bowl;
    bowl b;
    ck_assert_int_eq(bowl_init(&b, p, pre->theta, pre->phi), 0);
    const double contact = p->sphere[0].radius + p->sphere[1].radius;
    double fastest = 0.0;
    for (int k = 0; k < 2400 * 8; k++) {
        bowl_gesture g = bowl_script_at(&pre->gesture, b.t);
        bowl_step(&b, &g);
        for (int i = 0; i < 2; i++) {
            double rho = shell(p, i), r = norm(b.s[i].p);
            REQUIRE(fabs(r - rho) < 1e-15 * rho * 16, "sphere %d off its shell by %g", i, r - rho);
            double v = norm(b.s[i].v);
            REQUIRE(fabs(dot(b.s[i].v, b.s[i].p)) <= 1e-12 * (v * rho + 1e-30), "sphere %d leaves its tangent plane",
                    i);
            fastest = fmax(fastest, v);
        }
        REQUIRE(b.distance >= contact * (1.0 - 1e-9), "overlap at t = %g", b.t);
    }
    ck_assert(fastest > 0.3);  /* they did move */
}
END_TEST

START_TEST(head_on_collision_in_the_bowl)
{
    /* No gravity, no drag, e = 1: sphere 0 runs through the bottom into sphere 1 at rest. The event reports the
     * approach speed; equal masses swap their velocities along the line of centres, and what the impulse pushes
     * into the wall is absorbed there (bowl impacts), so no energy is made. */
    bowl_params p = bowl_default_params();
    p.gravity = 0.0;
    p.surface_drag = p.contact_loss = 0.0;
    p.restitution = 1.0;
    p.pair_friction = 0.0;
    bowl b;
    const double th[2] = {0.4, 0.4}, ph[2] = {NUMLAB_PI, 0.0};
    ck_assert_int_eq(bowl_init(&b, &p, th, ph), 0);
    /* sphere 0 at azimuth pi moves towards the bottom (and on to sphere 1): tangent, along +x at speed 0.5 */
    const double speed = 0.5, rho = shell(&p, 0);
    bowl_vec n = {b.s[0].p.x / rho, b.s[0].p.y / rho, b.s[0].p.z / rho};
    bowl_vec dir = {1.0 - n.x * n.x, -n.x * n.y, -n.x * n.z};
    double len = norm(dir);
    b.s[0].v = (bowl_vec){speed * dir.x / len, speed * dir.y / len, speed * dir.z / len};
    double ke0 = 0.5 * p.sphere[0].mass * speed * speed;
    const bowl_event *hit = NULL;
    bowl_event copy;
    for (int k = 0; k < 2400 && !hit; k++) {
        bowl_step(&b, NULL);
        for (size_t i = 0; i < b.n_events; i++)
            if (b.events[i].kind == BOWL_EV_COLLISION) {
                copy = b.events[i];
                hit = &copy;
            }
    }
    ck_assert_ptr_nonnull(hit);
    /* both spheres at the same height: the line of centres is horizontal when they meet, along the path */
    ck_assert_double_eq_tol(hit->value, speed, 2e-3);
    ck_assert(norm(b.s[0].v) < 0.05 * speed);
    ck_assert(norm(b.s[1].v) > 0.95 * speed);
    double ke1 = 0.5 * p.sphere[0].mass * dot(b.s[0].v, b.s[0].v) + 0.5 * p.sphere[1].mass * dot(b.s[1].v, b.s[1].v);
    ck_assert(ke1 <= ke0 * (1.0 + 1e-12));
}
END_TEST

START_TEST(strong_latch_brings_spheres_together)
{
    /* No gravity: only the magnet acts. With mu = 1 two spheres 8 mm apart snap together (a collision, then
     * latch_on) and stay in contact; with mu = 0 nothing moves at all. */
    for (int magnet = 1; magnet >= 0; magnet--) {
        bowl_params p = bowl_default_params();
        p.gravity = 0.0;
        p.magnet = magnet;
        p.magnet_force = 0.3;
        p.latch_range = 0.004;
        const double contact = p.sphere[0].radius + p.sphere[1].radius, rho = shell(&p, 0);
        const double gap = 0.008, angle = (contact + gap) / rho;  /* arc ~ chord for this small angle */
        bowl b;
        const double th[2] = {angle / 2.0, angle / 2.0}, ph[2] = {0.0, NUMLAB_PI};
        ck_assert_int_eq(bowl_init(&b, &p, th, ph), 0);
        double d0 = b.distance;
        bool latch_on = false, collided = false;
        for (int k = 0; k < 2400 * 2; k++) {
            bowl_step(&b, NULL);
            for (size_t i = 0; i < b.n_events; i++) {
                latch_on = latch_on || b.events[i].kind == BOWL_EV_LATCH_ON;
                collided = collided || b.events[i].kind == BOWL_EV_COLLISION;
            }
        }
        if (magnet) {
            ck_assert(d0 > contact + 0.9 * gap);
            ck_assert(collided && latch_on && b.latched);
            ck_assert_double_eq_tol(b.distance, contact, 1e-6);
            ck_assert_double_eq_tol(b.latch, 1.0, 1e-3);
        } else {
            ck_assert_double_eq(b.distance, d0);
            ck_assert(!collided && !latch_on);
        }
    }
}
END_TEST

START_TEST(spin_lock_holds_while_spinning)
{
    /* the neodymium preset: once the magnets have snapped together (their first collision, with the latch on) the
     * pair stays within 0.5 mm of contact for the rest of the run while it swirls and spins (relative speed
     * across the pair well above zero) */
    const snd_preset *pre = snd_preset_find("neodymium-spin-lock");
    const bowl_params *p = &pre->bowl;
    bowl b;
    ck_assert_int_eq(bowl_init(&b, p, pre->theta, pre->phi), 0);
    const double contact = p->sphere[0].radius + p->sphere[1].radius;
    bool locked = false;
    double spin = 0.0;
    long locked_steps = 0;
    for (int k = 0; k < 2400 * 6; k++) {
        bowl_gesture g = bowl_script_at(&pre->gesture, b.t);
        bowl_step(&b, &g);
        for (size_t i = 0; i < b.n_events; i++)
            locked = locked || (b.events[i].kind == BOWL_EV_COLLISION && b.latched);
        if (locked) {
            REQUIRE(b.distance - contact < 5e-4, "the pair came apart: gap %g at t = %g",
                          b.distance - contact, b.t);
            bowl_vec rel = {b.s[0].v.x - b.s[1].v.x, b.s[0].v.y - b.s[1].v.y, b.s[0].v.z - b.s[1].v.z};
            spin += norm(rel);
            locked_steps++;
        }
    }
    ck_assert(locked && locked_steps > 2400);
    ck_assert(spin / (double)locked_steps > 0.1);
}
END_TEST

START_TEST(gesture_is_the_circle_it_claims)
{
    /* stir 1 Hz on a 1 cm circle: a = -A w^2 (cos wt, sin wt), A w^2 = 0.01 (2 pi)^2 = 0.394784 m/s^2 */
    bowl_script s = {.stir_hz = 1.0, .stir_radius = 0.01};
    const double aw2 = 0.01 * 4.0 * NUMLAB_PI * NUMLAB_PI;
    bowl_gesture g = bowl_script_at(&s, 0.25);
    ck_assert_double_eq_tol(g.acc_x, 0.0, 1e-15);
    ck_assert_double_eq_tol(g.acc_y, -aw2, 1e-15);
    /* reversing every 0.5 s: at 0.75 s the bowl is back where it was at 0.25 s */
    s.reverse = 0.5;
    bowl_gesture back = bowl_script_at(&s, 0.75);
    ck_assert_double_eq_tol(back.acc_x, g.acc_x, 1e-15);
    ck_assert_double_eq_tol(back.acc_y, g.acc_y, 1e-15);
    /* ramp: half way through a 1 s ramp the envelope is smoothstep(0.5) = 0.5 */
    s = (bowl_script){.stir_hz = 1.0, .stir_radius = 0.01, .ramp = 1.0};
    g = bowl_script_at(&s, 0.5);
    ck_assert_double_eq_tol(hypot(g.acc_x, g.acc_y), 0.5 * aw2, 1e-15);
    /* a stir below 0 circles the other way: at 0.25 s the angle is -pi/2, a = -A w^2 (0, -1) */
    s = (bowl_script){.stir_hz = -1.0, .stir_radius = 0.01};
    g = bowl_script_at(&s, 0.25);
    ck_assert_double_eq_tol(g.acc_x, 0.0, 1e-15);
    ck_assert_double_eq_tol(g.acc_y, aw2, 1e-15);
    /* the script's tilts are the gesture's, by the envelope: half of each half way up a 1 s ramp */
    s = (bowl_script){.tilt = 0.2, .tilt_y = -0.3, .ramp = 1.0};
    g = bowl_script_at(&s, 0.5);
    ck_assert_double_eq_tol(g.tilt_x, 0.1, 1e-15);
    ck_assert_double_eq_tol(g.tilt_y, -0.15, 1e-15);
    s = (bowl_script){.stir_hz = 1.0, .stir_radius = 0.01, .ramp = 1.0};
    g = bowl_script_at(&s, 0.5);
    /* stop at 2 s: nothing after 2 + ramp */
    s.stop = 2.0;
    g = bowl_script_at(&s, 3.5);
    ck_assert(g.acc_x == 0.0 && g.acc_y == 0.0);
    /* a 30 degree tilt about x puts gravity at (0, -g sin 30, -g cos 30) in the bowl; a stir adds -a_bowl */
    bowl_params p = bowl_default_params();
    bowl_vec ge = bowl_effective_gravity(&p, &(bowl_gesture){.tilt_x = NUMLAB_PI / 6.0});
    ck_assert_double_eq_tol(ge.x, 0.0, 1e-15);
    ck_assert_double_eq_tol(ge.y, -p.gravity * 0.5, 1e-14);
    ck_assert_double_eq_tol(ge.z, -p.gravity * sqrt(3.0) / 2.0, 1e-14);
    /* about y alone: g_b = Ry(-30 deg) (0, 0, -g) = (g sin 30, 0, -g cos 30) */
    ge = bowl_effective_gravity(&p, &(bowl_gesture){.tilt_y = NUMLAB_PI / 6.0});
    ck_assert_double_eq_tol(ge.x, p.gravity * 0.5, 1e-14);
    ck_assert_double_eq_tol(ge.y, 0.0, 1e-15);
    ck_assert_double_eq_tol(ge.z, -p.gravity * sqrt(3.0) / 2.0, 1e-14);
    ge = bowl_effective_gravity(&p, &(bowl_gesture){.acc_x = 2.0});
    ck_assert_double_eq_tol(ge.x, -2.0, 1e-15);
    ck_assert_double_eq_tol(ge.z, -p.gravity, 1e-15);
}
END_TEST

START_TEST(accumulator_feeds_whole_steps)
{
    /* 60 Hz frames feed 40 steps of 1/2400 s each, a second 2400; a 1 s frame is capped at 0.1 s */
    bowl_params p = bowl_default_params();
    bowl b = placed(&p, 0.5);
    unsigned long total = 0;
    for (int f = 0; f < 60; f++) {
        unsigned n = bowl_frame(&b, 1.0 / 60.0);
        ck_assert_uint_eq(n, 40);
        total += n;
    }
    ck_assert_uint_eq(total, 2400);
    ck_assert_uint_le(bowl_frame(&b, 1.0), 241);
}
END_TEST

START_TEST(same_start_same_bits)
{
    const snd_preset *pre = snd_preset_default();
    bowl a, b;
    ck_assert_int_eq(bowl_init(&a, &pre->bowl, pre->theta, pre->phi), 0);
    ck_assert_int_eq(bowl_init(&b, &pre->bowl, pre->theta, pre->phi), 0);
    for (int k = 0; k < 2400 * 3; k++) {
        bowl_gesture g = bowl_script_at(&pre->gesture, a.t);
        bowl_step(&a, &g);
        bowl_step(&b, &g);
    }
    for (int i = 0; i < 2; i++)
        ck_assert(a.s[i].p.x == b.s[i].p.x && a.s[i].p.y == b.s[i].p.y && a.s[i].v.z == b.s[i].v.z);
}
END_TEST

START_TEST(bad_parameters_are_named)
{
    bowl_params p = bowl_default_params();
    const char *what = "x";
    ck_assert_int_eq(bowl_params_check(&p, &what), 0);
    ck_assert_ptr_null(what);
    p.restitution = 1.5;
    ck_assert_int_eq(bowl_params_check(&p, &what), NUMLAB_ERR_INPUT);
    ck_assert_str_eq(what, "restitution");
    p = bowl_default_params();
    p.bowl_radius = 0.02;  /* smaller than twice the pair */
    ck_assert_int_eq(bowl_params_check(&p, &what), NUMLAB_ERR_INPUT);
    ck_assert_str_eq(what, "bowl_radius");
    p = bowl_default_params();
    p.step = NAN;
    ck_assert_int_eq(bowl_params_check(&p, &what), NUMLAB_ERR_INPUT);
    ck_assert_str_eq(what, "step");
    bowl b;
    const double th[2] = {0.1, 0.2}, ph[2] = {0.0, 1.0};
    ck_assert_int_eq(bowl_init(&b, &p, th, ph), NUMLAB_ERR_INPUT);
}
END_TEST

/* g_eff's reference: the components of g - a_bowl (world) along the bowl's own axes, which are the columns of
 * R = Rx(tilt_x) Ry(tilt_y) (the bowl rotated by tilt_y about y, then by tilt_x about x), multiplied out here
 * as plain 3 x 3 matrices. */
static bowl_vec gravity_in_bowl(double g, const bowl_gesture *ge)
{
    const double cx = cos(ge->tilt_x), sx = sin(ge->tilt_x), cy = cos(ge->tilt_y), sy = sin(ge->tilt_y);
    const double Rx[3][3] = {{1, 0, 0}, {0, cx, -sx}, {0, sx, cx}}, Ry[3][3] = {{cy, 0, sy}, {0, 1, 0}, {-sy, 0, cy}};
    double R[3][3] = {{0}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++)
                R[i][j] += Rx[i][k] * Ry[k][j];
    const double w[3] = {-ge->acc_x, -ge->acc_y, -g - ge->acc_z};
    double out[3];
    for (int axis = 0; axis < 3; axis++)
        out[axis] = R[0][axis] * w[0] + R[1][axis] * w[1] + R[2][axis] * w[2];
    return (bowl_vec){out[0], out[1], out[2]};
}

START_TEST(tilt_about_both_axes_with_a_stir)
{
    const bowl_params p = bowl_default_params();
    const double g = p.gravity;
    /* by hand: a 30 degree tilt about y alone tips the bowl's x axis to (cos 30, 0, -sin 30): gravity has
     * +g sin 30 along it, (g/2, 0, -g cos 30) in all */
    bowl_vec ge = bowl_effective_gravity(&p, &(bowl_gesture){.tilt_y = NUMLAB_PI / 6.0});
    ck_assert_double_eq_tol(ge.x, g * 0.5, 1e-14);
    ck_assert_double_eq_tol(ge.y, 0.0, 1e-15);
    ck_assert_double_eq_tol(ge.z, -g * sqrt(3.0) / 2.0, 1e-14);
    /* by hand: 90 degrees about both: R = Rx(90) Ry(90) = [[0,0,1],[1,0,0],[0,1,0]], the bowl's axes are world y,
     * z and x; with a_bowl = (1, 2, 3), g - a = (-1, -2, -g - 3) reads (-2, -g - 3, -1) in the bowl (the other
     * order, Ry Rx, would read (g + 3, -1, 2)) */
    ge = bowl_effective_gravity(&p, &(bowl_gesture){.tilt_x = NUMLAB_PI / 2.0, .tilt_y = NUMLAB_PI / 2.0, .acc_x = 1.0,
                                                    .acc_y = 2.0, .acc_z = 3.0});
    ck_assert_double_eq_tol(ge.x, -2.0, 1e-14);
    ck_assert_double_eq_tol(ge.y, -g - 3.0, 1e-14);
    ck_assert_double_eq_tol(ge.z, -1.0, 1e-14);
    /* any angles and a stir in every direction, against the matrices */
    static const double cases[][5] = {{0.3, -0.7, 0.4, -1.1, 0.25}, {-0.9, 0.2, -2.0, 0.5, 0.0},
                                      {1.0, 1.0, 0.0, 0.0, -4.0}, {-0.25, -1.2, 3.0, 3.0, 1.0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const bowl_gesture gs = {.tilt_x = cases[c][0], .tilt_y = cases[c][1], .acc_x = cases[c][2],
                                 .acc_y = cases[c][3], .acc_z = cases[c][4]};
        bowl_vec want = gravity_in_bowl(g, &gs);
        ge = bowl_effective_gravity(&p, &gs);
        ck_assert_msg(fabs(ge.x - want.x) < 1e-13 && fabs(ge.y - want.y) < 1e-13 && fabs(ge.z - want.z) < 1e-13,
                      "case %zu: (%g, %g, %g), want (%g, %g, %g)", c, ge.x, ge.y, ge.z, want.x, want.y, want.z);
    }
}
END_TEST

/* A pair with a 0.0568 kg and a 0.0041 kg sphere (the same size) at the bottom, in a line along x, with `gap`
 * between their surfaces; no gravity, no drag. */
static bowl unequal_pair(double gap, double magnet)
{
    bowl_params p = bowl_default_params();
    p.sphere[0].mass = 0.0568, p.sphere[1].mass = 0.0041;
    p.gravity = 0.0;
    p.surface_drag = p.contact_loss = 0.0;
    p.magnet = magnet;
    p.magnet_force = 0.0;  /* the latch without the pull */
    const double rho = shell(&p, 0), theta = asin((p.sphere[0].radius + p.sphere[1].radius + gap) / (2.0 * rho));
    bowl b;
    const double th[2] = {theta, theta}, ph[2] = {0.0, NUMLAB_PI};
    ck_assert_int_eq(bowl_init(&b, &p, th, ph), 0);
    return b;
}

START_TEST(latch_and_separation_weigh_by_mass)
{
    /* Separation: overlapping by 1 mm, the spheres are pushed apart by inverse mass: the light one moves
     * m_A / m_B = 13.85 times as far as the heavy one. */
    bowl b = unequal_pair(-0.001, 0.0);
    const double rho = shell(&b.p, 0), theta = asin((0.016 - 0.001) / (2.0 * rho));
    const double moved0 = fabs(b.s[0].p.x - rho * sin(theta)), moved1 = fabs(b.s[1].p.x + rho * sin(theta));
    ck_assert_double_eq_tol(b.distance, 0.016, 1e-9);
    ck_assert_double_eq_tol(moved1 / moved0, 0.0568 / 0.0041, 0.01 * 0.0568 / 0.0041);
    /* Latch: touching (1 um apart) with mu = 1, the heavy sphere parts at 0.1 m/s along its path. The latch takes
     * lambda ~ 0.99 of the parting speed away and keeps the pair's momentum: the light sphere follows at
     * lambda 0.1 m_A / M = 0.092, the heavy one slows by lambda 0.1 m_B / M = 0.0067 (not the other way round). */
    b = unequal_pair(1e-6, 1.0);
    const double th = asin((0.016 + 1e-6) / (2.0 * rho));
    b.s[0].v = (bowl_vec){0.1 * cos(th), 0.0, 0.1 * sin(th)};  /* tangent at (rho sin th, 0, -rho cos th) */
    const bowl_vec p0 = momentum(&b);
    bowl_step(&b, NULL);
    ck_assert_double_eq_tol(b.latch, 1.0, 0.02);
    const double lambda_share = 0.1 * b.latch;
    const bowl_vec p1 = momentum(&b);
    ck_assert_msg(fabs(p1.x - p0.x) < 2e-3 * fabs(p0.x), "momentum x %g -> %g", p0.x, p1.x);
    ck_assert_double_eq_tol(norm(b.s[1].v), lambda_share * 0.0568 / 0.0609, 0.02 * 0.092);
    ck_assert_double_eq_tol(norm(b.s[0].v), 0.1 - lambda_share * 0.0041 / 0.0609, 0.02 * 0.0067);
}
END_TEST

START_TEST(load_and_pull_under_a_gesture_with_unequal_masses)
{
    /* At the bottom at rest the load is m g_eff.n with n = (0, 0, -1): tilted 60 degrees about x, g_eff.z is
     * -g cos 60, so L = m g / 2; with the bowl accelerating down at 3 m/s^2 (acc_z = -3), g_eff.z = -g + 3,
     * L = m (g - 3). */
    bowl b = unequal_pair(0.05, 0.0);
    const bowl_params p = bowl_default_params();
    b.p.gravity = p.gravity;
    b.s[0].p = (bowl_vec){0.0, 0.0, -shell(&b.p, 0)};
    const double m = b.p.sphere[0].mass, g = b.p.gravity;
    ck_assert_double_eq_tol(bowl_load(&b, 0, &(bowl_gesture){.tilt_x = NUMLAB_PI / 3.0}), m * g * 0.5, 1e-15);
    ck_assert_double_eq_tol(bowl_load(&b, 0, &(bowl_gesture){.acc_z = -3.0}), m * (g - 3.0), 1e-15);
    ck_assert_double_eq_tol(bowl_load(&b, 0, NULL), m * g, 1e-15);
    /* The magnet pulls both spheres with the same force F = F0 smoothstep(mu) (contact / r)^4 along the line of
     * centres: in one step the light sphere gains h F / m_B, 13.85 times what the heavy one gains. No gravity. */
    b = unequal_pair(0.008, 1.0);
    b.p.magnet_force = 0.3;
    const double r = b.distance, F = 0.3 * pow(0.016 / r, 4), h = b.p.step;
    bowl_step(&b, NULL);
    ck_assert_double_eq_tol(norm(b.s[0].v), h * F / 0.0568, 0.01 * h * F / 0.0568);
    ck_assert_double_eq_tol(norm(b.s[1].v), h * F / 0.0041, 0.01 * h * F / 0.0041);
    ck_assert(b.s[0].v.x < 0.0 && b.s[1].v.x > 0.0);  /* towards each other: sphere 0 sits at +x */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bowl");
    TCase *formulas = tcase_create("formulas");
    tcase_add_test(formulas, smoothstep_and_latch_by_hand);
    tcase_add_test(formulas, load_and_gate_by_hand);
    tcase_add_test(formulas, collision_conserves_momentum_and_restores_by_e);
    tcase_add_test(formulas, gesture_is_the_circle_it_claims);
    tcase_add_test(formulas, tilt_about_both_axes_with_a_stir);
    tcase_add_test(formulas, latch_and_separation_weigh_by_mass);
    tcase_add_test(formulas, load_and_pull_under_a_gesture_with_unequal_masses);
    tcase_add_test(formulas, bad_parameters_are_named);
    suite_add_tcase(s, formulas);
    TCase *motion = tcase_create("motion");
    tcase_set_timeout(motion, 20);
    tcase_add_test(motion, energy_never_grows_without_gesture);
    tcase_add_test(motion, spheres_stay_on_the_surface);
    tcase_add_test(motion, head_on_collision_in_the_bowl);
    tcase_add_test(motion, strong_latch_brings_spheres_together);
    tcase_add_test(motion, spin_lock_holds_while_spinning);
    tcase_add_test(motion, accumulator_feeds_whole_steps);
    tcase_add_test(motion, same_start_same_bits);
    suite_add_tcase(s, motion);
    return run_suite(s);
}
