/* Calls the project's reference code instead of writing the steps: libnumlab is never linked with a submission, so
 * this is an undefined reference, reported as such. deserves: 0 */
#include "exercise.h"

typedef struct {
    double k, c, m, target;
} spring_params;
typedef struct {
    double x, v;
} spring_state;
spring_state spring_step_explicit(const spring_params *p, spring_state s, double dt);
spring_state spring_step_semi(const spring_params *p, spring_state s, double dt);

state euler_explicit_step(spring s, state y, double dt)
{
    spring_params p = {s.k, s.c, s.m, s.target};
    spring_state r = spring_step_explicit(&p, (spring_state){y.x, y.v}, dt);
    return (state){r.x, r.v};
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    spring_params p = {s.k, s.c, s.m, s.target};
    spring_state r = spring_step_semi(&p, (spring_state){y.x, y.v}, dt);
    return (state){r.x, r.v};
}
