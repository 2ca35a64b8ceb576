/* network: masses, springs, forces, energies, holding. See include/numlab/network.h.
 * The fast force kernel is in net_kernel.c, the integrators in net_integrate.c, presets in net_presets.c, the file
 * format in net_file.c and the normal modes in net_modes.c. */
#include "numlab/network.h"
#include "net_internal.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

net_network *net_new(void)
{
    return calloc(1, sizeof(net_network));
}

static void free_mass_arrays(net_network *net)
{
    free(net->rest_x), free(net->rest_y), free(net->mass), free(net->inv_mass);
    free(net->pinned), free(net->held), free(net->force);
}

static void free_spring_arrays(net_network *net)
{
    free(net->si), free(net->sj), free(net->k), free(net->rest), free(net->damp);
}

void net_free(net_network *net)
{
    if (!net)
        return;
    free_mass_arrays(net);
    free_spring_arrays(net);
    net_runs_free(net->runs);
    free(net);
}

/* Grows *p (count used, elements of size `size`) to `cap` elements; 0 or -1. */
static int grow(void **p, size_t cap, size_t size)
{
    void *q = realloc(*p, cap * size);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

static int grow_masses(net_network *net)
{
    size_t cap = net->cap_masses ? 2 * net->cap_masses : 16;
    if (cap > NET_MAX_MASSES)
        cap = NET_MAX_MASSES;
    if (grow((void **)&net->rest_x, cap, sizeof(double)) || grow((void **)&net->rest_y, cap, sizeof(double)) ||
        grow((void **)&net->mass, cap, sizeof(double)) || grow((void **)&net->inv_mass, cap, sizeof(double)) ||
        grow((void **)&net->pinned, cap, 1) || grow((void **)&net->held, cap, 1) ||
        grow((void **)&net->force, 4 * cap, sizeof(double)))
        return NET_ERR_MEMORY;
    net->cap_masses = cap;
    return NET_OK;
}

static int grow_springs(net_network *net)
{
    size_t cap = net->cap_springs ? 2 * net->cap_springs : 16;
    if (cap > NET_MAX_SPRINGS)
        cap = NET_MAX_SPRINGS;
    if (grow((void **)&net->si, cap, sizeof(uint32_t)) || grow((void **)&net->sj, cap, sizeof(uint32_t)) ||
        grow((void **)&net->k, cap, sizeof(double)) || grow((void **)&net->rest, cap, sizeof(double)) ||
        grow((void **)&net->damp, cap, sizeof(double)))
        return NET_ERR_MEMORY;
    net->cap_springs = cap;
    return NET_OK;
}

int net_add_mass(net_network *net, double x, double y, double m, bool pinned)
{
    if (!isfinite(x) || !isfinite(y) || !(m > 0.0) || !isfinite(m) || net->n_masses >= NET_MAX_MASSES)
        return NET_ERR_INPUT;
    if (net->n_masses == net->cap_masses && grow_masses(net))
        return NET_ERR_MEMORY;
    size_t i = net->n_masses++;
    net->rest_x[i] = x, net->rest_y[i] = y;
    net->mass[i] = m;
    net->pinned[i] = pinned, net->held[i] = 0;
    net->inv_mass[i] = pinned ? 0.0 : 1.0 / m;
    net_runs_invalidate(net);
    return NET_OK;
}

int net_add_spring(net_network *net, size_t i, size_t j, double k, double rest, double c)
{
    if (i >= net->n_masses || j >= net->n_masses || i == j || !(k > 0.0) || !isfinite(k) || !(rest >= 0.0) ||
        !isfinite(rest) || !(c >= 0.0) || !isfinite(c) || net->n_springs >= NET_MAX_SPRINGS)
        return NET_ERR_INPUT;
    if (net->n_springs == net->cap_springs && grow_springs(net))
        return NET_ERR_MEMORY;
    size_t s = net->n_springs++;
    net->si[s] = (uint32_t)i, net->sj[s] = (uint32_t)j;
    net->k[s] = k, net->rest[s] = rest, net->damp[s] = c;
    net_runs_invalidate(net);
    return NET_OK;
}

void net_set_gravity(net_network *net, double gx, double gy)
{
    net->gravity_x = gx, net->gravity_y = gy;
}

static void update_inv_mass(net_network *net, size_t i)
{
    net->inv_mass[i] = net->pinned[i] || net->held[i] ? 0.0 : 1.0 / net->mass[i];
}

void net_set_pinned(net_network *net, size_t i, bool pinned)
{
    net->pinned[i] = pinned;
    update_inv_mass(net, i);
}

void net_set_all_stiffness(net_network *net, double k)
{
    for (size_t s = 0; s < net->n_springs; s++)
        net->k[s] = k;
}

void net_set_all_damping(net_network *net, double c)
{
    for (size_t s = 0; s < net->n_springs; s++)
        net->damp[s] = c;
}

void net_set_all_masses(net_network *net, double m)
{
    for (size_t i = 0; i < net->n_masses; i++) {
        net->mass[i] = m;
        update_inv_mass(net, i);
    }
}

static const char *const law_names[NET_LAW_COUNT] = {"hooke", "unit-elongation"};

const char *net_law_name(net_force_law law)
{
    return law < NET_LAW_COUNT ? law_names[law] : "?";
}

int net_law_parse(const char *name, net_force_law *out)
{
    for (int i = 0; i < NET_LAW_COUNT; i++)
        if (strcmp(name, law_names[i]) == 0) {
            *out = (net_force_law)i;
            return 0;
        }
    return -1;
}

/* --- state ------------------------------------------------------------------------------------------------- */

void net_rest_state(const net_network *net, double *y)
{
    const size_t n = net->n_masses;
    memcpy(y, net->rest_x, n * sizeof *y);
    memcpy(y + n, net->rest_y, n * sizeof *y);
    memset(y + 2 * n, 0, 2 * n * sizeof *y);
}

int net_kick(const net_network *net, double *y, double v, unsigned long seed)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng)
        return NET_ERR_MEMORY;
    gsl_rng_set(rng, seed);
    const size_t n = net->n_masses;
    for (size_t i = 0; i < n; i++) {
        /* draw for every mass, so that pinning one does not change the others' kicks */
        double kx = v * (2.0 * gsl_rng_uniform(rng) - 1.0);
        double ky = v * (2.0 * gsl_rng_uniform(rng) - 1.0);
        if (net->inv_mass[i] > 0.0) {
            y[2 * n + i] += kx;
            y[3 * n + i] += ky;
        }
    }
    gsl_rng_free(rng);
    return NET_OK;
}

void net_hold(net_network *net, double *y, size_t i, double px, double py)
{
    const size_t n = net->n_masses;
    net->held[i] = 1;
    update_inv_mass(net, i);
    y[i] = px, y[n + i] = py;
    y[2 * n + i] = 0.0, y[3 * n + i] = 0.0;
}

void net_release(net_network *net, size_t i)
{
    net->held[i] = 0;
    update_inv_mass(net, i);
}

size_t net_nearest_mass(const net_network *net, const double *y, double px, double py)
{
    const size_t n = net->n_masses;
    size_t best = n;
    double best_d2 = INFINITY;
    for (size_t i = 0; i < n; i++) {
        double dx = y[i] - px, dy = y[n + i] - py, d2 = dx * dx + dy * dy;
        if (d2 < best_d2)
            best = i, best_d2 = d2;
    }
    return best;
}

/* --- forces ------------------------------------------------------------------------------------------------ */

void net_spring_force(net_force_law law, double k, double rest, double c, const double d[2], const double dv[2],
                      double f[2])
{
    double l2 = d[0] * d[0] + d[1] * d[1], l = sqrt(l2);
    /* the unit vector, or 0 when the masses coincide (no direction, no force); |u| <= 1 even for tiny l */
    double inv = l2 > 0.0 ? 1.0 / l : 0.0;
    double ux = d[0] * inv, uy = d[1] * inv;
    if (law == NET_LAW_UNIT_ELONGATION) {
        /* PITFALL (the network post): e = +-u, a unit vector whatever the stretch; its damper acts on the whole
         * relative velocity, not along the spring. */
        double e = l > rest ? 1.0 : l < rest ? -1.0 : 0.0;
        f[0] = k * e * ux + c * dv[0];
        f[1] = k * e * uy + c * dv[1];
        return;
    }
    double mag = k * (l - rest) + c * (dv[0] * ux + dv[1] * uy);
    f[0] = mag * ux, f[1] = mag * uy;
}

void net_forces_reference(const net_network *net, const double *y, double *force)
{
    const size_t n = net->n_masses;
    const double *px = y, *py = y + n, *vx = y + 2 * n, *vy = y + 3 * n;
    double *fx = force, *fy = force + n;
    memset(force, 0, 2 * n * sizeof *force);
    for (size_t s = 0; s < net->n_springs; s++) {
        size_t i = net->si[s], j = net->sj[s];
        double d[2] = {px[j] - px[i], py[j] - py[i]}, dv[2] = {vx[j] - vx[i], vy[j] - vy[i]}, f[2];
        net_spring_force(net->law, net->k[s], net->rest[s], net->damp[s], d, dv, f);
        fx[i] += f[0], fy[i] += f[1];
        fx[j] -= f[0], fy[j] -= f[1];
    }
}

void net_forces(const net_network *net, const double *y, double *force)
{
    if (net->law != NET_LAW_HOOKE || net_runs_build((net_network *)net) != NET_OK) {
        net_forces_reference(net, y, force);
        return;
    }
    net_forces_fast(net, y, force);
}

/* a = F / m + g for free masses; pinned and held masses (inv_mass 0) stay still. The fused step repeats exactly
 * this expression (net_kernel.c), so the two paths agree bit for bit. */
int net_rhs(double t, const double *y, double *dydt, void *params)
{
    (void)t;
    const net_network *net = params;
    const size_t n = net->n_masses;
    memcpy(dydt, y + 2 * n, 2 * n * sizeof *y);
    double *ax = dydt + 2 * n, *ay = dydt + 3 * n;
    net_forces(net, y, ax);
    for (size_t i = 0; i < n; i++) {
        double inv = net->inv_mass[i];
        ax[i] = net_accel(ax[i], inv, net->gravity_x);
        ay[i] = net_accel(ay[i], inv, net->gravity_y);
    }
    return 0;
}

ode_system net_system(net_network *net)
{
    return (ode_system){.dim = net_dim(net), .rhs = net_rhs, .jac = net_jacobian, .params = net};
}

/* --- energy and momentum ----------------------------------------------------------------------------------- */

net_energy net_energies(const net_network *net, const double *y)
{
    const size_t n = net->n_masses;
    const double *px = y, *py = y + n, *vx = y + 2 * n, *vy = y + 3 * n;
    net_energy e = {0};
    for (size_t i = 0; i < n; i++) {
        e.kinetic += 0.5 * net->mass[i] * (vx[i] * vx[i] + vy[i] * vy[i]);
        if (!net->pinned[i])
            e.gravity -= net->mass[i] * (net->gravity_x * px[i] + net->gravity_y * py[i]);
    }
    for (size_t s = 0; s < net->n_springs; s++) {
        size_t i = net->si[s], j = net->sj[s];
        double stretch = hypot(px[j] - px[i], py[j] - py[i]) - net->rest[s];
        e.spring += net->law == NET_LAW_HOOKE ? 0.5 * net->k[s] * stretch * stretch : net->k[s] * fabs(stretch);
    }
    e.total = e.kinetic + e.spring + e.gravity;
    return e;
}

void net_momentum(const net_network *net, const double *y, double p[2])
{
    const size_t n = net->n_masses;
    p[0] = p[1] = 0.0;
    for (size_t i = 0; i < n; i++) {
        p[0] += net->mass[i] * y[2 * n + i];
        p[1] += net->mass[i] * y[3 * n + i];
    }
}

double net_divergence_limit(const double *y0, size_t dim)
{
    double scale = 1.0;
    for (size_t i = 0; i < dim; i++)
        scale = fmax(scale, fabs(y0[i]));
    return 1e12 * scale;
}
