/* spring-lab --csv --method dopri5: a row an accepted step (method,step,t,x,v,energy as every method's: step counts
 * the accepted steps, t is where each ended), then '# dopri5: N accepted steps, R rejected, E evaluations (tol T,
 * controller C)'. The rows come from the model's sl_adaptive_run as it steps (not stored, as --csv's others). */
#include <stdio.h>

#include "numlab/cli.h"
#include "numlab/lang.h"
#include "lab.h"

static bool print_accepted(void *arg, const sl_accepted *a)
{
    (void)arg;
    printf("dopri5,%lld,%.17g,%.17g,%.17g,%.17g\n", a->step, a->s.t, a->s.x, a->s.v, a->s.energy);
    return !cli_stdout_broken();  /* a write error ends the run */
}

int sl_csv_adaptive(const sl_options *o)
{
    sl_adaptive_end end;
    if (sl_adaptive_run(&o->p, o->p.controller, print_accepted, NULL, &end))
        return cli_fail(_("%s: out of memory"), "dopri5");
    if (end.diverged)
        printf("# dopri5: diverged at step %lu (t = %g)\n", end.accepted + 1, end.t);
    else if (end.failed)
        printf("# dopri5: the step size underflowed at t = %g\n", end.t);
    if (!end.stopped)
        printf("# dopri5: %lu accepted steps, %lu rejected, %lu evaluations (tol %g, controller %s)\n", end.accepted,
               end.rejected, end.evals, o->p.tol, ode_controller_name(o->p.controller));
    return CLI_OK;
}
