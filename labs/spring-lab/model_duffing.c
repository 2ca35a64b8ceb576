/* spring-lab's model of the hardening spring (--k3, model.h): the reference it is measured against, and the linear
 * stability chart taken at two states beside what the nonlinear spring does at the same dt. The chart is of the
 * linearisation about a state, whose stiffness is the tangent k + 3 k3 u^2: about rest it is k's chart, at the
 * orbit's amplitude A a stiffer spring's, and a method can be stable on the first and diverge on the spring. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

int sl_reference_fine(const sl_params *p, spring_sample *fine, size_t n)
{
    spring_state *s = malloc(n * sizeof *s);
    if (!s || spring_reference(&p->spring, p->s0, p->dt / SL_EXACT_FINE, n, s)) {
        free(s);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        fine[i] = (spring_sample){.t = (double)i * p->dt / SL_EXACT_FINE, .x = s[i].x, .v = s[i].v,
                                  .energy = spring_energy(&p->spring, s[i])};
    free(s);
    return 0;
}

/* The method's run on the spring itself (k3 and all): its end, its Newton solves. */
static int run_spring(const sl_params *p, spring_method m, sl_duffing *d)
{
    spring_runner r;
    if (spring_runner_init(&r, &p->spring, m, p->s0, p->dt, p->tol)) {
        spring_runner_destroy(&r);
        return -1;
    }
    for (long long n = 0; n < p->steps && spring_runner_step(&r) == 0; n++)
        ;
    const double e0 = spring_energy(&p->spring, p->s0);
    d->run[m] = r.status;
    d->newton[m] = r.newton;
    d->energy_ratio[m] = e0 > 0.0 ? spring_runner_sample(&r).energy / e0 : NAN;
    d->has_run[m] = true;
    spring_runner_destroy(&r);
    return 0;
}

int sl_duffing_compute(const sl_params *p, sl_duffing *d)
{
    memset(d, 0, sizeof *d);
    d->amplitude = spring_amplitude(&p->spring, p->s0);
    const spring_params rest = spring_linearised(&p->spring, p->spring.target);
    const spring_params peak = spring_linearised(&p->spring, p->spring.target + d->amplitude);
    d->k_rest = rest.k, d->k_peak = peak.k;
    d->w0dt_rest = spring_omega0(&rest) * p->dt, d->w0dt_peak = spring_omega0(&peak) * p->dt;
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        sl_operating_at(&rest, (spring_method)m, p->dt, &d->rest[m]);
        sl_operating_at(&peak, (spring_method)m, p->dt, &d->peak[m]);
        /* exact has a matrix but no run with k3 > 0 (no closed form) */
        if (d->rest[m].has_matrix && (m != SPRING_EXACT || p->spring.k3 == 0.0) && run_spring(p, (spring_method)m, d))
            return -1;
    }
    static const spring_method explicit_first[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_VERLET, SPRING_RK4,
                                                   SPRING_GSL_RK4};
    d->broken = SPRING_METHOD_COUNT;
    for (size_t i = 0; i < sizeof explicit_first / sizeof explicit_first[0] && d->broken == SPRING_METHOD_COUNT; i++) {
        const spring_method m = explicit_first[i];
        if (d->rest[m].stable && d->run[m].diverged)
            d->broken = m;
    }
    return 0;
}
