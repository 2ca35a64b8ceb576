/* network: the presets. Every spring starts at its rest length, so the rest configuration holds no spring energy.
 *
 *   four   the network post's four masses: a unit square (0,0) (1,0) (1,1) (0,1), masses 0..3 counter-clockwise,
 *          joined by its four sides and both diagonals (6 springs: a braced square, rigid in the plane). Nothing
 *          pinned, no gravity: a free body, so its momentum is conserved and you drag it around by any corner.
 *   chain  N free masses 1 m apart between two pinned anchors: mass 0 at x = 0 and mass N+1 at x = N+1 (pinned),
 *          N+1 equal springs of rest length 1 m along the x axis, no gravity. Its longitudinal angular frequencies
 *          are 2 sqrt(k/m) sin(j pi / (2 (N+1))), j = 1..N; sideways it has no stiffness at rest length (N zeros).
 *   grid   an N x N cloth, 0.1 m between neighbours, row 0 at the top (y = 0, rows downwards), mass r N + c;
 *          structural springs (horizontal, vertical, rest 0.1 m) and shear springs (both diagonals, rest 0.1 sqrt 2),
 *          pinned at the two top corners, gravity 9.81 m/s^2 downwards. The springs are listed family by family,
 *          row by row, which the fast kernel turns into long runs. */
#include "net_internal.h"

#include <math.h>
#include <string.h>

#define GRID_SPACING 0.1
#define STANDARD_GRAVITY 9.81

typedef struct {
    const char *name;
    long n_lo, n_hi;
    net_preset_params defaults;
} preset_info;

/* Defaults: four and chain are undamped so that each integrator's energy behaviour shows; the grid is a little
 * damped (damping ratio c / (2 sqrt(k m)) = 0.1 for one spring) and, at n = 10, soft enough that dt = 1/240 s is
 * well inside the semi-implicit limit (network-lab --modes --preset grid); larger grids are stiffer
 * (net_preset_defaults_at). */
static const preset_info presets[] = {
    {"four", 0, 0, {.n = 0, .k = 10.0, .m = 1.0, .c = 0.0}},
    {"chain", 1, 100000, {.n = 5, .k = 1.0, .m = 1.0, .c = 0.0}},
    {"grid", 2, 500, {.n = 10, .k = 20.0, .m = 0.01, .c = 0.1 * 2.0 * 0.4472135954999579}},
};
enum { PRESET_COUNT = sizeof presets / sizeof presets[0] };

static const preset_info *find(const char *name)
{
    for (int i = 0; i < PRESET_COUNT; i++)
        if (strcmp(name, presets[i].name) == 0)
            return &presets[i];
    return NULL;
}

const char *net_preset_names(void)
{
    return "four, chain, grid";
}

int net_preset_defaults(const char *name, net_preset_params *out)
{
    const preset_info *p = find(name);
    if (!p)
        return -1;
    *out = p->defaults;
    return 0;
}

int net_preset_defaults_at(const char *name, long n, net_preset_params *out)
{
    const preset_info *p = find(name);
    if (!p)
        return -1;
    *out = p->defaults;
    if (p == &presets[2] && n >= 2) {
        /* A column of n - 1 springs below the top carries the weight of the masses under it, about m g (n - 1), so
         * its strain is m g (n - 1) / (k a): k proportional to n - 1 keeps the stretch, and so the sag, the same
         * fraction of the cloth at every n (tests/test_network_params.c checks it at n = 10 and 100). The damping
         * keeps its ratio c / (2 sqrt(k m)). */
        const double scale = (double)(n - 1) / (double)(p->defaults.n - 1);
        out->k = p->defaults.k * scale;
        out->c = p->defaults.c * sqrt(scale);
    }
    out->n = n >= p->n_lo && (p->n_hi == 0 || n <= p->n_hi) ? n : p->defaults.n;
    return 0;
}

int net_preset_n_range(const char *name, long *lo, long *hi)
{
    const preset_info *p = find(name);
    if (!p)
        return -1;
    *lo = p->n_lo, *hi = p->n_hi;
    return 0;
}

/* Each builder returns NET_OK or the first error. */
static int build_four(net_network *net, const net_preset_params *p)
{
    static const double corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    static const int edge[6][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}, {1, 3}};
    int rc = NET_OK;
    for (int i = 0; i < 4 && !rc; i++)
        rc = net_add_mass(net, corner[i][0], corner[i][1], p->m, false);
    for (int e = 0; e < 6 && !rc; e++) {
        const double *a = corner[edge[e][0]], *b = corner[edge[e][1]];
        rc = net_add_spring(net, (size_t)edge[e][0], (size_t)edge[e][1], p->k, hypot(b[0] - a[0], b[1] - a[1]), p->c);
    }
    return rc;
}

static int build_chain(net_network *net, const net_preset_params *p)
{
    const size_t n = (size_t)p->n;
    int rc = NET_OK;
    for (size_t i = 0; i <= n + 1 && !rc; i++)
        rc = net_add_mass(net, (double)i, 0.0, p->m, i == 0 || i == n + 1);
    for (size_t i = 0; i <= n && !rc; i++)
        rc = net_add_spring(net, i, i + 1, p->k, 1.0, p->c);
    return rc;
}

/* One family of grid springs: (r, c) -> (r + dr, c + dc) for every pair inside the grid, row by row. */
static int grid_family(net_network *net, size_t n, int dr, int dc, const net_preset_params *p)
{
    const double rest = GRID_SPACING * hypot(dr, dc);
    int rc = NET_OK;
    for (size_t r = 0; r + (size_t)dr < n && !rc; r++)
        for (size_t c = dc < 0 ? 1 : 0; c < n && (long)c + dc < (long)n && !rc; c++) {
            size_t i = r * n + c, j = (r + (size_t)dr) * n + (size_t)((long)c + dc);
            rc = net_add_spring(net, i, j, p->k, rest, p->c);
        }
    return rc;
}

static int build_grid(net_network *net, const net_preset_params *p)
{
    const size_t n = (size_t)p->n;
    int rc = NET_OK;
    for (size_t r = 0; r < n && !rc; r++)
        for (size_t c = 0; c < n && !rc; c++)
            rc = net_add_mass(net, GRID_SPACING * (double)c, -GRID_SPACING * (double)r, p->m,
                              r == 0 && (c == 0 || c == n - 1));
    static const int family[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int f = 0; f < 4 && !rc; f++)
        rc = grid_family(net, n, family[f][0], family[f][1], p);
    net_set_gravity(net, 0.0, -STANDARD_GRAVITY);
    return rc;
}

int net_preset(const char *name, const net_preset_params *p, net_network **out)
{
    const preset_info *info = find(name);
    if (!info || !(p->k > 0.0) || !(p->m > 0.0) || !(p->c >= 0.0) ||
        (info->n_hi > 0 && (p->n < info->n_lo || p->n > info->n_hi)))
        return NET_ERR_INPUT;
    net_network *net = net_new();
    if (!net)
        return NET_ERR_MEMORY;
    int rc = info == &presets[0] ? build_four(net, p) : info == &presets[1] ? build_chain(net, p) : build_grid(net, p);
    if (rc) {
        net_free(net);
        return rc;
    }
    *out = net;
    return NET_OK;
}
