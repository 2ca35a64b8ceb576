/* bowl: two spheres on the inner surface of a spherical bowl (the bowl note, levels 1 and 2 of its synthesis chain,
 * and the discrete events of level 6).
 *
 * Frame: the bowl's own, origin at the centre of the bowl's sphere, z up, the bottom at (0, 0, -R). The centre of
 * sphere i (radius r_i) stays on the shell |p| = rho_i = R - r_i: "kept on the inner surface". n_i = p_i / rho_i
 * is the outward normal of the bowl at the contact point.
 *
 * Each fixed step (the accumulator of timestep.h; 1/2400 s by default, 20 samples at 48 kHz):
 *   1. forces:  v_i += h P_T(g_eff + F_mag,i / m_i), with P_T(x) = x - (x.n) n    (semi-implicit Euler)
 *   2. drag:    a_i = -gamma_s v_i - gamma_c v_i / (|v_i| + eps), applied implicitly as
 *               v_i /= 1 + h (gamma_s + gamma_c / (|v_i| + eps)), so it never reverses the velocity
 *   3. motion:  along the great circle through p_i in the direction of v_i by the angle |v_i| h / rho_i, with v_i
 *               carried along (parallel transport): |p_i| = rho_i and |v_i| are kept exactly
 *   4. contact: sphere-sphere impulse j = -(1 + e_eff)(v_rel.n)/(1/m_A + 1/m_B) when they approach while
 *               touching; what the impulse pushes into the bowl wall is a re-impact against the bowl (an event,
 *               and the velocity's normal part is removed)
 *   5. latch:   lambda = smoothstep(mu) [1 - clamp((r - (r_A + r_B))/dr, 0, 1)];
 *               v_{A,B} <- (1 - lambda) v_{A,B} + lambda (v_shared +- v_spin,{A,B})
 *   6. load:    L_i = m_i (|v_i|^2 / rho_i + g_eff.n_i),  gate c_i = smoothstep(a, b, L_i / L_ref)
 *
 * g_eff is gravity seen from the moving bowl: g rotated into the tilted bowl minus the bowl's own acceleration
 * (the player's gesture). The bowl's rotation rate is neglected (no Coriolis term): tilts are slow.
 * The spheres slide; rolling would only scale g by 5/7 for a solid ball.
 *
 * Nothing here is random: a bowl is deterministic given its start (the sound module seeds the start). */
#ifndef NUMLAB_BOWL_H
#define NUMLAB_BOWL_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/common.h"
#include "numlab/timestep.h"

#define BOWL_DEFAULT_STEP (1.0 / 2400.0) /* 20 samples at 48 kHz; a 1 m/s sphere moves 0.4 mm a step */
#define BOWL_MAX_EVENTS 16                /* events one step can report (a step has at most ~7) */

typedef struct {
    double x, y, z;
} bowl_vec;

typedef struct {
    double radius;  /* m, > 0 */
    double mass;    /* kg, > 0 */
} bowl_sphere;

typedef struct {
    double bowl_radius;     /* R, m: inner radius of the bowl, > 2 (r_A + r_B) */
    double gravity;         /* |g|, m/s^2, >= 0 */
    bowl_sphere sphere[2];
    double surface_drag;    /* gamma_s, 1/s, >= 0 */
    double contact_loss;    /* gamma_c, m/s^2, >= 0: the speed-independent (Coulomb-like) loss */
    double contact_eps;     /* eps, m/s, > 0: where the Coulomb-like loss fades out near rest */
    double restitution;     /* e between the spheres, 0..1 */
    double pair_friction;   /* 0..1: e_eff = e (1 - pair_friction)(1 - lambda) */
    double magnet;          /* mu, 0..1: the magnetization control */
    double magnet_force;    /* N: attraction at contact for mu = 1, falls as (contact / r)^4 */
    double latch_range;     /* dr, m, > 0 */
    double gate_lo, gate_hi;/* a < b: the gate's smoothstep edges, in units of L / L_ref */
    double load_ref;        /* L_ref, N, > 0 */
    double step;            /* the fixed step, s, in (0, 0.01] */
} bowl_params;

/* The player's gesture, as the bowl feels it. */
typedef struct {
    double tilt_x, tilt_y;  /* rad: the bowl rotated by tilt_y about y, then by tilt_x about x */
    double acc_x, acc_y, acc_z; /* m/s^2: the bowl's own acceleration, world frame (a stir is horizontal) */
} bowl_gesture;

/* A scripted gesture, so renders move without a player. */
typedef struct {
    double stir_hz;         /* the bowl circles horizontally at this frequency (0: no stir; below 0: clockwise) */
    double stir_radius;     /* m: radius of that circle */
    double reverse;         /* s: the stir changes direction every this many seconds (0: never) */
    double tilt;            /* rad: a steady tilt about the x axis */
    double tilt_y;          /* rad: and about the y axis (bowl_gesture's tilt_y: turned first) */
    double ramp;            /* s: the gesture fades in over this time (0: at once) */
    double stop;            /* s: the gesture stops here and the bowl rests (<= 0: never) */
} bowl_script;

typedef enum {
    BOWL_EV_COLLISION,      /* the spheres hit: value = approach speed -v_rel.n, m/s */
    BOWL_EV_BOWL_IMPACT,    /* a sphere knocked into the wall: value = its normal speed, m/s */
    BOWL_EV_GATE_OPEN,      /* the gate rose through 0.55: value = c_i */
    BOWL_EV_GATE_CLOSE,     /* the gate fell through 0.45: value = c_i */
    BOWL_EV_LATCH_ON,       /* lambda rose through 0.55: value = lambda */
    BOWL_EV_LATCH_OFF,      /* lambda fell through 0.45: value = lambda */
    BOWL_EV_KIND_COUNT
} bowl_event_kind;

typedef struct {
    bowl_event_kind kind;
    double t;               /* s; a collision's time is interpolated inside the step */
    int sphere;             /* 0 or 1; -1 for both (collision, latch) */
    double value;           /* see bowl_event_kind */
    double impulse;         /* N s: |j| of a collision, m v_n of a bowl impact; 0 otherwise */
    bowl_vec where;         /* the contact point (bowl frame) */
} bowl_event;

typedef struct {
    bowl_vec p, v;          /* centre and velocity */
    double load;            /* L_i, N (negative: the sphere would leave the surface) */
    double gate;            /* c_i in [0, 1] */
    bool gate_open;         /* the gate's state with hysteresis (what the events report) */
} bowl_sphere_state;

typedef struct {
    bowl_params p;
    bowl_sphere_state s[2];
    double t;               /* simulated time, s */
    unsigned long steps;
    double latch;           /* lambda */
    bool latched;           /* lambda's state with hysteresis */
    double distance;        /* |p_A - p_B| */
    ts_accumulator acc;     /* frame time -> fixed steps (bowl_frame) */
    bowl_event events[BOWL_MAX_EVENTS]; /* the events of the last step, in time order */
    size_t n_events;
    unsigned long events_dropped;       /* more than BOWL_MAX_EVENTS in one step (never seen) */
} bowl;

/* Default parameters: a 10 cm acrylic bowl, two steel spheres of radius 8 mm (16 mm across), no magnet. */
bowl_params bowl_default_params(void);
/* NUMLAB_OK, or NUMLAB_ERR_INPUT with *what (may be NULL) naming the first member out of its range as this header
 * spells it ("sphere[0].radius", "gate_lo/gate_hi"; common.h); *what is NULL on success. */
int bowl_params_check(const bowl_params *p, const char **what);

/* Places sphere i at polar angle theta[i] from the bottom and azimuth phi[i] (rad), at rest; separates them if
 * they overlap. NUMLAB_OK, or NUMLAB_ERR_INPUT for invalid parameters. */
int bowl_init(bowl *b, const bowl_params *p, const double theta[2], const double phi[2]);
/* One fixed step of p.step under the gesture (NULL: none). Fills b->events. */
void bowl_step(bowl *b, const bowl_gesture *g);
/* Feeds a frame's elapsed time to the accumulator and returns how many steps are due (the caller steps). */
unsigned bowl_frame(bowl *b, double frame_dt);

/* g_eff in the bowl frame. */
bowl_vec bowl_effective_gravity(const bowl_params *p, const bowl_gesture *g);
/* Kinetic plus potential energy, -sum m_i g_eff.p_i, of the current state: the energy of the motion relative to
 * the bowl (the magnet's potential is not in it). Without gesture and magnet it never increases from step to step
 * while the surface drag exceeds |g| h / (2 rho_i) (the drift's gain; docs/bowl.md), as in every preset. */
double bowl_energy(const bowl *b, const bowl_gesture *g);

/* smoothstep(a, b, x) = s^2 (3 - 2 s), s = clamp((x - a)/(b - a), 0, 1); the one-argument form is (0, 1, x). */
double bowl_smoothstep(double a, double b, double x);
/* lambda for centre distance r. */
double bowl_latch(const bowl_params *p, double r);
/* e_eff = e (1 - pair_friction)(1 - lambda), clamped to [0, 1]. */
double bowl_restitution_eff(const bowl_params *p, double lambda);
/* Applies the collision impulse along the unit normal n (from B to A) if the spheres approach (v_rel.n < 0):
 * v_A += j n / m_A, v_B -= j n / m_B. Returns j (0 when they separate). Momentum is conserved and
 * (v_A' - v_B').n = -e (v_A - v_B).n. */
double bowl_collide(double m_a, double m_b, double e, bowl_vec n, bowl_vec *v_a, bowl_vec *v_b);
/* L_i and the gate for sphere i in the current state under g (NULL: none). */
double bowl_load(const bowl *b, int i, const bowl_gesture *g);
double bowl_gate(const bowl_params *p, double load);

/* The scripted gesture at time t. */
bowl_gesture bowl_script_at(const bowl_script *s, double t);
const char *bowl_event_name(bowl_event_kind kind);

#endif
