/* Exercise 05, the hidden tests on a random network: Newton's third law, the spring forces as minus the gradient of
 * the potential energy, the dampers' dissipated power, and Hooke's law against the seed's pitfall. */
#include <math.h>

#include "exercise.h"
#include "grader.h"

enum { N = 7, LINKS = 12 };

/* The same network on both sides: positions, velocities and links from a small fixed generator. */
static inline double unit(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (double)(*s >> 8) / (1u << 24);
}

static inline void network(vec2 *pos, vec2 *vel, link *links, double damping)
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
        links[l] = (link){i, j, 1 + 9 * unit(&s), 0.5 + unit(&s), damping * unit(&s)};
    }
}

/* V = sum k (L - rest)^2 / 2 */
static inline double potential(const vec2 *pos, const link *links)
{
    double v = 0;
    for (int l = 0; l < LINKS; l++) {
        double d = hypot(pos[links[l].j].x - pos[links[l].i].x, pos[links[l].j].y - pos[links[l].i].y);
        v += links[l].k * (d - links[l].rest) * (d - links[l].rest) / 2;
    }
    return v;
}

/* The forces between masses are equal and opposite, and central: their sum and their total torque about the origin
 * are zero. */
GR_PROBE(third_law)
{
    vec2 pos[N], vel[N], f[N] = {{0, 0}};
    link links[LINKS];
    network(pos, vel, links, 2.0);
    network_forces(N, pos, vel, LINKS, links, f);
    double fx = 0, fy = 0, torque = 0;
    for (int m = 0; m < N; m++)
        fx += f[m].x, fy += f[m].y, torque += pos[m].x * f[m].y - pos[m].y * f[m].x;
    gr_put(out, fx), gr_put(out, fy), gr_put(out, torque);
    gr_put(out, hypot(f[0].x, f[0].y) > 0);
}
GR_REFERENCE(third_law)
{
    gr_want(ref, 0, GR_ABS(1e-9), "sum of the forces, x");
    gr_want(ref, 0, GR_ABS(1e-9), "sum of the forces, y");
    gr_want(ref, 0, GR_ABS(1e-9), "total torque about the origin");
    gr_want(ref, 1, GR_EXACT, "mass 0 feels a force");
}

/* Without dampers the force on each mass is minus the gradient of V, here by central differences (h = 1e-6). */
GR_PROBE(minus_gradient)
{
    vec2 pos[N], vel[N], f[N] = {{0, 0}};
    link links[LINKS];
    network(pos, vel, links, 0.0);
    network_forces(N, pos, vel, LINKS, links, f);
    for (int m = 0; m < N; m++)
        gr_put(out, f[m].x), gr_put(out, f[m].y);
}
GR_REFERENCE(minus_gradient)
{
    vec2 pos[N], vel[N];
    link links[LINKS];
    network(pos, vel, links, 0.0);
    const double h = 1e-6;
    for (int m = 0; m < N; m++)
        for (int axis = 0; axis < 2; axis++) {
            double *coord = axis ? &pos[m].y : &pos[m].x, keep = *coord;
            *coord = keep + h;
            double up = potential(pos, links);
            *coord = keep - h;
            double down = potential(pos, links);
            *coord = keep;
            gr_want(ref, -(up - down) / (2 * h), GR_TOL(1e-6, 1e-6), "-dV/d%c of mass %d", axis ? 'y' : 'x', m);
        }
}

/* Dampers alone (k = 0) only take energy: the power sum F_m . v_m equals -sum c ((v_j - v_i) . u)^2. */
GR_PROBE(damper_power)
{
    vec2 pos[N], vel[N], f[N] = {{0, 0}};
    link links[LINKS];
    network(pos, vel, links, 2.0);
    for (int l = 0; l < LINKS; l++)
        links[l].k = 0;
    network_forces(N, pos, vel, LINKS, links, f);
    double power = 0;
    for (int m = 0; m < N; m++)
        power += f[m].x * vel[m].x + f[m].y * vel[m].y;
    gr_put(out, power);
}
GR_REFERENCE(damper_power)
{
    vec2 pos[N], vel[N];
    link links[LINKS];
    network(pos, vel, links, 2.0);
    double power = 0;
    for (int l = 0; l < LINKS; l++) {
        const link *s = &links[l];
        double dx = pos[s->j].x - pos[s->i].x, dy = pos[s->j].y - pos[s->i].y, len = hypot(dx, dy);
        double along = ((vel[s->j].x - vel[s->i].x) * dx + (vel[s->j].y - vel[s->i].y) * dy) / len;
        power -= s->c * along * along;
    }
    gr_want(ref, power, GR_REL(1e-10), "power of the dampers (negative: they dissipate)");
}

/* Hooke's law grows with the stretch (the seed's "unit elongation vector" would not): stretched by 0.1 and by 0.2,
 * k = 30, the pull is 3 and 6. */
GR_PROBE(hooke_not_unit)
{
    vec2 f[2];
    const vec2 still[2] = {{0, 0}, {0, 0}};
    for (int i = 1; i <= 2; i++) {
        const vec2 pos[2] = {{0, 0}, {0, 1 + 0.1 * i}};
        network_forces(2, pos, still, 1, (link[]){{0, 1, 30, 1, 0}}, f);
        gr_put(out, f[0].y);
    }
}
GR_REFERENCE(hooke_not_unit)
{
    gr_want(ref, 3, GR_REL(1e-12), "pull when stretched by 0.1");
    gr_want(ref, 6, GR_REL(1e-12), "pull when stretched by 0.2");
}

const gr_case gr_hidden[] = {
    GR_CASE(third_law, 1, "a random network: forces sum to zero, no torque"),
    GR_CASE(minus_gradient, 2, "spring forces are minus the gradient of the potential energy"),
    GR_CASE(damper_power, 1, "dampers dissipate exactly sum c (relative speed along the link)^2"),
    GR_CASE(hooke_not_unit, 1, "Hooke's law, not the seed's unit elongation"),
};
GR_COUNT_OF(gr_hidden);
