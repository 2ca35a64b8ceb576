/* network: the fast Hooke force kernel and the fused semi-implicit step.
 *
 * Why it is fast: springs that follow each other in the list often join consecutive masses with the same index
 * offset (a grid's rows, a chain): springs s .. s+len-1 joining i0+t and i0+t+off. Such a "run" needs no index
 * arrays: the positions of both ends are contiguous loads, so the loop over a run vectorizes (sqrt and division
 * included). Its forces go to a small buffer first, then to the two ends in two contiguous passes, because the two
 * ends of a run may overlap (off = 1). Springs outside runs take the plain scatter loop. The arithmetic per spring
 * is net_spring_force's, so only the order of the sums differs from net_forces_reference. */
#include "net_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* On x86-64 the hot loop is compiled twice, for AVX2 (4 doubles a vector: twice as fast) and for the baseline,
 * and the loader picks one for the CPU. No FMA: both versions compute exactly the same numbers. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define NET_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef NET_VECTOR_CLONES
#define NET_VECTOR_CLONES
#endif

enum {
    RUN_MIN = 4,      /* shorter runs go to the plain loop */
    CHUNK = 256,      /* springs a buffer holds: 4 KiB, stays in L1 */
};

typedef struct {
    uint32_t first_mass, count, first_spring;
    int64_t offset;   /* j - i, the same along the run */
} net_run;

struct net_runs {
    size_t n_runs;
    net_run *runs;
    size_t n_loose;
    uint32_t *loose;  /* the springs outside runs */
};

void net_runs_free(net_runs *runs)
{
    if (!runs)
        return;
    free(runs->runs);
    free(runs->loose);
    free(runs);
}

void net_runs_invalidate(net_network *net)
{
    net_runs_free(net->runs);
    net->runs = NULL;
}

static bool continues_run(const net_network *net, size_t s)
{
    return net->si[s] == net->si[s - 1] + 1 && net->sj[s] == net->sj[s - 1] + 1;
}

int net_runs_build(net_network *net)
{
    if (net->runs)
        return NET_OK;
    net_runs *r = calloc(1, sizeof *r);
    if (!r)
        return NET_ERR_MEMORY;
    const size_t ns = net->n_springs;
    /* at most ns / RUN_MIN runs and ns loose springs; +1 keeps calloc's size nonzero */
    r->runs = calloc(ns / RUN_MIN + 1, sizeof *r->runs);
    r->loose = calloc(ns + 1, sizeof *r->loose);
    if (!r->runs || !r->loose) {
        net_runs_free(r);
        return NET_ERR_MEMORY;
    }
    for (size_t s = 0; s < ns;) {
        size_t end = s + 1;
        while (end < ns && continues_run(net, end))
            end++;
        if (end - s >= RUN_MIN) {
            r->runs[r->n_runs++] = (net_run){
                .first_mass = net->si[s],
                .count = (uint32_t)(end - s),
                .first_spring = (uint32_t)s,
                .offset = (int64_t)net->sj[s] - (int64_t)net->si[s],
            };
        } else {
            for (size_t q = s; q < end; q++)
                r->loose[r->n_loose++] = (uint32_t)q;
        }
        s = end;
    }
    net->runs = r;
    return NET_OK;
}

/* The force one spring of a run exerts on its first end: the body of net_spring_force (Hooke), written without
 * branches so that the loops over a run vectorize; the select keeps coincident masses at zero force. */
static inline void run_force(double xi, double yi, double vxi, double vyi, double xj, double yj, double vxj,
                             double vyj, double k, double rest, double damp, double *fx, double *fy)
{
    double dx = xj - xi, dy = yj - yi;
    double dvx = vxj - vxi, dvy = vyj - vyi;
    double l2 = dx * dx + dy * dy;
    double l = sqrt(l2);
    double inv = 1.0 / l;
    inv = l2 > 0.0 ? inv : 0.0;
    double ux = dx * inv, uy = dy * inv;
    double mag = k * (l - rest) + damp * (dvx * ux + dvy * uy);
    *fx = mag * ux, *fy = mag * uy;
}

/* The forces of `count` <= CHUNK springs of one run into (bx, by). */
NET_VECTOR_CLONES
static void run_chunk(const double *restrict xi, const double *restrict yi, const double *restrict vxi,
                      const double *restrict vyi, const double *restrict xj, const double *restrict yj,
                      const double *restrict vxj, const double *restrict vyj, const double *restrict k,
                      const double *restrict rest, const double *restrict damp, size_t count, double *restrict bx,
                      double *restrict by)
{
    for (size_t t = 0; t < count; t++)
        run_force(xi[t], yi[t], vxi[t], vyi[t], xj[t], yj[t], vxj[t], vyj[t], k[t], rest[t], damp[t], &bx[t],
                  &by[t]);
}

/* The same, added straight to the first ends' forces and taken from the second's, for a run whose two ends do not
 * overlap (|j - i| >= count): each force gets the same additions in the same order as through (bx, by), in one
 * pass instead of three. */
NET_VECTOR_CLONES
static void run_chunk_apart(const double *restrict xi, const double *restrict yi, const double *restrict vxi,
                            const double *restrict vyi, const double *restrict xj, const double *restrict yj,
                            const double *restrict vxj, const double *restrict vyj, const double *restrict k,
                            const double *restrict rest, const double *restrict damp, size_t count,
                            double *restrict fxi, double *restrict fyi, double *restrict fxj, double *restrict fyj)
{
    for (size_t t = 0; t < count; t++) {
        double bx, by;
        run_force(xi[t], yi[t], vxi[t], vyi[t], xj[t], yj[t], vxj[t], vyj[t], k[t], rest[t], damp[t], &bx, &by);
        fxi[t] += bx, fyi[t] += by;
        fxj[t] -= bx, fyj[t] -= by;
    }
}

static void add_into(double *restrict f, const double *restrict b, size_t count)
{
    for (size_t t = 0; t < count; t++)
        f[t] += b[t];
}

static void sub_into(double *restrict f, const double *restrict b, size_t count)
{
    for (size_t t = 0; t < count; t++)
        f[t] -= b[t];
}

/* f_i += b at the run's first ends, f_j -= b at its second (two passes: the ends may overlap). */
static void scatter(double *f, size_t i, size_t j, const double *b, size_t count)
{
    add_into(f + i, b, count);
    sub_into(f + j, b, count);
}

/* The runs cut into chunks of at most CHUNK springs: springs s .. s + count - 1 join masses i + t and j + t. */
typedef struct {
    const net_runs *r;
    size_t q, done;               /* the run, and its springs before this chunk */
    size_t i, j, s, count;        /* the chunk */
    bool apart;                   /* its two ends' ranges do not overlap: |j - i| >= count */
} chunk_walk;

static bool next_chunk(chunk_walk *w)
{
    while (w->q < w->r->n_runs && w->done >= w->r->runs[w->q].count)
        w->q++, w->done = 0;
    if (w->q == w->r->n_runs)
        return false;
    const net_run run = w->r->runs[w->q];
    w->count = run.count - w->done < CHUNK ? run.count - w->done : CHUNK;
    w->i = run.first_mass + w->done, w->j = (size_t)((int64_t)w->i + run.offset), w->s = run.first_spring + w->done;
    w->done += w->count;
    w->apart = (run.offset < 0 ? -run.offset : run.offset) >= (int64_t)w->count;
    return true;
}

void net_forces_fast(const net_network *net, const double *y, double *force)
{
    const size_t n = net->n_masses;
    const double *px = y, *py = y + n, *vx = y + 2 * n, *vy = y + 3 * n;
    double *fx = force, *fy = force + n;
    memset(force, 0, 2 * n * sizeof *force);
    const net_runs *r = net->runs;
    double bx[CHUNK], by[CHUNK];
    for (chunk_walk w = {.r = r}; next_chunk(&w);) {
        const size_t i = w.i, j = w.j, s = w.s;
        if (w.apart) {
            run_chunk_apart(px + i, py + i, vx + i, vy + i, px + j, py + j, vx + j, vy + j, net->k + s,
                            net->rest + s, net->damp + s, w.count, fx + i, fy + i, fx + j, fy + j);
            continue;
        }
        run_chunk(px + i, py + i, vx + i, vy + i, px + j, py + j, vx + j, vy + j, net->k + s, net->rest + s,
                  net->damp + s, w.count, bx, by);
        scatter(fx, i, j, bx, w.count), scatter(fy, i, j, by, w.count);
    }
    for (size_t q = 0; q < r->n_loose; q++) {
        size_t s = r->loose[q], i = net->si[s], j = net->sj[s];
        double d[2] = {px[j] - px[i], py[j] - py[i]}, dv[2] = {vx[j] - vx[i], vy[j] - vy[i]}, f[2];
        net_spring_force(NET_LAW_HOOKE, net->k[s], net->rest[s], net->damp[s], d, dv, f);
        fx[i] += f[0], fy[i] += f[1];
        fx[j] -= f[0], fy[j] -= f[1];
    }
}

/* The blocks of `count` <= CHUNK springs of one run applied to w = x_i - x_j, into (bx, by). */
NET_VECTOR_CLONES
static void block_chunk(const double *restrict xi, const double *restrict yi, const double *restrict xj,
                        const double *restrict yj, const double *restrict gxx, const double *restrict gxy,
                        const double *restrict gyx, const double *restrict gyy, size_t count, double *restrict bx,
                        double *restrict by)
{
    for (size_t t = 0; t < count; t++) {
        const double wx = xi[t] - xj[t], wy = yi[t] - yj[t];
        bx[t] = gxx[t] * wx + gxy[t] * wy;
        by[t] = gyx[t] * wx + gyy[t] * wy;
    }
}

/* The same straight into the ends' rows, for a run whose ends do not overlap (run_chunk_apart). */
NET_VECTOR_CLONES
static void block_chunk_apart(const double *restrict xi, const double *restrict yi, const double *restrict xj,
                              const double *restrict yj, const double *restrict gxx, const double *restrict gxy,
                              const double *restrict gyx, const double *restrict gyy, size_t count,
                              double *restrict oxi, double *restrict oyi, double *restrict oxj, double *restrict oyj)
{
    for (size_t t = 0; t < count; t++) {
        const double wx = xi[t] - xj[t], wy = yi[t] - yj[t];
        const double gx = gxx[t] * wx + gxy[t] * wy, gy = gyx[t] * wx + gyy[t] * wy;
        oxi[t] += gx, oyi[t] += gy;
        oxj[t] -= gx, oyj[t] -= gy;
    }
}

void net_blocks_apply(const net_network *net, const net_blocks *G, const double *x, double *out)
{
    const size_t n = net->n_masses;
    const double *px = x, *py = x + n;
    double *ox = out, *oy = out + n;
    const net_runs *r = net->runs;
    double bx[CHUNK], by[CHUNK];
    for (chunk_walk w = {.r = r}; next_chunk(&w);) {
        const size_t i = w.i, j = w.j, s = w.s;
        if (w.apart) {
            block_chunk_apart(px + i, py + i, px + j, py + j, G->xx + s, G->xy + s, G->yx + s, G->yy + s, w.count,
                              ox + i, oy + i, ox + j, oy + j);
            continue;
        }
        block_chunk(px + i, py + i, px + j, py + j, G->xx + s, G->xy + s, G->yx + s, G->yy + s, w.count, bx, by);
        scatter(ox, i, j, bx, w.count), scatter(oy, i, j, by, w.count);
    }
    for (size_t q = 0; q < r->n_loose; q++) {
        const size_t s = r->loose[q], i = net->si[s], j = net->sj[s];
        const double wx = px[i] - px[j], wy = py[i] - py[j];
        const double gx = G->xx[s] * wx + G->xy[s] * wy, gy = G->yx[s] * wx + G->yy[s] * wy;
        ox[i] += gx, oy[i] += gy, ox[j] -= gx, oy[j] -= gy;
    }
}

/* Backward Euler's blocks of `count` <= CHUNK springs of one run (net_blocks_assemble), without branches so that it
 * vectorizes; a length whose square is outside sqrt's range gets zeros and bad[t] = 1 (the caller redoes it). */
NET_VECTOR_CLONES
static void assembly_chunk(const double *restrict xi, const double *restrict yi, const double *restrict vxi,
                           const double *restrict vyi, const double *restrict xj, const double *restrict yj,
                           const double *restrict vxj, const double *restrict vyj, const double *restrict k,
                           const double *restrict rest, const double *restrict damp, double h, size_t count,
                           double *restrict gxx, double *restrict gxy, double *restrict gyx, double *restrict gyy,
                           double *restrict gsym, double *restrict bxx, double *restrict byy, double *restrict tx,
                           double *restrict ty, double *restrict bad)
{
    for (size_t t = 0; t < count; t++) {
        const double dx = xj[t] - xi[t], dy = yj[t] - yi[t], dvx = vxj[t] - vxi[t], dvy = vyj[t] - vyi[t];
        const double l2 = dx * dx + dy * dy;
        const bool ok = l2 >= DBL_MIN && l2 <= DBL_MAX;
        double inv_l = 1.0 / sqrt(l2);
        inv_l = ok ? inv_l : 0.0;
        const net_hooke b = net_hooke_blocks(k[t], rest[t], damp[t], dx * inv_l, dy * inv_l, inv_l, dvx, dvy);
        const double w = ok ? 1.0 : 0.0, hh = h * h;
        const double g0 = w * (h * b.v[0] + hh * b.p[0]), g1 = w * (h * b.v[1] + hh * b.p[1]);
        const double g2 = w * (h * b.v[2] + hh * b.p[2]), g3 = w * (h * b.v[3] + hh * b.p[3]);
        gxx[t] = g0, gxy[t] = g1, gyx[t] = g2, gyy[t] = g3, gsym[t] = 0.5 * (g1 + g2);
        bxx[t] = g0, byy[t] = g3;
        /* F_i's change over the step from the velocities, h^2 dF_i/dd (v_j - v_i) */
        tx[t] = w * hh * (b.p[0] * dvx + b.p[1] * dvy);
        ty[t] = w * hh * (b.p[2] * dvx + b.p[3] * dvy);
        bad[t] = 1.0 - w;
    }
}

size_t net_blocks_assemble(const net_network *net, double h, const double *y, double *const G[5], double *diag,
                           double *t, uint32_t *redo)
{
    const size_t n = net->n_masses;
    const net_runs *r = net->runs;
    double bxx[CHUNK], byy[CHUNK], tx[CHUNK], ty[CHUNK];
    double bad[CHUNK];
    size_t n_redo = 0;
    for (chunk_walk w = {.r = r}; next_chunk(&w);) {
        const size_t i = w.i, j = w.j, s = w.s, count = w.count;
        assembly_chunk(y + i, y + n + i, y + 2 * n + i, y + 3 * n + i, y + j, y + n + j, y + 2 * n + j,
                       y + 3 * n + j, net->k + s, net->rest + s, net->damp + s, h, count, G[0] + s, G[1] + s,
                       G[2] + s, G[3] + s, G[4] + s, bxx, byy, tx, ty, bad);
        add_into(diag + i, bxx, count), add_into(diag + j, bxx, count);  /* both ends' diagonals gain G */
        add_into(diag + n + i, byy, count), add_into(diag + n + j, byy, count);
        scatter(t, i, j, tx, count), scatter(t + n, i, j, ty, count);
        for (size_t e = 0; e < count; e++)
            if (bad[e] != 0.0)
                redo[n_redo++] = (uint32_t)(s + e);
    }
    for (size_t q = 0; q < r->n_loose; q++)
        redo[n_redo++] = r->loose[q];
    return n_redo;
}

/* v += h a; x += h v, with a = net_accel(F, 1/m, g): ode.c's semi-implicit step on net_rhs, one pass. */
void net_step_semi(net_network *net, double h, double *y)
{
    const size_t n = net->n_masses;
    net_forces(net, y, net->force);
    const double g[2] = {net->gravity_x, net->gravity_y};
    for (size_t axis = 0; axis < 2; axis++) {
        double *restrict x = y + axis * n, *restrict v = y + (2 + axis) * n;
        const double *restrict f = net->force + axis * n, *restrict inv = net->inv_mass;
        for (size_t i = 0; i < n; i++) {
            v[i] += h * net_accel(f[i], inv[i], g[axis]);
            x[i] += h * v[i];
        }
    }
}

/* Velocity Verlet: v_h = v + h/2 a0; x += h v_h; v = v_h + h/2 a1. Undamped a1 = a(x') and this is the leapfrog,
 * symplectic and second order. The dampers make a1 depend on the new velocity; taking it at the predictor
 * v + h a0 (which differs from the new velocity by O(h^2)) keeps the step explicit and second order, where the
 * half-step velocity v_h (off by O(h)) would make it first order. a0 waits in the second half of net->force. */
void net_step_verlet(net_network *net, double h, double *y)
{
    const size_t n = net->n_masses;
    const double g[2] = {net->gravity_x, net->gravity_y};
    double *restrict a0 = net->force + 2 * n;
    const double *restrict inv = net->inv_mass;
    net_forces(net, y, net->force);
    for (size_t axis = 0; axis < 2; axis++) {
        double *restrict x = y + axis * n, *restrict v = y + (2 + axis) * n, *restrict a = a0 + axis * n;
        const double *restrict f = net->force + axis * n;
        for (size_t i = 0; i < n; i++) {
            a[i] = net_accel(f[i], inv[i], g[axis]);
            x[i] += h * (v[i] + 0.5 * h * a[i]);
            v[i] += h * a[i];  /* the predictor the dampers see */
        }
    }
    net_forces(net, y, net->force);
    for (size_t axis = 0; axis < 2; axis++) {
        double *restrict v = y + (2 + axis) * n;
        const double *restrict f = net->force + axis * n, *restrict a = a0 + axis * n;
        for (size_t i = 0; i < n; i++)
            v[i] += 0.5 * h * (net_accel(f[i], inv[i], g[axis]) - a[i]);  /* v_h + h/2 a1 */
    }
}
