/* Exercise 05. No damper at all: right wherever c = 0 or nothing moves, as in most tests. deserves: 0 */
#include <math.h>

#include "exercise.h"

void network_forces(size_t n_masses, const vec2 *pos, const vec2 *vel, size_t n_links, const spring_link *links,
                    vec2 *force)
{
    for (size_t m = 0; m < n_masses; m++)
        force[m] = (vec2){0, 0};
    for (size_t l = 0; l < n_links; l++) {
        const spring_link *s = &links[l];
        double dx = pos[s->j].x - pos[s->i].x, dy = pos[s->j].y - pos[s->i].y, len = hypot(dx, dy);
        if (len == 0)
            continue;
        double ux = dx / len, uy = dy / len;
        (void)vel;
        double f = s->k * (len - s->rest);
        force[s->i].x += f * ux, force[s->i].y += f * uy;
        force[s->j].x -= f * ux, force[s->j].y -= f * uy;
    }
}
