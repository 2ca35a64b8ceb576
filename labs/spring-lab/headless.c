/* spring-lab without a terminal UI: --csv, --csv --animate and --stability. Every number the interactive lab
 * shows comes from the same model calls, so these outputs are what the tests and the students' reports use. */
#include <float.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>

#include "numlab/cli.h"
#include "spring_lab.h"

/* %.17g: every double printed round-trips exactly. */
#define NUM "%.17g"

int spring_lab_csv(const spring_lab_options *o)
{
    printf("method,step,t,x,v,energy\n");
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        if (!o->methods[m])
            continue;
        const char *name = spring_method_name((spring_method)m);
        spring_runner r;
        if (spring_runner_init(&r, &o->params, (spring_method)m, o->s0, o->dt, o->tol)) {
            spring_runner_destroy(&r);
            return cli_fail("%s: out of memory", name);
        }
        for (long long n = 0; n <= o->steps; n++) {
            if (n > 0 && spring_runner_step(&r))
                break;
            spring_sample s = spring_runner_sample(&r);
            printf("%s,%lld," NUM "," NUM "," NUM "," NUM "\n", name, n, s.t, s.x, s.v, s.energy);
        }
        if (r.status.diverged)
            printf("# %s: diverged at step %zu (t = %g)\n", name, r.status.diverged_step, r.status.diverged_t);
        else if (r.status.solver_failed)
            printf("# %s: the solver gave up at step %zu (t = %g)\n", name, r.step + 1,
                   (double)(r.step + 1) * o->dt);
        spring_runner_destroy(&r);
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? CLI_OK : cli_fail("cannot write the output");
}

static spring_state frame_step(const spring_lab_options *o, spring_method method, spring_state s, double t_sim)
{
    switch (method) {
    case SPRING_EXPLICIT: return spring_step_explicit(&o->params, s, o->step);
    case SPRING_RK4:      return spring_step_rk4(&o->params, s, o->step);
    case SPRING_EXACT:    return spring_exact(&o->params, o->s0, t_sim + o->step);
    default:              return spring_step_semi(&o->params, s, o->step);
    }
}

/* The seed's frame loop: feed each frame's dt to the accumulator, take its fixed steps, test for rest, snap. */
int spring_lab_animate(const spring_lab_options *o)
{
    spring_method method = SPRING_SEMI;
    if (o->method_given) {
        int chosen = 0;
        for (int m = 0; m < SPRING_METHOD_COUNT; m++)
            if (o->methods[m]) {
                method = (spring_method)m;
                chosen++;
            }
        if (chosen != 1 || method > SPRING_EXACT)
            return cli_error("--method: --animate takes one method (allowed: explicit, semi, rk4, exact)");
    }
    ts_accumulator acc;
    if (ts_accumulator_init(&acc, o->step, o->cap))
        return cli_error("--cap: must be >= --step");
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng)
        return cli_fail("out of memory");
    gsl_rng_set(rng, o->seed);

    const double period = 1.0 / o->frame_hz;
    const double limit = spring_divergence_limit(&o->params, o->s0);
    spring_state s = o->s0, prev = o->s0;
    double t_frames = 0.0, t_sim = 0.0;
    int rc = CLI_FAILURE;
    printf("frame,t,x,v,substeps\n");
    printf("0,0," NUM "," NUM ",0\n", s.x, s.v);
    for (long long frame = 1; frame <= o->max_frames; frame++) {
        double dt = period * (1.0 + o->frame_jitter * (2.0 * gsl_rng_uniform(rng) - 1.0));
        if (o->gap > 0.0 && frame == o->gap_frame)
            dt = o->gap;
        t_frames += dt;
        unsigned substeps = ts_accumulator_feed(&acc, dt);
        for (unsigned i = 0; i < substeps; i++) {
            prev = s;
            s = frame_step(o, method, s, t_sim);
            t_sim += o->step;
        }
        if (!isfinite(s.x) || !isfinite(s.v) || fabs(s.x - o->params.target) > limit) {
            printf("# %s: diverged at frame %lld (t = %g)\n", spring_method_name(method), frame, t_frames);
            rc = CLI_OK;
            break;
        }
        bool rest = ts_at_rest(&o->rest, o->rest_rule, s.x, s.v, o->params.target);
        if (rest)
            s = (spring_state){o->params.target, 0.0};  /* the snap: land exactly on the target */
        double shown = o->interpolate && !rest ? ts_lerp(prev.x, s.x, ts_accumulator_alpha(&acc)) : s.x;
        printf("%lld," NUM "," NUM "," NUM ",%u\n", frame, t_frames, shown, s.v, substeps);
        if (rest) {
            rc = CLI_OK;
            break;
        }
    }
    gsl_rng_free(rng);
    if (rc != CLI_OK)
        return cli_fail("not at rest after %lld frames (--max-frames); with c = %g the spring may never settle",
                        o->max_frames, o->params.c);
    return fflush(stdout) == 0 && !ferror(stdout) ? CLI_OK : cli_fail("cannot write the output");
}

int spring_lab_stability(const spring_lab_options *o)
{
    const double zeta = spring_zeta(&o->params), w0 = spring_omega0(&o->params);
    const spring_method shown[] = {SPRING_EXPLICIT, SPRING_SEMI, SPRING_RK4, SPRING_GSL_RK4, SPRING_EXACT};
    printf("method,zeta,w0dt_max,dt_max,w0dt,spectral_radius,stable\n");
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
        spring_method m = shown[i];
        double limit = spring_stability_limit(m, zeta);
        double M[4];
        spring_amplification(&o->params, m, o->dt, M);
        double rho = spring_spectral_radius(M);
        printf("%s," NUM "," NUM "," NUM "," NUM "," NUM ",%s\n", spring_method_name(m), zeta, limit, limit / w0,
               w0 * o->dt, rho, rho <= 1.0 ? "yes" : "no");
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? CLI_OK : cli_fail("cannot write the output");
}
