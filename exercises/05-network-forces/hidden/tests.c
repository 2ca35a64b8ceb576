/* Exercise 05, the hidden tests on a random network: Newton's third law, the forces as minus the gradients of the
 * potential energy and of the dampers' dissipation function, the dampers' power, and Hooke's law against the
 * network post's pitfall. Every case sends the forces themselves: an invariant alone a wrong law can keep. */
#include <math.h>

#include "exercise.h"
#include "grader.h"
#include "points.h"

enum { N = 7, LINKS = 12 };

/* The same network on both sides: positions, velocities and links from a small fixed generator. */
static inline double unit(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (double)(*s >> 8) / (1u << 24);
}

static inline void network(vec2 *pos, vec2 *vel, spring_link *links, double damping)
{
    unsigned s = 20240607u;
    for (int m = 0; m < N; m++) {
        pos[m] = (vec2){4 * unit(&s) - 2, 4 * unit(&s) - 2};
        vel[m] = (vec2){2 * unit(&s) - 1, 2 * unit(&s) - 1};
    }
    for (int l = 0; l < LINKS; l++) {
        int i = l % N, j = (i + 1 + l / N + (int)(3 * unit(&s))) % N;
        if (j == i)
            j = (i + 1) % N;
        links[l] = (spring_link){i, j, 1 + 9 * unit(&s), 0.5 + unit(&s), damping * unit(&s)};
    }
}

/* V = sum k (L - rest)^2 / 2 */
static inline double potential(const vec2 *pos, const spring_link *links)
{
    double v = 0;
    for (int l = 0; l < LINKS; l++) {
        double d = hypot(pos[links[l].j].x - pos[links[l].i].x, pos[links[l].j].y - pos[links[l].i].y);
        v += links[l].k * (d - links[l].rest) * (d - links[l].rest) / 2;
    }
    return v;
}

/* D = sum c ((v_j - v_i) . u)^2 / 2, the dampers' dissipation function: their forces are -dD/dv. */
static inline double dissipation(const vec2 *pos, const vec2 *vel, const spring_link *links)
{
    double d = 0;
    for (int l = 0; l < LINKS; l++) {
        const spring_link *s = &links[l];
        double dx = pos[s->j].x - pos[s->i].x, dy = pos[s->j].y - pos[s->i].y, len = hypot(dx, dy);
        double along = ((vel[s->j].x - vel[s->i].x) * dx + (vel[s->j].y - vel[s->i].y) * dy) / len;
        d += s->c * along * along / 2;
    }
    return d;
}

/* The force on each mass, by central differences (h = 1e-6): -dV/dx - dD/dv, so the springs against their energy and
 * the dampers against their dissipation, neither written as a force. */
static inline void want_minus_gradients(gr_values *ref, vec2 *pos, vec2 *vel, const spring_link *links)
{
    const double h = 1e-6;
    for (int m = 0; m < N; m++)
        for (int axis = 0; axis < 2; axis++) {
            double *coord = axis ? &pos[m].y : &pos[m].x, keep = *coord;
            *coord = keep + h;
            double up = potential(pos, links);
            *coord = keep - h;
            double down = potential(pos, links);
            *coord = keep;
            double *speed = axis ? &vel[m].y : &vel[m].x, was = *speed;
            *speed = was + h;
            double more = dissipation(pos, vel, links);
            *speed = was - h;
            double less = dissipation(pos, vel, links);
            *speed = was;
            gr_want(ref, -(up - down) / (2 * h) - (more - less) / (2 * h), GR_TOL(1e-6, 1e-6),
                    "force on mass %d, %c (-dV/d%c - dD/dv%c)", m, axis ? 'y' : 'x', axis ? 'y' : 'x', axis ? 'y' : 'x');
        }
}

/* The probe's side: the forces of the network, into an array full of garbage (it must be overwritten). */
static inline void put_network(gr_values *out, const vec2 *pos, const vec2 *vel, const spring_link *links, vec2 *f)
{
    for (int m = 0; m < N; m++)
        f[m] = (vec2){-7e8, 3e8};
    network_forces(N, pos, vel, LINKS, links, f);
    for (int m = 0; m < N; m++)
        gr_put(out, f[m].x), gr_put(out, f[m].y);
}

/* The forces between masses are equal and opposite, and central: their sum and their total torque about the origin
 * are zero. A law that is wrong but central (the network post's unit elongation) keeps these too, so the forces
 * themselves must also be minus the gradients. */
GR_PROBE(third_law)
{
    vec2 pos[N], vel[N], f[N];
    spring_link links[LINKS];
    network(pos, vel, links, 2.0);
    put_network(out, pos, vel, links, f);
    double fx = 0, fy = 0, torque = 0;
    for (int m = 0; m < N; m++)
        fx += f[m].x, fy += f[m].y, torque += pos[m].x * f[m].y - pos[m].y * f[m].x;
    gr_put(out, fx), gr_put(out, fy), gr_put(out, torque);
}
GR_REFERENCE(third_law)
{
    vec2 pos[N], vel[N];
    spring_link links[LINKS];
    network(pos, vel, links, 2.0);
    want_minus_gradients(ref, pos, vel, links);
    gr_want(ref, 0, GR_ABS(1e-9), "sum of the forces, x");
    gr_want(ref, 0, GR_ABS(1e-9), "sum of the forces, y");
    gr_want(ref, 0, GR_ABS(1e-9), "total torque about the origin");
}

/* Another network (damping up to 3): the force on each mass is minus the gradient of V in its position and of D
 * in its velocity. */
GR_PROBE(minus_gradient)
{
    vec2 pos[N], vel[N], f[N];
    spring_link links[LINKS];
    network(pos, vel, links, 3.0);
    for (int m = 0; m < N; m++)
        pos[m].x *= 1.5, vel[m].y -= 0.5;
    put_network(out, pos, vel, links, f);
}
GR_REFERENCE(minus_gradient)
{
    vec2 pos[N], vel[N];
    spring_link links[LINKS];
    network(pos, vel, links, 3.0);
    for (int m = 0; m < N; m++)
        pos[m].x *= 1.5, vel[m].y -= 0.5;
    want_minus_gradients(ref, pos, vel, links);
}

/* Dampers alone (k = 0) only take energy: the power sum F_m . v_m equals -sum c ((v_j - v_i) . u)^2 = -2 D; and
 * each force is -dD/dv. */
GR_PROBE(damper_power)
{
    vec2 pos[N], vel[N], f[N];
    spring_link links[LINKS];
    network(pos, vel, links, 2.0);
    for (int l = 0; l < LINKS; l++)
        links[l].k = 0;
    put_network(out, pos, vel, links, f);
    double power = 0;
    for (int m = 0; m < N; m++)
        power += f[m].x * vel[m].x + f[m].y * vel[m].y;
    gr_put(out, power);
}
GR_REFERENCE(damper_power)
{
    vec2 pos[N], vel[N];
    spring_link links[LINKS];
    network(pos, vel, links, 2.0);
    for (int l = 0; l < LINKS; l++)
        links[l].k = 0;
    want_minus_gradients(ref, pos, vel, links);
    double power = 0;
    for (int l = 0; l < LINKS; l++) {
        const spring_link *s = &links[l];
        double dx = pos[s->j].x - pos[s->i].x, dy = pos[s->j].y - pos[s->i].y, len = hypot(dx, dy);
        double along = ((vel[s->j].x - vel[s->i].x) * dx + (vel[s->j].y - vel[s->i].y) * dy) / len;
        power -= s->c * along * along;
    }
    gr_want(ref, power, GR_REL(1e-10), "power of the dampers (negative: they dissipate)");
}

/* Hooke's law grows with the stretch (the network post's "unit elongation vector" would not): stretched by 0.1 and by
 * 0.2, k = 30, the springs pull with 3 and 6; the masses move with (0.5, -0.1) and (0, 0.3), so the damper (c = 2.5)
 * sees 0.4 along the link and adds 1: 4 and 7 on mass 0, the opposite on mass 1. */
GR_PROBE(hooke_not_unit)
{
    const vec2 vel[2] = {{0.5, -0.1}, {0, 0.3}};
    for (int i = 1; i <= 2; i++) {
        vec2 f[2] = {{5, 5}, {5, 5}};
        const vec2 pos[2] = {{0, 0}, {0, 1 + 0.1 * i}};
        network_forces(2, pos, vel, 1, (spring_link[]){{0, 1, 30, 1, 2.5}}, f);
        gr_put(out, f[0].x), gr_put(out, f[0].y), gr_put(out, f[1].x), gr_put(out, f[1].y);
    }
}
GR_REFERENCE(hooke_not_unit)
{
    for (int i = 1; i <= 2; i++) {
        double pull = 30 * 0.1 * i + 1;
        gr_want(ref, 0, GR_ABS(1e-12), "force on mass 0, x, stretched by %g", 0.1 * i);
        gr_want(ref, pull, GR_REL(1e-12), "pull on mass 0 when stretched by %g", 0.1 * i);
        gr_want(ref, 0, GR_ABS(1e-12), "force on mass 1, x, stretched by %g", 0.1 * i);
        gr_want(ref, -pull, GR_REL(1e-12), "pull on mass 1 when stretched by %g", 0.1 * i);
    }
}

const gr_case gr_hidden[] = {
    GR_CASE(third_law, "a random network: the forces, their sum zero, no torque"),
    GR_CASE(minus_gradient, "forces are minus the gradients of the energy and of the dissipation"),
    GR_CASE(damper_power, "dampers: -dD/dv each, and they dissipate sum c (speed along the link)^2"),
    GR_CASE(hooke_not_unit, "Hooke's law, not the network post's unit elongation"),
};
GR_COUNT_OF(gr_hidden);
